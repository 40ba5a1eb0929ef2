"""Hidden information stays hidden (rulebook TAKE / DROP OFF: a face-down token taken is looked at
by its taker only; S6 SPECIAL RULE; S9 SECRET OBJECTIVES and the betrayer) in the files and lines a
player can read while the game goes on: the replay being written and the event log and its
transcript (game/replay/sealing.py, game/text/public.py, docs/replay-format.md).

The S9 game is played headless by bots with a recorder and a log; after every action a scripted
reader reads the unfinished replay file (the temporary file it is written to) and the log as
they are on disk, and the secrets to look for come from the live rules state: each face-down
token's kind, each secret objective card, who holds a betrayer card, the plain state hashes (an
oracle for the seed) and the seed. ``leaks`` finds them; test_the_reader_finds_todays_leaks
shows it finds each kind of leak the v2 format had. Then the finished file verifies completely,
a changed commitment does not, and an unfinished file verifies what is public and says what not.
"""
from __future__ import annotations

import json
import struct

import pytest

from feltbox.game.cli.main import main
from feltbox.game.games import play_headless
from feltbox.game.players.headless import transcript
from feltbox.game.replay.format import MAGIC, ReplayWriter
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.sealing import commitment
from feltbox.game.replay.verify_flickem import flickem_recorder
from feltbox.rules.core import state_hash
from feltbox.rules.flickem.secrets import cards
from feltbox.rules.flickem.state import Waiting
from tests.test_replay_rules import rewrite

pytestmark = pytest.mark.physics
SEED = 9            # S9 by bots: ~140 actions, tokens looked at and kept face down from early on


def json_objects(data: bytes) -> list:
    """Every JSON object in a replay, finished or still being written: the header, each
    episode's meta, each RULE, REVL and TRLR record; a record the writer has not finished is
    left out."""
    assert data[:len(MAGIC)] == MAGIC
    (length,) = struct.unpack_from("<I", data, 12)
    found, pos = [json.loads(data[16:16 + length])], 20 + length
    while pos + 8 <= len(data):
        tag, size = struct.unpack_from("<4sI", data, pos)
        payload = data[pos + 8:pos + 8 + size]
        if len(payload) < size or pos + 12 + size > len(data):
            break
        if tag == b"EPIS":
            (meta,) = struct.unpack_from("<I", payload)
            found.append(json.loads(payload[4:4 + meta]))
        elif tag != b"POSE":
            found.append({"tag": tag.decode(), **json.loads(payload)})
        pos += 12 + size
    return found


def secrets_of(state, start_hash: str) -> dict:
    """What the rules have not revealed in ``state`` (S9 mid-game)."""
    data = state.data
    unmasked = {sid for sid, _ in data.betrayed}
    dealt = [cards()[c] for sid, c in data.secrets if sid not in unmasked]
    survivors = {s.id for s in data.survivors}
    return {"tokens": {t.id: t.kind for t in data.tokens if t.face == "down"},
            "held": {t.id for t in data.tokens if t.face == "down" and t.where in survivors},
            "words": {w for c in dealt for w in (c.id, c.title)},
            "betrayers": {sid for sid, c in data.secrets if cards()[c].betrayer and sid not in unmasked},
            "hashes": {state_hash(state), start_hash}}


def _strings(node) -> set[str]:
    if isinstance(node, dict):
        return set().union(*map(_strings, node.values())) if node else set()
    if isinstance(node, list):
        return set().union(*map(_strings, node)) if node else set()
    return {node} if isinstance(node, str) else set()


def _pairs(node, secret: dict, where: str) -> list[str]:
    """A JSON object that names a hidden token (or a betrayer) and, anywhere inside it, that
    token's kind (or a betrayer flag)."""
    out = []
    if isinstance(node, dict):
        named = {v for v in node.values() if isinstance(v, str)}
        for tid in named & set(secret["tokens"]):
            if secret["tokens"][tid] in _strings(node):
                out.append(f"{where}: {tid} with its kind {secret['tokens'][tid]!r}: {node}")
        if node.get("betrayer") is True or named & secret["betrayers"] and "betrayer" in node:
            out.append(f"{where}: a betrayer named: {node}")
        if node.get("seed") is not None and node.get("tag") != "REVL":
            out.append(f"{where}: the seed {node['seed']!r}")
        for value in node.values():
            out += _pairs(value, secret, where)
    elif isinstance(node, list):
        for value in node:
            out += _pairs(value, secret, where)
    return out


