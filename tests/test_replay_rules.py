"""Replays of whole games: RULE records (every rules action, its public events and the state hash
after it) interleaved with the episodes, and ``feltbox replay --verify`` rebuilding the rules.

The recordings here are real game openings on the S1 table (bots deciding and aiming, a dozen
actions and a few episodes), so they take a second; the whole bot game recorded and verified
is tests/test_headless.py's first test. They are recorded unsealed, the seed in the clear as v2
wrote it (and as Tail Feathers still does), so that an opening verifies completely; sealed
recordings (game/replay/sealing.py) are tests/test_hidden_info.py's."""
from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest

from feltbox.game.cli.main import main
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.flickem.seats import new_seats
from feltbox.game.replay.format import VERSION, ReplayWriter
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.replay.rules_records import file_order
from feltbox.game.replay.verify_flickem import new_engine
from feltbox.game.table.table import legacy_wake_polling
from feltbox.game.text.public import public_events
from feltbox.rules.core import Decision, PhysicsRequest, state_hash, to_json
from feltbox.rules.flickem.flow import apply
from feltbox.scenes.loader import load_flickem, load_scene

pytestmark = pytest.mark.physics


def record_opening(path, actions=14, seed=4, scene=None):
    """Bots play the first ``actions`` rules actions of S1 (seed 4; or of ``scene``), recorded with the rules."""
    scene = scene if scene is not None else load_flickem(1)
    recorder = Recorder(path, unsealed_header(FlickemBridge(scene, seed).city, seed))
    bridge = FlickemBridge(scene, seed, on_episode=recorder, on_action=recorder.action)
    seats = new_seats(bridge)
    while recorder.writer.rules < actions:
        pending = bridge.pending()
        if isinstance(pending, Decision):
            bridge.decide(seats.decide(pending))
        elif isinstance(pending, PhysicsRequest):
            bridge.physics(seats.aim(pending))
        else:
            break
    recorder.close()
    return bridge


def unsealed_header(city, seed):
    """A whole game's header with its seed in the clear (v2's; a sealed one has a commitment)."""
    start = new_engine(city, city.scene.number, seed).hash()
    return {**city_header(city, seed),
            "rules": {"game": "flickem", "scenario": city.scene.number, "seed": seed, "start_hash": start}}


@pytest.fixture(scope="module")
def opening(tmp_path_factory):
    path = tmp_path_factory.mktemp("rules") / "opening.fbr"
    bridge = record_opening(path)
    return path, bridge


@pytest.fixture(scope="module")
def legacy_opening(tmp_path_factory):
    """The opening recorded as a v1-v4 build made its episodes (``legacy_wake_polling``), to be
    written again as an old version: an old file re-runs the old way."""
    path = tmp_path_factory.mktemp("rules") / "legacy-opening.fbr"
    with legacy_wake_polling():
        bridge = record_opening(path)
    return path, bridge


def rewrite(src, dst, version=VERSION, edit=None, edit_episode=None, rules=None, reveal=True, edit_reveal=None,
            edit_header=None):
    """Write ``src`` again record by record (in file order), letting ``edit(rule)`` change a rule,
    ``edit_episode(episode)`` an episode, ``edit_reveal(data)`` the REVL record and
    ``edit_header(header)`` the header; ``rules``: keep only the first so many actions (and the
    episodes before them); ``reveal``: keep the REVL record, if any (never with ``rules``). Before
    v4 a world record had no touch list (every touch of a watched body was recorded): an older
    version drops it, as such a file was written."""
    replay = read_replay(src)
    header = json.loads(json.dumps(replay.header))
    if edit_header:
        edit_header(header)
    if version == 1:
        header.pop("rules", None)
    order = file_order(replay.rules, len(replay.episodes))
    if rules is not None:
        order = order[:order.index(("action", rules - 1)) + 1] if rules else []
    with ReplayWriter(dst, header, version=version) as w:
        for kind, i in order:
            if kind == "episode":
                ep = replay.episodes[i]
                if edit_episode:
                    edit_episode(ep)
                if version < 4:
                    ep.inputs[0].pop("touch", None)
                w.add_episode(ep.kind, ep.start, ep.inputs, ep.frames, ep.outcome)
            elif version >= 2:
                rule = replay.rules[i]
                if edit:
                    edit(rule)
                w.add_rule(rule.type, rule.data, rule.events, rule.hash)
        if reveal and replay.reveal is not None and rules is None:
            opened = dict(replay.reveal)
            if edit_reveal:
                edit_reveal(opened)
            w.add_reveal(opened)
    return dst


