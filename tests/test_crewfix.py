"""Fixes from the Crew and Waterdeep audits: an index by a kind of many copies (W450), a closed stdout,
the scope of `after`, forced picks in the trace, clearer syntax errors, and the tools' wording."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import FEDERATION, the_one_error


COPIED = """kind card { v: int; }
card p "P{v}" * 9 { v = 1; }
card solo "Solo" { v = 2; }
zone hand per_player of card;
var won_by[card] global: player;
counter seen[card] global;
proc play() {
  pick c from hand "play?" {
    set won_by[c] = you;
    gain 1 seen[c];
    set won_by[solo] = you;
  }
}
"""


def test_an_index_by_a_kind_of_many_copies_given_a_card_is_w450_at_the_index():
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(COPIED).diagnostics]
    assert [f[:3] for f in found] == [("W450", 9, 16), ("W450", 10, 17)]
    assert "'won_by: player = none;' in 'kind card'" in found[0][3]
    assert "'seen: int = 0;'" in found[1][3]


def test_an_index_by_a_kind_without_copies_is_not_w450():
    text = COPIED.replace(' * 9', '')
    assert [d.code for d in analyse_text(text).diagnostics] == []


def closed_pipe_run(*args) -> subprocess.CompletedProcess:
    """`rulebook ARGS` writing into a pipe whose reader has already gone (`| head -1` after its line)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run([sys.executable, "-c", "from rulebook.cli import main; main()", *map(str, args)],
                              stdout=write, stderr=subprocess.PIPE, text=True, timeout=240)
    finally:
        os.close(write)


@pytest.mark.parametrize("args", [
    ("play", FEDERATION, "--players", "3", "--seed", "1", "--trace"),
    ("play", FEDERATION, "--players", "3", "--seed", "1", "--trace", "--interpret"),
    ("explain", FEDERATION, "senate"),
    ("cover", FEDERATION, "--games", "1"),
], ids=["play-trace", "play-trace-interpreted", "explain", "cover"])
def test_a_closed_stdout_ends_the_cli_quietly_with_141(args):
    done = closed_pipe_run(*args)
    assert done.returncode == 141
    assert "error" not in done.stderr and "Traceback" not in done.stderr and "Broken" not in done.stderr


BASE_TURN = """counter vp;
proc turn(n: int) {
  let p = you;
  for each q in players { gain n vp; }
  say "{p} took their turn";
}
game g {
  seats 2 to 3;
  phase setup { let k = 2; each players { turn(k); } }
  phase play { each players { turn(1); } end game; }
  phase final { }
  winner most vp;
}
"""


def house_on(tmp_path, text: str):
    from rulebook.compiler.driver import analyse
    from .conftest import write_pack
    write_pack(tmp_path / "base", BASE_TURN, name="base")
    house = write_pack(tmp_path / "house", text, name="house", extends=["../base"])
    return [d for d in analyse(str(house)).diagnostics if d.code != "I404"]


def test_after_sees_the_parameters_not_the_base_locals(tmp_path):
    """`after` adds steps with the proc's parameters in scope: the base's `let p` is not reachable
    there, so a loop variable `p` of the house rule shadows nothing (no W423)."""
    assert house_on(tmp_path, "after turn { for each p in players { gain n vp; } let p = 3; gain p vp; }\n"
                              "after setup { let k = 1; gain k vp; }\n") == []
    (d,) = house_on(tmp_path, 'after turn { say "{p}"; }\n')
    assert (d.code, d.span.line, d.message) == ("E201", 1, "unknown name 'p'")


def test_before_and_after_each_have_their_own_locals_on_both_backends(tmp_path):
    from .conftest import programs
    house = "before turn { let p = 2; gain p vp; }\nafter turn { let p = 5; gain p vp; }\n"
    assert house_on(tmp_path, house) == []
    from rulebook.runtime.engine import Game
    results = set()
    for program in programs(tmp_path / "house"):
        game = Game(program, 2, 1)
        game.play()
        results.add(game.result()["digest"])
    assert len(results) == 1


def test_w423_names_the_file_of_the_enclosing_local(tmp_path):
    (d,) = house_on(tmp_path, 'override proc turn(n: int) { let p = you; for each p in players { gain n vp; } '
                              'say "{p}"; }\n')
    assert d.code == "W423" and f"house{__import__('os').sep}main.rules:1)" in d.message


