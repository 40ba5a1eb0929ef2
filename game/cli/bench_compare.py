"""``feltbox bench --compare``: feltbox side by side with pybullet, and ``replay --verify`` with and
without the model cache. Medians of interleaved repetitions, with the machine load.

pybullet (the optional extra ``compare``) gets the same S1 flick: the same bodies on the table,
the same hull points (written as OBJ files, which pybullet turns into convex hulls) and boxes,
masses, inertia, friction, restitution, damping, CCD on the small pieces, sleeping bodies, 240 Hz
with 10 solver iterations, the same flick impulse (as the velocity it gives the disc), the same
settle detector and the same per-tick contact watch of the flicked disc. Each engine is used its
best way for a whole episode: feltbox builds a fresh world from the snapshot (its determinism
recipe); pybullet keeps one world (rigid bodies in maximal coordinates) and puts every body back
at its start pose, at rest and asleep, which is much cheaper than rebuilding it. Differences
left: pybullet's hulls keep its default 0.04 margin (feltbox gives thin discs 0.01), and
pybullet reads every body's velocity per frame where feltbox asks only the awake ones (it has no
cheap "is awake" query). The episodes differ in length (a few ticks): both are printed.
"""
from __future__ import annotations

import importlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
import trimesh

from feltbox.game.cli.bench_overhead import load, targets
from feltbox.game.table.bodies import quat_rotate
from feltbox.game.table.city import City
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.pieces import CCD_BELOW
from feltbox.game.table.table import DT, PHYS, TICK_HZ, TICKS_PER_FRAME, Table
from feltbox.models.dimensions import dims


def _pybullet():
    """pybullet (the optional extra "compare"), imported only when asked for: importing it costs
    every feltbox command start time and prints its build date."""
    try:
        return importlib.import_module("pybullet")
    except ImportError:
        return None


PYBULLET_TARGET = 1.3
VERIFY_TARGET = 2.0


