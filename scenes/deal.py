"""Dealing a scenario's face-down tokens (rulebook SET UPs: "Shuffle the following tokens face
down", then place them): the scene file says where face-down tokens go; which kind lies where is
shuffled with the game's seed, so nobody knows it from the scene file. Tokens in the supply, X
tokens and face-up tokens keep their kinds. Token ids never name a kind (scene files number them),
so actions and logs that name a token give nothing away.
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Rng
from feltbox.scenes.schema import Scene

DEAL_SALT = 0x5EED_70C3     # the deal draws from its own stream, apart from the rules' Rng


def deal_tokens(scene: Scene, seed: int) -> Scene:
    """``scene`` with the kinds of its face-down table tokens shuffled by ``seed``."""
    dealt = [p for p in scene.placements if p.kind == "token" and not p.reserve
             and p.params.get("face") == "down" and p.params.get("token") != "x"]
    if len(dealt) < 2:
        return scene
    kinds, _ = Rng(seed ^ DEAL_SALT).shuffled(tuple(p.params["token"] for p in dealt))
    new = {p.id: replace(p, params={**p.params, "token": k}) for p, k in zip(dealt, kinds)}
    return replace(scene, placements=tuple(new.get(p.id, p) for p in scene.placements))
