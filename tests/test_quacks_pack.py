"""tests/packs/quacks: The Quacks of Quedlinburg (recipe book set 1), written from the reference alone
(branch trial28). The rulebook's cases: the starting bag, a pot that explodes past 7 white points (7 is
safe), the toadstool's extra steps by the pumpkins in the pot, the garden spider's ruby as the last or the
next to last chip, the moths of a two-player game, the rat tails from the score gap, an exploded pot's
choice of VP or buying, buying two chips of different colours, the ninth round's coins and rubies as VP;
everyone drawing at once; both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import compile_pack, interpret_pack
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import drive, pack_program, run_proc, traced_play

PACK = str(Path(__file__).parent / "packs" / "quacks")

program = pack_program(PACK)


def table(program, players: int = 2) -> Game:
    """A game whose supply is set out (no bags filled)."""
    game = Game(program, players, 1)
    run_proc(game, "set_out")
    return game


def put(game: Game, seat: int, *names: str) -> None:
    """Chips taken from the supply into a player's pot, in order, each placed (its marker moves)."""
    player = game.state.players[seat]
    for name in names:
        chip = game.state.zones[f"supply[{name}]"][-1]
        game.move(chip, game.zone(player, "pot"))
        run_proc(game, "place", chip, player=seat)


def colours(game: Game, zone: str, seat: int = 0) -> list[str]:
    return sorted(c.declared for c in game.zone(game.state.players[seat], zone).items)


def test_the_starting_bag(program):
    game = table(program)
    run_proc(game, "starting_bag")
    assert colours(game, "bag") == sorted(["white1"] * 4 + ["white2"] * 2 + ["white3", "orange1", "green1"])


def test_a_pot_explodes_past_seven_white_points_and_seven_is_safe(program):
    for whites, exploded in ((["white3", "white2", "white2"], False), (["white3", "white2", "white2", "white1"], True)):
        game = table(program)
        p1 = game.state.players[0]
        p1.vars["drawing"] = True
        put(game, 0, *whites[:-1])          # the last chip is drawn from the bag, the others lie in the pot
        game.move(game.state.zones[f"supply[{whites[-1]}]"][-1], game.zone(p1, "bag"))
        p1.vars["flask_full"] = False
        run_proc(game, "draw_chip")
        assert p1.vars["exploded"] is exploded and p1.vars["drawing"] is not exploded
        assert p1.stock["space"] == sum(int(w[-1]) for w in whites)


def test_the_toadstool_moves_on_by_the_pumpkins_in_the_pot(program):
    for pumpkins, extra in ((0, 0), (1, 1), (2, 1), (3, 2)):
        game = table(program)
        put(game, 0, *["orange1"] * pumpkins)
        put(game, 0, "red2")
        assert game.state.players[0].stock["space"] == pumpkins + 2 + extra


def test_a_garden_spider_last_or_next_to_last_gives_a_ruby(program):
    for pot, rubies in ((["green1", "white1", "white2"], 0), (["white1", "green1", "white2"], 1),
                        (["white1", "green2", "green1"], 2)):
        game = table(program)
        put(game, 0, *pot)
        run_proc(game, "garden_spiders")
        assert game.state.players[0].stock["rubies"] == rubies, pot


def test_moths_with_two_players(program):
    game = table(program)
    put(game, 0, "black1", "black1")
    put(game, 1, "black1")
    run_proc(game, "moths", player=0)
    run_proc(game, "moths", player=1)
    p1, p2 = game.state.players
    assert (p1.stock["droplet"], p1.stock["rubies"], p2.stock["droplet"], p2.stock["rubies"]) == (1, 1, 0, 0)
    tie = table(program)
    put(tie, 0, "black1")
    put(tie, 1, "black1")
    run_proc(tie, "moths", player=0)
    run_proc(tie, "moths", player=1)
    assert [p.stock["droplet"] for p in tie.state.players] == [1, 1]
    assert [p.stock["rubies"] for p in tie.state.players] == [0, 0]


def test_rat_tails_start_the_pot_further_on_behind_the_leader(program):
    game = table(program, 3)
    p1, p2, p3 = game.state.players
    p1.stock["vp"], p2.stock["vp"], p3.stock["vp"] = 20, 9, 20
    p2.stock["droplet"] = 3
    run_proc(game, "start_round")
    assert [p.stock["rats"] for p in game.state.players] == [0, 2, 0]   # provisional: one rat per 5 VP
    assert [p.stock["space"] for p in game.state.players] == [0, 5, 0]
    assert all(p.vars["drawing"] and not p.vars["exploded"] for p in game.state.players)


def test_an_exploded_pot_takes_the_victory_points_or_the_buying_not_both(program):
    for way, vp, bought in (("victory points", 3, 0), ("buying", 0, 1)):
        game = table(program)
        game.state.globals["round_no"] = 2
        p1 = game.state.players[0]
        p1.vars["exploded"] = True
        p1.stock["space"] = 12              # provisional track: 12 coins, 3 VP
        asked = drive(game, game.program.procs["evaluate"](game, p1),
                      [way] + (["Garden spider 2", "none"] if way == "buying" else []))
        assert p1.stock["vp"] == vp and len(colours(game, "bag")) == bought
        assert any("exploded" in d.prompt for d in asked)


def test_two_chips_bought_are_of_different_colours(program):
    game = table(program)
    game.state.globals["round_no"] = 1
    p1 = game.state.players[0]
    p1.stock["space"] = 15                  # 15 coins
    asked = drive(game, game.program.procs["buy"](game, p1), ["Pumpkin 1", "Garden spider 2"])
    second = asked[1]
    assert not any(o.startswith("Pumpkin") for o in map(str, second.options))
    assert colours(game, "bag") == ["green2", "orange1"]
    assert p1.stock["coins"] == 0           # what is left is not kept


def test_the_ninth_round_turns_coins_and_rubies_into_victory_points(program):
    game = table(program)
    p1 = game.state.players[0]
    p1.stock["space"] = 10                 # provisional track: 10 coins, 2 VP
    p1.stock["rubies"] = 5
    run_proc(game, "cash_in")
    assert p1.stock["vp"] == 2 + 10 // 5 + 5 // 2 and p1.stock["rubies"] == 1


def test_everyone_still_drawing_decides_before_anyone_draws(program):
    # each step of a round: every player still drawing says "draw" or "stop" before any chip is drawn
    lines = traced_play(program, 3, 5)
    groups, current = [], []
    for line in lines:
        if "choice draw a chip or stop?" in line:
            current.append(line.split(":")[0])
        elif current:
            groups.append(current)
            current = []
    assert len(groups) >= 9 and max(len(g) for g in groups) == 3
    assert all(len(set(g)) == len(g) for g in groups)            # one answer a player each time


@pytest.mark.parametrize("players", [2, 4])
def test_both_backends_play_the_same_games(players):
    compiled, interpreted = compile_pack(PACK).program, interpret_pack(PACK)
    for seed in range(1, 4):
        a = Game(compiled, players, seed, make_agents("random", players, seed))
        b = Game(interpreted, players, seed, make_agents("random", players, seed))
        a.play(), b.play()
        assert a.log == b.log and a.state.digest() == b.state.digest()
        assert a.state.globals["round_no"] == 9
        assert all(len(p.refs["pot"].items) == 0 for p in a.state.players)   # every pot poured back
