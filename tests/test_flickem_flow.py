"""Dead of Winter base turn flow, table-driven with hand-written measured outcomes; each test is
named after the rulebook section it checks."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from feltbox.rules.core import Decision, Event, GameOver, IllegalAction, Measured, PhysicsRequest, from_json, to_json
from feltbox.rules.engine import Engine
from feltbox.rules.flickem.fights import FightWith
from feltbox.rules.flickem.flow import (
    ACTIONS,
    ChooseSurvivor,
    EndTurn,
    FlickemGame,
    Move,
    ShortDistanceKill,
    UseWeapon,
    apply,
    legal_actions,
    new_game,
    pending,
)
from feltbox.rules.flickem.state import FlickemState, Setup, Survivor, Token, Zombie
from feltbox.rules.flickem.tokens import KeepToken, TakeDrop


def setup(**kw) -> Setup:
    base = dict(scenario=2,                       # base rules: S2 adds no special rule met here
                survivors=(Survivor("survivor-anita", "Anita", "A", 2), Survivor("survivor-john", "John", "A", 2)),
                zombies=(Zombie("zombie-01"), Zombie("zombie-02"), Zombie("zombie-03"),
                         Zombie("zombie-04", where="bin"), Zombie("zombie-05", where="bin")),
                positions=(("survivor-anita", 0.0, 0.0), ("survivor-john", 30.0, 0.0),
                           ("zombie-01", 0.0, 20.0), ("zombie-02", 0.0, 30.0), ("zombie-03", -25.0, -25.0)),
                teams=("A",), round_start=3, first_round="day", invasion_day=2, invasion_night=2)
    return Setup(**{**base, **kw})


def flick_outcome(**kw) -> dict:
    return {"flicked": "movement_disc", "first_contacts": [], "fell": [], "left_city": [], "disturbed": [],
            "entered": None, "exited": None, "clean": True, "extra": {}, "positions": {}, "standing": {}, **kw}


def play(state, *actions):
    for action in actions:
        state, _ = apply(state, action)
    return state


def test_USING_A_SURVIVOR_choose_available_then_up_to_2_actions():
    state = new_game(setup(), 1)
    assert pending(state) == Decision("A", "choose a survivor")
    # COOPERATIVE: any available survivor (the pretzel goes first only in competitive play)
    assert legal_actions(state) == [ChooseSurvivor("survivor-anita"), ChooseSurvivor("survivor-john")]
    state = play(state, ChooseSurvivor("survivor-anita"), Move())
    assert isinstance(pending(state), PhysicsRequest) and dict(state.flow.request)["weapon"] == "movement_disc"
    state = play(state, Measured(flick_outcome(positions={"survivor-anita": [5.0, -5.0]})))
    state = play(state, UseWeapon("gun"), Measured(flick_outcome(flicked="bullet-1")))
    assert state.flow.actions_left == 0 and legal_actions(state) == [EndTurn()]


def test_rejected_action_leaves_the_state_untouched():
    state = new_game(setup(), 1)
    with pytest.raises(IllegalAction):
        apply(state, Move())                      # no survivor chosen yet
    with pytest.raises(IllegalAction):
        apply(state, ChooseSurvivor("survivor-rosa"))   # no such survivor
    with pytest.raises(IllegalAction):
        apply(state, Measured({}))


def test_GUN_B_a_wounded_zombie_goes_to_the_bin_and_LOUD_rushes_three_closest():
    state = play(new_game(setup(), 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"))
    state, events = apply(state, Measured(flick_outcome(flicked="bullet-1", first_contacts=["zombie-01"],
                                                        fell=["zombie-01"], standing={"zombie-01": False})))
    assert next(z for z in state.data.zombies if z.id == "zombie-01").where == "bin"
    assert any(e.kind == "zombie wounded" for e in events)
    state, events = apply(state, EndTurn())
    request = pending(state)
    assert isinstance(request, PhysicsRequest) and request.kind == "rush"
    assert request.spec["zombies"] == "zombie-02,zombie-03"          # the 2 standing left in the city
    assert any(e.kind == "reaction LOUD" for e in events)


def test_QUIET_closest_fallen_zombie_stands_without_a_rush_and_backpack_rotates():
    s = setup(zombies=(Zombie("zombie-01", standing=False), Zombie("zombie-02"), Zombie("zombie-03"),
                       Zombie("zombie-04", where="bin"), Zombie("zombie-05", where="bin")))
    state = play(new_game(s, 1), ChooseSurvivor("survivor-anita"), Move(), Measured(flick_outcome()))
    state, events = apply(state, EndTurn())
    assert next(z for z in state.data.zombies if z.id == "zombie-01").standing
    assert state.data.survivor("survivor-anita").backpack == "night"        # rotated: not available
    assert pending(state) == Decision("A", "choose a survivor")
    assert legal_actions(state) == [ChooseSurvivor("survivor-john")]


def test_TOO_CLOSE_other_survivor_next_to_a_standing_zombie_loses_a_life_active_is_immune():
    state = play(new_game(setup(), 1), ChooseSurvivor("survivor-anita"), Move())
    moved = {"survivor-anita": [0.0, 16.0], "zombie-02": [33.0, 0.0]}       # both now beside zombies
    state, events = apply(state, Measured(flick_outcome(positions=moved)))
    assert state.data.survivor("survivor-anita").life == 2                   # active: immune
    john = state.data.survivor("survivor-john")
    assert john.life == 1 and not john.standing
    assert [e.kind for e in events].count("too close") == 1


def test_ZOMBIE_RUSH_fallen_survivors_lose_a_life_and_deaths_end_the_game():
    s = setup(deaths_to_lose=1)
    state = play(new_game(s, 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"),
                 Measured(flick_outcome(flicked="bullet-1")), EndTurn())
    assert state.flow.waiting == "rush"
    state = play(state, Measured({"survivors_fell": ["survivor-anita"], "objects_fell": [], "left_city": []}))
    assert state.data.survivor("survivor-anita").life == 1
    state = play(state, ChooseSurvivor("survivor-john"), UseWeapon("gun"), Measured(flick_outcome()), EndTurn())
    state = play(state, Measured({"survivors_fell": ["survivor-anita", "survivor-john"], "left_city": []}))
    assert isinstance(pending(state), GameOver) and "dead" in pending(state).reason


def test_END_OF_THE_ROUND_marker_moves_zombies_stand_and_a_horde_arrives():
    state = new_game(setup(), 1)
    for sid in ("survivor-anita", "survivor-john"):
        state = play(state, ChooseSurvivor(sid), EndTurn())                  # SILENT turns
    assert state.flow.round_marker == 2 and state.flow.colour == "night"
    request = pending(state)
    assert request.kind == "horde" and request.spec["zombies"] == "zombie-04,zombie-05"
    state = play(state, Measured({"survivors_fell": [], "left_city": [],
                                  "positions": {"zombie-04": [-40.0, 0.0], "zombie-05": [-38.0, 5.0]}}))
    assert legal_actions(state) == [ChooseSurvivor("survivor-anita"), ChooseSurvivor("survivor-john")]  # night


def test_GAME_END_bin_short_and_skull():
    short = setup(invasion_night=5)
    state = new_game(short, 1)
    for sid in ("survivor-anita", "survivor-john"):
        state = play(state, ChooseSurvivor(sid), EndTurn())
    assert isinstance(pending(state), GameOver) and "bin" in pending(state).reason
    state = new_game(setup(round_start=1), 1)
    for sid in ("survivor-anita", "survivor-john"):
        state = play(state, ChooseSurvivor(sid), EndTurn())
    assert "skull" in pending(state).reason


def test_state_round_trips_through_json_and_engine_saves_and_replays(tmp_path):
    game = FlickemGame(setup())
    engine = Engine(game, "flickem", 2, 7, ACTIONS)
    for action in (ChooseSurvivor("survivor-anita"), Move(),
                   Measured(flick_outcome(positions={"survivor-anita": [3.0, 1.0]})), EndTurn()):
        engine.apply(action)
    data = json.loads(json.dumps(to_json(engine.state)))
    assert from_json(FlickemState, data) == engine.state
    engine.save(tmp_path / "s1.json")
    assert Engine.load(tmp_path / "s1.json", game, "flickem", ACTIONS).hash() == engine.hash()


def test_SURVIVORS_default_weapon_plus_weapon_tokens_carried():
    """SURVIVORS: a default weapon that may not be covered, plus weapons in the inventory."""
    kevin = Survivor("survivor-kevin", "Kevin", "A", 2, inventory=("token-gun-1", "token-food-1"))
    tokens = (Token("token-gun-1", "gun", "survivor-kevin", "up"), Token("token-food-1", "food", "survivor-kevin", "up"))
    positions = (("survivor-kevin", 0.0, 0.0), ("zombie-01", 0.0, 20.0), ("zombie-02", 0.0, 30.0),
                 ("zombie-03", -25.0, -25.0))
    state = play(new_game(setup(survivors=(kevin,), positions=positions, tokens=tokens), 1),
                 ChooseSurvivor("survivor-kevin"))
    assert [a for a in legal_actions(state) if isinstance(a, UseWeapon)] == [UseWeapon("bat"), UseWeapon("gun")]


def _next_to_zombie_01(inventory=()):
    """Anita (default weapon: a gun) NEXT TO zombie-01, carrying ``inventory`` (token kinds)."""
    tokens = tuple(Token(f"token-{kind}-1", kind, "survivor-anita", "up") for kind in inventory)
    anita = Survivor("survivor-anita", "Anita", "A", 2, inventory=tuple(t.id for t in tokens))
    near = setup(survivors=(anita, setup().survivors[1]), tokens=tokens,
                 positions=(("survivor-anita", 0.0, 0.0), ("survivor-john", 30.0, 0.0), ("zombie-01", 5.0, 0.0),
                            ("zombie-02", 0.0, 30.0), ("zombie-03", -25.0, -25.0)))
    return play(new_game(near, 1), ChooseSurvivor("survivor-anita"))


def test_SHORT_DISTANCE_KILL_next_to_a_zombie_without_a_flick_and_it_makes_noise():
    state = _next_to_zombie_01()
    kills = [a for a in legal_actions(state) if isinstance(a, ShortDistanceKill)]
    assert kills == [ShortDistanceKill("zombie-01", "gun")]               # zombie-02 is not NEXT TO
    state, events = apply(state, ShortDistanceKill("zombie-01", "gun"))
    assert next(z for z in state.data.zombies if z.id == "zombie-01").where == "bin"
    assert state.flow.actions_left == 1 and state.flow.noises == (2,)      # Anita's gun: LOUD
    assert events[0].data == {"zombie": "zombie-01", "weapon": "gun"}


@pytest.mark.parametrize("weapon, noise", [("gun", 2), ("knife", 1), ("bat", 1), ("shotgun", 2)])
def test_SHORT_DISTANCE_KILL_any_weapon_held_and_the_reaction_is_that_weapons(weapon, noise):
    """"Any weapon can be used at short distance ... This counts as using the weapon, for the
    purpose of determining the zombies' reaction": a gun is LOUD, a knife or a bat QUIET."""
    state = _next_to_zombie_01(inventory=("knife", "baseball_bat", "shotgun", "gun"))
    kills = [a.weapon for a in legal_actions(state) if isinstance(a, ShortDistanceKill)]
    assert kills == ["gun", "knife", "bat", "shotgun"]                     # never "two_guns"
    state, _ = apply(state, ShortDistanceKill("zombie-01", weapon))
    assert state.flow.noises == (noise,)
    with pytest.raises(IllegalAction):
        apply(_next_to_zombie_01(), ShortDistanceKill("zombie-01", "knife"))   # a weapon she lacks


