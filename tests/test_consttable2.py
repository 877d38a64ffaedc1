"""Branch consttable2: what a printed table lacked. A range open at the top (`table dealt[n: 2..]: int = [10, 9, 8,
7];`, Sushi Go's deal: 7 cards from 5 players on; Power Grid's plants removed, none from 5 players on), its last value
read for every number past it on both backends; values worked out once from constants (`base * 2 + 1`); a house rule's
`override table`; and the misuse: E665 (an open range that indexes no table), E666 (a value read in play), E659 (an
index below an open range's start), W650 (a table indexed by an enum whose members are a kind's cards, one each: the
field is the answer) and E658's hint for a kind as an index."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import _generate, analyse_text

from rulebook.runtime.engine import Game

from .conftest import explained, house_rule_game, printed_back, rules_programs, run_proc, stopped_by, vp_after

# Sushi Go: the cards dealt by players (2: 10, 3: 9, 4: 8, 5: 7), written open at the top; Azul: the floor line's
# penalty by tiles on it, 14 from 7 tiles on; Power Grid: the plants removed by players, in a table of two indexes
# (the first open: the row for 4 players stands for 5 and 6 too); Carcassonne-like (for illustration): a field's
# points worked out from a constant
RULES = """const city_points = 3;
table dealt[n: 2..] "Cards dealt": int = [10, 9, 8, 7];
table penalty[tiles: 0..]: int = [0, 1, 2, 4, 6, 8, 11, 14];
table removed[n: 2.., step: 1..2]: int = [[8, 4],
                                          [8, 4],
                                          [4, 0]];
