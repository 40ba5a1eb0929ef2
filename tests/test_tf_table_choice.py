"""Tail Feathers chosen on the table (issue 18), headless: game/tailfeathers/table_choice.py with
mouse rays worked out by hand (a ray straight down onto a point). Each test is named after the
rulebook section whose choice it makes on the table; the rules state is checked after each step."""
from __future__ import annotations

import math

import pytest

from feltbox.game.tailfeathers.window_game import TFWindowGame
from feltbox.models.tailfeathers import tf_dims
from feltbox.rules.tailfeathers import activation, flight, geometry, measure, phases
from feltbox.scenes.loader import load_tailfeathers

pytestmark = pytest.mark.physics
DOWN = (0.0, 0.0, -1.0)


def above(x: float, y: float) -> tuple[float, float, float]:
    return (x, y, 100.0)


def _launch_by_drag(game, toward) -> None:
    tc = game.table_choice
    bird = game.state().data.figure("aerijin")
    assert tc.mode() == "launch" and tc.launch_start(above(*bird.pose[:2]), DOWN)
    tc.launch_end(above(*toward), DOWN)


def _to_activation(seed: int = 0) -> TFWindowGame:
    """Mouse: no mission card, Aerijin launched toward the elm tree by a drag, the others perched."""
    game = TFWindowGame(load_tailfeathers("show_of_force"), seed=seed, bots="rat")
    game.run_bots()
    tc = game.table_choice
    tc.press("pick:0")                                       # no mission card
    _launch_by_drag(game, (-27.0, 27.0))
    for _ in range(4):
        if tc.mode() == "activate":
            return game
        tc.press("pick:0")                                   # keep perched, no extra dice
    raise AssertionError("mouse never got to activate")


def test_launch_position_a_heading_dragged_toward_the_elm_tree():
    game = TFWindowGame(load_tailfeathers("show_of_force"), seed=0, bots="rat")
    game.run_bots()
    tc = game.table_choice
    tc.press("pick:0")
    assert tc.mode() == "launch" and tc.ringed() == ["aerijin"]
    # a press far from the bird's space starts nothing and says where to press
    assert not tc.launch_start(above(0.0, 0.0), DOWN)
    assert tc.status().startswith("press in Aerijin's space (sw.b2b)")
    bird = game.state().data.figure("aerijin")
    spot = phases.launch_spots(game.state(), bird.where)[0]
    assert tc.launch_start(above(*bird.pose[:2]), DOWN)          # a click on the bird: nothing launched
    assert tc.launch_end(above(bird.pose[0] + 0.5, bird.pose[1]), DOWN) is None
    assert not game.state().data.figure("aerijin").launching and "a click launches nothing" in tc.status()
    assert tc.launch_start(above(*bird.pose[:2]), DOWN)
    # from the spot (-40.0, -33.9) toward the elm tree at (-27, 27): atan2(60.9, 13.0) = 77.9 deg,
    # the offered heading nearest it 75
    words = tc.launch_aim(above(-27.0, 27.0), DOWN)
    assert words == "Aerijin faces 75 deg from the axis arrow: north, toward the elm tree"
    assert tc.launch == ("aerijin", spot, pytest.approx(math.degrees(math.atan2(27.0 - spot[1], -27.0 - spot[0]))))
    assert game.state().data.figure("aerijin").launching is False        # nothing chosen until the release
    tc.launch_end(above(-27.0, 27.0), DOWN)
    launched = game.state().data.figure("aerijin")
    assert launched.launching and launched.pose == (spot[0], spot[1], 75.0)


def test_activate_units_figures_ringed_on_the_table_up_to_the_squad_value():
    game = _to_activation()
    tc = game.table_choice
    assert not next(b for b in tc.buttons() if b.key == "confirm").enabled
    assert tc.press("confirm") is None and tc.status() == "click figures to ring them first"
    assert tc.click_piece("grizzard") == (True, None)
    assert tc.status() == "Grizzard cannot activate: it is the rat's; mouse activates now" and tc.ringed() == []
    for fig in ("oakguard-1", "oakguard-2", "oakguard-3"):
        tc.click_piece(fig)
    assert tc.ringed() == ["oakguard-1", "oakguard-2", "oakguard-3"]
    tc.click_piece("oakguard-4")                             # the squad value (3) reached
    assert tc.status() == "Oakguard activates at most 3 figures: click a ringed one to drop it"
    tc.click_piece("oakguard-2")                             # un-ringed
    assert tc.ringed() == ["oakguard-1", "oakguard-3"] and tc.status() == "ringed: Oakguard 1+3"
    confirm = next(b for b in tc.buttons() if b.key == "confirm")
    assert confirm.label == "activate Oakguard 1+3" and confirm.enabled
    assert game.choices()[game.highlight] == "activate Oakguard 1+3"        # Enter picks the same
    tc.press("confirm")
    f = game.state().flow
    assert f.active == "oakguard" and f.figs == ("oakguard-1", "oakguard-3") and f.waiting == "move"


