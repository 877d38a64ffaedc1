"""tests/packs/tigris: Tigris & Euphrates' kingdoms scoring a tile to the leader of its colour (or the king),
farms on the river only, a revolt won by temples (ties to the defender), a war by tiles of the colour with
the loser's tiles removed, treasures taken by the trader, a catastrophe sending a leader home, the final
score as the weakest colour with treasures wild, and whole games on both backends."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "tigris")


program = pack_program(PACK)


def board(program) -> Game:
    """A game of two with the board laid out (its start temples and treasures), nothing else set up."""
    game = Game(program, 2, 1)
    run_proc(game, "lay_out_board")
    return game


def f(game: Game, name: str, *args, player: int = 0):
    return game.program.funcs[name](game, game.state.players[player], *args)


def sq(game: Game, x: int, y: int):
    return next(s for s in f(game, "squares") if s.fields == {"x": x, "y": y})


def key(name: str, s) -> str:
    return f"{name}[{s.fields['x']},{s.fields['y']}]"


def put_tile(game: Game, x: int, y: int, colour: str):
    game.state.gvars[key("tile_at", sq(game, x, y))] = colour


def put_leader(game: Game, x: int, y: int, role: str, player: int):
    s = sq(game, x, y)
    game.state.gvars[key("leader_at", s)] = role
    game.state.gvars[key("leader_owner", s)] = game.state.players[player]


def in_hand(game: Game, player: int, kind: str, n: int = 1) -> list:
    bag = [e for e in game.program.entities.values() if e.kind == "tile" and e.name.startswith(kind)]
    hand = game.zone(game.state.players[player], "hand")
    chosen = [e for e in bag if e not in hand.items][:n]
    for e in chosen:
        game.move(e, hand)
    return chosen


def points(game: Game, player: int, colour: str) -> int:
    return game.state.players[player].stock.get(f"points[{colour}]", 0)


def test_a_tile_scores_for_the_leader_of_its_colour_or_else_the_king(program):
    game = board(program)
    put_tile(game, 4, 2, "red")
    put_leader(game, 4, 3, "king", 0)
    put_leader(game, 5, 2, "trader", 1)
    (market,) = in_hand(game, 0, "market")
    # green: the trader's; the kingdom now holds the treasures of 2,2 and 6,2, and its trader takes one
    run_proc(game, "place_tile", market, sq(game, 3, 2), answers=["2,2"])
    assert game.state.players[1].stock["treasures"] == 1
    assert points(game, 1, "green") == 1 and points(game, 0, "green") == 0
    (settlement,) = in_hand(game, 0, "settlement")
    run_proc(game, "place_tile", settlement, sq(game, 4, 1))   # black: no other leader: the king's
    (temple,) = in_hand(game, 0, "temple")
    run_proc(game, "place_tile", temple, sq(game, 3, 1))   # red: no priest, so the king's too
    assert points(game, 0, "black") == 1 and points(game, 0, "red") == 1


def test_farms_go_on_the_river_and_the_others_on_land(program):
    game = board(program)
    farm, temple = in_hand(game, 0, "farm")[0], in_hand(game, 0, "temple")[0]
    river, land = sq(game, 1, 4), sq(game, 1, 1)
    assert f(game, "may_tile", farm, river) and not f(game, "may_tile", farm, land)
    assert f(game, "may_tile", temple, land) and not f(game, "may_tile", temple, river)


def test_a_leader_is_placed_beside_a_temple_and_a_revolt_goes_to_the_defender_on_a_tie(program):
    game = board(program)
    assert not f(game, "may_lead", sq(game, 1, 1)) and f(game, "may_lead", sq(game, 2, 1))
    put_tile(game, 3, 1, "red")
    put_leader(game, 2, 1, "priest", 1)   # beside two temples (2,2 and 3,1)
    in_hand(game, 0, "temple")
    run_proc(game, "place_leader", "priest", sq(game, 1, 2), answers=["1"])   # 1 temple + 1 from hand: a tie
    assert game.state.gvars[key("leader_at", sq(game, 1, 2))] == "no_leader"
    assert game.state.gvars[key("leader_at", sq(game, 2, 1))] == "priest" and points(game, 1, "red") == 1


def test_a_war_is_won_by_tiles_of_the_colour_and_removes_the_losers(program):
    game = board(program)
    # two kingdoms on row 1: P1's trader with two markets, P2's trader with one; 5,1 would join them
    put_tile(game, 2, 1, "red")
    put_leader(game, 3, 1, "trader", 0)
    put_tile(game, 4, 1, "green")
    put_tile(game, 1, 1, "green")
    put_tile(game, 7, 1, "red")
    put_leader(game, 6, 1, "trader", 1)
    put_tile(game, 7, 2, "green")
    (settlement,) = in_hand(game, 0, "settlement")
    run_proc(game, "place_tile", settlement, sq(game, 5, 1))   # no green in hand: nothing to add
    assert game.state.gvars[key("leader_at", sq(game, 6, 1))] == "no_leader"
    assert game.state.gvars.get(key("tile_at", sq(game, 7, 2))) is None   # the loser's market is gone
    assert points(game, 0, "green") == 2   # the leader and one tile


def test_the_trader_takes_all_treasures_but_one_of_a_kingdom(program):
    game = board(program)
    for x in range(3, 6):
        put_tile(game, x, 2, "black")   # 2,2 and 6,2 are the start temples with treasures
    put_leader(game, 4, 1, "trader", 1)
    run_proc(game, "take_treasures", sq(game, 4, 2), answers=["2,2"])
    assert game.state.players[1].stock["treasures"] == 1 and f(game, "treasures_left") == 7


def test_a_catastrophe_sends_a_leader_without_a_temple_home(program):
    game = board(program)
    put_tile(game, 4, 1, "red")
    put_leader(game, 5, 1, "king", 0)
    run_proc(game, "catastrophe", sq(game, 4, 1))
    assert game.state.gvars[key("leader_at", sq(game, 5, 1))] == "no_leader"
    assert game.state.players[0].stock["catastrophes"] == 1
    (market,) = in_hand(game, 0, "market")
    assert not f(game, "may_tile", market, sq(game, 4, 1))   # the catastrophe stays: nothing goes there


def test_the_score_is_the_weakest_colour_with_the_treasures_where_they_help(program):
    game = board(program)
    p1 = game.state.players[0]
    p1.stock.update({"points[red]": 5, "points[blue]": 2, "points[green]": 3, "points[black]": 4, "treasures": 2})
    assert f(game, "weakest") == 3   # blue 2 + 1 and green 3 stay... two treasures lift blue to 3 and then 4 needs 2 more
    p1.stock["treasures"] = 4
    assert f(game, "weakest") == 4


@pytest.mark.parametrize("players,seed", [(3, 2), (4, 3)])
def test_the_first_decisions_of_random_games_agree_on_both_backends(players, seed):
    played_on_both_backends(PACK, players, seed, decisions=120)


def test_a_whole_random_game_ends_and_the_weakest_colour_wins():
    game = Game(compile_pack(PACK).program, 2, 1, make_agents("random", 2, 1))
    result = game.play()
    best = max(p.stock["score"] for p in game.state.players)
    assert {p.name for p in game.state.players if p.stock["score"] == best} == set(result["winners"])
    assert game.program.funcs["treasures_left"](game, game.state.players[0]) <= 2 or len(game.zone(None, "bag").items) < 6
