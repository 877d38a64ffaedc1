"""tests/packs/wingspan_europe: the European Expansion on the base Wingspan pack (trial20): when-played (white)
powers used as the bird is played, round-end (teal) powers used before the round's goal is scored, new bonus
cards and goals; whole games with the expansion stacked alike on both backends, lint clean, fmt round trip."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_backends, played_on_both_backends, run_proc, write_pack

BASE = Path(__file__).parent / "packs" / "wingspan"
PACK = Path(__file__).parent / "packs" / "wingspan_europe"
FOOD = ["invertebrate", "seed", "fish", "fruit", "rodent"]


@pytest.fixture(scope="module")
def backends(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(BASE), (str(PACK),))


@pytest.fixture(params=["compiled", "interpreted"])
def program(backends, request):
    return backends[request.param]


def put(game: Game, name: str, zone: str, seat: int = 0) -> None:
    game.move(game.program.entities[name], game.zone(game.state.players[seat], zone))


def test_a_white_power_is_used_once_as_the_bird_is_played(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    put(game, "common_kingfisher", "hand")
    for f in FOOD:
        you.stock[f] = 0
    you.stock["fish"] = 1
    run_proc(game, "play_bird")   # one bird, one habitat (wetland), the first column: nothing asked
    assert [b.name for b in game.zone(you, "row[wetland]").items] == ["common_kingfisher"]
    assert you.stock["fish"] == 2   # paid 1, then "when played: gain 2 fish"
    run_proc(game, "activate", "wetland")   # no brown power: nothing more, nothing asked
    assert you.stock["fish"] == 2


def test_round_end_powers_come_before_the_goal_is_scored(program):
    game = Game(program, 2, 1)
    you, other = game.state.players
    put(game, "greylag_goose", "row[grassland]")   # round end: an egg on itself
    put(game, "great_tit", "row[forest]")   # round end: draw a card
    put(game, "mallard", "row[wetland]", seat=1)   # no round-end power: the other player is not asked
    game.move(game.program.entities["no_egg_birds"], game.zone(None, "goal_pile"), top=True)
    put(game, "killdeer", "deck")   # the game is not set up: one card to draw
    hand = len(game.zone(you, "hand").items)
    asked = run_proc(game, "end_round", answers=["yes", "yes"])   # yes to each of P1's two birds
    assert [d.prompt for d in asked] == ["use this bird's round-end power?"] * 2
    assert game.field(game.program.entities["greylag_goose"], "eggs") == 1
    assert len(game.zone(you, "hand").items) == hand + 1
    # "birds with no eggs": the goose laid before the goal was scored, so only the tit counts
    assert you.stock["goal_points"] == 1 and other.stock["goal_points"] == 1


def test_new_bonus_cards_count_as_printed(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for n in ["mallard", "mallard#2", "mallard#3", "killdeer", "killdeer#2"]:
        put(game, n, "hand")
    put(game, "visionary_leader", "bonuses")
    run_proc(game, "final_score")
    assert you.stock["score"] == 4   # 5 cards in hand at the end: 4 points (no birds, no goals)

    game = Game(program, 2, 1)
    you = game.state.players[0]
    put(game, "mallard", "row[wetland]")   # brown, 0 points
    put(game, "house_wren", "row[forest]")   # brown, 2 points
    put(game, "chickadee", "row[forest]")   # brown, 2 points
    put(game, "wild_turkey", "row[grassland]")   # no power, 8 points
    put(game, "ethologist", "bonuses")
    run_proc(game, "final_score")
    assert you.stock["score"] == 12 + 2 * 2   # the birds, and 2 a powered bird in the best habitat (forest)


def test_the_new_goals_count_for_each_player(program):
    game = Game(program, 2, 1)
    you = game.state.players[0]
    for f, n in zip(FOOD, [1, 2, 0, 0, 3]):
        you.stock[f] = n
    put(game, "great_tit", "row[forest]")
    game.move(game.program.entities["food_in_supply"], game.zone(None, "goal_pile"), top=True)
    run_proc(game, "end_round", answers=["no"])   # no to the tit's round-end power
    assert you.stock["goal_points"] == 5   # 6 food, at most 5


def test_whole_games_with_the_expansion_are_alike_on_both_backends(tmp_path):
    stacked = write_pack(tmp_path / "stacked", "", name="stacked", extends=[str(PACK.resolve())])
    for seed in (1, 2):
        (game, result), _ = played_on_both_backends(stacked, 2, seed)
        assert result["winners"]
        european = {b.name.split("#")[0] for p in game.state.players for h in ("forest", "grassland", "wetland")
                    for b in game.zone(p, f"row[{h}]").items}
        assert european
