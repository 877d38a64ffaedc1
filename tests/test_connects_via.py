"""`connects(p from START to GOAL via NEXT [through q where PASSABLE])` (branch trial31): whether a place of
GOAL is reached from START by a rule of neighbours, the question of a connection game (Hex: a chain of one's
stones from one side to the other) and of a maze (Forbidden Island: a pawn can still walk to Fools' Landing).
Both backends alike; the search ends at the first goal reached; E662 (connects without `to`), E663
(`to` on reachable); printed back and read aloud."""

from __future__ import annotations

import pytest

from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import analyse_text, found_at, printed_back, rules_programs, the_one_error

# Forbidden Island on a square grid, for illustration: a pawn walks over the tiles not sunk
ISLAND = """
record tile "{x},{y}" { x: 1..5; y: 1..5; }
var sunk[tile] "Sunk" global: bool = false;
var pawn_at "Pawn": tile = none;
counter vp;
func landing(): tile = tile(x = 3, y = 3);
func dry_beside(t: tile): list of tile = gather(n in neighbours(t) where not sunk[n], [n]);
func can_escape(): bool = connects(t from pawn_at to landing() via dry_beside(t));
func corners(): list of tile = [tile(x = 1, y = 1), tile(x = 5, y = 5)];
func to_a_corner(): bool = connects(t from pawn_at to corners() via dry_beside(t));
func by_hand(): bool = contains(reachable(t from pawn_at via dry_beside(t)), landing());
func passing(): bool = connects(t from pawn_at to landing() via neighbours(t) through q where not sunk[q]);
func nowhere(): bool = connects(t from pawn_at to [] via dry_beside(t));
func to_none(): bool = connects(t from pawn_at to none via dry_beside(t));
"""

program = rules_programs(ISLAND)


def tile(x: int, y: int) -> Record:
    return Record("tile", {"x": x, "y": y})


def island(program, pawn: tuple, sunk: list) -> Game:
    game = Game(program(), 2, 1)
    game.state.players[0].vars["pawn_at"] = tile(*pawn)
    for x, y in sunk:
        game.state.gvars[f"sunk[{x},{y}]"] = True
    return game


def asks(game: Game, func: str) -> bool:
    return game.program.funcs[func](game, game.state.players[0])


# the landing 3,3 ringed by sunk tiles: nothing reaches it from outside
RING = [(2, 2), (3, 2), (4, 2), (2, 3), (4, 3), (2, 4), (3, 4), (4, 4)]


@pytest.mark.parametrize("pawn, sunk, escapes", [
    ((1, 1), [], True),
    ((1, 1), RING, False),
    ((1, 1), [(2, 2), (3, 2), (4, 2), (2, 3), (4, 3), (2, 4), (4, 4)], True),   # 3,4 dry: the way in
    ((3, 3), RING, True),                                                      # on the landing already
    ((5, 5), [(4, 5), (5, 4)], False),                                         # cut off in a corner
])
def test_whether_a_pawn_can_walk_to_the_landing(program, pawn, sunk, escapes):
    game = island(program, pawn, sunk)
    assert asks(game, "can_escape") is escapes
    assert asks(game, "by_hand") is escapes   # the same answer as the list of every place reached


def test_a_goal_of_several_places_is_reached_when_any_is(program):
    assert asks(island(program, (2, 2), [(1, 2), (2, 1), (5, 4), (4, 5)]), "to_a_corner") is False
    assert asks(island(program, (2, 2), [(1, 2), (2, 1)]), "to_a_corner") is True
    assert asks(island(program, (1, 1), []), "nowhere") is False and asks(island(program, (1, 1), []), "to_none") is False


def test_a_place_through_fails_may_still_be_the_goal(program):
    # the landing is sunk: no dry tile leads onto it, but a walk may end on it, as the edge form's TO
    game = island(program, (3, 1), [(3, 3)])
    assert asks(game, "passing") is True and asks(game, "can_escape") is False
    # sunk tiles on the way are not passed through
    assert asks(island(program, (1, 1), RING), "passing") is False


def test_the_search_ends_at_the_first_goal_reached(program):
    game = island(program, (3, 2), [])
    before = game.steps
    asks(game, "can_escape")
    near = game.steps - before
    before = game.steps
    asks(game, "by_hand")
    assert near < (game.steps - before) / 2   # the list reaches every tile of the board


@pytest.mark.parametrize("text, code, column", [
    ("func bad(): bool = connects(t from pawn_at via dry_beside(t));", "E662", 20),
    ("func bad(): list = reachable(t from pawn_at to landing() via dry_beside(t));", "E663", 48),
    ("func bad(): bool = connects(t from pawn_at to 3 via dry_beside(t));", "E303", 47),      # GOAL of another type
    ("func bad(): bool = connects(t from pawn_at to landing() via 3);", "E303", 61),          # NEXT no list
    ("func bad(): list = shortest_path(t from pawn_at via dry_beside(t));", "E388", 20),
])
def test_misuse_is_diagnosed(text, code, column):
    line = ISLAND.count("\n") + 1
    the_one_error(analyse_text(ISLAND + text + "\n"), code, line=line)
    assert (code, line, column) in found_at(ISLAND + text + "\n")


def test_the_hints_write_the_other_search():
    d = next(d for d in analyse_text(ISLAND + "func bad(): bool = connects(t from pawn_at via dry_beside(t));\n")
             .diagnostics if d.code == "E662")
    assert d.hint == "'connects(t from pawn_at to GOAL via ...)'"
    d = next(d for d in analyse_text(ISLAND + "func bad(): list = reachable(t from pawn_at to landing() via [t]);\n")
             .diagnostics if d.code == "E663")
    assert d.hint == "'connects(t from pawn_at to landing() via ...)'"


def test_printed_back_and_read():
    module, printed = printed_back(ISLAND + "func long_one(): bool = connects(place from [pawn_at, landing()] "
                                   "to corners() via gather(n in neighbours(place) where not sunk[n] and n != landing(), "
                                   "[n]) through q where q != landing());\n")
    assert "connects(t from pawn_at to landing() via dry_beside(t))" in printed
    func = next(d for d in module.items if getattr(d, "name", None) == "can_escape")
    reading = " ".join(explain(func))
    assert "whether “landing” is reached from pawn_at (or is one of its places)" in reading and "going from each place t reached to" in reading
