"""The piece the rules want next, marked on the table: a white ring on the felt round it and its
name above it, following the piece (through an animation too), not the mouse; the name of
whatever piece is under the mouse; and a hint over the help line saying why a press did nothing
(issue 18: the yellow hover ring alone said nothing of which piece was to play).

``ActiveMarker`` belongs to a PlayApp (game/window/app.py calls ``update`` every frame with the
piece to mark and its label). ``screen_point`` projects a table point to the window (aspect2d
units), as the power meter by the piece also uses it.
"""
from __future__ import annotations

import math
import re

from direct.gui.OnscreenText import OnscreenText
from panda3d.core import LineSegs, Point2, Point3

from feltbox.game.render.labels import piece_name
from feltbox.game.text.event_feed import name as tf_name
from feltbox.game.text.event_feed import pretty
from feltbox.game.window.flick_target import drag_hint
from feltbox.game.window.framing import Rect
from feltbox.game.window.overlay import overlay
from feltbox.rules.core import GameOver

FIGURES = ("tf_bird", "tf_rodent")  # Tail Feathers' figures, named by their units
HINT_S = 5.0                         # how long a hint stays on the help line
RING = (1.0, 1.0, 1.0, 1.0)          # white reads on the felt, the snow-grey streets and the blue team
LABEL_BG = (0.05, 0.06, 0.07, 0.78)


def screen_point(base, xyz) -> tuple[float, float] | None:
    """A table point in the window, aspect2d units (x -aspect..aspect, y -1..1); None off screen."""
    p3 = base.cam.getRelativePoint(base.render, Point3(*map(float, xyz)))
    p2 = Point2()
    if not base.camLens.project(p3, p2):
        return None
    return p2.x * base.getAspectRatio(), p2.y


def screen_box(base, path):
    """A piece's rectangle in the window (aspect2d): its bounds' corners through the camera; None
    when a corner is off screen or behind the camera."""
    lo, hi = path.getTightBounds(base.render)
    corners = [screen_point(base, (x, y, z)) for x in (lo.x, hi.x) for y in (lo.y, hi.y) for z in (lo.z, hi.z)]
    if any(c is None for c in corners):
        return None
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    return Rect(min(xs), max(xs), min(ys), max(ys))


def piece_label(spec) -> str:
    """A piece as players name it, never its id: a survivor with the number on its back ("3
    Anita"), a Tail Feathers figure by its unit's name ("Rat Squad 2", "Aerijin"), "zombie 4",
    "lamp 3"; a piece whose id reads as no name ("nest-mouse-dial") by what it is ("mouse nest
    dial", game/render/labels.piece_name)."""
    number = spec.params.get("number") if spec.kind == "survivor" else None
    if number is not None:
        return f"{number} {pretty(spec.id)}"
    if spec.kind in FIGURES:
        return tf_name(spec.id)
    if spec.kind.startswith("tf_"):                 # trees, nests, leaves, feathers: what they are
        return piece_name(spec)
    text = pretty(spec.id)
    return piece_name(spec) if re.search(r"[a-z0-9][-_][a-z]", text) else text


def marked(game, ids: list[str], bodies) -> tuple[str | None, str]:
    """The piece the rules want next and its label: the piece a wanted flick starts from ("3 Anita:
    drag back from Anita's disc to flick"), else the active survivor ("3 Anita to play"); (None,
    "") in free play, between turns and once the game is over. ``game``: a GameView or None; ``ids``,
    ``bodies``: the window's body table."""
    if game is None or isinstance(game.pending(), GameOver):
        return None, ""
    piece, weapon = game.flick_piece() if game.wants_aim() else (game.active_piece(), "")
    if piece is None or piece not in ids:
        return None, ""
    name = piece_label(bodies[ids.index(piece)])
    return piece, f"{name}: {drag_hint(piece, weapon)}" if weapon else f"{name} to play"


