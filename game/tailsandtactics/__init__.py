"""Tails and Tactics on the felt: the felt laid from the rules' seat view (layout as data), the
first-player dice, the bridge between rules and table, the agreement check, seats, the window
controller, pictures and the tournament; may import table/render/players/text/cards, models,
rules, scenes."""
