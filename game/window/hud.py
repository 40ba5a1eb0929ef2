"""The HUD panels of the window: an add-on (``attach_hud(app)``, for the app's ``hud_panels``
place) that reads the game through game/window/game_view.GameView and game/window/hud_model.py.

Layout at 16:9 (docs/hud.md), every panel scaled by Settings.ui_scale around its screen corner:
- top bar (full width): round, day/night (bar tint and a sun or moon), the team to play and the
  active survivor with its actions, zombies in the bin and in the city; the scenario and its
  objective below. Tail Feathers: round, phase and whose decision, the prompt (the tilt prompt
  lit up in the tilt phase), each alliance's cheese wheel (6 pips) and nest life.
- left column: one card per survivor (team strip, life pips, 3 inventory slots, backpack) or per
  Tail Feathers unit (wound pips over its life, status, tilt); Tail Feathers' last dice below.
- right column: the choices (keys a, b, c...; the highlighted one marked), the event feed at
  the bottom right: the last ``FEED_LINES`` sentences (game/text/event_feed.py), older ones dimmer
  and every line fading after ``FADE_AFTER`` seconds.
The table's centre stays clear. The old text HUD (``app.hud``) and title are hidden: their
contents live in these panels. Widgets are built once and refreshed only when the rules state,
the choices or the feed change, and never while an animation plays (no spoilers).
"""
from __future__ import annotations

import time

from feltbox.game.text.event_feed import choice_label, sentence
from feltbox.game.window.app import PlayApp
from feltbox.game.window.flick_target import drag_hint
from feltbox.game.window.game_view import KEYS
from feltbox.game.window.hud_layout import CARD_W, FEED_BOTTOM, RIGHT_W, TOP_H
from feltbox.game.window.hud_model import FlickemHud, TFHud, describe_game
from feltbox.game.window.hud_widgets import DIM, PANEL, TEXT, Pips, Slots, Text, panel, team_colour
from feltbox.game.window.settings import Settings, load_settings

FEED_LINES = 6
FADE_AFTER = 25.0          # seconds before a feed line starts fading
CHOICE_LINES = 15
CARD_H, CARD_GAP = 0.082, 0.008        # CARD_W, RIGHT_W, TOP_H, FEED_BOTTOM: game/window/hud_layout.py
DAY_BAR, NIGHT_BAR = (0.34, 0.26, 0.10, 0.88), (0.05, 0.08, 0.22, 0.88)
PROMPT = (1.0, 0.86, 0.45, 1.0)
ACTIVE = (0.42, 0.34, 0.08, 0.95)       # the active survivor's or unit's card
STRIP_W, CHIP_W = 0.012, 0.05           # the card's left edge: the team's strip, the figure's colour and number
EMPTY_PIP = (0.28, 0.28, 0.30, 1.0)
RED, GREEN, CHEESE = (0.92, 0.22, 0.22, 1.0), (0.30, 0.75, 0.35, 1.0), (1.0, 0.80, 0.20, 1.0)


DANGER = {"survivor lost a life", "survivor died", "the wounded survivor died", "instant defeat", "too close",
          "wounded", "defeated", "nest wounded", "nest destroyed", "rattled", "on fire", "zombie entered a building"}
GOOD = {"objective complete", "team objective", "market cornered", "rescued", "healed", "survivor gained a life",
        "zombie wounded", "zombie killed at short distance", "zombie killed in a fight", "game over"}


def tone(kind: str):
    """A feed line's colour: noise orange, harm red, goals and kills green, the rest white."""
    if kind == "reaction LOUD":
        return (1.0, 0.62, 0.30, 1.0)
    if kind in DANGER:
        return (1.0, 0.50, 0.45, 1.0)
    if kind in GOOD:
        return (0.55, 0.95, 0.55, 1.0)
    return TEXT


