"""W632 (branch hidden3): a deal in packets written by hand, `repeat R { each players: draw K from Z to W; }` (or
`while size(Z) > 0` round the players dealing K at a time), which `deal N of Z to W K at a time;` (`deal all of
... K at a time;`) says; the loops it names deal the same cards to the same players as the statement its hint
writes, on both backends (seeded shuffles), so the warning is sound."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import both_built, found_at
from .test_deal import TABLE, hands, run_and_keep


def _proc(body: str, more: str = "") -> str:
    return TABLE + more + "proc p() {\n  fill deck with card;\n  shuffle deck;\n  set dealer = all_players[2];\n  " \
        + body + "\n}\n"


@pytest.mark.parametrize("body, found", [
    # Pinochle for two: three rounds of four each, from the dealer's left
    ("repeat 3 {\n    each players_from(left(dealer)): draw 4 from deck to hand;\n  }", [("W632", 17, 3)]),
    ("repeat 2 {\n    each players { draw 2 from deck to hand; }\n  }", [("W632", 17, 3)]),
    # one card at a time, two rounds: Hold'em's hole cards, `deal 2 of deck to hand from ...;`
    ("repeat 2 {\n    each players_from(left(dealer)): draw 1 from deck to hand;\n  }", [("W632", 17, 3)]),
    # the whole deck, packets of 3: the deal all of it
    ("while size(deck) > 0 {\n    each players { if size(deck) > 0 { draw 3 from deck to hand; } }\n  }", [("W632", 17, 3)]),
    # one at a time round the table is W579's, as before
    ("while size(deck) > 0 {\n    each players { if size(deck) > 0 { draw 1 from deck to hand; } }\n  }", [("W579", 17, 3)]),
    # not a deal: one round (each player's packet: the natural writing), a packet that depends on the game,
    # some players only, each player's rounds in a row, more in the loop, a zone of each player's own dealt from
    ("repeat 1 {\n    each players: draw 3 from deck to hand;\n  }", []),
    ("each players: draw 3 from deck to hand;", []),
    ("repeat 2 {\n    each players: draw size(hand) + 1 from deck to hand;\n  }", []),
    ("repeat 2 {\n    each players where you != dealer: draw 2 from deck to hand;\n  }", []),
    ("each players {\n    repeat 2 { draw 2 from deck to hand; }\n  }", []),
    ("repeat 2 {\n    each players: draw 2 from deck to hand;\n    say \"dealt\";\n  }", []),
    ("repeat 2 {\n    each players: draw 2 from pile to hand;\n  }", []),
    # a deck that refills: a short packet would refill it, where the deal stops when it is empty
    ("while size(stock) > 0 {\n    each players { if size(stock) > 0 { draw 3 from stock to hand; } }\n  }", []),
])
def test_w632_a_deal_in_packets_written_by_hand(body, found):
    more = "zone pile per_player of card hidden;\nzone stock of card secret refills from discard;\n"
    assert [f for f in found_at(_proc(body, more)) if f[0] in ("W579", "W632")] == found


@pytest.mark.parametrize("body, written", [
    ("repeat 3 {\n    each players_from(left(dealer)): draw 4 from deck to hand;\n  }",
     "deal 12 of deck to hand from left(dealer) 4 at a time;"),
    ("repeat 2 {\n    each players_from(left(dealer)): draw 1 from deck to hand;\n  }",
     "deal 2 of deck to hand from left(dealer);"),
    ("repeat ROUNDS {\n    each players: draw PACKET from deck to hand;\n  }",
     "deal ROUNDS * PACKET of deck to hand PACKET at a time;"),
    ("while size(deck) > 0 {\n    each players { if size(deck) > 0 { draw 3 from deck to hand; } }\n  }",
     "deal all of deck to hand 3 at a time;"),
])
def test_w632_writes_the_deal_and_deals_the_same_cards(body, written):
    more = "const ROUNDS = 2;\nconst PACKET = 2;\n"
    by_hand = _proc(body, more)
    (d,) = [d for d in analyse_text(by_hand).diagnostics if d.code == "W632"]
    assert f"'{written}'" in d.message and written in d.hint
    dealt = _proc(written, more)
    assert not [d for d in analyse_text(dealt).diagnostics if d.code in ("W632", "W579")]
    for players in (2, 3):
        games = [hands(run_and_keep(p, players)) for p in both_built(by_hand) + both_built(dealt)]
        assert games[0] == games[1] == games[2] == games[3] and sum(map(len, games[0])) > players
