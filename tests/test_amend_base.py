"""`base();` in an amended arm or option: it runs the body the arm or option replaces, at that point
(resolved when the packs merge, so both backends see plain statements); stacked amends build on
each other; its misuse codes (E365-E368, E218), lint's I404, the printer and explain."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import program_of, run_proc, write_pack

# a Waterdeep-like placement (values for illustration): the match sits inside an `if`, a choose
# inside a pick uses the pick's local
BASE = """
resource gold "Gold";
resource coin "Coins";
counter vp;
var first_player: player = none;
enum place { castle, aurora, field }
kind card { worth: int; }
card lord "Lord" { worth = 3; }
zone hand per_player of card;
proc deal() { move lord to hand; }
proc use_space(s: place, n: int) {
  if n > 0 {
    match s {
      castle {
        set first_player = you;
        gain 1 coin;
      }
      aurora, field: gain 4 gold;
      else { gain 1 vp; }
    }
  }
}
proc take_turn() {
  pick c from hand "play which card?" {
    choose "which action?" {
      option "trade" { gain c.worth coin; }
      option "rest" { }
    }
  }
}
game g {
  seats 2 to 4;
  phase play { each players: use_space(castle, 1); }
  winner most vp;
}
"""
LINE = BASE.count("\n")   # the line before the house rule's first

CASTLE_AFTER = "amend use_space { match s { castle { base(); gain 2 gold; } } }\n"
CASTLE_BEFORE = "amend use_space { match s { castle { gain 1 vp; base(); } } }\n"


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    def build(house: str):
        return build_text(BASE + house, interpreted=request.param)
    return build


def stock(program, house: str, s: str = "castle", n: int = 1) -> dict:
    game = Game(program(house), 2, 1)
    run_proc(game, "use_space", s, n)
    return dict(game.state.players[0].stock)


def test_base_runs_the_arm_it_replaces_where_it_stands(program):
    assert stock(program, "") == {"gold": 0, "coin": 1, "vp": 0}
    assert stock(program, CASTLE_AFTER) == {"gold": 2, "coin": 1, "vp": 0}
    assert stock(program, CASTLE_BEFORE) == {"gold": 0, "coin": 1, "vp": 1}


def test_the_steps_are_spliced_in_order():
    """Resolved at merge time: the arm holds the base's steps where `base();` stood."""
    for house, order in [(CASTLE_AFTER, ["Set", "Gain 1 coin", "Gain 2 gold"]),
                         (CASTLE_BEFORE, ["Gain 1 VP", "Set", "Gain 1 coin"])]:
        result = analyse_text(BASE + house)
        reading = [line.strip() for line in explain(result.symbols.decls["use_space"], result.symbols)]
        at = reading.index(next(line for line in reading if line.startswith("If it is castle")))
        assert [next(w for w in order if reading[at + 1 + i].startswith(w)) for i in range(3)] == order


def test_else_arm_an_arm_taking_values_and_a_nested_base(program):
    assert stock(program, "amend use_space { match s { else { base(); gain 1 coin; } } }\n", "castle", 1)["coin"] == 1
    game_else = stock(program, "amend use_space { match s { else { base(); gain 1 coin; } } }\n", "castle", 1)
    assert game_else == {"gold": 0, "coin": 1, "vp": 0}   # castle's own arm, unchanged
    # `field` taken from `aurora, field`: base() runs that arm's steps
    assert stock(program, "amend use_space { match s { field { base(); gain 1 vp; } } }\n", "field") == \
        {"gold": 4, "coin": 0, "vp": 1}
    assert stock(program, "amend use_space { match s { aurora { gain 1 vp; } } }\n", "field")["gold"] == 4
    # inside a loop and an if: run there
    house = "amend use_space { match s { castle { repeat 2 { base(); } if n > 5 { base(); } } } }\n"
    assert "E366" in [d.code for d in analyse_text(BASE + house).diagnostics]
    house = "amend use_space { match s { castle { repeat 3 { base(); } } } }\n"
    assert stock(program, house)["coin"] == 3


def test_base_runs_the_option_it_replaces_with_the_locals_it_saw(program):
    house = 'amend take_turn { choose "which action?" { option "trade" { base(); gain 1 vp; } } }\n'
    game = Game(program(house), 2, 1)
    run_proc(game, "deal")
    run_proc(game, "take_turn", answers=["trade"])
    assert game.state.players[0].stock["coin"] == 3 and game.state.players[0].stock["vp"] == 1


def test_lint_explain_and_the_printer():
    house = ("amend use_space {\n  match s {\n    castle {\n      base();\n      gain 2 gold;\n    }\n"
             "    aurora { gain 1 gold; }\n  }\n}\n")
    result = analyse_text(BASE + house)
    assert result.ok
    found = [(d.span.line, d.message) for d in result.diagnostics if d.code == "I404"]
    assert found == [(LINE + 3, "amends the arm castle of match s of proc 'use_space', keeping the base's"),
                     (LINE + 7, "amends the arm aurora of match s of proc 'use_space'")]
    reading = [line.strip() for line in explain(result.symbols.decls["use_space"], result.symbols)]
    assert f"If it is castle (amended by <text>:{LINE + 3}:5, keeping the base's):" in reading
    assert f"If it is aurora (amended by <text>:{LINE + 7}:5):" in reading
    module = parse_text(BASE + house)
    printed = format_module(module)
    assert parse_text(printed) == module and "      base();\n" in printed
    option = 'amend take_turn { choose "which action?" { option "trade" { gain 1 vp; base(); } } }\n'
    result = analyse_text(BASE + option)
    assert [d.message for d in result.diagnostics if d.code == "I404"] == [
        "amends option \"trade\" of choose \"which action?\" of proc 'take_turn', keeping the base's"]
    reading = [line.strip() for line in explain(result.symbols.decls["take_turn"], result.symbols)]
    assert any(line.endswith(", keeping the base's):") and line.startswith("1. Trade") for line in reading)


