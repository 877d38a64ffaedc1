"""tests/packs/great_western: Great Western Trail's hand value (each breed once), a delivery in Kansas City (the
value paid, the transport past the engine, the disc, the cowboy back at the start, the job market), a cowboy
counting only the spaces that hold something, fees paid to a building's owner and hazards to the bank, the
engine's stations, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "great_western")


program = pack_program(PACK)


def set_up(program, players: int = 2) -> Game:
    """A new game (seed 1) whose setup has run."""
    game = Game(program, players, 1)
    run_proc(game, "setup_game")
    return game


def hold(game: Game, player, *cards: str) -> None:
    """`player`'s hand becomes the cards named (copies from the barn or the market pile), the old hand discarded."""
    hand = game.zone(player, "hand")
    for c in list(hand.items):
        game.move(c, game.zone(player, "discard"))
    pool = game.zone(None, "barn").items + game.zone(None, "market_pile").items
    for name in cards:
        card = next(c for c in pool if c.name.split("#")[0] == name and c not in hand.items)
        game.move(card, hand)


def test_a_hand_counts_each_breed_once(program):
    game = set_up(program)
    you = game.state.players[0]
    hold(game, you, "jersey_card", "jersey_card", "guernsey_card", "holstein_card")
    assert game.program.funcs["hand_value"](game, you) == 1 + 2 + 3


def test_a_delivery_pays_the_hands_value_and_the_transport_past_the_engine(program):
    game = set_up(program)
    you = game.state.players[0]
    hold(game, you, "jersey_card", "guernsey_card", "dutch_belt_card", "west_highland_card")   # 1 + 2 + 2 + 4
    you.stock.update(money=0, engine=5, at=13)
    jobs = game.state.globals["jobs"]
    drive(game, game.program.procs["deliver"](game, you), ["Wichita"])
    # 9 dollars paid; Wichita lies at 7, the engine at 5: 2 dollars of transport
    assert you.stock["money"] == 9 - 2 and you.stock["delivered[wichita]"] == 1 and you.stock["vp"] == 3
    assert you.stock["at"] == 0 and len(game.zone(you, "hand").items) == 0 and game.state.globals["jobs"] == jobs - 1


def test_a_city_takes_a_hand_of_its_value_and_one_disc_a_player_but_kansas_city_any(program):
    game = set_up(program)
    you = game.state.players[0]
    hold(game, you, "jersey_card", "guernsey_card")   # 3
    you.stock.update({"money": 10, "delivered[topeka]": 1})
    asked = drive(game, game.program.procs["deliver"](game, you))
    assert asked == [] and you.stock["delivered[kansas]"] == 1   # Topeka taken already: Kansas City alone
    hold(game, you, "jersey_card", "guernsey_card")
    you.stock["delivered[topeka]"] = 0
    asked = drive(game, game.program.procs["deliver"](game, you), ["Kansas City"])
    assert asked[0].options == ["Kansas City", "Topeka"] and you.stock["delivered[kansas]"] == 2


def test_a_cowboy_counts_only_the_spaces_that_hold_something(program):
    game = set_up(program)
    you = game.state.players[0]
    in_reach = game.program.funcs["in_reach"]
    # from the start: Ranch, (Plot 1 empty), Flood, Hiring hall; the Teepee is the fourth
    assert [s for s in ("s1", "s2", "s3", "s4", "s5") if in_reach(game, you, s)] == ["s1", "s3", "s4"]
    game.state.globals["lying[s3]"] = 0
    assert [s for s in ("s3", "s4", "s5", "s6", "s7") if in_reach(game, you, s)] == ["s4", "s5"]
    you.stock["at"] = 1   # from the Ranch: Hiring hall, Teepee, Depot (Plot 2 is empty)
    assert [s for s in ("s4", "s5", "s6", "s7", "s8") if in_reach(game, you, s)] == ["s4", "s5", "s7"]


def test_passing_a_building_pays_its_owner_and_a_hazard_the_bank(program):
    game = set_up(program)
    you, other = game.state.players
    game.state.gvars.update({"owner[s2]": other, "building[s2]": "rail_office"})
    you.stock.update(money=10, at=1)   # from the Ranch: Plot 1 (built), the Flood, the Hiring hall
    before = other.stock["money"]
    drive(game, game.program.procs["move_cowboy"](game, you), ["Hiring hall (B)", "nobody"])
    assert other.stock["money"] == before + 2 and you.stock["money"] == 10 - 2 - 1 and you.stock["at"] == 4


def test_the_engine_reaching_a_station_may_upgrade_it(program):
    game = set_up(program)
    you = game.state.players[0]
    you.stock.update(money=5, engine=1)
    drive(game, game.program.procs["advance_engine"](game, you, 3), ["yes"])
    assert you.stock["engine"] == 4 and you.stock["upgraded[st1]"] == 1 and you.stock["money"] == 4


@pytest.mark.parametrize("players,seed", [(2, 1), (4, 2)])
def test_random_games_agree_on_both_backends_and_end_with_the_job_market_empty(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        assert len(result["winners"]) >= 1 and game.state.globals["jobs"] == 0
