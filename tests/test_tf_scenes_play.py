"""Every Tail Feathers scene starts (its forces deploy on their home trees as Deploy Forces says)
and the bots play a few turns on it; a figure placed off its home tree is refused by name."""
from __future__ import annotations

from dataclasses import replace

import pytest

from feltbox.game.tailfeathers.bot import TFBot
from feltbox.game.tailfeathers.bridge import TFBridge, setup_from_scene
from feltbox.rules.core import Decision, GameOver, PhysicsRequest
from feltbox.rules.tailfeathers.setup import new_game
from feltbox.rules.tailfeathers.stats import home_tree, space
from feltbox.scenes.loader import load_tailfeathers

SCENES = ("show_of_force", "glade_crossing")


@pytest.mark.parametrize("name", SCENES)
def test_the_scene_starts_on_the_home_trees_and_bots_play_turns(name):
    bridge = TFBridge(load_tailfeathers(name), 2)
    state = bridge.engine.state
    for fig in state.data.figures:           # Deploy Forces: everyone on the home tree, birds perched
        assert space(state, fig.where).tree == home_tree(state, fig.alliance), fig.id
        if fig.size == "L":
            assert fig.tilt == "center"
    bot, turns = TFBot(bridge), 0
    while turns < 6:
        pending = bridge.pending()
        assert not isinstance(pending, GameOver)
        if isinstance(pending, PhysicsRequest):
            bridge.physics()
        else:
            assert isinstance(pending, Decision)
            action = bot.decide(bridge.legal())
            bridge.decide(action)
            turns += type(action).__name__ in ("Activate", "Pass")


def test_a_figure_placed_off_its_home_tree_is_named():
    setup = setup_from_scene(load_tailfeathers("glade_crossing"))
    placements = tuple((f, "north.r3" if f == "oakguard-6" else s) for f, s in setup.placements)
    with pytest.raises(ValueError, match="oakguard-6 is placed on north.r3, not on the mouse home tree west"):
        new_game(replace(setup, placements=placements), 0)


def test_glade_crossing_is_played_to_a_winner():
    from feltbox.game.games import play_headless
    result = play_headless(load_tailfeathers("glade_crossing"), 1)
    assert "nest is destroyed" in result.result or "wins" in result.result, result.result
