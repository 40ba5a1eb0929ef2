"""Snowbirds models (models/snowbirds/): every sb_ kind builds and rests on the table; the mat is
three cards whose printed tracks run the rulebook's ranges; the prints carry ink."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.models.catalog import KINDS, build
from feltbox.models.snowbirds import TRACKS, layout, sb_dims, track
from feltbox.models.snowbirds.catalog import EXAMPLES
from feltbox.models.snowbirds.printing import PAPER, STRIP


def test_every_sb_kind_has_an_example():
    assert {k for k, _ in EXAMPLES} == {k for k in KINDS if k.startswith("sb_")}


def test_the_table_is_marked_house():
    assert sb_dims()["house"] is True


@pytest.mark.parametrize("kind,params", EXAMPLES, ids=[f"{k}-{'-'.join(map(str, p.values()))}" for k, p in EXAMPLES])
def test_sb_piece_rests_on_the_table(kind, params):
    model = build(kind, **params)
    points = np.vstack([p.points for p in model.collision])
    assert model.rest_height == pytest.approx(-points[:, 2].min(), abs=1e-6)
    if model.mass > 0:
        assert all(i > 0 for i in model.inertia)


def test_flock_and_health_track_ranges_and_setup_starts():
    """Flock & Health: Exhaustion 0..2 ("at 2 Exhaustion"), Hunger down to -1 ("gorge ... to -1")
    and up to 4 ("past 4 ... remains at 4"), Flock 5 birds down to 0. Setup: 0, 0 and 5."""
    assert TRACKS == tuple(t["name"] for t in sb_dims()["mat"]["track"])
    assert layout.values("exhaustion") == [0, 1, 2]
    assert layout.values("hunger") == [-1, 0, 1, 2, 3, 4]
    assert layout.values("flock") == [0, 1, 2, 3, 4, 5]
    assert [track(n)["start"] for n in TRACKS] == [0, 0, 5]


def test_components_player_mat_is_three_cards_side_by_side():
    mat = build("sb_player_mat")
    assert mat.mass == 0.0 and len(mat.collision) == 3 and len(mat.prints) == 3
    length, width = layout.card_size()
    boxes = sorted((p.offset[0], p.half_extents) for p in mat.collision)
    for (x0, _), (x1, _) in zip(boxes, boxes[1:]):
        assert x1 - x0 == pytest.approx(length + sb_dims()["mat"]["gap"])        # no overlap, a gap
    assert all(np.allclose(np.asarray(h[:2]) * 2, (length, width)) for _, h in boxes)
    for p in mat.prints:                          # each print covers its card, just above its face
        assert np.ptp(p.corners[:, 0]) == pytest.approx(length) and np.ptp(p.corners[:, 1]) == pytest.approx(width)
        top = max(b[1][2] for b in [m.bounds for m, _ in mat.visuals])
        assert np.all(p.corners[:, 2] > top) and np.all(p.corners[:, 2] < top + 0.01)


def test_prints_carry_ink_in_each_tracks_colour():
    mat = build("sb_player_mat")
    for name, p in zip(TRACKS, mat.prints):
        img = p.image.astype(int)
        assert img.shape[2] == 4 and img.shape[0] in (128, 256, 512) and img.shape[1] in (256, 512, 1024)
        colour = np.array(track(name)["colour"]) * 255
        near = np.abs(img[..., :3] - colour).sum(axis=-1) < 60
        dark = img[..., :3].sum(axis=-1) < 200
        assert near.mean() > 0.01, f"{name}: no title/spots in the track's colour"
        assert dark.mean() > 0.005, f"{name}: no numbers printed"
        assert (np.abs(img[..., :3] - np.array(PAPER[:3])).sum(axis=-1) < 20).mean() > 0.5
    strip = build("sb_map_row").prints[0].image.astype(int)
    assert (np.abs(strip[..., :3] - np.array(STRIP[:3])).sum(axis=-1) < 20).mean() > 0.5
    assert (strip[..., :3].sum(axis=-1) > 600).mean() > 0.005          # slot outlines and labels


def test_tokens_fit_their_printed_spots():
    d = sb_dims()["token"]
    assert d["diameter"] / 2 < layout.SPOT_RADIUS < layout.CELL / 2
    for t in TRACKS:
        assert build("sb_token", track=t).mass > 0
    with pytest.raises(ValueError, match="track"):
        build("sb_token", track="thirst")
