"""Solo play against bots in the window (issue: "feltbox play flickem 7 --bots teamB lets one
person play against bots"): the controller behind the window, driven without a display."""
from __future__ import annotations

import pytest

from feltbox.game.flickem.window_game import WindowGame
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_the_player_chooses_by_key_and_flicks_by_slingshot_while_bots_play_team_B():
    game = WindowGame(load_flickem(7), seed=3, bots="teamB")
    game.run_bots()
    team = game.bridge.engine.state.flow.teams[game.bridge.engine.state.flow.team_index]
    assert team == "A" and game.choices() and "a. ChooseSurvivor" in game.text()
    game.choose(game.choices().index("ChooseSurvivor survivor=survivor-elijah"))
    frames = game.choose(game.choices().index("Move"))
    assert frames is not None and game.wants_aim() and "drag back" in game.text()
    before = game.bridge.session.episodes
    frames = game.aim(90.0, 0.2)                       # the slingshot's direction and power
    assert game.bridge.session.episodes > before and frames.shape[1:] == (len(game.city.bodies), 7)
    frames = game.choose(game.choices().index("EndTurn"))
    state = game.bridge.engine.state                   # team B's bot played its turn meanwhile
    b_team = {s.id for s in state.data.survivors if s.team == "B"}
    assert any(line.startswith("turn ended") and line.split("=")[1] in b_team for line in game.feed)
    assert state.flow.teams[state.flow.team_index] == "A" or state.flow.waiting == "over"
    assert game.choose(99) is None and game.aim(0.0, 0.5) is None   # nothing to aim now


def test_solo_the_player_sees_its_own_private_events_and_not_the_bots():
    from feltbox.rules.core import Event
    game = WindowGame(load_flickem(7), seed=3, bots="teamB")
    game._log([Event("looked at a token", {"kind": "fuel"}, visible_to=("A",)),
               Event("looked at a token", {"kind": "food"}, visible_to=("B",))])
    assert game.feed == ["looked at a token kind=fuel", "looked at a token"]


def test_a_disagreement_between_rules_and_table_is_a_warning_line_not_a_crash(monkeypatch, capsys):
    game = WindowGame(load_flickem(7), seed=3, bots="teamB")
    game.run_bots()
    game.choose(game.choices().index("ChooseSurvivor survivor=survivor-elijah"))
    assert game.warning == "" and "warning" not in game.text()
    i = game.bridge.city.index("survivor-rosa")          # the table alone moves a figure away
    game.bridge.session.present[i] = False
    monkeypatch.setattr("feltbox.game.flickem.bridge.follow_rules", lambda *args, **kwargs: None)
    game.choose(game.choices().index("Move"))
    assert game.text().splitlines()[1] == ("warning: rules and table disagree: survivor-rosa: the rules say "
                                           "standing in city, the table shows off the table")
    assert "warning: rules and table disagree" in capsys.readouterr().err
