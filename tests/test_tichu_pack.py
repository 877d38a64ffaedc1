"""tests/packs/tichu: Tichu written by a designer new to the language (trial12), with pagat's rules as
assertions: the 56 cards and their 100 points, the combinations offered (the Phoenix wild and half a rank
above a single, never above the Dragon), bombs, the Mah Jong's wish, the Dog, the Dragon's trick, the
scoring of a hand (a double victory, the last player's cards, the calls); both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "tichu")


program = pack_program(PACK)


def named(program, name: str):
    """A card by its title: "Ace of Jade", "Phoenix"."""
    return next(e for e in program.entities.values() if e.kind == "card" and e.title == name)


def dealt(program, hands: list[list[str]]) -> Game:
    """A game whose deck holds every card, each player holding the cards named."""
    game = Game(program, 4, 1)
    deck = game.zone(None, "deck")
    for entity in program.entities.values():
        if entity.kind == "card":
            game.move(entity, deck)
    for p, cards in zip(game.state.players, hands):
        for name in cards:
            game.move(named(program, name), game.zone(p, "hand"))
    return game


def turn(game: Game, player: int, answer: str | None = None) -> list[str]:
    """`player` takes a turn, playing `answer` (the first option when None); the options offered."""
    you = game.state.players[player]
    asked = answer_by_prompt(game.program.procs["take_turn"](game, you), {"play what?": answer} if answer else {},
                             with_forced=True)
    return asked[0].options


def test_the_deck_holds_56_cards_worth_100_points(program):
    cards = [e for e in program.entities.values() if e.kind == "card"]
    assert len(cards) == 56 and sum(e.fields["worth"] for e in cards) == 100


def test_the_phoenix_fills_a_straight_and_a_full_house_and_leads_as_one_and_a_half(program):
    game = dealt(program, [["2 of Jade", "3 of Star", "5 of Sword", "6 of Jade", "Phoenix", "6 of Star", "5 of Jade"]])
    offered = turn(game, 0)
    assert "straight of 5 up to 6" in offered and "full house of 6 and 5" in offered
    assert "full house of 5 and 6" in offered and "consecutive pairs of 2 up to 6" in offered
    assert "the Phoenix" in offered and "pass" not in offered   # a lead is never a pass


def test_the_phoenix_beats_an_ace_but_not_the_dragon(program):
    game = dealt(program, [["Ace of Jade"], ["Phoenix", "2 of Star"], ["Dragon"]])
    turn(game, 0)   # the Ace, the only card
    assert turn(game, 1, "pass") == ["the Phoenix", "pass"]
    turn(game, 2)   # the Dragon
    assert turn(game, 1) == ["pass"]


def test_a_bomb_beats_anything_and_a_longer_straight_flush_a_four_of_a_kind(program):
    four = ["9 of Jade", "9 of Star", "9 of Sword", "9 of Pagoda"]
    flush = ["2 of Star", "3 of Star", "4 of Star", "5 of Star", "6 of Star"]
    game = dealt(program, [["Dragon"], four, flush])
    turn(game, 0)
    assert "four-of-a-kind bomb of 9" in turn(game, 1, "four-of-a-kind bomb of 9")
    assert "straight-flush bomb of 5 up to 6" in turn(game, 2)


def test_the_wish_binds_a_player_holding_the_rank(program):
    game = dealt(program, [["Mah Jong", "King of Star"], ["7 of Jade", "9 of Star"], ["8 of Jade"]])
    answer_by_prompt(game.program.procs["take_turn"](game, game.state.players[0]),
                     {"play what?": "single of 1", "wish for": "7"})
    assert game.state.globals["wish"] == 7
    assert turn(game, 1) == ["single of 7"]   # no pass, no 9: the 7 must be played
    assert game.state.globals["wish"] == 0
    assert "pass" in turn(game, 2, "pass")


def test_the_dog_gives_the_lead_to_the_partner(program):
    game = dealt(program, [["Dog", "3 of Jade"], ["4 of Jade"], ["5 of Jade"], ["6 of Jade"]])
    game.state.gvars["leader"] = game.state.players[0]
    answer_by_prompt(game.program.procs["play_trick"](game, game.state.players[0]), {"play what?": "the Dog"})
    assert game.state.gvars["leader"] is game.state.players[2]


def test_the_dragons_trick_goes_to_an_opponent(program):
    game = dealt(program, [["Dragon", "3 of Jade"], ["4 of Jade", "2 of Star"], ["5 of Jade", "2 of Jade"],
                           ["6 of Jade", "2 of Sword"]])
    game.state.gvars["leader"] = game.state.players[0]
    answer_by_prompt(game.program.procs["play_trick"](game, game.state.players[0]),
                     {"play what?": "the Dragon", "give the Dragon": "P4"})
    assert [c.title for c in game.zone(game.state.players[3], "won").items] == ["Dragon"]
    assert game.state.gvars["leader"] is game.state.players[0]


def places(game: Game, order: list[int]) -> None:
    for place, seat in enumerate(order, 1):
        game.state.players[seat].stock["place"] = place


def test_a_double_victory_scores_200_and_no_cards(program):
    game = dealt(program, [[], ["King of Jade"], [], ["5 of Star"]])
    game.move(named(program, "Dragon"), game.zone(game.state.players[1], "won"))
    places(game, [0, 2])
    game.state.players[0].vars["called"] = "tichu_call"
    run_proc(game, "score_hand")
    assert (game.state.globals["score[1]"], game.state.globals["score[2]"]) == (300, 0)


def test_the_last_player_gives_the_hand_to_the_opponents_and_the_tricks_to_the_first_out(program):
    game = dealt(program, [[], [], [], ["King of Jade", "5 of Star"]])
    game.move(named(program, "Dragon"), game.zone(game.state.players[3], "won"))
    game.move(named(program, "10 of Jade"), game.zone(game.state.players[2], "won"))
    places(game, [1, 0, 2])
    game.state.players[3].vars["called"] = "grand"
    run_proc(game, "score_hand")
    # team 1 (P1, P3): the 15 in P4's hand and P3's 10; team 2: the Dragon, given to P2 (first out), less
    # P4's failed Grand Tichu
    assert (game.state.globals["score[1]"], game.state.globals["score[2]"]) == (25, 25 - 200)


@pytest.mark.parametrize("seed", range(2))
def test_random_games_agree_on_both_backends(seed):
    # the interpreter plays this pack slowly (its combinations are worked out anew at each question)
    played_on_both_backends(PACK, 4, seed, decisions=40)


def test_a_whole_random_game_ends_with_a_partnership_past_1000_or_under_minus_1000():
    for seed in range(3):
        from rulebook.runtime.agents import make_agents
        game = Game(compile_pack(PACK).program, 4, seed, make_agents("random", 4, seed))
        result = game.play()
        scores = (game.state.globals["score[1]"], game.state.globals["score[2]"])
        assert max(scores) >= 1000 or min(scores) <= -1000
        assert sum(len(game.zone(p, "hand").items) for p in game.state.players) <= 56 and result["winners"]
