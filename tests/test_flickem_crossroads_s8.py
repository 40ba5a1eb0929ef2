"""S5 SEPARATED, NEW RULES: CROSSROADS (house cards in rules/flickem/data/crossroads.toml), and
S8 STRENGTH IN NUMBERS, Special Rules: NEW X TOKENS and NEW SURVIVOR; rules only, with
hand-written measured outcomes (the table side is in test_flickem_bridge.py)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.rules.core import Measured
from feltbox.rules.flickem import crossroads
from feltbox.rules.flickem.flow import (
    ChooseSurvivor,
    EndTurn,
    Move,
    apply,
    legal_actions,
    new_game,
    pending,
)
from feltbox.rules.flickem.scenarios import blocked_by_x, team_sizes
from feltbox.rules.flickem.state import Survivor, Token, Zombie
from feltbox.rules.flickem.strength import MoveX
from feltbox.rules.flickem.tokens import TakeDrop
from feltbox.rules.geometry import next_to
from tests.test_flickem_flow import flick_outcome, play, setup

ANITA, JOHN = "survivor-anita", "survivor-john"


def _s5(*, anita_inventory=(), extra_tokens=(), zombies=None, anita_life=2, john_where="city"):
    """Anita in the library with a Crossroads token; John in the street (or beside her)."""
    anita = Survivor(ANITA, "Anita", "A", anita_life, where="library", inventory=anita_inventory)
    john = Survivor(JOHN, "John", "A", 2, where=john_where)
    tokens = (Token("token-crossroads-1", "crossroads", "library"),) + tuple(extra_tokens)
    kw = {"zombies": zombies} if zombies is not None else {}
    base = setup(scenario=5, survivors=(anita, john), tokens=tokens, deaths_to_lose=2, **kw)
    return replace(base, positions=tuple(p for p in base.positions if p[0] != ANITA) + ((ANITA, 0.0, 36.0),))


def _draw(card_id: str, s5=None, seed=1):
    """Anita takes the Crossroads token with only ``card_id`` left in the deck."""
    state = play(new_game(s5 or _s5(), seed), ChooseSurvivor(ANITA))
    others = tuple(c.id for c in crossroads.cards() if c.id != card_id)
    state = replace(state, data=replace(state.data, crossroads_drawn=others))
    return apply(state, TakeDrop(take="token-crossroads-1"))


def test_S5_CROSSROADS_taking_the_token_reveals_it_and_the_card_is_read_aloud_then_discarded():
    state = play(new_game(_s5(), 7), ChooseSurvivor(ANITA))
    assert TakeDrop(take="token-crossroads-1") in legal_actions(state)
    state, events = apply(state, TakeDrop(take="token-crossroads-1"))
    kinds = [e.kind for e in events]
    assert kinds[:2] == ["crossroads revealed", "crossroads card"]
    card = events[1].data
    assert card["title"] and card["text"] and events[1].visible_to is None     # read aloud to all
    assert state.data.token("token-crossroads-1").where == "removed"           # revealed, gone
    assert state.data.crossroads_drawn == (card["card"],)                      # discarded
    assert state.flow.waiting in ("act", "over") and state.flow.looking is None   # never looked at in secret


def test_S5_CROSSROADS_30_house_cards_each_drawn_once_with_the_state_rng_then_reshuffled():
    assert len(crossroads.cards()) == 30 and len({c.title for c in crossroads.cards()}) == 30
    state = play(new_game(_s5(), 3), ChooseSurvivor(ANITA))
    order = []
    for _ in range(31):
        token = replace(state.data.token("token-crossroads-1"), where="library", face="down")
        fresh = _s5()                          # every card on a fresh table: only the deck goes on
        calm = replace(state, data=replace(state.data.with_token(token), survivors=fresh.survivors,
                                           zombies=fresh.zombies, positions=fresh.positions),
                       flow=replace(state.flow, waiting="act", actions_left=2, noises=()))
        events: list = []
        state = crossroads.draw(calm, "token-crossroads-1", events)
        order.append(next(e.data["card"] for e in events if e.kind == "crossroads card"))
    assert len(set(order[:30])) == 30 and len(state.data.crossroads_drawn) == 1   # the 31st: a new deck
    firsts = set()
    for seed in range(8):                      # the state's Rng decides: another seed, another card
        start = play(new_game(_s5(), seed), ChooseSurvivor(ANITA))
        firsts.add(crossroads.draw(start, "token-crossroads-1", []).data.crossroads_drawn[0])
    assert len(firsts) > 1


def test_S5_CROSSROADS_NEW_zombies_come_from_the_game_box_then_the_bin():
    zombies = (Zombie("zombie-01"), Zombie("zombie-02", where="box"), Zombie("zombie-03", where="bin"),
               Zombie("zombie-04", where="bin"))
    state, events = _draw("ambush", _s5(zombies=zombies))
    new = [e.data for e in events if e.kind == "new zombie"]
    assert [(z["zombie"], z["from"], z["where"]) for z in new] == [("zombie-02", "box", "library"),
                                                                   ("zombie-03", "bin", "library")]
    assert sum(z.where == "library" for z in state.data.zombies) == 2
    assert len(state.data.zombies) == 4                                 # nobody made, nobody lost


def test_S5_CROSSROADS_NEW_zombies_next_to_every_survivor_in_the_city_get_a_position():
    state, events = _draw("footsteps")
    new = next(e.data for e in events if e.kind == "new zombie")
    assert new["next_to"] == JOHN and new["where"] == "city" and new["standing"] is False
    z = next(z for z in state.data.zombies if z.id == new["zombie"])
    assert z.where == "city" and not z.standing
    assert state.data.position(z.id) == (new["x"], new["y"])
    assert next_to(state.data.position(JOHN), state.data.position(z.id), 1.3, 1.3, 4.0)


@pytest.mark.parametrize("card, anita, john", [("sprained-ankle", 1, 2), ("deep-breath", 2, 2),
                                               ("frostbite", 2, 1), ("second-wind", 2, 2)])
def test_S5_CROSSROADS_life_for_the_survivor_or_every_survivor_matching_the_card(card, anita, john):
    state, _ = _draw(card, _s5(anita_life=2))
    assert state.data.survivor(ANITA).life == anita and state.data.survivor(JOHN).life == john
    assert state.data.survivor(ANITA).standing and state.data.survivor(JOHN).standing   # LOSING LIFE fells nobody


def test_S5_CROSSROADS_every_survivor_in_the_building_and_a_survivor_holding_a_token():
    food = Token("token-food-1", "food", ANITA, "up")
    state, _ = _draw("gas-leak", _s5(john_where="library"))
    assert state.data.survivor(ANITA).life == 1 and state.data.survivor(JOHN).life == 1
    state, _ = _draw("rotten-food", _s5(anita_inventory=("token-food-1",), extra_tokens=(food,)))
    assert state.data.token("token-food-1").where == "removed" and state.data.survivor(ANITA).inventory == ()


def test_S5_CROSSROADS_a_token_appears_from_the_supply_if_possible():
    supply = Token("token-food-9", "food", "supply")
    state, events = _draw("canned-peaches", _s5(extra_tokens=(supply,)))
    assert state.data.token("token-food-9").where == "library" and state.data.token("token-food-9").face == "up"
    state, events = _draw("canned-peaches")                  # no food in the supply: nothing
    assert not any(e.kind == "token appeared" for e in events)


def test_S5_CROSSROADS_actions_noise_drop_and_fall():
    state, _ = _draw("adrenaline")
    assert state.flow.actions_left == 2                      # 2 - 1 (the take) + 1
    state, _ = _draw("lost-in-thought")
    assert state.flow.actions_left == 0
    state, _ = _draw("alarm-clock")
    state, _ = apply(state, EndTurn())
    assert state.flow.waiting == "rush"                      # a LOUD turn
    knife = Token("token-knife-1", "knife", ANITA, "up")
    state, _ = _draw("torn-backpack", _s5(anita_inventory=("token-knife-1",), extra_tokens=(knife,)))
    assert state.data.token("token-knife-1").where == "library" and state.data.survivor(ANITA).inventory == ()
    state, _ = _draw("slippery-ice")
    assert not state.data.survivor(ANITA).standing


def test_S5_CROSSROADS_apply_in_any_scenario_with_crossroads_tokens():
    _, events = _draw("quiet-moment", replace(_s5(), scenario=6, deaths_to_lose=99))
    assert [e.kind for e in events] == ["crossroads revealed", "crossroads card"]


# -- S8 STRENGTH IN NUMBERS ---------------------------------------------------------------------
def _s8(*, in_library=("survivor-anita",), tokens=()):
    a = tuple(Survivor(s, s.split("-")[1].title(), "A", 3, where="library" if s in in_library else "city",
                       power=True) for s in ("survivor-anita", "survivor-rosa"))
    b = (Survivor("survivor-elijah", "Elijah", "B", 3, power=True),)
    reserve = (Survivor("survivor-gabriel", "Gabriel", "A", 2, where="reserve"),
               Survivor("survivor-lily", "Lily", "A", 2, where="reserve"))
    positions = (("survivor-anita", 0.0, 36.0), ("survivor-rosa", 10.0, 0.0), ("survivor-elijah", 20.0, 20.0),
                 ("zombie-01", -30.0, 30.0), ("zombie-02", 40.0, -38.0), ("zombie-03", -30.0, -30.0))
    xs = (Token("token-x-1", "x", "front:gas_station", "up"), Token("token-x-2", "x", "front:police_station", "up"))
    supply = (Token("token-fuel-1", "fuel", "supply"), Token("token-gun-1", "gun", "supply"))
    return setup(scenario=8, survivors=a + b + reserve, teams=("A", "B"), positions=positions,
                 tokens=xs + supply + tuple(tokens), deaths_to_lose=99)


def _exit_library(state):
    return play(state, Move(), Measured(flick_outcome(exited="library", positions={"survivor-anita": [0.0, 26.0]})))


def test_S8_NEW_X_TOKENS_the_last_survivor_out_moves_an_X_there_and_a_supply_token_goes_in():
    state = play(new_game(_s8(), 5), ChooseSurvivor("survivor-anita"))
    state = _exit_library(state)
    assert state.flow.waiting == "x" and state.flow.closing == "library"
    assert legal_actions(state) == [MoveX("gas_station", "library"), MoveX("police_station", "library")]
    state, events = apply(state, MoveX("gas_station", "library"))
    assert [e.kind for e in events] == ["X token moved", "supply token placed"]
    places = [(t.kind, t.where) for t in state.data.tokens]
    assert blocked_by_x("library", places) and not blocked_by_x("gas_station", places)
    placed = state.data.token(events[1].data["token"])
    assert placed.where == "gas_station" and placed.face == "down" and "kind" not in events[1].data
    assert state.flow.waiting == "act" and state.flow.closing is None and state.flow.actions_left == 1


def test_S8_NEW_X_TOKENS_not_while_a_survivor_stays_inside():
    state = play(new_game(_s8(in_library=("survivor-anita", "survivor-rosa")), 5), ChooseSurvivor("survivor-anita"))
    state = _exit_library(state)
    assert state.flow.waiting == "act" and state.flow.closing is None


def test_S8_NEW_SURVIVOR_the_revealed_token_stays_face_up_and_the_next_mover_out_recruits():
    token = Token("token-survivor-1", "survivor", "library")
    state = play(new_game(_s8(tokens=(token,)), 2), ChooseSurvivor("survivor-anita"))
    state, events = apply(state, TakeDrop(take="token-survivor-1"))
    revealed = next(e.data for e in events if e.kind == "survivor token revealed")
    board = revealed["survivor"]
    assert board in ("survivor-gabriel", "survivor-lily") and state.flow.waiting == "act"
    assert state.data.token("token-survivor-1").where == "library" and state.data.token("token-survivor-1").face == "up"
    assert state.data.survivor(board).where == "reserve"                   # waits outside the city
    assert not any(isinstance(a, TakeDrop) and a.take == "token-survivor-1" for a in legal_actions(state))
    state = _exit_library(state)
    new = state.data.survivor(board)
    assert (new.where, new.team, new.life, new.power, new.backpack) == ("city", "A", 2, False, state.flow.colour)
    assert next_to(state.data.position("survivor-anita"), state.data.position(board), 1.3, 1.3, 4.0)
    assert state.data.token("token-survivor-1").where == "removed" and state.data.recruits == ()
    assert team_sizes(state.data.survivors) == {"A": 3, "B": 1}
    assert state.flow.waiting == "x"                                       # and the library emptied


def test_S8_NEW_SURVIVOR_not_added_by_leaving_any_other_way():
    from feltbox.rules.flickem.strength import left_building
    token = Token("token-survivor-1", "survivor", "library", "up")
    state = play(new_game(_s8(tokens=(token,)), 2), ChooseSurvivor("survivor-anita"))
    state = replace(state, data=replace(state.data, recruits=(("token-survivor-1", "survivor-lily"),)))
    ejected = left_building(state, "library", [], by_move=False)           # e.g. losing a fight
    assert ejected.data.survivor("survivor-lily").where == "reserve"
    walked = left_building(state, "library", [], by_move=True)
    assert walked.data.survivor("survivor-lily").team == "A"


def test_S8_NEW_X_TOKENS_losing_a_zombie_fight_puts_the_last_survivor_out_and_calls_for_an_X():
    """NEW X TOKENS: "Whenever the last survivor in a building exits that building (move action,
    losing a zombie fight, etc.)". House reading: in S8 the loser of a zombie fight is flicked out
    of the building (by the other team: the zombies have no player), then the X is moved."""
    from feltbox.rules.flickem.fights import FightWith
    state = new_game(_s8(), 5)
    zombies = tuple(replace(z, where="library") if z.id == "zombie-01" else z for z in state.data.zombies)
    state = play(replace(state, data=replace(state.data, zombies=zombies)), ChooseSurvivor("survivor-anita"),
                 FightWith("survivor-anita", "gun"))
    state = replace(state, flow=replace(state.flow, fight=replace(state.flow.fight, deck=("attack",))))
    state, events = apply(state, Measured({"fell": []}))              # missed; the card: ATTACK
    assert state.data.survivor("survivor-anita").life == 2 and state.flow.actions_left == 0
    assert pending(state).kind == "eject"
    assert dict(state.flow.request) == {"building": "library", "survivor": "survivor-anita", "team": "B"}
    state, events = apply(state, Measured({"positions": {"survivor-anita": [0.0, 30.0]},
                                           "standing": {"survivor-anita": False}}))
    assert state.data.survivor("survivor-anita").where == "city" and state.flow.fight is None
    assert state.flow.waiting == "x" and state.flow.closing == "library"
    assert any(e.kind == "place an X" for e in events)
    state = play(state, MoveX("gas_station", "library"))
    assert state.flow.waiting == "act" and legal_actions(state) == [EndTurn()]   # she may not act further


def test_S2_FIGHT_a_lost_zombie_fight_leaves_the_survivor_inside_outside_S8():
    from feltbox.rules.flickem.fights import FightWith
    state = new_game(replace(_s8(), scenario=2), 5)
    zombies = tuple(replace(z, where="library") if z.id == "zombie-01" else z for z in state.data.zombies)
    state = play(replace(state, data=replace(state.data, zombies=zombies)), ChooseSurvivor("survivor-anita"),
                 FightWith("survivor-anita", "gun"))
    state = replace(state, flow=replace(state.flow, fight=replace(state.flow.fight, deck=("attack",))))
    state = play(state, Measured({"fell": []}))
    assert state.data.survivor("survivor-anita").where == "library" and state.flow.waiting == "act"


def test_S5_CROSSROADS_a_drawn_card_can_not_be_undone():
    from feltbox.rules.engine import Engine
    from feltbox.rules.flickem.flow import ACTIONS, FlickemGame
    engine = Engine(FlickemGame(_s5()), "flickem", 5, seed=1, action_types=ACTIONS)
    engine.apply(ChooseSurvivor(ANITA))
    assert engine.can_undo()
    engine.apply(TakeDrop(take="token-crossroads-1"))
    assert not engine.can_undo()                   # the card is known: no taking it back
