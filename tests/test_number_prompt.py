"""A pick over a range of numbers at the hot seat (and `--agent human`): asked as a number with its
bounds ("raise to how much? (40 to 1500)"), not as a list of 1,461 numbered lines (the poker audit's
W6); a number out of the range is refused and asked again. The answer is still the option's index,
so the log and its replay are those of any pick."""

from __future__ import annotations

import io

from rulebook.runtime.agents import HumanAgent, ScriptedAgent
from rulebook.runtime.console import PlainConsole
from rulebook.runtime.engine import Game
from rulebook.runtime.view import Asked

from .conftest import rules_programs

program = rules_programs("""
counter chips;
counter pick_no;
""")

RAISE = 'proc p() { pick t from 40..1500 "raise to how much?" { set chips = t; } }'


def human_plays(program, rules: str, lines: list[str]) -> tuple[Game, str]:
    out = io.StringIO()
    console = PlainConsole(file=out, width=100, color_system=None)
    feed = iter(lines)
    console.input = lambda prompt="": next(feed)
    agent = HumanAgent(console)
    g = Game(program(rules), 2, 1, [agent, agent])
    d = g.start(g.program.procs["p"](g, g.state.players[0]))
    while d is not None:
        d = g.apply(agent.choose(*g.offer(d)))
    return g, out.getvalue()


def test_a_range_is_asked_as_a_number_within_its_bounds(program):
    g, text = human_plays(program, RAISE, ["5000", "39", "forty", "-40", "1499"])
    assert "raise to how much? (40 to 1500)" in text
    assert "  1. 40" not in text and "1461" not in text   # no list of options
    assert text.count("type a number from 40 to 1500") == 4
    assert g.state.players[0].stock["chips"] == 1499
    assert g.log == [[0, 1499 - 40]]   # the option's index, as any pick logs it


def test_the_log_holds_the_option_index_and_replays_on_a_scripted_agent(program):
    g, _ = human_plays(program, RAISE, ["777"])
    again = Game(program(RAISE), 2, 1, [ScriptedAgent([777 - 40])] * 2)
    d = again.start(again.program.procs["p"](again, again.state.players[0]))
    while d is not None:
        d = again.apply(again.agents[0].choose(*again.offer(d)))
    assert again.state.players[0].stock["chips"] == 777 and again.state.digest() == g.state.digest()


def test_negative_ranges_and_a_list_of_options_that_is_no_range(program):
    g, text = human_plays(program, 'proc p() { pick t from -3..3 "move how far?" { set chips = t + 10; } }', ["-2"])
    assert "move how far? (-3 to 3)" in text and g.state.players[0].stock["chips"] == 8
    g, text = human_plays(program, 'proc p() { pick t from [1, 2, 5] "how many?" { set chips = t; } }', ["3"])
    assert "  3. 5" in text and "(1 to" not in text and g.state.players[0].stock["chips"] == 5
    g, text = human_plays(program, 'proc p() { choose "which?" { option "a" { set chips = 1; } option "b" { } } }',
                          ["1"])
    assert "  1. a" in text and g.state.players[0].stock["chips"] == 1


def test_number_range_reads_the_values_not_the_labels(program):
    g = Game(program(RAISE), 2, 1)
    d = g.start(g.program.procs["p"](g, g.state.players[0]))
    asked, _ = g.offer(d)
    assert isinstance(asked, Asked) and asked.number_range == (40, 1500) and asked.size == 1461
