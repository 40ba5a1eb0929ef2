"""Custom forces by build points (rules/tailfeathers/forces.py, house data/forces.toml): force
files are checked against units.toml with errors naming file:line:field, and a scene played with
them (game/tailfeathers/forces.py, `feltbox play ... --force-mouse/--force-rat`) deploys, ranks the pilots,
plays and replays."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from feltbox.game.cli.main import main
from feltbox.game.games import play_headless
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.game.tailfeathers.forces import scene_with_forces
from feltbox.rules.tailfeathers.forces import ForceError, house, load_force, parse_force
from feltbox.rules.tailfeathers.stats import home_tree, space
from feltbox.scenes.loader import load_tailfeathers

FORCES = Path(__file__).resolve().parent.parent / "scenes" / "tailfeathers" / "forces"
MICE, RATS = FORCES / "mouse_wings.toml", FORCES / "rat_raiders.toml"


def test_the_example_forces_are_within_their_budgets():
    mice, rats = load_force(MICE), load_force(RATS)
    assert (mice.alliance, mice.budget, mice.points) == ("mouse", 60, 12 + 9 + 10 + 4 + 8)
    assert [u.pilot_card for u in mice.units] == ["zure.ace", "snibble.rookie", ""]
    assert rats.budget == house()["budget"] and rats.points == 14 + 9 + 13 + 4 + 8 + 5


@pytest.mark.parametrize("text, where, why", [
    ('alliance = "mouse"\nbudget = 25\n[[unit]]\ncard = "aerijin"\npilot = "zure"\n[[unit]]\ncard = "oakguard"\n',
     ":2: budget:", "costs 26 build points, over its budget of 25 (aerijin+zure.standard 18, oakguard 8)"),
    ('alliance = "mouse"\nbudget = 20\n[[unit]]\ncard = "aerijin"\npilot = "zure"\nrank = "ace"\n[[unit]]\ncard = "oakguard"\n',
     ":2: budget:", "costs 29 build points, over its budget of 20"),
    ('alliance = "mouse"\n\n[[unit]]\ncard = "grizzard"\npilot = "snag"\n', ":4: unit[0].card:", "rat card"),
    ('alliance = "mouse"\n[[unit]]\ncard = "oakguard"\n[[unit]]\ncard = "sienna"\npilot = "snibble"\nrank = "ace"\n',
     ":7: unit[1].rank:", "snibble has no ace card"),
    ('alliance = "mouse"\n[[unit]]\ncard = "sienna"\n', ":2: unit[0].pilot:", "a bird needs one of the mouse pilots"),
    ('alliance = "rat"\n[[unit]]\ncard = "ratblades"\npilot = "snag"\n', ":4: unit[0].pilot:", "only a bird takes"),
    ('alliance = "rat"\n[[unit]]\ncard = "staborah"\n[[unit]]\ncard = "staborah"\n', ":5: unit[1].card:", "already"),
    ('alliance = "rat"\n[[unit]]\ncard = "wrunk"\npilot = "snag"\n[[unit]]\ncard = "grizzard"\npilot = "snag"\n',
     ":7: unit[1].pilot:", "snag already rides"),
    ('alliance = "rat"\nbudget = 500\n[[unit]]\ncard = "staborah"\n', ":2: budget:", "from 20 to 120"),
    ('alliance = "rat"\n[[unit]]\ncard = "staborah"\nfigures = 2\n', ":4: unit[0].figures:", "unknown key"),
    ('alliance = "rat"\n', ":1: unit:", "at least one"),
    ('alliance = "vole"\n[[unit]]\ncard = "staborah"\n', ":1: alliance:", "must be one of"),
    ('alliance = "rat"\n[[unit]]\ncard = "ballista"\n', ":3: unit[0].card:", "no rat bird, squad or hero card"),
])
def test_a_bad_force_names_file_line_and_field(text, where, why):
    with pytest.raises(ForceError) as exc:
        parse_force(text, "f.toml")
    assert str(exc.value).startswith("f.toml" + where), str(exc.value)
    assert any(w in str(exc.value) for w in why.split("|")), str(exc.value)


def test_a_scene_with_custom_forces_deploys_and_ranks_the_pilots():
    scene = scene_with_forces(load_tailfeathers("show_of_force"), [load_force(MICE), load_force(RATS)])
    bridge = TFBridge(scene, 1)
    units = {u.id: u for u in bridge.setup.units}
    assert units["aerijin"].pilot == "zure.ace" and units["sienna"].pilot == "snibble.rookie"
    assert units["grizzard"].pilot == "snag.ace" and units["wrunk"].pilot == "chumjaw.rookie"
    assert "valchirp" not in units and units["oakguard"].figures == 6 and "staborah" in units
    state = bridge.engine.state
    for fig in state.data.figures:
        assert space(state, fig.where).tree == home_tree(state, fig.alliance), fig.id
    assert set(bridge.figures()) >= {"aerijin", "sienna", "oakguard-6", "rat-squad-1", "staborah"}


def test_a_battle_with_custom_forces_replays(tmp_path):
    from feltbox.game.games import game_recorder, verify
    scene = scene_with_forces(load_tailfeathers("glade_crossing"), [load_force(MICE)])
    path = tmp_path / "forces.fbr"
    recorder = game_recorder(path, scene, 3)
    result = play_headless(scene, seed=3, on_episode=recorder, on_action=recorder.action)
    recorder.close()
    assert "nest is destroyed" in result.result
    check = verify(path)
    assert check.ok, check.message


def test_the_cli_takes_force_files(capsys, tmp_path):
    assert main(["play", "tailfeathers", "show_of_force", "--headless", "--seed", "4",
                 "--force-mouse", str(MICE), "--force-rat", str(RATS)]) == 0
    assert "nest is destroyed" in json.loads(capsys.readouterr().out)["result"]
    assert main(["play", "tailfeathers", "show_of_force", "--headless", "--force-mouse", str(RATS)]) == 2
    assert f"{RATS}:3: alliance: a rat force where the mouse force is wanted" in capsys.readouterr().err
