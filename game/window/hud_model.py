"""What the HUD shows, as plain data: pure functions from a window game (read through
game/window/game_view.GameView) to a :class:`FlickemHud` / :class:`TFHud`, one per game of the
registry (``HUDS``, by the game's registry name). No Panda3D here, so every number the panels draw
is unit-tested headless (tests/test_hud_model.py).

Decisions (docs/hud.md):
- Dead of Winter's round marker counts down to the skull: "round k of M" with k = start - marker
  + 1 and M = the scenario's start space; the game ends when the marker reaches the skull.
- A survivor's maximum life is its starting life (the setup); a survivor is "available" when its
  backpack shows the round's colour (rulebook BACKPACKS), "used" otherwise.
- Each card shows the survivor's number and colour as the figure on the table has them (the
  number on its backpack, models/figures.SURVIVOR_COLOURS for its clothes), so card and figure
  are linked at a glance.
- Inventory slots: the rulebook's 3 per survivor. A token's kind is shown only when it is face up
  or the window's player may have looked at it (solo play: a token carried by the human team;
  hot-seat: face-up tokens only), the same rule the window applies to events. Otherwise the slot
  says "token" (filled, face down).
- Tail Feathers: a unit's life is rules/tailfeathers/stats.stat(..., "life") (squads: one per
  figure, so "figures standing of figures"); status is rattled / immobilized / on fire / grudge;
  tilt is each bird figure's; the cheese wheel holds 6 (rules/tailfeathers/dice.MAX_CHEESE).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from feltbox.game.tailfeathers.window_game import PHASES
from feltbox.game.text.event_feed import pretty
from feltbox.game.window.game_view import GameView
from feltbox.models.figures import SURVIVOR_COLOURS
from feltbox.rules.core import Decision, GameOver, PhysicsRequest
from feltbox.rules.flickem.scenarios import scenario_rules
from feltbox.rules.tailfeathers.dice import MAX_CHEESE
from feltbox.rules.tailfeathers.state import CASUALTY, MISSION, RESERVES
from feltbox.rules.tailfeathers.stats import stat

INVENTORY_SLOTS = 3
SPECIALS = {"x": "X up", "x_down": "X down"}     # S9 LONE BETRAYER: its X token face up (it may pass) or down
OBJECTIVES = {
    "survivor_in_rv_and_few_zombies": "get a survivor into the RV with {max_zombies} or fewer zombies in the city",
    "goods_in_rv": "have {fuel_in_rv} fuel and {food_in_rv} food in the RV",
    "escort_to_hospital": "escort the wounded survivor to the hospital (no zombies inside)",
    "food_in_rv": "bring {food_in_rv} food to the RV",
    "found_and_fuel": "find the 2 separated survivors and have {fuel_in_rv} fuel in the RV",
    "rv_with_key_and_fuel": "2 of your survivors, the key and a fuel in the RV",
    "corner_the_market": "all the fuel or all the food in your base at a round's end",
    "strength_in_numbers": "3 more survivors than the other team (or more at the skull)",
    "control_the_school": "hold the school with the goods at a round's end",
    "war": "wipe out the other team, or enter its colony holding fuel",
}


@dataclass(frozen=True)
class SurvivorCard:
    name: str
    team: str
    life: int
    max_life: int
    slots: tuple[str, ...]          # INVENTORY_SLOTS entries: an item kind, "token" (face down) or ""
    backpack: str                   # "available" | "used" | "out" (dead, reserve, driver...)
    active: bool = False
    where: str = "city"
    specials: tuple[str, ...] = ()  # tokens a power keeps on the board (S7: flares, extra action)
    number: int | None = None       # the number on the figure's backpack
    colour: tuple[float, ...] = ()  # the figure's clothes (RGBA), as on the table


@dataclass(frozen=True)
class FlickemHud:
    round: int
    rounds: int
    colour: str                     # "day" | "night"
    team: str                       # the team to play
    active: str                     # the active survivor's name ("" between turns)
    actions_left: int
    bin: int                        # zombies left in the bin
    city_zombies: int
    prompt: str                     # what the rules wait for
    objective: str
    over: str = ""                  # the game-over line, "" while it runs
    cards: tuple[SurvivorCard, ...] = ()


@dataclass(frozen=True)
class UnitCard:
    name: str
    alliance: str
    kind: str                       # bird | squad | hero | structure
    wounds: int
    life: int                       # wounds it takes to be defeated (squads: figures)
    status: tuple[str, ...]         # rattled, immobilized, on fire, grudge, activated, defeated, on a mission, in reserve
    tilt: str = ""                  # birds: the bird figure's tilt
    active: bool = False


@dataclass(frozen=True)
class Wheel:
    alliance: str
    cheese: int
    max: int
    nest_life: int
    out: bool = False


@dataclass(frozen=True)
class TFHud:
    round: int
    phase: str                      # MISSION, TILT, ...
    player: str                     # whose decision
    prompt: str
    tilt_prompt: str                # "" outside the tilt phase
    over: str = ""
    wheels: tuple[Wheel, ...] = ()
    cards: tuple[UnitCard, ...] = ()
    dice: tuple[str, ...] = field(default_factory=tuple)   # the last dice results, newest last
    round_word: str = "ROUND"       # Snowbirds: JOURNEY
    phase_word: str = " phase"      # Snowbirds: "" (its stage is "day 3  FORAGE")


def describe_game(game: GameView) -> FlickemHud | TFHud:
    """The HUD description of a window game, by its game's own describer (``HUDS``)."""
    return HUDS[game.name](game)


