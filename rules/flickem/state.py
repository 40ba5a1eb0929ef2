"""The Dead of Winter game state: plain frozen dataclasses, JSON round-trippable, with the flow
(round, team to play, active survivor, actions left, what the game waits for) kept apart from the
game data (survivors, zombies, tokens, where the figures stand). Rulebook: SURVIVORS, OVERVIEW OF
A GAME, BACKPACKS, LOSING LIFE, WAYS TO PLAY (turn order, the pretzel)."""
from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from feltbox.rules.core import Rng

DAY, NIGHT = "day", "night"


@dataclass(frozen=True)
class Survivor:
    id: str
    name: str
    team: str
    life: int
    backpack: str = DAY             # the colour on top: available when it matches the round
    where: str = "city"             # "city", a building id, "dead" or "reserve"
    standing: bool = True
    inventory: tuple[str, ...] = ()     # token ids, the default weapon excluded
    power: bool = False                 # board on its special-power side (S7: SPECIAL POWERS)
    specials: tuple[str, ...] = ()      # tokens kept on the board by a power: "flare", "extra_action"


@dataclass(frozen=True)
class Token:
    """A cardboard token: where is a building id, a survivor id, an object id, "supply" (off the
    table) or "removed"; face "down" hides its kind from everyone but who looked at it."""
    id: str
    kind: str
    where: str
    face: str = "down"


@dataclass(frozen=True)
class Zombie:
    id: str
    where: str = "city"             # "city", "bin", "box" (the game box: S5 CROSSROADS) or a building id
    standing: bool = True


@dataclass(frozen=True)
class Setup:
    """What a scenario starts with, given by the bridge from a scene (rules never read files)."""
    scenario: int
    survivors: tuple[Survivor, ...]
    zombies: tuple[Zombie, ...]
    positions: tuple[tuple[str, float, float], ...]   # (id, x, y) of figures in the city
    teams: tuple[str, ...]                            # turn order of the teams
    round_start: int                                  # spaces before the skull
    first_round: str
    invasion_day: int
    invasion_night: int
    deaths_to_lose: int = 3
    pretzel: str | None = None
    tokens: tuple[Token, ...] = ()
    barricades: tuple[tuple[str, str], ...] = ()      # S4: (barricade id, building it blocks)
    objects: tuple[tuple[str, float, float, float, float, float], ...] = ()   # see Data.objects