class ActiveMarker:
    def __init__(self, base, scene, help_line, help_at: tuple[float, float]):
        """``help_line``: the window's help line (an OnscreenText at ``help_at``), hidden while a
        hint is shown in its place."""
        self.base, self.scene, self.help_line = base, scene, help_line
        self.ring = overlay(base).attachNewNode("active-ring")   # drawn after the anti-aliasing
        self.ring.setLightOff()
        self.ring.setBin("fixed", 10)
        self.ring.setDepthTest(False)          # seen through the piece's own base and a low car
        self.label = OnscreenText(text="", scale=0.042, fg=(1, 1, 1, 1), bg=LABEL_BG, shadow=(0, 0, 0, 1),
                                  mayChange=True, sort=5)
        self.hover_label = OnscreenText(text="", scale=0.034, fg=(1.0, 0.9, 0.55, 1), shadow=(0, 0, 0, 1),
                                        mayChange=True, sort=4)
        self.hint = OnscreenText(text="", pos=help_at, scale=0.036, align=0, fg=(1.0, 0.86, 0.45, 1),
                                 bg=(0.05, 0.06, 0.07, 1.0), mayChange=True, sort=6)    # over the help line
        self.hint_until = 0.0
        self.piece: str | None = None
        self.where: tuple[float, float, float] | None = None    # the ring's centre, last drawn
        self.label_at: tuple[float, float] | None = None         # the label's screen point, last drawn

    def _path(self, piece):
        ids = [p.getTag("piece") for p in self.scene.paths]
        return self.scene.paths[ids.index(piece)] if piece in ids else None

    def _draw_ring(self, path) -> None:
        self.ring.getChildren().detach()
        lo, hi = path.getTightBounds(path)
        r = max(hi.x - lo.x, hi.y - lo.y) / 2 + 1.3
        segs = LineSegs("active-ring")
        for radius, thickness in ((r, 4.0), (r + 0.7, 2.0)):
            segs.setThickness(thickness)
            segs.setColor(*RING)
            for k in range(41):
                a = 2 * math.pi * k / 40
                (segs.drawTo if k else segs.moveTo)(radius * math.cos(a), radius * math.sin(a), 0.15)
        self.ring.attachNewNode(segs.create())

    def update(self, piece: str | None, text: str, hover: str | None, hover_spec=None) -> None:
        """Mark ``piece`` (None: nobody) with ``text`` above it; name ``hover`` (another piece under
        the mouse, ``hover_spec`` its BodySpec) above it."""
        path = self._path(piece) if piece else None
        if path is None:
            self.ring.hide()
            self.label.setText("")
            self.piece = self.where = self.label_at = None
        else:
            if piece != self.piece:
                self.piece = piece
                self._draw_ring(path)
            pos = path.getPos(self.base.render)
            self.where = (pos.x, pos.y, max(pos.z - 1.0, 0.0))
            self.ring.setPos(self.where[0], self.where[1], 0.0)
            self.ring.show()
            self.label_at = self._place(self.label, text, (pos.x, pos.y, pos.z + 4.5), 0.05)
        hover_path = self._path(hover) if hover and hover != piece else None
        if hover_path is None:
            self.hover_label.setText("")
        else:
            pos = hover_path.getPos(self.base.render)
            self._place(self.hover_label, piece_label(hover_spec), (pos.x, pos.y, pos.z + 4.0), 0.04)

    def say(self, text: str, now: float) -> None:
        """A reason shown over the help line for ``HINT_S`` seconds from ``now``."""
        self.hint.setText(text)
        self.hint_until = now + HINT_S
        self.help_line.hide()

    def clear_hint(self) -> None:
        self.hint_until = 0.0
        self.hint.setText("")
        self.help_line.show()

    def tick(self, now: float) -> None:
        if self.hint_until and now > self.hint_until:
            self.clear_hint()

    def _place(self, label, text: str, xyz, lift: float):
        at = screen_point(self.base, xyz)
        if at is None:
            label.setText("")
            return None
        label.setText(text)
        label.setPos(at[0], at[1] + lift)
        return at

    def destroy(self) -> None:
        self.ring.removeNode()
        self.label.destroy()
        self.hover_label.destroy()
        self.hint.destroy()
