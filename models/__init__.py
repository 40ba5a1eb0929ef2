"""Procedural 3D models of game pieces (trimesh + numpy, never Panda3D).

Every builder returns a :class:`models.base.PieceModel`: coloured visual meshes plus the
collision description the physics room turns into Bullet shapes. All sizes come from the one
dimensions table, ``models/dimensions.toml``.
"""
