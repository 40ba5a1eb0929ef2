"""The physical table: one fresh Bullet world per episode, stepped at fixed integer ticks.

Follows physics-notes §0: centimetres, gravity -981, 240 Hz with ``doPhysics(h, 1, h)`` once per
tick, CCD on small pieces, a new world built from a float32 pose snapshot with bodies attached in
canonical order (that is what makes replays bit-exact), and our own settle detector. Bodies that
start at rest are put to sleep; Bullet wakes whatever a moving piece touches, so a flick only pays
for the bodies it reaches. Sleeping is only a speed-up: it is set the same way on every rebuild.
"""
from __future__ import annotations

import ctypes
import functools
import struct
import sys
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import compress
from operator import call

import numpy as np
import panda3d
from panda3d.bullet import BulletWorld, getBulletVersion
from panda3d.core import ConfigVariableBool, Point3, RenderState, TransformState, Vec3

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.pieces import make_placed_body, make_table_plane
from feltbox.game.table.touch_gate import TouchGate
from feltbox.models.dimensions import dims


def build_info() -> dict:
    """The physics build an episode ran on: re-simulation is bit-exact only on the same one."""
    return {"panda3d": panda3d.__version__, "bullet": str(getBulletVersion())}


@functools.cache
def _keep_freed_pools() -> None:
    """Let glibc reuse a freed world's memory pools instead of unmapping them.

    A BulletWorld allocates its manifold and algorithm pools (a few MB) with mmap; glibc hands
    them back to the OS on every free, so each fresh world per episode paid ~1 ms of page faults.
    Raising the mmap and trim thresholds keeps them in the heap: a new world then costs ~20 us.
    Called by the first Table, not at import: importing the module changes nothing.
    """
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL("libc.so.6")
        except OSError:        # not glibc (musl, ...): only a speed-up, nothing to do
            return
        libc.mallopt(-3, 64 * 1024 * 1024)    # M_MMAP_THRESHOLD
        libc.mallopt(-1, 128 * 1024 * 1024)   # M_TRIM_THRESHOLD


_UNIQUIFY = ConfigVariableBool("uniquify-transforms")


@contextmanager
def unshared_states() -> Iterator[None]:
    """Step Bullet with Panda3D's transform states left out of its state cache.

    After every tick Panda3D gives each moving body a new TransformState. By default each one is
    looked up in (and added to) the process-wide state cache, and stays there until
    ``collect_states``: 0.6 us a state to add and as much to collect, ~3 ms a rush. The table
    never composes these states or compares them by identity, so while an episode steps they
    are made unshared: a state then dies with the tick that replaced it. Poses are the same bits
    (tests/test_rush_watch.py, tests/test_cli_replay.py, and every old replay verifies).
    Restores the setting after, for the window's scene graph, which does use the cache."""
    had, before = _UNIQUIFY.hasLocalValue(), _UNIQUIFY.getValue()
    _UNIQUIFY.setValue(False)
    try:
        yield
    finally:
        if had:
            _UNIQUIFY.setValue(before)
        else:
            _UNIQUIFY.clearLocalValue()


_LEGACY_WAKE: ContextVar[bool] = ContextVar("legacy_wake_polling", default=False)


@contextmanager
def legacy_wake_polling(on: bool = True) -> Iterator[None]:
    """Tables built inside ask only the already-woken bodies whether they are awake while the
    watched pieces touch nothing but the felt, as every episode did before replay v5: how
    ``feltbox replay --verify`` re-runs a v1-v4 file bit for bit (``Table._awake`` says what it
    missed)."""
    token = _LEGACY_WAKE.set(on)
    try:
        yield
    finally:
        _LEGACY_WAKE.reset(token)


def collect_states() -> None:
    """Free the transform (and render) states nothing uses any more.

    Every tick, Bullet gives each moving body a new TransformState; Panda3D keeps unused states in
    its cache until a garbage-collection pass (``garbage-collect-states``), which the frame loop
    runs in the window and nothing runs headless: a bot game grew to ~300 MB of dead states. Each
    episode's end runs the pass. Only unreferenced states go, so no pose or result changes."""
    TransformState.garbageCollect()
    RenderState.garbageCollect()


