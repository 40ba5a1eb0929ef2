"""The Root table laid from one seat's view of the rules (rules/root/view.seat_view): every body
of the box and where the view puts it. Nothing else is read: what the view hides (another seat's
hand, a face-down plot's kind, the Corvids' supply of plot kinds) is not in the scene graph.

The body table is fixed (the window and a replay keep one body per piece): the boards, a rim for
each clearing (what a click on a clearing lands on), the tray and the two d12, two score markers,
20 Duchy and 15 Corvid warriors, 3 citadels, 3 markets, 3 tunnels, 8 plot tokens, 9 crowns, 9
minister tiles and 54 card bodies named ``card-1`` ..
``card-54`` (a card body's name says nothing of its card: ``faces`` says which card a body shows,
for the cards the viewer sees face up). A plot body is built ``plot = "hidden"`` (its back on both
sides) unless the viewer knows its kind, and lies back up while face down, turned over (Law
13.4.2 flip) once face up.

Pieces keep their bodies between two views where they can (a warrior that stays in its clearing
keeps its body; one that moves takes a freed body's), so an animation moves the pieces that moved.
"""
from __future__ import annotations

from collections import Counter

import numpy as np

from feltbox.game.cards.layout import card_quat, pile_poses, stack_poses
from feltbox.game.root import table
from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.models.cards import card_sizes
from feltbox.models.root import HIDDEN
from feltbox.models.root.catalog import MINISTERS
from feltbox.rules.root.data import RANKS, tables

CARD_SIZE = "poker"
CARDS = 54
TURNED_OVER = np.array([0.0, 1.0, 0.0, 0.0])       # half a turn about x: a plot flipped face up
WARRIORS = {"duchy": 20, "corvids": 15}
FIXED = [BodySpec("map", "root_map"), BodySpec("burrow", "root_burrow"),
         BodySpec("duchy-board", "root_faction_board", {"faction": "duchy"}),
         BodySpec("corvids-board", "root_faction_board", {"faction": "corvids"}),
         BodySpec("score-track", "root_score_track"), BodySpec("dice-tray", "root_dice_tray")]


def card_thickness() -> float:
    return float(card_sizes()[CARD_SIZE]["thickness"])


def body_table() -> list[BodySpec]:
    """Every body of the box, in the fixed order (plots as ``hidden`` until a view says more)."""
    out = list(FIXED) + [BodySpec(f"clearing-{c}", "root_clearing", {"suit": tables().clearings[c].suit})
                         for c in range(1, 13)]
    out += [BodySpec("die-1", "d12"), BodySpec("die-2", "d12")]
    out += [BodySpec(f"score-{f}", "root_score_marker", {"faction": f}) for f in WARRIORS]
    for faction, n in WARRIORS.items():
        out += [BodySpec(f"{faction}-warrior-{k + 1}", "root_warrior", {"faction": faction}) for k in range(n)]
    for kind in ("citadel", "market", "tunnel"):
        out += [BodySpec(f"{kind}-{k + 1}", f"root_{kind}") for k in range(3)]
    out += [BodySpec(f"plot-{k + 1}", "root_plot", {"plot": HIDDEN}) for k in range(8)]
    out += [BodySpec(f"crown-{k + 1}", "root_crown") for k in range(9)]
    out += [BodySpec(f"minister-{m}", "root_minister", {"name": m}) for m in MINISTERS]
    out += [BodySpec(f"card-{k + 1}", "card", {"size": CARD_SIZE}) for k in range(CARDS)]
    return out


def keep_assign(group: list[int], wanted: list, where: dict[int, object]) -> dict[int, object]:
    """Give each wanted place (a list of keys, repeats allowed) one body of ``group``: a body
    already at a wanted key keeps it; the others take the places left, in order; bodies left over
    get None (off the table)."""
    need = Counter(wanted)
    out: dict[int, object] = {}
    free = []
    for b in group:
        key = where.get(b)
        if key is not None and need[key] > 0:
            out[b] = key
            need[key] -= 1
        else:
            free.append(b)
    rest = [k for k in dict.fromkeys(wanted) for _ in range(need[k])]
    for b in free:
        out[b] = rest.pop(0) if rest else None
    return out


