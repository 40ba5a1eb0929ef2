"""Replay v1 (game/replay/format.py, docs/replay-format.md): lossless, compact, atomic, all-or-nothing.

No Bullet here: pose data is synthesised with numpy to look like a flick turn (100 bodies at rest,
a few sliding, spinning and easing to a stop at 60 Hz, the rest bit-identical frame to frame).
"""
from __future__ import annotations

import os
import zlib

import numpy as np
import pytest

from feltbox.game.replay.format import MAGIC, VERSION, ReplayWriter
from feltbox.game.replay.poses import decode_chunk, encode_chunk, pose_stream_hash
from feltbox.game.replay.reader import ReplayError, read_replay, replay_size_report

N_BODIES = 100
HEADER = {"build": {"panda3d": "1.10.16", "bullet": "284"}, "units": "cm", "tick_hz": 240,
          "record_hz": 60, "bodies": [{"id": f"piece-{i:03d}", "kind": "barrel", "params": {}}
                                      for i in range(N_BODIES)],
          "seed": 7, "scene": {"game": "flickem", "number": 1, "source": "scenes/flickem/s01.toml"}}
INPUTS = [{"op": "world", "absent": [], "awake": [3], "watch": 3},
          {"tick": 0, "op": "impulse", "body": 3, "vector": [120.5, -3.25, 0.0], "offset": [0, 0, 0.1]}]


