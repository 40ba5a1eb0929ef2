"""Greyed actions give the rules' reason in plain words, whole (issue 13: "(ChooseSurvivor(surv..."):
game/text/reasons.py turns the rules' programmer sentences into one player's sentence."""
from __future__ import annotations

from feltbox.game.text.reasons import WAITING, plain_reason, sentence_of
from feltbox.rules.flickem.state import Waiting


def test_a_not_legal_now_reason_names_what_the_rules_wait_for_in_words():
    reason = "ChooseSurvivor(survivor='survivor-anita') is not legal now (waiting for: act)"
    assert plain_reason(reason) == "not now: the rules wait for the active survivor to act or end the turn"
    assert plain_reason("Activate is not legal now (waiting for: act)", "tailfeathers") == \
        "not now: the rules wait for the active unit to act or end its activation"
    assert plain_reason("EndTurn() is not legal now") == "not now"


def test_every_dead_of_winter_waiting_state_has_words():
    assert {str(w) for w in Waiting} <= set(WAITING)


def test_reprs_and_ids_inside_a_reason_read_as_words():
    assert plain_reason("UseWeapon(weapon='gun') refused: the bat first touched zombie-04") == \
        "use weapon refused: the bat first touched zombie 4"


def test_hint_and_reason_make_one_whole_sentence():
    reason = "Move() is not legal now (waiting for: choose)"
    assert sentence_of("choose a survivor first", reason) == \
        "Choose a survivor first (not now: the rules wait for a team to choose the survivor who plays)."
    assert sentence_of("", reason) == "Not now: the rules wait for a team to choose the survivor who plays."
    assert sentence_of("no actions left", "") == "No actions left."
    assert sentence_of("", "") == ""