# each case: the house rule, the one error (code, message start) and the text it is placed at
@pytest.mark.parametrize("house, code, message, at", [
    ("amend place { harbour }\namend use_space { match s { harbour { base(); } } }", "E365",
     "this arm is added, it replaces none: there is no base arm for base() to run", "base()"),
    ('amend take_turn { choose "which action?" { option "nap" { base(); } } }', "E365",
     "this option is added, it replaces none: there is no base option", "base()"),
    ("amend take_turn { pick \"play which card?\" where true; }\n"
     "amend use_space { match n { else { base(); } } }", "E222", "proc 'use_space' has no match on n", "match"),
    ("amend use_space { match s { castle { base(); gain 1 vp; base(); } } }", "E366",
     "base() is written 2 times in this amended arm", "base()"),
    ("amend use_space { match s { castle { base(1); } } }", "E367",
     "in an amended arm, base() is a step that runs the arm it replaces", "base(1)"),
    ("amend use_space { match s { castle { gain base() vp; } } }", "E367",
     "in an amended arm, base() is a step", "base()"),
    ("amend use_space { match s { castle, field { base(); } } }", "E368",
     "this arm takes its values from 2 arms of the match s of proc 'use_space'", "base()"),
    ("after use_space { base(); }", "E218", "base() calls the proc an override replaces", "base()"),
    ("amend lord { worth = 1; }\nproc p() { base(); }", "E218", "base() calls the proc", "base()"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message, at):
    result = analyse_text(BASE + house + "\n")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code], errors
    assert errors[0].message.startswith(message)
    line = (BASE + house).split("\n")[errors[0].span.line - 1]
    assert line[errors[0].span.column - 1:].startswith(at)


def test_an_added_else_arm_has_no_base():
    base = BASE.replace("      else { gain 1 vp; }\n", "")
    result = analyse_text(base + "amend use_space { match s { else { base(); } } }\n")
    assert [d.code for d in result.diagnostics if d.severity == "error"] == ["E365"]


def test_stacked_packs_each_build_on_the_one_before(tmp_path, backend):
    """An expansion keeps the Castle's steps and adds gold; a house rule on it keeps those and adds
    a VP first: all three run, in that order, and neither amend is W406."""
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "exp", CASTLE_AFTER, name="exp", extends=["../base"])
    house = write_pack(tmp_path / "house", CASTLE_BEFORE, name="house", extends=["../exp"])
    result = analyse(str(house))
    assert result.ok and not [d for d in result.diagnostics if d.code == "W406"]
    reading = "\n".join(explain(result.symbols.decls["use_space"], result.symbols))
    assert re.search(r"If it is castle \(amended by \S*house/main\.rules:1:29, keeping the base's\):\n *Gain 1 VP\.\n"
                     r" *Set .*\n *Gain 1 coin\.\n *Gain 2 gold\.", reading), reading
    game = Game(program_of(house, backend), 2, 1)
    run_proc(game, "use_space", "castle", 1)
    assert dict(game.state.players[0].stock) == {"gold": 2, "coin": 1, "vp": 1}


def test_two_sibling_packs_warn_only_when_the_later_discards_the_earlier(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", CASTLE_AFTER, name="one", extends=["../base"])
    two = write_pack(tmp_path / "two", CASTLE_BEFORE, name="two", extends=["../base"])
    result = analyse(str(base), [str(one), str(two)])
    assert not [d for d in result.diagnostics if d.code == "W406"]
    game = Game(build_of(base, [one, two]), 2, 1)
    run_proc(game, "use_space", "castle", 1)
    assert dict(game.state.players[0].stock) == {"gold": 2, "coin": 1, "vp": 1}
    plain = write_pack(tmp_path / "plain", "amend use_space { match s { castle { gain 5 gold; } } }\n",
                       name="plain", extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(one), str(plain)]).diagnostics if d.code == "W406"]
    assert len(w406) == 1 and "case castle" in w406[0].message


def build_of(base: Path, expansions: list):
    from rulebook.compiler.driver import compile_pack
    return compile_pack(str(base), expansions=[str(e) for e in expansions]).program


def test_the_tapestry_house_rule_of_the_reference_plays(tmp_path, backend):
    """docs/language.md's example: the black conquer die also gives 1 VP in Tapestry; the pack lints
    clean, reads as amended, and whole games run to the end."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    text = re.search(r"```rules\n# pack: tapestry_blackdie/house.rules\n(.*?)^```", doc, re.S | re.M).group(1)
    pack = write_pack(tmp_path / "tapestry_blackdie", text, name="tapestry_blackdie", extends=["tapestry"])
    result = analyse(str(pack))
    assert result.ok and [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["amends option \"the black die\" of choose \"gain which conquer die?\" of proc 'conquer_at', "
         "keeping the base's"]
    reading = [line.strip() for line in explain(result.symbols.decls["conquer_at"], result.symbols)]
    at = next(i for i, line in enumerate(reading) if line.startswith("2. The black die (amended by"))
    assert reading[at + 1].startswith("Carry out") and reading[at + 3] == "Gain 1 victory point."
    game = Game(program_of(pack, backend), 3, 2, make_agents("random", 3, 2))
    assert game.play()["winners"]
