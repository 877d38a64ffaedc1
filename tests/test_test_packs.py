"""Every game written as a test pack (tests/packs/: the new-designer trials, the audits' packs) lints with no
error and no warning but the ones listed with their reason; that each is in canonical form is
test_fmt's `test_every_pack_under_rules_and_tests_packs_is_in_canonical_form`."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse

PACKS = Path(__file__).parent / "packs"

# pack -> the findings it keeps (code, line), each for a reason the pack's rules give
KNOWN = {
    # the showdown's "muck" option reads the hands of players who have shown them: the checker cannot know
    # they were revealed (W523 is about hidden zones read in a `when`)
    "holdem": [("W523", 166)],
}


@pytest.mark.parametrize("pack", sorted(p.name for p in PACKS.iterdir() if (p / "pack.toml").is_file()))
def test_the_test_pack_lints_clean(pack):
    found = [(d.code, d.span.line) for d in analyse(str(PACKS / pack)).diagnostics if d.severity != "info"]
    assert found == KNOWN.get(pack, []), found
