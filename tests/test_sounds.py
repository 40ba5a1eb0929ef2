"""The synthesised sound effects (game/sound_synth.py) and the silent-safe player (game/sounds.py)."""
from __future__ import annotations

import io
import wave

import numpy as np

from game.settings import Settings
from game.sound_synth import RATE, SOUNDS, SOUNDS_DIR, pcm, wav_bytes
from game.sounds import EVENT_SOUNDS, Sounds, audio_prc, hit_frames
from rules.core import Event

LENGTHS = {"flick": (0.05, 0.2), "hit": (0.08, 0.3), "fall": (0.2, 0.5), "rush": (0.8, 1.6),
           "dice": (0.3, 0.8), "click": (0.01, 0.06)}


def test_committed_wavs_are_what_the_synth_makes():
    for name in SOUNDS:
        made = wav_bytes(name)
        assert made == wav_bytes(name)                       # deterministic
        assert (SOUNDS_DIR / f"{name}.wav").read_bytes() == made, f"run python -m game.sound_synth ({name})"


def test_wavs_are_short_mono_16bit_and_not_clipped():
    total = 0
    for name in SOUNDS:
        data = (SOUNDS_DIR / f"{name}.wav").read_bytes()
        total += len(data)
        with wave.open(io.BytesIO(data)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, RATE)
            samples = np.frombuffer(w.readframes(w.getnframes()), "<i2")
        lo, hi = LENGTHS[name]
        assert lo <= len(samples) / RATE <= hi, name
        peak = np.abs(samples).max() / 32767
        assert 0.7 <= peak <= 0.81, (name, peak)
        assert abs(int(samples[0])) < 200 and abs(int(samples[-1])) < 200, name   # faded: no click
    assert total < 200_000


def test_pcm_normalises_silence_without_dividing_by_zero():
    assert not pcm(np.zeros(500)).any()


def test_silent_without_audio_or_with_sound_off():
    for settings in (Settings(sound=False), Settings(volume=0.0), Settings()):
        sounds = Sounds(None, settings)
        assert not sounds.audible
        sounds.on_events([Event("reaction LOUD", {"rush": ["zombie-01"], "stand": []}), Event("rolled", {})])
        sounds.play("nothing-like-this")
    assert sounds.played[:2] == ["rush", "dice"]
    assert "p3openal_audio" not in audio_prc(Settings(sound=False))
    assert audio_prc(Settings()).startswith("audio-library-name ")


def test_quiet_reaction_without_rush_makes_no_rumble():
    sounds = Sounds(None, Settings())
    sounds.on_events([Event("reaction SILENT", {"rush": [], "stand": []}), Event("reaction QUIET", {"rush": []})])
    assert sounds.played == []
    assert set(EVENT_SOUNDS.values()) <= set(SOUNDS)


def test_hits_are_found_where_a_piece_stops_short():
    frames = np.zeros((60, 2, 7))
    frames[:, :, 3] = 1.0
    frames[:30, 0, 0] = np.arange(30) * 1.0            # 60 cm/s, then stops dead at frame 30
    frames[30:, 0, 0] = 29.0
    frames[30:, 1, 0] = 50.0 + np.arange(30) * 0.8     # the other piece starts moving
    frames[:30, 1, 0] = 50.0
    assert hit_frames(frames) == [29]              # its last moving frame
    assert hit_frames(frames[:2]) == []
    frames[45, 1, 0] += 100.0                           # a teleport is not a hit
    assert len(hit_frames(frames)) == 1
