"""The Tail Feathers bot's valued choices (game/tailfeathers/bot_value.py and the choices that use
it), each on a real Show of Force position with the expected choice worked out by hand."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.tailfeathers import bot_flight
from feltbox.game.tailfeathers import bot_value as value
from feltbox.game.tailfeathers.bot import TFBot
from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import final, leaves
from feltbox.rules.tailfeathers.cards import PlayCard
from feltbox.rules.tailfeathers.flow import apply, legal_actions
from feltbox.rules.tailfeathers.state import FLYING
from tests.test_tf_bot import RATS, SCENE_RULES, away, cheese, position, put, turn


def _lone_rats_and_a_jay():
    # Rat squad figures 1-3 in the rat nest (14.9, 38.6), every other rat and mouse bird away
    # but Aerijin flying 12.6 cm south of the nest (in the squad's 20 cm bow range, clear).
    state = away(position(), "rat-squad-4", "rat-squad-5", "rat-squad-6", "staborah", "grizzard", "wrunk",
                 "sienna", "valchirp")
    return put(state, "aerijin", where=FLYING, pose=(14.95, 26.0, 90.0))


def test_FORAGING_a_lone_figure_whose_one_die_shot_is_worth_less_than_a_cheese():
    # One rat squad figure (ranged 1) can only shoot Aerijin (defense 2): 1 die x 1/3 bow x
    # (2/3)^2 unblocked x 0.7 (a bird's wound) = 0.104 wounds, + 1/6 cheese x 0.2 = 0.137,
    # less than the 0.2 a cheese is worth; it is on its home tree with no intruder (no move
    # gains): it forages.
    state = turn(_lone_rats_and_a_jay(), "rat-squad", ("rat-squad-1",), "move")
    assert value.best_attack(state, state.data.figure("rat-squad-1")) == pytest.approx(1 / 3 * 4 / 9 * 0.7 + 0.2 / 6)
    assert TFBot().decide(legal_actions(state), state) == act.Forage()


def test_FORAGING_not_when_three_shots_are_worth_more():
    # Three figures activated: 3 x 0.137 = 0.41 > 0.2: no forage, the move step ends (then they shoot).
    state = turn(_lone_rats_and_a_jay(), "rat-squad", ("rat-squad-1", "rat-squad-2", "rat-squad-3"), "move")
    assert TFBot().decide(legal_actions(state), state) == act.EndMove()


def test_TREE_MOVEMENT_an_archer_beside_the_enemy_nest_stays_where_it_shoots_with_two_dice():
    # An oakguard (melee 1, ranged 2) on ne.b2a, beside the rat nest, a rat squad figure in the
    # nest. From ne.b2a it shoots the nest with its 2 bow dice; in the nest, sharing the space with
    # a rat, its bow may only target that rat, so it would melee the nest with 1 die. Moving
    # in is closer but worth less: it does not move.
    state = away(position(), *[r for r in RATS if r != "rat-squad-1"], "grizzard", "wrunk")
    state = put(put(state, "oakguard-4", where="ne.b2a"), "rat-squad-1", where="nest-rat")
    fig = state.data.figure("oakguard-4")
    assert (value.nest_dice(state, fig, "ne.b2a"), value.nest_dice(state, fig, "nest-rat")) == (2, 1)
    state = turn(state, "oakguard", ("oakguard-4",), "move")
    assert TFBot().decide(legal_actions(state), state) == act.EndMove()


def test_DEATH_SPIRALS_a_stronger_bird_hunts_a_weaker_one_the_weaker_flies_on_to_the_nest():
    # Grizzard (battle 3, pilot melee 2: 5 death spiral dice) at (5, 0) and Sienna (battle 3 +
    # Snibble's melee 1 = 4 dice) at (-20, 0), 25 cm apart. Grizzard is 47.1 cm from the mouse
    # nest (-39.7, -14.7): 25 < 0.75 x 47.1 = 35.3, it hunts Sienna. Sienna is 52.1 cm from the
    # rat nest (14.9, 38.6): 25 < 0.5 x 52.1 would send it after a bird it matched; it rolls
    # fewer dice than Grizzard: the nest.
    state = put(position(), "grizzard", where=FLYING, pose=(5.0, 0.0, 0.0))
    state = put(state, "sienna", where=FLYING, pose=(-20.0, 0.0, 0.0))
    assert bot_flight.goal_of(state, state.data.figure("grizzard")) == (-20.0, 0.0)
    assert bot_flight.goal_of(state, state.data.figure("sienna")) == bot_flight.centre(state, "nest-rat")


def test_RESOLVE_MISSIONS_siege_lands_fewest_steps_from_the_enemy_nest():
    # The mice's siege: the rat tree "ne", whose trunk-adjacent spaces are offered ne.r1 first.
    # The rat nest's only neighbour is ne.b2a, and ne.b2a's are ne.r2 and the nest: ne.r2 is 2
    # tree steps from the nest, ne.r1 (via ne.b1a, ne.r2 ...) and the others 3 or more. The
    # figures land on ne.r2 (11.6 cm from the nest's centre), not on the first offered.
    state = put(put(position(), "oakguard-4", where="mission"), "oakguard-5", where="mission")
    state = replace(state, data=state.data.with_player(replace(state.data.player("mouse"), mission="siege")),
                    flow=replace(state.flow, phase="final", waiting="siege", missions=("mouse",)))
    legal = final.siege_options(state)
    assert legal[0] == final.SiegeTree("ne", "ne.r1")
    assert TFBot().decide(legal, state) == final.SiegeTree("ne", "ne.r2")


def test_STRUCTURES_the_ballista_keeps_the_crew_it_needs_to_activate():
    # The mice's ballista (activates with 2 mouse figures on its space and no enemy) on ne.r2 of
    # the empty rat tree, with oakguard 4 and 5. Oakguard-4 could move into the rat nest (2 bow
    # dice at it: +100) but the ballista would be left with 1 figure: it stays (crew 150). With
    # oakguard-6 there too, the ballista keeps 2 and oakguard-4 goes.
    hands = (("mouse", ("build_ballista",)), ("rat", ()))
    state = cheese(position(rules=SCENE_RULES + ("structures",), hands=hands), "mouse", 3)
    state, _ = apply(turn(state, "oakguard", ("oakguard-4",), "move"), PlayCard("build_ballista"))
    state = away(state, *RATS, "grizzard", "wrunk")
    for fid in ("ballista-mouse", "oakguard-4", "oakguard-5"):
        state = put(state, fid, where="ne.r2")
    two = turn(state, "oakguard", ("oakguard-4",), "move")
    assert TFBot().decide(legal_actions(two), two) == act.EndMove()
    three = turn(put(state, "oakguard-6", where="ne.r2"), "oakguard", ("oakguard-4",), "move")
    assert TFBot().decide(legal_actions(three), three) == act.TreeMove("oakguard-4", "nest-rat")


def test_LEAF_DRIFTING_cut_loose_rather_than_a_weak_shot():
    # Glade Crossing with Leaves: an oakguard on leaf-1 of the mouse tree, Grizzard (defense 2)
    # flying 10 cm east of it. Its shot: 2 dice x 1/3 x (2/3)^2 x 0.7 + 2/6 x 0.2 = 0.274 wounds;
    # cutting the leaf loose toward the rat tree with 1 rider is worth 0.3: it cuts.
    state = away(position("glade_crossing", rules=SCENE_RULES + ("leaves",)), *RATS, "wrunk")
    state = put(state, "oakguard-3", where="leaf-1")
    x, y = bot_flight.centre(state, "leaf-1")
    state = turn(put(state, "grizzard", where=FLYING, pose=(x + 10.0, y, 0.0)), "oakguard", ("oakguard-3",), "act")
    assert value.best_attack(state, state.data.figure("oakguard-3")) == pytest.approx(2 / 3 * 4 / 9 * 0.7 + 0.4 / 6)
    assert any(isinstance(a, act.AttackWith) for a in legal_actions(state))
    assert TFBot().decide(legal_actions(state), state) == leaves.CutLeaf("oakguard-3", "east")
