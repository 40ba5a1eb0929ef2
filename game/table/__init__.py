"""The physical table: Bullet worlds and the pieces on them (physics measures).

A fresh Bullet world per episode at fixed 240 Hz ticks (table.py), body specs and piece kinds
(bodies.py, pieces.py), the Dead of Winter city laid from a scene (city.py), a flick turned into an
impulse and run (flick.py, session.py), what a flick did measured in the rulebook's terms
(measure.py), the zombie tower's rush (rush.py), the fight arena, barricades, the table snapshots
undo keeps (undo.py), the piece gallery, dice thrown in a tray (dice_throw.py) and what the
bridges of the engine-driven games share (rules_bridge.py). Knows no rules engine: it may import Panda3D, numpy,
``feltbox.models``, ``feltbox.scenes`` and ``feltbox.rules`` data types, nothing else of ours."""