def test_SHORT_DISTANCE_KILL_an_old_save_without_the_weapon_kills_with_the_default_one():
    state = _next_to_zombie_01(inventory=("knife",))
    old = from_json(ShortDistanceKill, {"zombie": "zombie-01"})          # written before the weapon was named
    state, events = apply(state, old)
    assert state.flow.noises == (2,) and events[0].data["weapon"] == "gun"


def test_ENTERING_AND_EXITING_a_building_updates_where_the_survivor_is():
    state = play(new_game(setup(), 1), ChooseSurvivor("survivor-anita"), Move())
    state, events = apply(state, Measured(flick_outcome(entered="library", first_contacts=["library-support-0"])))
    assert state.data.survivor("survivor-anita").where == "library"
    assert any(e.kind == "entered a building" for e in events)
    state = play(state, Move(), Measured(flick_outcome(exited="library")))
    assert state.data.survivor("survivor-anita").where == "city"


def _in_library(**kw):
    anita = Survivor("survivor-anita", "Anita", "A", 1, where="library")
    john = Survivor("survivor-john", "John", "A", 2)
    tokens = (Token("token-food-1", "food", "library"), Token("token-fuel-1", "fuel", "library", "up"),
              Token("token-key-1", "key", "survivor-anita", "up"))
    anita = replace(anita, inventory=("token-key-1",))
    return setup(survivors=(anita, john), tokens=tokens, **kw)


