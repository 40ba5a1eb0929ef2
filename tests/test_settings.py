"""Settings: defaults, round trip, clamping, and a hand-edited file that never stops the game."""
from __future__ import annotations

import json

from feltbox.game.window.settings import Settings, load_settings, save_settings, user_dir


def test_round_trip_and_clamping(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path))
    assert user_dir() == tmp_path
    assert load_settings() == Settings()
    save_settings(Settings(ui_scale=5.0, aim_preview=True, volume=-1, animation_speed=10))
    loaded = load_settings()
    assert loaded.ui_scale == 2.0 and loaded.aim_preview is True and loaded.volume == 0.0
    assert loaded.animation_speed == 4.0          # flicks and bot turns at most 4x
    assert not list(tmp_path.glob(".*.tmp"))


def test_bad_values_fall_back_to_defaults(tmp_path, capsys):
    path = tmp_path / "settings.json"
    path.write_text(json.dumps({"ui_scale": "big", "sound": 1, "mouse_sensitivity": 2, "extra": 3}))
    loaded = load_settings(path)
    assert loaded.ui_scale == 1.0 and loaded.sound is True and loaded.mouse_sensitivity == 2.0
    err = capsys.readouterr().err
    assert "ui_scale" in err and "sound" in err
    path.write_text("{not json")
    assert load_settings(path) == Settings()
    assert "settings not read" in capsys.readouterr().err