class Card:
    """A survivor's or unit's card in the left column."""

    def __init__(self, parent, y: float):
        self.frame = panel(parent, 0.0, CARD_W, y - CARD_H, y)
        self.strip = panel(parent, 0.0, STRIP_W, y - CARD_H, y, colour=(1, 1, 1, 1))   # the team's colour
        self.chip = panel(parent, STRIP_W, STRIP_W + CHIP_W, y - CARD_H, y, colour=PANEL)  # the figure's colour
        self.number = Text(parent, STRIP_W + CHIP_W / 2, y - 0.055, 0.045, align="center")   # and number
        self.name = Text(parent, STRIP_W + CHIP_W + 0.012, y - 0.033, 0.036)
        self.tag = Text(parent, CARD_W - 0.015, y - 0.032, 0.028, align="right")
        self.pips = Pips(parent, STRIP_W + CHIP_W + 0.012, y - 0.072, 8)
        self.slots = Slots(parent, 0.30, y - 0.074)
        self.side = Text(parent, CARD_W - 0.015, y - 0.07, 0.027, align="right")
        self.active = None

    def _active(self, active: bool) -> None:
        if active != self.active:
            self.active = active
            self.frame["frameColor"] = ACTIVE if active else PANEL

    def survivor(self, c) -> None:
        self._active(c.active)
        self.strip["frameColor"] = team_colour(c.team)
        self.chip["frameColor"] = c.colour or PANEL
        self.number.set(str(c.number) if c.number is not None else "")
        dead = c.backpack == "out" and c.life <= 0
        specials = ", ".join(f"{k} x{c.specials.count(k)}" if c.specials.count(k) > 1 else k
                             for k in dict.fromkeys(c.specials))
        self.name.set(f"{c.name}  ({c.team})" + ("  - dead" if dead else f"  {specials}" if specials else ""),
                      fg=DIM if dead else TEXT)
        tags = {"available": ("backpack ready", GREEN), "used": ("backpack used", DIM), "out": ("out", RED)}
        self.tag.set(*tags[c.backpack])
        self.pips.set(c.life, min(c.max_life, 8), RED)
        self.slots.set(c.slots)
        self.side.hide()

    def unit(self, c) -> None:
        self._active(c.active)
        self.strip["frameColor"] = team_colour(c.alliance)
        self.chip["frameColor"] = PANEL
        self.number.set("")
        self.name.set(f"{c.name}", fg=DIM if "defeated" in c.status else TEXT)
        alarm = set(c.status) - {"activated", "on a mission", "in reserve"}
        self.tag.set(", ".join(c.status), fg=(1.0, 0.6, 0.25, 1) if alarm else DIM)
        defeated = "defeated" in c.status
        self.pips.set(0 if defeated else c.wounds, min(c.life, 8), RED, empty=EMPTY_PIP if defeated else GREEN)
        self.slots.set(None)
        extra = f"{c.wounds}/{c.life} wounds" + (f"   tilt {c.tilt}" if c.tilt else "")
        self.side.set(extra, fg=DIM)


