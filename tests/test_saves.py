"""Saves (game/window/saves.py), autosave, undo and take back (game/table/undo.py) on the window's games,
headless: no window, the same controllers the window drives."""
from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import pytest

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.table.undo import UndoRefused
from feltbox.game.window import saves
from feltbox.rules.engine import SaveError
from feltbox.scenes.loader import load_flickem, load_scene

DATA = Path(__file__).parent / "data"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("FELTBOX_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def _flicked() -> tuple[WindowGame, np.ndarray]:
    """S1 at the window: Anita chosen, move chosen, the table just before her flick."""
    g = WindowGame(load_flickem(1), 0, "none")
    g.run_bots()
    g.choose(0)
    g.choose(g.choices().index("Move"))
    assert g.wants_aim()
    return g, g.bridge.session.poses.copy()


def test_v2_round_trip_same_state_and_poses(home):
    g, _ = _flicked()
    g.aim(0.0, 0.3)
    path = saves.save_game(g, "round")
    assert path == home / "saves" / "round.json"
    h, note = saves.load_game(path)
    assert note == ""
    assert h.bridge.engine.hash() == g.bridge.engine.hash()
    assert np.array_equal(h.bridge.session.poses, g.bridge.session.poses)
    assert np.array_equal(h.bridge.session.present, g.bridge.session.present)
    assert h.bridge.session.inside == g.bridge.session.inside
    assert h.choices() == g.choices() and h.wants_aim() == g.wants_aim()
    assert saves.list_saves() == [path]


def test_v2_keeps_the_take_back_across_a_save():
    g, before = _flicked()
    g.aim(0.0, 0.3)
    h, _ = saves.load_game(saves.save_game(g, "tb"))
    h.take_back()
    assert np.array_equal(h.bridge.session.poses, before) and h.wants_aim()


def test_v1_save_from_the_rules_engine_loads(tmp_path):
    g, _ = _flicked()
    g.aim(0.0, 0.3)
    v1 = tmp_path / "v1.json"
    g.bridge.engine.save(v1)                      # rules/engine.py's own (version 1) format
    h, note = saves.load_game(v1)
    assert note == saves.LOST_V1
    assert h.bridge.engine.hash() == g.bridge.engine.hash()
    anita = h.city.index("survivor-anita")        # the figure stands where the rules say
    assert np.allclose(h.bridge.session.poses[anita, :2], g.bridge.session.poses[anita, :2], atol=1e-3)


def test_committed_v1_fixture_loads():
    h, note = saves.load_game(DATA / "save-v1-s1.json")
    assert note == saves.LOST_V1 and len(h.bridge.engine.history) == 3


@pytest.mark.parametrize("text, why", [("", "not a readable save"),
                                       ('{"format": "feltbox-save", "vers', "not a readable save"),
                                       ("[1, 2]", "not a feltbox save"),
                                       ('{"format": "feltbox-save", "version": 7}', "version 7")])
def test_broken_saves_name_the_file(tmp_path, text, why):
    bad = tmp_path / "bad.json"
    bad.write_text(text)
    with pytest.raises(SaveError, match=why) as err:
        saves.load_game(bad)
    assert str(bad) in str(err.value) and "\n" not in str(err.value)


def test_tampered_action_log_is_refused(tmp_path):
    g, _ = _flicked()
    data = saves.to_json(g)
    data["rules"]["actions"] = data["rules"]["actions"][:-1]
    bad = tmp_path / "tampered.json"
    bad.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="checksum does not match"):
        saves.load_game(bad)
    bad.write_text(json.dumps(saves.with_checksum(data)))       # resealed: the rules still tell
    with pytest.raises(SaveError, match="does not reach the saved state"):
        saves.load_game(bad)


def test_every_single_bit_flip_is_refused_in_one_line(tmp_path):
    g, _ = _flicked()
    g.aim(0.0, 0.3)
    data = saves.save_game(g, tmp_path / "good.json").read_bytes()
    bad = tmp_path / "flipped.json"
    for n in range(40):
        at = len(data) * n // 40 + 7
        flipped = bytearray(data)
        flipped[at] ^= 1 << (n % 7)
        bad.write_bytes(bytes(flipped))
        with pytest.raises(SaveError) as err:
            saves.load_game(bad)
        assert str(bad) in str(err.value) and "\n" not in str(err.value), (at, str(err.value))


