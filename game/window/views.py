"""The window's named views (keys 1-5, game/window/camera_bindings.py): where ``PlayApp.view``
takes the camera. ``top`` is the orthographic top view at once (game/window/top_camera.py),
``focus`` frames the piece and its target clear of the HUD (game/window/closeup.py), the others
ease the rig to a preset orbit (game/window/camera_rig.preset)."""
from __future__ import annotations

from feltbox.game.window.camera_rig import preset
from feltbox.game.window.closeup import window_closeup
from feltbox.models.dimensions import dims


def go_to_view(app, name: str) -> None:
    """Show ``name``: overview, top, eye (the active survivor), tower, focus."""
    piece = {"eye": app.active_piece(), "focus": app.selected or app.active_piece(),
             "tower": next((i for i in app.ids if i.startswith("zombie_tower")), None)}.get(name)
    orbit = preset(name, app.orbit, app.piece_xy(piece), dims()["city"]["width"])
    if name == "top":
        app.top.enter(orbit)
        app.place_camera()
        return
    app.top.leave()
    if name == "focus" and piece in app.ids:
        app.director.frame(window_closeup(app, piece))
        return
    app.rig.go(orbit)