def test_a_recorded_game_holds_every_action_in_order_with_its_hash_and_verifies(opening, capsys):
    path, bridge = opening
    replay = read_replay(path)
    assert replay.header["version"] == VERSION
    assert replay.header["rules"] == {"game": "flickem", "scenario": 1, "seed": 4,
                                      "start_hash": replay.header["rules"]["start_hash"]}
    history = bridge.engine.history
    assert [r.type for r in replay.rules] == [type(s.action).__name__ for s in history]
    assert [r.data for r in replay.rules] == json.loads(json.dumps([to_json(s.action) for s in history]))
    assert replay.rules[-1].hash == state_hash(bridge.engine.state)
    assert replay.trailer["rules"] == len(replay.rules) == 14
    measured = [r for r in replay.rules if r.type == "Measured"]
    assert measured and all(len(r.episodes) == 1 for r in measured)     # each follows its episode
    assert sorted(e for r in replay.rules for e in r.episodes) == list(range(len(replay.episodes)))
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "14 rules actions" in out and "bit-exact" in out


def test_a_tampered_hash_or_action_exits_1_naming_the_action(opening, tmp_path, capsys):
    path, _ = opening
    rules = read_replay(path).rules
    chosen = next(r.index for r in rules if r.type == "ChooseSurvivor")
    measured = next(r.index for r in rules if r.type == "Measured")

    def bad_hash(rule):
        if rule.index == 3:
            rule.hash = "0" * 16

    def other_survivor(rule):
        if rule.index == chosen:
            rule.data = {"survivor": "survivor-nobody"}

    def fewer_fell(rule):
        if rule.index == measured:
            rule.data["outcome"]["settled"] = not rule.data["outcome"]["settled"]

    def zombie_fell(rule):
        if rule.index == measured:
            rule.data["outcome"]["fell"] = ["zombie-01"]

    def episode_agrees(ep):       # the episode's recorded outcome tampered the same way
        if ep.index == rules[measured].episodes[0]:
            ep.outcome["fell"] = ["zombie-01"]

    cases = ((bad_hash, None, 3, "state hash"), (other_survivor, None, chosen, "refused"),
             (fewer_fell, None, measured, "recorded outcome"), (zombie_fell, episode_agrees, measured, "re-measures"))
    for edit, edit_episode, index, why in cases:
        bad = rewrite(path, tmp_path / f"{edit.__name__}.fbr", edit=edit, edit_episode=edit_episode)
        assert main(["replay", str(bad), "--verify"]) == 1
        out = capsys.readouterr().out
        assert out.startswith("DIFFERS: ") and f"action {index} (" in out and why in out, out


def test_a_truncated_or_corrupt_rule_record_exits_2_loading_nothing(opening, tmp_path, capsys):
    path, _ = opening
    data = path.read_bytes()
    at = data.index(b"RULE", data.index(b"RULE") + 1)          # the second RULE record
    cut, flipped = tmp_path / "cut.fbr", tmp_path / "flipped.fbr"
    cut.write_bytes(data[:at + 20])
    flipped.write_bytes(data[:at + 12] + bytes([data[at + 12] ^ 0x10]) + data[at + 13:])
    for broken, reason in ((cut, "truncated"), (flipped, "CRC mismatch in the RULE record")):
        assert main(["replay", str(broken), "--verify"]) == 2
        assert reason in capsys.readouterr().err


