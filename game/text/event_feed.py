"""Readable one-line sentences for rules events (rules.core.Event), both games: "LOUD: 3 zombies
rush", "Anita's shot hits zombie 4: it falls", "John loses a life (2 left)", "Rat rolls for
attack: sword, sword+shield, bow". No Panda3D: the HUD's feed and the window's text use it.

Decisions (docs/hud.md):
- One template per event kind the rules emit (tests/test_event_feed.py greps the rules for every
  ``Event("kind"`` and checks each has a sentence here). Ids read as names: "survivor-john" ->
  "John", "zombie-04" -> "zombie 4", "police_station" -> "police station".
- Hidden data stays hidden: an event seen by someone outside ``visible_to`` arrives with no data,
  and its sentence is the kind's ``HIDDEN`` wording ("a token is taken") — never a guess.
- An unknown kind or a template whose data is missing still reads as a sentence: the kind, then
  the values (no keys, no braces, no "=").
- ``actor``: the active survivor's name when the window knows it (shots carry no shooter).
"""
from __future__ import annotations

import re
import string

ACRONYMS = {"rv": "RV"}            # an id read as a name: "enters the RV", "the RV's support block"
TOKEN_KINDS = {"x": "X token", "survivor": "survivor token", "zombie": "zombie token", "crossroads": "crossroads token"}


def _word(text: str) -> str:
    return ACRONYMS.get(text, text.replace("_", " "))


def tree_name(tree: str) -> str:
    """A Tail Feathers tree by its id: "ne" -> "the NE tree", "west" -> "the west tree", "the sapling"."""
    return "the sapling" if tree == "sapling" else f"the {tree.upper() if len(tree) <= 2 else tree} tree"


def token_kind(kind) -> str:
    """A token's kind as a player names it: "food", "baseball bat", "X token", "survivor token"."""
    return TOKEN_KINDS.get(kind, pretty(kind)) if isinstance(kind, str) else pretty(kind)


def pretty(value) -> str:
    """A rules value as a player reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.0f}"
    if isinstance(value, dict):
        return ", ".join(f"{pretty(k)} {pretty(v)}" for k, v in value.items()) or "nothing"
    if isinstance(value, (list, tuple)):
        return ", ".join(pretty(v) for v in value) or "none"
    text = str(value)
    if " " in text:                 # a phrase of the rules ("the disc touched rv-support-1"): its ids as names
        return re.sub(r"\b[a-z]+(?:[-_][a-z0-9]+)+\b", lambda m: pretty(m.group()), text)
    m = re.fullmatch(r"(survivor|zombie|token|barricade|feather|x)-0*(\w+)", text)
    if m:
        kind, rest = m.groups()
        if kind == "survivor":
            return rest.replace("_", " ").title()
        return f"{'X token' if kind == 'x' else kind} {rest}"
    m = re.fullmatch(r"betrayer-(\w+)", text)               # S9's unmasked betrayer, a team alone
    if m:
        return f"betrayer {m.group(1).replace('_', ' ').title()}"
    m = re.fullmatch(r"([a-z_]+)-support-\d+", text)       # school-support-1: "the school's support block"
    if m:
        return f"the {_word(m.group(1))}'s support block"
    m = re.fullmatch(r"([a-z_]+)-0*(\d+)", text)           # lamp-3, barrel-02, box-1: "lamp 3"
    if m:
        return f"{m.group(1).replace('_', ' ')} {m.group(2)}"
    m = re.fullmatch(r"nest-([a-z]+)", text)                # a nest piece: "the mouse nest"
    if m:
        return f"the {m.group(1)} nest"
    if text.startswith("nest:"):
        return f"the {text[5:]} nest"
    m = re.fullmatch(r"([a-z]+)\.([rb])(\d+)([a-z]?)", text)     # a tree space: ne.b1a, sw.r2
    if m:
        tree, kind, n, part = m.groups()
        return f"{'branch' if kind == 'b' else 'trunk space'} {n}{part} of {tree_name(tree)}"
    if text.startswith("mission:"):
        return f"the {text[8:]} mission"
    return _word(text)


def faces(value) -> str:
    return ", ".join(str(f).replace("_", "+") for f in (value or [])) or "no dice"


def _count(n, word: str) -> str:
    n = len(n) if isinstance(n, (list, tuple)) else int(n)
    plural = "dice" if word == "die" else word + "s"
    return f"{n} {word if n == 1 else plural}"


def _zombies(d: dict, one: str, many: str) -> str:
    """The event's zombies and the verb agreeing with them: "zombie 3 attacks", "zombie 3, zombie 5 attack"."""
    zombies = d["zombies"] if isinstance(d["zombies"], (list, tuple)) else [d["zombies"]]
    return f"{pretty(zombies)} {one if len(zombies) == 1 else many}"


