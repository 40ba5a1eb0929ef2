"""Root on the felt, without a window: the d12 (a real dodecahedron read by its face normals and
thrown for real in its tray), the pieces, the table laid from a seat's view (Law 1.2 hidden
information: another seat's hand and a face-down plot's kind never become a body or a face), and
the agreement of rules and table worked out by hand after the Duchy's set-up (Law 12.3)."""
from __future__ import annotations

import numpy as np
import pytest
import trimesh

from feltbox.game.root import dice, table
from feltbox.game.root.agreement import disagreements, table_counts
from feltbox.game.root.bridge import RootBridge
from feltbox.game.root.felt import Felt, keep_assign
from feltbox.models import d12
from feltbox.models.catalog import build
from feltbox.models.root import HIDDEN
from feltbox.models.root.catalog import EXAMPLES
from feltbox.rules.core import Decision, Measured
from feltbox.rules.root import bots
from feltbox.rules.root.actions import Place, Plot
from feltbox.rules.root.flow import apply, legal_actions, new_game, pending
from feltbox.rules.root.view import seat_view
from feltbox.scenes.root.named import load_root


def test_d12_is_a_dodecahedron_numbered_0_to_3_three_times_opposite_faces_summing_to_3():
    v = d12.vertices(2.0)
    hull = build("d12").collision[0]
    assert hull.kind == "hull" and len(hull.points) == 20
    normals = np.unique(np.round(trimesh.convex.convex_hull(v).face_normals, 6), axis=0)
    assert len(normals) == 12
    assert np.allclose(np.sort(normals @ d12.NORMALS.T, axis=1)[:, -1], 1.0)   # every face has its number
    assert sorted(d12.FACES) == [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3]
    for k in range(12):
        opposite = int(np.argmin(d12.NORMALS @ d12.NORMALS[k]))
        assert d12.FACES[k] + d12.FACES[opposite] == 3
    assert np.allclose(np.abs(v @ d12.NORMALS.T).max(axis=0), 1.0)      # 2 cm between opposite faces


@pytest.mark.parametrize("number", [0, 1, 2, 3])
def test_d12_reads_the_number_turned_up(number):
    for which in range(3):
        for heading in (0.0, 71.0):
            face, tilt = d12.top_face(d12.face_quat(number, heading, which))
            assert face == number and tilt < 1e-3


@pytest.mark.physics
def test_d12_thrown_in_the_tray_lands_flat_on_a_face_and_is_read():
    """Law 4.3.2: two dice rolled; each lands flat in the tray (cocked dice are thrown again) and
    the face read is the number on its upward face."""
    seen = set()
    for seed in range(12):
        r = dice.roll(seed)
        assert len(r.faces) == 2 and all(f in (0, 1, 2, 3) for f in r.faces)
        assert all(t < 15.0 for t in r.tilts)
        final = r.episodes[-1].result.final
        for k in range(2):
            if f"die-{k + 1}" in r.episodes[-1].outcome["dice"]:
                assert d12.top_face(final[1 + k][3:])[0] == r.faces[k]
        seen.update(r.faces)
    assert seen == {0, 1, 2, 3}


def test_every_root_piece_builds():
    for kind, params in EXAMPLES:
        model = build(kind, **params)
        assert model.kind == kind and model.collision
    assert build("root_plot", plot="bomb").prints[1].image.tolist() != build("root_plot").prints[1].image.tolist()
    hidden = build("root_plot")
    assert hidden.prints[0].image.tolist() == hidden.prints[1].image.tolist()     # back on both sides


def test_keep_assign_keeps_a_piece_that_stays_and_moves_one_that_leaves():
    where = {0: ("c", 1), 1: ("c", 1), 2: ("c", 5)}
    out = keep_assign([0, 1, 2, 3], [("c", 1), ("c", 9), ("s",)], where)
    assert out[0] == ("c", 1) and {out[1], out[2], out[3]} == {("c", 9), ("s",), None}


def _state_with_plots(seed: int = 4):
    """A bot game played (rules only) until face-down plots lie on the map."""
    state = new_game(seed)
    for _ in range(3000):
        p = pending(state)
        view = seat_view(state, "")
        if any(c.get("plot") == "plot" for c in view["clearings"]) and isinstance(p, Decision):
            return state
        action = Measured({"faces": [2, 1]}) if not isinstance(p, Decision) else bots.choose(state)
        state, _ = apply(state, action)
    raise AssertionError("no face-down plot in 3000 actions")


