"""feltbox: a 3D tabletop with real physics (Panda3D + Bullet) for physical board games.

One import namespace for the project's four top folders, mapped in pyproject.toml:
``feltbox.rules`` (rules/: pure rules engines), ``feltbox.scenes`` (scenes/: scene data and its
loader), ``feltbox.models`` (models/: procedural meshes and collision shapes) and ``feltbox.game``
(game/: the physical table, the games on it, replays, the window and the command line).
docs/architecture.md tells the rooms and the one-way direction of their imports.
"""
