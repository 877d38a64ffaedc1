"""`amend PROC { match SUBJECT { VALUE { ... } remove VALUE; else { ... } } }`: one arm of a base's
`match` statement changed, added or dropped without copying the proc, on both backends; its
diagnostics, lint's I404, the printer and explain."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl import ast as A
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import program_of, run_proc, write_pack

# what a played card is used for (values for illustration); the match sits inside an `if`
BASE = """
resource coin "Coins";
counter vp;
enum use { build, wonder, discard, sell }
proc resolve(u: use, n: int) {
  if n > 0 {
    match u {
      build { gain 1 vp; }
      wonder, sell: gain 2 vp;
      discard { gain 3 coin; }
    }
  }
  match n {
    1: gain 1 vp;
    else { gain 10 vp; }
  }
}
game g {
  seats 2 to 4;
  phase play { each players: resolve(build, 1); }
  winner most vp;
}
"""
LINE = BASE.count("\n")   # the line before the house rule's first

HOUSE = """amend resolve {
  match u {
    discard { gain 4 coin; }
    sell { gain 5 coin; }
    remove build;
  }
  match n {
    2: gain 2 vp;
    else: gain 5 vp;
  }
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    def build(house: str):
        return build_text(BASE + house, interpreted=request.param)
    return build


def stock(program, house: str, u: str, n: int) -> tuple:
    game = Game(program(house), 2, 1)
    run_proc(game, "resolve", u, n)
    you = game.state.players[0]
    return you.stock["coin"], you.stock["vp"]


@pytest.mark.parametrize("u, n, base, amended", [
    ("discard", 1, (3, 1), (4, 1)),    # the arm replaced
    ("sell", 1, (0, 3), (5, 1)),       # taken from `wonder, sell`
    ("wonder", 1, (0, 3), (0, 3)),     # what stays of that arm
    ("build", 1, (0, 2), (0, 1)),      # removed: nothing happens
    ("build", 2, (0, 11), (0, 2)),     # an arm added to the other match
    ("build", 3, (0, 11), (0, 5)),     # its else replaced
])
def test_an_arm_is_replaced_added_or_dropped(program, u, n, base, amended):
    assert stock(program, "", u, n) == base
    assert stock(program, HOUSE, u, n) == amended


def test_each_arm_is_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    found = [(d.code, d.span.line, d.message) for d in result.diagnostics if d.code == "I404"]
    u, n = "match u of proc 'resolve'", "match n of proc 'resolve'"
    assert found == [("I404", LINE + 3, f"amends the arm discard of {u}"),
                     ("I404", LINE + 4, f"amends the arm sell of {u}"),
                     ("I404", LINE + 5, f"removes build from {u}"),
                     ("I404", LINE + 8, f"adds the arm 2 to {n}"),
                     ("I404", LINE + 9, f"amends the else arm of {n}")]
    module = parse_text(BASE + HOUSE)
    printed = format_module(module)
    assert parse_text(printed) == module
    assert "    remove build;\n" in printed and "    discard { gain 4 coin; }\n" not in printed
    match = next(n for n in A.walk(result.symbols.decls["resolve"]) if type(n) is A.MatchStmt)
    assert [[v.id for v in arm.values] for arm in match.arms] == [["sell"], ["wonder"], ["discard"]]
    reading = [line.strip() for line in explain(result.symbols.decls["resolve"], result.symbols)]
    assert f"If it is discard (amended by <text>:{LINE + 3}:5):" in reading
    assert "If it is wonder:" in reading and not any(line.startswith("If it is build") for line in reading)
    assert f"If it is 2 (added by <text>:{LINE + 8}:5):" in reading
    assert f"Otherwise (amended by <text>:{LINE + 9}:5):" in reading


def test_remove_else_drops_the_else_arm(program):
    assert stock(program, "amend resolve { match n { remove else; } }\n", "build", 3) == (0, 1)


# each case: the house rule, the one error (code, message, hint, notes) and the text it is placed at
@pytest.mark.parametrize("house, code, message, hint, notes, at", [
    ("amend resolve { match uu { build { } } }", "E222", "proc 'resolve' has no match on uu",
     None, ("its matches are on u, n",), "match"),
    ("amend resolve { match u { remove bild; } }", "E223", "the match u of proc 'resolve' has no arm for bild",
     "did you mean 'build'?", (), "remove"),
    ("amend resolve { match u { remove else; } }", "E223", "the match u of proc 'resolve' has no else arm",
     None, (), "remove"),
    ("amend resolve { match u { remove build, wonder, sell, discard; } }", "E223",
     "this leaves the match u of proc 'resolve' without an arm",
     "a match has at least one arm with a value; to drop it, override the proc", (), "match"),
    ("amend resolve { match u { build { } build { } } }", "E215", "the case build is amended twice here", None, (),
     "build { } }"),
    ("amend resolve { match u { } match u { } }", "E215", "the match on u is amended twice here", None, (),
     "match u { } }"),
    ("amend resolve { gain 1 coin; }", "E100", None, None, (), "gain"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message, hint, notes, at):
    found = [d for d in analyse_text(BASE + house).diagnostics if d.severity == "error"]
    if message is None:   # a parse error: only its code and place are checked
        assert [d.code for d in found] == [code]
    else:
        assert [(d.code, d.message, d.hint, d.notes) for d in found] == [(code, message, hint, notes)]
    assert (found[0].span.line, found[0].span.column) == (LINE + 1, house.index(at) + 1)


def test_a_subject_two_matches_are_on_is_ambiguous():
    text = BASE + ("proc twice(u: use) {\n  match u { build: gain 1 vp; }\n  match u { build: gain 1 vp; }\n}\n"
                   "amend twice { match u { build: gain 2 vp; } }\n")
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.notes) for d in found] == [
        ("E222", "2 matches of proc 'twice' are on u: which one this amends is unclear",
         (f"one is at <text>:{LINE + 2}:3", f"one is at <text>:{LINE + 3}:3"))]


def test_the_seven_wonders_house_rule_of_the_reference_plays(tmp_path, backend):
    """docs/language.md's example: discarding gives 4 coins in 7 Wonders; the pack lints clean and
    whole games run to the end."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    text = re.search(r"```rules\n# pack: sw_discard4/house.rules\n(.*?)^```", doc, re.S | re.M).group(1)
    pack = write_pack(tmp_path / "sw_discard4", text, name="sw_discard4", extends=["seven_wonders"])
    result = analyse(str(pack))
    assert result.ok and [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["amends the arm discard of match u of proc 'resolve'"]
    game = Game(program_of(pack, backend), 3, 2, make_agents("random", 3, 2))
    assert game.play()["winners"]


def test_federation_main_projects_paid_by_player_count(tmp_path):
    """A match on `player_count`: the 4-player prizes changed, the 3- and 2-player ones the base's."""
    pack = write_pack(tmp_path / "fed_proj", "amend score_project {\n  match player_count {\n    4 {\n"
                      "      rank players where measure_of(you, pr.measure) > 0 by measure_of(you, pr.measure)\n"
                      "          award [20, 10, 5] prestige ties split;\n    }\n  }\n}\n",
                      name="fed_proj", extends=["federation"])
    result = analyse(str(pack))
    assert result.ok and [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["amends the arm 4 of match player_count of proc 'score_project'"]
    match = next(n for n in A.walk(result.symbols.decls["score_project"]) if type(n) is A.MatchStmt)
    assert [[v.value for v in arm.values] for arm in match.arms][0] == [4]
    assert "20, 10, 5" in format_module(A.Module("x.rules", (result.symbols.decls["score_project"],)))
