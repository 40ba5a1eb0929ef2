"""Hot-seat play in a terminal: ``feltbox play flickem N --headless --script -`` asks each human
seat for its decisions and aims at a prompt, in turn, on one machine (bots play their seats).

Every rules event is printed as everyone sees it (its public view, game/text/public.py); what
only one team may see (a face-down token looked at, a secret objective) is shown after a
hand-over: the other players look away, the team presses Enter, reads, presses Enter again and
the terminal is cleared before play goes on. A team's next decision after it saw something
private is asked the same way (its choices may tell the secret: only an X token can be thrown
out of the game), and cleared once it is made. A secret of a seat the bot plays (its face-down
mission, its initiative bid) is nobody's at the terminal: only its public view is printed.

Clearing wipes the scrollback too, or the others could scroll back to the secret: ``CLEAR`` is
what ``clear`` writes, home, erase the screen, then erase the scrollback (ESC[3J, an xterm
extension most terminals honour). The order matters: some terminals (VTE: GNOME Terminal and
others) push the erased screen into the scrollback, so the scrollback goes last.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from feltbox.game.players.script import Line, parse_game_script
from feltbox.game.text.event_feed import pretty
from feltbox.game.text.public import face_down_tokens, public_event

CLEAR = "\x1b[H\x1b[2J\x1b[3J"


class Prompt:
    """A line source for :class:`feltbox.game.players.seats.Seats` that asks the players."""

    interactive = True

    def __init__(self, actions: dict, read: Callable[[str], str] = input, write: Callable[[str], None] = print):
        """``actions``: the game's rules actions by name, to read the players' lines."""
        self.actions, self.read, self.write = actions, read, write
        self.count = 0
        self.saw_private: set[str] = set()      # players who were just shown something private
        self.in_private: str | None = None      # the team deciding in private now
        self.seated: Callable[[str], bool] = lambda team: True    # Seats: a player sits at ``team``

    def __bool__(self) -> bool:            # never runs out: the players are there
        return True

    def ask(self, team: str, what: str, choices: list[str]) -> Line:
        """One line from team ``team``: a script line, or the number of a listed choice."""
        if team in self.saw_private and self.in_private != team:
            self.read(f"  [team {pretty(team)} decides in private: others look away; {pretty(team)}, press Enter] ")
            self.in_private = team
        self.write(f"\n== team {pretty(team)}: {what}")      # S9: "team betrayer Lily", not her team's id
        for n, choice in enumerate(choices, 1):
            self.write(f"  {n:2d}. {choice}")
        if not choices:
            self.write("  aim DIRECTION POWER [SPIN]   (degrees from +x, 0..1, -1..1), or 'bot'")
        while True:
            self.count += 1
            text = self.read(f"{pretty(team)}> ").strip()
            if text.isdigit() and 1 <= int(text) <= len(choices):
                text = choices[int(text) - 1]
            try:
                lines = parse_game_script(text, "<prompt>", self.actions)
            except ValueError as exc:
                self.write(f"  {exc}")
                continue
            if lines:
                return Line("<prompt>", self.count, lines[0].words)

    def refused(self, message: str) -> None:
        self.write(f"  {message}")

    def events(self, events, state: Any = None) -> None:
        """Print what happened (``state``: the rules state after it); private details after a
        hand-over to the team that may see them."""
        if self.in_private is not None:         # the private decision is made: wipe it first
            self.write(CLEAR)
            self.write(f"  [team {pretty(self.in_private)} has decided; everyone may look again]")
            self.in_private = None
        self.saw_private = set()
        hidden = face_down_tokens(state)
        for e in events:
            public = public_event(e, hidden)
            self.write("  - " + e.kind + "".join(f" {k}={v}" for k, v in public["data"].items()))
            if e.visible_to is not None and e.data and any(self.seated(t) for t in e.visible_to):
                teams = ", ".join(e.visible_to)
                self.read(f"  [private to {teams}: others look away; {teams}, press Enter] ")
                self.write("    " + ", ".join(f"{k}={v}" for k, v in e.data.items()))
                self.read("  [press Enter to hide it] ")
                self.write(CLEAR)
                self.saw_private |= set(e.visible_to)
