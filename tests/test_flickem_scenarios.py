"""Dead of Winter scenario rules (rulebook scenario pages S1, S3-S8, S10; data in
rules/flickem/data/scenarios.toml), table-driven with hand-written measured outcomes."""
from __future__ import annotations

from dataclasses import replace

from feltbox.rules.core import GameOver, Measured
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, Move, UseWeapon, apply, legal_actions, new_game, pending
from feltbox.rules.flickem.state import Setup, Survivor, Token, Zombie
from feltbox.rules.flickem.tokens import KeepToken, TakeDrop
from tests.test_flickem_flow import flick_outcome, play, setup


def s1_table(**kw) -> Setup:
    """Four zombies in the city: one too many for the S1 objective."""
    base = setup(scenario=1)
    zombies = base.zombies[:3] + (Zombie("zombie-04"), Zombie("zombie-05", where="bin"),
                                  Zombie("zombie-06", where="bin"))
    return replace(base, zombies=zombies, positions=base.positions + (("zombie-04", 40.0, 40.0),), **kw)


def test_S1_survivors_can_not_enter_buildings_but_the_first_in_the_RV_drives():
    """S1 SPECIAL RULES (scenario data: rules/flickem/data/scenarios.toml)."""
    state = play(new_game(s1_table(), 1), ChooseSurvivor("survivor-anita"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="library")))
    assert events[0].kind == "move failed" and "can not enter" in events[0].data["reason"]
    assert state.data.survivor("survivor-anita").where == "city"
    state = play(state, Move(), Measured(flick_outcome(entered="rv")))
    assert state.data.driver == "survivor-anita" and state.flow.waiting == "act"   # 4 zombies: not yet


def test_S1_the_driver_uses_no_action_left_in_its_turn():
    """S1 SPECIAL RULES: "The driver is not available to be used for the remainder of the
    scenario": Anita gets into the RV with her first action (4 zombies: not won yet) and her
    second is gone; the turn can only end (before, she could walk out of the RV again)."""
    state = play(new_game(s1_table(), 1), ChooseSurvivor("survivor-anita"), Move(), Measured(flick_outcome(entered="rv")))
    assert state.data.driver == "survivor-anita" and state.flow.actions_left == 1
    assert legal_actions(state) == [EndTurn()]


def test_S1_OBJECTIVE_a_survivor_in_the_RV_and_3_or_fewer_zombies_wins():
    state = play(new_game(setup(scenario=1), 1), ChooseSurvivor("survivor-anita"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="rv")))
    assert isinstance(pending(state), GameOver) and pending(state).reason.startswith("won")
    assert any(e.kind == "objective complete" for e in events)


