"""The schema of every JSON record of a replay (docs/replay-format.md, "Schema").

``read_replay`` checks each record against these before it uses any of it: the header, each
episode's meta (its inputs and measured outcome), each RULE record (and, when the game is known,
its action's data against that action's own fields), the REVL record and the trailer. A value
that does not fit is a ``ReplayError`` naming the record and the field:
``corrupt: episode 3 record: inputs[1].op: 'jump' is not one of 'impulse', 'remove'``.
Imports neither Panda3D nor Bullet.
"""
from __future__ import annotations

import json
import re
from typing import Any

from feltbox.game.replay.schema import (
    I64,
    NULL,
    Bool,
    Const,
    Either,
    Index,
    Int,
    Json,
    List,
    Map,
    Num,
    Obj,
    SchemaError,
    Spec,
    Str,
    Where,
    dataclass_spec,
    hex_digits,
)
from feltbox.models.catalog import KINDS, check_params
from feltbox.rules.core import InputError, Measured
from feltbox.rules.tailfeathers.forces import parse_force

# Bounds no recording comes near (an episode is capped at 8 s, 480 frames; a game has some hundred
# actions): there so that a number edited into a file is refused instead of believed.
MAX_BODIES = 10_000
MAX_FRAMES = 1_000_000
MAX_HZ = 100_000
NAME = Str(pattern=r"[a-z][a-z0-9_]*", what="a lower-case name")
ACTION_NAME = Str(pattern=r"[A-Z][A-Za-z0-9]*", what="an action's class name")
EPISODE_KINDS = ("flick", "fight", "rush", "horde", "roll")
TEXT = Str(min_len=0, max_len=10_000)
VEC2, VEC3 = List(Num(), 2, 2), List(Num(), 3, 3)
IDS = List(Str())


def _body_id(value: Any, ctx: dict) -> str | None:
    """A body of the file's table (not checked where there is no table: a save's actions)."""
    return None if "ids" not in ctx or value in ctx["ids"] else f"{value!r} is no body of the header's table"


def _building_id(value: Any, ctx: dict) -> str | None:
    return None if "buildings" not in ctx or value in ctx["buildings"] else \
        f"{value!r} is no building of the header's table"


BODY_ID = Where(Str(), _body_id, "a body id of the header")
BUILDING_ID = Where(Str(), _building_id, "a building of the header")


# -- the header ----------------------------------------------------------------------------------
def _params(body: dict, ctx: dict) -> str | None:
    """A body's params as the catalog builds them (a sealed face-down token has no kind)."""
    params = body.get("params", {})
    if body["kind"] == "token" and params == {"face": "down"}:
        return None
    try:
        check_params(body["kind"], params)
    except ValueError as exc:
        return f"params: {exc}"
    return None


def _distinct_ids(bodies: list, ctx: dict) -> str | None:
    seen: set[str] = set()
    for i, body in enumerate(bodies):
        if body["id"] in seen:
            return f"body {i}'s id {body['id']!r} is listed twice"
        seen.add(body["id"])
    return None


def _divides(record_hz: int, ctx: dict) -> str | None:
    tick_hz = ctx["header"].get("tick_hz")
    return None if tick_hz % record_hz == 0 else f"{record_hz} does not divide tick_hz {tick_hz}"


def _one_seed(rules: dict, ctx: dict) -> str | None:
    if ("seed" in rules) == ("commitment" in rules):
        return "must hold exactly one of seed (unsealed) and commitment (sealed)"
    return None


def _force_checks(force: dict, ctx: dict) -> str | None:
    """A recorded custom force passes the force check its file passed (docs/forces.md)."""
    lines = [f"alliance = {json.dumps(force['alliance'])}", f"budget = {force['budget']}"]
    for unit in force["units"]:
        lines.append("[[unit]]")
        lines += [f"{key} = {json.dumps(unit[key])}" for key in ("card", "pilot", "rank") if unit.get(key)]
    try:
        checked = parse_force("\n".join(lines), "", force["alliance"])
    except InputError as exc:
        return re.sub(r"^:\d+: ", "", str(exc))
    for i, (unit, again) in enumerate(zip(force["units"], checked.units)):
        for key in ("kind", "points"):
            if key in unit and unit[key] != getattr(again, key):
                return f"units[{i}].{key}: {unit[key]!r}, the force check says {getattr(again, key)!r}"
    return None


