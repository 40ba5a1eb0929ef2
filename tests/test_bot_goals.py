"""The bot's goal choice per scenario, on small hand-made states (no physics)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.game.flickem.bot_choices import pick_fight, pick_keep, pick_steal, pick_take_drop
from feltbox.game.flickem.bot_goals import UNKNOWN, Goal, Knowledge, choose_goal
from feltbox.rules.core import Event
from feltbox.rules.flickem.fights import BatTurn, FightWith
from feltbox.rules.flickem.flow import new_game
from feltbox.rules.flickem.state import Fight, Setup, Survivor, Token, Zombie
from feltbox.rules.flickem.stealing import Steal, StealKeep
from feltbox.rules.flickem.tokens import KeepToken, TakeDrop

DOORS = {"rv": (30.0, 0.0), "school": (-30.0, 0.0), "grocery_store": (0.0, 30.0), "gas_station": (0.0, -30.0),
         "hospital": (-20.0, -20.0)}


def game(scenario: int, tokens=(), where="city", inventory=(), team="A", teams=("A",), more=(), in_bin=18):
    survivors = (Survivor("survivor-a", "Alex", team, 3, where=where, inventory=tuple(inventory)),) + tuple(more)
    zombies = tuple(Zombie(f"zombie-{n:02d}", "bin") for n in range(in_bin))
    setup = Setup(scenario, survivors, zombies, (("survivor-a", 0.0, 0.0),), teams, 4, "day", 2, 3,
                  tokens=tuple(tokens))
    return new_game(setup, 0)


def test_s1_hunts():
    assert choose_goal(game(1), "survivor-a", {}, DOORS).kind == "hunt"


def test_s4_searches_the_nearest_building_with_face_down_tokens():
    state = game(4, [Token("t1", "food", "school"), Token("t2", "food", "grocery_store")])
    goal = choose_goal(state, "survivor-a", {}, DOORS)
    assert goal.kind == "enter" and goal.building in ("school", "grocery_store")
    assert "food" in goal.take and UNKNOWN in goal.take


def test_known_useful_tokens_are_preferred_and_known_junk_is_not_a_target():
    state = game(4, [Token("t1", "knife", "school"), Token("t2", "food", "rv", face="up"),
                     Token("t3", "food", "gas_station")])
    known = {"t1": "knife", "t3": "food"}
    goal = choose_goal(state, "survivor-a", known, DOORS)
    assert goal == Goal("enter", "gas_station", take=goal.take, why=goal.why)


def test_s4_carries_food_to_the_rv_and_drops_it_there():
    state = game(4, [Token("t1", "food", "survivor-a")], inventory=["t1"])
    known = {"t1": "food"}
    goal = choose_goal(state, "survivor-a", known, DOORS)
    assert (goal.kind, goal.building) == ("enter", "rv") and "food" in goal.drop
    in_rv = game(4, [Token("t1", "food", "survivor-a")], where="rv", inventory=["t1"])
    in_rv = replace(in_rv, flow=replace(in_rv.flow, active="survivor-a", actions_left=2, waiting="act"))
    goal = choose_goal(in_rv, "survivor-a", known, DOORS)
    assert goal.kind == "stay"
    assert pick_take_drop(in_rv, [TakeDrop(drop="t1")], goal, known) == TakeDrop(drop="t1")


def test_the_hidden_kind_is_never_read():
    """A face-down token the team never saw counts as unknown, whatever its kind in the state."""
    state = game(4, [Token("t1", "food", "survivor-a")], inventory=["t1"])     # not in setup? it is
    state = replace(state, setup=replace(state.setup, tokens=()))               # e.g. stolen, unseen
    goal = choose_goal(state, "survivor-a", {}, DOORS)
    assert goal.building != "rv"


def test_s5_wants_fuel_and_survivor_tokens_and_takes_them_inside():
    state = game(5, [Token("t1", "fuel", "school"), Token("t2", "survivor", "school")], where="school")
    state = replace(state, flow=replace(state.flow, active="survivor-a", actions_left=2, waiting="act"))
    goal = choose_goal(state, "survivor-a", {}, DOORS)
    assert goal.kind == "stay" and {"fuel", "survivor"} <= goal.take
    pick = pick_take_drop(state, [TakeDrop(take="t1"), TakeDrop(take="t2")], goal, {})
    assert pick in (TakeDrop(take="t1"), TakeDrop(take="t2"))


def test_keep_only_useful_kinds_the_team_looked_at():
    state = game(5, [Token("t1", "knife", "school")], where="school")
    state = replace(state, flow=replace(state.flow, active="survivor-a", waiting="look", looking="t1"))
    options = [KeepToken(True), KeepToken(False)]
    assert pick_keep(state, options, {"t1": "knife"}) == KeepToken(False)
    assert pick_keep(state, options, {"t1": "fuel"}) == KeepToken(True)


def test_knowledge_follows_visibility():
    class Step:
        def __init__(self, events):
            self.events = events
    k = Knowledge()
    k.update([Step([Event("looked at a token", {"token": "t1", "kind": "fuel"}, visible_to=("A",)),
                    Event("left a token face up", {"token": "t2", "kind": "knife"})])])
    state = game(7, [Token("t1", "fuel", "school"), Token("t2", "knife", "school", face="up")], teams=("A", "B"))
    assert k.known(state, "A") == {"t1": "fuel", "t2": "knife"}
    assert k.known(state, "B") == {"t2": "knife"}


def test_s7_each_team_brings_goods_to_its_own_base():
    token = Token("t1", "fuel", "survivor-a")
    a = game(7, [token], inventory=["t1"], teams=("A", "B"))
    assert choose_goal(a, "survivor-a", {"t1": "fuel"}, DOORS).building == "rv"
    b = game(7, [token], inventory=["t1"], team="B", teams=("A", "B"))
    assert choose_goal(b, "survivor-a", {"t1": "fuel"}, DOORS).building == "gas_station"


def test_s3_the_escort_heads_for_the_hospital():
    anita = Survivor("survivor-anita", "Anita", "A", 1, where="city")
    state = game(3, more=(anita,))
    state = replace(state, data=replace(state.data, rescued="survivor-anita", escort="survivor-a"))
    assert choose_goal(state, "survivor-a", {}, DOORS) == Goal("enter", "hospital", why=
                                                                choose_goal(state, "survivor-a", {}, DOORS).why)


def test_s6_holds_the_rv_and_s9_team_b_holds_the_school():
    s6 = game(6, where="rv", teams=("A", "B"))
    assert choose_goal(s6, "survivor-a", {}, DOORS).kind == "stay"
    tokens = [Token("t1", "food", "survivor-a"), Token("t2", "fuel", "survivor-a")]
    s9 = game(9, tokens, inventory=["t1", "t2"], team="B", teams=("A", "B"))
    goal = choose_goal(s9, "survivor-a", {"t1": "food", "t2": "fuel"}, DOORS)
    assert (goal.kind, goal.building) == ("enter", "school")


def test_s10_raids_the_enemy_colony_with_two_fuel():
    tokens = [Token("t1", "fuel", "survivor-a"), Token("t2", "fuel", "survivor-a")]
    state = game(10, tokens, inventory=["t1", "t2"], teams=("A", "B"))
    assert choose_goal(state, "survivor-a", {"t1": "fuel", "t2": "fuel"}, DOORS).building == "hospital"
    one = game(10, tokens[:1] + [Token("t3", "fuel", "school")], inventory=["t1"], teams=("A", "B"))
    assert choose_goal(one, "survivor-a", {"t1": "fuel"}, DOORS).building == "school"


def test_s8_x_closed_buildings_are_skipped():
    state = game(8, [Token("t1", "survivor", "school"), Token("x1", "x", "front:school", face="up"),
                     Token("t2", "survivor", "gas_station")], teams=("A", "B"))
    assert choose_goal(state, "survivor-a", {}, DOORS).building == "gas_station"


def test_fights_pick_the_best_weapon_and_against_a_survivor_the_bat_waits_until_close():
    state = game(6, teams=("A", "B"))
    assert pick_fight(state, [FightWith("s", "bat"), FightWith("s", "gun"), FightWith("s", "knife")]) == \
        FightWith("s", "gun")
    far = replace(state, flow=replace(state.flow, fight=Fight("survivor", "school", ("s",), ("z",), gap=82.0)))
    near = replace(state, flow=replace(state.flow, fight=Fight("survivor", "school", ("s",), ("z",), gap=20.0)))
    options = [BatTurn(True), BatTurn(False)]
    assert pick_fight(far, options) == BatTurn(False) and pick_fight(near, options) == BatTurn(True)


def test_steals_look_then_take_useful_kinds():
    state = game(7, [Token("t1", "fuel", "survivor-a")], teams=("A", "B"))
    assert pick_steal(state, [Steal("t1"), Steal(None)], {}, "A") == Steal("t1")
    looking = replace(state, flow=replace(state.flow, looking="t1"))
    assert pick_steal(looking, [StealKeep("take"), StealKeep("leave")], {"t1": "fuel"}, "A") == StealKeep("take")


def test_goods_dropped_in_the_base_are_not_taken_back():
    state = game(7, [Token("t1", "food", "rv", face="up")], where="rv", teams=("A", "B"))
    state = replace(state, flow=replace(state.flow, active="survivor-a", actions_left=1, waiting="act"))
    goal = Goal("enter", "school", take=frozenset({"food", UNKNOWN}))
    assert pick_take_drop(state, [TakeDrop(take="t1")], goal, {"t1": "food"}) is None


def test_s4_never_eats_a_food_the_objective_needs_unless_hunger_would_lose_the_game():
    from feltbox.game.flickem.bot_choices import pick_eat
    from feltbox.rules.flickem.rounds import Eat
    foods = [Token(f"f{i}", "food", "survivor-a", face="up") for i in range(4)]
    state = game(4, foods, inventory=["f0", "f1"])
    options = [Eat("f0"), Eat("f1"), Eat(None)]
    assert pick_eat(state, options) == Eat(None)              # all 4 food are needed in the RV
    spare = game(4, foods + [Token("f4", "food", "school")], inventory=["f0", "f1"])
    assert pick_eat(spare, options) == Eat("f0")              # 5 food: one can be eaten
    weak = [Survivor(f"survivor-{n}", n, "A", 1) for n in ("b", "c", "d")]
    starving = game(4, foods, inventory=["f0", "f1"], more=tuple(weak))
    assert pick_eat(starving, options) == Eat("f0")           # hungry, 3 would die: the game is lost


def test_the_set_up_list_tells_what_an_unseen_token_can_be():
    from feltbox.game.flickem.bot_knowledge import unseen_odds
    food_up = [Token(f"f{i}", "food", "grocery_store", face="up") for i in range(4)]
    state = game(4, food_up + [Token("k", "knife", "school"), Token("g", "gun", "library")])
    known = {f"f{i}": "food" for i in range(4)}
    assert unseen_odds(state, known, ("food",)) == 0.0        # every food is in sight
    assert choose_goal(state, "survivor-a", known, DOORS).building == "grocery_store"
    s2 = game(2, [Token("a", "fuel", "school"), Token("b", "food", "library"), Token("c", "fuel", "rv")])
    assert unseen_odds(s2, {"c": "fuel"}, ("fuel", "food")) == 1.0


def test_the_bin_deficit_and_the_rounds_left_count_the_hordes_the_bin_must_supply():
    from feltbox.game.flickem.bot_goals import bin_deficit, rounds_left
    state = game(5, in_bin=4)                                 # 4 rounds, day first, +2 day / +3 night
    assert bin_deficit(state) == 3 + 2 + 3 - 4 and bin_deficit(state, rounds=1) == 3 - 4
    assert rounds_left(state) == 2                            # the second horde (+2) finds 1 zombie
    assert rounds_left(game(5)) == 4


def test_a_place_too_far_for_the_turns_left_is_not_worth_going_to():
    tokens = [Token("t1", "fuel", "school"), Token("t2", "fuel", "hospital")]
    state = game(5, tokens)
    state = replace(state, flow=replace(state.flow, round_marker=2, active="survivor-a", actions_left=2))
    far = {"rv": (30.0, 0.0), "school": (-95.0, 0.0), "hospital": (0.0, 110.0)}
    assert choose_goal(state, "survivor-a", {}, far).kind == "hunt"
    near = choose_goal(state, "survivor-a", {}, DOORS)
    assert near.kind == "enter" and near.building in ("school", "hospital")
