"""The only place the Snowbirds rules meet the table (Tail Feathers' bridge's twin).

``SBBridge(scene, seed)`` lays the Snowbirds table (game/snowbirds/table.py: mat, map row, dice
tray, the three track tokens, the migration token, the two dice) plus the 30 Action and 15 Map
cards (the card layer's ``card`` bodies, models/cards.py), and runs an Engine with SnowbirdsGame
in the scene's mode. Physics requests are answered on the table:

* "roll" (VIGOR's two dice, an R card's re-roll of one): the dice are thrown for real in the tray
  (game/snowbirds/dice.roll). Roll number k of a game uses ``roll_seed(seed, k)`` (game/table/seeds.py,
  a hash: the seeds a replay shows tell nothing of the game's seed), every throw is an Episode
  handed to ``on_episode`` (a replay Recorder), and the table's dice then lie in the tray as the
  throw left them (a re-rolled die: the other one stays). A Tenacity card's pips turn the die to
  show them.

After every action the table follows the rules state (``sync``): cards where
game/snowbirds/places.py says (the pile, today's play row face up / face down / sideways, the
gone-forever pile, the face-down Rest pile, the route on the map row, the map deck; the hand is
held by the player: off the table, ``present`` False, its pose at the table's ``held_point`` so a
drawn card travels there and a played one comes from there),
the tokens on the Exhaustion, Hunger and Flock tracks at the rules' values, the migration token on
the map card where the flock stands. ``faces`` says which card bodies show their face to the
player (the window dresses only those; a face-down card is drawn as its back).
"""
from __future__ import annotations

from functools import lru_cache

import numpy as np

from feltbox.game.cards.layout import card_quat, pile_poses, stack_poses
from feltbox.game.snowbirds import dice, table
from feltbox.game.snowbirds.places import Place, Row, action_places, map_places
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.dice_throw import thrown_poses
from feltbox.game.table.rules_bridge import RulesBridge
from feltbox.game.table.seeds import roll_seed
from feltbox.models.cards import card_sizes
from feltbox.models.d6 import face_quat, top_face
from feltbox.models.snowbirds import track
from feltbox.rules.core import Event, Measured
from feltbox.rules.engine import Engine
from feltbox.rules.snowbirds.data import tables
from feltbox.rules.snowbirds.flow import ACTIONS, SnowbirdsGame
from feltbox.rules.snowbirds.state import Setup
from feltbox.scenes.snowbirds.schema import SBScene

CARD_SIZE = "poker"
TRACK_VALUES = ("exhaustion", "hunger", "flock")


ROW_STEP = 1.2           # cm: a row beyond its five slots overlaps its last card by this
PILES = {"draw": ("action_draw", 1), "rest": ("rest", 2), "map_deck": ("map_deck", 3), "gone": ("discard", 4)}


@lru_cache(maxsize=256)
def _pile(zone: str, n: int, t: float) -> np.ndarray:
    """The poses of a pile of ``n`` cards (a squared stack face down, the gone-forever pile
    tossed face up), with its own fixed jitter: the same pile lies the same way every time."""
    name, seed = PILES[zone]
    slot = table.pile(name)
    if zone == "gone":
        poses = pile_poses(n, (slot.x, slot.y), t, face_up=True, seed=seed)
    else:
        poses = stack_poses(n, (slot.x, slot.y), t, face_up=False, seed=seed)
    poses[:, 2] += slot.z
    poses.setflags(write=False)
    return poses


@lru_cache(maxsize=8)
def _lying(face_up: bool, sideways: bool) -> np.ndarray:
    return card_quat(0.0, face_up, sideways)


def card_thickness() -> float:
    return float(card_sizes()[CARD_SIZE]["thickness"])


def action_body(card: str) -> str:
    return f"action-{card}"


def map_body(card: str) -> str:
    return f"mapcard-{card}"


def new_engine(scene: SBScene, seed: int) -> Engine:
    """The Engine a migration on ``scene`` starts with (scenario 0 normal, 1 difficult)."""
    return Engine(SnowbirdsGame(Setup(difficult=scene.difficult)), "snowbirds", int(scene.difficult), seed, ACTIONS)


def track_value(name: str, value: int) -> int:
    """A rules value as its token shows it: within the printed track."""
    t = track(name)
    return max(int(t["low"]), min(int(t["high"]), int(value)))


