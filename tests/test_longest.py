"""A repeated pick that keeps only the candidates beginning a longest run (`pick ... repeated longest [,
then highest KEY]`, 4.21) and a bag of values (`take X from LIST;`, 4.12), from the Backgammon designer
audit (W1, W3): the test pack's Backgammon (tests/packs/backgammon, its board numbered from each side by a
frame, 3.3) plays its two forced-play positions (repro/forced_larger: only one die can be played, so it is
played; either could be but not both, so the larger) and a position where only one order plays both dice,
on both backends; a draughts-style line takes the capture sequence that takes the most pieces; the
diagnostics (E540, E541), fmt, explain and the search's runaway (E602)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import pack_backends, random_start

PACK = Path(__file__).parent / "packs" / "backgammon"
BOARD = (PACK / "board.rules").read_text()
BACKENDS = ["compiled", "interpreted"]


@pytest.fixture(scope="module")
def backgammon(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(PACK))


def position(white: dict, black: dict, dice: list, backend: str):
    """The pack's board with a game that sets up a position (each side on its own points, `off` and `bar`
    its checkers borne off and on the bar), sets the dice and lets White play them; the game and its
    first decision (None when every move was forced)."""
    def sets(side: dict) -> str:
        return " ".join(f"set {k} = {v};" if isinstance(k, str) else f"set pts[{k}] = {v};" for k, v in side.items())
    text = BOARD + f"""
proc set_position() {{
  each players where seat() == 1 {{ {sets(white)} }}
  each players where seat() == 2 {{ {sets(black)} }}
}}
game test_position "Backgammon position" {{
  seats 2 to 2 named "White", "Black";
  phase setup {{
    set_position();
    set dice = {dice};
    each players where seat() == 1: play_dice();
    end game;
  }}
  winner most points;
}}
"""
    g = Game(build_text(text, interpreted=backend == "interpreted"), 2, 1)
    return g, g.start()


def white(g) -> dict:
    """White's checkers by point (the points holding any), and borne off (`off`) when there are any."""
    stock = g.state.players[0].stock
    held = {int(k[4:-1]): v for k, v in stock.items() if k.startswith("pts[") and v}
    return held | ({"off": stock["off"]} if stock["off"] else {})


def test_the_backgammon_pack_lints_without_a_finding():
    assert [d.headline() for d in analyse(str(PACK)).diagnostics] == []


@pytest.mark.parametrize("backend", BACKENDS)
def test_only_one_die_can_be_played_so_it_is(backend):
    # the audit's pos1: White alone on 13, Black holds White's 6 and 7; 6-1: only 13/12 with the 1
    g, d = position({13: 1, "off": 14}, {19: 2, 18: 2, 1: 11}, [6, 1], backend)
    assert d is None and white(g) == {12: 1, "off": 14}


@pytest.mark.parametrize("backend", BACKENDS)
def test_either_die_but_not_both_the_larger_is_played(backend):
    # the audit's pos2: Black holds White's 6 only; 13/7 and 13/12 are each open, not both (6 is closed)
    g, d = position({13: 1, "off": 14}, {19: 2, 1: 13}, [6, 1], backend)
    assert d is None and white(g) == {7: 1, "off": 14}
    # the same with 1-6: the order of the dice does not matter
    g, d = position({13: 1, "off": 14}, {19: 2, 1: 13}, [1, 6], backend)
    assert d is None and white(g) == {7: 1, "off": 14}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_move_after_which_the_other_die_cannot_be_played_is_not_offered(backend):
    # White on 13 and 3, Black holds White's 6. 13/7 (the 6) then 3/2 (the 1), or 3/2 then 13/7, play both
    # dice; 13/12 (the 1) is open, but then 12/6 is closed and the 3 cannot bear off with 12 out: one die
    g, d = position({13: 1, 3: 1, "off": 13}, {19: 2, 1: 13}, [6, 1], backend)
    assert d is not None and sorted(d.options) == ["13 with a 6", "3 with a 1"]
    assert g.apply("13 with a 6") is None and white(g) == {7: 1, 2: 1, "off": 13}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_choice_among_the_longest_runs_is_the_players(backend):
    # White on 13 and 8, nothing closed: 6-1 plays both dice in any order, from either checker
    g, d = position({13: 1, 8: 1, "off": 13}, {1: 15}, [6, 1], backend)
    assert d is not None and sorted(d.options) == ["13 with a 1", "13 with a 6", "8 with a 1", "8 with a 6"]
    d = g.apply("8 with a 6")
    assert sorted(d.options) == ["13 with a 1", "2 with a 1"]
    assert g.apply("2 with a 1") is None and white(g) == {13: 1, 1: 1, "off": 13}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_double_plays_as_many_of_its_four_as_it_can(backend):
    # White on 13 and 8 with 5-5-5-5, Black holding White's 3: 13/8 once, then 8/3 is closed for both
    g, d = position({13: 1, 8: 1, "off": 13}, {22: 2, 1: 13}, [5, 5, 5, 5], backend)
    assert d is None and white(g) == {8: 2, "off": 13}


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_checker_on_the_bar_enters_first_and_hits_on_the_board_numbered_from_each_side(backend):
    # White on the bar and on 13 with 6-1; Black holds White's 19 (Black's 6), so only the 1 enters (on 24);
    # then the 6 from 24 hits Black's blot on White's 18 (Black's own 7), or moves 13/7
    g, d = position({"bar": 1, 13: 1, "off": 13}, {6: 2, 7: 1, "off": 12}, [6, 1], backend)
    assert d is not None and sorted(d.options) == ["13 with a 6", "24 with a 6"] and white(g) == {24: 1, 13: 1, "off": 13}
    assert g.apply("24 with a 6") is None and white(g) == {18: 1, 13: 1, "off": 13}
    black = g.state.players[1].stock
    assert black["bar"] == 1 and black["pts[18]"] == 0 and black["pts[19]"] == 2   # kept by the board's numbers


