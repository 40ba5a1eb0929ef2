"""Snowbirds' two d6 thrown for real (game/snowbirds/dice.py on game/table/dice_throw.py, models/d6.py).

Rulebook Components ("2 six-sided dice") and Risk & Dice ("Roll 2 dice and compare their sum")."""
from __future__ import annotations

import numpy as np
import pytest

# recorder.verify: the re-simulation itself (games.verify also asks games.py for the game by name,
# which knows Snowbirds once its rules are registered there)
from feltbox.game.replay.recorder import Recorder, verify
from feltbox.game.snowbirds import dice as sb_dice
from feltbox.game.table import dice_throw
from feltbox.game.table.table import Table
from feltbox.models import d6
from feltbox.models.catalog import build
from feltbox.models.snowbirds.pieces import tray_size

KIT = sb_dice.kit()
FLAT_Z = tray_size().floor + d6.size() / 2


def test_components_d6_has_pips_1_to_6_with_opposite_faces_summing_to_7():
    assert d6.FACES == (1, 2, 3, 4, 5, 6)
    for a in d6.FACES:
        opposite = [b for b in d6.FACES if np.allclose(d6.NORMALS[b - 1], -d6.NORMALS[a - 1])]
        assert opposite == [7 - a]
    assert {len(cells) for cells in d6.PIPS.values()} == set(d6.FACES)
    assert all(len(d6.PIPS[f]) == f for f in d6.FACES)
    die = build("d6")
    assert [p.kind for p in die.collision] == ["box"]
    assert np.allclose(np.asarray(die.collision[0].half_extents) * 2, 1.6)
    assert len(die.visuals) == 1 + 21                       # the body and 1+2+...+6 pips
    assert 4.0 < die.mass < 6.0


def test_components_d6_pips_lie_on_their_faces():
    die = build("d6")
    half = d6.size() / 2
    for mesh, colour in die.visuals[1:]:
        centre = mesh.bounds.mean(axis=0)
        axis = int(np.argmax(np.abs(centre)))
        assert abs(abs(centre[axis]) - half) < 0.02           # on a face, proud of it by a hair
        assert colour == d6.PIP


@pytest.mark.parametrize("face", d6.FACES)
def test_top_face_read_from_a_die_laid_on_that_face(face):
    bodies = KIT.bodies()
    poses = dice_throw.parked(KIT, bodies)
    poses[1] = np.concatenate([[2.0, -1.0, FLAT_Z + 0.3], d6.face_quat(face, 23.0)]).astype(np.float32)
    present = np.zeros(len(bodies), bool)
    present[:2] = True
    result = Table(bodies, poses, present, [1]).run()
    assert result.settled
    reading = dice_throw.read_dice(KIT, result.final, [0])[0]
    assert reading.face == face and reading.tilt < 1.0 and not reading.cocked
    assert d6.top_face(result.final[1, 3:7])[0] == face


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_risk_and_dice_two_dice_settle_flat_in_the_tray(seed):
    r = sb_dice.roll(seed)
    assert len(r.faces) == 2 and set(r.faces) <= set(d6.FACES)
    assert r.unsettled == 0 and all(t <= dice_throw.COCKED_DEG for t in r.tilts)
    assert r.measured() == {"faces": r.faces, "rerolled": r.rerolled}
    last = {}
    for ep in r.episodes:
        for name in ep.outcome["dice"]:
            last[int(name.split("-")[1]) - 1] = ep
    inner = tray_size()
    for k, face in enumerate(r.faces):
        pose = last[k].result.final[dice_throw.body_of(k)]
        assert d6.top_face(pose[3:7])[0] == face
        assert abs(pose[2] - FLAT_Z) < dice_throw.FLAT_TOLERANCE
        assert abs(pose[0]) < inner.inner_length / 2 and abs(pose[1]) < inner.inner_width / 2


def test_cocked_die_is_thrown_again_alone():
    r = sb_dice.roll(48)                 # seed 48: die 1 cocked, die 2 flat (found by a search)
    assert r.rerolled == [0] and r.attempts == len(r.episodes) == 2
    first, again = r.episodes[0], r.episodes[1]
    assert first.result.settled and first.outcome["cocked"] == ["die-1"]
    assert again.outcome["dice"] == ["die-1"]                    # only the cocked die is thrown
    assert set(again.world["absent"]) == {2}                     # die 2 set aside, read
    assert [str(r.faces[1]), str(r.faces[0])] == [first.outcome["faces"][1], again.outcome["faces"][0]]


def test_same_seed_gives_bit_identical_throws():
    a, b = sb_dice.roll(77), sb_dice.roll(77)
    assert a.faces == b.faces and len(a.episodes) == len(b.episodes)
    for x, y in zip(a.episodes, b.episodes):
        assert np.array_equal(x.result.frames.view(np.uint32), y.result.frames.view(np.uint32))
        assert x.inputs == y.inputs
    assert not np.array_equal(sb_dice.roll(78).episodes[0].start, a.episodes[0].start)


def test_throws_recorded_into_a_replay_verify_bit_exact(tmp_path):
    path = tmp_path / "sb-rolls.fbr"
    header = sb_dice.tray_header(5)
    assert [b["kind"] for b in header["bodies"]] == ["sb_dice_tray", "d6", "d6"]
    assert header["scene"] == {"game": "snowbirds", "number": 0, "source": "dice_tray"}
    recorder = Recorder(path, header)
    episodes = []
    for seed in (5, 48):                 # 48 re-throws its cocked die: more than one episode
        episodes += sb_dice.roll(seed, on_episode=recorder).episodes
    recorder.close()
    check = verify(path)
    assert check.ok, check.message
    assert check.episodes == len(episodes) >= 3
    assert check.frames == sum(len(e.result.frames) for e in episodes)


def test_a_replay_with_an_altered_throw_does_not_verify(tmp_path):
    path = tmp_path / "sb-bad.fbr"
    recorder = Recorder(path, sb_dice.tray_header(1))
    r = sb_dice.roll(1)
    throw = r.episodes[0].inputs[0]
    assert throw["op"] == "impulse"
    throw["vector"] = [v * 1.05 for v in throw["vector"]]       # a harder throw than the one simulated
    for ep in r.episodes:
        recorder(ep)
    recorder.close()
    assert not verify(path).ok
