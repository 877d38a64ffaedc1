"""tests/packs/bohnanza: Bohnanza written by a designer new to the language (the sixteenth session's trial):
the 150 beans and their beanometers, the hand planted from the front, the bean protection, trading as offers
asked in turn, the deck run through three times, every card kept; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "bohnanza")


program = pack_program(PACK)


def beans(program, variety: str) -> list:
    """Every card of a variety, in copy order."""
    return [e for n, e in program.entities.items() if n.split("#")[0] == variety]


def put(game: Game, zone: str, cards: list, player: int | None = 0) -> None:
    holder = None if player is None else game.state.players[player]
    for c in cards:
        game.move(c, game.zone(holder, zone))


def names(game: Game, zone: str, player: int | None = 0) -> list[str]:
    holder = None if player is None else game.state.players[player]
    return [c.title for c in game.zone(holder, zone).items]


def test_the_deck_holds_the_150_beans_of_ten_varieties(program):
    counts = {v: len(beans(program, v)) for v in ("coffee", "wax", "blue", "chili", "stink", "green", "soy",
                                                  "black_eyed", "red", "garden")}
    assert list(counts.values()) == [24, 22, 20, 18, 16, 14, 12, 10, 8, 6] and sum(counts.values()) == 150


@pytest.mark.parametrize("variety,planted,coins", [
    ("stink", 5, 2), ("stink", 2, 0), ("coffee", 12, 4), ("coffee", 9, 2), ("garden", 2, 2), ("garden", 3, 3),
    ("garden", 1, 0), ("red", 5, 4)])
def test_a_harvest_pays_by_the_beanometer_and_discards_the_rest(program, variety, planted, coins):
    game = Game(program, 3, 1)
    put(game, "field[1]", beans(program, variety)[:planted])
    run_proc(game, "harvest", 1)
    assert len(names(game, "treasury")) == coins and len(names(game, "discard", None)) == planted - coins
    assert names(game, "field[1]") == []


def test_the_first_card_of_the_hand_is_planted_and_new_cards_go_to_the_back(program):
    game = Game(program, 3, 1)
    put(game, "deck", beans(program, "wax")[:3] + beans(program, "soy")[:2], None)
    put(game, "hand", [beans(program, "red")[0], beans(program, "chili")[0]])
    put(game, "field[2]", beans(program, "chili")[1:3])
    # plant the Red Bean in the empty field, not the Chili after it; turn up two Wax Beans and offer none:
    # the first must go over the two Chilis (harvested for nothing), the lone Red is protected; the second
    # joins it; then draw Wax, Soy, Soy to the back of the hand
    drive(game, game.program.procs["turn"](game, game.state.players[0]),
          ["1", "no", "no", "no", "none", "2"])
    assert names(game, "field[1]") == ["Red Bean"] and names(game, "field[2]") == ["Wax Bean", "Wax Bean"]
    assert names(game, "hand") == ["Chili Bean", "Wax Bean", "Soy Bean", "Soy Bean"]


def test_the_bean_protection_keeps_a_single_bean_while_another_field_holds_more(program):
    game = Game(program, 3, 1)
    put(game, "field[1]", beans(program, "chili")[:1])
    put(game, "field[2]", beans(program, "coffee")[:3])
    asked = drive(game, game.program.procs["plant"](game, game.state.players[0], beans(program, "soy")[0]))
    assert asked == []   # one field only: the coffee is harvested (3 beans: nothing) for the soy
    assert names(game, "field[1]") == ["Chili Bean"] and names(game, "field[2]") == ["Soy Bean"]
    put(game, "field[1]", [])
    asked = drive(game, game.program.procs["plant"](game, game.state.players[0], beans(program, "red")[0]),
                  ["2"])
    assert asked[0].options == ["1", "2"]   # both fields hold one bean: either may go


def test_a_card_offered_goes_to_the_first_who_takes_it_with_a_card_in_return(program):
    game = Game(program, 4, 1)
    offered = beans(program, "blue")[0]
    put(game, "turned_up", [offered], None)
    put(game, "hand", [beans(program, "green")[0], beans(program, "soy")[0]], player=2)
    asked = drive(game, game.program.procs["offer_card"](game, game.state.players[0], offered),
                  ["no", "yes", "Soy Bean"])   # P2 declines, P3 takes it and gives a Soy Bean
    assert [d.player.name for d in asked] == ["P2", "P3", "P3"]
    assert names(game, "traded", 2) == ["Blue Bean"] and names(game, "traded", 0) == ["Soy Bean"]
    assert names(game, "hand", 2) == ["Green Bean"] and names(game, "turned_up", None) == []


def test_a_third_field_costs_three_coins(program):
    game = Game(program, 3, 1)
    put(game, "treasury", beans(program, "coffee")[:4])
    put(game, "hand", [beans(program, "red")[0]])
    put(game, "deck", beans(program, "wax")[:6], None)   # one left after the turn: no reshuffle
    drive(game, game.program.procs["turn"](game, game.state.players[0]),
          ["yes", "1", "no", "no", "3", "3"])   # three empty fields; no hand left to offer from
    assert game.state.players[0].stock["fields"] == 3 and len(names(game, "treasury")) == 1
    assert len(names(game, "discard", None)) == 3


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3)])
def test_random_games_run_the_deck_three_times_keep_every_card_and_agree_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert game.state.refilled == {"deck": 2} and names(game, "deck", None) == []   # run out the third time
        held = sum(len(names(game, z, i)) for i in range(players) for z in ("hand", "treasury", "traded"))
        fields = sum(len(names(game, f"field[{k}]", i)) for i in range(players) for k in (1, 2, 3))
        shared = sum(len(names(game, z, None)) for z in ("deck", "discard", "turned_up"))
        assert fields == 0 and held + shared == 150
