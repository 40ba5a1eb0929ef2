"""A launch heading dragged on the table (issue 18: "a launch heading as '90 deg' with nothing
saying where 0 is"). No Panda3D; game/tailfeathers/table_choice.py holds one, the window draws
its arrow (game/window/table_choice_view.py).

Launch Position (rulebook p. 7, Tilt Phase): "pivot the launching figure in any direction and move
it anywhere within its space". The rules offer headings in 15 degree steps at a few spots in the
space (rules/tailfeathers/phases.launch_spots); a press in the bird's space picks the offered spot
nearest it, the heading follows the mouse, and the release launches at the offered heading
nearest the drag. The HUD names the heading relative to the table: degrees from the axis arrow
(0 = +x), the compass point (+y north: the battlefield's trees are named sw, nw, ne, se) and the
tree it points toward.
"""
from __future__ import annotations

import math

import numpy as np

from feltbox.game.text.event_feed import name
from feltbox.rules.tailfeathers import measure, phases

COMPASS = ("east", "north-east", "north", "north-west", "west", "south-west", "south", "south-east")
AHEAD = 30.0             # degrees: a tree this near the heading is the one it points "toward"
MIN_DRAG = 1.5           # cm from the spot: a shorter drag keeps the heading it had
NEAR_BIRD = 4.0          # cm: a press this near the bird starts the drag even just outside its space


def compass(heading: float) -> str:
    return COMPASS[int((heading % 360.0 + 22.5) // 45) % 8]


def heading_words(heading: float, at, trees) -> str:
    """A launch heading as the HUD says it: "75 deg from the axis arrow: north, toward the elm
    tree". ``trees``: (x, y, words) of each tree; the one the bird stands on is skipped."""
    h = heading % 360.0
    best = None
    for tx, ty, words in trees:
        if math.hypot(tx - at[0], ty - at[1]) < 12.0:
            continue
        off = abs((math.degrees(math.atan2(ty - at[1], tx - at[0])) - h + 180.0) % 360.0 - 180.0)
        if off < AHEAD and (best is None or off < best[0]):
            best = (off, words)
    toward = f"toward the {best[1]}" if best else f"toward the {compass(h)} edge"
    return f"{h:.0f} deg from the axis arrow: {compass(h)}, {toward}"


def on_plane(origin, direction, z: float) -> tuple[float, float] | None:
    """Where the mouse ray (``origin`` along ``direction``) meets the level ``z``; None when it
    points away."""
    o, d = np.asarray(origin, float), np.asarray(direction, float)
    if abs(d[2]) < 1e-9 or (z - o[2]) / d[2] <= 0:
        return None
    p = o + (z - o[2]) / d[2] * d
    return float(p[0]), float(p[1])


def offered(legal, heading: float) -> float:
    """The offered launch heading nearest ``heading`` (the short way round)."""
    headings = sorted({a.heading for a in legal if isinstance(a, phases.Launch)})
    return min(headings, key=lambda h: abs((h - heading + 180.0) % 360.0 - 180.0))


class LaunchDrag:
    """One launch drag at a time, for a TFWindowGame (``game``)."""

    def __init__(self, game):
        self.game = game
        self.launch: tuple[str, tuple[float, float], float] | None = None    # bird, spot, heading
        self.moved = False            # the mouse left the spot: a heading was dragged (a click chooses nothing)

    def _space(self, bird: str):
        return self.game.bridge.spaces[self.game.state().data.figure(bird).where]

    def start(self, bird: str, legal, origin, direction) -> tuple[bool, str]:
        """A press: (started, the HUD's line)."""
        fig = self.game.state().data.figure(bird)
        space = self._space(bird)
        p = on_plane(origin, direction, space.height)
        near = p is not None and math.hypot(p[0] - fig.pose[0], p[1] - fig.pose[1]) <= NEAR_BIRD
        if p is None or not (near or measure.inside(p, space.polygon)):
            return False, f"press in {name(bird)}'s space ({fig.where}) and drag toward where it should face"
        spots = [(a.x, a.y) for a in legal if isinstance(a, phases.Launch) and a.bird == bird]
        spot = min(spots, key=lambda s: math.hypot(s[0] - p[0], s[1] - p[1]))
        self.launch, self.moved = (bird, spot, fig.pose[2]), False
        return True, f"{name(bird)}: drag toward where it should face"

    def aim(self, legal, origin, direction) -> str:
        """A frame of the drag: the heading follows the mouse; the HUD's line names it."""
        bird, spot, heading = self.launch
        p = on_plane(origin, direction, self._space(bird).height)
        if p is not None and math.hypot(p[0] - spot[0], p[1] - spot[1]) >= MIN_DRAG:
            heading = math.degrees(math.atan2(p[1] - spot[1], p[0] - spot[0])) % 360.0
            self.launch, self.moved = (bird, spot, heading), True
        return f"{name(bird)} faces " + heading_words(offered(legal, heading), spot, self.trees())

    def end(self, legal, origin, direction):
        """The release: the legal Launch nearest the drag (None without a drag, or after a click
        that never left the spot)."""
        if self.launch is None:
            return None
        self.aim(legal, origin, direction)
        if not self.moved:
            self.launch = None
            return None
        bird, spot, heading = self.launch
        self.launch = None
        want = offered(legal, heading)
        return next((a for a in legal if isinstance(a, phases.Launch) and a.bird == bird
                     and (a.x, a.y) == spot and a.heading == want), None)

    def trees(self) -> list[tuple[float, float, str]]:
        """Each tree of the battlefield: (x, y, "ash tree (the rats' home)")."""
        scene = self.game.bridge.scene
        homes = {tree: alliance for alliance, tree in scene.home_trees.items()}
        return [(t.x, t.y, f"{t.overlay} tree" + (f" (the {homes[t.id]}s' home)" if t.id in homes else ""))
                for t in scene.trees]
