"""Records: values made of several named values (docs/language.md 3.5), on both backends; their misuse
diagnostics, the printer's round trip and explain's reading."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import Record, State

from .conftest import (examples, found_at, printed_back, random_games_agree, replays_through_json, rules_programs, run_proc, said,
                       the_one_error)

PACK = """
counter vp;
enum colour { red "Red", blue "Blue" }
enum side { north, east, south, west }
record corner { hex: int; vertex: int; }
record point { row: int; col: int; }
record outcome { points: int; tiebreak: int = 0; holder: player = none; colours: list of colour = []; }
kind road { a: int; b: int; }
road r1 { a = 1; b = 2; }
road r2 { a = 2; b = 3; }
zone roads of road;
func at(h: int, v: int): corner = corner(hex = h, vertex = v);
proc score(c: corner): outcome {
  return outcome(points = c.hex * 10 + c.vertex, holder = you);
}
game g { seats 2 to 4; winner most vp; }
"""

program = rules_programs(PACK)


def test_built_read_and_shown(program):
    assert said(program, 'let c = corner(hex = 4, vertex = 2); say "{c.hex} {c.vertex} {c}";') == \
        ["P1: 4 2 corner(hex = 4, vertex = 2)"]


def test_defaults_fill_the_fields_left_out_and_members_show_by_title(program):
    assert said(program, 'let o = outcome(points = 3, colours = [red, blue]); say "{o} {o.tiebreak}";') == \
        ["P1: outcome(points = 3, tiebreak = 0, holder = none, colours = [Red, Blue]) 0"]   # an empty field: none


def test_a_proc_gives_a_record_and_a_func_takes_and_gives_one(program):
    body = 'let o = score(at(4, 2)); if o.points == 42 and o.holder == you { gain 1 vp; } say "{o.points}";'
    assert said(program, body) == ["P1: 42"]


def test_equality_by_value(program):
    body = ('if corner(hex = 1, vertex = 2) == at(1, 2) { say "same"; } '
            'if corner(hex = 1, vertex = 2) != at(2, 1) { say "apart"; }')
    assert said(program, body) == ["P1: same", "P1: apart"]


def test_in_lists(program):
    body = """
      let seen: list of corner = [at(1, 1), at(1, 2)];
      set seen = seen + [at(2, 3)];
      set seen = seen - [at(1, 1)];
      if contains(seen, at(2, 3)) { say "has {index_of(seen, at(2, 3))}"; }
      for each c in seen { say "{c.hex}.{c.vertex}"; }
      say "{total(c in seen, c.vertex)} {count(c in seen where c.hex == 1)} {first(c in seen where c.hex == 2)}";
    """
    assert said(program, body) == ["P1: has 2", "P1: 1.2", "P1: 2.3", "P1: 5 1 corner(hex = 2, vertex = 3)"]


def test_places_of_the_network_searches(program):
    """A road joins two corners: the ends are records, FROM and TO too."""
    body = """
      fill roads with road;
      let far = reachable(r in roads, at(r.a, 1), at(r.b, 1), at(1, 1));
      say "{far}";
      if connects(r in roads, at(r.a, 1), at(r.b, 1), at(1, 1), at(3, 1)) { say "joined"; }
      say "{longest_path(r in roads, at(r.a, 1), at(r.b, 1))}";
    """
    assert said(program, body) == ["P1: corner(hex = 1, vertex = 1), corner(hex = 2, vertex = 1), "
                                   "corner(hex = 3, vertex = 1)", "P1: joined", "P1: 2"]


def test_a_pick_offers_records_by_their_reading(program):
    g = Game(program('proc p() { pick c from [at(1, 2), at(3, 4)] "where?" { say "{c.hex}"; } }'), 2, 1)
    gen = g.program.procs["p"](g, g.state.players[0])
    d = gen.send(None)
    assert d.options[:2] == ["corner(hex = 1, vertex = 2)", "corner(hex = 3, vertex = 4)"]
    with pytest.raises(StopIteration):
        gen.send(d.index_of("corner(hex = 3, vertex = 4)"))
    assert g.messages == ["P1: 3"]


def test_a_field_of_none_is_the_same_e601_on_both_backends():
    errors = []
    for interpreted in (False, True):
        p = build_text(PACK + "proc p() { let c: corner = none; say \"{c.hex}\"; }", interpreted=interpreted)
        g = Game(p, 2, 1)
        with pytest.raises(RulesRuntimeError) as failed:
            g.start(p.procs["p"](g, g.state.players[0]))
        errors.append((failed.value.code, failed.value.message, failed.value.where))
    assert errors[0] == errors[1] and errors[0][:2] == ("E601", "none has no field 'hex'")


def test_a_trigger_keeps_a_record_through_a_saved_state(program):
    """A local a trigger captures is saved with it (as a variable or a field is: tests/test_recstate.py)."""
    g = Game(program('event ping(); proc p() { let c = at(5, 6); whenever ping() { say "{c}"; } }'), 2, 1)
    run_proc(g, "p")
    data = g.state.to_json()
    back = State.from_json(data, g.program.entities)
    assert back.to_json() == data and back.triggers[0].env["c"] == Record("corner", {"hex": 5, "vertex": 6})


GAME = PACK.replace("game g { seats 2 to 4; winner most vp; }", """
      game g { seats 2 to 4;
        phase play {
          repeat 3 { each players {
            pick c from [at(1, 2), at(2, 3), at(3, 1)] {
              let o = score(c);
              gain o.points vp;
              say "{o}";
            }
          } }
        }
        winner most vp;
      }""")


def test_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 3), counts=(2,))


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_game_picking_records_replays_through_json(interpreted):
    replays_through_json(build_text(GAME, interpreted=interpreted), 3)


def test_records_hash_alike_when_equal():
    a, b = Record("corner", {"hex": 1, "vertex": [2]}), Record("corner", {"hex": 1, "vertex": [2]})
    assert a == b and hash(a) == hash(b) and a != Record("point", {"hex": 1, "vertex": [2]})


@settings(max_examples=examples(30), deadline=None)
@given(st.integers(-10**6, 10**6), st.integers(-10**6, 10**6))
def test_construction_then_read_gives_the_value(h, v):
    text = PACK + f'proc p() {{ let c = corner(hex = {h}, vertex = {v}); say "{{c.hex}} {{c.vertex}}"; }}'
    text = text.replace("hex = -", "hex = 0 - ").replace("vertex = -", "vertex = 0 - ")
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "p")
        assert g.messages == [f"P1: {h} {v}"]


# ---------------------------------------------------------------- misuse
def analysed(more: str):
    return analyse_text(PACK + more)


def test_an_unknown_field_read_is_e373_with_did_you_mean():
    result = analysed("func f(c: corner) = c.vertx;")
    the_one_error(result, "E373", "unknown field 'vertx' of record corner")
    assert "vertex" in result.diagnostics[0].hint


def test_min_and_max_take_numbers_not_records():
    # the Carcassonne re-audit's `min(cs)` over a list of edges linted clean and stopped play with
    # Python's "'<' not supported between instances of 'Record' and 'Record'"
    result = analysed("func f() = min([corner(hex = 1, vertex = 1), corner(hex = 0, vertex = 5)]);")
    the_one_error(result, "E303", "min() takes numbers, or one list of numbers, not a list of corners")
    assert "bottom(x in LIST, x.FIELD)" in result.diagnostics[0].hint
    the_one_error(analysed("func f(c: corner) = max(c, 2);"), "E303", "max() takes numbers")
    ok = analysed("func f(c: corner) = max(c.hex, min([c.vertex, 3]), 0);")
    assert [d.code for d in ok.diagnostics if d.severity == "error"] == []


def test_construction_misuse():
    the_one_error(analysed("func f() = corner(hex = 1, vertx = 2);"), "E373", "unknown field 'vertx'")
    the_one_error(analysed("func f() = corner(hex = 1);"), "E374", "'vertex'")
    the_one_error(analysed("func f() = corner(hex = 1, hex = 2, vertex = 3);"), "E373", "given twice")
    the_one_error(analysed("func f() = corner(1, 2);"), "E372", "corner(hex = ..., vertex = ...)")
    the_one_error(analysed("func f() = corner(hex = true, vertex = 2);"), "E303", "'hex' of corner holds a number")
    the_one_error(analysed("func f() = vp(hex = 1);"), "E372", "not a record")
    the_one_error(analysed("func f() = cornr(hex = 1);"), "E372", "unknown record 'cornr'")


def test_a_record_cannot_be_set():
    result = analysed("proc f() { let c = at(1, 2); set c.hex = 3; }")
    the_one_error(result, "E375", "cannot be changed")
    assert "set c = corner(hex = ..., vertex = c.vertex);" in result.diagnostics[0].hint


def test_records_of_two_kinds_are_never_equal_nor_ordered():
    the_one_error(analysed("func f() = at(1, 2) == point(row = 1, col = 2);"), "E303", "cannot compare a corner with a point")
    the_one_error(analysed("func f() = at(1, 2) < at(1, 3);"), "E303", "cannot order")
    the_one_error(analysed("func f() = at(1, 2) == 3;"), "E303")


def test_a_record_is_kept_in_state_but_not_on_a_die():
    """Variables, fields and events hold records (tests/test_recstate.py); a die's faces do not (E371)."""
    for kept in ("var best: corner = none;", "kind tile { at: corner; }", "kind tile { seen: list of corner; }",
                 "event built(at: corner);"):
        assert [d for d in analysed(kept).diagnostics if d.severity == "error"] == []
    the_one_error(analysed('die d: corner { face "a" = corner(hex = 1, vertex = 1); }'), "E371", "die 'd'")


