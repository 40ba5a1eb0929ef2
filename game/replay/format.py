"""Replay v5: the on-disk record of physics episodes and rules actions (docs/replay-format.md).

A file is a versioned header (build, units, tick and record rates, body table, seed, scene), then
per episode its start snapshot, inputs and outcome, then its 60 Hz poses in chunks (XOR delta
against the previous frame, changed bodies only, byte-shuffled, zlib; every record carries its
length and CRC-32), a RULE record per rules action (game/replay/rules_records.py) after the
episodes it came from, v3: the REVL record opening a sealed game's seed once it is over
(game/replay/sealing.py), and a trailer holding SHA-256 hashes of the pose stream (and the RULE
records); v4: an episode's world record may hold a touch list; v5: its episodes poll every body's
activation each frame (``table.legacy_wake_polling`` re-runs older files as they were made). This module holds the layout and
``ReplayWriter``; game/replay/reader.py reads a file back (v1, no RULE records, v2, no REVL,
v3, no touch list, and v4 still read), checking every record against its schema
(game/replay/record_schemas.py): a file without its trailer is truncated and nothing of it is
loaded. Files are written to a temporary name in the target's folder, fsynced and renamed.
Playback reads poses only; it needs no physics, so this module imports neither panda3d nor Bullet.
"""
from __future__ import annotations

import hashlib
import json
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from feltbox.game.replay.atomic import open_beside, publish
from feltbox.game.replay.poses import ZLIB_LEVEL, encode_chunk, hash_frames
from feltbox.game.replay.rules_records import RuleRecord, encode_rule

MAGIC = b"FBRPLAY1"
VERSION = 5
# v1: no RULE records; v2: no REVL record; v3: no world touch list; v1-v4: legacy wake polling
READS = (1, 2, 3, 4, 5)
LEGACY_WAKE_BEFORE = 5
CHUNK_FRAMES = 60                     # frames per POSE record: one second at 60 Hz
HEADER_KEYS = ("build", "units", "tick_hz", "record_hz", "bodies", "seed", "scene")
U32 = struct.Struct("<I")
RECORD_HEAD = struct.Struct("<4sI")          # tag, payload length
POSE_HEAD = struct.Struct("<III")         # episode, first frame, frame count
TAGS = (b"EPIS", b"POSE", b"RULE", b"REVL", b"TRLR")


@dataclass
class Episode:
    index: int
    kind: str                 # "flick", "rush", ...
    start: np.ndarray         # (N,7) float32 start snapshot
    inputs: list
    outcome: dict | None
    frames: np.ndarray        # (T,N,7) float32; frame k is the state after tick (k+1)*tick_hz/record_hz
    expected: int = 0         # frame count the episode record announced


@dataclass
class Replay:
    header: dict
    episodes: list[Episode]
    trailer: dict = field(default_factory=dict)
    rules: list[RuleRecord] = field(default_factory=list)    # v2: the rules actions, in order
    reveal: dict | None = None        # v3: a sealed game's seed and salt, once it was over


def _check_header(header: dict) -> None:
    missing = [k for k in HEADER_KEYS if k not in header]
    if missing:
        raise ValueError(f"replay header lacks {missing}")
    if header["units"] != "cm":
        raise ValueError(f"replay units must be 'cm', got {header['units']!r}")
    tick, rec = header["tick_hz"], header["record_hz"]
    if not (isinstance(tick, int) and isinstance(rec, int) and 0 < rec <= tick and tick % rec == 0):
        raise ValueError(f"record_hz {rec!r} must be a positive integer dividing tick_hz {tick!r}")


def _record(tag: bytes, payload: bytes) -> bytes:
    """One record: tag, length, payload, CRC-32 of tag + length + payload."""
    head = RECORD_HEAD.pack(tag, len(payload))
    return head + payload + U32.pack(zlib.crc32(payload, zlib.crc32(head)))


