"""`break;` and `break LABEL;`: leaving a loop on both backends, the misuse codes (E335, E336), the
printer, explain and highlight."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game, GameEnded

from .conftest import found_at, printed_back, rules_programs, run_proc

PACK = """
resource coin;
counter vp;
counter tries;
counter break;
zone deck of card;
kind card { worth: int; }
"""

program = rules_programs(PACK)


def run(program, body: str, answers=(), players: int = 2) -> Game:
    g = Game(program("proc p() {\n" + body + "\n}\nproc q() { set break = 1; }\n"), players, 1)
    run_proc(g, "p", answers=answers)
    return g


def stock(g, what: str, seat: int = 0) -> int:
    return g.state.players[seat].stock[what]


def test_break_leaves_the_innermost_loop(program):
    g = run(program, "repeat 3 { repeat 10 { gain 1 coin; if coin % 4 == 2 { break; } } gain 1 vp; }")
    # each outer round: coins up to the next 2 mod 4 (2, 6, 10), then one vp
    assert stock(g, "coin") == 10 and stock(g, "vp") == 3


def test_break_label_leaves_the_outer_loop_and_all_inside(program):
    g = run(program, "repeat 5 as outer { while true { gain 1 coin; if coin == 7 { break outer; } } gain 1 vp; }")
    assert stock(g, "coin") == 7 and stock(g, "vp") == 0


def test_break_out_of_a_choose_in_a_loop_is_the_turn_of_a_trading_game(program):
    """A turn of any number of actions, then 'end turn' (the Catan turn): the choose is not a loop,
    the while around it is."""
    body = """
  while true as turn {
    choose "what next?" {
      option "take a coin" { gain 1 coin; }
      option "end turn" { break turn; }
    }
    gain 1 tries;
  }
  gain 1 vp;"""
    g = run(program, body, answers=["take a coin", "take a coin", "end turn"])
    assert (stock(g, "coin"), stock(g, "tries"), stock(g, "vp")) == (2, 2, 1)


def test_break_inside_a_repeatedly_pick_or_an_any_order_choose_leaves_the_loop_around_them(program):
    body = """
  for each n in 1..3 {
    choose in any order {
      option "a" { gain 1 coin; }
      option "b" { if n == 2 { break; } gain 10 coin; }
    }
    gain 1 vp;
  }"""
    g = run(program, body, answers=["a", "a"])   # the last option left is not asked
    # round 1: 11 coins and a vp; round 2: 'a' then 'b' leaves the for each
    assert stock(g, "coin") == 12 and stock(g, "vp") == 1


def test_break_leaves_each_and_a_break_counter_is_still_a_name(program):
    g = run(program, "each players { gain 1 vp; break; } q();")
    assert [stock(g, "vp", i) for i in range(2)] == [1, 0] and stock(g, "break") == 1


def test_break_in_a_labelled_loop_finishes_a_pending_end_of_game(program):
    g = Game(program("proc p() { while true as round { gain 1 vp; end game after round; break; } }"), 2, 1)
    with pytest.raises(GameEnded):   # the round is over when the loop is left: the game ends there
        run_proc(g, "p")
    assert stock(g, "vp") == 1


def test_break_round_trips_and_reads_plainly():
    module, printed = printed_back(PACK + "proc p() { while true as round { repeat 2 { break; break round; } } }")
    assert "break;\n" in printed and "break round;\n" in printed
    lines = [line.strip() for line in explain(next(d for d in module.items if getattr(d, "name", None) == "p"))]
    assert "Stop the loop now: the rest of it is not done, and it goes round no more." in lines
    assert any(x.startswith("Stop the loop labelled round now") for x in lines)


def test_break_is_highlighted_as_a_keyword_only_where_it_is_a_statement():
    tokens = [(str(t), v) for t, v in RulesLexer().get_tokens("proc p() { repeat 2 { break; } set break = 1; }")]
    assert ("Token.Keyword", "break") in tokens and ("Token.Name", "break") in tokens


@pytest.mark.parametrize("body, code, column", [
    ("break;", "E335", 1),
    ("whenever you gain(res = coin) { break; }", "E335", 33),
    ("repeat 2 as round { break rond; }", "E336", 27),
    ("repeat 2 as outer { gain 1 vp; } repeat 2 { break outer; }", "E336", 51),
])
def test_misuse(body, code, column):
    assert (code, PACK.count("\n") + 2, column) in found_at(PACK + "proc p() {\n" + body + "\n}\n")


def test_misuse_messages():
    text = PACK + "proc p() {\nrepeat 2 as round { break rond; }\n}\nproc r() { repeat 2 { break round; } }\n"
    messages = [(d.code, d.message, d.hint) for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert any(c == "E336" and "did you mean 'round'" in (h or "") for c, m, h in messages), messages
    assert any(c == "E336" and "not inside the loop labelled 'round'" in m for c, m, h in messages), messages


def test_break_through_a_proc_call_is_not_allowed():
    text = PACK + "proc leave() { break; }\nproc p() { repeat 2 { leave(); } }\n"
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == ["E335"]
