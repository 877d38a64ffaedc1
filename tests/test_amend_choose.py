"""`amend PROC { choose "prompt" { option ...; remove option "label"; } }` (and of a game phase): one
option of a base's decision changed, added or dropped without copying the proc, on both backends;
its diagnostics, lint's I404, the printer, explain and the workspace outline."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.compiler.workspace import Workspace
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.dsl import ast as A
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import program_of, run_proc, write_pack

# A Concordia-like turn (values for illustration): the decision sits inside a pick, so its options
# use the pick's local; another decision of the proc asks something else
BASE = """
resource coin "Coins";
resource cloth "Cloth";
counter vp;
kind card { worth: int; }
card senator "Senator" { worth = 3; }
zone hand per_player of card;
proc deal() { move senator to hand; }
proc take_turn() {
  pick c from hand "play which card?" {
    choose "which action?" {
      option "trade" { gain 1 coin; }
      option "pray" when coin > 0 { gain c.worth vp; }
      option "rest" { }
    }
  }
  choose "and then?" {
    option "weave" { gain 1 cloth; }
    option "sleep" { }
  }
}
game forum {
  seats 2 to 4;
  phase play { each players: take_turn(); }
  phase final { each players { choose "final bonus" { option "coins" { gain 3 coin; } option "nothing" { } } } }
  winner most vp;
}
"""
LINE = BASE.count("\n")   # the line before the house rule's first

HOUSE = """amend take_turn {
  choose "which action?" {
    option "trade" when coin >= 0 { gain 2 coin; }
    option "smuggle" once { gain c.worth coin; }
    remove option "pray";
  }
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    def build(house: str):
        return build_text(BASE + house, interpreted=request.param)
    return build


def turn(game: Game, *answers) -> list:
    """One turn of P1 with a senator in hand; the options of the decision "which action?"."""
    run_proc(game, "deal")
    asked = run_proc(game, "take_turn", answers=answers)
    return next(d for d in asked if d.prompt.startswith("which action?")).options


def test_an_option_is_replaced_in_place_added_at_the_end_or_dropped(program):
    game = Game(program(HOUSE), 2, 1)
    you = game.state.players[0]
    assert turn(game, "smuggle", "weave") == ["trade", "rest", "smuggle"]   # "pray" gone, "smuggle" last
    assert (you.stock["coin"], you.stock["cloth"]) == (3, 1)   # the senator's worth; "and then?" is the base's
    assert turn(game, "trade", "sleep") == ["trade", "rest"]   # `once`: smuggling is not offered again
    assert you.stock["coin"] == 3 + 2                          # the house rule's trade


def test_the_base_plays_as_it_did(program):
    game = Game(program(""), 2, 1)
    game.state.players[0].stock["coin"] = 1
    assert turn(game, "pray", "sleep") == ["trade", "pray", "rest"]
    assert game.state.players[0].stock["vp"] == 3


def test_a_game_phase_is_amended_by_its_name(program):
    p = program('amend final {\n  choose "final bonus" {\n    option "coins" { gain 10 vp; }\n'
                '    remove option "nothing";\n  }\n}\n')
    game = Game(p, 2, 1, make_agents("random", 2, 1))
    game.play()   # nobody holds a card, so only the final bonus scores: one option left, taken
    assert [pl.stock["vp"] for pl in game.state.players] == [10, 10]


def test_a_choose_without_a_prompt_is_named_without_one(program):
    p = program('proc extra() { choose { option "a" { gain 1 coin; } option "b" { } } }\n'
                'amend extra { choose { option "a" { gain 3 coin; } } }\n')
    game = Game(p, 2, 1)
    run_proc(game, "extra", answers=["a"])
    assert game.state.players[0].stock["coin"] == 3


def test_each_option_is_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    found = [(d.code, d.span.line, d.message) for d in result.diagnostics if d.code != "W401"]
    about = 'choose "which action?" of proc \'take_turn\''
    assert found == [("I404", LINE + 3, f'amends option "trade" of {about}'),
                     ("I404", LINE + 4, f'adds option "smuggle" to {about}'),
                     ("I404", LINE + 5, f'removes option "pray" from {about}')]
    module = parse_text(BASE + HOUSE)
    printed = format_module(module)
    assert parse_text(printed) == module
    assert '    remove option "pray";\n' in printed and '    option "smuggle" once {\n' in printed
    reading = [line.strip() for line in explain(result.symbols.decls["take_turn"], result.symbols)]
    assert f"1. Trade (only if you have at least 0 coins) (amended by <text>:{LINE + 3}:5):" in reading
    assert "2. Rest:" in reading
    assert f"3. Smuggle (once per game) (added by <text>:{LINE + 4}:5):" in reading
    assert not any("Pray" in line for line in reading)


def test_a_later_pack_amending_the_same_option_wins(tmp_path, backend):
    """An expansion amends "trade" and adds "smuggle"; a house rule on the expansion amends "trade"
    again and drops "smuggle": the pack merged last decides."""
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "exp", HOUSE, name="exp", extends=["../base"])
    house = write_pack(tmp_path / "house", 'amend take_turn {\n  choose "which action?" {\n'
                       '    option "trade" { gain 7 coin; }\n    remove option "smuggle";\n  }\n}\n',
                       name="house", extends=["../exp"])
    p = program_of(house, backend)
    game = Game(p, 2, 1)
    assert turn(game, "trade", "sleep") == ["trade", "rest"]
    assert game.state.players[0].stock["coin"] == 7