def test_a_v1_replay_without_rule_records_still_verifies_its_poses(legacy_opening, tmp_path, capsys):
    path, _ = legacy_opening
    old = rewrite(path, tmp_path / "v1.fbr", version=1)
    replay = read_replay(old)
    assert replay.header["version"] == 1 and replay.rules == [] and "rules" not in replay.trailer
    assert main(["replay", str(old), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "bit-exact" in out and "rules actions" not in out


def test_a_v2_replay_with_its_seed_in_the_clear_still_verifies_completely(legacy_opening, tmp_path, capsys):
    path, _ = legacy_opening
    old = rewrite(path, tmp_path / "v2.fbr", version=2)
    replay = read_replay(old)
    assert replay.header["version"] == 2 and replay.reveal is None and "revealed" not in replay.trailer
    assert main(["replay", str(old), "--verify"]) == 0
    out = capsys.readouterr().out
    assert "14 rules actions, every state hash and outcome as recorded" in out and "cannot check" not in out


def test_a_face_down_token_look_is_in_the_replay_without_its_kind(tmp_path):
    """TAKE, DROP OFF: Anita (team A) looks at a face-down token: the replay's public event log
    shows that a token was looked at, and by which team, never what it was."""
    from feltbox.rules.flickem.flow import ChooseSurvivor, TakeDrop, new_game
    from feltbox.rules.flickem.state import Survivor, Token
    from tests.test_flickem_flow import play, setup
    from tests.test_replay import HEADER, turn_record
    anita = Survivor("survivor-anita", "Anita", "A", 2, where="library")
    state = play(new_game(setup(survivors=(anita,), tokens=(Token("token-7", "medicine", "library"),)), 1),
                 ChooseSurvivor("survivor-anita"))
    action = TakeDrop(take="token-7")
    state, events = apply(state, action)
    assert events[0].kind == "looked at a token" and events[0].data["kind"] == "medicine"
    start, frames = turn_record(0.1, 1, 1)
    with ReplayWriter(tmp_path / "look.fbr", HEADER) as w:
        w.add_episode("flick", start, [{"op": "world", "absent": [], "awake": [], "watch": 0}], frames, None)
        w.add_rule("TakeDrop", to_json(action), public_events(events, state), state_hash(state))
    (rule,) = read_replay(tmp_path / "look.fbr").rules
    assert rule.events[0] == {"kind": "looked at a token", "data": {}, "visible_to": ["A"]}
    assert b"medicine" not in (tmp_path / "look.fbr").read_bytes()


@pytest.mark.slow
@pytest.mark.parametrize("number", range(1, 11))
def test_every_scenario_recorded_by_bots_verifies_poses_and_rules(number, tmp_path, capsys):
    record = tmp_path / f"s{number}.fbr"
    assert main(["play", "flickem", str(number), "--headless", "--seed", str(number), "--record", str(record)]) == 0
    assert main(["replay", str(record), "--verify"]) == 0
    assert "every state hash and outcome as recorded" in capsys.readouterr().out


def test_a_replay_names_the_scene_file_that_changed_since_it_was_recorded(tmp_path, capsys):
    """A replay rebuilds its game's start from the scene file its header names, and the header
    holds that file's digest (game/replay/scene_source.py). Recorded on a copy of S1: a comment
    added to the copy changes its digest but not the start, and the replay still verifies; a
    zombie moved 1 cm changes the start, and --verify exits 1 naming the changed file beside the
    hashes (before, the hashes alone: every S1 replay after S1's map changed at stop 34)."""
    copy = tmp_path / "s01.toml"
    copy.write_text(Path(load_flickem(1).source).read_text())
    path = tmp_path / "opening.fbr"
    record_opening(path, actions=4, scene=load_scene(copy))
    assert read_replay(path).header["scene"]["digest"] == hashlib.sha256(copy.read_bytes()).hexdigest()[:16]
    copy.write_text(copy.read_text() + "\n# a comment changes the digest, not the game\n")
    assert main(["replay", str(path), "--verify"]) == 0
    capsys.readouterr()
    text = copy.read_text()
    moved = re.sub(r"^zombies = \[\[(-?[0-9.]+)", lambda m: f"zombies = [[{float(m.group(1)) + 1.0:.1f}", text,
                   count=1, flags=re.M)
    assert moved != text
    copy.write_text(moved)
    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr().out
    assert "the rebuilt starting state hashes" in out and f"the scene file {copy} has changed since the recording" in out, out
