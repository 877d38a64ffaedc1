"""A board sized by an option: `option size "Board size": 5 | 7 | 9 = 9;` (an option of listed values, E538)
and `record point { col: 1..size; row: 1..size; }` (a range bounded by an option: E539, W527), so that the
domain, `neighbours`, rays, the construction check, indexed variables, views, screens and `--show-state` hold
the board in play, on both backends. From the Go designer audit (workaround 2, tool defect 5): the test
pack's Go (tests/packs/go, with positional superko, test_seen) is its Go rewritten with the construct."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.console import screen
from rulebook.runtime.coverage import setups_of
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import Record

from .conftest import pack_backends, programs, run_proc, write_pack

GO = str(Path(__file__).resolve().parent / "packs" / "go")


def invoke(*args):
    result = CliRunner().invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture(scope="module")
def go(tmp_path_factory):
    return pack_backends(tmp_path_factory, GO)


def played(program, settings=(), seed: int = 1) -> Game:
    game = Game(program, 2, seed, make_agents("random", 2, seed), settings)
    game.play()
    return game


def test_a_5x5_game_has_25_points_and_its_corners_two_neighbours(go):
    for program in go.values():
        game = Game(program, 2, 1, None, ["size=5"])
        assert game.options == {"size": 5}
        columns = ("A", "B", "C", "D", "E", "F", "G", "H", "J")
        points = game.record_values("point", (("col", "sized", (columns, "size")), ("row", "sized", (1, "size"))))
        assert len(points) == 25 and points[-1] == Record("point", {"col": "E", "row": 5})
        # the state holds the 25 points of the board in play, not the 81 of the largest
        assert sorted(k for k in game.state.gvars if k.startswith("board[")) == \
            sorted(f"board[{c},{r}]" for c in "ABCDE" for r in range(1, 6))
        # the default is the largest board
        assert sum(1 for k in Game(program, 2, 1).state.gvars if k.startswith("board[")) == 81


NEAR = """
option size "Board size": 5 | 7 | 9 = 9;
record point "{col}-{row}" { col: 1..size; row: 1..size; }
enum way { dc: int; dr: int; east(dc = 1, dr = 0), north(dc = 0, dr = 1) }
var board[point] "Board" global: player;
proc show() {
  say "points {size(point)}";
  say "corner {neighbours(point(col = 1, row = 1))}";
  say "far corner {neighbours(point(col = size, row = size), diagonal)}";
  say "edge {size(neighbours(point(col = 3, row = 1)))}";
  say "ray {ray(point(col = 2, row = 2), east)}";
  say "leap {leap(point(col = 1, row = 1), 1, 2)}";
  say "shift {shift(point(col = size, row = 1), col = 1)}";
  say "corners {count(p in point where size(neighbours(p)) == 2)}";
}
proc build(c: int) { say "built {point(col = c, row = 1)}"; }
game g { seats 2 to 2; phase play { } winner most 0; }
"""


@pytest.fixture(scope="module")
def near(tmp_path_factory):
    return programs(write_pack(tmp_path_factory.mktemp("near"), NEAR, name="near"))


def test_the_domain_neighbours_rays_and_leaps_keep_to_the_board_in_play(near):
    told = []
    for program in near:
        for size in (5, 7):
            game = Game(program, 2, 1, None, [f"size={size}"])
            run_proc(game, "show")
            told.append((size, [m.removeprefix("P1: ") for m in game.messages]))
    assert told[0] == told[2] and told[1] == told[3]   # compiled and interpreted say the same
    five, seven = told[0][1], told[1][1]
    assert five == ["points 25", "corner 1-2, 2-1", "far corner 4-4, 4-5, 5-4", "edge 3",
                    "ray 3-2, 4-2, 5-2", "leap 2-3, 3-2", "shift nothing", "corners 4"]
    assert seven[0] == "points 49" and seven[2] == "far corner 6-6, 6-7, 7-6" and seven[4] == "ray 3-2, 4-2, 5-2, 6-2, 7-2"


def test_a_point_off_the_board_in_play_stops_play_on_both_backends(near):
    for program in near:
        game = Game(program, 2, 1, None, ["size=5"])
        run_proc(game, "build", 5)
        assert game.messages == ["P1: built 5-1"]
        with pytest.raises(RulesRuntimeError) as e:   # 7 is on the largest board, not on this one
            run_proc(Game(program, 2, 1, None, ["size=5"]), "build", 7)
        assert e.value.code == "E601" and "from 1 to 5, not 7" in str(e.value)
        run_proc(Game(program, 2, 1, None, ["size=7"]), "build", 7)


def test_one_program_plays_games_of_each_size(near):
    """The domains are kept per program and options' values: a 7 x 7 game after a 5 x 5 one is 7 x 7."""
    program = near[0]
    for size in (5, 7, 5, 9):
        game = Game(program, 2, 1, None, [f"size={size}"])
        run_proc(game, "show")
        assert game.messages[0] == f"P1: points {size * size}"


