"""Pure-Python rules engines, one sub-package per game (rules decide, physics measures).

Never imports Panda3D, game/, models/ or trimesh (tests/test_boundaries.py). ``core`` holds the
engine contract of ARCHITECTURE.md (pending / legal_actions / apply, events, outcome actions, an
RNG kept in the state, JSON helpers) and ``engine`` the history, undo and atomic save/load every
game shares. The Flick'em Up! Dead of Winter engine is the subject of the rules issue; the
physical outcomes it will judge are already measured by game/table/measure.py in the rulebook's terms.
"""
