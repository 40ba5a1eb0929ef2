"""Replay v3: the on-disk record of physics episodes and rules actions (docs/replay-format.md).

A file is a versioned header (build, units, tick and record rates, body table, seed, scene), then
per episode its start snapshot, inputs and outcome, then its 60 Hz poses in chunks (XOR delta
against the previous frame, changed bodies only, byte-shuffled, zlib; every record carries its
length and CRC-32), a RULE record per rules action (game/replay/rules_records.py) after the
episodes it came from, v3: the REVL record opening a sealed game's seed once it is over
(game/replay/sealing.py), and a trailer holding SHA-256 hashes of the pose stream (and the RULE
records). v1 (no RULE records) and v2 (no REVL) files still read. A file without its
trailer is truncated and nothing of it is loaded. Files are written to a temporary name in the
target's folder, fsynced and renamed. Playback reads poses only; it needs no physics, so this
module imports neither panda3d nor Bullet.
"""
from __future__ import annotations

import hashlib
import json
import struct
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.replay.atomic import open_beside, publish
from feltbox.game.replay.poses import (
    ZLIB_LEVEL,
    ReplayError,
    decode_chunk,
    encode_chunk,
    hash_frames,
    pose_stream_hash,
)
from feltbox.game.replay.rules_records import RuleRecord, RuleRecordError, decode_rule, encode_rule

