"""Branch consttable: a printed, read-only table of constants, `table NAME[INDEXES] ["Title"]: TYPE = [...];`, read
as `NAME[i]` (`NAME[i, j]`, `NAME[cell]`): Ticket to Ride's route scores by length, Bohnanza's bean-o-meter by bean
and coins, Azul's wall colours by square. Both backends (the compiled module holds one constant per table, and a read
with written-out indexes is the value itself), fmt, explain, and the misuse: E658 (a row of the wrong length, a value
of the wrong type, an index that is no range, enum or record of cells, a type no table holds), E659 (a read with too
few or too many indexes, an index of the wrong type, a constant index outside the range), W644 (a func that is a
number-to-constant `match` ladder), E601 in play for a computed index outside the table."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import _generate, analyse_text

from .conftest import explained, house_rule_game, printed_back, rules_programs, run_proc, stopped_by, vp_after

# Ticket to Ride: a route of 1 to 6 trains scores 1, 2, 4, 7, 10, 15; Bohnanza: the coins a harvest of beans pays,
# by bean and coins (the beans it takes for 1, 2, 3, 4 coins); Azul: the colour printed on each square of the wall
RULES = """enum bean { blue_bean "Blue", chili "Chili", stink "Stink" }
enum tile { blue, yellow, red }
record spot { row: 1..3; col: 1..3; }
table route_points[length: 1..6] "Route points": int = [1, 2, 4, 7, 10, 15];
table beanometer[b: bean, coins: 1..4]: int = [[4, 6, 8, 10],
                                               [3, 6, 8,  9],
                                               [3, 5, 7,  8]];
table wall[spot] "Wall": tile = [[blue,   yellow, red],
                                 [red,    blue,   yellow],
                                 [yellow, red,    blue]];
