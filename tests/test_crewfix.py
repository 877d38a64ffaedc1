"""Fixes from the Crew and Waterdeep audits: an index by a kind of many copies (W450), a closed stdout,
the scope of `after`, forced picks in the trace, clearer syntax errors, and the tools' wording."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import FEDERATION


COPIED = """kind card { v: int; }
card p "P{v}" * 9 { v = 1; }
card solo "Solo" { v = 2; }
zone hand per_player of card;
var won_by[card] global: player;
counter seen[card] global;
proc play() {
  pick c from hand "play?" {
    set won_by[c] = you;
    gain 1 seen[c];
    set won_by[solo] = you;
  }
}
"""


def test_an_index_by_a_kind_of_many_copies_given_a_card_is_w450_at_the_index():
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(COPIED).diagnostics]
    assert [f[:3] for f in found] == [("W450", 9, 16), ("W450", 10, 17)]
    assert "'won_by: player = none;' in 'kind card'" in found[0][3]
    assert "'seen: int = 0;'" in found[1][3]


def test_an_index_by_a_kind_without_copies_is_not_w450():
    text = COPIED.replace(' * 9', '')
    assert [d.code for d in analyse_text(text).diagnostics] == []


def closed_pipe_run(*args) -> "subprocess.CompletedProcess":
    """`rulebook ARGS` writing into a pipe whose reader has already gone (`| head -1` after its line)."""
    import os
    import subprocess
    import sys
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-c", "from rulebook.cli import main; main()", *map(str, args)],
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=240)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [
    ("play", FEDERATION, "--players", "3", "--seed", "1", "--trace"),
    ("play", FEDERATION, "--players", "3", "--seed", "1", "--trace", "--interpret"),
    ("explain", FEDERATION, "senate"),
    ("cover", FEDERATION, "--games", "1"),
], ids=["play-trace", "play-trace-interpreted", "explain", "cover"])
def test_a_closed_stdout_ends_the_cli_quietly_with_141(args):
    done = closed_pipe_run(*args)
    assert done.returncode == 141
    assert "error" not in done.stderr and "Traceback" not in done.stderr and "Broken" not in done.stderr