def _ranked(assign: dict[int, object]) -> dict[int, int]:
    """Each body's rank among the bodies sharing its key (lowest body index first)."""
    seen: Counter = Counter()
    out = {}
    for b in sorted(assign):
        out[b] = seen[assign[b]]
        seen[assign[b]] += 1
    return out


class Felt:
    """The bodies and their poses as one seat's view lays them."""

    def __init__(self):
        self.bodies = body_table()
        self.index = {b.id: i for i, b in enumerate(self.bodies)}
        self.poses = np.tile([0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0], (len(self.bodies), 1))
        self.present = np.ones(len(self.bodies), bool)
        self.where: dict[int, object] = {}
        self.shown: dict[str, str] = {}               # card body id -> card id, face up to the viewer
        self.view: dict = {}
        for spec in FIXED:
            i = self.index[spec.id]
            x, y = table.at({"map": "map", "burrow": "burrow", "duchy-board": "duchy_board",
                             "corvids-board": "corvids_board", "score-track": "score_track",
                             "dice-tray": "dice_tray"}[spec.id])
            self.poses[i] = rest_pose(spec, x, y, 0.0)
        for c in range(1, 13):
            spec = self.bodies[self.index[f"clearing-{c}"]]
            self.poses[self.index[spec.id]] = rest_pose(spec, *table.clearing_centre(c), 0.0, table.map_top())
        self.poses[[self.index["die-1"], self.index["die-2"]]] = table.dice_in_tray()

    def group(self, prefix: str) -> list[int]:
        return [i for i, b in enumerate(self.bodies) if b.id.startswith(prefix)]

    def _place(self, i: int, xyz, quat=None, heading: float = 0.0) -> None:
        spec = self.bodies[i]
        pose = rest_pose(spec, xyz[0], xyz[1], heading, xyz[2])
        if quat is not None:
            pose[3:] = quat
            pose[2] = xyz[2] + (pose[2] - xyz[2])
        self.poses[i] = pose
        self.present[i] = True

    def _off(self, i: int) -> None:
        self.present[i] = False

    def lay(self, view: dict) -> None:
        """Put every piece where ``view`` (seat_view) says it is."""
        self.view = view
        cl = view["clearings"]
        for faction, key in (("duchy", "duchy_warriors"), ("corvids", "corvid_warriors")):
            wanted = [("c", c["index"]) for c in cl for _ in range(c[key])]
            wanted += [("s",)] * view["supply"][f"{'duchy' if faction == 'duchy' else 'corvid'}_warriors"]
            self._lay_group(f"{faction}-warrior-", wanted, lambda k, n, f=faction: (
                table.warrior_place(f, k[1], n) if k[0] == "c" else table.supply_warrior(f, n)))
        for kind in ("citadel", "market"):
            wanted = []
            for c in cl:
                if c["index"]:
                    first = c["citadels"] if kind == "market" else 0
                    wanted += [("c", c["index"], first + k) for k in range(c[f"{kind}s"])]
            wanted += [("s", k) for k in range(view["supply"][f"{kind}s"])]
            self._lay_group(f"{kind}-", wanted, lambda k, n, kind=kind: (
                table.building_place(kind, k[1], k[2], tables().clearings[k[1]].slots) if k[0] == "c"
                else table.building_track(kind, k[1])))
        wanted = [("c", c["index"]) for c in cl if c["tunnel"]] + [("s", k) for k in range(view["supply"]["tunnels"])]
        self._lay_group("tunnel-", wanted, lambda k, n: table.token_place("tunnel", k[1]) if k[0] == "c"
                        else table.tunnel_supply(k[1]))
        self._lay_plots(view)
        crowns = [("r", rank, k) for rank in RANKS for k in range(view["duchy"]["crowns"][rank])]
        self._lay_group("crown-", crowns, lambda k, n: table.crown_place(k[1], k[2]))
        swayed = set(view["duchy"]["swayed"])
        for m in MINISTERS:
            self._place(self.index[f"minister-{m}"], table.minister_place(m, m in swayed))
        for f in ("duchy", "corvids"):
            self._place(self.index[f"score-{f}"], table.score_place(f, view["score"][f]))
        self._lay_cards(view)

    def _lay_group(self, prefix: str, wanted: list, place) -> None:
        group = self.group(prefix)
        assign = keep_assign(group, wanted, self.where)
        rank = _ranked({b: k for b, k in assign.items() if k is not None})
        for b, key in assign.items():
            self.where[b] = key
            if key is None:
                self._off(b)
            else:
                self._place(b, place(key, rank[b]))

    def _lay_plots(self, view: dict) -> None:
        wanted, kinds = [], {}
        for c in view["clearings"]:
            if "plot" in c:
                key = ("c", c["index"])
                wanted.append(key)
                kinds[key] = (c["plot"] if c["plot"] != "plot" else HIDDEN, bool(c["plot_face_up"]))
        supply = view["plot_supply"]
        names = list(supply) if isinstance(supply, list) else [HIDDEN] * int(supply)
        for k, name in enumerate(names):
            wanted.append(("s", k))
            kinds[("s", k)] = (name, False)
        group = self.group("plot-")
        assign = keep_assign(group, wanted, self.where)
        for b, key in assign.items():
            self.where[b] = key
            if key is None:
                self._off(b)
                continue
            kind, up = kinds[key]
            self.bodies[b] = BodySpec(self.bodies[b].id, "root_plot", {"plot": kind})
            xyz = table.token_place("plot", key[1]) if key[0] == "c" else table.plot_supply(key[1])
            self._place(b, xyz, TURNED_OVER if up else None)

    def _lay_cards(self, view: dict) -> None:
        t = card_thickness()
        viewer = view["viewer"]
        zones: list[tuple[object, str]] = [(("pile",), "")] * view["pile"]
        zones += [(("discard", c), c) for c in view["discard"]]
        zones += [(("revealed", c), c) for c in view["revealed"]]
        for seat in ("duchy", "corvids"):
            zones += [((f"{seat}_crafted", c), c) for c in view["crafted"][seat]]
            if seat == viewer:
                zones += [(("held", c), c) for c in view["hand"]]
            else:
                zones += [((f"{seat}_hand",), "")] * view["hand_counts"][seat]
        group = self.group("card-")
        assign = keep_assign(group, [z for z, _ in zones], self.where)
        by_zone: dict[str, list[int]] = {}
        self.shown = {}
        for b in sorted(assign):
            key = assign[b]
            self.where[b] = key
            if key is None or key[0] == "held":
                self._off(b)
                continue
            by_zone.setdefault(key[0], []).append(b)
            if len(key) > 1:
                self.shown[self.bodies[b].id] = key[1]
        order = {z: [c for (k, c) in zones if k[0] == z] for z in by_zone}
        for zone, members in by_zone.items():
            if len(order[zone]) and order[zone][0]:           # lists in the view's order
                members.sort(key=lambda b: order[zone].index(assign[b][1]))
            self._lay_zone(zone, members, t)

    def _lay_zone(self, zone: str, members: list[int], t: float) -> None:
        n = len(members)
        if zone in ("pile", "duchy_hand", "corvids_hand"):
            poses = stack_poses(n, table.pile("draw" if zone == "pile" else zone), t, face_up=False,
                                seed=len(zone))
        elif zone == "discard":
            poses = pile_poses(n, table.pile("discard"), t, face_up=True, seed=2)
        else:
            x, y = table.pile(zone)
            poses = np.zeros((n, 7))
            for k in range(n):
                if zone == "revealed":
                    poses[k, :3] = (x - 2.4 * k, y, t / 2 + k * t)
                else:
                    poses[k, :3] = (x, y - 2.4 * k, t / 2 + k * t)
                poses[k, 3:] = card_quat(0.0, True, False)
        for b, pose in zip(members, poses):
            self.poses[b] = pose
            self.present[b] = True
