"""One definition of what a statement binds in each of its blocks (compiler.layout.blocks_binding), read by
both walks that follow the locals in scope: the captures of triggers (`trigger_captures`) and the locals kept
around a block that binds a name again (`kept_locals`, 4.12)."""

from __future__ import annotations

import pytest

from rulebook.compiler import driver
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.layout import blocks_binding
from rulebook.dsl import ast as A
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game

# For Sale's "the bidders who passed": in the `passed` block and in the body, a loop binds again the local
# the block let; after the loop the block's own comes back (4.12), in the `passed` block as in the body
SALE = """
resource coin;
counter vp;
counter seen;
proc sale() {
  auction among players up to coin passed as (q, bid) {
    let x = 1;
    for each x in [5, 6] { gain 0 vp; }
    gain x vp;
  } as (w, price) {
    let x = 2;
    for each x in [7, 8] { gain 0 vp; }
    gain x seen;
  }
}
game g { seats 2; phase setup { each players: gain 3 coin; } phase play { sale(); } winner most vp; }
"""


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_local_bound_again_in_an_auctions_passed_block_comes_back_after_it(interpreted):
    program = driver.interpret_texts((("t", (("t.rules", SALE),)),), "t") if interpreted else build_text(SALE)
    game = Game(program, 2, 1, [RandomAgent(1), RandomAgent(2)])
    game.play()
    # the one who passed gains the `passed` block's x (1, not the loop's last 6); the winner its body's x (2)
    assert sorted((p.stock["vp"], p.stock["seen"]) for p in game.state.players) == [(0, 2), (1, 0)]


def test_each_block_of_a_statement_comes_with_the_locals_it_binds():
    result = analyse_text(SALE + """
zone hand of card;
kind card { }
proc choosing() { pick c from hand "which?" { gain 1 vp; } else { gain 2 vp; } }
""")
    assert result.ok, result.diagnostics
    auction = result.symbols.decls["sale"].body[0]
    assert [(type(block[0]).__name__, names) for block, names in blocks_binding(auction)] == [
        ("Let", ("w", "price")), ("Let", ("q", "bid"))]   # the body, then `passed` (field order); no `else` written
    pick = next(n for n in A.walk(result.symbols.decls["choosing"]) if type(n) is A.Pick)
    assert [names for _block, names in blocks_binding(pick)] == [("c",), ()]   # `else`: nothing was picked
