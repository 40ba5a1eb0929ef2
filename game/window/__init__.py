"""The desktop window: one Panda3D app for the whole visit.

The app and its frame loop (app.py), camera rig and bindings, picking, context and game menus,
aiming (aim*.py), the HUD (hud_model.py without Panda3D, hud.py, hud_widgets.py), the start
screen, settings, saves, hot-seat hand-over, sounds, launching a game in the window (play.py)
and the replay theatre (theatre.py). May import every room below it: replay, render, text,
flickem, tailfeathers, table; never the command line."""