def leaks(replay: bytes, log: list[str], secret: dict) -> list[str]:
    """Every secret of ``secret`` that the replay bytes or the log lines (and their transcript) tell."""
    found = []
    for obj in json_objects(replay):
        found += _pairs(obj, secret, "replay")
        found += [f"replay: the REVL record before the game is over: {obj}"] * (obj.get("tag") == "REVL")
    for line in log:
        found += _pairs(json.loads(line), secret, "log")
    for line in transcript(log).splitlines() if log else ():
        found += [f"transcript: {line}" for tid, kind in secret["tokens"].items()
                  if f"token={tid} " in line + " " and f"kind={kind} " in line + " "]
        found += [f"transcript: a betrayer: {line}" for _ in range("betrayer=True" in line)]
    text = replay.decode("latin-1") + "\n".join(log)
    found += [f"a secret objective card: {w!r}" for w in sorted(secret["words"]) if w in text]
    found += [f"a plain state hash (a seed oracle): {h}" for h in sorted(secret["hashes"]) if h in text]
    return found


@pytest.fixture(scope="module")
def s9(tmp_path_factory):
    """S9 played to its end by bots, recorded sealed, logged; after each action before the end,
    what a player could read then and what the rules still hid."""
    from feltbox.scenes.loader import load_flickem
    folder = tmp_path_factory.mktemp("s9")
    path, log = folder / "s9.fbr", folder / "s9.jsonl"
    scene = load_flickem(9)
    recorder = flickem_recorder(path, scene, SEED)
    seen = []

    def read_now(bridge) -> None:
        state = bridge.engine.state
        if state.flow.waiting == Waiting.OVER:
            return
        (unfinished,) = folder.glob(".s9.fbr.*.tmp")           # the file being written
        lines = log.read_text(encoding="utf-8").splitlines()
        seen.append((unfinished.read_bytes(), lines, secrets_of(state, state_hash(bridge.engine.history[0].before))))

    result = play_headless(scene, SEED, log, on_episode=recorder, on_action=recorder.action, after_action=read_now)
    recorder.close()
    return path, result, seen, recorder.seal


def test_a_reader_of_the_unfinished_replay_and_log_learns_no_secret(s9):
    path, result, seen, _ = s9
    assert result.result.startswith("won") and len(seen) > 100
    # the secrets were there to leak: tokens looked at and kept face down, betrayers dealt
    assert any(secret["held"] for *_, secret in seen) and all(secret["betrayers"] for *_, secret in seen)
    assert any('"event": "looked at a token"' in line for line in seen[-1][1])
    assert sum(len(replay) for replay, *_ in seen[:10]) < sum(len(replay) for replay, *_ in seen[-10:])
    for replay, log, secret in seen:
        assert leaks(replay, log, secret) == []


