"""Records, second pass (branch recfix): ordering lists of records (E303), a record kept from the start that
names a card, lists of records in state, a record's title in a seat's view, amending a record (E364, E369,
W482, W483) and the editor's rename and definition of a record's fields."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text, compile_pack, interpret_pack
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record, State, check_saved
from rulebook.runtime.view import build_view, changes, value_text

from .conftest import (found_at, played, printed_back, random_games_agree, replays_through_json, rules_program,
                       run_proc, the_one_error, write_pack)


# ------------------------------------------------------------------ ordering lists of records (E303)
ORDERED = """
record sq "{row}/{col}" { row: 1..3; col: 1..3; }
proc p(l: list of sq, a: sq) {
  say "{sq < sq}";
  say "{l >= [a]}";
  say "{size(l) < size(sq)} {l == [a]} {a.row < a.col}";
}
"""


def test_ordering_lists_of_records_is_e531_at_the_comparison():
    # (E303 until lists of numbers and of members ranked item by item: branch handrank's E531)
    assert found_at(ORDERED) == [("E531", 4, 9), ("E531", 5, 9)]
    message = analyse_text(ORDERED).diagnostics[0]
    assert "lists are ordered item by item, and only lists of numbers or of members" in message.message
    assert "compare sizes" in message.hint


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


# ------------------------------------------------------------------ a record kept from the start names a card
CARDS = """
counter vp;
record spot { row: int; col: int; }
record claim "{card} at {at}" { card: tile; at: spot; more: list of tile = []; }
kind tile { }
tile t1 "North" { }
tile t2 "South" { }
kind deck { home: claim = claim(card = t2, at = spot(row = 1, col = 1)); }
deck d1 { }
deck d2 { home = claim(card = t1, at = spot(row = 2, col = 2), more = [t1, t2]); }
var home: claim = claim(card = t1, at = spot(row = 1, col = 1));
var marks global: list of claim = [claim(card = t2, at = spot(row = 5, col = 5))];
proc p() {
  say "{home} / {d1.home} / {d2.home.more} / {home.card.title}";
  set home = claim(card = t2, at = spot(row = 3, col = 3));
  set d2.home = home;
  reset home;
  reset home of deck;
  if home.card == t1 and d2.home.card == t1 and marks[1].card == t2 { gain 1 vp; }
}
"""

cards = rules_program(CARDS)


def test_a_record_kept_from_the_start_may_name_a_card(cards):
    g = Game(cards, 2, 1)
    run_proc(g, "p")
    assert g.messages == ["P1: North at spot(row = 1, col = 1) / South at spot(row = 1, col = 1) / North, South / North"]
    assert g.state.players[0].stock["vp"] == 1   # the card itself, equal to the card named, after a reset too
    start = g.program.variables["home"][1]
    assert start.fields["card"] is g.program.entities["t1"]
    assert g.program.entities["d2"].fields["home"].fields["more"] == [g.program.entities["t1"], g.program.entities["t2"]]


def test_a_state_with_cards_in_kept_records_saves_and_loads(cards):
    g = Game(cards, 2, 1)
    data = json.loads(json.dumps(g.state.to_json()))
    assert data["players"][0]["vars"]["home"]["fields"]["card"] == {"entity": "t1"}
    assert data["gvars"]["marks"][0]["fields"]["card"] == {"entity": "t2"}
    check_saved(data, g.program)
    back = State.from_json(data, g.program.entities)
    assert back.digest() == g.state.digest() and back.players[0].vars["home"] == g.state.players[0].vars["home"]


def test_a_kept_record_naming_what_is_no_card_of_the_kind_is_e303_at_the_name():
    more = CARDS.replace("proc p()", "var bad: claim = claim(card = d1, at = spot(row = 1, col = vp));\nproc p()")
    line = CARDS[:CARDS.index("proc p()")].count("\n") + 1
    assert [f for f in found_at(more) if f[0] != "W486"] == [("E303", line, 60)]   # (the title leaves out 'more')
    assert "'vp' is none of those" in analyse_text(more).diagnostics[-1].message
    wrong_kind = CARDS.replace("proc p()", "var bad: claim = claim(card = d1, at = none);\nproc p()")
    assert [(d.code, d.message) for d in analyse_text(wrong_kind).diagnostics if d.code != "W486"] == \
        [("E303", "field 'card' of claim holds a tile, not a deck")]


# ------------------------------------------------------------------ lists of records kept in state
TRAILS = """
counter vp;
enum colour { red "Red", blue "Blue" }
record spot "{row}.{col}" { row: 1..3; col: 1..3; }
var trail: list of spot;
var walls global: list of spot = [spot(row = 1, col = 1), spot(row = 3, col = 3)];
var paths[colour]: list of spot;
game trails { seats 2 to 3;
  phase play {
    repeat 3 { each players {
      pick s from spot where not contains(trail, s) and not contains(walls, s) "Step to" {
        set trail = trail + [s];
        set paths[blue] = paths[blue] + [s];
        if s.row == 2 { set walls = walls + [s]; gain 1 vp; }
        if size(trail) == 3 { reset walls; }
      }
    } }
  }
  winner most vp;
}
"""

trails = rules_program(TRAILS)


def test_a_list_of_records_starts_empty_or_as_written_and_is_kept(trails):
    g = Game(trails, 2, 1)
    assert g.state.players[0].vars["trail"] == [] and g.state.players[1].vars["paths[red]"] == []
    assert g.state.gvars["walls"] == [Record("spot", {"row": 1, "col": 1}), Record("spot", {"row": 3, "col": 3})]
    g = played(trails, 3, players=2)
    trail = g.state.players[0].vars["trail"]
    assert len(trail) == 3 and len(set(trail)) == 3 and g.state.players[0].vars["paths[blue]"] == trail
    assert g.state.players[0].stock["vp"] == sum(s.fields["row"] == 2 for s in trail)


def test_lists_of_records_in_state_agree_on_both_backends_and_replay():
    random_games_agree(TRAILS, seeds=range(1, 4), counts=(2, 3))
    for interpreted in (False, True):
        replays_through_json(build_text(TRAILS, interpreted=interpreted), 2)


def test_a_saved_state_and_a_view_hold_a_list_of_records(trails):
    g = played(trails, 2, players=2)
    data = json.loads(json.dumps(g.state.to_json()))
    assert data["players"][0]["vars"]["trail"][0]["record"] == "spot"
    check_saved(data, g.program)
    back = State.from_json(data, g.program.entities)
    assert back.digest() == g.state.digest() and back.players[0].vars["trail"] == g.state.players[0].vars["trail"]
    view = build_view(g, 1)
    shown = value_text(view["players"][0]["vars"]["trail"], view)
    assert shown == ", ".join(f"{s.fields['row']}.{s.fields['col']}" for s in g.state.players[0].vars["trail"])


def test_a_list_var_of_members_cards_or_numbers_is_a_list_var_too_and_an_untyped_one_e303():
    # (the eleventh session: a var holds a list of any value type, docs 3.3a; tests/test_list_vars.py)
    for more in ("var seen: list of colour;", "kind tile { }\nvar seen: list of tile;", "var seen global: list of int;"):
        assert [d for d in analyse_text(TRAILS + more).diagnostics if d.severity == "error"] == []
    result = analyse_text(TRAILS + "var seen: list;")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and "a record or a list of ITEM" in errors[0].message
    assert errors[0].span.line == len((TRAILS + "var seen: list;").splitlines()) and "list of int" in errors[0].hint
    assert found_at(TRAILS + "var seen: int of spot;")[0][0] == "E343"
    the_one_error(analyse_text(TRAILS.replace("= [spot(row = 1, col = 1), ", "= [spot(row = vp, col = 1), ")),
                  "E303", "'vp' is none of those")


def test_a_list_of_records_is_printed_back_and_explained():
    from rulebook.compiler.explain import explain
    module, printed = printed_back(TRAILS)
    assert "var paths[colour]: list of spot;" in printed
    trail = next(d for d in module.items if getattr(d, "name", None) == "trail")
    assert "holding a list of spots, starting empty" in " ".join(explain(trail))


# ------------------------------------------------------------------ amend RECORD: fields added with defaults
# Go on a small board: the base builds its points with a row and a column; an expansion plays on two layers
GO = """
counter stones;
record point "{row}-{col}" { row: 1..3; col: 1..3; }
var ko global: point = point(row = 1, col = 1);
var last: point;
kind stone { at: point = none; }
stone s1 { at = point(row = 2, col = 2); }
zone bowl of stone;
func taken(p: point): bool = p == ko;
proc show() { say "{count(p in point)} {point(row = 3, col = 1)} {ko}"; }
game go { seats 2 to 2;
  phase play {
    fill bowl with stone;
    repeat 2 { each players {
      pick p from point where not taken(p) "Play at" { set last = p; set ko = point(row = p.col, col = p.row); gain 1 stones; }
    } }
  }
  winner most stones;
}
"""
LAYERS = 'amend point "{row}-{col}/{layer}" { layer: 1..2 = 1; }\n'


def go_with(tmp_path, house: str, interpreted: bool = False):
    write_pack(tmp_path / "go", GO, name="go")
    write_pack(tmp_path / "layers", house, name="layers", extends=["../go"])
    return interpret_pack(str(tmp_path / "layers")) if interpreted else compile_pack(str(tmp_path / "layers")).program


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_an_amend_adds_a_field_that_the_bases_records_take_by_default(tmp_path, interpreted):
    p = go_with(tmp_path, LAYERS, interpreted)
    g = Game(p, 2, 1)
    assert g.state.gvars["ko"] == Record("point", {"row": 1, "col": 1, "layer": 1})   # the start, built in the base
    assert p.entities["s1"].fields["at"] == Record("point", {"row": 2, "col": 2, "layer": 1})
    run_proc(g, "show")
    assert g.messages == ["P1: 18 3-1/1 1-1/1"]   # the domain has both layers; the base's constructions layer 1
    g = played(p, 4, players=2)
    assert g.state.gvars["ko"].fields["layer"] == 1   # built by the base's rules, which do not name it
    assert {g.state.players[i].vars["last"].fields["layer"] for i in (0, 1)} <= {1, 2}
    assert json.loads(json.dumps(g.state.to_json()))["gvars"]["ko"]["fields"] == {"row": g.state.gvars["ko"].fields["row"],
                                                                                  "col": g.state.gvars["ko"].fields["col"],
                                                                                  "layer": 1}


def test_an_amended_record_plays_the_same_on_both_backends(tmp_path):
    compiled, interpreted = go_with(tmp_path, LAYERS), go_with(tmp_path, LAYERS, True)
    for seed in (1, 2, 3):
        a, b = played(compiled, seed, players=2), played(interpreted, seed, players=2)
        assert a.log == b.log and a.state.digest() == b.state.digest()


def test_an_amend_of_a_record_is_printed_back():
    module, printed = printed_back('record point { row: 1..3; }\n' + LAYERS + 'amend point { tag: str = "a"; }\n')
    assert 'amend point "{row}-{col}/{layer}" {\n  layer: 1..2 = 1;\n}' in printed


def test_the_amends_findings(tmp_path):
    def findings(house: str) -> list:
        write_pack(tmp_path / "go", GO, name="go")
        write_pack(tmp_path / "h", house, name="h", extends=["../go"])
        return [(d.code, d.span.line, d.span.column, d.message) for d in analyse(str(tmp_path / "h")).diagnostics
                if d.code != "I404"]
    found = findings(LAYERS)
    assert [f[:3] for f in found] == [("W483", 1, 37)] and "18 values, not 9" in found[0][3]
    assert [d.message for d in analyse(str(tmp_path / "h")).diagnostics if d.code == "I404"] == \
        ["amends record 'point': adds layer; retitles it"]
    found = findings('amend point { layer: 1..2; }\n')   # no default: the base builds points without it
    assert [f[:3] for f in found] == [("E364", 1, 15), ("W482", 1, 15), ("W483", 1, 15)]
    assert "4 constructions of point leave it out" in found[0][3]
    result = analyse(str(tmp_path / "h"))
    e364 = next(d for d in result.diagnostics if d.code == "E364")
    assert e364.notes[0].endswith("go/main.rules:4:24") and "E374" not in [d.code for d in result.diagnostics]
    assert [f[:3] for f in findings('amend point "{row}-{col}" { row: 1..9 = 1; }\n')] == [("E369", 1, 29)]
    assert [f[:3] for f in findings('amend point { layer = 1; }\n')] == [("E217", 1, 15)]
    assert [f[:3] for f in findings('amend point "{row}" { layer: 1..2 = 1; }\n')][:1] == [("W486", 1, 7)]
    found = findings('amend point "{row}-{col} {tag}" { tag: str = ""; }\n')
    assert [f[:3] for f in found] == [("E337", 1, 35)] and "no domain" in found[0][3]
    assert [f[:3] for f in findings('amend point "{row}-{col} {a}" { a: bool = false; a: bool = true; }\n')] == \
        [("W483", 1, 33), ("E215", 1, 50)]


# ------------------------------------------------------------------ the editor: a record's fields
EDITED_BASE = """\
counter vp;
record spot "{row}/{col}" { row: 1..3; col: 1..3; }
record wall { at: spot; }
var home global: spot = spot(row = 1, col = 2);
kind tile { at: spot = none; }
tile t1 { at = spot(col = 1, row = 3); }
event moved(dest: spot);
proc p(s: spot) {
  let w = wall(at = s);
  say "{s.row} {w.at.row} {t1.at.col}";
  for each x in spot { if x.row == 2 { gain 1 vp; } }
  whenever moved() { say "{it.dest.row}"; }
  emit moved(spot(row = s.col, col = s.row));
}
"""
EDITED_HOUSE = """\
amend spot "{row}/{col}/{layer}" { layer: 1..2 = 1; }
proc q() { say "{spot(row = 1, col = 1, layer = 2).layer} {home.row}"; p(home); }
"""


def edited_packs(tmp_path):
    from rulebook.compiler.workspace import Workspace
    write_pack(tmp_path / "base", EDITED_BASE, name="base")
    write_pack(tmp_path / "house", EDITED_HOUSE, name="house", extends=["../base"])
    view = Workspace().view(tmp_path / "house" / "main.rules")
    return view, {Path(view.paths[f]).parent.name: f for f in view.paths}


def test_renaming_a_records_field_renames_its_reads_its_named_values_and_its_title(tmp_path):
    view, shown = edited_packs(tmp_path)
    base = EDITED_BASE.splitlines()
    target = view.target_at(shown["base"], 11, 29)   # `x.row` in the loop
    assert target.key == ("field", "spot", "row")
    edits = view.rename(target, "line")
    texts = {"base": EDITED_BASE, "house": EDITED_HOUSE}
    for pack, file in shown.items():
        lines = texts[pack].splitlines(keepends=True)
        for span in sorted(edits.get(file, ()), key=lambda s: (s.line, s.column), reverse=True):
            assert lines[span.line - 1][span.column - 1:span.end_column - 1] == "row"
            lines[span.line - 1] = lines[span.line - 1][:span.column - 1] + "line" + lines[span.line - 1][span.end_column - 1:]
        texts[pack] = "".join(lines)
    assert "row" not in texts["base"].replace("{w.at.", "") and "row" not in texts["house"]
    # base: the title, the field, 3 named values, 5 reads; house: the title, a named value, a read
    assert sum(map(len, edits.values())) == 13
    assert [(s.line) for s in edits[shown["house"]]] == [1, 2, 2]
    write_pack(tmp_path / "base", texts["base"], name="base")
    write_pack(tmp_path / "house", texts["house"] + "game g { seats 2 to 2; phase play { q(); } winner most vp; }\n",
               name="house", extends=["../base"])
    result = analyse(str(tmp_path / "house"))
    assert [d for d in result.diagnostics if d.severity == "error"] == []
    g = Game(compile_pack(str(tmp_path / "house")).program, 2, 1)
    run_proc(g, "q")
    assert g.messages[:2] == ["P1: 2 1", "P1: 1 1 1"]


def test_going_to_a_records_field_lands_on_its_declaration(tmp_path):
    view, shown = edited_packs(tmp_path)
    declared = ("base", 2, 29)
    for pack, line, column in (("base", 10, 11), ("base", 4, 31), ("base", 6, 30), ("base", 12, 36),
                               ("house", 2, 66), ("base", 2, 15)):
        target = view.target_at(shown[pack], line, column)
        assert target is not None and target.key == ("field", "spot", "row"), (pack, line, column)
        found = view.definitions(target.key)[0].span
        assert (Path(view.paths[found.file]).parent.name, found.line, found.column) == declared
    added = view.definitions(view.target_at(shown["house"], 2, 53).key)[0].span   # `.layer`: the amend adds it
    assert (found.file != added.file, added.line, added.column) == (True, 1, 36)
    assert "of record `spot`" in view.hover(view.target_at(shown["base"], 10, 11))
    with pytest.raises(Exception, match="record 'spot' already has a field 'col'"):
        view.rename(view.target_at(shown["base"], 10, 11), "col")