def test_TAKE_DROP_OFF_take_exchange_and_look_at_a_face_down_token():
    state = play(new_game(_in_library(), 1), ChooseSurvivor("survivor-anita"))
    options = [a for a in legal_actions(state) if isinstance(a, TakeDrop)]
    assert TakeDrop(take="token-fuel-1") in options and TakeDrop(drop="token-key-1") in options
    assert TakeDrop(take="token-food-1", drop="token-key-1") in options          # exchange: 1 action
    state, events = apply(state, TakeDrop(take="token-food-1"))                  # face down: look
    assert state.flow.waiting == "look" and events[0].visible_to == ("A",)
    assert events[0].seen_by("B").data == {}                                     # hidden from others
    state, _ = apply(state, KeepToken(False))                                    # left face up
    assert state.data.token("token-food-1").face == "up" and state.flow.actions_left == 1
    state, _ = apply(state, TakeDrop(take="token-fuel-1", drop="token-key-1"))
    assert state.data.survivor("survivor-anita").inventory == ("token-fuel-1",)
    assert state.data.token("token-key-1").where == "library" and state.flow.actions_left == 0


def test_TAKE_DROP_OFF_only_inside_a_building_and_within_2_spaces():
    state = play(new_game(setup(), 1), ChooseSurvivor("survivor-anita"))
    assert not [a for a in legal_actions(state) if isinstance(a, TakeDrop)]     # in the street
    full = _in_library()
    anita = replace(full.survivors[0], inventory=("token-key-1", "token-gun-9"))
    tokens = full.tokens + (Token("token-gun-9", "gun", "survivor-anita", "up"),)
    state = play(new_game(replace(full, survivors=(anita, full.survivors[1]), tokens=tokens), 1),
                 ChooseSurvivor("survivor-anita"))
    takes = [a for a in legal_actions(state) if isinstance(a, TakeDrop) and a.drop is None]
    assert takes == []                                                           # inventory full


