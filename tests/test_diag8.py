"""What the Carcassonne and Coup audits found the tools did wrongly (diag8): a position outside a list
field, explain's locals, simulate's and cover's cards without effects, a one-player `first`, list
arithmetic of `any` values, and the editor's rename across scopes."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game, RulesRuntimeError

# ---------------------------------------------------------------------------- 1. a position outside a list field

TILES = """counter vp;
kind tile { edges: list; }
tile a "A" { edges = [0, 0, 1, 0]; }
tile b "B" { edges = EDGES; }
zone bag of tile;
proc t() {
  fill bag with tile;
  for each c in bag {
    if c.edges[AT] == 1 {
      gain 1 vp;
    }
  }
}
game g { seats 2 to 4; phase play { t(); } winner most vp; }
"""


def tiles(at: str, edges: str = "[2, 2, 2, 2]") -> str:
    return TILES.replace("AT", at).replace("EDGES", edges)


def test_a_constant_position_outside_a_list_field_of_every_declaration_is_e392_at_the_position():
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(tiles("9"), "t.rules").diagnostics]
    assert found == [("E392", 9, 16, "the last item is [4]")]


def test_a_constant_position_outside_a_list_field_of_some_declarations_is_w467():
    found = analyse_text(tiles("4", "[2, 2, 2]"), "t.rules").diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("W467", 9, 16)]
    assert "1 of the 2 declarations" in found[0].message and "b: 3 items" in found[0].message


@pytest.mark.parametrize("at, edges", [("4", "[2, 2, 2, 2]"), ("vp + 9", "[2, 2, 2, 2]"), ("3", "[1, 2] + [3]")])
def test_a_position_inside_or_unknown_is_not_reported(at, edges):
    assert [d.code for d in analyse_text(tiles(at, edges)).diagnostics if d.code in ("E392", "W467")] == []


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_missing_item_stops_play_at_the_indexing_not_at_the_enclosing_if(interpreted):
    program = build_text(tiles("vp + 9"), interpreted=interpreted)
    with pytest.raises(RulesRuntimeError) as failed:
        Game(program, 2, 1).play()
    assert failed.value.message == "there is no item 9 in a list of 4"
    assert failed.value.where.endswith(":9:8")


# ---------------------------------------------------------------------------- 2. explain reads a local as written

LOCALS = """counter vp;
resource coin;
proc t(q: player, n: int) {
  let o = first(opponents);
  each o: gain 1 coin;
  each q: gain n coin;
  for each x in players {
    each x: gain 1 vp;
    each x { gain 1 vp; lose 1 coin; }
  }
  each opponents: gain 1 coin;
}
game g { seats 2 to 4; phase play { t(you, 2); } winner most vp; }
"""


def test_a_local_or_a_parameter_starting_a_sentence_keeps_its_name_as_written():
    result = analyse_text(LOCALS)
    assert result.ok, result.diagnostics
    lines = reading(result.symbols.decls["t"], result.symbols)
    assert lines[1:4] == ["o gains 1 coin.", "q gains coins equal to n.", "For each x in all players:"]
    assert lines[4:6] == ["  x gains 1 VP.", "  x does this:"]
    assert lines[-1] == "Each opponent gains 1 coin."   # a declared or builtin name still opens with a capital
