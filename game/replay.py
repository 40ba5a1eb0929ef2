"""Replay v1: the on-disk record of physics episodes (byte layout in docs/replay-format.md).

A file is a versioned header (build, units, tick and record rates, body table, seed, scene), then
per episode its start snapshot, inputs and outcome, then its 60 Hz poses in chunks (XOR delta
against the previous frame, changed bodies only, byte-shuffled, zlib; each record with its length
and CRC-32), and a trailer holding the SHA-256 of every pose chunk. A file without its trailer is
truncated and nothing of it is loaded. Files are written to a temporary name and renamed.
Playback reads poses only; it needs no physics.
"""
from __future__ import annotations

import hashlib
import json
import os
import struct
import tempfile
import zlib
from dataclasses import dataclass
from pathlib import Path

import numpy as np

MAGIC = b"FBRPLAY1"
VERSION = 1
CHUNK_FRAMES = 60
_U32 = struct.Struct("<I")
_REC = struct.Struct("<4sI")          # tag, payload length
_POSE = struct.Struct("<III")         # episode, first frame, frame count


class ReplayError(ValueError):
    """A replay that cannot be loaded; the message is one line saying why."""


@dataclass
class Episode:
    index: int
    kind: str
    start: np.ndarray         # (N,7) float32
    inputs: list
    outcome: dict | None
    frames: np.ndarray        # (T,N,7) float32
    expected: int = 0         # frame count the episode record announced


@dataclass
class Replay:
    header: dict
    episodes: list[Episode]


def encode_chunk(prev: np.ndarray, frames: np.ndarray) -> bytes:
    """Changed-body mask + byte-shuffled XOR deltas of float32 frames (vectorised, lossless)."""
    bits = np.concatenate([prev[None], frames]).view(np.uint32)
    delta = bits[1:] ^ bits[:-1]                                    # (T,N,7)
    changed = delta.any(axis=(0, 2))                                # (N,)
    kept = np.ascontiguousarray(delta[:, changed, :])               # (T,M,7)
    shuffled = kept.view(np.uint8).reshape(*kept.shape, 4).transpose(3, 2, 1, 0)
    return np.packbits(changed).tobytes() + zlib.compress(np.ascontiguousarray(shuffled).tobytes(), 6)


def decode_chunk(prev: np.ndarray, payload: bytes, n_frames: int) -> np.ndarray:
    n_bodies = prev.shape[0]
    mask_len = (n_bodies + 7) // 8
    changed = np.unpackbits(np.frombuffer(payload[:mask_len], np.uint8))[:n_bodies].astype(bool)
    m = int(changed.sum())
    raw = zlib.decompress(payload[mask_len:])
    if len(raw) != 4 * 7 * m * n_frames:
        raise ReplayError(f"pose chunk holds {len(raw)} bytes, expected {4 * 7 * m * n_frames}")
    shuffled = np.frombuffer(raw, np.uint8).reshape(4, 7, m, n_frames)
    kept = np.ascontiguousarray(shuffled.transpose(3, 2, 1, 0)).view(np.uint32).reshape(n_frames, m, 7)
    delta = np.zeros((n_frames, n_bodies, 7), np.uint32)
    delta[:, changed, :] = kept
    bits = np.bitwise_xor.accumulate(np.concatenate([prev.view(np.uint32)[None], delta]), axis=0)
    return bits[1:].view(np.float32)


class ReplayWriter:
    """Writes a replay atomically: ``with ReplayWriter(path, header) as w: w.add_episode(...)``."""

    def __init__(self, path: str | Path, header: dict):
        self.path = Path(path)
        self.header = {"format": "feltbox-replay", "version": VERSION, **header}
        self.n_bodies = len(self.header.get("bodies", ()))
        self._file = None
        self._hash = hashlib.sha256()
        self.episodes = 0
        self.frames = 0

    def __enter__(self) -> "ReplayWriter":
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=self.path.parent)
        self._tmp = Path(tmp)
        self._file = os.fdopen(fd, "wb")
        head = json.dumps(self.header, sort_keys=True).encode()
        self._file.write(MAGIC + _U32.pack(VERSION) + _U32.pack(len(head)) + head)
        return self

    def _record(self, tag: bytes, payload: bytes) -> None:
        self._file.write(_REC.pack(tag, len(payload)) + payload + _U32.pack(zlib.crc32(payload)))

    def add_episode(self, kind: str, start: np.ndarray, inputs: list, frames: np.ndarray,
                    outcome: dict | None) -> None:
        start = np.ascontiguousarray(start, dtype=np.float32)
        frames = np.ascontiguousarray(frames, dtype=np.float32).reshape(-1, *start.shape)
        if self.n_bodies and start.shape != (self.n_bodies, 7):
            raise ValueError(f"start snapshot has shape {start.shape}, the body table has {self.n_bodies}")
        meta = json.dumps({"index": self.episodes, "kind": kind, "inputs": inputs, "outcome": outcome,
                           "frames": len(frames), "bodies": start.shape[0]}, sort_keys=True).encode()
        self._record(b"EPIS", _U32.pack(len(meta)) + meta + zlib.compress(start.tobytes(), 6))
        prev = start
        for first in range(0, len(frames), CHUNK_FRAMES):
            chunk = frames[first:first + CHUNK_FRAMES]
            payload = _POSE.pack(self.episodes, first, len(chunk)) + encode_chunk(prev, chunk)
            self._hash.update(payload)
            self._record(b"POSE", payload)
            prev = chunk[-1]
        self.episodes += 1
        self.frames += len(frames)

    def __exit__(self, exc_type, exc, tb) -> None:
        if exc_type is not None:
            self._file.close()
            self._tmp.unlink(missing_ok=True)
            return
        trailer = json.dumps({"episodes": self.episodes, "frames": self.frames,
                              "pose_sha256": self._hash.hexdigest()}).encode()
        self._record(b"TRLR", trailer)
        self._file.flush()
        os.fsync(self._file.fileno())
        self._file.close()
        os.replace(self._tmp, self.path)


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def take(self, n: int, what: str) -> bytes:
        if self.pos + n > len(self.data):
            raise ReplayError(f"truncated: the file ends inside {what} at byte {len(self.data)}")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out


