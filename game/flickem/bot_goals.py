"""What a bot survivor pursues in each scenario, from what its team may legitimately know, over
the rounds that are left.

The goal choice is pure (a rules state, the team's knowledge, where the doors are) so it is
unit-tested on hand-made states (tests/test_bot_goals.py). A goal says where to go and what to do
there: ``Goal("enter", building, take=..., drop=...)`` walk into a building (through its door),
take the token kinds in ``take`` there (``"?"``: face-down tokens of unknown kind, looked at and
kept when useful) and drop the kinds in ``drop``; ``"reach"`` walk within reach of an object in
the city (S3's tokens under vehicles); ``"stay"`` do not move (held in a base, escorting,
guarding); ``"hunt"`` keep the zombies off (S1: thin them out, then the RV).

Planning over the remaining rounds: a place is worth its tokens' chances of being useful (known
kinds count 1, unseen face-down ones the odds the set-up list leaves, bot_knowledge.py) per
action it costs to get there and take them; a place whose goods could not reach the base before
the skull is not worth going to; a carrier heads for the base when its inventory is full, when
nothing worth taking is close, or when the time left only just covers the trip.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from feltbox.game.flickem.bot_knowledge import Knowledge, unseen_odds
from feltbox.rules.flickem.scenarios import blocked_by_x, scenario_rules
from feltbox.rules.flickem.state import FlickemState, Survivor
from feltbox.rules.flickem.tokens import INVENTORY_SPACES, spaces_used
from feltbox.rules.flickem.weapons import weapons_of

UNKNOWN = "?"
OFF = ("dead", "reserve")
# what each scenario's teams collect, and where they bring it ("" = keep it, no base)
WANTS = {2: ("fuel", "food"), 3: ("survivor",), 4: ("food",), 5: ("fuel", "survivor"), 6: ("key", "fuel"),
         7: ("fuel", "food"), 8: ("survivor",), 9: ("food", "fuel", "medicine"), 10: ("fuel",)}
DROPPED = (2, 4, 5, 7)          # scenarios whose goods count once dropped in the base
NOT_CARRIED = ("survivor",)     # kinds that join at once (S3, S5): nothing to carry home
STRIDE = 45.0                   # cm a move covers on average (a long flick, or a hop around a crowd)
EXIT = 30.0                     # cm the flick out of a building covers
HUNTED = 2                      # S5: rounds the team's kills are counted on to add to the bin's
WAY_STRIDE = 30.0               # cm of the way along the street (around the crowd) a move covers

__all__ = ["Goal", "Knowledge", "UNKNOWN", "choose_goal", "turns_left", "actions_to", "actions_within", "base_of", "wants",
           "bin_deficit"]


@dataclass(frozen=True)
class Goal:
    kind: str                               # enter | stay | reach | hunt | wait (S3: beside the hospital)
    building: str | None = None             # the building (enter, stay) or the object (reach)
    take: frozenset[str] = frozenset()
    drop: frozenset[str] = frozenset()
    why: str = ""


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


def rounds_left(state: FlickemState, hunted: int = 0) -> int:
    """Rounds left, this one included: to the skull, or sooner to the round whose end brings a
    horde the bin cannot supply (A NEW HORDE ARRIVES), if no zombie is killed meanwhile (or
    ``hunted`` rounds later: the rounds the team's kills are counted on to add)."""
    f, setup = state.flow, state.setup
    colour, in_bin = f.colour, sum(z.where == "bin" for z in state.data.zombies)
    for k in range(1, max(f.round_marker, 1)):
        colour = "night" if colour == "day" else "day"
        need = setup.invasion_day if colour == "day" else setup.invasion_night
        if in_bin < need:
            return min(k + hunted, max(f.round_marker, 1))
        in_bin -= need
    return max(f.round_marker, 1)


def turns_left(state: FlickemState, sid: str) -> int:
    """Turns this survivor still gets before the game ends (rounds_left), this one included when
    it is to play."""
    s = state.data.survivor(sid)
    now = s.backpack == state.flow.colour or state.flow.active == sid
    return rounds_left(state) - 1 + int(now)


def actions_left(state: FlickemState, sid: str) -> int:
    """Actions this survivor still has before the game ends (the current turn's, then 2 a turn).
    S5: the bin (8) runs short of the +4/+2 hordes by round 4 unless zombies are killed, and the
    team kills them (hunters, and the zombies each move's rush brings next to it): its survivors
    plan over HUNTED rounds more than the bin alone allows (S5 seed 1: from round 5 on every
    survivor's goal was "hunt", the objective dropped as too far for the time left)."""
    return actions_within(state, sid, rounds_left(state, HUNTED if state.scenario == 5 else 0))


def actions_within(state: FlickemState, sid: str, rounds: int) -> int:
    """Actions this survivor has in the next ``rounds`` rounds, this one included: what is left
    of its turn (or a whole turn if it has yet to play this round), then 2 a turn, and ANITA
    WALLACE's extra action tokens."""
    s = state.data.survivor(sid)
    extra = s.specials.count("extra_action")
    if state.flow.active == sid:
        return state.flow.actions_left + 2 * (rounds - 1) + extra
    return 2 * (rounds - 1 + int(s.backpack == state.flow.colour)) + extra


def actions_to(frm: tuple[float, float], where: str | None, to: tuple[float, float], enter: bool = True) -> int:
    """Actions to walk from ``frm`` (inside building ``where``, or None) to ``to`` and go in: one
    long flick per STRIDE, the last one through the door; leaving a building is a flick that
    covers EXIT cm on its way (and may go straight into a building that close)."""
    distance = dist(frm, to)
    if where is not None:
        return 1 + math.ceil(max(distance - EXIT, 0.0) / STRIDE)
    return max(1, math.ceil(distance / STRIDE))


def bin_deficit(state: FlickemState, rounds: int | None = None) -> int:
    """Zombies the bin lacks for the hordes still to come before the skull (within ``rounds``
    round ends, if given): A NEW HORDE ARRIVES ends the game when the bin runs short, and every
    zombie killed goes back to the bin."""
    f, setup = state.flow, state.setup
    colour, need = f.colour, 0
    for _ in range(max(f.round_marker - 1, 0) if rounds is None else min(rounds, max(f.round_marker - 1, 0))):
        colour = "night" if colour == "day" else "day"
        need += setup.invasion_day if colour == "day" else setup.invasion_night
    return need - sum(z.where == "bin" for z in state.data.zombies)


def held_wanted(state: FlickemState, s: Survivor, known: dict[str, str]) -> list[str]:
    return [t for t in s.inventory if known.get(t) in wants(state, s.team) and known.get(t) not in NOT_CARRIED]


def has_room(state: FlickemState, s: Survivor) -> bool:
    return spaces_used(s, state.data.kinds(s.inventory)) < INVENTORY_SPACES


def worth(state: FlickemState, team: str, token: str, known: dict[str, str]) -> float:
    """How likely a token is useful: 1 or 0 for a kind the team knows, the odds for a face-down one."""
    kind = known.get(token)
    if kind is not None:
        return float(kind in wants(state, team))
    if state.data.token(token).face != "down":
        return 0.0
    return unseen_odds(state, known, wants(state, team))


def place_xy(state: FlickemState, place: str, doors: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
    """Where a place is: a building's door, or an object's centre (S3 TAKE IN THE CITY)."""
    if place in doors:
        return doors[place]
    for o, x, y, *_ in state.data.objects:
        if o == place:
            return (x, y)
    return None


def search_targets(state: FlickemState, s: Survivor, known: dict[str, str]) -> dict[str, float]:
    """Places holding tokens worth taking, each with its expected useful tokens; the base, buildings
    closed by an X (S8), and buildings holding 2 zombies for a survivor at its last life, are left out."""
    base = base_of(state, s.team)
    places = [(t.kind, t.where) for t in state.data.tokens]    # X tokens are face up in the street
    recruits = dict(state.data.recruits)
    survivors = {x.id for x in state.data.survivors}
    out: dict[str, float] = {}
    for t in state.data.tokens:
        if t.where in OFF or t.where == base or t.id in recruits or t.where in survivors:
            continue
        if t.where.startswith("front:") or t.where in ("city", "supply", "removed", "bin"):
            continue
        # a building holding zombies is a fight on the way in (FIGHT: SURVIVOR VS ZOMBIE; zombies
        # that got in never leave): worth it for the goods there (S2 needs every token), not for a
        # survivor whose last life a lost fight round would take (S3 seed 2: Olivia, at 1 life,
        # went into the RV where the zombie that had just killed Thomas stood, and died there)
        if blocked_by_x(t.where, places) or (any(z.where == t.where for z in state.data.zombies)
                                             and s.life <= 1):
            continue
        value = worth(state, s.team, t.id, known)
        if value > 0.0:
            out[t.where] = out.get(t.where, 0.0) + value
    return out


def spot(state: FlickemState, sid: str) -> tuple[float, float]:
    try:
        return state.data.position(sid)
    except KeyError:
        return (0.0, 0.0)


def dist(a, b) -> float:
    return float(((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2) ** 0.5)


def where_is(state: FlickemState, sid: str, doors) -> tuple[tuple[float, float], str | None]:
    """A survivor's spot (its building's door when inside) and the building it is in."""
    s = state.data.survivor(sid)
    if s.where == "city":
        return spot(state, sid), None
    return doors.get(s.where, (0.0, 0.0)), s.where


def choose_goal(state: FlickemState, sid: str, known: dict[str, str], doors: dict[str, tuple[float, float]],
                exclude: set[str] | frozenset[str] = frozenset(), claimed: tuple[str, ...] = (),
                ties: dict[str, float] | None = None, travel=None, current: str | None = None) -> Goal:
    """The goal of survivor ``sid``: ``doors`` maps each building to its door's centre (x, y);
    ``exclude``: places this survivor found nothing more to take in; ``claimed``: places
    teammates already head for (one searcher per place is enough); ``ties``: per place, a
    number in [0, 1) drawn once per game by the bot's seeded RNG, that breaks ties between places
    worth about the same; ``travel(place, xy)``: cm along the street from ``xy`` to where the
    place is entered or reached (None: unknown; straight-line estimates then); ``current``: the
    place this survivor was heading for (kept unless another is clearly better: no dithering)."""
    if state.scenario == 1:
        return Goal("hunt", why="S1: thin the zombies, then the RV")
    data = state.data
    s = data.survivor(sid)
    team_wants = frozenset(wants(state, s.team))
    base = base_of(state, s.team)
    if state.scenario == 3 and data.escort == sid:
        # found in a building, he walks her out at once: while he waited inside for a teammate
        # at the hospital's door, zombies got in and their fights killed or held him (docs/bots.md)
        return Goal("enter", "hospital", why="S3: escort Anita to the hospital") if s.where != "hospital" \
            else Goal("stay", "hospital", why="S3: Anita is in the hospital")
    if state.scenario == 3 and data.rescued is not None and data.escort is None:
        where = data.survivor(data.rescued).where      # RESCUED FIGURE: a move that ends next to her
        if where == "city":
            return Goal("wait", data.rescued, why="S3: end a move next to Anita: her new escort")
        if where not in OFF and where != s.where:
            return Goal("enter", where, why="S3: Anita waits in there for a new escort")
    if state.scenario == 3 and data.rescued is not None and s.where != "hospital":
        return Goal("wait", "hospital", why="S3: wait beside the hospital's door: the escort's fall passes Anita on")
    held = held_wanted(state, s, known)
    if base is not None and s.where == base:
        if state.scenario in DROPPED and held:
            return Goal("stay", base, drop=team_wants, why="drop the goods in the base")
        if state.scenario in (6, 9):
            return Goal("stay", base, why="hold the base")
    if state.scenario == 5 and s.where == "city" and not held and sid in _hunters(state, known, s.team):
        return Goal("hunt", why="S5: the bin cannot supply this round's horde: kill zombies")
    if state.scenario == 6 and _rv_ready(state, known):
        return Goal("enter", "rv", why="S6: the key and a fuel are in the RV: get in")
    here, inside = where_is(state, sid, doors)
    budget = actions_left(state, sid)
    targets = _targets(state, s, known, doors, exclude, claimed, here, inside, budget, ties or {}, travel)
    if current in targets:
        targets[current] *= 2.5
    if s.where in targets and has_room(state, s) and _time_to_take(state, s, doors, budget, len(held)):
        return Goal("stay", s.where, take=team_wants | {UNKNOWN}, why="search this building")
    if base is not None and held and _ready_to_deliver(state, s, held, targets, doors, here, inside, budget, known):
        drop = team_wants if state.scenario in DROPPED else frozenset()
        return Goal("enter", base, drop=drop, why="carry the goods to the base")
    if targets and has_room(state, s):
        best = max(targets, key=lambda p: (targets[p], p))
        kind = "enter" if best in doors else "reach"
        return Goal(kind, best, take=team_wants | {UNKNOWN}, why=f"search the {best}")
    if base is not None and (held or state.scenario == 6):
        return Goal("enter", base, why="nothing left to search: to the base")
    return Goal("hunt", why="nothing to fetch: keep the zombies off")


def has_quiet_kill(state: FlickemState, sid: str) -> bool:
    """The survivor holds a quiet weapon (a knife or a bat) for a short distance kill."""
    s = state.data.survivor(sid)
    return any(w in ("knife", "bat") for w in weapons_of(s.name, state.data.kinds(s.inventory)))


def _hunters(state: FlickemState, known: dict[str, str], team: str) -> list[str]:
    """S5: the survivors who hunt while the bin cannot supply this round's horde: as many as
    zombies are short, those in the street with nothing to carry and a quiet weapon, nearest to a
    zombie first; the rest search on (before, every one hunted: S5 seed 10, from round 3 no
    building was searched, the police station and the hospital never; Anita, a gun only, idled)."""
    short = bin_deficit(state, 1)
    if short <= 0:
        return []
    zombies = [spot(state, z.id) for z in state.data.zombies if z.where == "city"]
    free = [(min((dist(spot(state, o.id), z) for z in zombies), default=99.0), o.id) for o in state.data.survivors
            if o.where == "city" and o.team == team and not held_wanted(state, o, known)
            and has_quiet_kill(state, o.id)]
    return [sid for _, sid in sorted(free)[:short]]


def _targets(state, s, known, doors, exclude, claimed, here, inside, budget, ties, travel) -> dict[str, float]:
    """Each searchable place's worth per action, those too far for the time left dropped."""
    base = base_of(state, s.team)
    deliver = state.scenario in DROPPED or state.scenario in (6, 10)
    out = {}
    for place, value in search_targets(state, s, known).items():
        xy = place_xy(state, place, doors)
        if place in exclude or xy is None:
            continue
        in_building = place in doors
        way = travel(place, here) if travel is not None and place != s.where else None
        walk = actions_to(here, inside, xy, enter=in_building) if way is None else \
            int(inside is not None) + max(1, math.ceil(way / WAY_STRIDE)) + int(in_building)
        cost = (0 if place == s.where else walk) + 1
        cost += sum(z.where == place for z in state.data.zombies)        # a fight on the way in
        if deliver and base is not None and base in doors and not _joins(state, place, known):
            cost += actions_to(xy, place if in_building else None, doors[base]) + 1
        if cost > budget + 1:           # hopeless even with a lucky flick
            continue
        if state.scenario == 3 and "hospital" in doors:     # found there, she is walked to the hospital
            cost += actions_to(xy, place if in_building else None, doors["hospital"])
        value *= 0.1 ** claimed.count(place)
        if any(o.where == place and o.team == s.team and o.id != s.id for o in state.data.survivors):
            value *= 0.1                    # a teammate is searching it already
        out[place] = value / cost * (1.0 + 0.05 * ties.get(place, 0.0))
    return out


def _joins(state: FlickemState, place: str, known: dict[str, str]) -> bool:
    """Whether what is sought there joins at once (S3, S5 survivor tokens): no trip home after."""
    kinds = {known.get(t.id) for t in state.data.tokens if t.where == place}
    return kinds <= {"survivor"} and "survivor" in kinds


def _time_to_take(state: FlickemState, s: Survivor, doors, budget: int, held: int) -> bool:
    """One more take still leaves the time to carry everything held to the base and drop it."""
    base = base_of(state, s.team)
    if base is None or base not in doors or state.scenario not in DROPPED:
        return True
    trip = actions_to(doors.get(s.where, (0.0, 0.0)), s.where, doors[base]) if s.where != base else 0
    return 1 + trip + held + 1 <= budget or held == 0


def _ready_to_deliver(state, s, held, targets, doors, here, inside, budget, known) -> bool:
    if state.scenario == 10:
        return len(held) >= scenario_rules(10).fuel_in_rv
    if state.scenario == 9:
        return len(held) >= scenario_rules(9).control
    base = base_of(state, s.team)
    if not has_room(state, s) or base not in doors:
        return True
    trip = actions_to(here, inside, doors[base]) + len(held)
    if trip + 2 >= budget:                      # the time left only just covers the trip
        return True
    if state.scenario == 5:
        return not targets or _fuel_in_hand(state, s.team, known) >= scenario_rules(5).fuel_in_rv
    near = [p for p in targets if (place_xy(state, p, doors) is not None
                                   and dist(here, place_xy(state, p, doors)) < 30.0)]
    return not near or state.scenario in (2, 6)


def _fuel_in_hand(state: FlickemState, team: str, known: dict[str, str]) -> int:
    """S5: the fuel the team has: dropped in the RV or carried by its survivors. A carrier walks
    to the RV once this covers the objective (or the time left only just covers the trip, or
    nothing is left to search): one trip with both fuels, the walk a single fuel's trip took
    spent on searching (main's 40 games: 0.2 fuel dropped a game, 1 or 2 rounds a trip; seed 2,
    Anita walked 3 turns from the gas station to the RV with one fuel while nobody had found
    a separated survivor). Before (branch s35), a carrier went at once."""
    carriers = {o.id for o in state.data.survivors if o.team == team}
    return sum(1 for t in state.data.tokens
               if known.get(t.id) == "fuel" and (t.where == "rv" or t.where in carriers))


def _rv_ready(state: FlickemState, known: dict[str, str]) -> bool:
    """S6: the key and a fuel lie in the RV (revealed there when carried in)."""
    in_rv = {known.get(t.id) for t in state.data.tokens if t.where == "rv"}
    return {"key", "fuel"} <= in_rv

