"""Video export of a replay: offscreen frames (game/render/offscreen.py) streamed into H.264 with PyAV.

PyAV's wheels bundle FFmpeg with libx264, so no system ffmpeg is needed. The 60 Hz timeline
(game/replay/timeline.py) is sampled at the output rate (30 fps: every other frame), long still
stretches cut when asked (game/replay/pacing.py); each frame is
rendered, handed to the encoder and dropped, so memory does not grow with the length. The file
is written to a temporary name next to the target and renamed when complete. Progress goes to
stderr as one rewritten line: ``[#####-----] 45% 135/300 frames``.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from panda3d.core import Point3

from feltbox.game.render.camera import Orbit
from feltbox.game.render.follow_spring import spring_path
from feltbox.game.render.offscreen import Renderer
from feltbox.game.render.top_view import look_top
from feltbox.game.replay.pacing import video_frames
from feltbox.game.replay.sealing import header_bodies
from feltbox.game.replay.timeline import Timeline
from feltbox.rules.core import InputError

CAMERAS = ("follow", "overview", "top")
FOLLOW_PITCH, FOLLOW_DISTANCE = 52.0, 95.0


def replay_bodies(header: dict) -> list:
    """The BodySpecs to draw a replay with: the header's own body table (a game may draw its
    recordings with richer bodies: feltbox.game.games ``GameKind.replay_bodies``); a face-down
    token written without its kind draws as the common back."""
    return header_bodies(header)


def apply_present(scene, present: np.ndarray, shown: np.ndarray | None) -> np.ndarray:
    """Hide the pieces that are off the table (only those whose presence changed)."""
    present = np.asarray(present, bool)
    changed = np.arange(len(present)) if shown is None else np.flatnonzero(present != shown)
    for i in changed.tolist():
        (scene.paths[i].show if present[i] else scene.paths[i].hide)()
    return present.copy()


def follow_eye(target, heading: float = 0.0, pitch: float = FOLLOW_PITCH,
               distance: float = FOLLOW_DISTANCE) -> np.ndarray:
    return Orbit(np.asarray(target, float), heading, pitch, distance).eye()


def progress_line(done: int, total: int, width: int = 30) -> str:
    total = max(total, 1)
    filled = int(width * done / total)
    return f"[{'#' * filled}{'-' * (width - filled)}] {100 * done // total:3d}% {done}/{total} frames"


def export_video(timeline: Timeline, bodies: Sequence, out: str | Path, size: tuple[int, int] = (1280, 720),
                 fps: int = 30, start: float = 0.0, end: float | None = None, camera: str = "follow",
                 progress: Callable[[int, int], None] | None = None, dresser=None, mood=None,
                 skip_idle: bool = False) -> dict:
    """Render ``start``..``end`` seconds of ``timeline`` to an H.264 mp4 at ``out``; ``dresser``
    (a game's, games.GameKind) dresses the cards for each frame as they lie; ``mood``
    (game/render/mood.py) is the game's look, snow for Dead of Winter; ``skip_idle``: still
    stretches cut to game/replay/pacing.IDLE_KEEP_S (``feltbox replay --video`` does).

    Returns {"frames", "width", "height", "fps", "seconds", "wall_s", "replay_seconds"}. ``end``
    None: to the end. Without ``skip_idle`` the frame count is round((end - start) * fps)."""
    if camera not in CAMERAS:
        raise InputError(f"unknown camera {camera!r} (choose {', '.join(CAMERAS)})")
    width, height = size
    if width % 2 or height % 2 or width < 16 or height < 16:
        raise InputError(f"video size {width}x{height}: width and height must be even and >= 16")
    end = timeline.duration if end is None else min(end, timeline.duration)
    start = max(0.0, start)
    if end <= start:
        raise InputError(f"--from {start:g} s is not before --to {end:g} s (the replay lasts "
                         f"{timeline.duration:.1f} s)")
    if skip_idle:
        shown = video_frames(timeline.poses, timeline.present, timeline.hz, timeline.frame_at(start),
                             timeline.frame_at(end), fps)
    else:
        shown = np.array([timeline.frame_at(start + i / fps) for i in range(max(1, int(round((end - start) * fps))))])
    count = len(shown)
    # the follow camera: the timeline's spring path, followed again over the frames shown, so a
    # cut still stretch never makes it jump (game/render/follow_spring.py)
    targets = spring_path(timeline.target[shown], 1.0 / fps)
    began = time.perf_counter()
    renderer = Renderer(width, height)
    renderer.set_mood(mood)
    renderer.set_bodies(bodies)
    dress = dresser(bodies) if dresser is not None else None
    if camera == "top":                       # orthographic over the whole table and every piece it shows
        look_top(renderer, timeline.poses.reshape(-1, 7), timeline.present.reshape(-1))
    elif camera != "follow":
        renderer.look(camera)
    out = Path(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.stem}.", suffix=out.suffix or ".mp4", dir=out.parent)
    os.close(fd)
    on_table = None
    import av  # noqa: PLC0415  (PyAV only to write or read a video: fast start-up)
    try:
        with av.open(tmp, mode="w", format="mp4") as container:
            stream = container.add_stream("libx264", rate=fps)
            stream.width, stream.height, stream.pix_fmt = width, height, "yuv420p"
            stream.options = {"preset": "veryfast", "crf": "23"}
            for i, k in enumerate(shown.tolist()):
                poses, present = timeline.poses[k], timeline.present[k]
                renderer.set_poses(poses)
                on_table = apply_present(renderer, present, on_table)
                if dress is not None:
                    dress(renderer, poses, present)
                if camera == "follow":
                    target = targets[i]
                    renderer.camera.setPos(*follow_eye(target, distance=timeline.follow_distance))
                    renderer.camera.lookAt(Point3(*map(float, target)))
                frame = av.VideoFrame.from_ndarray(renderer.image(), format="rgb24")
                for packet in stream.encode(frame):
                    container.mux(packet)
                if progress:
                    progress(i + 1, count)
            for packet in stream.encode():
                container.mux(packet)
        os.chmod(tmp, 0o644)
        os.replace(tmp, out)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return {"frames": count, "width": width, "height": height, "fps": fps,
            "seconds": round(count / fps, 3), "replay_seconds": round(end - start, 3),
            "wall_s": round(time.perf_counter() - began, 2)}


def stderr_progress(done: int, total: int) -> None:
    """A rewritten line on a terminal; every 10 % a new line when stderr is a file or pipe."""
    if sys.stderr.isatty():
        print("\r" + progress_line(done, total), end="\n" if done >= total else "", file=sys.stderr, flush=True)
    elif done >= total or done % max(1, total // 10) == 0:
        print(progress_line(done, total), file=sys.stderr, flush=True)


def probe(path: str | Path) -> dict:
    """Decode a video with PyAV: {"frames", "width", "height", "fps"} (frames actually decoded)."""
    import av  # noqa: PLC0415
    with av.open(str(path)) as container:
        stream = container.streams.video[0]
        frames = sum(1 for _ in container.decode(stream))
        return {"frames": frames, "width": stream.codec_context.width, "height": stream.codec_context.height,
                "fps": float(stream.average_rate or 0)}
