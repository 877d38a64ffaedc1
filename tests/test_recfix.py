"""Records, second pass (branch recfix): ordering lists of records (E303), a record kept from the start that
names a card, lists of records in state, a record's title in a seat's view, amending a record (E364, E369,
W482, W483) and the editor's rename and definition of a record's fields."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.view import build_view, changes, value_text

from .conftest import found_at, rules_program, run_proc


# ------------------------------------------------------------------ ordering lists of records (E303)
ORDERED = """
record sq "{row}/{col}" { row: 1..3; col: 1..3; }
proc p(l: list of sq, a: sq) {
  say "{sq < sq}";
  say "{l >= [a]}";
  say "{size(l) < size(sq)} {l == [a]} {a.row < a.col}";
}
"""


def test_ordering_lists_of_records_is_e303_at_the_comparison():
    assert found_at(ORDERED) == [("E303", 4, 9), ("E303", 5, 9)]
    message = analyse_text(ORDERED).diagnostics[0]
    assert "records are only equal or not" in message.message and "size(a) < size(b)" in message.hint


# ------------------------------------------------------------------ a record's title in a seat's view
TITLED = """
enum file { a "A", b "B" }
record sq "{f}{rank}" { f: file; rank: 1..8; }
record wall { at: sq; across: bool = true; }
record path "via {stops}" { stops: list of sq; }
var last: sq;
var w global: wall;
var route global: path;
var board[1..2, 1..2] global: sq = none;
kind tile { at: sq = none; }
tile t1 { at = sq(f = a, rank = 2); }
zone table of tile;
proc p() {
  fill table with tile;
  set last = sq(f = b, rank = 3);
  set w = wall(at = last);
  set route = path(stops = [last, sq(f = a, rank = 1)]);
  set t1.at = sq(f = a, rank = 4);
  set board[1, 2] = last;
}
"""

titled = rules_program(TITLED)


def test_a_seats_view_reads_a_kept_record_by_its_title(titled):
    g = Game(titled, 2, 1)
    before = build_view(g, 0)
    run_proc(g, "p")
    view = build_view(g, 1)
    assert value_text(view["players"][0]["vars"]["last"], view) == "B3"
    assert value_text(view["vars"]["w"], view) == "wall(at = B3, across = yes)"   # a record inside, by its title
    assert value_text(view["vars"]["route"], view) == "via B3, A1"
    assert view["record_titles"]["sq"] == ["", "f", "", "rank", ""]
    assert json.loads(json.dumps(view)) == view
    since = ", ".join(changes(before, build_view(g, 0)))
    assert "last none → B3" in since and "w none → wall(at = B3, across = yes)" in since
    assert "board[1,2] none → B3" in since and "route none → via B3, A1" in since


def test_the_screen_reads_kept_records_and_cards_fields_by_their_titles(titled):
    from rich.console import Console

    from rulebook.runtime.console import screen
    g = Game(titled, 2, 1)
    run_proc(g, "p")
    console = Console(record=True, width=200)
    for part in screen(build_view(g, 0), []):
        console.print(part)
    text = console.export_text()
    assert "B3" in text and "via B3, A1" in text and "at A4" in text and "sq(" not in text


def test_views_of_packs_whose_records_have_no_title_stay_as_they_were():
    g = Game(build_text("record spot { r: int; }\nvar s global: spot;\n"), 2, 1)
    assert "record_titles" not in build_view(g, 0)
