"""Indexed counters and zones (`votes[floor]`, `moon[1..7]`) and variables (`var`): the state the
other games need without workarounds, on both backends, saved and read back, shown in views."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.state import State

from .conftest import rules_programs, run_proc, the_one_error

# Stupor Mundi-like estates, a Splendor-like market by level, a 7 Wonders-like wonder per player.
PACK = """
enum estate { clergy, nobility, cities }
counter influence[estate] "Influence" from 0 to 10;
counter harvest[1..3] global from 0 to 5;
counter vp;
kind card { level: int; }
card mine { level = 1; }
card bank { level = 2; }
card fort { level = 2; }
card palace { level = 3; }
zone deck[1..3] "Development deck" of card secret;
zone row[1..3] of card;
zone tableau per_player of card;
kind wonder { stages: int; }
wonder giza { stages = 3; }
var board "Wonder board": wonder;
var passed: bool;
var favourite: estate = cities;
var first_player global: player;
"""


program = rules_programs(PACK)


def run(program, procs: str, players: int = 3, answers=()):
    game = Game(program(procs), players, 1)
    run_proc(game, "p", answers=answers)
    return game


def test_indexed_counters_gain_lose_pay_and_set_by_member(program):
    g = run(program, """proc p() {
      gain 4 influence[clergy];
      gain 2 influence[favourite];
      lose 1 influence[clergy];
      pay 1 influence[cities];
      set influence[nobility] = influence[clergy] + 5;
      gain 20 influence[nobility];
      set right(you).influence[clergy] = 7;
    }""")
    me, right = g.state.players[0].stock, g.state.players[-1].stock
    assert (me["influence[clergy]"], me["influence[nobility]"], me["influence[cities]"]) == (3, 10, 1)
    assert right["influence[clergy]"] == 7 and g.state.players[1].stock["influence[clergy]"] == 0


def test_global_indexed_counters_keep_their_bounds(program):
    g = run(program, "proc p() { for each y in 3 { gain y * 2 harvest[y]; } lose 9 harvest[1]; }")
    assert [g.state.globals[f"harvest[{y}]"] for y in (1, 2, 3)] == [0, 4, 5]


def test_indexed_zones_by_number(program):
    g = run(program, """proc p() {
      for each lv in 3 {
        fill deck[lv] with card where it.level == lv;
        draw 1 from deck[lv] to row[lv];
      }
      pick c from row[2] "take a level-2 card" { move c to tableau; }
      vp_of();
    }
    proc vp_of() { gain size(deck[2]) + 10 * size(tableau) + size(row[3]) vp; }""")
    assert [e.name for e in g.state.zones["row[1]"]] == ["mine"]
    assert g.state.zones["row[2]"] == [] and [e.name for e in g.state.players[0].zones["tableau"]] == ["bank"]
    assert g.state.players[0].stock["vp"] == 1 + 10 + 1


def test_a_computed_index_outside_the_declared_ones_stops_play(program):
    with pytest.raises(RulesRuntimeError) as e:
        run(program, "proc p() { gain 1 harvest[vp + 4]; }")
    assert e.value.code == "E601" and "harvest has no element 4" in e.value.message


def test_variables_per_player_and_global(program):
    g = run(program, """proc p() {
      set board = giza;
      set passed = true;
      set first_player = left(you);
      set left(you).favourite = nobility;
      if passed and board.stages == 3 and first_player == left(you) { gain 1 vp; }
      each opponents { if favourite == nobility { gain 2 vp; } }
    }""")
    p1, p2, p3 = g.state.players
    assert p1.vars == {"board": g.program.entities["giza"], "passed": True, "favourite": "cities"}
    assert p2.vars["favourite"] == "nobility" and p3.vars["board"] is None and p3.vars["passed"] is False
    assert g.state.gvars["first_player"] is p2
    assert (p1.stock["vp"], p2.stock["vp"], p3.stock["vp"]) == (1, 2, 0)


def test_state_with_indexes_and_variables_is_saved_read_back_and_viewed(program, tmp_path):
    g = run(program, """proc p() {
      set board = giza; set first_player = you; gain 3 influence[nobility];
      fill deck[3] with card where it.level == 3;
    }""")
    path = tmp_path / "state.json"
    save_state(g.state, path)
    again = load_state(path, g.program)
    assert again.to_json() == g.state.to_json()
    assert again.players[0].vars["board"] is g.program.entities["giza"] and again.gvars["first_player"] is again.players[0]
    view = g.view(1)
    me = view["players"][0]
    assert me["vars"]["board"] == {"entity": "giza"} and me["stock"]["influence[nobility]"] == 3
    assert view["vars"]["first_player"] == {"player": 0}
    assert view["zones"]["deck[3]"]["size"] == 1 and "items" not in view["zones"]["deck[3]"]   # secret


def test_a_saved_state_with_a_variable_of_the_wrong_pack_is_refused(program, tmp_path):
    g = run(program, "proc p() { set passed = true; }")
    data = g.state.to_json()
    data["players"][0]["vars"]["passed_typo"] = data["players"][0]["vars"].pop("passed")
    from rulebook.runtime.state import StateError, check_saved
    with pytest.raises(StateError, match="passed"):
        check_saved(data, g.program)
    assert State.from_json(g.state.to_json(), g.program.entities).digest() == g.state.digest()


@pytest.mark.parametrize("body, code, where", [
    ("gain 1 influence;", "E312", "is indexed (influence[estate])"),
    ("gain 1 vp[2];", "E312", "has no elements"),
    ("gain 1 influence[2];", "E303", "an index of 'influence' is an estate, not a number"),
    ("set harvest[4] = 1;", "E312", "harvest[4] is outside harvest[1..3]"),
    ("let n = size(row);", "E312", "is indexed (row[1..3])"),
    ("set passed = 3;", "E303", "'passed' holds a condition, not a number"),
    ("set board = you;", "E303", "'board' holds a wonder, not a player"),
    ("set you.first_player = you;", "E303", "one value for the whole game"),
    # a shared zone read through a player used to mean the shared zone, silently (Sushi Go's passing
    # hands, declared without per_player, all became one pile)
    ("draw 1 from deck[1] to left.row[2];", "E303", "'row' is one zone shared by all players, not one per player"),
    ("gain size(you.row[1]) vp;", "E303", "'row' is one zone shared by all players"),
])
def test_misuse_gets_a_positioned_diagnostic(body, code, where):
    the_one_error(analyse_text(PACK + f"proc p() {{ {body} }}\n"), code, where, PACK.count("\n") + 1)


@pytest.mark.parametrize("decl, code", [
    ("var n: int;", "E303"), ("var z: zone;", "E303"), ("var t: str;", "E304"),
    ("var b: bool = 2;", "E303"), ("var w: wonder = mine;", "E303"), ("var e: estate = army;", "E303"),
    ("counter c[colour];", "E201"), ("zone z[3..1] of card;", "E303"),
])
def test_bad_declarations(decl, code):
    result = analyse_text(PACK + decl + "\n")
    assert code in [d.code for d in result.diagnostics if d.severity == "error"], \
        [d.headline() for d in result.diagnostics]


# ---------------------------------------------------------------------------- indexed variables
# A Tic-tac-toe board (each cell held by a player, or nobody) and Stupor Mundi-like estates, each
# with a favourite card and a flag per player.
BOARD = PACK + """
var cell[1..9] "Board" global: player;
var patron[estate]: wonder;
var claimed[estate]: bool;
var mark[card] global: estate = cities;
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def board(request):
    return lambda procs: build_text(BOARD + procs, interpreted=request.param)


