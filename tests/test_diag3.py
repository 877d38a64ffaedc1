"""Fixes from designer audits (Race for the Galaxy, Dominion): a number given to a yes-or-no field, a loss
from a global counter in the trace, a copied card compared by declaration, a shadowed pick variable,
agents that cannot loop for ever on a secret choice, and simulate's count of used cards."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import write_pack


def findings(text: str):
    return [(d.code, d.span.line, d.message) for d in analyse_text(text).diagnostics]


BOOLS = """kind card { windfall: bool = false; n: int = 0; }
card a { windfall = 1; }
card b { windfall = "yes"; n = true; }
card c { windfall = true; }
"""


def test_a_number_or_text_in_a_yes_or_no_field_is_e303():
    assert findings(BOOLS) == [
        ("E303", 2, "field 'windfall' is a condition, true or false, not a number"),
        ("E303", 3, "field 'windfall' is a condition, true or false, not a text"),
        ("E303", 3, "field 'n' is a whole number")]


def test_a_number_as_a_yes_or_no_default_is_e303_at_the_value():
    (d,) = analyse_text("kind k { flag: bool = 3; }\n").diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E303", 1, 23)


def test_an_amended_yes_or_no_field_given_a_number_is_e303(tmp_path):
    from rulebook.compiler.driver import analyse
    base = write_pack(tmp_path / "base", name="base", text="kind card { windfall: bool = false; }\ncard a { windfall = true; }\n")
    house = write_pack(tmp_path / "house", "amend a { windfall = 2; }\n", name="house", extends=["../base"])
    codes = [(d.code, d.message) for d in analyse(str(house)).diagnostics]
    assert ("E303", "field 'windfall' is a condition, true or false, not a number") in codes


GLOBAL = """
counter pool global from 0 to 10;
proc p() {
  set pool = 6;
  lose 2 pool;
  gain 1 pool;
  lose 9 pool;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_loss_or_gain_of_a_global_counter_reads_as_one_in_the_trace(interpreted):
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game

    from .conftest import run_proc
    game = Game(build_text(GLOBAL, interpreted=interpreted, name="t.rules"), 2, 1)
    entries = []
    game.tracer = entries.append
    run_proc(game, "p")
    assert [(e.kind, e.describe(), e.where) for e in entries] == [
        ("set", "set pool = 6", "t.rules:4:3"),
        ("lose", "lose 2 pool (now 4)", "t.rules:5:3"),
        ("gain", "gain 1 pool (now 5)", "t.rules:6:3"),
        ("lose", "lose 5 pool (now 0)", "t.rules:7:3")]   # what was lost: the floor stopped it


COPIES = """counter vp;
kind card { coins: int; }
card silver "Silver" * 3 { coins = 2; }
card gold "Gold" { coins = 3; }
zone hand per_player of card;
event played(c: card);
proc p() {
  whenever you played(c = silver) { gain 1 vp; }
  whenever you played(c = gold) { gain 1 vp; }
  whenever you played() { if it.c.name == "silver" { gain 1 vp; } }
  for each c in hand {
    if c == silver or gold == c or silver != c { gain 1 vp; }
    emit played(c);
  }
}
"""


def test_a_card_of_many_copies_compared_or_filtered_by_its_name_is_w424():
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(COPIES).diagnostics]
    assert [f[:3] for f in found] == [("W424", 8, 27), ("W424", 12, 13), ("W424", 12, 36)]
    assert found[0][3].endswith("'c is silver'")
    assert found[1][3].endswith("'c is silver'") and found[2][3].endswith("'not c is silver'")


def test_a_card_of_many_copies_searched_for_by_its_name_is_w424():
    """`contains(hand, silver)` and `index_of(hand, silver)` look for the first Silver only, as `==`."""
    text = COPIES.replace("  for each c in hand {", "  if contains(hand, silver) and index_of(hand, gold) == 1 "
                          "and index_of(hand, silver) == 1 { gain 1 vp; }\n  for each c in hand {")
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(text).diagnostics
             if d.span.line == 11]
    assert [f[:3] for f in found] == [("W424", 11, 21), ("W424", 11, 78)]
    assert found[0][3].endswith("'some(c in hand where c is silver)'")


def test_a_filter_naming_a_card_of_many_copies_still_hears_its_first_copy_only():
    """The filter keeps its meaning (equal, as '=='): the first Silver is heard, the second is not."""
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game

    from .conftest import run_proc
    text = COPIES.split("proc p")[0] + """proc p() {
  fill hand with card;
  whenever you played(c = silver) { gain 1 vp; }
  for each c in hand { emit played(c); }
}
"""
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(game, "p")
        assert game.state.players[0].stock["vp"] == 1


SHADOWS = """counter vp;
kind card { points: int; }
card a { points = 1; }
zone hand per_player of card;
zone table per_player of card;
proc p(n: int) {
  for each c in hand {
    gain total(c in table, c.points) vp;
    pick n from [1, 2] "how many?" { gain n vp; }
    gain count(d in table) vp;
  }
  pick c from hand "keep" exactly 1 + total(c in table, c.points) { gain 1 vp; }
}
"""


