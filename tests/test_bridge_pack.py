"""tests/packs/bridge: Contract Bridge written by a designer new to the language: the auction (bids rising,
three passes, the declarer the first of the partnership to name the strain), the dummy
laid down after the opening lead and played by the declarer, duplicate scores from the laws' tables; both
backends alike on the first decisions of seeded games. The auction is one `auction ... open until all pass over
call` statement (branch bridgebid; the seeded games changed with it), its double and redouble calls of the
auction (`doubling 2`, branch bidding2; the seeded games changed again)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "bridge")
STRAINS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "notrump"}


program = pack_program(PACK)


def bid(game: Game, text: str):
    """The call entity of a bid written `4S`, `3NT`."""
    return game.program.entities[f"bid_{text[0]}_{STRAINS[text[1:]]}"]


def test_the_deck_is_the_52_cards_and_the_bids_the_35(program):
    cards = [e for e in program.entities.values() if e.kind == "card"]
    calls = [e for e in program.entities.values() if e.kind == "call"]
    assert len(cards) == 52 and {e.fields["suit"] for e in cards} == {"clubs", "diamonds", "hearts", "spades"}
    assert len(calls) == 35


def bidding(game: Game, answers: list) -> list:
    """The auction from the dealer, P1, answered in turn; the decisions asked."""
    game.state.gvars["dealer"] = game.state.players[0]
    return drive(game, game.program.procs["bidding"](game, game.state.players[0]), answers)


def test_the_auction_ends_after_three_passes_and_the_first_to_name_the_strain_declares(program):
    game = Game(program, 4, 1)
    asked = bidding(game, [
        "1 Hearts",     # P1
        "pass",         # P2
        "1 Spades",     # P3 names spades first for seats 1 and 3
        "pass",         # P4
        "2 Spades",     # P1 raises his partner's spades
        "pass", "pass", "pass",
    ])
    assert [d.player.name for d in asked] == ["P1", "P2", "P3", "P4", "P1", "P2", "P3", "P4"]
    g = game.state.gvars
    assert g["contract"].name == "bid_2_spades" and g["declarer"].name == "P3"
    assert g["named_first[1,spades]"].name == "P3" and g["named_first[1,hearts]"].name == "P1"


def test_a_bid_must_outrank_the_last_and_a_pass_is_for_that_turn_only(program):
    game = Game(program, 4, 1)
    asked = bidding(game, [
        "pass",          # P1
        "2 Hearts",      # P2
        "pass", "pass",  # P3, P4
        "2 No trump",    # P1 comes back in after his pass
        "pass", "pass", "pass",
    ])
    assert asked[0].options[:3] == ["pass", "1 Clubs", "1 Diamonds"] and len(asked[0].options) == 36
    # P3 may double P2's bid (an opponent's), or outrank it
    assert asked[2].options[:3] == ["pass", "double", "2 Spades"] and "2 Hearts" not in asked[2].options
    assert game.state.gvars["contract"].name == "bid_2_notrump" and game.state.gvars["declarer"].name == "P1"


def test_four_passes_at_the_start_leave_no_contract_and_the_deal_is_passed_out(program):
    game = Game(program, 4, 1)
    asked = bidding(game, ["pass"] * 4)
    assert len(asked) == 4 and game.state.gvars["contract"] is None
    source = (Path(PACK) / "bridge.rules").read_text(encoding="utf-8")
    assert "while contract == none {" in source   # play_deal deals again


def test_an_opponent_doubles_the_declaring_side_redoubles_and_three_passes_after_end_it(program):
    game = Game(program, 4, 1)
    asked = bidding(game, [
        "1 Spades",     # P1
        "double",       # P2, an opponent
        "redouble",     # P3, P1's partner
        "pass", "pass", "pass",
    ])
    assert asked[1].options[:2] == ["pass", "double"] and asked[2].options[:2] == ["pass", "redouble"]
    assert "double" not in asked[3].options and "redouble" not in asked[3].options   # no more than twice
    g = game.state.gvars
    assert g["contract"].name == "bid_1_spades" and g["declarer"].name == "P1"
    assert game.state.globals["stakes"] == 4


def test_only_an_opponent_doubles_and_a_new_bid_cancels_the_double(program):
    game = Game(program, 4, 1)
    asked = bidding(game, [
        "1 Hearts",     # P1
        "double",       # P2
        "pass",         # P3: his side may redouble, not double
        "2 Clubs",      # P4 bids over the doubled bid: the double is gone
        "pass", "pass", "pass",
    ])
    assert "double" not in asked[0].options   # nothing to double yet
    assert "double" not in asked[2].options and "redouble" in asked[2].options
    assert "double" in asked[4].options   # P1 may double P4's new bid
    assert game.state.gvars["contract"].name == "bid_2_clubs" and game.state.globals["stakes"] == 1


@pytest.mark.parametrize("contract, stakes, deal, taken, side, points", [
    ("4S", 1, 1, 10, 1, 420),     # 4 spades made, not vulnerable: 120 + 300
    ("3NT", 1, 4, 10, 1, 630),    # 3 no trump and one over, vulnerable: 100 + 500 + 30
    ("6H", 1, 2, 12, 1, 1430),    # a small slam vulnerable: 180 + 500 + 750
    ("2C", 2, 1, 9, 1, 280),      # 2 clubs doubled and one over: 80 + 50 part score + 50 + 100
    ("2S", 2, 1, 9, 1, 570),      # 2 spades doubled and one over: 2 x 60 = 120, a game (300) + 50 + 100
    ("2S", 4, 3, 9, 1, 840),      # redoubled, one over, not vulnerable (seats 1 and 3 on board 3): 240 + 300 + 100 + 200
    ("1NT", 2, 1, 5, 2, 300),     # 1 no trump doubled, two down, not vulnerable: 100 + 200
    ("4S", 4, 4, 6, 2, 2200),     # 4 spades redoubled, four down, vulnerable: (200 + 300 * 3) * 2
    ("7NT", 1, 3, 13, 1, 1520),   # a grand slam, not vulnerable for seats 1 and 3 on board 3: 220 + 300 + 1000
])
def test_duplicate_scores(program, contract, stakes, deal, taken, side, points):
    game = Game(program, 4, 1)
    g = game.state.gvars
    g["contract"], g["declarer"] = bid(game, contract), game.state.players[0]
    game.state.globals.update({"stakes": stakes, "deal_number": deal, "tricks[1]": taken})
    run_proc(game, "score_deal")
    assert (game.state.globals[f"score[{side}]"], game.state.globals[f"score[{3 - side}]"]) == (points, 0)


def test_the_dummy_is_laid_down_after_the_opening_lead_and_played_by_the_declarer(program):
    # seed 3: a deal (one card at a time, `deal all of`) where each of the four has more than one card to play
    game = Game(program, 4, 3)
    players = game.state.players
    game.state.gvars["dealer"] = players[0]
    for card in (e for e in game.program.entities.values() if e.kind == "card"):
        game.move(card, game.zone(None, "deck"))
    run_proc(game, "deal")
    g = game.state.gvars
    g["contract"], g["declarer"], g["leader"] = bid(game, "3NT"), players[1], players[2]   # P2 declares
    dummy_hand = {c.title for c in game.zone(players[3], "hand").items}
    asked = answer_by_prompt(game.program.procs["play_trick"](game, players[0], True), {})
    # P3 leads, then the dummy's turn (P4) is the declarer's, from the cards on the table, then P1, P2
    assert [d.player.name for d in asked] == ["P3", "P2", "P1", "P2"]
    assert len(game.zone(None, "table").items) == 12 and game.zone(players[3], "hand").items == []
    assert set(asked[1].options) <= dummy_hand   # the declarer chose among the dummy's cards
    assert sum(game.state.globals[f"tricks[{t}]"] for t in (1, 2)) == 1


@pytest.mark.parametrize("seed", range(2))
def test_random_deals_agree_on_both_backends(seed):
    played_on_both_backends(PACK, 4, seed, decisions=150)
