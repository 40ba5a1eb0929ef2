"""The Root game state (Duchy against Corvids): dataclasses, JSON round-trippable
(rules.core.to_json / from_json), game data (:class:`Data`) apart from the turn flow (:class:`Flow`).

A :class:`RootState` handed out by the engine is never changed again: ``apply`` works on
:func:`clone` (fresh containers) and returns a new state, so the input is untouched (tests check
the state hash). Clearings are frozen and replaced whole.

Hidden information: ``pile`` (the undrawn cards) is kept sorted, so the state holds no order
for it: each draw picks a card at random with the state's Rng, and nothing in a save says which
card comes next. Hands, face-down plots and the Corvids' supply of plot kinds are in the state
(the engine must know them); ``view.seat_view`` is what a seat may see."""
from __future__ import annotations

from dataclasses import dataclass, field, fields, replace

from feltbox.rules.core import Rng

DUCHY, CORVIDS = "duchy", "corvids"
SEATS = (DUCHY, CORVIDS)
NAMES = {DUCHY: "the Duchy", CORVIDS: "the Corvids"}     # in event texts


def who(seat: str, verb: str) -> str:
    """``seat`` doing ``verb`` in an event text: "the Duchy deals", "the Corvids deal"."""
    past = verb in ("drew", "took")
    third = verb + ("es" if verb.endswith(("ch", "sh", "s", "x")) else "s")     # reaches, digs
    return f"{NAMES[seat]} {verb if past or seat == CORVIDS else third}"
BURROW = 0                      # clearing index 0 is the Burrow (Law 12.2.2); 1-12 the Autumn map


def enemy(seat: str) -> str:
    return CORVIDS if seat == DUCHY else DUCHY


@dataclass(frozen=True)
class Clearing:
    duchy: int = 0               # Duchy warriors
    corvids: int = 0             # Corvid warriors
    citadels: int = 0
    markets: int = 0
    tunnel: bool = False
    plot: str = ""               # "" or bomb | snare | extortion | raid
    plot_up: bool = False        # face up (Law 13.2.2.I)


@dataclass(frozen=True)
class Battle:
    """A battle under way (Law 4.3) at ``clearing``: ``step`` ambush (the defender may play one),
    foil (the attacker may cancel it), roll (the dice are thrown), losses (the Duchy chooses
    which building or tunnel a hit removes), effects (a card's battle effect may be used)."""
    attacker: str
    defender: str
    clearing: int
    step: str = "ambush"
    ambush: str = ""             # the defender's ambush card on the table
    duchy_hits: int = 0          # hits the Duchy still has to take on buildings/tunnels (step losses)
    then: str = ""               # after the losses: "roll" (ambush hits) or "end"
    faces: tuple[int, ...] = ()
    removed_buildings: bool = False  # Duchy buildings went in the hits being dealt now
    failures: int = 0            # removals of Duchy buildings so far (ambush, roll): Prices of Failure owed
    extra_attacker: int = 0      # extra hits from effects (Brutal Tactics)
    extra_defender: int = 0      # (Sappers)
    ignore_attacker: bool = False  # Armorers: the attacker ignores rolled hits
    ignore_defender: bool = False
    asked: tuple[str, ...] = ()  # effect names already offered this battle


@dataclass
class Data:
    clearings: list[Clearing]                   # 13: the Burrow, then clearings 1-12
    hands: dict[str, list[str]]
    pile: list[str]                             # undrawn, sorted (no order)
    discard: list[str]
    score: dict[str, int]
    items: dict[str, int]                       # the item supply
    crafted: dict[str, list[str]]               # persistent effect cards in each play area (Law 4.1.3)
    items_crafted: dict[str, list[str]]         # items on each faction board (Law 4.1.2)
    swayed: list[str]                           # Duchy ministers above the faction board
    crowns: dict[str, int]                      # crowns still on the faction board, by rank
    crowns_lost: dict[str, int]                 # crowns removed from the game (Law 12.2.3)
    revealed: list[str]                         # cards the Duchy revealed this turn (Law 12.6.1)
    plot_supply: list[str]                      # the Corvids' face-down supply, sorted
    supply: dict[str, int]                      # pieces off the map: warriors, tunnels, citadels, markets


@dataclass
class Flow:
    stage: str                   # see flow.STAGES
    turn: str                    # whose turn it is
    first: str                   # who took the first turn
    round: int = 1
    actions: int = 0             # Assembly / Corvid Daylight actions left
    step: int = 0                # Corvid Birdsong: 0 craft, 1 flip, 2 recruit, 3 done
    used_pieces: list[int] = field(default_factory=list)    # crafting pieces activated this turn (clearings, repeats)
    ministers_used: list[str] = field(default_factory=list)
    followup: str = ""           # Brigadier: "move" or "battle" when one more may follow
    followup_mayor: bool = False  # ... taken through the Mayor
    plots_placed: int = 0        # Law 13.5.2
    recruited: bool = False      # Corvid recruit, once per turn (Law 13.4.3)
    swayed_this_turn: bool = False
    exerted: bool = False        # Law 13.6.1
    once: list[str] = field(default_factory=list)   # once-per-turn effects used (Tax Collector...)
    setup_left: list[str] = field(default_factory=list)  # Corvid scatter: suits still to place
    battle: Battle | None = None
    pof_pending: int = 0         # Law 12.2.3: Price of Failure waiting for the Duchy's choice of minister
    discarding: str = ""         # a seat discarding down to the hand limit
    winners: list[str] = field(default_factory=list)
    result: str = ""


@dataclass(frozen=True)
class RootState:
    data: Data
    flow: Flow
    rng: Rng


def clone(state: RootState) -> tuple[Data, Flow]:
    """Fresh copies of the data and flow to work on (containers copied one level down)."""
    d, f = state.data, state.flow
    data = Data(**{x.name: _copy(getattr(d, x.name)) for x in fields(Data)})
    flow = Flow(**{x.name: _copy(getattr(f, x.name)) for x in fields(Flow)})
    return data, flow


def _copy(value):
    if isinstance(value, list):
        return list(value)
    if isinstance(value, dict):
        return {k: list(v) if isinstance(v, list) else v for k, v in value.items()}
    return value


def setc(data: Data, index: int, **changes) -> Clearing:
    """Replace clearing ``index`` with ``changes`` applied; returns the new clearing."""
    data.clearings[index] = replace(data.clearings[index], **changes)
    return data.clearings[index]
