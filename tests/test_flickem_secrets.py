"""S9 Home and the SECRET OBJECTIVES of S9 and S10 (rulebook S9: OBJECTIVE, SET UP, GAME END, NEW
RULES: SECRET OBJECTIVES, the betrayer, THE LONE BETRAYER, DEAD AND GONE!; S10: SET UP, GAME END),
table-driven with hand-written measured outcomes; the cards are house data (objectives.toml)."""
from __future__ import annotations

import json
from dataclasses import replace

from feltbox.rules.core import Decision, GameOver, Measured, PhysicsRequest, from_json, to_json
from feltbox.rules.flickem.betrayal import Accuse, ChooseClan, PassTurn, Vote
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, Move, apply, legal_actions, new_game, pending
from feltbox.rules.flickem.secrets import card_of, cards, dealt_events
from feltbox.rules.flickem.state import FlickemState, Survivor, Token
from tests.test_flickem_flow import flick_outcome, play, setup

A = ("Gabriel", "Lily", "Olivia")
B = ("John", "Loretta", "Thomas")


def sid(name: str) -> str:
    return f"survivor-{name.lower()}"


def _s9(survivors=None, **kw):
    people = survivors or tuple(Survivor(sid(n), n, "A", 3) for n in A) + \
        tuple(Survivor(sid(n), n, "B", 3) for n in B)
    positions = tuple((s.id, -30.0 + 12.0 * i, -40.0) for i, s in enumerate(people) if s.where != "dead") + \
        (("zombie-01", 0.0, 20.0), ("zombie-02", 0.0, 30.0), ("zombie-03", -25.0, -25.0))
    return setup(scenario=9, survivors=people, positions=tuple(sorted(positions)), teams=("A", "B"), **kw)


def with_cards(state: FlickemState, **dealt: str) -> FlickemState:
    secrets = dict(state.data.secrets) | {sid(n): c for n, c in dealt.items()}
    return replace(state, data=replace(state.data, secrets=tuple(sorted(secrets.items()))))


def play_round(state: FlickemState) -> FlickemState:
    """Every available survivor takes a silent turn until the round ends."""
    while isinstance(pending(state), Decision) and state.flow.waiting == "choose":
        state = play(state, legal_actions(state)[0], EndTurn())
    return state


def roundtrip(state: FlickemState) -> None:
    assert from_json(FlickemState, json.loads(json.dumps(to_json(state)))) == state


def test_S9_SECRET_OBJECTIVES_the_cards_are_20_objectives_and_6_betrayers_in_the_vocabulary():
    deck = cards()
    assert sum(not c.betrayer for c in deck.values()) == 20 and sum(c.betrayer for c in deck.values()) == 6
    assert all(c.title and c.text and c.needs for c in deck.values())
    assert all(("check", "team_fails") in need for c in deck.values() if c.betrayer for need in c.needs[:1])


def test_S9_SECRET_OBJECTIVES_the_deal_one_card_each_one_betrayer_card_per_team_pile():
    betrayers = 0
    for seed in range(12):
        state = new_game(_s9(), seed)
        dealt = dict(state.data.secrets)
        assert sorted(dealt) == sorted(s.id for s in state.data.survivors)
        assert len(set(dealt.values())) == 6
        for team in ("A", "B"):                       # 3 objective cards + 1 betrayer, 3 dealt
            assert sum(card_of(state, s.id).betrayer for s in state.data.survivors if s.team == team) <= 1
        betrayers += sum(cards()[c].betrayer for c in dealt.values())
        # the undealt card of each pile left the game; the rest of both decks stays to draw from
        assert len(state.data.objective_deck) == 14 and len(state.data.betrayer_deck) == 4
        assert not set(dealt.values()) & set(state.data.objective_deck + state.data.betrayer_deck)
        roundtrip(state)
    assert 0 < betrayers < 24                         # a pile's betrayer card is sometimes left out
    assert new_game(_s9(), 3).data.secrets == new_game(_s9(), 3).data.secrets     # seeded


