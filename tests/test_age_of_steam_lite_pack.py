"""tests/packs/age_of_steam_lite: Age of Steam's pick-up-and-deliver written by a designer new to the language:
a good moved link by link to the first city of its colour, each link an income point to its owner, no
farther than the locomotive; shares for $5; the turn-order auction where the first to drop out goes last
for free; expenses taken from income when money runs short; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, func_for, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "age_of_steam_lite")


program = pack_program(PACK)
CITIES = ["pittsburgh", "wheeling", "columbus", "cleveland", "toledo", "detroit", "erie", "buffalo"]


def board(program, owners: dict[str, int], players: int = 3) -> Game:
    """A game whose goods are all back in the bag, the links given owned by the seats (from 0)."""
    game = Game(program, players, 1)
    game.start()
    for city in CITIES:
        for cube in list(game.zone(None, f"goods_at[{city}]")):
            game.move(cube, game.zone(None, "bag"))
    for link, seat in owners.items():
        game.state.gvars[f"owner[{link}]"] = game.state.players[seat]
    return game


def put_good(game: Game, colour: str, city: str):
    cube = next(c for c in game.zone(None, "bag") if c.fields["colour"] == colour)
    game.move(cube, game.zone(None, f"goods_at[{city}]"))
    return cube


def test_a_good_goes_to_a_city_of_its_colour_paying_each_link_owner(program):
    # a blue good at Erie to Wheeling (blue): Erie - Pittsburgh - Wheeling, two links
    game = board(program, {"pit_eri": 1, "pit_whe": 0, "tol_det": 2})
    p1, p2, p3 = game.state.players
    p1.stock["engine"] = 2
    put_good(game, "blue", "erie")
    drive(game, game.program.procs["move_good"](game, p1), [])
    assert [p.stock["income"] for p in (p1, p2, p3)] == [1, 1, 0]
    assert len(game.zone(None, "delivered")) == 1


def test_a_good_is_not_moved_farther_than_the_locomotive(program):
    game = board(program, {"pit_eri": 1, "pit_whe": 0})
    you = game.state.players[0]
    put_good(game, "blue", "erie")
    assert not func_for(game, "deliverable", "erie", "blue", 1)
    assert func_for(game, "deliverable", "erie", "blue", 2)
    you.stock["engine"] = 1
    assert drive(game, game.program.procs["move_good"](game, you), []) == []
    assert len(game.zone(None, "delivered")) == 0


def test_a_good_stops_at_the_first_city_of_its_colour(program):
    # a blue good at Columbus along Columbus - Toledo - Detroit (blue): delivered there, never on to Cleveland
    game = board(program, {"col_tol": 0, "tol_det": 1, "det_cle": 2})
    game.state.players[0].stock["engine"] = 3
    put_good(game, "blue", "columbus")
    drive(game, game.program.procs["move_good"](game, game.state.players[0]), [])
    assert [p.stock["income"] for p in game.state.players] == [1, 1, 0]


def test_a_good_may_take_a_longer_way_within_the_locomotive(program):
    # a blue good at Toledo: to Detroit in one link (P2's), or by Columbus to Wheeling in two (P1's)
    game = board(program, {"tol_det": 1, "col_tol": 0, "whe_col": 0})
    you = game.state.players[0]
    you.stock["engine"] = 2
    put_good(game, "blue", "toledo")
    asked = drive(game, game.program.procs["move_good"](game, you), ["Columbus - Toledo"])
    assert asked[0].options == ["Columbus - Toledo", "Toledo - Detroit"]
    assert [p.stock["income"] for p in game.state.players] == [2, 0, 0]


def test_shares_give_5_each_and_cost_1_each_turn(program):
    game = board(program, {})
    you = game.state.players[0]
    cash = you.stock["cash"]
    drive(game, game.program.procs["issue_shares"](game, you), ["3"])
    assert (you.stock["shares"], you.stock["cash"]) == (5, cash + 15)
    you.stock["engine"] = 2
    assert func_for(game, "expenses") == 7


def test_expenses_not_covered_come_off_the_income(program):
    game = board(program, {})
    you = game.state.players[0]
    you.stock["cash"], you.stock["income"] = 1, 4   # 2 shares and a locomotive of 1: $3 due
    run_proc(game, "pay_expenses")
    assert (you.stock["cash"], you.stock["income"]) == (0, 2)


def test_the_first_to_drop_out_of_the_turn_order_auction_goes_last_for_free(program):
    game = board(program, {}, players=4)
    for p in game.state.players:
        p.stock["cash"] = 20
    # P1 opens: P1 bids 1, P2 passes (last, free), P3 bids 2, P4 bids 3, P1 passes (third: half of 1,
    # rounded up), P3 passes (second: the whole 2), P4 wins at 3
    drive(game, game.program.procs["turn_order_auction"](game, game.state.players[0]),
          ["1", "pass", "2", "3", "pass", "pass"])
    order = game.state.gvars["order"]
    assert [p if isinstance(p, str) else p.name for p in order] == ["P4", "P3", "P1", "P2"]
    assert [p.stock["cash"] for p in game.state.players] == [19, 20, 18, 17]


def test_the_score_is_three_a_point_of_income_less_three_a_share_plus_the_links(program):
    game = board(program, {"pit_whe": 0, "eri_buf": 0})
    you = game.state.players[0]
    you.stock["income"], you.stock["shares"] = 7, 4
    assert func_for(game, "score") == 21 - 12 + 2


@pytest.mark.parametrize("players, seed", [(3, 1), (5, 2)])
def test_random_games_last_their_turns_alike_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        left = [p for p in game.state.players if not game.eliminated(p)]
        assert game.state.globals["turn_number"] == {3: 10, 5: 7}[players] or len(left) <= 1