PIECE_KIND = Str(enum=tuple(sorted(KINDS)), what="a piece kind of models/catalog.py")
BODY = Where(Obj({"id": Str(), "kind": PIECE_KIND}, {"params": Map(Json())}, what="body {id, kind, params}"),
             _params, "params as models/catalog.py builds them")
UNIT = Obj({"card": Str(), "kind": Str(enum=("bird", "squad", "hero"))},
           {"pilot": Str(min_len=0), "rank": Str(min_len=0), "points": Int(0, 10_000), "line": Int()}, what="unit")
FORCE = Where(Obj({"alliance": Str(enum=("mouse", "rat")), "budget": Int(0, 10_000), "units": List(UNIT, 1, 100)},
                  {"source": TEXT, "name": TEXT}, what="force {alliance, budget, units[, source, name]}"),
              _force_checks, "a force the force check accepts")
SCENE = Obj({"game": NAME, "number": Int(0, 10, "scenario; 0 for Tail Feathers"),
             "source": Str(max_len=4096, what="the scene file, relative to the package")},
            {"name": Str(), "forces": List(FORCE, 1, 2),
             "digest": hex_digits(16, "the scene file's sha256, its first 16 digits")},
            what="scene {game, number, source[, name, forces, digest]}")
RULES = Where(Obj({"game": NAME, "scenario": Int(0, 10), "start_hash": hex_digits(16)},
                  {"seed": Int(*I64), "commitment": hex_digits(64)},
                  what="rules {game, scenario, start_hash, seed or commitment}"), _one_seed,
              "exactly one of seed and commitment")
HEADER = Obj({"format": Const("feltbox-replay"), "version": Const(key="version"),
              "build": Obj({"panda3d": Str(), "bullet": Str()}, what="build {panda3d, bullet}"),
              "units": Const("cm"), "tick_hz": Int(1, MAX_HZ),
              "record_hz": Where(Int(1, MAX_HZ), _divides, "divides tick_hz"),
              "bodies": Where(List(BODY, 1, MAX_BODIES), _distinct_ids, "ids distinct"),
              "seed": Either(NULL, Int(*I64)), "scene": SCENE},
             {"rules": RULES}, what="header")


def check_header(header: Any, version: int) -> None:
    """The header against HEADER, then what ties its parts together: the rules entry is the
    scene's game and scenario, a sealed game (v3) has no seed, an unsealed one the header's."""
    HEADER.check(header, "", {"version": version, "header": header if isinstance(header, dict) else {}})
    rules = header.get("rules")
    if rules is None:
        return
    for key, scene_key in (("game", "game"), ("scenario", "number")):
        if rules[key] != header["scene"][scene_key]:
            raise SchemaError(f"rules.{key}", f"{rules[key]!r} is not the scene's {scene_key} {header['scene'][scene_key]!r}")
    if "commitment" in rules:
        if version < 3:
            raise SchemaError("rules.commitment", f"a sealed game in a version {version} replay")
        if header["seed"] is not None:
            raise SchemaError("seed", "a sealed game's header holds no seed (null)")
    elif rules["seed"] != header["seed"]:
        raise SchemaError("rules.seed", f"{rules['seed']!r} is not the header's seed {header['seed']!r}")


def file_context(header: dict) -> dict:
    """What the records' checks look up: the body count, ids and buildings of the header."""
    bodies = header["bodies"]
    return {"version": header["version"], "bodies": len(bodies), "ids": {b["id"] for b in bodies},
            "buildings": {b["id"] for b in bodies if b["kind"] == "building"},
            "ticks_per_frame": header["tick_hz"] // header["record_hz"],
            "sealed": "commitment" in (header.get("rules") or {})}


