"""Winter and night on the table (game/render/mood.py, moods.toml; issue 13): Dead of Winter's felt
is snow, its night is dark with a pool of lamplight under each standing street lamp's head (worked
out from the lamp's model: the head is 2.4 cm out along the lamp's +x, 10.4 cm up), a fallen lamp
is out, other games keep the plain green table, and the window's look follows the rules' round."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from feltbox.game.flickem.window_game import WindowGame
from feltbox.game.render.mood import lamp_heads, mood_for
from feltbox.game.render.offscreen import Renderer
from feltbox.game.table.bodies import BodySpec
from feltbox.rules.flickem.state import DAY, NIGHT
from feltbox.scenes.loader import load_flickem
from tests.test_render_look import pixel_at

pytestmark = pytest.mark.render


def test_a_lamps_head_is_where_its_pose_puts_it_and_a_fallen_lamp_is_out():
    turned = math.radians(90) / 2                                   # standing, turned 90 deg about z
    lying = math.radians(90) / 2                                    # laid on its side about x
    poses = np.array([[10.0, 5.0, 0.3, 1, 0, 0, 0],
                      [10.0, 5.0, 0.3, math.cos(turned), 0, 0, math.sin(turned)],
                      [10.0, 5.0, 0.3, math.cos(lying), math.sin(lying), 0, 0]])
    heads, standing = lamp_heads(poses)
    assert heads[0] == pytest.approx([12.4, 5.0])                   # +x by the arm's reach
    assert heads[1] == pytest.approx([10.0, 7.4])                   # the arm turned to +y
    assert list(standing) == [True, True, False]


def _lamp_picture(night: bool, fallen: bool = False, nightfall: bool = False):
    """The felt near the lamp's head and far away. ``nightfall``: the window's order at a round's
    end, the pieces posed by day and night falling on them (the lamp's pool placed at once, not left
    at the table's centre until the pieces next move)."""
    renderer = Renderer(480, 360, shadows=False, antialias=False)
    renderer.set_mood(mood_for("flickem", night and not nightfall))
    lamp = BodySpec("lamp-1", "street_lamp")
    q = (math.cos(math.pi / 4), math.sin(math.pi / 4), 0, 0) if fallen else (1, 0, 0, 0)
    renderer.set_bodies([lamp])
    renderer.set_poses(np.array([[-20.0, 0.0, lamp.model.rest_height, *q]], np.float32))
    if nightfall:
        renderer.set_mood(mood_for("flickem", night=True))
    renderer.look("top")
    image = renderer.image().astype(float)
    under = image[pixel_at(renderer, (-20.0 + 2.4 + 4.0, 3.0, 0.0))]   # lit felt near the head's foot
    away = image[pixel_at(renderer, (30.0, 30.0, 0.0))]                # plain felt far away
    centre = image[pixel_at(renderer, (0.0, 0.0, 0.0))]                # the table's centre, 22 cm from the head
    renderer.close()
    return under, away, centre


def test_dead_of_winter_is_snow_by_day_and_dark_with_lit_lamps_by_night():
    day_under, day_away, _ = _lamp_picture(night=False)
    assert day_away[2] > day_away[0] and day_away.mean() > 150            # snow: light, bluish
    assert abs(day_under.mean() - day_away.mean()) < 12                   # no lamplight by day
    night_under, night_away, _ = _lamp_picture(night=True)
    assert night_away.mean() < 0.6 * day_away.mean()                      # night is dark
    assert night_under.mean() > night_away.mean() + 40                    # the lamp lights the snow
    added = night_under - night_away
    assert added[0] > added[1] > added[2]                                 # warm light on blue snow
    fallen_under, fallen_away, _ = _lamp_picture(night=True, fallen=True)
    assert abs(fallen_under.mean() - fallen_away.mean()) < 12             # a fallen lamp is out


def test_night_falling_on_posed_pieces_lights_the_felt_under_the_lamp_not_the_tables_centre():
    """The window's order: pieces posed by day, then the round ends and night falls. The pool goes
    under the head (-17.6, 0) at once; before, it waited at the origin, lighting the table's centre,
    until the pieces next moved (seen in a window screenshot of S4's night)."""
    under, away, centre = _lamp_picture(night=True, nightfall=True)
    assert under.mean() > away.mean() + 40
    assert abs(centre.mean() - away.mean()) < 12


def test_other_games_keep_the_plain_table():
    assert mood_for("tailfeathers") is None and mood_for("snowbirds", night=True) is None


def test_the_windows_look_follows_the_rules_round():
    game = WindowGame(load_flickem(1), 0, "none")
    engine = game.bridge.engine
    assert engine.state.flow.colour == DAY and not game.night()
    engine.state = replace(engine.state, flow=replace(engine.state.flow, colour=NIGHT))
    assert game.night() and mood_for(game.name, game.night()).lamps
