"""Tails and Tactics: a two-player trading card game with two house factions (no public card list
exists: every card is house-made, rules/tails_and_tactics/data/*.toml).

How the modules stack (each imports only modules named before it; no import circle):

- cards (the card data and effect vocabulary), state (the frozen game state), actions, decks (deck
  files and the deck builder);
- zones (draw, discard, the battlefield), stats (numbers as they stand now), requirements
  (deployment requirements);
- combat (attacks, damage, dodging), effects (Events and Traps), chain (the stack of actions);
- turn (Your Turn), battlefield (Battlefield Setup), play (the actions checked and pushed), options
  (legal_actions);
- flow: the engine's entry points; view: what one seat may see; bot and playout.
"""
