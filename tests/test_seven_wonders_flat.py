"""7 Wonders' cost per decision over a game (runtime/kernels.py, Game.keyed): what is kept so that a
decision late in a game costs what an early one does (the index of a city by title, a market kept while the cards built
change none of its productions, with the quotes it answered, a price list kept while no modifier that
can apply to the player changes) gives what working it out afresh gives, and follows every change
of what it depends on."""

from __future__ import annotations

from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulebook.runtime import kernels
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.kernels import KERNELS, NOTHING_TAKEN, _counted, _Market

from .conftest import drive, examples, pack_backends
from .test_speed import put, table

RULES = Path(__file__).resolve().parent.parent / "rules"


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    """7 Wonders, compiled and interpreted."""
    return pack_backends(tmp_path_factory, str(RULES / "seven_wonders"))


@pytest.fixture(scope="module")
def cities(tmp_path_factory):
    """7 Wonders with Cities (mirrored choices, the Docks' once-only discounts each turn)."""
    return pack_backends(tmp_path_factory, str(RULES / "seven_wonders"), (str(RULES / "seven_wonders_cities"),))


def quoted_afresh(game, you, item) -> int:
    """`quote` with nothing kept: the market laid out from the cards as they stand."""
    needs = game.field(item, "needs")
    if not needs:
        return 0
    kept, game.memo = game.memo, {}
    try:
        return _Market.of(game, you).cheapest(_counted(needs), NOTHING_TAKEN)
    finally:
        game.memo = kept


def play_checked(program, players: int, seed: int) -> tuple[int, int]:
    """Play a random game in which every `quote` and every keyed search of a zone (`owns`, `chained`,
    `coloured`: `Game.keyed`) is checked against the answer worked out afresh; (the quotes answered
    from a kept market, the keyed searches)."""
    quote, keyed = KERNELS["quote"], Game.keyed
    counts = {"kept": 0, "keyed": 0}

    def checked_quote(game, you, item):
        needs = game.field(item, "needs")
        if needs and tuple(needs) in kernels._market(game, you).quoted:
            counts["kept"] += 1
        answer = quote.fn(game, you, item)
        assert answer == quoted_afresh(game, you, item)
        return answer

    def checked_keyed(game, op, ref, name, value):
        answer = keyed(game, op, ref, name, value)
        assert answer == scanned(game, op, ref, name, value)
        counts["keyed"] += 1
        return answer

    game = Game(program, players, seed, [RandomAgent(seed + i) for i in range(players)])
    with mock.patch.dict(KERNELS, {"quote": kernels.Kernel(checked_quote, quote.arity, quote.doc, quote.sets, quote.gives)}), \
            mock.patch.object(Game, "keyed", checked_keyed):
        game.play()
    return counts["kept"], counts["keyed"]


def scanned(game, op: str, ref, name: str, value):
    """A keyed search worked out by reading every item of the zone."""
    found = [e for e in ref.items if game.field(e, name) == value]
    return {"some": bool(found), "count": len(found), "first": found[0] if found else None}[op]


@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10 ** 6), st.integers(3, 7), st.booleans())
def test_kept_quotes_and_titles_equal_fresh_ones_in_random_games(base, cities, seed, players, with_cities):
    kept, searches = play_checked((cities if with_cities else base)["compiled"], players, seed)
    assert searches > 0


def test_kept_quotes_are_used_and_right_under_both_backends(base):
    for backend in ("compiled", "interpreted"):
        kept = sum(play_checked(base[backend], 4, seed)[0] for seed in range(3))
        assert kept > 0   # a market outlives the turn that laid it out


def holds(g: Game, seat: int, title: str) -> bool:
    """`owns` as the compiled rules ask it: a keyed search of the player's city by title."""
    return g.keyed("some", g.state.players[seat].refs["city"], "title", title)


def field_reads(g: Game) -> list:
    """Counts the entity fields `g` reads from now on (into the list returned)."""
    reads, field = [], g.field
    g.field = lambda e, name: reads.append(name) or field(e, name)
    return reads


def test_the_index_of_a_city_follows_cards_built_taken_away_and_titles_set(base):
    g = table(base["compiled"])
    put(g, 0, "city", "altar")
    assert holds(g, 0, "Altar") and not holds(g, 0, "Baths")
    put(g, 0, "city", "baths")
    reads = field_reads(g)
    assert holds(g, 0, "Altar") and holds(g, 0, "Baths")
    assert reads == ["title"]                           # only the card added is read
    assert holds(g, 0, "Baths") and reads == ["title"]  # and nothing while the city stays as it is
    assert not holds(g, 1, "Altar")                     # another city has its own index
    put(g, 0, "discards", "altar")                      # a card leaving the city
    assert not holds(g, 0, "Altar") and holds(g, 0, "Baths")
    g.set_field(g.program.entities["baths"], "title", "Temple")   # a title set during play
    assert holds(g, 0, "Temple") and not holds(g, 0, "Baths")


def test_owns_and_chained_are_plain_searches_and_the_kernel_is_gone():
    source = (RULES / "seven_wonders" / "game.rules").read_text()
    assert "in_city" not in source and "in_city" not in KERNELS
    assert "func owns(c: card) = some(x in city where x.title == c.title);" in source


def baths_price(g: Game) -> int:
    return KERNELS["quote"].fn(g, g.state.players[0], g.program.entities["baths"])


def test_a_card_adding_no_production_keeps_the_market_and_one_adding_some_does_not(base):
    g = table(base["compiled"])
    you = g.state.players[0]
    put(g, 0, "chosen", "baths")
    put(g, 1, "city", "stone_pit")                      # a neighbour sells stone
    assert baths_price(g) == 2
    kept = kernels._market(g, you)
    put(g, 0, "city", "altar")                          # blue: no production
    put(g, 1, "city", "altar#2")
    assert kernels._market(g, you) is kept and baths_price(g) == 2
    put(g, 2, "city", "stone_pit#2")                    # the other neighbour sells stone too
    assert kernels._market(g, you) is not kept and baths_price(g) == 2
    put(g, 0, "city", "ore_vein")                       # your own production grows
    assert kernels._market(g, you) is not kept
    put(g, 0, "city", "stone_pit")                      # taken from the neighbour who sold it
    assert baths_price(g) == 0


def test_another_players_trading_post_leaves_your_price_list_and_yours_changes_it(base):
    g = table(base["compiled"])
    you, other = g.state.players[0], g.state.players[1]
    put(g, 0, "chosen", "baths")
    put(g, 2, "city", "stone_pit")
    assert baths_price(g) == 2
    prices = kernels._prices(g, you)
    post = g.program.entities["east_trading_post"]
    put(g, 1, "city", "east_trading_post")
    drive(g, post.effects["built"](g, other, post))     # the other player's modifier comes into force
    assert kernels._prices(g, you) is prices and baths_price(g) == 2
    assert kernels._prices(g, other) is not prices
    mine = g.program.entities["east_trading_post#2"]
    put(g, 0, "city", "east_trading_post#2")
    drive(g, mine.effects["built"](g, you, mine))
    assert kernels._prices(g, you) is not prices and baths_price(g) == 1   # seat 3 is your east
