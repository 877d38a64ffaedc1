"""`pick ... exactly N with repeats` (4.21): N picks, each of any element, one picked before too (Mastermind's
code, a "Pick 3" lottery ticket, dice set to chosen faces); `let n = pick` read in the prompt and the body
(the picks so far); E579, W560; both backends, fmt, explain."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import (explained, found_at, parse_error, printed_back, random_games_agree, rules_program,
                       run_answering, run_proc)

PICK3 = (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
PICK3 = PICK3[PICK3.index('# A "Pick 3" lottery'):]
PICK3 = PICK3[:PICK3.index("```")]

LOTTERY = PICK3 + """
game pick3 "Pick 3" {
  seats 1 to 4;
  phase play {
    each players: buy_ticket();
    draw_digits();
  }
  winner most points;
}

# up to 3 digits, any of them again, "none" to stop
proc short_ticket() {
  let n = pick d from 1..3 "digit {n + 1}?" up to 3 with repeats { set ticket[n] = d; };
  gain n points;
}

# every player at once, in secret: two digits each, one may be the other
proc secret_digits() {
  each players simultaneously pick d from 1..3 "a digit" exactly 2 with repeats { gain d points; }
}
"""

program = rules_program(LOTTERY)


def ticket(game: Game, seat: int = 0) -> list[int]:
    return [game.state.players[seat].stock[f"ticket[{i}]"] for i in (1, 2, 3)]


def test_each_pick_offers_every_digit_again_and_the_count_names_the_digit_asked(program):
    game = Game(program, 1, 1)
    asked = run_proc(game, "buy_ticket", answers=["7", "0", "7"])
    assert [d.prompt for d in asked] == ["digit 1 of your ticket", "digit 2 of your ticket",
                                         "digit 3 of your ticket"]
    assert all(d.options == [str(i) for i in range(10)] for d in asked)   # the 7 picked is offered again
    assert ticket(game) == [7, 0, 7]


def test_up_to_n_with_repeats_offers_none_and_counts_the_picks(program):
    game = Game(program, 1, 1)
    asked = run_proc(game, "short_ticket", answers=["2", "2", "none"])
    assert [d.options for d in asked] == [["1", "2", "3", "none"]] * 3
    assert ticket(game)[:2] == [2, 2] and game.state.players[0].stock["points"] == 2


def test_a_simultaneous_pick_with_repeats_may_take_one_digit_twice(program):
    game = Game(program, 2, 1)
    asked = run_proc(game, "secret_digits", answers=["3", "3", "1", "2"])
    assert [len(d.options) for d in asked] == [3] * 4
    assert [p.stock["points"] for p in game.state.players] == [6, 3]


def test_the_random_draw_repeats_a_digit_in_some_games_and_the_backends_agree():
    random_games_agree(LOTTERY, seeds=range(1, 4), counts=(1, 3))
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.agents import make_agents
    repeated = 0
    for seed in range(40):
        game = Game(build_text(LOTTERY), 1, seed, make_agents("random", 1, seed))
        game.play()
        digits = [game.state.globals[f"drawn[{i}]"] for i in (1, 2, 3)]
        repeated += len(set(digits)) < 3
    assert repeated > 0   # without repeats, three digits of ten would always differ


def test_fmt_and_explain_read_it():
    _module, printed = printed_back(LOTTERY)
    assert 'pick d from 0..9 "digit {n + 1} of your ticket" exactly 3 with repeats {' in printed
    assert "exactly 3 with repeats at random {" in printed
    words = explained(analyse_text(LOTTERY), "buy_ticket")
    assert "3 times: pick one d (one picked before may be picked again) from 0 to 9" in words


COUNTERS = "counter points;\n"


def test_with_repeats_after_anything_but_a_count_is_e579():
    for mode in ("repeatedly", "", "optional", "at least 2", "at random"):
        text = COUNTERS + f"proc p() {{ pick d from 1..6 {mode.replace('at random', '')} with repeats " \
            f"{'at random' if mode == 'at random' else ''} {{ gain d points; }} }}\n"
        assert [c for c, *_ in found_at(text)] == ["E579"], mode


def test_exactly_one_with_repeats_is_w560_at_the_count():
    text = COUNTERS + "proc p() {\n  pick d from 1..6 exactly 1 with repeats { gain d points; }\n}\n"
    assert found_at(text) == [("W560", 3, 28)]


def test_another_word_after_with_is_e100():
    d = parse_error(COUNTERS + "proc p() { pick d from 1..6 exactly 2 with replacement { gain d points; } }\n")
    assert d.code == "E100" and "'with replacement'" in d.message and "with repeats" in d.hint
