"""Snowbirds on the felt: the table layout, the physical dice and (from the rules helper) the bridge and bot."""
