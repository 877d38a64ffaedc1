"""Data on enum members (`enum side { dx: int; dy: int; north(dx = 0, dy = -1), ... }`, read `d.dx`), `distinct(LIST)`,
`let`s in a func's body and explain's reading of nested gathers (docs/language.md 3.4, 3.13, 5.4, 5.5): both
backends alike, misuse (E333, E334, E339, E303, W459, W460), the printer's round trip, explain, the generated code."""

from __future__ import annotations

import re

import pytest

from rulebook.compiler.driver import analyse_text, build_text, compile_pack, interpret_pack
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import (found_at, parse_error, printed_back, random_games_agree, rules_programs, run_proc, said,
                       the_one_error, write_pack)

# Carcassonne: a tile's four sides, each a step across the board; the side across from it; a square of the board
PACK = """
counter vp;
enum side {
  dx: int;
  dy: int;
  across: side;
  word: str = "";
  north "North" (dx = 0, dy = -1, across = south, word = "up"),
  east(dx = 1, dy = 0, across = west),
  south(dx = 0, dy = 1, across = north),
  west(dx = -1, dy = 0, across = east),
}
enum colour { brown, grey, blue }
record spot { row: 1..5; col: 1..5; }
enum corner { at: spot; near: list of side = []; nw(at = spot(row = 1, col = 1), near = [north, west]), se(at = spot(row = 5, col = 5)) }
var facing global: side = none;
kind card { colour: colour; }
card wood { colour = brown; }
card ore { colour = grey; }
card clay { colour = brown; }
zone built per_player of card;
func step(c: spot, d: side): spot = spot(row = c.row + d.dy, col = c.col + d.dx);
func next_to(c: spot, d: side): spot =
  let r = c.row + d.dy;
  let k = c.col + d.dx;
  spot(row = r, col = k);
game g { seats 2 to 4; winner most vp; }
"""
LINES = len(PACK.splitlines())

program = rules_programs(PACK)


# ---------------------------------------------------------------- data on enum members
def test_a_members_data_is_read_by_name(program):
    assert said(program, 'for each d in side { say "{d} {d.dx} {d.dy} {d.across} [{d.word}]"; }') == \
        ["P1: North 0 -1 south [up]", "P1: east 1 0 west []", "P1: south 0 1 North []", "P1: west -1 0 east []"]


def test_the_square_across_a_side_is_a_record_built_from_the_data(program):
    assert said(program, 'let c = spot(row = 3, col = 3); say "{step(c, east)} {step(c, north)} {next_to(c, west)}";') == \
        ["P1: spot(row = 3, col = 4) spot(row = 2, col = 3) spot(row = 3, col = 2)"]


def test_data_of_members_of_a_field_of_another_member_and_in_records_and_lists(program):
    assert said(program, 'say "{north.across.across} {nw.at.row} {nw.near} {size(se.near)} {east.across.dx}";') == \
        ["P1: North 1 North, west 0 -1"]


def test_data_in_aggregates_filters_and_sorting(program):
    body = ('say "{count(d in side where d.dx == 0)} {first(d in side where d.dx == 1 and d.dy == 0)} '
            '{highest(d in side, d.dy)} {sorted(d in side, most d.dy then fewest d.dx)}";')
    assert said(program, body) == ["P1: 2 east 1 south, west, east, North"]


def test_a_list_of_data_is_a_new_list_at_each_read(program):
    """A pick leaves the picked out of its candidates: the member's list itself must not change."""
    g = Game(program('proc p() { pick d from nw.near "?" up to 2 { say "{d}"; } say "{nw.near}"; }'), 2, 1)
    run_proc(g, "p", answers=["North", "west"])
    assert g.messages[-1] == "P1: North, west"


def test_the_enums_order_and_steps_are_unchanged(program):
    assert said(program, 'say "{next_around(west)} {prev(north)} {ordinal(south)} {side} {north < east}";') == \
        ["P1: North North 3 North, east, south, west yes"]


