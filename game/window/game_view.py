"""What the window asks of a game: the ``GameView`` protocol, the one door between the window
room and a game's controller (game/flickem/window_game.WindowGame,
game/tailfeathers/window_game.TFWindowGame; the registry, game/games.py ``GAMES[name].window_game``,
builds them).

The window (app.py, the HUD, the piece and game menus, the hand-over, sounds, saves) calls a game
only through these members. It never reaches into the game's bridge or rules engine, never tests
whether a game has a feature (every controller has every member; where a game has no such thing
the member says so: ``preview()`` is [] without templates, ``highlight`` is None without a
highlighted choice, ``flick_session()`` is None without flicks) and never calls a game's private
method. A controller needs no import of this module: a ``typing.Protocol`` is met by having the
members (tests/test_game_view.py checks both controllers).

Conventions: ``Frames`` are the 60 Hz poses the window animates after a call that changed the
game, an (n, bodies, 7) float32 array, or None when nothing happened. Rules states, pending
requests, actions and events are the rules engine's own types (rules/core.py, the engine
contract), read-only for the window: states are frozen dataclasses, a new object after every
action. Ids of pieces are body ids (``bodies()``); choices are indexed as ``choices()`` lists
them, which is also the order of ``legal_actions()``.
"""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.session import Session
from feltbox.game.table.undo import TableHistory
from feltbox.rules.core import Event

KEYS = "abcdefghijklmnopqrstuvwxyz"     # the choice keys: key a is choice 0 of the page shown
Frames = np.ndarray                     # (n, bodies, 7) float32 poses at 60 Hz
Listener = Callable[[list[Event]], None]


