"""Player settings (UI scale, mouse sensitivity, aim preview, sound, shadows, the speed flicks and
bot turns play at, Tails and Tactics' auto-pass, which HUD panels are collapsed), kept in a small
JSON file under the user's config folder and written atomically.

``FELTBOX_HOME`` moves every per-user file of feltbox (settings, saves, autosave) to one folder;
tests point it at a temporary folder. Unknown keys in the file are ignored and bad values fall
back to the defaults with a one-line warning, so a hand-edited file never stops the game.
"""
from __future__ import annotations

import json
import os
import sys
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import ClassVar

from feltbox.rules.engine import write_atomic

SETTINGS_FILE = "settings.json"


def user_dir() -> Path:
    """The folder for settings and saves: $FELTBOX_HOME, else $XDG_CONFIG_HOME/feltbox, else ~/.config/feltbox."""
    if os.environ.get("FELTBOX_HOME"):
        return Path(os.environ["FELTBOX_HOME"])
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "feltbox"


@dataclass
class Settings:
    ui_scale: float = 1.0             # 0.6 .. 2.0: text and panels
    mouse_sensitivity: float = 1.0    # 0.2 .. 3.0: orbit and pan speed
    aim_preview: bool = False         # draw the simulated path of a flick (off in competitive play)
    sound: bool = True
    volume: float = 0.8               # 0 .. 1
    shadows: bool = True              # shadow-casting light where the renderer allows
    animation_speed: float = 1.0      # 0.25 .. 4: how fast flicks and the bots' turns play (tab skips one)
    auto_pass: bool = True            # Tails and Tactics: a response prompt whose only answer is Pass answers itself
    panel_top: bool = True            # the HUD's docked panels open (False: collapsed to their header; H toggles all)
    panel_cards: bool = True
    panel_choices: bool = True
    panel_feed: bool = True

    LIMITS: ClassVar[dict[str, tuple[float, float]]] = {"ui_scale": (0.6, 2.0), "mouse_sensitivity": (0.2, 3.0),
                                                        "volume": (0.0, 1.0), "animation_speed": (0.25, 4.0)}

    def clamped(self) -> Settings:
        out = Settings(**asdict(self))
        for name, (lo, hi) in self.LIMITS.items():
            setattr(out, name, float(min(hi, max(lo, getattr(out, name)))))
        return out


def load_settings(path: Path | None = None) -> Settings:
    path = path or user_dir() / SETTINGS_FILE
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings()
    except (OSError, json.JSONDecodeError) as exc:
        print(f"feltbox: {path}: settings not read ({exc}); using the defaults", file=sys.stderr)
        return Settings()
    settings = Settings()
    for f in fields(Settings):
        if f.name not in raw:
            continue
        value, default = raw[f.name], getattr(settings, f.name)
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, (int, float)):
            print(f"feltbox: {path}: {f.name}: {value!r} is not a {type(default).__name__}; using {default!r}",
                  file=sys.stderr)
            continue
        setattr(settings, f.name, type(default)(value))
    return settings.clamped()


def save_settings(settings: Settings, path: Path | None = None) -> None:
    write_atomic(path or user_dir() / SETTINGS_FILE, json.dumps(asdict(settings.clamped()), indent=1, sort_keys=True))
