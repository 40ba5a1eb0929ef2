"""Snowbirds on the felt: the table layout and physical dice, the bridge between the rules and the
table, the planning bot and a random player, seats, the window controller, the tournament; may
import table/render/players/text/cards, models, rules."""
