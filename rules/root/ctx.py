"""The working context of one ``apply``: fresh copies of the data and flow, the Rng as it is
drawn from, and the events so far. Step modules change ``ctx.d`` / ``ctx.f`` in place; the flow
freezes the result into a new :class:`RootState` (the input state is never touched)."""
from __future__ import annotations

from feltbox.rules.core import Event
from feltbox.rules.root.state import RootState, clone


class Ctx:
    def __init__(self, state: RootState):
        self.d, self.f = clone(state)
        self.rng = state.rng
        self.events: list[Event] = []

    def below(self, n: int) -> int:
        """A uniform random integer in [0, n) from the state's Rng."""
        value, self.rng = self.rng.below(n)
        return value

    def say(self, kind: str, text: str, visible_to: tuple[str, ...] | None = None, **data) -> None:
        """An event with a ``text`` in the players' words; ``visible_to`` None = everyone."""
        self.events.append(Event(kind, {"text": text, **data}, visible_to))

    def state(self) -> RootState:
        return RootState(self.d, self.f, self.rng)
