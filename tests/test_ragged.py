"""Ragged indexes (`counter tiles[i: industry, 1..(i.levels)]`, docs/language.md 3.3 "Rows of different lengths"):
a range whose end is worked out before play for each value of an index named before it. Only the real elements
exist: in the state, saved states, views, boards and `--show-state`; an element past a row's end is E621 where it is
constant and E601 where it is computed, alike on both backends; printed back, explained, and the misuse (E620,
W610) at its place. Tzolk'in's gears are written with it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, compile_pack
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game, RulesRuntimeError, no_element
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.state import StateError, check_saved
from rulebook.runtime.view import NO_CELL

from .conftest import (found_at, printed_back, random_games_agree, replays_through_json, rules_programs,
                       run_proc, screens, write_pack)

# Brass: Birmingham (levels for illustration): each player's mat holds the tiles of each industry by level, and
# the industries have different numbers of levels; a tile is built from the lowest level that has one left.
PACK = """
enum industry {
  levels: int;
  cotton "Cotton mill" (levels = 8),
  coal "Coal mine" (levels = 4),
  pottery "Pottery" (levels = 5),
}
kind tile { vp: int = 1; }
tile plain { }
func level_count(i: industry): int = i.levels;
counter tiles[i: industry, 1..(i.levels)] "Tiles left" from 0 to 3 start 2;
var flipped[i: industry, 1..(level_count(i))] "Flipped" global: bool = false;
zone built[i: industry, 1..(i.levels)] of tile;
counter vp;
func lowest_level(i: industry) = first(l in 1..i.levels where tiles[i, l] > 0);
proc build(i: industry) {
  let l = lowest_level(i);
  if l != none {
    lose 1 tiles[i, l];
    gain l vp;
    set flipped[i, l] = true;
  }
}
game brass "Brass" {
  seats 2 to 4;
  phase play {
    repeat 6 {
      each players {
        pick i from industry where lowest_level(i) != none "build which industry?" {
          build(i);
        }
      }
    }
  }
  winner most vp;
}
"""
LINES = PACK.count("\n")
PACKS = Path(__file__).parent / "packs"
ROWS = [("cotton", 8), ("coal", 4), ("pottery", 5)]
REAL = [(i, level) for i, levels in ROWS for level in range(1, levels + 1)]

program = rules_programs(PACK)


def run(program, body: str, players: int = 2) -> Game:
    game = Game(program(f"proc p() {{ {body} }}\n"), players, 1)
    run_proc(game, "p")
    return game


def test_only_the_elements_of_each_row_are_declared_in_order(program):
    p = program()
    assert list(p.indexed["tiles"]) == REAL and len(p.indexed["built"]) == 17
    assert list(p.indexed["flipped"].values())[:9] == [f"flipped[cotton,{level}]" for level in range(1, 9)] + \
        ["flipped[coal,1]"]
    game = Game(p, 2, 1)
    mine = [k for k in game.state.players[0].stock if k.startswith("tiles[")]
    assert mine == [f"tiles[{i},{level}]" for i, level in REAL]   # 17 elements, not 3 x 8
    assert "flipped[coal,5]" not in game.state.gvars and "built[pottery,6]" not in game.state.zones
    assert game.state.players[0].stock["tiles[pottery,5]"] == 2   # each starts as the counter does


def test_a_row_is_read_and_set_to_its_end_on_both_backends(program):
    game = run(program, """
      repeat 9 { build(coal); }
      for each l in 1..pottery.levels { set tiles[pottery, l] = 3; }
      gain 100 * total(l in 1..coal.levels, tiles[coal, l]) vp;
      move first(plain) to built[pottery, 5];
    """)
    me = game.state.players[0]
    assert [me.stock[f"tiles[coal,{level}]"] for level in range(1, 5)] == [0, 0, 0, 0]
    assert me.stock["vp"] == 2 * (1 + 2 + 3 + 4)   # the ninth build finds no tile left
    assert game.state.gvars["flipped[coal,4]"] is True and me.stock["tiles[pottery,5]"] == 3
    assert [c.name for c in game.state.zones["built[pottery,5]"]] == ["plain"]


@pytest.mark.parametrize("body, element", [
    ("gain 1 tiles[coal, vp + 5];", "tiles has no element coal,5 (its row coal has coal,1, coal,2, coal,3, coal,4; "
                                    "17 elements in all)"),
    ("let i = coal; set flipped[i, 4 + size(built[cotton, 8]) + 1] = true;", "flipped has no element coal,5 (its row "
                                                                              "coal has coal,1, coal,2, coal,3, coal,4;"),
    ("for each i in industry { if i.levels < 8 { gain 1 tiles[i, 8]; } }", "tiles has no element coal,8"),
    ("gain 1 tiles[cotton, vp + 9];", "tiles has no element cotton,9 (its row cotton has cotton,1, cotton,2, cotton,3, "
                                      "cotton,4, cotton,5, cotton,6, cotton,7, cotton,8; 17 elements in all)"),
])
def test_a_computed_element_past_its_row_stops_play_at_the_rules_line(program, body, element):
    """E601 lists the elements of the row the index went past (not the whole grid's first ones), alike on both
    backends."""
    with pytest.raises(RulesRuntimeError) as e:
        run(program, body)
    assert e.value.code == "E601" and element in e.value.message


@pytest.mark.parametrize("backend", [[], ["--interpreted"]])
def test_play_says_where_the_rules_reached_past_a_row(tmp_path, backend):
    text = PACK.replace("          build(i);", "          build(i);\n          gain 1 tiles[i, i.levels + 1];")
    pack = write_pack(tmp_path / "brass", text)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first"] + backend)
    line = text[:text.index("gain 1 tiles[i, i.levels")].count("\n") + 1
    assert result.exit_code == 1
    assert f"main.rules:{line}:" in result.output and "error[E601]: tiles has no element cotton,9" in result.output


def test_random_games_agree_and_replay_through_json(program):
    random_games_agree(PACK, seeds=range(1, 4))
    replays_through_json(program(), 2)


def test_a_saved_state_holds_the_real_elements_and_one_past_a_row_is_refused(program, tmp_path):
    game = run(program, "build(pottery); build(pottery); build(pottery);")
    path = tmp_path / "state.json"
    save_state(game.state, path)
    again = load_state(path, game.program)
    assert again.to_json() == game.state.to_json() and again.players[0].stock["tiles[pottery,1]"] == 0
    data = json.loads(path.read_text())
    data["players"][0]["stock"]["tiles[coal,5]"] = 1   # a level the coal mine does not have
    with pytest.raises(StateError, match=r"tiles\[coal,5\]"):
        check_saved(data, game.program)


def test_the_view_leaves_the_places_past_a_row_blank_and_the_screen_draws_them_empty(program):
    game = run(program, "build(coal); build(coal); build(coal);")
    view = game.view(0)
    assert json.loads(json.dumps(view)) == view
    grid = view["grids"]["tiles"]
    assert grid["rows"] == ["cotton", "coal", "pottery"] and grid["columns"] == list(range(1, 9))
    assert grid["elements"][1] == ["tiles[coal,1]", "tiles[coal,2]", "tiles[coal,3]", "tiles[coal,4]"] + [NO_CELL] * 4
    assert grid["elements"][2][4:] == ["tiles[pottery,5]", NO_CELL, NO_CELL, NO_CELL]
    assert "tiles[coal,5]" not in view["players"][0]["stock"]
    rows = [line.rstrip() for line in screens(game, (0,))[0].splitlines() if line.startswith("│ Coal mine")]
    assert rows[0] == "│ Coal mine   │ · │ 1 │ 2 │ 2 │   │   │   │   │   │ Coal mine   │ 2 │ 2 │ 2 │ 2 │   │   │   │   │"
    assert rows[1] == "│ Coal mine   │ ● │ ● │ · │ · │   │   │   │   │"   # your tiles, P2's, then the shared Flipped


def test_show_state_draws_each_row_as_long_as_it_is(tmp_path):
    pack = write_pack(tmp_path / "brass", PACK)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state"])
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.output.splitlines()]
    flipped = lines[lines.index("Flipped"):]
    # the first option every time: each player builds the cotton mill six times (two tiles a level), flipping 1 to 3
    assert flipped[4] == "│ Cotton mill │ ● │ ● │ ● │ · │ · │ · │ · │ · │"
    assert flipped[5] == "│ Coal mine   │ · │ · │ · │ · │   │   │   │   │"
    assert flipped[6] == "│ Pottery     │ · │ · │ · │ · │ · │   │   │   │"


def test_the_declaration_is_printed_back_and_explained():
    module, printed = printed_back(PACK + "var rows[r: 1..5, 1..(if r <= 3 then r + 2 else 8 - r)] global: int;\n")
    assert 'counter tiles[i: industry, 1..(i.levels)] "Tiles left" from 0 to 3 start 2;' in printed
    assert "var rows[r: 1..5, 1..(if r <= 3 then r + 2 else 8 - r)] global: int;" in printed
    symbols = analyse_text(PACK).symbols
    assert reading(symbols.decls["tiles"], symbols) == [
        "Tiles left: counters each player keeps for each industry and each number from 1 to i.levels (1 to 8 for "
        "cotton; 1 to 4 for coal; 1 to 5 for pottery), from 0 to 3, starting at 2."]
    capped = analyse_text(PACK + "counter spare[i: industry, 1..(min(i.levels, 5) - abs(-1))] global;").symbols
    assert reading(capped.decls["spare"], capped)[0].endswith("(1 to 4 for cotton and pottery; 1 to 3 for coal).")
    catan = analyse_text("var hexes[r: 1..5, 1..(if r <= 3 then r + 2 else 8 - r)] global: int;").symbols
    assert "(1 to 3 for 1 and 5; 1 to 4 for 2 and 4; 1 to 5 for 3)" in reading(catan.decls["hexes"], catan)[0]


def test_the_pack_lints_clean():
    assert [d.code for d in analyse_text(PACK).diagnostics] == []


# ---------------------------------------------------------------- misuse, at its place

ENUM = "enum gear { positions: int; palenque (positions = 10), chichen_itza (positions = 13), none_yet (positions = 0), }\n"


@pytest.mark.parametrize("decl, code, column", [
    ("counter vp; counter at[g: gear, 0..(vp)];", "E620", 37),   # a counter: known only in play
    ("counter at[gear, 0..(g.positions - 1)];", "E620", 22),   # 'g' names no index
    ("counter at[g: gear, 0..(g.colour)];", "E620", 25),   # no such field of the members
    ("counter at[g: gear, g: 1..3, 0..(g)];", "E620", 21),   # one name for two indexes
    ("counter at[0..(3), gear];", "E620", 16),   # a first index has none before it
    ("kind c { } c one { } counter at[k: c, 0..(2)];", "E620", 32),   # a name on an index of cards
    ("counter at[g: gear, 0..(g.title)];", "E620", 25),   # no whole number
])
def test_a_ragged_end_not_worked_out_before_play_is_e620_at_its_place(decl, code, column):
    assert (code, 2, column) in found_at(ENUM + decl)


def test_a_row_with_no_element_is_w610():
    assert ("W610", 2, 25) in found_at(ENUM + "counter at[g: gear, 0..(g.positions - 1)];")


def test_a_constant_element_past_its_row_is_e621_and_past_every_row_e312():
    found = analyse_text(ENUM.replace("none_yet (positions = 0), ", "") + """counter at[g: gear, 0..(g.positions - 1)];
proc p() { set at[palenque, 10] = 1; set at[chichen_itza, 12] = 1; set at[palenque, 9] = 1; set at[chichen_itza, 13] = 1; }
""").diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found if d.code != "W401"] == [("E621", 3, 29), ("E312", 3, 100)]
    e621 = next(d for d in found if d.code == "E621")
    assert "at[palenque,10] is past the end of its row" in e621.message and "0..9 for palenque" in e621.message
    assert e621.hint == "its elements for palenque are at[palenque,0] to at[palenque,9]"


# ---------------------------------------------------------------- Tzolk'in

def test_tzolkins_gears_hold_their_own_positions_alone():
    program = compile_pack(str(PACKS / "tzolkin")).program
    at = program.indexed["at"]
    assert len(at) == 4 * 10 + 13 and ("palenque", 10) not in at and ("chichen_itza", 12) in at
    game = Game(program, 2, 1)
    assert sum(1 for k in game.state.players[0].stock if k.startswith("at[")) == 53


def test_a_board_of_a_shaped_record_is_laid_out_in_order_with_its_corners_blank():
    # (the same blank places: `--show-state` of a hexagon stopped with a KeyError before ragged rows had them)
    from rulebook.compiler.driver import build_text

    program = build_text("""enum marble { no_marble, black, white }
record hole "{q},{r}" { q: -2..2; r: -2..2; } where abs(q + r) <= 2;
var board[hole] "Board" global: marble = no_marble;
counter vp;
game a { seats 2; winner most vp; }
""")
    grid = Game(program, 2, 1).view(0)["grids"]["board"]
    assert grid["columns"] == [-2, -1, 0, 1, 2]
    assert grid["elements"][0] == [NO_CELL, NO_CELL, "board[-2,0]", "board[-2,1]", "board[-2,2]"]
    assert grid["elements"][4] == ["board[2,-2]", "board[2,-1]", "board[2,0]", NO_CELL, NO_CELL]


def test_an_expansion_that_adds_a_member_adds_its_row(tmp_path):
    write_pack(tmp_path / "base", PACK)
    house = write_pack(tmp_path / "canals", 'amend industry { brewery "Brewery" (levels = 2) }\n', extends=["../base"])
    program = compile_pack(str(house)).program
    assert [k for k in program.indexed["tiles"] if k[0] == "brewery"] == [("brewery", 1), ("brewery", 2)]
    assert len(program.indexed["tiles"]) == 19


def test_a_long_row_is_listed_by_its_first_elements_and_where_it_ends():
    """A row longer than E601 lists shows its first elements and its last one (where the row ends is what went
    wrong); an index whose row does not exist gets the whole declaration's first elements, as before."""
    names = [(g, p) for g, length in (("palenque", 10), ("yaxchilan", 11)) for p in range(length)]
    past = no_element("at", ("yaxchilan", 11), names)
    assert past.code == "E601" and past.message == (
        "at has no element yaxchilan,11 (its row yaxchilan has yaxchilan,0, yaxchilan,1, yaxchilan,2, yaxchilan,3, "
        "yaxchilan,4, yaxchilan,5, ... yaxchilan,10; 21 elements in all)")
    nowhere = no_element("at", ("tikal", 0), names)
    assert nowhere.message.startswith("at has no element tikal,0 (it has palenque,0, palenque,1,")
    assert nowhere.message.endswith(", ... (21 in all))")
