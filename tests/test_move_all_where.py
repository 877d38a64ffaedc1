"""`move all of Z where COND to [top of] W;`: the items of Z that COND holds for (`it` the item, all
tested before any moves), in Z's order; on both backends, printed back, explained, checked."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game

from .conftest import on_both_backends, the_one_error

# An orchard: the ripe fruit of the tree goes to the basket, the rest stays on the tree in its order.
PACK = """
counter vp;
enum ripeness { green, ripe }
kind fruit { state: ripeness; weight: int; }
fruit apple { state = ripe; weight = 3; }
fruit pear { state = green; weight = 2; }
fruit plum { state = ripe; weight = 1; }
fruit fig { state = green; weight = 4; }
zone tree of fruit;
zone basket of fruit;
zone crate of fruit;
proc harvest(k: ripeness) {
  move all of tree where it.state == k to basket;
  move all of basket where it.weight >= 2 to top of crate;
  gain size(basket) vp;
}
"""

GAME = """
game orchard {
  seats 1 to 2;
  phase setup { fill tree with fruit; fill crate with fruit where it.weight == 4; }
  phase play { harvest(ripe); }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))


def test_only_the_items_that_match_move_in_their_order(program):
    g = Game(program, 1, 1, [ScriptedAgent(())])
    g.play()
    tree, basket, crate = (g.zone(None, z).items for z in ("tree", "basket", "crate"))
    assert [e.name for e in tree] == ["pear"]
    assert [e.name for e in basket] == ["plum"]
    # the heavy ripe one went on top of the crate, above the fig that was there
    assert [e.name for e in crate] == ["apple", "fig"]
    assert g.state.players[0].stock["vp"] == 1


def test_it_prints_back_and_reads_in_words():
    module = parse_text(PACK + GAME)
    printed = format_module(module)
    assert "move all of tree where it.state == k to basket;" in printed
    assert "move all of basket where it.weight >= 2 to top of crate;" in printed
    assert parse_text(printed) == module
    result = analyse_text(PACK + GAME)
    assert result.ok, result.diagnostics
    words = [w.strip() for w in reading(result.symbols.decls["harvest"], result.symbols)]
    assert words[0] == "Put all the fruits of the tree for which its state is k at the bottom of the basket, in order."


@pytest.mark.parametrize("where, code, message", [
    ("it.colour == k", "E205", "unknown field 'colour'"),
    ("it.weight", "E303", "a condition must be true or false, not a number"),
])
def test_a_wrong_condition_is_a_lint_error(where, code, message):
    the_one_error(analyse_text(PACK.replace("it.state == k", where) + GAME), code, message)
