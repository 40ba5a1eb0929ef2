"""Which watched bodies may touch a few target bodies now (issue 14).

S1's INSTANT DEFEAT asks whether a rushing zombie touched the RV or its support blocks. Asking
Bullet for every rushing zombie's contacts every tick (``contactTest``) cost a third of the
stepping itself, while the zombies are nearly always far from the RV. The gate lets the table ask
only for the watched bodies that could be touching a target, in two steps:

- at every frame (and at the start) a watched body is a *candidate* when its centre lies in the
  box around the targets' collision points grown by its *reach* (its farthest collision point
  from its centre, the touch distance and ``SLACK``, more than Bullet's collision margins) and by
  how far it can travel in one frame at ``MAX_SPEED`` (twice that while a target is awake in
  Bullet: the target may come to meet it);
- at every tick a candidate is queried when its centre, read from Bullet, lies in the box grown
  by its reach (and, while a target is awake, by a target's travel in one frame). A target that
  was asleep at the frame and woke since makes every watched body due until the next frame (the
  targets are asked only while some watched body is within its reach and both travels).

A body left out cannot be within the touch distance of a target (a sleeping target does not
move), so the touches recorded are the ones a query of every watched body every tick records, at
the same ticks. The promise rests on no body moving faster than ``MAX_SPEED``: the fastest body
seen in 40 rushes and 40 hordes over all ten scenarios moved at 208 cm/s, and a watched body (or
a target) faster than half of it at a frame is a candidate for that frame, wherever it is.
"""
from __future__ import annotations

import struct
from collections.abc import Sequence
from operator import call

import numpy as np

from feltbox.game.table.bodies import collision_points, quat_rotate, reach

MAX_SPEED = 500.0          # cm/s: no body of a rush or a horde moves faster within a frame
SLACK = 0.5                # cm: more than Bullet's collision margins around the hull points
_XYZ = struct.Struct("3f")  # a pose row's position, float32 in native order (the pose table's)

# The box around the targets' collision points, by the targets, their models and their poses' bits:
# the RV and its blocks stand still from one rush to the next, and the box took 85-130 us to build.
_BOXES: dict[tuple, tuple[tuple, tuple[float, ...]]] = {}


class TouchGate:
    """The watched bodies worth a contact query, for touches of ``targets``: ``frame`` at every
    frame (and before the first tick), then ``due`` after every tick."""

    def __init__(self, bodies: Sequence, nodes: list, watched: list[int], targets: list[int],
                 frame_s: float, touch: float):
        self.bodies, self.nodes = bodies, nodes
        self.watched = [w for w in watched if nodes[w] is not None]
        self.targets = [t for t in targets if nodes[t] is not None]
        self._travel = MAX_SPEED * frame_s                         # one body, one frame
        self._reach = [(w, reach(bodies[w].model) + touch + SLACK) for w in self.watched]
        self._fast2 = (MAX_SPEED / 2.0) ** 2
        self._target_awake = [nodes[t].isActive for t in self.targets]
        self._awake_at_frame = False
        self._box: tuple[float, ...] | None = None
        self._candidates: list[tuple] = []
        self._poll = False
        self._poses_of: np.ndarray | None = None   # the pose table ``_bytes`` reads
        self._bytes: memoryview | None = None

    def _positions(self, poses: np.ndarray) -> list:
        """The watched bodies' positions in ``poses``, as Python floats: unpacked straight from
        the table's float32 rows (the table passes the same array every frame), the same values
        as ``poses[watched, :3].tolist()`` at a third of its cost."""
        if poses is not self._poses_of:
            self._poses_of = poses
            flat = poses.dtype == np.float32 and poses.flags.c_contiguous and poses.shape[1:] == (7,)
            self._bytes = memoryview(poses).cast("B") if flat else None
        if self._bytes is None:
            return poses[self.watched, :3].tolist()
        unpack, data, stride = _XYZ.unpack_from, self._bytes, poses.strides[0]
        return [unpack(data, stride * w) for w in self.watched]

    def _target_box(self, poses: np.ndarray) -> tuple[float, ...] | None:
        """(xmin, ymin, zmin, xmax, ymax, zmax) around every target's collision points now."""
        live = [t for t in self.targets if self.nodes[t] is not None]
        if not live:
            return None
        models = tuple(self.bodies[t].model for t in live)
        key = (tuple(live), tuple(map(id, models)), poses[live].tobytes())
        known = _BOXES.get(key)
        if known is not None and all(a is b for a, b in zip(known[0], models)):
            return known[1]
        points = np.vstack([quat_rotate(poses[t, 3:7], collision_points(m)) + poses[t, :3]
                            for t, m in zip(live, models)])
        box = (*points.min(axis=0).tolist(), *points.max(axis=0).tolist())
        if len(_BOXES) >= 256:
            _BOXES.clear()
        _BOXES[key] = (models, box)
        return box

    def frame(self, poses: np.ndarray, moved: np.ndarray) -> None:
        """Choose the candidates until the next frame from every body's pose now (``poses``) and
        which bodies Bullet has moved (``moved``, the table's woken)."""
        nodes, fast2 = self.nodes, self._fast2
        targets_moved = False
        for t in self.targets:
            if moved[t]:
                targets_moved = True
                break
        if self._box is None or targets_moved:
            self._box = self._target_box(poses)
        self._candidates = out = []
        self._poll = False
        if self._box is None:
            return
        self._awake_at_frame = awake = any(map(call, self._target_awake))
        travel = self._travel * (2.0 if awake else 1.0)
        everyone = targets_moved and any(nodes[t].getLinearVelocity().lengthSquared() > fast2 for t in self.targets)
        x0, y0, z0, x1, y1, z1 = self._box
        # ``poll``: a body is within reach of a target that would wake and come to meet it, so
        # ``due`` must ask every tick whether a target woke
        poll = awake
        for (w, near), (x, y, z) in zip(self._reach, self._positions(poses)):
            node = nodes[w]
            far = near + travel
            if everyone or (x0 - far <= x <= x1 + far and y0 - far <= y <= y1 + far and z0 - far <= z <= z1 + far) \
                    or node.getLinearVelocity().lengthSquared() > fast2:
                out.append((w, node.getTransform, x0 - near, x1 + near, y0 - near, y1 + near, z0 - near, z1 + near))
                poll = True
            elif not poll:
                far += self._travel
                poll = x0 - far <= x <= x1 + far and y0 - far <= y <= y1 + far and z0 - far <= z <= z1 + far
        self._poll = poll

    def due(self) -> list[int]:
        """The watched bodies to query after this tick: the candidates within reach now, or every
        one when a target has woken since the frame."""
        if not self._poll:
            return []
        if any(map(call, self._target_awake)):
            if not self._awake_at_frame:
                return self.watched
            grow = self._travel
        elif not self._candidates:
            return []
        else:
            grow = 0.0
        out = []
        for w, transform, xa, xb, ya, yb, za, zb in self._candidates:
            x, y, z = transform().getPos()
            if xa - grow <= x <= xb + grow and ya - grow <= y <= yb + grow and za - grow <= z <= zb + grow:
                out.append(w)
        return out