def test_S1_instant_defeat_when_a_zombie_touches_the_RV():
    state = play(new_game(s1_table(), 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"))
    state, events = apply(state, Measured(flick_outcome(flicked="bullet-1", touching_rv=["zombie-02"])))
    assert pending(state).reason == "lost: a zombie touched the RV"


def test_S1_the_driver_is_no_longer_available():
    state = play(new_game(s1_table(), 1), ChooseSurvivor("survivor-anita"), Move(),
                 Measured(flick_outcome(entered="rv")), EndTurn())
    assert state.flow.waiting == "rush"                                   # a move is QUIET
    state = play(state, Measured({"survivors_fell": [], "left_city": []}))
    assert legal_actions(state) == [ChooseSurvivor("survivor-john")]
    state = play(state, ChooseSurvivor("survivor-john"), EndTurn())
    assert state.flow.waiting == "horde"
    state = play(state, Measured({"survivors_fell": [], "left_city": []}))
    assert legal_actions(state) == [ChooseSurvivor("survivor-john")]      # night: John only


def test_S5_a_survivor_token_adds_the_separated_survivor_to_the_team_in_that_building():
    lily = Survivor("survivor-lily", "Lily", "A", 2, where="reserve")
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="library")
    tokens = (Token("token-survivor-1", "survivor", "library"), Token("token-fuel-1", "fuel", "rv", "up"),
              Token("token-fuel-2", "fuel", "rv", "up"))
    s5 = setup(scenario=5, survivors=(anita, lily), tokens=tokens, deaths_to_lose=2)
    state = play(new_game(s5, 1), ChooseSurvivor("survivor-anita"), TakeDrop(take="token-survivor-1"))
    state, events = apply(state, KeepToken(True))
    found = state.data.survivor("survivor-lily")
    assert found.where == "library" and found.team == "A" and found.life == 2
    assert any(e.kind == "survivor found" for e in events)
    over = pending(state)                 # S5 OBJECTIVE: everyone found and 2 fuel in the RV
    assert isinstance(over, GameOver) and over.reason == "won: objective complete"


def test_S5_SPECIAL_RULE_a_found_survivor_in_a_building_can_play_a_turn():
    """S5 SPECIAL RULE: "Place the survivor's figure in the building in which the token was
    found." The found figure is on the table from then on, so the rules give it a place (its
    finder's, in that building) before any episode measures it: ending its own turn (the zombies'
    reaction is aimed at it) used to raise KeyError: 'survivor-lily' has no position in the city
    (random S5 playouts, seeds 13, 26, 52)."""
    lily = Survivor("survivor-lily", "Lily", "A", 2, where="reserve")
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="library")
    tokens = (Token("token-survivor-1", "survivor", "library"),)
    positions = (("survivor-anita", 0.0, 36.0), ("zombie-01", 0.0, 20.0), ("zombie-02", 0.0, 30.0),
                 ("zombie-03", -25.0, -25.0))
    s5 = setup(scenario=5, survivors=(anita, lily), tokens=tokens, positions=positions, deaths_to_lose=2)
    state = play(new_game(s5, 1), ChooseSurvivor("survivor-anita"), TakeDrop(take="token-survivor-1"),
                 KeepToken(True))
    state = play(state, EndTurn(), ChooseSurvivor("survivor-lily"), UseWeapon("knife"),
                 Measured(flick_outcome(flicked="knife")))        # the flick measures no figure
    state, events = apply(state, EndTurn())                          # QUIET: the closest zombie rushes
    assert dict(state.flow.request) == {"target": "0.000,36.000", "zombies": "zombie-02"}


def test_S8_an_X_token_closes_a_building_and_3_more_survivors_win():
    a = (Survivor("survivor-anita", "Anita", "A", 3), Survivor("survivor-rosa", "Rosa", "A", 3),
         Survivor("survivor-thomas", "Thomas", "A", 3))
    b = (Survivor("survivor-elijah", "Elijah", "B", 1),)
    positions = (("survivor-anita", 0.0, 0.0), ("survivor-rosa", 10.0, 0.0), ("survivor-thomas", -10.0, 0.0),
                 ("survivor-kevin", 0.0, -10.0), ("survivor-elijah", 20.0, 20.0), ("zombie-01", 0.0, 30.0),
                 ("zombie-02", 40.0, 38.0), ("zombie-03", -30.0, 30.0))
    tokens = (Token("token-x-1", "x", "front:library", "up"),)
    s8 = setup(scenario=8, survivors=a + b, teams=("A", "B"), tokens=tokens, positions=positions)
    state = play(new_game(s8, 1), ChooseSurvivor("survivor-anita"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="library")))
    assert events[0].kind == "move failed" and "X token" in events[0].data["reason"]
    assert state.flow.waiting == "act"                       # 3 against 1: not 3 more yet
    from feltbox.rules.flickem.scenarios import outnumbering, scenario_rules
    kevin = Survivor("survivor-kevin", "Kevin", "A", 3)
    assert outnumbering(scenario_rules(8), state.data.survivors + (kevin,)) == ["A"]   # 4 against 1


