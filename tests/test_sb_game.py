"""Snowbirds wired into feltbox (issue 15): scenes, the bridge's table following the rules, the
agreement check, headless play by bot and by script, recording and verifying.

Rulebook sections named in each test: Setup, Actions & Play Order, Risk & Dice, Game Difficulty.
"""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.cli.main import main
from feltbox.game.games import GAMES, game_recorder, play_headless, verify
from feltbox.game.players.script import load_game_script
from feltbox.game.snowbirds import table
from feltbox.game.snowbirds.agreement import disagreements
from feltbox.game.snowbirds.bridge import SBBridge, action_body, map_body
from feltbox.game.snowbirds.places import Place
from feltbox.game.text.scenario_info import scenarios
from feltbox.models.d6 import face_quat
from feltbox.rules.core import Decision, Measured
from feltbox.rules.snowbirds.actions import PlayFlight, PlayForage, PlayRest
from feltbox.scenes.loader import SceneError, load_scene
from feltbox.scenes.snowbirds.named import load_snowbirds
from tests.test_replay_rules import rewrite

pytestmark = pytest.mark.physics


def test_scenes_normal_and_difficult_listed():
    """Game Difficulty: two scenes, one per mode; the table layout file is no scene."""
    keys = [s.key for s in scenarios("snowbirds")]
    assert keys == ["normal", "difficult"]
    assert load_snowbirds("normal").mode == "normal" and load_snowbirds("difficult").difficult
    with pytest.raises(SceneError, match="no such Snowbirds scene .*known: difficult, normal"):
        load_snowbirds("table")


@pytest.mark.parametrize("text, where", [
    ('game = "snowbirds"\ntitle = "x"\nmode = "hard"\n', ":3: mode: 'hard' is not one of"),
    ('game = "snowbirds"\ntitle = "x"\nmode = "normal"\nflock = 6\n', ":4: flock: unknown key"),
    ('game = "snowbirds"\nmode = "normal"\n', ":1: title: required key is missing"),
])
def test_broken_scene_is_one_line(tmp_path, text, where):
    path = tmp_path / "mine.toml"
    path.write_text(text)
    with pytest.raises(SceneError) as err:
        load_scene(path)
    assert str(err.value).startswith(str(path)) and where in str(err.value)
    assert "\n" not in str(err.value)


def test_setup_table_follows_the_rules():
    """Setup: the Action pile face down (25 after the hand of 5), North flipped face up with the
    token on it and the first journey's card beside it, tokens at 0 Exhaustion, 0 Hunger, 5 Birds;
    difficult: 1 Exhaustion and 2 Hunger."""
    bridge = SBBridge(load_snowbirds("normal"), 3)
    state = bridge.engine.state
    assert sum(p.zone == "draw" for p in bridge.places.values()) == 25
    assert [bridge.places[action_body(c)] for c in state.data.hand] == [Place("hand", k) for k in range(5)]
    assert bridge.places[map_body("north")] == Place("map", 0)
    assert np.allclose(bridge.poses[bridge.index["token-hunger"]], table.token_pose("hunger", 0))
    assert np.allclose(bridge.poses[bridge.index["token-flock"]], table.token_pose("flock", 5))
    assert sum(p.zone == "map_deck" for p in bridge.places.values()) == 9      # 8 random + South
    assert disagreements(bridge) == []
    hard = SBBridge(load_snowbirds("difficult"), 3)
    assert np.allclose(hard.poses[hard.index["token-exhaustion"]], table.token_pose("exhaustion", 1))
    assert np.allclose(hard.poses[hard.index["token-hunger"]], table.token_pose("hunger", 2))


def test_actions_and_play_order_cards_on_the_table():
    """Actions & Play Order: a REST card lies face down in the play row, FORAGE and FLIGHT face up
    beside it; when the day ends they go to the Rest pile (face down) and the gone-forever pile."""
    bridge = SBBridge(load_snowbirds("difficult"), 1)                 # 1 Exhaustion: Rest is legal
    hand = bridge.engine.state.data.hand
    rest = next(a for a in bridge.legal() if isinstance(a, PlayRest))
    bridge.decide(rest)
    assert bridge.places[action_body(rest.card)] == Place("row", 0, face_up=False)
    forage = next(a for a in bridge.legal() if isinstance(a, PlayForage))
    bridge.decide(forage)
    assert bridge.places[action_body(forage.card)] == Place("row", 1)
    assert disagreements(bridge) == []
    while isinstance(bridge.pending(), Decision) and any(isinstance(a, PlayFlight) for a in bridge.legal()):
        bridge.decide(next(a for a in bridge.legal() if isinstance(a, PlayFlight)))
    assert set(hand) - set(bridge.engine.state.data.hand)
    bridge.decide(next(a for a in bridge.legal() if type(a).__name__ == "Fly"))
    while not isinstance(bridge.pending(), Decision) or bridge.engine.state.flow.stage == "tenacity":
        if isinstance(bridge.pending(), Decision):
            bridge.decide(next(a for a in bridge.legal() if type(a).__name__ == "AcceptFailure"))
        else:
            bridge.physics()
    assert bridge.places[action_body(rest.card)].zone == "rest"
    assert bridge.places[action_body(forage.card)].zone == "gone"
    assert not [p for p in bridge.places.values() if p.zone == "row"]
    assert disagreements(bridge) == []


