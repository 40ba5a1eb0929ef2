"""The Tail Feathers bot's missions (game/tailfeathers/bot_missions.py) on real Show of Force
positions, the expected card worked out in each comment (rulebook: Mission Phase, Resolve Missions)."""
from __future__ import annotations

from dataclasses import replace

from feltbox.game.tailfeathers.bot import TFBot
from feltbox.rules.tailfeathers import phases
from feltbox.rules.tailfeathers.flow import apply, legal_actions
from feltbox.rules.tailfeathers.state import FLYING
from tests.test_tf_bot import away, cheese, mission_phase, position, put


def choose(state, bot=None) -> str:
    bot = bot or TFBot()
    return bot.decide(legal_actions(state), state).mission


def test_MISSION_PHASE_rescue_a_lost_bird_with_two_figures_to_send():
    assert choose(mission_phase(away(position(), "aerijin"), "mouse")) == "rescue"


def test_MISSION_PHASE_rescue_for_a_bird_that_may_fall_this_round():
    # Aerijin (life 4 + Zure's bonus life 2 = 6) with 4 wounds: 2 life left, one rat swoop (5-6
    # dice) from the casualty pile. A rescue, resolved after the round's attacks, brings it back
    # then; 2 life is FALLING's line. With 3 wounds (3 left) the mice siege as usual.
    def wounded(n):
        state = position()
        return replace(state, data=state.data.with_unit(replace(state.data.unit("aerijin"), wounds=n)))
    assert choose(mission_phase(wounded(4), "mouse")) == "rescue"
    assert choose(mission_phase(wounded(3), "mouse")) == "siege"


def test_MISSION_PHASE_decoy_after_a_swoop_at_the_card():
    # A rat bird swooped the mice's face-down card in round 1 (it was flipped in play, seen on
    # the table): in round 2 the decoy wastes the next swoop at it and keeps its figure safe;
    # not twice in a row (round 3, swooped again after the decoy: the siege again). Without a
    # swoop at the card, round 2 is a siege too.
    assert choose(mission_phase(position(), "mouse", round_=2)) == "siege"
    bot = TFBot()
    bot.swooped["mouse"] = 1
    assert choose(mission_phase(position(), "mouse", round_=2), bot) == "decoy"
    bot.swooped["mouse"] = 2
    assert choose(mission_phase(position(), "mouse", round_=3), bot) == "siege"


def test_MISSION_PHASE_patrol_at_an_enemy_bird_one_volley_from_defeat():
    # Grizzard flying with 6 wounds of its 7 life (bird 5 + Snag 2): 1 life left, and the mice
    # can send 4 oakguard with bows (ranged 2 >= 1): a ranged group attack of 4 dice.
    state = put(position(), "grizzard", where=FLYING, pose=(0.0, 0.0, 0.0))
    state = replace(state, data=state.data.with_unit(replace(state.data.unit("grizzard"), wounds=6)))
    assert choose(mission_phase(state, "mouse")) == "patrol"


def test_MISSION_PHASE_intercept_when_the_enemy_sent_figures_last_round():
    bot = TFBot()
    bot.sent["rat"] = 1                       # seen on the table: rat figures in their box in round 1
    assert choose(mission_phase(position(), "mouse", round_=2), bot) == "intercept"


def test_MISSION_PHASE_siege_with_three_figures_or_more():
    assert choose(mission_phase(position(), "mouse")) == "siege"


def test_MISSION_PHASE_special_with_two_figures_and_little_cheese():
    # 2 oakguard at home (too few for a siege) and 1 cheese: the special mission's cheese
    state = away(position(), "oakguard-3", "oakguard-4", "oakguard-5", "oakguard-6")
    assert choose(mission_phase(cheese(state, "mouse", 1), "mouse")) == "special"


def test_MISSION_PHASE_decoy_with_two_figures_and_a_full_wheel():
    # 2 oakguard at home, 6 cheese (a full wheel: the special mission's cheese would be lost) and
    # too few for a siege: the decoy keeps them safe in the box and wastes a swoop. With 4
    # cheese the special's cheese counts: special.
    state = away(position(), "oakguard-3", "oakguard-4", "oakguard-5", "oakguard-6")
    assert choose(mission_phase(cheese(state, "mouse", 6), "mouse")) == "decoy"
    assert choose(mission_phase(cheese(state, "mouse", 4), "mouse")) == "special"


def test_MISSION_PHASE_special_instead_of_a_siege_when_the_nest_is_besieged():
    # Round 3, the mice intercepted in round 2 (not again), and 2 rat blades stand on sw.b1a
    # beside the mouse nest: 1 oakguard goes for the special's cheese, the others stay to defend.
    # Without the rats by the nest: the siege.
    bot = TFBot()
    bot.missions["mouse"] = (2, "intercept")
    besieged = put(put(position(), "rat-squad-4", where="sw.b1a"), "rat-squad-5", where="sw.b1a")
    assert choose(mission_phase(besieged, "mouse", round_=3), bot) == "special"
    bot.missions["mouse"] = (2, "intercept")
    assert choose(mission_phase(position(), "mouse", round_=3), bot) == "siege"


def test_MISSION_PHASE_special_for_the_cheese_that_fills_the_wheel_to_revive():
    # 5 cheese and 2 oakguard in the casualty pile: the special mission's cheese (house effect:
    # 1) makes 6, a full wheel, so the next activation revives them (Revive: up to 3 squad figures).
    state = cheese(away(position(), "oakguard-5", "oakguard-6"), "mouse", 5)
    assert choose(mission_phase(state, "mouse")) == "special"


def test_MISSION_PHASE_no_second_intercept_in_a_row():
    bot = TFBot()
    bot.sent["rat"] = 1
    assert choose(mission_phase(position(), "mouse", round_=2), bot) == "intercept"
    bot.sent["rat"] = 2
    assert choose(mission_phase(position(), "mouse", round_=3), bot) == "siege"


def test_MISSION_PHASE_a_hero_leads_the_siege():
    # The rats' siege: Staborah (hero, small: the box takes him) goes first, then rat blades with
    # the best melee (2 each), those off the nest (ne.r2, ne.r4) before the nest's defenders.
    state = mission_phase(position(), "rat")
    bot = TFBot()
    assert bot.decide(legal_actions(state), state) == phases.ChooseMission("siege")
    state, _ = apply(state, phases.ChooseMission("siege"))
    state = replace(state, flow=replace(state.flow, waiting="mission_assign", queue=("rat",)))
    first = bot.decide(legal_actions(state), state)
    assert first == phases.AssignFigure("staborah")
    state, _ = apply(state, first)
    assert state.data.figure(bot.decide(legal_actions(state), state).figure).where in ("ne.r2", "ne.r4")
