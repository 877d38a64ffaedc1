"""`repeat until stable(NAME, ...)`: a loop run until a pass leaves the named counters, variables and
locals unchanged (the Diplomacy audit's workaround 3). The audit's order resolution rewritten with it
(tests/packs/diplomacy_core: armies on a corner of the map) gives the known adjudications on both
backends; the misuse codes (E544, W530), E602 on a loop that never settles, fmt and explain."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, pack_backends, printed_back, run_proc

DIPLOMACY = Path(__file__).parent / "packs" / "diplomacy_core"


@pytest.fixture(scope="module")
def backends(tmp_path_factory):
    return pack_backends(tmp_path_factory, str(DIPLOMACY))


def resolved(program, scenario: str) -> tuple[dict, set]:
    """The armies after a scenario (province -> power's seat name) and the provinces dislodged from."""
    game = Game(program, 3, 1)
    players = game.state.players
    run_proc(game, scenario, *players)
    gv = game.state.gvars
    armies = {k[5:-1]: v.name for k, v in gv.items() if k.startswith("uown[") and v is not None}
    return armies, {k[10:-1] for k, v in gv.items() if k.startswith("dislodged[") and v}


# the seats are named France, Germany and England
KNOWN = {
    # A Par-Bur supported by A Mar dislodges the German army holding Burgundy
    "supported_attack": ({"bur": "France", "mar": "France"}, {"bur"}),
    # two equal moves into Burgundy: neither moves
    "standoff": ({"par": "France", "mun": "Germany"}, set()),
    # England's attack on Marseilles cuts its support: Paris bounces off Burgundy
    "cut_support": ({"par": "France", "mar": "France", "bur": "Germany", "gas": "England"}, set()),
    # a power never dislodges its own army, whatever its support
    "no_self_dislodge": ({"par": "France", "mar": "France", "bur": "France"}, set()),
    # a ring of three moves all succeed together (a least fixed point would move none)
    "ring_of_three": ({"bur": "France", "gas": "Germany", "par": "England"}, set()),
    # head to head: the supported side wins and dislodges the other
    "supported_head_to_head": ({"mun": "France", "ruh": "England"}, {"mun"}),
    # ... and an even one leaves both where they are
    "head_to_head_even": ({"bur": "France", "mun": "Germany"}, set()),
    # Burgundy cannot leave (Munich holds), so Paris cannot enter
    "bounced_chain": ({"par": "France", "bur": "Germany", "mun": "England"}, set()),
    # the support into Belgium is cut once Burgundy is dislodged (from Belgium itself): a second pass
    # turns Picardy's success into a standoff with Holland
    "cut_by_dislodgement": ({"bur": "Germany", "ruh": "Germany", "mun": "Germany", "pic": "France", "hol": "England"}, {"bur"}),
}


@pytest.mark.parametrize("scenario", sorted(KNOWN))
def test_the_known_adjudications_on_both_backends(backends, scenario):
    results = [resolved(backends[b], scenario) for b in ("compiled", "interpreted")]
    assert results[0] == results[1] == KNOWN[scenario]


def test_the_pack_lints_clean_plays_alike_and_prints_back():
    result = analyse_text("\n".join(p.read_text() for p in sorted(DIPLOMACY.glob("*.rules"))))
    assert result.diagnostics == []
    finals = []
    for interpreted in (False, True):
        program = build_text("\n".join(p.read_text() for p in sorted(DIPLOMACY.glob("*.rules"))), interpreted=interpreted)
        game = Game(program, 3, 1, [RandomAgent(1), RandomAgent(2), RandomAgent(3)])
        game.play()
        finals.append((game.state.digest(), game.messages[-1:]))
    assert finals[0] == finals[1]
    for path in DIPLOMACY.glob("*.rules"):
        text = path.read_text()
        assert format_text(text) == text


SPREAD = """
enum city { a "Atlanta", b "Bogota", c "Cairo", d "Delhi", e "Essen" }
var near[city] global: list of city = [];
var sick[city] global: bool;
counter waves global;
counter reached global;
proc map() { set near[a] = [b]; set near[b] = [a, c]; set near[c] = [b, d]; set near[d] = [c]; }
"""


def spread_game(interpreted: bool, body: str) -> Game:
    game = Game(build_text(SPREAD + "proc p() {\n" + body + "\n}\n", interpreted=interpreted), 2, 1)
    run_proc(game, "p")
    return game


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_pass_per_wave_until_no_new_city_falls_sick(interpreted):
    # each pass infects only the neighbours of cities sick before it: three waves reach Delhi, a fourth
    # pass changes nothing; the named local counts too
    body = """map(); set sick[a] = true;
  let n = 1;
  repeat until stable(sick, n) {
    let was: list of city = gather(x in city where sick[x], [x]);
    for each x in city where not sick[x] and some(y in near[x] where contains(was, y)) { set sick[x] = true; }
    set n = size(gather(x in city where sick[x], [x]));
    gain 1 waves;
  }
  set reached = n;"""
    g = spread_game(interpreted, body)
    assert g.state.globals["waves"] == 4 and g.state.globals["reached"] == 4
    assert [g.state.gvars[f"sick[{c}]"] for c in "abcde"] == [True, True, True, True, False]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_body_that_changes_nothing_runs_once_and_break_leaves(interpreted):
    g = spread_game(interpreted, "repeat until stable(sick) { gain 1 waves; if waves > 5 { set sick[a] = true; } }")
    assert g.state.globals["waves"] == 1
    g = spread_game(interpreted, "repeat until stable(waves) { gain 1 waves; if waves == 3 { break; } }")
    assert g.state.globals["waves"] == 3


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_loop_that_never_settles_stops_with_e602_at_the_loop(interpreted):
    with pytest.raises(RulesRuntimeError) as caught:
        spread_game(interpreted, "repeat until stable(sick) {\n set sick[a] = not sick[a]; }")
    assert caught.value.code == "E602" and caught.value.where.endswith(":9:1")


def test_misuse_is_positioned():
    def found(body):
        return found_at(SPREAD + "func f(): int = 1;\nproc p() {\n" + body + "\n}\n")
    line = SPREAD.count("\n") + 3
    assert found("repeat until stable() { gain 1 waves; }") == [("E544", line, 1)]
    assert found("repeat until stable(f, city, zork, sick) { set sick[a] = true; }") == \
        [("E544", line, 21), ("E544", line, 24), ("E544", line, 30)]
    assert found("repeat until stable(sick, waves) { set sick[a] = true; }") == [("W530", line, 27)]
    assert found('repeat until stable(sick, waves) { say "nothing"; }') == [("E544", line, 1)]
    # a counter gained, a local set, a variable set in a proc called: all count as set
    assert found("let k = 0; repeat until stable(k, waves, sick) { set k = min(k + 1, 3); gain 1 waves; map2(); }"
                 "\n}\nproc map2() { set sick[b] = true;") == []
    assert [d.code for d in analyse_text(SPREAD + "proc p() { repeat until steady(sick) { } }").diagnostics] == ["E100"]


def test_fmt_and_explain():
    text = SPREAD + "proc p() {\n  repeat until stable(sick, waves) as wave {\n    gain 1 waves;\n    set sick[a] = true;\n  }\n}\n"
    module, printed = printed_back(text)
    assert "repeat until stable(sick, waves) as wave {" in printed
    result = analyse_text(text)
    reading = "\n".join(explain(result.symbols.decls["p"], result.symbols))
    assert "until a pass leaves sick and waves as they were (wave)" in reading or \
        "until a pass leaves sick and waves as they were" in reading