class Hud:
    def __init__(self, app: PlayApp, settings: Settings | None = None):
        settings = settings or load_settings()
        self.app, self.base, self.game = app, app.base, app.game
        self.model = describe_game(self.game)
        self.tf = isinstance(self.model, TFHud)      # Tail Feathers' panels: wheels, unit cards, dice
        self.scale = float(settings.ui_scale)
        self.feed: list[list] = []            # [sentence, colour, time shown]
        actor = self.game.actor_name()        # the game's last events first (a continued game)
        self.queued: list[tuple] = [(sentence(e, actor), tone(e.kind)) for e in getattr(self.game, "recent", [])]
        self.key, self.state = None, None
        self.refreshes, self.refresh_ms = 0, 0.0
        self._tick: int | None = None         # the half second the feed last faded at
        b, s = self.base, self.scale
        self.roots = []
        for name, anchor in (("top", b.a2dTopCenter), ("left", b.a2dTopLeft), ("right", b.a2dTopRight),
                             ("feed", b.a2dBottomRight)):
            root = anchor.attachNewNode(f"hud-{name}")
            root.setScale(s)
            self.roots.append(root)
        self.top_root, self.left_root, self.right_root, self.feed_root = self.roots
        self._top_bar()
        self._choices_panel()
        self._feed_panel()
        self.cards: list[Card] = []
        self.dice_lines: list[Text] = []
        app.hud.hide()
        app.title.hide()
        self.game.listeners.append(self.on_events)
        b.taskMgr.add(self.update, "feltbox-hud")

    # -- building (once) -----------------------------------------------------------------------
    def _top_bar(self) -> None:
        self.aspect = self.base.getAspectRatio()
        half = self.aspect / self.scale
        r = self.top_root
        self.bar = panel(r, -half, half, -TOP_H, 0.0)
        x0 = -half + 0.03
        self.sun = [panel(r, -0.022, 0.022, -0.022, 0.022, colour=(1, 0.8, 0.2, 1)) for _ in range(2)]
        self.moon = [panel(r, -0.02, 0.02, -0.02, 0.02, colour=(0.9, 0.92, 1.0, 1)) for _ in range(2)]
        bite = (NIGHT_BAR[0], NIGHT_BAR[1], NIGHT_BAR[2], 1.0)
        self.moon_bite = [panel(r, -0.017, 0.017, -0.017, 0.017, colour=bite) for _ in range(2)]
        for node in self.sun + self.moon:
            node.setPos(x0 + 0.03, 0, -0.055)
        for node in self.moon_bite:
            node.setPos(x0 + 0.043, 0, -0.047)
        for pair in (self.sun, self.moon, self.moon_bite):    # two squares, one turned: a star or a disc
            pair[1].setR(45)
        self.line1 = Text(r, x0 + 0.08, -0.066, 0.046)
        self.line2 = Text(r, x0 + 0.08, -0.114, 0.033, fg=DIM)
        self.bin = Text(r, half - 0.03, -0.066, 0.04, align="right")
        self.wheels = []
        if isinstance(self.model, TFHud):
            for k, wheel in enumerate(self.model.wheels[:3]):
                x = half - 0.03 - (k + 1) * 0.6
                label = Text(r, x, -0.062, 0.034, fg=team_colour(wheel.alliance))
                pips = Pips(r, x + 0.12, -0.075, 6, size=0.03, gap=0.008)
                nest = Text(r, x + 0.36, -0.062, 0.03)
                self.wheels.append((label, pips, nest))
        self.title = self.app.title.getText().removeprefix("feltbox - ")

    def _choices_panel(self) -> None:
        r = self.right_root
        self.choice_frame = panel(r, -RIGHT_W - 0.02, -0.02, -0.3, -TOP_H - 0.02)
        y = -TOP_H - 0.065
        self.prompt = Text(r, -RIGHT_W, y, 0.037, fg=PROMPT)
        self.choice_text = [Text(r, -RIGHT_W, y - 0.045 * (k + 1), 0.034) for k in range(CHOICE_LINES)]

    def _feed_panel(self) -> None:
        r = self.feed_root
        top = FEED_BOTTOM + 0.045 * (FEED_LINES + 1)
        self.feed_frame = panel(r, -RIGHT_W - 0.02, -0.02, FEED_BOTTOM, top)
        Text(r, -RIGHT_W, top - 0.04, 0.03, fg=DIM).set("what the rules did")
        self.feed_text = [Text(r, -RIGHT_W, top - 0.085 - 0.045 * k, 0.033) for k in range(FEED_LINES)]

    def _build_cards(self, n: int) -> None:
        for card in self.cards:
            for node in (card.frame, card.strip, card.chip):
                node.destroy()
        self.left_root.getChildren().detach()
        self.cards = [Card(self.left_root, -TOP_H - 0.02 - k * (CARD_H + CARD_GAP)) for k in range(n)]
        self.dice_lines = []
        if self.tf:
            y = -TOP_H - 0.02 - n * (CARD_H + CARD_GAP)
            panel(self.left_root, 0.0, 0.95, y - 0.18, y)
            Text(self.left_root, 0.02, y - 0.035, 0.03, fg=DIM).set("last dice")
            self.dice_lines = [Text(self.left_root, 0.02, y - 0.078 - 0.042 * k, 0.03) for k in range(3)]

    def set_visible(self, on: bool) -> None:
        """Show or hide every panel (a menu or the replay theatre over the table)."""
        for root in self.roots:
            root.show() if on else root.hide()

    def apply_settings(self, settings) -> None:
        """A new UI scale from the settings screen: rescale the panels (the top bar is rebuilt to
        span the window again) and redraw them at the next frame. Also used when the window's
        shape changes."""
        self.scale = float(settings.ui_scale)
        for root in self.roots:
            root.setScale(self.scale)
        for node in self.top_root.getChildren():
            node.removeNode()
        self._top_bar()
        self.key, self.state = None, None

    # -- refreshing ----------------------------------------------------------------------------
    def on_events(self, events) -> None:
        actor = self.game.actor_name()
        self.queued += [(sentence(e, actor), tone(e.kind)) for e in events]

    def _state_key(self):
        g = self.game
        return (len(self.queued), g.page, g.highlight, g.wants_aim())

    def update(self, task):
        if abs(self.base.getAspectRatio() - self.aspect) > 1e-3:      # the window was resized
            self.apply_settings(Settings(ui_scale=self.scale))
        if self.app.animation is None:
            state = self.game.state()                    # frozen: a new object after every rules action
            if state is not self.state or self._state_key() != self.key:
                self.refresh()
            elif self.feed and int(time.monotonic() * 2) != self._tick:
                self._tick = int(time.monotonic() * 2)
                self._fade()
        return task.cont

    def refresh(self) -> None:
        t0 = time.perf_counter()
        now = time.monotonic()
        self.feed = (self.feed + [[line, fg, now] for line, fg in self.queued])[-FEED_LINES:]
        self.queued = []
        self.key, self.state = self._state_key(), self.game.state()
        model = describe_game(self.game)
        self.model = model
        if len(self.cards) != len(model.cards):
            self._build_cards(len(model.cards))
        if isinstance(model, TFHud):
            self._tf(model)
        else:
            self._flickem(model)
        self._choices(model)
        self._fade()
        self.refreshes += 1
        self.refresh_ms = (time.perf_counter() - t0) * 1000.0

    def _flickem(self, m: FlickemHud) -> None:
        day = m.colour == "day"
        self.bar["frameColor"] = DAY_BAR if day else NIGHT_BAR
        for node in self.sun:
            node.show() if day else node.hide()
        for node in self.moon + self.moon_bite:
            node.hide() if day else node.show()
        if m.over:
            self.line1.set(m.over, fg=PROMPT)
        else:
            active = f"   {m.active}: {m.actions_left} action{'s' if m.actions_left != 1 else ''} left" \
                if m.active else ""
            self.line1.set(f"ROUND {m.round} of {m.rounds}   {m.colour.upper()}   team {m.team} to play{active}",
                           fg=TEXT)
        self.line2.set(f"{self.title}   |   objective: {m.objective}")
        self.bin.set(f"zombies in the bin: {m.bin}    in the city: {m.city_zombies}")
        for card, c in zip(self.cards, m.cards):
            card.survivor(c)

    def _tf(self, m: TFHud) -> None:
        self.bar["frameColor"] = (0.08, 0.10, 0.08, 0.90)
        for node in self.sun + self.moon + self.moon_bite:
            node.hide()
        if m.over:
            self.line1.set(m.over, fg=PROMPT)
        else:
            head = f"{m.round_word} {m.round}   {m.phase}{m.phase_word}"
            self.line1.set(f"{head}   {m.player} to decide" if m.player else head, fg=TEXT)
        if m.tilt_prompt:
            self.line2.set(f"TILT: {m.tilt_prompt}", fg=PROMPT)
        else:
            self.line2.set(f"{self.title}   |   {m.prompt}", fg=DIM)
        for (label, pips, nest), w in zip(self.wheels, m.wheels):
            label.set(w.alliance, fg=DIM if w.out else team_colour(w.alliance))
            pips.set(w.cheese, w.max, CHEESE)
            nest.set(f"nest {w.nest_life}")
        for card, c in zip(self.cards, m.cards):
            card.unit(c)
        dice = [d.replace(" [rolled]", "").replace("[", "(").replace("]", ")") for d in m.dice[-3:]]
        for k, line in enumerate(self.dice_lines):
            text = dice[k] if k < len(dice) else ("-" if k == 0 else "")
            line.set(text if len(text) <= 64 else text[:61] + "...")

    def _choices(self, m) -> None:
        g = self.game
        labels = [choice_label(c) for c in g.choices()]
        lines: list[tuple[str, tuple]] = []
        first = g.page * g.page_size
        if labels and g.pages() > 1:
            lines.append((f"page {g.page + 1}/{g.pages()}: page up/down   [ ] highlight   enter picks", DIM))
        for k, c in enumerate(labels[first:first + g.page_size]):     # the highlighted one marked
            mark = ">" if first + k == g.highlight else " "
            lines.append((f"{mark} {KEYS[k]}. {c}", PROMPT if mark == ">" else TEXT))
        if g.wants_aim():
            lines.append((drag_hint(*g.flick_piece()) or "drag back from the piece to flick", PROMPT))
        if not lines and not m.over:
            lines.append(("(the other seats are playing)", DIM))
        prompt = m.over or m.prompt or ""
        self.prompt.set(prompt if len(prompt) <= 52 else prompt[:49] + "...")
        for k, text in enumerate(self.choice_text):
            line, fg = lines[k] if k < len(lines) else ("", TEXT)
            text.set(line if len(line) <= 54 else line[:51] + "...", fg=fg)
        shown = min(len(lines), CHOICE_LINES)
        self.choice_frame["frameSize"] = (-RIGHT_W - 0.02, -0.02, -TOP_H - 0.09 - 0.045 * shown, -TOP_H - 0.02)

    def _fade(self) -> None:
        now = time.monotonic()
        n = len(self.feed)
        for k, text in enumerate(self.feed_text):
            if k >= n:
                text.set("")
                continue
            line, fg, shown = self.feed[k]
            rank = 1.0 - 0.1 * (n - 1 - k)                     # newest brightest
            age = max(0.0, now - shown - FADE_AFTER)
            alpha = max(0.35, rank * (1.0 - age / 30.0))
            text.set(line if len(line) <= 54 else line[:51] + "...", fg=(fg[0], fg[1], fg[2], round(alpha, 2)))


def attach_hud(app: PlayApp, settings: Settings | None = None) -> Hud | None:
    """HUD panels for ``app``'s rules game, for the app's ``hud_panels`` place (None for a plain
    sandbox window). Settings: the window's (read once)."""
    if app.game is None:
        return None
    return Hud(app, settings or app.settings)
