"""tests/packs/bridge: Contract Bridge written by a designer new to the language: the auction (bids rising,
double and redouble, three passes, the declarer the first of the partnership to name the strain), the dummy
laid down after the opening lead and played by the declarer, duplicate scores from the laws' tables; both
backends alike on the first decisions of seeded games."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, drive, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "bridge")
STRAINS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades", "NT": "notrump"}


@pytest.fixture(scope="module", params=["compiled", "interpreted"])
def program(request):
    return compile_pack(PACK).program if request.param == "compiled" else interpret_pack(PACK)


def bid(game: Game, text: str):
    """The call entity of a bid written `4S`, `3NT`."""
    return game.program.entities[f"bid_{text[0]}_{STRAINS[text[1:]]}"]


def test_the_deck_is_the_52_cards_and_the_bids_the_35(program):
    cards = [e for e in program.entities.values() if e.kind == "card"]
    calls = [e for e in program.entities.values() if e.kind == "call"]
    assert len(cards) == 52 and {e.fields["suit"] for e in cards} == {"clubs", "diamonds", "hearts", "spades"}
    assert len(calls) == 35


def test_the_auction_ends_after_three_passes_and_the_first_to_name_the_strain_declares(program):
    game = Game(program, 4, 1)
    game.state.gvars["dealer"] = game.state.players[0]
    drive(game, game.program.procs["auction"](game, game.state.players[0]), [
        "bid", "1 Hearts",     # P1
        "pass",                # P2
        "bid", "1 Spades",     # P3 names spades first
        "double",              # P4 doubles 1 Spades
        "bid", "2 Spades",     # P1 raises: the double is gone
        "pass", "pass", "pass",
    ])
    g = game.state.gvars
    assert g["contract"].name == "bid_2_spades" and game.state.globals["doubling"] == 0
    assert g["named_first[1,spades]"].name == "P3" and g["named_first[1,hearts]"].name == "P1"


def test_a_bid_must_outrank_the_last_and_only_the_opponents_double(program):
    game = Game(program, 4, 1)
    game.state.gvars["dealer"] = game.state.players[0]
    asked = drive(game, game.program.procs["auction"](game, game.state.players[0]), [
        "bid", "2 Hearts",   # P1
        "double",            # P2, an opponent
        "redouble",          # P3, the bidder's partner
        "bid", "2 No trump", # P4
        "pass", "pass", "pass",
    ])
    p2, p3 = asked[2], asked[3]
    assert p2.options == ["pass", "bid", "double"] and p3.options == ["pass", "bid", "redouble"]
    bids = next(d for d in asked[4:] if d.prompt == "bid what?")
    assert bids.options[0] == "2 Spades" and "2 Hearts" not in bids.options
    assert game.state.gvars["contract"].name == "bid_2_notrump" and game.state.globals["doubling"] == 0


@pytest.mark.parametrize("contract, doubling, deal, taken, side, points", [
    ("4S", 0, 1, 10, 1, 420),     # 4 spades made, not vulnerable: 120 + 300
    ("3NT", 0, 4, 10, 1, 630),    # 3 no trump and one over, vulnerable: 100 + 500 + 30
    ("6H", 0, 2, 12, 1, 1430),    # a small slam vulnerable: 180 + 500 + 750
    ("2C", 1, 1, 9, 1, 280),      # 2 clubs doubled and one over: 80 + 50 part score + 50 + 100
    ("1NT", 1, 1, 5, 2, 300),     # 1 no trump doubled, two down, not vulnerable: 100 + 200
    ("4S", 2, 4, 6, 2, 2200),     # 4 spades redoubled, four down, vulnerable: (200 + 300 * 3) * 2
    ("7NT", 0, 3, 13, 1, 1520),   # a grand slam, not vulnerable for seats 1 and 3 on board 3: 220 + 300 + 1000
])
def test_duplicate_scores(program, contract, doubling, deal, taken, side, points):
    game = Game(program, 4, 1)
    g = game.state.gvars
    g["contract"], g["declarer"] = bid(game, contract), game.state.players[0]
    game.state.globals.update({"doubling": doubling, "deal_number": deal, "tricks[1]": taken})
    run_proc(game, "score_deal")
    assert (game.state.globals[f"score[{side}]"], game.state.globals[f"score[{3 - side}]"]) == (points, 0)


def test_the_dummy_is_laid_down_after_the_opening_lead_and_played_by_the_declarer(program):
    game = Game(program, 4, 1)
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


def test_the_pack_lints_clean_and_is_printed_back_as_written():
    assert analyse(PACK).diagnostics == []
    path = Path(PACK) / "bridge.rules"
    text = path.read_text(encoding="utf-8")
    assert format_text(text, str(path)) == text and parse_text(format_text(text), "a.rules") == parse_text(text, "a.rules")
