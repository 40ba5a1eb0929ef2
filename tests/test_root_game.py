"""Root played headless through the bridge (game/root/bridge.py): every battle's two d12 thrown
for real in the tray, the table laid after every action and checked against the rules (the suite
sets games.STRICT_AGREEMENT), recorded sealed and verified bit-exact, scripts written and played
again, the tournament's report; hidden information (Law 1.2, 13.2.2.I) never in the public feed or
the replay's records."""
from __future__ import annotations

import json

import pytest

from feltbox.game.cli.main import main
from feltbox.game.games import GAMES, game_recorder, play_headless, read_game_replay, verify
from feltbox.game.root.bridge import RootBridge
from feltbox.game.root.tournament import run_tournament
from feltbox.rules.core import Decision
from feltbox.rules.root import bots
from feltbox.rules.root.data import PLOT_KINDS
from feltbox.scenes.loader import SceneError, load_scene
from feltbox.scenes.root.named import load_root

SCENE = load_root("standard")
# events that reveal a plot in the open: flipped (Law 13.4.2), exposed (13.2.4), removed (revealed as it
# goes: a raid acts on its removal, 13.2.2), and what a face-up plot does
REVEALS = {"flip", "exposure", "plot_removed", "bomb", "raid", "snare", "extortion"}


def test_the_standard_scene_states_the_rules_round_limit_and_a_wrong_one_is_one_line(tmp_path):
    assert SCENE.seats == ("duchy", "corvids") and SCENE.round_limit == 25 and SCENE.bots == "corvids"
    bad = tmp_path / "long.toml"
    bad.write_text((SCENE.source and open(SCENE.source).read()).replace("round_limit = 25", "round_limit = 40"))
    with pytest.raises(SceneError, match=r"long.toml:\d+: round_limit: 40 is not the rules' round limit \(25\)"):
        load_scene(bad)


def test_the_first_rounds_on_the_real_table_throw_real_dice_and_agree_after_every_action():
    bridge = RootBridge(SCENE, 5)
    agreement = GAMES["root"].agreement
    while bridge.engine.state.flow.round <= 2 and not bridge.over():
        if isinstance(bridge.pending(), Decision):
            bridge.decide(bots.choose(bridge.engine.state))
        else:
            bridge.physics()
            assert bridge.dice_faces() == bridge.last_faces      # the table's dice show what the rules got
        assert agreement(bridge) == []
    assert bridge.rolls >= 1 and bridge.episodes >= bridge.rolls


def _public_plot_kinds(records) -> list:
    """Plot kinds named by records anyone may read, outside a flip (a plot turned face up is public)."""
    leaks = []
    for rec in records:
        for e in rec.events:
            data = e["data"]
            if e["kind"] not in REVEALS and \
                    any(str(v) in PLOT_KINDS for k, v in data.items() if k != "text"):
                leaks.append((rec.index, e))
    return leaks


@pytest.mark.slow
def test_a_whole_bot_game_recorded_sealed_verifies_bit_exact_and_hides_its_plots(tmp_path):
    path = tmp_path / "root.fbr"
    rec = game_recorder(path, SCENE, 3)
    result = play_headless(SCENE, 3, on_episode=rec, on_action=rec.action, log=tmp_path / "log.jsonl")
    rec.close()
    assert "VP" in result.result and result.episodes >= 2
    replay = read_game_replay(path)
    assert replay.header["seed"] is None and "commitment" in replay.header["rules"]
    plots = [r for r in replay.rules if r.type == "Plot"]
    assert plots and all(set(r.data) == {"sealed"} for r in plots)       # a plot's kind: sealed
    assert not _public_plot_kinds(replay.rules)
    for line in (tmp_path / "log.jsonl").read_text().splitlines():
        entry = json.loads(line)
        if entry["event"] == "plot_kind":
            assert set(entry) <= {"turn", "event", "visible_to"}, entry
    checked = verify(path)
    assert checked.ok, checked.message
    assert checked.episodes == result.episodes
    timeline, bodies = GAMES["root"].replay_timeline(replay)      # the theatre rebuilds it on the table
    assert timeline.frames > len(replay.rules) and len(bodies) == timeline.poses.shape[1]
    assert any(m.kind == "turn" for m in timeline.markers)


@pytest.mark.slow
def test_a_saved_script_plays_the_same_game_again(tmp_path, capsys):
    script = tmp_path / "g.txt"
    assert main(["play", "root", "standard", "--headless", "--bots", "all", "--seed", "6",
                 "--save-script", str(script)]) == 0
    first = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert main(["play", "root", "standard", "--headless", "--bots", "none", "--script", str(script)]) == 0
    again = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert again == first


def test_the_tournament_reports_wins_per_faction_and_how_games_ended():
    report = run_tournament([1, 2, 3])
    assert report["games"] == 3
    assert sum(report["wins"].values()) + report["no_winner"] == 3
    assert report["ended"]["30 VP"] + report["ended"]["round limit"] == 3
    assert {g["seed"] for g in report["results"]} == {1, 2, 3}


def test_bad_bots_seat_is_one_line_exit_2(capsys):
    assert main(["play", "root", "standard", "--headless", "--bots", "moles"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "moles" in err[0]
