"""A kind's field that modifiers adjust wherever it is read (`cost: int for world_cost;`, 7.7f): Race for the
Galaxy's worlds, whose cost Replicant Robots lowers in every rule that reads it, and a house rule that makes a
base's plain field adjustable with an amend (Splendor). Dominion's Bridge is tests/test_dominion_intrigue_pack.py."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Effect, Game

from .conftest import explained, printed_back, random_games_agree, rules_programs, run_proc, the_one_error

# Race for the Galaxy (for illustration): a world's cost in cards, read by a filter, a loss, a count, a func and a
# keyed search; Replicant Robots lowers non-military worlds' cost while it lies in its holder's tableau.
PACK = """
counter vp;
counter hand_size start 6;
counter seen;
event world_cost(w: world);
kind world { cost: int = 1 for world_cost; military: bool = false; points: int = 1; }
world replicant_robots "Replicant Robots" {
  cost = 4;
  points = 2;
  modifier you world_cost in tableau while not it.w.military { value -2; }
}
world alien_colony "Alien Colony" { cost = 5; points = 4; }
world rebel_outpost "Rebel Outpost" { cost = 3; military = true; }
world new_sparta "New Sparta" { military = true; }
zone tableau per_player of world;
zone offered of world;
func cost_of(w: world): int = w.cost;
proc deal() { fill offered with world; }
proc place(w: world) { move w to tableau; }
proc read_cost(w: world) { set seen = w.cost; }
proc read_through(w: world) { set seen = cost_of(w); }
proc summed(z: zone) { set seen = total(x in z, x.cost); }
proc summed_offered() { summed(offered); }
proc cheap() { set seen = count(w in offered where w.cost <= 3); }
proc costing_three() { set seen = count(w in offered where w.cost == 3); }
proc settle() {
  pick w from offered where w.cost <= hand_size "place which world?" optional {
    lose w.cost hand_size;
    move w to tableau;
    gain w.points vp;
  }
}
"""

program = rules_programs(PACK)


def seen(g: Game, proc: str, *args, player: int = 0) -> int:
    """What `proc` (of the pack) stores in `seen` for the player."""
    run_proc(g, proc, *args, player=player)
    return g.state.players[player].stock["seen"]


def test_every_read_of_an_adjustable_field_gives_the_value_the_modifiers_leave(program):
    g = Game(program("proc discount() { modifier you world_cost { value -1; } }"), 2, 1)
    run_proc(g, "deal")
    colony = g.program.entities["alien_colony"]
    assert seen(g, "read_cost", colony) == 5 and seen(g, "cheap") == 2
    run_proc(g, "discount")
    assert seen(g, "read_cost", colony) == 4                     # a plain read
    assert seen(g, "read_through", colony) == 4             # through a func
    assert seen(g, "cheap") == 3                            # a filter: Replicant Robots (4) now costs 3
    assert seen(g, "summed_offered") == 3 + 4 + 2 + 0         # through a zone parameter (printed: 13)
    assert seen(g, "costing_three") == 1                    # a keyed search reads the adjusted value, not an index
    assert seen(g, "read_cost", g.program.entities["new_sparta"]) == 0   # never below zero
    assert seen(g, "read_cost", colony, player=1) == 5           # the modifier is P1's: P2 reads the printed cost


def test_a_card_holding_the_modifier_lowers_the_cost_of_the_worlds_its_condition_names(program):
    g = Game(program(), 2, 1)
    run_proc(g, "deal")
    worlds = g.program.entities
    run_proc(g, "place", worlds["replicant_robots"])
    assert seen(g, "read_cost", worlds["alien_colony"]) == 3     # non-military: 2 less
    assert seen(g, "read_cost", worlds["rebel_outpost"]) == 3    # military: as printed
    assert seen(g, "read_cost", worlds["alien_colony"], player=1) == 5


def test_a_settle_pays_the_adjusted_cost(program):
    g = Game(program("proc discount() { modifier you world_cost once { value -2; } }"), 2, 1)
    run_proc(g, "deal")
    run_proc(g, "discount")
    run_proc(g, "settle", answers=["Alien Colony"])
    me = g.state.players[0]
    # offered at 3 (the `once` modifier used up by the first read), then paid at 5: each read is a use
    assert (me.stock["hand_size"], me.stock["vp"]) == (1, 4)


def test_in_a_modifier_of_its_own_event_the_field_reads_the_printed_value(program):
    g = Game(program("proc rich() { modifier you world_cost while it.w.cost >= 5 { value -3; } }"), 2, 1)
    run_proc(g, "rich")
    worlds = g.program.entities
    assert seen(g, "read_cost", worlds["alien_colony"]) == 2 and seen(g, "read_cost", worlds["replicant_robots"]) == 4
    # a card's own modifier likewise (Robots' 2 off applies to itself: its printed 4, not a cost it lowers)
    g = Game(program('world robots "Robots" { cost = 4; modifier you world_cost in tableau while it.w.cost >= 4 '
                     '{ value -2; } }'), 2, 1)
    run_proc(g, "place", g.program.entities["robots"])
    assert seen(g, "read_cost", g.program.entities["robots"]) == 2


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK + """
counter turns;
game rftg {
  seats 2 to 3;
  phase setup { deal(); }
  phase play {
    while turns < 4 {
      each players: settle();
      gain 1 turns;
    }
  }
  winner most vp;
}
""", seeds=range(1, 4), counts=(2, 3))


def test_the_trace_writes_each_adjusted_read():
    g = Game(build_text(PACK), 2, 1)
    traced: list[Effect] = []
    g.tracer = traced.append
    run_proc(g, "deal")
    run_proc(g, "place", g.program.entities["replicant_robots"])
    seen(g, "read_cost", g.program.entities["alien_colony"])
    assert [e.describe() for e in traced if e.kind == "value"] == \
        ["P1: value world_cost(Alien Colony) 5 → 3 (-2 by Replicant Robots)"]


# Splendor, a house rule: the base reads a plain `cost` everywhere; the house rule makes it adjustable.
BASE = """
resource gems;
counter prestige;
kind development { cost: int = 2; points: int = 0; }
development ruby_mine "Ruby Mine" { cost = 3; points = 1; }
development emerald_mine "Emerald Mine" { }
zone market of development;
zone bought per_player of development;
proc deal() { fill market with development; }
proc buy() {
  pick d from market where d.cost <= gems "buy which development?" optional {
    pay d.cost gems;
    move d to bought;
    gain d.points prestige;
  }
}
"""
HOUSE = """
event development_cost(d: development);
amend development { cost: int for development_cost; }
proc catch_up() { modifier you development_cost while prestige < 3 { value -1; } }
"""


def test_an_amend_makes_a_base_field_adjustable_without_changing_the_base():
    for interpreted in (False, True):
        g = Game(build_text(BASE + HOUSE, interpreted=interpreted), 2, 1)
        me = g.state.players[0]
        me.stock["gems"] = 2
        run_proc(g, "deal")
        assert "Ruby Mine" not in run_proc(g, "buy", answers=["none"])[0].options   # 3 gems, as printed
        run_proc(g, "catch_up")
        run_proc(g, "buy", answers=["Ruby Mine"])                     # 1 off: offered at 2 and paid 2
        assert (me.stock["gems"], me.stock["prestige"], [e.name for e in me.zones["bought"]]) == (0, 1, ["ruby_mine"])
        # the default stays the base's: the Emerald Mine costs 2, 1 with the house rule
        mine = g.program.entities["emerald_mine"]
        assert g.valued(me, mine.fields["cost"], ("development_cost", mine)) == 1
        assert mine.fields["cost"] == 2
    kind = analyse_text(BASE + HOUSE).symbols.decls["development"]
    assert [(f.name, f.tag and f.tag.action) for f in kind.fields] == [("cost", "development_cost"), ("points", None)]


def test_fmt_writes_the_event_after_the_default():
    _module, printed = printed_back("event c(w: world);\nkind world { cost: int = 1 for c; }\n")
    assert "cost: int = 1 for c;" in printed


def test_explain_reads_the_field_as_printed_and_its_reads_as_adjusted():
    result = analyse_text(PACK)
    assert "cost (as printed; wherever it is read, the modifiers of world cost change it: those of Replicant " \
        "Robots)" in explained(result, "world")
    assert "Cost (as printed; wherever it is read, the modifiers of world cost change it: those of Replicant " \
        "Robots): 5." in explained(result, "alien_colony")
    assert "w's cost (as the modifiers of world cost change it) is at most" in explained(result, "settle")
    assert "Its modifiers' value lines adjust the cost of worlds wherever it is read." in explained(result, "world_cost")


def test_the_event_must_be_declared_take_the_card_and_be_named_alone():
    the_one_error(analyse_text("event world_cost(w: world);\nkind world { cost: int for world_costs; }"), "E526",
                  "world_costs")
    assert "did you mean 'world_cost'" in str(analyse_text("event world_cost(w: world);\nkind world { cost: int for "
                                                           "world_costs; }").diagnostics[0])
    the_one_error(analyse_text("event world_cost(w: world);\nkind world { cost: int for world_cost(this); }"), "E526",
                  "names the event alone")
    the_one_error(analyse_text("event world_cost(n: int);\nkind world { cost: int for world_cost; }"), "E526",
                  "takes n: int")
    the_one_error(analyse_text("event world_cost(w: world, n: int);\nkind world { cost: int for world_cost; }"),
                  "E526", "takes w: world, n: int")
    the_one_error(analyse_text("kind world { cost: int for gain; }"), "E526", "builtin")


def test_an_adjustable_field_is_a_plain_number_or_condition_and_is_not_set():
    the_one_error(analyse_text("event t(w: world);\nkind world { tags: list of int for t; }"), "E527", "list")
    the_one_error(analyse_text("event t(w: world);\nkind world { gold: stock for t; }"), "E527", "a stock")
    the_one_error(analyse_text("event t(w: world);\nkind world { cost: int for t; }\nworld a { cost = 3; }\n"
                               "proc p() { set a.cost = 2; }"), "E527", "it is not set", line=4)


def test_a_read_tagged_again_with_its_own_event_is_warned_about():
    result = analyse_text(PACK + "proc twice(w: world) { let n = w.cost for world_cost(w); gain n vp; }")
    assert [d.code for d in result.diagnostics if d.code == "W554"] == ["W554"]
    # `summed(z: zone)` reads its items' cost untyped on purpose: W651, its hint to type it, is the one warning
    assert [(d.code, d.span.line) for d in analyse_text(PACK).diagnostics if d.severity in ("error", "warning")] \
        == [("W651", 22)]


def test_value_lines_and_hooks_see_the_field_as_a_tagged_value():
    # a condition set on a number field: E422; no W441 (a value is tagged with the event: the field)
    the_one_error(analyse_text(PACK + "proc p() { modifier you world_cost { value = true; } }"), "E422")
    # a modifier that asks its holder: a field's read asks no one (E443 at the field's tag)
    the_one_error(analyse_text(PACK + 'proc p() { modifier you world_cost optional "use it?" { value -1; } }'),
                  "E443", line=6)


def test_a_condition_field_is_set_by_the_value_lines_on_both_backends():
    # Citadels: the Bishop's districts cannot be destroyed while the Bishop is among your characters
    text = """
counter left;
event destructible(d: district);
kind district { open: bool = true for destructible; }
district tavern "Tavern" { }
district castle "Castle" { }
zone city per_player of district;
kind character { }
character bishop "Bishop" { modifier you destructible in characters { value = false; } }
zone characters per_player of character;
proc build() { move tavern to city; move castle to city; }
proc crown() { move bishop to characters; }
proc count_open() { set left = count(d in city where d.open); }
"""
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "build")
        run_proc(g, "count_open")
        assert g.state.players[0].stock["left"] == 2
        run_proc(g, "crown")
        run_proc(g, "count_open")
        assert g.state.players[0].stock["left"] == 0


def test_lines_that_change_nothing_on_an_event_only_fields_are_tagged_with_are_warned_about():
    found = analyse_text(PACK + "event unused(w: world);\nresource coin;\n"
                         "proc p() { modifier you world_cost { cost -1 coin; } modifier you unused { value -1; } }")
    assert sorted(d.code for d in found.diagnostics if d.code.startswith("W44")) == ["W441", "W442"]