# -- Flick'em Up! Dead of Winter ----------------------------------------------------------------
def _seen_teams(game: GameView) -> set[str]:
    """Teams whose face-down tokens the window's player may know: the one human team in solo play."""
    humans = game.human_teams()
    return set(humans) if len(humans) == 1 else set()


def slot_names(game: GameView, survivor) -> tuple[str, ...]:
    data = game.state().data
    mine = survivor.team in _seen_teams(game)
    names = []
    for tid in survivor.inventory:
        try:
            token = data.token(tid)
        except KeyError:
            names.append("token")
            continue
        names.append(token.kind.replace("_", " ") if token.face == "up" or mine else "token")
    names += [""] * max(0, INVENTORY_SLOTS - len(names))
    return tuple(names)


def objective_text(scenario: int) -> str:
    rules = scenario_rules(scenario)
    text = OBJECTIVES.get(rules.objective, rules.objective.replace("_", " "))
    try:
        return text.format(**{k: getattr(rules, k) for k in ("max_zombies", "fuel_in_rv", "food_in_rv")})
    except (KeyError, IndexError):
        return text


def figure_number(game: GameView, survivor_id: str) -> int | None:
    """The number a survivor's figure carries on the table (its body's ``number``)."""
    spec = next((b for b in game.bodies() if b.id == survivor_id), None)
    return spec.params.get("number") if spec is not None else None


def figure_colour(number: int | None) -> tuple[float, ...]:
    """The clothes' colour of survivor figure ``number`` (models/figures.survivor)."""
    return SURVIVOR_COLOURS[(number - 1) % len(SURVIVOR_COLOURS)] if number else ()


def flickem_hud(game: GameView) -> FlickemHud:
    state, pending = game.state(), game.pending()
    f, data = state.flow, state.data
    max_life = {s.id: s.life for s in state.setup.survivors}
    playing = "" if isinstance(pending, GameOver) else f.active      # nobody is to play once the game is over
    cards = []
    for s in data.survivors:
        if s.where == "dead" or s.id == data.driver or s.id == data.rescued:
            pack = "out"
        else:
            pack = "available" if s.backpack == f.colour else "used"
        number = figure_number(game, s.id)
        team = "betrayer" if s.team.startswith("betrayer-") else pretty(s.team)   # S9: a betrayer is a team alone
        cards.append(SurvivorCard(s.name, team, max(s.life, 0), max(max_life.get(s.id, s.life), s.life),
                                  slot_names(game, s), pack, s.id == playing, s.where,
                                  tuple(SPECIALS.get(x, x.replace("_", " ")) for x in s.specials), number, figure_colour(number)))
    active = data.survivor(playing).name if playing else ""
    if isinstance(pending, GameOver):
        prompt, over = "", f"GAME OVER: {pending.reason}"
    elif isinstance(pending, Decision):
        prompt, over = pending.prompt, ""
    elif isinstance(pending, PhysicsRequest):
        prompt, over = (f"flick: {pretty(pending.spec.get('weapon') or pending.kind)}"
                        if pending.kind not in ("rush", "horde") else f"the zombies {pending.kind}"), ""
    else:
        prompt, over = "", ""
    start = state.setup.round_start
    return FlickemHud(round=max(1, start - f.round_marker + 1), rounds=start, colour=f.colour,
                      team=pretty(f.teams[f.team_index]), active=active, actions_left=f.actions_left if playing else 0,
                      bin=sum(z.where == "bin" for z in data.zombies),
                      city_zombies=sum(z.where == "city" for z in data.zombies), prompt=prompt,
                      objective=objective_text(state.scenario), over=over, cards=tuple(cards))


# -- Tail Feathers ------------------------------------------------------------------------------
def _name(uid: str) -> str:
    return uid.replace("-", " ").replace("_", " ").title()


