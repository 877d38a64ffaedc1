"""tests/packs/coloretto: Coloretto written by a designer new to the language (trial31): the triangular table
for the three best colours and the others taken away, jokers as a colour of their owner's choice, "+2" cards,
rows of at most three cards, taking a row leaves the round and the last to take one starts the next, the
"last round" card 16th from the bottom; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import func_for, pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "coloretto"

program = pack_program(PACK)


def cards(game: Game, declaration: str, n: int) -> list:
    """`n` copies of a declaration (its first copy is named alone, the others `#k`)."""
    return [game.program.entities[declaration if k == 1 else f"{declaration}#{k}"] for k in range(1, n + 1)]


def collected(program, held: dict, players: int = 3) -> Game:
    """A game whose first player's collection holds `held` ({declaration: copies})."""
    game = Game(program, players, 1)
    for declaration, n in held.items():
        for c in cards(game, declaration, n):
            game.move(c, game.zone(game.state.players[0], "collection"))
    return game


def score(game: Game) -> int:
    return func_for(game, "score")


def test_the_three_best_colours_score_by_the_table_and_the_others_count_against(program):
    # 4 blue (10), 3 green (6), 2 yellow (3) score; 2 pink (3) and 1 orange (1) are taken away; 2 "+2" cards
    game = collected(program, {"blue_card": 4, "green_card": 3, "yellow_card": 2, "pink_card": 2,
                               "orange_card": 1, "plus_two": 2})
    assert score(game) == 10 + 6 + 3 - 3 - 1 + 4


def test_six_cards_or_more_of_a_colour_score_21(program):
    assert score(collected(program, {"grey_card": 6})) == 21
    assert score(collected(program, {"grey_card": 9})) == 21


def test_a_joker_counts_as_the_colour_its_owner_names(program):
    game = collected(program, {"blue_card": 2, "green_card": 1, "rainbow": 1})
    run_proc(game, "place_jokers", answers=["Blue"])
    assert score(game) == 6 + 1


def test_a_row_holds_three_cards_and_an_empty_row_cannot_be_taken(program):
    game = Game(program, 3, 1)
    for r, n in ((1, 3), (2, 0), (3, 1)):
        for c in cards(game, ["brown_card", "grey_card", "green_card"][r - 1], n):
            game.move(c, game.zone(None, f"row[{r}]"))
    for c in cards(game, "blue_card", 2):
        game.move(c, game.zone(None, "deck"))
    # the drawn card may go on rows 2 and 3, not on the full row 1
    asked = run_proc(game, "turn", answers=["draw a card", "row 2"])
    assert asked[-1].options == ["row 2", "row 3"]
    asked = run_proc(game, "turn", answers=["take a row", "row 1 (3 cards)"])
    assert asked[-1].options == ["row 1 (3 cards)", "row 2 (1 cards)", "row 3 (1 cards)"]


def test_taking_a_row_leaves_the_round_and_the_last_to_take_starts_the_next(program):
    game = Game(program, 3, 1)
    for r, name in ((1, "brown_card"), (2, "grey_card"), (3, "green_card")):
        game.move(cards(game, name, 1)[0], game.zone(None, f"row[{r}]"))
    p1, p2, p3 = game.state.players
    for player, row in ((0, "row 2 (1 cards)"), (1, "row 1 (1 cards)")):
        run_proc(game, "take_row", player=player, answers=[row])
    assert game.state.gvars["leader"] is p2 and game.state.gvars["taken[2]"] is True
    # P3 is the one left in the round, and may take only the row nobody has taken
    assert func_for(game, "open_rows") == [3]
    asked = run_proc(game, "take_row", player=2)   # one row left: the pick is forced
    assert asked == [] and game.state.gvars["leader"] is p3
    assert [c.title for c in game.zone(p2, "collection").items] == ["Brown"]


def test_the_last_round_card_is_the_sixteenth_from_the_bottom(program):
    game = Game(program, 4, 7)
    run_proc(game, "setup_deck")
    deck = [c.title for c in game.zone(None, "deck").items]
    assert deck.count("Last round") == 1 and deck[-16] == "Last round"
    # each player holds one chameleon, no two of one colour; 63 + 3 + 10 - 4 cards left, and the last round card
    firsts = [game.zone(p, "collection").items[0].fields["colour"] for p in game.state.players]
    assert len(set(firsts)) == 4 and len(deck) == 72 + 1


def test_with_three_players_a_colour_is_left_out(program):
    game = Game(program, 3, 2)
    run_proc(game, "setup_deck")
    deck = game.zone(None, "deck").items
    assert len(deck) == 54 + 13 - 3 + 1 and all(c.title != "Pink" for c in deck)


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2)])
def test_random_games_play_to_the_last_round_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert game.state.gvars["last_round_drawn"] is True
        # every card is in a collection, a row, the deck or out of play: none is lost
        total = sum(len(game.zone(p, "collection").items) for p in game.state.players)
        assert total > players and result["winners"]
