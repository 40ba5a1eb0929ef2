"""The Tail Feathers game state: frozen dataclasses, JSON round-trippable (rules.core.to_json /
from_json), the flow (round, phase, whose decision, what is in progress) apart from the game data
(units, figures, players' clipboards, tail feathers). Rulebook: Important Definitions, Player
Clipboard Anatomy, Round Order."""
from __future__ import annotations

from dataclasses import dataclass, replace

from feltbox.rules.core import Rng
from feltbox.rules.tailfeathers.battlefield import Battlefield

Pose = tuple[float, float, float]
# where a figure is: a space id, or one of these (all but FLYING are unavailable: Important Definitions)
FLYING, MISSION, RESERVES, CASUALTY, CARRIED = "flying", "mission", "reserves", "casualty", "carried"
OFF_FIELD = (MISSION, RESERVES, CASUALTY, CARRIED)
ADDITIONAL = ("action_cards", "structures", "foraging", "tail_feathers", "death_spirals", "leaves")


@dataclass(frozen=True)
class UnitSpec:
    """A unit card the scenario (or the custom force) brings: kind bird/squad/hero/structure."""
    id: str
    alliance: str
    kind: str
    card: str
    pilot: str = ""            # bird units: "<pilot>.<rank>", "" = pilotless bird
    figures: int = 1           # squads: how many figures


@dataclass(frozen=True)
class Setup:
    battlefield: Battlefield
    units: tuple[UnitSpec, ...]
    first: str                                   # who holds the first player nut (the youngest)
    alliances: tuple[str, ...] = ("mouse", "rat")  # seating, clockwise
    nest_life: int = 12                          # HOUSE default: the scenario sets the dial
    placements: tuple[tuple[str, str], ...] = ()  # (figure id, space id); () = deploy automatically
    rules: tuple[str, ...] = ()                  # additional rules in play (ADDITIONAL)
    hands: tuple[tuple[str, tuple[str, ...]], ...] = ()   # action cards chosen (7 each)
    grudges: tuple[str, ...] = ()                # bird units starting with a grudge marker (scenario)


@dataclass(frozen=True)
class Figure:
    id: str
    unit: str
    alliance: str
    size: str                   # "S" | "L"
    where: str                  # a space id or FLYING / MISSION / RESERVES / CASUALTY / CARRIED
    pose: Pose = (0.0, 0.0, 0.0)    # flying (and perched) birds: base centre and heading
    tilt: str = "center"
    launching: bool = False
    immobilized: bool = False
    on_fire: bool = False
    veteran: bool = False
    carrying: str = ""          # a transported figure's id


@dataclass(frozen=True)
class Unit:
    id: str
    alliance: str
    kind: str                   # bird | squad | hero | structure
    card: str
    pilot: str = ""
    wounds: int = 0
    activated: bool = False
    rattled: bool = False
    grudge: bool = False
    held_cards: tuple[str, ...] = ()   # bird action cards face down by the card until it perches


@dataclass(frozen=True)
class Player:
    alliance: str
    cheese: int = 0
    nest_life: int = 0
    nest_fire: int = 0
    out: bool = False
    mission: str = ""           # the mission card chosen this round ("" = none)
    mission_revealed: bool = False
    bid: int = -1               # extra initiative dice chosen (hidden until revealed)
    hand: tuple[str, ...] = ()
    refresh: tuple[str, ...] = ()


@dataclass(frozen=True)
class Feather:
    id: str
    x: float
    y: float
    heading: float
    notched: bool = False       # flipped to its 3-notch side at the end of a round


@dataclass(frozen=True)
class Leaf:
    """A drifting leaf (Additional Rules: Leaves): its space moved off its branch."""
    id: str                     # the leaf space's id
    polygon: tuple[tuple[float, float], ...]
    dest: str                   # the destination tree
    adjacent: tuple[str, ...] = ()


@dataclass(frozen=True)
class Data:
    units: tuple[Unit, ...]
    figures: tuple[Figure, ...]
    players: tuple[Player, ...]
    feathers: tuple[Feather, ...] = ()
    feathers_dropped: int = 0
    spirals: tuple[tuple[str, str], ...] = ()   # death spirals still entangled (bird unit ids)
    leaves: tuple[Leaf, ...] = ()               # drifting leaves

    def unit(self, uid: str) -> Unit:
        for u in self.units:
            if u.id == uid:
                return u
        raise KeyError(f"no unit {uid!r}")

    def figure(self, fid: str) -> Figure:
        for f in self.figures:
            if f.id == fid:
                return f
        raise KeyError(f"no figure {fid!r}")

    def player(self, alliance: str) -> Player:
        for p in self.players:
            if p.alliance == alliance:
                return p
        raise KeyError(f"no player {alliance!r}")

    def figures_of(self, uid: str) -> list[Figure]:
        return [f for f in self.figures if f.unit == uid]

    def on_space(self, sid: str) -> list[Figure]:
        return [f for f in self.figures if f.where == sid]

    def with_unit(self, u: Unit) -> Data:
        return replace(self, units=tuple(u if x.id == u.id else x for x in self.units))

    def with_figure(self, f: Figure) -> Data:
        return replace(self, figures=tuple(f if x.id == f.id else x for x in self.figures))

    def with_player(self, p: Player) -> Data:
        return replace(self, players=tuple(p if x.alliance == p.alliance else x for x in self.players))


