"""The HUD panels of the window: an add-on (``attach_hud(app)``, for the app's ``hud_panels`` place) that reads the game
through game/window/game_view.GameView and game/window/hud_model.py. What each panel shows, and how they frame the game:
docs/hud.md. Docked at the edges, scaled by Settings.ui_scale around their corners (hud_layout.panel_rects: where), each
folds to its header (its toggle; H all; the settings remember) and a panel with nothing to show is hidden. The old text
HUD (``app.hud``) and title are hidden. Widgets are built once and refreshed only when the rules state, the choices or
the feed change, never while an animation plays.
"""
from __future__ import annotations

import time
from dataclasses import replace

from direct.gui.DirectGui import DirectButton

from feltbox.game.text.choices import choice_label
from feltbox.game.text.event_feed import sentence
from feltbox.game.window.app import PlayApp
from feltbox.game.window.flick_target import drag_hint
from feltbox.game.window.framing import Rect
from feltbox.game.window.game_view import KEYS
from feltbox.game.window.hud_cards import Card
from feltbox.game.window.hud_layout import (
    CARD_GAP,
    CARD_H,
    CARD_W,
    CHOICE_PAD,
    DICE_H,
    EDGE,
    FEED_BOTTOM,
    HEADER_H,
    LINE_H,
    PANELS,
    RIGHT_W,
    TOP_H,
    TOP_SLIM,
    choice_rows,
    choice_rows_fit,
    choices_height,
    feed_height,
    feed_rows_fit,
    free_rect,
    panel_rects,
    wrap,
)
from feltbox.game.window.hud_model import FlickemHud, TFHud, describe_game
from feltbox.game.window.hud_widgets import DIM, TEXT, Pips, Text, panel, team_colour, toggle_button, tone
from feltbox.game.window.settings import Settings, load_settings, save_settings

FEED_LINES = 6             # sentences kept
FEED_ROWS, FEED_WRAP = 9, 58          # rows the feed shows at most, a row's characters (sentences wrap, never cut)
DICE_ROWS, DICE_WRAP = 6, 48          # Tail Feathers' last three throws, wrapped in the cards' width
FADE_AFTER = 25.0          # seconds before a feed line starts fading
CHOICE_LINES = 18                     # rows under the prompt (hud_layout.choice_rows wraps them)
HELP_KEY = "  |  H: panels"           # the help strip names the key
DAY_BAR, NIGHT_BAR = (0.34, 0.26, 0.10, 0.88), (0.05, 0.08, 0.22, 0.88)
PROMPT = (1.0, 0.86, 0.45, 1.0)
CHEESE = (1.0, 0.80, 0.20, 1.0)
SETTING = {name: f"panel_{name}" for name in PANELS}   # Settings' field remembering whether a panel is open


