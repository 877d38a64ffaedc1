"""tests/packs/cribbage: Cribbage for two written by a designer new to the language (branch trial2), with the
rulebook's counts as assertions: the 29 hand, a double double run (24), flushes in hand and crib, his nobs;
in the play fifteen, a pair royal, a run laid out of order, thirty-one and the go; the game ended at 121;
both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded

from .conftest import answer_by_prompt, drive, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "cribbage"


program = pack_program(PACK)


def card(program, short: str):
    """`5H` is the 5 of Hearts, `JS` the Jack of Spades, `AC` the Ace of Clubs, `10D` the 10 of Diamonds."""
    ranks = {"A": 1, "J": 11, "Q": 12, "K": 13}
    suits = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
    rank = ranks.get(short[:-1]) or int(short[:-1])
    return program.entities[f"playing_{suits[short[-1]]}_{rank}"]


def show(program, hand: str, starter: str, crib: bool = False) -> int:
    game = Game(program, 2, 1)
    game.move(card(program, starter), game.zone(None, "starter"))
    cards = [card(program, c) for c in hand.split()]
    return program.funcs["show_points"](game, game.state.players[0], cards, crib)


def test_the_29_hand(program):
    assert show(program, "5C 5D 5H JS", "5S") == 29   # eight fifteens, a double pair royal, his nobs


def test_a_double_double_run_counts_24(program):
    assert show(program, "4C 5D 5H 6S", "6C") == 4 * 3 + 2 * 2 + 4 * 2   # four runs, two pairs, four fifteens


def test_a_run_of_four_doubled_outscores_its_runs_of_three(program):
    # 3, 3, 4, 5, 6: two runs of four (8), not the three runs of three (9) inside them
    game = Game(program, 2, 1)
    cards = [card(program, c) for c in "3C 3D 4H 5S 6C".split()]
    assert program.funcs["runs"](game, game.state.players[0], cards) == 8
    assert show(program, "3C 4H 5S 6C", "3D") == 8 + 2 + 2 * 2   # the runs, a pair, fifteens 4+5+6 and 3+3+4+5


def test_a_flush_in_hand_counts_4_or_5_and_in_the_crib_only_5(program):
    hand = "2H 4H 6H 8H"   # no fifteen among them, nor with a King: the flush alone
    assert show(program, hand, "KC") == 4 and show(program, hand, "KH") == 5
    assert show(program, hand, "KC", crib=True) == 0 and show(program, hand, "KH", crib=True) == 5


def test_his_nobs_is_the_jack_of_the_starters_suit(program):
    assert show(program, "JD 2C 7S 9H", "KD") == 1   # no fifteen, pair or run among the five: his nobs alone
    assert show(program, "JD 2C 7S 9H", "KC") == 0


def laid_so_far(program, laid: str) -> Game:
    """P1 about to lay, the count begun with the cards `laid` (by both players)."""
    game = Game(program, 2, 1)
    cards = [card(program, c) for c in laid.split()]
    game.state.gvars["sequence"] = cards
    game.state.globals["running"] = sum(c.fields["value"] for c in cards)
    return game


def lay(program, game: Game, c: str) -> int:
    you = game.state.players[0]
    game.move(card(program, c), game.zone(you, "hand"))
    answer_by_prompt(program.procs["lay"](game, you), {})
    return you.stock["points"]


def test_the_play_pegs_fifteen_pairs_runs_out_of_order_and_thirty_one(program):
    assert lay(program, laid_so_far(program, "7C"), "8D") == 2                 # fifteen
    assert lay(program, laid_so_far(program, "3C 6D 6S"), "6H") == 6           # a pair royal
    assert lay(program, laid_so_far(program, "KC 4D 6S"), "5H") == 3 + 0       # 4, 6, 5: a run of three (25)
    assert lay(program, laid_so_far(program, "2C 3D"), "4H") == 3              # 2, 3, 4
    assert lay(program, laid_so_far(program, "KC QD 9S"), "2H") == 2           # thirty-one
    assert lay(program, laid_so_far(program, "AC 4S 5D 3C"), "6H") == 4        # 4, 5, 3, 6 after the ace: four


def test_the_go_and_the_last_card_peg_one(program):
    game = Game(program, 2, 1)
    p1, p2 = game.state.players
    game.state.gvars["dealer"] = p1
    for c, p in (("KC", p2), ("QD", p1), ("9S", p2), ("AH", p2), ("5C", p1)):
        game.move(card(program, c), game.zone(p, "hand"))
    # P2: King (10), P1: Queen (20), P2: 9 (29), P1 cannot lay the 5: go; P2 lays the ace (30) and pegs 1
    # for the go; the count starts again with P1's 5, the last card: 1
    drive(game, program.procs["the_play"](game, p1), ["King of Clubs", "Queen of Diamonds", "9 of Spades"])
    assert [p1.stock["points"], p2.stock["points"]] == [1, 1]


def test_the_game_ends_as_a_player_reaches_121_mid_hand(program):
    game = Game(program, 2, 1)
    game.state.players[0].stock["points"] = 120
    with pytest.raises(GameEnded):   # `end game` stops the proc at once
        answer_by_prompt(program.procs["peg"](game, game.state.players[0], 2, "a pair"), {})
    assert game.state.players[0].stock["points"] == 121


@pytest.mark.parametrize("seed", range(4))
def test_random_games_reach_121_and_agree_on_both_backends(seed):
    for game, _result in played_on_both_backends(PACK, 2, seed):
        assert max(p.stock["points"] for p in game.state.players) == 121
