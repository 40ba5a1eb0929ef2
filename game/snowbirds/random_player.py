"""A random legal Snowbirds player: the yardstick the bot must beat by a wide margin."""
from __future__ import annotations

import random


class RandomPlayer:
    """``decide(legal, state)`` -> one of ``legal``, uniformly at random (seeded)."""

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.reason = ""

    def decide(self, legal: list, state=None):
        choice = self.rng.choice(legal)
        self.reason = f"random: {type(choice).__name__}"
        return choice
