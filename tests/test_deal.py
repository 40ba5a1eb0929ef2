"""Dealing face-down tokens (rulebook SET UPs: "Shuffle the following tokens face down"): the scene
says where they go, the seed says which kind lies where; ids never name a kind."""
from __future__ import annotations

import re

from feltbox.scenes.deal import deal_tokens
from feltbox.scenes.loader import load_flickem


def _kinds(scene):
    return {p.id: p.params["token"] for p in scene.placements if p.kind == "token"}


def test_SET_UP_face_down_tokens_are_shuffled_by_the_seed_and_nothing_else_moves():
    scene = load_flickem(10)
    a, b, again = deal_tokens(scene, 1), deal_tokens(scene, 2), deal_tokens(scene, 1)
    assert _kinds(a) == _kinds(again) and _kinds(a) != _kinds(b)
    assert sorted(_kinds(a).values()) == sorted(_kinds(scene).values())        # the same tokens
    assert [(p.id, p.x, p.y, p.on) for p in a.placements] == [(p.id, p.x, p.y, p.on) for p in scene.placements]


def test_SET_UP_supply_X_and_face_up_tokens_keep_their_kinds():
    for number in (4, 5, 8):
        scene = load_flickem(number)
        kept = {p.id: p.params["token"] for p in scene.placements if p.kind == "token"
                and (p.reserve or p.params["face"] == "up" or p.params["token"] == "x")}
        for seed in range(5):
            assert {k: _kinds(deal_tokens(scene, seed))[k] for k in kept} == kept


def test_token_ids_never_name_a_kind():
    kinds = {"food", "fuel", "medicine", "gun", "knife", "key", "survivor", "crossroads", "bat", "shotgun", "sniper"}
    for number in range(1, 11):
        for tid in _kinds(load_flickem(number)):
            assert not set(re.split(r"[-_]", tid)) & kinds, tid
