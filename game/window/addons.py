"""What the window asks of its add-ons: the typed places of game/window/app.PlayApp (HUD panels,
sounds, the hand-over's cover, the in-game menu's messages, choosing on the table). Whoever
composes the window (game/window/shell.py) fills them; the app asks only what is declared here.
No Panda3D."""
from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from feltbox.game.window.settings import Settings

if TYPE_CHECKING:
    from feltbox.game.window.framing import Rect


class TakesSettings(Protocol):
    """An add-on that follows the settings screen (the HUD panels' scale, the sounds' volume)."""

    def apply_settings(self, settings: Settings) -> None: ...


class Panels(TakesSettings, Protocol):
    """The HUD panels (game/window/hud.Hud): they follow the settings and say where they leave the
    window free."""

    def free_area(self) -> Rect:
        """The free middle (aspect2d) the panels showing now leave: where a context menu opens."""

    def rects(self) -> dict[str, Rect]:
        """The rectangles (aspect2d) the panels cover now, by name."""


class Cover(Protocol):
    """An add-on that can cover the whole table (the hot-seat hand-over)."""

    @property
    def active(self) -> bool: ...


class TableInput(Protocol):
    """An add-on that chooses on the table (game/window/table_choice_view.py): it sees the left
    button's presses and releases first; True when it acted on one (nothing else then does)."""

    def press(self, mouse: tuple[float, float], piece: str | None) -> bool: ...

    def release(self, mouse: tuple[float, float] | None) -> bool: ...

    def bar_top(self) -> float | None:
        """The top edge (window y, -1..1) of its bar of buttons, None while none shows: the
        camera frames pieces above it."""


class Messages(Protocol):
    """An add-on that shows a line of news for a few seconds (the in-game menu)."""

    def say(self, text: str) -> None: ...