def test_the_reader_finds_each_leak_of_the_v2_format(s9, tmp_path):
    """The reader above is not blind: each leak the v2 format had, alone in a file (or a log),
    is found."""
    from feltbox.game.flickem.bridge import FlickemBridge
    from feltbox.game.replay.recorder import city_header
    from feltbox.scenes.loader import load_flickem
    *_, (replay, log, secret) = s9[2]
    tid = sorted(secret["held"])[0]
    kind, betrayer = secret["tokens"][tid], sorted(secret["betrayers"])[0]
    bridge = FlickemBridge(load_flickem(9), SEED)
    card = cards()[dict(bridge.engine.state.data.secrets)[betrayer]]
    base = {**city_header(bridge.city, None), "rules": {"game": "flickem", "scenario": 9, "commitment": "0" * 64}}
    looked = {"kind": "looked at a token", "data": {"survivor": "survivor-gabriel", "token": tid, "kind": kind},
              "visible_to": ["A"]}
    shown = {"kind": "objective card shown", "data": {"survivor": betrayer, "card": card.id, "betrayer": True},
             "visible_to": None}
    cases = {"none": (base, [], "0" * 16),
             "v2 bodies": ({**base, "bodies": [b.to_json() for b in bridge.city.bodies]}, [], "0" * 16),
             "v2 seed": ({**base, "seed": SEED, "rules": {**base["rules"], "seed": SEED}}, [], "0" * 16),
             "plain hash": (base, [], sorted(secret["hashes"])[0]),
             "event data": (base, [looked], "0" * 16),
             "card": (base, [shown], "0" * 16)}
    for name, (header, events, hashed) in cases.items():
        with ReplayWriter(tmp_path / "case.fbr", header) as w:
            w.add_rule("KeepToken", {"keep": True, "token": None}, events, hashed)
        found = leaks((tmp_path / "case.fbr").read_bytes(), [], secret)
        assert bool(found) == (name != "none"), (name, found)
    v2_log = [json.dumps({"turn": 6, "event": looked["kind"], **looked["data"], "visible_to": ["A"]})]
    assert leaks(replay, v2_log, secret) and leaks(replay, log + v2_log, secret)


def _flip(digits: str) -> str:
    """``digits`` with its first hex digit changed (a fixed "f" left one commitment in 16 as it was)."""
    return ("0" if digits[0] != "0" else "1") + digits[1:]


def test_a_finished_game_verifies_completely_and_a_changed_commitment_does_not(s9, tmp_path, capsys):
    path, _, _, seal = s9
    replay = read_replay(path)
    assert replay.reveal == seal.to_json() and replay.trailer["revealed"] is True
    assert replay.header["seed"] is None and replay.header["rules"]["commitment"] == commitment(SEED, seal.salt)
    assert main(["replay", str(path), "--verify"]) == 0
    out = capsys.readouterr().out
    assert f"{len(replay.rules)} rules actions, every state hash and outcome as recorded" in out
    assert "the revealed seed matches the commitment" in out and "cannot check" not in out
    other = commitment(SEED + 1, seal.salt)
    changed = {"revealed seed": {"edit_reveal": lambda r: r.update(seed=SEED + 1)},
               "commitment": {"edit_header": lambda h: h["rules"].update(commitment=_flip(h["rules"]["commitment"]))},
               "both": {"edit_reveal": lambda r: r.update(seed=SEED + 1),
                        "edit_header": lambda h: h["rules"].update(commitment=other)}}
    for name, edits in changed.items():
        bad = rewrite(path, tmp_path / "bad.fbr", **edits)
        assert main(["replay", str(bad), "--verify"]) == 1, name
        out = capsys.readouterr().out
        why = "before action 0" if name == "both" else "do not match the header's commitment"
        assert out.startswith("DIFFERS: ") and why in out, (name, out)


def test_an_unfinished_replay_verifies_what_is_public_and_says_what_it_cannot(s9, tmp_path, capsys):
    path = s9[0]
    cut = rewrite(path, tmp_path / "cut.fbr", rules=30)
    assert read_replay(cut).reveal is None and read_replay(cut).trailer["revealed"] is False
    assert main(["replay", str(cut), "--verify"]) == 0
    ok, unchecked = capsys.readouterr().out.splitlines()
    assert ok.startswith("ok: ") and "30 rules actions, every measured outcome as its episode shows" in ok
    assert unchecked.startswith("cannot check: ") and "the game did not end, so its seed stays sealed" in unchecked
    measured = next(r.index for r in read_replay(cut).rules if r.type == "Measured")

    def moved(rule):
        if rule.index == measured:
            rule.data["outcome"]["settled"] = not rule.data["outcome"]["settled"]
    bad = rewrite(path, tmp_path / "bad.fbr", rules=30, edit=moved)
    assert main(["replay", str(bad), "--verify"]) == 1
    assert f"action {measured} (Measured)" in capsys.readouterr().out
