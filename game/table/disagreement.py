"""One truth's unit of report, shared by both games' agreement checks (game/flickem/agreement.py,
game/tailfeathers/agreement.py): a piece the rules and the table see differently."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Disagreement:
    """One figure the rules and the table see differently."""

    piece: str
    rules: str
    table: str

    def __str__(self) -> str:
        return f"{self.piece}: the rules say {self.rules}, the table shows {self.table}"
