"""Reading a replay (docs/replay-format.md): all of it checked, or nothing returned.

``read_replay`` checks every CRC, every record's JSON against its schema
(game/replay/record_schemas.py), every chunk's place and size, both trailer hashes and the counts
before it returns; anything wrong is a ``ReplayError`` with a one-line reason naming the record
and the field. Imports neither Panda3D nor Bullet.
"""
from __future__ import annotations

import hashlib
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from feltbox.game.replay.format import MAGIC, POSE_HEAD, READS, RECORD_HEAD, TAGS, U32, Episode, Replay
from feltbox.game.replay.poses import ReplayError, decode_chunk, inflate, pose_stream_hash
from feltbox.game.replay.record_schemas import REVEAL, check_episode, check_header, file_context, trailer_spec
from feltbox.game.replay.rules_records import RuleRecord, RuleRecordError, decode_rule
from feltbox.game.replay.schema import SchemaError, strict_json


class _Reader:
    def __init__(self, data: bytes):
        self.data, self.pos = data, 0

    def take(self, n: int, what: str) -> bytes:
        if self.pos + n > len(self.data):
            raise ReplayError(f"truncated: the file ends at byte {len(self.data)}, inside {what}")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out


def read_replay(path: str | Path, actions_of: Callable[[str], dict | None] | None = None) -> Replay:
    """Load and validate a whole replay, or raise ReplayError having returned nothing.

    Every record is checked against its schema (game/replay/record_schemas.py) before it is used;
    ``actions_of(game)``, the rules actions of a game by name (None: a game feltbox does not
    know), also checks each RULE record's action data (feltbox.game.games.read_game_replay)."""
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
    version = U32.unpack(r.take(4, "the version"))[0]
    if version not in READS:
        raise ReplayError(f"unsupported replay version {version} (this build reads "
                          f"{', '.join(map(str, READS))})")
    header = _read_header(r, version)
    actions = None
    if actions_of is not None:
        for key in ("scene", "rules"):
            game = header.get(key, {}).get("game")
            if game is not None and actions_of(game) is None:
                raise ReplayError(f"corrupt: header: {key}.game: {game!r} is no game of this build")
        actions = actions_of(header["rules"]["game"]) if "rules" in header else None
    return _read_records(r, header, version, actions)


def _read_header(r: _Reader, version: int) -> dict:
    head_len = U32.unpack(r.take(4, "the header length"))[0]
    head = r.take(head_len, "the header")
    if zlib.crc32(head) != U32.unpack(r.take(4, "the header checksum"))[0]:
        raise ReplayError("corrupt: CRC mismatch in the header")
    header = _json(head, "header")
    _checked("header", check_header, header, version)
    return header


def _checked(record: str, check: Callable[..., None], *args) -> None:
    """Run a schema check; a value that does not fit is one line naming the record and field."""
    try:
        check(*args)
    except SchemaError as exc:
        raise ReplayError(f"corrupt: {record}: {exc}") from None


def _json(raw: bytes, what: str) -> Any:
    try:
        value = strict_json(raw)
    except ValueError as exc:
        raise ReplayError(f"corrupt: {what}: {exc}") from None
    if not isinstance(value, dict):
        raise ReplayError(f"corrupt: {what}: a JSON {type(value).__name__}, not an object")
    return value


def _next_record(r: _Reader) -> tuple[bytes, bytes]:
    if r.pos == len(r.data):
        raise ReplayError("truncated: no trailer (the recording did not finish)")
    at = r.pos
    head = r.take(RECORD_HEAD.size, "a record header")
    tag, length = RECORD_HEAD.unpack(head)
    if tag not in TAGS:
        raise ReplayError(f"corrupt: unknown record tag {tag!r} at byte {at}")
    payload = r.take(length, f"the {tag.decode()} record that starts at byte {at}")
    crc = U32.unpack(r.take(4, f"the checksum of the {tag.decode()} record that starts at byte {at}"))[0]
    if zlib.crc32(payload, zlib.crc32(head)) != crc:
        raise ReplayError(f"corrupt: CRC mismatch in the {tag.decode()} record at byte {at}")
    return tag, payload


