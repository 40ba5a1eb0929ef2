"""Tail Feathers on the table: the battlefield, the dice tray and the tail feathers.

The bridge (bridge.py) applies rules actions and answers the rules' requests: dice thrown in the
physical tray (dice.py), feathers dropped (feathers.py), the battlefield's bodies laid where the
rules state says (table.py); forces files (forces.py), the rat and mouse bot (bot.py), the window's
controller without Panda3D (window_game.py) and the gallery of its pieces. May import
``feltbox.game.table``, ``feltbox.rules``, ``feltbox.scenes``, ``feltbox.models``; never the
window, replay or command line rooms."""