def _winners(head: str, d: dict) -> str:
    """"Game over: Mouse wins", "Secret objectives: Gabriel, Thomas win", "...: nobody wins"."""
    winners = d["winners"] if isinstance(d["winners"], (list, tuple)) else [d["winners"]]
    return f"{head}: " + (f"{name(winners)} {'wins' if len(winners) == 1 else 'win'}" if winners else "nobody wins")


def _reaction(noise: str):
    def sentence(d: dict, actor: str) -> str:
        rush, stand = d.get("rush", []), d.get("stand", [])
        if rush:
            verb = "rushes" if len(rush) == 1 else "rush"
            text = f"{noise}: {_count(rush, 'zombie')} {verb}"
        else:
            text = f"{noise}: no zombie rushes"
        return text + (f", {_count(stand, 'zombie')} {'stands' if len(stand) == 1 else 'stand'} up" if stand else "")
    return sentence


def _shot(d: dict, actor: str) -> str:
    who = f"{actor}'s shot" if actor else "The shot"
    wounded = d.get("wounded") or []
    if not wounded:
        return f"{who} hits {pretty(d['first'])}" if d.get("first") else f"{who} misses"
    return f"{who} hits {pretty(wounded)}: " + ("it falls" if len(wounded) == 1 else "they fall")


def _rolled(d: dict, actor: str) -> str:
    total = f" (total {d['total']})" if "total" in d else ""
    why = f" for {d['why']}" if d.get("why") else ""
    return f"{pretty(d.get('player', 'someone')).capitalize()} rolls{why}: {faces(d.get('faces'))}{total}"


def _life(d: dict, actor: str) -> str:
    n = d["life"]
    return f"{pretty(d['survivor'])} loses a life ({n} left)"


def _rush_result(d: dict, actor: str) -> str:
    fell = d.get("fell") or []
    return f"The rush knocks down {pretty(fell)}" if fell else "The rush knocks no survivor down"


def _dropped(d: dict, actor: str) -> str:
    if "figure" in d:
        return f"{name(d['figure'])} is dropped off on {pretty(d['space'])}"
    return f"{pretty(d['survivor'])} drops off {pretty(d['token'])} in the {pretty(d['building'])}"


def _took(d: dict, actor: str) -> str:
    return f"{pretty(d['survivor'])} takes {token_kind(d['kind'])}" if "kind" in d else \
        f"{pretty(d['survivor'])} takes {pretty(d['token'])}"


def _wounded(d: dict, actor: str) -> str:
    total = f" ({d['total']} in all)" if "total" in d else ""
    return f"{name(d['figure'])} takes {_count(d['wounds'], 'wound')}{total}"


def _hits(d: dict, actor: str) -> str:
    return f"{pretty(d['side']).capitalize()} scores {_count(d['hits'], 'hit')}"


def _vote(d: dict, actor: str) -> str:
    return f"{pretty(d['voter'])} votes thumbs {'up' if d['up'] else 'down'}"


def _success(d: dict, actor: str) -> str:
    return f"Piloting check for {name(d['unit'])}: {faces(d.get('faces'))}, " + \
        ("success" if d.get("success") else "failure")


def _fire(d: dict, actor: str) -> str:
    return f"Fire check on {name(d['target'])}: {faces(d.get('faces'))}, " + \
        ("the fire is out" if d.get("put out") else "still burning")


