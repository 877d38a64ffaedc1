"""`auction ["prompt"] among PLAYERS [where C] [from P | opened by P] [open | once around | sealed] [min N]
[step S] up to AMOUNT as (WINNER, PRICE) { ... } [else { ... }]`: the bidding of an auction, each bid
a decision; on both backends, logged and replayed, printed back, explained, checked (E327)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import MAX_BIDS, bids

from .conftest import drive, holding, on_both_backends, parse_error, printed_back, random_games_agree, replays_through_json, the_one_error

# Modern Art in small: a painting is auctioned in one of the three ways; the winner pays the bank.
PACK = """
counter coins "Coins" from 0 to 99 start 10;
counter vp;
counter nobody_bid global;
counter last_price global;
var last_winner global: player;
proc won(w: player, price: int) {
  pay price coins;
  gain 1 vp;
  set last_price = price;
  set last_winner = w;
}
proc english() {
  auction "bid for the painting" among players min 3 up to coins as (w, price) {
    won(w, price);
  } else {
    gain 1 nobody_bid;
  }
}
proc opened() {
  auction among players opened by you open min 5 step 2 up to coins as (w, price) { won(w, price); }
}
proc around() {
  auction among players from left once around up to coins as (w, price) { won(w, price); }
}
proc blind() {
  auction "bid in secret" among players where coins > 0 sealed min 1 up to coins as (w, price) {
    won(w, price);
  } else {
    gain 1 nobody_bid;
  }
}
"""

GAME = """
game art {
  seats 2 to 5;
  phase play {
    repeat 3 {
      each players { english(); opened(); around(); blind(); }
    }
  }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))



def run(g, proc, seat=0, answers=()):
    gen = g.program.procs[proc](g, g.state.players[seat])
    return drive(g, gen, answers)


def result(g):
    return g.state.gvars["last_winner"], g.state.globals["last_price"]


def test_open_goes_round_until_one_bidder_is_left(program):
    g = holding(program, coins=[10, 8, 2])   # P3 cannot bid the minimum: never asked
    asked = run(g, "english", answers=["3", "4", "6", "pass"])
    assert [d.player.name for d in asked] == ["P1", "P2", "P1", "P2"]
    assert asked[0].options == ["pass"] + [str(n) for n in range(3, 11)]
    assert asked[1].options[:2] == ["pass", "4"] and asked[0].prompt == "bid for the painting"
    winner, price = result(g)
    assert (winner.name, price) == ("P1", 6)
    assert [p.stock["coins"] for p in g.state.players] == [4, 8, 2]
    assert [p.stock["vp"] for p in g.state.players] == [1, 0, 0]


def test_a_pass_is_for_good_and_the_high_bidder_is_not_asked(program):
    g = holding(program, coins=[10, 10, 10])
    asked = run(g, "english", seat=1, answers=["pass", "5", "7", "pass"])   # from P2: P2, P3, P1, P3
    assert [d.player.name for d in asked] == ["P2", "P3", "P1", "P3"]
    assert (result(g)[0].name, result(g)[1]) == ("P1", 7)


def test_nobody_bids_runs_else(program):
    g = holding(program, coins=[10, 10])
    run(g, "english", answers=["pass", "pass"])
    assert g.state.globals["nobody_bid"] == 1 and g.state.gvars.get("last_winner") is None


def test_a_raise_nobody_can_top_wins_without_more_questions(program):
    g = holding(program, coins=[10, 5])
    asked = run(g, "english", answers=["6"])   # P2 can bid at most 5: passes unasked
    assert len(asked) == 1 and (result(g)[0].name, result(g)[1]) == ("P1", 6)


def test_the_opener_must_bid_and_raises_go_by_the_step(program):
    g = holding(program, coins=[10, 10])
    asked = run(g, "opened", answers=["5", "7", "pass"])
    assert asked[0].options == ["5", "7", "9"]   # no pass for the opener
    assert asked[1].options == ["pass", "7", "9"]
    assert (result(g)[0].name, result(g)[1]) == ("P2", 7)


def test_once_around_asks_each_once_from_the_left_and_the_last_raise_wins(program):
    g = holding(program, coins=[10, 10, 10])
    asked = run(g, "around", answers=["2", "pass", "4"])   # from P1's left: P2, P3, P1
    assert [d.player.name for d in asked] == ["P2", "P3", "P1"]
    assert (result(g)[0].name, result(g)[1]) == ("P1", 4)


def test_sealed_the_highest_wins_and_a_tie_goes_to_the_first_from_the_start(program):
    g = holding(program, coins=[10, 10, 10])
    asked = run(g, "blind", answers=["5", "5", "3"])
    assert [d.player.name for d in asked] == ["P1", "P2", "P3"]
    assert asked[1].options[:2] == ["pass", "1"]   # a sealed bid does not see the others'
    assert (result(g)[0].name, result(g)[1]) == ("P1", 5)
    g = holding(program, coins=[10, 10, 10])
    run(g, "blind", seat=1, answers=["5", "3", "5"])   # from P2: P2, P3, P1
    assert (result(g)[0].name, result(g)[1]) == ("P2", 5)
    g = holding(program, coins=[10, 10, 10])
    run(g, "blind", answers=["2", "pass", "9"])
    assert (result(g)[0].name, result(g)[1]) == ("P3", 9)


def test_sealed_bids_are_secret_until_all_have_bid(program):
    g = holding(program, coins=[10, 10, 0])   # P3 has no coins: not a bidder (`where`)
    gen = g.program.procs["blind"](g, g.state.players[0])
    first = next(gen)
    assert g.secret_round == {}
    second = gen.send(first.index_of("4"))
    assert second.player.name == "P2" and g.secret_round == {g.state.players[0]: 4}
    with pytest.raises(StopIteration):
        gen.send(second.index_of("pass"))
    assert g.secret_round is None and (result(g)[0].name, result(g)[1]) == ("P1", 4)
    assert g.messages[-1] == "sealed bids: P1 4, P2 passed"   # revealed once all have bid


