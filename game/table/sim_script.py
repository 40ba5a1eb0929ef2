"""Physical command scripts for ``feltbox sim``: flicks and rushes, one ``[[step]]`` each.

Format (TOML, see docs/examples/)::

    [[step]]                      # flick a weapon or the movement disc for a survivor
    flick = "survivor-anita"
    weapon = "movement_disc"      # movement_disc | bullet | knife | bat | shotgun | sniper | flare | figure
    direction = 30.0              # degrees from +x (east)
    power = 0.4                   # 0..1: a full-power disc slides about 100 cm
    spin = 0.0                    # -1..1, optional
    side = "right"                # where a bullet/knife/template goes, optional

    [[step]]                      # a Zombie Rush: tower behind the first zombie, exit toward target
    rush = ["zombie-03", "zombie-05", "zombie-06"]
    toward = "survivor-anita"     # a piece id or [x, y]

    [[step]]                      # a new horde from the tower's home on the bin
    horde = 3                     # the lowest-numbered zombies still in the bin

Every step is checked when the script is read (exactly one of flick, rush, horde; no other key;
finite numbers in range), the pieces it names against the city before anything runs
(``check_script``: a flick's survivor is a survivor, a rush's zombies are zombies), and, as it
comes, that they are there (a survivor on the table, zombies in the city and not in the bin).
A broken script is one line naming the file, the line and the field.
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from feltbox.game.table.flick import WEAPON_KINDS, Aim
from feltbox.game.table.session import Session
from feltbox.rules.core import InputError
from feltbox.scenes.checks import id_problem, number_problem, whole_problem

STEP_KEYS = {"flick": {"flick", "weapon", "direction", "power", "spin", "side"}, "rush": {"rush", "toward"},
             "horde": {"horde"}}
ROOF_SLOTS = 8                # the tower's roof holds at most 8 zombies (a rush of more has no room)


class ScriptError(InputError):
    """A broken script: the message names file, line and field."""


@dataclass(frozen=True)
class Step:
    index: int
    line: int
    data: dict
    lines: dict[str, int] = field(default_factory=dict)    # key -> its line in the file

    def line_of(self, key: str) -> int:
        return self.lines.get(key, self.line)


def _step_lines(text: str) -> list[tuple[int, dict[str, int]]]:
    """Each ``[[step]]``'s line and the lines of its keys."""
    out: list[tuple[int, dict[str, int]]] = []
    for n, line in enumerate(text.splitlines(), start=1):
        if re.match(r"\s*\[\[step\]\]", line):
            out.append((n, {}))
        elif out and (m := re.match(r"\s*([A-Za-z_]+)\s*=", line)):
            out[-1][1].setdefault(m.group(1), n)
    return out


