"""``feltbox tournament tailfeathers SCENES --seeds N [--workers W]``: the bot plays both
alliances of each Tail Feathers scene for many seeds, each battle in its own process, and the
command prints one JSON report of who won, how long the battles were and how often each rule
of the rulebook was used (issue 12: perching, scurrying, foraging, each action card, leaf
cutting, the ballista, grudge re-rolls, the six mission types chosen and completed, fly-offs).

Everything is counted from the battle's public event log (game/players/headless.py), the same
lines ``feltbox play tailfeathers KEY --headless --seed S`` writes, so a surprising battle can be
replayed alone. What counts as a use of each rule is in RULE_EVENTS and ``mission_counts``.
"""
from __future__ import annotations

import json
import statistics
import time
import traceback
from collections import Counter

from feltbox.game.players.headless import play_game
from feltbox.game.players.pool import run_jobs
from feltbox.game.tailfeathers import seats as tf_seats
from feltbox.game.tailfeathers.agreement import disagreements
from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.game.text.scenario_info import scenarios
from feltbox.rules.core import Measured
from feltbox.rules.tailfeathers import data as tables
from feltbox.scenes.loader import SceneError, load_scene, load_tailfeathers

GAME = "tailfeathers"
NOBODY = "none"
# a rule's use: the rules event that says it happened (rules/tailfeathers/*.py)
RULE_EVENTS = {"perch": "perched", "scurry": "scurried", "forage": "foraged", "action_card": "action card",
               "leaf_cut": "leaf cut", "ballista_built": "ballista built", "grudge_reroll": "grudge",
               "transport": "transporting", "death_spiral": "death spiral",
               "revive": "revived", "fly_off": "flew off the battlefield"}
MISSIONS = tuple(tables.mission_order())          # decoy, intercept, siege, patrol, rescue, special


def scene_keys(text: str) -> list[str]:
    """``all``, one scene name or scene file, or a comma-separated list of them."""
    known = [info.key for info in scenarios(GAME)]
    if text == "all":
        return known
    keys = [k for k in text.split(",") if k]
    for key in keys:
        load_battle_scene(key)                     # SceneError (one line, exit 2) if it is not one
    return keys


def load_battle_scene(key: str):
    """A built-in scene by name, or a player's Tail Feathers scene file (a .toml path)."""
    if key.lower().endswith(".toml") or "/" in key or "\\" in key:
        scene = load_scene(key)
        if scene.game != GAME:
            raise SceneError(f"{key}:1: game: a {scene.game} scene, this tournament plays {GAME}")
        return scene
    return load_tailfeathers(key)


def count_battle(log: list[str]) -> dict:
    """What one battle used, from its public event log: uses of each rule, each action card by
    name, the missions chosen and completed, the ballista's attacks."""
    rules: Counter = Counter()
    cards: Counter = Counter()
    entries = [json.loads(line) for line in log]
    for e in entries:
        kind = e["event"]
        for rule, event in RULE_EVENTS.items():
            if kind == event:
                rules[rule] += 1
        if kind == "action card":
            cards[e["card"]] += 1
        if kind == "attack" and str(e.get("attacker", "")).startswith("ballista-"):
            rules["ballista_attack"] += 1
        if kind == "attack" and e.get("group") and not str(e.get("attacker", "")).startswith("mission:"):
            rules["swoop"] += 1                  # a bird's group attack is its swoop
    return {"rules": dict(sorted(rules.items())), "cards": dict(sorted(cards.items())),
            "missions": mission_counts(entries)}


def mission_counts(entries: list[dict]) -> dict:
    """Per mission type: ``chosen`` (the card revealed, by a swoop, a drifting leaf or the Final
    Phase) and ``completed`` (its effect happened: decoy - its figures went home, having drawn a
    swoop or at the Final Phase; intercept / patrol - its group attack was rolled; siege - its
    figures were placed on a tree; rescue - a bird came back; special - the scenario's effect)."""
    chosen: Counter = Counter()
    done: Counter = Counter()
    current: dict[str, str] = {}                 # player -> mission card this round
    for e in entries:
        kind = e["event"]
        if kind == "mission revealed":
            current[e["player"]] = e["mission"]
            chosen[e["mission"]] += 1
        elif kind == "decoy":
            done["decoy"] += 1
            current.pop(e["player"], None)
        elif kind == "mission figures home" and current.get(e["player"]) == "decoy":
            done["decoy"] += 1
            current.pop(e["player"], None)
        elif kind == "attack" and str(e.get("attacker", "")).startswith("mission:"):
            done[e["attacker"][8:]] += 1
        elif kind == "rescued":
            done["rescue"] += 1
        elif kind == "special mission":
            done["special"] += 1
        elif kind == "round over":
            current.clear()
    done["siege"] = _sieges(entries)
    return {m: {"chosen": chosen[m], "completed": done[m]} for m in MISSIONS}


def _sieges(entries: list[dict]) -> int:
    """Siege missions completed: runs of consecutive "siege" events (one per figure placed)."""
    runs, before = 0, ""
    for e in entries:
        if e["event"] == "siege" and before != "siege":
            runs += 1
        before = e["event"]
    return runs


