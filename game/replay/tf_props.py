"""The measuring pieces a Tail Feathers replay lays on the battlefield: flight templates and the
range finder (rulebook "Flight Templates", "Range Finder", "Ranged Attack").

The rules measure flights and ranges as 2D geometry (rules/tailfeathers/geometry.py, sight.py);
the battle's bodies (game/tailfeathers/bridge.TFBridge) hold no template and no range finder, so
a rebuilt battle showed birds gliding along flights nobody laid and ranged attacks with nothing
measured. The theatre's timeline (game/replay/tailfeathers_timeline.py) adds them as extra
bodies, shown only while they are on the table:

* a ``Fly``: its templates laid one by one where the window's preview lays them
  (game/tailfeathers/flight_builder.template_lays), each ``LAY_EACH`` frames after the one
  before, kept while the bird glides along them and its rest after;
* a ranged attack (an ``attack`` event of kind ``ranged``): the range finder from the attacker to
  the first target, touching both where the rules measured them (sight.range_check's points),
  for ``RANGE_HOLD`` frames; an attack with extended range (no range finder) lays none;
* a roll: its dice lying in the tray beside the battlefield where the recorded throws left them
  (game/tailfeathers/dice.lying_in_tray, as the play window shows them), until the next roll.

One body per (slot, size, end) variant of a template, as for the birds' tilts: a seek stays plain
indexing with exact models.
"""
from __future__ import annotations

import math

import numpy as np

from feltbox.game.table.bodies import BodySpec, heading_quat
from feltbox.game.tailfeathers.dice import lying_in_tray
from feltbox.game.tailfeathers.flight_builder import TemplateLay
from feltbox.rules.tailfeathers.combat import thing_of
from feltbox.rules.tailfeathers.geometry import RANGE
from feltbox.rules.tailfeathers.sight import range_check
from feltbox.rules.tailfeathers.stats import blockers, figure_thing

LAY_EACH = 12              # frames between two templates being laid (0.2 s)
RANGE_HOLD = 54            # frames the range finder lies between attacker and target (0.9 s)
LIFT = 0.4                 # cm above the base's height, as the window's preview


class Props:
    """The extra bodies (templates, the range finder) a timeline has needed so far."""

    def __init__(self):
        self.specs: list[BodySpec] = []
        self._index: dict[tuple, int] = {}

    def _prop(self, key: tuple, spec: BodySpec) -> int:
        if key not in self._index:
            self._index[key] = len(self.specs)
            self.specs.append(spec)
        return self._index[key]

    def template(self, slot: int, lay: TemplateLay) -> tuple[int, np.ndarray]:
        """(prop index, pose) of template ``slot`` of a flight laid as ``lay``."""
        tail = "-end" if lay.end else ""
        k = self._prop(("template", slot, lay.size, lay.end),
                       BodySpec(f"flight-template-{slot}-{lay.size}{tail}", "tf_template",
                                {"size": lay.size, "end": lay.end}))
        return k, _pose(lay.x, lay.y, lay.z, lay.heading)

    def range_finder(self, a, b, z: float) -> tuple[int, np.ndarray]:
        """(prop index, pose) of the range finder with its tip at ``a`` pointing at ``b``."""
        k = self._prop(("range",), BodySpec("range-finder", "tf_range_finder", {}))
        return k, _pose(a[0], a[1], z, math.degrees(math.atan2(b[1] - a[1], b[0] - a[0])))

    def die(self, body: BodySpec) -> int:
        """Prop index of the die the replay's tray table records as ``body``."""
        return self._prop(("die", body.id), BodySpec(f"tray-{body.id}", body.kind, dict(body.params)))


def _pose(x: float, y: float, z: float, heading: float) -> np.ndarray:
    return np.concatenate([[x, y, z], heading_quat(heading)]).astype(np.float32)


def laying(props: Props, lays: list[TemplateLay]) -> list[dict[int, np.ndarray]]:
    """Per frame of the laying (``LAY_EACH`` a template), the templates on the table."""
    shown: dict[int, np.ndarray] = {}
    out = []
    for slot, lay in enumerate(lays):
        k, pose = props.template(slot, lay)
        shown = {**shown, k: pose}
        out += [shown] * LAY_EACH
    return out


def ranged_shot(props: Props, bridge, events) -> tuple[dict[int, np.ndarray], np.ndarray] | None:
    """({prop: pose}, the point the camera looks at) of the range finder laid for the first ranged
    attack among ``events`` (the battle as the bridge holds it now), or None."""
    state = bridge.engine.state
    for event in events:
        data = event.get("data") or {}
        if event.get("kind") != "attack" or data.get("kind") != "ranged" or not data.get("targets"):
            continue
        try:
            me = figure_thing(state, state.data.figure(data["attacker"]))
            them = thing_of(state, data["targets"][0])
        except (KeyError, ValueError, StopIteration):
            return None
        measured = range_check(me, them, blockers(state))
        if measured.gap > RANGE + 1e-6 or len(measured.points) != 2:     # extended range: nothing laid
            return None
        a, b = measured.points
        z = bridge.base_z(state.data.figure(data["attacker"])) + LIFT
        k, pose = props.range_finder(a, b, z)
        return {k: pose}, np.array([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, 0.0])
    return None


def dice_lying(props: Props, replay, rec, tray: np.ndarray) -> dict[int, np.ndarray] | None:
    """{prop: pose} of the dice of the roll recorded with ``rec``, lying in the battlefield's tray
    (at pose ``tray``); None when ``rec`` threw no die."""
    throws = [replay.episodes[i] for i in rec.episodes if replay.episodes[i].kind == "roll"]
    if not throws:
        return None
    specs = {b["id"]: BodySpec.from_json(b) for b in replay.header["bodies"]}
    lying = lying_in_tray(tray, [(e.start, e.frames[-1] if len(e.frames) else e.start, e.outcome) for e in throws])
    return {props.die(specs[die]): pose.astype(np.float32) for die, pose in lying.items()}