def test_both_backends_play_the_same_backgammon_games(backgammon):
    for seed in (1, 2):
        games = []
        for b in BACKENDS:
            g, offered = random_start(backgammon[b], seed)
            games.append((offered, g.log, g.state.digest()))
        assert games[0] == games[1]


DRAUGHTS = """
# A line of International Draughts (a test pack): a man captures by jumping an adjacent enemy piece
# onto the empty square beyond it, and goes on while it can; the sequence that takes the most is due.
var cell[1..9] "Board" global: player;
counter captured "Captured";
counter jumper "Jumping man" global from 0 to 9;
record jump "{from} over {over}" { from: 1..9; over: 1..9; }
func beyond(j: jump): int = 2 * j.over - j.from;
func can_jump(j: jump): bool =
  (jumper == 0 or j.from == jumper) and cell[j.from] == you and abs(j.over - j.from) == 1
  and beyond(j) >= 1 and beyond(j) <= 9
  and cell[j.over] != none and cell[j.over] != you and cell[beyond(j)] == none;
proc capture(j: jump) {
  set cell[beyond(j)] = you;
  set cell[j.from] = none;
  set cell[j.over] = none;
  set jumper = beyond(j);
  gain 1 captured;
}
proc take_pieces() {
  pick j from jump where can_jump(j) "jump which piece?" repeated longest {
    capture(j);
  }
  set jumper = 0;
}
game line "A line of draughts" {
  seats 2 to 2;
  phase setup {
    each players where seat() == 1 { set cell[5] = you; set cell[9] = you; }
    each players where seat() == 2 { set cell[4] = you; set cell[2] = you; set cell[8] = you; set cell[6] = you; }
    each players where seat() == 1: take_pieces();
  }
  winner most captured;
}
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_draughts_takes_the_sequence_that_takes_the_most(backend):
    # White on 5 and 9, Black on 2, 4, 6 and 8 (1, 3 and 7 empty): 9 over 8 (to 7) takes one, and 7 over 6
    # would land on White's 5; 5 over 6 (to 7) takes one, 9 beyond 8 being White's; 5 over 4 (to 3), then
    # 3 over 2 (to 1), takes two: the only sequence offered, so both jumps are forced.
    g = Game(build_text(DRAUGHTS, interpreted=backend == "interpreted"), 2, 1)
    assert g.start() is None
    cells = g.state.gvars
    assert g.state.players[0].stock["captured"] == 2
    assert {k: v for k, v in cells.items() if k.startswith("cell[") and v is not None} and \
        g.state.gvars["cell[1]"] is g.state.players[0] and g.state.gvars.get("cell[5]") is None


LISTS = """
counter vp;
var bag global: list of int = [3, 1, 3, 2];
proc take_three() { take 3 from bag; }
proc take_five() { take 5 from bag; }
game g { seats 1 to 1; phase setup { take_three(); if bag == [1, 3, 2] { gain 1 vp; } take_three(); if bag == [1, 2] { gain 1 vp; } } winner most vp; }
"""


@pytest.mark.parametrize("backend", BACKENDS)
def test_take_takes_one_copy_out_of_a_list(backend):
    g = Game(build_text(LISTS, interpreted=backend == "interpreted"), 1, 1)
    assert g.start() is None and g.state.players[0].stock["vp"] == 2 and g.state.gvars["bag"] == [1, 2]


@pytest.mark.parametrize("backend", BACKENDS)
def test_take_of_what_the_list_does_not_hold_stops_the_game(backend):
    g = Game(build_text(LISTS.replace("phase setup {", "phase setup { take_five();"), interpreted=backend == "interpreted"), 1, 1)
    with pytest.raises(RulesRuntimeError) as e:
        g.start()
    assert e.value.code == "E601" and "holds no 5" in str(e.value)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_run_that_never_ends_is_a_runaway(backend):
    text = """counter vp;
