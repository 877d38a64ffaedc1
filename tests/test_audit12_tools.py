"""Tool defects found by the twelfth session's designer audits (Diplomacy, Go, Backgammon, Texas
Hold'em): how values read, what explain says, what the command line accepts."""

import pytest

from .conftest import both_built
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game

ORDERS = """
enum prov { a "Alpha", b "Beta" }
record order "{to} {aux}" { to: prov; aux: prov; }
counter n;
game g {
  seats 2 to 2;
  phase play {
    pick o from [order(to = a, aux = none), order(to = b, aux = b)] "order" { say "picked {o}"; gain 1 n; }
  }
  winner most n;
}
"""


@pytest.mark.parametrize("answer", [0, 1])
def test_an_empty_record_field_reads_none_in_a_say_as_in_the_option_it_was_picked_from(answer):
    """Diplomacy's order `Alpha none` was offered as "Alpha none" and said as "picked Alpha nothing"."""
    for program in both_built(ORDERS):
        game = Game(program, 2, 1, [ScriptedAgent([answer])] * 2)
        asked = []
        offer = game.offer
        game.offer = lambda d: asked.append(list(d.options)) or offer(d)
        game.play()
        assert asked == [["Alpha none", "Beta Beta"]]
        assert game.messages[-1] == ("P1: picked Alpha none" if answer == 0 else "P1: picked Beta Beta")
