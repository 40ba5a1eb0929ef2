"""Table effects: what the Dead of Winter rules decided, shown on the table (ARCHITECTURE.md,
"One truth").

The rules state is the one truth. After every rules action the bridge calls :func:`follow_rules`,
the one place that makes the table agree with it, through one function per effect:

- :meth:`Effects.stand` / :meth:`Effects.lay_down`: a figure the rules stood up (USING A
  SURVIVOR, QUIET / LOUD reactions, END OF THE ROUND, "returned to standing") or placed fallen
  (TOO CLOSE!, LOSING LIFE, S9's betrayer) where it lies;
- :meth:`Effects.off_table`: to the zombie bin, the game box, or out of the game (dead);
- :meth:`Effects.onto_block`: into a building or the RV, on its support block;
- :meth:`Effects.move_to`: to the rules' place in the city (After the Zombie Rush "placed just
  inside of the city limits ... in a fallen position", S3's rescued figure beside her escort);
- :meth:`Effects.restore`: a failed move's pieces back where the flick found them (MOVE B,
  BASEBALL BAT B, MIKE CHO), and fallen objects stood back up (:meth:`Effects.stand` on objects);
- tokens: on a building's block when the rules put them there (LOSING LIFE's tokens face up at the
  grocery store, a drop off), off the table when carried or removed.

Reading the table never overrides a later rules decision: the measured outcome went to the rules
first (the bridge), and this module only writes the table.
"""
from __future__ import annotations

import math

import numpy as np

from feltbox.game.table.city import City, rest_pose
from feltbox.game.table.flick import heading_of
from feltbox.game.table.measure import fallen_mask, footprint_radius
from feltbox.game.table.session import Session
from feltbox.game.table.shelf import figure_spot, token_spot
from feltbox.models.base import inflation
from feltbox.models.catalog import build
from feltbox.models.dimensions import dims
from feltbox.rules.core import Event
from feltbox.rules.flickem.state import FlickemState
from feltbox.rules.flickem.too_close import on_the_tower

OFF_TABLE = ("bin", "box", "dead", "reserve")     # rules places whose figures are not on the table
TOKEN_OFF = ("supply", "removed")                 # rules places whose tokens are not on the table
MOVE_TOLERANCE = 0.5                              # cm: a figure this close to its rules place is there


