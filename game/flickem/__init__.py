"""Flick'em Up! Dead of Winter on the table: where the rules engine meets the physical city.

The bridge (bridge.py) applies rules actions and answers the rules' physics requests with flicks
and rushes on ``feltbox.game.table``; bots (bot.py, bot_goals.py, bot_aim.py), game scripts
(script.py), headless and hot-seat games (headless.py, hotseat.py), the window's controller
without Panda3D (window_game.py) and laying the table again from the rules state (relay.py).
May import ``feltbox.game.table``, ``feltbox.rules``, ``feltbox.scenes``, ``feltbox.models``;
never the window, replay or command line rooms."""
