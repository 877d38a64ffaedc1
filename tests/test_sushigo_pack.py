"""tests/packs/sushigo: Sushi Go! written by a designer new to the language: everyone picks in secret at
once (`each players simultaneously pick ... at least 1 up to N`, two with Chopsticks), hands passed left,
the round's scoring (Maki, Tempura, Sashimi, Dumplings, Nigiri on Wasabi) and the Puddings at the end, both
backends alike."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "sushigo")


program = pack_program(PACK)


def copies(game: Game, name: str) -> list:
    """Every copy of a declared dish (`salmon`, `salmon#2`, ...), in order."""
    return [e for e in game.program.entities.values() if e.kind == "dish" and e.name.split("#")[0] == name]


def give(game: Game, player: int, zone: str, names: list[str]) -> None:
    """Move a copy of each named dish that no player holds yet into a player's zone."""
    for name in names:
        held = {id(c) for p in game.state.players for z in ("hand", "tableau", "desserts")
                for c in game.zone(p, z).items}
        entity = next(c for c in copies(game, name) if id(c) not in held)
        game.move(entity, game.zone(game.state.players[player], zone))


def points(game: Game) -> list[int]:
    return [p.stock["points"] for p in game.state.players]


def test_the_deck_holds_the_108_cards(program):
    game = Game(program, 2, 1)
    dishes = Counter(e.fields["food"] for e in game.program.entities.values() if e.kind == "dish")
    assert sum(dishes.values()) == 108
    assert [dishes[f] for f in ("tempura", "sashimi", "dumpling", "maki", "nigiri", "pudding", "wasabi",
                                "chopsticks")] == [14, 14, 14, 26, 20, 10, 6, 4]


def test_the_round_scores_maki_tempura_sashimi_and_dumplings(program):
    game = Game(program, 3, 1)
    give(game, 0, "tableau", ["maki3", "maki2", "tempura_card", "tempura_card", "tempura_card", "dumpling_card"])
    give(game, 1, "tableau", ["maki2", "maki2", "maki1", "sashimi_card", "sashimi_card", "sashimi_card",
                              "dumpling_card", "dumpling_card", "dumpling_card", "dumpling_card"])
    give(game, 2, "tableau", ["maki2", "sashimi_card", "sashimi_card"])
    run_proc(game, "score_round")
    # P1 and P2 tie on 5 rolls: 6 split, no second place; a pair of Tempura 5 (the third scores nothing);
    # one Dumpling 1, four 10; three Sashimi 10, two nothing
    assert points(game) == [3 + 5 + 1, 3 + 10 + 10, 0]
    assert all(not game.zone(p, "tableau").items for p in game.state.players)


def test_second_place_in_maki_is_split_when_the_first_is_alone(program):
    game = Game(program, 4, 1)
    give(game, 0, "tableau", ["maki3", "maki3"])
    give(game, 1, "tableau", ["maki2"])
    give(game, 2, "tableau", ["maki1", "maki1"])
    run_proc(game, "score_round")
    assert points(game) == [6, 1, 1, 0]


def test_a_nigiri_on_a_wasabi_played_before_it_is_tripled(program):
    game = Game(program, 2, 1)
    squid, wasabi, egg = copies(game, "squid")[0], copies(game, "wasabi_card")[0], copies(game, "egg")[0]
    run_proc(game, "eat", squid)
    run_proc(game, "eat", wasabi)
    run_proc(game, "eat", egg)
    assert points(game) == [3 + 3 * 1, 0]


def test_chopsticks_take_two_cards_and_go_back_into_the_hand_passed_on(program):
    game = Game(program, 2, 1)
    give(game, 0, "tableau", ["chopsticks_card"])
    give(game, 0, "hand", ["salmon", "squid", "tempura_card"])
    give(game, 1, "hand", ["egg", "dumpling_card", "maki1"])
    asked = run_proc(game, "turn", answers=["Squid Nigiri", "Salmon Nigiri", "Dumpling"])
    assert [d.player.name for d in asked] == ["P1", "P1", "P2"]
    tableau = sorted(c.name for c in game.zone(game.state.players[0], "tableau").items)
    assert tableau == ["salmon", "squid"] and points(game) == [5, 0]
    # the hands went round: P2 now holds P1's Tempura and the Chopsticks, P1 holds P2's two left
    assert sorted(c.name for c in game.zone(game.state.players[1], "hand").items) == ["chopsticks_card",
                                                                                     "tempura_card"]
    assert sorted(c.name for c in game.zone(game.state.players[0], "hand").items) == ["egg", "maki1"]


def test_puddings_most_gain_6_fewest_lose_6_but_not_with_two_players(program):
    game = Game(program, 3, 1)
    give(game, 0, "desserts", ["pudding_card"] * 3)
    give(game, 1, "desserts", ["pudding_card"] * 3)
    give(game, 2, "desserts", ["pudding_card"])
    run_proc(game, "score_puddings")
    assert points(game) == [3, 3, -6]
    game = Game(program, 2, 1)
    give(game, 0, "desserts", ["pudding_card"] * 2)
    run_proc(game, "score_puddings")
    assert points(game) == [6, 0]


@pytest.mark.parametrize("players", [2, 3, 5])
def test_random_games_deal_three_rounds_and_agree_on_both_backends(players):
    dealt = {2: 10, 3: 9, 5: 7}[players]
    for game, result in played_on_both_backends(PACK, players, 3):
        assert len(game.zone(None, "deck").items) == 108 - 3 * dealt * players
        assert all(not game.zone(p, "hand").items and not game.zone(p, "tableau").items for p in game.state.players)
        assert result["scores"]
