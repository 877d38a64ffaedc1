"""Number ranges `A..B` (the whole numbers from A to B, both included) as loop, aggregate and pick
domains and as values, on both backends; their step budget, diagnostics, printing and reading."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import _generate, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import expr, format_module
from rulebook.runtime.engine import MAX_STEPS, Game, RulesRuntimeError

from .conftest import rules_programs, run_proc

# Can't Stop: eleven columns, 2 to 12, of 3 to 13 spaces; each player climbs each column and claims
# it at its top.
PACK = """
counter cap_of[2..12] global;
counter climbed[2..12] "Climbed";
counter claimed;
counter vp;
counter n;
kind column_card { sums: list; }
column_card middle { sums = 6..8; }
func height(c: int) = 13 - 2 * (if c > 7 then c - 7 else 7 - c);
proc setup_columns() { for each c in 2..12 { set cap_of[c] = height(c); } }
proc claim_all() {
  for each c in 2..12 where climbed[c] >= cap_of[c] { gain 1 claimed; }
}
func progress() = total(c in 2..12, climbed[c]);
func open_columns() = count(c in 2..12 where climbed[c] < cap_of[c]);
"""


program = rules_programs(PACK)


def play(program, procs: str, answers=(), players: int = 2) -> Game:
    game = Game(program(procs), players, 1)
    run_proc(game, "setup_columns")
    run_proc(game, "p", answers=answers)
    return game


def stock(game: Game, seat: int = 0) -> dict:
    return game.state.players[seat].stock


def test_a_loop_over_a_range_runs_from_the_first_number_to_the_last(program):
    g = play(program, "proc p() { for each c in 2..12 { set climbed[c] = c - 1; } claim_all(); }")
    assert [g.state.globals[f"cap_of[{c}]"] for c in range(2, 13)] == [3, 5, 7, 9, 11, 13, 11, 9, 7, 5, 3]
    assert [stock(g)[f"climbed[{c}]"] for c in range(2, 13)] == list(range(1, 12))
    assert stock(g)["claimed"] == 3   # columns 10 to 12 (9 of 7, 10 of 5, 11 of 3)


def test_aggregates_range_over_numbers(program):
    g = play(program, """proc p() {
      set climbed[7] = 13; set climbed[2] = 1; set climbed[3] = 2;
      gain progress() vp;                                        # 16
      set n = open_columns();                                    # 10
      gain 100 * highest(c in 2..12 where climbed[c] > 0, c) claimed;   # 700
      gain 10 * lowest(c in 2..12 where climbed[c] > 0, c) claimed;     # 20
      if some(c in 2..12 where climbed[c] == cap_of[c]) { gain 1000 claimed; }
      if every(c in 2..12 where climbed[c] > 0) { gain 5000 claimed; }
      gain first(c in 2..12 where climbed[c] == 2) claimed;     # 3
    }""")
    assert (stock(g)["vp"], stock(g)["n"], stock(g)["claimed"]) == (16, 10, 1723)


def test_the_ends_are_any_number_expressions_and_a_backwards_range_is_empty(program):
    g = play(program, """proc p() {
      set n = 3;
      for each c in 1..n + 1 { gain c vp; }                  # 1 + 2 + 3 + 4
      for each c in n * 2..n { gain 100 vp; }                 # 6..3: nothing
      gain count(c in n..2) vp;                               # nothing
      gain 10 * total(c in -2..2, c * c) claimed;             # 4 + 1 + 0 + 1 + 4
    }""")
    assert (stock(g)["vp"], stock(g)["claimed"]) == (10, 100)


def test_a_range_is_a_list_of_numbers(program):
    g = play(program, """proc p() {
      let cols = 2..12;
      gain size(cols) vp;                                     # 11
      gain cols[3] claimed;                                   # 4
      gain total(x in gather(c in 1..3, 1..c), x) n;          # 1 + 1 + 2 + 1 + 2 + 3
      if 1..3 == [1, 2, 3] and contains(middle.sums, 7) { gain 100 vp; }
      for each s in middle.sums { gain s n; }                 # 6 + 7 + 8
    }""")
    assert (stock(g)["vp"], stock(g)["claimed"], stock(g)["n"]) == (111, 4, 31)


def test_pick_from_a_range_offers_its_numbers(program):
    game = Game(program("""proc p() {
      pick c from 2..12 where climbed[c] < 1 "advance which column?" { gain 1 climbed[c]; }
      pick c from 2..4 "and which?" up to 2 { gain c vp; }
    }"""), 2, 1)
    run_proc(game, "setup_columns")
    stock(game)["climbed[2]"] = 1
    asked = run_proc(game, "p", answers=["7", "3", "4"])
    assert asked[0].options == [str(c) for c in range(3, 13)]
    assert stock(game)["climbed[7]"] == 1 and stock(game)["vp"] == 7


def test_each_player_picks_a_column_from_a_range_simultaneously(program):
    game = Game(program("proc p() { each players simultaneously pick c from 2..12 \"which?\" { gain c vp; } }"), 2, 1)
    run_proc(game, "p", answers=["5", "9"])
    assert [stock(game, s)["vp"] for s in (0, 1)] == [5, 9]


def test_a_range_counts_its_steps_as_any_loop(program):
    counted = play(program, "proc p() { for each c in 1..1000 { gain 1 vp; } }").steps
    numbered = play(program, "proc p() { for each c in 1000 { gain 1 vp; } }").steps
    assert counted == numbered and counted >= 1000
    computed = play(program, "proc p() { set n = 1000; for each c in 1..n { gain 1 vp; } }").steps
    assert computed == counted


@pytest.mark.parametrize("procs", [
    "proc p() { set n = 3; for each c in 1..n * 1000000 { gain 1 vp; } }",
    "proc p() { set n = 3; gain total(c in 1..n * 1000000, c) vp; }",
    "proc p() { set n = 3; let xs = 1..n * 1000000; gain size(xs) vp; }",
    "proc p() { for each c in 1..3000000 { gain 1 vp; } }",
])
def test_a_range_past_the_step_budget_is_refused(program, procs):
    with pytest.raises(RulesRuntimeError) as caught:
        play(program, procs)
    assert caught.value.code == "E602"
    assert f"cannot range over 1..3000000: more than {MAX_STEPS} steps" in str(caught.value)


def test_ranges_in_a_loop_run_into_the_step_budget_as_loops_do(program):
    with pytest.raises(RulesRuntimeError, match="more than 200000 loop steps") as caught:
        play(program, "proc p() { for each c in 1..3 { for each d in 1..70000 { gain 1 vp; } } }")
    assert caught.value.code == "E602"


def test_generated_code_ranges_over_a_literal_range_directly():
    source = _generate(analyse_text(PACK + "proc p() { for each c in 1..n { gain c vp; } }"), "ranges", "0")
    assert "range(2, 13)" in source                 # `for each c in 2..12`, `total(c in 2..12, ...)`
    assert "rt.numbers(1, " in source              # a computed end is counted and bounded by the runtime
    huge = _generate(analyse_text(PACK + "proc p() { for each c in 1..1000000 { gain c vp; } }"), "ranges", "0")
    assert "rt.numbers(1, 1000000)" in huge and "range(1, 1000001)" not in huge


@pytest.mark.parametrize("procs, message, column", [
    ('proc p() { for each c in 1.."x" { gain c vp; } }', "a range runs from a whole number to a whole number, not a text", 29),
    ("proc p() { for each c in (1..3)..4 { } }", "not a list of numbers", 27),
    ("proc p() { for each c in 1..(n > 2) { } }", "not a condition", 30),
    ("proc p() { each 2..12 { gain 1 vp; } }", "'each' runs its body for players, not for a number", 17),
    ("proc p() { gain 1..3 vp; }", "an amount must be a number, not a list of numbers", 17),
])
def test_misused_ranges_are_e303_where_they_are(procs, message, column):
    found = [d for d in analyse_text(PACK + procs).diagnostics if d.code == "E303"]
    assert len(found) == 1 and message in found[0].message
    assert (found[0].span.line, found[0].span.column) == (len(PACK.splitlines()) + 1, column)


def test_a_range_ordered_against_a_number_is_e531():
    found = [d for d in analyse_text(PACK + "proc p() { if 1..3 < 2 { } }").diagnostics if d.code == "E531"]
    assert len(found) == 1 and "cannot order a list of numbers and a number" in found[0].message
    assert (found[0].span.line, found[0].span.column) == (len(PACK.splitlines()) + 1, 15)


def test_a_constant_backwards_range_is_w402():
    found = [d for d in analyse_text(PACK + "proc p() { for each c in 12..2 { gain c vp; } }").diagnostics
             if d.code == "W402"]
    assert len(found) == 1 and "the range 12..2 is empty" in found[0].message and "2..12" in found[0].hint
    assert found[0].span.column == 26
    assert not [d for d in analyse_text(PACK + "proc p() { for each c in n..2 { gain c vp; } }").diagnostics
                if d.code == "W402"]   # a computed end may be below the other only sometimes


def test_a_range_past_the_step_budget_is_placed_at_its_statement_on_both_backends():
    text = PACK + "game g { seats 2 to 2; phase play { set n = 3;\n  for each c in 1..n * 1000000 { gain 1 vp; } } winner most vp; }"
    places = set()
    for interpreted in (False, True):
        with pytest.raises(RulesRuntimeError) as caught:
            Game(build_text(text, interpreted=interpreted), 2, 1).play()
        places.add((caught.value.code, caught.value.where))
    assert places == {("E602", f"_text_:{len(PACK.splitlines()) + 2}:3")}


@pytest.mark.parametrize("procs, message, column", [
    ("proc p() { for each c in 1..2..3 { } }", "a range has one '..' between two numbers", 30),
    ("proc p() { for each c in ..12 { } }", "a range starts with its lowest number", 26),
    ("proc p() { for each c in 2.. { } }", "a range ends with its highest number", 30),
    ("proc p() { let xs = 2..; }", "a range ends with its highest number", 24),
])
def test_a_misplaced_range_is_a_clear_syntax_error(procs, message, column):
    with pytest.raises(RulesError) as caught:
        parse_text(procs)
    d = caught.value.diagnostics[0]
    assert d.code == "E100" and message in d.message and d.hint == "write LOW..HIGH"
    assert d.span.column == column


def test_a_range_binds_looser_than_arithmetic_and_tighter_than_comparisons():
    def value(text):
        return parse_text(f"func f() = {text};").items[0].value

    assert value("1..n + 1") == A.Range(A.Int(1), A.Binary("+", A.Name("n"), A.Int(1)))
    assert value("a * 2..b % 3") == A.Range(A.Binary("*", A.Name("a"), A.Int(2)), A.Binary("%", A.Name("b"), A.Int(3)))
    assert value("1..3 == xs") == A.Binary("==", A.Range(A.Int(1), A.Int(3)), A.Name("xs"))
    assert value("-2..-1") == A.Range(A.Unary("-", A.Int(2)), A.Unary("-", A.Int(1)))


@pytest.mark.parametrize("text", ["2..12", "1..(n + 1)", "(src + 1)..6", "(a * 2)..(b % 3)", "1..3 == xs", "xs != 1..3", "(1..3)..4", "1..(a == b)",
                                  "-2..-n", "(if a then 1 else 2)..3", "[1..3, 4..5][2]", "size(1..n)"])
def test_ranges_print_back_with_only_the_parentheses_a_reader_needs(text):
    """An operation at either end is bracketed (Backgammon's `(src + 1)..6` printed `src + 1..6`, which
    reads as `src + (1..6)`): the grammar needs no brackets there, a reader does."""
    source = f"func f() = {text};"
    module = parse_text(source)
    assert expr(module.items[0].value) == text
    assert parse_text(format_module(module)) == module


def test_a_pack_with_ranges_formats_back_to_itself():
    module = parse_text(PACK + "proc p() { pick c from 2..12 where climbed[c] < cap_of[c] { gain 1 climbed[c]; } }")
    assert parse_text(format_module(module)) == module


def reading(procs: str, name: str = "p") -> list[str]:
    module = parse_text(PACK + procs)
    return [line.strip() for line in explain(next(d for d in module.items if getattr(d, "name", None) == name))]


def test_explain_reads_a_range_from_its_first_number_to_its_last():
    lines = reading("""proc p() {
      for each c in 2..12 { gain 1 vp; }
      gain total(c in 2..12, climbed[c]) vp;
      pick c from 2..n + 1 { gain c vp; }
      let cols = 2..12;
    }""")
    assert "For each c from 2 to 12:" in lines
    assert any("over c from 2 to 12" in line for line in lines)
    assert any(line.startswith("Pick one c from 2 to") for line in lines)
    assert "Let cols be the numbers from 2 to 12." in lines
    secret = reading('proc p() { each players simultaneously pick c from 2..12 { gain c vp; } }')
    assert any("secretly picks one c from 2 to 12." in line for line in secret)


def test_a_constant_range_is_a_field_value_and_a_long_one_is_not_folded():
    assert A.as_const(parse_text("func f() = 6..8;").items[0].value) == [6, 7, 8]
    with pytest.raises(A.NotConstant):
        A.as_const(parse_text("func f() = 1..100000;").items[0].value)
    found = analyse_text(PACK.replace("sums = 6..8;", "sums = 1..n;")).diagnostics
    assert any(d.code == "E303" and "must be known before play" in d.message for d in found)
