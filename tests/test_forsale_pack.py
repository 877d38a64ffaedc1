"""tests/packs/forsale: For Sale written by a designer new to the language (the trial that made an auction's
bidder who cannot bid the minimum pass unasked, so that For Sale's penniless player still takes the lowest
card): the open auction with half the bid back on a pass, the secret sale of properties for cheques, both
backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "forsale")


program = pack_program(PACK)


def on_top(game: Game, zone: str, names: list[str]) -> None:
    """Put the named cards on top of a shared pile, the first named on top."""
    for name in reversed(names):
        game.move(game.program.entities[name], game.zone(None, zone), top=True)


def held(game: Game, player: int, zone: str = "holdings") -> list[str]:
    return sorted(c.name for c in game.zone(game.state.players[player], zone).items)


def coins(game: Game) -> list[int]:
    return [p.stock["coins"] for p in game.state.players]


def test_thirty_properties_and_thirty_cheques(program):
    game = Game(program, 3, 1)
    values = sorted(e.fields["value"] for e in game.program.entities.values() if e.kind == "property")
    assert values == list(range(1, 31))
    cheques = sorted(e.fields["value"] for e in game.program.entities.values() if e.kind == "cheque")
    assert cheques == [0, 0] + sorted(list(range(2, 16)) * 2)


@pytest.mark.parametrize("players, start", [(3, 18), (4, 18), (5, 14), (6, 14)])
def test_the_starting_coins_by_the_number_of_players(program, players, start):
    assert coins(Game(program, players, 1)) == [start] * players


def test_a_pass_takes_the_lowest_card_and_half_the_bid_back_the_last_bidder_pays_all(program):
    game = Game(program, 3, 1)
    on_top(game, "properties", ["house_5", "house_28", "house_17"])
    game.state.globals["starter"] = game.state.players[0]
    # P1 2, P2 3, P3 passes (no bid: the 5), P1 4, P2 passes (bid 3: pays 2, the 17), P1 takes the 28 for 4
    run_proc(game, "buying_round", answers=["2", "3", "pass", "4", "pass"])
    assert [held(game, i) for i in range(3)] == [["house_28"], ["house_17"], ["house_5"]]
    assert coins(game) == [18 - 4, 18 - 2, 18]
    assert game.state.globals["starter"] is game.state.players[0]


def test_a_player_with_no_coins_passes_unasked_and_still_takes_a_card(program):
    game = Game(program, 3, 1)
    on_top(game, "properties", ["house_9", "house_3", "house_21"])
    game.state.globals["starter"] = game.state.players[0]
    game.state.players[2].stock["coins"] = 0
    asked = run_proc(game, "buying_round", answers=["1", "pass"])
    assert [d.player.name for d in asked] == ["P1", "P2"]   # P3 cannot bid 2: never asked
    assert [held(game, i) for i in range(3)] == [["house_21"], ["house_3"], ["house_9"]]
    assert len(game.zone(None, "table").items) == 0


def test_the_highest_property_sold_takes_the_highest_cheque(program):
    game = Game(program, 3, 1)
    for i, names in enumerate([["house_30", "house_2"], ["house_12", "house_29"], ["house_7", "house_1"]]):
        for name in names:
            game.move(game.program.entities[name], game.zone(game.state.players[i], "holdings"))
    on_top(game, "cheques", ["check_4", "cheque0", "check_15"])
    run_proc(game, "selling_round", answers=["Property 2", "Property 29", "Property 7"])
    assert [held(game, i, "banked") for i in range(3)] == [["cheque0"], ["check_15"], ["check_4"]]
    assert [p.stock["cheque_total"] for p in game.state.players] == [0, 15, 4]
    assert [held(game, i) for i in range(3)] == [["house_30"], ["house_12"], ["house_1"]]


@pytest.mark.parametrize("players", [3, 4, 6])
def test_random_games_sell_every_property_dealt_and_agree_on_both_backends(players):
    left_out = {3: 6, 4: 2, 6: 0}[players]
    for game, result in played_on_both_backends(PACK, players, 5):
        assert all(not game.zone(p, "holdings").items for p in game.state.players)
        banked = [c for p in game.state.players for c in game.zone(p, "banked").items]
        assert len(banked) == 30 - left_out
        assert [p.stock["cheque_total"] for p in game.state.players] == \
            [sum(c.fields["value"] for c in game.zone(p, "banked").items) for p in game.state.players]
        assert result["scores"]
