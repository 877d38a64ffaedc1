"""`base` in an amended winner line (trial20): it stands for the part of the line it replaces, as the packs before
left it (the key, the i-th tie-break, the condition), so an expansion adds a column to the score without restating
the base's sum (7 Wonders: Leaders, Kingdomino's Age of Giants); E365 where the base has no such part, E367 for
`base(...)`; both backends rank alike, lint says the line keeps the base's, explain reads it, fmt prints it back."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, explained, found_at, printed_back

BASE = """
counter crowns;
counter largest;
counter challenges;
game kingdomino "Kingdomino" {
  seats 2 to 4;
  phase play { gain 3 crowns; gain 1 largest; each players: gain 2 challenges; }
  winner most crowns then largest;
}
"""


def results(amend: str) -> list[dict]:
    """The result of one game of BASE with `amend` after it, compiled and interpreted."""
    out = []
    for program in both_built(BASE + amend):
        game = Game(program, 2, 1)
        out.append(game.play())
    return out


def test_base_in_the_key_is_the_bases_key_and_in_a_tie_break_the_bases_tie_break():
    first, second = results("amend kingdomino { winner most base + challenges then base; }")
    assert first == second
    # P1 (who took the phase's steps): 3 crowns + 2 challenges, then 1; P2: 0 + 2, then 0
    assert first["scores"] == {"P1": [5, 1], "P2": [2, 0]} and first["winners"] == ["P1"]


def test_a_line_without_base_still_replaces_the_bases_whole():
    first, second = results("amend kingdomino { winner most challenges; }")
    assert first == second and first["scores"] == {"P1": [2], "P2": [2]}


def test_base_stands_for_the_line_as_the_packs_before_left_it():
    first, _ = results("amend kingdomino { winner most base + challenges then base; }\n"
                       "amend kingdomino { winner most base * 2 then base - 1; }")
    assert first["scores"] == {"P1": [10, 0], "P2": [4, -1]}


def test_lint_says_the_line_keeps_the_bases_and_explain_reads_it_in_place():
    result = analyse_text(BASE + "amend kingdomino { winner most base + challenges then base; }")
    assert [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["amends game 'kingdomino': the winner line, keeping the base's"]
    assert not [d for d in result.diagnostics if d.severity != "info"]
    assert "the most crowns plus your challenges (ties broken by the most largest)" in explained(result, "kingdomino")


def test_base_where_the_bases_line_has_no_such_part_is_e365():
    assert ("E365", 11, 38) in found_at(BASE + "amend kingdomino {\n  winner most base then largest then base;\n}")
    assert ("E365", 11, 25) in found_at(BASE + "amend kingdomino {\n  winner most crowns if base;\n}")


def test_base_called_is_e367_and_nothing_else_is_reported_of_the_line():
    found = found_at(BASE + "amend kingdomino {\n  winner most base(1) + challenges;\n}")
    assert [code for code, *_ in found if code != "I404"] == ["E367"]


def test_base_in_a_games_own_winner_line_is_an_unknown_name():
    found = found_at("counter vp;\ngame g \"G\" {\n  seats 2;\n  phase play { gain 1 vp; }\n  winner most base + vp;\n}\n")
    assert ("E201", 5, 15) in found


def test_fmt_prints_base_back():
    _module, printed = printed_back(BASE + "amend kingdomino { winner most base + challenges then base; }\n")
    assert "winner most base + challenges then base;" in printed
