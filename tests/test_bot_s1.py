"""S1 Get Outta Town! INSTANT DEFEAT foreseen by the bots (rulebook ZOMBIES' REACTION!, S1 INSTANT
DEFEAT): a reaction's rush runs from the tower behind the rushing zombie through the survivor and
on; the bot does not end a turn where that line touches the RV. Real S1 set-up (scenes/flickem/
s01.toml), real RV geometry."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.flickem.bot import Bot
from feltbox.game.flickem.bot_turns import rush_risk
from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.scenes.loader import load_flickem

pytestmark = pytest.mark.physics


def test_S1_INSTANT_DEFEAT_a_rush_through_the_survivor_into_the_RV_is_foreseen():
    """The RV stands at (0, 36) facing south: its blocks' footprint covers x -14..14 (half width
    11 - 1 under it + 4 of block), y 30.5..41.5. zombie-08 stands at (-2, 16).
    - A survivor at (2, 20): zombie-08 is the closest (5.7 cm); its rush runs north-east through
      (2, 20) and 25 cm on, to (19.7, 37.7); it crosses y 30.5 at x 12.5, inside the footprint: risk.
    - The same spot with zombie-08 killed first: the closest is zombie-03 at (4.8, 6.2), 14.1 cm;
      its line runs north through (2, 20) and crosses y 30.5 at x -0.1: risk again.
    - A survivor at (-2, 10): zombie-08 is the closest (6 cm), its rush runs south, away: no risk."""
    bot = Bot(FlickemBridge(load_flickem(1), seed=1))
    assert tuple(bot.state.data.position("zombie-08")) == pytest.approx((-2.0, 16.0))
    assert rush_risk(bot, np.array([2.0, 20.0]))
    assert rush_risk(bot, np.array([2.0, 20.0]), {"zombie-08"})
    assert not rush_risk(bot, np.array([-2.0, 10.0]))
    assert not rush_risk(bot, np.array([-2.0, 10.0]), loud=True)
