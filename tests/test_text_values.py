"""Values in any text: a text literal with `{...}` parts is filled in wherever it is evaluated (a func's
value, a `let`, an argument, a `set`, a `match` result), in the scope where it is written, as a
prompt's parts are (same parser, same showing of values, `{{` `}}` for braces), on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module

from .conftest import rules_programs, run_proc
from rulebook.runtime.engine import Game

# Ticket to Ride: a route's label names its colour, or "grey" for a route of any colour
PACK = """
counter vp;
enum colour { red "Red", blue "Blue" }
kind card { colour: colour; length: int; }
zone hand per_player of card;
card short "Short Run" { colour = red; length = 2; }
card long "Long Haul" { colour = blue; length = 6; }
var lost_because global: str = "";
func route_name(d: int): str = if d == 0 then "the grey route" else "route {d}";
func shown(c: card): str = match c.length { 2: "a {c.colour} {c} of {c.length}", else: "{c}, {c.length} long" };
proc lose_game(why: str) { set lost_because = why; }
proc pick_route() {
  pick d from 0..2 as "{route_name(d)}" { gain d vp; say "took {route_name(d)}"; }
}
proc tell() {
  let n = 3;
  let line = "{n} of {n + 1} {{braces}}";
  say "{line}";
  lose_game("no {colour_of(n)} train left");
  say "{lost_because}";
  say "{shown(short)}";
  say "{shown(long)}";
  say "{{plain}}";
}
func colour_of(n: int): colour = if n > 2 then blue else red;
"""

program = rules_programs(PACK)


def test_a_func_text_with_values_labels_the_options_of_a_pick(program):
    game = Game(program(""), 2, 1)
    asked = run_proc(game, "pick_route", answers=["route 2"])
    assert asked[0].options == ["the grey route", "route 1", "route 2"]
    assert game.state.players[0].stock["vp"] == 2
    assert game.messages == ["P1: took route 2"]


def test_texts_in_a_let_an_argument_and_a_match_are_filled_in_where_written(program):
    game = Game(program(""), 2, 1)
    run_proc(game, "tell")
    assert game.messages == ["P1: 3 of 4 {braces}", "P1: no Blue train left",
                             "P1: a Red Short Run of 2", "P1: Long Haul, 6 long", "P1: {plain}"]


def test_a_text_with_values_is_not_a_warning_any_more():
    diags = analyse_text(PACK, "a.rules").diagnostics
    assert not [d for d in diags if d.code == "W418"]
    assert not [d for d in diags if d.severity == "error"]


def test_an_unknown_name_in_a_text_is_e201_at_the_name():
    source = PACK + 'func bad(depth: int): str = "factory {dept}";\n'
    diags = [d for d in analyse_text(source, "a.rules").diagnostics if d.code == "E201"]
    assert len(diags) == 1 and "'depth'" in (diags[0].hint or "") + diags[0].message
    line = source.splitlines().index('func bad(depth: int): str = "factory {dept}";') + 1
    assert (diags[0].span.line, diags[0].span.column) == (line, 39)


def test_quotes_inside_the_braces_are_still_e100_but_a_func_says_it():
    source = PACK + 'func bad(d: int): str = "{if d == 0 then "the centre" else "factory"} {d}";\n'
    with pytest.raises(Exception) as err:
        parse_text(source, "a.rules")
    assert "E1" in str(err.value.diagnostics[0].code)


def test_a_text_with_values_prints_back_and_reads_with_its_values_named():
    module = parse_text(PACK, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module
    func = next(d for d in module.items if getattr(d, "name", None) == "route_name")
    assert "“route [d]”" in " ".join(explain(func))


def test_a_constant_text_with_values_is_known_before_play():
    from rulebook.dsl import ast as A
    e = parse_text('func f() = "{1 + 2} of {true} {{x}}";', "a.rules").items[0].value
    assert A.as_const(e) == "3 of yes {x}"
    assert parse_text('func f() = "a {{b}}";', "a.rules").items[0].value.parts == ("a {b}",)


# Through the Ages: each age's wonder row is numbered; a card's reading worked out in play
FIELDS = """
counter vp;
kind slot { words: str; n: int; func shown: str = "{this} holds {this.n} at {vp}"; }
zone row of slot;
slot age "Age {n}" * 2 { n = copy_number; words = "age {copy_number} of {1 + 2}"; }
slot antiquity "Antiquity" { n = 0; words = "antiquity"; }
proc p() { gain 4 vp; fill row with slot; for each s in row { say "{s.words} / {s.shown}"; } }
proc same() { let k = 3; if "{k}" == "3" { gain 1 vp; } if "a {{k}}" != "a {k}" { gain 10 vp; } }
"""

def test_a_field_value_text_shows_copy_number_and_a_computed_field_shows_play_values(program):
    game = Game(program(FIELDS.replace("counter vp;", "")), 2, 1)   # PACK declares vp
    run_proc(game, "p")
    assert game.messages == ["P1: age 1 of 3 / Age 1 holds 1 at 4", "P1: age 2 of 3 / Age 2 holds 2 at 4",
                             "P1: antiquity / Antiquity holds 0 at 4"]


def test_a_text_with_values_compares_as_filled_in(program):
    game = Game(program(FIELDS.replace("counter vp;", "")), 2, 1)
    run_proc(game, "same")
    assert game.state.players[0].stock["vp"] == 11   # "a {{k}}" reads "a {k}", not "a 3"


def test_a_field_value_text_naming_a_value_of_play_is_e303_with_a_hint():
    source = FIELDS.replace('words = "antiquity"', 'words = "antiquity at {vp}"')
    diags = [d for d in analyse_text(source, "a.rules").diagnostics if d.code == "E303"]
    assert len(diags) == 1 and "computed field" in diags[0].hint
