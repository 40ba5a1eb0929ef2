"""The seeds of a game's physical throws (dice in a tray, feathers dropped), for every game.

Throw number ``k`` of a game seeded ``seed`` uses ``roll_seed(seed, k)``: a hash, so the seeds a
replay records for the throws so far tell nothing of the game's seed or of the next throw (they
were ``seed * 1000003 + k``: the first one gave away every later one)."""
from __future__ import annotations

import hashlib


def roll_seed(seed: int, k: int) -> int:
    """The physics seed of throw number ``k`` (0-based) of a game seeded ``seed``."""
    digest = hashlib.sha256(f"feltbox-roll:{int(seed)}:{int(k)}".encode()).digest()
    return int.from_bytes(digest[:4], "big")
