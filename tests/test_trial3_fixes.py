"""The toolchain mended where the trial3 designer (Stratego, Blokus Duo, Mastermind written from the reference)
was hurt: a pick whose answer a `hidden` variable keeps, or a choose option setting one, is told to the other
players masked (it told them Mastermind's code, peg by peg), on both backends; W551, a negative value set on a counter that cannot hold it
(Blokus Duo's scores read 0); a body without braces told for the loop it belongs to; fmt breaking the long
domain of an aggregate."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.hidden import kept_answers
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game
from rulebook.runtime.view import told_answer

from rulebook.dsl.printer import LINE_WIDTH

from .conftest import found_at, printed_back

CODE = """
enum colour { red "Red", green "Green", blue "Blue" }
var code[1..2] "Code" hidden: colour = red;
var last_guess "Last guess" global: colour = red;
counter hits "Hits" hidden;
counter tries "Tries";

proc keep(i: int, c: colour) { set code[i] = c; }

proc make_code() {
  pick c from colour "colour of peg 1" { set code[1] = c; }
  pick c from colour "colour of peg 2" {
    let chosen = c;
    keep(2, chosen);
  }
  pick n from 1..3 "how many hits to note?" { gain n hits; }
}
proc guess() {
  pick c from colour "guess a colour" { set last_guess = c; gain 1 tries; }
}
proc copy_peg() {
  pick i from 1..2 "copy which peg to the first?" { set code[1] = code[i]; }
}
game mm {
  seats 2 to 2;
  phase play {
    each players where seat(you) == 1 { make_code(); }
    each players where seat(you) == 2 { guess(); }
  }
  winner most tries;
}
"""


def answers_told(program, proc: str, answers: list[int]) -> list[tuple[str, str]]:
    """Each decision of P1's `proc`, answered by index: (what P1 is told of it, what P2 is told)."""
    game = Game(program, 2, 1)
    gen = game.program.procs[proc](game, game.state.players[0])
    told, d = [], gen.send(None)
    try:
        for choice in answers:
            told.append((told_answer(game, d, 0, choice), told_answer(game, d, 1, choice)))
            d = gen.send(choice)
    except StopIteration:
        pass
    return told


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_pick_a_hidden_variable_keeps_is_told_masked_to_the_others(interpreted):
    told = answers_told(build_text(CODE, interpreted=interpreted), "make_code", [1, 2, 2])
    assert [mine for mine, _ in told] == ["colour of peg 1 → Green", "colour of peg 2 → Blue",
                                          "how many hits to note? → 3"]
    # set directly, through a local and a proc, and a hidden counter gained by the number picked
    assert [theirs for _, theirs in told] == ["colour of peg 1 → …", "colour of peg 2 → …",
                                              "how many hits to note? → …"]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_pick_a_public_variable_keeps_is_told_as_before(interpreted):
    told = answers_told(build_text(CODE, interpreted=interpreted), "guess", [2])
    assert told == [("guess a colour → Blue", "guess a colour → Blue")]
    # an answer that only says which element of the hidden value to read is no part of it
    told = answers_told(build_text(CODE, interpreted=interpreted), "copy_peg", [1])
    assert told == [("copy which peg to the first? → 2", "copy which peg to the first? → 2")]


