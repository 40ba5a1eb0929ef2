"""Procedural models of Tail Feathers pieces (trimesh + numpy, never Panda3D)."""
