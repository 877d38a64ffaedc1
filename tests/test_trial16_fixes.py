"""Fixes of branch trial16, found writing Risk, Wingspan and Can't Stop as test packs."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built

PANDEMIC_CARDS = """
enum disease { blue "Blue", yellow "Yellow" }
enum city {
  colour: disease;
  population: int;
  atlanta "Atlanta" (colour = blue, population = 5),
  lagos "Lagos" (colour = yellow, population = 11),
}
kind city_card { city: city; colour: disease; weight: int; }
city_card card "{c.title}" for each c in city { city = c; colour = c.colour; weight = c.population * 2; }
zone deck of city_card;
"""


def test_a_for_each_declaration_gives_a_field_the_data_its_member_holds():
    # Risk's territory cards show their territory's symbol: `symbol = t.symbol` was E303 ("worked out by
    # an expression") though the member's data is as constant as the member itself
    assert [d.code for d in analyse_text(PANDEMIC_CARDS).diagnostics if d.severity == "error"] == []
    for program in both_built(PANDEMIC_CARDS):
        game = Game(program, 2, 1)
        fields = {n: (e.fields["colour"], e.fields["weight"]) for n, e in game.program.entities.items()}
        assert fields == {"card_atlanta": ("blue", 10), "card_lagos": ("yellow", 22)}


def test_a_field_the_member_does_not_hold_is_still_refused():
    text = PANDEMIC_CARDS.replace("colour = c.colour;", "colour = c.color;")
    assert "E303" in [d.code for d in analyse_text(text).diagnostics if d.severity == "error"]
