"""Tail Feathers (Plaid Hat, 2015): battlefield, flight and range geometry, rules.

How the rules modules stack: each imports only modules named before it, so there is no import
circle (tests/test_boundaries.py) and no function-level import.

- tables and facts: shapes, geometry, battlefield, measure (the table geometry); state (the frozen
  game state); data (the TOML tables); dice; stats (unit values, battlefield queries); turn (whose
  activation turn it is, the acting figure); step (what a step hands back to the flow);
- effects several steps share: feathers (tail feather tokens), wounds (wounds, defeat, nests),
  status (status effects);
- steps that other steps start and that report back when they are over: combat (attacks),
  spirals (death spirals), leaves (drifting leaves);
- the phases' steps: phases (Mission, Tilt, Determine Initiative), activation, flight, cards,
  final; and setup, objectives, forces;
- flow: the engine's entry points and the one dispatcher: it decides what comes next from what
  each step reports (rulebook: Round Order).
"""