def test_an_inner_variable_named_as_an_enclosing_local_is_w423_at_the_inner_name():
    found = [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(SHADOWS).diagnostics
             if d.code != "W588"]   # (the parameter n is never read: the pick's n hides it)
    assert [f[:3] for f in found] == [("W423", 8, 16), ("W423", 9, 10), ("W423", 12, 45)]
    assert "bound at <text>:7" in found[0][3] and "bound at <text>:6" in found[1][3]
    assert "worked out before anything is picked" in found[2][3]


def test_distinct_names_and_sibling_aggregates_are_clean():
    text = SHADOWS.replace("total(c in table", "total(t in table").replace("t in table, c.points", "t in table, t.points") \
        .replace("pick n from", "pick k from").replace("gain n vp; }", "gain k vp; }")
    text += "func both() = total(c in table, c.points) + count(c in hand);\n"
    assert [d.code for d in analyse_text(text).diagnostics if d.code == "W423"] == []


HELD = """
counter vp;
kind money { coins: int = 1; }
kind gem { worth: int = 1; }
kind relic { worth: int = 1; }
money copper * 3 { }
gem ruby { }
gem opal { }
relic idol { }
zone bank of money;
zone hand per_player of money hidden;
zone gems of gem;
zone shown per_player of gem;
zone vault per_player of gem secret;
zone relics of relic;
zone shrine per_player of relic hidden;
proc p() {
  fill bank with money; fill gems with gem;
  each players { draw 1 from bank to hand; }
  move ruby to shown;
  move opal to vault;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_card_without_effect_is_used_only_where_others_see_it(interpreted):
    """Money in a hand (`hidden`) is waiting to be spent, a gem in a `secret` vault is unseen: neither
    counts as used at the end; the ruby in a public zone does. A relic only a hidden zone can hold is
    no component at all."""
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game
    from rulebook.runtime.simulate import UsageRecorder

    from .conftest import run_proc
    program = build_text(HELD, interpreted=interpreted)
    recorder = UsageRecorder(program)
    assert recorder.components == [("gem", "ruby"), ("gem", "opal")]
    game = Game(program, 2, 1)
    run_proc(game, "p")
    recorder.note_held(game)
    assert [(recorder.components[c][1], seat) for c, seat in sorted(recorder.used)] == [("ruby", 0)]


# a round asks each player, in secret, which action all take; only "settle" moves the game on
STALL = """
counter vp;
counter settled global;
enum action { explore, settle }
game stall {
  seats 2 to 2;
  phase play {
    while true {
      each players simultaneously pick a from [explore, settle] "choose an action" {
        if a == settle { gain 1 settled; }
      }
      if settled >= 3 { end game; }
    }
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("agent", ["first", "focused", "mixed"])
def test_an_agent_that_repeats_itself_still_ends_a_game_one_answer_never_ends(agent):
    """First took 'explore' for ever; a focused seat that planned 'explore' too (E602 after 100,000
    decisions). Each gives its usual answer at most PATIENCE times in a row to one question."""
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.agents import PATIENCE, make_agents
    from rulebook.runtime.engine import Game

    for interpreted in (False, True):
        program = build_text(STALL, interpreted=interpreted)
        for seed in range(1, 6):
            game = Game(program, 2, seed, make_agents(agent, 2, seed))
            game.play()
            assert game.decisions_made < 20 * PATIENCE


def test_the_first_agent_takes_the_first_option_until_its_patience_runs_out():
    from rulebook.runtime.agents import PATIENCE, FirstAgent

    class Asked:
        written_prompt, size = "which?", 3
    agent = FirstAgent()
    answers = [agent.choose(Asked(), None) for _ in range(3 * PATIENCE)]
    assert [i for i, a in enumerate(answers) if a] == [PATIENCE - 1, 2 * PATIENCE - 1]
    assert answers[PATIENCE - 1] == 1 and answers[2 * PATIENCE - 1] == 2 and answers[3 * PATIENCE - 1] == 0


def test_a_focused_agent_keeps_its_plan_patience_times_in_a_row_then_makes_a_new_one():
    from rulebook.runtime.agents import PATIENCE, FocusedAgent

    class Asked:
        written_prompt, written_options, size, repeated = "which?", [str(i) for i in range(50)], 50, False
    agent = FocusedAgent(1)
    answers = [agent.choose(Asked(), None) for _ in range(1 + PATIENCE + 1)]
    plan = answers[0]
    assert answers[:PATIENCE + 1] == [plan] * (PATIENCE + 1)   # the first answer, then the plan PATIENCE times
    assert agent.kept["which?"] == 0 and agent.plan["which?"] == Asked.written_options[answers[-1]]
    assert answers[-1] != plan   # this seed's new plan is another (1 in 50 it would not be)
