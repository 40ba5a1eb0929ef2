"""The in-memory form of a Tail Feathers scene file (``game = "tailfeathers"``).

Positions are table cm (battlefield centre 0, 0; +x east, +y north); rotations and headings in
degrees counter-clockwise. Overlay spaces are named by the overlay shape (``r1``.. ring spaces
around the trunk, ``b2a``, ``b2b``.. branch segments); on the battlefield a space's id is
``<tree id>.<space name>``, a nest's and a leaf's id is its own.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class TreeSetup:
    id: str
    overlay: str              # oak, elm, ash, beech or sapling
    x: float
    y: float
    rotation: float = 0.0
    line: int = 0


@dataclass(frozen=True)
class NestSetup:
    id: str
    owner: str                # "mouse" | "rat"
    tree: str
    branch: str               # the branch tip (space name) the nest sits on
    life: int                 # the nest dial's starting life (house: the scenario book is not in text)
    line: int = 0


@dataclass(frozen=True)
class LeafSetup:
    id: str
    tree: str
    branch: str               # the branch tip whose connecting point holds the stem
    side: str = "green"
    line: int = 0


@dataclass(frozen=True)
class FigureSetup:
    """A deployed figure: on a space (``space`` id) or flying at (x, y, heading)."""
    id: str
    kind: str                 # tf_bird or tf_rodent
    params: dict[str, Any] = field(default_factory=dict)
    alliance: str = "mouse"
    space: str | None = None
    x: float = 0.0
    y: float = 0.0
    heading: float = 0.0
    line: int = 0


@dataclass(frozen=True)
class PieceSetup:
    """Any other Tail Feathers piece lying on the table (tail feathers, missions, dice...)."""
    id: str
    kind: str
    params: dict[str, Any]
    x: float
    y: float
    heading: float = 0.0
    line: int = 0


@dataclass(frozen=True)
class TFScene:
    game: str                 # "tailfeathers"
    name: str                 # file stem, e.g. "show_of_force"
    title: str
    source: str
    house_layout: bool
    bounds: tuple[float, float, float, float]      # xmin, xmax, ymin, ymax
    axis_marker: tuple[float, float]
    home_trees: dict[str, str]                     # alliance -> tree id
    trees: tuple[TreeSetup, ...]
    nests: tuple[NestSetup, ...]
    leaves: tuple[LeafSetup, ...]
    figures: tuple[FigureSetup, ...]
    pieces: tuple[PieceSetup, ...] = ()
    notes: str = ""
    forces: tuple = ()        # custom forces in play (rules.tailfeathers.forces.Force; game/tailfeathers/forces.py)
    rules: tuple[str, ...] = ()   # the additional rules this battle is played with (rules.tailfeathers.state.ADDITIONAL)
    grudges: tuple[str, ...] = ()  # bird figures starting with a grudge marker (the scenario's; house where unknown)

    def tree(self, tree_id: str) -> TreeSetup:
        for t in self.trees:
            if t.id == tree_id:
                return t
        raise KeyError(f"{self.source}: no tree {tree_id!r}")
