"""Dice thrown for real into a dice tray on a fresh Bullet table, for any cubic die.

A :class:`DiceKit` names the die model, its face table and the tray; the throw, the reading and
the re-throw of cocked dice are the same for every game (Tail Feathers' action dice,
game/tailfeathers/dice.py; the standard d6 of Snowbirds, game/snowbirds/dice.py). A roll of n dice
from an integer seed (one seeded RNG per throw; physics-notes §0.7):

1. the n dice start above the tray in a loose 5 x 2 grid, each with a random orientation and a
   throw (velocity) and spin, all drawn from ``np.random.default_rng([seed, attempt])``;
2. a fresh Table (the tray + all the kit's dice, unused dice off the table) runs with impulses at
   tick 0 until our settle detector stops it (game/table/table.py);
3. each die's top face is the face whose normal turned by its pose is closest to +z
   (models/dice_faces.top_face_index);
4. a die that is *cocked* -- its top normal more than ``COCKED_DEG`` from vertical, or not lying
   on the tray floor (on another die, against a wall, out of the tray) -- is rolled again, the
   usual table convention; the flat dice are read and set aside, only the cocked ones are thrown
   (attempt 1, 2, ...). If an episode hits the time cap unsettled, all its dice are re-rolled.

Each attempt is one :class:`feltbox.game.table.session.Episode` ("roll") that a replay recorder
writes under ``tray_header(kit)`` (the kit's own body table), and
``feltbox.game.replay.recorder.verify`` re-simulates them bit for bit.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.session import Episode
from feltbox.game.table.table import RECORD_HZ, TICK_HZ, Input, Table, build_info
from feltbox.models.dice_faces import top_face_index

COCKED_DEG = 15.0          # top normal further than this from vertical: cocked
FLAT_TOLERANCE = 0.1       # cm: a die's centre this far above/below flat-on-the-floor is not flat
MAX_ATTEMPTS = 8           # after this many throws a die is read as it lies (never seen)
SPEED = (80.0, 180.0)      # cm/s, horizontal throw
DROP = (20.0, 100.0)       # cm/s, downward
SPIN = (10.0, 35.0)        # rad/s
DROP_HEIGHT = (4.5, 6.5)   # cm, die centre above the tray floor at the start


@dataclass(frozen=True)
class DiceKit:
    """A set of identical cubic dice and the tray they are thrown into."""
    game: str                      # the replay header's scene game
    die_kind: str                  # catalog kind of one die (a Bullet box of edge ``size``)
    tray_kind: str                 # catalog kind of the tray (static, centred at the origin)
    max_dice: int                  # dice in the box: the body table holds them all
    faces: tuple                   # face labels, canonical order
    normals: np.ndarray            # (6, 3) local outward normal of each face, ``faces`` order
    size: float                    # edge of the die (cm)
    inner: tuple[float, float]     # tray inside length (x) and width (y), cm
    floor_top: float               # tray floor's top above the table (cm)

    def bodies(self) -> list[BodySpec]:
        """The roll's body table, in canonical order: the tray, then die-1 .. die-max."""
        return [BodySpec("dice_tray", self.tray_kind)] + \
            [BodySpec(f"die-{k + 1}", self.die_kind) for k in range(self.max_dice)]


def body_of(die: int) -> int:
    """Body index of die ``die`` (0-based) in a kit's body table."""
    return 1 + die


def thrown_poses(episodes, tray: tuple[float, float], n: int) -> Iterator[tuple[int, np.ndarray]]:
    """(k, pose) for each of kit dice 0..n-1 that an episode threw, as it lay when it was read,
    moved from the tray's frame (the kit's, its centre at the origin) to a table whose tray is
    centred at ``tray``; episodes in throw order, so a die thrown again comes last."""
    tx, ty = tray
    for ep in episodes:
        final = ep.result.final
        for k in range(n):
            if f"die-{k + 1}" in ep.outcome["dice"]:
                pose = np.array(final[body_of(k)], dtype=np.float64)
                pose[0] += tx
                pose[1] += ty
                yield k, pose