def unit_cards(state) -> tuple[UnitCard, ...]:
    cards = []
    for u in state.data.units:
        figs = state.data.figures_of(u.id)
        status = []
        if u.rattled:
            status.append("rattled")
        if any(x.immobilized for x in figs):
            status.append("immobilized")
        if any(x.on_fire for x in figs):
            status.append("on fire")
        if u.grudge:
            status.append("grudge")
        if u.activated:
            status.append("activated")
        fallen = [x for x in figs if x.where == CASUALTY]
        if figs and len(fallen) == len(figs):
            status.append("defeated")
        elif any(x.where == MISSION for x in figs):
            status.append("on a mission")
        elif figs and all(x.where == RESERVES for x in figs):
            status.append("in reserve")
        if u.kind == "squad":
            wounds, life = len(fallen), len(figs)          # a squad's figures fall one by one
        else:
            wounds, life = u.wounds, stat(state, u.id, "life")
        birds = [x for x in figs if u.kind == "bird"]
        pilot = f" ({_name(u.pilot.split('.')[0])})" if u.pilot else ""
        cards.append(UnitCard(_name(u.card) + pilot, u.alliance, u.kind, min(wounds, life), life, tuple(status),
                              birds[0].tilt if birds else "", u.id == state.flow.active))
    return tuple(cards)


def tf_hud(game: GameView) -> TFHud:
    state, pending = game.state(), game.pending()
    f = state.flow
    over, player, prompt = "", "", ""
    if isinstance(pending, GameOver):
        over = f"GAME OVER: {pending.reason}" + (f" (winners: {', '.join(pending.winners)})" if pending.winners else "")
    elif isinstance(pending, Decision):
        player, prompt = pending.player, pending.prompt
    elif isinstance(pending, PhysicsRequest):
        player, prompt = pending.spec.get("player", ""), f"the table: {pending.kind}"
    tilt_prompt = prompt if f.phase == "tilt" and isinstance(pending, Decision) else ""
    wheels = tuple(Wheel(p.alliance, p.cheese, MAX_CHEESE, p.nest_life, p.out) for p in state.data.players)
    return TFHud(round=f.round, phase=PHASES.get(f.phase, f.phase.upper()), player=player, prompt=prompt,
                 tilt_prompt=tilt_prompt, over=over, wheels=wheels, cards=unit_cards(state),
                 dice=tuple(game.rolls))


def sb_hud(game: GameView) -> TFHud:
    """Snowbirds in Tail Feathers' panels: the journey for the round, the day's stage for the
    phase, the mat's values and the prompt on the second line, the last dice; no wheels or unit
    cards (the mat's tokens and the cards lie on the table)."""
    state, pending = game.state(), game.pending()
    d, f = state.data, state.flow
    over = f"MIGRATION OVER: {pending.reason}" if isinstance(pending, GameOver) else ""
    prompt = pending.prompt if isinstance(pending, Decision) else ("the dice are thrown" if not over else "")
    mat = f"Exhaustion {d.exhaustion}  Hunger {d.hunger}  Flock {d.flock}  |  {prompt}"
    return TFHud(round=min(d.position + 1, 10), phase=f"day {f.day}  {f.stage.upper()}",
                 player="flock" if isinstance(pending, Decision) else "", prompt=mat, tilt_prompt="", over=over,
                 dice=tuple(game.rolls), round_word="JOURNEY", phase_word="")


def tt_hud(game: GameView) -> TFHud:
    """Tails and Tactics in Tail Feathers' panels: the turn for the round, set-up / play for the
    phase, both bases and the prompt (a response says so), the first-player dice; the battlefields,
    damage tokens and the chain lie on the felt."""
    state, pending = game.state(), game.pending()
    f = state.flow
    over = f"GAME OVER: {pending.reason}" if isinstance(pending, GameOver) else ""
    return TFHud(round=f.turn, phase=f"{f.phase.upper()}  {f.step.replace('_', ' ')}",
                 player=pending.player if isinstance(pending, Decision) else "", prompt=game.status(), tilt_prompt="",
                 over=over, dice=tuple(game.rolls), round_word="TURN", phase_word="")


HUDS: dict[str, Callable[[GameView], FlickemHud | TFHud]] = {"flickem": flickem_hud, "tailfeathers": tf_hud,
                                                            "snowbirds": sb_hud, "tailsandtactics": tt_hud}
"""The HUD describer of each game of the registry (game/games.py ``GAMES``), by its name."""


def root_hud(game: GameView) -> TFHud:
    """Root in Tail Feathers' panels: the round of the limit, the stage for the phase, the score
    and the prompt (``game.status()``), the last battle dice; the map, the boards and the cards lie
    on the felt."""
    state, pending = game.state(), game.pending()
    f = state.flow
    over = f"GAME OVER: {pending.reason}" if isinstance(pending, GameOver) else ""
    return TFHud(round=f.round, phase=f.stage.replace("_", " ").upper(),
                 player=pending.player if isinstance(pending, Decision) else "", prompt=game.status(), tilt_prompt="",
                 over=over, dice=tuple(game.rolls), phase_word="")


HUDS["root"] = root_hud
