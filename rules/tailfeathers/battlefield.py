"""The Tail Feathers battlefield as the rules see it (contract: /work/tf-contract.md, Battlefield).

Tree overlays are cut into spaces ("Individual spaces are determined by noticeable differences in
color and texture"; rulebook, Tree Movement) around a solid trunk that figures never enter. The
bridge builds a :class:`Battlefield` from the scene TOML; the rules only read it. Units are
centimetres on the table, polygons counter-clockwise and not closed. Frozen dataclasses, JSON
round-trippable with ``rules.core.to_json`` / ``from_json``.

:func:`sample_battlefield` is a made-up layout (4 corner trees + a sapling, 40 spaces) for tests
and for the other parts to develop against until the scene TOML exists.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property

from feltbox.rules.tailfeathers.geometry import Thing
from feltbox.rules.tailfeathers.shapes import Polygon  # counter-clockwise, not closed

CAPACITY = {"branch": 4, "sapling": 4, "leaf": 3, "nest": 99}   # small figures (rulebook, Tree Movement, Leaves)
KINDS = tuple(CAPACITY)


@dataclass(frozen=True)
class Space:
    id: str
    tree: str
    kind: str                     # "branch" | "nest" | "leaf" | "sapling"
    polygon: Polygon
    capacity: int                 # small figures: 4 (branch/sapling), 3 (leaf), 99 (nest)
    adjacent: tuple[str, ...]     # ids of spaces sharing a border
    owner: str = ""               # nests: the alliance ("mouse" | "rat")


@dataclass(frozen=True)
class Trunk:
    id: str
    tree: str
    polygon: Polygon


@dataclass(frozen=True)
class Battlefield:
    spaces: tuple[Space, ...]
    trunks: tuple[Trunk, ...]
    bounds: tuple[float, float, float, float]     # xmin, xmax, ymin, ymax
    axis_marker: tuple[float, float]
    home_trees: tuple[tuple[str, str], ...]       # (alliance, tree id)

    @cached_property
    def _by_id(self) -> dict[str, Space]:
        return {s.id: s for s in self.spaces}

    def space(self, space_id: str) -> Space:
        return self._by_id[space_id]

    def trunk_of(self, tree: str) -> Trunk | None:
        return next((t for t in self.trunks if t.tree == tree), None)

    def spaces_of(self, tree: str) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces if s.tree == tree)

    def home_tree(self, alliance: str) -> str:
        return dict(self.home_trees)[alliance]

    def nest_of(self, alliance: str) -> Space | None:
        return next((s for s in self.spaces if s.kind == "nest" and s.owner == alliance), None)

    @cached_property
    def _things(self) -> tuple:
        out = [Thing("nest" if s.kind == "nest" else "space", s.id, polygon=s.polygon) for s in self.spaces]
        return tuple(out + [Thing("trunk", t.id, polygon=t.polygon) for t in self.trunks])

    def things(self) -> list:
        """Spaces (nests as kind "nest") and trunks as :class:`geometry.Thing` for crossings
        (the same Thing objects each call, so their outlines are prepared once)."""
        return list(self._things)

    def without_leaves(self) -> Battlefield:
        """The battlefield when the Leaves additional rule is not in play ("When playing with this
        rule, attach leaves to tree branches while building the battlefield"): no leaf spaces, and
        no space adjacent to one."""
        leaves = {s.id for s in self.spaces if s.kind == "leaf"}
        if not leaves:
            return self
        spaces = tuple(replace(s, adjacent=tuple(a for a in s.adjacent if a not in leaves))
                       for s in self.spaces if s.id not in leaves)
        return replace(self, spaces=spaces)

    def problems(self) -> list[str]:
        """Consistency checks the bridge runs on a freshly built battlefield ([] = fine)."""
        out = []
        ids = [s.id for s in self.spaces] + [t.id for t in self.trunks]
        dup = sorted({i for i in ids if ids.count(i) > 1})
        if dup:
            out.append(f"duplicate ids {dup}")
        known = set(self._by_id)
        for s in self.spaces:
            if s.kind not in KINDS:
                out.append(f"{s.id}: unknown kind {s.kind!r}")
            if len(s.polygon) < 3 or _area(s.polygon) <= 0:
                out.append(f"{s.id}: polygon must be counter-clockwise with 3+ points")
            for a in s.adjacent:
                if a not in known:
                    out.append(f"{s.id}: unknown adjacent space {a!r}")
                elif s.id not in self._by_id[a].adjacent:
                    out.append(f"{s.id}: adjacency to {a} is not mutual")
            if s.kind == "nest" and s.owner not in ("mouse", "rat"):
                out.append(f"{s.id}: a nest needs an owner")
        for t in self.trunks:
            if len(t.polygon) < 3 or _area(t.polygon) <= 0:
                out.append(f"{t.id}: polygon must be counter-clockwise with 3+ points")
        return out


def _area(poly: Polygon) -> float:
    return 0.5 * sum(poly[i - 1][0] * p[1] - p[0] * poly[i - 1][1] for i, p in enumerate(poly))


def ring_sector(cx: float, cy: float, r0: float, r1: float, a0: float, a1: float) -> Polygon:
    """A counter-clockwise annulus sector (degrees a0 < a1): the shape of a branch space."""
    steps = max(2, math.ceil((a1 - a0) / 12))
    outer = [(cx + r1 * math.cos(math.radians(a0 + (a1 - a0) * k / steps)),
              cy + r1 * math.sin(math.radians(a0 + (a1 - a0) * k / steps))) for k in range(steps + 1)]
    inner = [(cx + r0 * math.cos(math.radians(a1 - (a1 - a0) * k / steps)),
              cy + r0 * math.sin(math.radians(a1 - (a1 - a0) * k / steps))) for k in range(steps + 1)]
    return tuple((round(x, 6), round(y, 6)) for x, y in outer + inner)


def _tree(tree: str, cx: float, cy: float, n: int, kind: str, trunk_r: float, ring: float,
          nest_owner: str = "") -> tuple[list[Space], Trunk]:
    """``n`` spaces around a round trunk (two rings when n > 6), plus the trunk (a 10-gon)."""
    inner = n // 2 + 1 if n > 6 else n
    rings = [(trunk_r, trunk_r + ring, inner)]
    if n > inner:
        rings.append((trunk_r + ring, trunk_r + 2 * ring, n - inner))
    raw = []
    for k, (r0, r1, m) in enumerate(rings):
        for i in range(m):
            raw.append((f"{tree}-{k}{i}", ring_sector(cx, cy, r0, r1, 360 * i / m, 360 * (i + 1) / m), k, i, m))
    spaces = []
    for sid, poly, k, i, m in raw:
        adj = [f"{tree}-{k}{(i + d) % m}" for d in (-1, 1) if m > 1]
        for sid2, _, k2, i2, m2 in raw:     # the other ring: overlapping angle ranges share a border
            if k2 != k and i * m2 < (i2 + 1) * m and i2 * m < (i + 1) * m2:
                adj.append(sid2)
        spaces.append(Space(sid, tree, kind, poly, CAPACITY[kind], tuple(dict.fromkeys(adj))))
    if nest_owner:       # the nest replaces the last outer space
        last = spaces[-1]
        spaces[-1] = Space(last.id, tree, "nest", last.polygon, CAPACITY["nest"], last.adjacent, nest_owner)
    trunk = Trunk(f"{tree}-trunk", tree, tuple((round(cx + trunk_r * math.cos(math.radians(36 * i)), 6),
                                                round(cy + trunk_r * math.sin(math.radians(36 * i)), 6))
                                               for i in range(10)))
    return spaces, trunk


def sample_battlefield() -> Battlefield:
    """A made-up 120 x 90 cm layout: oak/elm/ash/yew in the corners (9 spaces each, a nest in the
    mouse and rat home trees) and a sapling in the middle (4 spaces): 40 spaces, 5 trunks."""
    spaces, trunks = [], []
    for tree, x, y, n, kind, owner in (("oak", 20, 20, 9, "branch", "mouse"), ("elm", 100, 70, 9, "branch", "rat"),
                                       ("ash", 100, 20, 9, "branch", ""), ("yew", 20, 70, 9, "branch", ""),
                                       ("sapling", 60, 45, 4, "sapling", "")):
        s, t = _tree(tree, x, y, n, kind, 4.0 if kind == "branch" else 2.5, 6.0 if kind == "branch" else 4.0, owner)
        spaces += s
        trunks.append(t)
    return Battlefield(tuple(spaces), tuple(trunks), (0.0, 120.0, 0.0, 90.0), (60.0, 80.0),
                       (("mouse", "oak"), ("rat", "elm")))
