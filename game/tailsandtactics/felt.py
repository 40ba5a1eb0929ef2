"""The Tails and Tactics felt laid from a seat view (rules/tails_and_tactics/view.seat_view): every
body of the table and where it lies, and the face each card shows to that viewer. Pure numpy (no
Panda3D): the bridge, pictures, the window and the replay theatre lay the felt through here.

Rulebook: Battlefield Setup (cards deployed face down, Traps staying face down when the battlefield
is revealed), Card Types (Equipment attached to a unit: it lies tucked under it; Turfs and New
Rules on the battlefield; face-down Traps), Attacking and Defending (damage counted on the unit:
one token per point), Objective of the Game (Base Health: the plate), Your Turn (the draw pile,
the discard pile), Actions and Timing (the chain: its actions in order across the middle).

The bodies are fixed for a game (``felt_bodies``): both decks' cards by instance id, the two Base
Health plates, the chain's order plates, a pool of damage tokens per side, the dice tray and one
d6 per side for the first-player roll. A card whose face the view hides (``card`` None: the other
seat's hand, every face-down card of the other seat, the draw piles) gets no face in ``faces``:
whoever dresses the felt gives it its back on both sides, so that face is never in the scene.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from feltbox.game.cards.faces import CardBack, CardFace
from feltbox.game.cards.layout import card_quat, pile_poses, stack_poses
from feltbox.game.table.bodies import BodySpec
from feltbox.game.tailsandtactics import layout
from feltbox.game.tailsandtactics.faces import back_of, base_face, card_face, chain_face
from feltbox.models.d6 import face_quat
from feltbox.models.d6 import size as d6_size
from feltbox.models.snowbirds.pieces import tray_size

SIDES = ("red", "blue")
DAMAGE_POOL = 36             # damage tokens per side: more than the health on any battlefield
CHAIN_POOL = 10              # order plates: a longer chain overlaps the last one
PLATE_BACK = CardBack("T & T", "#3b3b3b", "#9a9a9a")
TOKEN = {"token": "life", "face": "up"}      # a damage counter: Dead of Winter's red cardboard token
UNIT_ROW = ("unit", "face_down")   # the unit row: units, and the cards deployed face down at set-up
TOKEN_ROWS = 3               # rows of damage tokens on a card before they stack (layout.damage_offsets)


def card_body(iid: str) -> str:
    return f"card-{iid}"


def die_body(side: str) -> str:
    return f"die-{SIDES.index(side) + 1}"


@lru_cache(maxsize=64)
def _quat(heading: float, face_up: bool, sideways: bool = False) -> np.ndarray:
    """card_quat, kept: the felt is laid after every action from a handful of orientations."""
    q = card_quat(heading, face_up, sideways)
    q.setflags(write=False)
    return q


@lru_cache(maxsize=512)
def _stack(side: str, pile: str, n: int, t: float) -> np.ndarray:
    """A side's pile of ``n`` cards (the draw pile squared face down, the discard pile tossed face
    up), with its own fixed jitter: the same pile lies the same way every time."""
    at, k = layout.pile_xy(side, pile), SIDES.index(side)
    if pile == "draw":
        poses = stack_poses(n, at, t, heading=layout.heading(side), face_up=False, seed=3 + k)
    else:
        poses = pile_poses(n, at, t, face_up=True, seed=11 + k)
        poses[:, 3:] = _quat(layout.heading(side), True)
    poses.setflags(write=False)
    return poses


@cache
def _face(card_id: str, printed) -> CardFace:
    return card_face(printed(card_id))


@cache
def _token_rest() -> tuple[float, float]:
    model = BodySpec("t", "token", dict(TOKEN)).model
    return float(model.rest_height), float(model.top_height)


def felt_bodies(decks: Mapping[str, Sequence[str]]) -> list[BodySpec]:
    """Every body of a game whose decks hold the instance ids ``decks[side]``."""
    bodies = [BodySpec("dice-tray", "sb_dice_tray")] + [BodySpec(die_body(s), "d6") for s in SIDES]
    for side in SIDES:
        bodies += [BodySpec(card_body(iid), "card", {"size": layout.CARD}) for iid in decks[side]]
        bodies.append(BodySpec(f"base-{side}", "card", {"size": layout.CARD}))
        bodies += [BodySpec(f"damage-{side}-{j:02d}", "token", dict(TOKEN)) for j in range(DAMAGE_POOL)]
    bodies += [BodySpec(f"chain-{k}", "card", {"size": layout.PLATE}) for k in range(CHAIN_POOL)]
    return bodies


def dice_in_tray(faces: Sequence[int] = (1, 1)) -> np.ndarray:
    """(2, 7) poses of red's and blue's dice lying in the tray showing ``faces`` (a picture's; the
    bridge lays them where their throw left them)."""
    tx, ty = layout.tray_centre()
    z = tray_size().floor + d6_size() / 2
    return np.array([[tx - 2.5 + 5.0 * k, ty + 1.0 - 2.0 * k, z, *face_quat(int(f), 20.0 + 40.0 * k)]
                     for k, f in enumerate(faces)])


@dataclass
class Felt:
    """The felt for one view: ``poses`` (N, 7) and ``present`` (N,) by body index, ``faces`` body id
    -> the face it shows (a card without one shows its back), ``backs`` body id -> its back."""
    bodies: list[BodySpec]
    poses: np.ndarray
    present: np.ndarray
    faces: dict[str, CardFace] = field(default_factory=dict)
    backs: dict[str, CardBack] = field(default_factory=dict)
    cards: dict[str, str] = field(default_factory=dict)        # body id -> card id shown (faces' cards)
    tokens: dict[str, int] = field(default_factory=dict)       # side -> damage tokens laid


class FeltLayer:
    """Lays a game's felt: its bodies are fixed (``felt_bodies(decks)``); ``lay(view)`` poses them.
    ``printed(card_id)`` is the rules' printed card (rules/tails_and_tactics/cards.load_cards)."""

    def __init__(self, decks: Mapping[str, Sequence[str]], printed: Callable[[str], object]):
        self.decks = {s: list(decks[s]) for s in SIDES}
        self.printed = printed
        self.bodies = felt_bodies(self.decks)
        self.index = {b.id: i for i, b in enumerate(self.bodies)}
        self.t = layout.card_size()[2]
        self.dice = dice_in_tray()

    def lay(self, view: Mapping) -> Felt:
        n = len(self.bodies)
        poses = np.zeros((n, 7))
        poses[:, 3] = 1.0
        present = np.zeros(n, bool)
        felt = Felt(self.bodies, poses, present)
        tray = self.index["dice-tray"]
        tx, ty = layout.tray_centre()
        poses[tray, :3] = (tx, ty, self.bodies[tray].model.rest_height)
        for k, side in enumerate(SIDES):
            i = self.index[die_body(side)]
            poses[i], present[i] = self.dice[k], True
        present[tray] = True
        placed: set[str] = set()
        for side in SIDES:
            self._side(felt, side, view["players"][side], placed)
        self._chain(felt, view.get("chain", []), placed)
        for side in SIDES:
            self._pile(felt, side, view["players"][side], placed)
        return felt

    # -- one side --------------------------------------------------------------------------------
    def _put(self, felt: Felt, side: str, card: Mapping, xy, z: float, face_up: bool, heading: float) -> None:
        """Card ``card`` (a view's card: iid, card id or None) lies at ``xy`` face up or down."""
        body = card_body(card["iid"])
        i = self.index[body]
        felt.poses[i, :3] = (xy[0], xy[1], z)
        felt.poses[i, 3:] = _quat(heading, face_up)
        felt.present[i] = True
        if card.get("card") is not None:             # the viewer may see this face
            felt.faces[body] = _face(card["card"], self.printed)
            felt.cards[body] = card["card"]

    def _side(self, felt: Felt, side: str, player: Mapping, placed: set[str]) -> None:
        t, h = self.t, layout.heading(side)
        faction = str(player.get("faction", side))
        for iid in self.decks[side]:
            felt.backs[card_body(iid)] = back_of(side, faction)
        hx, hy = layout.held_xy(side)
        for card in player["hand"]:                  # held: off the felt
            i = self.index[card_body(card["iid"])]
            felt.poses[i, :3] = (hx, hy, t / 2)
            felt.poses[i, 3:] = _quat(h, False)
            placed.add(card["iid"])
        on_field = list(player["field"])
        ids = {c["iid"] for c in on_field}
        tucked = {c["iid"] for c in on_field if c.get("attached_to") in ids}     # equipment, set-up requirements
        units = [c for c in on_field if c.get("kind") in UNIT_ROW and c["iid"] not in tucked]
        support = [c for c in on_field if c not in units and c["iid"] not in tucked]
        for row, cards in (("units", units), ("support", support)):
            for k, card in enumerate(cards):
                xy = layout.row_xy(side, row, k, len(cards))
                under = [c for c in on_field if c["iid"] in tucked and c.get("attached_to") == card["iid"]]
                extra = max(0, k - (int(layout.tt_layout()[row]["slots"]) - 1))
                base = t * len(under) + 2 * t * extra
                for j, below in enumerate(under):        # the first attached lies lowest, farthest out
                    dx, dy = layout.tuck_offset(side, len(under) - 1 - j)
                    self._put(felt, side, below, (xy[0] + dx, xy[1] + dy), t / 2 + t * j + 2 * t * extra,
                              bool(below.get("face_up", True)), h)
                    placed.add(below["iid"])
                self._put(felt, side, card, xy, t / 2 + base, bool(card.get("face_up", True)), h)
                placed.add(card["iid"])
                self._damage(felt, side, card, xy, t + base)
        discard = list(player["discard"])
        for card, pose in zip(discard, _stack(side, "discard", len(discard), t)):
            self._put(felt, side, card, pose[:2], pose[2], True, h)
            placed.add(card["iid"])
        i = self.index[f"base-{side}"]
        bx, by = layout.base_xy(side)
        felt.poses[i, :3] = (bx, by, t / 2)
        felt.poses[i, 3:] = _quat(h, True)
        felt.present[i] = True
        felt.faces[f"base-{side}"] = base_face(side, player)
        felt.backs[f"base-{side}"] = back_of(side, faction)

    def _damage(self, felt: Felt, side: str, card: Mapping, xy, card_top: float) -> None:
        """One damage token per point of damage on the card, in rows from its far end."""
        start = felt.tokens.get(side, 0)
        count = min(int(card.get("damage", 0) or 0), DAMAGE_POOL - start)
        felt.tokens[side] = start + count
        rest, top = _token_rest()
        per_layer = 2 * TOKEN_ROWS
        for j, (dx, dy) in enumerate(layout.damage_offsets(count, side)):
            i = self.index[f"damage-{side}-{start + j:02d}"]
            felt.poses[i] = (xy[0] + dx, xy[1] + dy, card_top + rest + (j // per_layer) * top, 1.0, 0.0, 0.0, 0.0)
            felt.present[i] = True

    def _chain(self, felt: Felt, chain: Sequence[Mapping], placed: set[str]) -> None:
        t = self.t
        for k, entry in enumerate(chain[:CHAIN_POOL]):
            (px, py), (cx, cy) = layout.chain_xy(k)
            lift = 2 * t * max(0, k - (layout.chain_slots() - 1))
            i = self.index[f"chain-{k}"]
            felt.poses[i, :3] = (px, py, t / 2 + lift)
            felt.poses[i, 3:] = _quat(0.0, True, True)
            felt.present[i] = True
            felt.faces[f"chain-{k}"] = chain_face(k, entry)
            felt.backs[f"chain-{k}"] = PLATE_BACK
            card = entry.get("card")
            if card is not None and card["iid"] not in placed:
                self._put(felt, entry.get("player", "red"), card, (cx, cy), t / 2 + lift, True, 90.0)
                placed.add(card["iid"])
        for k in range(len(chain), CHAIN_POOL):
            felt.backs[f"chain-{k}"] = PLATE_BACK

    def _pile(self, felt: Felt, side: str, player: Mapping, placed: set[str]) -> None:
        """The draw pile: the deck's cards seen nowhere else, face down, ``draw_count`` of them; any
        others are out of the game (not on the felt)."""
        t = self.t
        rest = [iid for iid in self.decks[side] if iid not in placed]
        count = min(int(player["draw_count"]), len(rest))
        for iid, pose in zip(rest[:count], _stack(side, "draw", count, t)):
            i = self.index[card_body(iid)]
            felt.poses[i], felt.present[i] = pose, True
        hx, hy = layout.held_xy(side)
        for iid in rest[count:]:
            i = self.index[card_body(iid)]
            felt.poses[i, :3] = (hx, hy, t / 2)
            felt.poses[i, 3:] = _quat(layout.heading(side), False)
