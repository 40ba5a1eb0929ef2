"""The piece description every model builder returns, and geometry helpers shared by builders.

Conventions (used everywhere in feltbox):
- units are centimetres and grams; +z is up; the table top is z = 0;
- a piece's *body frame* has its origin at the centre of mass; ``rest_height`` is the height of
  that origin above the table when the piece stands in its rest pose (heading 0 faces +x);
- collision parts are convex hulls or boxes placed in the body frame.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from feltbox.models.lazy import trimesh

RGBA = tuple[float, float, float, float]
Part = tuple["trimesh.Trimesh", RGBA]                   # a visual mesh with its colour (trimesh loads lazily)
HULL_MARGIN = 0.04   # Bullet's default convex margin (cm): hulls are inflated by it


@dataclass(frozen=True)
class CollisionPart:
    """One convex child of a piece's collision shape, in the body frame.

    kind "hull": ``points`` (M,3) are the hull vertices. kind "box": ``half_extents`` (3,) and
    ``offset`` (3,) give an axis-aligned box centred at ``offset``.
    """
    kind: str
    points: np.ndarray | None = None
    half_extents: tuple[float, float, float] | None = None
    offset: tuple[float, float, float] = (0.0, 0.0, 0.0)


@dataclass(frozen=True, eq=False)
class Print:
    """An image printed on a flat face of a piece (a mat's tracks, a card's face): a textured quad
    in the body frame, drawn a hair above its face so it never fights with it."""
    corners: np.ndarray        # (4, 3): the image's bottom-left, bottom-right, top-right, top-left
    image: np.ndarray          # (H, W, 4) uint8 RGBA, top row first (as Pillow gives it)


@dataclass
class PieceModel:
    """What the physics and render rooms need to know about one piece kind instance."""
    kind: str
    visuals: list[tuple[trimesh.Trimesh, RGBA]]       # meshes in the body frame, with colours
    collision: list[CollisionPart]
    mass: float                                        # grams; 0 means static (never moves)
    inertia: tuple[float, float, float]                # principal moments, g*cm^2, body axes
    rest_height: float                                 # body origin above the table at rest
    top_height: float                                  # top of the piece above the table at rest
    smallest_dim: float                                # for CCD swept-sphere radius
    friction: float = 0.5
    restitution: float = 0.3
    angular_damping: float = 0.2
    margin: float = HULL_MARGIN                        # Bullet margin of the hull parts (cm)
    tags: frozenset[str] = field(default_factory=frozenset)  # e.g. {"figure", "object", "disc"}
    anchors: dict[str, tuple[float, float, float]] = field(default_factory=dict)  # named points
    prints: tuple[Print, ...] = ()                     # printed images (textures) on its faces
    see_through: frozenset[int] = frozenset()          # visual parts drawn only, which the pointer
                                                       # passes through (a tree's canopy): indices

    def visual_mesh(self) -> trimesh.Trimesh:
        """All visual parts as one mesh (for bounds and hulls)."""
        return trimesh.util.concatenate([m for m, _ in self.visuals])


def regular_polygon(radius: float, sides: int, phase: float = 0.0) -> np.ndarray:
    """(sides, 2) vertices of a regular polygon centred at the origin, counter-clockwise."""
    angles = phase + np.arange(sides) * 2.0 * np.pi / sides
    return np.column_stack([radius * np.cos(angles), radius * np.sin(angles)])


def convex_prism(polygon_xy: np.ndarray, z0: float, z1: float) -> trimesh.Trimesh:
    """A convex prism from a convex polygon: its hull, needing no triangulation library."""
    poly = np.asarray(polygon_xy, dtype=float)
    bottom = np.column_stack([poly, np.full(len(poly), z0)])
    top = np.column_stack([poly, np.full(len(poly), z1)])
    return trimesh.convex.convex_hull(np.vstack([bottom, top]))


def box(size: tuple[float, float, float], center: tuple[float, float, float] = (0, 0, 0)) -> trimesh.Trimesh:
    mesh = trimesh.creation.box(extents=size)
    mesh.apply_translation(center)
    return mesh


def hull_part(mesh: trimesh.Trimesh) -> CollisionPart:
    """A collision part from a convex solid (in the body frame): an axis-aligned box becomes a
    Bullet box (its margin lies inside, so stacked boxes rest flush and do not creep), anything
    else a convex hull."""
    points = np.asarray(mesh.convex_hull.vertices, dtype=np.float64)
    lo, hi = points.min(axis=0), points.max(axis=0)
    if len(points) == 8 and np.isclose(mesh.volume, np.prod(hi - lo), rtol=1e-6):
        return CollisionPart("box", points=points, half_extents=tuple((hi - lo) / 2),
                             offset=tuple((hi + lo) / 2))
    return CollisionPart("hull", points=points)


def inflation(model: PieceModel) -> float:
    """How far Bullet's collision surface lies outside the model's hulls (box margins are inside)."""
    return model.margin if any(p.kind == "hull" for p in model.collision) else 0.0


def mass_properties(solids: list[trimesh.Trimesh], density: float,
                    total_mass: float | None = None) -> tuple[float, np.ndarray, np.ndarray]:
    """Mass, centre of mass and principal inertia of a union of watertight solids.

    Uses each solid's exact volume integrals; overlapping solids are counted twice, so builders
    pass non-overlapping solids. With ``total_mass`` the density is rescaled to hit that mass.
    """
    volumes = np.array([s.volume for s in solids])
    coms = np.array([s.center_mass for s in solids])
    volume = volumes.sum()
    rho = density if total_mass is None else total_mass / volume
    mass = rho * volume
    com = (coms * volumes[:, None]).sum(axis=0) / volume
    inertia = np.zeros((3, 3))
    for s, v in zip(solids, volumes):
        s_inertia = s.moment_inertia * rho  # about the solid's own centre of mass, unit density
        d = s.center_mass - com
        inertia += s_inertia + rho * v * (np.dot(d, d) * np.eye(3) - np.outer(d, d))
    return float(mass), com, np.diag(inertia).copy()


def finish(kind: str, parts: list[tuple[trimesh.Trimesh, RGBA]], collision_solids: list[trimesh.Trimesh],
           *, density: float = 1.2, mass: float | None = None, static: bool = False,
           mass_solids: list[trimesh.Trimesh] | None = None, **extra) -> PieceModel:
    """Build a PieceModel from meshes given in a *table frame* (rest pose, z=0 is the table).

    Moves everything so the body origin is the centre of mass of ``mass_solids`` (default: the
    collision solids), computes inertia from the meshes (Bullet's compound inertia is only an AABB
    estimate), and turns each collision solid into a convex hull part.
    """
    solids = mass_solids or collision_solids
    m, com, inertia = mass_properties(solids, density, mass)
    shift = -com
    visuals = []
    for mesh, colour in parts:
        moved = mesh.copy()
        moved.apply_translation(shift)
        visuals.append((moved, colour))
    collision = []
    for solid in collision_solids:
        moved = solid.copy()
        moved.apply_translation(shift)
        collision.append(hull_part(moved))
    all_points = np.vstack([p.points for p in collision])
    extents = all_points.max(axis=0) - all_points.min(axis=0)
    top = max(float(mesh.bounds[1][2]) for mesh, _ in parts)
    anchors = {name: tuple(np.asarray(p, dtype=float) + shift) for name, p in extra.pop("anchors", {}).items()}
    prints = tuple(Print(np.asarray(p.corners, dtype=float) + shift, p.image) for p in extra.pop("prints", ()))
    return PieceModel(kind=kind, visuals=visuals, collision=collision,
                      mass=0.0 if static else m, inertia=tuple(float(i) for i in inertia),
                      rest_height=float(com[2]), top_height=top, smallest_dim=float(extents.min()),
                      anchors=anchors, prints=prints, **extra)


def slab(polygon: np.ndarray, axis: str, t0: float, t1: float) -> trimesh.Trimesh:
    """A convex slab: a convex polygon drawn in the plane normal to ``axis`` ('x' or 'y'),
    extruded from t0 to t1 along that axis. Points are (a, z) with a = y for 'x', a = x for 'y'."""
    poly = np.asarray(polygon, dtype=float)
    pts = []
    for t in (t0, t1):
        if axis == "x":
            pts.append(np.column_stack([np.full(len(poly), t), poly[:, 0], poly[:, 1]]))
        else:
            pts.append(np.column_stack([poly[:, 0], np.full(len(poly), t), poly[:, 1]]))
    return trimesh.convex.convex_hull(np.vstack(pts))


def cylinder(radius: float, z0: float, z1: float, sides: int = 16,
             center: tuple[float, float] = (0.0, 0.0)) -> trimesh.Trimesh:
    """A 16-gon prism standing on the table plane (discs, bases, barrels)."""
    return convex_prism(regular_polygon(radius, sides) + np.asarray(center), z0, z1)


def rect(y0: float, z0: float, y1: float, z1: float) -> np.ndarray:
    """A rectangle in a slab's (a, z) plane."""
    return np.array([[y0, z0], [y1, z0], [y1, z1], [y0, z1]], dtype=float)