def test_a_version_2_save_without_a_checksum_still_loads_and_a_version_3_one_needs_it(tmp_path):
    g, _ = _flicked()
    g.aim(0.0, 0.3)
    data = {k: v for k, v in saves.to_json(g).items() if k != "checksum"}
    old = tmp_path / "v2.json"
    old.write_text(json.dumps({**data, "version": 2}))
    h, note = saves.load_game(old)
    assert note == "" and h.bridge.engine.hash() == g.bridge.engine.hash()
    old.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="v2.json: damaged save: its checksum does not match"):
        saves.load_game(old)


@pytest.mark.parametrize("edit, where", [
    (lambda d: d["rules"]["actions"][0].update(data=[]), "rules.actions[0].data: must be an object"),
    (lambda d: d["rules"]["actions"][0].update(data={"survivor": 5}), "rules.actions[0].data.survivor"),
    (lambda d: d["rules"].update(seed="0"), "rules.seed: must be an integer"),
    (lambda d: d.update(seats=None), "seats: must be an object"),
    (lambda d: d["table"][0].update(shape=[7, 83]), "table[0].shape"),
    (lambda d: d["table"][0].update(dtype="<f8"), "table[0].dtype"),
    (lambda d: d["table"].pop(), "table: must be a list of 3"),
    (lambda d: d["undo"].update({"999": d["table"]}), "undo.999: must be an action number"),
])
def test_a_resealed_save_that_is_wrong_is_refused_naming_the_field(tmp_path, edit, where):
    g, _ = _flicked()
    g.aim(0.0, 0.3)
    data = saves.to_json(g)
    edit(data)
    bad = tmp_path / "edited.json"
    bad.write_text(json.dumps(saves.with_checksum(data)))
    with pytest.raises(SaveError) as err:
        saves.load_game(bad)
    assert str(err.value).startswith(f"{bad}: ") and where in str(err.value) and "\n" not in str(err.value), str(err.value)


def test_a_non_finite_pose_is_refused(tmp_path):
    g, _ = _flicked()
    g.bridge.session.poses[3, 0] = np.nan
    bad = saves.save_game(g, tmp_path / "nan.json")
    with pytest.raises(SaveError, match=r"table\[0\].array: holds a value that is not finite"):
        saves.load_game(bad)


def test_leftover_temporary_files_are_deleted_at_load_once_stale(home):
    g, _ = _flicked()
    path = saves.save_game(g, "kept")
    stale, fresh = home / "saves" / ".kept.json.ab12.tmp", home / ".autosave.json.cd34.tmp"
    for tmp in (stale, fresh):
        tmp.write_text("{half a save")
    old = stale.stat().st_mtime - saves.STALE_TMP_S - 1
    os.utime(stale, (old, old))
    saves.load_game(path)
    assert not stale.exists() and fresh.exists()       # a young one may be another feltbox's write
    assert saves.clean_leftovers(now=fresh.stat().st_mtime + saves.STALE_TMP_S) == [fresh]


