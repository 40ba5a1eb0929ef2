"""Hot-seat hidden information in the window: a hand-over screen before a private view.

With more than one human seat at the device, what only one team (or survivor) may see (a
face-down token looked at, a secret objective dealt) never reaches the HUD: the window games
keep it in ``game.private`` as (team, event) pairs (game/window/game_view.GameView). This
add-on (``attach_handover(app)``, for the app's ``handover`` place) covers the whole window
(table, HUD and all) with an opaque panel: "Pass the device to team X. Press space when only
team X is looking"; space shows the private details, space again hides them and gives the table
back, or covers it for the next seat. One cover per change of seat: everything waiting for a seat
(S9's three survivors' objective cards of a team) is shown together. A game whose HUD lists a player's secret hand
(``game.SECRET_HANDS``: Tail Feathers' mission and action cards) also gets the cover, without
details, each time another human player is to decide. The terminal hot-seat does
the same with Enter (game/flickem/hotseat.Prompt.events); the text of a private event is the same.
"""
from __future__ import annotations

import re

from direct.gui.DirectGui import DirectFrame, DirectLabel

from feltbox.game.text.event_feed import pretty
from feltbox.game.window.app import PlayApp


def private_text(team: str, event) -> str:
    """The private details: a card by its title and text, anything else field by field."""
    data = dict(event.data)
    head = f"Only for {team}: {event.kind}"
    if "title" in data:
        betrayer = "\n(a BETRAYER's card)" if data.get("betrayer") else ""
        return f"{head}\n\n{data['title']}\n{data.get('text', '')}{betrayer}"
    return head + "\n\n" + "\n".join(f"{k.replace('_', ' ')}: {pretty(v)}" for k, v in data.items())


def who(viewer: str) -> str:
    """Window games name the viewer already ("team B", "Rosa (team A)", "mouse")."""
    return viewer


def seat_of(viewer: str) -> str:
    """The seat at the device a viewer sits in: "Rosa (team A)" -> "team A"; a team or an
    alliance is its own seat."""
    m = re.search(r"\((team \w+)\)$", viewer)
    return m.group(1) if m else viewer


class Handover:
    def __init__(self, app: PlayApp):
        self.app, self.base = app, app.base
        self.frame = None
        self.step = None               # "cover" (asking for the hand-over) or "show" (details shown)
        self.current = None
        self.last_player = None        # SECRET_HANDS games: whose hand the HUD showed last
        self.base.accept("space", self.advance)
        self.base.taskMgr.add(self._poll, "feltbox-handover")

    @property
    def active(self) -> bool:
        return self.frame is not None

    def _poll(self, task):
        game = self.app.game
        if self.frame is not None or self.app.animation is not None:
            return task.cont
        if game.SECRET_HANDS and game.hotseat():
            player = game.decider()
            if player is not None and player != self.last_player:
                self.last_player = player          # a new player's hand (cards) is on the HUD
                game.private.insert(0, (player, None))
        if game.private:
            # one cover per change of seat: everything queued for the seat of the first entry
            # (each of its survivors' secrets) is shown together after it
            seat = seat_of(game.private[0][0])
            group = [entry for entry in game.private if seat_of(entry[0]) == seat]
            game.private[:] = [entry for entry in game.private if seat_of(entry[0]) != seat]
            events = [entry for entry in group if entry[1] is not None]
            self.current = (seat, events or None)
            self._show("cover")
        return task.cont

    def _show(self, step: str) -> None:
        if self.frame is not None:
            self.frame.destroy()
        team, shown = self.current            # the seat, and its [(viewer, event)] or None (a hand only)
        self.step = step
        self.app.choice_keys(False)
        self.frame = DirectFrame(frameColor=(0.02, 0.02, 0.03, 1.0), frameSize=(-3, 3, -2, 2), sortOrder=100,
                                 suppressKeys=1)
        if step == "cover":
            text = f"Pass the device to {who(team)}.\n\nPress space when only {who(team)} is looking."
        else:
            text = "\n\n".join(private_text(who(viewer), e) for viewer, e in shown) + "\n\nPress space to hide it."
        scale = 0.07 if step == "cover" or len(shown) == 1 else 0.045
        self.label = DirectLabel(parent=self.frame, text=text, scale=scale, pos=(0, 0, 0.2 + 0.25 * (scale < 0.07)),
                                 text_fg=(1, 1, 1, 1), frameColor=(0, 0, 0, 0), text_wordwrap=30 * 0.07 / scale)

    def advance(self) -> None:
        if self.frame is None:
            return
        if self.step == "cover" and self.current[1] is not None:
            self._show("show")
            return
        self.frame.destroy()
        self.frame, self.step, self.current = None, None, None
        self.app.choice_keys(True)


def attach_handover(app: PlayApp) -> Handover:
    """The hand-over of ``app``'s rules game, for the app's ``handover`` place."""
    return Handover(app)
