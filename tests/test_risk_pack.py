"""tests/packs/risk: Risk on the real map of 42 territories: reinforcements (territories / 3, at least 3, and
continent bonuses), the card sets' growing worth, the dice compared pair by pair with ties to the defender,
a conquest that knocks a player out taking their cards, both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, compile_pack
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "risk")


program = pack_program(PACK)


def func(game: Game, name: str, *args, player: int = 0):
    return game.program.funcs[name](game, game.state.players[player], *args)


def territories(game: Game) -> list[str]:
    return [n[len("holder["):-1] for n in game.state.gvars if n.startswith("holder[")]


def hold(game: Game, player: int, names: list[str], armies: int = 1) -> None:
    """The territories `names` given to a player (seat from 0) with `armies` each, their counts kept."""
    for t in names:
        old = game.state.gvars.get(f"holder[{t}]")
        if old is not None:
            old.stock["territories"] -= 1
        game.state.gvars[f"holder[{t}]"] = game.state.players[player]
        game.state.globals[f"armies[{t}]"] = armies
        game.state.players[player].stock["territories"] = game.state.players[player].stock.get("territories", 0) + 1


def test_the_map_has_42_territories_and_its_borders_go_both_ways():
    assert [d.code for d in analyse(PACK).diagnostics if d.severity != "info"] == []   # W449 would name a one-way border
    game = Game(compile_pack(PACK).program, 3, 1)
    game.start()
    assert len(territories(game)) == 42 and all(game.state.gvars[f"holder[{t}]"] for t in territories(game))


def test_reinforcements_are_a_third_of_the_territories_at_least_three_and_the_continents_held(program):
    game = Game(program, 3, 1)
    for p in game.state.players:
        p.stock["territories"] = 0
    for t in territories(game):
        game.state.gvars[f"holder[{t}]"] = None
    hold(game, 0, ["alaska", "japan", "peru", "congo", "ural", "egypt", "india", "siam", "iceland", "ukraine", "quebec"])
    assert func(game, "reinforcements") == 3   # 11 territories: 3
    hold(game, 0, ["indonesia", "new_guinea", "western_australia", "eastern_australia"])
    assert func(game, "reinforcements") == 15 // 3 + 2   # 15 territories and Australia
    hold(game, 1, ["siam"])
    assert func(game, "reinforcements") == 4 + 2 and func(game, "reinforcements", player=1) == 3


def test_sets_are_worth_4_6_8_10_12_15_then_5_more_each(program):
    game = Game(program, 3, 1)
    assert [func(game, "set_value", k) for k in range(9)] == [4, 6, 8, 10, 12, 15, 20, 25, 30]


@pytest.mark.parametrize("attacker, defender, losses", [
    ([6, 4, 1], [5, 4], (1, 1)),   # 6 beats 5; 4 ties 4, the attacker loses
    ([6, 6, 2], [5, 5], (0, 2)),
    ([3], [3, 1], (1, 0)),   # one attacking die: one pair only
    ([5, 2], [4], (0, 1)),   # one defending die: one pair only
    ([2, 2, 2], [1, 1], (0, 2)),
])
def test_the_dice_are_compared_highest_first_and_ties_go_to_the_defender(program, attacker, defender, losses):
    # each side's dice as `let a = roll N d6;` gives them: the faces rolled, highest first
    game = Game(program, 3, 1)
    beaten = func(game, "defender_losses", attacker, defender)
    assert (func(game, "pairs", attacker, defender) - beaten, beaten) == losses


def test_the_conqueror_of_a_players_last_territory_takes_their_cards(program):
    game = Game(program, 3, 1)
    p1, p2 = game.state.players[0], game.state.players[1]
    hold(game, 0, ["alaska"], armies=6)
    hold(game, 1, ["kamchatka"], armies=0)   # its last army just fell
    hand2 = game.zone(p2, "hand")
    for card in [e for e in game.program.entities.values() if e.kind == "risk_card"][:2]:
        game.move(card, hand2)
    run_proc(game, "conquer", "alaska", "kamchatka", 3, answers=[0])   # move in the least: 3
    assert game.state.gvars["holder[kamchatka]"] is p1 and game.state.globals["armies[kamchatka]"] == 3
    assert game.state.globals["armies[alaska]"] == 3 and p2.stock["territories"] == 0
    assert len(game.zone(p1, "hand").items) == 2 and not hand2.items and p2 in game.state.out


@pytest.mark.parametrize("seed", range(2))
def test_random_games_keep_the_armies_counted_and_agree_on_both_backends(seed):
    for game, result in played_on_both_backends(PACK, 3 + seed, seed, decisions=600):
        held = {p.name: 0 for p in game.state.players}
        for t in territories(game):
            assert game.state.globals[f"armies[{t}]"] >= 1
            held[game.state.gvars[f"holder[{t}]"].name] += game.state.globals[f"armies[{t}]"]
        assert all(held[p.name] == p.stock.get("troops", 0) for p in game.state.players)


def test_the_pack_prints_back_as_written():
    text = (Path(PACK) / "risk.rules").read_text()
    assert format_text(text, "risk.rules") == text