def load_script(path: str | Path) -> list[Step]:
    """Read a script and check every step's keys and values (what can be checked without the
    table: the pieces each step names are checked by ``check_script`` against the city)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScriptError(f"{path}: cannot read script: {getattr(exc, 'strerror', None) or exc}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        m = re.search(r"line (\d+)", str(exc))
        raise ScriptError(f"{path}:{m.group(1) if m else 0}: TOML syntax: {exc}") from None
    steps = data.get("step")
    if not isinstance(steps, list) or not steps or not all(isinstance(s, dict) for s in steps):
        raise ScriptError(f"{path}:1: step: the script has no [[step]] tables")
    unknown = sorted(set(data) - {"step"})
    if unknown:
        raise ScriptError(f"{path}:1: {unknown[0]}: unknown key (a script holds [[step]] tables only)")
    lines = _step_lines(text)
    out = []
    for i, data in enumerate(steps):
        line, keys = lines[i] if i < len(lines) else (0, {})
        out.append(Step(i, line, data, keys))
    for step in out:
        _check_step(step, path)
    return out


def _fail(path, step: Step, field_name: str, why: str) -> ScriptError:
    return ScriptError(f"{path}:{step.line_of(field_name)}: step[{step.index}].{field_name}: {why}")


def _number(path, step: Step, key: str, lo: float, hi: float, default=None) -> float:
    problem = number_problem(step.data.get(key, default), lo, hi)
    if problem:
        raise _fail(path, step, key, problem)
    return float(step.data.get(key, default))


def _check_step(step: Step, path) -> None:
    """One step's own keys and values: exactly one of flick, rush, horde, no other key, numbers
    finite and in range."""
    d = step.data
    kinds = [k for k in STEP_KEYS if k in d]
    if len(kinds) != 1:
        raise _fail(path, step, kinds[1] if kinds else "flick",
                    f"a step is one of flick, rush or horde, this one has {' and '.join(kinds) or 'none'}")
    kind = kinds[0]
    unknown = sorted(set(d) - STEP_KEYS[kind])
    if unknown:
        raise _fail(path, step, unknown[0], f"unknown key in a {kind} step (known: {', '.join(sorted(STEP_KEYS[kind]))})")
    if kind == "flick":
        if id_problem(d["flick"]):
            raise _fail(path, step, "flick", f"must be a survivor id: {id_problem(d['flick'])}")
        weapon = d.get("weapon", "movement_disc")
        if weapon not in WEAPON_KINDS:
            raise _fail(path, step, "weapon", f"{weapon!r} is not one of {', '.join(WEAPON_KINDS)}")
        _number(path, step, "direction", -3600.0, 3600.0)
        _number(path, step, "power", 0.0, 1.0)
        _number(path, step, "spin", -1.0, 1.0, 0.0)
        if d.get("side", "right") not in ("left", "right"):
            raise _fail(path, step, "side", f"must be 'left' or 'right', got {d.get('side')!r}")
    elif kind == "rush":
        zombies = d["rush"]
        if not isinstance(zombies, list) or not 1 <= len(zombies) <= ROOF_SLOTS or any(id_problem(z) for z in zombies):
            raise _fail(path, step, "rush", f"must be a list of 1..{ROOF_SLOTS} zombie ids, got {zombies!r}"[:300])
        if len(set(zombies)) != len(zombies):
            raise _fail(path, step, "rush", "names a zombie twice")
        toward = d.get("toward")
        if isinstance(toward, list):
            if len(toward) != 2 or any(number_problem(v, -1000.0, 1000.0) for v in toward):
                raise _fail(path, step, "toward", f"must be a piece id or [x, y] (finite cm), got {toward!r}")
        elif id_problem(toward):
            raise _fail(path, step, "toward", f"must be a piece id or [x, y]: {id_problem(toward)}")
    elif whole_problem(d["horde"], 1, 18):
        raise _fail(path, step, "horde", whole_problem(d["horde"], 1, 18))


def _piece(session: Session, step: Step, path, field_name: str, piece: str, kind: str | None = None) -> int:
    """The index of a piece of the city a step names (of ``kind``, when given)."""
    try:
        i = session.city.index(piece)
    except KeyError:
        raise _fail(path, step, field_name, f"no piece {piece!r} in this scene") from None
    if kind is not None and session.city.bodies[i].kind != kind:
        raise _fail(path, step, field_name, f"{piece!r} is a {session.city.bodies[i].kind}, not a {kind}")
    return i


def _on_table(session: Session, step: Step, path, field_name: str, i: int, why: str) -> None:
    if not session.present[i]:
        raise _fail(path, step, field_name, f"{session.city.bodies[i].id!r} {why}")


def run_script(session: Session, steps: list[Step], path: str | Path = "<script>") -> list[dict]:
    """Run every step; return one result dict per step (outcomes as JSON-able dicts). Before a
    step runs, the pieces it names must be there: a survivor on the table to flick for, zombies
    in the city to rush (not in the bin: a horde brings them), a target on the table."""
    results = []
    for step in steps:
        d = step.data
        if "flick" in d:
            i = _piece(session, step, path, "flick", d["flick"], "survivor")
            _on_table(session, step, path, "flick", i, "is not on the table (in reserve, dead or out)")
            aim = Aim(float(d["direction"]), float(d["power"]), float(d.get("spin", 0.0)))
            outcome = session.flick(d["flick"], d.get("weapon", "movement_disc"), aim, side=d.get("side", "right"))
            results.append({"step": step.index, "flick": outcome.episode_json()})
        elif "rush" in d:
            for z in d["rush"]:
                _on_table(session, step, path, "rush", _piece(session, step, path, "rush", z, "zombie"),
                          "is not in the city (still in the bin: a horde brings it)")
            target = d.get("toward")
            if isinstance(target, str):
                i = _piece(session, step, path, "toward", target)
                _on_table(session, step, path, "toward", i, "is not on the table")
                target = [float(v) for v in session.poses[i, :2]]
            results.append({"step": step.index, "rush": session.rush(d["rush"], tuple(target)).episode_json()})
        else:
            n = d["horde"]
            waiting = [session.city.bodies[i].id for i in session.city.ids("zombie") if not session.present[i]]
            if n > len(waiting):
                raise _fail(path, step, "horde", f"must be 1..{len(waiting)} (zombies in the bin), got {n!r}")
            results.append({"step": step.index, "horde": session.horde(waiting[:n]).episode_json()})
    return results


def check_script(session: Session, steps: list[Step], path: str | Path = "<script>") -> None:
    """What can be checked on the city before anything runs: every piece a step names is one
    of it and of the right kind (a flick's survivor, a rush's zombies, a target)."""
    for step in steps:
        d = step.data
        if "flick" in d:
            _piece(session, step, path, "flick", d["flick"], "survivor")
        elif "rush" in d:
            for z in d["rush"]:
                _piece(session, step, path, "rush", z, "zombie")
            if isinstance(d.get("toward"), str):
                _piece(session, step, path, "toward", d["toward"])