def test_S8_GAME_END_tie_at_the_skull_plays_another_round():
    a = (Survivor("survivor-anita", "Anita", "A", 3),)
    b = (Survivor("survivor-elijah", "Elijah", "B", 3),)
    positions = (("survivor-anita", 0.0, 0.0), ("survivor-elijah", 20.0, 20.0), ("zombie-01", 0.0, 30.0),
                 ("zombie-02", 40.0, 38.0), ("zombie-03", -30.0, 30.0))
    state = new_game(setup(scenario=8, survivors=a + b, teams=("A", "B"), positions=positions, round_start=1), 1)
    state, _ = apply(state, ChooseSurvivor("survivor-anita"))
    state, _ = apply(state, EndTurn())
    state, events = apply(state, ChooseSurvivor("survivor-elijah"))
    state, events = apply(state, EndTurn())
    assert any(e.kind == "tie: another round" for e in events) and state.flow.round_marker == 1


def test_S10_entering_the_enemy_colony_with_2_fuel_wins():
    a = (replace(Survivor("survivor-rosa", "Rosa", "A", 3), inventory=("token-fuel-1", "token-fuel-2")),)
    b = (Survivor("survivor-kevin", "Kevin", "B", 3),)
    tokens = (Token("token-fuel-1", "fuel", "survivor-rosa", "up"), Token("token-fuel-2", "fuel", "survivor-rosa", "up"))
    positions = (("survivor-rosa", 0.0, 0.0), ("survivor-kevin", 20.0, 20.0), ("zombie-01", 0.0, 30.0),
                 ("zombie-02", 40.0, 38.0), ("zombie-03", -30.0, 30.0))
    s10 = setup(scenario=10, survivors=a + b, teams=("A", "B"), tokens=tokens, positions=positions)
    state = play(new_game(s10, 1), ChooseSurvivor("survivor-rosa"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="hospital")))
    assert any(e.kind == "team objective" and e.data["teams"] == ["A"] for e in events)
    teams = next(e.data["teams"] for e in events if e.kind == "secret objectives")   # S10: secret objectives
    assert teams == ["A"] and set(pending(state).winners) <= {"survivor-rosa", "survivor-kevin"}


def test_S10_a_team_with_no_survivors_left_loses():
    from feltbox.rules.flickem.scenarios import scenario_rules, war_won
    alive = (Survivor("survivor-rosa", "Rosa", "A", 3), Survivor("survivor-kevin", "Kevin", "B", 0, where="dead"))
    assert war_won(scenario_rules(10), alive) == ["A"]


def _s4_round_end(food_holder_inventory: tuple[str, ...]):
    from feltbox.rules.flickem.rounds import Eat
    anita = replace(Survivor("survivor-anita", "Anita", "A", 2), inventory=food_holder_inventory)
    john = Survivor("survivor-john", "John", "A", 2)
    tokens = (Token("token-food-1", "food", "survivor-anita", "up"),) if food_holder_inventory else ()
    state = new_game(setup(scenario=4, survivors=(anita, john), tokens=tokens, round_start=5), 1)
    for sid in ("survivor-anita", "survivor-john"):
        state = play(state, ChooseSurvivor(sid), EndTurn())
    return state, Eat


def test_S4_at_round_2_the_group_eats_a_food_or_every_survivor_goes_hungry():
    """"When the round marker reaches 2 and 1": the marker counts days, a round is half a day, so
    2 and 1 are 4 and 2 rounds before the skull (the scene starts at "3": 6 rounds)."""
    from feltbox.rules.flickem.scenarios import scenario_rules
    assert scenario_rules(4).eat_at == (4, 2)
    state, Eat = _s4_round_end(("token-food-1",))
    assert state.flow.round_marker == 4 and state.flow.waiting == "eat"
    assert legal_actions(state) == [Eat("token-food-1"), Eat(None)]
    eaten, events = apply(state, Eat("token-food-1"))
    assert eaten.data.token("token-food-1").where == "removed" and eaten.flow.waiting == "horde"
    hungry, events = apply(state, Eat(None))
    assert [s.life for s in hungry.data.survivors] == [1, 1] and any(e.kind == "went hungry" for e in events)


def test_S4_OBJECTIVE_four_food_in_the_RV():
    from feltbox.rules.flickem.scenarios import objective_met, scenario_rules
    places = [("food", "rv")] * 4
    assert objective_met(scenario_rules(4), ["city"], 5, places)
    assert not objective_met(scenario_rules(4), ["city"], 5, places[:3])


