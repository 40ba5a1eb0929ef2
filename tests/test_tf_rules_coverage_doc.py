"""docs/rules-coverage-tailfeathers.md and the scenes agree on which additional rules are on
(rulebook, Additional Rules: Action Cards, Structures, Foraging, Tail Feathers, Death Spirals,
Leaves, each "when playing with this rule")."""
from __future__ import annotations

import re
from pathlib import Path

from feltbox.game.tailfeathers.bridge import TFBridge
from feltbox.rules.tailfeathers.state import ADDITIONAL
from feltbox.scenes.loader import load_tailfeathers

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules-coverage-tailfeathers.md"


def test_Additional_Rules_the_coverage_doc_names_the_rules_every_scene_plays_with():
    """The doc's sentence "every scene plays with the additional rules `a`, `b` ... (`SCENE_RULES`"
    names exactly the rules each scene's battle is set up with (Show of Force and Glade Crossing:
    tail_feathers, death_spirals, foraging, action_cards; leaves and structures off)."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    sentence = re.search(r"every scene plays with the additional rules (.*?)\(`SCENE_RULES`", text).group(1)
    named = set(re.findall(r"`([a-z_]+)`", sentence))
    assert named <= set(ADDITIONAL)
    for name in ("show_of_force", "glade_crossing"):
        rules = set(TFBridge(load_tailfeathers(name), 1).engine.state.setup.rules)
        assert rules == named, name
    assert named == {"tail_feathers", "death_spirals", "foraging", "action_cards"}
