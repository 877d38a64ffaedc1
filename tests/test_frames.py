"""A range numbered from each side (a frame, 3.3): `counter pts[1..24] numbered t as (if seat(you) == 2 then
25 - t else t)`, one board whose elements each player reads and writes by their own numbers, kept and shown
by the board's. Both backends map an index by the acting player's seat (another player's counter is read
at the acting player's number), the checker works the frame out before play for every seat and refuses one
that does not number each element once (E542); fmt prints it back, explain reads it; and the test pack's
Backgammon written with it (tests/packs/backgammon: no `25 - t` anywhere, its forced play tested in
test_longest) plays the same games compiled and interpreted."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import explained, found_at, pack_backends, printed_back, rules_programs, run_proc

BACKGAMMON = Path(__file__).parent / "packs" / "backgammon"

PACK = """
counter pts[1..6] numbered t as (if seat(you) == 2 then 7 - t else t) "Points" from 0 to 9;
counter lane[1..8] numbered t as ((t + 4 * (seat(you) - 1) - 1) % 8 + 1) "Lane" global;
var mark[1..6] numbered t as (if seat(you) == 2 then 7 - t else t): player;
counter seen;
func other(): player = left;
"""

program = rules_programs(PACK)


def ran(program, body: str, player: int, players: int = 2) -> Game:
    g = Game(program("proc p() {\n" + body + "\n}\n"), players, 1)
    run_proc(g, "p", player=player)
    return g


def board(g: Game, player: int, name: str = "pts") -> list:
    """A player's counter by the board's numbers, 1..6."""
    return [g.state.players[player].stock[f"{name}[{k}]"] for k in range(1, 7)]


def test_each_player_writes_by_their_own_numbers_and_the_board_keeps_its_own(program):
    assert board(ran(program, "set pts[1] = 3; gain 1 pts[2];", player=0), 0) == [3, 1, 0, 0, 0, 0]
    assert board(ran(program, "set pts[1] = 3; gain 1 pts[2];", player=1), 1) == [0, 0, 0, 0, 1, 3]


def test_another_players_counter_is_read_and_written_at_the_acting_players_number(program):
    # P2 puts 3 on their point 1, the board's 6, which is P1's point 6
    g = ran(program, "set pts[1] = 3; set seen = pts[1]; each other() { set seen = other().pts[6] + 10 * "
                     "other().pts[1]; }", player=1)
    assert [p.stock["seen"] for p in g.state.players] == [3, 3]
    # P1 hits on its point 2: P2's checker on the board's 2 (P2's own point 5)
    g = ran(program, "each other() { set pts[5] = 1; } lose 1 other().pts[2]; gain 1 pts[2];", player=0)
    assert board(g, 1) == [0, 0, 0, 0, 0, 0] and board(g, 0) == [0, 1, 0, 0, 0, 0]


def test_inside_each_the_named_player_numbers_and_a_loop_runs_in_the_readers_numbers(program):
    g = ran(program, "each other() { gain 1 pts[1]; }", player=0)
    assert board(g, 1) == [0, 0, 0, 0, 0, 1]
    g = ran(program, "set pts[1] = 1; set pts[2] = 2; set pts[6] = 4; set seen = total(k in 1..2, pts[k]);",
            player=1)
    assert g.state.players[1].stock["seen"] == 3 and board(g, 1) == [4, 0, 0, 0, 2, 1]


def test_a_global_track_numbered_around_from_each_seat_and_a_variable(program):
    # a circular lane of 8 spaces, each seat entering 4 spaces after the one before
    g = ran(program, "gain 1 lane[1]; gain 2 lane[5]; set mark[2] = you;", player=1)
    assert [g.state.globals[f"lane[{k}]"] for k in range(1, 9)] == [2, 0, 0, 0, 1, 0, 0, 0]
    assert g.state.players[1].vars["mark[5]"] is g.state.players[1]


def test_a_number_outside_the_range_stops_play_as_any_index_does(program):
    with pytest.raises(RulesRuntimeError) as caught:
        ran(program, "let k = 7; gain 1 pts[k];", player=1)
    assert caught.value.code == "E601"


def test_the_frame_is_worked_out_before_play_and_numbers_each_element_once():
    found = found_at("""enum col { a, b }