FORCED = """counter vp;
kind card { worth: int; }
card rocket2 "Rocket 2" { worth = 2; }
card pink1 "Pink 1" { worth = 1; }
zone hand per_player of card;
zone table of card;
game g {
  seats 2 to 2;
  phase setup { move rocket2 to hand; move pink1 to table; }
  phase play {
    pick c from hand "play which card?" { gain c.worth vp; move c to table; }
    pick t from table "take which card?" { move t to hand; }
    end game;
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_forced_pick_leaves_a_line_in_the_trace(interpreted):
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game
    from rulebook.runtime.agents import make_agents
    game = Game(build_text(FORCED, interpreted=interpreted), 2, 1, make_agents("random", 2, 1))
    lines = []
    game.tracer = lambda effect: lines.append(effect.describe())
    game.play()
    assert "P1: forced play which card? -> Rocket 2 (the only choice)" in lines
    asked = [line for line in lines if "take which card?" in line]
    assert len(asked) == 1 and "(the only choice)" not in asked[0]


def syntax_error(text: str):
    (d,) = analyse_text(text).diagnostics
    assert d.code == "E100"
    return d


def test_a_declaration_inside_a_proc_says_where_declarations_go():
    d = syntax_error("counter vp;\nproc p() {\n  counter tmp;\n  gain 1 vp;\n}\n")
    assert (d.span.line, d.span.column) == (3, 3)
    assert d.message.startswith("'counter' declares at the top level of a file, not inside a block")
    assert "'let NAME = VALUE;'" in d.message and "move 'counter tmp;' out of the block" in d.hint
    # at the start of its line, after a proc left open, it is still the block that is not closed
    assert "a block is not closed" in syntax_error("counter vp;\nproc p() {\n  gain 1 vp;\ncounter tmp;\n").message


def test_a_gain_of_an_amount_without_its_resource_says_the_resource_is_missing():
    # a field read as the amount parses (`gain q.rewards;` gains a field of amounts per resource): the
    # checker says that a number names no resource, at the field, and how to write the gain
    result = analyse_text("kind quest { points: int; }\ncounter vp;\nproc p(q: quest) {\n  gain q.points;\n}\n")
    the_one_error(result, "E362", "'gain q.points;' names no resource: q.points is a number", line=4)
    assert [d.hint for d in result.diagnostics if d.code == "E362"] == ["write 'gain q.points RESOURCE;'"]
    assert "missing after '2'" in syntax_error("counter vp;\nproc p() { lose 2; }\n").message
    # a name alone is still read as the resource with its amount forgotten
    assert "need an amount before the resource" in syntax_error("counter vp;\nproc p() { gain vp; }\n").message


def test_a_func_with_a_block_says_a_func_is_an_expression():
    d = syntax_error("counter x;\nfunc f() { gain 1 x; }\n")
    assert (d.span.line, d.span.column) == (2, 10)
    assert "a func is an expression, written 'func f(...) = EXPR;'" in d.message and "proc f(...)" in d.hint


def test_emit_with_a_named_argument_says_emit_takes_them_by_position():
    d = syntax_error("kind quest { t: int; }\nevent quest_completed(t: int);\nproc p(q: quest) {\n"
                     "  emit quest_completed(t = q.t);\n}\n")
    assert (d.span.line, d.span.column) == (4, 24)
    assert "'emit' takes its arguments by position" in d.message
    assert "whenever you quest_completed(t = VALUE)" in d.message
    assert d.hint == "write 'emit quest_completed(q.t);'"


def test_simulate_lists_a_declaration_of_copies_as_the_declaration():
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.simulate import component_names, copies_title
    text = """counter vp;
kind card { value: int; play: effect; }
card blue "Blue {value}" * 9 { value = copy_number; play { gain 1 vp; } }
card guard "Guard" * 5 { value = 1; play { gain 1 vp; } }
card plain * 2 { value = 0; play { gain 1 vp; } }
card solo "Solo" { value = 0; play { gain 1 vp; } }
"""
    titles = {name: title for _kind, name, title in component_names(build_text(text))}
    assert titles == {"blue": "Blue 1-9 (9 copies)", "guard": "Guard (5 copies)", "plain": "plain (2 copies)",
                      "solo": "Solo"}
    assert copies_title(["Red 1", "Green 2"]) == "Red 1 ... Green 2 (2 copies)"


def test_cover_without_branches_says_branches_are_available_when_every_proc_ran(tmp_path):
    from .conftest import write_pack
    from .test_cli import invoke
    from .test_cover_branches import PACK
    root = write_pack(tmp_path / "love", PACK)
    hint = "--branches lists those never taken"
    plain = invoke("cover", root, "--games", 5)
    assert plain.exit_code == 0 and "every proc ran" in plain.output and hint in plain.output
    assert hint not in invoke("cover", root, "--games", 5, "--branches").output
