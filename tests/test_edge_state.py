"""`var NAME[edge of RECORD]`: one element per side of a board's cells (the unordered pair of two cells beside each
other), read and set with `NAME[edge(a, b)]` (branch edgevar: Quoridor kept its closed sides in a list of edges and
read them with `contains`, a walk over the list). Dots and Boxes' lines on both backends (seeded games to the end,
a box closed by its fourth line), the elements a board's shape and fields give, the side read either way round,
titles on screens and in views, saved and loaded states, E601 at play, E679, W659, fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.compiler.explain import explain
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.view import build_view

from .conftest import analyse_text, printed_back, rules_programs, run_proc
from .test_highlight import tokens
from .test_board_cells import value

# Dots and Boxes: players in turn draw a line between two dots beside each other; whoever closes a box (its four
# sides drawn) scores it and draws again. The most boxes win.
DOTS = """
record dot "{col}{row}" { col: 1..3; row: 1..3; }
var line[edge of dot] "Lines" global: bool = false;
counter boxes "Boxes";

func d(c: int, r: int): dot = dot(col = c, row = r);
# the four sides of the box whose bottom-left corner is b
func box_sides(b: dot): list of list of dot = [
  edge(b, shift(b, col = 1)),
  edge(b, shift(b, row = 1)),
  edge(shift(b, col = 1), shift(b, col = 1, row = 1)),
  edge(shift(b, row = 1), shift(b, col = 1, row = 1))
];
func corner(b: dot): bool = b.col < 3 and b.row < 3;
func closed(b: dot): bool = every(s in box_sides(b) where line[s]);
func open_lines(): list of list of dot = gather(a in dot, gather(
  b in [shift(a, col = 1), shift(a, row = 1)] where b != none and not line[edge(a, b)],
  [edge(a, b)]
));

proc turn() {
  pick l from open_lines() "draw a line" {
    set line[l] = true;
    let made = count(b in dot where corner(b) and contains(box_sides(b), l) and closed(b));
    gain made boxes;
    if made > 0 and size(open_lines()) > 0 {
      turn();
    }
  }
}

game dots "Dots and Boxes" {
  seats 2;
  phase play {
    while size(open_lines()) > 0 {
      each players {
        if size(open_lines()) > 0 {
          turn();
        }
      }
    }
  }
  winner most boxes;
}
"""

program = rules_programs(DOTS)


@pytest.fixture(scope="module")
def played():
    """Seeded random games of Dots and Boxes to the end, on both backends: {(backend, seed): game}."""
    games = {}
    for interpreted in (False, True):
        built = build_text(DOTS, interpreted=interpreted)
        for seed in (1, 2, 3):
            game = Game(built, 2, seed, make_agents("random", 2, seed))
            game.play()
            games["interpreted" if interpreted else "compiled", seed] = game
    return games


def test_one_element_per_side_named_by_its_cells(program):
    game = Game(program(), 2, 1)
    sides = [k for k in game.state.gvars if k.startswith("line[")]
    # 3 x 3 dots: 2 sides in each of 3 rows and 3 columns
    assert len(sides) == 12
    # in the board's order of their first cell, then along each field in turn (col, then row)
    assert sides[:3] == ["line[1,1|2,1]", "line[1,1|1,2]", "line[1,2|2,2]"]
    assert all(game.state.gvars[k] is False for k in sides)


def test_a_side_is_set_and_read_from_either_cell(program):
    setup = "set line[edge(d(2, 2), d(2, 3))] = true;"
    assert value(program, "line[edge(d(2, 3), d(2, 2))]", setup, "bool") is True
    assert value(program, "line[edge(d(2, 2), d(2, 3))]", setup, "bool") is True
    assert value(program, "line[edge(d(2, 2), d(3, 2))]", setup, "bool") is False
    # a side kept in a list of sides, and a list of its two cells the other way round
    assert value(program, "every(s in box_sides(d(1, 1)) where not line[s])", setup, "bool") is True
    assert value(program, "line[cells]", setup + " let cells: list of dot = [d(2, 3), d(2, 2)];", "bool") is True


def test_a_box_is_closed_by_its_fourth_line(program):
    three = "set line[edge(d(1, 1), d(2, 1))] = true; set line[edge(d(1, 1), d(1, 2))] = true; " \
            "set line[edge(d(2, 1), d(2, 2))] = true;"
    assert value(program, "closed(d(1, 1))", three, "bool") is False
    assert value(program, "closed(d(1, 1))", three + " set line[edge(d(2, 2), d(1, 2))] = true;", "bool") is True
    assert value(program, "size(open_lines())", three, "int") == 9


def test_seeded_games_draw_every_line_and_score_every_box(played):
    for (backend, seed), game in played.items():
        assert all(v is True for k, v in game.state.gvars.items() if k.startswith("line[")), (backend, seed)
        assert sum(p.stock["boxes"] for p in game.state.players) == 4, (backend, seed)
    for seed in (1, 2, 3):
        compiled, interpreted = played["compiled", seed], played["interpreted", seed]
        assert (compiled.log, compiled.state.digest()) == (interpreted.log, interpreted.state.digest())
    # a player who closes a box draws again: somewhere one seat answers twice running
    assert any(a[0] == b[0] for game in played.values() for a, b in zip(game.log, game.log[1:]))


def test_screens_and_views_show_the_sides_by_their_cells(played):
    game = played["compiled", 1]
    listed = game.program.lists()["line"]
    assert listed["title"] == "Lines"
    assert listed["elements"]["line[1,1|1,2]"] == "11|12"
    assert "line" not in game.program.grids()   # a list of sides, not a board of pairs
    assert game.program.label("line[2,2|3,2]") == "Lines 22|32"
    view = build_view(game, 0)
    assert view["vars"]["line[1,1|1,2]"] is True and len([k for k in view["vars"] if k.startswith("line[")]) == 12


def test_a_saved_state_loads_back(played, tmp_path):
    game = played["interpreted", 2]
    save_state(game.state, tmp_path / "state.json")
    loaded = load_state(tmp_path / "state.json", game.program)
    assert loaded.digest() == game.state.digest()
    assert loaded.gvars["line[2,2|2,3]"] is True


def test_a_sides_set_is_heard_and_reset_puts_every_side_back(program):
    built = program("""
