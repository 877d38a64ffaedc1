"""`say "..." as game;`: a line in the game's own voice, without the acting player's name before it (the
Diplomacy audit's defect 5: revealed orders read "England: France: A Paris - Burgundy"). Both backends,
the trace, fmt, explain; a plain `say` keeps its speaker."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, run_proc

PACK = """
enum prov { par "Paris", bur "Burgundy" }
var army_at[prov] global: player;
proc show_orders() {
  set army_at[par] = all_players[2];
  for each q in prov where army_at[q] != none { say "{army_at[q]}: A {q} - Burgundy" as game; }
  say "orders are in";
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_game_speaks_without_the_acting_players_name(interpreted):
    game = Game(build_text(PACK, interpreted=interpreted, name="t.rules"), 2, 1)
    entries = []
    game.tracer = entries.append
    run_proc(game, "show_orders", player=0)
    assert game.messages == ["P2: A Paris - Burgundy", "P1: orders are in"]
    assert [(e.describe(), e.where) for e in entries if e.kind == "say"] == \
        [("P2: A Paris - Burgundy", "t.rules:6:49"), ("P1: orders are in", "t.rules:7:3")]


def test_fmt_explain_and_lint():
    _module, printed = printed_back(PACK)
    assert 'say "{army_at[q]}: A {q} - Burgundy" as game;' in printed and 'say "orders are in";' in printed
    result = analyse_text(PACK)
    assert result.diagnostics == []
    reading = "\n".join(explain(result.symbols.decls["show_orders"], result.symbols))
    assert "The game announces: " in reading and "Note: orders are in" in reading
    # only the game: `as` another speaker is a syntax error at the word
    assert [c for c, _l, _c in found_at(PACK.replace("as game", "as you"))] == ["E100"]