def s3_table():
    gabriel = replace(Survivor("survivor-gabriel", "Gabriel", "A", 3), where="library")
    mike = Survivor("survivor-mike", "Mike", "A", 3)
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="reserve")
    tokens = (Token("token-survivor-1", "survivor", "library"),)
    positions = (("survivor-mike", 0.0, 0.0), ("zombie-01", 0.0, 20.0), ("zombie-02", 0.0, 30.0),
                 ("zombie-03", -25.0, -25.0))
    return setup(scenario=3, survivors=(gabriel, mike, anita), tokens=tokens, positions=positions)


def test_S3_RESCUING_ANITA_the_taker_escorts_her_every_action_is_LOUD_and_she_follows():
    state = play(new_game(s3_table(), 1), ChooseSurvivor("survivor-gabriel"), TakeDrop(take="token-survivor-1"))
    state, events = apply(state, KeepToken(True))
    assert state.data.rescued == "survivor-anita" and state.data.escort == "survivor-gabriel"
    assert state.data.survivor("survivor-anita").where == "library"
    state = play(state, Move())
    assert state.flow.noises[-1] == 2                                     # LOUD
    state = play(state, Measured(flick_outcome(exited="library", positions={"survivor-gabriel": [0.0, 10.0]})))
    assert state.data.survivor("survivor-anita").where == "city"          # she follows
    assert "survivor-anita" not in [a.survivor for a in legal_actions(play(state, EndTurn(),
                                    Measured({"survivors_fell": [], "left_city": []})))
                                    if isinstance(a, ChooseSurvivor)]   # she never acts


def test_S3_OBJECTIVE_Anita_in_the_hospital_with_no_zombies_wins():
    quiet = {"survivors_fell": [], "left_city": []}
    state = play(new_game(s3_table(), 1), ChooseSurvivor("survivor-gabriel"), TakeDrop(take="token-survivor-1"),
                 KeepToken(True), Move(),
                 Measured(flick_outcome(exited="library", positions={"survivor-gabriel": [0.0, -10.0],
                                                                     "survivor-anita": [3.0, -10.0]})),
                 EndTurn(),
                 Measured(quiet),                                  # the LOUD escort's rush
                 ChooseSurvivor("survivor-mike"), EndTurn(),       # round over: a horde
                 Measured({**quiet, "positions": {"zombie-04": [-40.0, 0.0], "zombie-05": [-38.0, 5.0]}}),
                 ChooseSurvivor("survivor-gabriel"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="hospital")))
    assert state.data.survivor("survivor-anita").where == "hospital"
    assert pending(state).reason == "won: objective complete"


def test_S6_entering_the_RV_reveals_key_and_fuel_and_2_survivors_with_them_win():
    rosa = replace(Survivor("survivor-rosa", "Rosa", "B", 3), inventory=("token-key-1", "token-fuel-1"))
    kevin = replace(Survivor("survivor-kevin", "Kevin", "B", 3), where="rv")
    elijah = Survivor("survivor-elijah", "Elijah", "A", 3)
    tokens = (Token("token-key-1", "key", "survivor-rosa"), Token("token-fuel-1", "fuel", "survivor-rosa"))
    positions = (("survivor-rosa", 0.0, 0.0), ("survivor-elijah", 20.0, 20.0), ("zombie-01", 0.0, 30.0),
                 ("zombie-02", 40.0, 38.0), ("zombie-03", -30.0, 30.0))
    s6 = setup(scenario=6, survivors=(rosa, kevin, elijah), teams=("A", "B"), tokens=tokens, positions=positions)
    state = new_game(s6, 1)
    assert legal_actions(state) == [ChooseSurvivor("survivor-rosa")]     # the pretzel's team starts
    state = play(state, ChooseSurvivor("survivor-rosa"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="rv")))
    assert [e.data["kind"] for e in events if e.kind == "revealed in the RV"] == ["key", "fuel"]
    assert pending(state).winners == ("B",)


