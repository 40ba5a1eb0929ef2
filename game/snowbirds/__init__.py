"""Snowbirds on the felt: the bot, a random legal player and a rules-level simulator for tuning
the house cards. Pure so far (imports only feltbox.rules); the bridge to the table, the window,
the CLI and replays come later."""
