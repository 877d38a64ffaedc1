"""tests/packs/sheriff: Sheriff of Nottingham (simplified) written by a designer new to the language: the deck's
goods, an honest bag opened (the sheriff pays), a lie caught (the merchant pays for the undeclared goods, which
are confiscated), a bribe taken when the bag passes, the King's and Queen's bonuses; both backends alike."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, pack_program, played_on_both_backends

PACK = str(Path(__file__).parent / "packs" / "sheriff")


program = pack_program(PACK)


def load(game: Game, player: int, zone: str, goods: list[str]) -> None:
    """Put copies of goods (`apple`, `silk`, ...) not yet placed into a player's zone."""
    placed = set()
    for h in game.state.players:
        for z in ("bag", "stand", "hand"):
            placed |= {c.name for c in game.zone(h, z).items}
    for good in goods:
        card = next(e for n, e in game.program.entities.items()
                    if e.name.split("#")[0] == f"{good}_card" and n not in placed)
        placed.add(card.name)
        game.move(card, game.zone(game.state.players[player], zone))


def declare(game: Game, player: int, good: str) -> None:
    game.state.players[player].vars["declared"] = good


def inspect(game: Game, bribe: str, opens: str) -> None:
    """P1, the sheriff, answers P2's bag: P2 offers `bribe`, P1 opens or not."""
    sheriff, merchant = game.state.players[0], game.state.players[1]
    answer_by_prompt(game.program.procs["inspect"](game, sheriff, merchant),
                     {"offer": bribe, "open": opens})


def gold(game: Game) -> list[int]:
    return [p.stock["gold"] for p in game.state.players]


def stand(game: Game, player: int) -> list[str]:
    return sorted(c.title for c in game.zone(game.state.players[player], "stand").items)


def test_the_deck_holds_the_legal_goods_and_contraband_of_the_rulebook(program):
    counts = Counter(e.title for e in program.entities.values() if e.kind == "goods")
    assert counts == {"Apples": 48, "Cheese": 36, "Bread": 36, "Chicken": 24,
                      "Pepper": 22, "Mead": 21, "Silk": 12, "Crossbow": 5}


def test_an_honest_bag_opened_costs_the_sheriff_its_penalties(program):
    game = Game(program, 3, 1)
    load(game, 1, "bag", ["cheese", "cheese", "cheese"])
    declare(game, 1, "cheese")
    inspect(game, "0", "yes")
    assert gold(game) == [50 - 6, 50 + 6, 50] and stand(game, 1) == ["Cheese"] * 3


def test_a_lie_caught_pays_the_undeclared_goods_penalties_and_loses_them(program):
    game = Game(program, 3, 1)
    load(game, 1, "bag", ["apple", "apple", "silk", "pepper"])   # declared 4 apples
    declare(game, 1, "apples")
    inspect(game, "3", "yes")   # the bribe offered is not paid: the bag was opened
    assert gold(game) == [50 + 8, 50 - 8, 50] and stand(game, 1) == ["Apples", "Apples"]
    assert sorted(c.title for c in game.zone(None, "discards").items) == ["Pepper", "Silk"]


def test_a_bag_let_through_keeps_its_contraband_and_pays_the_bribe(program):
    game = Game(program, 3, 1)
    load(game, 1, "bag", ["bread", "crossbow"])
    declare(game, 1, "bread")
    inspect(game, "5", "no")
    assert gold(game) == [55, 45, 50] and stand(game, 1) == ["Bread", "Crossbow"]


def test_kings_and_queens_bonuses(program):
    game = Game(program, 3, 1)
    load(game, 0, "stand", ["apple"] * 3 + ["cheese"] * 2)
    load(game, 1, "stand", ["apple"] * 2 + ["cheese"] * 2)
    load(game, 2, "stand", ["apple"] * 2 + ["chicken"])
    answer_by_prompt(game.program.procs["final_scoring"](game, game.state.players[0]), {})
    points = [p.stock["points"] for p in game.state.players]
    goods = [3 * 2 + 2 * 3, 2 * 2 + 2 * 3, 2 * 2 + 4]
    # apples: P1 King (20), P2 and P3 Queen (10 each); cheese: P1 and P2 tied for King (15 each, no Queen);
    # chickens: P3 King (10), nobody else has any
    assert points == [50 + goods[0] + 20 + 15, 50 + goods[1] + 10 + 15, 50 + goods[2] + 10 + 10]


@pytest.mark.parametrize("players", [3, 5])
def test_random_games_agree_on_both_backends(players):
    for game, result in played_on_both_backends(PACK, players, 1):
        assert sum(len(game.zone(p, "bag").items) for p in game.state.players) == 0
        assert len(game.zone(None, "deck").items) + len(game.zone(None, "discards").items) + sum(
            len(game.zone(p, z).items) for p in game.state.players for z in ("hand", "stand")) == 204
