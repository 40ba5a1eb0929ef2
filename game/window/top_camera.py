"""The window's top view (key 2): the orthographic lens over the whole table, inside the HUD's
free area (game/render/top_view.py does the film's maths).

While it shows, ``base.camLens`` is the orthographic lens, so whatever projects or casts a ray
through "the camera's lens" (picking's ``setFromLens``, the table choices' ``extrude``, the
active piece's label) works in it unchanged; framing maths (game/window/camera_director.py) keeps
the perspective lens's field of view. Any other view, an orbit, a pan, a zoom or the camera
framing pieces on its own leaves it: the perspective lens comes back and the rig eases on from
the top-down orbit.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.render.camera import Orbit
from feltbox.game.render.top_view import ortho_lens, place_top, see_through, table_extent, top_film


class TopCamera:
    def __init__(self, app):
        self.app = app
        self.perspective = app.base.camLens          # the window's own PerspectiveLens
        self.film: tuple[float, float, float, float] | None = None
        self._orbit: tuple | None = None             # the orbit when the view was entered

    @property
    def active(self) -> bool:
        return self.film is not None

    def enter(self, orbit: Orbit) -> None:
        """Show the whole table from straight above; ``orbit`` is the top-down orbit the rig
        stands at meanwhile (and eases on from when the view is left)."""
        app = self.app
        free = app.director.free()
        poses = app.director.poses()
        present = np.array([not p.isHidden() for p in app.scene.paths], bool)
        self.film = top_film(table_extent(poses, present), app.base.getAspectRatio(),
                             (free.left, free.right, free.bottom, free.top))
        lens = ortho_lens(self.film)
        app.base.cam.node().setLens(lens)
        app.base.camLens = lens
        see_through(app.scene.root, False)               # canopies would hide the spaces from above
        app.rig.stop()
        app.orbit.target, app.orbit.heading = np.asarray(orbit.target, float), orbit.heading
        app.orbit.pitch, app.orbit.distance = orbit.pitch, orbit.distance
        self._orbit = self._key()

    def leave(self) -> None:
        if self.film is None:
            return
        self.film = None
        see_through(self.app.scene.root, True)
        self.app.base.cam.node().setLens(self.perspective)
        self.app.base.camLens = self.perspective

    def place(self) -> bool:
        """Place the camera if the top view still shows (True); left as soon as the orbit moved."""
        if self.film is None:
            return False
        if self._key() != self._orbit:
            self.leave()
            return False
        place_top(self.app.base.camera, self.film)
        return True

    def _key(self) -> tuple:
        o = self.app.orbit
        return (*np.round(np.asarray(o.target, float), 6), round(o.heading, 6), round(o.pitch, 6), round(o.distance, 6))
