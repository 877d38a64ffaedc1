"""`regions(p in DOMAIN where COND via NEXT)`: the connected regions of the kept elements, a list of
lists, on both backends (Go's territories)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.record import record

from .conftest import programs, write_pack

# Go on a 5 x 5 board: area scoring, each empty region counted for the colour that alone borders it.
GO = """
record point "{col}{row}" { col: 1..5; row: 1..5; }
var board[point] "Board" global: player = none;
counter area "Area";
counter parts global;
func near(p: point): list of point = gather(q in neighbours(p), [q]);
func territory(): list of list of point = regions(p in point where board[p] == none via near(p));
func owner(reg: list of point): int =
  let black = some(p in reg where some(q in near(p) where board[q] == all_players[1]));
  let white = some(p in reg where some(q in near(p) where board[q] == all_players[2]));
  if black and not white then 1 else if white and not black then 2 else 0;
proc turn() {
  pick p from point where board[p] == none "place a stone" optional as "pass" { set board[p] = you; }
}
game go {
  seats 2 to 2;
  phase play { repeat 6 { each players: turn(); } }
  phase final {
    set parts = count(r in territory());
    each players {
      gain count(p in point where board[p] == you) area;
      for each reg in territory() where owner(reg) == seat(you) { gain count(q in reg) area; }
    }
  }
  winner most area;
}
"""


@pytest.fixture(scope="module")
def go(tmp_path_factory):
    return write_pack(tmp_path_factory.mktemp("go"), GO, name="go")


def test_territories_on_both_backends_agree(go):
    finals = {}
    for i, program in enumerate(programs(go)):
        for seed in (1, 2, 3, 4):
            game = Game(program, 2, seed, make_agents("random", 2, seed))
            game.play()
            finals.setdefault(seed, set()).add(record(game).final_digest)
    assert all(len(d) == 1 for d in finals.values()), finals


def test_regions_of_a_known_board_each_once_in_domain_order(go):
    for program in programs(go):
        game = Game(program, 2, 1)
        black, white = game.state.players
        # column 3 black, so the empty points split into the columns 1-2 and 4-5, each one region
        for row in range(1, 6):
            game.state.gvars[f"board[3,{row}]"] = black
        regions = program.funcs["territory"](game, black)
        assert [len(r) for r in regions] == [10, 10]
        assert regions[0][0] == program.funcs["territory"](game, white)[0][0]
        assert not set(regions[0]) & set(regions[1])


def test_regions_counts_steps(go):
    program = programs(go)[0]
    game = Game(program, 2, 1)
    before = game.steps
    program.funcs["territory"](game, game.state.players[0])
    # 25 elements tested, then each of the 25 empty points' neighbours tried (80 edges on a 5 x 5 grid),
    # and near(p)'s own gather over those 80 neighbours
    assert game.steps - before == 25 + 80 + 80


def test_fmt_round_trip_and_explain():
    text = "func t(): list of list of int = regions(n in [1, 2, 4, 5] where n > 0 via [n - 1, n + 1]);\n"
    assert format_module(parse_text(text)) == text
    module = parse_text("func t(): list of list of int = regions(n in [1, 2, 4, 5] via [n - 1, n + 1]);\n")
    assert "regions(n in [1, 2, 4, 5] via [n - 1, n + 1])" in format_module(module)


def test_regions_of_numbers_join_by_next():
    result = analyse_text("func t(): list of list of int = regions(n in [5, 1, 2, 4, 7, 8] via [n - 1, n + 1]);\n"
                          "game g { seats 2 to 2; phase play { } winner most 0; }\n")
    assert not [d for d in result.diagnostics if d.severity == "error"], result.diagnostics


@pytest.mark.parametrize("text, where", [
    ("enum s { a, b }\nfunc f(): list = regions(p in s via [1]);", (2, 37)),      # NEXT of another type
    ("enum s { a, b }\nfunc f(): list = regions(p in s via [a]);", (2, 37)),      # NEXT that does not read p
    ("enum s { a, b }\nfunc f(): list = regions(p in s via 3);", (2, 37)),        # NEXT no list
    ("enum s { a, b }\nfunc f(): list = gather2(p in s via [p]);", (2, 18)),      # the shape on another name
])
def test_regions_misuse_is_e536(text, where):
    found = [(d.code, d.span.line, d.span.column) for d in
             analyse_text(text + "\ngame g { seats 2 to 2; phase play { } winner most 0; }\n").diagnostics]
    assert ("E536", *where) in found, found
