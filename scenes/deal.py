"""Dealing a scenario's face-down tokens (rulebook SET UPs: "Shuffle the following tokens face
down", then place them): the scene file says where face-down tokens go; which kind lies where is
shuffled with the game's seed, so nobody knows it from the scene file. Two piles are shuffled
apart: the tokens on the table, and the face-down supply outside the city (S8 NEW X TOKENS draws
from it face down; S5's CROSSROADS supply): otherwise a supply token's id would name its kind the
moment the rules place it. X tokens and face-up tokens keep their kinds. Token ids never name a
kind (scene files number them), so actions and logs that name a token give nothing away; a
replay's header does not even name a face-down token's kind (game/replay/sealing.py).
"""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import Rng
from feltbox.scenes.schema import Placement, Scene

DEAL_SALT = 0x5EED_70C3     # the deal draws from its own stream, apart from the rules' Rng


def hidden_placements(scene: Scene, supply: bool) -> list[Placement]:
    """The face-down tokens whose kinds the deal shuffles: on the table, or in the supply."""
    return [p for p in scene.placements if p.kind == "token" and bool(p.reserve) == supply
            and p.params.get("face") == "down" and p.params.get("token") != "x"]


def deal_tokens(scene: Scene, seed: int) -> Scene:
    """``scene`` with the kinds of its face-down tokens shuffled by ``seed``, each pile apart."""
    rng = Rng(seed ^ DEAL_SALT)
    new = {}
    for supply in (False, True):          # the table first: a scene without a supply deals as before
        dealt = hidden_placements(scene, supply)
        if len(dealt) < 2:
            continue
        kinds, rng = rng.shuffled(tuple(p.params["token"] for p in dealt))
        new.update({p.id: replace(p, params={**p.params, "token": k}) for p, k in zip(dealt, kinds)})
    if not new:
        return scene
    return replace(scene, placements=tuple(new.get(p.id, p) for p in scene.placements))
