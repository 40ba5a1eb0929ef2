"""Bots on the real table (issue 11): the seed changes the game (and only the bots' own RNG does
it), S1 is played to a win, and powers, flares and accusations are used in crafted situations."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.flickem import bot_act
from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_aim import simulate
from feltbox.game.flickem.bot_secrets import ACCUSE_AT, is_betrayer, pick_secret
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.games import play_headless
from feltbox.game.players.headless import transcript
from feltbox.rules.flickem.betrayal import Accuse, Vote
from feltbox.rules.flickem.powers import ExtraAction, FreeMove, Heal, UseFlare
from feltbox.rules.flickem.state import Waiting
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def acting(number: int, name: str, seed: int = 1, **flow):
    """A bridge on scenario ``number`` where survivor ``name`` is acting (flow fields overridden)."""
    bridge = FlickemBridge(load_flickem(number), seed)
    sid = f"survivor-{name.lower()}"
    state = bridge.engine.state
    fields = {"active": sid, "waiting": Waiting.ACT, "actions_left": 2, **flow}
    bridge.engine.state = replace(state, flow=replace(state.flow, **fields))
    return bridge, Bot(bridge), sid


def legal(bridge) -> list:
    return bridge.engine.game.legal_actions(bridge.engine.state)


def test_the_seed_changes_the_game_and_the_same_seed_replays_it():
    one, two = (play_headless(load_flickem(9), seed=s) for s in (1, 2))
    assert transcript(one.log) != transcript(two.log)
    assert play_headless(load_flickem(9), seed=1).state_hash == one.state_hash


def test_deciding_never_touches_the_rules_state_and_each_team_has_its_own_seeded_rng():
    bridge = FlickemBridge(load_flickem(2), 3)
    bot = Bot(bridge)
    before = bridge.engine.state
    bot.decide(legal(bridge))
    assert bridge.engine.state is before and bridge.engine.state.rng == before.rng
    again, other = Bot(FlickemBridge(load_flickem(2), 3)), Bot(FlickemBridge(load_flickem(2), 4))
    assert again.rng("A").random() == Bot(bridge).rng("A").random() != other.rng("A").random()
    assert again.rng("A").random() != again.rng("B").random()


def test_elijah_throws_a_small_flare_away_from_the_team_after_a_gunshot():
    bridge, bot, sid = acting(7, "Elijah", actions_left=1, noises=(2,))
    assert bot_act.act(bot, legal(bridge)) == UseFlare("small")
    outcome, end = simulate(bridge.session, sid, "flare", bot.planned.aim)
    assert outcome.flicked not in outcome.left_city and bot.planned.score > 25.0


def test_anita_spends_an_extra_action_token_when_one_more_action_takes_a_token():
    bridge, bot, sid = acting(8, "Anita", actions_left=0)
    state = bridge.engine.state
    building = next(t.where for t in state.data.tokens if t.kind == "survivor" and t.where in bridge.city.buildings)
    anita = replace(state.data.survivor(sid), where=building)
    bridge.engine.state = replace(state, data=state.data.with_survivor(anita))
    assert ExtraAction() in legal(bridge) and bot_act.act(bot, legal(bridge)) == ExtraAction()


def test_mike_takes_his_free_move_toward_his_base_with_a_full_inventory():
    bridge, bot, sid = acting(7, "Mike", actions_left=0)
    state = bridge.engine.state
    goods = [next(t for t in state.data.tokens if t.kind == kind) for kind in ("fuel", "food")]
    data = state.data
    for token in goods:                     # a full inventory of goods: time to carry them home
        data = data.with_token(replace(token, where=sid, face="up"))
    bridge.engine.state = replace(state, data=data.with_survivor(
        replace(data.survivor(sid), inventory=tuple(t.id for t in goods))))
    assert bot_act.goal_for(bot, sid).building == "gas_station"
    assert bot_act.act(bot, legal(bridge)) == FreeMove()
    assert bot.planned is not None and bot.planned.progress > 3.0


def test_olivia_heals_a_wounded_teammate_beside_her_with_medicine():
    bridge, bot, sid = acting(7, "Olivia")
    state = bridge.engine.state
    data = state.data
    medicine = next(t for t in data.tokens if t.kind == "medicine")
    mate = next(s for s in data.survivors if s.team == data.survivor(sid).team and s.id != sid)
    x, y = data.position(sid)
    data = data.with_token(replace(medicine, where=sid)).with_positions({mate.id: (x + 3.5, y)})
    data = data.with_survivor(replace(data.survivor(sid), inventory=(medicine.id,)))
    data = data.with_survivor(replace(data.survivor(mate.id), life=1))
    bridge.engine.state = replace(state, data=data)
    assert bot_act.act(bot, legal(bridge)) == Heal(mate.id, medicine.id)


def test_a_loyal_survivor_accuses_the_teammate_its_team_suspects_and_the_accuser_votes_up():
    bridge = FlickemBridge(load_flickem(9), 1)
    state = bridge.engine.state
    loyal = next(s for s in state.data.survivors if not is_betrayer(state, s.id) and s.where == "city")
    other = next(s for s in state.data.survivors if s.team == loyal.team and s.id != loyal.id)
    bridge, bot, sid = acting(9, loyal.name)
    bot.suspicion.scores[loyal.team][other.id] = ACCUSE_AT
    assert bot_act.act(bot, legal(bridge)) == Accuse(other.id)
    bridge.decide(Accuse(other.id))
    voter = bridge.pending().player
    assert pick_secret(bot, legal(bridge)) == Vote(voter != other.id)