MAGIC = b"FBRPLAY1"
VERSION = 3
READS = (1, 2, 3)                     # v1: no RULE records; v2: no REVL record
CHUNK_FRAMES = 60                     # frames per POSE record: one second at 60 Hz
HEADER_KEYS = ("build", "units", "tick_hz", "record_hz", "bodies", "seed", "scene")
_U32 = struct.Struct("<I")
_REC = struct.Struct("<4sI")          # tag, payload length
_POSE = struct.Struct("<III")         # episode, first frame, frame count
_TAGS = (b"EPIS", b"POSE", b"RULE", b"REVL", b"TRLR")


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
    head = _REC.pack(tag, len(payload))
    return head + payload + _U32.pack(zlib.crc32(payload, zlib.crc32(head)))


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
        self._file.write(MAGIC + _U32.pack(self.version) + _U32.pack(len(head)) + head
                         + _U32.pack(zlib.crc32(head)))
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
            poses.append(_POSE.pack(self.episodes, first, len(chunk)) + encode_chunk(prev, chunk))
            prev = chunk[-1]
        # Everything is encoded before anything is written or hashed, so an episode that fails
        # to encode leaves the writer as it was.
        snapshot = zlib.compress(start.tobytes(), ZLIB_LEVEL)
        self._file.write(_record(b"EPIS", _U32.pack(len(meta)) + meta + snapshot)
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


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def take(self, n: int, what: str) -> bytes:
        if self.pos + n > len(self.data):
            raise ReplayError(f"truncated: the file ends at byte {len(self.data)}, inside {what}")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out


def read_replay(path: str | Path) -> Replay:
    """Load and validate a whole replay, or raise ReplayError having returned nothing."""
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise ReplayError(f"cannot read: {exc.strerror}") from None
    if not data:
        raise ReplayError("not a feltbox replay (the file is empty)")
    if MAGIC.startswith(data):
        raise ReplayError(f"truncated: the file ends at byte {len(data)}, inside the magic")
    if not data.startswith(MAGIC):
        raise ReplayError(f"not a feltbox replay (the file starts with {data[:8]!r}, not {MAGIC!r})")
    r = _Reader(data)
    r.take(len(MAGIC), "the magic")
    version = _U32.unpack(r.take(4, "the version"))[0]
    if version not in READS:
        raise ReplayError(f"unsupported replay version {version} (this build reads "
                          f"{', '.join(map(str, READS))})")
    header = _read_header(r)
    return _read_records(r, header, version)


def _read_header(r: _Reader) -> dict:
    head_len = _U32.unpack(r.take(4, "the header length"))[0]
    head = r.take(head_len, "the header")
    if zlib.crc32(head) != _U32.unpack(r.take(4, "the header checksum"))[0]:
        raise ReplayError("corrupt: CRC mismatch in the header")
    header = _json(head, "header")
    try:
        _check_header(header)
    except (ValueError, TypeError) as exc:
        raise ReplayError(f"corrupt header: {exc}") from None
    return header


def _json(raw: bytes, what: str) -> Any:
    try:
        value = json.loads(raw)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ReplayError(f"corrupt {what}: {exc}") from None
    if not isinstance(value, dict):
        raise ReplayError(f"corrupt {what}: a JSON {type(value).__name__}, not an object")
    return value


def _next_record(r: _Reader) -> tuple[bytes, bytes]:
    if r.pos == len(r.data):
        raise ReplayError("truncated: no trailer (the recording did not finish)")
    at = r.pos
    head = r.take(_REC.size, "a record header")
    tag, length = _REC.unpack(head)
    if tag not in _TAGS:
        raise ReplayError(f"corrupt: unknown record tag {tag!r} at byte {at}")
    payload = r.take(length, f"the {tag.decode()} record that starts at byte {at}")
    crc = _U32.unpack(r.take(4, f"the checksum of the {tag.decode()} record that starts at byte {at}"))[0]
    if zlib.crc32(payload, zlib.crc32(head)) != crc:
        raise ReplayError(f"corrupt: CRC mismatch in the {tag.decode()} record at byte {at}")
    return tag, payload


def _read_records(r: _Reader, header: dict, version: int) -> Replay:
    n_bodies = len(header["bodies"])
    episodes: list[Episode] = []
    rules: list[RuleRecord] = []
    chunks: list[np.ndarray] = []
    payload_hash, rules_hash = hashlib.sha256(), hashlib.sha256()
    prev, claimed, reveal = None, 0, None
    while True:
        at = r.pos
        tag, payload = _next_record(r)
        if reveal is not None and tag != b"TRLR":
            raise ReplayError(f"corrupt: a {tag.decode()} record at byte {at}, after the REVL record")
        if tag == b"REVL":
            if version < 3:
                raise ReplayError(f"corrupt: a REVL record at byte {at} in a version {version} replay")
            _finish(episodes, chunks)
            reveal = _json(payload, "REVL record")
            continue
        if tag == b"RULE":
            if version < 2:
                raise ReplayError(f"corrupt: a RULE record at byte {at} in a version {version} replay")
            if episodes and sum(len(c) for c in chunks) != episodes[-1].expected:
                raise ReplayError(f"truncated: episode {episodes[-1].index} lacks frames before the RULE "
                                  f"record at byte {at}")
            try:
                rules.append(decode_rule(payload, len(rules), claimed, len(episodes)))
            except RuleRecordError as exc:
                raise ReplayError(str(exc)) from None
            rules_hash.update(payload)
            claimed = len(episodes)
            continue
        if tag == b"EPIS":
            _finish(episodes, chunks)
            episodes.append(_episode(payload, len(episodes), n_bodies))
            prev, chunks = episodes[-1].start, []
        elif tag == b"POSE":
            payload_hash.update(payload)
            chunks.append(_pose(payload, episodes, chunks, prev))
            prev = chunks[-1][-1]
        else:
            _finish(episodes, chunks)
            trailer = _json(payload, "trailer")
            _check_trailer(trailer, episodes, payload_hash.hexdigest())
            if version >= 2 and (trailer.get("rules") != len(rules)
                                 or trailer.get("rules_sha256") != rules_hash.hexdigest()):
                raise ReplayError(f"corrupt: trailer lists {trailer.get('rules')} rules actions, the file "
                                  f"holds {len(rules)}, or their hash differs")
            if version >= 3 and trailer.get("revealed") != (reveal is not None):
                raise ReplayError(f"corrupt: trailer says revealed={trailer.get('revealed')}, the file "
                                  f"{'holds' if reveal is not None else 'has no'} REVL record")
            if r.pos != len(r.data):
                raise ReplayError(f"corrupt: {len(r.data) - r.pos} stray bytes after the trailer")
            return Replay(header, episodes, trailer, rules, reveal)


def _episode(payload: bytes, index: int, n_bodies: int) -> Episode:
    if len(payload) < 4:
        raise ReplayError(f"corrupt: episode {index} record of {len(payload)} bytes")
    meta_len = _U32.unpack(payload[:4])[0]
    meta = _json(payload[4:4 + meta_len], f"episode {index} record")
    try:
        kind, inputs, outcome = str(meta["kind"]), list(meta["inputs"]), meta["outcome"]
        expected = int(meta["frames"])
        start = np.frombuffer(zlib.decompress(payload[4 + meta_len:]), np.float32)
    except (KeyError, TypeError, ValueError, zlib.error) as exc:
        raise ReplayError(f"corrupt: episode {index} record is malformed ({exc!r})") from None
    if meta.get("index") != index or meta.get("bodies") != n_bodies or start.size != n_bodies * 7 \
            or expected < 0:
        raise ReplayError(f"corrupt: episode record {meta.get('index')} with {meta.get('bodies')} "
                          f"bodies, {start.size // 7} snapshot rows and {expected} frames; expected "
                          f"episode {index} with {n_bodies} bodies")
    return Episode(index, kind, start.reshape(n_bodies, 7).copy(), inputs, outcome,
                   np.empty((0, n_bodies, 7), np.float32), expected)


def _pose(payload: bytes, episodes: list[Episode], chunks: list[np.ndarray], prev) -> np.ndarray:
    if not episodes:
        raise ReplayError("corrupt: pose chunk before any episode")
    if len(payload) < _POSE.size:
        raise ReplayError(f"corrupt: pose chunk of {len(payload)} bytes")
    episode, first, n = _POSE.unpack(payload[:_POSE.size])
    ep, have = episodes[-1], sum(len(c) for c in chunks)
    if episode != ep.index or first != have or not 0 < n <= ep.expected - have:
        raise ReplayError(f"corrupt: pose chunk for episode {episode} frames {first}+{n}, expected "
                          f"episode {ep.index} from frame {have} of {ep.expected}")
    return decode_chunk(prev, payload[_POSE.size:], n)


def _finish(episodes: list[Episode], chunks: list[np.ndarray]) -> None:
    if not episodes:
        return
    ep = episodes[-1]
    if chunks:
        ep.frames = np.concatenate(chunks)
    if len(ep.frames) != ep.expected:
        raise ReplayError(f"truncated: episode {ep.index} has {len(ep.frames)} of {ep.expected} frames")


def _check_trailer(trailer: dict, episodes: list[Episode], payload_sha: str) -> None:
    frames = sum(len(e.frames) for e in episodes)
    if trailer.get("episodes") != len(episodes) or trailer.get("frames") != frames:
        raise ReplayError(f"corrupt: trailer lists {trailer.get('episodes')} episodes and "
                          f"{trailer.get('frames')} frames, the file holds {len(episodes)} and {frames}")
    if trailer.get("pose_sha256") != payload_sha:
        raise ReplayError("corrupt: pose stream hash does not match the trailer")
    if trailer.get("frames_sha256") != pose_stream_hash([e.frames for e in episodes]):
        raise ReplayError("corrupt: decoded frames hash does not match the trailer")


def replay_size_report(path: str | Path) -> dict:
    """Bytes on disk, simulated seconds and bytes (and KiB) per simulated second of a replay."""
    replay = read_replay(path)
    size = Path(path).stat().st_size
    frames = sum(len(e.frames) for e in replay.episodes)
    seconds = frames / replay.header["record_hz"]
    per_s = size / seconds if seconds else float("inf")
    return {"bytes": size, "episodes": len(replay.episodes), "frames": frames,
            "sim_seconds": round(seconds, 3), "bytes_per_sim_s": round(per_s, 1),
            "kib_per_sim_s": round(per_s / 1024, 2)}