def test_S9_SECRET_OBJECTIVES_each_player_sees_only_their_own_card():
    state = new_game(_s9(), 1)
    events = dealt_events(state)
    assert [e.visible_to for e in events] == [(s,) for s, _ in state.data.secrets]
    mine = events[0]
    assert mine.seen_by(mine.data["survivor"]).data["title"] == card_of(state, mine.data["survivor"]).title
    assert mine.seen_by("survivor-thomas" if mine.data["survivor"] != "survivor-thomas" else "A").data == {}


def test_S9_OBJECTIVE_team_B_in_the_school_holding_2_of_food_fuel_medicine_at_a_rounds_end():
    john = replace(Survivor(sid("John"), "John", "B", 3), where="school", inventory=("token-food-1", "token-medicine-1"))
    people = tuple(Survivor(sid(n), n, "A", 3) for n in A) + (john,) + \
        tuple(Survivor(sid(n), n, "B", 3) for n in B[1:])
    tokens = (Token("token-food-1", "food", john.id, "up"), Token("token-medicine-1", "medicine", john.id, "up"))
    state = new_game(_s9(people, tokens=tokens), 1)
    state = with_cards(state, Gabriel="saboteur", Lily="survivalist", Olivia="iron-will",
                       John="full-pantry", Loretta="iron-will", Thomas="bookworm")
    state = play_round(state)
    over = pending(state)
    assert isinstance(over, GameOver) and over.reason.startswith("won: team B (team B controls the school)")
    # SECRET OBJECTIVES: on the winning team with the card done; a betrayer whose team failed
    assert over.winners == ("survivor-gabriel", "survivor-john", "survivor-loretta")
    assert over.reason.endswith("secret objectives won by: Gabriel, John, Loretta")


def test_S9_OBJECTIVE_one_token_in_the_school_is_not_control():
    john = replace(Survivor(sid("John"), "John", "B", 3), where="school", inventory=("token-food-1",))
    people = tuple(Survivor(sid(n), n, "A", 3) for n in A) + (john,)
    state = new_game(_s9(people, tokens=(Token("token-food-1", "food", john.id, "up"),)), 1)
    state = play_round(state)
    assert state.flow.waiting == "horde"


def test_S9_GAME_END_team_A_wins_at_the_skull_and_DEAD_AND_GONE_players_never_win():
    people = list(Survivor(sid(n), n, "A", 3) for n in A) + list(Survivor(sid(n), n, "B", 3) for n in B)
    people[1] = replace(people[1], life=0, where="dead")          # Lily
    people[3] = replace(people[3], life=0, where="dead")          # John
    state = new_game(_s9(tuple(people), round_start=1), 1)
    state = with_cards(state, Gabriel="survivalist", Lily="payback", Olivia="bookworm",
                       John="survivalist", Loretta="cold-blooded", Thomas="iron-will")
    over = pending(play_round(state))
    assert isinstance(over, GameOver) and "won: team A (the round marker reached the skull)" in over.reason
    assert over.winners == ("survivor-gabriel", "survivor-loretta")   # Lily's payback is met, but she is dead


def _accusing(state: FlickemState, accused: str = "Lily") -> FlickemState:
    state = play(state, ChooseSurvivor("survivor-gabriel"))
    assert Accuse(sid(accused)) in legal_actions(state) and Accuse("survivor-john") not in legal_actions(state)
    return play(state, Accuse(sid(accused)))


def test_S9_BETRAYER_an_accusation_costs_an_action_and_the_whole_team_votes():
    state = _accusing(new_game(_s9(), 1))
    assert state.flow.actions_left == 1
    voters = []
    for up in (True, False, False):
        voters.append(pending(state).player)
        assert pending(state).prompt == "vote on accusing Lily: thumbs up or down"       # her name, not her id
        assert legal_actions(state) == [Vote(True), Vote(False)]
        state, events = apply(state, Vote(up))
    assert voters == ["survivor-gabriel", "survivor-lily", "survivor-olivia"]
    assert events[-1].kind == "accusation rejected" and state.flow.waiting == "act"   # nothing happens
    assert state.data.survivor("survivor-lily").team == "A" and state.flow.actions_left == 1


