"""Tail Feathers headless play: bots battle on Show of Force with physical dice rolls and feather
drops (game/tailfeathers/bridge.py, game/tailfeathers/bot.py), the recorded replay verifies, scripts drive seats."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.games import play_headless
from feltbox.game.players.script import GameScriptError, load_game_script
from feltbox.game.table.city import rest_pose
from feltbox.game.tailfeathers.bot import TFBot
from feltbox.game.tailfeathers.bridge import TFBridge, roll_seed
from feltbox.rules.core import Decision, GameOver, PhysicsRequest
from feltbox.rules.tailfeathers.flow import ACTIONS
from feltbox.rules.tailfeathers.state import FLYING
from feltbox.scenes.loader import load_tailfeathers


@pytest.fixture(scope="module")
def scene():
    return load_tailfeathers("show_of_force")


def test_a_few_turns_with_bots_and_physical_rolls(scene):
    episodes = []
    bridge = TFBridge(scene, 3, on_episode=episodes.append)
    bot = TFBot(bridge)
    kinds = set()
    while bridge.rolls < 12:
        pending = bridge.pending()
        assert not isinstance(pending, GameOver)
        if isinstance(pending, PhysicsRequest):
            kinds.add(pending.kind)
            bridge.physics()
        else:
            assert isinstance(pending, Decision)
            legal = bridge.legal()
            action = bot.decide(legal)
            assert action in legal
            bridge.decide(action)
        state = bridge.engine.state
        for fig in state.data.figures:          # the table follows the rules after every action
            i = bridge.index[fig.id]
            if fig.where == FLYING:
                expected = rest_pose(bridge.bodies[i], *fig.pose)       # base centre + heading
                assert bridge.present[i] and np.allclose(bridge.poses[i], expected)
                assert bridge.tilts[fig.id] == fig.tilt
            elif fig.where in ("casualty", "reserves", "mission", "carried"):
                assert not bridge.present[i]
    assert "roll" in kinds and len(episodes) >= 6 and all(e.kind == "roll" for e in episodes)
    assert roll_seed(3, 0) != roll_seed(3, 1)


def test_a_show_of_force_battle_is_played_to_a_winner(scene):
    result = play_headless(scene, seed=1)
    assert result.result.endswith("nest is destroyed")
    assert result.turns > 10 and result.episodes > 20
    again = play_headless(scene, seed=1)                 # the seed replays the battle exactly
    assert again.state_hash == result.state_hash


def test_the_replay_of_a_battle_verifies_poses_and_rules(scene, tmp_path):
    from feltbox.game.games import game_recorder, verify
    from feltbox.game.replay.reader import read_replay
    path = tmp_path / "run.fbr"
    recorder = game_recorder(path, scene, 2)
    result = play_headless(scene, seed=2, on_episode=recorder, on_action=recorder.action)
    recorder.close()
    replay = read_replay(path)
    assert replay.header["rules"]["game"] == "tailfeathers" and replay.rules and replay.episodes
    check = verify(path)
    assert check.ok, check.message
    assert "every state hash" in check.message and result.result


def test_a_saved_script_replays_the_battle(scene, tmp_path):
    result = play_headless(scene, seed=5)
    path = tmp_path / "battle.txt"
    path.write_text("\n".join(result.script) + "\n", encoding="utf-8")
    again = play_headless(scene, seed=5, bots="none", script=load_game_script(path, ACTIONS))
    assert again.state_hash == result.state_hash and again.result == result.result


def test_a_bad_script_line_names_file_and_line(scene, tmp_path):
    path = tmp_path / "bad.txt"
    path.write_text("# the mouse player\nChooseMission mission=siege\nPass\n", encoding="utf-8")
    with pytest.raises(GameScriptError, match=rf"{path}:3: Pass is not legal now"):
        play_headless(scene, seed=1, bots="rat", script=load_game_script(path, ACTIONS))
    path.write_text("Fly templates=[\"short\",\"long\"] wings=2\n", encoding="utf-8")
    with pytest.raises(GameScriptError, match=rf"{path}:1: field 'wings'"):
        load_game_script(path, ACTIONS)


def test_Action_Cards_each_player_starts_with_7_unique_cards_and_may_play_them():
    """Additional Rules, Action Cards: "players start the game with 7 unique action cards of their
    choosing" (house: the first 7 the alliance's units can use); a matching card is offered."""
    from feltbox.rules.tailfeathers.cards import PlayCard
    bridge = TFBridge(load_tailfeathers("show_of_force"), seed=1)
    hands = dict(bridge.setup.hands)
    assert set(hands) == {"mouse", "rat"} and all(len(set(h)) == len(h) == 7 for h in hands.values())
    bot, offered = TFBot(bridge), False
    for _ in range(200):
        pending = bridge.pending()
        if isinstance(pending, GameOver):
            break
        legal = bridge.engine.game.legal_actions(bridge.engine.state) if isinstance(pending, Decision) else []
        offered = offered or any(isinstance(a, PlayCard) for a in legal)
        if offered:
            break
        if isinstance(pending, Decision):
            bridge.decide(bot.decide(legal))
        else:
            bridge.physics(bot.aim(pending) if hasattr(bot, "aim") else None)
    assert offered


def test_the_tail_feathers_example_script_replays_the_whole_battle(scene):
    from pathlib import Path
    path = Path(__file__).resolve().parent.parent / "docs" / "scripts" / "tailfeathers-example.txt"
    result = play_headless(scene, seed=1, bots="none", script=load_game_script(path, ACTIONS))
    assert result.result == "the mouse nest is destroyed"


def test_LEAF_DRIFTING_the_leaf_piece_follows_its_drift_and_goes_back_to_its_branch(scene):
    """Additional Rules, Leaves: a drifting leaf lies where the rules moved it, its figures on it;
    back on its branch when it returns."""
    from dataclasses import replace

    from feltbox.rules.tailfeathers.state import Leaf
    bridge = TFBridge(scene, seed=1)
    leaf_id = next(b.id for b in bridge.bodies if b.kind == "tf_leaf")
    i = bridge.index[leaf_id]
    home = bridge.poses[i].copy()
    moved = tuple((x + 20.0, y - 10.0) for x, y in bridge.spaces[leaf_id].polygon)
    state = bridge.engine.state
    bridge.engine.state = replace(state, data=replace(state.data, leaves=(Leaf(leaf_id, moved, "east"),)))
    bridge.sync()
    assert bridge.poses[i, :2] == pytest.approx(home[:2] + (20.0, -10.0), abs=1e-6)   # carried along
    assert bridge.poses[i, 2] == pytest.approx(home[2])
    bridge.engine.state = state
    bridge.sync()
    assert np.array_equal(bridge.poses[i], home)