TEMPLATES: dict[str, object] = {
    # -- Flick'em Up! Dead of Winter: turns, noise and zombies
    "survivor chosen": "{survivor} takes the turn",
    "turn ended": "{survivor}'s turn ends",
    "turn passed": "Team {team} passes",
    "reaction LOUD": _reaction("LOUD"), "reaction QUIET": _reaction("QUIET"), "reaction SILENT": _reaction("SILENT"),
    "rush result": _rush_result,
    "round ended": "The round ends ({marker} left before the skull)",
    "new horde": "A new horde: {count} zombies arrive",
    "new zombie": "A new zombie ({zombie}) appears next to {next_to}",
    "zombie entered a building": "{zombie} gets into the {building}",
    "zombie wounded": "{zombie} is wounded and goes to the bin",
    "zombie killed at short distance": "{zombie} is killed at short distance",
    "zombie killed in a fight": "{zombie} is killed in the fight",
    "zombie knocked onto the support block": lambda d, actor: f"{_zombies(d, 'is', 'are')} knocked onto the support block",
    "instant defeat": "Instant defeat: {zombies} touch the RV",
    "returned to standing": "{pieces} returned to standing",
    "put back inside the city": "{pieces} put back just inside the city, fallen",
    # -- survivors
    "survivor lost a life": _life,
    "survivor died": "{survivor} dies", "pretzel passed": "The pretzel passes from {survivor} to {to}",
    "survivor gained a life": "{survivor} gains a life ({life} now)",
    "healed": "{survivor} is healed ({life} lives)",
    "survivor fell": "{survivor} falls",
    "too close": "TOO CLOSE: {survivor} stands next to a zombie",
    "move succeeded": "The move succeeds",
    "move failed": "The move fails: {reason}",
    "free move": "{survivor} makes a free move",
    "free move failed": "{survivor}'s free move fails",
    "entered a building": "{survivor} enters the {building}",
    "left a building": "{survivor} leaves the {building}",
    "driver": "{survivor} becomes the RV's driver",
    "extra action": "{survivor} uses an extra action",
    "third action": "{survivor} earns a third action",
    "actions changed": "{survivor} now has {actions_left} actions left",
    "flick requested": "Flick: {weapon}",
    "shot hit": _shot, "shot missed": "The shot misses",
    "bat succeeded": "The bat hit succeeds", "bat failed": "The bat hit fails: {reason}",
    "flare": "A {side} flare lands", "flare failed": "The flare fails: {reason}",
    # -- tokens
    "took": _took,
    "looked at a token": "{survivor} looks at a token: {kind}",
    "left a token face up": "{survivor} leaves {kind} face up",
    "dropped off": _dropped,
    "discarded": "{survivor} discards {kind}",
    "token appeared": "{kind} appears in the {building}",
    "revealed in the RV": "{kind} is revealed in the RV",
    "ate": "{survivor} eats a food", "went hungry": "The group goes hungry",
    "eat or go hungry": "Eat or go hungry ({marker} left before the skull)",
    "looked at a stolen token": "{survivor} looks at the token stolen from {from}: {kind}",
    "token stolen": "{survivor} steals a token from {from}",
    "X token removed": "{survivor} removes an X token from {from}",
    "place an X": "An X token must close the {building}",
    "X token moved": "An X token moves from the {from} to the {to}",
    "supply token placed": "A supply token is placed in the {building}",
    "crossroads revealed": "{survivor} reveals a crossroads token in the {building}",
    "crossroads card": "Crossroads: {title}. {text}",
    # -- scenario goals
    "escort": "{escort} escorts {survivor}", "new escort": "{escort} now escorts {survivor}",
    "escort lost": "{survivor} has lost her escort",
    "the wounded survivor died": "The wounded survivor {survivor} dies",
    "survivor found": "{survivor} is found in the {building}",
    "survivor token revealed": "A survivor token in the {building} is revealed: {survivor}",
    "survivor recruited": "{survivor} joins team {team}",
    "objective complete": "Objective complete!",
    "team objective": "Team {teams} completes its objective",
    "market cornered": "Team {teams} corners the market",
    "tie: another round": "A tie between {teams}: one more round",
    "barricade touched": "A barricade is touched: {noise}",
    "barricade put back": "The {building}'s barricade is put back",
    "barricade removed": "The {building}'s barricade is knocked away",
    "barricades cleared": "The {building} has no barricade left",
    # -- fights
    "fight": "A fight in the {building}: {survivors}",
    "fight weapon": "{survivor} fights with the {weapon}",
    "fight: wait": "{survivor} waits for the next attack",
    "fight: advance": "{survivors} advance",
    "fight card WALK": lambda d, actor: f"Fight card WALK: {_zombies(d, 'comes', 'come')} closer",
    "fight card ATTACK": lambda d, actor: f"Fight card ATTACK: {_zombies(d, 'attacks', 'attack')} {pretty(d['survivor'])}",
    "fight attack": "{attacker} attacks with the {weapon}: {fell} down",
    "fight over": "The fight in the {building} is over: {standing} standing",
    "flicked out of the building": "{survivor} is flicked out of the {building}",
    # -- secrets and betrayal
    "secret objective": "{survivor}'s secret objective: {title}. {text}",
    "new secret objective": "{survivor}'s new secret objective: {title}. {text}",
    "secret objective shown": "{survivor} shows a secret objective: {title}. {text}",
    "secret objectives": lambda d, actor: _winners("Secret objectives", d),
    "accusation": "{accuser} accuses {accused}",
    "vote": _vote,
    "accusation rejected": "The accusation against {accused} is rejected ({up} up, {down} down)",
    "objective card shown": "{survivor} shows the objective card: {title}. {text}",
    "not the betrayer": "{accused} is not the betrayer",
    "betrayer unmasked": "{survivor} is the betrayer and leaves team {left}",
    "betrayer flicked": "The betrayer {survivor} is flicked",
    "stays with the clan": "{survivor} stays with the clan",
    "joins the opposing clan": "{survivor} joins team {team}",
    "board flipped": "{survivor}'s board is flipped",
    # -- Tail Feathers: phases
    "mission chosen": "{player} chooses the {mission} mission", "missions placed": "Missions placed by {players}",
    "assigned to mission": "{figure} goes on {player}'s mission", "mission revealed": "{player} reveals the {mission} mission",
    "mission figures home": "{player}'s mission figures come home",
    "special mission": "{player}'s special mission: {cheese} cheese",
    "tilt phase": "Tilt phase: choose each bird's tilt", "tilt": "{bird} tilts {tilt}",
    "launch": "{bird} launches", "initiative": "Initiative: choose the extra dice",
    "dice chosen": "{player} chooses {extra} extra dice", "initiative dice revealed": "Initiative dice: {_all}",
    "initiative tie": "Initiative tie between {players} ({total}): roll again",
    "first player": "{player} plays first", "final phase": "Final phase of round {round}",
    "round over": "Round {round} is over", "game over": lambda d, actor: _winners("Game over", d),
    # -- activations
    "activated": "{player} activates {unit}", "passed": "{player} passes", "foraged": "{unit} forages for cheese",
    "moved": "{figure} moves to {to}", "scurried": "{figure} scurries to {to}", "stood up": "{figure} stands up",
    "revived": "{player} revives {figures}", "rattled removed": "{unit} is no longer rattled",
    "action card": "{player} plays {card} on {unit}", "ballista built": "{player} builds a ballista on {space}",
    "reinforced": "{figure} arrives as reinforcement", "siege": "{figure} besieges {space}",
    "rescued": "{player} rescues {unit}", "decoy": "{player}'s decoy: {figures}",
    # -- combat and dice
    "attack": lambda d, a: f"{name(d['attacker'])} makes a {d['kind']} attack ({_count(d['dice'], 'die')})",
    "rolled": _rolled, "hits": _hits,
    "cheese re-rolled": "{player} re-rolls {dice} cheese",
    "defended": lambda d, actor: f"{name(d['target'])} blocks {_count(d['blocked'], 'hit')}",
    "wounded": _wounded, "defeated": "{figure} is defeated", "ability cheese": "{unit} earns {cheese} cheese",
    "nest wounded": lambda d, a: f"The {d['nest']} nest takes {_count(d['wounds'], 'wound')} ({d['life']} left)",
    "nest destroyed": "The {nest} nest is destroyed",
    "rattled": "{unit} is rattled", "immobilized": "{figure} is immobilized",
    "immobilized in flight": "{figure} is immobilized in flight", "on fire": "{target} is on fire",
    "fire check": _fire, "piloting check": _success,
    "death spiral": "Death spiral: {attacker} grabs {defender}", "death spiral continues": "The death spiral goes on: {units}",
    "death spiral plummet": "{units} plummet", "entangled": "{units} are entangled", "grudge": "{unit} uses its grudge",
    # -- flights, feathers and leaves
    "flight": "{unit} flies {templates} (tilt {tilt})", "perched": "{figure} perches on {space}",
    "transporting": "{bird} carries {figure}", "flew through an enemy": "{figure} flies through {enemy}",
    "hit a trunk": "{figure} hits the {trunk} trunk", "flew off the battlefield": "{figure} flies off the battlefield",
    "would end on an enemy": "{figure} stops short of {enemy}",
    "tail feathers": "{bird} drops tail feathers", "crossed a tail feather": "{figure} crosses a tail feather",
    "tail feathers reset": "{removed} tail feathers are picked up",
    "leaf cut": "{by} cuts {leaf} loose toward the {destination} tree", "leaf drifted": "{leaf} drifts",
    "leaf stopped by a mission": "{leaf} is stopped by {player}'s mission", "leaves touching": "{leaves} touch",
    "leaf swept tail feathers": "A leaf sweeps away {removed} tail feathers", "leaf landed": "{leaf} lands by {space}",
    "leaf returned": "{leaves} return to their branches",
    # -- Snowbirds: its events carry their own line ("text"); these read the hidden or bare ones
    "cards drawn": "Cards are drawn", "map placed": "The next map card is placed", "rest": "A card is played for Rest",
    "forage": "A card is played for Forage", "take off": "The flock takes off", "vigor": "Vigor is rolled",
    "tenacity": "A card is played for Tenacity", "exhausted": "The flock is exhausted", "birds lost": "Birds are lost",
    "hunger": "The flock's Hunger changes", "landed": "The flock lands", "rest day": "The flock rests a day",
    "migration over": "The migration is over",
    # -- Tails and Tactics: its events carry their own line ("text"); these read the hidden or bare ones
    "rule_changer": "A Rule Changer may be placed face down", "rule_changer_card": "A Rule Changer is placed face down",
    "draws": "Cards are drawn", "drew": "A card is drawn", "reshuffle": "A discard pile becomes the new draw pile",
    "set_up": "A card is deployed face down", "set_up_card": "A card is deployed face down",
    "ready": "A player is content with the battlefield", "tie": "The dice tie: roll again",
    "first": "{player} takes the first turn", "revealed": "A deployed card is revealed", "turn": "{player}'s turn begins",
    "chain": "An action goes on the chain", "pass": "{player} passes", "resolves": "A card takes effect",
    "fizzled": "An action does nothing", "countered": "An action is countered", "deployed": "A card enters the battlefield",
    "damaged": "A card takes damage", "no_damage": "An attack deals no damage", "base_hit": "A base loses 1 health",
    "base_healed": "A base regains health", "boost": "A unit is boosted until the end of the turn",
    "repaired": "A unit is repaired", "no_dodge": "Units cannot dodge this turn",
    "hand_limit": "A hand is over the limit: discard", "game_over": "{winner} wins",
}