def test_a_field_of_none_stops_play_alike_on_both_backends():
    errors = []
    for interpreted in (False, True):
        p = build_text(PACK + 'proc p() { say "{facing.dx}"; }', interpreted=interpreted)
        g = Game(p, 2, 1)
        with pytest.raises(RulesRuntimeError) as failed:
            g.start(p.procs["p"](g, g.state.players[0]))
        errors.append((failed.value.code, failed.value.message, failed.value.where))
    assert errors[0] == errors[1] and errors[0][:2] == ("E601", "none has no field 'dx'")
    assert errors[0][2].endswith(f":{LINES + 1}:12")


def test_a_named_members_data_is_a_constant_in_the_generated_code(tmp_path):
    pack = write_pack(tmp_path / "p", PACK + "func up(): int = north.dy;\nfunc dy_of(d: side): int = d.dy;\n")
    source = compile_pack(str(pack)).source
    assert re.search(r"def f\d+_up\(rt, you\):\n    'func up'\n    return -1  #", source)
    assert "_DATA_side_dy = MemberData('dy', {'north': -1, 'east': 0, 'south': 1, 'west': 0})" in source
    assert re.search(r"return _DATA_side_dy\[v_d\]  #", source)


def test_a_pack_without_data_imports_nothing_new(tmp_path):
    source = compile_pack(str(write_pack(tmp_path / "p", "counter vp;\nenum s { a, b }\nfunc f(m: s) = m == a;\n"))).source
    assert "MemberData" not in source


GAME = (PACK + """
var at global: spot = spot(row = 3, col = 3);
func score_of(d: side): int =
  let base_points = d.dx + 2;
  let extra = size(distinct([d, d.across, north, facing]));
  base_points + extra;
proc walk() {
  pick d from side where at.row + d.dy >= 1 and at.row + d.dy <= 5 and at.col + d.dx >= 1 and at.col + d.dx <= 5
      "step to" {
    set at = step(at, d);
    gain score_of(d) vp;
    set facing = d.across;
  }
}
""").replace("game g { seats 2 to 4; winner most vp; }", """
game g { seats 2 to 4; phase play { repeat 4 { each players: walk(); } } winner most vp; }""")


def test_random_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 4), counts=(2, 3))


def test_an_amend_adds_a_member_with_its_data_and_changes_a_members(tmp_path):
    write_pack(tmp_path / "base", PACK, name="base")
    write_pack(tmp_path / "house", "amend side { up(dx = 0, dy = 0, across = up), east(dx = 2, dy = 0, across = west) }\n"
               'proc p() { for each d in side { say "{d}:{d.dx}"; } }\n', name="house", extends=["../base"])
    for p in (compile_pack(str(tmp_path / "house")).program, interpret_pack(str(tmp_path / "house"))):
        g = Game(p, 2, 1)
        run_proc(g, "p")
        assert g.messages == ["P1: North:0", "P1: east:2", "P1: south:0", "P1: west:-1", "P1: up:0"]


# ---------------------------------------------------------------- misuse
def analysed(more: str):
    return analyse_text(PACK + more)


def test_a_member_without_a_value_is_e333_at_the_member():
    result = analysed("enum s { v: int; w: int = 0; a(v = 1), b }")
    the_one_error(result, "E333", "member 'b' of enum s has no value for 'v'", line=LINES + 1)
    assert ("E333", LINES + 1, 40) in found_at(PACK + "enum s { v: int; w: int = 0; a(v = 1), b }")
    assert result.diagnostics[0].hint == "write b(v = ...)"


def test_an_unknown_field_is_e334_given_or_read():
    the_one_error(analysed("enum s { v: int; a(v = 1, vv = 2) }"), "E334", "unknown field 'vv' of enum s")
    the_one_error(analysed("enum s { v: int; a(v = 1, v = 2) }"), "E334", "field 'v' of a is given twice")
    result = analysed("func f(d: side) = d.dxx;")
    the_one_error(result, "E334", "unknown field 'dxx' of enum side")
    assert "did you mean 'dx'" in next(d.hint for d in result.diagnostics if d.code == "E334")
    the_one_error(analysed("func f(c: colour) = c.dx;"), "E334", "enum colour declares no fields")
    the_one_error(analysed("enum s { a(v = 1) }"), "E334", "enum s declares no fields")


