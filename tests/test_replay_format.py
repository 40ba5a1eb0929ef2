"""Replay v1 format (docs/replay-format.md): lossless, compact, atomic, and all-or-nothing."""
from __future__ import annotations

import numpy as np
import pytest

from game.replay import ReplayError, ReplayWriter, read_replay, replay_size_report

HEADER = {"build": {"panda3d": "test", "bullet": "test"}, "units": "cm", "tick_hz": 240, "record_hz": 60,
          "bodies": [{"id": f"b{i}"} for i in range(100)], "seed": 0,
          "scene": {"game": "flickem", "number": 0, "source": "<test>"}}


def _turn(seconds: float, moving: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """100 bodies at rest, ``moving`` of them sliding, spinning and settling: a typical flick."""
    rng = np.random.default_rng(seed)
    start = np.zeros((100, 7), np.float32)
    start[:, :2] = rng.uniform(-45, 45, (100, 2))
    start[:, 2] = 2.0
    start[:, 3] = 1.0
    t = np.arange(1, int(seconds * 60) + 1) / 60.0
    frames = np.repeat(start[None], len(t), axis=0)
    for b in rng.choice(100, moving, replace=False):
        v, w = rng.uniform(50, 250), rng.uniform(-8, 8)
        ease = 1 - np.exp(-3 * t)
        frames[:, b, 0] += (v / 3 * ease).astype(np.float32)
        frames[:, b, 1] += (rng.uniform(-1, 1) * v / 6 * ease).astype(np.float32)
        angle = w * ease / 2
        frames[:, b, 3], frames[:, b, 6] = np.cos(angle), np.sin(angle)
    frames[:, 0, 4] = -0.0
    return start, frames


def test_round_trip_is_bit_exact(tmp_path):
    path = tmp_path / "r.fbr"
    episodes = [_turn(2.5, 4, 1), _turn(1.0, 1, 2), _turn(0.0, 0, 3)]
    with ReplayWriter(path, HEADER) as w:
        for k, (start, frames) in enumerate(episodes):
            w.add_episode("flick", start, [{"op": "world", "k": k}], frames, {"ok": True})
    replay = read_replay(path)
    assert replay.header["bodies"] == HEADER["bodies"] and replay.header["version"] == 1
    for ep, (start, frames) in zip(replay.episodes, episodes):
        assert ep.start.tobytes() == start.tobytes()
        assert ep.frames.tobytes() == frames.tobytes()
        assert ep.outcome == {"ok": True}


def test_typical_flick_turn_is_under_20_kib_per_simulated_second(tmp_path):
    path = tmp_path / "turn.fbr"
    with ReplayWriter(path, HEADER) as w:
        for k in range(3):
            w.add_episode("flick", *(_turn(3.0, 6, 10 + k)[:1]), [], _turn(3.0, 6, 10 + k)[1], None)
    report = replay_size_report(path)
    print("replay size", report)
    assert report["kib_per_sim_s"] <= 20.0


def test_every_truncation_is_rejected_whole(tmp_path):
    path = tmp_path / "r.fbr"
    start, frames = _turn(2.0, 3, 5)
    with ReplayWriter(path, HEADER) as w:
        w.add_episode("flick", start, [], frames, None)
    data = path.read_bytes()
    for cut in range(0, len(data), max(1, len(data) // 37)):
        (tmp_path / "cut.fbr").write_bytes(data[:cut])
        with pytest.raises(ReplayError):
            read_replay(tmp_path / "cut.fbr")
    (tmp_path / "cut.fbr").write_bytes(data[:-3])
    with pytest.raises(ReplayError, match="truncated"):
        read_replay(tmp_path / "cut.fbr")


def test_failed_recording_leaves_no_file_and_keeps_the_old_one(tmp_path):
    path = tmp_path / "keep.fbr"
    path.write_bytes(b"old replay")
    with pytest.raises(RuntimeError):
        with ReplayWriter(path, HEADER) as w:
            w.add_episode("flick", *_turn(0.5, 1, 1)[:1], [], _turn(0.5, 1, 1)[1], None)
            raise RuntimeError("crash mid-recording")
    assert path.read_bytes() == b"old replay"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.fbr"]