table tile_name[tile]: str = ["Blue", "Yellow", "Red"];
table starts_row[1..3]: bool = [true, false, false];
counter vp;
counter trains from 0 to 6;
counter beans from 0 to 20;
"""

program = rules_programs(RULES)


@pytest.mark.parametrize("body, vp", [
    ("set trains = 6; gain route_points[trains] vp;", 15),                 # a computed index
    ("gain route_points[4] vp;", 7),                                        # written out
    ("gain beanometer[chili, 3] vp;", 8),                                   # two indexes, rows by the first
    ("for each c in 1..4 { gain beanometer[stink, c] vp; }", 23),           # 3 + 5 + 7 + 8
    ("if wall[spot(row = 2, col = 3)] == yellow { gain 1 vp; }", 1),        # a record of cells, as a board
    ("gain count(s in spot where wall[s] == blue) vp;", 3),                 # the diagonal
    ("if tile_name[red] == \"Red\" and starts_row[1] and not starts_row[2] { gain 1 vp; }", 1),
])
def test_a_table_reads_the_value_printed_at_its_indexes_on_both_backends(program, body, vp):
    assert vp_after(program, "", body) == vp


def test_a_computed_index_outside_the_table_stops_play_at_the_read(program):
    stopped = stopped_by(program, "set beans = 5; gain beanometer[chili, beans] vp;")
    assert stopped.code == "E601" and "table 'beanometer' has no value at" in str(stopped)


def test_the_compiled_module_holds_each_table_once_and_writes_a_constant_read_in():
    result = analyse_text(RULES + "proc p() { gain route_points[trains] + route_points[2] vp; }\n")
    source = _generate(result, "text", result.identity())
    assert source.count("_TABLE_route_points = TableCells('route_points', {1: 1, 2: 2, 3: 4, 4: 7, 5: 10, 6: 15})") == 1
    assert "_TABLE_route_points[you.stock['trains']] + 2" in source


def test_fmt_prints_a_table_back_its_rows_in_aligned_columns():
    module, printed = printed_back(RULES)
    assert "table route_points[length: 1..6] \"Route points\": int = [1, 2, 4, 7, 10, 15];" in printed
    assert "table beanometer[b: bean, coins: 1..4]: int = [[4, 6, 8, 10],\n" \
           "                                               [3, 6, 8,  9]," in printed
    assert printed.count("table ") == 5 and "counter vp;" in printed
    assert "                                 [yellow, red,    blue]];" in printed


def test_explain_reads_the_table_and_a_read_of_it():
    result = analyse_text(RULES + "proc p() { gain route_points[trains] + beanometer[chili, 2] vp; }\n")
    assert explained(result, "route_points").endswith(
        "A table printed in the rules, the same in every game and never changed: one whole number for each length "
        "from 1 to 6, read as route_points[length]: (1 2 4 7 10 15).")
    assert "a row for each b, read as beanometer[b, coins]: (4 6 8 10 / 3 6 8 9 / 3 5 7 8)" in explained(result, "beanometer")
    assert "one tile for each spot" in explained(result, "wall")
    proc = explained(result, "p")
    assert "the route points for length your trains (1, 2, 4, 7, 10, 15)" in proc
    assert "the beanometer for b “Chili” and coins 2" in proc


def findings(text: str) -> list:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics]


@pytest.mark.parametrize("table, code, column, message", [
    ("table t[n: 1..6]: int = [1, 2, 4, 7, 10];", "E658", 25, "the table has 5 values, where n runs over 6 (1 to 6)"),
    ("table t[b: bean, c: 1..2]: int = [[1, 2], [3], [5, 6]];", "E658", 43, "the row of b chili has 1 value"),
    ("table t[bean]: int = [1, \"two\", 3];", "E658", 26, "\"two\" (at chili) is not one"),
    ("table t[n: 1..2]: tile = [blue, chili];", "E658", 33, "chili (at 2) is not one"),
    ("table t[n: 1..2]: trains = [1, 2];", "E658", 19, "a table holds whole numbers (int), texts (str)"),
    ("table t[c: deck]: int = [1];", "E658", 12, "which nothing declares"),
    ("table t[s: spot, n: 1..2]: int = [[1, 2]];", "E658", 12, "a record whose values are not known before play, or "
                                                            "beside another index"),
])
def test_a_table_written_wrong_is_E658_at_what_is_wrong(table, code, column, message):
    text = RULES + table + "\nproc p() { gain t[1] vp; }\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == code]
    assert [(d.span.line, d.span.column) for d in found] == [(16, column)], [d.headline() for d in found]
    assert message in found[0].message


@pytest.mark.parametrize("read, column, message", [
    ("route_points[7]", 30, "table 'route_points' has no value at 7: its index length runs from 1 to 6"),
    ("route_points[0]", 30, "runs from 1 to 6"),
    ("route_points[1, 2]", 30, "is read with 2 indexes: it has 1 (length: 1..6)"),
    ("beanometer[chili]", 28, "is read with 1 index: it has 2 (b: bean, coins: 1..4)"),
    ("beanometer[2, 2]", 28, "the index b of table 'beanometer' is a bean, not a number"),
    ("route_points[chili]", 30, "the index length of table 'route_points' is a number, not a bean"),
    ("wall[3]", 22, "the index spot of table 'wall' is a spot, not a number"),
])
def test_a_table_read_wrong_is_E659_at_the_index(read, column, message):
    found = [d for d in analyse_text(RULES + f"proc p() {{ gain {read} vp; }}\n").diagnostics if d.code == "E659"]
    assert [(d.span.line, d.span.column) for d in found] == [(16, column)], [d.headline() for d in found]
    assert message in found[0].message


def test_a_number_ladder_written_as_a_match_is_W644_whose_hint_writes_the_table():
    text = RULES + "func score_of(n: int): int = match n { 1: 1, 2: 2, 3: 4, 4: 7 };\nproc p() { gain score_of(2) vp; }\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W644"]
    assert [(d.span.line, d.span.column) for d in found] == [(16, 6)]
    assert found[0].hint.startswith("write 'table score_of[n: 1..4]: int = [1, 2, 4, 7];'")


@pytest.mark.parametrize("ladder", [
    "match n { 1: 1, 2: 2, 4: 7 }",               # a gap: no table without a value at 3
    "match n { 1: 1, 2: 2, 3: 4, else: 0 }",      # an else answers every number
    "match n { 1: 1, 2: trains, 3: 4 }",          # a value known only in play
    "match n { 1: 1, 2: 2 }",                     # two cases: a table says no more
])
def test_a_match_that_is_no_table_is_no_W644(ladder):
    text = RULES + f"func score_of(n: int): int = {ladder};\nproc p() {{ gain score_of(2) vp; }}\n"
    assert "W644" not in {d.code for d in analyse_text(text).diagnostics}


def test_the_rules_lint_clean_and_table_is_a_name_elsewhere():
    assert findings(RULES + "proc p() { gain route_points[1] + beanometer[chili, 1] vp; if wall[spot(row = 1, col = 1)] "
                            "== blue and tile_name[blue] == \"Blue\" and starts_row[1] { gain 1 vp; } }\n") == []
    assert findings("counter table;\nproc p() { gain 1 table; }\n") == []


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_house_rule_overrides_a_table_and_every_read_follows(tmp_path, interpreted):
    game = house_rule_game(tmp_path, RULES + "proc p() { gain route_points[trains] vp; }\n",
                           'override table route_points[length: 1..6] "Route points": int = [1, 2, 4, 7, 15, 21];\n',
                           interpreted)
    game.state.players[0].stock["trains"] = 6
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 21
