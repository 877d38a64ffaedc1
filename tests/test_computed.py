"""Computed fields (`func NAME: TYPE [= EXPR];` in a kind): each card gives an expression, worked out
when read, with `this` the card and `you` the reader; `card.field(p)` works it out for player p."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import rules_programs, run_proc, the_one_error

PACK = """
counter vp;
counter cities;
counter coin;
enum colour { brown, grey, purple }
kind card "Card" { colour: colour; func worth: int = 0; }
zone built per_player of card;
card quarry "Quarry" { colour = brown; }
card press "Press" { colour = grey; worth = 1; }
# 7 Wonders: the Workers Guild, 1 VP per brown card of your two neighbours
card workers "Workers Guild" { colour = purple; worth = count(c in left.built where c.colour == brown)
                                                   + count(c in right.built where c.colour == brown); }
kind milestone "Milestone" { func reached: bool; needs: int = 3; }
milestone mayor "Mayor" { reached = cities >= this.needs; }
milestone banker "Banker" { reached = coin >= 10; needs = 10; }
func claimed() = count(m in milestone where m.reached);
"""

program = rules_programs(PACK)


def test_a_computed_field_is_worked_out_for_the_reader(program):
    g = Game(program("""
proc build(n: int) { move quarry to built; gain n cities; }
proc score() { gain total(c in built, c.worth) vp; }
proc seat1() { move workers to built; }
"""), 3, 1)
    run_proc(g, "build", 3, player=0)      # seat 0 builds the quarry and has 3 cities
    run_proc(g, "seat1", player=1)          # seat 1 (seat 0 is one neighbour) builds the guild
    p0, p1, _p2 = g.state.players
    assert g.program.funcs["claimed"](g, p0) == 1 and g.program.funcs["claimed"](g, p1) == 0
    run_proc(g, "score", player=1)
    assert p1.stock["vp"] == 1              # one brown card beside seat 1
    run_proc(g, "score", player=0)
    assert p0.stock["vp"] == 0              # the quarry is worth the default, 0


def test_a_computed_field_read_for_another_player(program):
    g = Game(program("""
proc grow() { gain 3 cities; }
func mayors() = count(p in players where mayor.reached(p));
func best() = highest(p in players, count(m in milestone where m.reached(p)));
"""), 3, 1)
    run_proc(g, "grow", player=2)
    p0 = g.state.players[0]
    assert g.program.funcs["mayors"](g, p0) == 1
    assert g.program.funcs["best"](g, p0) == 1


def test_none_has_no_computed_field(program):
    g = Game(program("var held: milestone; func got() = held.reached;"), 2, 1)
    with pytest.raises(RulesRuntimeError, match="E601"):
        g.program.funcs["got"](g, g.state.players[0])


def test_printer_round_trip():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert "func worth: int = 0;" in printed and "func reached: bool;" in printed
    assert parse_text(printed, "a.rules") == module


def test_explain_reads_the_field_and_the_value():
    module = parse_text(PACK, "a.rules")
    kind = "\n".join(explain(next(d for d in module.items if getattr(d, "name", None) == "milestone")))
    assert "worked out" in kind
    mayor = "\n".join(explain(next(d for d in module.items if getattr(d, "name", None) == "mayor")))
    assert "Reached" in mayor and "cities" in mayor


@pytest.mark.parametrize("text, code, where", [
    ("milestone mayr { reached = cities; }", "E303", "field 'reached' of milestone is a condition"),
    ("milestone mayr { }", "E304", "gives no value for field 'reached'"),
    ("milestone mayr { reached { gain 1 vp; } }", "E303", "is computed"),
    ("kind k { func go: effect; }", "E303", "cannot be an effect"),
    ("proc p() { set mayor.reached = true; }", "E303", "cannot be set"),
    ("func f() = mayor.reached(1);", "E303", "worked out for a player"),
    ("func f() = mayor.reached(you, you);", "E302", "for one player"),
    ("kind k { func v: int = \"x\"; }", "E303", "field 'v' of k is a number, not a text"),
    ("milestone mayr { reached = cities >= mayr.nope; }", "E205", "nope"),
])
def test_misuse(text, code, where):
    the_one_error(analyse_text(PACK + text), code, where)


def test_cover_counts_each_card_value_and_each_default():
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.coverage import Coverage

    p = build_text(PACK + "proc peek() { if mayor.reached { gain 1 vp; } }")
    coverage = Coverage(p)
    # a card's expression is named with its field: it is reached when read, not when the card is played
    assert sorted(coverage.rules.values()) == [("card", "press worth"), ("card", "workers worth"),
                                               ("card", "worth (default)"), ("milestone", "banker reached"),
                                               ("milestone", "mayor reached"), ("proc", "peek")]
    g = Game(p, 2, 1)
    coverage.measure(lambda: run_proc(g, "peek"))
    assert coverage.report()["milestone"] == (2, ["banker reached"])


def test_a_field_that_reads_itself_stops_play_with_e602(program):
    from rulebook.runtime.agents import RandomAgent

    p = program("""