# -- episodes ------------------------------------------------------------------------------------
# The keys a measured outcome may hold (an episode's, and a Measured action's, which adds what the
# bridge read off the table): the rules and the verifier read these, so they are typed; any
# other key is free-form JSON (a game's own details).
EXTRA = Obj({}, {"touched_by": Map(IDS), "fell_touched": IDS, "end": VEC2, "flipped": Bool(), "barricades": Map(IDS),
                 "survivor": Either(NULL, Str()), "weapon": Either(NULL, Str()), "aim": Either(NULL, Map(Json())),
                 "side": Either(NULL, Str()), "attacker": Either(NULL, Str())},
            extra=Json(), what="a flick's details (below)")
# a die's face: a name (Tail Feathers' action dice) or its number (the d6 of Snowbirds: 1-6, Root's d12: 0-3)
FACE = Either(Str(), Int(0, 6))
OUTCOME_KEYS = {
    "flicked": BODY_ID, "entered": Either(NULL, BUILDING_ID), "exited": Either(NULL, BUILDING_ID),
    "started_in": Either(NULL, BUILDING_ID), "first_contacts": IDS, "first_contact_ticks": List(Int()),
    "fell": IDS, "got_up": IDS, "left_city": IDS, "disturbed": IDS, "clean": Bool(), "settled": Bool(),
    "sim_seconds": Num(0, 1e6), "flare_at": VEC2, "flipped": Either(NULL, Bool()), "touched_barricade": Bool(),
    "behind": Either(NULL, IDS), "extra": EXTRA,
    "zombies": IDS, "survivors_fell": IDS, "objects_fell": IDS, "back_inside": Map(VEC2), "set_aside": IDS,
    "heading": Num(), "touched": Map(IDS),
    "positions": Map(VEC2), "standing": Map(Bool()), "at_door": Map(Str()), "objects": Map(List(Num())),
    "touching_rv": IDS, "barricades": Map(IDS),
    "seed": Int(*I64), "attempt": Int(), "dice": List(BODY_ID), "faces": List(FACE), "tilts": List(Num()),
    "cocked": IDS, "landed": List(VEC3),
}
OUTCOME = Obj({}, OUTCOME_KEYS, extra=Json(), what="outcome (below)")


def _world_refs(world: dict, ctx: dict) -> str | None:
    absent = set(world["absent"])
    awake = [b for b in world["awake"] if b in absent]
    if awake:
        return f"awake body {awake[0]} is absent"
    if "touch" in world:
        if ctx.get("version", 4) < 4:
            return f"a touch list in a version {ctx['version']} replay (v4 added it)"
        if not isinstance(world["watch"], list):
            return "a touch list without a list of watched bodies"
        off = [b for b in world["touch"] if b in absent]
        if off:
            return f"touched body {off[0]} is absent"
    return None


WORLD = Where(Obj({"op": Const("world"), "absent": List(Index("bodies", "body"), unique=True),
                   "awake": List(Index("bodies", "body"), unique=True),
                   "watch": Either(NULL, Index("bodies", "body"), List(Index("bodies", "body"), unique=True))},
                  {"touch": List(Index("bodies", "body"), unique=True)},
                  what="world {op, absent, awake, watch[, touch]}"), _world_refs,
              "awake bodies present; v4: touch (bodies present) only beside a list of watched bodies")
INPUT = Obj({"tick": Int(0, MAX_FRAMES * 16), "op": Str(enum=("impulse", "remove")), "body": Index("bodies", "body"),
             "vector": VEC3, "offset": VEC3}, what="input {tick, op, body, vector, offset}")


class Inputs(List):
    """The world record first, then the physical inputs, each on a body on the table and at a
    tick the episode's frames reach."""

    def __init__(self):
        super().__init__(Json(), 1)

    def check(self, value, path, ctx):
        super().check(value, path, ctx)
        WORLD.check(value[0], f"{path}[0]", ctx)
        absent, last = set(value[0]["absent"]), ctx["frames"] * ctx["ticks_per_frame"]
        for i, item in enumerate(value[1:], 1):
            INPUT.check(item, f"{path}[{i}]", ctx)
            if item["body"] in absent:
                raise SchemaError(f"{path}[{i}].body", f"body {item['body']} is off the table (absent)")
            if item["tick"] > last:
                raise SchemaError(f"{path}[{i}].tick", f"{item['tick']} is after the episode's last tick {last}")

    def describe(self):
        return "list: the world record, then inputs"


