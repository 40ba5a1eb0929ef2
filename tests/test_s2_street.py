"""S2 They're Everywhere!'s house map (scenes/flickem/s02.toml, issue 11): the street from the
survivors' start to the north is open. lamp-2 stood at (-18.4, -14.4), between box-3 (-26.3,
-16.6) and zombie-07 (-11.3, -16.3), 4.2 cm and less from each (a movement disc is 4 cm across):
with the two zombies beside them, a wall across the south of the city. It now stands at the
west edge (-38, -22)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_paths import DISC_R, Clearance
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_MOVE_S2_a_disc_passes_between_box_3_and_the_zombie_beside_it():
    """box-3 (half 1.6 cm) ends at x -24.7, zombie-07's base (half 1.3 cm) begins at x -12.6:
    12.1 cm of street between them at y -16.5, worked out by hand; its middle (-18.65, -16.45)
    is 6 cm from both, room for a disc (2 cm) with 4 to spare. With the lamp there (before) the
    middle was inside its base."""
    bridge = FlickemBridge(load_flickem(2), 1)
    clear = Clearance(bridge.session)
    here = {b.id: bridge.session.poses[i, :2].astype(float) for i, b in enumerate(bridge.city.bodies)}
    assert np.allclose(here["box-3"], (-26.3, -16.6), atol=0.1)
    assert np.allclose(here["zombie-07"], (-11.3, -16.3), atol=0.1)
    middle = np.array([-18.65, -16.45])
    assert clear.gap(middle)[0] == pytest.approx(6.0, abs=0.1)
    assert clear.gap(middle)[0] > DISC_R + 3.0
    assert clear.free(np.array([-18.65, -24.0]), np.array([-18.65, -8.0]))    # a straight lane north


def test_MOVE_S2_the_way_from_the_start_to_the_hospital_goes_through_the_gap():
    """Mike starts at (0, -24); the hospital's door faces south at (0, 28), 52 cm away in a
    straight line. Round the west edge (the only way with the wall shut) it was 100 cm along the
    street; through the gap it is under 75."""
    bridge = FlickemBridge(load_flickem(2), 1)
    bot = Bot(bridge)
    way = bot.travel("hospital", np.array([0.0, -24.0]))
    assert way is not None and 52.0 < way < 75.0
