"""tests/packs/gin_rummy: Gin Rummy written by a designer new to the language (branch trial34), with the rules'
examples as assertions: the deadwood of a hand's best layout in melds (a card that fits a set and a run counted
in the one that leaves less), a gin's 25 points and the opponent's whole deadwood with nothing laid off, a knock
undercut by cards laid off on the knocker's run, the card just taken from the discard pile kept, and seeded
games alike on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "gin_rummy"
NUMBERS = {"A": "ace", "2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
           "9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king"}
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}


program = pack_program(PACK)


def dealt(program, hands: list[str], discard: str = "") -> Game:
    """A game whose players hold the cards written (`"7h 7s 7d 8h"`), the others in the stock."""
    game = Game(program, 2, 1)
    for player, cards in zip(game.state.players, hands):
        for card in cards.split():
            game.move(program.entities[f"playing_card_{SUITS[card[-1]]}_{NUMBERS[card[:-1]]}"],
                      game.zone(player, "hand"))
    for card in discard.split():
        game.move(program.entities[f"playing_card_{SUITS[card[-1]]}_{NUMBERS[card[:-1]]}"],
                  game.zone(None, "discard_pile"))
    for e in program.entities.values():
        if all(e not in game.zone(p, "hand").items for p in game.state.players) and \
                e not in game.zone(None, "discard_pile").items:
            game.move(e, game.zone(None, "stock"))
    return game


def best_deadwood(game: Game, player: int) -> int:
    you = game.state.players[player]
    return game.program.funcs["best_deadwood"](game, you, game.zone(you, "hand"))


def knock(game: Game, layout: str) -> list:
    """The first player knocks, laying out the melds written (`"7h 7s 7d | 9d 10d Jd"`: the sets first, as the hand lists them)."""
    titles = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}
    shown = "[" + ", ".join("[" + ", ".join(f"{titles.get(c[:-1], c[:-1])} of {SUITS[c[-1]].title()}"
                                            for c in meld.split()) + "]" for meld in layout.split("|")) + "]"
    return answer_by_prompt(game.program.procs["knock"](game, game.state.players[0]), {"lay out": shown})


def score(game: Game, player: int) -> int:
    return game.state.players[player].stock["score"]


def test_a_card_of_a_set_and_a_run_counts_in_the_layout_leaving_less_deadwood(program):
    # 7h 8h 9h as a run leaves 7s 7d (14); the three sevens as a set leave 8h 9h (17); the 4s 5s 6s run and
    # the king and the ace are deadwood either way
    game = dealt(program, ["7h 7s 7d 8h 9h 4c 5c 6c Kd As"])
    assert best_deadwood(game, 0) == 14 + 10 + 1
    game = dealt(program, ["7h 7s 7d 7c 8h 9h 4c 5c 6c Kd"])   # four sevens: the run takes one, three are a set
    assert best_deadwood(game, 0) == 10


def test_a_run_is_one_suit_in_sequence_with_the_ace_low(program):
    assert best_deadwood(dealt(program, ["Ah 2h 3h Qs Ks"]), 0) == 20
    assert best_deadwood(dealt(program, ["Qs Ks As"]), 0) == 21   # no going round the corner
    assert best_deadwood(dealt(program, ["5h 6d 7h"]), 0) == 18   # two suits: no run


def test_a_gin_scores_25_and_the_opponents_whole_deadwood_with_nothing_laid_off(program):
    game = dealt(program, ["7h 7s 7d 2c 3c 4c 5c 9d 10d Jd", "8h 6c Kh Ks 2d 2s Qc Qd 4h 4s"])
    asked = knock(game, "7h 7s 7d | 2c 3c 4c 5c | 9d 10d Jd")
    # the 3 layouts leaving 10 or less (the 2c or the 5c left out of the run, or none)
    assert len(next(d for d in asked if d.prompt.startswith("lay out")).options) == 3
    # the Qd and the 6c would be laid off on the knocker's runs, but not on a gin: 8+6+10+10+2+2+10+10+4+4
    assert score(game, 0) == 25 + 66 and score(game, 1) == 0


def test_the_opponent_lays_off_on_the_knockers_layout_as_laid_out(program):
    game = dealt(program, ["7h 7s 7d 2c 3c 4c 5c 9d 10d Jd", "8h 6c Kh Ks 2d 2s Qc Qd 4h 4s"])
    knock(game, "7h 7s 7d | 2c 3c 4c | 9d 10d Jd")   # a knock with the 5c (5) out: the Qd goes on the diamonds
    assert score(game, 0) == (66 - 10) - 5


def test_cards_laid_off_on_the_knockers_melds_can_undercut(program):
    # the knocker keeps 4 (Ad 3s); the opponent's 8h and 9h go on the 5h 6h 7h run, leaving the Ac 2c (3)
    game = dealt(program, ["5h 6h 7h Js Jd Jc 2s 3s Ad 4s", "8h 9h Ac 2c Kh Kd Ks Qh Qd Qs"])
    assert best_deadwood(game, 1) == 8 + 9 + 1 + 2
    knock(game, "Js Jd Jc | 5h 6h 7h | 2s 3s 4s")
    assert score(game, 0) == 3 - 1   # laid out in full, the knocker has 1 (the Ad) against 3
    game = dealt(program, ["5h 6h 7h Js Jd Jc 2s 3s Ad 4s", "8h 9h Ac 2c Kh Kd Ks Qh Qd Qs"])
    knock(game, "Js Jd Jc | 5h 6h 7h")   # the spades left as deadwood: 10 against 3
    assert score(game, 1) == 25 + (10 - 3) and score(game, 0) == 0


def test_a_knock_with_less_deadwood_scores_the_difference(program):
    game = dealt(program, ["5h 6h 7h Js Jd Jc 2s 3s Ad 4s", "8c 9d Ac 2d Kh Kd Ks Qh Qd Qs"])
    knock(game, "Js Jd Jc | 5h 6h 7h | 2s 3s 4s")   # nothing to lay off: 20 against 1
    assert score(game, 0) == (8 + 9 + 1 + 2) - 1


def test_the_card_taken_from_the_discard_pile_is_not_discarded_at_once(program):
    game = dealt(program, ["Kh Kd 2c", "5s"], discard="Ks")
    asked = answer_by_prompt(program.procs["turn"](game, game.state.players[0]),
                             {"draw from": "the discard pile", "knock": "no"})
    discarding = next(d for d in asked if d.prompt == "discard which card?")
    assert "King of Spades" not in discarding.options and len(discarding.options) == 3


@pytest.mark.parametrize("seed", range(1, 4))
def test_seeded_games_agree_on_both_backends_and_keep_the_52_cards(seed):
    for game, _result in played_on_both_backends(PACK, 2, seed, decisions=60):
        held = sum(len(game.zone(p, "hand").items) for p in game.state.players)
        assert held + len(game.zone(None, "stock").items) + len(game.zone(None, "discard_pile").items) == 52
        assert all(len(game.zone(p, "hand").items) in (10, 11) for p in game.state.players)
