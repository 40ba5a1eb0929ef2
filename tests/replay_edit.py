"""Edit a replay's JSON records the way an attacker would: change a value, then recompute every
CRC and the trailer's rules hash, so that only the reader's schema can tell (docs/replay-format.md).

``split(data)`` gives the version, the header and the records; ``reseal`` writes them back with
fresh checksums; ``edited(data, header=..., episode=(i, fn), rule=(i, fn), reveal=fn, trailer=fn)``
does both around the edits (``fn`` changes the decoded JSON in place, or returns a new value).
"""
from __future__ import annotations

import hashlib
import json
import struct
import zlib

U32 = struct.Struct("<I")
HEAD = struct.Struct("<4sI")


def split(data: bytes) -> tuple[int, dict, list[list]]:
    """(version, header, [[tag, payload], ...]) of a well-formed replay."""
    version = U32.unpack(data[8:12])[0]
    n = U32.unpack(data[12:16])[0]
    header = json.loads(data[16:16 + n])
    pos, records = 20 + n, []
    while pos < len(data):
        tag, length = HEAD.unpack(data[pos:pos + 8])
        records.append([tag, data[pos + 8:pos + 8 + length]])
        pos += 12 + length
    return version, header, records


def _record(tag: bytes, payload: bytes) -> bytes:
    head = HEAD.pack(tag, len(payload))
    return head + payload + U32.pack(zlib.crc32(payload, zlib.crc32(head)))


def reseal(version: int, header, records: list[list], trailer_edit=None) -> bytes:
    """The replay of ``header`` (a dict, or raw bytes) and ``records``, every CRC recomputed and
    the trailer's ``rules_sha256`` made the hash of the RULE payloads as they now are."""
    head = header if isinstance(header, bytes) else json.dumps(header, sort_keys=True).encode()
    rules = hashlib.sha256()
    out = b"FBRPLAY1" + U32.pack(version) + U32.pack(len(head)) + head + U32.pack(zlib.crc32(head))
    for tag, payload in records:
        if tag == b"RULE":
            rules.update(payload)
        if tag == b"TRLR":
            trailer = json.loads(payload)
            if isinstance(trailer, dict) and "rules_sha256" in trailer:
                trailer["rules_sha256"] = rules.hexdigest()
            trailer = _apply(trailer_edit, trailer)
            payload = json.dumps(trailer, sort_keys=True).encode()
        out += _record(tag, payload)
    return out


def _apply(fn, value):
    if fn is None:
        return value
    result = fn(value)
    return value if result is None else result


def _episode_meta(payload: bytes) -> tuple[dict, bytes]:
    n = U32.unpack(payload[:4])[0]
    return json.loads(payload[4:4 + n]), payload[4 + n:]


def edited(data: bytes, header=None, episode=None, rule=None, reveal=None, trailer=None) -> bytes:
    """``data`` with the edits made and the checksums recomputed (see the module docstring)."""
    version, head, records = split(data)
    head = _apply(header, head)
    episodes = [r for r in records if r[0] == b"EPIS"]
    rules = [r for r in records if r[0] == b"RULE"]
    if episode is not None:
        index, fn = episode
        meta, snapshot = _episode_meta(episodes[index][1])
        raw = json.dumps(_apply(fn, meta), sort_keys=True).encode()
        episodes[index][1] = U32.pack(len(raw)) + raw + snapshot
    if rule is not None:
        index, fn = rule
        rules[index][1] = json.dumps(_apply(fn, json.loads(rules[index][1])), sort_keys=True).encode()
    if reveal is not None:
        for r in records:
            if r[0] == b"REVL":
                r[1] = json.dumps(_apply(reveal, json.loads(r[1])), sort_keys=True).encode()
    return reseal(version, head, records, trailer)