def test_go_plays_the_same_game_on_both_backends_at_each_size(go):
    for size in (5, 7):
        a, b = (played(go[k], [f"size={size}"], seed=2) for k in ("compiled", "interpreted"))
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
        assert all(k.startswith("board[") is False or int(k[8:-1]) <= size and k[6] in "ABCDEFGHJ"[:size]
                   for k in a.state.gvars)


def test_the_screen_and_the_view_draw_the_board_in_play(go):
    game = played(go["compiled"], ["size=5"], seed=3)
    view = game.view(0)
    board = view["grids"]["board"]
    assert board["rows"] == [5, 4, 3, 2, 1] and board["columns"] == ["A", "B", "C", "D", "E"]   # as printed
    assert all(flat in view["vars"] for row in board["elements"] for flat in row)   # each a point in the state
    from rich.console import Console
    console = Console(width=80, record=True)
    for part in screen(view, []):
        console.print(part)
    drawn = console.export_text().splitlines()
    header = next(line for line in drawn if " A " in line and " E " in line)
    assert " F " not in header and " J " not in header
    # five rows of points, on the board and on the territory (scored at the end)
    assert [line[2] for line in drawn if re.match(r"│ \d │", line)] == list("54321") * 2


def test_show_state_draws_5x5_and_a_log_with_the_option_replays(tmp_path):
    log = tmp_path / "go.json"
    shown = invoke("play", GO, "-n", 2, "--option", "size=5", "-s", 4, "--show-state", "-q", "--log", log)
    assert shown.exit_code == 0, shown.output
    board = shown.output[shown.output.index("Board"):]
    header = board.splitlines()[2]
    assert [c.strip() for c in header.split("│")[2:-1]] == ["A", "B", "C", "D", "E"]
    assert [line.split("│")[1].strip() for line in board.splitlines()[4:9]] == ["5", "4", "3", "2", "1"]
    assert json.loads(log.read_text())["variants"] == ["size=5"]
    again = invoke("replay", log)
    assert again.exit_code == 0 and "replay matches the log" in again.output
    assert invoke("replay", log, "--interpret").exit_code == 0


def test_a_size_not_listed_is_a_usage_error_naming_the_sizes():
    bad = invoke("play", GO, "-n", 2, "--option", "size=10")
    assert bad.exit_code == 2 and "E510" in bad.output and "takes one of 5, 7, 9, not '10'" in bad.output
    assert invoke("play", GO, "-n", 2, "--option", "size=6").exit_code == 2   # within 5..9, not listed
    assert invoke("play", GO, "-n", 2, "--variant", "size").exit_code == 2    # an option, not a variant


def test_cover_plays_each_listed_size(go):
    assert setups_of(go["compiled"]) == [[], ["size=5"], ["size=7"]]   # the default, 9, is the base setup
    covered = invoke("cover", GO, "-n", 2, "-g", 1, "--option", "size=5")
    assert covered.exit_code == 0 and "1 games" in covered.output, covered.output


