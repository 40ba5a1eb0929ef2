"""One truth for sizes: what the rules measure with (rules/tailfeathers/data/templates.toml) is what
the models draw and the physics drops. A bird base drawn 2 cm wide while the rules judged
crossings with 3 cm, a 4.5 cm feather token the rules took for 3.5 cm, or a 22 cm range finder
for a 20 cm range would show the player something other than what the rules decided."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.tailfeathers import feathers as physics_feathers
from feltbox.models.catalog import build
from feltbox.models.tailfeathers.figures import BIRDS
from feltbox.rules.tailfeathers import geometry as g


def test_a_bird_base_is_drawn_at_the_radius_the_rules_measure():
    bird = build("tf_bird", name=next(iter(BIRDS)))
    base = bird.visuals[0][0]            # the base disc (models are centred on their mass centre)
    radius = float(np.ptp(base.vertices[:, 0])) / 2
    assert radius == pytest.approx(g.BIRD_BASE_RADIUS, abs=1e-6) and g.BIRD_BASE_RADIUS == 3.0


@pytest.mark.parametrize("size", ["short", "long"])
def test_flight_templates_reach_where_the_rules_put_the_maneuver_and_end_points(size):
    regular, end = build("tf_template", size=size), build("tf_template", size=size, end=True)
    # from the template's start (its "place" anchor; models are centred on their mass centre)
    assert regular.anchors["maneuver"][0] - regular.anchors["place"][0] == pytest.approx(g.LENGTHS[size])   # 8 / 13
    assert end.anchors["end"][0] - end.anchors["place"][0] == pytest.approx(g.END_LENGTHS[size])
    strip = regular.visuals[0][0]
    assert np.ptp(strip.vertices[:, 1]) == pytest.approx(g.WIDTH)                 # 3 cm wide


def test_the_range_finder_death_spiral_and_feathers_are_the_rules_sizes():
    twig = build("tf_range_finder")
    tip = twig.anchors["tip"][0]
    assert twig.anchors["end"][0] - tip == pytest.approx(g.RANGE)
    assert twig.anchors["close"][0] - tip == pytest.approx(g.CLOSE_RANGE)
    card = build("tf_death_spiral").visuals[0][0]
    assert np.ptp(card.vertices[:, 0]) == pytest.approx(g.DEATH_SPIRAL[0])
    assert np.ptp(card.vertices[:, 1]) == pytest.approx(g.DEATH_SPIRAL[1])
    token = build("tf_feather").visuals[0][0]
    assert (np.ptp(token.vertices[:, 0]), np.ptp(token.vertices[:, 1])) == pytest.approx(g.FEATHER)
    # the body physics drops: its outline inscribed in the same 3.5 x 1.2 rectangle
    assert (physics_feathers.FEATHER_LENGTH, physics_feathers.FEATHER_WIDTH) == g.FEATHER
