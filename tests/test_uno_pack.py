"""tests/packs/uno: Uno written by a designer new to the language (the session's trial): the 108 cards, the
first card turned up acting on the first player, a card that matches the colour in play, the number or the
symbol, the Wild Draw Four only without the colour in play, the Skip, the Reverse (a Skip with two players),
the Draw Two, the card drawn played when it fits, a hand scored by the cards left in the others' hands;
first to 500; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "uno")


program = pack_program(PACK)


def cards(program) -> list:
    return [e for e in program.entities.values() if e.kind == "card"]


def table(program, players: int, top: str, colour: str, hands: list[list[str]], deck: list[str] = ()) -> Game:
    """A game with `top` on the discard pile, `colour` in play, each hand holding the cards titled, the draw
    pile `deck` on top of every other card, and P1 to play."""
    game = Game(program, players, 1)
    free = {}
    for e in cards(program):
        free.setdefault(e.title, []).append(e)
        game.move(e, game.zone(None, "discard"))
    for title in reversed(deck):
        game.move(free[title].pop(), game.zone(None, "deck"), top=True)
    game.move(free[top].pop(), game.zone(None, "pile"))
    for p, titles in zip(game.state.players, hands):
        for title in titles:
            game.move(free[title].pop(), game.zone(p, "hand"))
    game.state.gvars["colour_now"] = colour
    game.state.gvars["current"] = game.state.players[0]
    return game


def hand(game: Game, player: int) -> list[str]:
    return [c.title for c in game.zone(game.state.players[player], "hand").items]


def current(game: Game) -> str:
    return game.state.gvars["current"].name


def turn(game: Game, answers=()) -> list:
    """The player to play takes their turn, and the turn passes on (as the hand's loop does)."""
    player = game.state.players.index(game.state.gvars["current"])
    asked = run_proc(game, "turn", player=player, answers=answers)
    run_proc(game, "pass_turn")
    return asked


def test_the_108_cards_25_of_each_colour_and_1240_points(program):
    game = Game(program, 2, 1)
    deck = cards(program)
    assert len(deck) == 108
    numbered = [e for e in deck if e.fields["sign"] == "number"]
    for colour in ("red", "yellow", "green", "blue"):
        assert sum(e.fields["colour"] == colour for e in deck if e.fields["sign"] not in ("wild", "wild_four")) == 25
        assert sorted(e.fields["value"] for e in numbered if e.fields["colour"] == colour) == [0] + sorted(list(range(1, 10)) * 2)
    assert sum(program.funcs["points"](game, game.state.players[0], e) for e in deck) == 4 * 90 + 24 * 20 + 8 * 50


def test_a_card_fits_by_colour_number_or_symbol_and_a_wild_always(program):
    game = table(program, 2, "Red 7", "red", [["Blue 7", "Red 2", "Blue 3", "Wild", "Green Skip", "Yellow Draw Two"], []])
    asked = run_proc(game, "turn", answers=["Blue 7"])
    assert asked[0].options == ["Blue 7", "Red 2", "Wild", "none"]
    game = table(program, 2, "Green Skip", "green", [["Blue Skip", "Blue 3", "Red Reverse"], []], deck=["Yellow 4"])
    asked = run_proc(game, "turn", answers=["none"])
    assert asked[0].options == ["Blue Skip", "none"]


def test_a_wild_draw_four_only_without_a_card_of_the_colour_in_play(program):
    game = table(program, 2, "Red 7", "red", [["Wild Draw Four", "Red 2", "Blue 7"], []])
    asked = run_proc(game, "turn", answers=["Red 2"])
    assert "Wild Draw Four" not in asked[0].options
    game = table(program, 2, "Red 7", "red", [["Wild Draw Four", "Blue 7", "Green 2"], ["Blue 1"]],
                 deck=["Red 1", "Red 3", "Red 4", "Red 5"])
    turn(game, answers=["Wild Draw Four", "Green"])
    assert game.state.gvars["colour_now"] == "green"
    assert sorted(hand(game, 1)) == ["Blue 1", "Red 1", "Red 3", "Red 4", "Red 5"] and current(game) == "P1"


def test_a_skip_passes_over_the_next_player_and_a_draw_two_makes_them_draw(program):
    game = table(program, 3, "Red 7", "red", [["Red Skip", "Blue 1"], ["Red 1"], ["Red 2"]])
    turn(game, answers=["Red Skip"])
    assert current(game) == "P3"
    game = table(program, 3, "Red 7", "red", [["Red Draw Two", "Blue 1"], ["Red 1"], ["Red 2"]], deck=["Blue 5", "Blue 6"])
    turn(game, answers=["Red Draw Two"])
    assert current(game) == "P3" and sorted(hand(game, 1)) == ["Blue 5", "Blue 6", "Red 1"]


def test_a_reverse_turns_the_direction_and_with_two_players_acts_as_a_skip(program):
    game = table(program, 3, "Red 7", "red", [["Red Reverse", "Blue 1"], ["Red 1"], ["Red 2"]])
    turn(game, answers=["Red Reverse"])
    assert current(game) == "P3" and game.state.globals["direction"] == -1
    game = table(program, 2, "Red 7", "red", [["Red Reverse", "Blue 1"], ["Red 1"]])
    turn(game, answers=["Red Reverse"])
    assert current(game) == "P1"


def test_a_player_who_does_not_play_draws_and_may_play_the_card_drawn(program):
    game = table(program, 2, "Red 7", "red", [["Blue 1"], ["Green 1"]], deck=["Red 9", "Yellow 2"])
    asked = turn(game, answers=["yes"])
    assert [d.prompt for d in asked] == ["play Red 9?"] and hand(game, 0) == ["Blue 1"]
    assert game.zone(None, "pile").items[0].title == "Red 9"
    asked = turn(game, answers=[])   # P2 draws the Yellow 2, which does not fit: nothing more is asked
    assert asked == [] and sorted(hand(game, 1)) == ["Green 1", "Yellow 2"]


def test_the_player_who_goes_out_scores_the_cards_left_in_the_other_hands(program):
    # P1 goes out with the Red 2; left: a Wild Draw Four (50), a Skip (20) and a Blue 7 in one hand, a Green 0
    game = table(program, 3, "Red 7", "red", [["Red 2"], ["Wild Draw Four", "Red Skip", "Blue 7"], ["Green 0"]])
    turn(game, answers=["Red 2"])
    run_proc(game, "score_hand")
    assert [p.stock["score"] for p in game.state.players] == [77, 0, 0]
    assert game.messages[-1].endswith("P1 goes out and scores 77")


def test_the_card_turned_up_to_start_the_pile_acts_on_the_first_player(program):
    # P1 starts (P4, on their right, dealt): a Skip skips P1, a Draw Two makes P1 draw 2 and lose the turn,
    # after a Reverse the dealer plays first and play goes right, a Wild lets P1 name the colour
    for top, answers, first, direction in (("Red Skip", [], "P2", 1), ("Red Draw Two", [], "P2", 1),
                                           ("Red Reverse", [], "P4", -1), ("Wild", ["Blue"], "P1", 1)):
        game = table(program, 4, top, "red", [["Red 1"], ["Red 2"], ["Red 3"], ["Red 4"]], deck=["Green 5", "Green 6"])
        game.state.gvars["starter"] = game.state.players[0]
        run_proc(game, "first_card", answers=answers)
        assert (current(game), game.state.globals["direction"]) == (first, direction), top
        assert len(hand(game, 0)) == (3 if top == "Red Draw Two" else 1), top
        assert game.state.gvars["colour_now"] == ("blue" if top == "Wild" else "red"), top


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2), (7, 3)])
def test_random_games_reach_500_keep_the_108_cards_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        scores = [p.stock["score"] for p in game.state.players]
        assert max(scores) >= 500 and result["winners"] == [f"P{scores.index(max(scores)) + 1}"]
        zones = [game.zone(None, z) for z in ("deck", "discard", "pile")] + [game.zone(p, "hand") for p in game.state.players]
        assert sum(len(z.items) for z in zones) == 108
