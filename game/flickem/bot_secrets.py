"""Secret objectives in a bot's hands (rulebook S9 NEW RULES: SECRET OBJECTIVES, accusations, the
betrayer; S10 uses the same deal).

A bot seat reads its own card only (``secrets.card_of`` for the survivor it plays), as a player
looks at their own card. A betrayer plays against its team, quietly: it never carries goods home
and leaves what its team wants face up where it found it; anything that shows is public (a token
left face up is a public event). Teammates keep a suspicion score per survivor from what their
team saw (``Suspicion``): a useful token left face up, goods dropped outside the base. A loyal
survivor with an action to spare accuses the teammate whose suspicion reaches ``ACCUSE_AT``
(once per teammate); each voter votes up when it suspects the accused too or is the accuser,
down otherwise (the accused, and a betrayer protecting itself, vote down). An innocent accused
stays with its clan.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from feltbox.game.flickem.bot_goals import base_of, wants
from feltbox.rules.flickem.betrayal import Accuse, ChooseClan, Vote
from feltbox.rules.flickem.secrets import card_of, secret_scenario
from feltbox.rules.flickem.state import FlickemState

ACCUSE_AT = 2.0             # suspicion at which a loyal survivor spends an action to accuse


@dataclass
class Suspicion:
    """Per team, how suspicious each teammate's public moves were."""
    scores: dict[str, dict[str, float]] = field(default_factory=lambda: defaultdict(dict))
    accused: set[tuple[str, str]] = field(default_factory=set)     # (team, accused) already tried
    read: int = 0

    def update(self, state: FlickemState, history, knowledge) -> None:
        if not secret_scenario(state):
            self.read = len(history)
            return
        for step in history[self.read:]:
            for e in step.events:
                if e.kind == "accusation":
                    team = state.data.survivor(e.data["accuser"]).team
                    self.accused.add((team, e.data["accused"]))
                sid = e.data.get("survivor")
                if not isinstance(sid, str) or sid not in {s.id for s in state.data.survivors}:
                    continue
                team = state.data.survivor(sid).team
                kind = e.data.get("kind") or knowledge.known(state, team).get(e.data.get("token"))
                if kind not in wants(state, team):
                    continue
                if e.kind == "left a token face up":
                    self._add(team, sid, 1.0)
                elif e.kind == "dropped off" and e.data.get("building") != base_of(state, team):
                    self._add(team, sid, 1.0)
        self.read = len(history)

    def _add(self, team: str, sid: str, amount: float) -> None:
        self.scores[team][sid] = self.scores[team].get(sid, 0.0) + amount

    def of(self, team: str, sid: str) -> float:
        return self.scores.get(team, {}).get(sid, 0.0)


def is_betrayer(state: FlickemState, sid: str) -> bool:
    """Whether the survivor this seat plays holds a betrayer card (its own card, read by itself)."""
    card = card_of(state, sid) if state.data.secrets else None
    return bool(card and card.betrayer)


def pick_accusation(bot, legal: list):
    """An accusation worth an action: a loyal survivor accuses the teammate its team suspects most."""
    state = bot.state
    me = state.data.survivor(state.flow.active)
    accusations = [a for a in legal if isinstance(a, Accuse)]
    if not accusations or is_betrayer(state, me.id):
        return None
    fresh = [a for a in accusations if (me.team, a.accused) not in bot.suspicion.accused]
    scored = [(bot.suspicion.of(me.team, a.accused), a.accused, a) for a in fresh]
    if not scored:
        return None
    score, _, action = max(scored, key=lambda t: (t[0], t[1]))
    return action if score >= ACCUSE_AT else None


def pick_secret(bot, legal: list):
    """A vote (``Vote``) or the accused's choice of clan (``ChooseClan``)."""
    state = bot.state
    votes = dict(state.flow.vote)
    accused, accuser = votes.get("accused"), votes.get("accuser")
    if ChooseClan(False) in legal:
        return ChooseClan(False)
    voter = next((s.id for s in state.data.survivors if s.team == state.data.survivor(accuser).team
                  and s.where not in ("dead", "reserve") and s.id not in votes), accuser)
    if voter == accused:
        return Vote(False)
    if voter == accuser:
        return Vote(True)
    if is_betrayer(state, voter):       # the accused is innocent then: an accusation that costs lives
        return Vote(True)
    team = state.data.survivor(voter).team
    return Vote(bot.suspicion.of(team, accused) >= ACCUSE_AT / 2)