counter any_line;
whenever set(line) { gain 1 any_line; }
counter that_line;
whenever set(name = line[edge(d(1, 1), d(2, 1))]) { gain 1 that_line; }
proc two() { set line[edge(d(1, 1), d(1, 2))] = true; set line[edge(d(2, 1), d(1, 1))] = true; }
proc clear() { reset line; }
""")
    game = Game(built, 2, 1)
    game.start()
    run_proc(game, "two")
    assert [game.state.players[0].stock[c] for c in ("any_line", "that_line")] == [2, 1]
    run_proc(game, "clear")
    assert not any(v for k, v in game.state.gvars.items() if k.startswith("line["))


def test_a_side_changes_the_digest(program):
    built = program()
    plain, drawn = Game(built, 2, 1), Game(built, 2, 1)
    drawn.state.gvars["line[1,1|1,2]"] = True
    assert plain.state.digest() != drawn.state.digest()


# Ricochet Robots' walls (an enum field and a range), a board's shape, a line of one field
BOARDS = """
enum file { a, b, c, d }
record square "{f}{rank}" { f: file; rank: 1..4; }
var wall[edge of square] "Walls" global: bool = false;
record cell { r: 1..3; c: 1..3; } where r + c <= 4;
var fence[edge of cell] global: bool = false;
record spot { n: 1..5; }
counter rungs[spot];
var gap[edge of spot] "Gaps" global: bool = false;
"""


def test_elements_follow_the_boards_fields_and_shape():
    game = Game(build_text(BOARDS), 2, 1)

    def sides(name):
        return [k for k in game.state.gvars if k.startswith(name + "[")]
    assert len(sides("wall")) == 24 and "wall[a,1|b,1]" in sides("wall") and "wall[b,1|a,1]" not in sides("wall")
    # only the cells the shape keeps (r + c <= 4: six cells) have sides
    assert sides("fence") == ["fence[1,1|2,1]", "fence[1,1|1,2]", "fence[1,2|2,2]", "fence[1,2|1,3]",
                              "fence[2,1|3,1]", "fence[2,1|2,2]"]
    assert sides("gap") == ["gap[1|2]", "gap[2|3]", "gap[3|4]", "gap[4|5]"]
    assert game.program.label("wall[b,2|b,3]") == "Walls b2|b3"      # the record's title
    assert game.program.lists()["gap"]["elements"]["gap[2|3]"] == "2|3"


def test_walls_of_ricochet_robots_on_both_backends():
    text = BOARDS + """
