"""Root in a real window under Xvfb, hot-seat: the first choice (key a) again and again from the Duchy's set-up on; the
hand-over covers the window at each change of seat (one cover each); while it is up no card face
and no plot kind of the seat to come is in the scene graph, and once space is pressed that seat's
hand is in the fan and the felt shows its own view. A screenshot shows the felt."""
from __future__ import annotations

import pytest

from tests.xvfb import felt_in, needs_xvfb, run_in_xvfb

pytestmark = pytest.mark.render

DRIVER = r"""
import sys
from feltbox.models.root import HIDDEN
from tests.card_window import open_window, step
from tests.card_window import settle as settle_frames

game, base, app, view = open_window("root", "standard", 3, "none", "feltbox-root-test")

def settle():
    settle_frames(6)

def hidden_faces_ok(seat_up):
    '''No card face of a hand other than seat_up's, no face-down plot kind for another seat.'''
    state = game.bridge.engine.state
    others = [s for s in ("duchy", "corvids") if s != seat_up]
    dressed = {c for c in view.dressed.values() if c}
    for s in others:
        assert not dressed & set(state.data.hands[s]), (s, dressed & set(state.data.hands[s]))
    fan = set(view.hand.nodes) if hasattr(view.hand, "nodes") else set()
    for s in others:
        assert not fan & set(state.data.hands[s])
    if seat_up != "corvids":
        up = {c["plot"] for c in game.bridge.view()["clearings"] if c.get("plot_face_up")}
        assert {b.params["plot"] for b in app.bodies if b.kind == "root_plot"} <= {HIDDEN} | up | set()

step(10)
covers, changes = 0, 0
was_covered = False
for turn in range(14):
    if app.covered():
        if not was_covered:
            covers += 1
        was_covered = True
        hidden_faces_ok("")                     # the cover is up: nobody's secrets on the table
        app.handover.advance(); settle()        # space: the seat to come is alone at the device
        continue
    was_covered = False
    seat = game.decider()
    if seat is None:
        break
    settle()
    assert game.at_table == seat, (game.at_table, seat)
    hidden_faces_ok(seat)
    assert set(view.hand.nodes) == set(game.bridge.engine.state.data.hands[seat]), "the fan is the seat's hand"
    before = seat
    app.choose(0); settle()                     # key a: the first choice
    if game.decider() not in (None, before):
        changes += 1
from panda3d.core import Filename
if app.covered():
    app.handover.advance()
settle()
base.graphicsEngine.renderFrame(); base.graphicsEngine.renderFrame()
base.win.saveScreenshot(Filename.fromOsSpecific(sys.argv[1]))
import shutil; shutil.copy(sys.argv[1], "/tmp/root-window.png")
print("COVERS", covers, "CHANGES", changes)
"""


@needs_xvfb
def test_hot_seat_root_covers_each_change_of_seat_and_never_shows_another_seats_secrets(tmp_path):
    shot = tmp_path / "root.png"
    out = run_in_xvfb(DRIVER, shot)
    words = out.split()
    covers, changes = int(words[words.index("COVERS") + 1]), int(words[words.index("CHANGES") + 1])
    assert changes >= 2 and covers >= changes
    felt_in(shot)
