"""Snowbirds (Brian Garthwaite, 2017): a solitaire migration of snow geese with single-use Action
cards and two dice.

How the modules stack (each imports only modules named before it; no import circle):

- data (the house TOML tables), state (the frozen game state), actions (the action classes);
- journey (the journey's Distance, Risk, Hunger and the mat's modifiers, a split of the hand that
  can still fly), health (Hunger and Exhaustion changes, birds lost), scoring (score and bands);
- day (set-up, NEW DAY, the rest day, landing, the two ways to fail), play (REST, FORAGE, FLIGHT,
  VIGOR, TENACITY: one card or one button at a time);
- flow: the engine's entry points (new_game / pending / legal_actions / apply) and the one
  dispatcher, as in rules/tailfeathers/flow.py.
"""
