"""Tails and Tactics scenes: which house deck each side, red and blue, brings to the battle."""