def test_indexed_variables_are_set_and_read_by_index(board):
    g = run(board, """proc p() {
      set cell[5] = you;
      for each i in 1..3 { set cell[i * 3] = left(you); }
      set patron[clergy] = giza;
      set left(you).claimed[nobility] = true;
      set mark[bank] = clergy;
      if cell[5] == you and cell[9] == left(you) and cell[1] == none and patron[clergy].stages == 3 { gain 1 vp; }
      if left(you).claimed[nobility] and not claimed[nobility] and mark[bank] == clergy and mark[fort] == cities { gain 10 vp; }
      gain count(i in 1..9 where cell[i] == left(you)) * 100 vp;
    }""")
    p1, p2, _p3 = g.state.players
    assert p1.stock["vp"] == 311
    assert [g.state.gvars[f"cell[{i}]"] for i in (1, 3, 5, 6, 9)] == [None, p2, p1, p2, p2]
    assert p1.vars["patron[clergy]"] is g.program.entities["giza"] and p1.vars["patron[cities]"] is None
    assert (p1.vars["claimed[nobility]"], p2.vars["claimed[nobility]"]) == (False, True)
    assert g.state.gvars["mark[bank]"] == "clergy" and g.state.gvars["mark[mine]"] == "cities"


def test_indexed_variables_are_saved_read_back_viewed_and_traced(board, tmp_path):
    g = run(board, "proc p() { set cell[2] = you; set claimed[cities] = true; set patron[nobility] = giza; }")
    path = tmp_path / "state.json"
    save_state(g.state, path)
    again = load_state(path, g.program)
    assert again.to_json() == g.state.to_json() and again.gvars["cell[2]"] is again.players[0]
    view = g.view(0)
    assert view["vars"]["cell[2]"] == {"player": 0} and view["vars"]["cell[1]"] is None
    assert view["players"][0]["vars"]["claimed[cities]"] is True
    assert view["players"][0]["vars"]["patron[nobility]"] == {"entity": "giza"}


