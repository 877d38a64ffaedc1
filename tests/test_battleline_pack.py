"""tests/packs/battleline: Battle Line (Knizia) written by a designer new to the language: the five formations,
the ties (sum, then who completed first), the early claim's simple proof, the two ways to win, the 60 troops;
both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "battleline")


program = pack_program(PACK)


def place(game: Game, player: int, flag: int, cards: list[str]) -> None:
    """Put troops (`red 3`, ...) on a player's side of a flag."""
    side = game.zone(game.state.players[player], f"side[{flag}]")
    for card in cards:
        colour, value = card.split()
        game.move(game.program.entities[f"troop_{colour}_{value}"], side)


def formation(game: Game, cards: list[str]) -> int:
    place(game, 0, 1, cards)
    you = game.state.players[0]
    return game.program.funcs["formation"](game, you, game.zone(you, "side[1]"))


def holder(game: Game, flag: int):
    p = game.state.gvars[f"holder[{flag}]"]
    return None if p is None else p.name


def test_the_deck_is_sixty_troops_six_colours_of_one_to_ten(program):
    troops = [e for e in program.entities.values() if e.kind == "card"]
    assert len(troops) == 60 and sorted({e.fields["value"] for e in troops}) == list(range(1, 11))


@pytest.mark.parametrize("cards, rank", [
    (["red 3", "red 5", "red 4"], 5),      # wedge: one colour, consecutive
    (["red 8", "blue 8", "green 8"], 4),   # phalanx
    (["red 1", "red 5", "red 9"], 3),      # battalion
    (["red 3", "blue 4", "green 5"], 2),   # skirmish line
    (["red 1", "blue 1", "green 2"], 1),   # host
    (["red 9", "red 10"], 5),              # two cards that could still become a wedge (8-9-10)
    ([], 5),                               # nothing yet: anything is possible
])
def test_formations_rank_wedge_phalanx_battalion_skirmish_host(program, cards, rank):
    assert formation(Game(program, 2, 1), cards) == rank


def test_a_complete_flag_goes_to_the_better_formation_then_the_sum_then_the_first_completed(program):
    game = Game(program, 2, 1)
    place(game, 0, 1, ["red 1", "red 2", "red 3"])        # wedge, sum 6
    place(game, 1, 1, ["blue 10", "green 10", "red 10"])  # phalanx, sum 30: the wedge still wins
    place(game, 0, 2, ["red 5", "blue 6", "green 7"])     # skirmish line, sum 18
    place(game, 1, 2, ["red 6", "blue 7", "green 8"])     # skirmish line, sum 21: P2's
    place(game, 0, 3, ["red 4", "blue 4", "yellow 4"])    # phalanxes of 4s
    place(game, 1, 3, ["green 4", "purple 4", "orange 4"])
    game.state.globals["completed[1,3]"], game.state.globals["completed[2,3]"] = 7, 4   # P2 completed first
    run_proc(game, "claim_flags", player=0)
    run_proc(game, "claim_flags", player=1)
    assert [holder(game, f) for f in (1, 2, 3)] == ["P1", "P2", "P2"]


def test_an_early_claim_needs_a_formation_the_opponent_cannot_reach(program):
    game = Game(program, 2, 1)
    place(game, 0, 1, ["red 8", "blue 8", "green 8"])   # phalanx, against two cards of one colour far apart:
    place(game, 1, 1, ["blue 1", "blue 7"])             # at best a battalion
    place(game, 0, 2, ["red 1", "red 5", "red 9"])      # battalion, against the same: could be equal
    place(game, 1, 2, ["green 1", "green 7"])
    place(game, 0, 3, ["orange 1", "orange 5", "orange 9"])   # battalion against an empty side: a wedge may come
    run_proc(game, "claim_flags", player=0)
    assert [holder(game, f) for f in (1, 2, 3)] == ["P1", None, None]


def test_three_adjacent_flags_win_as_five_do(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    won = game.program.funcs["won"]
    for flag in (1, 3, 5, 7):
        game.state.gvars[f"holder[{flag}]"] = you
    assert not won(game, you)
    game.state.gvars["holder[2]"] = you   # flags 1, 2, 3
    assert won(game, you)


@pytest.mark.parametrize("seed", range(3))
def test_random_games_end_with_a_winner_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        winner = result["winners"][0]
        assert game.program.funcs["won"](game, next(p for p in game.state.players if p.name == winner))
