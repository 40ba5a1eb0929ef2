"""S6 STEALING TOKENS (rulebook S6, with hand-written measured outcomes)."""
from __future__ import annotations

from feltbox.rules.core import Measured
from feltbox.rules.flickem.flow import ChooseSurvivor, UseWeapon, apply, legal_actions, new_game, pending
from feltbox.rules.flickem.state import Survivor, Token, Zombie
from feltbox.rules.flickem.stealing import Steal, StealKeep
from tests.test_flickem_flow import flick_outcome, play, setup


def _shot_rosa(scenario=6, kind="key", john_full=False):
    """Anita (A) shoots Rosa (B), who carries a face-down token; John (A) stands nearer than Kevin."""
    tokens = (Token("token-1", kind, "survivor-rosa", "down"), Token("token-2", "food", "survivor-john", "up"),
              Token("token-3", "food", "survivor-john", "up"))
    survivors = (Survivor("survivor-anita", "Anita", "A", 3),
                 Survivor("survivor-rosa", "Rosa", "B", 3, inventory=("token-1",)),
                 Survivor("survivor-john", "John", "A", 3, inventory=("token-2", "token-3") if john_full else ()),
                 Survivor("survivor-kevin", "Kevin", "B", 3))
    positions = (("survivor-anita", 0.0, 0.0), ("survivor-rosa", 30.0, 0.0), ("survivor-john", 36.0, 0.0),
                 ("survivor-kevin", 45.0, 0.0), ("zombie-01", -40.0, -40.0))
    base = setup(scenario=scenario, teams=("A", "B"), survivors=survivors, tokens=tokens, positions=positions,
                 zombies=(Zombie("zombie-01"), Zombie("zombie-02", where="bin")))
    state = play(new_game(base, 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"))
    return apply(state, Measured(flick_outcome(flicked="bullet-1", first_contacts=["survivor-rosa"],
                                               fell=["survivor-rosa"])))


def test_S6_STEALING_TOKENS_the_closest_standing_survivor_with_room_looks_then_takes():
    state, events = _shot_rosa()
    assert state.data.survivor("survivor-rosa").life == 2 and state.flow.waiting == "steal"
    assert pending(state).player == "A"                              # John is the closest
    assert legal_actions(state) == [Steal("token-1"), Steal(None)]
    state, events = apply(state, Steal("token-1"))
    assert events[0].visible_to == ("A",) and events[0].seen_by("B").data == {}   # only John's team sees it
    assert legal_actions(state) == [StealKeep("take"), StealKeep("leave")]        # not an X: no remove
    state, _ = apply(state, StealKeep("take"))
    assert state.data.survivor("survivor-john").inventory == ("token-1",)
    assert state.data.survivor("survivor-rosa").inventory == ()
    assert state.data.token("token-1").face == "down" and state.flow.waiting == "act"


def test_S6_STEALING_TOKENS_a_full_inventory_passes_the_chance_on_and_an_X_can_be_removed():
    state, _ = _shot_rosa(kind="x", john_full=True)
    assert pending(state).player == "B"                              # Kevin: John has no room
    state = play(state, Steal("token-1"))
    assert StealKeep("remove") in legal_actions(state)
    state = play(state, StealKeep("remove"))
    assert state.data.token("token-1").where == "removed" and state.data.survivor("survivor-rosa").inventory == ()


def test_S6_STEALING_TOKENS_may_be_declined_and_only_from_S6_on():
    state, _ = _shot_rosa()
    state = play(state, Steal(None))
    assert state.flow.waiting == "act" and state.data.survivor("survivor-rosa").inventory == ("token-1",)
    state, _ = _shot_rosa(scenario=5)
    assert state.flow.waiting == "act"
