"""Accusations and the betrayer (rulebook S9 NEW RULES: SECRET OBJECTIVES, "If the accused player
IS / is NOT the betrayer", A-STAY / B-JOIN, THE LONE BETRAYER; S10 uses the same deal).

The engine's Decision contract, one decision per player:

- ``Accuse(accused)``: the active survivor spends 1 action accusing a living teammate. The flow
  then waits for ``vote``: every living survivor of the accuser's team (accuser and accused
  included, in survivor order) gives one ``Vote(up)``; ``pending`` names the voter.
- More thumbs up than down: the accused shows their card to their team (a hidden event seen by
  that team's survivors). A BETRAYER is unmasked: a team unto themselves (``betrayer-<name>``,
  playing after the others), loses 1 life if they have more than 1, draws from the betrayer's
  deck, takes a face-up X token (``"x"`` in ``specials``), the accuser flips their board to the
  power side, and the figure is placed fallen and flicked by the accuser: a physics request
  ``flick`` of weapon ``figure`` with ``fallen`` and ``betrayer`` set (the bridge lays the figure
  down first). A betrayer inside a building just falls there (house: no flick from a shelf).
- NOT the betrayer: the accused draws a new card and the flow waits for ``clan``: the accused
  plays ``ChooseClan(join)``: stay (accused and accuser each lose 1 life if above 1) or join the
  opposing clan (the accuser flips their board).
- THE LONE BETRAYER: on their team's choice they may ``PassTurn`` by flipping the X face down
  (:func:`x_face_down`; the flow then passes the turn); it is flipped face up when each round
  begins (:func:`x_face_up`, called by the new horde).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Decision, Event
from feltbox.rules.flickem.figures import place_measured_figures, zombies_enter_buildings
from feltbox.rules.flickem.game_end import check_scenario_end
from feltbox.rules.flickem.outcome import FlickOutcome
from feltbox.rules.flickem.powers import with_powers
from feltbox.rules.flickem.secrets import OUT, card_of, draw, secret_scenario
from feltbox.rules.flickem.state import FlickemState, Survivor, Waiting

WAITS = (Waiting.VOTE, Waiting.CLAN)


@dataclass(frozen=True)
class Accuse:
    accused: str


@dataclass(frozen=True)
class Vote:
    up: bool


@dataclass(frozen=True)
class ChooseClan:
    join: bool                  # False: stay with the original clan; True: join the opposing one


@dataclass(frozen=True)
class PassTurn:
    """THE LONE BETRAYER: flip the X token face down instead of taking a turn."""


SECRET_ACTIONS = (Accuse, Vote, ChooseClan, PassTurn)


def accusations(state: FlickemState) -> list[Accuse]:
    f = state.flow
    if not secret_scenario(state) or f.actions_left <= 0:
        return []
    me = state.data.survivor(f.active)
    return [Accuse(s.id) for s in state.data.survivors
            if s.team == me.team and s.id != me.id and s.where not in OUT]


def pass_turn(state: FlickemState) -> list[PassTurn]:
    team = state.flow.teams[state.flow.team_index]
    lone = [s for s in state.data.survivors if s.team == team and s.where not in OUT]
    return [PassTurn()] if any("x" in s.specials for s in lone) else []


def _voters(state: FlickemState) -> list[str]:
    accuser = state.data.survivor(dict(state.flow.vote)["accuser"])
    return [s.id for s in state.data.survivors if s.team == accuser.team and s.where not in OUT]


def _next_voter(state: FlickemState) -> str:
    voted = dict(state.flow.vote)
    return next(v for v in _voters(state) if v not in voted)


def secret_decision(state: FlickemState) -> Decision:
    accused = dict(state.flow.vote)["accused"]
    if state.flow.waiting == Waiting.VOTE:
        return Decision(_next_voter(state), f"vote on accusing {state.data.survivor(accused).name}: thumbs up or down")
    return Decision(accused, "stay with your clan or join the opposing clan")


def secret_actions(state: FlickemState) -> list:
    if state.flow.waiting == Waiting.VOTE:
        return [Vote(True), Vote(False)]
    return [ChooseClan(False), ChooseClan(True)]


def x_face_down(state: FlickemState) -> tuple[FlickemState, list[Event]]:
    """THE LONE BETRAYER: the team flips its X token face down to pass its turn (``PassTurn``); the
    flow then moves on to the next team's turn (rounds.next_turn)."""
    f = state.flow
    team = f.teams[f.team_index]
    data = state.data
    for s in data.survivors:
        if s.team == team and "x" in s.specials:
            data = data.with_survivor(replace(s, specials=_swap(s.specials, "x", "x_down")))
    return replace(state, data=data), [Event("turn passed", {"team": team})]


def apply_secret(state: FlickemState, action) -> tuple[FlickemState, list[Event]]:
    """An accusation, a vote or the accused's choice of clan (``PassTurn`` is :func:`x_face_down`)."""
    f = state.flow
    if isinstance(action, Accuse):
        vote = (("accused", action.accused), ("accuser", f.active))
        flow = replace(f, actions_left=f.actions_left - 1, waiting=Waiting.VOTE, vote=vote)
        return replace(state, flow=flow), [Event("accusation", {"accuser": f.active, "accused": action.accused})]
    if isinstance(action, Vote):
        voter = _next_voter(state)
        state = replace(state, flow=replace(f, vote=f.vote + ((voter, "up" if action.up else "down"),)))
        events = [Event("vote", {"voter": voter, "up": action.up})]
        if len(state.flow.vote) - 2 < len(_voters(state)):
            return state, events
        return _count(state, events)
    return _clan(state, action.join)