def test_nobody_bids_in_secret(program):
    g = holding(program, coins=[0, 0])
    assert run(g, "blind") == []   # no bidder: nothing asked
    assert g.state.globals["nobody_bid"] == 1


def test_the_amounts_offered_are_bounded():
    assert bids(3, 10, 1) == list(range(3, 11)) and bids(5, 10, 2) == [5, 7, 9] and bids(11, 10, 1) == []
    many = bids(1, 99, 1)
    assert len(many) == MAX_BIDS and many[:3] == [1, 2, 3] and many[-1] == 99
    assert bids(1, 1000, 5)[-1] == 996


def test_the_trace_shows_the_bids_and_the_winner(program):
    g = holding(program, coins=[10, 10])
    trace = []
    g.tracer = trace.append
    run(g, "english", answers=["3", "pass"])
    assert "P1: auction won at 3" in [e.describe() for e in trace]


def test_random_agents_play_to_the_end_on_both_backends_alike():
    random_games_agree(PACK + GAME)


def test_a_logged_game_replays(program):
    replays_through_json(program, 7)


def test_it_prints_back_and_reads_in_words():
    module, printed = printed_back(PACK + GAME)
    assert 'auction "bid for the painting" among players open min 3 up to coins as (w, price) {' in printed
    assert "auction among players from left once around up to coins as (w, price) {" in printed
    assert "opened by you open min 5 step 2 up to coins" in printed
    result = analyse_text(PACK + GAME)
    assert result.ok, result.diagnostics
    english = " ".join(reading(result.symbols.decls["english"], result.symbols))
    assert "Auction (open) (bid for the painting) among" in english and "If nobody bid:" in english
    blind = " ".join(reading(result.symbols.decls["blind"], result.symbols))
    assert "in secret" in blind and "a tie going to the first of them in seat order" in blind
    opened = " ".join(reading(result.symbols.decls["opened"], result.symbols))
    assert "in seat order from you, who opens (their first bid cannot be a pass)" in opened


@pytest.mark.parametrize("stmt, code, what", [
    ("auction among players as (w, p) { }", "E327", "'up to AMOUNT'"),
    ("auction among players opened by you sealed up to coins as (w, p) { }", "E327", "no opener"),
    ("auction among players step 0 up to coins as (w, p) { }", "E327", "at least 1"),
    ("auction among players up to coins as (w, w) { }", "E327", "both named"),
    ("auction among 1..3 up to coins as (w, p) { }", "E303", "players"),
    ("auction among players from 3 up to coins as (w, p) { }", "E303", "starts from"),
    ('auction among players up to "all" as (w, p) { }', "E303", "number"),
    ("auction among players min true up to coins as (w, p) { }", "E303", "number"),
    ("auction among players up to coins as (w, p) { } gain p vp;", "E201", "'p'"),
    ("auction among players up to coins as (w, p) { } else { gain p vp; }", "E201", "'p'"),
])
def test_misuse_is_found_where_it_is_written(stmt, code, what):
    text = PACK + f"proc q() {{\n  {stmt}\n}}"
    the_one_error(analyse_text(text), code, what, line=PACK.count("\n") + 2)


@pytest.mark.parametrize("stmt, what", [
    ("auction amid players up to coins as (w, p) { }", "among"),
    ("auction among players min 1 min 2 up to coins as (w, p) { }", "once"),
    ("auction among players open sealed up to coins as (w, p) { }", "once"),
    ("auction among players once about up to coins as (w, p) { }", "once around"),
    ("auction among players max 3 up to coins as (w, p) { }", "no clause"),
    ("auction among players closed by you up to coins as (w, p) { }", "opened by"),
])
def test_a_misspelt_clause_is_a_syntax_error(stmt, what):
    d = parse_error(PACK + f"proc q() {{ {stmt} }}")
    assert d.code == "E100" and what in d.message


def test_the_words_stay_names_elsewhere():
    text = PACK + """
counter open;
counter sealed;
counter among;
counter step;
proc auction(n: int) { gain n open; gain n sealed; gain 1 among; gain 1 step; }
proc q() {
  auction(2);
  auction among players opened by you sealed up to coins as (min, price) { }
}
"""
    result = analyse_text(text)
    codes = [d.code for d in result.diagnostics if d.severity == "error"]
    assert codes == ["E327"], result.diagnostics   # the one error: a sealed auction has no opener


def test_auctions_nest(program):
    text = PACK + """
proc double() {
  auction among players up to coins as (first_buyer, first_price) {
    auction among opponents up to coins as (second_buyer, second_price) {
      set last_price = first_price + second_price;
      set last_winner = first_buyer;
    }
  }
}
"""
    for interpreted in (False, True):
        g = holding(build_text(text, interpreted=interpreted), coins=[10, 10])
        run(g, "double", answers=["3", "pass", "4"])   # P1 wins at 3; P1's opponent P2 bids 4 alone
        assert (result(g)[0].name, result(g)[1]) == ("P1", 7)


def test_a_proc_returns_through_an_auction_only_with_else():
    returns = PACK + """
proc price_of(): int {
  auction among players up to coins as (w, p) { return p; } else { return 0; }
}
"""
    assert analyse_text(returns).ok, analyse_text(returns).diagnostics
    falls = PACK + """
proc price_of(): int {
  auction among players up to coins as (w, p) { return p; }
}
"""
    found = analyse_text(falls).diagnostics   # as for a pick without `else`
    assert [d.code for d in found] == ["W414"] and "when nobody bids in this auction" in found[0].message
