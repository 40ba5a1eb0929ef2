"""Every scenario's full city: a recorded turn re-simulates bit-exactly, and (slow suite, run with
`pytest -m slow`) the whole city left awake for 10 simulated seconds stays as it was set up."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.games import verify
from feltbox.game.replay.recorder import Recorder, city_header
from feltbox.game.table.city import build_city
from feltbox.game.table.flick import Aim
from feltbox.game.table.measure import fallen_mask
from feltbox.game.table.session import Session
from feltbox.game.table.table import Table
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


@pytest.mark.parametrize("number", range(1, 11))
def test_full_city_turn_records_and_verifies(tmp_path, number):
    city = build_city(load_flickem(number))
    path = tmp_path / f"s{number:02d}.fbr"
    recorder = Recorder(path, city_header(city, number))
    session = Session(city, on_episode=recorder)
    survivor = next(s.piece for s in city.scene.survivors
                    if session.present[city.index(s.piece)] and s.piece not in session.inside)
    s = city.index(survivor)
    zombies = sorted((i for i in city.ids("zombie") if session.present[i]),
                     key=lambda i: float(np.linalg.norm(session.poses[i, :2] - session.poses[s, :2])))
    target = session.poses[zombies[0], :2] - session.poses[s, :2]
    direction = float(np.degrees(np.arctan2(target[1], target[0])))
    session.flick(survivor, "movement_disc", Aim(direction + 25.0, 0.2))
    session.flick(survivor, "bullet", Aim(direction, 0.6))
    rush = session.rush([city.bodies[i].id for i in zombies[:3]], tuple(session.poses[s, :2]))
    waiting = [city.bodies[i].id for i in city.ids("zombie") if not session.present[i]]
    horde = session.horde(waiting[:2])
    recorder.close()
    assert rush.settled and horde.settled
    result = verify(path)
    assert result.ok, result.message
    assert result.episodes == 4


@pytest.mark.slow
@pytest.mark.parametrize("number", range(1, 11))
def test_whole_city_awake_for_10_s_stays_standing(number):
    """Nothing in a scene starts interpenetrating or balanced to fall: with every body awake for
    10 simulated seconds, no figure or object falls and nothing creeps more than 5 mm (measured:
    buildings kept awake by jittering neighbours creep 2-3 mm on their blocks; in play, resting
    pieces start asleep and a woken one sleeps 2 s after it stops)."""
    city = build_city(load_flickem(number))
    on = np.flatnonzero(city.present)
    table = Table(city.bodies, city.poses, city.present, awake=list(on))
    for _ in range(240):
        table.step()
    settled = table.poses()
    for _ in range(240 * 10):
        table.step()
    final = table.poses()
    standing = [i for i in on if {"figure", "object"} & city.bodies[i].model.tags]
    assert not fallen_mask(final[standing]).any(), [city.bodies[i].id for i in standing
                                                    if fallen_mask(final[[i]])[0]]
    drift = np.linalg.norm(final[on, :3] - settled[on, :3], axis=1)
    worst = int(np.argmax(drift))
    assert drift[worst] < 0.5, f"{city.bodies[on[worst]].id} crept {drift[worst]:.2f} cm"
