"""What a rush watches (issue 14, "a bench that measures what it says"; game/table/touch_gate.py).

The rules read a rush's or a horde's touches only for S1 INSTANT DEFEAT ("If a zombie touches the
RV or either of its support blocks"): in S1 the rushing zombies are watched for touches of the RV
and its blocks alone, each queried only while it may be touching them; elsewhere nothing is
watched. Real S1 set-up (scenes/flickem/s01.toml), real Bullet, real replay files."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.replay.format import VERSION, ReplayWriter
from feltbox.game.replay.poses import ReplayError
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import Recorder, city_header, rerun, verify
from feltbox.game.table.city import build_city, rest_pose
from feltbox.game.table.rush import setup_rush
from feltbox.game.table.session import Session
from feltbox.game.table.table import Table
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics

RUSH = ["zombie-08", "zombie-03"]


def _into_the_rv(session: Session) -> tuple[float, float]:
    """zombie-08 stood at (17, 22), 5 cm east of the RV's east block's side (x 12 +- 4) and 8 cm
    south of its front (y 30.5): the tower goes directly behind it (south), its exit due north at
    (17, 45), a line that misses the RV, so the exit is not turned (rulebook IMPORTANT); zombie-03
    tumbles out of the second slot, west of the line, into rv-support-0 and then the RV."""
    city = session.city
    i = city.index("zombie-08")
    session.poses[i] = rest_pose(city.bodies[i], 17.0, 22.0, 90.0)
    return (17.0, 45.0)


def test_S1_INSTANT_DEFEAT_a_zombie_rushing_into_the_RV_is_caught_by_the_watch_through_the_real_table():
    bridge = FlickemBridge(load_flickem(1), seed=1)
    session = bridge.session
    target = _into_the_rv(session)
    episodes = []
    session.on_episode = episodes.append
    outcome = session.rush(RUSH, target)
    rv = ["rv", "rv-support-0", "rv-support-1"]
    city = session.city
    assert episodes[-1].world["watch"] == [city.index(z) for z in RUSH]
    assert episodes[-1].world["touch"] == [city.index(p) for p in rv]
    assert outcome.touched["zombie-03"] == ("rv-support-0", "rv")
    assert set(outcome.touched["zombie-08"]) <= set(rv)        # only the RV's parts are recorded
    assert "zombie-03" in bridge.table_facts(outcome, False).touching_rv


def test_the_gated_watch_finds_every_touch_of_the_RV_at_the_tick_a_query_every_tick_finds_it():
    """The same rush with the old watch (every rushing zombie queried every tick, every touch
    recorded): the same frames, and its touches of the RV's parts are the gated watch's, tick for
    tick; the gate queried far less."""
    city = build_city(load_flickem(1))
    session = Session(city)
    target = _into_the_rv(session)
    setup = setup_rush(city, session.poses, session.present, RUSH, target)
    rv = [city.index(p) for p in ("rv", "rv-support-0", "rv-support-1")]
    full = Table(city.bodies, setup.poses, setup.present, setup.awake).run(setup.inputs, watch=setup.awake)
    gated = Table(city.bodies, setup.poses, setup.present, setup.awake).run(setup.inputs, watch=setup.awake,
                                                                             touch=rv)
    assert np.array_equal(full.frames, gated.frames) and full.ticks == gated.ticks
    assert gated.contacts_of == {w: [(t, b) for t, b in c if b in rv] for w, c in full.contacts_of.items()}
    assert gated.contacts_of[city.index("zombie-03")] == [(121, rv[1]), (126, rv[0])]
    assert any(b not in rv for c in full.contacts_of.values() for _, b in c)   # the old watch saw more


def test_outside_S1_a_rush_and_a_horde_watch_nothing():
    city = build_city(load_flickem(2))
    episodes = []
    session = Session(city, on_episode=episodes.append)
    zombies = [city.bodies[i].id for i in city.ids("zombie") if city.present[i]]
    survivor = next(city.bodies[i].id for i in city.ids("survivor") if city.present[i])
    outcome = session.rush(zombies[:2], tuple(float(v) for v in session.poses[city.index(survivor), :2]))
    assert outcome.touched == {} and episodes[-1].world["watch"] is None and "touch" not in episodes[-1].world


def test_a_new_recording_verifies_and_a_v3_recording_reruns_with_the_watch_it_stored(tmp_path):
    """New files store the touch list (since v4) and verify; a v3 file of the same rush (no touch list:
    every touch of a watched zombie, as v3 recorded them) verifies and re-runs as it was made, and
    a touch list in a v3 file is refused."""
    city = build_city(load_flickem(1))
    path = tmp_path / "rush.fbr"
    recorder = Recorder(path, city_header(city, 1))
    session = Session(city, on_episode=recorder)
    session.rush(RUSH, _into_the_rv(session))
    recorder.close()
    assert verify(path).ok
    replay = read_replay(path)
    (episode,) = replay.episodes
    assert replay.header["version"] == VERSION and "touch" in episode.inputs[0]
    old_world = {k: v for k, v in episode.inputs[0].items() if k != "touch"}
    header = {k: v for k, v in replay.header.items() if k not in ("format", "version")}
    old = tmp_path / "rush-v3.fbr"
    with ReplayWriter(old, header, version=3) as writer:
        writer.add_episode(episode.kind, episode.start, [old_world, *episode.inputs[1:]], episode.frames,
                           episode.outcome)
    assert verify(old).ok
    again = rerun(city.bodies, episode.start, read_replay(old).episodes[0].inputs, 3)
    touched = {b for c in again.contacts_of.values() for _, b in c}
    assert city.index("zombie_tower") in touched or city.index("roof_support") in touched   # not only the RV
    bad = tmp_path / "touch-in-v3.fbr"
    with ReplayWriter(bad, header, version=3) as writer:
        writer.add_episode(episode.kind, episode.start, episode.inputs, episode.frames, episode.outcome)
    with pytest.raises(ReplayError, match="touch list in a version 3 replay"):
        read_replay(bad)