def play_battle(key: str, seed: int, check_agreement: bool = False) -> dict:
    """One bot battle, summarised (runs in a worker process; never raises). ``check_agreement``:
    after every action, count the actions where the rules and the table disagree
    (game/tailfeathers/agreement.py)."""
    start = time.perf_counter()
    seen = {"disagreements": 0}

    def after(bridge) -> None:
        seen["disagreements"] += bool(disagreements(bridge))
    try:
        bridge = TFBridge(load_battle_scene(key), seed)
        result = play_game(bridge, tf_seats.new_seats(bridge, "all"), tf_seats.TURN_ENDS,
                           max_decisions=tf_seats.MIN_DECISIONS, after_action=after if check_agreement else None)
    except Exception as exc:                 # a bug: reported, the other battles go on
        return {"key": key, "seed": seed, "error": f"{type(exc).__name__}: {exc}",
                "traceback": traceback.format_exc(limit=6), "wall_s": round(time.perf_counter() - start, 2)}
    state = bridge.engine.state
    hands = sorted({c for _, hand in state.setup.hands for c in hand})
    return {"key": key, "seed": seed, "hands": hands, "result": result.result, "winners": sorted(state.flow.winners),
            "decisions": sum(not isinstance(step.action, Measured) for step in bridge.engine.history),
            "turns": result.turns, "rounds": state.flow.round, **count_battle(result.log),
            **({"disagreeing_actions": seen["disagreements"]} if check_agreement else {}),
            "wall_s": round(time.perf_counter() - start, 2)}


def _spread(values: list) -> dict:
    if not values:
        return {}
    return {"mean": round(statistics.fmean(values), 2), "min": min(values), "max": max(values)}


def summarise(keys: list[str], battles: list[dict]) -> dict:
    """Per scene: wins per side, battle lengths, and per rule its uses per battle and the share of
    battles that used it at least once; per mission type the same, chosen and completed."""
    scenes = {}
    for key in keys:
        played = [b for b in battles if b["key"] == key and "error" not in b]
        n = max(len(played), 1)
        wins = Counter(w for b in played for w in b["winners"] or [NOBODY])
        names = sorted({r for b in played for r in b["rules"]} | set(RULE_EVENTS) | {"ballista_attack", "swoop"})
        rules = {r: _use([b["rules"].get(r, 0) for b in played], n) for r in names}
        cards = sorted({c for b in played for c in [*b["cards"], *b["hands"]]})   # unused cards too
        scenes[key] = {
            "battles": len(played), "errors": sum(b["key"] == key and "error" in b for b in battles),
            "wins": dict(sorted(wins.items())),
            "win_share": {w: round(c / n, 3) for w, c in sorted(wins.items())},
            "no_winner_reasons": dict(Counter(b["result"] for b in played if not b["winners"]).most_common()),
            "decisions": _spread([b["decisions"] for b in played]), "turns": _spread([b["turns"] for b in played]),
            "rounds": _spread([b["rounds"] for b in played]), "wall_s": _spread([b["wall_s"] for b in played]),
            "fly_offs_per_battle": round(sum(b["rules"].get("fly_off", 0) for b in played) / n, 2),
            **({"disagreeing_actions": sum(b["disagreeing_actions"] for b in played)}
               if any("disagreeing_actions" in b for b in played) else {}),
            "rules": rules,
            "action_cards": {c: _use([b["cards"].get(c, 0) for b in played], n) for c in cards},
            "missions": {m: {part: _use([b["missions"][m][part] for b in played], n) for part in ("chosen", "completed")}
                         for m in MISSIONS}}
    return {"game": GAME, "scenes": scenes,
            "battles": sorted(battles, key=lambda b: (keys.index(b["key"]), b["seed"]))}


def _use(counts: list[int], n: int) -> dict:
    """Uses per battle and the share of battles with at least one."""
    return {"per_battle": round(sum(counts) / n, 2), "battles_share": round(sum(c > 0 for c in counts) / n, 3)}


def run_tournament(keys: list[str], seeds: list[int], workers: int = 1, check_agreement: bool = False) -> dict:
    """Every (scene, seed) in its own fresh process, ``workers`` at a time; the report as a dict."""
    jobs = [(key, seed, check_agreement) for key in keys for seed in seeds]
    start = time.perf_counter()
    battles = run_jobs(play_battle, jobs, workers, fresh=True)
    report = summarise(keys, battles)
    report.update(seeds=seeds, workers=workers, wall_s=round(time.perf_counter() - start, 1))
    return report


def tournament_command(args) -> int:
    keys = scene_keys(args.keys)
    seeds = list(range(args.first_seed, args.first_seed + args.seeds))
    report = run_tournament(keys, seeds, args.workers, getattr(args, "check_agreement", False))
    print(json.dumps(report, indent=1 if args.pretty else None))
    return 1 if any("error" in b for b in report["battles"]) else 0
