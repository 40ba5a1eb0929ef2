"""The only package that imports Panda3D and Bullet, in rooms by concern (docs/architecture.md).

Imports run one way: ``cli`` -> ``window`` -> ``games`` (the game registry) -> ``replay`` ->
``flickem`` / ``tailfeathers`` -> ``players`` / ``render`` -> ``table`` / ``text`` ->
``feltbox.models`` / ``feltbox.scenes``; every room may use ``feltbox.rules``.
tests/test_boundaries.py checks the direction and that there are no circles.
"""
