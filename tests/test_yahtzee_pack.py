"""tests/packs/yahtzee: Yahtzee written by a designer new to the language (the eighteenth session's trial):
five dice kept as pieces, a sheet of thirteen boxes per player (`counter sheet[box]`), the upper bonus, the
Yahtzee bonus and the joker rules as the Milton Bradley rules give them; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game


from .conftest import pack_program, played_on_both_backends, run_answering

PACK = str(Path(__file__).parent / "packs" / "yahtzee")
BOXES = ["ones", "twos", "threes", "fours", "fives", "sixes", "three_kind", "four_kind", "full_house",
         "small_straight", "large_straight", "yahtzee", "chance"]


program = pack_program(PACK)


def rolled(program, faces: list[int], filled: dict[str, int] | None = None) -> Game:
    """A one-player game whose tray shows `faces`, with the boxes of `filled` already holding their points."""
    game = Game(program, 1, 1)
    tray = game.zone(None, "tray")
    for e in [e for e in game.program.entities.values() if e.kind == "die_piece"]:
        game.move(e, tray)
    for e, face in zip(tray.items, faces):
        game.set_field(e, "shows", face)
    you = game.state.players[0]
    for box, points in (filled or {}).items():
        you.stock[f"sheet[{box}]"] = points
        you.vars[f"filled[{box}]"] = True
    return game


def offered(game: Game) -> list[str]:
    """The labels of the boxes `fill_box` offers for the dice in the tray."""
    asked = []

    def first(d):
        asked.append(list(map(str, d.options)))
        return 0

    run_answering(game.program.procs["fill_box"](game, game.state.players[0]), first)
    return asked[0] if asked else []


def sheet(game: Game) -> dict[str, int]:
    you = game.state.players[0]
    return {b: you.stock.get(f"sheet[{b}]", 0) for b in BOXES}


def test_each_box_scores_the_dice_as_the_rulebook_counts_them(program):
    labels = offered(rolled(program, [3, 3, 3, 5, 5]))
    assert labels == ["Ones: 0", "Twos: 0", "Threes: 9", "Fours: 0", "Fives: 10", "Sixes: 0", "Three of a kind: 19",
                      "Four of a kind: 0", "Full house: 25", "Small straight: 0", "Large straight: 0", "Yahtzee: 0",
                      "Chance: 19"]
    labels = offered(rolled(program, [1, 3, 4, 2, 6]))
    assert "Small straight: 30" in labels and "Large straight: 0" in labels and "Full house: 0" in labels
    labels = offered(rolled(program, [5, 3, 4, 2, 6]))
    assert "Small straight: 30" in labels and "Large straight: 40" in labels
    labels = offered(rolled(program, [4, 4, 4, 4, 2]))
    assert "Four of a kind: 18" in labels and "Three of a kind: 18" in labels and "Full house: 0" in labels


def test_a_filled_box_is_not_offered_again_and_a_box_must_be_filled_even_for_zero(program):
    game = rolled(program, [1, 1, 2, 2, 6], {"chance": 20})
    labels = offered(game)
    assert not any(label.startswith("Chance") for label in labels)
    assert sheet(game)["ones"] == 2   # the first box offered, filled
    game = rolled(program, [1, 1, 2, 2, 6], {b: 1 for b in BOXES if b != "yahtzee"})
    assert offered(game) == [] and sheet(game)["yahtzee"] == 0   # the one box left is filled with 0


def test_a_second_yahtzee_scores_100_and_must_go_to_its_upper_box_when_empty(program):
    game = rolled(program, [4, 4, 4, 4, 4], {"yahtzee": 50})
    assert offered(game) == []   # forced: Fours
    you = game.state.players[0]
    assert sheet(game)["fours"] == 20 and you.stock["yahtzee_bonus"] == 100 and you.stock["score"] == 120


def test_a_joker_scores_the_full_house_and_straights_in_full_when_its_upper_box_is_full(program):
    game = rolled(program, [2, 2, 2, 2, 2], {"yahtzee": 50, "twos": 6})
    assert offered(game) == ["Three of a kind: 10", "Four of a kind: 10", "Full house: 25", "Small straight: 30",
                             "Large straight: 40", "Chance: 10"]
    # with a Yahtzee box scratched (0) there is no bonus, but the joker still holds
    game = rolled(program, [2, 2, 2, 2, 2], {"yahtzee": 0, "twos": 6, "three_kind": 1, "four_kind": 1,
                                             "full_house": 1, "small_straight": 1, "large_straight": 1, "chance": 1})
    assert offered(game) == ["Ones: 0", "Threes: 0", "Fours: 0", "Fives: 0", "Sixes: 0"]
    assert game.state.players[0].stock.get("yahtzee_bonus", 0) == 0


@pytest.mark.parametrize("seed", range(4))
def test_random_games_fill_all_thirteen_boxes_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 3, seed):
        for you in game.state.players:
            assert all(you.vars.get(f"filled[{b}]") for b in BOXES)
            upper = sum(you.stock.get(f"sheet[{b}]", 0) for b in BOXES[:6])
            lower = sum(you.stock.get(f"sheet[{b}]", 0) for b in BOXES[6:])
            bonus = 35 if upper >= 63 else 0
            assert you.stock["score"] == upper + lower + bonus + you.stock.get("yahtzee_bonus", 0)
            assert you.stock.get("upper_bonus", 0) == bonus