kind loop { func n: int = this.n + 1; }
loop endless { }
proc p() { gain endless.n vp; }
game g { seats 2 to 2; phase play { each players: p(); } winner most vp; }
""")
    with pytest.raises(RulesRuntimeError) as caught:
        Game(p, 2, 1, [RandomAgent(1), RandomAgent(2)]).play()
    assert caught.value.code == "E602"


@pytest.mark.parametrize("text, column", [
    ("kind k { func n: int; } k a { n = this.n + 1; }", 35),
    ("kind k { m: int = 0; func n: int = if this.m > 0 then this.n else 0; } k a { }", 55),   # reached, then again
])
def test_a_field_that_reads_itself_is_warned_about_where_it_does(text, column):
    found = [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(text).diagnostics]
    assert [f[:3] for f in found] == [("W411", 1, column)], found
    assert "field 'n' reads itself (this.n)" in found[0][3]


def test_a_field_read_of_another_field_or_for_another_player_is_not_warned_about():
    # (for another player only sometimes: for the starter, who reads it for the next player, who does not;
    # read always, `this.m + this.n(left(you))` comes round the table for ever: W411, see below)
    text = ("var starter global: player; kind k { m: int = 1; func n: int; } "
            "k a { n = this.m + (if you == starter then this.n(left(you)) else 0); }")
    result = analyse_text(text)
    assert result.ok and [d.code for d in result.diagnostics if d.code == "W411"] == []


def test_amended_and_per_player_cards_work_their_fields_out(program):
    g = Game(program("""
kind mission "Mission" per_player { func done: bool = false; tries: int = 0; }
mission m1 { done = this.tries >= 2 and cities >= 1; }
mission m2 { }
amend m2 { done = true; }
proc go() { set m1.tries = 2; gain 1 cities; }
func dones() = count(p in players where m1.done(p));
func mine() = count(m in mission where m.done);
"""), 2, 1)
    run_proc(g, "go", player=0)
    p0, p1 = g.state.players
    assert g.program.funcs["dones"](g, p0) == 1     # only seat 0's copy has its tries and a city
    assert (g.program.funcs["mine"](g, p0), g.program.funcs["mine"](g, p1)) == (2, 1)


def test_the_editor_renames_a_computed_field_everywhere_it_is_read(tmp_path):
    from rulebook.compiler.workspace import Workspace

    (tmp_path / "m.rules").write_text(PACK + "func mayors() = count(p in players where mayor.reached(p));\n")
    view = Workspace().view(tmp_path / "m.rules")
    shown = next(s for s in view.paths if s.endswith("m.rules"))
    line = PACK.count("\n", 0, PACK.index("func reached")) + 1
    target = view.target_at(shown, line, PACK.splitlines()[line - 1].index("reached") + 1)
    assert target.key == ("field", "milestone", "reached")
    spans = [s for v in view.rename(target, "claimed_by").values() for s in v]
    # the declaration, the two cards' values, m.reached in claimed() and mayor.reached(p)
    assert len(spans) == 5


def test_a_computed_field_worked_out_from_a_hidden_hand_is_hidden_in_a_prompt():
    from rulebook.compiler.hidden import marks, open_values
    from rulebook.dsl import ast as A

    text = """
