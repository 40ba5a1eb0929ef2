"""Secret objectives of S9 and S10 (rulebook S9: SET UP, NEW RULES: SECRET OBJECTIVES, DEAD AND
GONE!; S10: SET UP) and the S9 OBJECTIVE / GAME END (control the School; the skull).

- The deal: the betrayer cards are set aside; the other cards are shuffled into one pile per team
  holding as many cards as the team has players (players = survivors here), 1 betrayer card is
  shuffled into each pile, each player gets 1 card and the card left in each pile leaves the game.
  The rest of both decks stays in the state for redraws (``Data.objective_deck``,
  ``Data.betrayer_deck``). Cards are hidden: :func:`dealt_events` shows each its owner only.
- The cards are house-made data (data/objectives.toml) with conditions from a small vocabulary
  checked when the game ends (:func:`card_met`).
- At the game's end (:func:`settle`) ``Flow.winners`` becomes the survivors who won by their
  secret objective: on the winning team with their card's needs met, or holding a betrayer card
  whose needs (its team failing included) are met; the dead never win (DEAD AND GONE!). Every
  card is then shown to everyone.
- Accusations, votes, the betrayer's fate and the lone betrayer's pass are in betrayal.py.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from feltbox.rules.core import Event
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.flickem.state import FlickemState, Waiting

DATA = Path(__file__).with_name("data") / "objectives.toml"
WEAPONS = ("gun", "knife", "baseball_bat", "shotgun", "sniper")
CHECKS = {"hold": ("kind", "count"), "hold_at_most": ("kind", "count"), "life": ("count",), "in": ("where",),
          "team_alive": ("count",), "enemies_dead": ("count",), "dead": ("count",),
          "zombies_at_most": ("count",), "team_fails": ()}
OUT = ("dead", "reserve")


@dataclass(frozen=True)
class Card:
    id: str
    title: str
    text: str
    betrayer: bool
    needs: tuple[tuple[tuple[str, object], ...], ...]     # each need as sorted (key, value) pairs


@cache
def cards() -> dict[str, Card]:
    """Every secret objective card by id, checked against the vocabulary."""
    with DATA.open("rb") as f:
        table = tomllib.load(f)
    out: dict[str, Card] = {}
    for section, betrayer in (("objective", False), ("betrayer", True)):
        for c in table.get(section, []):
            for need in c["needs"]:
                wanted = CHECKS.get(need.get("check"))
                if wanted is None or set(need) != {"check", *wanted}:
                    raise ValueError(f"{DATA}: card {c['id']!r}: bad need {need}")
            if c["id"] in out:
                raise ValueError(f"{DATA}: card {c['id']!r} twice")
            out[c["id"]] = Card(c["id"], c["title"], c["text"], betrayer,
                                tuple(tuple(sorted(n.items())) for n in c["needs"]))
    return out


def card_of(state: FlickemState, sid: str) -> Card | None:
    card = dict(state.data.secrets).get(sid)
    return cards()[card] if card else None


def secret_scenario(state: FlickemState) -> bool:
    return scenario_rules(state.scenario).secret_objectives


def deal(state: FlickemState) -> FlickemState:
    """SET UP: one pile per team (players' count of objective cards + 1 betrayer card), 1 card
    each, the last card of each pile removed from the game."""
    if not secret_scenario(state):
        return state
    every = cards()
    rng = state.rng
    normal, rng = rng.shuffled(tuple(sorted(c for c in every if not every[c].betrayer)))
    bad, rng = rng.shuffled(tuple(sorted(c for c in every if every[c].betrayer)))
    dealt: list[tuple[str, str]] = []
    for team in state.setup.teams:
        players = [s.id for s in state.data.survivors if s.team == team and s.where not in OUT]
        pile, normal = normal[:len(players)] + bad[:1], normal[len(players):]
        bad = bad[1:]
        pile, rng = rng.shuffled(pile)
        dealt += zip(players, pile)               # the card left over leaves the game unseen
    data = replace(state.data, secrets=tuple(sorted(dealt)), objective_deck=normal, betrayer_deck=bad)
    return replace(state, data=data, rng=rng)


def dealt_events(state: FlickemState) -> list[Event]:
    """What each player sees of the deal: their own card only."""
    return [Event("secret objective", _shown(cards()[card], sid), visible_to=(sid,))
            for sid, card in state.data.secrets]


def _shown(card: Card, sid: str) -> dict:
    return {"survivor": sid, "card": card.id, "title": card.title, "text": card.text, "betrayer": card.betrayer}


def draw(state: FlickemState, sid: str, betrayer: bool, events: list[Event]) -> FlickemState:
    """Discard ``sid``'s card and draw a new one (from the betrayer deck for an unmasked betrayer);
    an empty deck leaves the old card in hand (house)."""
    data = state.data
    deck = data.betrayer_deck if betrayer else data.objective_deck
    if not deck:
        return state
    secrets = tuple(sorted((s, deck[0] if s == sid else c) for s, c in data.secrets))
    data = replace(data, secrets=secrets, **{"betrayer_deck" if betrayer else "objective_deck": deck[1:]})
    events.append(Event("new secret objective", _shown(cards()[deck[0]], sid), visible_to=(sid,)))
    return replace(state, data=data)


def origin_team(state: FlickemState, sid: str) -> str:
    """The team a survivor was dealt into (an unmasked betrayer's old team)."""
    return dict(state.data.betrayed).get(sid) or state.data.survivor(sid).team


def card_met(state: FlickemState, sid: str, card: Card, team_winners: tuple[str, ...]) -> bool:
    data = state.data
    me = data.survivor(sid)
    if me.where in OUT:
        return False                                     # DEAD AND GONE!
    kinds = data.kinds(me.inventory)
    for need in card.needs:
        n = dict(need)
        check, count = n["check"], n.get("count", 0)
        if check in ("hold", "hold_at_most"):
            held = sum(n["kind"] == "any" or k == n["kind"] or (n["kind"] == "weapon" and k in WEAPONS)
                       for k in kinds)
            ok = held >= count if check == "hold" else held <= count
        elif check == "life":
            ok = me.life >= count
        elif check == "in":
            where = n["where"]
            ok = me.where == where or (where == "any" and me.where != "city")
        elif check == "team_alive":
            ok = sum(s.team == me.team and s.where not in OUT for s in data.survivors) >= count
        elif check == "enemies_dead":
            ok = sum(s.team != me.team and s.where == "dead" for s in data.survivors) >= count
        elif check == "dead":
            ok = sum(s.where == "dead" for s in data.survivors) >= count
        elif check == "zombies_at_most":
            ok = sum(z.where == "city" for z in data.zombies) <= count
        else:                                            # team_fails
            ok = origin_team(state, sid) not in team_winners
        if not ok:
            return False
    return True


def individual_winners(state: FlickemState, team_winners: tuple[str, ...]) -> tuple[str, ...]:
    """SECRET OBJECTIVES: on the winning team with the card done, or a betrayer with theirs done."""
    won = []
    for sid, card_id in state.data.secrets:
        card = cards()[card_id]
        on_winning_team = card.betrayer or state.data.survivor(sid).team in team_winners
        if on_winning_team and card_met(state, sid, card, team_winners):
            won.append(sid)
    return tuple(won)


def settle(before: FlickemState, after: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """When a secret-objective game ends: every card shown, the individual winners named."""
    if not after.data.secrets or after.flow.waiting != Waiting.OVER or before.flow.waiting == Waiting.OVER:
        return after, events
    teams = after.flow.winners
    for sid, card in after.data.secrets:
        events.append(Event("secret objective shown", _shown(cards()[card], sid)))
    won = individual_winners(after, teams)
    names = ", ".join(after.data.survivor(s).name for s in won) or "nobody"
    events.append(Event("secret objectives", {"teams": list(teams), "winners": list(won)}))
    flow = replace(after.flow, winners=won, result=f"{after.flow.result}; secret objectives won by: {names}")
    return replace(after, flow=flow), events


def control_at_round_end(state: FlickemState, marker: int, events: list[Event]) -> FlickemState | None:
    """S9 OBJECTIVE at the end of a round: the controlling team's survivors in the building hold
    ``control`` tokens of the listed kinds between them (house reading of "holding at least 2 of
    the following tokens"); GAME END: at the skull the other team(s) win."""
    rules = scenario_rules(state.scenario)
    if rules.objective != "control_the_school":
        return None
    (team, building), = rules.bases
    data = state.data
    held = sum(k in rules.control_kinds for s in data.survivors if s.team == team and s.where == building
               for k in data.kinds(s.inventory))
    if held >= rules.control:
        winners, why = (team,), f"team {team} controls the {building}"
    elif marker <= 0:
        winners, why = tuple(t for t in state.setup.teams if t != team), "the round marker reached the skull"
    else:
        return None
    events.append(Event("team objective", {"teams": list(winners), "why": why}))
    flow = replace(state.flow, round_marker=max(marker, 0), waiting=Waiting.OVER,
                   result=f"won: team {', '.join(winners)} ({why})", winners=winners)
    return replace(state, flow=flow)