def test_S2_OBJECTIVE_2_gas_and_2_food_in_the_RV_wins():
    """S2 THEY'RE EVERYWHERE! OBJECTIVE: "Have 2 gas and 2 food in the RV." """
    tokens = (Token("t-fuel-1", "fuel", "rv", "up"), Token("t-fuel-2", "fuel", "rv", "up"),
              Token("t-food-1", "food", "rv", "up"), Token("t-food-2", "food", "survivor-anita", "up"))
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="rv", inventory=("t-food-2",))
    state = play(new_game(setup(scenario=2, survivors=(anita,), tokens=tokens), 1), ChooseSurvivor("survivor-anita"))
    assert not isinstance(pending(state), GameOver)                     # 2 fuel, 1 food: not yet
    state = play(state, TakeDrop(drop="t-food-2"))
    assert isinstance(pending(state), GameOver) and pending(state).reason == "won: objective complete"


def test_S3_TAKE_DROP_EXCHANGE_IN_THE_CITY_within_a_movement_discs_width_of_the_object():
    """S3 Special Rules: take, drop or exchange at a vehicle, barrel or box in the city."""
    tokens = (Token("t-fuel", "fuel", "car", "down"), Token("t-food", "food", "survivor-anita", "up"))
    anita = Survivor("survivor-anita", "Anita", "A", 3, inventory=("t-food",))
    john = Survivor("survivor-john", "John", "A", 3)
    car = ("car", 10.0, 0.0, 0.0, 4.0, 2.0)                       # 8 x 4 cm, along x
    base = setup(scenario=3, survivors=(anita, john), tokens=tokens, objects=(car,),
                 zombies=(Zombie("zombie-01", where="bin"),),
                 positions=(("survivor-anita", 10.0, 6.0), ("survivor-john", 10.0, 12.0)))
    state = play(new_game(base, 1), ChooseSurvivor("survivor-anita"))
    options = [a for a in legal_actions(state) if isinstance(a, TakeDrop)]
    assert TakeDrop(take="t-fuel") in options and TakeDrop(drop="t-food", at="car") in options
    state = play(state, TakeDrop(take="t-fuel", drop="t-food"), KeepToken(True))   # an exchange
    assert state.data.token("t-food").where == "car" and state.data.survivor("survivor-anita").inventory == ("t-fuel",)
    far = play(new_game(replace(base, pretzel="survivor-john"), 1), ChooseSurvivor("survivor-john"))
    assert not [a for a in legal_actions(far) if isinstance(a, TakeDrop)]   # 10 cm away: out of reach


def test_S3_GAME_END_three_dead_do_not_end_it_Anitas_death_does_and_she_stays_dead():
    """S3 GAME END: "The survivors lose if Anita dies or if the round marker reaches the skull" --
    not at 3 dead, as the other co-op scenarios do. Her escort alive, she died all the same (her
    figure once followed him back to life, so her death never ended the game)."""
    from feltbox.rules.flickem.life import lose_life
    from feltbox.rules.flickem.scenarios import scenario_rules
    group = tuple(Survivor(f"survivor-{n}", n.title(), "A", 1) for n in ("gabriel", "mike", "olivia", "thomas"))
    anita = Survivor("survivor-anita", "Anita", "A", 1, where="reserve")
    positions = tuple((s.id, 10.0 * k, 0.0) for k, s in enumerate(group)) + (("zombie-01", 0.0, 40.0),)
    state = new_game(setup(scenario=3, survivors=group + (anita,), positions=positions,
                           deaths_to_lose=scenario_rules(3).deaths_to_lose), 1)
    events = []
    for s in group[:3]:
        state = lose_life(state, s.id, events, falls=True)
    assert sum(x.where == "dead" for x in state.data.survivors) == 3
    assert not isinstance(pending(state), GameOver)
    state = replace(state, data=replace(state.data, rescued="survivor-anita", escort=group[3].id))
    state = lose_life(state, "survivor-anita", events, falls=True)
    from feltbox.rules.flickem.game_end import check_scenario_end
    state = check_scenario_end(state, None, events)
    over = pending(state)
    assert isinstance(over, GameOver) and "Anita died" in over.reason
