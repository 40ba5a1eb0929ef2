"""Do the Tail Feathers rules and the table tell the same story? The agreement check of
ARCHITECTURE.md's "One truth" (Dead of Winter's twin: game/flickem/agreement.py).

For each figure the rules track: where it is (flying, perched or standing on a space, or off the
battlefield: mission box, reserves, casualties, carried), its base's place and heading, and a
bird's tilt, against the table: whether its body is on the table, where the body stands (the
base centre read back from the body's pose), at which height (the table for a flying base, the
space's top for a figure on a space), which way it faces, and the tilt the bird's model is built
with. A flying bird must stand on the table at its rules pose, heading and tilt; a perched bird
at its rules pose and heading, on its space's top, at center tilt; a ground figure inside the
outline of its space (a drifting leaf's where it drifted to), on its top; and each tail feather
token the rules keep lies where it landed, no other on the table. The check only reads;
the bridge's ``sync`` is what makes the two agree. A disagreement names the figure, the rules'
view and the table's view. Headless games run it after every action with ``--check-agreement``
(strictly in the test suite), and ``feltbox replay --verify`` after every recorded action.
"""
from __future__ import annotations

import numpy as np

from feltbox.game.table.bodies import BodySpec
from feltbox.game.table.city import rest_pose
from feltbox.game.table.disagreement import Disagreement
from feltbox.game.tailfeathers.bridge import FEATHER_SUPPLY
from feltbox.rules.tailfeathers.shapes import closest_on_outline, inside
from feltbox.rules.tailfeathers.state import FLYING, OFF_FIELD, TFState
from feltbox.rules.tailfeathers.stats import space

PLACE_TOLERANCE = 0.01        # cm: a base centre this far from its rules place still agrees
HEIGHT_TOLERANCE = 0.01       # cm
HEADING_TOLERANCE = 0.05      # degrees
OUTLINE_TOLERANCE = 0.01      # cm: a ground figure's centre this far outside its space still agrees


_REST: dict[tuple, np.ndarray] = {}


def _rest(spec: BodySpec) -> np.ndarray:
    """The body's pose resting on the table at (0, 0) heading 0 (its place offset and height)."""
    key = (spec.kind, repr(sorted(spec.params.items())))
    if key not in _REST:
        _REST[key] = rest_pose(spec, 0.0, 0.0, 0.0, 0.0)
    return _REST[key]


def _base(spec: BodySpec, pose: np.ndarray) -> tuple[float, float, float, float]:
    """(x, y, height of the surface it stands on, heading) of a body resting upright at ``pose``."""
    q = pose[3:7]
    heading = float(np.degrees(2 * np.arctan2(q[3], q[0])))
    r0 = _rest(spec)
    c, s = np.cos(np.radians(heading)), np.sin(np.radians(heading))
    off = (c * r0[0] - s * r0[1], s * r0[0] + c * r0[1])          # the place anchor, turned
    return float(pose[0] - off[0]), float(pose[1] - off[1]), float(pose[2] - r0[2]), heading % 360.0


def _upright(pose: np.ndarray) -> bool:
    """The body is turned about the vertical only (no lean)."""
    return abs(float(pose[4])) < 1e-6 and abs(float(pose[5])) < 1e-6


def _turn(a: float, b: float) -> float:
    return abs((a - b + 180.0) % 360.0 - 180.0)


def disagreements(bridge) -> list[Disagreement]:
    """Every figure the rules and a TFBridge's table see differently (see :func:`compare`)."""
    supply = [bridge.index[f"tail-feather-{k + 1}"] for k in range(FEATHER_SUPPLY)]
    return compare(bridge.engine.state, bridge.bodies, bridge.index, bridge.poses, bridge.present,
                   bridge.tilts, {sid: s.height for sid, s in bridge.spaces.items()}, supply)


