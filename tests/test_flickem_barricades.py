"""S4 STARVATION, NEW RULES, BARRICADES (rules/flickem/barricades.py), table-driven with
hand-written measured outcomes; the real-Bullet checks are in tests/test_barricades_physics.py."""
from __future__ import annotations

import json

from feltbox.rules.core import Measured, from_json, to_json
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, Move, UseWeapon, apply, new_game, pending
from feltbox.rules.flickem.state import FlickemState, Survivor, Token
from tests.test_flickem_flow import flick_outcome, play, setup

BOTH = (("barricade-1", "grocery_store"), ("barricade-2", "grocery_store"))
FOOD = (Token("token-food-1", "food", "grocery_store"), Token("token-bat-1", "baseball_bat", "survivor-anita", "up"))
ANITA = Survivor("survivor-anita", "Anita", "A", 2, inventory=("token-bat-1",))


def _s4(barricades=BOTH, **kw):
    kw.setdefault("survivors", (ANITA, Survivor("survivor-john", "John", "A", 2)))
    state = new_game(setup(scenario=4, barricades=barricades, tokens=FOOD, **kw), 1)
    return play(state, ChooseSurvivor("survivor-anita"))


def _measured(still: list[str], **kw) -> dict:
    return flick_outcome(barricades={"grocery_store": still} if still else {}, **kw)


def test_S4_BARRICADES_a_barricaded_building_can_not_be_entered():
    state = play(_s4(), Move())
    state, events = apply(state, Measured(_measured(["barricade-1", "barricade-2"], entered="grocery_store")))
    assert events[0].kind == "move failed" and "barricaded" in events[0].data["reason"]
    assert state.data.survivor("survivor-anita").where == "city"
    assert state.data.barricades == BOTH


def test_S4_BARRICADES_a_bat_can_not_enter_a_barricaded_building_either():
    state = play(_s4(barricades=BOTH[:1]), UseWeapon("bat"))
    state, events = apply(state, Measured(_measured(["barricade-1"], flicked="bat", entered="grocery_store")))
    assert events[0].kind == "bat failed" and state.data.survivor("survivor-anita").where == "city"


def test_S4_BARRICADES_a_barricade_no_longer_blocking_is_removed_from_the_game():
    state = play(_s4(), UseWeapon("gun"))
    outcome = _measured(["barricade-2"], flicked="bullet-1", first_contacts=["barricade-1"], touched_barricade=True)
    state, events = apply(state, Measured(outcome))
    assert state.data.barricades == (("barricade-2", "grocery_store"),)
    assert {"barricade": "barricade-1", "building": "grocery_store"} in [e.data for e in events
                                                                          if e.kind == "barricade removed"]
    assert state.data.survivor("survivor-anita").where == "city"        # a gun never enters


def test_S4_BARRICADES_a_barricade_still_blocking_stays_and_the_failed_move_puts_the_survivor_back():
    state = play(_s4(), Move())
    outcome = _measured(["barricade-1", "barricade-2"], first_contacts=["barricade-2"], clean=False,
                        disturbed=["barricade-2"], touched_barricade=True)
    state, events = apply(state, Measured(outcome))
    assert events[0].kind == "move failed" and state.data.barricades == BOTH
    assert state.data.survivor("survivor-anita").where == "city"
    assert not any(e.kind in ("barricade removed", "entered a building") for e in events)


def test_S4_BARRICADES_a_movement_disc_removing_the_last_barricade_enters_the_building():
    state = play(_s4(), Move())
    outcome = _measured([], first_contacts=["barricade-2", "barricade-1"], clean=False, touched_barricade=True)
    state, events = apply(state, Measured(outcome))
    kinds = [e.kind for e in events]
    assert kinds[0] == "move failed"                       # the disc touched a barricade...
    assert kinds.count("barricade removed") == 2 and "barricades cleared" in kinds
    assert state.data.barricades == () and state.data.survivor("survivor-anita").where == "grocery_store"
    assert kinds.index("entered a building") > kinds.index("barricades cleared")   # ...but it enters