class Hud:
    def __init__(self, app: PlayApp, settings: Settings | None = None):
        settings = settings or load_settings()
        self.app, self.base, self.game = app, app.base, app.game
        self.model = describe_game(self.game)
        self.tf = isinstance(self.model, TFHud)      # Tail Feathers' panels: wheels, unit cards, dice
        self.scale = float(settings.ui_scale)
        self.collapsed = {name for name in PANELS if not getattr(settings, SETTING[name])}
        self.feed: list[list] = []            # [sentence, colour, time shown]
        actor = self.game.actor_name()        # the game's last events first (a continued game)
        self.queued: list[tuple] = [(sentence(e, actor), tone(e.kind)) for e in getattr(self.game, "recent", [])]
        self.key, self.state = None, None
        self.refreshes, self.refresh_ms = 0, 0.0
        self.choice_lines: int | None = None  # lines under the choices' prompt (None: the panel hidden)
        self._tick: int | None = None         # the half second the feed last faded at
        b, s = self.base, self.scale
        self.roots = []
        for name, anchor in (("top", b.a2dTopCenter), ("left", b.a2dTopLeft), ("right", b.a2dTopRight),
                             ("feed", b.a2dBottomRight)):
            root = anchor.attachNewNode(f"hud-{name}")
            root.setScale(s)
            self.roots.append(root)
        self.top_root, self.left_root, self.right_root, self.feed_root = self.roots
        self.toggles: dict[str, DirectButton] = {}
        self._top_bar()
        self._cards_panel()
        self._choices_panel()
        self._feed_panel()
        self.cards: list[Card] = []
        self.dice_lines: list[Text] = []
        self.dice_shown = False
        for name in PANELS:
            self._show_collapsed(name)
        app.hud.hide()
        app.title.hide()
        self.game.listeners.append(self.on_events)
        b.accept("shift-h", self.toggle_all)       # H: a plain h is a choice key (game_view.KEYS), as p is
        app.help.setText(app.help.getText() + HELP_KEY)
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
            node.setPos(x0 + 0.03, 0, -0.048)
        for node in self.moon_bite:
            node.setPos(x0 + 0.043, 0, -0.040)
        for pair in (self.sun, self.moon, self.moon_bite):    # two squares, one turned: a star or a disc
            pair[1].setR(45)
        self.line1 = Text(r, x0 + 0.08, -0.06, 0.046)
        self.line2 = Text(r, x0 + 0.08, -0.112, 0.033, fg=DIM)
        self.bin = Text(r, half - 0.08, -0.06, 0.04, align="right")
        self.toggles["top"] = toggle_button(r, half - 0.035, -0.045, self.toggle, "top")
        self.wheels = []
        if isinstance(self.model, TFHud):
            for k, wheel in enumerate(self.model.wheels[:3]):
                x = half - 0.08 - (k + 1) * 0.6
                label = Text(r, x, -0.056, 0.034, fg=team_colour(wheel.alliance))
                pips = Pips(r, x + 0.12, -0.069, 6, size=0.03, gap=0.008)
                nest = Text(r, x + 0.36, -0.056, 0.03)
                self.wheels.append((label, pips, nest))
        self.title = self.app.title.getText().removeprefix("feltbox - ")
        self._show_collapsed("top")

    def _cards_panel(self) -> None:
        """The left column's header row (its title and toggle); the cards go in ``cards_body``."""
        r, y = self.left_root, -TOP_H - EDGE
        self.cards_head = panel(r, 0.0, CARD_W, y - HEADER_H, y)
        self.cards_title = Text(r, 0.02, y - 0.038, 0.032, fg=DIM)
        self.toggles["cards"] = toggle_button(r, CARD_W - 0.035, y - HEADER_H / 2, self.toggle, "cards")
        self.cards_body = r.attachNewNode("hud-cards-body")
        self.dice_node = self.cards_body.attachNewNode("hud-dice")       # Tail Feathers' dice, once built

    def _choices_panel(self) -> None:
        r, y = self.right_root, -TOP_H - EDGE
        self.choice_frame = panel(r, -RIGHT_W - EDGE, -EDGE, y - CHOICE_PAD, y)
        self.prompt = Text(r, -RIGHT_W, y - 0.045, 0.037, fg=PROMPT)
        self.toggles["choices"] = toggle_button(r, -EDGE - 0.035, y - 0.033, self.toggle, "choices")
        self.choices_body = r.attachNewNode("hud-choices-body")
        self.choice_text = [Text(self.choices_body, -RIGHT_W, y - 0.045 - LINE_H * (k + 1), 0.034)
                            for k in range(CHOICE_LINES)]

    def _feed_panel(self) -> None:
        r = self.feed_root
        self.feed_frame = panel(r, -RIGHT_W - EDGE, -EDGE, FEED_BOTTOM, FEED_BOTTOM + HEADER_H)
        self.feed_title = Text(r, -RIGHT_W, FEED_BOTTOM + 0.015, 0.03, fg=DIM)
        self.feed_title.set("what the rules did")
        self.toggles["feed"] = toggle_button(r, -EDGE - 0.035, FEED_BOTTOM + HEADER_H / 2, self.toggle, "feed")
        self.feed_body = r.attachNewNode("hud-feed-body")
        self.feed_text = [Text(self.feed_body, -RIGHT_W, 0.0, 0.033) for _ in range(FEED_ROWS)]

    def _build_cards(self, n: int) -> None:
        for card in self.cards:
            for node in (card.frame, card.strip, card.chip):
                node.destroy()
        self.cards_body.getChildren().detach()
        y0 = -TOP_H - EDGE - HEADER_H
        self.cards = [Card(self.cards_body, y0 - k * (CARD_H + CARD_GAP)) for k in range(n)]
        self.dice_lines = []
        self.dice_node = self.cards_body.attachNewNode("hud-dice")
        if self.tf:
            y = y0 - n * (CARD_H + CARD_GAP)
            self.dice_frame = panel(self.dice_node, 0.0, CARD_W, y - DICE_H, y)
            Text(self.dice_node, 0.02, y - 0.035, 0.03, fg=DIM).set("last dice")
            self.dice_lines = [Text(self.dice_node, 0.02, y - 0.07 - 0.03 * k, 0.027) for k in range(DICE_ROWS)]

    # -- showing and collapsing ------------------------------------------------------------------
    def set_visible(self, on: bool) -> None:
        """Show or hide every panel (a menu or the replay theatre over the table)."""
        for root in self.roots:
            root.show() if on else root.hide()

    def toggle(self, name: str) -> None:
        """A panel's toggle (its "-" / "+" button): collapse it to its header row or open it again;
        the settings file remembers it."""
        self.set_collapsed(set() if name in self.collapsed else {name}, only=name)

    def toggle_all(self) -> None:
        """H (shift-h): collapse every panel (open them all when all are collapsed)."""
        self.set_collapsed(set() if self.collapsed >= set(PANELS) else set(PANELS))

    def set_collapsed(self, names: set[str], only: str | None = None) -> None:
        """Collapse ``names`` (and open the others; with ``only``, touch that panel alone), redraw,
        and remember it in the settings file (game/window/settings.py)."""
        touched = [only] if only else list(PANELS)
        self.collapsed = {n for n in self.collapsed if n not in touched} | {n for n in names if n in touched}
        for name in touched:
            self._show_collapsed(name)
        self.key, self.state = None, None             # redraw at the next frame
        keep = {SETTING[n]: n not in self.collapsed for n in PANELS}
        self.app.settings = replace(self.app.settings, **keep)
        try:
            save_settings(replace(load_settings(), **keep))
        except OSError:                   # a read-only home: the panels still fold for this window
            pass

    def _show_collapsed(self, name: str) -> None:
        shut = name in self.collapsed
        self.toggles[name]["text"] = "+" if shut else "-"
        if name == "top":
            half = self.aspect / self.scale
            self.bar["frameSize"] = (-half, half, -(TOP_SLIM if shut else TOP_H), 0.0)
            self.line2.node.hide() if shut else self.line2.node.show()
        body = {"cards": "cards_body", "choices": "choices_body", "feed": "feed_body"}.get(name)
        part = getattr(self, body, None) if body else None       # None: not built yet
        if part is not None:
            part.hide() if shut else part.show()

    def rects(self) -> dict[str, Rect]:
        """The rectangles (aspect2d) the panels cover now (game/window/hud_layout.panel_rects)."""
        return panel_rects(self.aspect, self.scale, len(self.cards), self.choice_lines,
                           len(self.feed_rows()) if self.feed else None,
                           dice=self.dice_shown, collapsed=tuple(self.collapsed))

    def free_area(self) -> Rect:
        """The free middle (aspect2d) the panels leave now: where a context menu opens."""
        return free_rect(self.rects(), self.aspect, self.scale)

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
        self._cards_head(model)
        self._choices(model)
        self._feed_layout()
        self._fade()
        self.refreshes += 1
        self.refresh_ms = (time.perf_counter() - t0) * 1000.0

    def _cards_head(self, m) -> None:
        """The column's header names what it holds; no cards: no column."""
        n = len(m.cards)
        for node in (self.cards_head, self.toggles["cards"]):
            node.show() if n else node.hide()
        self.cards_title.set(f"{'units' if self.tf else 'survivors'} ({n})" if n else "")
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
        self.bar["frameColor"] = (0.08, 0.08, 0.07, 0.92)      # neutral: a green tint let the tall trees show as felt
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
        self.dice_shown = bool(dice)                     # no throw yet: no dice panel
        self.dice_node.show() if dice else self.dice_node.hide()
        rows = [row for d in dice for row in wrap(d, DICE_WRAP)][-DICE_ROWS:]
        for k, line in enumerate(self.dice_lines):
            line.set(rows[k] if k < len(rows) else "")

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
        head, rows = choice_rows(prompt, lines, min(CHOICE_LINES, choice_rows_fit(self.scale)), DIM)
        self.prompt.set(head)                              # clear of the feed at any UI scale
        for k, text in enumerate(self.choice_text):
            line, fg = rows[k] if k < len(rows) else ("", TEXT)
            text.set(line, fg=fg or PROMPT)                # None: the prompt's own rows
        shown = len(rows)
        self.choice_lines = shown if prompt or shown else None      # nothing to choose: no panel
        y = -TOP_H - EDGE
        height = choices_height(shown, "choices" in self.collapsed)
        self.choice_frame["frameSize"] = (-RIGHT_W - EDGE, -EDGE, y - height, y)
        for node in (self.choice_frame, self.prompt.node, self.toggles["choices"]):
            node.hide() if self.choice_lines is None else node.show()

    def feed_rows(self) -> list[tuple[str, int]]:
        """The feed's rows: each sentence wrapped (never cut), with its index in ``feed``; the
        oldest rows go when there are more than ``FEED_ROWS``."""
        most = min(FEED_ROWS, feed_rows_fit(self.scale, self.choice_lines, "choices" in self.collapsed))
        rows = [(row, k) for k, (line, _, _) in enumerate(self.feed) for row in wrap(line, FEED_WRAP)]
        return rows[-most:] if most else []

    def _feed_layout(self) -> None:
        """The feed grows up from its bottom edge with its rows, the newest at the bottom; an
        empty feed is not shown."""
        n = len(self.feed_rows())
        top = FEED_BOTTOM + feed_height(n, "feed" in self.collapsed)      # no room for a row: the header
        self.feed_frame["frameSize"] = (-RIGHT_W - EDGE, -EDGE, FEED_BOTTOM, top)
        self.feed_title.node.setPos(-RIGHT_W, top - 0.038)
        self.toggles["feed"].setPos(-EDGE - 0.035, 0, top - HEADER_H / 2)
        for k, text in enumerate(self.feed_text):
            text.node.setPos(-RIGHT_W, top - HEADER_H - 0.035 - LINE_H * k)
        for node in (self.feed_frame, self.feed_title.node, self.toggles["feed"]):
            node.show() if self.feed else node.hide()

    def _fade(self) -> None:
        now = time.monotonic()
        n, rows = len(self.feed), self.feed_rows()
        for k, text in enumerate(self.feed_text):
            if k >= len(rows):
                text.set("")
                continue
            row, entry = rows[k]
            _, fg, shown = self.feed[entry]
            rank = 1.0 - 0.1 * (n - 1 - entry)                 # newest brightest
            age = max(0.0, now - shown - FADE_AFTER)
            alpha = max(0.35, rank * (1.0 - age / 30.0))
            text.set(row, fg=(fg[0], fg[1], fg[2], round(alpha, 2)))


def attach_hud(app: PlayApp, settings: Settings | None = None) -> Hud | None:
    """HUD panels for ``app``'s rules game, for the app's ``hud_panels`` place (None for a plain
    sandbox window). Settings: the window's (read once)."""
    if app.game is None:
        return None
    return Hud(app, settings or app.settings)