EPISODE = Obj({"index": Const(key="index"), "kind": Str(enum=EPISODE_KINDS), "start_tick": Const(0),
               "frames": Int(0, MAX_FRAMES), "bodies": Const(key="bodies"), "inputs": Inputs(),
               "outcome": Either(NULL, OUTCOME)}, what="episode meta")


def check_episode(meta: Any, index: int, ctx: dict) -> None:
    """An episode's meta against EPISODE (its inputs' ticks within its ``frames``)."""
    frames = meta.get("frames") if isinstance(meta, dict) else 0
    if isinstance(meta, dict) and "frames" in meta:
        Int(0, MAX_FRAMES).check(frames, "frames", ctx)
    EPISODE.check(meta, "", {**ctx, "index": index, "frames": frames})


# -- rules actions, the seal, the trailer --------------------------------------------------------
EVENT = Obj({"kind": Str(), "data": Map(Json()), "visible_to": Either(NULL, List(Str()))},
            what="event {kind, data, visible_to}")
RULE = Obj({"index": Const(key="index"), "type": ACTION_NAME, "data": Map(Json()), "events": List(EVENT),
            "hash": hex_digits(16), "episodes": List(Int())}, what="rules action")
MEASURED = Obj({"outcome": OUTCOME}, what="Measured {outcome}")
REVEAL = Obj({"seed": Int(*I64), "salt": hex_digits(32)}, {"actions": Map(Json())},
             what="REVL {seed, salt[, actions]}")
SEALED_DATA = Obj({"sealed": hex_digits(64)}, what="a hidden action's seal {sealed}")


def trailer_spec(version: int) -> Obj:
    required: dict[str, Spec] = {"episodes": Int(), "frames": Int(), "pose_sha256": hex_digits(64),
                                 "frames_sha256": hex_digits(64)}
    if version >= 2:
        required.update(rules=Int(), rules_sha256=hex_digits(64))
    if version >= 3:
        required.update(revealed=Bool())
    return Obj(required, what="trailer")


def check_rule(record: Any, index: int, ctx: dict, actions: dict | None) -> None:
    """A RULE record against RULE; with the game's ``actions`` (by name), its type must be one of
    them and its data that action's fields (``Measured``: an OUTCOME)."""
    RULE.check(record, "", {**ctx, "index": index})
    if actions is None:
        return
    kind = actions.get(record["type"])
    if kind is None:
        raise SchemaError("type", f"{record['type']!r} is not an action of {ctx['game']}")
    if ctx.get("sealed") and set(record["data"]) == {"sealed"}:     # a hidden choice: opened by REVL
        SEALED_DATA.check(record["data"], "data", ctx)
        return
    dataclass_spec(kind, {Measured: MEASURED}).check(record["data"], "data", ctx)


# -- the schema as docs/replay-format.md prints it -----------------------------------------------
DOCUMENTED = (("header", HEADER), ("header `scene`", SCENE), ("header `rules`", RULES), ("a body", BODY),
              ("a custom force (`scene.forces`)", FORCE), ("a force's unit", UNIT),
              ("EPIS meta", EPISODE), ("the world record, `inputs[0]`", WORLD), ("an input, `inputs[1:]`", INPUT),
              ("an outcome (an episode's, a `Measured` action's)", OUTCOME), ("an outcome's `extra`", EXTRA),
              ("RULE", RULE),
              ("an event", EVENT), ("REVL", REVEAL), ("TRLR (v3; v1 lacks the last three keys, v2 `revealed`)",
                                                     trailer_spec(3)))


def schema_markdown() -> str:
    """The schema tables of docs/replay-format.md, written from the specs above."""
    out = []
    for title, spec in DOCUMENTED:
        note = f" ({spec.what})" if isinstance(spec, Where) else ""
        obj = spec.spec if isinstance(spec, Where) else spec
        out += [f"**{title}**{note}", "", "| key | | value |", "|---|---|---|"]
        out += [f"| `{key}` | {'required' if required else 'optional'} | {s.describe()} |"
                for key, required, s in obj.fields()]
        if obj.extra is not None:
            out.append(f"| any other key | optional | {obj.extra.describe()} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
