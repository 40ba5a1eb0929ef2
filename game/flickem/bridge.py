"""The only place the Dead of Winter rules meet the table (ARCHITECTURE.md, flow of one flick).

The bridge turns the rules' physics requests into table episodes (a flick with the player's aim,
a rush, a horde), hands back the measured outcome plus where every figure now stands, and applies
the physical consequences the rules decided (a wounded zombie goes to the bin, fallen objects are
stood back up).
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from feltbox.game.flickem.effects import Effects, follow_rules
from feltbox.game.table.arena import aim_at
from feltbox.game.table.barricades import behind_doors, blocking, touched_barricade
from feltbox.game.table.city import City, build_city, rest_pose
from feltbox.game.table.flick import Aim, heading_of
from feltbox.game.table.measure import fallen_mask, zombies_at_doors, zombies_touching
from feltbox.game.table.session import Session
from feltbox.models.dimensions import dims
from feltbox.rules.core import Event, Measured, PhysicsRequest
from feltbox.rules.engine import Engine
from feltbox.rules.flickem.flow import ACTIONS, FlickemGame
from feltbox.rules.flickem.outcome import FlickOutcome, RushOutcome, TableFacts, with_table
from feltbox.rules.flickem.powers import with_powers
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import Setup, Survivor, Token, Zombie
from feltbox.scenes.deal import deal_tokens
from feltbox.scenes.schema import Scene


def setup_from_city(city: City) -> Setup:
    """The rules' starting data from a built city: survivors, zombies and where they stand."""
    scene = city.scene
    survivors = tuple(Survivor(s.piece, s.name, s.team, s.life,
                               where="reserve" if scene.placement(s.piece).reserve else
                               (scene.placement(s.piece).on or "city"))
                      for s in scene.survivors)
    if scenario_rules(scene.number).powers:      # unused boards wait normal side up (S8 NEW SURVIVOR)
        survivors = tuple(s if s.where == "reserve" else with_powers(s) for s in survivors)
    zombies = tuple(Zombie(city.bodies[i].id, where) for i, where in zip(city.ids("zombie"), _zombie_places(city)))
    positions = tuple(sorted((city.bodies[i].id, float(city.poses[i, 0]), float(city.poses[i, 1]))
                             for i in city.ids("figure") if city.present[i]))
    tokens = tuple(Token(p.id, p.params["token"], "supply" if p.reserve else (p.on or p.under or _front_of(city, p)),
                         p.params["face"])
                   for p in scene.placements if p.kind == "token")
    barricades = tuple((b, building) for building, ids in blocking(city, city.poses, city.present).items()
                       for b in ids)                 # S4: each barricade and the entrance it blocks
    objects = tuple(sorted((o, *rect) for o, rect in city_objects(city, city.poses, city.present).items()))
    return Setup(scene.number, survivors, zombies, positions, tuple(sorted(scene.teams)),
                 scene.round_start, scene.rounds_colour_start, scene.invasion_day, scene.invasion_night,
                 deaths_to_lose=scenario_rules(scene.number).deaths_to_lose, tokens=tokens,
                 barricades=tuple(sorted(barricades)), objects=objects)


def _zombie_places(city: City) -> list[str]:
    """Each zombie figure's place at the start, in the city's order: on the table "city"; of the
    others, the lowest numbers "bin" (the scenario's SET UP count) and the rest "box" (the game box)."""
    off = [i for i in city.ids("zombie") if not city.present[i]]
    boxed = set(off[len(off) - city.scene.zombies_in_box:])     # the loader keeps it within ``off``
    return ["city" if city.present[i] else "box" if i in boxed else "bin" for i in city.ids("zombie")]


def city_objects(city: City, poses: np.ndarray, present: np.ndarray) -> dict[str, list[float]]:
    """S3 TAKE, DROP, EXCHANGE IN THE CITY: each vehicle, barrel and box on the table as its
    footprint rectangle [x, y, heading, half length, half width] (from its collision hulls)."""
    out = {}
    for i, body in enumerate(city.bodies):
        if present[i] and body.model.tags & {"vehicle", "barrel", "box"}:
            pts = np.vstack([p.points for p in body.model.collision])[:, :2]
            lo, hi = pts.min(axis=0), pts.max(axis=0)
            heading = heading_of(poses[i])
            c, s = np.cos(np.radians(heading)), np.sin(np.radians(heading))
            mid = (lo + hi) / 2
            out[body.id] = [float(poses[i, 0] + c * mid[0] - s * mid[1]), float(poses[i, 1] + s * mid[0] + c * mid[1]),
                            heading, float(hi[0] - lo[0]) / 2, float(hi[1] - lo[1]) / 2]
    return out