def test_explain_shows_the_choose_as_it_now_reads(tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "house", HOUSE, name="house", extends=["../base"])
    shown = CliRunner().invoke(app, ["explain", str(tmp_path / "house"), "take_turn"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    house = tmp_path / "house" / "main.rules"
    assert lines[0].endswith(f"amended by {house}:1:1")
    decl = lines[1:lines.index("In words")]
    assert '        option "smuggle" once {' in decl and not any("pray" in line for line in decl)
    assert '      option "weave" {' in decl
    changed = lines[lines.index("Changed by the stacked packs"):]
    assert f"Amended by {house}:1:1:" in changed and '      remove option "pray";' in changed


def test_the_workspace_outline_lists_the_amend(tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "house", HOUSE, name="house", extends=["../base"])
    view = Workspace().view(tmp_path / "house" / "main.rules")
    shown = next(s for s in view.paths if s.endswith("main.rules") and "house" in s)
    assert [(s["name"], s["category"]) for s in view.symbols_of(shown)] == [("amend take_turn", "amend")]
    assert view.target_at(shown, 1, 7).key == ("name", "take_turn")


SHAPES = ("'choose \"prompt\" { option \"label\" { ... } remove option \"label\"; }', "
          "'match SUBJECT { VALUE { ... } remove VALUE; }', 'pick \"prompt\" where COND;' or "
          "'if COND to NEW { ... } else { ... }'")


# each case: the house rule, the one error (code, message, hint, notes) and the text it is placed at
@pytest.mark.parametrize("house, code, message, hint, notes, at", [
    ('amend take_trun { choose "which action?" { } }', "E217",
     "'amend' changes an entity, a kind, a track, an enum, a record, the game, a choose, match or pick of a proc or phase, or a match of a func; "
     "'take_trun' is not declared", "did you mean 'take_turn'?", (), "take_trun"),
    ('amend take_turn { choose "wich action?" { remove option "pray"; } }', "E222",
     "proc 'take_turn' has no choose \"wich action?\"", "did you mean 'which action?'?",
     ('its chooses ask "which action?", "and then?"',), "choose"),
    ('amend deal { choose "x" { } }', "E222", "proc 'deal' has no choose \"x\"", None,
     ("proc 'deal' has no choose",), "choose"),
    ('amend take_turn { choose "which action?" { remove option "prey"; } }', "E223",
     'the choose "which action?" of proc \'take_turn\' has no option "prey"', "did you mean 'pray'?", (), "remove"),
    ('amend take_turn { choose "which action?" { remove option "nap"; } }', "E223",
     'the choose "which action?" of proc \'take_turn\' has no option "nap"',
     'its options are "trade", "pray", "rest"', (), "remove"),
    ('amend take_turn { choose "which action?" { option "rest" { } option "rest" { } } }', "E215",
     'option "rest" is amended twice here', None, (), 'option "rest" { } }'),
    ('amend take_turn { choose "and then?" { } choose "and then?" { } }', "E215",
     'the choose "and then?" is amended twice here', None, (), 'choose "and then?" { } }'),
    ('amend take_turn { choose "and then?" { remove option "weave"; remove option "sleep"; } }', "E223",
     'this leaves the choose "and then?" of proc \'take_turn\' without an option',
     "a choose offers at least one option; to drop the decision, override the proc", (), "choose"),
    ('amend take_turn { choose "and then?" { option { } } }', "E217",
     "an option of an amended choose is found by its label: write 'option \"label\" { ... }'", None, (),
     "option {"),
    ("amend take_turn { worth = 2; }", "E217", f"amending 'take_turn' takes {SHAPES}",
     "to add steps, write 'before take_turn { ... }' or 'after take_turn { ... }'; to change more, override "
     "the proc", (), "worth"),
    ('amend senator { choose "x" { } }', "E217", "amending 'senator' takes 'name = value;', 'name { ... }', a slot "
     "('whenever EVENT in ZONE { ... }', 'anytime in ZONE { ... }'), 'in force while COND;' or 'remove SLOT;'",
     "a choose of a card's effect is amended in 'amend senator.EFFECT { ... }'", (), "choose"),
    ('amend take_turn "Turn" { }', "E217", f"a proc has no title: an amend of 'take_turn' takes {SHAPES}", None,
     (), "take_turn"),
    ('amend setup { choose "x" { } }', "E222", "phase 'setup' has no choose \"x\"", None,
     ("phase 'setup' has no choose",), "choose"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message, hint, notes, at):
    found = [d for d in analyse_text(BASE + house).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.hint, d.notes) for d in found] == [(code, message, hint, notes)]
    assert (found[0].span.line, found[0].span.column) == (LINE + 1, house.index(at) + 1)


def test_a_prompt_two_chooses_ask_is_ambiguous():
    text = BASE + ('proc twice() {\n  choose "again?" { option "a" { } option "b" { } }\n'
                   '  choose "again?" { option "a" { } option "b" { } }\n}\n'
                   'amend twice { choose "again?" { remove option "a"; } }\n')
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.notes) for d in found] == [
        ("E222", "2 chooses of proc 'twice' ask \"again?\": which one this amends is unclear",
         (f"one is at <text>:{LINE + 2}:3", f"one is at <text>:{LINE + 3}:3"))]


def test_the_choose_of_the_proc_an_override_calls_as_base_is_amended(tmp_path, backend):
    """An expansion overrides the turn and runs the base's with base(); a house rule on it amends a
    decision of that base turn, which is still part of the proc as it is played."""
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "exp", "override proc take_turn() {\n  gain 1 vp;\n  base();\n}\n", name="exp",
               extends=["../base"])
    house = write_pack(tmp_path / "house", HOUSE, name="house", extends=["../exp"])
    p = program_of(house, backend)
    game = Game(p, 2, 1)
    assert turn(game, "smuggle", "sleep") == ["trade", "rest", "smuggle"]
    assert (game.state.players[0].stock["vp"], game.state.players[0].stock["coin"]) == (1, 3)


