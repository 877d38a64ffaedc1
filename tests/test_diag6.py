"""What the Power Grid audit wrote wrongly: a proc named without its brackets, a zone named in the
plural where the pack declares it in a singular part, `each` over a zone of cards."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.diagnostics import did_you_mean

from .conftest import the_one_error

PACK = """
counter vp;
kind plant { cost: int; }
zone market of plant;
zone future_market of plant;
zone plant_deck of plant;
zone plant_discard of plant;
zone removed of plant;
zone auctioned of plant;
zone owned per_player of plant;
var high_bidder global: player;
proc auction_turn() { gain 1 vp; }
proc t() { BODY }
game g { seats 2 to 6; phase play { t(); } winner most vp; }
"""


def diagnosed(body: str):
    return analyse_text(PACK.replace("BODY", body))


@pytest.mark.parametrize("body", ["each players: auction_turn;", "auction_turn;"])
def test_a_proc_named_without_brackets_says_how_to_call_it(body):
    result = diagnosed(body)
    the_one_error(result, "E100", "call it as 'auction_turn()'", line=13)


def test_an_unknown_zone_in_the_plural_offers_the_singular_part():
    result = diagnosed("for each d in market { move d to discards; }")
    the_one_error(result, "E209", "unknown zone 'discards'", line=13)
    error, = [d for d in result.diagnostics if d.severity == "error"]
    assert error.hint == "did you mean 'plant_discard'?" and not error.notes


def test_a_plural_never_matches_what_shares_no_part():
    assert did_you_mean("boxes", ["market", "box_lid"]) is None
    assert did_you_mean("discard_piles", ["discard_pile", "market"]) == "did you mean 'discard_pile'?"


def test_each_over_a_zone_of_plants_says_zone():
    result = diagnosed("each high_bidder.owned { gain 1 vp; }")
    the_one_error(result, "E303", "not for a zone of plant: use 'for each x in high_bidder.owned { ... }'", line=13)
