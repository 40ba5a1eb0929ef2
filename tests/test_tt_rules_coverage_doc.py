"""docs/rules-coverage-tailsandtactics.md names tests that exist: every ``test_...`` it cites (a
trailing ``*`` or ``_`` = a prefix) is a test function in tests/test_tt_*.py, and every rulebook
section heading has a row."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
DOC = TESTS.parent / "docs" / "rules-coverage-tailsandtactics.md"
SECTIONS = ("Things You'll Need", "Objective of the Game", "Anatomy of a Card", "Card Types - Units",
            "Card Types - Equipment", "Card Types - Events", "Card Types - Traps", "Card Types - Turfs",
            "Card Types - New Rules", "Battlefield Setup", "Your Turn", "Deploying Units - Requirements",
            "Deploying Units - Attacking", "Valid Targets", "Dealing Damage", "Special Attacks - Explosive",
            "Special Attacks - Direct", "Special Attacks - X on Y", "Events, Traps, and Other Shenanigans",
            "Actions and Timing", "Your Opponent's Turn - Dodging", "Your Opponent's Turn - Traps")


def test_the_coverage_doc_cites_only_tests_that_exist():
    names = set()
    for path in TESTS.glob("test_tt_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    text = DOC.read_text(encoding="utf-8")
    cited = re.findall(r"(test_\w+)(\*?)", text)
    assert len(cited) > 30
    for name, star in cited:
        if name in ("test_tt_", "test_tt_rules_"):      # the file name patterns in the prose
            continue
        if name.startswith("test_tt_"):
            assert (TESTS / f"{name}.py").exists(), name
        elif star or name.endswith("_"):
            assert any(n.startswith(name) for n in names), name
        else:
            assert name in names, name


def test_every_rulebook_section_has_a_row():
    rows = [line.split("|")[1].strip() for line in DOC.read_text(encoding="utf-8").splitlines() if line.startswith("| ")]
    for section in SECTIONS:
        assert any(r.startswith(section) for r in rows), section
