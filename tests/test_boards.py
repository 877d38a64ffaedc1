"""Grids shown as boards: a counter or variable with two indexes (`var square[1..3, 1..3]`, docs 3.3
"Grids: two indexes") is shown by the human player's screen and by `play --show-state` as a board,
rows by the first index and columns by the second, not as nine (or 25) separate entries; the view
keeps every element where it was and adds `grids`, how to lay them out."""

from __future__ import annotations

import io
import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import build_text
from rulebook.runtime.console import BLANK, MARK, Board, PlainConsole, cell_text
from rulebook.runtime.engine import Game

from .conftest import write_pack
from .test_screen import WIDTH, hot_seat

# the docs' Tic-tac-toe (3.3, grids) with a game around it: each turn picks a row, then a column
TIC_TAC_TOE = """
var square[1..3, 1..3] "Board" global: player;
counter won;
func row_of(p: player, r: int) = square[r, 1] == p and square[r, 2] == p and square[r, 3] == p;
func column_of(p: player, c: int) = square[1, c] == p and square[2, c] == p and square[3, c] == p;
proc claim(r: int, c: int) {
  if square[r, c] == none {
    set square[r, c] = you;
    if some(i in 1..3 where row_of(you, i) or column_of(you, i)) { gain 1 won; }
  }
}
game tic_tac_toe {
  seats 2 to 2;
  phase play { repeat 3 { each players { pick r from 1..3 "row" { pick c from 1..3 "column" { claim(r, c); } } } } }
  winner most won;
}
"""