def read_replay(path: str | Path) -> Replay:
    """Load a whole replay, or raise ReplayError having loaded nothing."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read: {exc.strerror}") from None
    if not data.startswith(MAGIC):
        raise ReplayError("not a feltbox replay (bad magic)")
    r = _Reader(data)
    r.take(len(MAGIC), "the magic")
    version = _U32.unpack(r.take(4, "the version"))[0]
    if version != VERSION:
        raise ReplayError(f"unsupported replay version {version} (this build reads {VERSION})")
    head_len = _U32.unpack(r.take(4, "the header length"))[0]
    try:
        header = json.loads(r.take(head_len, "the header"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReplayError(f"corrupt header: {exc}") from None
    return Replay(header, _read_records(r))


def _read_records(r: _Reader) -> list[Episode]:
    episodes: list[Episode] = []
    chunks: list[np.ndarray] = []
    digest = hashlib.sha256()
    prev = None
    while True:
        if r.pos == len(r.data):
            raise ReplayError("truncated: no trailer (the recording did not finish)")
        tag, length = _REC.unpack(r.take(_REC.size, "a record header"))
        payload = r.take(length, f"a {tag!r} record")
        crc = _U32.unpack(r.take(4, "a record checksum"))[0]
        if zlib.crc32(payload) != crc:
            raise ReplayError(f"corrupt: CRC mismatch in the {tag.decode(errors='replace')} record at byte {r.pos}")
        if tag == b"EPIS":
            _finish(episodes, chunks)
            episodes.append(_episode(payload))
            prev, chunks = episodes[-1].start, []
        elif tag == b"POSE":
            if not episodes:
                raise ReplayError("corrupt: pose chunk before any episode")
            digest.update(payload)
            _, first, n = _POSE.unpack(payload[:_POSE.size])
            try:
                frames = decode_chunk(prev, payload[_POSE.size:], n)
            except zlib.error as exc:
                raise ReplayError(f"corrupt pose chunk: {exc}") from None
            chunks.append(frames)
            prev = frames[-1]
        elif tag == b"TRLR":
            _finish(episodes, chunks)
            _check_trailer(payload, episodes, digest, r)
            return episodes
        else:
            raise ReplayError(f"corrupt: unknown record {tag!r}")


def _episode(payload: bytes) -> Episode:
    meta_len = _U32.unpack(payload[:4])[0]
    meta = json.loads(payload[4:4 + meta_len])
    start = np.frombuffer(zlib.decompress(payload[4 + meta_len:]), np.float32).reshape(meta["bodies"], 7).copy()
    return Episode(meta["index"], meta["kind"], start, meta["inputs"], meta["outcome"],
                   np.empty((0, meta["bodies"], 7), np.float32), meta["frames"])


def _finish(episodes: list[Episode], chunks: list[np.ndarray]) -> None:
    if not episodes:
        return
    ep = episodes[-1]
    if chunks:
        ep.frames = np.concatenate(chunks)
    if len(ep.frames) != ep.expected:
        raise ReplayError(f"truncated: episode {ep.index} has {len(ep.frames)} of {ep.expected} frames")


def _check_trailer(payload: bytes, episodes: list[Episode], digest, r: _Reader) -> None:
    trailer = json.loads(payload)
    if trailer["episodes"] != len(episodes):
        raise ReplayError(f"truncated: trailer lists {trailer['episodes']} episodes, found {len(episodes)}")
    if trailer["pose_sha256"] != digest.hexdigest():
        raise ReplayError("corrupt: pose stream hash does not match the trailer")
    if r.pos != len(r.data):
        raise ReplayError(f"corrupt: {len(r.data) - r.pos} stray bytes after the trailer")


def pose_stream_hash(frames_list: list[np.ndarray]) -> str:
    """SHA-256 over the raw float32 bits of a list of (T,N,7) frame arrays."""
    h = hashlib.sha256()
    for frames in frames_list:
        h.update(np.ascontiguousarray(frames, dtype=np.float32).tobytes())
    return h.hexdigest()


def replay_size_report(path: str | Path) -> dict:
    replay = read_replay(path)
    size = Path(path).stat().st_size
    seconds = sum(len(e.frames) for e in replay.episodes) / replay.header["record_hz"]
    return {"bytes": size, "sim_seconds": round(seconds, 3),
            "kib_per_sim_s": round(size / 1024 / max(seconds, 1e-9), 2), "episodes": len(replay.episodes)}