def test_a_value_of_the_wrong_type_is_e303():
    the_one_error(analysed('enum s { v: int; a(v = "x") }'), "E303", "field 'v' of s holds a number, not a text")
    the_one_error(analysed("enum s { v: 1..3; a(v = 4) }"), "E303", "a number from 1 to 3, not 4")
    the_one_error(analysed("enum s { v: side; a(v = brown) }"), "E303", "field 'v' of s holds")
    the_one_error(analysed("func f(d: side): str = d.dx;"), "E303")


def test_data_that_is_not_constant_is_e339():
    the_one_error(analysed("enum s { v: int; a(v = vp) }"), "E339", "vp is no constant")
    the_one_error(analysed("enum s { v: int; a(v = 1 + size(built)) }"), "E339")
    the_one_error(analysed("enum s { z: zone; a }"), "E339", "field 'z' of enum s is a zone")
    the_one_error(analysed("enum s { c: card; a(c = wood) }"), "E339", "field 'c' of enum s is a card")
    the_one_error(analysed("proc p(d: side) { set d.dx = 3; }"), "E339", "it cannot be set")


def test_values_given_by_their_places_are_e339_naming_them():
    d = parse_error("enum s { dx: int; dy: int; n(0, -1) }")
    assert d.code == "E339" and "by their places" in d.message and d.hint == "write n(dx = 0, dy = -1)"
    assert (d.span.line, d.span.column) == (1, 29)


# ---------------------------------------------------------------- printer and explain
def test_printed_back():
    _module, printed = printed_back(PACK + 'enum s { v: int = 2; a "A", b(v = 3) }')
    assert "  north \"North\" (dx = 0, dy = -1, across = south, word = \"up\"),\n  east(dx = 1, dy = 0, across = west)," in printed
    assert "enum s {\n  v: int = 2;\n  a \"A\",\n  b(v = 3),\n}" in printed
    assert "enum colour { brown, grey, blue }" in printed   # an enum without data as before


def test_explained():
    module = parse_text(PACK, "a.rules")
    decl = {getattr(d, "name", None): d for d in module.items}
    lines = explain(decl["side"])
    assert "Each holds dx (a number), dy (a number), across (a side) and word (a text, “” unless given), fixed here: " \
        "north dx 0, dy minus 1, across south and word “up”; east dx 1, dy 0, across west and word “”;" in lines[-1]
    assert "Let r be c's row plus d's" in " ".join(explain(decl["next_to"]))


def test_a_digest_of_an_enum_without_data_is_as_before():
    module = parse_text("enum s { a, b }", "a.rules")
    assert repr(module.items[0]) == "Enum(name='s', members=('a', 'b'), titles=())"


# ---------------------------------------------------------------- distinct
def test_distinct_keeps_each_value_once_where_it_first_stands(program):
    assert said(program, 'say "{distinct([3, 1, 3, 2, 1])} / {distinct([east, north, east])} / '
                '{distinct([spot(row = 1, col = 2), spot(row = 1, col = 2), spot(row = 2, col = 1)])} / {distinct([])}";') == \
        ["P1: 3, 1, 2 / east, North / spot(row = 1, col = 2), spot(row = 2, col = 1) / nothing"]


def test_distinct_of_cards_keeps_each_card_once(program):
    body = 'move wood to built; move ore to built; say "{distinct([wood, ore, wood] + built)} {size(distinct(gather(c in built, [c, c])))}";'
    assert said(program, body) == ["P1: wood, ore 2"]


def test_distinct_counts_the_different_colours_of_a_players_cards(program):
    body = ("move wood to built; move ore to built; move clay to built; "
            'say "{size(distinct(gather(c in built, [c.colour])))} {distinct(gather(c in built, [c.colour]))}";')
    assert said(program, body) == ["P1: 2 brown, grey"]