def test_S9_BETRAYER_the_accused_IS_the_betrayer():
    state = _accusing(with_cards(new_game(_s9(), 1), Lily="saboteur"))
    deck = state.data.betrayer_deck
    state, events = apply(state, Vote(True))
    state, events = apply(play(state, Vote(True)), Vote(False))
    shown = next(e for e in events if e.kind == "objective card shown")
    assert set(shown.visible_to) == {"A", "survivor-gabriel", "survivor-lily", "survivor-olivia"}
    assert shown.seen_by("survivor-olivia").data["title"] == "Saboteur" and shown.seen_by("survivor-john").data == {}
    lily = state.data.survivor("survivor-lily")
    assert lily.team == "betrayer-lily" and state.flow.teams == ("A", "B", "betrayer-lily")   # a team unto herself
    assert lily.life == 2 and not lily.standing and "x" in lily.specials
    assert dict(state.data.secrets)[lily.id] == deck[0] and card_of(state, lily.id).betrayer   # betrayer's deck
    drawn = next(e for e in events if e.kind == "new secret objective")
    assert drawn.visible_to == ("survivor-lily",)
    assert state.data.survivor("survivor-gabriel").power                   # the accuser flips the board
    request = pending(state)                                               # placed fallen, flicked
    assert isinstance(request, PhysicsRequest) and request.kind == "flick"
    assert request.spec == {"betrayer": lily.id, "by": "survivor-gabriel", "fallen": "yes", "side": "right",
                            "survivor": lily.id, "weapon": "figure"}
    roundtrip(state)
    state = play(state, Measured(flick_outcome(flicked=lily.id, positions={lily.id: [-10.0, -20.0]},
                                               standing={lily.id: True})))
    assert state.data.position(lily.id) == (-10.0, -20.0) and not state.data.survivor(lily.id).standing
    assert state.flow.waiting == "act" and state.flow.actions_left == 1


def test_S9_BETRAYER_a_betrayer_with_1_life_keeps_it():
    people = (Survivor(sid("Gabriel"), "Gabriel", "A", 3), Survivor(sid("Lily"), "Lily", "A", 1, where="library"),
              Survivor(sid("John"), "John", "B", 3))
    state = _accusing(with_cards(new_game(_s9(people), 1), Lily="looter"))
    state = play(state, Vote(True), Vote(True))
    lily = state.data.survivor("survivor-lily")
    assert lily.life == 1 and not lily.standing and state.flow.waiting == "act"   # in a building: no flick


def test_S9_BETRAYER_the_accused_is_NOT_the_betrayer_and_stays():
    state = _accusing(with_cards(new_game(_s9(), 1), Lily="survivalist"))
    top = state.data.objective_deck[0]
    state, events = apply(play(state, Vote(True), Vote(True)), Vote(False))
    assert dict(state.data.secrets)["survivor-lily"] == top                # discarded, drew a new one
    assert next(e for e in events if e.kind == "new secret objective").visible_to == ("survivor-lily",)
    assert pending(state) == Decision("survivor-lily", "stay with your clan or join the opposing clan")
    state = play(state, ChooseClan(False))                                 # A - STAY: both lose a life
    assert state.data.survivor("survivor-lily").life == 2 and state.data.survivor("survivor-gabriel").life == 2
    assert state.data.survivor("survivor-lily").team == "A" and state.flow.waiting == "act"


def test_S9_BETRAYER_the_accused_is_NOT_the_betrayer_and_joins_the_opposing_clan():
    state = _accusing(with_cards(new_game(_s9(), 1), Lily="survivalist"))
    state = play(state, Vote(True), Vote(True), Vote(True), ChooseClan(True))
    lily, gabriel = state.data.survivor("survivor-lily"), state.data.survivor("survivor-gabriel")
    assert lily.team == "B" and lily.life == 3 and gabriel.power and gabriel.life == 3
    roundtrip(state)