@dataclass(frozen=True)
class RollCall:
    """Dice asked of the physics tray: PhysicsRequest("roll", {"dice": n, "why": why})."""
    why: str                    # initiative | pilot | attack | defense | reroll | fire | nest_fire | spiral | leaf
    player: str
    dice: int
    kept: tuple[str, ...] = ()  # faces kept while the excess cheese is re-rolled


@dataclass(frozen=True)
class Flight:
    unit: str
    tilt: str
    start: Pose
    templates: tuple[str, ...]
    crossings: tuple[tuple[float, str, str], ...]   # (s, kind, id), resolved in order
    index: int = 0              # the crossing to resolve next
    stop: float = 0.0           # arc length where the movement ends (end point, or earlier)
    end: Pose = (0.0, 0.0, 0.0)
    began_perched: bool = False
    touching: tuple[str, ...] = ()   # ids touching the base at the start (no swoop on them)
    swooped: bool = False
    dropped: bool = False
    blocked_by: str = ""        # the flying figure it would have ended on (stopped before it)


@dataclass(frozen=True)
class Attack:
    side: str                   # the attacking alliance
    attacker: str               # figure id, or "mission:<kind>"
    kind: str                   # melee | ranged
    group: bool
    dice: int
    targets: tuple[str, ...]    # figure ids or "nest:<alliance>" the hits may go to
    resume: str                 # act | flight | final
    hits: int = 0
    assigned: tuple[str, ...] = ()   # one target per hit
    defended: tuple[str, ...] = ()   # targets whose defense is done
    faces: tuple[str, ...] = ()


@dataclass(frozen=True)
class Flow:
    order: tuple[str, ...]      # turn order, first player first
    round: int = 1
    phase: str = "mission"      # mission | tilt | initiative | activation | final | over
    waiting: str = "mission_select"
    queue: tuple[str, ...] = () # players still to decide in a sequential step
    turn: int = 0               # index in order of whose activation turn it is
    active: str = ""            # the activated unit
    figs: tuple[str, ...] = ()  # its activated figures
    done: tuple[str, ...] = ()  # figures whose move (or scurry/attack) is done in this step
    step: str = ""              # move | act
    attacked: bool = False
    began_rattled: bool = False
    cards_played: tuple[str, ...] = ()   # players who played an action card on this player's turn (1 each)
    card_window: str = ""       # a death spiral bird whose player may play a before-attack card now
    spiral_bonus: int = 0       # dice a card adds to the next death spiral battle roll
    bonus_move: int = 0
    bonus_attack: int = 0
    tilt_free: bool = False
    tilt_ok: bool = False       # the piloting check succeeded
    piloted: bool = False       # a piloting check was made this activation
    flight: Flight | None = None
    attack: Attack | None = None
    roll: RollCall | None = None
    totals: tuple[tuple[str, int], ...] = ()    # initiative totals
    missions: tuple[str, ...] = ()              # alliances whose mission is still to resolve
    feather_drops: tuple[tuple[str, int], ...] = ()   # (bird figure, feathers to drop)
    fire_checks: tuple[str, ...] = ()           # figures to roll for on fire at the end of activation
    leaf: str = ""              # the leaf drifting now
    drifts: tuple[str, ...] = ()   # final phase: drifting leaves still to move
    grudge: tuple[str, ...] = ()   # death spiral faces a grudge marker may re-roll (awaiting the choice)
    cheese: RollCall | None = None  # a roll whose excess cheese its player may re-roll (awaiting the choice):
    #                                 dice = the excess, kept = every face rolled (Rolling Cheese)
    spiral: tuple[str, ...] = ()   # a death spiral battle: (attacker unit, defender unit, from, round)
    result: str = ""
    winners: tuple[str, ...] = ()


@dataclass(frozen=True)
class TFState:
    setup: Setup
    data: Data
    flow: Flow
    rng: Rng