def test_distinct_of_what_is_no_list_is_e303():
    the_one_error(analysed("func f() = distinct(3);"), "E303", "distinct() takes a list or a zone, not a number")
    the_one_error(analysed("func f() = distinct(north);"), "E303", "not a side")
    the_one_error(analysed("func f() = distinct([1], [2]);"), "E302")


@pytest.mark.parametrize("arg, why", [("side", "members"), ("built", "a zone"), ("spot", "values"), ("card", "cards"),
                                      ("players", "each player once"), ("1..4", "range"),
                                      ("distinct([1, 1])", "distinct already")])
def test_distinct_of_what_never_repeats_is_w460(arg, why):
    result = analysed(f"func f() = size(distinct({arg}));")
    assert [d.code for d in result.diagnostics if d.code.startswith(("E", "W46"))] == ["W460"], \
        [d.headline() for d in result.diagnostics]
    assert why in next(d.message for d in result.diagnostics if d.code == "W460")
    assert "W460" not in [d.code for d in analysed("func f() = size(distinct(gather(c in built, [c.colour])));").diagnostics]


# ---------------------------------------------------------------- lets in a func
FUNCS = """
counter gears;
counter tablets;
counter compasses;
func science(): int =
  let sets = min(gears, tablets, compasses);
  let squares = gears * gears + tablets * tablets + compasses * compasses;
  squares + 7 * sets;
func first_brown(): card = let browns = gather(c in built where c.colour == brown, [c]); first(browns);
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def with_funcs(request):
    return lambda more="": build_text(PACK + FUNCS + more, interpreted=request.param)


def test_a_func_with_lets_gives_its_value(with_funcs):
    body = "gain 3 gears; gain 2 tablets; gain 1 compasses; move clay to built; move wood to built; " \
           'say "{science()} {first_brown()} {left.science()}";'
    assert said(with_funcs, body) == ["P1: 21 clay 0"]


def test_a_let_failing_is_placed_at_its_line_alike_on_both_backends():
    errors = []
    for interpreted in (False, True):
        p = build_text(PACK + "func f(): int =\n  let d = facing;\n  let n = d.dx;\n  n + 1;\n"
                       'proc p() { say "{f()}"; }', interpreted=interpreted)
        g = Game(p, 2, 1)
        with pytest.raises(RulesRuntimeError) as failed:
            g.start(p.procs["p"](g, g.state.players[0]))
        errors.append((failed.value.code, failed.value.message, failed.value.where))
    assert errors[0] == errors[1] and errors[0][0] == "E601" and errors[0][2].endswith(f":{LINES + 3}:3")


def test_a_func_with_lets_is_plain_assignments_in_the_generated_code(tmp_path):
    source = compile_pack(str(write_pack(tmp_path / "p", PACK + FUNCS))).source
    body = source[source.index("'func science'"):]
    body = body[:body.index("\n\n")]
    assert "v_sets = min(" in body and "v_squares = " in body and "return v_squares + 7 * v_sets" in body
    assert "lambda" not in body and "def " not in body


def test_a_let_hiding_a_parameter_or_a_let_is_w459():
    text = PACK + "func f(d: side): int = let d = 3; let e = d; let e = 5; e;"
    codes = [(c, line, col) for c, line, col in found_at(text) if c.startswith(("W459", "W405", "E"))]
    assert ("W459", LINES + 1, 28) in codes and ("W459", LINES + 1, 50) in codes
    message = next(d.message for d in analysed("func f(d: side): int = let d = 3; d;").diagnostics if d.code == "W459")
    assert message.startswith("'d' is already a parameter of this func")


def test_a_let_unused_is_w405_and_a_let_running_a_proc_is_e396():
    assert ("W405", LINES + 1, 17) in found_at(PACK + "func f(): int = let unused = 3; 4;")
    the_one_error(analysed("proc q(): int { return 1; } func f(): int = let x = q(); x;"), "E396")
    the_one_error(analysed('func f(): int = let x = "a"; x;'), "E303")   # a typed func's value is still checked
    the_one_error(analysed("func f(): int = let x = 1; y;"), "E201")


def test_lets_printed_back():
    _module, printed = printed_back(PACK + FUNCS)
    assert ("func science(): int =\n  let sets = min(gears, tablets, compasses);\n"
            "  let squares = gears * gears + tablets * tablets + compasses * compasses;\n  squares + 7 * sets;") in printed


def test_lets_explained():
    module = parse_text(PACK + FUNCS, "a.rules")
    decl = {getattr(d, "name", None): d for d in module.items}
    lines = explain(decl["science"])
    assert lines[-3:] == ["  Let sets be the lowest of gears, tablets and compasses.",
                          "  Let squares be gears times gears plus (tablets times tablets) plus (compasses times compasses).",
                          "  Equals squares plus (7 times sets)."]


# ---------------------------------------------------------------- explain of nested gathers
def test_nested_gathers_read_as_one_list_with_its_loops():
    module = parse_text(PACK + """