_POSE_ROW = struct.Struct("7f")       # one row of the (N,7) float32 pose table, native order
_POSE_BYTES = _POSE_ROW.size
PHYS = dims()["physics"]
TICK_HZ: int = int(PHYS["tick_hz"])
RECORD_HZ: int = int(PHYS["record_hz"])
TICKS_PER_FRAME: int = TICK_HZ // RECORD_HZ
DT: float = 1.0 / TICK_HZ
# A contact point this close counts as a touch: solver and margins can bounce a piece off at a
# hair's breadth (0.3 mm measured) without the distance ever reaching zero at a tick boundary.
TOUCH_DISTANCE = 0.05


@dataclass(frozen=True)
class Input:
    """One physical input at an integer tick (applied before that tick is stepped).

    op "impulse": add ``vector`` (g*cm/s) at ``offset`` (cm, world axes, from the centre of mass).
    op "remove": take the body out of the world (pulling the tower's roof support) and park its
    pose at position ``vector`` so playback shows it set aside.
    """
    tick: int
    op: str
    body: int
    vector: tuple[float, float, float] = (0.0, 0.0, 0.0)
    offset: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def to_json(self) -> dict:
        return {"tick": self.tick, "op": self.op, "body": self.body,
                "vector": list(self.vector), "offset": list(self.offset)}

    @staticmethod
    def from_json(data: dict) -> Input:
        return Input(int(data["tick"]), str(data["op"]), int(data["body"]),
                     tuple(float(v) for v in data.get("vector", (0, 0, 0))),
                     tuple(float(v) for v in data.get("offset", (0, 0, 0))))


@dataclass
class EpisodeResult:
    """What one episode did: poses at 60 Hz, the end state and the watched body's contacts."""
    start: np.ndarray                 # (N,7) float32 snapshot the world was built from
    final: np.ndarray                 # (N,7) float32 poses at the end
    frames: np.ndarray                # (T,N,7) float32, one per 1/60 s after the start
    ticks: int
    settled: bool
    contacts: list[tuple[int, int]] = field(default_factory=list)  # (tick, body) first touches
    woken: np.ndarray | None = None   # (N,) bool: bodies that moved in Bullet at some point
    # every watched body's first touches, when several are watched (the 4 shotgun pellets)
    contacts_of: dict[int, list[tuple[int, int]]] = field(default_factory=dict)

    @property
    def sim_seconds(self) -> float:
        return self.ticks / TICK_HZ


