"""Cases of a `match` that are several values, ranges `A..B` or open ranges `A..`, one grammar and one
check for the statement and the expression (the Agricola audit: a range case crashed lint in a
statement and silently never held in a typed func)."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.compiler.driver import analyse, analyse_text, compile_pack
from rulebook.compiler.explain import explain
from rulebook.runtime.coverage import branch_points
from rulebook.runtime.engine import Game

from .conftest import both_built, examples, found_at, parse_error, played, printed_back, rules_programs, run_proc, write_pack

AUDIT = Path(__file__).parent / "packs" / "agricola_match"

PACK = """
counter vp;
counter fields "Fields" from 0 to 6;
resource grain;
func stage_of(r: int): int = match r { 1..4: 1, 5..7: 2, else: 6 };
func untyped(r: int) = match r { 0: 0, 1, 2: 1, 3..4: 2, 5..: 3 };
func field_points(): int = match fields { 0: -1, 1, 2: 1, 3: 2, 4: 3, 5..: 4 };
func between(r: int, lo: int, hi: int): int = match r { lo..hi: 1, else: 0 };
proc table(r: int) {
  match r {
    1..4: gain 1 vp;
    5, 9..: gain 20 vp;
    else { gain 300 vp; }
  }
}
proc by_fields() {
  match fields {
    0 {}
    1, 2: gain 1 grain;
    3..5: gain 3 grain;
    6.. { gain 6 grain; }
  }
}
"""

program = rules_programs(PACK)


def test_the_audit_repros_lint_clean_and_score_right_on_both_backends():
    assert [d.code for d in analyse(str(AUDIT)).diagnostics] == []
    text = (AUDIT / "main.rules").read_text()
    for built in both_built(text):
        g = played(built, 1, players=1)
        assert g.state.players[0].stock["vp"] == 10 * 1 + 1 + 100 * 2


def test_a_range_case_holds_a_number_from_its_low_end_to_its_high_end(program):
    g = Game(program(), 2, 1)
    funcs = g.program.funcs
    you = g.state.players[0]
    assert [funcs["stage_of"](g, you, r) for r in (0, 1, 4, 5, 7, 8)] == [6, 1, 1, 2, 2, 6]
    assert [funcs["untyped"](g, you, r) for r in range(0, 8)] == [0, 1, 1, 2, 2, 3, 3, 3]
    assert [funcs["between"](g, you, r, 2, 4) for r in range(0, 6)] == [0, 0, 1, 1, 1, 0]
    assert funcs["between"](g, you, 3, 4, 2) == 0   # ends known only in play, the wrong way round: no number
    for fields, points in ((0, -1), (2, 1), (3, 2), (4, 3), (5, 4), (6, 4)):
        you.stock["fields"] = fields
        assert funcs["field_points"](g, you) == points


def test_a_match_statement_runs_the_arm_whose_case_the_value_meets(program):
    g = Game(program(), 2, 1)
    for r in (3, 5, 9, 12, 7, 0):
        run_proc(g, "table", r)
    assert g.state.players[0].stock["vp"] == 1 + 20 + 20 + 20 + 300 + 300
    for fields in range(0, 7):
        g.state.players[1].stock["fields"] = fields
        run_proc(g, "by_fields", player=1)
    assert g.state.players[1].stock["grain"] == 1 + 1 + 3 * 3 + 6


def test_the_compiled_code_is_a_chain_of_comparisons_without_a_list(tmp_path):
    source = compile_pack(str(write_pack(tmp_path / "t", PACK))).source
    # a parameter may be none at run time (none meets no range); a counter never is
    assert "if (_match1 is not None and 1 <= _match1 <= 4):" in source and " or (_match1 is not None and 9 <= _match" in source
    assert "elif 3 <= _match2 <= 5:" in source and "elif 6 <= _match2:" in source
    assert "if (_match" in source and "is not None and 5 <= _match" in source
    assert "is not None and v_lo <= _match" in source and " <= v_hi): return 1" in source
    assert "[1, 2, 3, 4]" not in source and "range(1, 5)" not in source


def test_misuse_is_positioned():
    head = "counter vp;\ncounter fields from 0 to 6;\n"
    cases = {
        "proc p(t: str) { match t { 1..4: gain 1 vp; } }": ("E303", 3, 28),
        "func f(t: bool): int = match t { 1..: 1, else: 0 };": ("E303", 3, 34),
        "func f(n: int): int = match n { 1..\"a\": 1, else: 0 };": ("E303", 3, 36),
        "proc p(n: int) { match n { 4..2: gain 1 vp; else: gain 2 vp; } }": ("E390", 3, 28),
        "func f(n: int): int = match n { 4..2: 1, else: 0 };": ("E390", 3, 33),
        "func f(n: int): int = match n { 1..4: 1, 2: 5, else: 0 };": ("W456", 3, 42),
        "proc p(n: int) { match n { 1..4: gain 1 vp; 3..6: gain 2 vp; } }": ("W456", 3, 45),
        "proc p(n: int) { match n { 1..: gain 1 vp; 3..6: gain 2 vp; } }": ("W456", 3, 44),
        "func f(n: int): int = match n { 1: 1, 1: 5, else: 0 };": ("W402", 3, 39),
        "func f(): int = match fields { 0: 1, 2..3: 2, 5..5: 3 };": ("W458", 3, 17),
        "proc p() { match fields { 1..6: gain 1 vp; } }": ("W458", 3, 12),
    }
    for body, (code, line, column) in cases.items():
        found = found_at(head + body + "\n")
        assert (code, line, column) in found, (body, found)
    gap = analyse_text(head + "func f(): int = match fields { 0: 1, 2..3: 2, 5..5: 3 };\n").diagnostics
    assert "no case for 1, 4, 6 (fields runs from 0 to 6)" in next(d.message for d in gap if d.code == "W458")
    overlap = analyse_text(head + "func f(n: int): int = match n { 1..4: 1, 3..6: 5, else: 0 };\n").diagnostics
    assert "3..4 go to them" in next(d.message for d in overlap if d.code == "W456")
    opened = analyse_text(head + "proc p(n: int) { match n { 1, 9..: gain 1 vp; 5..: gain 2 vp; } }\n").diagnostics
    assert "the range 5.. overlaps earlier cases: 9.. go to them" in next(d.message for d in opened if d.code == "W456")


def test_a_case_open_at_its_low_end_does_not_parse():
    d = parse_error("counter vp;\nfunc f(n: int): int = match n { ..2: 1, else: 0 };\n")
    assert d.code == "E100" and (d.span.line, d.span.column) == (2, 33) and "lowest number" in d.message


def test_no_warning_where_the_cases_meet_or_an_else_takes_the_rest():
    head = "counter vp;\ncounter fields from 0 to 6;\n"
    for body in ("func f(): int = match fields { 0: 1, 1..3: 2, 4..: 3 };",
                 "func f(): int = match fields { 0..2: 1, else: 2 };",
                 "proc p() { match fields { 0, 1: gain 1 vp; 2..6: gain 2 vp; } }",
                 "proc p(n: int) { match n { 1..3: gain 1 vp; 4..6: gain 2 vp; } }",
                 "func f(n: int, m: int): int = match n { 1..m: 1, m..9: 2, else: 0 };"):
        assert [d.code for d in analyse_text(head + body + "\n").diagnostics if d.code != "W401"] == [], body


def test_the_cases_print_back_as_written():
    module, printed = printed_back(PACK)
    assert "match r { 0: 0, 1, 2: 1, 3..4: 2, 5..: 3 }" in printed
    assert "    5, 9..: gain 20 vp;" in printed and "    6..: gain 6 grain;" in printed
    assert printed_back(printed)[1] == printed


def test_explain_reads_the_cases():
    symbols = analyse_text(PACK).symbols
    table = [line.strip() for line in explain(symbols.decls["table"], symbols)]
    assert "If it is 1 to 4:" in table and "If it is 5 or at least 9:" in table
    untyped = " ".join(explain(symbols.decls["untyped"], symbols))
    assert "1 if it is 1 or 2" in untyped and "2 if it is 3 or 4" in untyped and "3 if it is at least 5" in untyped
    assert "if it is between lo and hi" in " ".join(explain(symbols.decls["between"], symbols))


def test_cover_branches_names_each_arm_by_its_cases(tmp_path):
    root = write_pack(tmp_path / "t", PACK + "game t { seats 1 to 1; phase play { table(1); by_fields(); } winner most vp; }\n")
    names = sorted(name.split(" ", 1)[1] for group, name in branch_points(analyse(str(root)).symbols).values()
                   if group == "match arm")
    assert names == ["1, 2", "1..4", "3..5", "5, 9..", "6..", "else"]


BUILT = None


@settings(max_examples=examples(120), deadline=None)
@given(st.lists(st.integers(-5, 30), min_size=1, max_size=6, unique=True).map(sorted), st.booleans(),
       st.integers(-8, 35))
def test_a_range_match_agrees_with_the_if_else_ladder(thresholds, open_top, x):
    """A table of ranges from each threshold to the next one's number less one (the last open, or
    closed at 30) gives what the ladder of `if x >= T` from the top gives, on both backends."""
    lows = thresholds
    highs = [t - 1 for t in thresholds[1:]] + [None if open_top else 30]
    cases = ", ".join(f"{lo}..{'' if hi is None else hi}: {i + 1}" for i, (lo, hi) in enumerate(zip(lows, highs)))
    ladder = "0"
    for i, (lo, hi) in enumerate(zip(lows, highs)):
        test = f"x >= {lo}" + ("" if hi is None else f" and x <= {hi}")
        ladder = f"if {test} then {i + 1} else {ladder}"
    text = (f"counter vp;\nfunc by_match(x: int): int = match x {{ {cases}, else: 0 }};\n"
            f"func by_ladder(x: int): int = {ladder};\n")
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    for built in both_built(text):
        g = Game(built, 2, 1)
        you = g.state.players[0]
        assert built.funcs["by_match"](g, you, x) == built.funcs["by_ladder"](g, you, x)


LOVE_LETTER = """
counter vp;
kind card { value: int; }
card guard "Guard" * 5 { value = 1; }
card priest "Priest" * 2 { value = 2; }
zone hand per_player of card;
proc play_card(c: card) {
  match c.name {
    guard { gain 1 vp; }
    priest { gain 2 vp; }
  }
}
"""


def test_a_cards_name_matched_against_cards_is_told_once_to_match_the_card():
    # Love Letter, as a designer first wrote it: one E303 for the match (it was one a case), with the way out
    [found] = [d for d in analyse_text(LOVE_LETTER).diagnostics if d.severity == "error"]
    assert (found.code, found.span.line) == ("E303", 9)
    assert found.hint == "match the card itself, 'match c { guard ... }': a case that names a card meets each of its copies"


def test_a_case_naming_a_card_meets_each_of_its_copies():
    # the hint's promise, on both backends: each of the five Guards and of the two Priests takes its card's arm
    text = LOVE_LETTER.replace("match c.name {", "match c {") + \
        "proc p() { fill hand with card; for each c in hand { play_card(c); } }\n"
    for program in both_built(text):
        game = Game(program, 1, 1)
        run_proc(game, "p")
        assert game.state.players[0].stock["vp"] == 5 * 1 + 2 * 2


def test_a_loop_over_a_kind_that_moves_each_card_leaves_the_copies_w545():
    text = LOVE_LETTER.replace("match c.name {", "match c {") + \
        "zone deck of card;\nproc setup_deck() {\n  for each c in card { move c to deck; }\n}\n"
    [found] = [d for d in analyse_text(text).diagnostics if d.code == "W545"]
    assert (found.span.line, found.span.column) == (15, 24)
    assert "so 5 copies (guard has 5 and others) are never moved" in found.message
    assert found.hint == "to put every copy in a zone, 'fill deck with card;' (4.14)"
    # and the rules it warns about do leave them: one Guard and one Priest in the deck, on both backends
    for program in both_built(text):
        game = Game(program, 1, 1)
        run_proc(game, "setup_deck")
        assert [c.name for c in game.zone(None, "deck").items] == ["guard", "priest"]
    fixed = text.replace("for each c in card { move c to deck; }", "fill deck with card;")
    assert not [d for d in analyse_text(fixed).diagnostics if d.code == "W545"]
