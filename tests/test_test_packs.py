"""Every game written as a test pack (tests/packs/: the new-designer trials, the audits' packs) lints with no
error and no warning but the ones listed with their reason, and with no note but an extension's I404; each
of its files parses back from its printed form. That each is in canonical form is test_fmt's
`test_every_pack_under_rules_and_tests_packs_is_in_canonical_form`. (The pack test modules each had their own
copy of these checks; they are here once, for every pack.)"""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse

from .conftest import printed_back

PACKS = Path(__file__).parent / "packs"

# pack -> the findings it keeps (code, line), each for a reason the pack's rules give
KNOWN = {
    # the showdown's "muck" option reads the hands of players who have shown them: the checker cannot know
    # they were revealed (W523 is about hidden zones read in a `when`)
    "holdem": [("W523", 166)],
}


ALL = sorted(p.name for p in PACKS.iterdir() if (p / "pack.toml").is_file())


@pytest.mark.parametrize("pack", ALL)
def test_the_test_pack_lints_clean(pack):
    diagnostics = analyse(str(PACKS / pack)).diagnostics
    found = [(d.code, d.span.line) for d in diagnostics if d.severity != "info"]
    assert found == KNOWN.get(pack, []), found
    # a note is only an extension's report of what it changes (I404), never in a game standing alone
    extends = "extends" in (PACKS / pack / "pack.toml").read_text()
    assert {d.code for d in diagnostics if d.severity == "info"} <= ({"I404"} if extends else set())


@pytest.mark.parametrize("pack", ALL)
def test_each_file_of_the_test_pack_parses_back_from_its_printed_form(pack):
    for path in sorted((PACKS / pack).glob("*.rules")):
        printed_back(path.read_text(encoding="utf-8"))