def test_field_types_a_record_cannot_hold():
    the_one_error(analysed("record bad { z: zone; }"), "E370", "a record's field holds")
    the_one_error(analysed("record bad { next: bad; }"), "E370", "its own kind")
    the_one_error(analysed("record bad { z: cornr; }"), "E201")
    the_one_error(analysed("record bad { a: int; a: int; }"), "E215")


def test_a_record_named_like_another_declaration_clashes():
    assert any(d.code.startswith("E2") for d in analysed("record side { a: int; }").diagnostics)


def test_a_counter_named_record_still_works():
    text = "counter record;\nproc p() { gain 1 record; set record = record + 1; }\ngame g { seats 2 to 2; winner most record; }"
    assert [d for d in analyse_text(text).diagnostics if d.severity == "error"] == []


def test_misuse_is_positioned():
    assert ("E373", len(PACK.splitlines()) + 1, 23) in found_at(PACK + "func f(c: corner) = c.vertx;")


# ---------------------------------------------------------------- printer and explain
def test_printed_back():
    _module, printed = printed_back(PACK + "func far() = outcome(points = 1000000000 * 1000000000, tiebreak = "
                                    "1000000000 * 1000000000, colours = [red, blue, red, blue, red]);")
    assert "record outcome { points: int; tiebreak: int = 0; holder: player = none; colours: list of colour = []; }" \
        in printed and "  points = 1000000000 * 1000000000,\n" in printed


def test_explained():
    module = parse_text(PACK, "a.rules")
    decl = {getattr(d, "name", None): d for d in module.items}
    assert explain(decl["outcome"])[1].strip().startswith(
        "An outcome is a value made of points (a number), tiebreak (a number, 0 unless given), holder (a player, "
        "nobody unless given) and colours (a list of colours, empty unless given)")
    assert "a corner with hex h and vertex v" in " ".join(explain(decl["at"]))
    assert "c's hex" in " ".join(explain(decl["score"]))
