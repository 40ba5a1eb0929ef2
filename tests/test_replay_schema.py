"""Replays that are well-formed but wrong (docs/replay-format.md, "Schema").

Each case edits one value of a real recording and reseals it (every CRC and the rules hash
recomputed: tests/replay_edit.py), so only the schema can tell. Every one must be refused by the
reader, and by ``feltbox replay`` with exit 2 and one line naming the file, the record and the
field, before any physics runs.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from feltbox.game.cli.main import main
from feltbox.game.games import read_game_replay
from feltbox.game.replay.format import ReplayWriter
from feltbox.game.replay.reader import ReplayError, read_replay
from feltbox.game.replay.record_schemas import schema_markdown
from tests.replay_edit import edited
from tests.test_replay import HEADER as PLAIN
from tests.test_replay import INPUTS, turn_record
from tests.test_replay_rules import record_opening

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.physics


@pytest.fixture(scope="module")
def opening(tmp_path_factory) -> bytes:
    """A recorded S1 opening (bots, rules actions and a few episodes), as bytes."""
    path = tmp_path_factory.mktemp("schema") / "opening.fbr"
    record_opening(path, actions=8)
    return path.read_bytes()


def _set(key, value):
    return lambda record: record.update({key: value})


def _body(i, value):
    def edit(header):
        header["bodies"][i] = value
    return edit


def _inputs(i, change):
    def edit(meta):
        meta["inputs"][i] = change(meta["inputs"][i])
    return edit


# (what the attacker did, the edit, the record and field the one line must name)
HEADER = {
    "format null": (_set("format", None), "header: format"),
    "format another string": (_set("format", "feltbox-save"), "header: format"),
    "version 1e9": (_set("version", 1e9), "header: version"),
    "version -2": (_set("version", -2), "header: version"),
    "seed 1e9": (_set("seed", 1e9), "header: seed"),
    "scene number 1e9": (lambda h: h["scene"].update(number=1e9), "header: scene.number"),
    "bodies an int": (_set("bodies", 5), "header: bodies"),
    "rules null": (_set("rules", None), "header: rules"),
    "a body an int": (_body(3, 7), "header: bodies[3]"),
    "scene a bool": (_set("scene", True), "header: scene"),
    "tick_hz a string": (_set("tick_hz", "240"), "header: tick_hz"),
    "an unknown piece kind": (lambda h: h["bodies"][0].update(kind="disc"), "header: bodies[0].kind"),
    "a bad piece parameter": (lambda h: h["bodies"][5]["params"].update(number=99), "header: bodies[5]"),
    "a body twice": (lambda h: h["bodies"].__setitem__(1, h["bodies"][0]), "header: bodies"),
    "rules of another scenario": (lambda h: h["rules"].update(scenario=2), "header: rules.scenario"),
    "rules of an unknown game": (lambda h: h["rules"].update(game="chess"), "header: rules.game"),
    "an RTL override in an id": (lambda h: h["bodies"][0].update(id="limit\u202ews"), "header: bodies[0].id"),
    "an unknown key": (_set("cheat", 1), "header: cheat"),
}
EPISODE = {
    "start_tick null": (_set("start_tick", None), "start_tick"),
    "start_tick -1": (_set("start_tick", -1), "start_tick"),
    "start_tick 1e9": (_set("start_tick", 10**9), "start_tick"),
    "kind FLICK": (_set("kind", "FLICK"), "kind"),
    "kind empty": (_set("kind", ""), "kind"),
    "frames a string": (lambda m: m.update(frames=str(m["frames"])), "frames"),
    "an input null": (_inputs(1, lambda i: None), "inputs[1]"),
    "an unknown input op": (_inputs(1, lambda i: {**i, "op": "jump"}), "inputs[1].op"),
    "an input on no body": (_inputs(1, lambda i: {**i, "body": 10**6}), "inputs[1].body"),
    "an input on an absent body": (lambda m: m["inputs"][1].update(body=m["inputs"][0]["absent"][0]), "inputs[1].body"),
    "an input after the last tick": (_inputs(1, lambda i: {**i, "tick": 10**6}), "inputs[1].tick"),
    "no world record": (lambda m: m.update(inputs=m["inputs"][1:]), "inputs[0].absent"),
    "the world record's watch a string": (lambda m: m["inputs"][0].update(watch="64"), "inputs[0].watch"),
    "outcome flicked nobody": (lambda m: m["outcome"].update(flicked="nobody"), "outcome.flicked"),
    "outcome started_in no building": (lambda m: m["outcome"].update(started_in="car"), "outcome.started_in"),
    "outcome a list": (_set("outcome", []), "outcome"),
}
RULE = {
    "data a list": (_set("data", []), "data"),
    "data true": (_set("data", True), "data"),
    "events a string": (_set("events", ""), "events"),
    "index a string": (_set("index", "0"), "index"),
    "an unknown action": (_set("type", "WinGame"), "type"),
    "a field of the wrong type": (_set("data", {"survivor": 5}), "data.survivor"),
    "a field the action has not": (_set("data", {"survivor": "survivor-anita", "cheat": True}), "data.cheat"),
    "a hash that is no hash": (_set("hash", "xyz"), "hash"),
}


def _expect_refused(tmp_path, capsys, data: bytes, *where: str) -> None:
    path = tmp_path / "edited.fbr"
    path.write_bytes(data)
    with pytest.raises(ReplayError) as caught:
        read_game_replay(path)
    assert "\n" not in str(caught.value) and all(w in str(caught.value) for w in where), str(caught.value)
    for extra in (["--info"], ["--verify"]):
        assert main(["replay", str(path), *extra]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0 and str(path) in err and all(w in err for w in where), err


@pytest.mark.parametrize("case", HEADER)
def test_a_resealed_header_that_is_wrong_is_refused_naming_the_field(opening, tmp_path, capsys, case):
    edit, where = HEADER[case]
    _expect_refused(tmp_path, capsys, edited(opening, header=edit), where)


@pytest.mark.parametrize("case", EPISODE)
def test_a_resealed_episode_that_is_wrong_is_refused_naming_the_field(opening, tmp_path, capsys, case):
    edit, where = EPISODE[case]
    _expect_refused(tmp_path, capsys, edited(opening, episode=(0, edit)), "episode 0 (the EPIS record at byte",
                    f"): {where}: ")


@pytest.mark.parametrize("case", RULE)
def test_a_resealed_rules_action_that_is_wrong_is_refused_naming_the_field(opening, tmp_path, capsys, case):
    edit, where = RULE[case]
    _expect_refused(tmp_path, capsys, edited(opening, rule=(0, edit)), f"rules action 0 record: {where}")


def test_a_measured_outcome_that_is_wrong_is_refused(opening, tmp_path, capsys):
    replay = read_replay_bytes(opening, tmp_path)
    measured = next(r.index for r in replay.rules if r.type == "Measured")
    for outcome, where in ((5, "data.outcome"), ({"flicked": 3}, "data.outcome.flicked"),
                           ({"extra": {"end": [1.0]}}, "data.outcome.extra.end")):
        data = edited(opening, rule=(measured, _set("data", {"outcome": outcome})))
        _expect_refused(tmp_path, capsys, data, f"rules action {measured} record: {where}")


def test_a_resealed_trailer_with_numbers_as_strings_is_refused(opening, tmp_path, capsys):
    data = edited(opening, trailer=lambda t: t.update(episodes=str(t["episodes"])))
    _expect_refused(tmp_path, capsys, data, "trailer: episodes")


def test_nan_is_not_json_and_the_untouched_recording_still_reads(opening, tmp_path, capsys):
    _expect_refused(tmp_path, capsys, edited(opening, header=_set("tick_hz", float("nan"))), "header: not JSON")
    assert read_replay_bytes(opening, tmp_path).header["scene"]["number"] == 1
    assert read_replay_bytes(edited(opening), tmp_path).header["scene"]["number"] == 1   # resealing alone changes nothing


def read_replay_bytes(data: bytes, tmp_path):
    path = tmp_path / "as-is.fbr"
    path.write_bytes(data)
    return read_game_replay(path)


def test_a_reveal_record_that_is_wrong_is_refused(tmp_path):
    start, frames = turn_record(0.5, 1, 1)
    with ReplayWriter(tmp_path / "r.fbr", PLAIN) as w:
        w.add_episode("flick", start, INPUTS, frames, None)
        w.add_reveal({"seed": 4, "salt": "ab" * 16})
    data = (tmp_path / "r.fbr").read_bytes()
    for reveal, where in (({"seed": "4", "salt": "ab" * 16}, "seed"), ({"seed": 4}, "salt")):
        bad = tmp_path / "bad.fbr"
        bad.write_bytes(edited(data, reveal=lambda r, new=reveal: new))
        with pytest.raises(ReplayError, match=f"the REVL record at byte \\d+: {where}"):
            read_replay(bad)


def test_the_docs_print_the_schema_the_reader_checks():
    doc = (ROOT / "docs" / "replay-format.md").read_text(encoding="utf-8")
    begin, end = "<!-- schema tables: written by record_schemas.schema_markdown() -->\n", "<!-- end of the schema tables -->"
    written = doc[doc.index(begin) + len(begin):doc.index(end)]
    assert written == schema_markdown(), "docs/replay-format.md's schema tables are out of date: paste schema_markdown()"
