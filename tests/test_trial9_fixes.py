"""What the trial of three designer games (For Sale, Sushi Go!, Modern Art: tests/packs) mended in the toolchain,
beside the auction's penniless bidder (tests/test_auction_passed.py) and the entity declared with an index
(tests/malformed/entity_declared_with_an_index.rules)."""

from __future__ import annotations

from rulebook.compiler.driver import build_text
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