def test_13_2_2_a_face_down_plot_kind_is_never_a_body_for_the_duchy_or_a_spectator():
    state = _state_with_plots()
    down = {c["index"]: c["plot"] for c in seat_view(state, "corvids")["clearings"]
            if c.get("plot") and not c["plot_face_up"]}
    assert down
    for viewer in ("duchy", ""):
        felt = Felt()
        felt.lay(seat_view(state, viewer))
        plots = [(b, felt.poses[i]) for i, b in enumerate(felt.bodies) if b.kind == "root_plot" and felt.present[i]]
        for spec, pose in plots:
            at = min(range(1, 13), key=lambda c: np.hypot(*(np.array(table.clearing_centre(c)) - pose[:2])))
            if at in down and np.hypot(*(np.array(table.clearing_centre(at)) - pose[:2])) < 4:
                assert spec.params["plot"] == HIDDEN
        supply = [b for i, b in enumerate(felt.bodies) if b.kind == "root_plot" and felt.present[i]]
        assert all(b.params["plot"] == HIDDEN for b in supply if b.params["plot"] not in
                   {c["plot"] for c in seat_view(state, viewer)["clearings"] if c.get("plot_face_up")})
    felt = Felt()
    felt.lay(seat_view(state, "corvids"))                  # the Corvids may inspect theirs
    kinds = sorted(b.params["plot"] for i, b in enumerate(felt.bodies) if b.kind == "root_plot" and felt.present[i])
    assert HIDDEN not in kinds and set(down.values()) <= set(kinds)


def test_1_2_another_seats_hand_is_never_a_face_on_the_felt():
    state = _state_with_plots(7)
    for viewer, other in (("duchy", "corvids"), ("corvids", "duchy"), ("", "duchy")):
        felt = Felt()
        felt.lay(seat_view(state, viewer))
        shown = set(felt.shown.values())
        assert not shown & set(state.data.hands[other])
        assert not shown & set(state.data.pile)
        held = [i for i, b in enumerate(felt.bodies) if b.kind == "card" and (felt.where.get(i) or ("",))[0] == "held"]
        assert len(held) == (len(state.data.hands[viewer]) if viewer else 0)
        assert not felt.present[held].any()


def test_12_3_duchy_set_up_on_the_table_two_warriors_and_a_tunnel_in_the_corner_two_beside():
    """Law 12.3: the Duchy surfaces in a corner, 2 warriors and a tunnel there and 2 warriors in
    each adjacent clearing. Hill (1) touches Creek (5), Dune (9) and Beach (10): read from the
    bodies' poses, the table shows exactly that."""
    bridge = RootBridge(load_root("standard"), 0)
    assert Place(1) in bridge.legal()
    bridge.decide(Place(1))
    counts = table_counts(bridge)
    for c in (1, 5, 9, 10):
        assert counts[c]["duchy_warriors"] == 2, c
    assert counts[1]["tunnel"] == 1 and sum(counts[c]["tunnel"] for c in counts) == 1
    assert sum(counts[c]["duchy_warriors"] for c in range(2, 13) if c not in (5, 9, 10)) == 0
    assert disagreements(bridge) == []


def test_a_plot_placed_then_flipped_lies_back_up_then_turned_over():
    """Law 13.5.2 / 13.4.2 on the table: a placed plot lies back up (face down), a flipped one
    turned over; the agreement check reads which from the token's pose."""
    bridge = RootBridge(load_root("standard"), 4)
    for _ in range(3000):
        p = bridge.pending()
        legal = bridge.legal() if isinstance(p, Decision) else []
        plot = next((a for a in legal if isinstance(a, Plot)), None)
        if plot is not None:
            bridge.decide(plot)
            break
        bridge.decide(bots.choose(bridge.engine.state)) if isinstance(p, Decision) else bridge.physics()
    counts = table_counts(bridge)
    assert counts[plot.clearing]["plot"] == 1 and counts[plot.clearing]["plot_face_up"] == 0
    assert disagreements(bridge) == []


def test_the_layout_file_errors_name_the_field():
    good = dict(table.root_layout())
    bad = {**good, "burrow": {"x": "left", "y": 1.0}}
    with pytest.raises(table.LayoutError, match=r"table.toml: \[burrow\] x"):
        table.check_layout(bad, "table.toml")
    assert legal_actions(new_game(0))          # the layout did not change the rules


def test_the_agreement_check_names_a_warrior_moved_off_its_clearing_and_a_wrong_score_marker():
    bridge = RootBridge(load_root("standard"), 0)
    bridge.decide(Place(1))
    i = next(k for k, b in enumerate(bridge.bodies) if b.kind == "root_warrior" and bridge.present[k]
             and np.hypot(*(bridge.poses[k, :2] - np.array(table.clearing_centre(5)))) < 4)
    bridge.poses[i, :2] = table.clearing_centre(2)               # a Duchy warrior slid from Creek to Quarry
    bridge.poses[bridge.index["score-corvids"], 0] += 2 * 62.0 / 31    # the Corvids' marker two boxes on
    found = disagreements(bridge)
    assert any(f.startswith("Creek (5): duchy warriors: rules 2, table 1") for f in found), found
    assert any(f.startswith("Quarry (2): duchy warriors: rules 0, table 1") for f in found), found
    assert any(f.startswith("score track: corvids: rules 0, marker on 2") for f in found), found