def turn_record(seconds: float, moving: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """(start (N,7), frames (T,N,7)): ``moving`` bodies slide and spin to a stop, the rest rest."""
    rng = np.random.default_rng(seed)
    start = np.zeros((N_BODIES, 7), np.float32)
    start[:, :2] = rng.uniform(-45, 45, (N_BODIES, 2))
    start[:, 2] = rng.uniform(0.25, 2.0, N_BODIES)
    heading = rng.uniform(0, np.pi, N_BODIES)
    start[:, 3], start[:, 6] = np.cos(heading), np.sin(heading)
    t = np.arange(1, int(round(seconds * 60)) + 1, dtype=np.float64) / 60.0
    frames = np.repeat(start[None], len(t), axis=0)
    for b in rng.choice(N_BODIES, moving, replace=False):
        speed, spin = rng.uniform(50, 250), rng.uniform(-8, 8)
        ease = 1 - np.exp(-rng.uniform(2, 4) * t)          # decelerates to a stop, like friction
        frames[:, b, 0] = start[b, 0] + speed / 3 * ease
        frames[:, b, 1] = start[b, 1] + rng.uniform(-1, 1) * speed / 6 * ease
        frames[:, b, 2] = start[b, 2] + 0.01 * np.sin(40 * t) * np.exp(-5 * t)   # wobble
        angle = heading[b] + spin * ease / 2
        frames[:, b, 3], frames[:, b, 6] = np.cos(angle), np.sin(angle)
    return start, frames


def _write(path, episodes, header=HEADER):
    with ReplayWriter(path, header) as writer:
        for kind, start, frames in episodes:
            writer.add_episode(kind, start, INPUTS, frames, {"first_contacts": ["piece-004"]})
    return path


@pytest.fixture
def small(tmp_path):
    """A small two-episode replay (bytes) for the damage tests."""
    s1, f1 = turn_record(1.5, 3, 5)
    s2, f2 = turn_record(0.5, 1, 6)
    return _write(tmp_path / "small.fbr", [("flick", s1, f1), ("rush", s2, f2)]).read_bytes()


def _bits(a: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(a, dtype=np.float32).view(np.uint32)


def test_round_trip_is_bit_exact_with_header_inputs_and_outcome(tmp_path):
    episodes = [("flick", *turn_record(2.5, 4, 1)), ("rush", *turn_record(1.0, 10, 2)), ("flick", *turn_record(0.0, 0, 3))]
    replay = read_replay(_write(tmp_path / "r.fbr", episodes))
    assert {k: replay.header[k] for k in HEADER} == HEADER
    assert replay.header["version"] == VERSION and replay.header["format"] == "feltbox-replay"
    assert [e.kind for e in replay.episodes] == ["flick", "rush", "flick"]
    for k, (ep, (_, start, frames)) in enumerate(zip(replay.episodes, episodes)):
        assert ep.index == k and ep.inputs == INPUTS and ep.outcome == {"first_contacts": ["piece-004"]}
        assert ep.start.dtype == np.float32 and ep.frames.dtype == np.float32
        assert ep.frames.shape == frames.shape
        assert np.array_equal(_bits(ep.start), _bits(start))
        assert np.array_equal(_bits(ep.frames), _bits(frames))
    assert replay.trailer["frames"] == sum(len(f) for _, _, f in episodes)
    assert replay.trailer["frames_sha256"] == pose_stream_hash([f for _, _, f in episodes])


def test_awkward_float32_values_survive_bit_for_bit(tmp_path):
    start, frames = turn_record(1.2, 5, 4)
    edge = np.array([-0.0, 0.0, np.finfo(np.float32).tiny / 4, -np.finfo(np.float32).max,
                     np.inf, -np.inf, 1e-45], np.float32)
    frames[10:, 7, :] = edge                       # a body jumps to odd values and stays there
    frames[::2, 8, 3] = -0.0                       # sign of zero flips every frame
    frames[5, 9, 0] = np.nextafter(frames[5, 9, 0], np.float32(np.inf))   # one ulp, one frame
    nan = np.array([0x7FC00001, 0xFFC12345], np.uint32).view(np.float32)
    frames[30:, 11, 4:6] = nan                     # NaN payloads too, though physics never makes them
    episodes = [("flick", start, frames)]
    replay = read_replay(_write(tmp_path / "edge.fbr", episodes))
    assert np.array_equal(_bits(replay.episodes[0].frames), _bits(frames))
    assert _bits(replay.episodes[0].frames)[5, 9, 0] != _bits(replay.episodes[0].frames)[4, 9, 0]


def test_chunk_codec_stores_only_bodies_that_changed():
    start, frames = turn_record(1.0, 2, 8)
    still = encode_chunk(start, np.repeat(start[None], 60, axis=0))
    moving = encode_chunk(start, frames)
    mask_len = (N_BODIES + 7) // 8
    assert not any(still[:mask_len]) and len(zlib.decompress(still[mask_len:])) == 0
    mask = np.unpackbits(np.frombuffer(moving[:mask_len], np.uint8))[:N_BODIES]
    assert mask.sum() == 2
    assert np.array_equal(_bits(decode_chunk(start, moving, 60)), _bits(frames))


def test_typical_flick_turn_is_under_20_kib_per_simulated_second(tmp_path):
    # A turn: a movement flick (1 piece), a shot that knocks 2 (3), a rush of 6 zombies (6).
    episodes = [("flick", *turn_record(2.0, 1, 10)), ("flick", *turn_record(3.0, 3, 11)),
                ("rush", *turn_record(4.0, 6, 12)), ("flick", *turn_record(2.5, 10, 13))]
    report = replay_size_report(_write(tmp_path / "turn.fbr", episodes))
    print(f"\nreplay size: {report}")
    assert report["sim_seconds"] == pytest.approx(11.5)
    assert report["bytes_per_sim_s"] == pytest.approx(report["bytes"] / 11.5, abs=0.1)
    assert report["kib_per_sim_s"] <= 20.0


def test_a_truncated_file_loads_nothing(tmp_path, small):
    cut_file = tmp_path / "cut.fbr"
    offsets = sorted({3, len(MAGIC) + 2, len(MAGIC) + 30, *range(len(MAGIC) + 8, len(small), 97),
                      len(small) - 40, len(small) - 1})
    for cut in offsets:
        cut_file.write_bytes(small[:cut])
        with pytest.raises(ReplayError, match="truncated") as info:
            read_replay(cut_file)
        assert "\n" not in str(info.value)


def test_a_file_cut_at_a_record_boundary_lacks_its_trailer(tmp_path):
    start, frames = turn_record(1.0, 2, 9)
    path = tmp_path / "two.fbr"
    with ReplayWriter(path, HEADER) as writer:
        writer.add_episode("flick", start, INPUTS, frames, None)
    data = path.read_bytes()
    # The trailer is the last record: tag + length + JSON + CRC; cut exactly before it.
    before_trailer = data.rindex(b"TRLR")
    path.write_bytes(data[:before_trailer])
    with pytest.raises(ReplayError, match="truncated: no trailer"):
        read_replay(path)


def test_any_flipped_byte_is_rejected(tmp_path, small):
    bad = tmp_path / "bad.fbr"
    pose_at = small.index(b"POSE")
    flipped = bytearray(small)
    flipped[pose_at + 40] ^= 0x01                  # inside the first pose chunk's payload
    bad.write_bytes(bytes(flipped))
    with pytest.raises(ReplayError, match="corrupt: CRC mismatch in the POSE record"):
        read_replay(bad)
    for at in range(0, len(small), 7):             # every 7th byte: magic, header, records, trailer
        flipped = bytearray(small)
        flipped[at] ^= 0x40
        bad.write_bytes(bytes(flipped))
        with pytest.raises(ReplayError):
            read_replay(bad)


def test_foreign_files_are_not_feltbox_replays(tmp_path):
    foreign = {"png": b"\x89PNG\r\n\x1a\n" + bytes(200),
               "random": np.random.default_rng(1).bytes(4096),
               "text": b"FBRPLAY? this is a text file\n", "empty": b""}
    for name, data in foreign.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(ReplayError, match="not a feltbox replay"):
            read_replay(tmp_path / name)
    with pytest.raises(ReplayError, match="cannot read"):
        read_replay(tmp_path / "missing.fbr")


def test_a_newer_version_is_refused_by_number(tmp_path, small):
    newer = tmp_path / f"v{VERSION + 1}.fbr"
    newer.write_bytes(MAGIC + (VERSION + 1).to_bytes(4, "little") + small[len(MAGIC) + 4:])
    with pytest.raises(ReplayError, match=f"unsupported replay version {VERSION + 1}"):
        read_replay(newer)


def test_a_failed_recording_leaves_no_file_and_keeps_the_old_one(tmp_path):
    start, frames = turn_record(0.5, 1, 1)
    fresh, kept = tmp_path / "fresh.fbr", tmp_path / "keep.fbr"
    kept.write_bytes(b"the previous replay")
    for path in (fresh, kept):
        with pytest.raises(RuntimeError, match="crash"):
            with ReplayWriter(path, HEADER) as writer:
                writer.add_episode("flick", start, INPUTS, frames, None)
                raise RuntimeError("crash mid-recording")
    assert kept.read_bytes() == b"the previous replay"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["keep.fbr"]


def test_a_bad_episode_aborts_the_recording_and_a_good_one_replaces_atomically(tmp_path):
    start, frames = turn_record(0.5, 1, 1)
    path = tmp_path / "turn.fbr"
    with pytest.raises(ValueError, match="shape"):
        with ReplayWriter(path, HEADER) as writer:
            writer.add_episode("flick", start[:50], INPUTS, frames, None)
    assert list(tmp_path.iterdir()) == []
    _write(path, [("flick", start, frames)])
    first = path.read_bytes()
    _write(path, [("flick", start, frames)])
    assert path.read_bytes() == first               # same content, same bytes: reproducible files
    assert [p.name for p in tmp_path.iterdir()] == ["turn.fbr"]   # no temporary files left
    umask = os.umask(0o022)
    os.umask(umask)
    assert path.stat().st_mode & 0o777 == 0o666 & ~umask   # a normal file, not mkstemp's 0600


def test_the_writer_refuses_an_incomplete_header(tmp_path):
    with pytest.raises(ValueError, match="lacks \\['build', 'seed'\\]"):
        ReplayWriter(tmp_path / "x.fbr", {k: v for k, v in HEADER.items() if k not in ("build", "seed")})
    with pytest.raises(ValueError, match="units"):
        ReplayWriter(tmp_path / "x.fbr", {**HEADER, "units": "m"})
    with pytest.raises(ValueError, match="record_hz"):
        ReplayWriter(tmp_path / "x.fbr", {**HEADER, "record_hz": 50})
    assert list(tmp_path.iterdir()) == []


def test_pose_stream_hash_tells_frames_and_episode_splits_apart():
    _, frames = turn_record(1.0, 3, 2)
    same = pose_stream_hash([frames.copy()])
    assert same == pose_stream_hash([frames])
    nudged = frames.copy()
    nudged[30, 5, 2] = np.nextafter(nudged[30, 5, 2], np.float32(0))
    assert pose_stream_hash([nudged]) != same
    assert pose_stream_hash([frames[:20], frames[20:]]) != same


def test_a_rejected_episode_leaves_the_writer_usable(tmp_path):
    start, frames = turn_record(1.0, 2, 3)
    path = tmp_path / "r.fbr"
    with ReplayWriter(path, HEADER) as writer:
        with pytest.raises(ValueError, match="frames have shape"):
            writer.add_episode("flick", start, INPUTS, frames[:, :60], None)
        with pytest.raises(TypeError):
            writer.add_episode("flick", start, [{"op": "world", "absent": {1, 2}}], frames, None)
        writer.add_episode("flick", start, INPUTS, frames, None)
    replay = read_replay(path)
    assert len(replay.episodes) == 1 and replay.episodes[0].index == 0
    with pytest.raises(RuntimeError, match="not open"):
        writer.add_episode("flick", start, INPUTS, frames, None)
