"""The sound effects, synthesised by feltbox itself with numpy (no recorded samples, so no licence
questions): ``python -m feltbox.game.window.sound_synth`` rewrites game/window/sounds/*.wav, and the tests check the
committed files are exactly what this module makes.

Every sound is 22050 Hz mono 16-bit PCM, deterministic (numpy's legacy RandomState, whose
stream numpy keeps stable), peak-normalised to ``PEAK`` and faded at both ends so nothing clicks.
- flick: a finger's snap on a disc, a short bright noise burst over a 2.4 kHz ping
- hit: a wooden clack, two damped inharmonic modes of a small block
- fall: a figure toppling, a low thud and a short rattle
- rush: the zombies rushing, a low rumble with a rising, wavering groan
- dice: dice rattling in the tray, a run of small clacks that slows down
- click: a UI tick
"""
from __future__ import annotations

import io
import wave
from pathlib import Path

import numpy as np

RATE = 22050
PEAK = 0.8
SOUNDS_DIR = Path(__file__).with_name("sounds")


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _noise(seed: int, n: int) -> np.ndarray:
    return np.random.RandomState(seed).uniform(-1.0, 1.0, n)


def _lowpass(x: np.ndarray, alpha: float) -> np.ndarray:
    """One-pole low-pass (alpha in 0..1: smaller is darker)."""
    out = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc += alpha * (v - acc)
        out[i] = acc
    return out


def _mode(t: np.ndarray, freq: float, decay: float, phase: float = 0.0) -> np.ndarray:
    return np.sin(2 * np.pi * freq * t + phase) * np.exp(-t / decay)


def flick() -> np.ndarray:
    t = _t(0.09)
    burst = _noise(1, len(t)) * np.exp(-t / 0.006)
    return burst + 0.5 * _mode(t, 2400.0, 0.015) + 0.3 * _mode(t, 5200.0, 0.006)


def hit() -> np.ndarray:
    t = _t(0.16)
    knock = _noise(2, len(t)) * np.exp(-t / 0.002)
    return 0.6 * knock + _mode(t, 880.0, 0.03) + 0.6 * _mode(t, 1370.0, 0.02) + 0.25 * _mode(t, 2930.0, 0.01)


def fall() -> np.ndarray:
    t = _t(0.35)
    thud = _mode(t, 140.0, 0.07) + 0.5 * _lowpass(_noise(3, len(t)), 0.08) * np.exp(-t / 0.05)
    rattle = np.zeros_like(t)
    for k, at in enumerate((0.06, 0.11, 0.15, 0.19)):
        n0 = int(at * RATE)
        tt = t[: len(t) - n0]
        rattle[n0:] += (0.5 / (k + 1)) * _mode(tt, 1100.0 + 150 * k, 0.012)
    return thud + rattle


def rush() -> np.ndarray:
    t = _t(1.2)
    rumble = _lowpass(_noise(4, len(t)), 0.03) * 4.0
    f = 90.0 + 40.0 * t + 6.0 * np.sin(2 * np.pi * 5.5 * t)          # a rising, wavering groan
    phase = 2 * np.pi * np.cumsum(f) / RATE
    groan = sum(np.sin(k * phase) / k for k in range(1, 7)) * 0.35
    envelope = np.minimum(1.0, t / 0.25) * np.minimum(1.0, (t[-1] - t) / 0.3)
    return (rumble + groan) * envelope


def dice() -> np.ndarray:
    t = _t(0.6)
    out = np.zeros_like(t)
    rng = np.random.RandomState(5)
    at = 0.0
    for k in range(11):
        at += 0.02 + 0.006 * k * rng.uniform(0.6, 1.4)            # the clacks slow down
        n0 = int(at * RATE)
        if n0 >= len(t):
            break
        tt = t[: len(t) - n0]
        out[n0:] += (1.0 - k / 13) * (_mode(tt, rng.uniform(1800, 2600), 0.008) + 0.3 * _noise(10 + k, len(tt))
                                      * np.exp(-tt / 0.002))
    return out


def click() -> np.ndarray:
    t = _t(0.03)
    return _mode(t, 1800.0, 0.005)


SOUNDS = {"flick": flick, "hit": hit, "fall": fall, "rush": rush, "dice": dice, "click": click}


def pcm(samples: np.ndarray) -> np.ndarray:
    """Fade 2 ms in and 5 ms out, normalise to PEAK and quantise to int16."""
    x = np.array(samples, float)
    fade_in, fade_out = int(0.002 * RATE), int(0.005 * RATE)
    x[:fade_in] *= np.linspace(0.0, 1.0, fade_in)
    x[-fade_out:] *= np.linspace(1.0, 0.0, fade_out)
    x = x / max(np.abs(x).max(), 1e-9) * PEAK
    return np.round(x * 32767).astype("<i2")


def wav_bytes(name: str) -> bytes:
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm(SOUNDS[name]()).tobytes())
    return buf.getvalue()


def write_all(folder: Path = SOUNDS_DIR) -> list[Path]:
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name in SOUNDS:
        path = folder / f"{name}.wav"
        path.write_bytes(wav_bytes(name))
        paths.append(path)
    return paths


if __name__ == "__main__":
    for p in write_all():
        print(p, p.stat().st_size, "bytes")
