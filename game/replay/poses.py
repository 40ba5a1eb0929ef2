"""The pose chunks of a replay (docs/replay-format.md, POSE): XOR deltas against the previous
frame, changed bodies only, byte-shuffled, zlib; and the hash of a pose stream. Numpy only."""
from __future__ import annotations

import hashlib
import struct
import zlib

import numpy as np

from feltbox.rules.core import InputError

ZLIB_LEVEL = 6                        # 9 buys < 1 % on pose data and costs twice the time
_SHAPE = struct.Struct("<II")         # frames, bodies: framing for pose_stream_hash


class ReplayError(InputError):
    """A replay that cannot be loaded; the message is one line saying why."""


def encode_chunk(prev: np.ndarray, frames: np.ndarray) -> bytes:
    """Changed-body mask + zlib of the byte-shuffled XOR deltas of (T,N,7) float32 frames.

    ``prev`` is the (N,7) frame before the chunk. Deltas are on the raw bits, so this is lossless
    for every float32 value (-0.0, subnormals, inf, NaN payloads).
    """
    bits = np.concatenate([prev[None], frames]).view(np.uint32)
    delta = bits[1:] ^ bits[:-1]                                    # (T,N,7)
    changed = delta.any(axis=(0, 2))                                # (N,)
    kept = np.ascontiguousarray(delta[:, changed, :])               # (T,M,7)
    # Byte planes: (4,7,M,T), so each body field's time series of one byte is contiguous.
    shuffled = kept.view(np.uint8).reshape(*kept.shape, 4).transpose(3, 2, 1, 0)
    data = zlib.compress(np.ascontiguousarray(shuffled).tobytes(), ZLIB_LEVEL)
    return np.packbits(changed).tobytes() + data


def decode_chunk(prev: np.ndarray, payload: bytes, n_frames: int) -> np.ndarray:
    """Inverse of encode_chunk: the chunk's (n_frames,N,7) float32 frames."""
    n_bodies = prev.shape[0]
    mask_len = (n_bodies + 7) // 8
    if len(payload) < mask_len:
        raise ReplayError(f"corrupt: pose chunk of {len(payload)} bytes has no room for its body mask")
    changed = np.unpackbits(np.frombuffer(payload[:mask_len], np.uint8))[:n_bodies].astype(bool)
    m = int(changed.sum())
    raw = inflate(payload[mask_len:], 4 * 7 * m * n_frames, "pose chunk")
    if len(raw) != 4 * 7 * m * n_frames:
        raise ReplayError(f"corrupt: pose chunk holds {len(raw)} bytes, expected {4 * 7 * m * n_frames}")
    shuffled = np.frombuffer(raw, np.uint8).reshape(4, 7, m, n_frames)
    kept = np.ascontiguousarray(shuffled.transpose(3, 2, 1, 0)).view(np.uint32).reshape(n_frames, m, 7)
    delta = np.zeros((n_frames, n_bodies, 7), np.uint32)
    delta[:, changed, :] = kept
    bits = np.bitwise_xor.accumulate(np.concatenate([prev.view(np.uint32)[None], delta]), axis=0)
    return bits[1:].view(np.float32)


def inflate(data: bytes, size: int, what: str) -> bytes:
    """zlib-inflate exactly ``size`` bytes, or ReplayError: reading stops one byte past
    ``size``, so a crafted record cannot make the reader inflate gigabytes."""
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(data, size + 1)
    except zlib.error as exc:
        raise ReplayError(f"corrupt: {what} does not inflate ({exc})") from None
    if len(raw) != size or not inflater.eof or inflater.unused_data:
        raise ReplayError(f"corrupt: {what} does not inflate to its {size} bytes")
    return raw


def pose_stream_hash(frames_list: list[np.ndarray]) -> str:
    """SHA-256 of a list of (T,N,7) frame arrays: per array u32 T, u32 N, then its float32 bits.

    The trailer stores this over every episode's frames as ``frames_sha256``, so a verifier can
    hash its re-simulated frames and compare with one string.
    """
    h = hashlib.sha256()
    for frames in frames_list:
        frames = np.ascontiguousarray(frames, dtype=np.float32)
        if frames.ndim != 3 or frames.shape[2] != 7:
            raise ValueError(f"frames must be (T,N,7), got shape {frames.shape}")
        hash_frames(h, frames)
    return h.hexdigest()


def hash_frames(h, frames: np.ndarray) -> None:
    """Feed one episode's (T,N,7) float32 frames to the hash ``h``, framed by their shape, as
    ``pose_stream_hash`` does (the replay writer keeps the same hash as it goes)."""
    h.update(_SHAPE.pack(frames.shape[0], frames.shape[1]))
    h.update(frames.tobytes())