def test_truncated_v2_save_is_a_save_error(tmp_path):
    g, _ = _flicked()
    text = saves.save_game(g, tmp_path / "full.json").read_text()
    cut = tmp_path / "cut.json"
    cut.write_text(text[: len(text) // 2])
    with pytest.raises(SaveError, match="cut.json"):
        saves.load_game(cut)


def test_atomic_write_leaves_no_temporary_files(home):
    g, _ = _flicked()
    for _ in range(3):
        saves.save_game(g, "again")
    assert [p.name for p in (home / "saves").iterdir()] == ["again.json"]


def test_autosave_after_a_turn(home):
    g = WindowGame(load_flickem(1), 0, "all")
    auto = saves.Autosaver(g)
    g.listeners.append(auto)
    for _ in range(300):
        pending = g.bridge.pending()
        from feltbox.rules.core import Decision, GameOver
        if isinstance(pending, GameOver) or auto.ms:
            break
        g._log(g._act(g.bridge.decide, g.seats.decide(pending)) if isinstance(pending, Decision)
               else g._act(g.bridge.physics, g.seats.aim(pending)))
    assert auto.ms, "no turn ended"
    h, _ = saves.load_game(home / "autosave.json")
    assert h.bridge.engine.hash() == g.bridge.engine.hash()
    assert not list(home.glob(".*.tmp"))


def test_undo_goes_back_to_the_last_choice_and_keeps_the_table():
    g = WindowGame(load_flickem(1), 0, "none")
    g.run_bots()
    start_hash, start_poses = g.bridge.engine.hash(), g.bridge.session.poses.copy()
    g.choose(0)
    g.undo()
    assert g.bridge.engine.hash() == start_hash
    assert np.array_equal(g.bridge.session.poses, start_poses)


def test_undo_refuses_after_a_flick_and_take_back_restores_the_table():
    g, before = _flicked()
    g.aim(0.0, 0.3)
    assert not np.array_equal(g.bridge.session.poses, before)
    with pytest.raises(UndoRefused, match="revealed new information"):
        g.undo()
    frames = g.take_back()
    assert np.array_equal(g.bridge.session.poses, before)
    assert np.array_equal(frames[-1], before)
    assert g.wants_aim()
    with pytest.raises(UndoRefused, match="no flick"):
        g.take_back()


def _tf_game():
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    from feltbox.scenes.loader import load_tailfeathers
    g = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    g.run_bots()
    for _ in range(6):
        g.pick(0)
    return g


def test_tail_feathers_round_trip_v2_and_v1(tmp_path):
    g = _tf_game()
    h, note = saves.load_game(saves.save_game(g, "tf"))
    assert note == "" and h.bridge.engine.hash() == g.bridge.engine.hash()
    assert np.array_equal(h.poses(), g.poses()) and h.choices() == g.choices() and h.bridge.rolls == g.bridge.rolls
    g.bridge.engine.save(tmp_path / "tf-v1.json")
    h1, note = saves.load_game(tmp_path / "tf-v1.json")
    assert "loaded exactly" in note
    assert np.array_equal(h1.poses(), g.poses()) and h1.bridge.rolls == g.bridge.rolls


def test_tail_feathers_undo_back_to_the_last_choice_and_no_take_back():
    # in the Tilt Phase: no die is thrown between this choice and the next (the rat bot's turns
    # in the Activation Phase may roll, and undo never goes back past a roll)
    from feltbox.game.tailfeathers.window_game import TFWindowGame
    from feltbox.scenes.loader import load_tailfeathers
    g = TFWindowGame(load_tailfeathers("show_of_force"), 0, "rat")
    g.run_bots()
    for _ in range(2):
        g.pick(0)
    before = g.bridge.engine.hash()
    poses = g.poses()
    g.pick(0)
    assert g.bridge.engine.hash() != before
    g.undo()
    assert g.bridge.engine.hash() == before and np.array_equal(g.poses(), poses)
    with pytest.raises(UndoRefused, match="nobody flicks"):
        g.take_back()


def test_the_starting_team_is_kept_by_the_save():
    g = WindowGame(load_flickem(6), 0, "A", first="B")
    state = g.bridge.engine.state
    assert state.flow.teams[state.flow.team_index] == "B"
    g.run_bots()
    h, _ = saves.load_game(saves.save_game(g, "first"))
    assert h.first == "B" and h.seats.bot_teams == {"A"}
    assert h.bridge.engine.hash() == g.bridge.engine.hash()


def test_a_game_on_a_players_own_scene_file_saves_its_path_and_loads_that_file(tmp_path):
    # S1 with the library moved a centimetre (x -27 -> -26): the save must name the file, not
    # "scenario 1", or loading it would lay the built-in S1 and the check of the table would fail
    own = tmp_path / "my city.toml"
    own.write_text(Path(load_flickem(1).source).read_text().replace("x = -27.0", "x = -26.0", 1))
    g = WindowGame(load_scene(own), 0, "none")
    assert g.scene_key() == str(own.resolve())
    assert WindowGame(load_flickem(1), 0, "none").scene_key() == 1
    h, note = saves.load_game(saves.save_game(g, "own"))
    assert note == "" and h.bridge.city.scene.source == str(own.resolve())
    library = [b.id for b in h.bridge.city.bodies].index("library")
    assert np.allclose(h.bridge.session.poses[library][:2], g.bridge.session.poses[library][:2])


def test_continue_shows_the_feed_and_the_last_dice_again():
    # issue 18: "After Continue, the event feed and last dice are empty". A loaded game re-shows
    # the events of its last actions: the feed lines, Tail Feathers' last dice, and ``recent``,
    # which a HUD opened on it starts its feed with (game/window/hud.py)
    g = _tf_game()
    assert g.rolls and g.recent
    h, _ = saves.load_game(saves.save_game(g, "tf-view"))
    assert h.rolls == g.rolls and h.feed and h.recent
    d = WindowGame(load_flickem(1), 0, "all")
    d.run_bots()
    e, _ = saves.load_game(saves.save_game(d, "dow-view"))
    assert e.feed and e.recent and e.recent[-1].kind == d.recent[-1].kind
