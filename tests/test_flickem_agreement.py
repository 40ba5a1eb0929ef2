"""The agreement check (ARCHITECTURE.md "One truth"): the rules state and the real table, figure by
figure. It must see a disagreement wherever one is made, and none where there is none."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.cli.main import main
from feltbox.game.flickem.agreement import disagreements
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.games import play_headless
from feltbox.game.table.city import rest_pose
from feltbox.game.table.flick import heading_of
from feltbox.scenes.loader import load_flickem


@pytest.mark.parametrize("number", [1, 3, 5, 7, 9])
def test_a_scenario_starts_with_rules_and_table_agreeing(number):
    assert disagreements(FlickemBridge(load_flickem(number), seed=1)) == []


def _zombie_in_the_city(bridge) -> str:
    return next(z.id for z in bridge.engine.state.data.zombies if z.where == "city" and z.standing)


def test_a_zombie_laid_down_on_the_table_alone_is_named():
    bridge = FlickemBridge(load_flickem(1), seed=1)
    zombie = _zombie_in_the_city(bridge)
    i = bridge.city.index(zombie)
    pose = bridge.session.poses[i]
    bridge.session.poses[i] = rest_pose(bridge.city.bodies[i], float(pose[0]), float(pose[1]), heading_of(pose),
                                        fallen=True)
    found = disagreements(bridge)
    assert [str(d) for d in found] == [f"{zombie}: the rules say standing in city, the table shows fallen in city"]


def test_a_zombie_the_rules_sent_to_the_bin_but_the_table_kept_is_named():
    bridge = FlickemBridge(load_flickem(1), seed=1)
    zombie = _zombie_in_the_city(bridge)
    state = bridge.engine.state
    zombies = tuple(replace(z, where="bin") if z.id == zombie else z for z in state.data.zombies)
    bridge.engine.state = replace(state, data=replace(state.data, zombies=zombies))
    (found,) = disagreements(bridge)
    assert (found.piece, found.rules, found.table) == (zombie, "off the table (bin)", "standing in city")


def test_a_figure_the_table_moved_away_from_its_rules_place_is_named():
    bridge = FlickemBridge(load_flickem(1), seed=1)
    zombie = _zombie_in_the_city(bridge)
    i = bridge.city.index(zombie)
    bridge.session.poses[i, 0] += 2.0
    (found,) = disagreements(bridge)
    assert found.piece == zombie and found.table.endswith("2.0 cm away")


def test_a_token_the_rules_gave_a_survivor_but_the_table_kept_is_named():
    bridge = FlickemBridge(load_flickem(2), seed=1)
    state = bridge.engine.state
    token = next(t for t in state.data.tokens if t.where in bridge.city.buildings)
    carrier = state.data.survivors[0].id
    bridge.engine.state = replace(state, data=state.data.with_token(replace(token, where=carrier)))
    (found,) = disagreements(bridge)
    assert (found.piece, found.rules, found.table) == (token.id, f"off the table ({carrier})", "on the table")


def test_rules_and_table_agree_after_every_action_of_a_whole_bot_game():
    seen: list[str] = []
    play_headless(load_flickem(1), seed=3, after_action=lambda bridge: seen.extend(map(str, disagreements(bridge))))
    assert seen == []


def test_check_agreement_reports_on_stderr_and_fails_the_run(capsys, monkeypatch):
    assert main(["play", "flickem", "1", "--headless", "--seed", "3", "--check-agreement"]) == 0
    assert capsys.readouterr().err.startswith("agreement: 0 of ")
    # without the table effects (the first wave's bug) the reactions stand zombies in the rules only
    monkeypatch.setattr("feltbox.game.flickem.bridge.follow_rules", lambda *args, **kwargs: None)
    monkeypatch.setattr("feltbox.game.games.STRICT_AGREEMENT", False)     # report, do not raise
    rc = main(["play", "flickem", "1", "--headless", "--seed", "3", "--check-agreement"])
    err = capsys.readouterr().err
    assert rc == 1 and err.startswith("agreement: ") and "\n  after action " in err
    assert main(["play", "tailfeathers", "show_of_force", "--headless", "--check-agreement"]) == 2
    assert "no agreement check yet" in capsys.readouterr().err


def test_replay_verify_names_a_disagreement_and_exits_1(tmp_path, capsys, monkeypatch):
    path = tmp_path / "s1.feltbox"          # (the replay tests verify whole games that agree)
    monkeypatch.setattr("feltbox.game.flickem.bridge.follow_rules", lambda *args, **kwargs: None)
    monkeypatch.setattr("feltbox.game.games.STRICT_AGREEMENT", False)
    assert main(["play", "flickem", "1", "--headless", "--seed", "3", "--record", str(path)]) == 0
    capsys.readouterr()
    assert main(["replay", str(path), "--verify"]) == 1
    out = capsys.readouterr()
    line = (out.out + out.err).strip().splitlines()[-1]
    assert "(Measured): the rules and the table disagree at episode" in line
    assert "the rules say" in line and "the table shows" in line


def test_strict_headless_games_stop_at_the_first_disagreement(monkeypatch):
    from feltbox.game.games import Disagreed
    monkeypatch.setattr("feltbox.game.flickem.bridge.follow_rules", lambda *args, **kwargs: None)
    with pytest.raises(Disagreed, match=r"after action \d+: "):
        play_headless(load_flickem(1), seed=3)