proc spin() { pick x from [1, 2] "which?" repeated longest { gain 0 vp; } }
game g { seats 1 to 1; phase setup { spin(); } winner most vp; }
"""
    g = Game(build_text(text, interpreted=backend == "interpreted"), 1, 1)
    with pytest.raises(RulesRuntimeError) as e:
        g.start()
    assert e.value.code == "E602"


def codes(text: str) -> list:
    return [(d.code, d.span.line) for d in analyse_text(text, "t.rules").diagnostics if d.code in ("E540", "E541")]


def test_longest_misused_is_e540():
    base = "counter vp;\nvar seen global: list of int;\n"
    # not repeated: a single pick (`repeatedly longest`, whose none would end any run, is not read at all)
    assert codes(base + 'proc a() { pick x from 3 "x" longest { gain x vp; } }') == [("E540", 3)]
    assert [d.code for d in analyse_text(base + 'proc a() { pick x from 3 "x" repeatedly longest { gain x vp; } }',
                                         "t.rules").diagnostics] == ["E100"]
    # a key that is no number
    assert codes(base + 'proc a() { pick x from 3 "x" repeated longest, then highest x > 1 { gain x vp; } }') \
        == [("E540", 3)]
    # a decision in the body, directly or through a proc
    assert codes(base + 'proc ask() { may "more?" { gain 1 vp; } }\n'
                 'proc a() { pick x from 3 where vp < 3 "x" repeated longest { ask(); } }') == [("E540", 3)]
    # an end of the game in the body
    assert codes(base + 'proc a() { pick x from 3 where vp < 3 "x" repeated longest { end game; } }') == [("E540", 3)]
    # a local of the block around set in the body, a return in it
    assert codes(base + 'proc a() { let n = 0;\n pick x from 3 where vp < 3 "x" repeated longest {\n'
                 ' set n = n + 1; gain 1 vp; }\n gain n vp; }') == [("E540", 5)]
    assert codes(base + 'proc a() { pick x from 3 where vp < 3 "x" repeated longest { gain 1 vp; return; } }') \
        == [("E540", 3)]
    # in a simultaneous pick
    assert codes(base + 'proc a() { each players simultaneously pick x from 3 "x" repeated longest { gain x vp; } }') \
        == [("E540", 3)]
    # fine: the body changes the game only
    assert codes(base + 'proc a() { pick x from 3 where not contains(seen, x) "x" repeated longest, then lowest x {\n'
                 ' set seen = seen + [x]; let y = x; gain y vp; } }') == []


def test_take_misused_is_e541():
    base = "counter vp;\nvar bag global: list of int;\nvar who global: player;\n"
    assert codes(base + "proc a() { take 1 from vp; }") == [("E541", 4)]
    assert codes(base + "proc a() { take 1 from who; }") == [("E541", 4)]
    assert codes(base + 'proc a() { take "x" from bag; }') == [("E541", 4)]
    assert codes(base + "proc a() { let l: list of int = [1, 2]; take 1 from l; take 2 from bag; }") == []


def test_fmt_prints_them_back_and_explain_reads_them():
    text = (PACK / "board.rules").read_text()
    assert format_text(text) == text   # the pack is in canonical form: `repeated longest, then highest`, `take`
    again = ("counter vp;\n\nproc a() {\n  pick x from 3 \"x\" repeated longest, then lowest x {\n    gain x vp;\n  }\n"
             "  pick y from 2 repeated {\n    take y from l;\n  }\n}\n")
    assert format_text(again) == again
    assert parse_text(format_text(again)).items == parse_text(again).items
    procs = {getattr(i, "name", None): i for i in parse_text(text).items}
    words = " ".join(explain(procs["play_dice"]))
    assert "begin a run of the most picks" in words and "highest" in words
    assert "Take one" in " ".join(explain(procs["step"]))
