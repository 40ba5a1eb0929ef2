"""Sound effects in the window: flicks, hits, falls, the zombies' rush and the dice, from the WAVs
feltbox synthesises itself (game/window/sound_synth.py, shipped in game/window/sounds/).

``attach_sounds(app)`` is a window add-on (for the app's ``sounds`` place): it listens to the
rules events the window's player sees (``app.game.listeners``) and watches the flick animations
(``app.animation``: a new one is a flick, and a piece whose speed changes suddenly between two
60 Hz frames is a hit). Rules-event sounds wait for the animation of the action that caused them
(the listener hears the events when the action is applied, before its frames play): each batch
is stamped with the frame its episode ends at (the game's ``frames_gathered()`` so far: a flick,
then the bots' and the rushes' episodes follow in one animation), a hit event (a shot, a bat)
sounds at the first detected hit frame up to there (instead of that frame's clack), the others
(a zombie falls, the rush, the dice) at that frame, or at the last frame when the game gives no
stamp; in the rules' order; with no animation they sound at once. Volume and on/off come from
game/window/settings.Settings. With sound off, no audio device or the null audio library the
add-on stays silent and never raises.

``audio_prc(settings)`` is the prc line the window should load before ShowBase starts: OpenAL when
sound is on, Panda3D's OpenAL plug-in is there and the machine has an audio device; else null.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import panda3d
from direct.showbase.DirectObject import DirectObject

from feltbox.game.window.game_view import KEYS, GameView
from feltbox.game.window.settings import Settings, load_settings
from feltbox.game.window.sound_synth import SOUNDS, SOUNDS_DIR

HIT_SPEED_JUMP = 40.0         # cm/s change of a piece's speed within one frame: a hit
MIN_SPEED = 15.0              # ... when it moved at least this fast before or after
TELEPORT = 8.0                # cm in one frame: a piece put back or taken off, not a hit
HIT_GAP = 6                   # frames between two hit sounds
MAX_HITS = 12                 # hit sounds per animation

EVENT_SOUNDS = {
    "reaction LOUD": "rush", "reaction QUIET": "rush", "new horde": "rush",
    "shot hit": "hit", "zombie wounded": "fall", "fight attack": "hit", "bat succeeded": "hit",
    "zombie killed at short distance": "hit", "attack": "hit", "hits": "hit",
    "survivor fell": "fall", "survivor died": "fall", "survivor lost a life": "fall",
    "zombie killed in a fight": "fall", "defeated": "fall", "death spiral plummet": "fall",
    "rolled": "dice", "piloting check": "dice", "fire check": "dice",
}


class Window(Protocol):
    """What the sounds need of the play window (game/window/app.PlayApp; not imported: the window
    opens with ``audio_prc`` from here)."""

    base: Any
    settings: Settings
    game: GameView | None
    animation: np.ndarray | None          # the frames playing now
    anim_time: float                      # seconds into them


def _has_audio_device() -> bool:
    if os.environ.get("PULSE_SERVER") or os.environ.get("PIPEWIRE_REMOTE"):
        return True
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    if runtime and any(Path(runtime, p).exists() for p in ("pulse/native", "pipewire-0")):
        return True
    snd = Path("/dev/snd")
    return snd.is_dir() and any(p.name.startswith("pcm") for p in snd.iterdir())


def openal_plugin() -> bool:
    folder = Path(panda3d.__file__).parent
    return any(folder.glob("libp3openal_audio*")) or any(folder.glob("p3openal_audio*"))


def audio_prc(settings=None) -> str:
    """The ``audio-library-name`` prc line for the window: OpenAL when it can play, else null."""
    settings = settings or load_settings()
    if settings.sound and settings.volume > 0 and openal_plugin() and _has_audio_device():
        return "audio-library-name p3openal_audio"
    return "audio-library-name null"


def hit_frames(frames: np.ndarray) -> list[int]:
    """Frames of an animation (n, bodies, 7) where some piece's speed jumps: collisions."""
    frames = np.asarray(frames, float)
    if frames.ndim != 3 or len(frames) < 3:
        return []
    step = np.linalg.norm(np.diff(frames[:, :, :3], axis=0), axis=2)          # cm per frame
    step[step > TELEPORT] = np.nan              # no speed across a teleport
    speed = step * 60.0
    with np.errstate(invalid="ignore"):
        jump = np.abs(np.diff(speed, axis=0))
        fast = np.maximum(speed[1:], speed[:-1]) > MIN_SPEED
        hit = (jump > HIT_SPEED_JUMP) & fast
    hits = np.nonzero(hit.any(axis=1))[0] + 1
    out: list[int] = []
    for k in hits.tolist():
        if not out or k - out[-1] >= HIT_GAP:
            out.append(k)
    return out[:MAX_HITS]


