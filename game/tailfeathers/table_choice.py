"""Tail Feathers chosen on the table (issue 18): what a click, a drag or a button of the window
means for the rules' pending decision. No Panda3D: the window (game/window/table_choice_view.py)
hands in the piece under the mouse and the mouse ray, and draws what comes back; tested headless.

The table drives the list: whatever is chosen on the table moves the list's highlight onto the
legal action it names, so the confirm button, Enter and the list are one path (the list and its
keys stay the keyboard alternative, game/tailfeathers/window_game.py). Modes, by the legal actions:

* ``activate`` (Activate Units, rulebook p. 8): click figures of a unit to ring them (a squad up to
  its squad value); a figure the rules do not let activate says why; the confirm button activates
  the ringed figures.
* ``place`` (Tree Movement, Scurry; Transporting's "place that figure on an adjacent space"): the
  figure to move is ringed (click another mover to switch), the spaces it may go to are outlined,
  a click on one (or on a figure standing there) moves it.
* ``flight`` (Flight Movement): game/tailfeathers/flight_builder.py, laid as the buttons and clicks
  near the templates change it.
* ``launch`` (Tilt Phase, Launch Position; game/tailfeathers/launch_drag.py): press in the bird's
  space and drag: the heading follows
  the mouse, named in words ("45 deg: north-east, toward the ash tree"); release to launch at the
  offered heading (15 degree steps) nearest the drag, from the offered spot nearest the press.
Other choices with few options (mission card, bid, end the activation...) come as buttons.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from feltbox.game.tailfeathers.flight_builder import TILT_NAME, FlightBuilder, TemplateLay, fly_label
from feltbox.game.tailfeathers.launch_drag import LaunchDrag, on_plane
from feltbox.game.text.event_feed import name
from feltbox.rules.core import IllegalAction
from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import flight, measure, phases

PREVIEW_LIFT = 0.4       # cm above the bird's base height: templates and outlines of the preview
BUTTONS_FOR_ALL = 8      # a decision with at most this many choices and no table mode: one button each


@dataclass(frozen=True)
class Button:
    key: str             # what ``press(key)`` is given
    label: str
    enabled: bool = True  # greyed when False; pressed anyway, it says why on the bar


def figure_numbers(figures) -> str:
    """Figures of one unit by their numbers: ("oakguard-1", "oakguard-3") -> "1+3"."""
    return "+".join(f.rsplit("-", 1)[-1] for f in figures)


def activate_label(a: act.Activate) -> str:
    """ "activate Oakguard 1+3" (a squad's figures by number), "activate Aerijin"."""
    figs = [f for f in a.figures if f != a.unit]
    return f"activate {name(a.unit)}" + (f" {figure_numbers(figs)}" if figs else "")


class TableChoice:
    """The table's side of the human seat's decision, for one TFWindowGame (``game``)."""

    def __init__(self, game):
        self.game = game
        self.builder = FlightBuilder()
        self.selected: list[str] = []        # ringed figures (activate) / the mover (place)
        self.message = ""                    # the last click's answer, shown on the HUD bar
        self.drag = LaunchDrag(game)
        self.legal: list = []
        self._state = None
        self._highlight = None

    # -- following the rules -------------------------------------------------------------------
    def sync(self) -> None:
        """A new rules state starts afresh (nothing ringed, a new flight); a flight highlighted in
        the list is the one laid on the table."""
        state = self.game.state()
        if state is not self._state:
            self._state, self.legal = state, self.game.legal_actions()
            self.selected, self.message, self.drag.launch, self._highlight = [], "", None, None
            flies = [a for a in self.legal if isinstance(a, flight.Fly)]
            if flies:
                self.builder.reset(flies, flight.mover(state).tilt)
                self._point_list()
            self.selected = self._default_mover()
        h = self.game.highlight
        if h != self._highlight:
            self._highlight = h
            if h is not None and h < len(self.legal) and isinstance(self.legal[h], flight.Fly):
                self.builder.adopt(self.legal[h])

    def mode(self) -> str | None:
        self.sync()
        kinds = {type(a) for a in self.legal}
        if act.Activate in kinds:
            return "activate"
        if flight.Fly in kinds:
            return "flight"
        if phases.Launch in kinds:
            return "launch"
        if self._placements():
            return "place"
        return None

    def _point_list(self, action=None) -> None:
        """Move the list's highlight onto ``action`` (default: the flight being laid)."""
        action = self.builder.action() if action is None else action
        if action in self.legal:
            k = self.legal.index(action)
            self.game.move_highlight(k - (self.game.highlight or 0))
            self._highlight = self.game.highlight

    def _pick(self, action):
        """Play ``action`` through the list's path; the frames to animate."""
        return self.game.pick(self.legal.index(action))

    # -- what the window draws ----------------------------------------------------------------
    def ringed(self) -> list[str]:
        """The figures ringed on the table: chosen to activate, the one to move, the bird to launch."""
        mode = self.mode()
        if mode == "launch":
            return [self._launch_bird()]
        return list(self.selected) if mode in ("activate", "place") else []

    def template_lays(self) -> list[TemplateLay]:
        """The flight being laid, template by template (empty outside a flight decision)."""
        if self.mode() != "flight":
            return []
        fig = flight.mover(self.game.state())
        return self.builder.lays(fig.pose, self._base_z(fig) + PREVIEW_LIFT)

    def outlines(self) -> list[np.ndarray]:
        """Closed (n, 3) outlines the window draws: the flight's templates and its end base, or the
        spaces the ringed figure may move to."""
        mode = self.mode()
        if mode == "flight":
            fig = flight.mover(self.game.state())
            path, z = self.builder.path(fig.pose), self._base_z(fig) + PREVIEW_LIFT
            t = np.linspace(0.0, 2 * np.pi, 33)
            ex, ey, _ = path.end
            end = np.column_stack([ex + measure.BASE_RADIUS * np.cos(t), ey + measure.BASE_RADIUS * np.sin(t)])
            return [np.column_stack([o, np.full(len(o), z)]) for o in [np.asarray(p, float) for p in path.templates] + [end]]
        if mode == "place" and self.selected:
            spaces = self.game.bridge.spaces
            return [np.column_stack([spaces[s].polygon, np.full(len(spaces[s].polygon), spaces[s].height + 0.15)])
                    for s in self._destinations(self.selected[0]) if s in spaces]
        return []

    def status(self) -> str:
        """The HUD bar's line: what to do on the table now, or the answer to the last click."""
        mode = self.mode()
        if mode == "flight":
            b = self.builder
            ready = "ready: fly" if b.legal() else b.why_not()
            return f"{fly_label(b.action())}   {ready}" + (f"   ({self.message})" if self.message else "")
        if self.message:
            return self.message
        if mode == "activate":
            return "click the figures to activate (a squad: several), then activate"
        if mode == "place" and self.selected:
            return f"{name(self.selected[0])}: click a lit space to move there"
        if mode == "launch":
            bird = self._launch_bird()
            return f"{name(bird)}: drag from it on the table to launch it facing that way"
        return ""

    def buttons(self) -> list[Button]:
        mode = self.mode()
        out: list[Button] = []
        if mode == "activate":
            a = self._ringed_activation()
            label = activate_label(a) if a else "activate"
            out.append(Button("confirm", label, a is not None))
        elif mode == "flight":
            b = self.builder
            out += [Button("short", "+ short"), Button("long", "+ long"), Button("remove", "- last")]
            for t in flight.TILTS:
                out.append(Button(f"tilt:{t}", TILT_NAME[t], t in b.tilts()))
            if len(b.carries()) > 1:
                out.append(Button("carry", f"carry: {name(b.carry) if b.carry else 'nobody'}"))
            out.append(Button("confirm", f"fly {fly_label(b.action())}", b.legal()))
        simple = [a for a in self.legal if not isinstance(a, (act.Activate, flight.Fly, phases.Launch,
                                                                  act.TreeMove, act.Scurry))]
        if mode is not None or len(self.legal) <= BUTTONS_FOR_ALL:
            out += [Button(f"pick:{self.legal.index(a)}", self.game.label(a)) for a in simple[:BUTTONS_FOR_ALL]]
        return out

    # -- input ----------------------------------------------------------------------------------
    def press(self, key: str):
        """A button of ``buttons()``; the frames to animate when a rules action was played."""
        self.sync()
        b = self.builder
        if key == "confirm":
            a = self._ringed_activation() if self.mode() == "activate" else b.action() if b.legal() else None
            if a is None:
                self.message = "click figures to ring them first" if self.mode() == "activate" else b.why_not()
                return None
            return self._pick(a)
        if key.startswith("pick:"):
            return self.game.pick(int(key[5:]))
        if key in ("short", "long"):
            self.message = b.add(key)
        elif key == "remove":
            self.message = b.remove_last()
        elif key.startswith("tilt:"):
            self.message = b.set_tilt(key[5:], self._tilt_refusal())
        elif key == "carry":
            self.message = b.next_carry()
        self._point_list()
        return None

    def click_piece(self, piece: str):
        """A click on a piece: ring it (activate), make it the mover or move onto its space
        (place). (handled, frames): handled False when the click means nothing on the table here."""
        mode = self.mode()
        state = self.game.state()
        fig = next((f for f in state.data.figures if f.id == piece), None)
        if fig is None:
            return False, None
        if mode == "activate":
            self.message = self._ring(fig)
            return True, None
        if mode == "place":
            if fig.id in self._movers():
                self.selected, self.message = [fig.id], ""
                return True, None
            if self.selected and fig.where in self._destinations(self.selected[0]):
                return True, self._move_to(fig.where)
        return False, None

    def click_table(self, origin, direction):
        """A click on the table (the mouse ray from ``origin`` along ``direction``, table frame):
        (handled, frames)."""
        mode = self.mode()
        if mode == "place" and self.selected:
            sid = self.space_hit(origin, direction)
            if sid is None:
                return False, None
            if sid not in self._destinations(self.selected[0]):
                self.message = f"{name(self.selected[0])} cannot move to {sid}: click a lit space"
                return True, None
            return True, self._move_to(sid)
        if mode == "flight":
            fig = flight.mover(self.game.state())
            p = on_plane(origin, direction, self._base_z(fig) + PREVIEW_LIFT)
            hit = self.builder.clicked(fig.pose, *p) if p is not None else None
            if hit is None:
                return False, None
            kind, what = hit
            self.message = self.builder.toggle(what) if kind == "template" else \
                self.builder.set_tilt(what, self._tilt_refusal())
            self._point_list()
            return True, None
        return False, None

    # -- the launch drag (game/tailfeathers/launch_drag.py) ---------------------------------------
    @property
    def launch(self) -> tuple[str, tuple[float, float], float] | None:
        """(bird, spot, heading) while a launch heading is dragged, else None."""
        return self.drag.launch

    def launch_start(self, origin, direction) -> bool:
        """A press: in the launching bird's space it starts the heading drag (True)."""
        if self.mode() != "launch":
            return False
        ok, self.message = self.drag.start(self._launch_bird(), self.legal, origin, direction)
        return ok

    def launch_aim(self, origin, direction) -> str:
        """A frame of the drag: the heading toward the mouse, in words."""
        if self.drag.launch is not None:
            self.message = self.drag.aim(self.legal, origin, direction)
        return self.message

    def launch_end(self, origin, direction):
        """The release: the frames of the launch, or None (a drag too short chooses nothing)."""
        bird = self.drag.launch[0] if self.drag.launch is not None else ""
        a = self.drag.end(self.legal, origin, direction)
        if a is None and bird:
            self.message = f"{name(bird)}: drag from it toward where it should face (a click launches nothing)"
        return self._pick(a) if a is not None else None

    # -- helpers --------------------------------------------------------------------------------
    def _launch_bird(self) -> str:
        return next(a.bird for a in self.legal if isinstance(a, phases.Launch))

    def _base_z(self, fig) -> float:
        return self.game.bridge.base_z(fig)

    def space_hit(self, origin, direction) -> str | None:
        """The space the mouse ray meets first (spaces are flat polygons at their heights)."""
        best = None
        o, d = np.asarray(origin, float), np.asarray(direction, float)
        for sid, s in self.game.bridge.spaces.items():
            p = on_plane(o, d, s.height)
            if p is not None and measure.inside(p, s.polygon):
                t = (s.height - o[2]) / d[2]
                if best is None or t < best[0]:
                    best = (t, sid)
        return best[1] if best else None

    def _placements(self) -> list:
        return [a for a in self.legal if isinstance(a, (act.TreeMove, act.Scurry))
                or (isinstance(a, flight.Perch) and a.to and a.to != "casualty")]

    def _who(self, placement) -> str:
        """The figure a placement moves (Perch: the bird's carried figure)."""
        return placement.figure if not isinstance(placement, flight.Perch) else flight.mover(self.game.state()).carrying

    def _movers(self) -> list[str]:
        return list(dict.fromkeys(self._who(a) for a in self._placements()))

    def _default_mover(self) -> list[str]:
        return self._movers()[:1]

    def _placement(self, fig: str, sid: str):
        return next((a for a in self._placements() if self._who(a) == fig and a.to == sid), None)

    def _destinations(self, fig: str) -> list[str]:
        return [a.to for a in self._placements() if self._who(a) == fig]

    def _move_to(self, sid: str):
        return self._pick(self._placement(self.selected[0], sid))

    def _ringed_activation(self) -> act.Activate | None:
        if not self.selected:
            return None
        unit = self.game.state().data.figure(self.selected[0]).unit
        return next((a for a in self.legal if isinstance(a, act.Activate) and a.unit == unit
                     and set(a.figures) == set(self.selected)), None)

    def _ring(self, fig) -> str:
        """Ring or un-ring ``fig`` for the activation; the answer for the HUD."""
        options = [a for a in self.legal if isinstance(a, act.Activate)]
        if not any(fig.id in a.figures for a in options):
            return f"{name(fig.id)} cannot activate: {self._why_not(fig)}"
        if fig.id in self.selected:
            self.selected.remove(fig.id)
        else:
            if self.selected and self.game.state().data.figure(self.selected[0]).unit != fig.unit:
                self.selected = []
            wanted = set(self.selected) | {fig.id}
            if not any(a.unit == fig.unit and set(a.figures) == wanted for a in options):
                most = max(len(a.figures) for a in options if a.unit == fig.unit)
                return f"{name(fig.unit)} activates at most {most} figures: click a ringed one to drop it"
            self.selected.append(fig.id)
        a = self._ringed_activation()
        if a is not None:
            self._point_list(a)
        return f"ringed: {activate_label(a).removeprefix('activate ')}" if a else ""

    def _why_not(self, fig) -> str:
        """Why the rules do not let ``fig`` activate, in plain words and then the rules' own."""
        state = self.game.state()
        unit = state.data.unit(fig.unit)
        decider = self.game.decider()
        if decider is not None and unit.alliance != decider:
            return f"it is the {unit.alliance}'s; {decider} activates now"
        if unit.activated:
            return f"{name(unit.id)} has already activated this round"
        try:
            self.game.dry_run(act.Activate(unit.id, (fig.id,)))
        except IllegalAction as exc:
            return exc.reason
        return f"it is {fig.where}"

    def _tilt_refusal(self) -> str:
        if any(isinstance(a, flight.PilotCheck) for a in self.legal):
            return "a tilt change needs a successful piloting check: roll it first"
        return "no tilt change now (the piloting check is used or failed)"
