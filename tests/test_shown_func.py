"""`func NAME(): TYPE shown "Title" = EXPR;` (3.12): a derived value on every player's screen and in
their view (the poker audit's W7: the pot is a func), on both backends; E534 for one with parameters
or worked out from what some player may not see; the printer and explain."""

from __future__ import annotations

import io

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.console import PlainConsole
from rulebook.runtime.engine import Game

from .conftest import printed_back, rules_program, run_proc

PACK = """
counter in_pot "In the pot" from 0 to 1000;
counter chips "Chips";
counter shown;
kind card { value: int; }
card low "Low" { value = 1; }
card high "High" { value = 9; }
zone deck of card;
zone hand per_player of card hidden;
var mark hidden: card;
# Catan: the longest road's holder is on the table for all to see, worked out from the roads
func pot(): int shown "Pot" = total(p in all_players, p.in_pot);
func to_call(): int shown "To call" = highest(p in players, p.in_pot) - in_pot;
func hand_size(): int shown "Cards in hand" = size(hand);
proc put(n: int) { gain n in_pot; set shown = n; }
"""

program = rules_program(PACK)


def test_the_view_shows_the_value_for_each_player(program):
    g = Game(program, 2, 1)
    run_proc(g, "put", 30, player=1)
    assert g.view(0)["shown"] == {"pot": 30, "to_call": 30, "hand_size": 0}
    assert g.view(1)["shown"] == {"pot": 30, "to_call": 0, "hand_size": 0}   # read as the viewer's own
    assert g.view(0)["labels"]["pot"] == "Pot"


@pytest.mark.parametrize("interpreted", [False, True])
def test_a_pack_without_a_shown_func_has_no_such_entry(interpreted):
    g = Game(build_text("counter vp;\nfunc twice(): int = 2 * vp;\n", interpreted=interpreted), 2, 1)
    assert "shown" not in g.view(0) and "twice" not in g.view(0)["labels"]


def test_the_hot_seat_screen_shows_it_by_its_title_and_tells_its_changes(program):
    out = io.StringIO()
    console = PlainConsole(file=out, width=120, color_system=None)
    answers = iter(["1", "1"])
    console.input = lambda prompt="": next(answers)
    agent = HumanAgent(console)
    text = PACK + 'proc play() { repeat 2 { choose "go" { option "bet" { put(10); } option "wait" { } } } }\n'
    g = Game(build_text(text), 2, 1, [agent, agent])
    d = g.start(g.program.procs["play"](g, g.state.players[0]))
    while d is not None:
        d = g.apply(agent.choose(*g.offer(d)))
    screen = out.getvalue()
    assert "Pot: 0, To call: 0, Cards in hand: 0" in screen and "Pot 0 → 10" in screen


def test_round_trip_and_explain():
    module, printed = printed_back(PACK)
    assert 'func pot(): int shown "Pot" = total(p in all_players, p.in_pot);' in printed
    pot = next(d for d in module.items if getattr(d, "name", None) == "pot")
    assert "Every player's screen shows it as “Pot”." in [x.strip() for x in explain(pot)]


@pytest.mark.parametrize("func, where", [
    ('func best(p: player): int shown "Best" = p.chips;', "takes parameters"),
    ('func best_card(): int shown "Best" = highest(c in hand, c.value);', "may not see"),
    ('func their_cards(): int shown "Theirs" = total(p in players, count(c in p.hand where c.value > 2));',
     "may not see"),
    ('func marked(): bool shown "Mark" = mark == high;', "may not see"),
    ('func deck_top(): int shown "Top" = total(c in deck, c.value) + best_card();\n'
     'func best_card(): int = highest(c in hand, c.value);', "may not see"),
])
def test_E534_at_the_func_name(func, where):
    text = "zone deck of card secret;\n" + PACK.replace("zone deck of card;\n", "") + func + "\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "E534"]
    assert len(found) == 1 and where in found[0].message, [d.headline() for d in analyse_text(text).diagnostics]
    assert found[0].span.line == text.count("\n") - func.count("\n") and found[0].span.column == 6


def test_no_E534_for_public_reads_and_the_word_stays_a_name():
    result = analyse_text(PACK + 'func n(): int shown "Dealt" = size(hand) + count(c in deck where c.value > 2) + shown;\n')
    assert [d.headline() for d in result.diagnostics if d.severity == "error"] == []


def test_E534_for_a_role_s_func():
    text = ('counter vp;\nrole spy "Spy" { func tip(): int shown "Tip" = vp + 1; }\nrole cop "Cop" { }\n'
            'game g { seats 2 to 2 roles spy, cop; phase play { } winner most vp; }\n')
    found = [d for d in analyse_text(text).diagnostics if d.code == "E534"]
    assert len(found) == 1 and "role 'spy'" in found[0].message and (found[0].span.line, found[0].span.column) == (2, 23)
