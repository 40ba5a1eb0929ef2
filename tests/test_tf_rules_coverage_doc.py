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


def test_Additional_Rules_the_coverage_doc_names_the_rules_each_scene_plays_with():
    """The doc's sentences "<Scene> plays with `a`, `b` ..." / "<Scene> with `a` ..." name exactly
    the rules each scene's battle is set up with (its scene file's ``additional_rules``)."""
    text = " ".join(DOC.read_text(encoding="utf-8").split())
    for name, title in (("show_of_force", "Show of Force plays with"), ("glade_crossing", "Glade Crossing with")):
        sentence = re.search(re.escape(title) + r" ((?:`[a-z_]+`,? ?)+)", text).group(1)
        named = set(re.findall(r"`([a-z_]+)`", sentence))
        assert named <= set(ADDITIONAL)
        assert set(TFBridge(load_tailfeathers(name), 1).engine.state.setup.rules) == named, name
        assert set(load_tailfeathers(name).rules) == named


def test_Structures_a_side_brings_Build_Ballista_where_structures_are_played():
    for name, built in (("show_of_force", False), ("glade_crossing", True)):
        hands = dict(TFBridge(load_tailfeathers(name), 1).engine.state.setup.hands)
        assert all(("build_ballista" in hand) == built for hand in hands.values()), name