class PyBulletFlick:
    """One S1 flick world in pybullet, built once and restored for every episode."""

    def __init__(self, city: City, setup, folder: Path):
        self.pb = pb = _pybullet()
        self.cid = cid = pb.connect(pb.DIRECT)
        pb.setGravity(0, 0, PHYS["gravity"], physicsClientId=cid)
        pb.setPhysicsEngineParameter(fixedTimeStep=DT, numSolverIterations=10, numSubSteps=0,
                                     deterministicOverlappingPairs=1, physicsClientId=cid)
        plane = pb.createMultiBody(0, pb.createCollisionShape(pb.GEOM_PLANE, physicsClientId=cid),
                                   physicsClientId=cid)
        pb.changeDynamics(plane, -1, lateralFriction=dims()["table"]["friction"],
                          restitution=dims()["table"]["restitution"], physicsClientId=cid)
        self.ids: dict[int, int] = {}
        shapes: dict[int, int] = {}
        for i in np.flatnonzero(setup.present).tolist():
            model = city.bodies[i].model
            if id(model) not in shapes:
                shapes[id(model)] = self._shape(model, folder / f"m{len(shapes)}")
            x, y, z, qw, qx, qy, qz = (float(v) for v in setup.poses[i])
            body = pb.createMultiBody(model.mass, shapes[id(model)], basePosition=(x, y, z),
                                      baseOrientation=(qx, qy, qz, qw), useMaximalCoordinates=True,
                                      physicsClientId=cid)
            extra = {}
            if model.mass > 0:
                extra = {"mass": model.mass, "localInertiaDiagonal": model.inertia, "angularDamping": model.angular_damping,
                         "linearDamping": 0.0, "activationState": pb.ACTIVATION_STATE_ENABLE_SLEEPING}
                if model.smallest_dim < CCD_BELOW:
                    extra["ccdSweptSphereRadius"] = 0.45 * model.smallest_dim
            pb.changeDynamics(body, -1, lateralFriction=model.friction, restitution=model.restitution,
                              physicsClientId=cid, **extra)
            if model.mass > 0 and i not in setup.awake:
                pb.changeDynamics(body, -1, activationState=pb.ACTIVATION_STATE_SLEEP, physicsClientId=cid)
            self.ids[i] = body
        self.dynamic = [self.ids[i] for i in self.ids if city.bodies[i].model.mass > 0]
        self.start = [(self.ids[i], tuple(float(v) for v in setup.poses[i, :3]),
                       tuple(float(v) for v in setup.poses[i, [4, 5, 6, 3]]), i in setup.awake)
                      for i in self.ids if city.bodies[i].model.mass > 0]

    def _shape(self, model, stem: Path) -> int:
        pb, types, extents, files, positions = self.pb, [], [], [], []
        for k, part in enumerate(model.collision):
            if part.kind == "box":
                types.append(pb.GEOM_BOX)
                extents.append(list(part.half_extents))
                files.append("")
                positions.append(list(part.offset))
            else:
                path = f"{stem}-{k}.obj"
                trimesh.convex.convex_hull(part.points).export(path)
                types.append(pb.GEOM_MESH)
                extents.append([0, 0, 0])
                files.append(path)
                positions.append([0, 0, 0])
        return pb.createCollisionShapeArray(shapeTypes=types, halfExtents=extents, fileNames=files,
                                            meshScales=[[1, 1, 1]] * len(types),
                                            collisionFramePositions=positions, physicsClientId=self.cid)

    def episode(self, body: int, velocity: np.ndarray, spin: np.ndarray, cap_ticks: int) -> tuple[int, bool]:
        """Put every body back at the start, at rest, asleep but the flicked one, launch the disc,
        step to the settle detector or the cap."""
        pb, cid = self.pb, self.cid
        for b, pos, quat, awake in self.start:
            pb.resetBasePositionAndOrientation(b, pos, quat, physicsClientId=cid)
            pb.resetBaseVelocity(b, (0, 0, 0), (0, 0, 0), physicsClientId=cid)
            if not awake:
                pb.changeDynamics(b, -1, activationState=pb.ACTIVATION_STATE_SLEEP, physicsClientId=cid)
        pb.resetBaseVelocity(self.ids[body], velocity.tolist(), spin.tolist(), physicsClientId=cid)
        lin2, ang2 = PHYS["settle_linear"] ** 2, PHYS["settle_angular"] ** 2
        need = max(1, int(PHYS["settle_ticks"]) // TICKS_PER_FRAME)
        disc, still, tick = self.ids[body], 0, 0
        step, contacts, velocity_of = pb.stepSimulation, pb.getContactPoints, pb.getBaseVelocity
        while tick < cap_ticks:
            step(physicsClientId=cid)
            tick += 1
            contacts(bodyA=disc, physicsClientId=cid)
            if tick % TICKS_PER_FRAME:
                continue
            moving = False
            for b in self.dynamic:
                v, w = velocity_of(b, physicsClientId=cid)
                if v[0] * v[0] + v[1] * v[1] + v[2] * v[2] > lin2 or w[0] * w[0] + w[1] * w[1] + w[2] * w[2] > ang2:
                    moving = True
                    break
            still = 0 if moving else still + 1
            if still >= need:
                return tick, True
        return tick, False

    def close(self) -> None:
        self.pb.disconnect(physicsClientId=self.cid)


def _launch(city: City, setup) -> tuple[np.ndarray, np.ndarray]:
    """The velocity and spin the flick's impulse gives the disc (v = J/m, w = I^-1 (r x J))."""
    inp = setup.inputs[0]
    model = city.bodies[inp.body].model
    impulse, offset = np.asarray(inp.vector), np.asarray(inp.offset)
    q = setup.poses[inp.body, 3:7].astype(float)
    axes = np.stack([quat_rotate(q, e) for e in np.eye(3)], axis=1)      # body axes as columns
    inv_world = axes @ np.diag(1.0 / np.asarray(model.inertia)) @ axes.T
    return impulse / model.mass, inv_world @ np.cross(offset, impulse)


def compare_pybullet(city: City, reps: int) -> dict:
    """Whole flick episodes, interleaved: feltbox (fresh world + run) vs pybullet (restore + run)."""
    if _pybullet() is None:
        return {"skipped": "pybullet is not installed: pip install 'feltbox[compare]'"}
    survivor, _, direction = targets(city)
    setup = setup_flick(city, city.poses, city.present, survivor, "movement_disc", Aim(direction, 0.45))
    cap = int(PHYS["episode_cap_s"] * TICK_HZ)
    with tempfile.TemporaryDirectory() as folder:
        peer = PyBulletFlick(city, setup, Path(folder))
        velocity, spin = _launch(city, setup)
        felt, bullet, ratios, ticks = [], [], [], {}
        before = load()
        for _ in range(reps + 1):           # the first pair warms up and is not counted
            t0 = time.perf_counter()
            result = Table(city.bodies, setup.poses, setup.present, setup.awake).run(setup.inputs, watch=setup.watched)
            t1 = time.perf_counter()
            p_ticks, p_settled = peer.episode(setup.flicked, velocity, spin, cap)
            t2 = time.perf_counter()
            felt.append(t1 - t0)
            bullet.append(t2 - t1)
            ratios.append((t2 - t1) / (t1 - t0))
            ticks = {"feltbox": [result.ticks, result.settled], "pybullet": [p_ticks, p_settled]}
        peer.close()
    return {"reps": reps, "feltbox_ms": round(statistics.median(felt[1:]) * 1e3, 2),
            "pybullet_ms": round(statistics.median(bullet[1:]) * 1e3, 2),
            "pybullet_over_feltbox": round(statistics.median(ratios[1:]), 3), "target": PYBULLET_TARGET,
            "ticks_settled": ticks, "load": [before, load()]}


def _feltbox(args: list[str], env: dict) -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "feltbox.game.cli.main", *args], env=env, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t0


def compare_verify(reps: int) -> dict:
    """``feltbox replay --verify`` of a whole S1 bot game, each run a fresh process: with the model
    cache off, then warm, interleaved."""
    with tempfile.TemporaryDirectory() as folder:
        replay = str(Path(folder) / "s1.fbr")
        env = dict(os.environ, FELTBOX_HOME=str(Path(folder) / "home"))
        record_s = _feltbox(["play", "flickem", "1", "--headless", "--seed", "2", "--record", replay], env)
        off, on = dict(env, FELTBOX_MODEL_CACHE="off"), dict(env, FELTBOX_MODEL_CACHE="on")
        _feltbox(["replay", replay, "--verify"], on)                  # fills the cache
        cold, warm, before = [], [], load()
        for _ in range(reps):
            cold.append(_feltbox(["replay", replay, "--verify"], off))
            warm.append(_feltbox(["replay", replay, "--verify"], on))
    return {"reps": reps, "record_s": round(record_s, 2), "verify_no_cache_s": round(statistics.median(cold), 2),
            "verify_cached_s": round(statistics.median(warm), 2),
            "speedup": round(statistics.median(c / w for c, w in zip(cold, warm)), 2), "target": VERIFY_TARGET,
            "load": [before, load()]}