class Sounds:
    """Loaded sound effects; ``play`` is silent when sound is off or there is no audio device."""

    def __init__(self, base=None, settings: Settings | None = None):
        settings = settings or load_settings()
        self.volume = float(settings.volume) if settings.sound else 0.0
        self.sfx: dict[str, object] = {}
        self.played: list[str] = []          # names played, for tests and the log
        self.queueing = False                # attach_sounds: event sounds wait in ``pending``
        self.pending: list[tuple] = []       # ... (name, frame or None) for the animation (AnimationSounds)
        self.frame_clock = None              # () -> frames of the coming animation gathered so far (or None)
        self.keys: DirectObject | None = None    # the choice keys' clicks, on a listener of their own
        if base is None or self.volume <= 0.0:
            return
        try:
            managers = [m for m in base.sfxManagerList or [] if m.isValid()]
            if not managers:
                return
            for name in SOUNDS:
                sound = base.loader.loadSfx(str(SOUNDS_DIR / f"{name}.wav"))
                sound.setVolume(self.volume)
                self.sfx[name] = sound
        except Exception:                    # an odd audio back end: stay silent
            self.sfx = {}

    def apply_settings(self, settings) -> None:
        """Sound on/off and volume changed on the settings screen: applied to the loaded sounds
        (sounds are loaded at start only when sound was on and a device answered)."""
        self.volume = float(settings.volume) if settings.sound else 0.0
        for sound in self.sfx.values():
            try:
                sound.setVolume(self.volume)
            except Exception:
                pass

    @property
    def audible(self) -> bool:
        return bool(self.sfx)

    def play(self, name: str) -> None:
        self.played.append(name)
        self.played = self.played[-50:]
        sound = self.sfx.get(name)
        if sound is None or self.volume <= 0.0:
            return
        try:
            sound.play()
        except Exception:
            pass

    def on_events(self, events) -> None:
        """A rules listener: one sound per kind of event in this batch (no machine-gun repeats)."""
        names = []
        for e in events:
            name = EVENT_SOUNDS.get(e.kind)
            if e.kind.startswith("reaction") and not (e.data or {}).get("rush"):
                name = None                  # no zombie rushes: no rumble
            if name and name not in names:
                names.append(name)
        if self.queueing:
            at = self.frame_clock() if self.frame_clock is not None else None
            self.pending += [(name, at) for name in names]
            return
        for name in names:
            self.play(name)


class AnimationSounds:
    """Per frame: a new flick animation snaps, its hits clack as the frames play, and the rules'
    event sounds queued for it are released at their frames (``due``: [name, frame])."""

    def __init__(self, app: Window, sounds: Sounds):
        self.app, self.sounds = app, sounds
        self.current = None
        self.hits: list[int] = []
        self.due: list[list] = []

    def _release(self, k: float) -> None:
        """Play, in the rules' order, the queued event sounds due at frame ``k``."""
        ready = [d for d in self.due if d[1] <= k]
        self.due = [d for d in self.due if d[1] > k]
        for name, _ in ready:
            self.sounds.play(name)

    def update(self, task):
        frames = self.app.animation
        if frames is None:                    # none, or it just ended: everything queued sounds now
            self.current, self.hits = None, []
            self.due += [[name, 0] for name, _ in self.sounds.pending]
            self.sounds.pending = []
            self._release(float("inf"))
            return task.cont
        if frames is not self.current:
            self._release(float("inf"))       # a previous animation cut short
            self.current, self.hits = frames, hit_frames(frames)
            if len(frames) > 1:
                self.sounds.play("flick")
            last, begin, episode = len(frames) - 1, 0, (None, 0)
            for name, at in self.sounds.pending:
                end = last if at is None else min(max(at - 1, 0), last)     # the episode's last frame
                if at != episode[0]:
                    begin, episode = episode[1], (at, end)                # its first frame
                hit = next((h for h in self.hits if begin <= h <= end), None)
                if name == "hit" and hit is not None:
                    self.hits.remove(hit)                          # the event's sound, not a clack
                    self.due.append([name, hit])
                else:
                    self.due.append([name, end])
            self.sounds.pending = []
        k = int(self.app.anim_time * 60)
        while self.hits and self.hits[0] <= k:
            self.hits.pop(0)
            self.sounds.play("hit")
        self._release(k)
        return task.cont


def attach_sounds(app: Window, settings: Settings | None = None) -> Sounds:
    """Sounds on ``app``'s rules events and flick animations, for the app's ``sounds`` place.
    Settings: the window's (read once)."""
    sounds = Sounds(app.base, settings or app.settings)
    sounds.queueing = True
    if app.game is not None:
        app.game.listeners.append(sounds.on_events)
        sounds.frame_clock = app.game.frames_gathered      # None from a game without episode frames
    watcher = AnimationSounds(app, sounds)
    app.base.taskMgr.add(watcher.update, "feltbox-sounds")
    if app.game is None:
        return sounds
    sounds.keys = DirectObject()             # its own listener: the window's key bindings stay
    for key in KEYS:
        sounds.keys.accept(key, sounds.play, ["click"])
    return sounds
