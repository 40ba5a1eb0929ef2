"""The settings screen (DirectGUI): UI scale, mouse sensitivity, volume and animation speed sliders, aim preview, sound
(and its volume), shadows and Tails and Tactics' auto-pass check boxes. OK saves the settings file atomically
(game/window/settings.save_settings) and hands the new Settings to ``on_done``; Cancel hands None.
Reached from the start screen and from the in-game menu.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from direct.gui.DirectGui import DirectButton, DirectCheckButton, DirectFrame, DirectLabel, DirectSlider

from feltbox.game.window.settings import Settings, load_settings, save_settings

SLIDERS = (("ui_scale", "UI scale"), ("mouse_sensitivity", "Mouse sensitivity"), ("volume", "Sound volume"),
           ("animation_speed", "Flick and bot speed"))
CHECKS = (("aim_preview", "Aim preview (off in competitive play)"), ("sound", "Sound"), ("shadows", "Shadows"),
          ("auto_pass", "Auto-pass when Pass is the only response (Tails and Tactics)"))


class SettingsScreen:
    def __init__(self, base, on_done: Callable[[Settings | None], None], path=None):
        self.base, self.on_done, self.path = base, on_done, path
        self.settings = load_settings(path)
        self.frame = DirectFrame(frameColor=(0.05, 0.06, 0.07, 1.0), frameSize=(-1.0, 1.0, -0.72, 0.72),
                                 sortOrder=40)
        DirectLabel(parent=self.frame, text="Settings", scale=0.08, pos=(0, 0, 0.58), text_fg=(1, 1, 1, 1),
                    frameColor=(0, 0, 0, 0))
        self.sliders, self.values, self.checks = {}, {}, {}
        z = 0.40
        for name, text in SLIDERS:
            lo, hi = Settings.LIMITS[name]
            DirectLabel(parent=self.frame, text=text, scale=0.05, pos=(-0.9, 0, z), text_align=0,
                        text_fg=(1, 1, 1, 1), frameColor=(0, 0, 0, 0))
            slider = DirectSlider(parent=self.frame, range=(lo, hi), value=getattr(self.settings, name),
                                  pageSize=(hi - lo) / 20, pos=(0.3, 0, z + 0.015), scale=0.4,
                                  command=self._changed)
            self.values[name] = DirectLabel(parent=self.frame, text="", scale=0.05, pos=(0.8, 0, z),
                                            text_align=0, text_fg=(1, 0.9, 0.6, 1), frameColor=(0, 0, 0, 0))
            self.sliders[name] = slider
            z -= 0.14
        for name, text in CHECKS:
            self.checks[name] = DirectCheckButton(parent=self.frame, text="", scale=0.05, pos=(-0.86, 0, z + 0.015),
                                                  indicatorValue=int(getattr(self.settings, name)),
                                                  frameColor=(0, 0, 0, 0))
            DirectLabel(parent=self.frame, text=text, scale=0.05, pos=(-0.78, 0, z), text_align=0,
                        text_fg=(1, 1, 1, 1), frameColor=(0, 0, 0, 0))
            z -= 0.11
        self.ok = DirectButton(parent=self.frame, text="OK", scale=0.06, pos=(-0.25, 0, -0.62), command=self.done,
                               extraArgs=[True], frameSize=(-2.5, 2.5, -0.6, 1.0))
        self.cancel = DirectButton(parent=self.frame, text="Cancel", scale=0.06, pos=(0.25, 0, -0.62),
                                   command=self.done, extraArgs=[False], frameSize=(-2.5, 2.5, -0.6, 1.0))
        self._changed()

    def _changed(self) -> None:
        for name, slider in self.sliders.items():
            self.values[name]["text"] = f"{slider['value']:.2f}"

    def current(self) -> Settings:
        out = replace(self.settings)
        for name, slider in self.sliders.items():
            setattr(out, name, float(slider["value"]))
        for name, check in self.checks.items():
            setattr(out, name, bool(check["indicatorValue"]))
        return out.clamped()

    def done(self, keep: bool) -> None:
        settings = self.current() if keep else None
        if settings is not None:
            save_settings(settings, self.path)
        self.destroy()
        self.on_done(settings)

    def destroy(self) -> None:
        if self.frame is not None:
            self.frame.destroy()
            self.frame = None
