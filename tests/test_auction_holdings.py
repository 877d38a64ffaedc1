"""An auction whose bids are what each bidder holds: `auction ... over each HOLDINGS` (4.21b), the numbers HOLDINGS
gives worked out for each bidder (Ra's suns, Hol's der Geier's cards); E637, W614; both backends, fmt, explain."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import drive, explained, found_at, printed_back, random_games_agree, rules_program, run_proc

# Hol's der Geier (simplified): each player bids one of their own cards 1 to 5 in secret; every card bid is spent
GEIER = """\
counter vp;
var hand "Cards in hand": list of int = [1, 2, 3, 4, 5];
proc bid_for(points: int) {
  auction "bid a card for {points} points" among players sealed over each hand bids as (p, card) {
    set hand = gather(c in hand where c != card, [c]);
  } as (taker, card) {
    gain points vp;
  }
}
game geier {
  seats 2 to 4;
  phase play {
    for each v in [3, 5, 2, 4, 1] {
      bid_for(v);
    }
  }
  winner most vp;
}
"""

# Ra-like: once around from the caller's left, each bids one of their own suns above the bid standing
SUNS = """\
counter vp;
var suns "Suns": list of int = [];
counter middle "Middle sun" global from 1 to 16 start 1;
proc deal() {
  each players {
    set suns = match seat() { 1: [13, 8, 5, 2], 2: [12, 9, 6, 3], else: [11, 10, 7, 4] };
  }
}
proc call_ra() {
  auction "bid which sun?" among players from left once around over each suns as (holder, sun) {
    set suns = gather(s in suns where s != sun, [s]) + [middle];
    set middle = sun;
  }
}
proc small_bids() {
  auction "bid a small sun?" among players sealed over each suns min 3 up to 9 as (holder, sun) {
    gain sun vp;
  }
}
"""

program = rules_program(SUNS)


def test_random_games_agree_on_both_backends():
    random_games_agree(GEIER, seeds=range(1, 4), counts=(2, 3, 4))


def test_each_bidder_is_offered_their_own_numbers_above_the_bid_standing(program):
    game = Game(program, 3, 1)
    run_proc(game, "deal")
    asked = drive(game, game.program.procs["call_ra"](game, game.state.players[0]), ["9", "pass", "13"])
    assert [(d.player.name, d.options) for d in asked] == [
        ("P2", ["pass", "3", "6", "9", "12"]),
        ("P3", ["pass", "10", "11"]),              # above P2's 9
        ("P1", ["pass", "13"])]                    # the caller, last
    p1 = game.state.players[0]
    assert p1.vars["suns"] == [8, 5, 2, 1] and game.state.globals["middle"] == 13


def test_min_and_up_to_bound_the_numbers_offered(program):
    game = Game(program, 3, 1)
    run_proc(game, "deal")
    asked = drive(game, game.program.procs["small_bids"](game, game.state.players[0]), ["5", "9", "7"])
    assert [d.options for d in asked] == [["pass", "5", "8"], ["pass", "3", "6", "9"], ["pass", "4", "7"]]
    assert game.state.players[1].stock["vp"] == 9


def test_the_sealed_bids_spend_every_card_bid():
    from rulebook.compiler.driver import build_text

    for interpreted in (False, True):
        game = Game(build_text(GEIER, interpreted=interpreted), 2, 1)
        drive(game, game.program.procs["bid_for"](game, game.state.players[0], 4), ["3", "5"])
        you, other = game.state.players
        assert you.vars["hand"] == [1, 2, 4, 5] and other.vars["hand"] == [1, 2, 3, 4]
        assert (you.stock["vp"], other.stock["vp"]) == (0, 4)


def test_e637_cards_not_numbers_and_a_step():
    cards = """\
kind property { value: int; }
zone holdings per_player of property;
counter vp;
proc sell() {
  auction among players sealed over each holdings as (w, v) { gain v vp; }
  auction among players once around over each gather(c in holdings, [c.value]) step 2 as (w, v) { gain v vp; }
}
"""
    found = [(d.code, d.span.line) for d in analyse_text(cards).diagnostics if d.severity == "error"]
    assert found == [("E637", 5), ("E637", 6)]
    hint = next(d for d in analyse_text(cards).diagnostics if d.code == "E637").hint
    assert "gather(c in hand, [c.value])" in hint


def test_w614_the_same_numbers_for_every_bidder():
    text = SUNS + "proc same() { auction among players over each [1, 2, 3] as (w, v) { gain v vp; } }\n"
    assert [(c, line) for c, line, _col in found_at(text) if c == "W614"] == [("W614", 20)]
    assert not [c for c, _l, _c in found_at(SUNS) if c[0] in "EW"]


def test_only_over_takes_each():
    from .conftest import parse_error

    d = parse_error("counter vp;\nproc p() { auction among players min each [1] as (w, v) { gain v vp; } }\n")
    assert d.code == "E100" and "expected 'over each HOLDINGS'" in d.message


def test_fmt_and_explain():
    _module, printed = printed_back(GEIER)
    assert "sealed over each hand bids as (p, card) {" in printed
    reading = explained(analyse_text(SUNS), "call_ra")
    assert "each bidder bids one of the numbers of your suns, worked out for that bidder as you, above the bid " \
           "standing" in reading
