"""Panda3D shows: turning table poses into pictures, with or without a window.

Offscreen rendering of screenshots and frames (offscreen.py), the camera presets and orbit maths
both the renderer and the window use (camera.py), how each body looks (visuals.py; a card's
textured node: card_nodes.py; images as textures: textures.py) and the window's lights and rim
(lighting.py). May import ``feltbox.game.table`` and ``feltbox.models``; knows no game's rules and
no window."""
