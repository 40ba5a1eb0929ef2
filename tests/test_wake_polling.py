"""Every body Bullet wakes is read (issue 14: episodes that settle, files that cannot lie).

Bullet wakes a sleeping body not only when something touches it but when its bounding box
overlaps an awake body's (islands are united by broadphase pairs). Before replay v5, while a
flick's watched piece had touched nothing but the felt, the table asked only the bodies it had
already woken whether they were awake, so such a body settled unrecorded. Worked on the real S1
table: Anita's movement disc flicked at 153.89 degrees, power 0.55, slides past the hospital
(the bench's flick 26), whose box overlaps the disc's as it passes: Bullet wakes the hospital, its two
support blocks and box-1 on top, and they settle by 0.1-0.2 mm."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.replay.format import ReplayWriter
from feltbox.game.replay.reader import read_replay
from feltbox.game.replay.recorder import Recorder, city_header, verify
from feltbox.game.table.city import build_city
from feltbox.game.table.flick import Aim, setup_flick
from feltbox.game.table.session import Session
from feltbox.game.table.table import Table, legacy_wake_polling
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics

AIM = Aim(153.88865661621094, 0.55)
WOKEN = {"hospital", "hospital-support-0", "hospital-support-1", "box-1"}


def _flick(city, legacy: bool):
    session = Session(city)
    setup = setup_flick(city, session.poses, session.present, "survivor-anita", "movement_disc", AIM)
    with legacy_wake_polling(legacy):
        table = Table(city.bodies, setup.poses, setup.present, setup.awake)
    result = table.run(setup.inputs, watch=setup.watched)
    table.woken[:] = [node is not None for node in table.nodes]      # then read every body
    return result, table.poses()


def _moved(city, result) -> set[str]:
    return {city.bodies[i].id for i in np.flatnonzero((result.final != result.start).any(axis=1))}


def test_a_body_woken_by_an_overlap_is_read_and_recorded():
    city = build_city(load_flickem(1))
    result, bullet = _flick(city, legacy=False)
    assert _moved(city, result) == WOKEN | {"movement_disc"}
    assert np.array_equal(result.final, bullet)            # what Bullet did is what was recorded
    shift = np.linalg.norm(result.final[:, :3] - result.start[:, :3], axis=1)
    assert 0.005 < max(shift[city.index(b)] for b in WOKEN) < 0.05      # cm: a settling, not a hit
    assert result.contacts == []                            # the disc touched none of them


def test_before_v5_the_same_flick_left_them_unrecorded():
    """How a v1-v4 file was made (and is re-run): the hospital moved in Bullet, not in the file."""
    city = build_city(load_flickem(1))
    result, bullet = _flick(city, legacy=True)
    assert _moved(city, result) == {"movement_disc"}
    assert {city.bodies[i].id for i in np.flatnonzero((bullet != result.final).any(axis=1))} == WOKEN


def test_a_v5_file_verifies_and_a_v4_file_re_runs_the_old_way(tmp_path):
    """The same flick recorded now is a v5 file that verifies; written as v4 it does not (the
    re-run then polls the old way and leaves the hospital where it started); recorded the old
    way and written as v4, it verifies."""
    city = build_city(load_flickem(1))

    def record(path):
        recorder = Recorder(path, city_header(city, 1))
        Session(city, on_episode=recorder).flick("survivor-anita", "movement_disc", AIM)
        recorder.close()
        return read_replay(path)

    def as_v4(replay, path):
        header = {k: v for k, v in replay.header.items() if k not in ("format", "version")}
        with ReplayWriter(path, header, version=4) as writer:
            for ep in replay.episodes:
                writer.add_episode(ep.kind, ep.start, ep.inputs, ep.frames, ep.outcome)
        return path

    new = record(tmp_path / "new.fbr")
    assert new.header["version"] == 5 and verify(tmp_path / "new.fbr").ok
    wrong = verify(as_v4(new, tmp_path / "new-as-v4.fbr"))
    assert not wrong.ok and "first difference" in wrong.message and any(f"'{b}'" in wrong.message for b in WOKEN)
    with legacy_wake_polling():
        old = record(tmp_path / "old.fbr")
    assert verify(as_v4(old, tmp_path / "old-v4.fbr")).ok
