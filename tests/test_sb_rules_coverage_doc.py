"""docs/rules-coverage-snowbirds.md names tests that exist: every ``test_...`` it cites (a
trailing ``*`` = a prefix) is a test function in tests/test_sb_*.py, and every test module it
cites is a file."""
from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
DOC = TESTS.parent / "docs" / "rules-coverage-snowbirds.md"


def test_the_coverage_doc_cites_only_tests_that_exist():
    names = set()
    for path in TESTS.glob("test_sb_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    cited = re.findall(r"(test_\w+)(\*?)", DOC.read_text(encoding="utf-8"))
    assert len(cited) > 30
    for name, star in cited:
        if name == "test_sb_rules_":          # the file name pattern in the prose
            continue
        if name.startswith("test_sb_"):
            assert (TESTS / f"{name}.py").exists(), name
        elif star or name.endswith("_"):
            assert any(n.startswith(name) for n in names), name
        else:
            assert name in names, name
