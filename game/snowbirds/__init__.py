"""Snowbirds on the felt (table layout, physical dice, bridge, bot); may import table/render/players/text, models, rules."""