# Connect Four: the board's width is an option (7 columns, 6 rows; 8 or 9 columns as a house rule); a
# column's height is an indexed counter of one index; a drop is a record holding a column.
CONNECT = """
option width "Columns": 7 | 8 | 9 = 7;
record column "c{x}" { x: 1..width; }
record drop "{at}/{row}" { at: column; row: 1..6; }
counter height[column] "Height" global;
counter drops "Discs dropped";
proc turn() {
  pick c from column where height[c] < 6 "drop a disc into" {
    set height[c] = height[c] + 1;
    gain 1 drops;
  }
}
proc clear() { reset height; }
func places(): int = size(drop);
game connect "Connect Four" {
  seats 2 to 2;
  phase play { repeat 3 { each players: turn(); } say "{places()} places"; }
  winner most drops;
}
"""


def test_a_record_holding_a_sized_record_and_a_list_of_one_index(tmp_path):
    for program in programs(write_pack(tmp_path / "c4", CONNECT, name="connect")):
        for width in (7, 9):
            game = played(program, [f"width={width}"])
            assert game.messages[-1].endswith(f"{width * 6} places")
            assert sorted(k for k in game.state.globals if k.startswith("height[")) == \
                sorted(f"height[{x}]" for x in range(1, width + 1))
            listed = game.view(0)["lists"]["height"]
            assert len(listed["elements"]) == width and len(listed["start"]) == width
            run_proc(game, "clear")   # `reset` puts back the columns in play alone
            assert sum(1 for k in game.state.globals if k.startswith("height[")) == width
            assert all(game.state.globals[f"height[{x}]"] == 0 for x in range(1, width + 1))


def test_fmt_prints_the_option_and_the_bound_back():
    text = 'option size "Board size":   9|13 | 19 =19;\nrecord point { col: 1..size; row: 0 .. size; }\n'
    printed = format_module(parse_text(text))
    assert printed == 'option size "Board size": 9 | 13 | 19 = 19;\n\nrecord point { col: 1..size; row: 0..size; }\n'
    assert format_module(parse_text(printed)) == printed
    module = parse_text(printed)
    assert module.items[1].fields[0].bound == "size"


def test_explain_reads_the_size_on_the_setup_line():
    told = invoke("explain", GO, "go")
    assert ("Chosen before play: Board size (size), 5, 7 or 9: 9 unless the game is started with --option size=N "
            "(a point's col among the first size columns and row from 1 to it).") in " ".join(told.output.split())
    point = " ".join(invoke("explain", GO, "point").output.split())
    assert "col (a column, among the first size (the option chosen for each game))" in point
    assert "row (a number from 1 to size, the option chosen for each game: at most 9)" in point


GAME = "\ngame g { seats 2 to 2; phase play { } winner most 0; }\n"


def found(text: str) -> list:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text + GAME).diagnostics]


@pytest.mark.parametrize("text, code, where, words", [
    ("option size: = 9;", "E538", (1, 1), "lists no value"),
    ("option size: 9 | 13 | 9 = 9;", "E538", (1, 1), "lists 9 twice"),
    ("option size: 9 | 13 | 19 = 11;", "E538", (1, 1), "defaults to 11, which is not among its values 9, 13, 19"),
    ("counter size global;\nrecord point { col: 1..size; }", "E539", (2, 16), "'size' is a counter, not an option"),
    ("record point { col: 1..width; }", "E539", (1, 16), "'width' is declared nowhere"),
    ("option size: 0..9 = 5;\nrecord point { col: 1..size; }", "W527", (2, 16), "empty when size is 0"),
])
def test_misuse_is_positioned(text, code, where, words):
    diagnostics = analyse_text(text + GAME).diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in diagnostics] == [(code, *where)], \
        [d.headline() for d in diagnostics]
    assert words in diagnostics[0].message


