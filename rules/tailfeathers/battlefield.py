"""The Tail Feathers battlefield as the rules see it (tf-contract.md): spaces, trunks, bounds."""
from __future__ import annotations

from dataclasses import dataclass

Polygon = tuple[tuple[float, float], ...]            # counter-clockwise, not closed


@dataclass(frozen=True)
class Space:
    id: str
    tree: str
    kind: str                 # "branch" | "nest" | "leaf" | "sapling"
    polygon: Polygon
    capacity: int             # small figures: 4 (branch/sapling), 3 (leaf), 99 (nest)
    adjacent: tuple[str, ...]  # ids of spaces sharing a border
    owner: str = ""           # nests: the alliance ("mouse" | "rat")


@dataclass(frozen=True)
class Trunk:
    id: str
    tree: str
    polygon: Polygon


@dataclass(frozen=True)
class Battlefield:
    spaces: tuple[Space, ...]
    trunks: tuple[Trunk, ...]
    bounds: tuple[float, float, float, float]   # xmin, xmax, ymin, ymax
    axis_marker: tuple[float, float]
    home_trees: tuple[tuple[str, str], ...]     # (alliance, tree id)
