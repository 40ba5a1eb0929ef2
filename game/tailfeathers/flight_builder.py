"""A flight laid on the table a template at a time (issue 18: "lay a flight by picking short/long
for each template and left/straight/right tilt steps on the table with the preview drawn as you
go"). No Panda3D: game/tailfeathers/table_choice.py holds one builder, the window
(game/window/table_choice_view.py) draws what ``lays()`` hands back with the real template models
(models/tailfeathers/flight.py, sized from the rules' own table).

Flight Movement (rulebook p. 8): a flying bird announces 2..move templates, each short or long, the
last one an END template, and the tilt of the whole flight (one step left / right of the bird's
tilt after a successful piloting check). The builder holds that announcement; it is always a
``flight.Fly`` and is legal exactly when the rules list it. The templates are laid by the rules'
geometry (rules/tailfeathers/geometry.flight_path), never a second copy of it.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from feltbox.game.text.event_feed import name
from feltbox.rules.tailfeathers import flight, geometry, measure
from feltbox.rules.tailfeathers.geometry import FlightPath

TILT_WORD = {"left": "L", "center": "C", "right": "R"}
TILT_NAME = {"left": "left", "center": "straight", "right": "right"}
END_REACH = 9.0          # cm: a click this near the end point sets the tilt by its side
SIDE = 20.0              # degrees off the end's flight line that count as left / right


@dataclass(frozen=True)
class TemplateLay:
    """One template of the preview where the table shows it: its model (size, end template or
    not) with its start edge at (x, y), running along ``heading`` (degrees, 0 = +x), at height z."""
    size: str
    end: bool
    x: float
    y: float
    heading: float
    z: float


def template_lays(start, templates, tilt: str, z: float) -> list[TemplateLay]:
    """Where each template's model of a flight from ``start`` (x, y, heading) lies: the first from
    the base's edge on its facing line, each next one from the maneuver point before it, on the
    flight line of the tilt (the window's preview and the replay's laid flight alike)."""
    path = geometry.flight_path(start, measure.BASE_RADIUS, tuple(templates), tilt)
    x, y = path.centreline[1][:2]
    origins = [(x, y, float(start[2]))] + [tuple(p) for p in path.maneuver_points]
    last = len(templates) - 1
    return [TemplateLay(size, k == last, float(o[0]), float(o[1]), float(o[2]) % 360.0, z)
            for k, (size, o) in enumerate(zip(templates, origins))]


def fly_label(a: flight.Fly) -> str:
    """A flight as the list and the confirm button name it: "short, long - tilt C", ", carry
    Oakguard 6" when it transports a figure (the window's font has no middle dot)."""
    text = f"{', '.join(a.templates)} - tilt {TILT_WORD[a.tilt]}"
    return text + (f", carry {name(a.carry)}" if a.carry else "")


class FlightBuilder:
    """The announcement being laid: templates, tilt, carried figure."""

    def __init__(self):
        self.templates: list[str] = ["short", "short"]
        self.tilt = "center"
        self.carry = ""
        self.flies: list[flight.Fly] = []

    def reset(self, flies: list[flight.Fly], tilt: str) -> None:
        """A new flight to lay: the legal ``flies``; start with two short templates at the bird's
        ``tilt`` (the shortest legal flight)."""
        self.flies = list(flies)
        self.tilt = tilt if tilt in self.tilts() else (self.tilts() or ["center"])[0]
        self.templates, self.carry = ["short", "short"], ""

    def adopt(self, a: flight.Fly) -> None:
        """Follow a flight highlighted in the list (the keyboard alternative)."""
        self.templates, self.tilt, self.carry = list(a.templates), a.tilt, a.carry

    def action(self) -> flight.Fly:
        return flight.Fly(tuple(self.templates), self.tilt, self.carry)

    def legal(self) -> bool:
        return self.action() in self.flies

    # -- what the legal flights allow -----------------------------------------------------------
    def tilts(self) -> list[str]:
        return [t for t in flight.TILTS if any(a.tilt == t for a in self.flies)]

    def most(self, tilt: str | None = None) -> int:
        tilt = tilt or self.tilt
        return max((len(a.templates) for a in self.flies if a.tilt == tilt), default=2)

    def carries(self) -> list[str]:
        return sorted({a.carry for a in self.flies})

    def why_not(self) -> str:
        """Why the announcement is not legal ("" when it is)."""
        if self.legal():
            return ""
        if self.tilt not in self.tilts():
            return f"tilt {TILT_NAME[self.tilt]} is not allowed now"
        n = len(self.templates)
        if n < 2:
            return "a flight lays at least 2 templates"
        if n > self.most():
            return f"at most {self.most()} templates at tilt {TILT_WORD[self.tilt]}"
        return "the rules do not offer this flight"

    # -- changes (each returns the line the HUD shows) ------------------------------------------
    def add(self, size: str) -> str:
        if len(self.templates) >= self.most():
            return f"at most {self.most()} templates: click one to change its size"
        self.templates.append(size)
        return f"added a {size} template"

    def remove_last(self) -> str:
        if len(self.templates) <= 2:
            return "a flight lays at least 2 templates: click one to change its size"
        self.templates.pop()
        return "took the last template off"

    def toggle(self, k: int) -> str:
        self.templates[k] = "long" if self.templates[k] == "short" else "short"
        return f"template {k + 1} is {self.templates[k]} now"

    def set_tilt(self, tilt: str, why_not: str) -> str:
        """Tilt ``tilt`` if the rules allow it; else ``why_not`` (the rules' reason in words)."""
        if tilt not in self.tilts():
            return why_not
        self.tilt = tilt
        if len(self.templates) > self.most():
            del self.templates[self.most():]
        return f"tilt {TILT_NAME[tilt]}"

    def next_carry(self) -> str:
        options = self.carries()
        self.carry = options[(options.index(self.carry) + 1) % len(options)] if self.carry in options else ""
        return f"carrying {name(self.carry)}" if self.carry else "carrying nobody"

    # -- the geometry -----------------------------------------------------------------------------
    def path(self, start) -> FlightPath:
        return geometry.flight_path(start, measure.BASE_RADIUS, self.templates, self.tilt)

    def lays(self, start, z: float) -> list[TemplateLay]:
        """Where each template's model lies (``template_lays``)."""
        return template_lays(start, self.templates, self.tilt, z)

    def clicked(self, start, x: float, y: float) -> tuple[str, int | str] | None:
        """What a click at (x, y) on the table touched: ("template", k) inside template k's outline,
        ("tilt", "left"/"center"/"right") near the end point (by its side of the flight line), or None."""
        path = self.path(start)
        for k, poly in enumerate(path.templates[:-1]):
            if measure.inside((x, y), poly):
                return "template", k
        ex, ey, eh = path.end
        if math.hypot(x - ex, y - ey) <= END_REACH:
            if math.hypot(x - ex, y - ey) < 1.0:
                return "tilt", "center"
            off = (math.degrees(math.atan2(y - ey, x - ex)) - eh + 180.0) % 360.0 - 180.0
            return "tilt", "left" if off > SIDE else "right" if off < -SIDE else "center"
        if measure.inside((x, y), path.templates[-1]):
            return "template", len(self.templates) - 1
        return None
