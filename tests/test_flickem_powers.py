"""S7 SPECIAL POWERS and FLARE (rules/flickem/powers.py)."""
from __future__ import annotations

import pytest

from feltbox.rules.core import IllegalAction, Measured
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, ShortDistanceKill, apply, legal_actions, new_game
from feltbox.rules.flickem.powers import ExtraAction, UseFlare, with_powers
from feltbox.rules.flickem.state import Survivor
from tests.test_flickem_flow import flick_outcome, play, setup

ZOMBIES_NEAR_FLARE = (("survivor-anita", 0.0, 0.0), ("survivor-elijah", 30.0, 0.0), ("survivor-john", -30.0, 0.0),
                      ("zombie-01", 0.0, 20.0), ("zombie-02", 40.0, 38.0), ("zombie-03", -6.0, -30.0))


def powered(*names: str, **kw):
    survivors = tuple(with_powers(Survivor(f"survivor-{n.lower()}", n, "A", 3)) for n in names)
    return setup(survivors=survivors, positions=ZOMBIES_NEAR_FLARE, **kw)


def test_ANITA_discards_an_extra_action_token_for_an_extra_action():
    state = play(new_game(powered("Anita", "Elijah", "John"), 1), ChooseSurvivor("survivor-anita"))
    assert ExtraAction() in legal_actions(state)
    state, events = apply(state, ExtraAction())
    assert state.flow.actions_left == 3 and state.data.survivor("survivor-anita").specials == ("extra_action",)
    # S7 SPECIAL POWERS: "an extra action on her turn": once a turn, the other token waits
    assert ExtraAction() not in legal_actions(state)
    with pytest.raises(IllegalAction):
        apply(state, ExtraAction())
    horde = {"survivors_fell": [], "left_city": [], "positions": {"zombie-04": [-40.0, 0.0], "zombie-05": [-38.0, 5.0]}}
    state = play(state, EndTurn(), ChooseSurvivor("survivor-elijah"), EndTurn(), ChooseSurvivor("survivor-john"),
                 EndTurn(), Measured(horde), ChooseSurvivor("survivor-anita"))
    assert ExtraAction() in legal_actions(state)                   # her next turn: the second token


def test_ELIJAH_FLARE_the_reaction_follows_the_side_up_and_goes_to_the_flare():
    state = play(new_game(powered("Elijah", "Anita"), 1), ChooseSurvivor("survivor-elijah"))
    assert UseFlare("big") in legal_actions(state) and UseFlare("small") in legal_actions(state)
    state, _ = apply(state, UseFlare("big"))
    assert dict(state.flow.request)["weapon"] == "flare"
    # it landed near zombie-02 and turned over: the small (QUIET) side is up
    state, events = apply(state, Measured(flick_outcome(flicked="flare-1", flare_at=[38.0, 35.0], flipped=True)))
    assert state.flow.flare == (38.0, 35.0, "small") and state.data.survivor("survivor-elijah").specials == ("flare",)
    state, events = apply(state, EndTurn())
    reaction = next(e for e in events if e.kind.startswith("reaction"))
    assert reaction.kind == "reaction QUIET" and reaction.data["rush"] == ["zombie-02"]   # at the flare


def test_FLARE_that_leaves_the_city_is_lost():
    state = play(new_game(powered("Elijah", "Anita"), 1), ChooseSurvivor("survivor-elijah"), UseFlare("big"))
    state, events = apply(state, Measured(flick_outcome(flicked="flare-1", left_city=["flare-1"], flare_at=[60.0, 0.0])))
    assert state.flow.flare is None and events[0].kind == "flare failed"
    assert state.data.survivor("survivor-elijah").specials == ("flare",)          # removed anyway


def test_JOHN_gains_a_third_action_after_killing_a_zombie():
    positions = (("survivor-john", 0.0, 0.0), ("survivor-anita", 30.0, 0.0), ("zombie-01", 4.0, 0.0),
                 ("zombie-02", 0.0, 30.0), ("zombie-03", -25.0, -25.0))
    state = play(new_game(setup(survivors=(with_powers(Survivor("survivor-john", "John", "A", 3)),
                                           Survivor("survivor-anita", "Anita", "A", 3)),
                                positions=positions), 1), ChooseSurvivor("survivor-john"))
    state, events = apply(state, ShortDistanceKill("zombie-01", "gun"))
    assert state.flow.actions_left == 2 and any(e.kind == "third action" for e in events)


def test_MIKE_free_move_at_the_end_of_his_turn_and_back_if_he_falls():
    from feltbox.rules.flickem.powers import FreeMove
    state = play(new_game(powered("Mike", "Anita"), 1), ChooseSurvivor("survivor-mike"))
    # Mike has no position in this fixture's city: give him one
    from dataclasses import replace
    state = replace(state, data=state.data.with_positions({"survivor-mike": (10.0, -10.0)}))
    assert FreeMove() in legal_actions(state)
    state, _ = apply(state, FreeMove())
    assert dict(state.flow.request)["weapon"] == "figure" and state.flow.actions_left == 2
    state, events = apply(state, Measured(flick_outcome(flicked="survivor-mike", fell=["survivor-mike"])))
    assert events[0].kind == "free move failed"
    assert legal_actions(state) == [EndTurn()]                 # the end of his turn


