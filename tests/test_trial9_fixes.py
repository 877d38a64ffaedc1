"""What the trial of three designer games (For Sale, Sushi Go!, Modern Art: tests/packs) mended in the toolchain,
beside the auction's penniless bidder (tests/test_auction_passed.py) and the entity declared with an index
(tests/malformed/entity_declared_with_an_index.rules)."""

from __future__ import annotations

from collections import Counter

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import parse_error, printed_back

COINS = """
counter coins "Coins" from 0 to 18 start (if player_count <= 4 then 18 else 14);
counter seen[1..3] global from 0 to 9 { 2 start (3 + 1); }
proc start(n: int) { gain n coins; }
proc begin() { start(1); }
game for_sale { seats 3 to 6; phase play { begin(); } winner most coins; }
"""


def test_a_counters_start_may_be_written_in_parentheses():
    # For Sale's coins: `start (EXPR)` was read as a call of a proc named `start`, and refused with a message
    # about a resource's supply
    for interpreted in (False, True):
        program = build_text(COINS, interpreted=interpreted)
        assert [p.stock["coins"] for p in Game(program, 4, 1).state.players] == [18] * 4
        game = Game(program, 5, 1)
        assert [p.stock["coins"] for p in game.state.players] == [14] * 5
        assert [game.state.globals.get(f"seen[{i}]", 0) for i in (1, 2, 3)] == [0, 4, 0]


def test_a_proc_named_start_is_still_called_and_the_parentheses_print_away():
    _, printed = printed_back(COINS)
    assert "start if player_count <= 4 then 18 else 14;" in printed and "  start(1);" in printed
    wrong = parse_error(COINS.replace("start (if", "starts (if"))
    assert wrong.code == "E100"


PAINTINGS = """
enum artist { cards: int; sealed: int = 1; lite_metal "Lite Metal"(cards = 12), krypto "Krypto"(cards = 16, sealed = 3) }
enum sale { open "Open", sealed "Sealed" }
kind painting { artist: artist; sale: sale; }
painting card "{a.title} ({s.title})" * (if s == open then a.cards - a.sealed else a.sealed) for each a in artist, s in sale {
  artist = a;
  sale = s;
}
zone deck of painting secret;
game modern_art { seats 3 to 5; phase setup { fill deck with painting; } winner most size(deck); }
"""


def test_copies_by_value_read_the_data_an_enum_member_gives():
    # Modern Art: each artist's count is data of the artist (a default, `sealed`, where a member gives none)
    for interpreted in (False, True):
        game = Game(build_text(PAINTINGS, interpreted=interpreted), 3, 1)
        counts = Counter(e.name.split("#")[0] for e in game.program.entities.values() if e.kind == "painting")
        assert counts == {"card_lite_metal_open": 11, "card_lite_metal_sealed": 1, "card_krypto_open": 13,
                          "card_krypto_sealed": 3}
    # a field no member gives, nor a default, is not known before play: E303 as before
    result = analyse_text(PAINTINGS.replace("a.cards - a.sealed", "a.cards - a.hidden"))
    assert [d.code for d in result.diagnostics if d.severity == "error"] == ["E303"]


def test_fmt_breaks_a_long_entity_head_before_its_for_each():
    # Modern Art's cards: `* (match ...)` copies made a head of 150 characters that fmt kept on one line
    long = PAINTINGS.replace("(if s == open then a.cards - a.sealed else a.sealed)",
                             "(match s { open: a.cards - a.sealed - 0 * a.cards, sealed: a.sealed + 0 * a.cards, else: 0 })")
    _, printed = printed_back(long)
    assert "else: 0 })\n    for each a in artist, s in sale {\n  artist = a;\n" in printed
    _, short = printed_back(PAINTINGS.replace("(if s == open then a.cards - a.sealed else a.sealed)", "(a.cards)"))
    assert '\npainting card "{a.title} ({s.title})" * (a.cards) for each a in artist, s in sale {\n' in short   # it fits


SECRET_MONEY = """
counter money "Money" hidden from 0 to 999 start 100;
kind character { duke: bool; }
zone influence per_player of character hidden;
proc fixed_price(price: int) {
  first q in others_from(you) where q.money >= price may "buy it for {price}?" { each q: pay price money; }
}
proc foreign_aid() {
  first q in others_from(you) where blocks(q) may "block with a Duke?" { say "{q} blocks"; }
}
func blocks(p: player): bool = some(c in p.influence where c.duke);
proc trade(price: int) {
  offer "sell for {price}?" to opponents where money >= price as buyer { each buyer: pay price money; }
}
proc open_question(price: int) {
  first q in others_from(you) where q.money >= 0 * price may "bid?" { }
}
"""


def test_asking_only_those_whose_hidden_money_or_hand_allows_is_w573():
    found = [(d.code, d.span.line, d.message) for d in analyse_text(SECRET_MONEY).diagnostics if d.code == "W573"]
    assert [(code, line) for code, line, _ in found] == [("W573", 6), ("W573", 9), ("W573", 13), ("W573", 16)]
    assert "reads the asked player's own hidden counter 'money'" in found[0][2]
    assert "hidden zone 'influence' (through blocks())" in found[1][2] and found[2][2].startswith("an offer asks")
    # a public counter, or the decider's own hidden money read in a plain condition, is no such read
    public = SECRET_MONEY.replace('"Money" hidden', '"Money"').replace("zone influence per_player of character hidden",
                                                                       "zone influence per_player of character")
    assert [d.code for d in analyse_text(public).diagnostics if d.code == "W573"] == []
