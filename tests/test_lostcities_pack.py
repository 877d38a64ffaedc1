"""tests/packs/lostcities: Lost Cities written by a designer new to the language (branch trial2), with the
rulebook's rules as assertions: an expedition's score (less 20, times one more than its wagers, 20 more for
8 cards), the cards laid in rising order with wagers first, no drawing back the card just discarded, the 60
cards kept, both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "lostcities"


program = pack_program(PACK)


def lay(game: Game, colour: str, cards: list[str], player: int = 0) -> None:
    """Put the cards named (`expedition_red_4`, `wager_red#2`) in a player's expedition of `colour`."""
    for name in cards:
        game.move(game.program.entities[name], game.zone(game.state.players[player], f"column[{colour}]"))


def points(game: Game, colour: str, player: int = 0) -> int:
    return game.program.funcs["expedition_points"](game, game.state.players[player], colour)


def test_the_deck_holds_five_expeditions_of_nine_cards_and_three_wagers(program):
    cards = [e for e in program.entities.values() if e.kind == "card"]
    assert len(cards) == 60 and sum(e.fields["value"] for e in cards) == 5 * sum(range(2, 11))
    assert sum(1 for e in cards if e.fields["value"] == 0 and e.fields["colour"] == "red") == 3


def test_an_expedition_scores_its_sum_less_20_times_one_more_than_its_wagers(program):
    game = Game(program, 2, 1)
    assert points(game, "red") == 0   # not begun: nothing, not -20
    lay(game, "red", ["wager_red", "expedition_red_4", "expedition_red_5", "expedition_red_7",
                      "expedition_red_8", "expedition_red_10"])
    assert points(game, "red") == (34 - 20) * 2
    lay(game, "blue", ["wager_blue", "wager_blue#2"])   # wagers alone lose three times 20
    assert points(game, "blue") == -20 * 3
    lay(game, "green", ["expedition_green_2", "expedition_green_3"])
    assert points(game, "green") == 5 - 20


def test_eight_cards_in_an_expedition_score_20_more_after_the_wagers_multiply(program):
    game = Game(program, 2, 1)
    lay(game, "white", ["wager_white"] + [f"expedition_white_{v}" for v in range(2, 9)])   # 8 cards, 35
    assert points(game, "white") == (35 - 20) * 2 + 20
    game = Game(program, 2, 1)
    lay(game, "white", ["wager_white"] + [f"expedition_white_{v}" for v in range(2, 8)])   # 7 cards: no bonus
    assert points(game, "white") == (27 - 20) * 2


def test_a_card_is_laid_above_the_last_and_a_wager_only_before_any_number(program):
    game = Game(program, 2, 1)
    lay(game, "yellow", ["expedition_yellow_5"])
    playable = lambda name: program.funcs["playable"](game, game.state.players[0], program.entities[name])
    assert not playable("expedition_yellow_4") and not playable("wager_yellow")
    assert playable("expedition_yellow_6") and playable("wager_red") and playable("expedition_red_2")


def test_the_card_just_discarded_is_not_drawn_back(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    hand = game.zone(you, "hand")
    game.move(program.entities["expedition_red_9"], game.zone(None, "discard[blue]"))
    game.move(program.entities["expedition_green_3"], game.zone(None, "deck"))
    game.move(program.entities["expedition_red_6"], hand)
    asked = answer_by_prompt(program.procs["turn"](game, you),
                             {"play or discard": "Red 6", "Red 6: play": "discard it", "draw from": "the deck"})
    drawn = next(d for d in asked if d.prompt.startswith("draw from"))
    assert drawn.options == ["the Blue discard pile", "the deck"]   # not the red pile just discarded on
    assert [c.name for c in hand.items] == ["expedition_green_3"]


@pytest.mark.parametrize("seed", range(4))
def test_random_games_keep_the_60_cards_and_agree_on_both_backends(seed):
    for game, _result in played_on_both_backends(PACK, 2, seed):
        held = sum(len(game.zone(p, z).items) for p in game.state.players
                   for z in ["hand"] + [f"column[{c}]" for c in ("yellow", "blue", "white", "green", "red")])
        assert held + sum(len(game.zone(None, f"discard[{c}]").items)
                          for c in ("yellow", "blue", "white", "green", "red")) == 60
        assert len(game.zone(None, "deck").items) == 0   # the round ends as the last card is drawn