def test_S4_BARRICADES_a_baseball_bat_removing_the_last_barricade_enters_the_building():
    state = play(_s4(barricades=BOTH[1:]), UseWeapon("bat"))
    outcome = _measured([], flicked="bat", first_contacts=["barricade-2"], clean=False)
    state, events = apply(state, Measured(outcome))
    assert events[0].kind == "bat failed"                  # a first touch of an object
    assert state.data.survivor("survivor-anita").where == "grocery_store"


def test_S4_BARRICADES_a_weapon_removing_the_last_barricade_does_not_move_the_survivor():
    state = play(_s4(barricades=BOTH[1:]), UseWeapon("gun"))
    state, events = apply(state, Measured(_measured([], flicked="bullet-1", first_contacts=["barricade-2"])))
    assert state.data.barricades == () and any(e.kind == "barricades cleared" for e in events)
    assert state.data.survivor("survivor-anita").where == "city"
    state = play(state, Move())                              # no longer barricaded: it can be entered
    state, events = apply(state, Measured(_measured([], entered="grocery_store")))
    assert state.data.survivor("survivor-anita").where == "grocery_store"


def test_S4_BARRICADES_any_flick_touching_a_barricade_is_LOUD():
    quiet = play(_s4(), Move(), Measured(_measured(["barricade-1", "barricade-2"])))
    assert quiet.flow.noises == (1,)                                 # a move alone is QUIET
    state = play(_s4(), Move())
    state, events = apply(state, Measured(_measured(["barricade-1", "barricade-2"], clean=False,
                                                    first_contacts=["barricade-1"])))
    assert max(state.flow.noises) == 2 and any(e.kind == "barricade touched" for e in events)
    state, events = apply(state, EndTurn())
    assert any(e.kind == "reaction LOUD" for e in events)


def test_S4_BARRICADES_EXCEPTION_no_removing_barricades_from_behind_a_building():
    state = play(_s4(), Move())
    outcome = _measured([], first_contacts=["barricade-1"], clean=False, touched_barricade=True,
                        behind=["grocery_store"])
    state, events = apply(state, Measured(outcome))
    assert state.data.barricades == BOTH
    assert [e.data["barricade"] for e in events if e.kind == "barricade put back"] == ["barricade-1", "barricade-2"]
    assert state.data.survivor("survivor-anita").where == "city"
    assert max(state.flow.noises) == 2                               # touching is still LOUD


def test_S4_BARRICADES_zombies_can_not_enter_a_barricaded_building_but_a_rush_may_clear_it():
    state = play(_s4(barricades=BOTH[:1]), UseWeapon("gun"),
                 Measured(_measured(["barricade-1"], flicked="bullet-1")), EndTurn())
    assert pending(state).kind == "rush"
    rush = {"survivors_fell": [], "left_city": [], "at_door": {"zombie-02": "grocery_store"},
            "barricades": {"grocery_store": ["barricade-1"]}}
    blocked, _ = apply(state, Measured(rush))
    assert {z.id: z.where for z in blocked.data.zombies}["zombie-02"] == "city"
    cleared, events = apply(state, Measured({**rush, "barricades": {}}))
    assert cleared.data.barricades == () and any(e.kind == "barricade removed" for e in events)
    assert {z.id: z.where for z in cleared.data.zombies}["zombie-02"] == "grocery_store"


def test_S4_BARRICADES_outcomes_without_a_measure_leave_them_and_the_state_round_trips_json():
    state = play(_s4(), UseWeapon("gun"), Measured(flick_outcome(flicked="bullet-1")))
    assert state.data.barricades == BOTH
    assert from_json(FlickemState, json.loads(json.dumps(to_json(state)))) == state
    other = new_game(setup(scenario=4, survivors=(Survivor("survivor-anita", "Anita", "A", 2),)), 1)
    assert other.data.barricades == ()