def test_agreement_finds_a_moved_token_a_flipped_card_and_a_turned_die():
    bridge = SBBridge(load_snowbirds("normal"), 5)
    bridge.poses[bridge.index["token-hunger"]] = table.token_pose("hunger", 2)
    found = disagreements(bridge)
    assert [d.piece for d in found] == ["token-hunger"] and "hunger 0" in found[0].rules and "on 2" in found[0].table
    bridge.sync()
    card = action_body(bridge.engine.state.data.pile[0])
    bridge.poses[bridge.index[card], 3:] = [1.0, 0.0, 0.0, 0.0]           # turned face up on the pile
    found = disagreements(bridge)
    assert [d.piece for d in found] == [card] and found[0].table == "it face up on action_draw"
    bridge.sync()
    assert disagreements(bridge) == []


def test_agreement_the_hand_is_held_off_the_felt():
    """Actions & Play Order: the player holds the hand; a hand card lying on the felt, or a card
    the rules put in the pile held off the table, is a disagreement."""
    bridge = SBBridge(load_snowbirds("normal"), 5)
    hand = [bridge.index[action_body(c)] for c in bridge.engine.state.data.hand]
    assert not bridge.present[hand].any()
    assert np.allclose(bridge.poses[hand, :2], table.held_point())
    first = bridge.bodies[hand[0]].id
    bridge.present[hand[0]] = True                                      # laid on the felt at the player's edge
    found = disagreements(bridge)
    assert [d.piece for d in found] == [first] and found[0].table == "it on felt"
    bridge.poses[hand[0], :2] = table.play_slot(0).x, table.play_slot(0).y   # or in the play row
    assert [d.table for d in disagreements(bridge)] == ["it on row"]
    bridge.sync()
    pile_card = bridge.index[action_body(bridge.engine.state.data.pile[0])]
    bridge.present[pile_card] = False                                   # a pile card taken into the hand
    found = disagreements(bridge)
    assert [d.piece for d in found] == [bridge.bodies[pile_card].id] and found[0].table == "it held off the table"
    bridge.sync()
    assert disagreements(bridge) == []


def test_risk_and_dice_thrown_in_the_tray_and_shown():
    """Risk & Dice: VIGOR is two dice thrown for real in the tray; the table's dice show the faces
    the rules were given, and a die turned to another face is a disagreement."""
    scene = load_snowbirds("normal")
    seen = {}

    def after(bridge) -> None:
        if bridge.engine.state.flow.stage == "tenacity" and "dice" not in seen:
            seen["dice"] = tuple(bridge.engine.state.flow.dice)
            assert tuple(bridge.dice_faces()) == seen["dice"]
            i = bridge.dice[0]
            before = bridge.poses[i].copy()
            bridge.poses[i, 3:] = face_quat(7 - seen["dice"][0])
            assert [d.piece for d in disagreements(bridge)] == ["dice"]
            bridge.poses[i] = before
    for seed in range(12):
        result = play_headless(scene, seed, after_action=after)
        if "dice" in seen:
            break
    assert "dice" in seen and result.episodes >= 10


def test_headless_bot_migration_is_deterministic(capsys):
    """`feltbox play snowbirds normal --headless --seed S --bots all`: a whole migration, JSON;
    `--check-agreement` finds the table agreeing with the rules after every action."""
    assert main(["play", "snowbirds", "normal", "--headless", "--seed", "2", "--bots", "all", "--check-agreement"]) == 0
    assert "agreement: 0 of" in capsys.readouterr().err
    assert main(["play", "snowbirds", "normal", "--headless", "--seed", "2", "--bots", "all"]) == 0
    first = capsys.readouterr().out
    assert main(["play", "snowbirds", "normal", "--headless", "--seed", "2", "--bots", "all"]) == 0
    assert capsys.readouterr().out == first and "migration" in first


