"""tests/packs/nimmt: 6 nimmt! written by a designer new to the language (the session's trial): the 104
cards and their bullheads by the printed rule, a card laid on the row whose last card is the highest below
it, the sixth card taking the row, a card lower than every row taking the row its player chooses, the cards
chosen at once laid in ascending order; the game to 66; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "nimmt")


program = pack_program(PACK)


def card(game: Game, value: int):
    """The card printed `value` (the declaration's copy number is its value)."""
    return game.program.entities["number" if value == 1 else f"number#{value}"]


def rows(game: Game) -> list[list[int]]:
    return [[c.fields["value"] for c in game.zone(None, f"row[{r}]").items] for r in range(1, 5)]


def laid(program, table: list[list[int]], hands: list[list[int]] = ()) -> Game:
    """A game of as many players as `hands` (2 at least) whose rows hold `table` and hands `hands`."""
    game = Game(program, max(2, len(hands)), 1)
    deck = game.zone(None, "deck")
    for v in range(1, 105):
        game.move(card(game, v), deck)
    for r, values in enumerate(table, 1):
        for v in values:
            game.move(card(game, v), game.zone(None, f"row[{r}]"))
    for p, values in zip(game.state.players, hands):
        for v in values:
            game.move(card(game, v), game.zone(p, "hand"))
    return game


def heads(game: Game) -> list[int]:
    return [p.stock["heads"] for p in game.state.players]


def place(game: Game, value: int, player: int = 0, answers=()) -> list:
    return run_proc(game, "place", card(game, value), player=player, answers=answers)


def test_the_104_cards_carry_171_bullheads_by_the_printed_rule(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    values = sorted(e.fields["value"] for e in program.entities.values() if e.kind == "card")
    assert values == list(range(1, 105))
    bulls = {v: program.funcs["bulls"](game, you, card(game, v)) for v in values}
    assert [bulls[v] for v in (55, 11, 66, 99, 10, 100, 5, 65, 1, 104)] == [7, 5, 5, 5, 3, 3, 2, 2, 1, 1]
    assert sum(bulls.values()) == 171


def test_a_card_goes_on_the_row_whose_last_card_is_the_highest_below_it(program):
    # rulebook example: rows ending 12, 33, 49 and 75; a 50 goes after the 49, a 34 after the 33
    game = laid(program, [[12], [20, 33], [41, 49], [75]])
    place(game, 50)
    place(game, 34)
    assert rows(game) == [[12], [20, 33, 34], [41, 49, 50], [75]] and heads(game) == [0, 0]


def test_the_sixth_card_of_a_row_takes_the_five_and_starts_the_row(program):
    game = laid(program, [[3], [20, 22, 30, 31, 35], [60], [90]])
    place(game, 40)
    # 20: 3, 22: 5, 30: 3, 31: 1, 35: 2
    assert rows(game) == [[3], [40], [60], [90]] and heads(game) == [14, 0]


def test_a_card_lower_than_every_row_takes_the_row_its_player_chooses(program):
    game = laid(program, [[12, 55], [20], [41], [75]])
    asked = place(game, 8, player=1, answers=["row 1 (8 bullheads)"])
    assert [d.prompt for d in asked] == ["8 is lower than every row: take which row?"]
    assert asked[0].options == ["row 1 (8 bullheads)", "row 2 (3 bullheads)", "row 3 (1 bullheads)",
                                "row 4 (2 bullheads)"]
    assert rows(game) == [[8], [20], [41], [75]] and heads(game) == [0, 8]


def test_the_cards_chosen_at_once_are_laid_lowest_first(program):
    # P1 chooses 45 and P2 42: the 42 is laid first (after the 40), and the 45 after it
    game = laid(program, [[10], [20], [30], [40]], [[45, 2], [42, 3]])
    run_proc(game, "turn", answers=["45", "42"])
    assert rows(game) == [[10], [20], [30], [40, 42, 45]]
    # P1's 2 is laid first and takes the row of the 40: P2's 43 then goes after the 30, not the 2
    game = laid(program, [[10], [20], [30], [40]], [[2, 50], [43, 51]])
    run_proc(game, "turn", answers=["2", "43", "row 4 (3 bullheads)"])
    assert rows(game) == [[10], [20], [30, 43], [2]] and heads(game) == [3, 0]


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (10, 3)])
def test_random_games_end_at_66_keep_the_104_cards_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        scores = heads(game)
        assert max(scores) >= 66 and result["winners"] == [f"P{s + 1}" for s, h in enumerate(scores) if h == min(scores)]
        zones = [game.zone(None, z) for z in ("deck", "row[1]", "row[2]", "row[3]", "row[4]")] + \
            [game.zone(p, z) for p in game.state.players for z in ("hand", "chosen")]
        assert sum(len(z.items) for z in zones) == 104
