"""Double and redouble in an auction over calls, `auction ... open until all pass ... doubling N ... as (WINNER,
PRICE, STAKES)`: an opponent of the high bidder (another team; without teams anyone else) may double the standing
bid, then the high side redouble it, N times in all; a double outranks nothing, a new bid cancels the doubles, and
the bidding ends when all but the last caller pass in a row; the stakes (1, 2, 4) are the winner's third name.
Coinche's contre and surcontre, Skat's Kontra and Re; the bridge pack's are in tests/test_bridge_pack.py."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game

from .conftest import drive, explained, on_both_backends, printed_back, random_games_agree
from rulebook.compiler.driver import build_text

# Coinche: contracts of 80 to 100 in two suits; the taker's side scores the contract times the stakes
COINCHE = """
enum suit { hearts "Hearts", spades "Spades" }
kind contract { points: int; trump: suit; }
contract bid "{t}0 {s.title}" for each t in 8..10, s in suit {
  points = t * 10;
  trump = s;
}
counter score[1..2] "Score" global from 0 to 9999;
var taken "Contract" global: contract;
counter stakes_held global from 0 to 4;
proc coinche_bidding() {
  auction "your bid?" among players from left open until all pass over contract doubling 2 as (taker, c, stakes) {
    set taken = c;
    set stakes_held = stakes;
    gain c.points * stakes score[team()];
  } else {
    say "four passes: the cards are dealt again" as game;
  }
}
game coinche "Coinche" {
  seats 4 teams of 2 alternating;
  phase play {
    coinche_bidding();
  }
  winner most score[team()] by team once;
}
"""

# Skat (no teams): the declarer's opponents are the two others; Kontra and Re
SKAT = """
counter worth "Hand worth" from 0 to 99 start 30;
counter game_value global from 0 to 999;
proc skat_bidding() {
  auction "bid?" among players from left open until all pass over [18, 20, 22, 23, 24] up to worth doubling 2
      as (declarer, value, times) {
    set game_value = value * times;
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

coinche = on_both_backends(lambda interpreted: build_text(COINCHE, interpreted=interpreted))
skat = on_both_backends(lambda interpreted: build_text(SKAT, interpreted=interpreted))


def bidding(program, proc: str, answers: list, seats: int = 4) -> tuple:
    """A game whose bidding proc is answered in turn from P1's left (P2 first): the game and the decisions asked."""
    g = Game(program, seats, 1)
    return g, drive(g, g.program.procs[proc](g, g.state.players[0]), answers)


def test_contre_by_an_opponent_and_surcontre_by_the_taker_s_side_quadruple_the_stakes(coinche):
    g, asked = bidding(coinche, "coinche_bidding", [
        "80 Hearts",   # P2
        "double",      # P3, an opponent (seats 1 and 3 against 2 and 4)
        "redouble",    # P4, P2's partner
        "pass", "pass", "pass",   # three passes after the last call end it
    ])
    assert [d.player.name for d in asked] == ["P2", "P3", "P4", "P1", "P2", "P3"]
    assert "double" not in asked[0].options   # no bid to double yet
    assert asked[1].options[:3] == ["pass", "double", "80 Spades"]
    assert asked[2].options[:3] == ["pass", "redouble", "80 Spades"]
    assert "double" not in asked[3].options and "redouble" not in asked[3].options   # twice at most
    assert g.state.globals["stakes_held"] == 4 and g.state.globals["score[2]"] == 320
    assert "P3 doubles 80 Hearts" in g.messages and "P4 redoubles 80 Hearts" in g.messages


def test_the_taker_s_partner_cannot_double_and_a_new_bid_cancels_the_double(coinche):
    g, asked = bidding(coinche, "coinche_bidding", [
        "80 Hearts",    # P2
        "pass",         # P3
        "pass",         # P4: P2's partner, offered no double
        "double",       # P1
        "90 Hearts",    # P2 bids on over the double: it is gone
        "pass", "pass", "pass",
    ])
    assert "double" not in asked[2].options and "redouble" not in asked[2].options
    assert "double" in asked[3].options and "double" in asked[5].options   # the new bid may be doubled again
    assert g.state.gvars["taken"].label() == "90 Hearts" and g.state.globals["stakes_held"] == 1
    assert g.state.globals["score[2]"] == 90


def test_a_double_restarts_the_passes_and_four_passes_pass_the_deal_out(coinche):
    # 80 Hearts by P2, doubled by P3, then P4, P1 pass and P2 may still bid or redouble: three passes after
    # the double end it
    g, asked = bidding(coinche, "coinche_bidding", ["80 Hearts", "double", "pass", "pass", "pass"])
    assert len(asked) == 5 and asked[4].player.name == "P2" and "redouble" in asked[4].options
    assert g.state.globals["stakes_held"] == 2
    g, asked = bidding(coinche, "coinche_bidding", ["pass"] * 4)
    assert len(asked) == 4 and g.state.gvars["taken"] is None


def test_without_teams_either_other_player_doubles_and_the_declarer_alone_redoubles(skat):
    g, asked = bidding(skat, "skat_bidding", ["20", "pass", "double", "redouble", "pass", "pass"], seats=3)
    # P2 bids 20; P3 passes; P1 (Kontra) doubles; P2 (Re) redoubles; P3, P1 pass
    assert [d.player.name for d in asked] == ["P2", "P3", "P1", "P2", "P3", "P1"]
    assert "double" in asked[1].options and "redouble" not in asked[1].options
    assert g.state.globals["game_value"] == 80


def test_random_games_agree_on_both_backends():
    random_games_agree(COINCHE, seeds=range(1, 5), counts=(4,))
    random_games_agree(SKAT, seeds=range(1, 5), counts=(3,))


def test_fmt_explain_and_highlight():
    module, text = printed_back(COINCHE)
    assert "doubling 2" in text and "as (taker, c, stakes)" in text
    read = explained(analyse_text(COINCHE), "coinche_bidding")
    assert "may double the standing bid, then the high bidder's side redouble it" in read
    assert "the stakes (stakes: 1, doubled 2, redoubled 4, ...)" in read
    tokens = [(str(kind), word) for kind, word in RulesLexer().get_tokens(COINCHE) if word == "doubling"]
    assert tokens and all("Keyword" in kind for kind, _word in tokens)


def findings(text: str) -> list[tuple]:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics]


HEAD = "counter coins from 0 to 99;\nkind call { n: int; }\ncall c1 { n = 1; }\ncall c2 { n = 2; }\n"


def test_doubling_outside_open_until_all_pass_or_not_a_whole_number_is_e626():
    sealed = HEAD + "proc p() {\n  auction among players sealed over call doubling 2 as (w, c, s) { gain c.n * s coins; }\n}\n"
    assert findings(sealed) == [("E626", 6, 51)]
    zero = HEAD + ("proc p() {\n  auction among players open until all pass over call doubling 0 as (w, c, s) "
                   "{ gain c.n * s coins; }\n}\n")
    assert findings(zero) == [("E626", 6, 64)]


def test_stakes_without_doubling_or_named_as_the_winner_is_e627():
    bare = HEAD + "proc p() {\n  auction among players open until all pass over call as (w, c, s) { gain c.n * s coins; }\n}\n"
    assert findings(bare) == [("E627", 6, 3)]
    same = HEAD + ("proc p() {\n  auction among players open until all pass over call doubling 1 as (w, c, w) "
                   "{ gain c.n coins; }\n}\n")
    assert [code for code, _line, _col in findings(same)] == ["E627"]


def test_doubles_nobody_reads_are_w603():
    unnamed = HEAD + ("proc p() {\n  auction among players open until all pass over call doubling 2 as (w, c) "
                      "{ gain c.n coins; }\n}\n")
    assert findings(unnamed) == [("W603", 6, 64)]
    unread = HEAD + ("proc p() {\n  auction among players open until all pass over call doubling 2 as (w, c, s) "
                     "{ gain c.n coins; }\n}\n")
    assert findings(unread) == [("W603", 6, 3)]
    on_purpose = unread.replace("(w, c, s)", "(w, c, _s)")
    assert findings(on_purpose) == []


# A deal with a block per card: Cluedo's notepad (each card remembers who was dealt it) and a question per card
CLUEDO = """
kind clue { rank: int; seen_by: player = none; }
clue card "Clue {n}" for each n in 1..8 { rank = n; }
zone deck of clue secret;
zone hand per_player of clue hidden;
zone shown "Shown" of clue;
counter crossed_off "Crossed off" from 0 to 21;
counter kept "Shown" from 0 to 21;
var dealer "Dealer" global: player;
var order_dealt global: list of int = [];
proc deal_clues() {
  deal all of deck to hand from left(dealer) as (detective, c) {
    set c.seen_by = detective;
    gain 1 crossed_off;
    set order_dealt = order_dealt + [c.rank];
    may "show {c} to the table?" {
      move c to shown;
      gain 1 kept;
    }
  }
}
game cluedo "Cluedo" {
  seats 3 to 4;
  phase setup {
    fill deck with clue;
    set dealer = all_players[1];
    deal_clues();
  }
  winner most kept;
}
"""

cluedo = on_both_backends(lambda interpreted: build_text(CLUEDO, interpreted=interpreted))


def test_a_deal_runs_its_block_for_each_card_in_the_order_dealt_as_its_receiver(cluedo):
    g = Game(cluedo, 3, 1)
    g.state.gvars["dealer"] = g.state.players[0]
    for c in (e for e in g.program.entities.values() if e.kind == "clue"):
        g.move(c, g.zone(None, "deck"))
    ranks = [c.fields["rank"] for c in g.zone(None, "deck").items]
    asked = drive(g, g.program.procs["deal_clues"](g, g.state.players[0]), ["yes", "no"] * 4)
    # from the dealer's left (P2), round the table; each receiver is asked of their own card, once dealt
    assert [d.player.name for d in asked] == ["P2", "P3", "P1"] * 2 + ["P2", "P3"]
    assert [p.stock["crossed_off"] for p in g.state.players] == [2, 3, 3]
    assert [p.stock["kept"] for p in g.state.players] == [1, 2, 1]   # P2 yes, P3 no, P1 yes, P2 no, ...
    assert len(g.zone(None, "shown").items) == 4
    assert g.state.gvars["order_dealt"] == ranks   # the block ran for each card in the order dealt, top first
    p2_hand = g.zone(g.state.players[1], "hand").items
    assert p2_hand and all(g.field(c, "seen_by") is g.state.players[1] for c in p2_hand)   # each its receiver


def test_a_deal_with_a_block_agrees_on_both_backends_fmt_and_explain():
    random_games_agree(CLUEDO, seeds=range(1, 4), counts=(3, 4))
    module, text = printed_back(CLUEDO)
    assert "deal all of deck to hand from left(dealer) as (detective, c) {" in text
    read = explained(analyse_text(CLUEDO), "deal_clues")
    assert "Once the deal is over, for each card in the order dealt, its receiver (detective), acting as you, " \
           "with the card (c), does:" in read
    words = [(str(kind), word) for kind, word in RulesLexer().get_tokens(CLUEDO) if word in ("deal", "as")]
    assert ("Token.Keyword", "deal") in words and ("Token.Keyword", "as") in words


def test_a_deal_inside_a_deal_s_block_is_w604_and_one_name_for_both_e327():
    base = ("kind clue { rank: int; }\nclue card \"Clue {n}\" for each n in 1..8 { rank = n; }\nzone deck of clue;\n"
            "zone spare of clue;\nzone hand per_player of clue;\ncounter seen from 0 to 9;\n")
    again = base + "proc p() {\n  deal all of deck to hand as (q, c) {\n    deal 1 of spare to hand;\n  }\n}\n"
    assert findings(again) == [("W604", 9, 5)]
    same = base + "proc p() {\n  deal all of deck to hand as (c, c) {\n    gain 1 seen;\n  }\n}\n"
    assert [d.code for d in analyse_text(same).diagnostics if d.severity == "error"] == ["E327"]


def test_risk_s_setup_deals_its_territories_with_a_block():
    from pathlib import Path
    text = (Path(__file__).parent / "packs" / "risk" / "risk.rules").read_text(encoding="utf-8")
    assert "deal all of deck to hand as (owner, c) {" in text and "while size(deck) > 0" not in text


def test_the_editor_knows_the_stakes_and_the_deal_s_names_as_locals():
    from rulebook.compiler.workspace import _Scopes
    from rulebook.dsl.parser import parse_text

    for text, proc, names in ((COINCHE, "coinche_bidding", ["taker", "c", "stakes"]),
                              (CLUEDO, "deal_clues", ["detective", "c"])):
        decl = next(d for d in parse_text(text, "a.rules").items if getattr(d, "name", None) == proc)
        assert [region[0] for region in _Scopes(decl, "a.rules").regions] == names
