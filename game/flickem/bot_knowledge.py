"""What a bot's team may legitimately know about tokens, and what it can infer from it.

Known kinds: face-up tokens, tokens the team looked at or took (events whose ``visible_to`` holds
the team, or everyone), and the team's starting inventories. The hidden ``Token.kind`` of a
face-down token the team never saw is never read.

Inference from the set-up list (public: every scenario's SET UP names the tokens shuffled face
down): the kinds in play minus the kinds the team has seen are what the unseen tokens can be, so
when every food of S4 lies face up in the grocery store, no face-down token is worth looking at
for food, and in S2 every face-down token is fuel or food.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from feltbox.rules.flickem.state import FlickemState


@dataclass
class Knowledge:
    """Token kinds each team knows, read incrementally from the engine's event history."""
    seen: dict[str, dict[str, str]] = field(default_factory=dict)    # team -> token -> kind
    public: dict[str, str] = field(default_factory=dict)
    read: int = 0

    def update(self, history) -> None:
        for step in history[self.read:]:
            for e in step.events:
                tid, kind = e.data.get("token"), e.data.get("kind")
                if not isinstance(tid, str) or not isinstance(kind, str):
                    continue
                if e.visible_to is None:
                    self.public[tid] = kind
                else:
                    for team in e.visible_to:
                        self.seen.setdefault(team, {})[tid] = kind
        self.read = len(history)

    def known(self, state: FlickemState, team: str) -> dict[str, str]:
        out = dict(self.public)
        out.update(self.seen.get(team, {}))
        start = {t.id: t for t in state.setup.tokens}
        ours = {s.id for s in state.data.survivors if s.team == team}
        for t in state.data.tokens:
            if t.face == "up" or (t.where in ours and t.id in start and start[t.id].where == t.where):
                out[t.id] = t.kind
        return out


def unseen_odds(state: FlickemState, known: dict[str, str], kinds) -> float:
    """The chance that a face-down token the team has not seen is one of ``kinds``: the set-up
    list's kinds not yet accounted for, over the tokens not yet seen."""
    pool = Counter(t.kind for t in state.setup.tokens)
    dealt = {t.id for t in state.setup.tokens}
    for tid, kind in known.items():
        if tid in dealt:
            pool[kind] -= 1
    unseen = [t for t in state.setup.tokens if t.id not in known]
    if not unseen:
        return 0.0
    return sum(max(pool[k], 0) for k in set(kinds)) / len(unseen)