BID = """
counter bid "Bid" hidden;
counter coins "Coins";
proc sealed_bid() {
  choose "your sealed bid" {
    option "bid 1" { set bid = 1; }
    option "bid 3" { gain 3 bid; }
    option "pass" { gain 1 coins; }
    option "name it" { pick n from 4..6 "how much?" { set bid = n; } }
  }
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_choose_option_that_sets_a_hidden_counter_is_told_masked(interpreted):
    program = build_text(BID, interpreted=interpreted)
    told = [answers_told(program, "sealed_bid", [i])[0] for i in range(4)]
    # the bids are masked; passing is public; an option whose bid is a pick of its own tells that it bids
    assert [theirs for _, theirs in told] == ["your sealed bid → …", "your sealed bid → …",
                                              "your sealed bid → pass", "your sealed bid → name it"]
    assert told[1][0] == "your sealed bid → bid 3"


def test_the_picks_kept_are_found_by_their_place():
    kept = kept_answers(analyse_text(CODE).symbols)
    assert [w.split(":", 1)[1] for w in kept] == ["11:3", "12:3", "16:3"]


SCORE = """
counter score "Score";
counter bounded "Bounded" from 0 to 50;
counter debt "Debt" signed;
counter low "Low" from -20 to 20 start 0;
counter left_over "Squares left";
proc p() {
  set score = 0 - left_over;
  set bounded = -left_over;
  set debt = 0 - left_over;
  set low = 0 - left_over;
  set score = 20 - left_over;
  set score = -3;
}
"""


def test_a_value_taken_away_from_zero_on_a_counter_that_never_goes_below_it_is_w551():
    # the two counters with a floor of 0 are warned; a signed one, one going below 0 and `20 - X` are not;
    # a constant past the bounds is W428's
    assert [f for f in found_at(SCORE) if f[0] in ("W551", "W428")] == [
        ("W551", 8, 15), ("W551", 9, 17), ("W428", 13, 15)]


@pytest.mark.parametrize("head, form", [
    ("if x > 1", "the body of 'if' goes in braces: 'if COND { ... }'"),
    ("for each i in 1..4", "the body of 'for each' goes in braces: 'for each x in DOMAIN { ... }'"),
    ("for each c in players", "the body of 'for each' goes in braces: 'for each x in DOMAIN { ... }'"),
    ("while x < 3", "the body of 'while' goes in braces: 'while COND { ... }'"),
    ("repeat 3", "the body of 'repeat' goes in braces: 'repeat N { ... }'"),
])
def test_a_body_without_braces_is_told_for_the_statement_it_belongs_to(head, form):
    # it was "a condition needs braces after it: 'if COND { ... }'" for a loop too
    with pytest.raises(RulesError) as err:
        parse_text(f"counter x;\nproc p() {{\n  {head} gain 1 x;\n}}\n", "a.rules")
    d = err.value.diagnostics[0]
    assert d.code == "E100" and d.message == f"{form}; found 'gain'" and (d.span.line, d.span.column) == (3, len(head) + 4)


NESTED = """record spot { f: int; x: int; y: int; }
func fits(s: spot): bool = s.x > 0;
func moves(n: int): list of spot = gather(s in distinct(gather(k in 1..n, gather(f in 1..n where f != k, gather(j in 1..5, [spot(f = f, x = k - j, y = k + j)])))) where fits(s), [s]);
"""


def test_an_aggregate_over_a_long_domain_is_broken_within_the_line_width():
    # the domain was kept whole: a line of 200 characters, its `where` dangling at the end
    module, printed = printed_back(NESTED)
    assert max(len(line) for line in printed.splitlines()) <= LINE_WIDTH
    assert "func moves(n: int): list of spot = gather(s in distinct(\n" in printed and ") where fits(s), [s]);" in printed


@pytest.mark.parametrize("text", ["var code[4] hidden: int = 0;", "counter seeds[player, 6];", "zone pile[3] of card;"])
def test_an_index_of_numbers_written_as_a_count_is_told_its_range(text):
    with pytest.raises(RulesError) as err:
        parse_text(text, "a.rules")
    assert err.value.diagnostics[0].message.startswith("an index of numbers is a range from its first number")


def test_a_signed_counter_with_bounds_says_what_signed_is_for():
    assert [d.message for d in analyse_text("counter score signed from -100 to 100 start 0;").diagnostics
            if d.code == "E498"] == ["counter 'score' is 'signed' and has bounds: 'signed' is for a counter without "
                                     "bounds, which then goes below zero"]