counter vp;
kind card { points: int = 1; func worth: int = this.points; }
zone hand per_player of card hidden;
card plain { }
card hoarder { worth = total(c in hand, c.points); }
kind goal { func met: bool; }
goal rich { met = vp >= 10; }
goal sly { met = size(hand) > 2; }
proc p() { may "{plain.worth} {rich.met} {rich.met(left)} {sly.met}?" { } }
"""
    sym = analyse_text(text).symbols
    found = open_values(sym)
    shown = {n.title: marks(n.title_parts, found) for d in sym.decls.values() for n in A.walk(d)
             if type(n) is A.May}
    # any card's worth may be a hoarder's (a field's reads are one), a size is public
    assert list(shown.values()) == ["h-v-v-v-"]


def test_numbered_copies_each_work_out_their_own_value(program):
    p = program("""
kind tile { value: int; func worth: int = this.value * 2; }
tile t "Tile {value}" * 3 { value = copy_number; worth = this.value + cities; }
zone row of tile;
proc lay() { fill row with tile; gain 10 cities; }
func row_worth() = total(x in row, x.worth);
""")
    g = Game(p, 2, 1)
    run_proc(g, "lay")
    assert [p.entities[n].title for n in ("t", "t#2", "t#3")] == ["Tile 1", "Tile 2", "Tile 3"]
    assert p.funcs["row_worth"](g, g.state.players[0]) == 1 + 2 + 3 + 3 * 10


def test_a_title_cannot_show_a_computed_field():
    the_one_error(analyse_text(PACK + 'card shown "Worth {worth}" * 2 { colour = grey; }'), "E303",
                  "a title can show the card's own fields")


def test_a_card_of_unknown_kind_works_its_computed_field_out(program):
    p = program("""
