"""The labelled gallery (``feltbox gallery --labels``; game/render/labels.py, issue 13): every piece
kind of both games is named in player's words (no ids, no underscores, no unfilled fields), and
the names are drawn in the picture (backed, so the picture changes where the labels sit)."""
from __future__ import annotations

import numpy as np
import pytest

from feltbox.game.games import GAMES
from feltbox.game.render.labels import label, piece_name
from feltbox.game.render.offscreen import Renderer

pytestmark = pytest.mark.render


@pytest.mark.parametrize("game", ["flickem", "tailfeathers"])
def test_every_gallery_piece_has_a_players_name(game):
    bodies, _ = GAMES[game].gallery()
    names = [piece_name(b) for b in bodies]
    for spec, text in zip(bodies, names):
        assert text and "{" not in text and "_" not in text and spec.id not in text, (spec.id, text)
    assert "police station" in names or "oak tree" in names


def test_the_labels_are_drawn_on_the_picture():
    bodies, poses = GAMES["tailfeathers"].gallery()
    renderer = Renderer(800, 500, shadows=False, antialias=False)
    renderer.set_bodies(bodies)
    renderer.set_poses(poses)
    renderer.look("gallery")
    plain = renderer.image()
    named = np.asarray(label(renderer, bodies, poses, plain))
    renderer.close()                             # its 41 pieces' states would outlive the test
    changed = np.abs(named.astype(int) - plain.astype(int)).sum(axis=2) > 60
    assert named.shape == plain.shape
    assert 0.01 < changed.mean() < 0.25          # labels cover some of the picture, not all of it