def _own_line(d: dict, actor: str) -> str:
    return d["text"]

HIDDEN = {          # what someone sees when the event's data is not for them
    "took": "A token is taken", "looked at a token": "A survivor looks at a token",
    "looked at a stolen token": "A stolen token is looked at", "secret objective": "A secret objective is dealt",
    "new secret objective": "A new secret objective is drawn", "objective card shown": "An objective card is shown",
    "mission chosen": "A mission card is chosen face down", "dice chosen": "Extra initiative dice are chosen in secret",
    "drew": "A card is drawn", "set_up_card": "A card is deployed face down",
    "rule_changer_card": "A Rule Changer is placed face down",
}


NAME_KEYS = {"figure", "unit", "bird", "attacker", "defender", "target", "by", "enemy", "units", "figures",
             "player", "players", "nest", "leaf", "leaves", "winners"}


def name(value) -> str:
    """A Tail Feathers id as a name: "rat-squad-5" -> "Rat Squad 5", "wrunk" -> "Wrunk"."""
    if isinstance(value, (list, tuple)):
        return ", ".join(name(v) for v in value) or "none"
    text = pretty(value)
    if not isinstance(value, str) or "." in value or text.startswith("the "):     # "the rat nest" stays a phrase
        return text
    return text.replace("-", " ").title()