def test_LOSING_LIFE_a_dead_survivors_tokens_go_face_up_to_the_grocery_store():
    state = play(new_game(_in_library(), 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"),
                 Measured(flick_outcome(flicked="bullet-1")), EndTurn())
    state = play(state, Measured({"survivors_fell": ["survivor-anita"], "left_city": []}))
    assert state.data.survivor("survivor-anita").where == "dead"
    assert state.data.token("token-key-1").where == "grocery_store" and state.data.token("token-key-1").face == "up"


def test_ZOMBIES_ENTERING_A_BUILDING_only_when_someone_or_something_is_inside_and_not_crowded():
    state = play(new_game(_in_library(), 1), ChooseSurvivor("survivor-anita"), UseWeapon("gun"))
    at_door = {"zombie-01": "library", "zombie-02": "library", "zombie-03": "school"}
    state, events = apply(state, Measured(flick_outcome(at_door=at_door)))
    where = {z.id: z.where for z in state.data.zombies}
    assert where["zombie-01"] == where["zombie-02"] == "library"      # Anita and tokens inside
    assert where["zombie-03"] == "city"                                # nobody in the school
    assert sum(e.kind == "zombie entered a building" for e in events) == 2
    # S2 FIGHT: acting now means fighting the 2 standing zombies first; her next move (after a
    # won fight) brings zombie-03 to the door of a library already holding 2 (fallen)
    assert [type(a).__name__ for a in legal_actions(state)] == ["FightWith", "EndTurn"]
    state = play(state, FightWith("survivor-anita", "gun"),
                 Measured({"fell": ["zombie-01", "zombie-02"]}))
    assert state.flow.waiting == "act" and state.flow.actions_left == 1    # a fight costs no action
    state = replace(state, data=replace(state.data, zombies=tuple(
        replace(z, where="library", standing=False) if z.id in ("zombie-01", "zombie-02") else z
        for z in state.data.zombies)))
    state = play(state, Move(), Measured(flick_outcome(at_door={"zombie-03": "library"})))
    assert {z.id: z.where for z in state.data.zombies}["zombie-03"] == "city"   # 2 already inside


def test_SHOOTING_WITH_2_GUNS_two_bullets_one_action_never_three():
    gun_tokens = (Token("token-gun-1", "gun", "survivor-anita", "up"), Token("token-gun-2", "gun", "survivor-anita", "up"))
    anita = Survivor("survivor-anita", "Anita", "A", 2, inventory=("token-gun-1", "token-gun-2"))
    state = play(new_game(setup(survivors=(anita, setup().survivors[1]), tokens=gun_tokens), 1),
                 ChooseSurvivor("survivor-anita"))
    assert UseWeapon("two_guns") in legal_actions(state)
    state = play(state, UseWeapon("two_guns"))
    assert dict(state.flow.request)["side"] == "left" and state.flow.actions_left == 1
    state = play(state, Measured(flick_outcome(flicked="bullet-1")))
    assert state.flow.waiting == "flick" and dict(state.flow.request)["side"] == "right"
    state = play(state, Measured(flick_outcome(flicked="bullet-1")))
    assert state.flow.waiting == "act" and state.flow.actions_left == 1       # still one action
    assert [a.weapon for a in legal_actions(state) if isinstance(a, UseWeapon)].count("two_guns") == 1


def test_SHOOTING_FROM_INSIDE_A_BUILDING_not_with_zombies_inside():
    state = play(new_game(_in_library(), 1), ChooseSurvivor("survivor-anita"))
    assert UseWeapon("gun") in legal_actions(state)                      # from inside: allowed
    crowded = _in_library(zombies=(Zombie("zombie-01", where="library"), Zombie("zombie-02"),
                                   Zombie("zombie-03"), Zombie("zombie-04", where="bin"),
                                   Zombie("zombie-05", where="bin")))
    state = play(new_game(crowded, 1), ChooseSurvivor("survivor-anita"))
    assert UseWeapon("gun") not in legal_actions(state)


def test_undo_stops_at_a_face_down_token_looked_at():
    """TAKE / DROP OFF: once the taker has seen a face-down token, taking it back would let them
    choose with knowledge: undo refuses (information revealed to a player)."""
    engine = Engine(FlickemGame(_in_library()), "flickem", 2, 1, ACTIONS)
    engine.apply(ChooseSurvivor("survivor-anita"))
    assert engine.can_undo()
    engine.apply(TakeDrop(take="token-food-1"))                  # face down: Anita looks
    assert not engine.can_undo()
    with pytest.raises(IllegalAction, match="revealed"):
        engine.undo()


def _two_teams(**kw) -> Setup:
    """S6 (COMPETITIVE): Anita (team A, holding the pretzel, 1 life) and John against Rosa (B)."""
    survivors = (Survivor("survivor-anita", "Anita", "A", 1), Survivor("survivor-john", "John", "A", 2),
                 Survivor("survivor-rosa", "Rosa", "B", 2))
    positions = (("survivor-anita", 0.0, 0.0), ("survivor-john", 30.0, 0.0), ("survivor-rosa", 10.0, 0.0),
                 ("zombie-01", 0.0, 20.0), ("zombie-02", 0.0, 30.0), ("zombie-03", -25.0, -25.0))
    return setup(**{"scenario": 6, "teams": ("A", "B"), "survivors": survivors, "positions": positions,
                    "deaths_to_lose": 99, **kw})


def _round_played(state):
    """Every survivor ends its turn without acting (no noise); the new horde arrives."""
    state = play(state, ChooseSurvivor("survivor-anita"), EndTurn(), ChooseSurvivor("survivor-rosa"), EndTurn(),
                 ChooseSurvivor("survivor-john"), EndTurn())
    assert isinstance(pending(state), PhysicsRequest) and pending(state).kind == "horde"
    return state


def test_WAYS_TO_PLAY_COMPETITIVE_the_pretzel_holder_is_used_first_each_round_not_in_cooperative_play():
    """"The survivor whose inventory holds the pretzel must be used first in each round" is a rule
    of COMPETITIVE play; in COOPERATIVE play (S1-S5) the players use any available survivor."""
    state = new_game(_two_teams(), 1)
    assert pending(state).player == "A" and legal_actions(state) == [ChooseSurvivor("survivor-anita")]
    state = play(_round_played(state), Measured({"survivors_fell": [], "left_city": []}))
    assert pending(state).player == "A" and legal_actions(state) == [ChooseSurvivor("survivor-anita")]
    cooperative = new_game(replace(_two_teams(), scenario=2, teams=("A",)), 1)
    assert legal_actions(cooperative) == [ChooseSurvivor("survivor-anita"), ChooseSurvivor("survivor-john")]


def test_WAYS_TO_PLAY_the_pretzel_of_a_dead_holder_goes_to_the_closest_remaining_survivor_of_either_team():
    state = play(new_game(_two_teams(), 1), ChooseSurvivor("survivor-anita"), Move(),
                 Measured(flick_outcome(positions={"survivor-anita": [2.0, 0.0]})), EndTurn())
    state, events = apply(state, Measured({"survivors_fell": ["survivor-anita"], "left_city": []}))
    assert state.data.survivor("survivor-anita").where == "dead"
    assert state.data.pretzel == "survivor-rosa"                 # 8 cm from where Anita died; John 28
    assert Event("pretzel passed", {"survivor": "survivor-anita", "to": "survivor-rosa"}) in events


def test_WAYS_TO_PLAY_the_pretzel_closest_survivor_in_a_building_is_where_its_figure_stands():
    """House reading: a survivor in a building is as far as its figure on the building's support
    blocks (where the table measures it); one the rules have no place for counts as farthest."""
    from feltbox.rules.flickem.life import closest_survivor
    data = new_game(_two_teams(), 1).data
    john = replace(data.survivor("survivor-john"), where="library")
    inside = data.with_survivor(john).with_positions({"survivor-john": (4.0, 0.0)})
    assert closest_survivor(inside, "survivor-anita") == "survivor-john"
    unplaced = replace(data, positions=tuple(p for p in data.positions if p[0] != "survivor-rosa"))
    assert closest_survivor(unplaced, "survivor-anita") == "survivor-john"     # Rosa: no known place
    assert closest_survivor(data.with_survivor(replace(john, where="dead")), "survivor-anita") == "survivor-rosa"


def test_WAYS_TO_PLAY_a_round_is_started_by_the_team_holding_the_pretzel_after_the_new_horde():
    """The holder dies in the new horde's rush: the pretzel has passed to Rosa, so team B starts."""
    state = _round_played(new_game(_two_teams(), 1))
    state, _ = apply(state, Measured({"survivors_fell": ["survivor-anita"], "left_city": []}))
    assert state.data.pretzel == "survivor-rosa"
    assert pending(state).player == "B" and legal_actions(state) == [ChooseSurvivor("survivor-rosa")]


def test_SHORT_DISTANCE_KILL_by_Anitas_escort_is_LOUD_as_all_its_actions():
    """S3 SPECIAL RULE: "Each action performed by the survivor escorting Anita is considered to be
    a LOUD noise", a kill at short distance with a knife too."""
    state = _next_to_zombie_01(inventory=("knife",))
    escorting = replace(state, data=replace(state.data, rescued="survivor-john", escort="survivor-anita"))
    assert apply(escorting, ShortDistanceKill("zombie-01", "knife"))[0].flow.noises == (2,)
    assert apply(state, ShortDistanceKill("zombie-01", "knife"))[0].flow.noises == (1,)


def test_WAYS_TO_PLAY_a_team_whose_last_survivor_dies_before_it_chooses_passes_the_turn_on():
    """The rush after Anita's turn brings a zombie next to Rosa, team B's only survivor, after the
    turn went to B: TOO CLOSE! kills her, so team A plays on (B used to be asked to choose from
    nobody: random S6-S10 playouts stopped at a decision with no legal action)."""
    survivors = (Survivor("survivor-anita", "Anita", "A", 2), Survivor("survivor-john", "John", "A", 2),
                 Survivor("survivor-rosa", "Rosa", "B", 1))
    state = play(new_game(_two_teams(survivors=survivors), 1), ChooseSurvivor("survivor-anita"), Move(),
                 Measured(flick_outcome(positions={"survivor-anita": [2.0, 0.0]})), EndTurn())
    assert pending(state).kind == "rush"
    state, events = apply(state, Measured({"survivors_fell": [], "left_city": [],
                                           "positions": {"zombie-01": [10.0, 4.0]}}))
    assert state.data.survivor("survivor-rosa").where == "dead" and any(e.kind == "too close" for e in events)
    assert pending(state).player == "A" and legal_actions(state) == [ChooseSurvivor("survivor-john")]