class SBBridge(RulesBridge):
    """One migration: the rules engine, the table's bodies, and the glue."""

    def __init__(self, scene: SBScene, seed: int = 0, on_episode=None, on_action=None):
        self.scene, self.seed = scene, int(seed)
        self.on_episode, self.on_action = on_episode, on_action
        bodies, poses = table.sb_table()
        t = tables()
        cards = [BodySpec(action_body(c), "card", {"size": CARD_SIZE}) for c in sorted(t.actions)] + \
                [BodySpec(map_body(m), "card", {"size": CARD_SIZE}) for m in sorted(t.maps)]
        self.bodies = bodies + cards
        self.poses = np.vstack([poses, np.tile([0, 0, 0, 1.0, 0, 0, 0], (len(cards), 1))])
        self.present = np.ones(len(self.bodies), bool)
        self.index = {b.id: i for i, b in enumerate(self.bodies)}
        self.dice = [self.index["die-1"], self.index["die-2"]]
        self.engine = new_engine(scene, self.seed)
        self.rolls = 0               # rolls made so far (the next roll's counter)
        self.episodes = 0            # physics episodes run (every throw, cocked re-throws too)
        self.row = Row()             # today's play row (game/snowbirds/places.py)
        self.row.follow(self.engine.state)
        self.places: dict[str, Place] = {}
        self.sync()

    # -- rules ---------------------------------------------------------------------------------
    def _apply(self, action, throws=()) -> list[Event]:
        request, before = self.pending(), self.engine.state.flow.dice
        events = self.engine.apply(action)
        if self.on_action is not None:
            self.on_action(action, events, self.engine.state)
        self.follow(action, request, before, throws)
        return events

    def follow(self, action, request, dice_before: tuple, throws=()) -> None:
        """The table after ``action`` (applied while the rules waited for ``request``, with
        ``dice_before`` the Vigor dice then: RulesBridge.follow with what a Tenacity card and a
        one-die roll need, hence ``_apply`` here too): today's row, the thrown dice where
        ``throws`` (the roll's episodes) left them, a die turned to a Tenacity card's pips, then
        ``sync``."""
        self.row.follow(self.engine.state, action)
        if isinstance(action, Measured) and throws:
            spec = request.spec
            self.lay_thrown(throws, [int(spec["die"])] if int(spec["dice"]) == 1 else [0, 1])
        dice_now = self.engine.state.flow.dice
        if type(action).__name__ == "PlayTenacity" and dice_now and dice_now != dice_before:
            self.turn_die(action.die, dice_now[action.die])
        self.sync()

    def physics(self, aim=None) -> list[Event]:
        """Throw the dice the rules ask for in the tray and feed their faces back."""
        request = self.roll_request()
        result = dice.roll(roll_seed(self.seed, self.rolls), int(request.spec["dice"]), self._episode)
        self.rolls += 1
        return self._apply(Measured(result.measured()), result.episodes)

    # -- the dice ------------------------------------------------------------------------------
    def lay_thrown(self, episodes, targets: list[int]) -> None:
        """The table's dice where the throws left them: each thrown die (kit die k is table die
        ``targets[k]``) as it lay when it was read, moved from the tray's frame to the table's."""
        for k, pose in thrown_poses(episodes, table.tray_centre(), len(targets)):
            self.poses[self.dice[targets[k]]] = pose

    def turn_die(self, die: int, pips: int) -> None:
        """A Tenacity card's pips replace die ``die``: it is turned to show them where it lies."""
        i = self.dice[die]
        pose = self.poses[i]
        heading = float(np.degrees(2 * np.arctan2(pose[6], pose[3])))
        self.poses[i, 3:] = face_quat(int(pips), heading)
        floor = self.poses[i, 2]
        self.poses[i, 2] = max(floor, table.dice_in_tray((int(pips),))[0, 2])

    def dice_faces(self) -> list[int]:
        """The pips each table die shows on top."""
        return [int(top_face(self.poses[i, 3:])[0]) for i in self.dice]

    # -- the table -----------------------------------------------------------------------------
    def sync(self) -> None:
        """Put every card and token where the rules state says it is."""
        state = self.engine.state
        d = state.data
        for name, value in zip(TRACK_VALUES, (d.exhaustion, d.hunger, d.flock)):
            self.poses[self.index[f"token-{name}"]] = table.token_pose(name, track_value(name, value))
        t = card_thickness()
        self.poses[self.index["migration-token"]] = table.migration_pose(d.position, t)
        self.places = {action_body(c): p for c, p in action_places(state, self.row).items()}
        self.places.update({map_body(c): p for c, p in map_places(state).items()})
        zones: dict[str, list[tuple[int, str]]] = {}
        for body, place in self.places.items():
            zones.setdefault(place.zone, []).append((place.index, body))
        for zone, members in zones.items():
            members.sort()
            poses = self._zone_poses(zone, [self.places[b] for _, b in members], t)
            for (_, body), pose in zip(members, poses):
                i = self.index[body]
                self.present[i] = pose is not None
                if pose is not None:
                    self.poses[i] = pose
                elif zone == "hand":
                    self.poses[i] = self._held_pose(t)

    def _zone_poses(self, zone: str, places: list[Place], t: float) -> list:
        n = len(places)
        if zone == "box":
            return [None] * n
        if zone == "hand":                               # held: off the felt, not present
            return [None] * n
        if zone in PILES:
            return list(_pile(zone, n, t))
        out = []
        for k, p in enumerate(places):
            slot = table.map_slot(k) if zone == "map" else table.play_slot(min(k, 4), p.sideways)
            extra = max(0, k - 4) if zone == "row" else 0      # beyond the five slots: overlapping
            pose = np.zeros(7)
            pose[:3] = (slot.x + extra * ROW_STEP, slot.y, slot.z + t / 2 + extra * t)
            pose[3:] = _lying(p.face_up, p.sideways)
            out.append(pose)
        return out

    @staticmethod
    def _held_pose(t: float) -> np.ndarray:
        """A held card's pose: at the player's edge, its back to the table (a replay's drawn card
        travels there face down; a card played face down never shows its face on the way)."""
        x, y = table.held_point()
        return np.array([x, y, t / 2, *_lying(False, False)])

    def faces(self) -> dict[str, str]:
        """Card body id -> card id of every card lying face up (the player may see it: the hand
        is the solitaire player's own); face-down cards are not named."""
        out = {}
        for body, place in self.places.items():
            if place.face_up and place.zone != "box":
                out[body] = body.split("-", 1)[1]
        return out

    def bodies_now(self) -> list[BodySpec]:
        return list(self.bodies)
