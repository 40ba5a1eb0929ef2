"""Survivors' special powers that change a turn (rulebook S7: SPECIAL POWERS, FLARE).

- ANITA WALLACE: 2 extra action tokens; discard 1 to take an extra action on her turn (once a
  turn: "an extra action", so her 2 tokens serve 2 turns).
- ELIJAH JORDAN: 2 flare tokens; an action uses a flare: flicked from his side, successful if it
  ends in the city; the turn's reaction then follows only the side facing up (big = LOUD, small
  = QUIET) and is aimed at the flare, which is then removed; an unsuccessful flare is removed.
- JOHN PRICE: if he killed one or more zombies on his turn, he gains a third action.
- MIKE CHO: a free move at the end of his turn, flicking his own figure by the move rules; if he
  falls (or touches anything) he goes back where he was.
- OLIVIA BROWN: discards a medicine token (hers or the patient's) to give 1 life to a survivor
  in the same building or NEXT TO her, without spending an action (tokens.py: she stacks 2
  medicine on a space; Loretta stacks 2 food and takes a second token for free after a food).
- GABRIEL DIAZ: looks at 2 face-down tokens before choosing which to take (tokens.py).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Event
from feltbox.rules.flickem.outcome import FlickOutcome
from feltbox.rules.flickem.state import FlickemState, Survivor, Waiting
from feltbox.rules.geometry import next_to

STARTING_SPECIALS = {"Anita": ("extra_action", "extra_action"), "Elijah": ("flare", "flare")}


@dataclass(frozen=True)
class ExtraAction:
    """ANITA WALLACE: discard an extra action token for one more action."""


@dataclass(frozen=True)
class FreeMove:
    """MIKE CHO: flick his own figure as a free move at the end of his turn."""


@dataclass(frozen=True)
class Heal:
    patient: str
    medicine: str               # the medicine token discarded


@dataclass(frozen=True)
class UseFlare:
    side: str                   # "big" (LOUD) or "small" (QUIET) facing up when flicked


def with_powers(survivor: Survivor) -> Survivor:
    """A survivor whose board is flipped to its power side, with the tokens the power brings."""
    return replace(survivor, power=True, specials=STARTING_SPECIALS.get(survivor.name, ()))


def power_actions(state: FlickemState) -> list:
    s = state.data.survivor(state.flow.active)
    acts: list = []
    if s.power and "extra_action" in s.specials and not state.flow.bonus:   # once on her turn
        acts.append(ExtraAction())
    if s.power and "flare" in s.specials and state.flow.actions_left > 0:
        acts += [UseFlare("big"), UseFlare("small")]
    if s.power and s.name == "Mike" and s.where == "city" and not state.flow.bonus:
        acts.append(FreeMove())
    if s.power and s.name == "Olivia":
        acts += _heals(state, s)
    return acts


def _heals(state: FlickemState, olivia: Survivor) -> list[Heal]:
    out = []
    for patient in state.data.survivors:
        if patient.where in ("dead", "reserve") or not _beside(state, olivia, patient):
            continue
        for holder in {olivia.id, patient.id}:
            for token in state.data.survivor(holder).inventory:
                if state.data.token(token).kind == "medicine":
                    out.append(Heal(patient.id, token))
    return sorted(set(out), key=lambda h: (h.patient, h.medicine))


def _beside(state: FlickemState, a: Survivor, b: Survivor) -> bool:
    """Same building, or NEXT TO in the city (a survivor is beside herself)."""
    if a.id == b.id or (a.where == b.where and a.where != "city"):
        return True
    if a.where != "city" or b.where != "city":
        return False
    return next_to(state.data.position(a.id), state.data.position(b.id), 1.3, 1.3, 4.0)


def apply_heal(state: FlickemState, action: Heal) -> tuple[FlickemState, list[Event]]:
    data = state.data
    for s in data.survivors:
        if action.medicine in s.inventory:
            data = data.with_survivor(replace(s, inventory=tuple(t for t in s.inventory if t != action.medicine)))
    data = data.with_token(replace(data.token(action.medicine), where="removed", face="up"))
    patient = data.survivor(action.patient)
    data = data.with_survivor(replace(patient, life=patient.life + 1))
    return replace(state, data=data), [Event("healed", {"survivor": patient.id, "life": patient.life + 1})]


def apply_free_move(state: FlickemState) -> tuple[FlickemState, list[Event]]:
    """Mike flicks his own figure: no action spent, a move's QUIET noise, once per turn."""
    f = state.flow
    request = (("side", "right"), ("survivor", f.active), ("weapon", "figure"))
    flow = replace(f, waiting=Waiting.FLICK, request=request, bonus=True, noises=f.noises + (1,))
    return replace(state, flow=flow), [Event("flick requested", dict(request))]


def _spend(survivor: Survivor, special: str) -> Survivor:
    specials = list(survivor.specials)
    specials.remove(special)
    return replace(survivor, specials=tuple(specials))


def apply_extra_action(state: FlickemState) -> tuple[FlickemState, list[Event]]:
    """ANITA WALLACE: "She may discard 1 token to take an extra action on her turn": one token,
    one extra action, once a turn (her second token waits for another turn)."""
    s = state.data.survivor(state.flow.active)
    data = state.data.with_survivor(_spend(s, "extra_action"))
    flow = replace(state.flow, actions_left=state.flow.actions_left + 1, bonus=True)
    return replace(state, data=data, flow=flow), [Event("extra action", {"survivor": s.id})]


def apply_use_flare(state: FlickemState, action: UseFlare) -> tuple[FlickemState, list[Event]]:
    if action.side not in ("big", "small"):
        raise ValueError(f"flare side must be 'big' or 'small', got {action.side!r}")
    f = state.flow
    s = state.data.survivor(f.active)
    data = state.data.with_survivor(_spend(s, "flare"))       # used: removed either way
    request = (("flare", action.side), ("side", "right"), ("survivor", s.id), ("weapon", "flare"))
    flow = replace(f, actions_left=f.actions_left - 1, waiting=Waiting.FLICK, request=request)
    return replace(state, data=data, flow=flow), [Event("flick requested", dict(request))]


def flare_result(state: FlickemState, outcome: FlickOutcome) -> tuple[FlickemState, list[Event]]:
    """FLARE: successful if it ends in the city; the side up is measured (it may have flipped)."""
    f = state.flow
    if outcome.flicked in outcome.left_city:
        return replace(state, flow=replace(f, waiting=Waiting.ACT, request=())), \
            [Event("flare failed", {"reason": "it left the city"})]
    placed = dict(f.request)["flare"]
    side = placed if not outcome.flipped else ("small" if placed == "big" else "big")
    x, y = outcome.flare_at
    flow = replace(f, waiting=Waiting.ACT, request=(), flare=(float(x), float(y), side))
    return replace(state, flow=flow), [Event("flare", {"side": side, "at": [x, y]})]


def john_bonus(state: FlickemState, events: list[Event]) -> FlickemState:
    """JOHN PRICE: a third action the first time he kills a zombie on his turn."""
    f = state.flow
    s = state.data.survivor(f.active)
    if s.power and s.name == "John" and f.kills > 0 and not f.bonus:
        events.append(Event("third action", {"survivor": s.id}))
        return replace(state, flow=replace(f, actions_left=f.actions_left + 1, bonus=True))
    return state