@dataclass(frozen=True)
class Data:
    survivors: tuple[Survivor, ...]
    zombies: tuple[Zombie, ...]
    positions: tuple[tuple[str, float, float], ...]
    pretzel: str | None
    tokens: tuple[Token, ...] = ()
    driver: str | None = None          # S1: the survivor driving the RV (no longer available)
    rescued: str | None = None         # S3: the wounded survivor being escorted (never acts)
    escort: str | None = None          # S3: who escorts her now
    barricades: tuple[tuple[str, str], ...] = ()   # S4: (barricade id, building it blocks)
    secrets: tuple[tuple[str, str], ...] = ()     # S9/S10: (survivor, secret objective card), hidden
    objective_deck: tuple[str, ...] = ()          # S9/S10: cards left to draw, and the betrayer's deck
    betrayer_deck: tuple[str, ...] = ()
    betrayed: tuple[tuple[str, str], ...] = ()    # unmasked betrayers: (survivor, the team they left)
    crossroads_drawn: tuple[str, ...] = ()        # CROSSROADS: discarded card ids (the rest is the deck)
    recruits: tuple[tuple[str, str], ...] = ()    # S8 NEW SURVIVOR: face-up survivor token -> its board
    # S3 TAKE, DROP, EXCHANGE IN THE CITY: objects tokens can be at (vehicles, barrels, boxes) as
    # (id, x, y, heading in degrees, half length, half width) of their footprint, as measured
    objects: tuple[tuple[str, float, float, float, float, float], ...] = ()

    def token(self, tid: str) -> Token:
        for t in self.tokens:
            if t.id == tid:
                return t
        raise KeyError(f"no token {tid!r}")

    def kinds(self, token_ids: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(self.token(t).kind for t in token_ids)

    def with_token(self, token: Token) -> Data:
        return replace(self, tokens=tuple(token if t.id == token.id else t for t in self.tokens))

    def survivor(self, sid: str) -> Survivor:
        for s in self.survivors:
            if s.id == sid:
                return s
        raise KeyError(f"no survivor {sid!r}")

    def position(self, piece: str) -> tuple[float, float]:
        for pid, x, y in self.positions:
            if pid == piece:
                return x, y
        raise KeyError(f"{piece!r} has no position in the city")

    def with_survivor(self, survivor: Survivor) -> Data:
        return replace(self, survivors=tuple(survivor if s.id == survivor.id else s for s in self.survivors))

    def with_positions(self, moved: dict[str, tuple[float, float]]) -> Data:
        kept = [(p, x, y) for p, x, y in self.positions if p not in moved]
        return replace(self, positions=tuple(sorted(kept + [(p, x, y) for p, (x, y) in moved.items()])))


@dataclass(frozen=True)
class Fight:
    """A fight in progress (rules/flickem/fights.py)."""
    kind: str                           # "zombie" | "survivor"
    building: str
    near: tuple[str, ...]               # survivors on the side that attacks first
    far: tuple[str, ...]                # zombies, or the opposing team's survivors
    weapons: tuple[tuple[str, str], ...] = ()    # survivor -> gun | knife | bat
    gap: float = 82.0
    deck: tuple[str, ...] = ()          # fight cards still face down, top first
    side: str = "near"                  # whose survivors attack now
    queue: tuple[str, ...] = ()         # survivors of that side still to attack this round
    bat_used: tuple[str, ...] = ()
    eject: tuple[tuple[str, str], ...] = ()      # (fallen survivor, team flicking it out)
    zombies_next: bool = False          # S6: the winners then fight the building's zombies


class Waiting(StrEnum):
    """What the turn flow waits for next (``Flow.waiting``); its JSON form is the plain word."""

    CHOOSE = "choose"            # a team chooses the survivor to play (USING A SURVIVOR)
    ACT = "act"                  # the active survivor acts or ends the turn
    LOOK = "look"                # keep or leave the face-down token looked at (TAKE)
    X = "x"                      # S8 NEW X TOKENS: where the X goes
    FIGHT = "fight"              # S2/S6 FIGHT: the next attack's weapon or the bat's choice
    FLICK = "flick"              # a flick's physics (MOVE, USING A WEAPON, FLARE, the betrayer)
    FIGHT_FLICK = "fight_flick"  # a fight attack's physics, in the arena
    EJECT = "eject"              # S6: the fight's loser flicked out of the building
    RUSH = "rush"                # ZOMBIE RUSH's physics
    HORDE = "horde"              # A NEW HORDE ARRIVES' physics
    VOTE = "vote"                # S9/S10 accusation: a survivor's vote
    CLAN = "clan"                # S9/S10: the accused chooses a clan
    STEAL = "steal"              # S6 STEALING TOKENS: a fallen survivor may be robbed
    STEAL_KEEP = "steal_keep"    # ... and the thief keeps or leaves what it took
    EAT = "eat"                  # S2/S8: eat or go hungry at the round's end
    OVER = "over"                # the game has ended


@dataclass(frozen=True)
class Flow:
    round_marker: int
    colour: str
    teams: tuple[str, ...]
    team_index: int = 0
    active: str | None = None
    actions_left: int = 0
    noises: tuple[int, ...] = ()
    waiting: Waiting = Waiting.CHOOSE
    looking: str | None = None      # face-down token(s) being looked at, comma-separated
    request: tuple[tuple[str, str], ...] = ()   # the physics request's spec, as sorted pairs
    result: str = ""                # why the game ended
    winners: tuple[str, ...] = ()   # the winning teams
    flare: tuple[float, float, str] | None = None   # a successful flare this turn: x, y, side up
    kills: int = 0                  # zombies the active survivor killed this turn (John's power)
    bonus: bool = False             # a once-a-turn power used: John's third action, Mike's free move,
                                    # Anita's extra action
    free_take: bool = False         # Loretta took a food: her next take costs no action
    fight: Fight | None = None      # S2/S6: a fight staged outside the city
    steal: tuple[str, ...] = ()     # S6 STEALING TOKENS: fallen survivors to steal from, in turn
    resume: Waiting | str = ""      # what the game waited for before the steal ("" when none)
    vote: tuple[tuple[str, str], ...] = ()   # S9/S10 accusation: accuser, accused, then voter -> up/down
    closing: str | None = None      # S8 NEW X TOKENS: the building just emptied, waiting for an X


@dataclass(frozen=True)
class FlickemState:
    scenario: int
    setup: Setup
    data: Data
    flow: Flow
    rng: Rng