def test_the_stupor_mundi_house_rule_of_the_reference_plays(tmp_path, backend):
    """docs/language.md's example: one option of the decision deep in Stupor Mundi's turn amended, one
    added; the pack lints clean and whole games run to the end."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    text = re.search(r"```rules\n# pack: stupor_house/house.rules\n(.*?)^```", doc, re.S | re.M).group(1)
    pack = write_pack(tmp_path / "stupor_house", text, name="stupor_house", extends=["stupor_mundi"])
    result = analyse(str(pack))
    assert result.ok and [d.message.split(" of ")[0] for d in result.diagnostics if d.code == "I404"] == \
        ['amends option "face down: a board action linked to the space"',
         'adds option "face down, sold for 2 Augustalis" to choose "play it face up or face down?"']
    choose = next(n for n in A.walk(result.symbols.decls["take_turn"])
                  if type(n) is A.Choose and n.title == "play it face up or face down?")
    assert [o.title for o in choose.options] == ["face up: the card's action",
                                                 "face down: a board action linked to the space",
                                                 "face down, sold for 2 Augustalis"]
    game = Game(program_of(pack, backend), 2, 3, make_agents("random", 2, 3))
    assert game.play()["winners"]


def test_explain_of_the_game_counts_an_amend_of_a_phase(tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "house", 'amend final {\n  choose "final bonus" {\n    remove option "nothing";\n  }\n}\n',
               name="house", extends=["../base"])
    lines = CliRunner().invoke(app, ["explain", str(tmp_path / "house"), "forum"]).output.splitlines()
    assert lines[0].endswith(f"amended by {tmp_path / 'house' / 'main.rules'}:1:1")
    assert "        1. Coins:" in lines and not any("Nothing" in line for line in lines)