def test_S9_LONE_BETRAYER_plays_third_may_pass_by_flipping_the_X_face_up_each_round():
    state = _accusing(with_cards(new_game(_s9(), 1), Lily="saboteur"))
    lily = "survivor-lily"
    state = play(state, Vote(True), Vote(True), Vote(True),
                 Measured(flick_outcome(flicked=lily, positions={lily: [-10.0, -20.0]})), EndTurn())
    state = play(state, ChooseSurvivor("survivor-john"), EndTurn())       # team B
    assert pending(state).player == "betrayer-lily"                        # third in team order
    assert legal_actions(state) == [ChooseSurvivor(lily), PassTurn()]
    state, events = apply(state, PassTurn())
    assert events[0].kind == "turn passed" and "x_down" in state.data.survivor(lily).specials
    state = play(state, ChooseSurvivor("survivor-olivia"), EndTurn(), ChooseSurvivor("survivor-loretta"), EndTurn())
    assert legal_actions(state) == [ChooseSurvivor(lily)]                  # the X is face down now
    state = play_round(state)
    state = play(state, Measured({"survivors_fell": [], "left_city": []}))   # the new horde: a new round
    assert "x" in state.data.survivor(lily).specials


def test_S10_the_same_deal_and_the_winners_are_named_by_their_secret_objectives():
    a = (replace(Survivor("survivor-rosa", "Rosa", "A", 3), inventory=("token-fuel-1", "token-fuel-2")),
         Survivor("survivor-mike", "Mike", "A", 3))
    b = (Survivor("survivor-kevin", "Kevin", "B", 3), Survivor("survivor-anita", "Anita", "B", 3))
    tokens = (Token("token-fuel-1", "fuel", "survivor-rosa", "up"), Token("token-fuel-2", "fuel", "survivor-rosa", "up"))
    positions = (("survivor-anita", 30.0, 20.0), ("survivor-kevin", 20.0, 20.0), ("survivor-mike", -20.0, 20.0),
                 ("survivor-rosa", 0.0, 0.0), ("zombie-01", 0.0, 30.0), ("zombie-02", 40.0, 38.0),
                 ("zombie-03", -30.0, 30.0))
    state = new_game(setup(scenario=10, survivors=a + b, teams=("A", "B"), tokens=tokens, positions=positions), 1)
    assert len(state.data.secrets) == 4 and len(state.data.objective_deck) == 16
    state = with_cards(state, Rosa="running-on-fumes", Mike="bookworm", Kevin="saboteur", Anita="survivalist")
    state = play(state, ChooseSurvivor("survivor-rosa"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="hospital")))    # MAIN OBJECTIVE: a raid
    over = pending(state)
    assert isinstance(over, GameOver) and over.winners == ("survivor-kevin", "survivor-rosa")
    assert over.reason == "won: team A; secret objectives won by: Kevin, Rosa"
    assert sum(e.kind == "secret objective shown" for e in events) == 4     # every card shown at the end


def test_S10_accusations_there_too_a_defector_plays_for_the_other_clan():
    a = (Survivor("survivor-rosa", "Rosa", "A", 3), Survivor("survivor-mike", "Mike", "A", 3))
    b = (Survivor("survivor-kevin", "Kevin", "B", 3),)
    positions = (("survivor-kevin", 20.0, 20.0), ("survivor-mike", -20.0, 20.0), ("survivor-rosa", 0.0, 0.0),
                 ("zombie-01", 0.0, 30.0), ("zombie-02", 40.0, 38.0), ("zombie-03", -30.0, 30.0))
    state = new_game(setup(scenario=10, survivors=a + b, teams=("A", "B"), positions=positions), 1)
    state = with_cards(state, Rosa="survivalist", Mike="survivalist", Kevin="survivalist")
    state = play(state, ChooseSurvivor("survivor-rosa"), Accuse("survivor-mike"), Vote(True), Vote(True))
    state = play(state, ChooseClan(True))                                  # Mike joins B
    assert state.flow.waiting == "act" and state.data.survivor("survivor-mike").team == "B"
