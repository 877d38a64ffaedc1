"""Records as domains and records' titles (docs/language.md 3.4a): a record whose fields all have a finite
set of values (a range `row: 1..9;`, a bool, an enum, a player, a kind, such a record) is the list of all its
values, in order; a title (`record pt "{col}{row}" {...}`) shows a value in texts, options and traces. Both
backends, misuse diagnostics, the printer's round trip and explain's reading."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import (examples, found_at, parse_error, printed_back, random_games_agree, replays_through_json, rules_programs,
                       run_proc, said, the_one_error)

# a chess board's squares (files as an enum, ranks as a range), a Go point, a Quoridor wall
PACK = """
counter vp;
enum file { a "A", b "B", c "C" }
enum facing { across, down }
record square "{f}{rank}" { f: file; rank: 1..3; }
record point { x: 1..2; y: 1..2; }
record wall { at: point; facing: facing; }
record seat { who: player; ready: bool; }
record label_free { x: 1..2; note: str = ""; }
kind pawn { strength: int; }
pawn light { strength = 1; }
pawn heavy { strength = 3; }
record step { piece: pawn; dest: point; }
game g { seats 2 to 4; winner most vp; }
"""

program = rules_programs(PACK)


def test_the_values_in_order_the_last_field_fastest(program):
    assert said(program, 'for each s in point { say "{s.x}{s.y}"; }') == ["P1: 11", "P1: 12", "P1: 21", "P1: 22"]
    assert said(program, 'say "{square}";') == ["P1: A1, A2, A3, B1, B2, B3, C1, C2, C3"]


def test_bools_players_kinds_and_records_inside(program):
    assert said(program, 'for each s in seat { say "{s.who} {s.ready}"; }') == \
        ["P1 no", "P1 yes", "P2 no", "P2 yes"]   # a text naming a player has no prefix
    assert said(program, 'let n = count(w in wall); let w1 = first(w in wall where w.facing == down); say "{n} {w1}";') == \
        ["P1: 8 wall(at = point(x = 1, y = 1), facing = down)"]
    assert said(program, 'for each m in step where m.dest.x == m.dest.y { say "{m.piece} {m.dest.x}"; }') == \
        ["P1: light 1", "P1: light 2", "P1: heavy 1", "P1: heavy 2"]


def test_aggregates_over_a_record(program):
    body = ('let n = count(s in square where s.rank > 1); let t = total(s in point, s.x * s.y); '
            'let one = some(s in square where s.f == b and s.rank == 3); let hi = highest(s in point, s.x + s.y); '
            'say "{n} {t} {one} {hi}";')
    assert said(program, body) == ["P1: 6 9 yes 4"]


def test_a_pick_offers_the_values_by_their_title(program):
    g = Game(program('proc p() { pick s from square where s.rank == 2 "where?" { say "to {s}"; } }'), 2, 1)
    gen = g.program.procs["p"](g, g.state.players[0])
    d = gen.send(None)
    assert d.options == ["A2", "B2", "C2"]
    with pytest.raises(StopIteration):
        gen.send(d.index_of("C2"))
    assert g.messages == ["P1: to C2"]


def test_a_title_in_texts_and_a_record_without_one(program):
    assert said(program, 'let s = square(f = b, rank = 3); say "{s} and {[s, square(f = a, rank = 1)]}";') == \
        ["P1: B3 and B3, A1"]
    assert said(program, 'say "{point(x = 1, y = 2)}";') == ["P1: point(x = 1, y = 2)"]


def test_a_title_in_a_trace(program):
    g = Game(program('proc p() { pick s from square where s.rank == 3 at random { say "{s}"; } }'), 2, 1)
    seen = []
    g.tracer = seen.append
    run_proc(g, "p")
    picked = [e for e in seen if e.kind == "pick"]
    assert picked and picked[0].what in ("picked at random: A3", "picked at random: B3", "picked at random: C3")


def test_a_range_field_out_of_its_range_stops_the_game_alike_on_both_backends():
    errors = []
    for interpreted in (False, True):
        p = build_text(PACK + "proc p(n: int) { let s = point(x = n, y = 1); say \"{s}\"; }", interpreted=interpreted)
        g = Game(p, 2, 1)
        with pytest.raises(RulesRuntimeError) as failed:
            g.start(p.procs["p"](g, g.state.players[0], 3))
        errors.append((failed.value.code, failed.value.message, failed.value.where))
    assert errors[0] == errors[1] and errors[0][:2] == ("E601", "field 'x' of point holds a number from 1 to 2, not 3")
    assert errors[0][2].endswith(f":{len(PACK.splitlines()) + 1}:26")   # at the construction


def test_a_range_field_within_its_range_builds(program):
    assert said(program, 'let n = 2; let s = point(x = n, y = 1); say "{s.x}";') == ["P1: 2"]


GAME = PACK.replace("game g { seats 2 to 4; winner most vp; }", """
      var taken[file, 1..3]: bool = false;
      game g { seats 2 to 4;
        phase play {
          repeat 3 { each players {
            pick s from square where not taken[s.f, s.rank] {
              set taken[s.f, s.rank] = true;
              gain s.rank vp;
              say "{s}";
            }
          } }
        }
        winner most vp;
      }""")


def test_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 3), counts=(2, 3))


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_game_picking_from_a_record_replays_through_json(interpreted):
    replays_through_json(build_text(GAME, interpreted=interpreted), 3)


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(0, 3), st.integers(0, 3), st.integers(0, 2), st.integers(0, 2))
def test_a_domain_goes_as_nested_loops_do(low1, span1, low2, span2):
    """`for each s in r` is the nested loops over its fields, the last innermost, on both backends."""
    text = (f"record r {{ x: {low1}..{low1 + span1}; on: bool; y: {low2}..{low2 + span2}; }}\n"
            "proc p() { for each s in r { say \"{s.x} {s.on} {s.y}\"; } }\n"
            f"proc q() {{ for each x in {low1}..{low1 + span1} {{ for each on in [false, true] {{ "
            f"for each y in {low2}..{low2 + span2} {{ say \"{{x}} {{on}} {{y}}\"; }} }} }} }}\n"
            "counter vp;\ngame g { seats 2 to 2; winner most vp; }")
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "p")
        domain, g.messages[:] = list(g.messages), []
        run_proc(g, "q")
        assert domain == g.messages and len(domain) == (span1 + 1) * 2 * (span2 + 1)


# ---------------------------------------------------------------- misuse
def analysed(more: str):
    return analyse_text(PACK + more)


def test_a_record_with_a_field_of_no_end_is_no_domain():
    result = analysed("record big { n: int; } func f() = count(r in big);")
    the_one_error(result, "E337", "record big is no domain: its field 'n' (int)")
    assert "'n: 1..N;'" in result.diagnostics[0].hint
    the_one_error(analysed("func f() = count(r in label_free);"), "E337", "field 'note' (str)")
    the_one_error(analysed("record r { s: list of file; } proc f() { for each x in r { say \"{x}\"; } }"), "E337", "list of file")
    the_one_error(analysed("record r { inner: label_free; } func f() = count(x in r);"), "E337", "'inner'")


def test_a_domain_of_more_than_ten_thousand_values_is_refused():
    the_one_error(analysed("record big { x: 1..101; y: 1..100; } func f() = count(r in big);"), "E337",
                  "10100 values, more than 10000")
    assert not [d for d in analysed("record big { x: 1..100; y: 1..100; } func f() = count(r in big);").diagnostics
                if d.severity == "error"]


def test_a_range_field_given_a_constant_outside_it_is_w485():
    assert ("W485", len(PACK.splitlines()) + 1, 22) in found_at(PACK + "func f() = point(x = 3, y = 1);")
    assert "W485" in [d.code for d in analysed("record r { x: 1..2 = 0; }").diagnostics]
    the_one_error(analysed("func f() = point(x = true, y = 1);"), "E303", "'x' of point holds a number")


def test_an_empty_range_does_not_parse():
    assert parse_error("record r { x: 3..1; }").code == "E303"


def test_a_title_shows_the_records_own_fields():
    the_one_error(analysed('record r "{x + 1}" { x: 1..2; }'), "E338", "shows {x + 1}")
    result = analysed('record r "{z}" { x: 1..2; }')
    the_one_error(result, "E338", "shows {z}")
    assert "{x}" in result.diagnostics[0].hint
    assert ("E338", len(PACK.splitlines()) + 1, 13) in found_at(PACK + 'record r "<{vp}>" { x: 1..2; }')


def test_a_title_that_leaves_out_a_field_is_w486():
    result = analysed('record r "row {x}" { x: 1..2; y: 1..2; }')
    assert [d.code for d in result.diagnostics] == ["W486"] and "'y'" in result.diagnostics[0].message
    assert "W486" not in [d.code for d in analysed('record r "{x}/{y}" { x: 1..2; y: 1..2; }').diagnostics]


def test_a_value_of_a_domain_is_still_a_record():
    the_one_error(analysed("proc f() { for each s in point { set s.x = 2; } }"), "E375")
    the_one_error(analysed("func f() = first(s in point) < point(x = 1, y = 1);"), "E303", "cannot order")


# ---------------------------------------------------------------- printer and explain
def test_printed_back():
    _module, printed = printed_back(PACK + 'record r "r{x}c{y}" { x: 1..5; y: 0..4 = 0; }')
    assert 'record square "{f}{rank}" { f: file; rank: 1..3; }' in printed
    assert 'record r "r{x}c{y}" { x: 1..5; y: 0..4 = 0; }' in printed


def test_explained():
    module = parse_text(PACK + "func n() = count(s in square where s.rank > 1);", "a.rules")
    decl = {getattr(d, "name", None): d for d in module.items}
    lines = explain(decl["square"])
    assert "rank (a number from 1 to 3)" in lines[1]
    assert 'A square reads as "[f][rank]" in texts and options.' in lines[2]
    assert "the number of s among square for which s's rank is more than 1" in " ".join(explain(decl["n"]))
