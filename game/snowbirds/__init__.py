"""Snowbirds on the felt: the table layout, the physical dice, the bot, a random legal player and a
rules-level simulator for tuning the house cards; may import table/render/cards/players/text, models, rules."""