class Effects:
    """The table effects, one method each, on a city and its session."""

    def __init__(self, city: City, session: Session):
        self.city, self.session = city, session

    def _pose(self, piece: str) -> np.ndarray:
        return self.session.poses[self.city.index(piece)]

    def _set(self, piece: str, pose: np.ndarray, present: bool = True) -> None:
        i = self.city.index(piece)
        self.session.poses[i], self.session.present[i] = pose, present

    def stand(self, piece: str) -> None:
        """Stood up where it lies (rulebook: "returned to standing", "Stand that zombie")."""
        pose = self._pose(piece)
        if piece in self.session.inside:
            self.onto_block(piece, self.session.inside[piece], fallen=False)
            return
        self._set(piece, rest_pose(self.city.bodies[self.city.index(piece)], float(pose[0]), float(pose[1]),
                                   heading_of(pose)))

    def lay_down(self, piece: str) -> None:
        """Placed fallen where it stands, its head toward the most room (no figure laid through
        another)."""
        if piece in self.session.inside:
            self.onto_block(piece, self.session.inside[piece], fallen=True)
            return
        pose = self._pose(piece)
        x, y = float(pose[0]), float(pose[1])
        self._set(piece, rest_pose(self.city.bodies[self.city.index(piece)], x, y,
                                   self._roomiest_heading(piece, x, y, heading_of(pose)), fallen=True))

    def _roomiest_heading(self, piece: str, x: float, y: float, heading: float) -> float:
        """The heading whose lying figure (head toward local -y) ends farthest from other pieces."""
        i = self.city.index(piece)
        reach = dims()["figure"]["height"] / 2
        others = [(float(self.session.poses[j, 0]), float(self.session.poses[j, 1]), footprint_radius(self.city, j))
                  for j in np.flatnonzero(self.session.present) if j != i
                  and not {"building", "limit", "tower"} & self.city.bodies[j].model.tags]

        def room(h: float) -> float:
            a = math.radians(h)
            head = (x + reach * math.sin(a), y - reach * math.cos(a))
            return min((math.dist(head, (ox, oy)) - r for ox, oy, r in others), default=99.0)

        candidates = [(heading + k * 30.0) % 360.0 for k in range(12)]     # ties keep its heading
        return max(candidates, key=lambda h: round(room(h), 2))

    def off_table(self, piece: str, to: str) -> None:
        """To the zombie bin (a killed or wounded zombie), the game box, or out of the game."""
        i = self.city.index(piece)
        home = self.city.tower_home[0][:2] if to == "bin" else self.city.poses[i, :2]
        self._set(piece, rest_pose(self.city.bodies[i], float(home[0]), float(home[1]), 0.0, fallen=True), False)
        self.session.inside.pop(piece, None)

    def onto_block(self, piece: str, building: str, fallen: bool = False) -> None:
        """IN A BUILDING: on its support blocks, at a place no other figure holds (table/shelf.py)."""
        s = self.session
        wx, wy, base = figure_spot(self.city, s.poses, s.present, s.inside, building, piece)
        self._set(piece, rest_pose(self.city.bodies[self.city.index(piece)], wx, wy,
                                   self.city.buildings[building].heading, base_z=base, fallen=fallen))
        self.session.inside[piece] = building

    def move_to(self, piece: str, xy: tuple[float, float], standing: bool) -> None:
        """To the rules' place in the city, standing or fallen."""
        i = self.city.index(piece)
        heading = heading_of(self.session.poses[i])
        self.session.inside.pop(piece, None)
        self._set(piece, rest_pose(self.city.bodies[i], xy[0], xy[1], heading))
        if not standing:
            self.lay_down(piece)

    def restore(self, pieces, snapshot) -> None:
        """Back where the flick found them, bit for bit (MOVE B: "returned to the position")."""
        poses, present, inside = snapshot
        for piece in pieces:
            i = self.city.index(piece)
            self.session.poses[i], self.session.present[i] = poses[i], present[i]
            if piece in inside:
                self.session.inside[piece] = inside[piece]
            else:
                self.session.inside.pop(piece, None)

    def token_onto_block(self, token: str, building: str) -> None:
        """A token put into a building lies at the back of its first block's shelf (or the next
        place free of figures, table/shelf.py), on top of any there."""
        geom = self.city.buildings[building]
        s = self.session
        wx, wy, lz = token_spot(self.city, s.poses, s.present, s.inside, building)
        i = self.city.index(token)
        spec = self.city.bodies[i]
        near = [j for j in self.city.ids("token") if j != i and self.session.present[j]
                and float(np.hypot(*(self.session.poses[j, :2] - (wx, wy)))) < 2.0]
        base = lz + 2 * inflation(build("support_block", building=geom.name)) + len(near) * spec.model.top_height
        self._set(token, rest_pose(spec, wx, wy, geom.heading, base_z=base))


    def token_beside(self, token: str, thing: str) -> None:
        """S3 TAKE, DROP, EXCHANGE IN THE CITY: a token dropped at a vehicle, barrel or box lies on
        the felt beside it, on the side toward the city's centre."""
        j = self.city.index(thing)
        x, y = float(self.session.poses[j, 0]), float(self.session.poses[j, 1])
        reach = footprint_radius(self.city, j) + dims()["token"]["diameter"] / 2 + 0.5
        toward = math.atan2(-y, -x) if (x, y) != (0.0, 0.0) else 0.0
        i = self.city.index(token)
        self._set(token, rest_pose(self.city.bodies[i], x + reach * math.cos(toward), y + reach * math.sin(toward), 0.0))


def follow_rules(effects: Effects, state: FlickemState, events: list[Event]) -> None:
    """Make the table agree with the rules ``state`` after an action whose ``events`` are given.
    Zombies picked for a pending rush or horde are the tower's until it runs."""
    session, city, data = effects.session, effects.city, state.data
    tower = on_the_tower(state)
    for event in events:
        if event.kind == "returned to standing":          # objects too (the rules track figures)
            for piece in event.data["pieces"]:
                if session.present[city.index(piece)] and piece not in session.inside:
                    effects.stand(piece)
    places = dict((p, (x, y)) for p, x, y in data.positions)
    figures = [(s.id, s.where, s.standing) for s in data.survivors] + [(z.id, z.where, z.standing) for z in data.zombies]
    ids = [f[0] for f in figures]
    down = fallen_mask(session.poses[[city.index(p) for p in ids]]) if ids else []
    for (piece, where, standing), fallen in zip(figures, down):
        i = city.index(piece)
        if piece in tower:
            continue
        if where in OFF_TABLE:
            if session.present[i]:
                effects.off_table(piece, where)
        elif where != "city":
            if not session.present[i] or session.inside.get(piece) != where or bool(fallen) == standing:
                effects.onto_block(piece, where, fallen=not standing)
        elif piece in places:
            xy = places[piece]
            far = float(np.hypot(session.poses[i, 0] - xy[0], session.poses[i, 1] - xy[1])) > MOVE_TOLERANCE
            if not session.present[i] or piece in session.inside or far:
                effects.move_to(piece, xy, standing)
            elif bool(fallen) == standing:
                (effects.stand if standing else effects.lay_down)(piece)
    objects = {b.id for b in city.bodies if b.model.tags & {"vehicle", "barrel", "box"}}
    for token in data.tokens:
        i = city.index(token.id)
        off = token.where in TOKEN_OFF or token.where in {s.id for s in data.survivors}
        if off and session.present[i]:
            session.present[i] = False
        elif not off and not session.present[i] and token.where in city.buildings:
            effects.token_onto_block(token.id, token.where)
        elif not off and not session.present[i] and token.where in objects:
            effects.token_beside(token.id, token.where)