class _Pretty(string.Formatter):
    def get_value(self, key, args, kwargs):
        if key == "_all":
            return pretty(kwargs)
        if key == "kind":
            return token_kind(kwargs[key])
        return name(kwargs[key]) if key in NAME_KEYS else pretty(kwargs[key])


def generic(kind: str, data: dict) -> str:
    values = [pretty(v) for k, v in data.items() if k not in ("text",)]
    return kind[:1].upper() + kind[1:] + (": " + "; ".join(values) if values else "")


def sentence(event, actor: str = "") -> str:
    """One readable line for ``event`` (a rules.core.Event as the viewer sees it)."""
    kind, data = event.kind, dict(event.data or {})
    if not data and kind in HIDDEN:
        return HIDDEN[kind]
    template = TEMPLATES.get(kind)
    if isinstance(data.get("text"), str) and "title" not in data:   # its own line (Snowbirds); a card: its template
        template = _own_line
    try:
        if callable(template):
            text = template(data, actor)
        elif template is not None:
            text = _Pretty().format(template, **data)
        else:
            text = generic(kind, data)
    except (KeyError, IndexError, TypeError, ValueError):
        text = HIDDEN.get(kind) or generic(kind, data)
    text = re.sub(r"\bsurvivor-(\w+)", lambda m: m.group(1).title(), text)
    text = re.sub(r"\b([a-z]+)-0*(\d+)\b", r"\1 \2", text)          # ids inside reasons: "barrel-3"
    text = text.replace("{", "(").replace("}", ")").replace("=", " ")
    return text[:1].upper() + text[1:]


def event_kinds() -> set[str]:
    """Every event kind the rules emit (ids in TEMPLATES), for tests and docs."""
    return set(TEMPLATES)