def test_a_numeric_option_bounds_a_range_too_and_static_checks_take_its_largest_value():
    text = ("option lines: 3..8 = 8;\nrecord cell { row: 1..lines; col: 1..lines; }\n"
            "proc p() { say \"{cell(row = 8, col = 1)} {cell(row = 9, col = 1)}\"; }")
    assert found(text) == [("W485", 3, 54)]   # 9 is past every board; 8 is on the largest


def test_content_digest_of_other_packs_is_unchanged():
    text = "option a: 0..4 = 1;\nrecord cell { row: 1..8; col: 1..8; }\n"
    shown = repr(parse_text(text))
    assert "bound=" not in shown and "values=" not in shown


LETTERED = """
option size "Board size": 5 | 9 | 13 | 19 = 19;
enum column { A, B, C, D, E, F, G, H, J, K, L, M, N, O, P, Q, R, S, T }
record point "{col}{row}" { col: column up to size; row: 1..size; }
var board[point] "Board" global: player;
proc show() {
  say "{size(point)} points, the last {last(point)}";
  say "{neighbours(point(col = E, row = 5))}, corners {count(p in point where size(neighbours(p)) == 2)}";
}
proc build(c: column) { say "built {point(col = c, row = 1)}"; }
game go { seats 2 to 2; phase play { show(); build(A); } winner most 0; }
"""


def test_go_columns_lettered_up_to_the_size(tmp_path):
    """`col: column up to size;`: the enum's first members, as many as the size (A to E on a 5 x 5 board,
    the letter I skipped as on a printed board)."""
    said = []
    for program in programs(write_pack(tmp_path / "lettered", LETTERED, name="lettered")):
        game = Game(program, 2, 1, None, ["size=5"])
        run_proc(game, "show")
        run_proc(game, "build", "E")
        said.append(game.messages)
        with pytest.raises(RulesRuntimeError) as e:
            run_proc(Game(program, 2, 1, None, ["size=5"]), "build", "F")
        assert e.value.code == "E601" and "holds one of A, B, C, D, E, not F" in str(e.value)
        run_proc(Game(program, 2, 1, None, ["size=9"]), "build", "J")
        assert sum(1 for k in game.state.gvars if k.startswith("board[")) == 25
        assert sum(1 for k in Game(program, 2, 1, None, ["size=9"]).state.gvars if k.startswith("board[")) == 81
    assert said[0] == said[1] == ["P1: 25 points, the last E5", "P1: D5, E4, corners 4", "P1: built E1"]


@pytest.mark.parametrize("text, code, words", [
    ("option size: 5 | 9 = 9;\nrecord point { col: str up to size; }", "E539", "'str' is no enum"),
    ("option size: 5 | 9 = 9;\nenum column { A, B, C, D, E }\nrecord point { col: column up to size; }", "E539",
     "size may be 9, and enum column has 5 members"),
    ("counter size global;\nenum column { A, B }\nrecord point { col: column up to size; }", "E539", "is a counter"),
    ("option size: 0..2 = 2;\nenum column { A, B }\nrecord point { col: column up to size; }", "W527", "empty when size is 0"),
])
def test_lettered_misuse(text, code, words):
    diagnostics = analyse_text(text + GAME).diagnostics
    assert [d.code for d in diagnostics] == [code], [d.headline() for d in diagnostics]
    assert words in diagnostics[0].message
    assert diagnostics[0].span.line == text.count("\n") + 1


def test_fmt_prints_a_lettered_bound_back():
    text = "record point { col :  column up   to size; row: 1..size; }\n"
    printed = format_module(parse_text(text))
    assert printed == "record point { col: column up to size; row: 1..size; }\n"
    with pytest.raises(Exception) as e:
        parse_text("record point { col: column down to size; }\n")
    assert "expected 'up to'" in str(e.value)
