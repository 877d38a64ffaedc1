"""Branch trial30's fixes of the frictions met writing the Las Vegas, Caylus and Mexican Train test packs: E652
(language.md 3.9), a shared zone declared only of per-player kinds, which no card can ever enter (the Las Vegas
draft linted clean and stopped play at its first die placed); E653 (3.7), a card's `cost` field compared with
none, always true or always false (the Caylus draft's `fill to_build with building where it.cost != none;`
took every building, the neutral ones already on the road too); and 4.21's two picks one after the other,
`where can PROC(VAR)`, which the first Mexican Train draft restated as a some(...)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import found_at, played, rules_programs, run_proc

# Kingsburg (for illustration): each player's dice are their own
DICE = """
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
kind kdie "Die" per_player { shows: d6; }
kdie mine "Die" * 3 { }
kind card { }
zone pool per_player of kdie;
"""


def codes(text: str, code: str) -> list[tuple]:
    return [f for f in found_at(text) if f[0] == code]


def test_a_shared_zone_of_a_per_player_kind_is_e652_at_its_name():
    assert codes(DICE + "zone advisors of kdie;\n", "E652") == [("E652", 7, 6)]
    assert codes(DICE + 'zone advisors[1..18] "Advisor" of kdie;\n', "E652") == [("E652", 7, 6)]


def test_e652_says_why_and_hints_a_per_player_zone():
    (d,) = [d for d in analyse_text(DICE + "zone advisors[1..18] of kdie;\n").diagnostics if d.code == "E652"]
    assert d.severity == "error"
    assert "zone 'advisors' is shared, but every kdie is a per-player card" in d.message
    assert "no card can ever go into it" in d.message
    assert d.hint.startswith("keep each player's apart: 'zone advisors[...] ... per_player of kdie'")


@pytest.mark.parametrize("zone", [
    "zone advisors per_player of kdie;",            # each player's own: what E652 asks for
    "zone advisors[1..18] per_player of kdie;",
    "zone advisors of kdie or card;",               # a card of the other kind may go in
    "zone advisors of card;",
])
def test_zones_a_card_can_enter_are_no_e652(zone):
    assert codes(DICE + zone + "\n", "E652") == []


program = rules_programs(DICE + "counter placed;\n")

KINGSBURG = """
game kingsburg {
  seats 2;
  phase setup { each players: fill pool with kdie; }
  phase play {
    each players {
      roll all of pool;
      move all of pool to advisors[total(x in pool, x.shows)];
      gain size(advisors[highest(k in 3..18, if size(advisors[k]) > 0 then k else 0)]) placed;
    }
  }
  winner most placed;
}
"""


def test_the_per_player_zone_e652_asks_for_plays_on_both_backends(program):
    """Each player's three dice go to the advisor their total names, their own copy of that zone."""
    game = played(program("zone advisors[3..18] per_player of kdie;\n" + KINGSBURG), 4, players=2)
    assert [p.stock["placed"] for p in game.state.players] == [3, 3]
    assert [sum(len(z) for n, z in p.zones.items() if n.startswith("advisors")) for p in game.state.players] == [3, 3]


# Res Arcana (for illustration): artifacts with a printed cost, the Ring costing nothing
COSTS = """
resource gold;
resource death;
kind artifact { cost: cost; points: int = 0; }
artifact dragon_egg "Dragon Egg" { cost = 1 gold, 1 death; }
artifact ring "Ring" { }
zone display of artifact;
"""


@pytest.mark.parametrize("test, answer", [("a.cost != none", "true"), ("a.cost == none", "false"),
                                          ("none != a.cost", "true")])
def test_a_cost_field_compared_with_none_is_e653_always_one_answer(test, answer):
    text = COSTS + f"proc lay_out() {{ for each a in artifact {{ if {test} {{ move a to display; }} }} }}\n"
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "E653"]
    assert d.severity == "error" and (d.span.line, d.span.column) == (8, 46)
    assert "a.cost is a printed cost, never none" in d.message and d.message.endswith(f"is always {answer}")
    assert "'a.cost[RESOURCE] > 0'" in d.hint and "'affordable(a.cost)'" in d.hint


def test_e653_in_a_fill_where_as_the_caylus_draft_wrote_it():
    text = COSTS + "proc lay_out() { fill display with artifact where it.cost != none; }\n"
    assert codes(text, "E653") == [("E653", 8, 51)]


@pytest.mark.parametrize("test", ["a.cost[gold] > 0", "affordable(a.cost)", "a.points != none", "a != none"])
def test_what_the_cost_shows_and_other_fields_are_no_e653(test):
    text = COSTS + f"proc lay_out() {{ for each a in artifact {{ if {test} {{ move a to display; }} }} }}\n"
    assert codes(text, "E653") == []


# language.md 4.21, "Two picks, one after the other": the Mexican Train draft restated the train pick's
# condition in the tile pick's `where`; `where can PROC(VAR)` keeps it in one place (Ticket to Ride's example)
ROUTES = """
enum colour { red "Red", blue "Blue", green "Green" }
counter cards[colour];
kind route { length: int; }
route denver_omaha "Denver-Omaha" { length = 4; }
route omaha_chicago "Omaha-Chicago" { length = 2; }
zone open_routes of route;
zone claimed per_player of route;
proc pay_for(r: route) {
  pick c from colour where cards[c] >= r.length "pay in which colour?" {
    lose r.length cards[c];
    move r to claimed;
  }
}
proc claim_route() {
  pick r from open_routes where can pay_for(r) "claim which route?" {
    pay_for(r);
  }
}
"""

routes = rules_programs(ROUTES)


def test_the_first_pick_offers_only_what_the_second_can_place_on_both_backends(routes):
    game = Game(routes(), 2, 1)
    you = game.state.players[0]
    for e in game.program.entities.values():
        game.move(e, game.zone(None, "open_routes"))
    you.stock.update({"cards[red]": 3, "cards[blue]": 2, "cards[green]": 1})
    asked = run_proc(game, "claim_route", answers=["Blue"])   # the route of 4 is not offered: no colour pays 4
    assert [d.prompt for d in asked] == ["pay in which colour?"] and sorted(asked[0].options) == ["Blue", "Red"]
    assert [r.label() for r in game.zone(you, "claimed").items] == ["Omaha-Chicago"] and you.stock["cards[blue]"] == 0
    assert run_proc(game, "claim_route") == [] and len(game.zone(None, "open_routes").items) == 1   # none to claim
