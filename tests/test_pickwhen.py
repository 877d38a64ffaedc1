"""Branch pickwhen: W667, an option's `when` that says only what the pick its body starts with says (4.6:
`option "treat disease" when some(k in disease where cubes[at, k] > 0) { pick k from disease where cubes[at, k]
> 0 ... }`), the option being offered only when the pick has a candidate anyway; and the packs that wrote it so
(Pandemic, Tapestry, Federation, ...) without it, playing the same games."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import explained, rules_program, run_proc

# Lost Cities: a card goes on an expedition only above the last card played there; else it is discarded
EXPEDITIONS = """enum expedition { desert, volcano, sea }
counter last_played[expedition];
counter card_value;
proc turn() {
  choose "your turn" {
    option "add to an expedition" WHEN{
      pick e from expedition where last_played[e] < card_value "which expedition?" { set last_played[e] = card_value; }
    }
    option "discard it" { set card_value = 0; }
  }
}
proc draw_card() { set card_value = 5; }
proc fill_up() { for each e in expedition { set last_played[e] = 9; } }
"""


def findings(when: str, text: str = EXPEDITIONS) -> list:
    """The W667s of the rules with the option's `when` written as `when` ("" for none)."""
    return [d for d in analyse_text(text.replace("WHEN", when)).diagnostics if d.code == "W667"]


@pytest.mark.parametrize("when", [
    "when some(e in expedition where last_played[e] < card_value) ",
    "when some(x in expedition where last_played[x] < card_value) ",   # the variable renamed
    "when count(x in expedition where last_played[x] < card_value) > 0 ",
    "when count(x in expedition where last_played[x] < card_value) >= 1 ",
])
def test_a_when_that_repeats_the_pick_is_w667_at_the_when(when):
    found = findings(when)
    assert [(d.span.line, d.span.column) for d in found] == [(6, 40)]
    assert "'pick e from expedition' has a candidate for which 'last_played[e] < card_value'" in found[0].message
    assert found[0].hint.startswith("the 'when' can go")
    assert found[0].severity == "warning"


def test_size_above_zero_repeats_a_pick_with_no_where():
    """Tapestry's "a face-up card" `when size(tech_display) > 0 { pick c from tech_display ... }`."""
    text = EXPEDITIONS.replace(" where last_played[e] < card_value", "")
    assert [d.span.line for d in findings("when size(expedition) > 0 ", text)] == [6]
    assert findings("when size(expedition) > 1 ", text) == []   # two at least: more than a candidate


@pytest.mark.parametrize("when", [
    "",
    "when card_value > 3 ",                                                     # something else
    "when some(e in expedition where last_played[e] < card_value - 2) ",        # stronger than the pick's
    "when some(e in expedition where last_played[e] <= card_value) ",           # weaker: still a different test
    "when card_value > 0 and some(e in expedition where last_played[e] < card_value) ",   # more than the pick
    "when some(e in expedition where last_played[e] < card_value and e != sea) ",
    "when count(e in expedition where last_played[e] < card_value) > 1 ",
    "when some(card_value in expedition where last_played[card_value] < card_value) ",   # would capture a name
])
def test_a_stronger_or_different_when_is_left_alone(when):
    assert findings(when) == []


@pytest.mark.parametrize("pick_end", ["optional {", "{ set card_value = 1; } else {"])
def test_a_pick_that_may_pick_nothing_keeps_its_when(pick_end):
    """An `optional` pick, or one with an `else`, leaves the option offered with nothing to pick: its `when`
    is what gates the option."""
    text = EXPEDITIONS.replace('"which expedition?" {', f'"which expedition?" {pick_end}')
    assert findings("when some(e in expedition where last_played[e] < card_value) ", text) == []


def test_a_pick_that_pays_first_gates_the_option_on_a_candidate_it_can_pay_for():
    """The derived availability is stronger (a candidate that can be paid for): a `when` of the candidate
    alone says nothing more."""
    text = "resource coin;\n" + EXPEDITIONS.replace('"which expedition?" {', '"which expedition?" { pay 2 coin;')
    assert [d.span.line for d in findings("when some(e in expedition where last_played[e] < card_value) ",
                                          text)] == [7]


def test_explain_reads_the_candidate_once_with_or_without_the_when():
    """With the `when`, `explain` reads it (and not the pick's candidate again); without it, the candidate."""
    def option_line(when: str) -> str:
        reading = explained(analyse_text(EXPEDITIONS.replace("WHEN", when)), "turn")
        return next(line for line in reading.splitlines() if "Add to an expedition" in line)

    condition = "for which your last played (e) is less than your card value"
    for when in ("when some(x in expedition where last_played[x] < card_value) ",
                 "when count(e in expedition where last_played[e] < card_value) > 0 "):
        line = option_line(when)
        assert line.count("(only") == 1 and "to pick" not in line, line
    assert option_line("") == ("    1. Add to an expedition (only when there is some e to pick among the expeditions "
                               f"{condition}):")


program = rules_program(EXPEDITIONS.replace("WHEN", ""))


def test_the_option_without_its_when_is_offered_only_with_a_candidate(program):
    """Both backends: with a card of 5 and every expedition at 0 the player is asked (and picks the volcano);
    with every expedition at 9 only the discard is left, taken without asking."""
    game = Game(program, 2, 1)
    run_proc(game, "draw_card")
    asked = run_proc(game, "turn", answers=["add to an expedition", "volcano"])
    assert [d.prompt for d in asked] == ["your turn", "which expedition?"]
    assert game.state.players[0].stock["last_played[volcano]"] == 5
    run_proc(game, "fill_up")
    assert run_proc(game, "turn") == []   # the discard alone, forced
    assert game.state.players[0].stock["card_value"] == 0
