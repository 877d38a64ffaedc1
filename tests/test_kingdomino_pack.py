"""tests/packs/kingdomino: Kingdomino written by a designer new to the language (the session's trial6): the 48
dominoes' terrains and crowns, a domino joined to its terrain or the castle within 5x5, a domino that cannot
be placed discarded, the turn order set by the kings on the new line, regions scored squares times crowns;
both backends alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game
from rulebook.runtime.state import Record

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "kingdomino")


program = pack_program(PACK)


def cell(x: int, y: int) -> Record:
    return Record("cell", {"x": x, "y": y})


def lay(game: Game, x: int, y: int, land: str, crowns: int = 0, player: int = 0) -> None:
    run_proc(game, "lay", cell(x, y), land, crowns, player=player)


def kingdom(program, rows: dict, player: int = 0) -> Game:
    """A game whose player has a castle at (5, 5) and the squares given as {(x, y): (land, crowns)}."""
    game = Game(program, 2, 1)
    lay(game, 5, 5, "castle", player=player)
    for (x, y), (land, crowns) in rows.items():
        lay(game, x, y, land, crowns, player=player)
    return game


def test_48_dominoes_with_the_games_terrains_and_crowns(program):
    game = Game(program, 4, 1)
    dominoes = [e for e in game.program.entities.values() if e.kind == "domino"]
    assert sorted(d.fields["number"] for d in dominoes) == list(range(1, 49))
    squares, crowns = {}, {}
    for d in dominoes:
        for half in ("a", "b"):
            land = d.fields[half]
            squares[land] = squares.get(land, 0) + 1
            crowns[land] = crowns.get(land, 0) + d.fields[f"{half}_crowns"]
    assert squares == {"wheat": 26, "forest": 22, "lake": 18, "grass": 14, "swamp": 10, "mine": 6}
    assert crowns == {"wheat": 5, "forest": 6, "lake": 6, "grass": 6, "swamp": 6, "mine": 10}


def test_a_region_scores_its_squares_times_its_crowns(program):
    # the rulebook's kind of example: 3 lake squares with 2 crowns (6), 2 forest with 1 (2), a lone mine
    # with 2 (2), a wheat field with no crown (0)
    game = kingdom(program, {(4, 5): ("lake", 1), (3, 5): ("lake", 0), (3, 4): ("lake", 1),
                             (6, 5): ("forest", 0), (7, 5): ("forest", 1), (5, 6): ("mine", 2),
                             (5, 4): ("wheat", 0), (6, 4): ("wheat", 0)})
    assert game.program.funcs["kingdom_score"](game, game.state.players[0]) == 6 + 2 + 2


def test_a_domino_joins_its_terrain_or_the_castle_within_five_by_five(program):
    game = kingdom(program, {(6, 5): ("forest", 0), (7, 5): ("forest", 0), (8, 5): ("lake", 0), (9, 5): ("lake", 0)})
    you = game.state.players[0]
    ok = lambda a, b, d: game.program.funcs["pair_ok"](game, you, cell(*a), cell(*b), game.program.entities[d])
    assert ok((5, 4), (5, 3), "d01")   # wheat beside the castle
    assert not ok((6, 6), (6, 7), "d01")   # wheat beside forest only
    assert ok((6, 6), (6, 7), "d03")   # forest beside forest
    assert not ok((4, 5), (3, 5), "d03")   # the row is five wide already (5 to 9): 4 is a sixth column
    assert not ok((6, 5), (6, 4), "d03")   # a square taken


def test_a_domino_that_cannot_be_placed_is_discarded(program):
    game = kingdom(program, {(x, y): ("mine", 0) for x in range(3, 8) for y in range(3, 8) if (x, y) != (5, 5)})
    d = game.program.entities["d01"]
    game.move(d, game.zone(None, "current"))
    asked = run_proc(game, "place", d)
    assert asked == [] and d in game.zone(None, "discarded").items
    assert game.messages[-1].endswith("P1 cannot place domino 1: it is discarded")


def test_the_kings_on_the_new_line_set_the_next_order(program):
    game = Game(program, 3, 4)
    decision = game.start()
    claims = []
    while decision.prompt == "put your king on which domino?":
        claims.append((decision.player.name, decision.options[-1]))
        decision = game.apply(decision.options[-1])   # each takes the highest number left
    assert [p for p, _ in claims] == ["P1", "P2"]   # P3 is left the last domino, unasked
    # the next round: the lowest number first: P3's domino, then P2's, then P1's
    assert decision.player.name == "P3"


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_use_every_domino_dealt_and_agree_on_both_backends(players, seed):
    dealt = {2: 24, 3: 36, 4: 48}[players]
    for game, result in played_on_both_backends(PACK, players, seed):
        placed = sum(len(game.zone(p, "kingdom").items) for p in game.state.players)
        assert placed + len(game.zone(None, "discarded").items) == dealt
        for p in game.state.players:
            xs = [k for k, v in p.vars.items() if k.startswith("land_at[") and v not in (None, "empty")]
            assert len(xs) == 1 + 2 * len(game.zone(p, "kingdom").items) <= 25
