"""Tails and Tactics on the felt: the battlefields laid from the rules' seat view, the bridge
between rules and table, seats, the window game, pictures, replays and tournaments."""