def test_tree_movement_a_click_on_a_lit_space_moves_the_ringed_figure():
    game = _to_activation()
    tc = game.table_choice
    tc.click_piece("oakguard-1")
    tc.press("confirm")
    assert tc.mode() == "place" and tc.ringed() == ["oakguard-1"]
    spaces = game.bridge.spaces
    legal = {a.to for a in game.legal_actions() if isinstance(a, activation.TreeMove) and a.figure == "oakguard-1"}
    lit = tc.outlines()
    assert len(lit) == len(legal) > 0                          # the spaces it may move to, outlined
    dest = next(s for s in sorted(legal) if tc.space_hit(above(*measure.centroid(spaces[s].polygon)), DOWN) == s)
    far = next(s for s in spaces if s.startswith("ne.") and tc.space_hit(above(*measure.centroid(spaces[s].polygon)), DOWN) == s)
    assert tc.click_table(above(*measure.centroid(spaces[far].polygon)), DOWN) == (True, None)
    assert tc.status() == f"Oakguard 1 cannot move to {far}: click a lit space"
    handled, frames = tc.click_table(above(*measure.centroid(spaces[dest].polygon)), DOWN)
    assert handled and frames is not None
    assert game.state().data.figure("oakguard-1").where == dest


def test_flight_movement_templates_and_tilt_laid_on_the_table():
    game = _to_activation()
    tc = game.table_choice
    tc.click_piece("aerijin")
    tc.press("confirm")
    assert tc.mode() == "flight" and game.state().flow.waiting == "pilot"
    b, bird = tc.builder, game.state().data.figure("aerijin")
    assert b.action() == flight.Fly(("short", "short"), "center") and b.legal()
    left = next(x for x in tc.buttons() if x.key == "tilt:left")      # greyed: pressed, it says why
    assert not left.enabled and tc.press("tilt:left") is None and b.tilt == "center"
    assert tc.status().endswith("(a tilt change needs a successful piloting check: roll it first)")
    assert tc.press("remove") is None
    assert tc.status().endswith("(a flight lays at least 2 templates: click one to change its size)")
    most = b.most()
    for _ in range(most):
        tc.press("long")
    assert len(b.templates) == most and "at most" in tc.status()
    while len(b.templates) > 3:
        tc.press("remove")
    # the models lie where the rules lay the templates: each starts where the one before ends
    lays = tc.template_lays()
    t = tf_dims()["template"]
    x0 = bird.pose[0] + measure.BASE_RADIUS * math.cos(math.radians(75.0))     # the base's edge, on its facing
    y0 = bird.pose[1] + measure.BASE_RADIUS * math.sin(math.radians(75.0))
    assert (lays[0].x, lays[0].y, lays[0].heading) == pytest.approx((x0, y0, 75.0))
    for lay, nxt in zip(lays, lays[1:]):
        length = t[lay.size]
        assert (lay.x + length * math.cos(math.radians(lay.heading)),
                lay.y + length * math.sin(math.radians(lay.heading))) == pytest.approx((nxt.x, nxt.y))
    assert [lay.end for lay in lays] == [False, False, True]
    # a click on the first template's middle turns it long; beside the end point asks for a left tilt
    first = lays[0]
    middle = (first.x + t["short"] / 2 * math.cos(math.radians(75.0)), first.y + t["short"] / 2 * math.sin(math.radians(75.0)))
    assert b.templates == ["short", "short", "long"]
    assert tc.click_table(above(*middle), DOWN) == (True, None) and b.templates == ["long", "short", "long"]
    ex, ey, eh = b.path(bird.pose).end
    tc.click_table(above(ex + 5 * math.cos(math.radians(eh + 90)), ey + 5 * math.sin(math.radians(eh + 90))), DOWN)
    assert b.tilt == "center" and "a tilt change needs a successful piloting check" in tc.status()
    assert game.choices()[game.highlight] == "long, short, long - tilt C"
    end = geometry.flight_path(bird.pose, measure.BASE_RADIUS, ("long", "short", "long"), "center").end
    tc.press("confirm")
    assert game.state().flow.flight.templates == ("long", "short", "long")
    for _ in range(10):
        if game.state().flow.flight is None:
            break
        tc.press(next(x.key for x in tc.buttons() if x.label == "continue the flight"))
    assert game.state().data.figure("aerijin").pose == pytest.approx(end)


def test_labels_are_whole_and_short_in_every_decision_of_a_round():
    game = _to_activation()
    seen = 0
    for _ in range(12):
        labels = game.choices()
        seen += len(labels)
        assert all(len(text) <= 50 and "..." not in text for text in labels), labels
        if not labels:
            break
        game.pick(len(labels) - 1)
    assert seen > 40
