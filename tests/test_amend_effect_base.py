"""`base();` in an amended effect slot of an entity (`amend mill { play { base(); ... } }`), an
amended track space (its benefit, its bonus) and an amended `first to` reward: it runs the steps
the amend replaces, as in an amended arm or option, on both backends; E365-E367, lint, explain,
stacked packs."""

from __future__ import annotations

import re

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game

from .conftest import drive, program_of, run_proc, write_pack

# an Agricola-like mill and road (values for illustration)
BASE = """
counter vp;
resource wood "Wood";
kind card { worth: int = 0; play: effect; }
card mill "Mill" { worth = 1; play { gain 2 wood; } }
card hut "Hut" { worth = 2; }
track road {
  space 1 { gain 1 vp; } bonus cost 1 wood { gain 3 wood; }
  space 2 { gain 2 vp; }
  first to 2 { gain 5 vp; }
}
proc p(c: card) { copy c.play; }
game g { seats 2 to 2; phase play { } winner most vp; }
"""
LINE = BASE.count("\n")
MILL = "amend mill { play { base(); gain 1 vp; } }\n"
ROAD = ("amend road {\n  space 1 { gain 1 wood; base(); } bonus cost 1 wood { base(); gain 1 vp; }\n"
        "  first to 2 { if true { base(); } gain 1 wood; }\n}\n")


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    return lambda house: build_text(BASE + house, interpreted=request.param)


def played(game: Game, card: str) -> dict:
    run_proc(game, "p", game.program.entities[card])
    return dict(game.state.players[0].stock)


def test_base_runs_the_effect_it_replaces(program):
    assert played(Game(program(MILL), 2, 1), "mill") == {"wood": 2, "vp": 1, "road": 0}
    before = "amend mill { play { gain 1 vp; base(); } }\n"
    assert played(Game(program(before), 2, 1), "mill") == {"wood": 2, "vp": 1, "road": 0}


def test_base_runs_the_space_its_bonus_and_the_reward_it_replaces(program):
    p = program(ROAD)
    game = Game(p, 2, 1)
    you = game.state.players[0]
    one = p.tracks["road"].spaces[1]
    drive(game, one.benefit(game, you))
    assert (you.stock["wood"], you.stock["vp"]) == (1, 1)
    drive(game, one.bonus(game, you))
    assert (you.stock["wood"], you.stock["vp"]) == (4, 2)
    drive(game, game.advance(you, "road", 2, False, False, "test"))
    assert (you.stock["wood"], you.stock["vp"]) == (5, 7)


@pytest.mark.parametrize("house, code, message", [
    ("amend hut { play { base(); } }", "E365",
     "this effect is added, it replaces none: there is no base effect for base() to run"),
    ("amend mill { play { base(); base(); } }", "E366", "base() is written 2 times in this amended effect"),
    ("amend mill { play { base(1); } }", "E367", "in an amended effect, base() is a step"),
    ("amend road { space 2 { } bonus cost 1 wood { base(); } }", "E365", "this bonus is added, it replaces none"),
    ("amend road { first to 1 { base(); } }", "E365", "this reward is added, it replaces none"),
    ("amend road { space 2 { gain base() vp; } }", "E367", "in an amended space, base() is a step"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message):
    errors = [d for d in analyse_text(BASE + house + "\n").diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code], errors
    assert errors[0].message.startswith(message)
    line = (BASE + house).split("\n")[errors[0].span.line - 1]
    assert line[errors[0].span.column - 1:].startswith("base(")


def test_lint_and_explain_say_the_base_is_kept():
    result = analyse_text(BASE + MILL + ROAD)
    assert result.ok
    found = [d.message for d in result.diagnostics if d.code == "I404"]
    assert "amends space 1 of track 'road', keeping the base's" in found
    assert "amends the first to 2 reward of track 'road', keeping the base's" in found
    mill = [line.strip() for line in explain(result.symbols.decls["mill"], result.symbols)]
    assert mill[-3:] == [f"Play (amended by <text>:{LINE + 1}:14, keeping the base's):", "Gain 2 wood.", "Gain 1 VP."]
    road = "\n".join(explain(result.symbols.decls["road"], result.symbols))
    assert f"Space 1 (amended by <text>:{LINE + 3}:3, keeping the base's):" in road
    plain = analyse_text(BASE + "amend mill { play { gain 4 wood; } }\n")
    assert any(line.strip() == f"Play (amended by <text>:{LINE + 1}:14):"
               for line in explain(plain.symbols.decls["mill"], plain.symbols))


def test_stacked_packs_build_on_each_other_and_warn_only_when_one_discards(tmp_path, backend):
    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", MILL, name="one", extends=["../base"])
    two = write_pack(tmp_path / "two", "amend mill { play { base(); gain 1 wood; } }\n", name="two",
                     extends=["../base"])
    result = analyse(str(base), [str(one), str(two)])
    assert result.ok and not [d for d in result.diagnostics if d.code == "W406"]
    house = write_pack(tmp_path / "house", "amend mill { play { base(); gain 1 wood; } }\n", name="house",
                       extends=["../one"])
    game = Game(program_of(house, backend), 2, 1)
    assert played(game, "mill") == {"wood": 3, "vp": 1, "road": 0}
    plain = write_pack(tmp_path / "plain", "amend mill { play { gain 9 wood; } }\n", name="plain",
                       extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(one), str(plain)]).diagnostics if d.code == "W406"]
    assert len(w406) == 1 and re.match(r"field 'play' of 'mill' is amended by both 'one' and 'plain'", w406[0].message)
