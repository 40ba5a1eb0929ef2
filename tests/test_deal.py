"""Dealing face-down tokens (rulebook SET UPs: "Shuffle the following tokens face down"): the scene
says where they go, the seed says which kind lies where; ids never name a kind."""
from __future__ import annotations

import re

from feltbox.scenes.deal import deal_tokens, hidden_placements
from feltbox.scenes.loader import load_flickem


def _kinds(scene):
    return {p.id: p.params["token"] for p in scene.placements if p.kind == "token"}


def test_SET_UP_face_down_tokens_are_shuffled_by_the_seed_and_nothing_else_moves():
    scene = load_flickem(10)
    a, b, again = deal_tokens(scene, 1), deal_tokens(scene, 2), deal_tokens(scene, 1)
    assert _kinds(a) == _kinds(again) and _kinds(a) != _kinds(b)
    assert sorted(_kinds(a).values()) == sorted(_kinds(scene).values())        # the same tokens
    assert [(p.id, p.x, p.y, p.on) for p in a.placements] == [(p.id, p.x, p.y, p.on) for p in scene.placements]


def test_SET_UP_X_and_face_up_tokens_keep_their_kinds():
    for number in (4, 5, 8):
        scene = load_flickem(number)
        kept = {p.id: p.params["token"] for p in scene.placements if p.kind == "token"
                and (p.params["face"] == "up" or p.params["token"] == "x")}
        for seed in range(5):
            assert {k: _kinds(deal_tokens(scene, seed))[k] for k in kept} == kept


def test_the_face_down_supply_is_its_own_pile_shuffled_by_the_seed():
    """S8 NEW X TOKENS places a supply token face down: its id must not name its kind, as the
    scene file would if the supply kept its kinds. The table's deal is the one it always was."""
    for number in (5, 8):
        scene = load_flickem(number)
        supply = {p.id for p in hidden_placements(scene, supply=True)}
        table = {p.id for p in hidden_placements(scene, supply=False)}
        dealt = [_kinds(deal_tokens(scene, seed)) for seed in range(6)]
        assert len({tuple(d[t] for t in sorted(supply)) for d in dealt}) > 1
        for d in dealt:
            assert sorted(d[t] for t in supply) == sorted(_kinds(scene)[t] for t in supply)
            assert sorted(d[t] for t in table) == sorted(_kinds(scene)[t] for t in table)


def test_token_ids_never_name_a_kind():
    kinds = {"food", "fuel", "medicine", "gun", "knife", "key", "survivor", "crossroads", "bat", "shotgun", "sniper"}
    for number in range(1, 11):
        for tid in _kinds(load_flickem(number)):
            assert not set(re.split(r"[-_]", tid)) & kinds, tid
