"""docs/rules-coverage-root.md lists every clause of Law sections 12 and 13 with tests named after
it, and every test it cites exists in tests/test_root_*.py. Where the Law text is at hand
(../shared/seeds, beside the repository) its clause numbers must be exactly the doc's."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
DOC = TESTS.parent / "docs" / "rules-coverage-root.md"
LAW = TESTS.parent.parent / "shared" / "seeds" / "root-duchy-and-corvids-law.txt"


def rows() -> dict[str, list[str]]:
    out = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| (1[23](?:\.\d+)+(?:\.[IVX]+)?) ", line)
        if m:
            out[m.group(1)] = re.findall(r"test_\w+", line.split("|")[3])
    return out


def cited_names() -> set[str]:
    names = set()
    for path in TESTS.glob("test_root_*.py"):
        names |= set(re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M))
    return names


def test_every_clause_has_a_test_named_after_it():
    clauses, names = rows(), cited_names()
    assert len(clauses) >= 60
    for clause, tests in clauses.items():
        assert tests, clause
        for name in tests:
            assert name in names, f"{clause}: {name} is not a test"
        prefix = "test_" + clause.replace(".", "_") + "_"
        assert any(t.startswith(prefix) for t in tests), f"{clause}: no test named {prefix}..."


def test_the_doc_cites_only_tests_that_exist():
    names = cited_names()
    for name in re.findall(r"(test_\w+)", DOC.read_text(encoding="utf-8")):
        if name.startswith("test_root_"):
            assert (TESTS / f"{name}.py").exists(), name
        else:
            assert name in names, name


def law_clauses(text: str) -> set[str]:
    """Clause numbers of the Law text: "12.2.3" lines and the Roman items under them."""
    out, current = set(), ""
    for line in text.splitlines():
        line = line.strip()
        m = re.fullmatch(r"(1[23](?:\.\d+)+)(?: .*)?", line)
        if m:
            current = m.group(1)
            out.add(current)
        elif re.fullmatch(r"[IVX]+", line) and current:
            out.add(f"{current}.{line}")
    return out


@pytest.mark.skipif(not LAW.exists(), reason="the Law text is not beside the repository")
def test_the_doc_lists_exactly_the_laws_clauses():
    law = law_clauses(LAW.read_text(encoding="utf-8"))
    headings = {c for c in law if any(o.startswith(c + ".") for o in law) and c.count(".") == 1}
    assert law - headings - {"12.2", "13.2", "12.3", "13.3", "13.7"} <= set(rows())
    assert set(rows()) <= law