def _read_records(r: _Reader, header: dict, version: int, actions: dict | None) -> Replay:
    ctx = {**file_context(header), "game": header.get("rules", {}).get("game")}
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
            reveal = _json(payload, f"the REVL record at byte {at}")
            _checked(f"the REVL record at byte {at}", REVEAL.check, reveal, "", ctx)
            continue
        if tag == b"RULE":
            if version < 2:
                raise ReplayError(f"corrupt: a RULE record at byte {at} in a version {version} replay")
            if episodes and sum(len(c) for c in chunks) != episodes[-1].expected:
                raise ReplayError(f"truncated: episode {episodes[-1].index} lacks frames before the RULE "
                                  f"record at byte {at}")
            try:
                rules.append(decode_rule(payload, len(rules), claimed, len(episodes), ctx, actions))
            except RuleRecordError as exc:
                raise ReplayError(f"{exc} (the RULE record at byte {at})") from None
            rules_hash.update(payload)
            claimed = len(episodes)
            continue
        if tag == b"EPIS":
            _finish(episodes, chunks)
            episodes.append(_episode(payload, len(episodes), ctx, at))
            prev, chunks = episodes[-1].start, []
        elif tag == b"POSE":
            payload_hash.update(payload)
            chunks.append(_pose(payload, episodes, chunks, prev))
            prev = chunks[-1][-1]
        else:
            _finish(episodes, chunks)
            trailer = _json(payload, "trailer")
            _checked("trailer", trailer_spec(version).check, trailer, "", ctx)
            _check_trailer(trailer, episodes, payload_hash.hexdigest())
            if version >= 2 and (trailer["rules"] != len(rules) or trailer["rules_sha256"] != rules_hash.hexdigest()):
                raise ReplayError(f"corrupt: trailer lists {trailer['rules']} rules actions, the file "
                                  f"holds {len(rules)}, or their hash differs")
            if version >= 3 and trailer["revealed"] != (reveal is not None):
                raise ReplayError(f"corrupt: trailer says revealed={trailer['revealed']}, the file "
                                  f"{'holds' if reveal is not None else 'has no'} REVL record")
            if r.pos != len(r.data):
                raise ReplayError(f"corrupt: {len(r.data) - r.pos} stray bytes after the trailer")
            return Replay(header, episodes, trailer, rules, reveal)


def _episode(payload: bytes, index: int, ctx: dict, at: int) -> Episode:
    record = f"episode {index} (the EPIS record at byte {at})"
    if len(payload) < 4:
        raise ReplayError(f"corrupt: {record}: {len(payload)} bytes")
    meta_len = U32.unpack(payload[:4])[0]
    if meta_len > len(payload) - 4:
        raise ReplayError(f"corrupt: {record}: meta of {meta_len} bytes in a payload of {len(payload)}")
    meta = _json(payload[4:4 + meta_len], record)
    _checked(record, check_episode, meta, index, ctx)
    n_bodies = ctx["bodies"]
    start = np.frombuffer(inflate(payload[4 + meta_len:], n_bodies * 7 * 4, f"{record}: the start snapshot"),
                          np.float32)
    return Episode(index, meta["kind"], start.reshape(n_bodies, 7).copy(), meta["inputs"], meta["outcome"],
                   np.empty((0, n_bodies, 7), np.float32), meta["frames"])


def _pose(payload: bytes, episodes: list[Episode], chunks: list[np.ndarray], prev) -> np.ndarray:
    if not episodes:
        raise ReplayError("corrupt: pose chunk before any episode")
    if len(payload) < POSE_HEAD.size:
        raise ReplayError(f"corrupt: pose chunk of {len(payload)} bytes")
    episode, first, n = POSE_HEAD.unpack(payload[:POSE_HEAD.size])
    ep, have = episodes[-1], sum(len(c) for c in chunks)
    if episode != ep.index or first != have or not 0 < n <= ep.expected - have:
        raise ReplayError(f"corrupt: pose chunk for episode {episode} frames {first}+{n}, expected "
                          f"episode {ep.index} from frame {have} of {ep.expected}")
    return decode_chunk(prev, payload[POSE_HEAD.size:], n)


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