proc grow() { gain 3 cities; }
func of_any(x: any) = x.reached;
func firsts() = of_any(mayor);
func seconds() = of_any(press);
""")
    g = Game(p, 2, 1)
    run_proc(g, "grow")
    assert p.funcs["firsts"](g, g.state.players[0]) is True
    with pytest.raises(RulesRuntimeError, match="no computed field 'reached'"):
        p.funcs["seconds"](g, g.state.players[0])


CYCLE = """
kind goal { func a: int = 1; func b: int = 2; }
goal g1 { a = g1.b + 1; b = g1.a + 1; }
proc p() { gain g1.a vp; }
game g { seats 2 to 2; phase play { each players: p(); } winner most vp; }
"""


def test_fields_that_read_each_other_are_warned_about_in_order_with_a_note_at_each():
    found = [d for d in analyse_text("counter vp;" + CYCLE).diagnostics if d.code == "W411"]
    assert [(d.span.line, d.span.column) for d in found] == [(3, 15)], found
    assert found[0].message.startswith("g1.a reads g1.b, which reads g1.a: ")
    assert [n.rsplit(":", 2)[-2:] for n in found[0].notes] == [["3", "15"], ["3", "29"]]
    assert found[0].notes[0].startswith("g1.a reads g1.b at ")


@pytest.mark.parametrize("text, start", [
    # through a func the field calls, which reads the field back
    ("func twice() = g2.a * 2; kind goal { func a: int = 0; } goal g2 { a = twice(); }", "g2.a calls twice(), which reads g2.a"),
    # the kind's expressions, through `this`, once for all the cards that keep them
    ("kind goal { func a: int = this.b; func b: int = this.a; } goal g1 { } goal g2 { }", "g1.a reads g1.b, which reads g1.a"),
    # a card that reads its own field by its name, or for `you` (the same reader)
    ("kind goal { func a: int = 0; } goal g4 { a = g4.a + 1; }", "g4.a reads g4.a"),
    ("kind goal { func a: int = 0; } goal g5 { a = this.a(you) + 1; }", "g5.a reads g5.a"),
    # across two cards
    ("kind goal { func a: int = 0; } goal g6 { a = g7.a; } goal g7 { a = 1 + g6.a; }", "g6.a reads g7.a, which reads g6.a"),
])
def test_a_cycle_through_a_func_a_default_or_a_card_name_is_warned_about(text, start):
    found = [d.message for d in analyse_text(text).diagnostics if d.code == "W411"]
    assert len(found) == 1 and found[0].startswith(start + ": "), found


@pytest.mark.parametrize("fields", [
    # a read for another player made only sometimes: it may be skipped for the player it comes round to
    "a = if you == first_player then g1.b(left) else 0; b = g1.a;",
    "a = g1.b(left); b = if coin > 2 then g1.a else 0;",
    "a = g1.b(left) + 1; b = if coin > 2 and g1.a > 0 then 1 else 0;",
    "a = highest(p in opponents, g1.b(p)); b = g1.a;",   # (no opponent: not read)
    # through a loop: not tied to one card
    "a = g1.b(left); b = total(g in goal, g.a);",
])
def test_fields_read_for_another_player_sometimes_or_through_a_loop_are_not_a_cycle(fields):
    text = f"counter coin; var first_player global: player; kind goal {{ func a: int = 0; func b: int = 0; }} goal g1 {{ {fields} }}"
    result = analyse_text(text)
    assert result.ok and [d.code for d in result.diagnostics if d.code == "W411"] == []


@pytest.mark.parametrize("text, message", [
    # whoever reads, each working out always starts the next: round the table and back, without end
    ("goal g1 { a = g1.b(left(you)); b = g1.a + total(g in goal, g.b); }",
     "g1.a reads g1.b for left(you), which reads g1.a: "),
    ("goal g1 { a = g1.b(left); b = g1.a(right); }", "g1.a reads g1.b for left, which reads g1.a for right: "),
    ("goal g1 { a = this.a(left) + 1; }", "g1.a reads g1.a for left: "),
    # through a func, called for another player or reading for one
    ("func f(): int = g1.a; goal g1 { a = left.f(); }", "g1.a calls f() for left, which reads g1.a: "),
    ("func f(): int = g1.a(left); goal g1 { a = f(); }", "f() reads g1.a for left, which calls f(): "),
])
def test_fields_that_always_read_each_other_for_another_player_are_a_cycle(text, message):
    found = [d for d in analyse_text("kind goal { func a: int = 0; func b: int = 0; }\n" + text).diagnostics
             if d.code == "W411"]
    assert len(found) == 1 and found[0].message.startswith(message), [d.message for d in found]
    assert found[0].span.line == 2


def test_fields_that_always_read_each_other_for_another_player_stop_play_with_e602(program):
    from rulebook.runtime.agents import RandomAgent

    g = Game(program("kind goal { func a: int = 0; func b: int = 0; } goal g1 { a = g1.b(left); b = g1.a(right); }\n"
                     "proc p() { gain g1.a vp; }\n"
                     "game g { seats 3 to 3; phase play { each players: p(); } winner most vp; }"), 3, 1,
             [RandomAgent(i) for i in range(3)])
    with pytest.raises(RulesRuntimeError) as caught:
        g.play()
    assert caught.value.code == "E602"


def test_fields_that_read_each_other_stop_play_with_e602(program):
    from rulebook.runtime.agents import RandomAgent

    with pytest.raises(RulesRuntimeError) as caught:
        Game(program(CYCLE), 2, 1, [RandomAgent(1), RandomAgent(2)]).play()
    assert caught.value.code == "E602"


def test_a_long_ring_of_fields_is_found_in_linear_time_and_told_in_short():
    import time

    cards = "".join(f"k e{i} {{ a = e{i + 1}.a; }}\n" for i in range(3000)) + "k e3000 { a = e0.a; }\n"
    started = time.monotonic()
    found = [d for d in analyse_text("kind k { func a: int = 0; }\n" + cards).diagnostics if d.code == "W411"]
    assert time.monotonic() - started < 20   # a search from each field would take minutes
    assert len(found) == 1 and "... (3001 reads in all), which reads e0.a:" in found[0].message
    assert len(found[0].notes) == 8
