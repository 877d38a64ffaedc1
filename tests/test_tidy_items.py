"""Branch tidy: consistency items the twenty-fifth session left. (1) A value worked out before play reads the same
things wherever it stands: a resource's or a bank's `supply`, a counter's `start` and a variable's default take
options and printed tables read at values known as the game is made, and a table read at a value known only in
play is E677 in all of them (one check, `Checker.read_in_play`)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import rules_programs, run_proc

# Splendor-like (for illustration): the gems of each colour by the seats, a variant's bank by an option
BANKS = """game g { seats 2 to 4; phase play { } winner most vp; }
option gems "Gems per colour": 3..7 = 5;
table gem_tokens[n: 2..4] "Gem tokens": int = [4, 5, 7];
resource ruby "Ruby" supply gems;
resource onyx "Onyx" supply gem_tokens[player_count] + gems;
counter vp;
counter pool global from 0 to 20 supply gem_tokens[player_count] * 2;
proc p() { gain supply(ruby) * 100 + supply(onyx) vp; }
"""

banks = rules_programs(BANKS)


@pytest.mark.parametrize("players, settings, ruby, onyx, pool", [
    (2, (), 5, 9, 8),
    (3, (), 5, 10, 10),
    (4, ("gems=3",), 3, 10, 14),
])
def test_a_supply_reads_an_option_and_a_table_at_it_on_both_backends(banks, players, settings, ruby, onyx, pool):
    game = Game(banks(), players, 1, variants=settings)
    assert game.state.supply == {"ruby": ruby, "onyx": onyx, "pool": pool}
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == ruby * 100 + onyx


def test_the_banks_lint_clean():
    assert [d.code for d in analyse_text(BANKS).diagnostics] == []


def findings(text: str, *codes: str) -> list[tuple]:
    """The findings of `codes` in the analysis of `text`: (code, line, column, message, hint)."""
    return [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in analyse_text(text).diagnostics
            if d.code in codes]


@pytest.mark.parametrize("old, new, value, what", [
    ("resource ruby \"Ruby\" supply gems;", "resource ruby \"Ruby\" supply gem_tokens[vp];", "vp]", "the supply of 'ruby'"),
    ("supply gem_tokens[player_count] + gems;", "supply gem_tokens[player_count + vp] + gems;", "vp]",
     "the supply of 'onyx'"),
    ("supply gem_tokens[player_count] * 2;", "supply gem_tokens[most()] * 2;", "most()", "the supply of 'pool'"),
    ("var x: bool = false;", "var x: bool = gem_tokens[pool] > 4;", "pool]", "the start of variable 'x'"),
    ("counter vp;", "counter vp start gem_tokens[pool];", "pool]", "the start of counter 'vp'"),
])
def test_a_table_read_in_play_is_E677_in_a_supply_a_bank_and_a_start_alike(old, new, value, what):
    text = (BANKS + "func most(): int = highest(q in players, q.vp);\nvar x: bool = false;\n").replace(old, new)
    line = next(n for n, written in enumerate(text.splitlines(), 1) if new in written)
    found = findings(text, "E677", "E303", "E322")
    assert [f[:3] for f in found] == [("E677", line, text.splitlines()[line - 1].index(value) + 1)]
    assert found[0][3].startswith(what + " is worked out before play, and reads table 'gem_tokens' at ")
    settable = ", or set it in setup" if "start" in what else ""
    assert found[0][4] == f"read it at numbers, player_count, options or constants ('gem_tokens[player_count]'){settable}"


def test_a_supply_reading_a_counter_outside_a_table_is_still_E303():
    found = findings(BANKS.replace("supply gems;", "supply gems + vp;"), "E677", "E303")
    assert [f[:3] for f in found] == [("E303", 4, 36)] and "cannot read 'vp'" in found[0][3]
