"""Theatre speed (``feltbox bench``): seek to any point and show it, and a 10 s 720p video export
(a Flick'em recording, and a Tail Feathers bot battle on its battlefield timeline).

A real recording of flicks and a rush on the S1 city is played back: each seek picks a random
time, indexes the timeline, poses the scene, hides what is off the table, aims the follow camera
and renders one 1280x720 frame offscreen. Targets: seek <= 100 ms, 10 s of 720p video <= 60 s.
"""
from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from panda3d.core import Point3

from feltbox.game.cli.replay_commands import load, record_command
from feltbox.game.render.offscreen import Renderer
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.replay.timeline import HOLD
from feltbox.game.replay.video import apply_present, export_video, follow_eye
from feltbox.game.table.city import build_city
from feltbox.game.table.flick import Aim
from feltbox.game.table.session import Session
from feltbox.scenes.loader import load_flickem

SEEKS = 30


def _recording(folder: Path, seconds: float = 10.5) -> Path:
    """Flicks of the S1 survivors (and a rush) until the theatre timeline is ``seconds`` long."""
    city = build_city(load_flickem(1))
    path = folder / "bench.fbr"
    recorder = Recorder(path, city_header(city, 0))
    session = Session(city, on_episode=recorder)
    survivors = [b.id for b in city.bodies if b.id.startswith("survivor-")]
    zombies = [b.id for i, b in enumerate(city.bodies) if b.id.startswith("zombie-") and city.present[i]]
    k, w = 0, recorder.writer
    while w.frames + w.episodes * (1 + HOLD) < seconds * 60 and k < 24:
        who = survivors[k % len(survivors)]
        if k % 4 == 3 and len(zombies) >= 2:
            session.rush(zombies[:2], tuple(session.poses[city.index(who), :2]))
        else:
            session.flick(who, "movement_disc", Aim(37.0 * k, 0.35))
        k += 1
    recorder.close()
    read_replay(path)                         # the bench plays only what reads back
    return path


def _tf_recording(folder: Path) -> Path:
    """A Tail Feathers bot battle (show_of_force, seed 1), played on the battlefield timeline."""
    path = folder / "bench-tf.fbr"
    subprocess.run(record_command("tailfeathers", "show_of_force", 1, path), check=True,
                   capture_output=True, timeout=300)
    return path


def theatre_bench(seeks: int = SEEKS) -> dict:
    """The Flick'em recording's numbers, and under "tailfeathers" the same for a Tail Feathers
    battle on its battlefield timeline, measured in a process of its own (offscreen buffers are
    not freed: a second renderer in this process would slow every frame of the first)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = _measure(_recording(Path(tmp)), seeks, Path(tmp))
    tf = subprocess.run([sys.executable, "-m", "feltbox.game.cli.bench_theatre", "tailfeathers", str(seeks)],
                        capture_output=True, text=True, timeout=600, check=False)
    out["tailfeathers"] = json.loads(tf.stdout) if tf.returncode == 0 else {"error": tf.stderr.strip()[-200:]}
    return out


def tailfeathers_bench(seeks: int = SEEKS) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        return _measure(_tf_recording(Path(tmp)), seeks, Path(tmp))


def _measure(path: Path, seeks: int, tmp: Path) -> dict:
    began = time.perf_counter()
    _, timeline, bodies = load(str(path))
    load_s = time.perf_counter() - began
    renderer = Renderer(1280, 720)
    renderer.set_bodies(bodies)
    renderer.image()
    times, shown = [], None
    for t in np.random.default_rng(5).uniform(0, timeline.duration, seeks):
        began = time.perf_counter()
        poses, present = timeline.seek(float(t))
        renderer.set_poses(poses)
        shown = apply_present(renderer, present, shown)
        target = timeline.follow_target(float(t))
        renderer.camera.setPos(*follow_eye(target, distance=timeline.follow_distance))
        renderer.camera.lookAt(Point3(*map(float, target)))
        renderer.image()
        times.append((time.perf_counter() - began) * 1000.0)
    video = export_video(timeline, bodies, tmp / f"{path.stem}.mp4", size=(1280, 720), start=0.0, end=10.0)
    return {"load_s": round(load_s, 2), "timeline_s": round(timeline.duration, 1),
            "seek_ms_median": round(statistics.median(times), 1), "seek_ms_max": round(max(times), 1),
            "video_10s_720p_wall_s": video["wall_s"], "video_frames": video["frames"],
            "targets": {"seek_ms": 100, "video_10s_720p_wall_s": 60}}


if __name__ == "__main__":
    if sys.argv[1:2] == ["tailfeathers"]:
        print(json.dumps(tailfeathers_bench(int(sys.argv[2]) if len(sys.argv) > 2 else SEEKS)))
    else:
        print(json.dumps(theatre_bench(), indent=2))
