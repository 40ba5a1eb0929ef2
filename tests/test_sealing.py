"""The seal of a recorded game with secrets (game/replay/sealing.py, docs/replay-format.md "Hidden
information"), without a game: face-down tokens written without their kind, the commitment and
the keyed hashes, the REVL record. A whole sealed S9 game is tests/test_hidden_info.py's."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.replay.format import ReplayWriter
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.sealing import FACE_DOWN, Seal, header_body, neutral_body
from feltbox.game.table.bodies import BodySpec
from feltbox.models.catalog import TOKEN_NAMES
from feltbox.rules.core import state_hash


def test_a_face_down_token_is_the_same_body_whatever_its_kind():
    """Why a header may leave the kind out: mass, collision hulls and looks are the kind's back."""
    bodies = [BodySpec(f"token-{k}", "token", {"token": k, "face": "down"}).model for k in TOKEN_NAMES]
    first = bodies[0]
    for model in bodies[1:]:
        assert (model.mass, model.inertia, model.friction, model.restitution, model.margin, model.tags) == \
            (first.mass, first.inertia, first.friction, first.restitution, first.margin, first.tags)
        assert all(np.array_equal(a.points, b.points) for a, b in zip(model.collision, first.collision))
        assert [c for _, c in model.visuals] == [c for _, c in first.visuals]
        assert all(np.array_equal(a.vertices, b.vertices) for (a, _), (b, _) in zip(model.visuals, first.visuals))
    hidden = neutral_body(BodySpec("token-7", "token", {"token": "medicine", "face": "down"}))
    assert hidden == {"id": "token-7", "kind": "token", "params": FACE_DOWN}
    back = header_body(hidden)
    assert back.to_json() == hidden and back.model.mass == first.mass
    up = BodySpec("token-8", "token", {"token": "food", "face": "up"})
    assert neutral_body(up) == up.to_json() and header_body(up.to_json()) == up


def test_a_seal_commits_to_the_seed_and_keys_the_hashes_with_its_salt():
    a, b = Seal.new(9), Seal.new(9)
    assert a.salt != b.salt and a.commitment() != b.commitment() and len(a.salt) == 32
    state = {"round": 3}
    assert a.state_hash(state) != state_hash(state) and a.state_hash(state) != b.state_hash(state)
    assert a.state_hash(state) == Seal(9, a.salt).state_hash(state) and len(a.state_hash(state)) == 16
    assert Seal.from_json(a.to_json()) == a
    with pytest.raises(ValueError, match="REVL record"):
        Seal.from_json({"seed": "nine", "salt": a.salt})


def test_the_REVL_record_comes_once_last_and_the_trailer_says_so(tmp_path):
    from tests.test_replay import HEADER, INPUTS, turn_record
    start, frames = turn_record(0.5, 1, 1)
    with ReplayWriter(tmp_path / "r.fbr", HEADER) as w:
        w.add_episode("flick", start, INPUTS, frames, None)
        w.add_rule("EndTurn", {}, [], "0" * 16)
        w.add_reveal({"seed": 4, "salt": "ab" * 16})
        with pytest.raises(RuntimeError, match="after the REVL record"):
            w.add_rule("EndTurn", {}, [], "0" * 16)
    replay = read_replay(tmp_path / "r.fbr")
    assert replay.reveal == {"seed": 4, "salt": "ab" * 16} and replay.trailer["revealed"] is True
