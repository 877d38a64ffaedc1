"""An auction over ranked calls, `auction ... over CALLS`: the bids are the calls of an ordered list (a kind's
cards in the order declared, an enum, a list written out), each ranked by its place, and a bid must outrank the
standing one; the form `open until all pass` (Contract Bridge, Coinche: a pass is for that turn only, and the
bidding ends when all but the high bidder pass in a row, or all pass without a bid); and `bids as (P, CALL)
{ ... }`, run once the bidding is over for each bid in the order made (Bridge's declarer: the first of the side
to name the strain)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text

from .conftest import drive, on_both_backends, parse_error, printed_back, random_games_agree, replays_through_json

# the bidding of a four-handed partnership game, the calls two levels of three strains
CALLS = """
enum strain { clubs "Clubs", hearts "Hearts", notrump "No trump" }
kind call { level: int; strain: strain; }
call bid "{l} {s.title}" for each l in 1..2, s in strain { level = l; strain = s; }
counter score "Score" from 0 to 99;
var contract "Contract" global: call;
var declarer "Declarer" global: player;
counter calls_made global from 0 to 99;
var named_first[1..2, strain] global: player;
proc bidding() {
  reset contract, declarer, named_first, calls_made;
  auction "your call?" among players open until all pass over call bids as (caller, c) {
    gain 1 calls_made;
    if named_first[team(), c.strain] == none {
      set named_first[team(), c.strain] = caller;
    }
  } as (taker, c) {
    set contract = c;
    set declarer = named_first[team(), c.strain];
    gain c.level score;
  } else {
    say "passed out";
  }
}
"""

GAME = """
game partners "Partners" {
  seats 4 teams of 2 alternating;
  phase play {
    bidding();
  }
  winner most score;
}
"""

# Skat's bidding (simplified to one round of open bidding): the values a hand may be bid at, up to its worth
SKAT = """
counter worth "Hand worth" from 0 to 99 start 23;
counter bid_won global from 0 to 99;
counter passed_at "Passed at" from 0 to 99;
proc skat_bidding() {
  auction "bid?" among players from left open over [18, 20, 22, 23, 24, 27, 30] up to worth
      passed as (quitter, at) {
    set passed_at = at;
  } as (declarer, value) {
    set bid_won = value;
  }
}
game skat "Skat" {
  seats 3;
  phase play {
    skat_bidding();
  }
  winner most worth;
}
"""

program = on_both_backends(lambda interpreted: build_text(CALLS + GAME, interpreted=interpreted))
skat = on_both_backends(lambda interpreted: build_text(SKAT, interpreted=interpreted))


def bid(g, answers=(), proc="bidding"):
    return drive(g, g.program.procs[proc](g, g.state.players[0]), answers)


def new_game(program, seats=4):
    from rulebook.runtime.engine import Game
    return Game(program, seats, 1)


def test_a_bid_must_outrank_the_standing_call_and_three_passes_in_a_row_end_it(program):
    g = new_game(program)
    asked = bid(g, ["1 Hearts", "pass", "pass", "pass"])
    assert [d.player.name for d in asked] == ["P1", "P2", "P3", "P4"]
    # P1 is offered every call; P2 only those above 1 Hearts
    assert asked[0].options == ["pass", "1 Clubs", "1 Hearts", "1 No trump", "2 Clubs", "2 Hearts", "2 No trump"]
    assert asked[1].options == ["pass", "1 No trump", "2 Clubs", "2 Hearts", "2 No trump"]
    assert g.state.gvars["contract"].name == "bid_1_hearts" or g.state.gvars["contract"].label() == "1 Hearts"
    assert g.state.gvars["declarer"].name == "P1"
    assert g.state.players[0].stock["score"] == 1


def test_a_pass_is_for_that_turn_only(program):
    # P1 passes, P2 bids 1 Clubs, P3 and P4 pass, P1 comes back in with 1 No trump; three passes end it
    g = new_game(program)
    asked = bid(g, ["pass", "1 Clubs", "pass", "pass", "1 No trump", "pass", "pass", "pass"])
    assert [d.player.name for d in asked] == ["P1", "P2", "P3", "P4", "P1", "P2", "P3", "P4"]
    assert g.state.gvars["contract"].label() == "1 No trump" and g.state.globals["calls_made"] == 2


def test_four_passes_at_the_start_pass_the_deal_out(program):
    g = new_game(program)
    asked = bid(g, ["pass", "pass", "pass", "pass"])
    assert len(asked) == 4 and g.state.gvars["contract"] is None
    assert [p.stock["score"] for p in g.state.players] == [0, 0, 0, 0]
    assert "passed out" in " ".join(g.messages)


def test_the_declarer_is_the_first_of_the_winning_side_to_name_the_strain(program):
    # P1 1 Hearts, P2 1 No trump, P3 2 Hearts (P1's partner, raising P1's strain), then three passes:
    # the contract is P3's 2 Hearts, but P1 named hearts first for their side, so P1 declares
    g = new_game(program)
    bid(g, ["1 Hearts", "1 No trump", "2 Hearts", "pass", "pass", "pass"])
    assert g.state.gvars["contract"].label() == "2 Hearts"
    assert g.state.gvars["declarer"].name == "P1" and g.state.globals["calls_made"] == 3
    assert g.state.players[2].stock["score"] == 2   # the body runs as the winner of the bid


def test_the_highest_call_ends_the_bidding_as_nobody_can_outrank_it(program):
    g = new_game(program)
    asked = bid(g, ["2 No trump"])   # the others have nothing to call: they pass unasked
    assert len(asked) == 1 and g.state.gvars["contract"].label() == "2 No trump"


def test_skat_bids_numbers_of_a_list_up_to_the_hand_worth_and_passes_are_for_good(skat):
    g = new_game(skat, 3)
    g.state.players[2].stock["worth"] = 30
    # from P1's left: P2 (worth 23) 18, P3 (worth 30) 20, P1 (worth 23) 23; P2 cannot go past 23 and passes
    # unasked, for good; P3 27; P1 passes unasked; P3 is left holding the bid
    asked = bid(g, ["18", "20", "23", "27"], "skat_bidding")
    assert [d.player.name for d in asked] == ["P2", "P3", "P1", "P3"]
    assert asked[0].options == ["pass", "18", "20", "22", "23"]   # up to a worth of 23: 23 and below
    assert asked[3].options == ["pass", "24", "27", "30"]
    assert g.state.globals["bid_won"] == 27
    # each passer's own last call (P2 18, P1 23)
    assert [p.stock["passed_at"] for p in g.state.players] == [23, 18, 0]


def test_sealed_and_once_around_over_calls_the_highest_call_wins():
    for form in ("sealed", "once around"):
        text = CALLS.replace("open until all pass over call", f"{form} over call") + GAME
        for built in (build_text(text), build_text(text, interpreted=True)):
            g = new_game(built)
            bid(g, ["1 No trump", "pass", "1 Hearts" if form == "sealed" else "2 Clubs", "pass"])
            assert g.state.gvars["contract"].label() == ("1 No trump" if form == "sealed" else "2 Clubs"), form


def test_open_in_any_order_over_calls_raises_in_secret_rounds():
    # round one: P2 1 Clubs, P3 1 No trump, P4 1 Hearts (P1 passes): the highest call takes the bid; round two
    # (all but P3): P1 2 Clubs, P2 and P4 pass; round three (all but P1): nobody raises
    text = CALLS.replace("open until all pass over call", "open in any order over call") + GAME
    for built in (build_text(text), build_text(text, interpreted=True)):
        g = new_game(built)
        bid(g, ["pass", "1 Clubs", "1 No trump", "1 Hearts", "2 Clubs"] + ["pass"] * 5)
        assert g.state.gvars["contract"].label() == "2 Clubs" and g.state.globals["calls_made"] == 2
        assert "raises: P1 passed, P2 1 Clubs, P3 1 No trump, P4 1 Hearts; P3 holds the bid at 1 No trump" in g.messages


def test_form_names_open_until_all_pass():
    # the form from a value: a text of its words, or a member named after it
    for form, extra in (('form "open until all pass"', ""), ("form open_until_all_pass",
                                                            "enum way { open_until_all_pass, sealed }\n")):
        text = extra + CALLS.replace("open until all pass over call", f"{form} over call") + GAME
        for built in (build_text(text), build_text(text, interpreted=True)):
            g = new_game(built)
            asked = bid(g, ["pass", "1 Clubs", "pass", "pass", "1 Hearts", "pass", "pass", "pass"])
            assert len(asked) == 8 and g.state.gvars["contract"].label() == "1 Hearts", form


def test_random_games_agree_on_both_backends_and_replay():
    random_games_agree(CALLS + GAME, seeds=range(1, 4), counts=(4,))
    random_games_agree(SKAT, seeds=range(1, 4), counts=(3,))
    replays_through_json(build_text(SKAT), 2)


def test_fmt_and_explain():
    module, printed = printed_back(CALLS)
    assert "among players open until all pass over call bids as (caller, c) {" in printed
    assert "} as (taker, c) {" in printed
    assert parse_text(CALLS, "a.rules").items == module.items
    _, skat_printed = printed_back(SKAT)
    assert "      open\n      over [18, 20, 22, 23, 24, 27, 30]\n      up to worth\n      passed as (quitter, at) {" \
        in skat_printed
    read = "\n".join(reading(analyse_text(CALLS + GAME).symbols.decls["bidding"]))
    assert "the bids are the calls of" in read and "each ranked by its place there" in read
    assert "a pass is for that turn only), until all but the high bidder pass in a row" in read
    assert "Once the bidding is over, for each bid in the order made, its bidder (caller)" in read


def findings(text: str) -> list[tuple]:
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code[0] in "EW" and d.code != "W401"]


def test_misuse_has_positioned_codes():
    # a zone has no rank order of its own
    zone = SKAT.replace("counter passed_at", "kind chip { v: int; }\nzone pot of chip;\ncounter passed_at") \
        .replace("over [18, 20, 22, 23, 24, 27, 30] up to worth", "over pot")
    assert findings(zone) == [("E589", 8)]
    assert ("E589", 6) in findings(SKAT.replace("[18, 20, 22, 23, 24, 27, 30]", "[]"))
    assert ("E589", 6) in findings(SKAT.replace("open over", "open min 18 over"))
    # up to a player, where the calls are numbers
    assert ("E589", 7) in findings(SKAT.replace("up to worth", "up to holder").replace(
        "counter bid_won", "var holder global: player;\ncounter bid_won"))
    assert ("E590", 6) in findings(SKAT.replace("22, 23, 24", "22, 20, 24"))
    twice = findings(CALLS.replace("over call bids", "over [bid_1_clubs, bid_1_hearts, bid_1_clubs] bids") + GAME)
    assert [code for code, _line in twice] == ["W575"]
    wrong = parse_error(CALLS.replace("until all pass", "until both pass"))
    assert wrong.code == "E100" and "open until all pass" in wrong.message
    bids_named = findings(CALLS.replace("bids as (caller, c)", "bids as (c, c)") + GAME)
    assert ("E327", 12) in bids_named
