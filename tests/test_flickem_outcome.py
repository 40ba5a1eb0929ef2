"""THE FLICK's measured outcome, typed (rules/flickem/outcome.py): what the real table measures
reaches the rules whole, and the JSON that replays and saves keep reads back the same."""
from __future__ import annotations

import json
from pathlib import Path

from feltbox.game.flickem.bridge import FlickemBridge
from feltbox.game.table.flick import Aim
from feltbox.rules.core import Measured
from feltbox.rules.flickem.flow import ChooseSurvivor, EndTurn, Move, UseWeapon
from feltbox.rules.flickem.outcome import FlickDetails, FlickOutcome, RushOutcome
from feltbox.scenes.loader import load_flickem

ROOT = Path(__file__).resolve().parent.parent


def _measured(bridge) -> list[dict]:
    return [step.action.outcome for step in bridge.engine.history if isinstance(step.action, Measured)]


def test_a_real_flick_and_rush_reach_the_rules_whole_and_read_back_the_same():
    bridge = FlickemBridge(load_flickem(1), seed=3)
    bridge.decide(ChooseSurvivor("survivor-anita"))
    bridge.decide(Move())
    start = bridge.session.poses[bridge.city.index("survivor-anita"), :2].copy()
    bridge.physics(Aim(90.0, 0.1))
    anita = bridge.session.poses[bridge.city.index("survivor-anita"), :2].copy()
    bridge.decide(UseWeapon("gun"))
    bridge.physics(Aim(60.0, 0.5))
    bridge.decide(EndTurn())
    bridge.physics()                                       # a gun is LOUD: the rush
    move, shot, rush = _measured(bridge)
    for raw, kind in ((move, FlickOutcome), (shot, FlickOutcome), (rush, RushOutcome)):
        typed = kind.from_json(raw)
        assert typed.to_json() == raw                      # nothing lost, nothing added
        assert json.loads(json.dumps(raw)) == raw          # plain JSON, as a replay stores it
    typed = FlickOutcome.from_json(move)
    assert typed.flicked == "movement_disc" and typed.clean and typed.extra.weapon == "movement_disc"
    assert typed.flare_at == typed.extra.end                # the bridge's copy for FLARE
    # every figure on the table where it stands after the move: Anita 10 cm north, standing
    assert typed.positions["survivor-anita"] == (float(anita[0]), float(anita[1]))
    assert anita[1] > start[1] + 5.0 and typed.standing["survivor-anita"]
    assert RushOutcome.from_json(rush).zombies and not hasattr(RushOutcome.from_json(rush), "flicked")


def test_an_older_outcome_without_the_newer_keys_reads_with_the_rules_defaults():
    """A save or replay from before a key existed: a missing 'clean' is a touch (MOVE fails), no
    objects were measured (S3 keeps what it knew), no barricades were measured (S4)."""
    old = FlickOutcome.from_json({"flicked": "movement_disc", "fell": ["zombie-01"], "extra": {}})
    assert not old.clean and old.fell == ("zombie-01",) and old.objects is None and old.barricades is None
    assert old.extra == FlickDetails() and old.behind is None and old.flare_at is None


def test_the_committed_fixtures_outcomes_read_back_unchanged():
    """Every Measured outcome of the committed replay and save fixtures survives the typed form."""
    seen = 0
    for path in sorted((ROOT / "tests").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        actions = data.get("actions", []) if isinstance(data, dict) else []
        for entry in actions:
            if isinstance(entry, dict) and entry.get("type") == "Measured" and "flicked" in entry["data"]["outcome"]:
                raw = entry["data"]["outcome"]
                assert FlickOutcome.from_json(raw).to_json() == raw, path.name
                seen += 1
    assert seen > 0
