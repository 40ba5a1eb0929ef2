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
"""
from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from feltbox.game.table.flick import WEAPON_KINDS, Aim
from feltbox.game.table.session import Session
from feltbox.rules.core import InputError


class ScriptError(InputError):
    """A broken script: the message names file, line and field."""


@dataclass(frozen=True)
class Step:
    index: int
    line: int
    data: dict


def _step_lines(text: str) -> list[int]:
    return [n + 1 for n, line in enumerate(text.splitlines()) if re.match(r"\s*\[\[step\]\]", line)]


def load_script(path: str | Path) -> list[Step]:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ScriptError(f"{path}: cannot read script: {exc.strerror}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScriptError(f"{path}: {exc}") from None
    steps = data.get("step")
    if not isinstance(steps, list) or not steps:
        raise ScriptError(f"{path}:1: step: the script has no [[step]] tables")
    lines = _step_lines(text)
    return [Step(i, lines[i] if i < len(lines) else 0, s) for i, s in enumerate(steps)]


def _fail(path, step: Step, field: str, why: str) -> ScriptError:
    return ScriptError(f"{path}:{step.line}: step[{step.index}].{field}: {why}")


def run_script(session: Session, steps: list[Step], path: str | Path = "<script>") -> list[dict]:
    """Run every step; return one result dict per step (outcomes as JSON-able dicts)."""
    results = []
    for step in steps:
        d = step.data
        if "flick" in d:
            results.append(_run_flick(session, step, path))
        elif "rush" in d:
            target = d.get("toward")
            if isinstance(target, str):
                try:
                    i = session.city.index(target)
                except KeyError as exc:
                    raise _fail(path, step, "toward", str(exc.args[0])) from None
                target = tuple(float(v) for v in session.poses[i, :2])
            elif not (isinstance(target, list) and len(target) == 2):
                raise _fail(path, step, "toward", "must be a piece id or [x, y]")
            zombies = _ids(session, step, path, "rush", d["rush"])
            results.append({"step": step.index, "rush": session.rush(zombies, tuple(target)).episode_json()})
        elif "horde" in d:
            n = d["horde"]
            waiting = [session.city.bodies[i].id for i in session.city.ids("zombie") if not session.present[i]]
            if not isinstance(n, int) or not 1 <= n <= len(waiting):
                raise _fail(path, step, "horde", f"must be 1..{len(waiting)} (zombies in the bin), got {n!r}")
            results.append({"step": step.index, "horde": session.horde(waiting[:n]).episode_json()})
        else:
            raise _fail(path, step, "flick", "a step needs one of flick, rush or horde")
    return results


def _ids(session: Session, step: Step, path, field: str, value) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(path, step, field, "must be a list of piece ids")
    for v in value:
        try:
            session.city.index(v)
        except KeyError:
            raise _fail(path, step, field, f"no piece {v!r} in this scene") from None
    return value


def _run_flick(session: Session, step: Step, path) -> dict:
    d = step.data
    if not isinstance(d["flick"], str):
        raise _fail(path, step, "flick", f"must be a survivor id, got {d['flick']!r}")
    survivor = _ids(session, step, path, "flick", [d["flick"]])[0]
    weapon = d.get("weapon", "movement_disc")
    if weapon not in WEAPON_KINDS:
        raise _fail(path, step, "weapon", f"{weapon!r} is not one of {', '.join(WEAPON_KINDS)}")
    for key in ("direction", "power"):
        if not isinstance(d.get(key), (int, float)) or isinstance(d.get(key), bool):
            raise _fail(path, step, key, f"must be a number, got {d.get(key)!r}")
    try:
        aim = Aim(float(d["direction"]), float(d["power"]), float(d.get("spin", 0.0)))
    except ValueError as exc:
        raise _fail(path, step, "power" if "power" in str(exc) else "spin", str(exc)) from None
    side = d.get("side", "right")
    if side not in ("left", "right"):
        raise _fail(path, step, "side", f"must be 'left' or 'right', got {side!r}")
    outcome = session.flick(survivor, weapon, aim, side=side)
    return {"step": step.index, "flick": outcome.episode_json()}