@runtime_checkable
class GameView(Protocol):
    """A rules game as the window sees it. Attributes first, then methods by concern."""

    name: str                 # the registry's name of the game: "flickem", "tailfeathers"
    HELP: str                 # the help line's keys for this game (the window adds esc and its menu's)
    SECRET_HANDS: bool        # the HUD lists a player's secret hand (cards): in hot-seat the hand-over
                              # covers the table before each human decision (game/window/handover.py)
    first: str | None         # the team chosen to start (kept by saves), None where nobody is chosen
    FLICKS: bool              # does a player flick in this game (the menu offers "Take back flick")
    listeners: list[Listener]  # called with the visible events after every rules action (HUD, sounds, autosave)
    feed: list[str]           # the last rules events as plain lines (the old text HUD, the menu's messages)
    private: list[tuple[str, Event | None]]   # hot-seat: (who, event) waiting for the hand-over; the
                              # hand-over takes them from the front (None: cover only, a secret hand)
    rolls: list[str]          # the last dice results as text, newest last ([] in a game without dice)
    recent: list[Event]       # the last visible events (a HUD opened later starts its feed with them)
    page: int                 # the page of choices shown (0 in a game whose choices fit one page)
    page_size: int            # choices per page: keys a.. of the page shown pick them
    highlight: int | None     # the highlighted choice's index, None in a game without a highlight
    table: TableHistory       # the table before each rules action undo may go back to (saves keep it)
    table_choice: Any         # what clicks, drags and buttons on the table choose
                              # (game/tailfeathers/table_choice.TableChoice; game/window/table_choice_view.py
                              # draws it); None in a game chosen by menus, keys and flicks only

    @property
    def title(self) -> str:
        """The game as the window's title names it."""

    # -- the table --------------------------------------------------------------------------
    def bodies(self) -> list[BodySpec]:
        """The body table now (a body whose model changed, a bird's tilt, is rebuilt by the window)."""

    def poses(self) -> np.ndarray:
        """Every body's pose now, (bodies, 7)."""

    def preview(self) -> list[np.ndarray]:
        """Outlines ((n, 3) table points, closed) the window draws on the table: the highlighted
        choice's flight templates; [] when there is nothing to show."""

    def night(self) -> bool:
        """Is the rules' round a night round (the table's look: game/render/mood.py)? False in a
        game without nights."""

    def active_piece(self) -> str | None:
        """The piece the rules play now (the camera turns to it): the active survivor, the active
        unit; None between turns."""

    # -- the rules, read-only --------------------------------------------------------------------
    def state(self) -> Any:
        """The rules state now (the HUD reads it; a new object after every rules action)."""

    def pending(self) -> Any:
        """What the rules wait for: a Decision, a PhysicsRequest, a ChanceRequest or GameOver."""

    def legal_actions(self) -> list:
        """The legal actions of the human seat the rules wait for, in ``choices()`` order; []
        when the rules wait for a bot, the table or nobody."""

    def dry_run(self, action) -> None:
        """Apply ``action`` to the state now without keeping the result; raises IllegalAction
        (the rules' reason) when it is not legal. Nothing changes either way."""

    def actor_name(self) -> str:
        """Who the feed's sentences speak of as "the actor" (Dead of Winter: the active survivor's
        name); "" when nobody is (Tail Feathers' events name their units themselves)."""

    def text(self) -> str:
        """The whole state as lines of text (the plain HUD under the panels)."""

    # -- choosing ---------------------------------------------------------------------------------
    def choices(self) -> list[str]:
        """Every choice of the human seat the rules wait for, as the HUD lists it."""

    def pages(self) -> int:
        """How many pages the choices take (at least 1)."""

    def choose(self, key: int) -> Frames | None:
        """Key ``key`` (a = 0) on the page shown; the bots then play on."""

    def pick(self, index: int) -> Frames | None:
        """Choice ``index`` of ``choices()`` (the piece menu's path); the bots then play on."""

    def choose_highlighted(self) -> Frames | None:
        """The highlighted choice (enter); None in a game without a highlight."""

    def move_highlight(self, delta: int) -> None:
        """Move the highlight by ``delta`` choices (] and [); nothing without a highlight."""

    def turn_page(self, delta: int) -> None:
        """Show the next or previous page (page down / up); nothing when one page holds all."""

    def run_bots(self) -> None:
        """Let the bots and the table act until a human seat must (or the game is over)."""

    # -- flicking ---------------------------------------------------------------------------------
    def wants_aim(self) -> bool:
        """Do the rules wait for a flick the window's player aims?"""

    def aim(self, direction: float, power: float) -> Frames | None:
        """The slingshot's answer to the pending flick; None when no flick is wanted."""

    def flick_piece(self) -> tuple[str | None, str]:
        """(the piece a wanted flick starts from, the component flicked: "movement_disc",
        "gun"...); (None, "") when no flick is wanted."""

    def flick_session(self) -> Session | None:
        """The table session flicks run on (the aim preview simulates in copies of it); None in a
        game without flicks."""

    def frames_gathered(self) -> int | None:
        """Frames of the coming animation gathered so far (sounds stamp events with it); None
        when the game hands back no episode frames (the table as the rules leave it only)."""

    # -- undo -------------------------------------------------------------------------------------
    def undo(self) -> Frames:
        """Back to the player's last choice; raises UndoRefused with the reason."""

    def take_back(self) -> Frames:
        """Take back the last flick (every player agreed); raises UndoRefused with the reason."""

    # -- seats and hot-seat -----------------------------------------------------------------------
    def human_teams(self) -> list[str]:
        """The teams (alliances) played at the window, in the rules' order."""

    def hotseat(self) -> bool:
        """Does more than one human team share the device?"""

    def decider(self) -> str | None:
        """The human team the rules wait for a decision of, if any."""

    def bots(self) -> str:
        """The seats the bots play, as ``--bots`` takes them: "all", "none" or "A,B"."""

    # -- saving -----------------------------------------------------------------------------------
    def scene_key(self) -> int | str:
        """The scene as the registry's ``load_scene`` takes it (as text): 1, "show_of_force"."""

    def rules_json(self) -> dict:
        """The rules engine's own save (scenario, seed, action log, state hash)."""

    def replay_log(self, path: Path, actions: list[dict], state_hash: str | None) -> None:
        """Re-apply a saved action log through the rules only; SaveError naming ``path`` when it
        does not reach ``state_hash``."""

    def snapshot(self) -> Any:
        """The table now, as undo keeps it and a save writes it."""

    def restore(self, snapshot: Any) -> None:
        """Put the table back exactly as ``snapshot()`` found it; the choices follow."""

    def undo_floor(self) -> int:
        """The earliest history length undo or take back can still go back to (a save keeps the
        table before each action from there)."""

    def lay_table_from_rules(self) -> bool:
        """Lay the table again from the rules state (a rules-only save was replayed); True when
        the table is then exactly as it was, False when it is an approximation."""

    def turn_key(self) -> tuple:
        """Changes when a turn ends (the autosave writes then)."""

    def turn_ended(self) -> bool:
        """Did the last rules action end a turn the turn key does not see (Dead of Winter's
        EndTurn: a co-operative scenario has one team)?"""
