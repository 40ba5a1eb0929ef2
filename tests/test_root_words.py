"""Root's choices in the players' words (game/root/words.py): every label of every legal action
met in bot games fits the choices panel whole, and the labels offered at one decision are all
different (a player can tell every choice apart)."""
from __future__ import annotations

from feltbox.game.root.words import LIMIT, label, place_name, tiny_card
from feltbox.rules.core import GameOver, Measured, PhysicsRequest, Rng
from feltbox.rules.root import bots
from feltbox.rules.root.flow import apply, legal_actions, new_game, pending
from feltbox.rules.root.playout import throw


def _decisions(seed: int, steps: int = 4000):
    state, dice = new_game(seed), Rng(seed ^ 0x5EED)
    for _ in range(steps):
        p = pending(state)
        if isinstance(p, GameOver):
            return
        if isinstance(p, PhysicsRequest):
            faces, dice = throw(dice)
            action = Measured({"faces": faces})
        else:
            yield legal_actions(state)
            action = bots.choose(state)
        state, _ = apply(state, action)


def test_every_label_fits_the_panel_whole_and_tells_choices_apart():
    seen = 0
    for seed in (0, 3, 7):
        for legal in _decisions(seed):
            texts = [label(a) for a in legal]
            seen += len(texts)
            too_long = [t for t in texts if len(t) > LIMIT]
            assert not too_long, too_long[:3]
            assert len(set(texts)) == len(texts), sorted(t for t in texts if texts.count(t) > 1)[:4]
    assert seen > 1000


def test_the_shortest_forms_keep_names_and_suits():
    assert place_name(3) == "Weald" and place_name(0) == "the Burrow"
    assert [tiny_card(c) for c in ("fox-ambush", "rabbit-ambush", "mouse-ambush")] == [
        "Ambush! (f)", "Ambush! (r)", "Ambush! (m)"]