def test_a_computed_index_of_a_variable_outside_its_numbers_stops_play(board):
    with pytest.raises(RulesRuntimeError) as e:
        run(board, "proc p() { set cell[vp + 10] = you; }")
    assert e.value.code == "E601" and "cell has no element 10" in e.value.message


@pytest.mark.parametrize("body, code, where", [
    ("set cell = you;", "E312", "'cell' is indexed (cell[1..9])"),
    ("if claimed { gain 1 vp; }", "E312", "'claimed' is indexed (claimed[estate])"),
    ("set cell[10] = you;", "E312", "cell[10] is outside cell[1..9]"),
    ("set cell[0] = you;", "E312", "cell[0] is outside cell[1..9]"),
    ("set claimed[2] = true;", "E303", "an index of 'claimed' is an estate, not a number"),
    ("set mark[giza] = clergy;", "E303", "an index of 'mark' is a card, not a wonder"),
    ("set cell[1] = 3;", "E303", "'cell' holds a player, not a number"),
    ("set claimed[cities] = you;", "E303", "'claimed' holds a condition, not a player"),
    ("set board[1] = giza;", "E312", "'board' has no elements"),
    ("set you.cell[1] = you;", "E303", "one value for the whole game"),
    ("gain 1 cell[1];", "E301", "'cell' is a var, not a resource or counter"),
])
def test_misuse_of_an_indexed_variable_gets_a_positioned_diagnostic(body, code, where):
    the_one_error(analyse_text(BOARD + f"proc p() {{ {body} }}\n"), code, where, BOARD.count("\n") + 1)


@pytest.mark.parametrize("decl, code", [
    ("var v[colour]: player;", "E201"), ("var v[vp]: player;", "E301"), ("var v[3..1]: player;", "E303"),
    ("var v[1..3]: int;", "E303"), ("var v[estate]: estate;", "E304"), ("var v[1..3]: bool = you;", "E303"),
])
def test_bad_indexed_variable_declarations(decl, code):
    result = analyse_text(PACK + decl + "\n")
    assert code in [d.code for d in result.diagnostics if d.severity == "error"], \
        [d.headline() for d in result.diagnostics]