class Table:
    """A fresh world built from ``poses`` for ``bodies``; ``present`` masks bodies off the table.

    Every dynamic body except those in ``awake`` starts asleep. Static models (mass 0: the tower,
    the bin, a held template) never move.
    """

    def __init__(self, bodies: Sequence[BodySpec], poses: np.ndarray,
                 present: np.ndarray | None = None, awake: Iterable[int] = ()):
        poses = np.asarray(poses, dtype=np.float32)
        if poses.shape != (len(bodies), 7):
            raise ValueError(f"pose snapshot has shape {poses.shape}, expected ({len(bodies)}, 7)")
        _keep_freed_pools()               # once per process, when the first table is built
        self.bodies = list(bodies)
        self.start = poses.copy()
        self._poses = poses.copy()
        self._pose_rows = memoryview(self._poses).cast("B")     # _read packs poses into it
        self.present = np.ones(len(bodies), bool) if present is None else np.asarray(present, bool)
        self.tick = 0
        self.world = BulletWorld()
        self.world.setGravity(Vec3(0, 0, PHYS["gravity"]))
        plane = make_table_plane()
        self.world.attachRigidBody(plane)
        awake_set = set(awake)
        self.nodes: list = [None] * len(bodies)
        self._index_of_name: dict[str, int] = {}
        self.woken = np.zeros(len(bodies), bool)
        attach = self.world.attachRigidBody
        for i, spec in enumerate(self.bodies):           # canonical order (determinism)
            if not self.present[i]:
                continue
            model = spec.model
            # no scene graph: bodies live only in the world, so nothing syncs NodePaths per step
            node = make_placed_body(spec.id, model, poses[i])
            attach(node)
            if model.mass > 0.0:
                if i in awake_set:
                    node.setActive(True)
                    self.woken[i] = True
                else:
                    node.setActive(False)
            self.nodes[i] = node
            self._index_of_name[spec.id] = i
        self._legacy_wake = _LEGACY_WAKE.get()
        self._contained = False
        self._last_awake: list[int] = []
        self._contact_test = self.world.contactTest
        self._dynamic = [i for i in range(len(bodies))
                         if self.nodes[i] is not None and self.bodies[i].model.mass > 0.0]
        self._is_active = [self.nodes[i].isActive for i in self._dynamic]    # in _dynamic's order

    # -- inputs -------------------------------------------------------------------------------
    def apply(self, inp: Input) -> None:
        node = self.nodes[inp.body]
        if node is None:
            raise ValueError(f"body {self.bodies[inp.body].id!r} is not on the table")
        if inp.op == "impulse":
            node.setActive(True, True)
            node.applyImpulse(Vec3(*inp.vector), Point3(*inp.offset))
            self.woken[inp.body] = True
        elif inp.op == "remove":
            self.world.removeRigidBody(node)
            self.nodes[inp.body] = None
            keep = [k for k, i in enumerate(self._dynamic) if i != inp.body]
            self._dynamic = [self._dynamic[k] for k in keep]
            self._is_active = [self._is_active[k] for k in keep]
            # What rested on it must already be awake (Bullet wakes nothing on removal):
            # episodes that pull a support list those bodies in ``awake``.
            self._poses[inp.body, :3] = np.asarray(inp.vector, dtype=np.float32)
        else:
            raise ValueError(f"unknown input op {inp.op!r}")

    # -- stepping -----------------------------------------------------------------------------
    def step(self) -> None:
        """One fixed tick (physics-notes trap: never let doPhysics substep by itself)."""
        self.world.doPhysics(DT, 1, DT)
        self.tick += 1

    def _awake(self) -> list[int]:
        """Bodies Bullet simulates now: every dynamic body is asked (in C loops: map, compress;
        a Python loop cost 25 us a frame). Bullet wakes a sleeping body not only by a contact but
        whenever its bounding box overlaps an awake body's (it unites islands by broadphase
        pairs), so no shorter list is safe. Before replay v5 (``legacy_wake_polling``), while the
        watched pieces had touched nothing but the felt, only the bodies already woken were
        asked: a body woken by an overlap then settled unrecorded."""
        if self._contained:
            return [i for i in np.flatnonzero(self.woken).tolist() if self.nodes[i] is not None
                    and self.nodes[i].isActive()]
        awake = list(compress(self._dynamic, map(call, self._is_active)))
        if awake != self._last_awake:        # mostly the same bodies as a frame ago
            self.woken[awake] = True
            self._last_awake = awake
        return awake

    def _read(self, indices: list[int]) -> None:
        """Read Bullet's poses of ``indices`` into their rows of the float32 pose table (packed
        straight into its memory: Panda3D's components are float32 already, so nothing rounds)."""
        pack, rows, nodes = _POSE_ROW.pack_into, self._pose_rows, self.nodes
        for i in indices:
            ts = nodes[i].getTransform()
            p = ts.getPos()
            q = ts.getQuat()
            pack(rows, _POSE_BYTES * i, p[0], p[1], p[2], q[0], q[1], q[2], q[3])

    def _still(self, indices: list[int]) -> bool:
        lin2 = PHYS["settle_linear"] ** 2
        ang2 = PHYS["settle_angular"] ** 2
        for i in indices:
            node = self.nodes[i]
            if node.getLinearVelocity().lengthSquared() > lin2:
                return False
            if node.getAngularVelocity().lengthSquared() > ang2:
                return False
        return True

    def poses(self) -> np.ndarray:
        """(N,7) float32 poses now. Bodies that never woke keep their snapshot bits exactly."""
        self._read(list(np.flatnonzero(self.woken & self.present)))
        return self._poses.copy()

    def run(self, inputs: Sequence[Input] = (), watch: int | Sequence[int] | None = None,
            cap_s: float | None = None, min_ticks: int = 0,
            touch: Sequence[int] | None = None) -> EpisodeResult:
        """Apply inputs at their ticks and step until settled (own detector) or the time cap.

        The loop is the hot path of every episode: work per tick is one Bullet step and, per
        watched body, one contact query; poses are read and stillness checked per frame.
        ``touch``: only touches of these bodies count, and a watched body is queried only while
        it may be touching one of them (touch_gate.TouchGate); None: every touch.
        """
        cap = int(round((cap_s or PHYS["episode_cap_s"]) * TICK_HZ))
        pending = sorted(inputs, key=lambda inp: inp.tick)
        quiet_after = max([inp.tick for inp in pending] + [min_ticks])
        need_still = max(1, int(PHYS["settle_ticks"]) // TICKS_PER_FRAME)
        watched = [] if watch is None else ([watch] if isinstance(watch, int) else list(watch))
        # replay v1-v4 only (``legacy_wake_polling``): only the watched pieces move, until one
        # of them touches something but the felt (a gated watch does not see every touch)
        self._contained = self._legacy_wake and bool(watched) and touch is None and \
            set(np.flatnonzero(self.woken).tolist()) <= set(watched)
        only = None if touch is None else frozenset(touch)
        gate = None if touch is None else TouchGate(self.bodies, self.nodes, watched, list(touch),
                                                    TICKS_PER_FRAME * DT, TOUCH_DISTANCE)
        if gate is not None:
            gate.frame(self._poses, self.woken)
            due = gate.due
        seen: dict[int, set[int]] = {w: set() for w in watched}
        contacts_of: dict[int, list[tuple[int, int]]] = {w: [] for w in watched}
        frames = np.empty((cap // TICKS_PER_FRAME, len(self.bodies), 7), np.float32)
        n_frames = 0
        still_checks = 0
        settled = False
        do_physics, touches, nodes = self.world.doPhysics, self._touches, self.nodes

        def queries() -> list[tuple]:
            """(node, body, its touches seen, its first touches) of each watched body on the
            table: without a gate, every one is asked after every tick"""
            return [(nodes[w], w, seen[w], contacts_of[w]) for w in watched if nodes[w] is not None]
        every = queries() if gate is None else []
        with unshared_states():
            while self.tick < cap:
                if pending and pending[0].tick == self.tick:
                    while pending and pending[0].tick == self.tick:
                        self.apply(pending.pop(0))
                    every = queries() if gate is None else []      # an input may take one off
                do_physics(DT, 1, DT)            # self.step(), without the call
                self.tick += 1
                for node, w, s, out in every:
                    touches(node, w, s, out, only)
                if gate is not None:
                    for w in due():
                        node = nodes[w]
                        if node is not None:
                            touches(node, w, seen[w], contacts_of[w], only)
                if self.tick % TICKS_PER_FRAME:
                    continue
                awake = self._awake()
                self._read(awake)
                if gate is not None:
                    gate.frame(self._poses, self.woken)
                frames[n_frames] = self._poses
                n_frames += 1
                if self.tick <= quiet_after:
                    continue
                still_checks = still_checks + 1 if self._still(awake) else 0
                if still_checks >= need_still:
                    settled = True
                    break
        first = contacts_of[watched[0]] if watched else []
        collect_states()
        return EpisodeResult(self.start, self._poses.copy(), frames[:n_frames].copy(), self.tick,
                             settled, first, self.woken.copy(), contacts_of)

    def _touches(self, node, watch: int, seen: set[int], out: list[tuple[int, int]],
                 only: frozenset[int] | None = None) -> None:
        """Record bodies the watched body touches for the first time (of ``only``, when given),
        in canonical order.

        Bullet's own persistent manifolds would be cheaper to read (one pass for every watched
        body), but they do not hold the same touches (issue 14, tried): read after the next
        step, they missed a zombie's 0.0485 cm touch of another that this query reports, and 4 of
        24 first touches of one S1 rush came a tick later; recorded games would change."""
        index_of = self._index_of_name
        new = None
        for contact in self._contact_test(node).getContacts():   # one list, not a call per contact
            index = index_of.get(contact.getNode1().name)
            if index == watch:
                index = index_of.get(contact.getNode0().name)
            if index is None or (only is not None and index not in only):
                continue                                    # the felt, or not a target
            self._contained = False
            if index not in seen and contact.getManifoldPoint().getDistance() <= TOUCH_DISTANCE:
                new = new or set()
                new.add(index)
        if new:
            for index in sorted(new):
                seen.add(index)
                out.append((self.tick, index))
