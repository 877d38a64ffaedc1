"""tests/packs/cascadia_lite: Cascadia (lite) written by a designer new to the language (trial31): tiles laid
beside the environment on a hex board, wildlife only on a tile that shows it, nature tokens from keystones,
four tokens of one animal swept from the display, the largest corridor of each habitat, and the wildlife
scoring cards (bear A, elk C, salmon A, hawk A, fox A); both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import func_for, pack_program, played_on_both_backends, run_proc

PACK = Path(__file__).parent / "packs" / "cascadia_lite"

program = pack_program(PACK)


def environment(program, tiles: dict = (), animals: dict = ()) -> Game:
    """A game of two whose first player has the tiles `tiles` ({(q, r): declaration}) and the wildlife
    `animals` ({(q, r): animal}) laid."""
    game = Game(program, 2, 1)
    you = game.state.players[0]
    used: dict = {}
    for (q, r), name in dict(tiles).items():
        used[name] = used.get(name, 0) + 1
        tile = game.program.entities[name if used[name] == 1 else f"{name}#{used[name]}"]
        game.move(tile, game.zone(you, "laid"))
        you.vars[f"tile_at[{q},{r}]"] = tile
    for (q, r), animal in dict(animals).items():
        you.vars[f"animal_at[{q},{r}]"] = animal
    return game


def scored(game: Game, func: str) -> int:
    return func_for(game, func)


def test_the_largest_corridor_of_each_habitat_scores_a_point_a_tile(program):
    # three forests in a row (the third one step up and right: a hex neighbour), and two apart from them
    forests = {(4, 6): "forest_bear_elk", (5, 6): "forest_bear_elk", (6, 5): "forest_bear_elk",
               (9, 9): "forest_fox_hawk", (9, 10): "forest_fox_hawk"}
    game = environment(program, {**forests, (1, 1): "river_salmon_keystone"})
    assert func_for(game, "largest_corridor", "forest") == 3 and func_for(game, "largest_corridor", "river") == 1
    assert scored(game, "habitat_score") == 4
    # (q + 1, r + 1) is no hex neighbour: two forests so placed are two corridors of one
    game = environment(program, {(4, 4): "forest_bear_elk", (5, 5): "forest_bear_elk"})
    assert func_for(game, "largest_corridor", "forest") == 1


def test_bears_score_by_pairs_and_a_group_of_three_is_no_pair(program):
    pairs = {(1, 1): "bear", (2, 1): "bear", (5, 5): "bear", (5, 6): "bear"}
    assert scored(environment(program, animals=pairs), "bear_score") == 11
    three = {(1, 1): "bear", (2, 1): "bear", (3, 1): "bear"}
    assert scored(environment(program, animals=three), "bear_score") == 0


def test_hawks_score_when_no_hawk_is_beside_them(program):
    hawks = {(1, 1): "hawk", (3, 1): "hawk", (5, 5): "hawk", (6, 5): "hawk"}
    # two lone hawks score 5; the two side by side score nothing
    assert scored(environment(program, animals=hawks), "hawk_score") == 5


def test_a_salmon_run_scores_by_its_length_a_salmon_with_three_beside_breaks_it(program):
    run = {(1, 1): "salmon", (2, 1): "salmon", (3, 1): "salmon"}
    assert scored(environment(program, animals=run), "salmon_score") == 7
    # with 2,2 added, 2,1 touches 1,1, 3,1 and 2,2: three salmon, so the group is no run
    clump = {**run, (2, 2): "salmon"}
    assert scored(environment(program, animals=clump), "salmon_score") == 0


def test_a_fox_scores_each_animal_beside_it_once(program):
    around = {(5, 5): "fox", (6, 5): "bear", (4, 5): "bear", (5, 4): "elk", (5, 6): "fox"}
    # the fox at 5,5 sees bear, elk and fox (3); the fox at 5,6 sees the fox at 5,5 and the bear at 4,5
    # (4,5 is 5,6 one step back along q and forward along r: a hex neighbour)
    assert scored(environment(program, animals=around), "fox_score") == 3 + 2


def test_elk_groups_score_by_size(program):
    elk = {(1, 1): "elk", (2, 1): "elk", (8, 8): "elk"}
    assert scored(environment(program, animals=elk), "elk_score") == 4 + 2


def test_a_tile_is_laid_beside_the_environment(program):
    game = environment(program, {(6, 6): "forest_bear_elk"})
    tile = game.program.entities["river_salmon_bear"]
    asked = run_proc(game, "lay_tile", tile, answers=["7,6"])
    assert sorted(asked[0].options) == sorted(["5,6", "7,6", "6,5", "6,7", "7,5", "5,7"])
    assert game.state.players[0].vars["tile_at[7,6]"] is tile


def test_a_token_goes_on_a_tile_that_shows_it_and_a_keystone_gives_a_nature_token(program):
    game = environment(program, {(6, 6): "forest_bear_elk", (7, 6): "river_salmon_keystone",
                                 (6, 7): "wetland_salmon_hawk"})
    you = game.state.players[0]
    salmon = game.program.entities["salmon_token"]
    asked = run_proc(game, "place_token", salmon, answers=["7,6"])
    assert asked[0].options == ["6,7", "7,6", "return it to the bag"]
    assert you.vars["animal_at[7,6]"] == "salmon" and you.stock["nature"] == 1
    # a fox has no tile showing it: it can only go back to the bag
    fox = game.program.entities["fox_token"]
    run_proc(game, "place_token", fox)
    assert fox in game.zone(None, "bag").items and you.stock["nature"] == 1


def test_four_tokens_of_one_animal_are_swept_away(program):
    game = Game(program, 2, 1)

    def token(declaration: str, k: int):
        return game.program.entities[declaration if k == 1 else f"{declaration}#{k}"]

    for i in range(1, 5):
        game.move(token("hawk_token", i), game.zone(None, f"tokens[{i}]"))
    game.lay_out(None, "tokens")
    # the bag holds the other 96 tokens, one of each animal after another from its top
    for k in range(1, 21):
        for declaration in ("bear_token", "elk_token", "salmon_token", "hawk_token", "fox_token"):
            if not (declaration == "hawk_token" and k <= 4):
                game.move(token(declaration, k), game.zone(None, "bag"))
    run_proc(game, "sweep_display")
    shown = [game.zone(None, f"tokens[{i}]").items[0].fields["animal"] for i in range(1, 5)]
    assert shown == ["bear", "elk", "salmon", "fox"]   # hawks 1 to 4 were on display
    assert game.messages == ["P1: four Hawk tokens: they are swept away"]
    assert len(game.zone(None, "bag").items) == 100 - 4
    # three of one animal stay (the printed game lets the player sweep them: not in this lite pack)
    run_proc(game, "sweep_display")
    assert len(game.messages) == 1


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 3)])
def test_random_games_score_on_both_backends(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        for p in game.state.players:
            assert len(game.zone(p, "laid").items) == 11   # the first tile and one a turn
            assert p.stock["points"] == func_for(game, "score", seat=game.state.players.index(p))
