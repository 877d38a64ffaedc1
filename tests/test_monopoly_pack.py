"""tests/packs/monopoly: Monopoly written by a designer new to the language: rent by colour set (doubled on a
whole unimproved set, by houses, railroads by how many are owned, utilities times the dice), the even-build
rule, mortgages and their interest, passing GO, jail (three doubles, leaving by doubles or paying on the
third failure), a declined deed auctioned, bankruptcy to a player; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import LoadedDice, drive, func_for, pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "monopoly")


program = pack_program(PACK)


def game_with(program, deeds: dict[int, list[str]], players: int = 3) -> Game:
    """A game set up, each seat (from 0) holding the deeds listed."""
    game = Game(program, players, 1)
    game.start()
    for p in game.state.players:   # as before the first turn (which may have drawn a card)
        p.stock["cash"], p.stock["square"], p.vars["in_jail"] = 1500, 0, False
    for seat, names in deeds.items():
        for name in names:
            game.move(game.program.entities[name], game.zone(game.state.players[seat], "deeds"))
    return game


def rent(game: Game, deed: str, dice: int = 7, seat: int = 0) -> int:
    return func_for(game, "rent", game.program.entities[deed], dice, seat=seat)


def test_a_site_alone_pays_its_printed_rent_and_a_whole_set_doubles_it(program):
    game = game_with(program, {0: ["park_place"]})
    assert rent(game, "park_place") == 35
    game = game_with(program, {0: ["park_place", "boardwalk"]})
    assert (rent(game, "park_place"), rent(game, "boardwalk")) == (70, 100)


def test_houses_and_a_hotel_replace_the_site_rent(program):
    game = game_with(program, {0: ["park_place", "boardwalk"]})
    game.state.globals["houses[boardwalk]"] = 2
    assert rent(game, "boardwalk") == 600
    game.state.globals["houses[boardwalk]"] = 5   # a hotel
    assert rent(game, "boardwalk") == 2000


def test_a_mortgaged_deed_collects_no_rent(program):
    game = game_with(program, {0: ["reading"]})
    game.state.gvars["mortgaged[reading]"] = True
    assert rent(game, "reading") == 0


def test_railroads_pay_by_how_many_the_owner_has_and_utilities_times_the_dice(program):
    railroads = ["reading", "pennsylvania_rr", "b_and_o", "short_line"]
    assert [rent(game_with(program, {0: railroads[:n]}), "reading") for n in (1, 2, 3, 4)] == [25, 50, 100, 200]
    assert rent(game_with(program, {0: ["electric"]}), "electric", dice=9) == 36
    assert rent(game_with(program, {0: ["electric", "water_works"]}), "electric", dice=9) == 90


def test_houses_are_built_evenly_across_a_whole_set_with_no_mortgage(program):
    light_blue = ["oriental", "vermont", "connecticut"]
    game = game_with(program, {0: light_blue})
    may_build = game.program.funcs["may_build"]
    you = game.state.players[0]

    def buildable():
        return [n for n in light_blue if may_build(game, you, game.program.entities[n])]

    assert buildable() == light_blue
    game.state.globals["houses[oriental]"] = 1
    assert buildable() == ["vermont", "connecticut"]   # no site two houses ahead of another
    game.state.gvars["mortgaged[connecticut]"] = True
    assert buildable() == []
    two_of_three = game_with(program, {0: light_blue[:2]})
    assert [n for n in light_blue
            if may_build(two_of_three, two_of_three.state.players[0], game.program.entities[n])] == []


def test_houses_are_sold_evenly_and_a_set_with_buildings_is_not_mortgaged(program):
    game = game_with(program, {0: ["park_place", "boardwalk"]})
    game.state.globals["houses[park_place]"] = 2
    game.state.globals["houses[boardwalk]"] = 1
    you, e = game.state.players[0], game.program.entities
    sell, mortgage = game.program.funcs["may_sell_house"], game.program.funcs["may_mortgage"]
    assert (sell(game, you, e["park_place"]), sell(game, you, e["boardwalk"])) == (True, False)
    assert not mortgage(game, you, e["park_place"]) and not mortgage(game, you, e["boardwalk"])


def test_lifting_a_mortgage_costs_its_value_and_ten_percent(program):
    game = game_with(program, {})
    assert func_for(game, "unmortgage_cost", game.program.entities["boardwalk"]) == 220
    assert func_for(game, "unmortgage_cost", game.program.entities["mediterranean"]) == 33


def test_passing_go_collects_200(program):
    game = game_with(program, {})
    you = game.state.players[0]
    you.stock["square"] = 37
    run_proc(game, "move_on", 3)   # landing on GO collects too
    assert (you.stock["square"], you.stock["cash"]) == (0, 1700)
    you.stock["square"] = 38
    asked = drive(game, game.program.procs["move_on"](game, you, 5), ["no", "pass", "pass", "pass"])
    assert asked[0].prompt == "buy Baltic Avenue for 60?" and you.stock["cash"] == 1900


def test_the_go_to_jail_square_sends_the_player_to_jail_without_passing_go(program):
    game = game_with(program, {})
    you = game.state.players[0]
    you.stock["square"] = 25
    run_proc(game, "move_on", 5)
    assert (you.stock["square"], you.vars["in_jail"], you.stock["cash"]) == (10, True, 1500)


def test_the_third_doubles_in_a_row_goes_to_jail(program):
    game = game_with(program, {})
    you = game.state.players[0]
    you.stock["square"] = 0
    game.rng = LoadedDice([1, 1, 2, 2, 3, 3])   # squares 2 and 6 (Chance, Oriental: declined, auction passed)
    drive(game, game.program.procs["turn"](game, you), ["no", "pass", "pass", "pass"])
    assert (you.stock["square"], you.vars["in_jail"]) == (10, True)


def test_in_jail_doubles_free_the_player_and_the_third_failure_pays_50(program):
    game = game_with(program, {})
    you = game.state.players[0]
    you.vars["in_jail"], you.stock["square"] = True, 10
    game.rng = LoadedDice([1, 2])
    drive(game, game.program.procs["jail_turn"](game, you), ["no"])
    assert you.vars["in_jail"] and you.stock["square"] == 10
    game.rng = LoadedDice([3, 3])   # doubles: out, moved 6 to square 16 (St. James, declined, not bid for)
    drive(game, game.program.procs["jail_turn"](game, you), ["no", "no", "pass", "pass", "pass"])
    assert not you.vars["in_jail"] and you.stock["square"] == 16
    you.vars["in_jail"], you.stock["square"], you.stock["jail_tries"] = True, 10, 2
    game.rng = LoadedDice([1, 3])   # the third failure: pay 50 and move 4 (Electric Company, declined)
    drive(game, game.program.procs["jail_turn"](game, you), ["no", "no", "pass", "pass", "pass"])
    assert not you.vars["in_jail"] and you.stock["square"] == 14 and you.stock["cash"] == 1450


def test_a_declined_deed_is_auctioned_to_everyone(program):
    game = game_with(program, {})
    p1, p2 = game.state.players[:2]
    p1.stock["square"] = 39
    asked = drive(game, game.program.procs["land"](game, p1, 5), ["no", "pass", 1, "pass"])
    assert [d.prompt for d in asked] == ["buy Boardwalk for 400?"] + ["bid for Boardwalk"] * 3
    assert p2.stock["cash"] == 1500 - 1 and game.program.entities["boardwalk"] in game.zone(p2, "deeds")


def test_a_player_who_cannot_raise_the_rent_is_bankrupt_and_pays_the_creditor_all(program):
    game = game_with(program, {0: ["mediterranean"], 1: ["park_place", "boardwalk"]})
    p1, p2 = game.state.players[:2]
    game.state.globals["houses[boardwalk]"] = 5
    p1.stock["cash"] = 100
    p1.stock["square"] = 39
    drive(game, game.program.procs["land"](game, p1, 4), [])   # 2000 due: worth 130 at most
    assert game.state.players[0].name in [p.name for p in game.state.players if game.eliminated(p)]
    assert p2.stock["cash"] == 1500 + 100 and game.program.entities["mediterranean"] in game.zone(p2, "deeds")


@pytest.mark.parametrize("players, seed", [(2, 1), (4, 3)])
def test_random_games_end_with_one_player_or_at_the_time_limit_alike_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        left = [p for p in game.state.players if not game.eliminated(p)]
        assert len(left) == 1 or game.state.globals["round_number"] == 100


def test_a_chance_card_is_read_and_put_back_under_the_deck(program):
    game = game_with(program, {})
    you = game.state.players[0]
    chance = game.zone(None, "chance")
    dividend = next(c for c in chance if c.name == "chance_dividend")
    game.move(dividend, chance, top=True)
    you.stock["square"] = 7
    drive(game, game.program.procs["land"](game, you, 7), [])
    assert you.stock["cash"] == 1550 and list(chance)[-1] is dividend


def test_advance_to_the_nearest_railroad_pays_the_owner_twice_the_rent(program):
    game = game_with(program, {1: ["b_and_o", "reading"]})
    you, owner = game.state.players[:2]
    you.stock["square"] = 22
    run_proc(game, "advance_to_nearest", "railroad", 8)
    assert you.stock["square"] == 25 and owner.stock["cash"] == 1500 + 2 * 50


def test_a_birthday_collects_10_from_every_player(program):
    game = game_with(program, {})
    run_proc(game, "collect_from_each", 10)
    assert [p.stock["cash"] for p in game.state.players] == [1520, 1490, 1490]


def test_repairs_cost_so_much_a_house_and_so_much_a_hotel(program):
    game = game_with(program, {0: ["park_place", "boardwalk"]})
    game.state.globals["houses[park_place]"], game.state.globals["houses[boardwalk]"] = 3, 5
    run_proc(game, "repairs", 40, 115)
    assert game.state.players[0].stock["cash"] == 1500 - 3 * 40 - 115


def test_a_get_out_of_jail_free_card_is_kept_then_used_and_put_back(program):
    game = game_with(program, {})
    you = game.state.players[0]
    card = next(c for c in game.zone(None, "community_chest") if c.name == "chest_free")
    game.move(card, game.zone(you, "kept"))
    you.vars["in_jail"], you.stock["square"] = True, 10
    game.rng = LoadedDice([1, 2])   # then moved 3 to square 13 (States Avenue, declined, not bid for)
    drive(game, game.program.procs["jail_turn"](game, you), ["Get Out of Jail Free", "no", "pass", "pass", "pass"])
    assert not you.vars["in_jail"] and you.stock["square"] == 13 and you.stock["cash"] == 1500
    assert list(game.zone(None, "community_chest"))[-1] is card