def _front_of(city: City, placement) -> str:
    """A token in the street: an X within 12 cm of a door stands "in front of" that building
    (S8 AVAILABLE BUILDINGS); any other token is simply in the city."""
    if placement.params["token"] != "x":
        return "city"
    xy = np.array([placement.x, placement.y])
    doors = {b: g.door_world().mean(axis=0) for b, g in city.buildings.items()}
    building, door = min(doors.items(), key=lambda kv: float(np.linalg.norm(kv[1] - xy)))
    return f"front:{building}" if float(np.linalg.norm(door - xy)) < 12.0 else "city"


class FlickemBridge:
    """One game: the rules engine, the physical table, and the glue between them."""

    def __init__(self, scene: Scene, seed: int = 0, on_episode=None, on_action=None):
        """``on_action(action, events, state)`` is called after every rules action the bridge
        applies (a replay's RULE records: feltbox.game.replay.recorder.Recorder.action)."""
        self.on_action = on_action
        self.city = build_city(deal_tokens(scene, seed))     # face-down kinds shuffled by the seed
        self.session = Session(self.city, on_episode=on_episode)
        self.effects = Effects(self.city, self.session)
        self.setup = setup_from_city(self.city)
        self.engine = Engine(FlickemGame(self.setup), "flickem", scene.number, seed, ACTIONS)

    def pending(self):
        return self.engine.game.pending(self.engine.state)

    @property
    def episodes(self) -> int:
        """Physics episodes run so far (flicks, rushes, hordes, fights)."""
        return self.session.episodes

    def decide(self, action) -> list[Event]:
        """A player's discrete choice (choose a survivor, move, use a weapon, end the turn)."""
        events = self._apply(action)
        self.show(events)
        return events

    def show(self, events: list[Event], before=None) -> None:
        """The table follows the rules after an action: new pieces placed where the rules put
        them, then every figure and token made to agree (effects.py ``follow_rules``); ``before``
        is the table before the action's episode, for restores."""
        for event in events:             # a failed move's pieces back, S4 EXCEPTION's barricades
            if before is not None and (event.data.get("restore") or event.kind == "barricade put back"):
                self.effects.restore(event.data.get("restore") or [event.data["barricade"]], before)
        self._place_new(events)
        follow_rules(self.effects, self.engine.state, events)

    def _apply(self, action) -> list[Event]:
        events = self.engine.apply(action)
        if self.on_action is not None:
            self.on_action(action, events, self.engine.state)
        return events

    def fight_aim(self, spec: dict) -> Aim:
        """A plain aim for a fight attack: straight at the nearest opponent, power for the gap."""
        return Aim(aim_at(self.city, spec) % 360.0, min(1.0, float(spec["gap"]) / 100.0 + 0.1))

    def eject_aim(self, spec: dict) -> Aim:
        """A plain aim to flick a fight's loser out: straight out of the door, gently."""
        return Aim(self.city.buildings[spec["building"]].heading % 360.0, 0.25)

    def _place_new(self, events: list[Event]) -> None:
        """Where the rules put pieces the table must place before :func:`follow_rules` (which
        knows where every figure belongs but not each new piece's spot): S5 a found survivor on
        her building's block, CROSSROADS / S8 tokens and NEW zombies appearing, S8 an X moved in
        front of a building, a recruit beside the survivor who brought her out."""
        for event in events:
            d = event.data
            if event.kind == "crossroads revealed" or (event.kind == "survivor token revealed" and d["survivor"] is None):
                self.session.present[self.city.index(d["token"])] = False
            elif event.kind in ("token appeared", "supply token placed"):
                self.effects.token_onto_block(d["token"], d["building"])
            elif event.kind == "new zombie" and d["where"] == "city":
                i = self.city.index(d["zombie"])
                self.session.poses[i] = rest_pose(self.city.bodies[i], d["x"], d["y"], 0.0, fallen=not d["standing"])
                self.session.present[i] = True
            elif event.kind == "X token moved":
                i = self.city.index(d["token"])
                geom = self.city.buildings[d["to"]]
                off = dims()["token"]["diameter"] / 2 + 1.5       # just outside the door line
                wx, wy = geom.to_world(np.array([geom.door_x + off, 0.0]))[0]
                self.session.poses[i] = rest_pose(self.city.bodies[i], wx, wy, 0.0)
            elif event.kind == "survivor recruited":          # S8: beside the active survivor
                i = self.city.index(d["survivor"])
                by = self.session.poses[self.city.index(d["by"])]
                self.session.poses[i] = rest_pose(self.city.bodies[i], d["x"], d["y"], heading_of(by))
                self.session.present[i] = True
                self.session.inside.pop(d["survivor"], None)
            elif event.kind == "barricade removed":     # S4: out of the game
                self.session.present[self.city.index(d["barricade"])] = False

    def _touching_rv(self, outcome: FlickOutcome | RushOutcome) -> tuple[str, ...]:
        """S1 instant defeat: zombies that touched the RV or its blocks (watched rushing
        zombies' contacts, and any zombie left resting against them)."""
        if "rv" not in self.city.buildings:
            return ()
        rv_parts = {"rv", *self.city.buildings["rv"].supports}
        rushed = outcome.touched if isinstance(outcome, RushOutcome) else {}
        touched = {z for z, parts in rushed.items() if rv_parts & set(parts)}
        touched |= set(zombies_touching(self.city, self.session.poses, self.session.present, "rv"))
        return tuple(sorted(touched))

    def table_facts(self, outcome: FlickOutcome | RushOutcome, measure_barricades: bool) -> TableFacts:
        """What the rules read off the table after an episode: every figure, where and whether it
        stands, zombies at doors, S3 objects, S1 zombies touching the RV, S4 barricades (measured
        now after an eject, a rush or a horde; a flick measured them at its end)."""
        figures = self.figures()
        barricades = outcome.barricades
        if measure_barricades and any(b.kind == "barricade" for b in self.city.bodies):
            barricades = {b: tuple(ids) for b, ids in blocking(self.city, self.session.poses,
                                                               self.session.present).items()}
        return TableFacts(
            positions={k: (v[0], v[1]) for k, v in figures["positions"].items()}, standing=figures["standing"],
            at_door=figures["at_door"],
            objects={k: tuple(v) for k, v in city_objects(self.city, self.session.poses, self.session.present).items()},
            touching_rv=self._touching_rv(outcome), barricades=barricades)

    def physics(self, aim: Aim | None = None, side: str | None = None) -> list[Event]:
        """Run the pending physics request on the table and feed its measured outcome back."""
        request = self.pending()
        if not isinstance(request, PhysicsRequest):
            raise ValueError(f"no physics is pending (the rules wait for {request})")
        spec = request.spec
        before = self.session.snapshot()
        if request.kind == "flick":
            if aim is None:
                raise ValueError("a flick needs an aim")
            side = side or spec.get("side", "right")      # the rules say which side (2 guns)
            if spec.get("fallen"):        # S9 BETRAYER: the figure is placed fallen, then flicked
                self.effects.lay_down(spec["survivor"])
            outcome = self.session.flick(spec["survivor"], spec["weapon"], aim, side=side)
            outcome = replace(outcome, flare_at=outcome.extra.end, flipped=outcome.extra.flipped)
            if outcome.extra.barricades is not None:      # S4 BARRICADES, measured at the flick's end
                outcome = replace(outcome, barricades=outcome.extra.barricades)
                outcome = replace(outcome, touched_barricade=touched_barricade(outcome), behind=tuple(
                    behind_doors(self.city, before[0][self.city.index(spec["survivor"]), :2])))
        elif request.kind == "fight_flick":
            outcome = self.session.fight(spec, aim or self.fight_aim(spec))
        elif request.kind == "eject":
            outcome = self.session.eject(spec["survivor"], spec["building"], aim or self.eject_aim(spec))
        elif request.kind == "rush":
            target = tuple(float(v) for v in spec["target"].split(","))
            outcome = self.session.rush(spec["zombies"].split(","), target)
        else:
            outcome = self.session.horde(spec["zombies"].split(","))
        outcome = with_table(outcome, self.table_facts(outcome, request.kind not in ("flick", "fight_flick")))
        events = self._apply(Measured(outcome.to_json()))
        self.show(events, before)
        return events

    def figures(self) -> dict:
        """Where every figure on the table stands now, and whether it stands."""
        idx = [i for i in self.city.ids("figure") if self.session.present[i]]
        down = fallen_mask(self.session.poses[idx])
        return {"positions": {self.city.bodies[i].id: [float(self.session.poses[i, 0]), float(self.session.poses[i, 1])]
                              for i in idx},
                "standing": {self.city.bodies[i].id: not bool(d) for i, d in zip(idx, down)},
                "at_door": zombies_at_doors(self.city, self.session.poses, self.session.present)}
