"""Which watched bodies may touch a few target bodies now (issue 14).

S1's INSTANT DEFEAT asks whether a rushing zombie touched the RV or its support blocks. Asking
Bullet for every rushing zombie's contacts every tick (``contactTest``) cost a third of the
stepping itself, while the zombies are nearly always far from the RV. The gate lets the table ask
only for the watched bodies that could be touching a target, in two steps:

- at every frame (and at the start) a watched body is a *candidate* when its centre lies in the
  box around the targets' collision points grown by its own reach (its farthest collision point
  from its centre), the touch distance, ``SLACK`` (more than Bullet's collision margins) and how
  far it and a target can travel in one frame at ``MAX_SPEED``;
- at every tick a candidate is queried when its centre, read from Bullet, lies in that box grown
  by its reach, the touch distance and ``SLACK`` (and, while a target is awake in Bullet, by how
  far a target can travel in one frame: it may have moved since the frame; a sleeping one has not).

A body left out cannot be within the touch distance of a target, so the touches recorded are the
ones a query of every watched body every tick records, at the same ticks. The promise rests on no
body moving faster than ``MAX_SPEED``: the fastest body seen in 40 rushes and 40 hordes over all
ten scenarios moved at 208 cm/s, and a watched body (or a target that moved) faster than half of
it at a frame is a candidate for that frame, wherever it is.
"""
from __future__ import annotations

from collections.abc import Sequence
from operator import call

import numpy as np

from feltbox.game.table.bodies import collision_points, per_model, quat_rotate

MAX_SPEED = 500.0          # cm/s: no body of a rush or a horde moves faster within a frame
SLACK = 0.5                # cm: more than Bullet's collision margins around the hull points


@per_model
def reach(model) -> float:
    """The farthest collision point of a model from its body origin (its centre of mass), cm."""
    return float(np.linalg.norm(collision_points(model), axis=1).max())


class TouchGate:
    """The watched bodies worth a contact query, for touches of ``targets``: ``frame`` at every
    frame (and before the first tick), then ``due`` after every tick."""

    def __init__(self, bodies: Sequence, nodes: list, watched: list[int], targets: list[int],
                 frame_s: float, touch: float):
        self.bodies, self.nodes = bodies, nodes
        self.watched = [w for w in watched if nodes[w] is not None]
        self.targets = [t for t in targets if nodes[t] is not None]
        travel = MAX_SPEED * frame_s                      # one body, one frame
        # (body, pad at the frame: it and a target both travel, pad at a tick: none travels)
        self._pads = [(w, reach(bodies[w].model) + touch + SLACK + 2.0 * travel,
                       reach(bodies[w].model) + touch + SLACK) for w in self.watched]
        self._travel = travel
        self._target_awake = [nodes[t].isActive for t in self.targets]
        self._fast2 = (MAX_SPEED / 2.0) ** 2
        self._box: tuple[float, ...] | None = None
        self._candidates: list[tuple] = []

    def _target_box(self, poses: np.ndarray) -> tuple[float, ...] | None:
        """(xmin, ymin, zmin, xmax, ymax, zmax) around every target's collision points now."""
        live = [t for t in self.targets if self.nodes[t] is not None]
        if not live:
            return None
        points = np.vstack([quat_rotate(poses[t, 3:7], collision_points(self.bodies[t].model)) + poses[t, :3]
                            for t in live])
        return (*points.min(axis=0).tolist(), *points.max(axis=0).tolist())

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
        if self._box is None:
            return
        x0, y0, z0, x1, y1, z1 = self._box
        everyone = targets_moved and any(nodes[t] is not None and
                                         nodes[t].getLinearVelocity().lengthSquared() > fast2 for t in self.targets)
        for w, far, near in self._pads:
            node = nodes[w]
            if node is None:
                continue
            x, y, z = poses[w, :3].tolist()
            if everyone or (x0 - far <= x <= x1 + far and y0 - far <= y <= y1 + far and z0 - far <= z <= z1 + far) \
                    or node.getLinearVelocity().lengthSquared() > fast2:
                out.append((w, node.getTransform, x0 - near, x1 + near, y0 - near, y1 + near, z0 - near, z1 + near))

    def due(self) -> list[int]:
        """The candidates to query after this tick: those whose centre is within reach now."""
        if not self._candidates:
            return []
        grow = self._travel if any(map(call, self._target_awake)) else 0.0
        out = []
        for w, transform, xa, xb, ya, yb, za, zb in self._candidates:
            x, y, z = transform().getPos()
            if xa - grow <= x <= xb + grow and ya - grow <= y <= yb + grow and za - grow <= z <= zb + grow:
                out.append(w)
        return out
