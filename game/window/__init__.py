"""The desktop window: one Panda3D app for the whole visit.

The app and its frame loop (app.py; the ShowBase opened by display.py), camera rig and bindings,
picking, the left button's clicks and flicks (slingshot.py), context and game menus, aiming
(aim*.py), the HUD (hud_model.py without Panda3D, hud.py, hud_widgets.py), the start screen,
settings, saves, hot-seat hand-over, sounds, launching a game in the window (play.py) and the
replay theatre (theatre.py). The window talks to a game only through one declared protocol,
game_view.GameView. Inside the room imports run one way: shell.py and play.py compose the
window at the top, the add-ons (hud, sounds, game_menu, handover, theatre) sit above app.py,
which knows none of them (it keeps a typed place for each). May import every room below it:
games (the registry), replay, render, text, cards, flickem, tailfeathers, snowbirds, table; never the
command line."""