def compare(state: TFState, bodies: list[BodySpec], index: dict, poses: np.ndarray, present: np.ndarray,
            tilts: dict, heights: dict, supply: list[int] = ()) -> list[Disagreement]:
    """Every figure whose presence, place, height, heading or tilt differs between the rules
    ``state`` and a table (``poses``, ``present``, the birds' model ``tilts``, each space's top
    ``heights``), and every tail feather the rules keep that the supply's tokens (body rows
    ``supply``; a scene's loose decorative tokens are not the rules') do not show where it landed."""
    drifted = {leaf.id for leaf in state.data.leaves}
    out = []
    for fig in state.data.figures:
        i = index.get(fig.id)
        if i is None:
            continue
        spec = bodies[i]
        bird = spec.kind == "tf_bird"
        if fig.where in OFF_FIELD:
            if present[i]:
                x, y, _, _ = _base(spec, poses[i])
                out.append(Disagreement(fig.id, f"off the battlefield ({fig.where})", f"it on the table at ({x:.2f}, {y:.2f})"))
            continue
        if not present[i]:
            out.append(Disagreement(fig.id, _rules_view(fig), "it off the table"))
            continue
        x, y, z, h = _base(spec, poses[i])
        top = 0.0 if fig.where == FLYING or fig.where in drifted else float(heights.get(fig.where, 0.0))
        problems = []
        if abs(z - top) > HEIGHT_TOLERANCE:
            problems.append(f"its base at height {z:.2f} (not {top:.2f})")
        if not _upright(poses[i]):
            problems.append("it leaning")
        if bird:
            if np.hypot(x - fig.pose[0], y - fig.pose[1]) > PLACE_TOLERANCE:
                problems.append(f"it at ({x:.2f}, {y:.2f})")
            if _turn(h, fig.pose[2]) > HEADING_TOLERANCE:
                problems.append(f"it facing {h:.1f}")
            if tilts.get(fig.id, "center") != fig.tilt:
                problems.append(f"its model at {tilts.get(fig.id, 'center')} tilt")
        else:
            poly = space(state, fig.where).polygon
            if not inside((x, y), poly) and closest_on_outline((x, y), poly)[0] > OUTLINE_TOLERANCE:
                problems.append(f"it at ({x:.2f}, {y:.2f}), outside {fig.where}")
        if problems:
            out.append(Disagreement(fig.id, _rules_view(fig), ", ".join(problems)))
    return out + _feathers(state, bodies, poses, present, supply)


def _feathers(state: TFState, bodies: list[BodySpec], poses: np.ndarray, present: np.ndarray,
              supply: list[int]) -> list[Disagreement]:
    """Each tail feather the rules keep on the battlefield lies on the table where it landed
    (place and heading), and no other feather token is on the table."""
    tokens = [i for i in supply if present[i]]
    out, used = [], set()
    for f in state.data.feathers:
        match = next((i for i in tokens if i not in used
                      and np.hypot(*(np.array(_base(bodies[i], poses[i])[:2]) - (f.x, f.y))) <= PLACE_TOLERANCE
                      and _turn(_base(bodies[i], poses[i])[3], f.heading) <= HEADING_TOLERANCE), None)
        if match is None:
            out.append(Disagreement(f.id, f"a tail feather at ({f.x:.2f}, {f.y:.2f}) facing {f.heading:.1f}",
                                    "no feather token there"))
        else:
            used.add(match)
    for i in tokens:
        if i not in used:
            x, y, _, _ = _base(bodies[i], poses[i])
            out.append(Disagreement(bodies[i].id, "no tail feather there", f"a feather token at ({x:.2f}, {y:.2f})"))
    return out


def _rules_view(fig) -> str:
    at = f"at ({fig.pose[0]:.2f}, {fig.pose[1]:.2f}) facing {fig.pose[2]:.1f}"
    if fig.where == FLYING:
        return f"flying {at}, {fig.tilt} tilt"
    if fig.size == "L":
        return f"perched on {fig.where} {at}, {fig.tilt} tilt"
    return f"on {fig.where}"
