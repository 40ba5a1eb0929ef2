"""What a bot survivor pursues in each scenario, from what its team may legitimately know.

The goal choice is pure (a rules state, the team's knowledge, where the doors are) so it is
unit-tested on hand-made states (tests/test_bot_goals.py). A goal says where to go and what to do
there: ``Goal("enter", building, take=..., drop=...)`` walk into a building (staged hops to its
door, then through it), take the token kinds in ``take`` there (``"?"``: face-down tokens of
unknown kind, looked at and kept when useful) and drop the kinds in ``drop``; ``"stay"`` do not
move (held in a base, escorting, guarding); ``"hunt"`` shoot zombies / walk to the RV (S1).

Knowledge: the kinds of face-up tokens, tokens the team looked at or took (events whose
``visible_to`` holds the team, or everyone), and the team's starting inventories. Hidden kinds in
the state are never read for a token the team has not seen.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from feltbox.rules.flickem.fights import BatTurn, FightWith
from feltbox.rules.flickem.scenarios import blocked_by_x, scenario_rules
from feltbox.rules.flickem.state import FlickemState, Survivor
from feltbox.rules.flickem.stealing import Steal, StealKeep
from feltbox.rules.flickem.tokens import INVENTORY_SPACES, spaces_used

UNKNOWN = "?"
OFF = ("dead", "reserve")
# what each scenario's teams collect, and where they bring it ("" = keep it, no base)
WANTS = {2: ("fuel", "food"), 3: ("survivor",), 4: ("food",), 5: ("fuel", "survivor"), 6: ("key", "fuel"),
         7: ("fuel", "food"), 8: ("survivor",), 9: ("food", "fuel", "medicine"), 10: ("fuel",)}
DROPPED = (2, 4, 5, 7)          # scenarios whose goods count once dropped in the base
FIGHT_ORDER = {"gun": 0, "knife": 1, "bat": 2}
BAT_REACH = 35.0                # cm: a bat attacks once the fight's gap is this short (house)


@dataclass(frozen=True)
class Goal:
    kind: str                               # enter | stay | hunt
    building: str | None = None
    take: frozenset[str] = frozenset()
    drop: frozenset[str] = frozenset()
    why: str = ""


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


def wants(state: FlickemState, team: str) -> tuple[str, ...]:
    return WANTS.get(state.scenario, ())


def base_of(state: FlickemState, team: str) -> str | None:
    """Where the team brings its goods: the RV, its S7 base, S9's school (team B), S10's enemy colony."""
    rules = scenario_rules(state.scenario)
    bases = dict(rules.bases)
    if state.scenario == 10:
        return next((b for t, b in rules.bases if t != team), None)
    if state.scenario in (7, 9):
        return bases.get(team)
    return "rv" if state.scenario in (2, 4, 5, 6) else None


def held_wanted(state: FlickemState, s: Survivor, known: dict[str, str]) -> list[str]:
    return [t for t in s.inventory if known.get(t) in wants(state, s.team)]


def has_room(state: FlickemState, s: Survivor) -> bool:
    return spaces_used(s, state.data.kinds(s.inventory)) < INVENTORY_SPACES


def worth(state: FlickemState, team: str, token: str, known: dict[str, str]) -> bool:
    """A token worth taking: a useful kind the team knows, or one it has never seen (face down)."""
    kind = known.get(token)
    return kind in wants(state, team) if kind is not None else state.data.token(token).face == "down"


def search_targets(state: FlickemState, s: Survivor, known: dict[str, str]) -> dict[str, int]:
    """Buildings holding tokens worth taking (known useful ones count double), the base excluded,
    as are buildings closed by an X (S8) or holding 2 zombies."""
    base = base_of(state, s.team)
    places = [(t.kind, t.where) for t in state.data.tokens]    # X tokens are face up in the street
    recruits = dict(state.data.recruits)
    out: dict[str, int] = {}
    for t in state.data.tokens:
        if t.where in OFF or t.where == base or t.id in recruits:
            continue
        if t.where.startswith("front:") or t.where in ("city", "supply", "removed") or \
                any(t.where == x.id for x in state.data.survivors):
            continue
        if blocked_by_x(t.where, places) or sum(z.where == t.where for z in state.data.zombies) >= 2:
            continue
        if worth(state, s.team, t.id, known):
            out[t.where] = out.get(t.where, 0) + (2 if t.id in known else 1)
    return out


def _pos(state: FlickemState, sid: str) -> tuple[float, float]:
    try:
        return state.data.position(sid)
    except KeyError:
        return (0.0, 0.0)


def _dist(a, b) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def choose_goal(state: FlickemState, sid: str, known: dict[str, str], doors: dict[str, tuple[float, float]],
                exclude: set[str] | frozenset[str] = frozenset(), claimed: tuple[str, ...] = ()) -> Goal:
    """The goal of survivor ``sid``: ``doors`` maps each building to its door's centre (x, y);
    ``exclude``: buildings this survivor found nothing more to take in; ``claimed``: buildings
    teammates already head for (one searcher per building is enough)."""
    if state.scenario == 1:
        return Goal("hunt", why="S1: thin the zombies, then the RV")
    data = state.data
    s = data.survivor(sid)
    team_wants = frozenset(wants(state, s.team))
    base = base_of(state, s.team)
    if state.scenario == 3 and data.escort == sid:
        return Goal("enter", "hospital", why="S3: escort Anita to the hospital") if s.where != "hospital" \
            else Goal("stay", "hospital", why="S3: Anita is in the hospital")
    held = held_wanted(state, s, known)
    if base is not None and s.where == base:
        if state.scenario in DROPPED and held:
            return Goal("stay", base, drop=team_wants, why="drop the goods in the base")
        if state.scenario in (6, 9):
            return Goal("stay", base, why="hold the base")
    ready = _ready_to_deliver(state, s, held)
    targets = {b: n for b, n in search_targets(state, s, known).items() if b not in exclude and b in doors}
    here = _pos(state, sid) if s.where == "city" else doors.get(s.where, (0.0, 0.0))
    if s.where in targets and has_room(state, s):
        return Goal("stay", s.where, take=team_wants | {UNKNOWN}, why="search this building")
    if base is not None and (ready or not targets and (held or state.scenario == 6)):
        drop = team_wants if state.scenario in DROPPED else frozenset()
        return Goal("enter", base, drop=drop, why="carry the goods to the base")
    if targets and has_room(state, s):
        best = min(targets, key=lambda b: (_dist(here, doors.get(b, here)) - 6.0 * targets[b]
                                           + 25.0 * claimed.count(b), b))
        return Goal("enter", best, take=team_wants | {UNKNOWN}, why=f"search the {best}")
    return Goal("hunt", why="nothing to fetch: keep the zombies off")


def _ready_to_deliver(state: FlickemState, s: Survivor, held: list[str]) -> bool:
    if state.scenario == 10:
        return len(held) >= scenario_rules(10).fuel_in_rv
    if state.scenario == 9:
        return len(held) >= scenario_rules(9).control
    return bool(held) and (not has_room(state, s) or state.scenario in (4, 5, 6, 7, 2))


# -- the small decisions ----------------------------------------------------------------------
def pick_take_drop(state: FlickemState, options: list, goal: Goal, known: dict[str, str]):
    """A drop of goal goods in the base, else a take of a worthwhile token, else None."""
    s = state.data.survivor(state.flow.active)
    drops = [o for o in options if o.take is None and o.drop is not None and known.get(o.drop) in goal.drop]
    if drops and s.where == goal.building:
        return drops[0]
    if not goal.take or s.where == base_of(state, s.team):      # never take back from the base
        return None
    takes = [o for o in options if o.take is not None and o.drop is None and o.also is None
             and worth(state, s.team, o.take, known)]
    takes.sort(key=lambda o: (o.take not in known, o.take))
    if takes:
        return takes[0]
    junk = [o for o in options if o.take is not None and o.drop is not None and o.also is None
            and worth(state, s.team, o.take, known) and known.get(o.drop) not in wants(state, s.team)]
    return junk[0] if junk else None


def pick_keep(state: FlickemState, options: list, known: dict[str, str]):
    """Keep a looked-at token of a useful kind (the look event told the team), else leave it."""
    team = state.data.survivor(state.flow.active).team
    for o in options:
        if o.keep and known.get(o.token or state.flow.looking.split(",")[0]) in wants(state, team):
            return o
    return next(o for o in options if not o.keep)


def pick_steal(state: FlickemState, options: list, known: dict[str, str], team: str):
    """Look at a stolen token when offered; take it when useful (or anything while there is room)."""
    if any(isinstance(o, Steal) for o in options):
        return next((o for o in options if isinstance(o, Steal) and o.token is not None), options[-1])
    kind = known.get(state.flow.looking)
    if kind in wants(state, team) and StealKeep("take") in options:
        return StealKeep("take")
    if kind == "x" and StealKeep("remove") in options:
        return StealKeep("remove")
    return StealKeep("take") if StealKeep("take") in options and kind not in ("x",) else StealKeep("leave")


def pick_fight(state: FlickemState, options: list):
    """FightWith: gun > knife > bat. BatTurn: wait while the gap is large, attack when close."""
    withs = [o for o in options if isinstance(o, FightWith)]
    if withs:
        return min(withs, key=lambda o: FIGHT_ORDER.get(o.weapon, 9))
    fight = state.flow.fight
    return BatTurn(True) if fight is None or fight.gap <= BAT_REACH else BatTurn(False)


def pick_move_x(state: FlickemState, options: list, team: str, doors: dict[str, tuple[float, float]]):
    """S8 NEW X TOKENS: free the closed building closest to the team's survivors."""
    ours = [_pos(state, s.id) for s in state.data.survivors if s.team == team and s.where == "city"]
    if not ours:
        return options[0]
    return min(options, key=lambda o: (min(_dist(doors.get(o.from_building, (0, 0)), p) for p in ours),
                                       o.from_building))
