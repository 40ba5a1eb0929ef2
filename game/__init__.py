"""The only package that imports Panda3D and Bullet: the physical table, rendering, the window."""
