"""A list cost the modifiers discount (`cost: list of gem for development_cost;`, 7.7g): a cost printed as one entry
per unit, whose units the cost lines of the modifiers in force take off (`cost -1 ruby;`, `cost -1 any;` one of the
payer's choosing, `cost = 0 any;` free) or add, read so by every rule and by kernels (`Game.listed_cost`: every way
the lines leave it), on both backends; Splendor's gem bonuses here, 7 Wonders: Leaders in
tests/test_seven_wonders_leaders_pack.py."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, random_games_agree, rules_programs, run_proc, the_one_error

# Splendor (for illustration): a development's cost in gems, one entry per gem; a development bought gives a
# lasting discount of one gem of its colour; a noble's favour one gem of the buyer's choosing; a charter makes
# the palaces free of gems.
PACK = """
enum gem { ruby, onyx, emerald }
counter prestige;
counter seen;
event development_cost(d: development);
kind development { cost: list of gem = [] for development_cost; points: int = 0; palace: bool = false; }
development ruby_mine "Ruby Mine" {
  cost = [onyx, onyx];
  modifier you development_cost in bought { cost -1 ruby; }
}
development onyx_mine "Onyx Mine" {
  cost = [ruby, emerald];
  modifier you development_cost in bought { cost -1 onyx; }
}
development palace "Palace" { cost = [ruby, ruby, onyx, emerald]; points = 3; palace = true; }
development favour "Noble's Favour" { modifier you development_cost in bought { cost -1 any; } }
development charter "Royal Charter" { modifier you development_cost in bought while it.d.palace { cost = 0 any; } }
development tax "Tax" { modifier opponents development_cost in bought { cost +1 emerald; } }
zone market of development;
zone bought per_player of development;
proc deal() { fill market with development; }
proc take(d: development) { move d to bought; }
proc count_cost(d: development) { set seen = size(d.cost); }
proc count_rubies(d: development) { set seen = count(g in d.cost where g == ruby); }
proc buy() {
  pick d from market where size(d.cost) <= 2 "buy which development?" optional {
    move d to bought;
    gain d.points prestige;
  }
}
game splendor { seats 2; phase setup { deal(); } phase play { repeat 3 { each players: buy(); } } winner most prestige; }
"""

program = rules_programs(PACK)


def seen(g: Game, proc: str, *args, player: int = 0) -> int:
    run_proc(g, proc, *args, player=player)
    return g.state.players[player].stock["seen"]


def ways(g: Game, name: str, player: int = 0) -> list:
    return g.listed_cost(g.state.players[player], g.program.entities[name], "cost")


def test_a_named_discount_takes_that_unit_off_for_its_holder_alone(program):
    g = Game(program(), 2, 1)
    run_proc(g, "deal")
    palace = g.program.entities["palace"]
    assert ways(g, "palace") == [("ruby", "ruby", "onyx", "emerald")] and seen(g, "count_rubies", palace) == 2
    run_proc(g, "take", g.program.entities["ruby_mine"])
    assert ways(g, "palace") == [("ruby", "onyx", "emerald")]
    assert seen(g, "count_rubies", palace) == 1 and seen(g, "count_cost", palace) == 3
    assert seen(g, "count_rubies", palace, player=1) == 2   # P2 has no ruby mine


def test_a_unit_of_the_payers_choosing_gives_every_way(program):
    g = Game(program(), 2, 1)
    run_proc(g, "deal")
    run_proc(g, "take", g.program.entities["favour"])
    assert ways(g, "palace") == [("ruby", "onyx", "emerald"), ("ruby", "ruby", "emerald"), ("ruby", "ruby", "onyx")]
    palace = g.program.entities["palace"]
    assert seen(g, "count_cost", palace) == 3 and seen(g, "count_rubies", palace) == 1   # a rule reads the first way
    run_proc(g, "take", g.program.entities["ruby_mine"])
    assert sorted(ways(g, "palace")) == [("onyx", "emerald"), ("ruby", "emerald"), ("ruby", "onyx")]


def test_a_free_line_empties_the_cost_where_its_condition_holds_and_an_added_unit_comes_after_it(program):
    g = Game(program(), 2, 1)
    run_proc(g, "deal")
    run_proc(g, "take", g.program.entities["charter"])
    assert ways(g, "palace") == [()] and ways(g, "onyx_mine") == [("ruby", "emerald")]
    run_proc(g, "take", g.program.entities["tax"], player=1)   # P2's tax: P1's costs list one emerald more
    # the replacement first, then the added units (7.7's order): the free palace lists the tax's emerald
    assert ways(g, "onyx_mine") == [("ruby", "emerald", "emerald")] and ways(g, "palace") == [("emerald",)]
    assert ways(g, "onyx_mine", player=1) == [("ruby", "emerald")]


def test_the_discount_goes_with_its_card(program):
    g = Game(program(), 2, 1)
    run_proc(g, "deal")
    mine = g.program.entities["ruby_mine"]
    run_proc(g, "take", mine)
    assert ways(g, "palace") == [("ruby", "onyx", "emerald")]
    g.move(mine, g.zone(None, "market"))
    assert ways(g, "palace") == [("ruby", "ruby", "onyx", "emerald")]


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK, seeds=range(1, 4), counts=(2,))


def test_fmt_and_explain_read_it():
    _module, text = printed_back(PACK)
    assert "cost: list of gem = [] for development_cost;" in text and "cost -1 any;" in text and "cost = 0 any;" in text
    reading = explained(analyse_text(PACK), "development")
    assert "cost (a list of gems)" in reading and "the cost lines of the modifiers of development cost" in reading


def test_a_list_of_cards_is_no_cost():
    the_one_error(analyse_text("event needs_of(d: dev);\nkind dev { needs: list of dev for needs_of; }"), "E617",
                  "lists dev items")


def test_a_line_that_is_no_discount_of_the_units_is_refused():
    head = "enum gem { ruby, onyx }\nresource coin;\nevent dc(d: dev);\nkind dev { cost: list of gem = [] for dc; }\n"
    the_one_error(analyse_text(head + "proc p() { modifier you dc { cost -1 rubby; } }"), "E616", "'rubby'")
    the_one_error(analyse_text(head + "proc p() { modifier you dc { cost -1 coin; } }"), "E616", "no unit")
    the_one_error(analyse_text(head + "proc p() { modifier you dc { cost +1 any; } }"), "E616", "not added")
    the_one_error(analyse_text(head + "proc p() { modifier you dc { cost = 2 any; } }"), "E616", "not listed")
    the_one_error(analyse_text(head + "proc p() { modifier you dc { cost -1 cards; } }"), "E616", "cards")
    the_one_error(analyse_text(head + "counter n;\ndev d { modifier you dc in hand { cost -n any; } }\n"
                               "zone hand per_player of dev;"), "E616", "number written out")
    assert not [d for d in analyse_text(head + "proc p() { modifier you dc { cost -1 any; cost -1 onyx; } }").diagnostics
                if d.severity != "info" and d.code != "W401"]


def test_a_discount_of_a_card_that_lists_no_unit_is_warned():
    text = ("enum gem { ruby }\nevent dc(d: dev);\nkind dev { cost: list of gem = [] for dc; }\ndev free_one { }\n"
            "dev dear { cost = [ruby]; }\nproc p() { modifier you dc(d = free_one) { cost -1 any; } }\n"
            "proc q() { modifier you dc(d = dear) { cost -1 any; } }\n")
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "warning"] == ["W594"]