def test_S7_OBJECTIVE_all_the_fuel_in_the_RV_at_the_end_of_a_round_wins_team_A():
    from feltbox.rules.core import GameOver
    from feltbox.rules.flickem.flow import pending
    from feltbox.rules.flickem.state import Token
    tokens = tuple(Token(f"token-fuel-{k}", "fuel", "rv", "up") for k in range(1, 4)) + \
        (Token("token-food-1", "food", "gas_station", "up"),)
    a = Survivor("survivor-anita", "Anita", "A", 3)
    b = Survivor("survivor-rosa", "Rosa", "B", 3)
    positions = (("survivor-anita", 0.0, 0.0), ("survivor-rosa", 20.0, -20.0), ("zombie-01", 0.0, 30.0),
                 ("zombie-02", 40.0, 38.0), ("zombie-03", -30.0, 30.0))
    state = new_game(setup(scenario=7, survivors=(a, b), teams=("A", "B"), tokens=tokens, positions=positions), 1)
    state = play(state, ChooseSurvivor("survivor-anita"), EndTurn(), ChooseSurvivor("survivor-rosa"), EndTurn())
    over = pending(state)
    assert isinstance(over, GameOver) and over.winners == ("A",)


def test_S7_GAME_END_at_the_skull_most_goods_in_the_base_wins():
    from feltbox.rules.flickem.scenarios import market_at_the_skull, scenario_rules
    rules = scenario_rules(7)
    places = [("fuel", "rv"), ("food", "gas_station"), ("food", "gas_station"), ("fuel", "survivor-rosa")]
    assert market_at_the_skull(rules, places, {"survivor-rosa": "B"}) == ["B"]
    tie = [("fuel", "rv"), ("food", "gas_station"), ("food", "survivor-rosa")]
    assert market_at_the_skull(rules, tie, {"survivor-rosa": "B"}) == ["B"]      # held decides


def test_LORETTA_stacks_food_and_takes_a_second_token_for_free():
    from dataclasses import replace as dc_replace

    from feltbox.rules.flickem.state import Token
    from feltbox.rules.flickem.tokens import TakeDrop
    loretta = dc_replace(with_powers(Survivor("survivor-loretta", "Loretta", "A", 3)), where="grocery_store",
                         inventory=("token-gun-1",))
    tokens = (Token("token-gun-1", "gun", "survivor-loretta", "up"), Token("token-food-1", "food", "grocery_store", "up"),
              Token("token-food-2", "food", "grocery_store", "up"))
    state = play(new_game(setup(survivors=(loretta,), tokens=tokens, positions=ZOMBIES_NEAR_FLARE[3:]), 1),
                 ChooseSurvivor("survivor-loretta"))
    state, _ = apply(state, TakeDrop(take="token-food-1"))
    assert state.flow.actions_left == 1 and state.flow.free_take
    state, _ = apply(state, TakeDrop(take="token-food-2"))       # free, and 2 food share a space
    assert state.flow.actions_left == 1
    assert state.data.survivor("survivor-loretta").inventory == ("token-gun-1", "token-food-1", "token-food-2")


def test_OLIVIA_discards_medicine_to_give_life_next_to_her_without_an_action():
    from dataclasses import replace as dc_replace

    from feltbox.rules.flickem.powers import Heal
    from feltbox.rules.flickem.state import Token
    olivia = dc_replace(with_powers(Survivor("survivor-olivia", "Olivia", "A", 3)), inventory=("token-medicine-1",))
    john = Survivor("survivor-john", "John", "A", 1)
    positions = (("survivor-olivia", 0.0, 0.0), ("survivor-john", 5.0, 0.0), ("zombie-01", 0.0, 30.0),
                 ("zombie-02", 30.0, 30.0), ("zombie-03", -30.0, -30.0))
    tokens = (Token("token-medicine-1", "medicine", "survivor-olivia", "up"),)
    state = play(new_game(setup(survivors=(olivia, john), tokens=tokens, positions=positions), 1),
                 ChooseSurvivor("survivor-olivia"))
    assert Heal("survivor-john", "token-medicine-1") in legal_actions(state)
    state, _ = apply(state, Heal("survivor-john", "token-medicine-1"))
    assert state.data.survivor("survivor-john").life == 2 and state.flow.actions_left == 2
    assert state.data.token("token-medicine-1").where == "removed"


def test_GABRIEL_looks_at_2_face_down_tokens_and_takes_the_one_he_chooses():
    from dataclasses import replace as dc_replace

    from feltbox.rules.flickem.state import Token
    from feltbox.rules.flickem.tokens import KeepToken, TakeDrop
    gabriel = dc_replace(with_powers(Survivor("survivor-gabriel", "Gabriel", "A", 3)), where="library")
    tokens = (Token("token-a", "food", "library"), Token("token-b", "key", "library"))
    state = play(new_game(setup(survivors=(gabriel,), tokens=tokens, positions=ZOMBIES_NEAR_FLARE[3:]), 1),
                 ChooseSurvivor("survivor-gabriel"))
    assert TakeDrop(take="token-a", also="token-b") in legal_actions(state)
    state, events = apply(state, TakeDrop(take="token-a", also="token-b"))
    assert [e.data["kind"] for e in events] == ["food", "key"] and all(e.visible_to == ("A",) for e in events)
    assert KeepToken(True, "token-b") in legal_actions(state)
    state, _ = apply(state, KeepToken(True, "token-b"))
    assert state.data.survivor("survivor-gabriel").inventory == ("token-b",)
    assert state.data.token("token-a").face == "down" and state.flow.actions_left == 1
