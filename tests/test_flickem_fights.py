"""Fights (rulebook S2 FIGHT: SURVIVOR VS ZOMBIE, USING A GUN OR KNIFE, 2 VS. 1, USING A BASEBALL
BAT; S6 FIGHT: SURVIVOR VS SURVIVOR, USING THE BASEBALL BAT, SURVIVOR(S) VS SURVIVOR VS
ZOMBIE(S)), with hand-written measured outcomes of the arena's flicks."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from feltbox.rules.core import Event, IllegalAction, Measured, PhysicsRequest, from_json, to_json
from feltbox.rules.flickem.fights import BatTurn, FightWith, fight_data
from feltbox.rules.flickem.flow import ChooseSurvivor, Move, UseWeapon, apply, legal_actions, new_game, pending
from feltbox.rules.flickem.powers import with_powers
from feltbox.rules.flickem.state import FlickemState, Survivor, Token, Zombie
from feltbox.rules.flickem.tokens import TakeDrop
from tests.test_flickem_flow import flick_outcome, play, setup

ARENA = fight_data()["arena"]


def _entering(zombies_inside=1, scenario=2, anita_life=2, john_where="city", **kw):
    """Anita in the street about to enter the library, where zombies wait (fallen)."""
    zombies = tuple(Zombie(f"zombie-0{i + 1}", where="library", standing=False) for i in range(zombies_inside))
    zombies += (Zombie("zombie-09"), Zombie("zombie-10", where="bin"))
    survivors = (Survivor("survivor-anita", "Anita", "A", anita_life),
                 Survivor("survivor-john", "Lily", "A", 2, where=john_where))     # Lily's knife
    positions = (("survivor-anita", 0.0, 0.0), ("survivor-john", 30.0, 0.0), ("zombie-09", -30.0, 30.0))
    base = setup(scenario=scenario, zombies=zombies, survivors=survivors, positions=positions, **kw)
    state = play(new_game(base, 1), ChooseSurvivor("survivor-anita"), Move())
    return play(state, Measured(flick_outcome(entered="library")))


def with_next_cards(state, *cards):
    return replace(state, flow=replace(state.flow, fight=replace(state.flow.fight, deck=cards)))


def test_S2_FIGHT_entering_a_building_with_zombies_starts_a_fight_and_fallen_zombies_stand_up():
    state = _entering()
    assert state.flow.waiting == "fight" and state.flow.fight.far == ("zombie-01",)
    assert all(z.standing for z in state.data.zombies if z.where == "library")
    assert sorted(legal_actions(state), key=str) == sorted([FightWith("survivor-anita", "gun")], key=str)
    assert from_json(FlickemState, json.loads(json.dumps(to_json(state)))) == state


def test_S2_FIGHT_acting_in_a_building_with_a_standing_zombie_means_fighting_first():
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="library")
    zombies = (Zombie("zombie-01", where="library"), Zombie("zombie-02"))
    state = play(new_game(setup(survivors=(anita,), zombies=zombies,
                                positions=(("zombie-02", 10.0, 10.0),)), 1), ChooseSurvivor("survivor-anita"))
    kinds = {type(a).__name__ for a in legal_actions(state)}
    assert kinds == {"FightWith", "EndTurn"}                 # no move, take or shot before the fight
    state = play(state, FightWith("survivor-anita", "gun"))
    request = pending(state)
    assert isinstance(request, PhysicsRequest) and request.kind == "fight_flick"
    assert request.spec["weapon"] == "bullet" and request.spec["opponents"] == "zombie-01"
    assert float(request.spec["gap"]) == ARENA["start_gap"]  # "75-90 cm apart"


def test_S2_USING_A_GUN_OR_KNIFE_a_fallen_zombie_goes_to_the_bin_and_the_fight_ends():
    state = play(_entering(), FightWith("survivor-anita", "gun"), Measured({"fell": ["zombie-01"]}))
    assert state.flow.waiting == "act" and state.flow.fight is None
    assert {z.id: z.where for z in state.data.zombies}["zombie-01"] == "bin"
    assert state.flow.actions_left == 1                       # the move was the action; the fight is free


def test_S2_THE_ZOMBIE_MOVES_WALK_comes_a_card_closer_ATTACK_wounds_and_ends_the_turn():
    state = with_next_cards(play(_entering(), FightWith("survivor-anita", "gun")), "walk", "attack")
    state = play(state, Measured({"fell": []}))               # missed: WALK, she shoots again
    assert state.flow.waiting == "fight_flick"
    assert float(dict(state.flow.request)["gap"]) == pytest.approx(ARENA["start_gap"] - ARENA["card_length"], abs=0.05)
    state, events = apply(state, Measured({"fell": []}))      # missed again: ATTACK
    assert [e.kind for e in events][-3:] == ["fight card ATTACK", "survivor lost a life", "fight over"]
    anita = state.data.survivor("survivor-anita")
    assert (anita.life, anita.standing) == (1, True)          # ATTACK wounds; it does not lay her down
    assert state.flow.waiting == "act" and state.flow.actions_left == 0


def test_S2_2_VS_1_two_survivors_shoot_one_after_the_other_until_one_side_is_left():
    state = _entering(zombies_inside=2, john_where="library")
    assert state.flow.fight.near == ("survivor-anita", "survivor-john")
    state = play(state, FightWith("survivor-anita", "gun"), FightWith("survivor-john", "knife"))
    assert dict(state.flow.request)["attacker"] == "survivor-anita"
    state = play(with_next_cards(state, "walk", "walk"), Measured({"fell": ["zombie-02"]}))
    assert dict(state.flow.request)["attacker"] == "survivor-john"       # one after the other
    assert dict(state.flow.request)["weapon"] == "knife" and state.flow.fight.far == ("zombie-01",)
    state = play(state, Measured({"fell": []}))                # both attacked: the zombie walks
    assert dict(state.flow.request)["attacker"] == "survivor-anita"
    state = play(state, Measured({"fell": ["zombie-01"]}))
    assert state.flow.fight is None and {z.where for z in state.data.zombies if z.id in ("zombie-01", "zombie-02")} == {"bin"}


def test_S2_USING_A_BASEBALL_BAT_wait_or_attack_a_fallen_zombie_lies_on_the_support_block():
    state = _entering()
    anita = replace(state.data.survivor("survivor-anita"), name="Kevin")     # Kevin's default: the bat
    state = replace(state, data=state.data.with_survivor(anita))
    assert legal_actions(state) == [FightWith("survivor-anita", "bat")]
    state = play(with_next_cards(state, "walk", "attack"), FightWith("survivor-anita", "bat"))
    assert legal_actions(state) == [BatTurn(True), BatTurn(False)]
    state = play(state, BatTurn(False))                        # wait: WALK, choose again
    assert state.flow.waiting == "fight" and state.flow.fight.gap < ARENA["start_gap"]
    hit = play(state, BatTurn(True), Measured({"fell": ["zombie-01"]}))
    zombie = next(z for z in hit.data.zombies if z.id == "zombie-01")
    assert (zombie.where, zombie.standing, hit.flow.fight) == ("library", False, None)
    miss, events = apply(play(state, BatTurn(True)), Measured({"fell": []}))
    anita = miss.data.survivor("survivor-anita")
    assert (anita.life, anita.standing, miss.flow.fight) == (1, False, None)


def _s6(bat=False, zombie=False):
    """S6: Anita (team A) enters the library where Rosa (team B) stands."""
    survivors = (Survivor("survivor-anita", "Anita", "A", 3),
                 Survivor("survivor-rosa", "Kevin" if bat else "Lily", "B", 3, where="library"))
    zombies = (Zombie("zombie-01", where="library" if zombie else "bin"), Zombie("zombie-02"))
    base = setup(scenario=6, teams=("A", "B"), survivors=survivors, zombies=zombies,
                 positions=(("survivor-anita", 0.0, 0.0), ("zombie-02", 30.0, 30.0)))
    state = play(new_game(base, 1), ChooseSurvivor("survivor-anita"), Move())
    return play(state, Measured(flick_outcome(entered="library")))


def test_S6_FIGHT_SURVIVOR_VS_SURVIVOR_the_fallen_loses_a_life_and_is_flicked_out():
    state = _s6()
    assert state.flow.fight.kind == "survivor" and state.flow.fight.far == ("survivor-rosa",)
    assert pending(state).player == "A"                          # Anita chooses, then Rosa
    state = play(state, FightWith("survivor-anita", "gun"))
    assert pending(state).player == "B"
    state = play(state, FightWith("survivor-rosa", "knife"))
    assert dict(state.flow.request)["attacker"] == "survivor-anita"   # the active survivor first
    state = play(state, Measured({"fell": ["survivor-rosa"]}))
    assert pending(state).kind == "eject" and dict(state.flow.request)["team"] == "A"
    state = play(state, Measured({"positions": {"survivor-rosa": [20.0, 5.0]}, "standing": {"survivor-rosa": False}}))
    rosa = state.data.survivor("survivor-rosa")
    assert (rosa.life, rosa.where, state.data.position(rosa.id)) == (2, "city", (20.0, 5.0))
    assert state.flow.fight is None and state.flow.waiting == "act"


def test_S6_a_miss_lets_the_opponent_advance_one_step_and_attack():
    state = play(_s6(), FightWith("survivor-anita", "gun"), FightWith("survivor-rosa", "knife"),
                 Measured({"fell": []}))
    spec = dict(state.flow.request)
    assert spec["attacker"] == "survivor-rosa" and spec["weapon"] == "knife"
    assert float(spec["gap"]) == pytest.approx(ARENA["start_gap"] - ARENA["step"])


def test_S6_USING_THE_BASEBALL_BAT_once_no_life_lost_when_it_fells_a_miss_costs_the_wielder():
    state = play(_s6(bat=True), FightWith("survivor-anita", "gun"), FightWith("survivor-rosa", "bat"),
                 Measured({"fell": []}))
    assert legal_actions(state) == [BatTurn(True), BatTurn(False)]        # Rosa may wait
    fell = play(state, BatTurn(True), Measured({"fell": ["survivor-anita"]}))
    assert fell.data.survivor("survivor-anita").life == 3 and pending(fell).kind == "eject"
    missed = play(state, BatTurn(True), Measured({"fell": []}))
    assert missed.data.survivor("survivor-rosa").life == 2
    assert dict(missed.flow.request) == {"building": "library", "survivor": "survivor-rosa", "team": "A"}


def test_S6_SURVIVORS_VS_SURVIVOR_VS_ZOMBIES_the_team_fight_first_then_the_zombies():
    state = play(_s6(zombie=True), FightWith("survivor-anita", "gun"), FightWith("survivor-rosa", "knife"),
                 Measured({"fell": ["survivor-rosa"]}),
                 Measured({"positions": {"survivor-rosa": [20.0, 5.0]}, "standing": {"survivor-rosa": False}}))
    assert state.flow.fight.kind == "zombie" and state.flow.fight.near == ("survivor-anita",)
    assert state.flow.fight.far == ("zombie-01",)


def test_FIGHT_weapon_choices_are_the_survivors_own():
    state = _entering()
    with pytest.raises(IllegalAction):
        apply(state, FightWith("survivor-anita", "bat"))          # Anita carries no bat


def _zombie_at_the_door(standing: bool):
    """Anita in the library (a food token there) shoots; zombie-09 ends at the library's door."""
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="library")
    zombies = (Zombie("zombie-09"), Zombie("zombie-10", where="bin"))
    tokens = (Token("token-food-1", "food", "library", "up"),)
    base = setup(survivors=(anita,), zombies=zombies, tokens=tokens, positions=(("zombie-09", 30.0, 30.0),))
    state = play(new_game(base, 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"))
    return apply(state, Measured(flick_outcome(flicked="bullet-1", at_door={"zombie-09": "library"},
                                               standing={"zombie-09": standing})))


def test_ZOMBIES_ENTERING_A_BUILDING_a_fallen_zombie_goes_in_fallen_and_forces_no_fight():
    """ZOMBIES ENTERING A BUILDING stands nobody up; FIGHT (S2) happens when a survivor in a
    building with a STANDING zombie wishes to act (or enters a building with a zombie)."""
    state, events = _zombie_at_the_door(standing=False)
    zombie = next(z for z in state.data.zombies if z.id == "zombie-09")
    assert (zombie.where, zombie.standing) == ("library", False)
    assert Event("zombie entered a building", {"zombie": "zombie-09", "building": "library",
                                               "standing": False}) in events
    assert not any(isinstance(a, FightWith) for a in legal_actions(state))
    assert TakeDrop(take="token-food-1") in legal_actions(state)           # she acts, no fight
    standing, _ = _zombie_at_the_door(standing=True)
    assert {type(a).__name__ for a in legal_actions(standing)} == {"FightWith", "EndTurn"}


def test_S2_FIGHT_a_free_take_beside_a_standing_zombie_means_fighting_first_too():
    """LORETTA CLAY's second token is a take: "take an object" beside a standing zombie fights."""
    loretta = replace(with_powers(Survivor("survivor-loretta", "Loretta", "A", 3)), where="grocery_store",
                      inventory=("token-gun-1",))
    tokens = (Token("token-gun-1", "gun", "survivor-loretta", "up"),
              Token("token-food-1", "food", "grocery_store", "up"), Token("token-food-2", "food", "grocery_store", "up"))
    zombies = (Zombie("zombie-01", where="grocery_store", standing=False), Zombie("zombie-02"))
    base = setup(survivors=(loretta,), zombies=zombies, tokens=tokens, positions=(("zombie-02", 30.0, 30.0),))
    state = play(new_game(base, 1), ChooseSurvivor("survivor-loretta"), TakeDrop(drop="token-gun-1"),
                 TakeDrop(take="token-food-1"))
    assert state.flow.actions_left == 0 and state.flow.free_take
    assert TakeDrop(take="token-food-2") in legal_actions(state)           # the zombie lies there
    up = replace(state, data=replace(state.data, zombies=tuple(replace(z, standing=True) for z in state.data.zombies)))
    assert {type(a).__name__ for a in legal_actions(up)} == {"FightWith", "EndTurn"}