counter c1[col] numbered t as (t);
counter c2[1..5] numbered t as (t + 1);
counter c3[1..5] numbered t as (if seat(you) == 2 then 3 else t);
counter c4[1..5] numbered t as (t + coins);
counter coins;
counter c5[1..4, 1..2] numbered t as (t);
counter c6[1..4] numbered t as ((t + 2 * (seat(you) - 1) - 1) % 4 + 1);
game g "G" { seats 2 to 3; phase play { each players: gain 1 c6[2]; } winner most coins; }
""")
    assert found == [("E542", 2, 32), ("E542", 3, 33), ("E542", 4, 33), ("E542", 5, 33), ("E542", 7, 39)]


def test_the_messages_say_what_is_wrong():
    text = "counter c[1..5] numbered t as (if seat(you) == 2 then 3 else t);\n"
    (d,) = analyse_text(text).diagnostics
    assert "gives seat 2 element 3 twice (t = 1 and t = 2)" in d.message
    (d,) = analyse_text("counter c[1..5] numbered t as (t + 1);\n").diagnostics
    assert "sends seat 1's t = 5 to 6, outside 1..5" in d.message


def test_numbered_stays_a_name_elsewhere_and_fmt_prints_the_frame_back():
    assert found_at("counter numbered;\nproc p() { gain 1 numbered; }\n") == []
    _module, text = printed_back(PACK)
    assert "counter pts[1..6] numbered t as (if seat(you) == 2 then 7 - t else t) \"Points\" from 0 to 9;" in text
    assert "var mark[1..6] numbered t as (if seat(you) == 2 then 7 - t else t): player;" in text


def test_explain_says_which_board_numbers_each_seat_runs_through():
    said = explained(analyse(str(BACKGAMMON)), "pts")
    assert "White's 1 to 24 are the board's 1 to 24; Black's 1 to 24 are the board's 24 down to 1" in said
    said = explained(analyse_text(PACK + 'game g "G" { seats 2 to 2; phase play { } winner most seen; }'), "lane")
    assert "seat 2's 1 to 8 are the board's 5 to 8, then 1 to 4" in said


# ---------------------------------------------------------------- the Backgammon audit's game

@pytest.fixture(scope="module")
def backgammon(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(BACKGAMMON))


def test_the_backgammon_pack_lints_clean_and_says_25_minus_t_nowhere():
    assert [d.headline() for d in analyse(str(BACKGAMMON)).diagnostics] == []
    # the frame's line (after the header's four lines of comment) is the only one that says it
    rules = (BACKGAMMON / "board.rules").read_text().split("\n", 5)
    assert "then 25 - t else t" in rules[4] and "25 - t" not in rules[5] + (BACKGAMMON / "game.rules").read_text()


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_both_sides_set_up_on_their_own_points_of_one_board(backgammon, backend):
    g = Game(backgammon[backend], 2, 1)
    g.start()
    white, black = ({k: p.stock[f"pts[{k}]"] for k in range(1, 25) if p.stock[f"pts[{k}]"]} for p in g.state.players)
    moved = sum(white.values()) + sum(black.values()) == 30   # the opening move is played in setup
    assert moved and set(white) | set(black) <= set(range(1, 25))
    # White's 24, 13, 8, 6 are the board's; Black's are the board's 1, 12, 17, 19 (before the opening move)
    assert sum(v for k, v in black.items() if k <= 12) >= 5 and sum(v for k, v in white.items() if k >= 13) >= 5


def test_random_games_are_the_same_compiled_and_interpreted(backgammon):
    for seed, variants in ((1, ()), (2, ()), (4, ("no_cube",))):
        games = []
        for backend in ("compiled", "interpreted"):
            g = Game(backgammon[backend], 2, seed, make_agents("random", 2, seed), variants=variants)
            g.play()
            games.append(g)
        a, b = games
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
    race = games[0]
    assert race.result()["reason"] == "borne off" and any(p.stock["off"] == 15 for p in race.state.players)


# ---------------------------------------------------------------- reserved words (the Diplomacy audit)

def test_move_is_a_contextual_word_an_order_kind_a_counter_or_a_proc_may_take():
    text = """enum order_kind { hold, move, support }
kind unit { x: int = 0; }
zone army of unit;
zone lost of unit;
counter move_count;
var kind_of "Order": order_kind = hold;
proc move_one(o: order_kind) {
  if o == move { gain 1 move_count; }
  move all of army to lost;
}
"""
    assert found_at(text) == []
    assert analyse_text(text).symbols.decls["order_kind"].members == ("hold", "move", "support")
    assert found_at("counter move;\nproc p() { gain 1 move; }\n") == []


def test_to_stays_reserved_and_the_hint_offers_dest_first():
    (d,) = analyse_text("proc order(unit: int, to: int) { }\n").diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E100", 1, 23)
    assert d.message == "a keyword cannot be used as a name here; found 'to'"
    assert d.hint == "'to' is reserved: call it 'dest' or 'tos', say"
    (d,) = analyse_text("proc order(from: int) { }\n").diagnostics
    assert d.hint.startswith("'from' is reserved: call it 'src'")
