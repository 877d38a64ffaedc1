"""What the speed work changed keeps its meaning: the 7 Wonders market kernel's faster covering test
and its memos (prices and production kept for a game) follow every change of what they depend on."""

from __future__ import annotations

from collections import Counter
from itertools import product
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.kernels import KERNELS, _covers

from .conftest import drive, pack_backends

SEVEN_WONDERS = str(Path(__file__).resolve().parent.parent / "rules" / "seven_wonders")
MATS = ("wood", "stone", "ore", "clay")
NO_WAY = 1000


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    """The compiled and the interpreted Program of 7 Wonders, built once for the module."""
    return pack_backends(tmp_path_factory, SEVEN_WONDERS)


def covers_by_trying(demand: dict, fixed: Counter, choices: list) -> bool:
    """The covering question answered the slow way: every way of using each choice list once."""
    for picks in product(*[sorted(c) + [None] for c in choices]):
        got = fixed + Counter(p for p in picks if p is not None)
        if all(got[m] >= n for m, n in demand.items()):
            return True
    return not choices and all(fixed[m] >= n for m, n in demand.items())


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(MATS), st.integers(1, 3), max_size=4),
       st.dictionaries(st.sampled_from(MATS), st.integers(0, 2), max_size=4),
       st.lists(st.frozensets(st.sampled_from(MATS), min_size=1, max_size=3), max_size=4))
def test_covering_by_hall_condition_agrees_with_trying_every_choice(demand, fixed, choices):
    assert _covers(demand, Counter(fixed), choices) == covers_by_trying(demand, Counter(fixed), choices)


def table(program, coins: int = 9) -> Game:
    """Three players in age 1 with the market laid out and `coins` each."""
    g = Game(program, 3, 1, [ScriptedAgent([])] * 3)
    g.fill(g.zone(None, "market"), "offer", None)
    g.state.globals["age"] = 1
    for p in g.state.players:
        p.stock["coin"] = coins
    return g


def put(g: Game, seat: int, zone: str, name: str) -> None:
    g.move(g.program.entities[name], g.zone(g.state.players[seat], zone))


def baths_price(g: Game) -> int:
    """Player 1's price for the Baths (1 stone) bought from the neighbours (the `quote` kernel)."""
    return KERNELS["quote"].fn(g, g.state.players[0], g.program.entities["baths"])


def test_a_production_field_set_during_play_changes_the_next_quote(program):
    g = table(program)
    put(g, 0, "chosen", "baths")
    put(g, 1, "city", "stone_pit")                     # the left neighbour sells stone
    assert baths_price(g) == 2
    g.set_field(g.program.entities["stone_pit"], "sellable", False)
    assert baths_price(g) == NO_WAY                    # the kept production did not hide the change
    g.set_field(g.program.entities["stone_pit"], "sellable", True)
    g.set_field(g.program.entities["stone_pit"], "makes", ["wood"])
    assert baths_price(g) == NO_WAY


def test_a_card_built_between_quotes_changes_the_next_quote(program):
    g = table(program)
    put(g, 0, "chosen", "baths")
    assert baths_price(g) == NO_WAY
    put(g, 2, "city", "stone_pit")                     # the right neighbour now sells stone
    assert baths_price(g) == 2
    put(g, 0, "city", "stone_pit#2")                   # and now the player makes it
    assert baths_price(g) == 0


def test_a_trading_post_built_between_quotes_changes_the_next_price(program):
    g = table(program)
    put(g, 0, "chosen", "baths")
    put(g, 2, "city", "stone_pit")
    assert baths_price(g) == 2
    post = g.program.entities["east_trading_post"]
    put(g, 0, "city", "east_trading_post")
    drive(g, post.effects["built"](g, g.state.players[0], post))   # its modifier comes into force
    assert baths_price(g) == 1


FILLS = """
kind card { n: int; }
card a "A" { n = 1; }
card b "B" { n = 2; }
card c "C" { n = 3; }
kind token per_player { }
token mark "Mark" { }
zone deck of card;
zone discard of card;
zone marks per_player of token;
proc refill() { fill deck with card; }
proc give_marks() { fill marks with token; }
"""


@pytest.fixture(scope="module")
def fills(tmp_path_factory):
    from .conftest import programs, write_pack
    return programs(write_pack(tmp_path_factory.mktemp("fills"), FILLS))


@pytest.mark.parametrize("backend_index", [0, 1])
def test_a_fill_in_bulk_keeps_every_place_known(fills, backend_index):
    """`fill` puts what is nowhere yet straight in the zone; what is elsewhere still leaves its zone,
    and each player gets their own copy of a per-player entity."""
    g = Game(fills[backend_index], 2, 1, [ScriptedAgent([])] * 2)
    p1, p2 = g.state.players
    deck, discard = g.zone(None, "deck"), g.zone(None, "discard")
    drive(g, g.program.procs["refill"](g, p1))
    assert [e.name for e in deck.items] == ["a", "b", "c"]
    g.move(g.program.entities["b"], discard)
    assert [e.name for e in deck.items] == ["a", "c"]     # the place the bulk fill recorded was right
    drive(g, g.program.procs["refill"](g, p1))            # b comes back from the discard, a and c move
    assert [e.name for e in deck.items] == ["a", "b", "c"] and discard.items == []   # each moved to the bottom
    drive(g, g.program.procs["give_marks"](g, p1))
    drive(g, g.program.procs["give_marks"](g, p2))
    mine, theirs = g.zone(p1, "marks").items, g.zone(p2, "marks").items
    assert [e.key for e in mine] == ["mark@P1"] and [e.key for e in theirs] == ["mark@P2"]
    assert g.state.where["mark@P2"][0] is p2


SPECIALISED = """
enum estate { clergy, nobility, cities }
counter influence[estate] "Influence" from 0 to 10;
counter seen;
kind card { n: int; }
card a "A" { n = 1; }
card b "B" { n = 2; }
card c "C" { n = 3; }
zone pile[1..3] "Piles" of card;
proc sort_cards() {
  fill pile[1] with card;
  for each k in 3 {
    gain k influence[nobility];
  }
  for each x in pile[1] {
    move x to pile[2];
    gain x.n seen;
  }
  set influence[clergy] = count(x in pile[2] where x.n > 1) + size(pile[1]);
}
"""


def test_loops_over_numbers_and_indexed_zones_and_constant_elements_compile_to_plain_python(tmp_path):
    """A loop over a number literal, over an indexed zone, and an element named by a member are
    generated without runtime lookups, and play exactly as the interpreter does."""
    from .conftest import programs, write_pack
    compiled, interpreted = programs(write_pack(tmp_path / "pack", SPECIALISED))
    source = Path(compiled.module_file).read_text()
    assert "range(1, 4)" in source and "'influence[nobility]'" in source and "'pile[1]'" in source
    assert "rt.domain(" not in source and "rt.at(" not in source
    states = []
    for program in (compiled, interpreted):
        g = Game(program, 2, 1, [ScriptedAgent([])] * 2)
        drive(g, program.procs["sort_cards"](g, g.state.players[0]))
        p = g.state.players[0]
        assert p.stock["influence[nobility]"] == 6 and p.stock["seen"] == 6 and p.stock["influence[clergy]"] == 2
        assert [e.name for e in g.zone(None, "pile[2]").items] == ["a", "b", "c"]   # the loop ran on a copy
        states.append(g.state.digest())
    assert states[0] == states[1]
