"""Flicks: an aim becomes an impulse, and weapons are set up where the rulebook puts them.

Rulebook references: MOVE (the movement disc replaces the figure), GUN (a bullet to the left or
right of the survivor at a distance of one bullet), KNIFE (stood upright, same place), BASEBALL
BAT (replaces the figure, flat, flicked by the knob, straight or spinning), SHOTGUN (template next
to the survivor, 4 pellets in the barrel, template held), SNIPER RIFLE (template, one bullet),
FLARE (flicked from the survivor's side).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from feltbox.game.table.bodies import collision_points, quat_rotate
from feltbox.game.table.city import City, compose, rest_pose
from feltbox.game.table.spawn import clear_spot
from feltbox.game.table.table import Input
from feltbox.models.dimensions import dims

FLICK = dims()["flick"]
WEAPON_KINDS = ("movement_disc", "bullet", "knife", "bat", "shotgun", "sniper", "flare", "figure")


@dataclass(frozen=True)
class Aim:
    """A player's flick: direction (degrees from +x), power 0..1, and spin.

    ``spin`` in -1..1 moves the struck point sideways off the centre line by that fraction of the
    piece's half-width (positive = to the left of the direction), which makes the piece turn.
    Power maps to distance: a full-power movement disc slides about a table's width (~100 cm),
    and distance grows linearly with power (speed with its square root).
    """
    direction: float
    power: float
    spin: float = 0.0

    def __post_init__(self):
        if not 0.0 <= self.power <= 1.0:
            raise ValueError(f"aim power {self.power} is outside 0..1")
        if not -1.0 <= self.spin <= 1.0:
            raise ValueError(f"aim spin {self.spin} is outside -1..1")

    def unit(self) -> np.ndarray:
        a = np.radians(self.direction)
        return np.array([np.cos(a), np.sin(a), 0.0])

    def to_json(self) -> dict:
        return {"direction": self.direction, "power": self.power, "spin": self.spin}


def speed_for(power: float) -> float:
    """Launch speed (cm/s) for a power: distance is proportional to power (v^2 ~ distance)."""
    return FLICK["full_power_speed"] * float(np.sqrt(max(power, FLICK["min_power"])))


def flick_input(city: City, index: int, aim: Aim, pose: np.ndarray, tick: int = 0,
                strike_point: np.ndarray | None = None) -> Input:
    """The impulse of a flick on body ``index`` standing at ``pose``.

    The impulse acts at the height of the centre of mass (a finger flick slides a piece rather
    than lifting it), offset sideways by the spin, or at ``strike_point`` (body-frame) if given.
    """
    model = city.bodies[index].model
    direction = aim.unit()
    impulse = model.mass * speed_for(aim.power) * direction
    left = np.array([-direction[1], direction[0], 0.0])
    if strike_point is not None:
        offset = quat_rotate(pose[3:7], np.asarray(strike_point, dtype=float))
    else:
        offset = np.zeros(3)
    points = collision_points(model)
    half_width = 0.5 * float(np.ptp(points[:, 1]))
    offset = offset + left * aim.spin * half_width
    offset[2] = 0.0 if strike_point is None else offset[2]
    return Input(tick, "impulse", index, tuple(float(v) for v in impulse), tuple(float(v) for v in offset))


@dataclass
class FlickSetup:
    """Everything a flick episode needs: the snapshot, who is on the table, the inputs."""
    poses: np.ndarray
    present: np.ndarray
    flicked: int
    inputs: list[Input]
    awake: list[int] = field(default_factory=list)
    replaced: int | None = None      # the survivor the disc or bat stands in for (off the table)
    held: list[int] = field(default_factory=list)   # templates held still during the flick

    @property
    def watched(self) -> list[int]:
        """Bodies whose touches the rules judge: the flicked piece, or every pellet of a shot."""
        return [i for i in self.awake if i not in self.held] if len(self.inputs) > 1 else [self.flicked]


def _side_vector(heading: float, side: str) -> np.ndarray:
    if side not in ("left", "right"):
        raise ValueError(f"side must be 'left' or 'right', got {side!r}")
    a = np.radians(heading + (90.0 if side == "left" else -90.0))
    return np.array([np.cos(a), np.sin(a)])


def _place(city: City, poses: np.ndarray, present: np.ndarray, piece: str, xy: np.ndarray,
           heading: float, base_z: float = 0.0) -> int:
    i = city.index(piece)
    poses[i] = rest_pose(city.bodies[i], float(xy[0]), float(xy[1]), heading, base_z=base_z)
    present[i] = True
    return i


def setup_flick(city: City, poses: np.ndarray, present: np.ndarray, survivor: str, weapon: str,
                aim: Aim, side: str = "right", piece_heading: float | None = None,
                start_xy: tuple[float, float] | None = None) -> FlickSetup:
    """Put the flicked component where the rulebook says and aim it.

    ``weapon``: movement_disc | bat (replace the survivor) | bullet | knife | flare (beside it,
    one bullet's width away) | shotgun | sniper (template beside it) | figure (flick the survivor
    itself, Mike's power). ``start_xy`` overrides the start point (behind a building to exit it).
    """
    if weapon not in WEAPON_KINDS:
        raise ValueError(f"unknown weapon {weapon!r} (known: {', '.join(WEAPON_KINDS)})")
    poses = np.array(poses, dtype=np.float32)
    present = np.array(present, dtype=bool)
    s = city.index(survivor)
    sxy = np.asarray(start_xy if start_xy is not None else poses[s, :2], dtype=float)
    heading = heading_of(poses[s]) if piece_heading is None else piece_heading
    base_r = dims()["figure"]["base_diameter"] / 2
    bullet_d = dims()["bullet"]["diameter"]
    beside = sxy + _side_vector(heading, side) * (base_r + bullet_d + bullet_d / 2)
    if weapon in ("movement_disc", "bat"):
        present[s] = False
        piece_heading = aim.direction if piece_heading is None else piece_heading
        i = _place(city, poses, present, weapon, sxy, piece_heading)
        clear_spot(city, poses, present, [i])
        strike = np.array(city.bodies[i].model.anchors["knob"]) if weapon == "bat" else None
        inp = flick_input(city, i, aim, poses[i].astype(float), strike_point=strike)
        return FlickSetup(poses, present, i, [inp], [i], replaced=s)
    if weapon == "figure":
        return FlickSetup(poses, present, s, [flick_input(city, s, aim, poses[s].astype(float))], [s])
    if weapon in ("bullet", "knife", "flare"):
        piece = {"bullet": "bullet-1", "knife": "knife", "flare": "flare-1"}[weapon]
        # from inside a building the shot starts behind it (SHOOTING FROM INSIDE A BUILDING)
        at = sxy if start_xy is not None else beside
        i = _place(city, poses, present, piece, at, aim.direction)
        clear_spot(city, poses, present, [i])
        return FlickSetup(poses, present, i, [flick_input(city, i, aim, poses[i].astype(float))], [i])
    return _setup_template(city, poses, present, weapon, beside, heading, side, aim)


def _setup_template(city: City, poses: np.ndarray, present: np.ndarray, weapon: str,
                    beside: np.ndarray, heading: float, side: str, aim: Aim) -> FlickSetup:
    """Shotgun: 4 pellets staggered in the barrel; sniper: one bullet. The template is held."""
    template = f"{weapon}_template"
    t_model = city.bodies[city.index(template)].model
    # The template lies beside the survivor; shift it out so its body clears the figure.
    half_w = dims()[template]["width"] / 2
    centre = beside + _side_vector(heading, side) * half_w
    t = _place(city, poses, present, template, centre, aim.direction)
    start = compose(poses[t].astype(float), t_model.anchors["barrel_start"])
    direction = aim.unit()
    left = np.array([-direction[1], direction[0], 0.0])
    if weapon == "sniper":
        pieces = [("bullet-1", start[:2])]
    else:   # "not perfectly aligned with each other" (SHOTGUN): a zig-zag of 4 pellets
        step = dims()["pellet"]["diameter"] * 1.02
        pieces = [(f"pellet-{k + 1}", (start + direction * step * k + left * (0.18 if k % 2 else -0.18))[:2])
                  for k in range(4)]
    floor = float(start[2])
    placed = [_place(city, poses, present, piece, xy, aim.direction, base_z=floor) for piece, xy in pieces]
    clear_spot(city, poses, present, [t, *placed])      # the template and its load move as one
    # The finger sweeps the back of the load: every piece in the barrel gets the flick (striking
    # only the rearmost pellet shares its momentum four ways and the shot dies in the barrel).
    inputs = [flick_input(city, i, aim, poses[i].astype(float)) for i in placed]
    return FlickSetup(poses, present, placed[0], inputs, placed, held=[t])


def heading_of(pose: np.ndarray) -> float:
    """Heading (degrees) of a body's local +x axis projected on the table.

    ``quat_rotate`` of +x written out in Python floats (the same operations in the same order,
    so the same bits: tests/test_measure_fast.py): numpy's cost on one vector was most of it."""
    w, ux, uy, uz = (float(v) for v in pose[3:7])
    t0, t1, t2 = 2.0 * (uy * 0.0 - uz * 0.0), 2.0 * (uz * 1.0 - ux * 0.0), 2.0 * (ux * 0.0 - uy * 1.0)
    x = (1.0 + w * t0) + (uy * t2 - uz * t1)
    y = (0.0 + w * t1) + (uz * t0 - ux * t2)
    return float(np.degrees(np.arctan2(y, x)))
