"""tests/packs/twilight: Twilight Struggle's early war written by a designer new to the language (branch
trial21), with the rulebook's cases as assertions: control by stability, a coup's arithmetic and its DEFCON
and military operations, DEFCON's restrictions by region and the nuclear war, influence costing 2 where the
opponent controls, an opponent's card played for operations giving them its event, a region's scoring, and
the military operations shortfall; both backends alike, lint clean and `fmt` stable."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game, GameEnded

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "twilight"
USSR, US = 0, 1


program = pack_program(PACK)


def board(program, ussr: dict = {}, us: dict = {}, defcon: int = 5) -> Game:
    """A game whose map holds the influence given ({country: points}) and nothing else."""
    game = Game(program, 2, 1)
    for seat, placed in ((USSR, ussr), (US, us)):
        for country, n in placed.items():
            game.state.players[seat].stock[f"inf[{country}]"] = n
    game.state.globals["defcon"] = defcon
    return game


def inf(game: Game, seat: int, country: str) -> int:
    return game.state.players[seat].stock[f"inf[{country}]"]


def func(game: Game, name: str, *args, seat: int = USSR):
    return game.program.funcs[name](game, game.state.players[seat], *args)


def test_control_is_influence_ahead_by_the_stability(program):
    game = board(program, ussr={"iran": 3, "lebanon": 1}, us={"iran": 1})
    assert func(game, "controls", game.state.players[USSR], "iran")        # 3 - 1 >= 2
    assert not func(game, "controls", game.state.players[USSR], "syria")   # no influence
    assert func(game, "controls", game.state.players[USSR], "lebanon")     # stability 1


def test_a_coup_in_iran_with_three_operations_and_a_four(program):
    # The rulebook's example: 4 + 3 = 7, less twice Iran's stability (4): 3 points; the US's 2 influence
    # go, and the USSR places 1. Iran is a battleground: DEFCON drops; the 3 operations count as military.
    game = board(program, us={"iran": 2})
    run_proc(game, "coup_with", "iran", 3, 4, player=USSR)
    assert (inf(game, US, "iran"), inf(game, USSR, "iran")) == (0, 1)
    assert game.state.globals["defcon"] == 4 and game.state.players[USSR].stock["milops"] == 3
    failed = board(program, us={"italy": 2})
    run_proc(failed, "coup_with", "italy", 1, 3, player=USSR)   # 3 + 1 - 4 = 0: nothing changes
    assert (inf(failed, US, "italy"), inf(failed, USSR, "italy")) == (2, 0) and failed.state.globals["defcon"] == 4


def test_defcon_closes_europe_then_asia_then_the_middle_east(program):
    spread = {"italy": 1, "thailand": 1, "iran": 1}
    targets = lambda d: func(board(program, us=spread, defcon=d), "coup_targets")
    assert targets(5) == ["italy", "iran", "thailand"]
    assert targets(4) == ["iran", "thailand"]
    assert targets(3) == ["iran"]
    assert targets(2) == []


def test_the_player_who_degrades_defcon_to_one_loses(program):
    game = board(program, us={"iran": 1}, defcon=2)
    with pytest.raises(GameEnded):
        run_proc(game, "coup_with", "iran", 4, 6, player=USSR)
    result = game.result(digest=False)   # the USSR started a nuclear war: the US wins at once
    assert result["winners"] == [game.state.players[1].name] and result["sudden"] == "lost"


def test_influence_costs_two_where_the_opponent_controls(program):
    game = board(program, ussr={"syria": 1}, us={"israel": 4})
    run_proc(game, "place_influence", 3, player=USSR, answers=["Israel", "Syria"])
    assert (inf(game, USSR, "israel"), inf(game, USSR, "syria")) == (1, 2)


def test_an_opponents_card_played_for_operations_gives_them_its_event(program):
    # The USSR plays Duck and Cover for its 3 operations: the US event still happens (DEFCON 5 -> 4, and
    # the US scores 5 - 4 = 1 VP, the marker moving the US's way).
    game = board(program, ussr={"syria": 1})
    game.move(program.entities["duck_and_cover"], game.zone(game.state.players[USSR], "hand"))
    run_proc(game, "action_round", player=USSR, answers=["place influence", "Syria", "Syria", "Syria"])
    assert inf(game, USSR, "syria") == 4
    assert game.state.globals["defcon"] == 4 and game.state.globals["vp"] == -1


def test_middle_east_scoring(program):
    # USSR: Iraq and Syria (one battleground): domination needs more battlegrounds than the US, who has
    # Israel: presence 3 + 1 battleground. US: Israel, presence 3 + 1 battleground. Difference 0.
    game = board(program, ussr={"iraq": 3, "syria": 2}, us={"israel": 4})
    assert func(game, "region_score", game.state.players[USSR], "middle_east") == 4
    # Add Egypt and Libya: three of the battlegrounds and more countries: domination 5 + 3 battlegrounds.
    more = board(program, ussr={"iraq": 3, "syria": 2, "egypt": 2, "libya": 2}, us={"israel": 4})
    assert func(more, "region_score", more.state.players[USSR], "middle_east") == 8
    run_proc(more, "score_region", "middle_east", player=USSR)
    assert more.state.globals["vp"] == 8 - 4


def test_a_player_short_of_military_operations_gives_vp_at_the_turns_end(program):
    game = board(program, defcon=3)
    game.state.players[USSR].stock["milops"] = 3
    game.state.players[US].stock["milops"] = 1
    run_proc(game, "end_turn")
    assert game.state.globals["vp"] == 2 and game.state.globals["defcon"] == 4


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 2, seed):
        assert len(result["winners"]) <= 1