def test_indexed_variables_are_printed_back_and_explained():
    from rulebook.compiler.explain import reading
    from rulebook.dsl.parser import parse_text
    from rulebook.dsl.printer import format_module
    text = BOARD + "proc p() { set cell[3] = you; set left(you).claimed[cities] = cell[3] == you; }\n"
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert 'var cell[1..9] "Board" global: player;' in printed and "var mark[card] global: estate = cities;" in printed
    assert parse_text(printed, "a.rules") == module
    symbols = analyse_text(text).symbols
    assert reading(symbols.decls["cell"], symbols) == [
        "Board: shared values for each number from 1 to 9, holding each a player."]
    assert reading(symbols.decls["claimed"], symbols) == [
        "Claimed: values each player keeps for each estate, holding each true or false."]
    assert reading(symbols.decls["p"], symbols)[0] == "Set “Board” (3) to you."


# ---------------------------------------------------------------------------- grids: two indexes
# A Patchwork-like quilt (a 5x5 board of squares, each covered or not, with the buttons on it), the
# shared Tic-tac-toe board by row and column, and a Stupor Mundi-like council: a chair for each year
# and estate, and a pile of cards for each.
GRID = PACK + """
var quilt[1..5, 1..5] "Quilt board": bool;
counter buttons[1..5, 1..5] from 0 to 3;
var square[1..3, 1..3] global: player;
counter chairs[1..3, estate] global;
zone council[estate, 1..2] of card;
counter bought[card, estate];
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def grid(request):
    return lambda procs: build_text(GRID + procs, interpreted=request.param)


def test_a_grid_of_counters_variables_and_zones_is_read_and_set_by_two_indexes(grid):
    g = run(grid, """proc p() {
      set quilt[2, 3] = true;
      for each r in 1..5 { set quilt[r, r] = true; gain r buttons[r, 6 - r]; }
      lose 1 buttons[5, 1];
      pay 1 buttons[4, 2];
      set left(you).quilt[1, 5] = true;
      set square[2, 2] = you;
      gain 2 chairs[3, nobility];
      fill council[clergy, 2] with card where it.level == 2;
      for each c in council[clergy, 2] { gain 1 bought[c, clergy]; }
      gain count(r in 1..5 where quilt[r, r]) vp;
      gain 10 * total(r in 1..5, buttons[r, 6 - r]) vp;
      if square[2, 2] == you and square[1, 1] == none and left(you).quilt[1, 5] and not quilt[1, 5] { gain 100 vp; }
      if chairs[3, nobility] == 2 and size(council[clergy, 2]) == 2 and bought[fort, clergy] == 1 { gain 1000 vp; }
    }""")
    me, left = g.state.players[0], g.state.players[1]
    assert me.stock["vp"] == 5 + 10 * (1 + 2 + 3 + 2 + 2) + 100 + 1000
    assert [me.stock[f"buttons[{r},{6 - r}]"] for r in range(1, 6)] == [1, 2, 3, 2, 2]   # 3 at most, then -1
    assert me.vars["quilt[2,3]"] and not me.vars["quilt[3,2]"] and left.vars["quilt[1,5]"]
    assert g.state.gvars["square[2,2]"] is me and g.state.globals["chairs[3,nobility]"] == 2
    assert [e.name for e in g.state.zones["council[clergy,2]"]] == ["bank", "fort"]
    assert me.stock["bought[bank,clergy]"] == me.stock["bought[fort,clergy]"] == 1


def test_a_grid_element_is_named_row_comma_column_in_state_views_and_traces(grid, tmp_path):
    game = Game(grid("proc p() { set quilt[2, 3] = true; gain 2 buttons[1, 4]; set square[3, 1] = you; }"), 2, 1)
    trace = []
    game.tracer = trace.append
    run_proc(game, "p")
    assert [(e.kind, e.what) for e in trace] == [("set", "quilt[2,3] = yes"), ("gain", "buttons[1,4]"),
                                                 ("set", "square[3,1] = P1")]
    path = tmp_path / "state.json"
    save_state(game.state, path)
    again = load_state(path, game.program)
    assert again.to_json() == game.state.to_json()
    view = game.view(0)
    assert view["players"][0]["vars"]["quilt[2,3]"] is True and view["players"][0]["stock"]["buttons[1,4]"] == 2
    assert view["vars"]["square[3,1]"] == {"player": 0} and "council[cities,1]" in view["zones"]


def test_a_computed_grid_index_outside_the_declared_ones_stops_play(grid):
    with pytest.raises(RulesRuntimeError) as e:
        run(grid, "proc p() { gain 1 buttons[2, vp + 6]; }")
    assert e.value.code == "E601" and "buttons has no element 2,6 (its row 2 has 2,1, 2,2, 2,3, 2,4, 2,5;" in e.value.message
    with pytest.raises(RulesRuntimeError) as e:
        run(grid, "proc p() { let e = nobility; if vp == 0 { set e = none; } gain 1 chairs[1, e]; }")
    assert e.value.code == "E601" and "chairs has no element 1,none" in e.value.message


def test_a_computed_grid_index_of_names_reads_a_table_of_element_names():
    """An index by an enum or kind (each of a grid's two) reads the module's table, not `rt.at`; a number
    computed in the rules goes through `rt.at` (which refuses `true` for 1)."""
    from rulebook.compiler.driver import _generate
    result = analyse_text(GRID + """proc p(e: estate, c: card, n: int) {
      gain 1 bought[c, e]; set square[n, 2] = you; gain 1 chairs[2, cities];
    }""")
    source = _generate(result, "text", result.identity())
    assert "rt.gain(you, _AT_bought" in source and "[(v_c, v_e)]" in source
    assert "rt.at('square', (v_n, 2))" in source and "'chairs[2,cities]'" in source


@pytest.mark.parametrize("body, code, where", [
    ("set quilt = true;", "E312", "'quilt' is indexed (quilt[1..5, 1..5]): say which one, as in quilt[..., ...]"),
    ("set quilt[2] = true;", "E312", "'quilt' (quilt[1..5, 1..5]) takes two indexes, not 1"),
    ("gain 1 vp[1, 2];", "E312", "'vp' has no elements"),
    ("gain 1 harvest[1, 2];", "E312", "'harvest' (harvest[1..3]) takes one index, not 2"),
    ("gain 1 buttons[6, 1];", "E312", "buttons[6,1] is outside buttons[1..5, 1..5]"),
    ("gain 1 buttons[1, 0];", "E312", "buttons[1,0] is outside buttons[1..5, 1..5]"),
    ("gain 1 chairs[clergy, 1];", "E303", "the first index of 'chairs' is a number, not an estate"),
    ("gain 1 chairs[1, 2];", "E303", "the second index of 'chairs' is an estate, not a number"),
    ("set square[1, 1] = 2;", "E303", "'square' holds a player, not a number"),
    ("gain buttons[1][2] vp;", "E312", "'buttons' is a grid: write its indexes in one pair of brackets, buttons[1, 2]"),
    ("let n = size(tableau[1, 2]);", "E312", "two indexes or more ([A, B]) name an element"),
    ("let x = [1, 2][1, 2];", "E312", "two indexes or more ([A, B]) name an element"),
])
def test_misuse_of_a_grid_gets_a_positioned_diagnostic(body, code, where):
    the_one_error(analyse_text(GRID + f"proc p() {{ {body} }}\n"), code, where, GRID.count("\n") + 1)


@pytest.mark.parametrize("text, message", [
    ("counter w[1..5][1..5];", "its indexes in one pair of brackets"),
    ("var w[estate][1..2]: bool;", "its indexes in one pair of brackets"),
    ("proc p() { gain 1 buttons[1][2]; }", "a grid's element takes its indexes in one pair of brackets"),
    ("proc p() { set buttons[1][2] = 1; }", "set buttons[1, 2] = ...;"),
])
def test_a_grid_written_with_two_brackets_is_a_syntax_error(text, message):
    the_one_error(analyse_text(GRID + text + "\n"), "E100", message)


def test_grids_are_printed_back_and_explained():
    from rulebook.compiler.explain import reading
    from rulebook.dsl.parser import parse_text
    from rulebook.dsl.printer import format_module
    text = GRID + "proc p() { set quilt[2, 3] = true; gain 1 chairs[2, e] for p; pay 1 buttons[1, 1 + 1]; }\n"
    text = text.replace("proc p() { set", "event p(); proc q(e: estate) { set").replace("for p;", "for p;")
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert 'var quilt[1..5, 1..5] "Quilt board": bool;' in printed and "zone council[estate, 1..2] of card;" in printed
    assert "gain 1 chairs[2, e] for p;" in printed and "pay 1 buttons[1, 1 + 1];" in printed
    assert parse_text(printed, "a.rules") == module
    symbols = analyse_text(text).symbols
    assert reading(symbols.decls["quilt"], symbols) == [
        "Quilt board: values each player keeps for each pair of numbers from 1 to 5, holding each true or false."]
    assert reading(symbols.decls["chairs"], symbols) == [
        "Chairs: shared counters for each number from 1 to 3 and each estate."]
    assert reading(symbols.decls["q"], symbols)[0] == "Set “Quilt board” (2, 3) to true."


# ---------------------------------------------------------------------------- per-player entities
# Federation's special missions: every player has their own copy of each mission on their board.
MISSIONS = """
counter pp;
kind mission "Special mission" per_player { level: int; tries: int = 0; }
mission m1 "Mission 1" { level = 1; }
mission m2 "Mission 2" { level = 2; }
kind token { worth: int; }
token t1 { worth = 1; }
zone open_missions per_player of mission;
zone done per_player of mission;
zone pool of token;
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def missions(request):
    return lambda procs: build_text(MISSIONS + procs, interpreted=request.param)


def test_each_copy_of_a_per_player_entity_has_its_own_variables_owner_and_side(missions, tmp_path):
    game = Game(missions("""
    proc p() {
      each players: fill open_missions with mission;
      pick m from open_missions "complete which?" { set m.tries = 2; flip m; move m to done; }
      each opponents {
        pick m from open_missions where m.level == 2 { set m.tries = 5; }
        if m1.owner == you and not m1.flipped { gain 1 pp; }
      }
      if m1.owner == you and m1.flipped and m1.tries == 2 { gain 10 pp; }
    }"""), 2, 1)
    run_proc(game, "p", answers=["Mission 1"])
    p1, p2 = game.state.players
    assert (p1.stock["pp"], p2.stock["pp"]) == (10, 1)
    assert game.state.evars == {"m1@P1": {"tries": 2}, "m2@P2": {"tries": 5}}
    assert game.state.flipped == {"m1@P1"}
    mine, theirs = p1.zones["done"][0], p2.zones["open_missions"][0]
    assert mine.name == theirs.name == "m1" and mine is not theirs and mine.origin is theirs.origin
    path = tmp_path / "state.json"
    save_state(game.state, path)
    again = load_state(path, game.program)
    assert again.to_json() == game.state.to_json()
    assert again.players[0].zones["done"][0] is mine   # copies are the program's, like the entities


def test_a_copy_cannot_go_into_a_shared_zone(missions):
    game = Game(missions("proc p() { each players: fill open_missions with mission; move first(open_missions) to pool; }"), 2, 1)
    with pytest.raises(RulesRuntimeError, match="belongs to each player"):
        run_proc(game, "p")
