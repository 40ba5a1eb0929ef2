"""The only place the Tail Feathers rules meet the table (the Dead of Winter bridge's twin).

``TFBridge(scene, seed)`` builds the battlefield scene's bodies and rest poses (game/tailfeathers/table.py)
plus the 10 tail-feather tokens of the supply (off the table until the rules place them), the
rules' Setup from the same scene (units from its figures, deployment from its spaces) and an
Engine with TailFeathersGame. Physics requests are answered on the table:

* "roll": the dice are thrown for real in the dice tray (game/tailfeathers/dice.roll). Roll number k of a
  game uses the seed ``roll_seed(seed, k)`` (game/table/seeds.py), so a game replays exactly from its seed and its
  decisions; every throw is an Episode handed to ``on_episode`` (a replay Recorder).
* "feathers": game/tailfeathers/feathers.drop_feathers behind the wounded bird, among the nearby spaces
  (their bounding boxes as slabs at their height), figures and feathers already down. Feather
  episodes run on stand-in bodies and are not recorded (see game/tailfeathers/feathers.py).

After every action the figures' table poses follow the rules state (``sync``): birds at their
pose (x, y, heading; perched at their space's height), ground figures spread over their space,
figures off the battlefield (mission box, reserves, casualties, carried) not present. A bird's
tilt is a parameter of its model, not of its pose: the bridge keeps one body per bird (built at
center tilt) and ``tilts`` says each bird's tilt now; ``bodies_now()`` gives body specs with the
current tilt (and nest dial life) for a renderer to rebuild those models.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec, heading_quat, quat_mul
from feltbox.game.table.rules_bridge import RulesBridge
from feltbox.game.table.seeds import roll_seed
from feltbox.game.tailfeathers.dice import lying_in_tray, roll
from feltbox.game.tailfeathers.feathers import Obstacle, drop_feathers
from feltbox.game.tailfeathers.table import TRAY_ID, space_slots, standing_pose, tf_table
from feltbox.models.tailfeathers import tf_dims
from feltbox.rules.core import Event, Measured, PhysicsRequest
from feltbox.rules.engine import Engine
from feltbox.rules.tailfeathers.cards import default_hand
from feltbox.rules.tailfeathers.flow import ACTIONS, TailFeathersGame
from feltbox.rules.tailfeathers.state import FLYING, Setup, UnitSpec
from feltbox.scenes.tailfeathers.battlefield import battlefield_from_scene, world_spaces
from feltbox.scenes.tailfeathers.schema import TFScene

FEATHER_SUPPLY = 10            # tail-feather tokens in the box
# HOUSE: the scenario book is not public; these additional rules are in play in every scene.
SCENE_RULES = ("tail_feathers", "death_spirals", "foraging", "action_cards")   # Show of Force's (its scene file)
SQUAD_CARDS = {"mouse": "oakguard", "rat": "ratblades"}
NEAR = 14.0                    # cm: obstacles this close to a feather drop are on its table


def units_from_scene(scene: TFScene) -> tuple[UnitSpec, ...]:
    """Unit cards from the scene's figures: a bird per bird figure (its pilot at standard
    rank, or the rank its custom force gives), one squad per alliance ("oakguard-3" -> unit
    "oakguard"), heroes by id."""
    ranks = {u.card: u.rank for force in scene.forces for u in force.units if u.kind == "bird"}
    units: dict[str, UnitSpec] = {}
    squads: dict[str, list[str]] = {}
    for f in scene.figures:
        if f.kind == "tf_bird":
            pilot = f.params.get("pilot", "")
            card = f"{pilot}.{ranks.get(f.id, 'standard')}" if pilot else ""
            units[f.id] = UnitSpec(f.id, f.alliance, "bird", f.params["name"], card)
        elif f.params.get("role") == "hero":
            units[f.id] = UnitSpec(f.id, f.alliance, "hero", f.id)
        else:
            squads.setdefault(f.id.rsplit("-", 1)[0], []).append(f.alliance)
    for sid, alliances in squads.items():       # the box's squad card of each alliance
        units[sid] = UnitSpec(sid, alliances[0], "squad", SQUAD_CARDS[alliances[0]], figures=len(alliances))
    return tuple(units.values())


def setup_from_scene(scene: TFScene, rules: tuple[str, ...] | None = None) -> Setup:
    """The rules' Setup of a scene: its battlefield, units, deployment, nest life, additional
    rules (the scene's ``additional_rules`` unless ``rules`` says otherwise) and grudge markers."""
    rules = scene.rules if rules is None else rules
    placements = tuple(sorted((f.id, f.space) for f in scene.figures if f.space))
    life = min((n.life for n in scene.nests), default=12)
    units = units_from_scene(scene)
    hands = tuple((a, default_hand(units, a, rules)) for a in ("mouse", "rat")) if "action_cards" in rules else ()
    battlefield = battlefield_from_scene(scene)
    if "leaves" not in rules:                      # Leaves: only attached when the rule is in play
        battlefield = battlefield.without_leaves()
    return Setup(battlefield, units, "mouse", nest_life=life, placements=placements, rules=tuple(rules),
                 hands=hands, grudges=tuple(scene.grudges))


class TFBridge(RulesBridge):
    """One Tail Feathers game: the rules engine, the battlefield's bodies, and the glue."""

    def __init__(self, scene: TFScene, seed: int = 0, on_episode=None, on_action=None,
                 rules: tuple[str, ...] | None = None):
        self.scene, self.seed = scene, int(seed)
        self.on_episode, self.on_action = on_episode, on_action
        bodies, poses = tf_table(scene)
        self.bodies = bodies + [BodySpec(f"tail-feather-{k + 1}", "tf_feather", {"side": "front"})
                                for k in range(FEATHER_SUPPLY)]
        self.poses = np.vstack([poses, np.zeros((FEATHER_SUPPLY, 7))])
        self.poses[len(poses):, 3] = 1.0
        self.home = self.poses.copy()                 # where the set-up put every piece
        self.present = np.ones(len(self.bodies), bool)
        self.present[len(poses):] = False
        self.index = {b.id: i for i, b in enumerate(self.bodies)}
        self.spaces = {s.id: s for s in world_spaces(scene)}
        self.setup = setup_from_scene(scene, rules)
        self.engine = Engine(TailFeathersGame(self.setup), "tailfeathers", 0, self.seed, ACTIONS)
        self.rolls = 0               # rolls made so far (the next roll's counter)
        self.episodes = 0            # physics episodes run (rolls' throws and feather drops)
        self.tilts: dict[str, str] = {}
        # the last roll's dice lying in the tray beside the battlefield: (which measured outcome
        # of the game they show, die id -> pose); shown only: no rule reads them, no save holds them
        self._dice: tuple[int | None, dict[str, np.ndarray]] = (None, {})
        self._dice_seen = -1                 # the history length they were last worked out for
        self.sync()

    # -- rules ---------------------------------------------------------------------------------
    def physics(self, aim=None) -> list[Event]:
        """Run the pending physics request on the table and feed its measured outcome back."""
        request = self.pending()
        if not isinstance(request, PhysicsRequest):
            raise ValueError(f"no physics is pending (the rules wait for {request})")
        if request.kind == "roll":
            result = roll(int(request.spec["dice"]), roll_seed(self.seed, self.rolls), self._episode)
            self._dice = (self.rolls, self._lying(result))
            self.rolls += 1
            outcome = result.measured()
        elif request.kind == "feathers":
            spec = request.spec
            drop = drop_feathers(spec["at"], int(spec["count"]), self.obstacles(spec["at"], spec["bird"]),
                                 seed=roll_seed(self.seed, self.rolls))
            self.rolls += 1
            self.episodes += len(drop.episodes)
            outcome = drop.measured()
        else:
            raise ValueError(f"unknown physics request {request.kind!r}")
        return self._apply(Measured(outcome))

    # -- the table -----------------------------------------------------------------------------
    def obstacles(self, at, bird: str) -> list[Obstacle]:
        """What a feather dropped near ``at`` may land on: spaces (bounding slabs at their
        height), feathers already down and figures (cylinders), within NEAR cm."""
        x, y = float(at[0]), float(at[1])
        out = []
        for s in self.spaces.values():
            lo, hi = s.polygon.min(axis=0), s.polygon.max(axis=0)
            mid = (lo + hi) / 2
            if np.hypot(mid[0] - x, mid[1] - y) < NEAR + float(np.max(hi - lo)) / 2:
                thick = max(0.1, min(1.0, float(s.height)))
                out.append(Obstacle("space", s.id, (float(mid[0]), float(mid[1]), 0.0, max(0.0, s.height - thick)),
                                    (float(hi[0] - lo[0]), float(hi[1] - lo[1]), thick)))
        for f in self.engine.state.data.feathers:
            if np.hypot(f.x - x, f.y - y) < NEAR:
                out.append(Obstacle("feather", f.id, (f.x, f.y, f.heading)))
        r = tf_dims()["rodent"]["base_radius"]
        for fig in self.engine.state.data.figures:
            i = self.index.get(fig.id)
            if i is None or fig.id == bird or not self.present[i]:
                continue
            px, py, pz = self.poses[i, :3]
            if np.hypot(px - x, py - y) < NEAR:
                out.append(Obstacle("figure", fig.id, (float(px), float(py), 0.0, 0.0), (r, 3.0)))
        return out

    def dice_in_tray(self) -> dict[str, np.ndarray]:
        """Die id ("die-1" ..) -> pose of each die of the last roll, lying in the tray beside the
        battlefield where its throws left them (game/tailfeathers/dice.lying_in_tray). A roll the
        rules were handed (a loaded save, a script) is thrown again: the k-th measured outcome of
        a game is thrown with ``roll_seed(seed, k)``, so the same dice land the same way; if the
        faces differ (a scripted roll), no die is shown."""
        history = self.engine.history
        if self._dice_seen == len(history):        # asked again with no new action (every redraw)
            return self._dice[1]
        self._dice_seen = len(history)
        measured = [s.action.outcome for s in history if isinstance(s.action, Measured)]
        last = max((k for k, m in enumerate(measured) if "faces" in m), default=None)
        if last is None:
            self._dice = (None, {})
            return {}
        if self._dice[0] != last:
            result = roll(len(measured[last]["faces"]), roll_seed(self.seed, last))
            same = [str(f) for f in result.faces] == [str(f) for f in measured[last]["faces"]]
            self._dice = (last, self._lying(result) if same else {})
        return self._dice[1]

    def _lying(self, result) -> dict[str, np.ndarray]:
        return lying_in_tray(self.poses[self.index[TRAY_ID]],
                             [(e.start, e.result.final, e.outcome) for e in result.episodes])

    def base_z(self, fig) -> float:
        """The height of the base ``fig`` stands on: its space's, 0 when flying (the felt)."""
        space = self.spaces.get(fig.where)
        return space.height if space is not None and fig.where != FLYING else 0.0

    def sync(self) -> None:
        """Put every figure, drifting leaf and feather where the rules state says it is."""
        data = self.engine.state.data
        drifted = {leaf.id: np.asarray(leaf.polygon, float) for leaf in data.leaves}
        for leaf_id, i in ((b.id, k) for k, b in enumerate(self.bodies) if b.kind == "tf_leaf"):
            if leaf_id in drifted:          # Leaf Drifting: the leaf lies where its spins took it
                self.poses[i] = _moved_with(self.home[i], self.spaces[leaf_id].polygon, drifted[leaf_id])
            else:                           # on its branch (again)
                self.poses[i] = self.home[i]
            self.present[i] = "leaves" in self.setup.rules     # no leaves on the table without the rule
        by_space: dict[str, list] = {}
        for fig in data.figures:
            i = self.index.get(fig.id)
            if i is None:
                continue
            spec = self.bodies[i]
            if spec.kind == "tf_bird":
                self.tilts[fig.id] = fig.tilt
            if fig.where == FLYING or (spec.kind == "tf_bird" and fig.where in self.spaces):
                base = self.spaces[fig.where].height if fig.where in self.spaces else 0.0
                self.poses[i] = standing_pose(spec, fig.pose[0], fig.pose[1], fig.pose[2], base)
                self.present[i] = True
            elif fig.where in self.spaces:
                by_space.setdefault(fig.where, []).append(i)
            else:                                    # mission box, reserves, casualties, carried
                self.present[i] = False
        radius = tf_dims()["rodent"]["base_radius"]
        for sid, idx in by_space.items():
            space = self.spaces[sid]
            polygon = drifted.get(sid, space.polygon)
            height = 0.0 if sid in drifted else space.height
            points = space_slots(polygon, max(len(idx), 4 if space.kind == "nest" else 1), radius)
            centre = polygon.mean(axis=0)
            for i, p in zip(sorted(idx, key=lambda j: self.bodies[j].id), points):
                heading = float(np.degrees(np.arctan2(*(p - centre)[::-1]))) if len(idx) > 1 else 0.0
                self.poses[i] = standing_pose(self.bodies[i], float(p[0]), float(p[1]), heading, height)
                self.present[i] = True
        first = self.index["tail-feather-1"]
        feathers = data.feathers[-FEATHER_SUPPLY:]
        for k in range(FEATHER_SUPPLY):
            i = first + k
            if k < len(feathers):
                f = feathers[k]
                self.poses[i] = standing_pose(self.bodies[i], f.x, f.y, f.heading)
            self.present[i] = k < len(feathers)

    def bodies_now(self) -> list[BodySpec]:
        """The body table with each bird's current tilt and each nest dial's life as params."""
        out = []
        lives = {p.alliance: p.nest_life for p in self.engine.state.data.players}
        for b in self.bodies:
            if b.kind == "tf_bird" and self.tilts.get(b.id, "center") != b.params.get("tilt", "center"):
                tilt = self.tilts[b.id] if self.tilts[b.id] in ("left", "right", "center") else "center"
                b = BodySpec(b.id, b.kind, {**b.params, "tilt": tilt})
            elif b.kind == "tf_nest_dial" and b.params.get("owner") in lives:
                b = BodySpec(b.id, b.kind, {**b.params, "life": max(0, lives[b.params["owner"]])})
            out.append(b)
        return out

    def figures(self) -> dict:
        """Where every figure on the table stands now: id -> [x, y, z, heading] (present only)."""
        out = {}
        for fig in self.engine.state.data.figures:
            i = self.index.get(fig.id)
            if i is not None and self.present[i]:
                w, z = self.poses[i, 3], self.poses[i, 6]
                out[fig.id] = [round(float(v), 4) for v in (*self.poses[i, :3], np.degrees(2 * np.arctan2(z, w)) % 360)]
        return out


def _moved_with(pose: np.ndarray, before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """``pose`` carried by the rigid motion that takes outline ``before`` to ``after`` (a leaf's
    drift: the same outline, spun and moved)."""
    a0 = np.arctan2(*(before[1] - before[0])[::-1])
    a1 = np.arctan2(*(after[1] - after[0])[::-1])
    c, s = np.cos(a1 - a0), np.sin(a1 - a0)
    rot = np.array([[c, -s], [s, c]])
    shift = after.mean(axis=0) - rot @ before.mean(axis=0)
    out = np.array(pose, dtype=np.float64)
    out[:2] = rot @ out[:2] + shift
    out[3:7] = quat_mul(heading_quat(float(np.degrees(a1 - a0))), out[3:7])
    return out