def _count(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    votes = dict(state.flow.vote)
    accused, accuser = state.data.survivor(votes.pop("accused")), votes.pop("accuser")
    ups = sum(v == "up" for v in votes.values())
    if ups <= len(votes) - ups:
        events.append(Event("accusation rejected", {"accused": accused.id, "up": ups, "down": len(votes) - ups}))
        return replace(state, flow=replace(state.flow, waiting=Waiting.ACT, vote=())), events
    card = card_of(state, accused.id)
    team = tuple(s.id for s in state.data.survivors if s.team == accused.team) + (accused.team,)
    events.append(Event("objective card shown", {"survivor": accused.id, "card": card.id, "title": card.title,
                                                 "text": card.text, "betrayer": card.betrayer}, visible_to=team))
    if card.betrayer:
        return _unmask(state, accused, accuser, events)
    events.append(Event("not the betrayer", {"accused": accused.id}))
    state = draw(state, accused.id, False, events)
    return replace(state, flow=replace(state.flow, waiting=Waiting.CLAN)), events


def _unmask(state: FlickemState, betrayer: Survivor, accuser: str, events: list[Event]):
    """The accused IS the betrayer."""
    f = state.flow
    lone = f"betrayer-{betrayer.id.removeprefix('survivor-')}"
    events.append(Event("betrayer unmasked", {"survivor": betrayer.id, "team": lone, "left": betrayer.team}))
    life = betrayer.life - 1 if betrayer.life > 1 else betrayer.life
    data = state.data.with_survivor(replace(betrayer, team=lone, life=life, standing=False,
                                            specials=betrayer.specials + ("x",)))
    data = replace(data, betrayed=data.betrayed + ((betrayer.id, betrayer.team),))
    if life < betrayer.life:
        events.append(Event("survivor lost a life", {"survivor": betrayer.id, "life": life}))
    state = _flip_board(replace(state, data=data, flow=replace(f, teams=f.teams + (lone,), vote=())), accuser, events)
    state = draw(state, betrayer.id, True, events)
    if betrayer.where != "city":
        return _done(state, events)
    request = (("betrayer", betrayer.id), ("by", accuser), ("fallen", "yes"), ("side", "right"),
               ("survivor", betrayer.id), ("weapon", "figure"))
    events.append(Event("flick requested", dict(request)))
    return replace(state, flow=replace(state.flow, waiting=Waiting.FLICK, request=request)), events


def betrayer_flicked(state: FlickemState, outcome: FlickOutcome) -> tuple[FlickemState, list[Event]]:
    """The accuser flicked the fallen betrayer's figure: it lies where it stopped."""
    sid = dict(state.flow.request)["betrayer"]
    events = [Event("betrayer flicked", {"survivor": sid})]
    state = replace(state, data=place_measured_figures(state.data, outcome))
    betrayer = state.data.survivor(sid)
    state = replace(state, data=state.data.with_survivor(replace(betrayer, standing=False)))
    state = zombies_enter_buildings(state, outcome, events)
    return _done(replace(state, flow=replace(state.flow, request=())), events)


def _clan(state: FlickemState, join: bool) -> tuple[FlickemState, list[Event]]:
    votes = dict(state.flow.vote)
    accused, accuser = state.data.survivor(votes["accused"]), votes["accuser"]
    state = replace(state, flow=replace(state.flow, vote=()))
    if not join:                                        # A - STAY WITH THEIR ORIGINAL CLAN
        events = [Event("stays with the clan", {"survivor": accused.id})]
        for sid in (accused.id, accuser):
            s = state.data.survivor(sid)
            if s.life > 1:
                state = replace(state, data=state.data.with_survivor(replace(s, life=s.life - 1)))
                events.append(Event("survivor lost a life", {"survivor": sid, "life": s.life - 1}))
        return _done(state, events)
    other = next(t for t in state.setup.teams if t != accused.team)   # B - JOIN THE OPPOSING CLAN
    events = [Event("joins the opposing clan", {"survivor": accused.id, "team": other})]
    state = replace(state, data=state.data.with_survivor(replace(accused, team=other)))
    return _done(_flip_board(state, accuser, events), events)


def _flip_board(state: FlickemState, sid: str, events: list[Event]) -> FlickemState:
    s = state.data.survivor(sid)
    if s.power:
        return state
    events.append(Event("board flipped", {"survivor": sid}))
    return replace(state, data=state.data.with_survivor(with_powers(s)))


def _done(state: FlickemState, events: list[Event]) -> tuple[FlickemState, list[Event]]:
    """Back to the accuser's turn, unless a team's objective (S10: no survivors left) ended it."""
    state = replace(state, flow=replace(state.flow, waiting=Waiting.ACT))
    return check_scenario_end(state, None, events), events


def x_face_up(state: FlickemState) -> FlickemState:
    """THE LONE BETRAYER: the X token is flipped face up at the beginning of each round."""
    data = state.data
    for s in data.survivors:
        if "x_down" in s.specials:
            data = data.with_survivor(replace(s, specials=_swap(s.specials, "x_down", "x")))
    return replace(state, data=data)


def _swap(specials: tuple[str, ...], old: str, new: str) -> tuple[str, ...]:
    out = list(specials)
    out[out.index(old)] = new
    return tuple(out)