# Azul in small: each player's wall, a tile placed or not by row and colour, and the points scored
# on each square (a per-player counter grid); one index stays as it was (`lines[colour]`)
WALL = """
enum colour { blue "Blue", yellow "Yellow", red "Red" }
var wall[1..3, colour] "Wall": bool;
counter points[1..3, colour] "Points";
counter lines[colour] "Pattern line";
counter vp;
game wall_game {
  seats 2 to 2;
  phase play {
    each players {
      pick r from 1..3 "row" {
        set wall[r, blue] = true;
        gain r points[r, blue];
        gain 2 lines[red];
      }
    }
  }
  winner most vp;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def board_lines(text: str, title: str) -> list[str]:
    """The lines of the board under `title` on a screen: from its title to its bottom edge, each
    stripped of the spaces after it."""
    lines = [line.rstrip() for line in text.splitlines()]
    start = lines.index(title)
    end = next(i for i in range(start, len(lines)) if lines[i].startswith("└"))
    return lines[start:end + 1]


def test_a_tic_tac_toe_board_is_shown_as_a_board_with_each_square_held(interpreted):
    # P1 takes (1,1), P2 (2,2), P1 (1,2), P2 (3,3), P1 (1,3): a row
    answers = ["1", "1", "2", "2", "1", "2", "3", "3", "1", "3", "3", "1"]
    game, console = hot_seat(TIC_TAC_TOE, 2, 1, interpreted, answers)
    game.play()
    fifth_turn = console.screens[8]   # P1's row question, after four squares were taken
    assert board_lines(fifth_turn, "Board") == [
        "Board",
        "┌───┬────┬────┬────┐",
        "│   │ 1  │ 2  │ 3  │",
        "├───┼────┼────┼────┤",
        "│ 1 │ P1 │ P1 │ ·  │",
        "│ 2 │ ·  │ P2 │ ·  │",
        "│ 3 │ ·  │ ·  │ P2 │",
        "└───┴────┴────┴────┘",
    ]
    assert "Board (" not in fifth_turn.split("Since your last decision:")[0]   # not nine entries
    assert "Game:" not in fifth_turn   # the board was the game's only variable
    # what changed is still told square by square
    assert "Board (2, 2) none → P2" in console.screens[4]
    assert max(len(line) for s in console.screens for line in s.splitlines()) <= WIDTH


def test_each_players_bool_wall_is_a_board_headed_by_member_titles_side_by_side(interpreted):
    game, console = hot_seat(WALL, 2, 1, interpreted, ["2", "3"])
    game.play()
    second = console.screens[1]   # P2's screen, after P1 placed a tile on row 2
    lines = [line.rstrip() for line in second.splitlines()]
    top = next(i for i, line in enumerate(lines) if line.startswith("P1's Wall"))
    assert lines[top] == "P1's Wall                     your Wall"   # both fit 80 columns: side by side
    assert lines[top + 2] == "│   │ Blue │ Yellow │ Red │   │   │ Blue │ Yellow │ Red │"
    assert lines[top + 4:top + 7] == [
        f"│ 1 │  {BLANK}   │   {BLANK}    │  {BLANK}  │   │ 1 │  {BLANK}   │   {BLANK}    │  {BLANK}  │",
        f"│ 2 │  {MARK}   │   {BLANK}    │  {BLANK}  │   │ 2 │  {BLANK}   │   {BLANK}    │  {BLANK}  │",
        f"│ 3 │  {BLANK}   │   {BLANK}    │  {BLANK}  │   │ 3 │  {BLANK}   │   {BLANK}    │  {BLANK}  │",
    ]
    top = lines.index("P1's Points                   your Points")
    # the counter grid: its numbers as digits, 0 as a dot
    assert lines[top + 5] == f"│ 2 │  2   │   {BLANK}    │  {BLANK}  │   │ 2 │  {BLANK}   │   {BLANK}    │  {BLANK}  │"
    # the grids' elements are not in the players' table; the one-index counter is, one entry naming
    # the elements away from their start (P2's all at 0: not said, as a stock at 0)
    assert "Wall (" not in second and "Points (" not in second
    assert "Pattern line: Red 2" in second and second.count("Pattern line") == 1


def test_the_view_keeps_every_element_and_adds_how_grids_are_laid_out(interpreted):
    game = Game(build_text(WALL + TIC_TAC_TOE.split("game tic_tac_toe")[0], interpreted=interpreted), 2, 1)
    game.start()
    game.apply(1)   # P1 places a tile on row 2
    view = game.view(1)
    assert json.loads(json.dumps(view)) == view
    assert view["players"][0]["vars"]["wall[2,blue]"] is True   # the elements stay where they were
    assert view["players"][0]["stock"]["points[2,blue]"] == 2 and view["vars"]["square[1,1]"] is None
    grids = view["grids"]
    assert list(grids) == ["wall", "points", "square"]   # in declaration order; `lines` has one index
    assert grids["wall"] == {
        "rows": [1, 2, 3], "columns": ["blue", "yellow", "red"],
        "row_titles": ["1", "2", "3"], "column_titles": ["Blue", "Yellow", "Red"],
        "elements": [[f"wall[{r},{c}]" for c in ("blue", "yellow", "red")] for r in (1, 2, 3)],
        "per_player": True}
    assert grids["square"]["per_player"] is False
    assert view["labels"]["wall"] == "Wall"   # a grid's title, which its board shows
    assert view["labels"]["wall[2,blue]"] == "Wall (2, Blue)"   # an element's: a member by its title
    assert view["labels"]["square[1,1]"] == "Board (1, 1)"   # numbers as they are


def test_a_game_without_grids_has_no_grids_key():
    game = Game(build_text("counter vp;\ncounter tool[1..3];\ngame g { seats 2 to 2; phase play {} winner most vp; }"), 2, 1)
    game.start()
    assert "grids" not in game.view(0)


# a grid indexed by a kind: the element of a card the viewer cannot see is left out of the view
# (its name would name the card), and its cell shows `…`
HIDDEN = """
kind card { }
card guard "Guard" { }
card priest "Priest" { }
zone hand per_player of card hidden;
enum side { left "Left", right "Right" }
var told[card, side] "Told": bool;
var picked[1..2, side] "Picked" global: card;
counter vp;
game g {
  seats 2 to 2;
  phase setup { each players: gain 0 vp; }
  phase play { }
  winner most vp;
}
"""


def test_a_cell_whose_card_the_viewer_cannot_see_is_masked(interpreted):
    from rulebook.runtime.console import view_boards

    program = build_text(HIDDEN, interpreted=interpreted)
    game = Game(program, 2, 1)
    game.start()
    priest = program.entities["priest"]
    game.state.players[1].zones["hand"].append(priest)
    game.state.where[priest.key] = (game.state.players[1], "hand", game.state.players[1].zones["hand"])
    view = game.view(0)
    assert view["grids"]["told"]["elements"][1] == [None, None]
    assert view["grids"]["told"]["row_titles"] == ["Guard", "Priest"]   # the rules declare both
    console = PlainConsole(file=io.StringIO(), width=WIDTH, color_system=None)
    for part in view_boards(view):
        console.print(part)
    text = console.file.getvalue()
    assert "│ Priest │  …   │   …   │" in text and "│ Guard  │  ·   │   ·   │" in text
    # a card a grid holds: by title to whoever sees it, `…` to the others
    game.state.gvars["picked[1,left]"] = priest
    for seat, row in ((0, "│ 1 │  …   │   ·   │"), (1, "│ 1 │ Priest │   ·   │")):
        console = PlainConsole(file=io.StringIO(), width=WIDTH, color_system=None)
        for part in view_boards(game.view(seat)):
            console.print(part)
        assert row in console.file.getvalue().splitlines()


def test_a_cells_text_is_compact():
    words = {"P2": "P2", "a long card title": "a long card title"}.get
    assert [cell_text(v, words) for v in (None, False, 0, [], True, 3, -1)] == \
        [BLANK, BLANK, BLANK, BLANK, MARK, "3", "-1"]
    assert cell_text("P2", words) == "P2" and cell_text("a long card title", words) == "a long …"


def test_a_narrow_terminal_shortens_the_column_headings_never_a_cell():
    months = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
              "October", "November", "December"]
    cells = [["100" if (r, c) == (0, 0) else BLANK for c in range(12)] for r in range(10)]
    shown = {}
    for width in (120, 80, 60):
        console = PlainConsole(file=io.StringIO(), width=width, color_system=None, record=True)
        console.print(Board("Harvest", list(range(1, 11)), months, cells))
        lines = console.export_text().splitlines()
        assert max(len(line) for line in lines) <= width
        assert lines[4].split("│")[1:3] == [" 1  ", " 100 " if width < 120 else "   100   "]   # whole
        assert lines[13].startswith("│ 10 │")   # and so is row 10's heading
        shown[width] = lines[2]
    assert shown[120] == ("│    │ January │ February │ March │ April │ May │ June │ July │ August │ Septemb… │"
                          " October │ November │ December │")
    assert shown[80] == "│    │ Ja… │ Fe… │ Ma… │ Ap… │ May │ Ju… │ Ju… │ Au… │ Se… │ Oc… │ No… │ De… │"
    assert shown[60] == "│    │ Ja… │ F │ M │ A │ M │ J │ J │ A │ S │ O │ N │ D │"   # the cells' width, 1


def test_a_title_is_plain_text_in_a_board():
    console = PlainConsole(file=io.StringIO(), width=WIDTH, color_system=None, record=True)
    console.print(Board("[bold]Wall\x1b", ["[red]"], ["x"], [["1"]]))
    text = console.export_text()
    assert "[bold]Wall" in text and "[red]" in text and "\x1b" not in text


def test_show_state_prints_grids_as_boards(tmp_path):
    pack = write_pack(tmp_path / "tic_tac_toe", TIC_TAC_TOE + WALL.replace("game wall_game", "game unused")
                      .split("game unused")[0])
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state"])
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    at = lines.index("Board")
    # the first option every time: P1 takes (1, 1), which every later turn then finds taken
    assert lines[at + 2:at + 7] == ["│   │ 1  │ 2 │ 3 │", "├───┼────┼───┼───┤",
                                    "│ 1 │ P1 │ · │ · │", "│ 2 │ ·  │ · │ · │", "│ 3 │ ·  │ · │ · │"]
    assert "│ Pattern line │ all 0 │ all 0 │" in lines   # one index: one row, its elements at their start
    assert not any(line.startswith("│ Board (") for line in lines)   # not a row per square
    assert any(line.startswith("P1's Wall") and "P2's Wall" in line for line in lines)
    assert not any("Wall (" in line for line in lines)