def test_script_round_trip(tmp_path, capsys):
    script = tmp_path / "sb.txt"
    assert main(["play", "snowbirds", "difficult", "--headless", "--seed", "6", "--save-script", str(script)]) == 0
    bot = capsys.readouterr().out
    assert main(["play", "snowbirds", "difficult", "--headless", "--bots", "none", "--script", str(script)]) == 0
    assert capsys.readouterr().out == bot
    lines = script.read_text().splitlines()
    assert lines[0].startswith("# feltbox play snowbirds difficult --headless --seed 6")
    bad = tmp_path / "bad.txt"
    bad.write_text(lines[0] + "\nPlayRest card=no_such_card\n")
    assert main(["play", "snowbirds", "difficult", "--headless", "--bots", "none", "--script", str(bad)]) == 2
    assert load_game_script(script, GAMES["snowbirds"].actions)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    path = tmp_path_factory.mktemp("sb") / "run.fbr"
    scene = load_snowbirds("normal")
    recorder = game_recorder(path, scene, 4)
    seen = {}
    result = play_headless(scene, 4, on_episode=recorder, on_action=recorder.action,
                           after_action=lambda bridge: seen.update(position=bridge.engine.state.data.position))
    recorder.close()
    result.position = seen["position"]
    return path, result


def test_replay_verifies_bit_exact_and_seals_the_seed(recorded):
    path, result = recorded
    check = verify(path)
    assert check.ok, check.message
    assert f"{result.episodes} episodes" in check.message and "revealed seed matches" in check.message
    from feltbox.game.replay.reader import read_replay
    replay = read_replay(path)
    header = replay.header
    assert header["seed"] is None and "seed" not in header["rules"] and "commitment" in header["rules"]
    # the undrawn cards: no plain state hash a reader could try seeds against
    from feltbox.game.snowbirds.bridge import new_engine
    from feltbox.rules.core import state_hash
    assert header["rules"]["start_hash"] != state_hash(new_engine(load_snowbirds("normal"), 4).state)
    # no RULE record names a card still in the undrawn pile after it (nor a map card to come)
    from feltbox.game.games import GAMES
    from feltbox.rules.core import from_json
    from feltbox.rules.snowbirds.data import tables
    engine = new_engine(load_snowbirds("normal"), 4)
    for rec in replay.rules:
        engine.apply(from_json(GAMES["snowbirds"].actions[rec.type], rec.data))
        d = engine.state.data
        hidden = set(d.pile) | {m for m in tables().maps if m not in d.route}
        told = {w.strip(".,;:()") for e in rec.events for w in str(e["data"]).replace("'", " ").split()}
        named = {tables().action(c).title for c in d.pile} | {tables().map(m).title for m in hidden if m in tables().maps}
        assert not (hidden & told) and not any(title in str(rec.events) for title in named), rec.index


def test_replay_with_a_changed_die_face_differs(recorded, tmp_path):
    path, _ = recorded
    changed = tmp_path / "changed.fbr"

    done = []

    def once(rule):                     # the first roll's first die: another face
        if rule.type == "Measured" and not done:
            done.append(rule.index)
            faces = rule.data["outcome"]["faces"]
            faces[0] = faces[0] % 6 + 1
    rewrite(path, changed, edit=once)
    check = verify(changed)
    assert not check.ok and f"action {done[0]}" in check.message


def test_unfinished_replay_checks_only_what_is_public(recorded, tmp_path):
    path, _ = recorded
    cut = tmp_path / "cut.fbr"
    rewrite(path, cut, rules=20)
    check = verify(cut)
    assert check.ok and "seed stays sealed" in check.unchecked


def test_theatre_timeline_on_the_whole_table(recorded):
    """The theatre rebuilds the migration on the Snowbirds table: the throws move the dice in the
    tray, the cards slide, and the last frame is the table the rules end with."""
    from feltbox.game.games import read_game_replay
    path, result = recorded
    replay = read_game_replay(path)
    timeline, bodies = GAMES["snowbirds"].replay_timeline(replay)
    ids = [b.id for b in bodies]
    assert "migration-token" in ids and "die-1" in ids and timeline.frames > 100
    last = timeline.poses[-1][ids.index("migration-token")]
    assert np.allclose(last[:3], table.migration_pose(result.position, 0.03)[:3], atol=1e-4)
    die = ids.index("die-1")
    assert np.ptp(timeline.poses[:, die, 0]) > 1.0                 # it was thrown


def test_measured_faces_must_be_dice():
    bridge = SBBridge(load_snowbirds("normal"), 1)
    bridge.decide(next(a for a in bridge.legal() if isinstance(a, PlayFlight)))
    with pytest.raises(Exception, match="no dice are being rolled"):
        bridge.decide(Measured({"faces": [3, 4]}))
