"""A Tail Feathers rules game behind the window (``feltbox play tailfeathers show_of_force --bots
rat``), the Dead of Winter controller's twin (game/flickem/window_game.py). No Panda3D here: the window
calls in and draws what is handed back, so the controller is tested headless.

The bots play their seats (game/tailfeathers/seats.py: game/players/seats.Seats with
game/tailfeathers/bot.TFBot); every die is thrown in the physical dice tray and every tail
feather dropped by the bridge (game/tailfeathers/bridge.py) as soon as the rules ask, and the
faces are shown as text. The window's player sees the phase prompt
(mission / tilt / initiative / activation / final) and the legal actions with readable labels,
a page of ``PAGE`` at a time on keys a, b, c... with whole, short labels ("activate Oakguard
1+3", "short, long - tilt C"); one choice is highlighted ("[" / "]" move it, enter picks it).
What is chosen on the table (``table_choice``: game/tailfeathers/table_choice.py, clicks, drags
and buttons) moves that highlight; ``preview()`` gives the flight being laid as outlines, laid
by the rules' own geometry (rules/tailfeathers/geometry.flight_path), for the window to draw.

``TFWindowGame`` meets the window's protocol (game/window/game_view.GameView) in full; what every
game played from a list of actions does alike (the bots' loop, the pages of choices, undo, no
flicks, nobody chosen to start: initiative is rolled every round) is
game/players/choices.ChoicesController's.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from feltbox.game.players.choices import PAGE, ChoicesController
from feltbox.game.players.script import describe
from feltbox.game.table.bodies import BodySpec
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.game.tailfeathers.dice import KIT as DICE
from feltbox.game.tailfeathers.flight_builder import fly_label
from feltbox.game.tailfeathers.launch_drag import compass
from feltbox.game.tailfeathers.seats import new_seats
from feltbox.game.tailfeathers.table_choice import PREVIEW_LIFT, TableChoice, activate_label
from feltbox.game.text.event_feed import name, tree_name
from feltbox.rules.core import Decision, GameOver, Measured
from feltbox.rules.tailfeathers import activation as act
from feltbox.rules.tailfeathers import cards, combat, dice, final, flight, geometry, phases
from feltbox.rules.tailfeathers.measure import BASE_RADIUS
from feltbox.scenes.loader import tailfeathers_path
from feltbox.scenes.tailfeathers.schema import TFScene

KEYS = "abcdefghijklmnopqrstuvwxyz"
HIDDEN_Z = -500.0            # figures off the battlefield are posed under the table
DICE_IDS = [b.id for b in DICE.bodies()[1:]]              # die-1 .. die-10, the box's action dice
OFF = np.array([0.0, 0.0, HIDDEN_Z, 1.0, 0.0, 0.0, 0.0])   # a die not rolled: in the box
PHASES = {"mission": "MISSION", "tilt": "TILT", "initiative": "INITIATIVE", "activation": "ACTIVATION",
          "final": "FINAL", "over": "OVER"}


def label(action) -> str:
    """A legal action as the HUD lists it, pieces by their names ("Rat Squad 5", not "rat-squad-5")."""
    a = action
    if isinstance(a, flight.Fly):
        return fly_label(a)
    if isinstance(a, phases.Tilt):
        return f"{name(a.bird)}: keep perched" if a.tilt == "stay" else f"{name(a.bird)}: tilt {a.tilt}"
    if isinstance(a, phases.Launch):
        spot = f" at ({a.x:.0f}, {a.y:.0f})" if a.x is not None and a.y is not None else ""
        return f"{name(a.bird)}: launch {a.heading:.0f} deg {compass(a.heading)}{spot}"
    if isinstance(a, phases.ChooseMission):
        return f"mission card: {a.mission}" if a.mission else "no mission card"
    if isinstance(a, phases.AssignFigure):
        return f"send {name(a.figure)} to the mission box"
    if isinstance(a, phases.Bid):
        return f"bid {a.extra} extra initiative dice" if a.extra else "no extra initiative dice"
    if isinstance(a, act.Activate):
        return activate_label(a)
    if isinstance(a, (act.TreeMove, act.Scurry)):
        return f"{name(a.figure)}: {'move' if isinstance(a, act.TreeMove) else 'scurry'} to {name(a.to)}"
    if isinstance(a, act.AttackWith):
        return f"{name(a.figure)}: {a.kind} attack on {name(a.target)}"
    if isinstance(a, act.Revive):
        return f"revive {name(a.figures)}" if a.figures else "do not revive"
    if isinstance(a, flight.Swoop):
        return f"swoop on {name(a.target)}"
    if isinstance(a, flight.Pickup):
        return f"pick up {name(a.figure)}"
    if isinstance(a, combat.AssignHit):
        return f"assign the hit to {name(a.target)}"
    if isinstance(a, final.SiegeTree):
        tree = tree_name(a.tree)
        return f"besiege {tree}" + (f" from {name(a.space).removesuffix(f' of {tree}')}" if a.space else "")
    if isinstance(a, final.PatrolTarget):
        if a.target.startswith("leaf:"):
            return f"patrol: attack the enemies on {name(a.target[5:])}"
        return f"patrol: attack {name(a.target)}" if a.target else "patrol: no target"
    if isinstance(a, final.RescueBird):
        return f"rescue {name(a.unit)}" if a.unit else "rescue no bird"
    if isinstance(a, flight.Perch):
        return "perch here" + (f", the carried figure to {name(a.to)}" if a.to else "")
    if isinstance(a, cards.PlayCard):
        return f"play {a.card.replace('_', ' ')}" if a.card else "no action card"
    if isinstance(a, dice.RerollCheese):
        return f"re-roll {a.dice} excess cheese" if a.dice else "keep the roll (no cheese re-rolled)"
    simple = {act.Pass: "pass", act.EndMove: "end the move", act.EndActivation: "end the activation",
              act.Forage: "forage", flight.PilotCheck: "piloting check (roll the pilot dice)",
              flight.Continue: "continue the flight",
              flight.Drop: "drop off the carried figure", phases.DoneAssigning: "done assigning"}
    return simple.get(type(a)) or describe(a)


class TFWindowGame(ChoicesController):
    name = "tailfeathers"
    HELP = ("click figures, spaces, templates; drag a launch: choose on the table  |  a, b, c...: the list  |  "
            "[ ]: highlight  |  enter: pick  |  page up/down  |  right-drag/arrows: orbit  |  wheel: zoom")
    # the window adds esc (game/window/app.py)
    SECRET_HANDS = True        # the choices list a player's mission and action cards (game/window/handover.py)

    def __init__(self, scene: TFScene, seed: int = 0, bots: str = "none", first: str | None = None):
        """``first`` must be None: Tail Feathers rolls for initiative every round, no side is
        chosen to start (the argument is there so every game's controller is built alike)."""
        if first is not None:
            raise ValueError(f"Tail Feathers rolls for initiative: no alliance starts ({first!r} given)")
        self.bridge = TFBridge(scene, seed)
        self.seats = new_seats(self.bridge, bots)
        super().__init__()
        self.table_choice = TableChoice(self)      # clicks, drags and buttons on the table

    def label(self, action) -> str:
        return label(action)

    def snapshot(self):
        """The table between actions: poses, who is on it, birds' tilts, the roll counter."""
        b = self.bridge
        return b.poses.copy(), b.present.copy(), dict(b.tilts), b.rolls, b.episodes

    def _put_back(self, snap) -> None:
        b = self.bridge
        poses, present, tilts, b.rolls, b.episodes = snap
        b.poses, b.present, b.tilts = poses.copy(), present.copy(), dict(tilts)

    def active_piece(self) -> str | None:
        """The unit activated now (its id), None outside an activation."""
        return self.bridge.engine.state.flow.active or None

    # -- saving ----------------------------------------------------------------------------------
    def scene_key(self) -> str:
        """The built-in scene's name, or the path of a player's own scene file (so a save of a
        battle on it loads that file again)."""
        scene = self.bridge.scene
        own = Path(scene.source).resolve()
        return scene.name if own == tailfeathers_path(scene.name).resolve() else str(own)

    def lay_table_from_rules(self) -> bool:
        """The battlefield follows the rules state exactly; the roll counter is the number of
        measured outcomes so far."""
        self.bridge.rolls = sum(isinstance(s.action, Measured) for s in self.bridge.engine.history)
        self.bridge.sync()
        self.refresh()
        return True

    def turn_key(self) -> tuple:
        f, pending = self.bridge.engine.state.flow, self.bridge.pending()
        return f.round, f.phase, pending.player if isinstance(pending, Decision) else None

    # -- what the window draws -----------------------------------------------------------------
    @property
    def title(self) -> str:
        """The battle as the window's title names it."""
        return f"Tail Feathers - {self.bridge.scene.title}"

    def bodies(self):
        """The body table now: each bird's model at its current tilt, nest dials at their life;
        then the action dice, which lie in the tray after a roll (TFBridge.dice_in_tray)."""
        return self.bridge.bodies_now() + [BodySpec(f"tray-{die}", DICE.die_kind) for die in DICE_IDS]

    def poses(self) -> np.ndarray:
        """Every body's pose; figures, feathers and dice off the battlefield go under the table."""
        poses = self.bridge.poses.copy()
        poses[~self.bridge.present, 2] = HIDDEN_Z
        lying = self.bridge.dice_in_tray()
        dice = np.array([lying.get(die, OFF) for die in DICE_IDS])
        return np.vstack([poses, dice]).astype(np.float32)

    def preview(self) -> list[np.ndarray]:
        """Outlines the window draws on the table: the flight being laid (on the table or
        highlighted in the list: game/tailfeathers/table_choice.py) and the base at its end point,
        or the spaces the ringed figure may move to; while a flight is under way, its announced
        templates. (n, 3) table points each, closed; empty otherwise."""
        outlines = self.table_choice.outlines()
        state = self.bridge.engine.state
        if outlines or state.flow.flight is None:
            return outlines
        fl = state.flow.flight
        fig = state.data.figures_of(fl.unit)[0]
        path = geometry.flight_path(fl.start, BASE_RADIUS, fl.templates, fl.tilt)
        space = self.bridge.spaces.get(fig.where)
        z = (space.height if space is not None else 0.0) + PREVIEW_LIFT
        t = np.linspace(0.0, 2 * np.pi, 33)
        ex, ey, _ = path.end
        end = np.column_stack([ex + BASE_RADIUS * np.cos(t), ey + BASE_RADIUS * np.sin(t)])
        outlines = [np.asarray(p, float) for p in path.templates] + [end]
        return [np.column_stack([o, np.full(len(o), z)]) for o in outlines]

    def text(self) -> str:
        """The HUD: round and phase, whose decision and its prompt, the page of choices (the
        highlighted one marked), the last dice results and rules events."""
        state, pending = self.bridge.engine.state, self.bridge.pending()
        f = state.flow
        if isinstance(pending, GameOver):
            head = f"GAME OVER: {pending.reason}" + (f"  (winners: {', '.join(pending.winners)})" if pending.winners else "")
        else:
            who = pending.player if isinstance(pending, Decision) else pending.spec.get("player", "")
            what = pending.prompt if isinstance(pending, Decision) else f"the table: {pending.kind}"
            bot = " (bot)" if who in self.seats.bot_teams else ""
            unit = f"  active {f.active}" if f.active and f.phase == "activation" else ""
            head = f"round {f.round}  {PHASES.get(f.phase, f.phase)} phase  |  {who}{bot}{unit}: {what}"
        lines = [head]
        if self._seen:
            if self.pages() > 1:
                lines.append(f"  page {self.page + 1}/{self.pages()} (page up / page down)   "
                             "[ ] highlight   enter: pick the highlighted")
            first = self.page * PAGE
            for k, c in enumerate(self.choices()[first:first + PAGE]):
                mark = ">" if first + k == self.highlight else " "
                lines.append(f" {mark}{KEYS[k]}. {c}")
        lines.append("dice: " + ("   |   ".join(self.rolls) if self.rolls else "-"))
        return "\n".join(lines + [""] + self.feed)