def parked(kit: DiceKit, bodies: list[BodySpec]) -> np.ndarray:
    """Where every body is when not thrown: the tray in place, the dice in a row beside it."""
    poses = np.zeros((len(bodies), 7), np.float32)
    poses[:, 3] = 1.0
    poses[0, 2] = bodies[0].model.rest_height
    for k in range(kit.max_dice):
        poses[body_of(k), :3] = (-12.0 + 2.4 * k, -kit.inner[1] / 2 - 6.0, kit.size / 2)
    return poses


def _random_quat(rng: np.random.Generator) -> np.ndarray:
    q = rng.normal(size=4)
    return q / np.linalg.norm(q)


def _perpendicular(v: np.ndarray) -> np.ndarray:
    a = np.array([1.0, 0.0, 0.0]) if abs(v[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    p = np.cross(v, a)
    return p / np.linalg.norm(p)


def throw(kit: DiceKit, dice: list[int], seed: int, attempt: int) -> tuple[np.ndarray, list[Input]]:
    """Start poses and tick-0 impulses that throw ``dice`` (0-based) into the tray.

    Each die gets a central impulse (its throw) and a couple (two opposite impulses at opposite
    offsets: pure spin), so velocity and spin are set independently and recorded as inputs."""
    bodies = kit.bodies()
    die = bodies[1].model
    rng = np.random.default_rng([int(seed), int(attempt)])
    poses = parked(kit, bodies)
    inputs: list[Input] = []
    for slot, k in enumerate(dice):
        b = body_of(k)
        x = -6.0 + 3.0 * (slot % 5) + rng.uniform(-0.4, 0.4)
        y = -1.5 + 3.0 * (slot // 5) + rng.uniform(-0.4, 0.4)
        z = kit.floor_top + rng.uniform(*DROP_HEIGHT)
        poses[b] = np.concatenate([[x, y, z], _random_quat(rng)]).astype(np.float32)
        angle = rng.uniform(0.0, 2.0 * np.pi)
        speed = rng.uniform(*SPEED)
        v = np.array([speed * np.cos(angle), speed * np.sin(angle), -rng.uniform(*DROP)])
        axis = _random_quat(rng)[1:]
        axis /= np.linalg.norm(axis)
        spin = axis * rng.uniform(*SPIN)
        inputs.append(Input(0, "impulse", b, tuple(float(c) for c in die.mass * v)))
        angular = die.inertia[0] * spin                  # a cube: isotropic inertia
        r = _perpendicular(axis) * (kit.size / 4)
        j = np.cross(angular, r) / (2.0 * float(r @ r))  # 2 r x j = angular
        inputs.append(Input(0, "impulse", b, tuple(float(c) for c in j), tuple(float(c) for c in r)))
        inputs.append(Input(0, "impulse", b, tuple(float(-c) for c in j), tuple(float(-c) for c in r)))
    return poses, inputs


@dataclass
class DieReading:
    die: int                 # 0-based die index
    face: object             # the kit's face label (a name, or a pip count)
    tilt: float              # degrees between the top face's normal and +z
    height: float            # centre above the tray floor (cm)
    cocked: bool


def read_dice(kit: DiceKit, final: np.ndarray, dice: list[int]) -> list[DieReading]:
    """Top face, tilt and cocked flag of each die from an (N,7) pose array."""
    half_x, half_y = kit.inner[0] / 2, kit.inner[1] / 2
    readings = []
    for k in dice:
        pose = np.asarray(final[body_of(k)], dtype=np.float64)
        index, tilt = top_face_index(pose[3:7], kit.normals)
        height = float(pose[2]) - kit.floor_top
        inside = abs(pose[0]) < half_x and abs(pose[1]) < half_y
        flat = abs(height - kit.size / 2) <= FLAT_TOLERANCE
        readings.append(DieReading(k, kit.faces[int(index)], float(tilt), height,
                                   bool(tilt > COCKED_DEG or not flat or not inside)))
    return readings


@dataclass
class RollResult:
    faces: list                                    # in die order
    rerolled: list[int]                            # dice (0-based) thrown more than once
    tilts: list[float]                             # final tilt of each die (degrees)
    attempts: int                                  # throws made (1 = no re-roll)
    episodes: list[Episode] = field(default_factory=list)
    sim_seconds: float = 0.0
    unsettled: int = 0                             # episodes that hit the time cap

    def measured(self) -> dict:
        """The contract's answer to PhysicsRequest("roll", {"dice": n})."""
        return {"faces": list(self.faces), "rerolled": list(self.rerolled)}


def roll_episode(kit: DiceKit, dice: list[int], seed: int, attempt: int) -> tuple[Episode, list[DieReading]]:
    """One throw of ``dice`` on a fresh table: the recordable episode and its readings. The
    episode's outcome names the faces as text (the replay schema's ``faces``: "bow", "5")."""
    bodies = kit.bodies()
    poses, inputs = throw(kit, dice, seed, attempt)
    present = np.zeros(len(bodies), bool)
    present[0] = True
    awake = [body_of(k) for k in dice]
    present[awake] = True
    result = Table(bodies, poses, present, awake).run(inputs)
    readings = read_dice(kit, result.final, dice)
    if not result.settled:                         # never read a die still moving
        for r in readings:
            r.cocked = True
    world = {"absent": [int(i) for i in np.flatnonzero(~present)], "awake": awake, "watch": None}
    outcome = {"seed": int(seed), "attempt": int(attempt), "dice": [bodies[b].id for b in awake],
               "faces": [str(r.face) for r in readings], "tilts": [round(r.tilt, 3) for r in readings],
               "cocked": [bodies[body_of(r.die)].id for r in readings if r.cocked],
               "settled": bool(result.settled)}
    episode = Episode("roll", result.start, world, [i.to_json() for i in inputs], result, outcome)
    return episode, readings


def roll(kit: DiceKit, n: int, seed: int, on_episode: Callable[[Episode], None] | None = None) -> RollResult:
    """Roll ``n`` of the kit's dice (1..max_dice) physically; cocked dice are thrown again."""
    if not 1 <= n <= kit.max_dice:
        raise ValueError(f"can roll 1..{kit.max_dice} dice, asked for {n}")
    faces: list = [None] * n
    tilts = [0.0] * n
    rerolled: list[int] = []
    episodes: list[Episode] = []
    pending = list(range(n))
    attempt = 0
    sim = 0.0
    unsettled = 0
    while pending:
        episode, readings = roll_episode(kit, pending, seed, attempt)
        episodes.append(episode)
        sim += episode.result.sim_seconds
        unsettled += not episode.result.settled
        if on_episode is not None:
            on_episode(episode)
        attempt += 1
        again = []
        for r in readings:
            if r.cocked and attempt < MAX_ATTEMPTS:
                again.append(r.die)
            else:
                faces[r.die], tilts[r.die] = r.face, r.tilt
        for k in again:
            if k not in rerolled:
                rerolled.append(k)
        pending = again
    return RollResult([f for f in faces if f is not None], sorted(rerolled), tilts, attempt,
                      episodes, sim, unsettled)


def tray_header(kit: DiceKit, seed: int = 0) -> dict:
    """A replay header for roll episodes: the kit's body table instead of a city's."""
    return {"build": build_info(), "units": "cm", "tick_hz": TICK_HZ, "record_hz": RECORD_HZ,
            "bodies": [b.to_json() for b in kit.bodies()], "seed": int(seed),
            "scene": {"game": kit.game, "number": 0, "source": "dice_tray"}}
