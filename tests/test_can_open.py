"""`can PROC(args)`: whether the `choose` a proc's body starts with would offer you an option now (a
guard that holds, a `once` not yet taken, a leading cost you can pay), nothing run; on both backends,
pure, printed back, explained, checked (E376-E378, W455); `can` stays a name elsewhere; the Waterdeep
pack under tests/packs tests its placement with it instead of restating the guards."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.compiler.workspace import file_occurrences
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import (found_at, on_both_backends, pack_backends, played, printed_back, random_games_agree, run_proc,
                       the_one_error)

# Stone Age in small: a worker goes to a place with room; a player with no place open passes.
PACK = """
resource food;
resource wood;
counter workers from 0 to 5 start 2;
counter hunting global from 0 to 9 start 3;
counter forest global from 0 to 9 start 2;
counter vp;
counter seen;
proc place() {
  choose "place a worker where?" {
    option "hunting grounds" when hunting > 0 { lose 1 hunting; gain 2 food; }
    option "forest" when forest > 0 { lose 1 forest; gain 1 wood; }
    option "tool maker" once { gain 1 vp; }
    option "build a hut" { pay 2 wood; gain 3 vp; }
  }
  lose 1 workers;
}
proc hunt(needed: int) {
  choose { option "hunt" when hunting >= needed { lose needed hunting; gain needed food; } }
}
func can_place() = workers > 0 and can place();
proc probe() { if can place() { gain 1 seen; } }
proc probe_hunt(n: int) { if can hunt(n) { gain 1 seen; } }
"""

GAME = """
game stone {
  seats 2 to 4;
  phase play {
    repeat 3 {
      while some(p in players where p.can_place()) {
        each players where can_place() { place(); }
      }
      gain 3 hunting;
      gain 2 forest;
      each players { set workers = 2; }
    }
  }
  winner most vp then food;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))


def seen_after(g, proc, *args):
    g.state.players[0].stock["seen"] = 0
    assert run_proc(g, proc, *args) == []   # no decision asked
    return g.state.players[0].stock["seen"]


def test_open_while_some_option_is_offered(program):
    g = Game(program, 2, 1)
    assert seen_after(g, "probe") == 1
    g.state.globals["hunting"] = g.state.globals["forest"] = 0   # the tool maker (once) is still open
    assert seen_after(g, "probe") == 1
    g.state.players[0].stock["wood"] = 2   # the hut, its leading cost paid
    run_proc(g, "place", answers=["tool maker"])
    assert seen_after(g, "probe") == 1
    g.state.players[0].stock["wood"] = 1   # nothing open: the tool maker taken, the hut unaffordable
    assert seen_after(g, "probe") == 0


def test_the_arguments_bind_the_parameters(program):
    g = Game(program, 2, 1)
    assert [seen_after(g, "probe_hunt", n) for n in (2, 3, 4)] == [1, 1, 0]


def test_nothing_runs_and_no_chance_is_drawn(program):
    g = Game(program, 2, 1)
    g.state.players[0].stock["wood"] = 1   # nothing open: the test reads every option's guard and cost
    g.state.globals["hunting"] = g.state.globals["forest"] = 0
    run_proc(g, "place")   # the tool maker, the one option open
    before, rng, log = g.state.digest(), g.rng.getstate(), len(g.log)
    assert seen_after(g, "probe") == 0
    assert g.state.digest() == before and g.rng.getstate() == rng and len(g.log) == log


def test_whole_games_agree_on_both_backends():
    random_games_agree(PACK + GAME, seeds=range(1, 4))


def test_it_prints_back_and_reads_in_words():
    _module, printed = printed_back(PACK + GAME)
    assert "func can_place() = workers > 0 and can place();" in printed and "if can hunt(n) {" in printed
    result = analyse_text(PACK + GAME)
    assert result.ok, result.diagnostics
    words = " ".join(reading(result.symbols.decls["probe_hunt"], result.symbols))
    assert "hunt with n would offer you a choice now" in words and "nothing is done" in words


@pytest.mark.parametrize("more, code, where", [
    ("proc t() { if can nowhere() { gain 1 vp; } }", "E207", "nowhere"),
    ("proc t() { if can can_place() { gain 1 vp; } }", "E376", "func"),
    ("proc g() { gain 1 vp; choose { option \"a\" when vp > 1 { } } }\nproc t() { if can g() { gain 1 vp; } }",
     "E377", "it starts at line"),
    ("proc g() { }\nproc t() { if can g() { gain 1 vp; } }", "E377", "it is empty"),
    ("proc t() { if can hunt() { gain 1 vp; } }", "E302", "'hunt'"),
    ("proc t() { if can hunt(true) { gain 1 vp; } }", "E303", "argument 1"),
    ("proc g() { choose { option \"a\" when can g() { } } }", "E378", "again"),
    ("proc g() { choose { option \"a\" when gone() { } } }\nfunc gone() = not can g();", "E378", "again"),
])
def test_misuse_is_positioned(more, code, where):
    text = PACK + GAME + more
    the_one_error(analyse_text(text), code, where, line=text[:text.rindex("can ")].count("\n") + 1)


def test_an_option_always_offered_makes_it_always_hold():
    more = "proc g() { choose { option \"a\" when vp > 1 { } option \"b\" { } } }\nproc t() { if can g() { } }"
    line = PACK.count("\n") + GAME.count("\n") + 2
    assert ("W455", line, 15) in found_at(PACK + GAME + more)
    assert not [c for c, _l, _c in found_at(PACK + GAME) if c == "W455"]


def test_can_is_a_name_elsewhere():
    text = ("counter can;\nproc can_(x: int) { gain x can; }\nproc t() { if can > 0 and can < 3 { gain 1 can; } }\n"
            "proc u() { choose { option \"a\" when can > 1 { } } }\nproc v() { if can u() and can == 0 { can_(1); } }\n")
    result = analyse_text(text)
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]
    printed_back(text)


WATERDEEP = Path(__file__).parent / "packs" / "waterdeep"


@pytest.fixture(scope="module")
def waterdeep(tmp_path_factory):
    return pack_backends(tmp_path_factory, str(WATERDEEP))


def test_waterdeep_places_with_can_and_both_backends_agree(waterdeep):
    """`func can_place() = agents > 0 and can place_agent();`: the guards of place_agent's choose,
    written once, are what the round loop tests (the audit's copy restated every one)."""
    text = (WATERDEEP / "turn.rules").read_text()
    assert "func can_place() = agents > 0 and can place_agent();" in text and "if can reassign() {" in text
    for seed in (1, 2):
        a, b = played(waterdeep["compiled"], seed, 3), played(waterdeep["interpreted"], seed, 3)
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()


def test_the_editor_finds_the_proc_a_can_names():
    text = PACK + GAME
    refs = [(o.role, o.span.line) for o in file_occurrences(parse_text(text, "a.rules"), text) if o.name == "hunt"]
    assert ("decl", 18) in refs and ("ref", 23) in refs   # `proc hunt(...)` and `can hunt(n)`