func squares(): list of spot = gather(r in 1..5, gather(k in 1..5 where k != r, [spot(row = r, col = k)]));
func colours(): int = size(distinct(gather(c in built, [c.colour])));
func sides(): list of side = gather(c in corner, gather(d in c.near, [d.across]));
func all_cards(): list of card = gather(p in players, p.built);
func steps(): int = total(p in players, total(c in p.built, 2));
""", "a.rules")
    decl = {getattr(d, "name", None): d for d in module.items}
    read = lambda name: " ".join(explain(decl[name]))   # noqa: E731
    assert ("the list of a spot with row r and col k, for each r from 1 to 5 and each k from 1 to 5 for which k is "
            "not r") in read("squares")
    assert "the different values (each once, where it first stands) of the list of c's colour, for each c among " \
        "built" in read("colours")
    assert "the list of d's across, for each c among corner and each d among c's near" in read("sides")
    assert "the list of the items of p's built, for each player p" in read("all_cards")
    assert "the total of 2, for each player p and each c among p's built" in read("steps")
    assert "the items of the items" not in read("sides") + read("squares")


def test_an_override_with_lets_calls_its_base(tmp_path):
    write_pack(tmp_path / "base", PACK + 'func worth(d: side): int = let w = d.dx * 10; w + 1;\n'
               'proc p() { for each d in side { say "{worth(d)}"; } }\n', name="base")
    write_pack(tmp_path / "house", "override func worth(d: side): int =\n  let b = base(d);\n  let twice = b * 2;\n"
               "  twice + d.dy;\n", name="house", extends=["../base"])
    for p in (compile_pack(str(tmp_path / "house")).program, interpret_pack(str(tmp_path / "house"))):
        g = Game(p, 2, 1)
        run_proc(g, "p")
        assert g.messages == ["P1: 1", "P1: 22", "P1: 3", "P1: -18"]


def test_an_editor_finds_a_funcs_lets_where_they_are_read():
    from rulebook.compiler.workspace import file_occurrences

    text = "func f(c: int): int =\n  let a = c + 1;\n  let b = a * 2;\n  a + b;\n"
    found = [(o.name, o.span.line, o.role, o.scope) for o in file_occurrences(parse_text(text, "a.rules"), text)]
    assert ("a", 3, "local", ("a.rules", 2, 3, "a")) in found and ("a", 4, "local", ("a.rules", 2, 3, "a")) in found
    assert ("b", 4, "local", ("a.rules", 3, 3, "b")) in found


def test_empty_parentheses_give_no_values():
    the_one_error(analysed("enum s { v: int; a(), b(v = 1) }"), "E333", "member 'a' of enum s has no value for 'v'")
    assert not [d for d in analysed("enum s { v: int = 0; a(), b(v = 1) }").diagnostics if d.severity == "error"]


def test_e333_is_at_the_member_and_not_where_another_member_names_it():
    text = PACK + "enum s { v: int; w: s = b; a(v = 1, w = b), b }"
    assert ("E333", LINES + 1, 45) in found_at(text)


def test_explain_reads_a_members_field_by_its_name(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    pack = write_pack(tmp_path / "p", PACK)
    out = CliRunner().invoke(app, ["explain", str(pack), "step"]).output
    assert "Equals a spot with row c's row plus d's dy and col c's col plus d's dx." in out