class ReplayWriter:
    """Writes a replay atomically: ``with ReplayWriter(path, header) as w: w.add_episode(...)``.

    The file appears at ``path`` only when the block ends normally; if it raises, the temporary
    file is deleted and whatever was at ``path`` before is left untouched.
    """

    def __init__(self, path: str | Path, header: dict, version: int = VERSION):
        _check_header(header)
        if version not in READS:
            raise ValueError(f"cannot write replay version {version} (this build writes {READS})")
        self.path, self.version = Path(path), version
        self.header = {**header, "format": "feltbox-replay", "version": version}
        self.n_bodies = len(self.header["bodies"])
        self._file = None
        self._tmp: Path | None = None
        self._payload_hash = hashlib.sha256()
        self._frames_hash = hashlib.sha256()
        self._rules_hash = hashlib.sha256()
        self.episodes = 0
        self.frames = 0
        self.rules = 0
        self.revealed = False                 # v3: the REVL record is written; only the trailer follows
        self._claimed = 0                     # episodes already followed by a rules action

    def __enter__(self) -> ReplayWriter:
        head = json.dumps(self.header, sort_keys=True, allow_nan=False).encode()
        self._file, self._tmp = open_beside(self.path)
        self._file.write(MAGIC + U32.pack(self.version) + U32.pack(len(head)) + head
                         + U32.pack(zlib.crc32(head)))
        return self

    def _open(self, what: str) -> None:
        if self._file is None:
            raise RuntimeError(f"ReplayWriter for {self.path} is not open (use it in a with-block)")
        if self.revealed:
            raise RuntimeError(f"{self.path}: {what} after the REVL record (the game was over)")

    def add_episode(self, kind: str, start: np.ndarray, inputs: list[dict], frames: np.ndarray,
                    outcome: dict | None) -> None:
        """Append one episode: its (N,7) start snapshot, inputs, (T,N,7) frames and outcome."""
        self._open("an episode")
        start = np.ascontiguousarray(start, dtype=np.float32)
        frames = np.ascontiguousarray(frames, dtype=np.float32)
        if start.shape != (self.n_bodies, 7):
            raise ValueError(f"start snapshot has shape {start.shape}, "
                             f"the body table needs ({self.n_bodies}, 7)")
        if frames.ndim != 3 or frames.shape[1:] != start.shape:
            raise ValueError(f"frames have shape {frames.shape}, expected (T, {self.n_bodies}, 7)")
        meta = json.dumps({"index": self.episodes, "kind": kind, "start_tick": 0, "frames": len(frames),
                           "bodies": self.n_bodies, "inputs": inputs, "outcome": outcome},
                          sort_keys=True, allow_nan=False).encode()
        poses, prev = [], start
        for first in range(0, len(frames), CHUNK_FRAMES):
            chunk = frames[first:first + CHUNK_FRAMES]
            poses.append(POSE_HEAD.pack(self.episodes, first, len(chunk)) + encode_chunk(prev, chunk))
            prev = chunk[-1]
        # Everything is encoded before anything is written or hashed, so an episode that fails
        # to encode leaves the writer as it was.
        snapshot = zlib.compress(start.tobytes(), ZLIB_LEVEL)
        self._file.write(_record(b"EPIS", U32.pack(len(meta)) + meta + snapshot)
                         + b"".join(_record(b"POSE", p) for p in poses))
        for payload in poses:
            self._payload_hash.update(payload)
        hash_frames(self._frames_hash, frames)
        self.episodes += 1
        self.frames += len(frames)

    def add_rule(self, action_type: str, data, events: list[dict], state_hash: str) -> None:
        """Append rules action number ``self.rules`` (v2): its type and JSON data, the public
        events it produced (rules_records.public_events) and the state hash after it. It claims
        the episodes added since the previous action."""
        self._open("a rules action")
        if self.version < 2:
            raise ValueError("replay v1 has no rules records")
        payload = encode_rule(RuleRecord(self.rules, action_type, data, events, state_hash,
                                         list(range(self._claimed, self.episodes))))
        self._file.write(_record(b"RULE", payload))
        self._rules_hash.update(payload)
        self.rules += 1
        self._claimed = self.episodes

    def add_reveal(self, opened: dict) -> None:
        """Append the REVL record (v3): a sealed game's seed and salt, written once it is over;
        nothing but the trailer may follow."""
        self._open("a second REVL record")
        if self.version < 3:
            raise ValueError(f"replay v{self.version} has no REVL record")
        self._file.write(_record(b"REVL", json.dumps(opened, sort_keys=True, allow_nan=False).encode()))
        self.revealed = True

    def flush(self) -> None:
        """Hand what is written so far to the file (a reader of the unfinished file sees it)."""
        if self._file is not None:
            self._file.flush()

    def __exit__(self, exc_type, exc, tb) -> None:
        if self._file is None:
            return
        try:
            if exc_type is None:
                self._finish()
        finally:
            if not self._file.closed:
                self._file.close()
            self._file = None
            if self._tmp is not None and self._tmp.exists():
                self._tmp.unlink()          # a failed recording leaves nothing behind

    def _finish(self) -> None:
        trailer = {"episodes": self.episodes, "frames": self.frames,
                   "pose_sha256": self._payload_hash.hexdigest(), "frames_sha256": self._frames_hash.hexdigest()}
        if self.version >= 2:
            trailer.update(rules=self.rules, rules_sha256=self._rules_hash.hexdigest())
        if self.version >= 3:
            trailer.update(revealed=self.revealed)
        trailer = json.dumps(trailer, sort_keys=True).encode()
        self._file.write(_record(b"TRLR", trailer))
        publish(self._file, self._tmp, self.path)