func sq(x: file, y: int): square = square(f = x, rank = y);
enum way { df: int; dr: int; north(df = 0, dr = 1), south(df = 0, dr = -1), east(df = 1, dr = 0), west(df = -1, dr = 0) }
func blocked(s: square, w: way): bool = step(s, w) == none or wall[edge(s, step(s, w))];
func slide(s: square, w: way): square = if blocked(s, w) then s else slide(step(s, w), w);
"""
    walls = "set wall[edge(sq(b, 3), sq(c, 3))] = true; set wall[edge(sq(a, 2), sq(a, 1))] = true;"
    for interpreted in (False, True):
        def robot(expr):
            found = value(lambda more: build_text(text + more, interpreted=interpreted), expr, walls, "square")
            return f"{found.fields['f']}{found.fields['rank']}"
        assert [robot(slide) for slide, _ in SLIDES] == [stop for _, stop in SLIDES]


# Where a robot stops on the 4 x 4 corner with walls between b3 and c3 and between a1 and a2 (tests/test_edge_tables.py
# prints them on the board)
SLIDES = [("slide(sq(a, 3), east)", "b3"), ("slide(sq(d, 3), west)", "c3"), ("slide(sq(a, 4), south)", "a2"),
          ("slide(sq(a, 1), east)", "d1")]


@pytest.mark.parametrize("index", ["edge(d(1, 1), step_off())", "far()"])
def test_what_is_no_side_stops_play(program, index):
    more = "func step_off(): dot = shift(d(1, 1), col = -1);\nfunc far(): list of dot = [d(1, 1), d(3, 3)];\n"
    with pytest.raises(RulesRuntimeError) as stop:
        value(lambda extra="": program(more + extra), f"line[{index}]", "", "bool")
    assert stop.value.code == "E601" and "line has no element" in str(stop.value)


MISUSE = DOTS + """
enum colour { red, blue }
record seat_cell { at: 1..3; owner: player; }
option size: 3 | 5 = 3;
record sized { col: 1..size; row: 1..3; }
"""


@pytest.mark.parametrize("text, code, words", [
    ("var x[edge of colour] global: bool = false;", "E679", "'colour' is an enum"),
    ("var x[edge of seat_cell] global: bool = false;", "E679", "field 'owner' of seat_cell is the players"),
    ("var x[edge of sized] global: bool = false;", "E679", "sized by an option"),
    ("var x[edge of dot, 1..2] global: bool = false;", "E679", "not beside other indexes"),
    ("counter x[edge of dot];", "E679", "not on a counter"),
    ("func x(): bool = line[d(1, 1)];", "E679", "not a dot: 'd(1, 1)'"),
    ("func x(): bool = line[[d(1, 1), d(1, 2), d(1, 3)]];", "E679", "names no side of dot's board"),
    ("func x(): bool = line[[dot(col = 1, row = 1), dot(col = 2, row = 2)]];", "E679", "names no side"),
    ("func x(): bool = line[1];", "E679", "not a number"),
    ("func x(a: seat_cell, b: seat_cell): bool = line[[a, b]];", "E679", "not a list of seat_cell"),
    ("var x[edge of nothing] global: bool = false;", "E201", "nothing"),
])
def test_misuse(text, code, words):
    one_error_at_the_last_line(MISUSE, text, code, words)


def one_error_at_the_last_line(rules: str, line: str, code: str, words: str) -> None:
    """`rules` and one more `line` give one error, `code`, at that line, its message saying `words`."""
    result = analyse_text(rules + line + "\n")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code], [d.headline() for d in errors]
    assert words in errors[0].message, errors[0].message
    assert errors[0].span.line == len(rules.splitlines()) + 1


def test_a_side_written_as_a_list_of_cells_is_w659():
    text = DOTS + "func x(): bool = line[[dot(col = 1, row = 1), dot(col = 1, row = 2)]];\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "W659"]
    assert len(found) == 1 and found[0].span.line == len(DOTS.splitlines()) + 1
    assert "edge(dot(col = 1, row = 1), dot(col = 1, row = 2))" in found[0].hint
    assert [d.code for d in analyse_text(DOTS).diagnostics] == []


def test_fmt_round_trip_explain_and_a_record_named_edge():
    _, text = printed_back(DOTS)
    assert "var line[edge of dot] \"Lines\" global: bool = false;" in text
    # Catan's record `edge` still indexes as a record: `edge` is a word of the index only before `of`
    catan = "record edge { q: 1..3; r: 1..3; }\nvar road_at[edge] global: bool = false;\n"
    module, again = printed_back(catan)
    assert "var road_at[edge] global" in again and not module.items[1].indexes.edge
    assert analyse_text(catan).diagnostics == [] or all(d.severity != "error" for d in analyse_text(catan).diagnostics)
    result = analyse_text(DOTS)
    reading = "\n".join(explain(result.symbols.decls["line"], result.symbols))
    assert "for each side between two dots beside each other" in reading


def test_highlighted_as_a_keyword_only_in_the_index():
    from pygments.token import Keyword, Name

    assert [t for t in tokens("var line[edge of dot] global: bool = false;") if t[1] in ("edge", "of")] == \
        [(Keyword, "edge"), (Keyword, "of")]
    assert (Name, "edge") in tokens("func f(a: dot, b: dot): bool = line[edge(a, b)];")
    assert (Keyword, "edge") not in tokens("var road_at[edge] global: bool = false;")
