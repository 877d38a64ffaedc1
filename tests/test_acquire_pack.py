"""tests/packs/acquire: Acquire written by a designer new to the language (the trial10 session, whose tile
neighbours gave the false E303 of two `if ... then [x] else []` joined): the price table by size and tier, a chain
founded with its free share, a merger's survivor and its majority and minority bonuses (a sole holder takes both,
a tie shares them rounded up to $100), the holders selling and trading 2 for 1, a tile between two safe chains
unplayable; both backends alike; lint clean and in canonical form."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.runtime.engine import Game

from .conftest import pack_program, played_on_both_backends, run_proc

PACK = str(Path(__file__).parent / "packs" / "acquire")
CHAINS = ("tower", "luxor", "american", "worldwide", "festival", "imperial", "continental")


program = pack_program(PACK)


def tile(name: str) -> int:
    """A tile's number from its name on the board: 1A is 1, 12A 12, 1B 13, 12I 108."""
    return (ord(name[-1]) - ord("A")) * 12 + int(name[:-1])


def empty(program, players: int = 3) -> Game:
    """A game past its setup with an empty board, each player holding no tile and no share."""
    game = Game(program, players, 1)
    game.start()
    for t in range(1, 109):
        game.state.gvars[f"placed[{t}]"], game.state.gvars[f"owner[{t}]"] = False, None
    for p in game.state.players:
        p.vars["hand"] = []
    return game


def lay(game: Game, chain, *names: str) -> None:
    for n in names:
        game.state.gvars[f"placed[{tile(n)}]"], game.state.gvars[f"owner[{tile(n)}]"] = True, chain


def play_tile(game: Game, name: str, player: int = 0, answers=()) -> list:
    game.state.players[player].vars["hand"] = [tile(name)]
    return run_proc(game, "place", tile(name), player=player, answers=answers)


def chain_tiles(game: Game, chain: str) -> list[int]:
    return [t for t in range(1, 109) if game.state.gvars[f"owner[{t}]"] == chain]


def func(game: Game, name: str, *args):
    return game.program.funcs[name](game, game.state.players[0], *args)


def test_tiles_are_named_by_column_and_row():
    assert [tile("1A"), tile("12A"), tile("1B"), tile("12I")] == [1, 12, 13, 108]


def test_the_price_table_by_size_and_tier(program):
    game = empty(program)
    lay(game, "tower", "1A", "2A")
    lay(game, "imperial", *[f"{c}C" for c in range(1, 12)])
    lay(game, "american", *[f"{c}{r}" for r in "EFGH" for c in range(1, 12)][:41])
    assert [func(game, "price", c) for c in ("tower", "imperial", "american", "luxor")] == [200, 700 + 200, 1000 + 100, 0]
    assert func(game, "safe", "imperial") and not func(game, "safe", "tower")


def test_a_tile_next_to_loose_tiles_founds_a_chain_with_a_free_share(program):
    game = empty(program)
    lay(game, None, "5D", "5E")
    play_tile(game, "6D", answers=["Festival"])
    assert chain_tiles(game, "festival") == [tile("5D"), tile("6D"), tile("5E")]
    assert game.state.players[0].stock["shares[festival]"] == 1


def test_a_merger_pays_the_bonuses_and_the_holders_sell_trade_or_keep(program):
    game = empty(program)
    lay(game, "luxor", "1A", "2A", "3A", "4A")              # 4 tiles: Luxor's price $400
    lay(game, "american", "6A", "7A", "8A", "9A", "10A")    # 5 tiles: the survivor
    p1, p2, p3 = game.state.players
    p1.stock["shares[luxor]"], p2.stock["shares[luxor]"], p3.stock["shares[luxor]"] = 2, 5, 5
    p1.stock["money"] = p2.stock["money"] = p3.stock["money"] = 0
    # P1 plays 5A between them and sells its 2 (then has none to trade); P2 and P3 keep theirs
    play_tile(game, "5A", answers=["2", "0", "0", "0", "0"])
    assert chain_tiles(game, "american") == [tile(f"{c}A") for c in range(1, 11)] and chain_tiles(game, "luxor") == []
    # P2 and P3 tie for the majority: $4000 + $2000 shared, $3000 each; P1 sold 2 at $400
    assert [p.stock["money"] for p in game.state.players] == [800, 3000, 3000]
    assert [p.stock["shares[luxor]"] for p in game.state.players] == [0, 5, 5]


def test_a_sole_holder_takes_both_bonuses_and_trades_two_for_one(program):
    game = empty(program)
    lay(game, "tower", "1A", "2A")                          # 2 tiles: $200
    lay(game, "continental", "4A", "5A", "6A")
    p1 = game.state.players[0]
    p1.stock["shares[tower]"], p1.stock["money"] = 5, 0
    play_tile(game, "3A", answers=["1", "2"])               # sells 1, trades 4 for 2 Continental
    assert p1.stock["money"] == 2000 + 1000 + 200
    assert p1.stock["shares[tower]"] == 0 and p1.stock["shares[continental]"] == 2


def test_a_minority_tie_is_shared_rounded_up_to_100(program):
    game = empty(program, 4)
    lay(game, "worldwide", "1A", "2A", "3A")                # 3 tiles, middle tier: $400
    p1, p2, p3, p4 = game.state.players
    for p, n in zip(game.state.players, (6, 2, 2, 2)):
        p.stock["shares[worldwide]"], p.stock["money"] = n, 0
    run_proc(game, "bonuses", "worldwide")
    assert [p.stock["money"] for p in game.state.players] == [4000, 700, 700, 700]   # $2000 / 3 = 666, up to 700


def test_a_tile_between_two_safe_chains_is_unplayable(program):
    game = empty(program)
    lay(game, "tower", *[f"{c}A" for c in range(1, 12)])
    lay(game, "luxor", *[f"{c}C" for c in range(1, 12)])
    assert not func(game, "playable", tile("5B"))
    lay(game, "luxor")
    game.state.gvars[f"owner[{tile('11C')}]"] = None
    game.state.gvars[f"placed[{tile('11C')}]"] = False
    assert func(game, "playable", tile("5B"))               # Luxor has 10 tiles: not safe


@pytest.mark.parametrize("players,seed", [(3, 1), (6, 2)])
def test_random_games_agree_on_both_backends_and_sell_every_share_of_a_chain_on_the_board(players, seed):
    for game, result in played_on_both_backends(PACK, players, seed):
        # the shares of a defunct chain kept and never founded again are worth nothing
        on_board = {game.state.gvars[f"owner[{t}]"] for t in range(1, 109)} - {None}
        assert on_board and all(p.stock[f"shares[{c}]"] == 0 for p in game.state.players for c in on_board)
        assert result["winners"]
