"""Tail Feathers action dice rolled for real in the tray (game/tailfeathers/dice.py, models/tailfeathers/)."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from feltbox.game.games import verify
from feltbox.game.replay.recorder import Recorder
from feltbox.game.table.table import Table
from feltbox.game.tailfeathers import dice as tf_dice
from feltbox.models.catalog import build
from feltbox.models.tailfeathers import tray
from feltbox.models.tailfeathers.dice import FACE_NORMALS, FACES, NORMALS, SIZE, face_quat, top_face_index

FLAT_Z = tray.floor_top() + SIZE / 2


def test_die_faces_are_the_six_action_die_faces_on_six_axes():
    assert FACES == ("bow", "bow_mark", "cheese", "sword_shield", "sword_shield_mark", "sword_mark")
    assert set(FACE_NORMALS) == set(FACES)
    assert np.allclose(np.abs(NORMALS).sum(axis=1), 1.0) and np.allclose(np.abs(NORMALS).max(axis=1), 1.0)
    assert len({tuple(v) for v in NORMALS.tolist()}) == 6          # +-x, +-y, +-z, each once
    die = build("tf_action_die")
    assert [p.kind for p in die.collision] == ["box"]
    assert np.allclose(np.asarray(die.collision[0].half_extents) * 2, SIZE)
    assert build("tf_dice_tray").mass == 0.0


@pytest.mark.parametrize("face", FACES)
def test_top_face_reading_agrees_with_a_die_laid_down_on_that_face(face):
    bodies = tf_dice.dice_bodies()
    poses = tf_dice._parked(bodies)
    poses[1] = np.concatenate([[2.0, -1.0, FLAT_Z + 0.3], face_quat(face, 37.0)]).astype(np.float32)
    present = np.zeros(len(bodies), bool)
    present[:2] = True
    result = Table(bodies, poses, present, [1]).run()
    assert result.settled
    reading = tf_dice.read_dice(result.final, [0])[0]
    assert reading.face == face and reading.tilt < 1.0 and not reading.cocked
    assert abs(result.final[1, 2] - FLAT_Z) < 0.01


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_roll_settles_flat_in_the_tray_and_faces_match_the_poses(seed):
    r = tf_dice.roll(6, seed)
    assert len(r.faces) == 6 and set(r.faces) <= set(FACES)
    assert r.unsettled == 0 and all(t <= tf_dice.COCKED_DEG for t in r.tilts)
    last = {}                                            # the episode each die was last thrown in
    for ep in r.episodes:
        assert ep.result.settled
        for name in ep.outcome["dice"]:
            last[int(name.split("-")[1]) - 1] = ep
    for k, face in enumerate(r.faces):
        pose = last[k].result.final[tf_dice.body_of(k)]
        index, tilt = top_face_index(pose[3:7])
        assert FACES[int(index)] == face and tilt < 2.0
        assert abs(pose[2] - FLAT_Z) < tf_dice.FLAT_TOLERANCE
        assert abs(pose[0]) < tray.INNER_LENGTH / 2 and abs(pose[1]) < tray.INNER_WIDTH / 2


def test_cocked_rule_tilt_or_not_on_the_floor():
    poses = tf_dice._parked(tf_dice.dice_bodies())
    poses[1] = np.concatenate([[0, 0, FLAT_Z], face_quat("cheese")])
    tilted = np.array([np.cos(np.radians(10)), np.sin(np.radians(10)), 0.0, 0.0])    # 20 degrees
    poses[2] = np.concatenate([[3, 0, FLAT_Z + 0.2], tilted])
    poses[3] = np.concatenate([[0, 0, FLAT_Z + SIZE], face_quat("bow")])             # on die 1
    poses[4] = np.concatenate([[30, 0, SIZE / 2], face_quat("bow")])                 # out of the tray
    cocked = [r.cocked for r in tf_dice.read_dice(poses, [0, 1, 2, 3])]
    assert cocked == [False, True, True, True]


def test_cocked_dice_are_rolled_again_alone():
    for seed in range(300):
        r = tf_dice.roll(6, seed)
        if r.rerolled:
            break
    else:
        pytest.fail("no roll of 6 dice in 300 seeds had a cocked die")
    assert r.attempts == len(r.episodes) >= 2
    first, again = r.episodes[0], r.episodes[1]
    assert first.outcome["cocked"] == [f"die-{k + 1}" for k in r.rerolled]
    assert again.outcome["dice"] == first.outcome["cocked"]
    assert set(again.world["absent"]) == set(range(1, 11)) - {tf_dice.body_of(k) for k in r.rerolled}
    assert r.measured() == {"faces": r.faces, "rerolled": r.rerolled}


def test_same_seed_gives_bit_identical_rolls():
    a, b = tf_dice.roll(5, 1234), tf_dice.roll(5, 1234)
    assert a.faces == b.faces and len(a.episodes) == len(b.episodes)
    for x, y in zip(a.episodes, b.episodes):
        assert np.array_equal(x.result.frames.view(np.uint32), y.result.frames.view(np.uint32))
        assert x.inputs == y.inputs
    assert not np.array_equal(tf_dice.roll(5, 1235).episodes[0].start, a.episodes[0].start)


def test_roll_episodes_recorded_into_a_replay_verify_bit_exact(tmp_path):
    path = tmp_path / "rolls.fbr"
    recorder = Recorder(path, tf_dice.tray_header(9))
    episodes = []
    for seed in (3, 4):
        episodes += tf_dice.roll(4, seed, on_episode=recorder).episodes
    recorder.close()
    check = verify(path)
    assert check.ok, check.message
    assert check.episodes == len(episodes) and check.frames == sum(len(e.result.frames) for e in episodes)


@pytest.mark.slow
def test_many_rolls_are_uniform_over_the_six_faces():
    """600 dice (100 rolls of 6): chi-square against uniform, 5 degrees of freedom."""
    from scipy.stats import chisquare
    counts = Counter()
    for seed in range(100):
        counts.update(tf_dice.roll(6, 10_000 + seed).faces)
    observed = [counts[f] for f in FACES]
    assert sum(observed) == 600 and min(observed) > 0
    stat, p = chisquare(observed)
    print(f"faces {dict(zip(FACES, observed))} chi2={stat:.2f} p={p:.3f}")
    assert stat < 20.5          # p > 0.001