table field_points[cities: 0..3]: int = [0, city_points, city_points * 2 + 1, 3 * city_points + 2];
counter vp;
counter tiles from 0 to 20;
counter players_at from 0 to 9;
"""

program = rules_programs(RULES)


@pytest.mark.parametrize("body, vp", [
    ("set players_at = 3; gain dealt[players_at] vp;", 9),           # inside the range
    ("set players_at = 5; gain dealt[players_at] vp;", 7),           # the last printed
    ("set players_at = 9; gain dealt[players_at] vp;", 7),           # past it: the last value
    ("gain dealt[6] vp;", 7),                                        # written out past it
    ("set tiles = 7; gain penalty[tiles] vp;", 14),
    ("set tiles = 20; gain penalty[tiles] vp;", 14),
    ("set tiles = 6; gain penalty[tiles] vp;", 11),
    ("set players_at = 6; gain removed[players_at, 1] + removed[players_at, 2] vp;", 4),   # an open first index
    ("set players_at = 3; gain removed[players_at, 2] vp;", 4),
    ("gain field_points[2] vp;", 7),                                 # worked out from a constant
    ("set tiles = 3; gain field_points[tiles] vp;", 11),
])
def test_an_open_table_reads_its_last_value_past_the_top_on_both_backends(program, body, vp):
    assert vp_after(program, "", body) == vp


def test_a_number_below_an_open_range_stops_play_at_the_read(program):
    stopped = stopped_by(program, "set players_at = 1; gain dealt[players_at] vp;")
    assert stopped.code == "E601" and "table 'dealt' has no value at 1" in str(stopped)


def test_the_compiled_module_holds_the_open_end_and_the_worked_out_values():
    result = analyse_text(RULES + "proc p() { gain dealt[players_at] + dealt[8] + field_points[tiles] vp; }\n")
    source = _generate(result, "text", result.identity())
    assert "_TABLE_dealt = TableCells('dealt', {2: 10, 3: 9, 4: 8, 5: 7}, (5,))" in source
    assert "_TABLE_field_points = TableCells('field_points', {0: 0, 1: 3, 2: 7, 3: 11})" in source
    assert "_TABLE_dealt[you.stock['players_at']] + 7 + _TABLE_field_points[" in source


def test_the_rules_lint_clean():
    reads = "proc p() { gain dealt[2] + penalty[9] + removed[2, 1] + field_points[1] vp; }\n"
    assert [d.code for d in analyse_text(RULES + reads).diagnostics] == []


def test_fmt_prints_an_open_range_back():
    _module, printed = printed_back(RULES + "table extra[3..]: int = [1, 2];\n")
    assert 'table dealt[n: 2..] "Cards dealt": int = [10, 9, 8, 7];' in printed
    assert "table removed[n: 2.., step: 1..2]: int = [[8, 4],\n" in printed
    assert "table extra[3..]: int = [1, 2];" in printed
    assert "[0, city_points, city_points * 2 + 1, 3 * city_points + 2]" in printed   # as written, not folded


def test_explain_reads_the_open_end_and_the_worked_out_values():
    result = analyse_text(RULES + "proc p() { gain dealt[players_at] + field_points[2] vp; }\n")
    assert explained(result, "dealt").endswith(
        "one whole number for each n from 2 to 5 (the last also for every n past 5), read as dealt[n]: (10 9 8 7).")
    assert explained(result, "field_points").endswith("read as field_points[cities]: (0 3 7 11).")
    assert "the cards dealt for n your players at (10, 9, 8, 7)" in explained(result, "p")


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_house_rule_overrides_an_open_table_and_every_read_follows(tmp_path, interpreted):
    # Azul, a gentler floor line as a house rule: at most 8 points lost, from 6 tiles on
    game = house_rule_game(tmp_path, RULES + "proc p() { gain penalty[tiles] vp; }\n",
                           "override table penalty[tiles: 0..]: int = [0, 1, 2, 4, 6, 7, 8];\n", interpreted)
    game.state.players[0].stock["tiles"] = 12
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 8


def test_a_table_is_not_amended_but_overridden():
    # an amend changes what has parts (an entity, a kind, an enum, a func's match): a table is restated whole
    base = "counter vp;\ntable t[n: 1..3]: int = [1, 2, 3];\nproc p() { gain t[1] vp; }\n"
    found = analyse_text(base + "amend t { n = 2; }\n").diagnostics
    assert [d.code for d in found] == ["E217"] and "'t' is a table" in found[0].message


def first(text: str, code: str):
    """The findings of `code` in the analysis of `text`, as (line, column), and the first one."""
    found = [d for d in analyse_text(text).diagnostics if d.code == code]
    return [(d.span.line, d.span.column) for d in found], (found[0] if found else None)


@pytest.mark.parametrize("text, at, message", [
    ("counter votes[2..] from 0 to 3;\n", (1, 15), "indexes only a printed table"),
    ("kind card { v: int; }\nzone pile[n: 1..] of card;\n", (2, 11), "a counter, variable or zone has one element"),
    ("var claimed[1.., 1..3]: bool = false;\n", (1, 13), "a range open at the top ('2..')"),
])
def test_an_open_range_that_indexes_no_table_is_E665(text, at, message):
    where, found = first(text, "E665")
    assert where == [at] and message in found.message and found.hint == "write its high end ('LOW..HIGH')"


@pytest.mark.parametrize("values, column, what", [
    ("[1, vp + 1, 3]", 29, "vp + 1 (at 2)"),
    ("[1, 2, rounds]", 32, "rounds (at 3)"),
    ("[1, 2, most_vp()]", 32, "most_vp() (at 3)"),
])
def test_a_table_value_read_in_play_is_E666_at_the_value(values, column, what):
    text = ("counter vp;\noption rounds: 1..3 = 2;\nfunc most_vp(): int = highest(p in players, p.vp);\n"
            f"table t[n: 1..3]: int = {values};\nproc p() {{ gain t[1] + rounds + most_vp() vp; }}\n")
    where, found = first(text, "E666")
    assert where == [(4, column)] and what in found.message and "worked out once before play" in found.message
    assert "'const'" in found.hint


@pytest.mark.parametrize("values, column, what", [
    ("[true, base * 2]", 33, "base * 2 (at 2) is not one"),    # a constant, of another type
    ("[true, a_card]", 33, "a_card (at 2) is not one"),        # a card is no value of a table (its field is)
])
def test_a_constant_value_of_the_wrong_type_is_E658_still(values, column, what):
    where, found = first("const base = 2;\ncounter vp;\ntable t[n: 1..2]: bool = " + values + ";\n"
                         "proc p() { if t[1] { gain 1 vp; } }\nkind card { v: int; }\ncard a_card { v = 1; }\n", "E658")
    assert where == [(3, column)] and what in found.message


@pytest.mark.parametrize("read, message, hint", [
    ("dealt[1]", "table 'dealt' has no value at 1: its index n runs from 2 up", "the first is dealt[2]"),
    ("removed[0, 1]", "runs from 2 up", "the first is removed[2]"),
])
def test_a_constant_index_below_an_open_range_is_E659(read, message, hint):
    where, found = first(RULES + f"proc p() {{ gain {read} vp; }}\n", "E659")
    assert len(where) == 1 and message in found.message and found.hint == hint


def test_a_table_indexed_by_an_enum_of_a_kinds_cards_is_W650_whose_hint_is_a_field():
    # Splendor-like (for illustration): each noble is a card made from a member; its points are the card's field
    text = ('enum noble { mary "Mary Stuart", henry "Henry VIII" }\nkind tile { who: noble; }\n'
            "tile noble_tile for each n in noble { who = n; }\ntable noble_points[noble]: int = [3, 3];\ncounter vp;\n"
            "proc p() { gain noble_points[mary] vp; }\n")
    where, found = first(text, "W650")
    assert where == [(4, 20)]
    assert "whose members are the cards of kind tile, one each" in found.message
    assert found.hint.startswith("declare 'noble_points: int;' in kind tile")
    # an enum the cards are not one each of (a card per member and side) is data about the members, no W650
    assert first(text.replace("for each n in noble {", "for each n in noble, side in 1..2 {"), "W650")[0] == []


def test_a_kind_as_a_tables_index_is_E658_whose_hint_is_the_field():
    text = "kind card { v: int; }\ncard a { v = 1; }\ntable cost[card]: int = [1];\ncounter vp;\nproc p() { gain 1 vp; }\n"
    where, found = first(text, "E658")
    assert where == [(3, 12)] and "a kind" in found.message
    assert found.hint == "a value each card prints is a field of the kind ('cost: int;' in 'kind card', each card " \
                         "writing its own), read as c.cost"


SUPPLY = """table gem_tokens[n: 2..4] "Gem tokens": int = [4, 5, 7];
resource ruby "Ruby" supply gem_tokens[player_count];
counter vp;
proc p() { gain supply(ruby) vp; }
"""
supplied = rules_programs(SUPPLY)


@pytest.mark.parametrize("players, tokens", [(2, 4), (3, 5), (4, 7)])
def test_a_supply_reads_a_table_by_the_seats_on_both_backends(supplied, players, tokens):
    # Splendor: 4 tokens of each gem at 2 players, 5 at 3, 7 at 4
    game = Game(supplied(), players, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == tokens


def test_a_supply_reading_a_table_at_a_counter_is_E677_at_the_counter():
    # (E303 until branch tidy: a start reading a table in play was E677 and a supply E303; one check serves both)
    text = SUPPLY.replace("gem_tokens[player_count]", "gem_tokens[vp]")
    where, found = first(text, "E677")
    assert where == [(2, 40)] and "the supply of 'ruby' is worked out before play, and reads table 'gem_tokens' at " \
        "'vp', which is known only in play" in found.message
    assert found.hint == "read it at numbers, player_count, options or constants ('gem_tokens[player_count]')"
    assert first(text, "E303")[0] == []
