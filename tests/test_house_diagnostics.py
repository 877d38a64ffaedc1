"""What lint says to a house rule's author: a top-level trigger not on `you` (W425), an amend of the
game under another name, a proc or a tag written as an event, a `remove` (I404), and two stacked
packs amending one part (W406)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.runtime.engine import Game

from .conftest import program_of, write_pack

BASE = """
resource coin;
counter vp;
kind tapestry { worth: int; }
tapestry rug "Rug" { worth = 2; }
event built(what: int);
proc build() { gain 1 coin; emit built(1); }
proc pay_up() { pay 1 coin for building(); }
event building();
game tapestry_game {
  seats 2 to 4;
  phase play { each players: build(); }
  winner most vp;
}
"""
LINE = BASE.count("\n")


def found(house: str, *codes: str) -> list:
    return [(d.code, d.message, d.hint, d.notes, d.span.line, d.span.column)
            for d in analyse_text(BASE + house).diagnostics if d.code in codes]


@pytest.mark.parametrize("pattern, who", [("anyone", "'anyone'"), ("opponents", "'opponents'")])
def test_a_top_level_trigger_not_on_you_is_warned(pattern, who):
    house = f"whenever {pattern} built(what = 1) {{ each opponents: gain 1 vp; }}\n"
    assert found(house, "W425") == [
        ("W425", f"a top-level trigger is every player's, so with {who} it fires once for each player at every "
         "'built' (with 3 players, 3 times)", "write 'whenever you built ...': it fires once, for the player it "
         "happened to, and an 'each opponents' in it still reaches the others", (), LINE + 1, 10)]
    assert found("whenever you built(what = 1) { each opponents: gain 1 vp; }\n", "W425") == []


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_the_trap_w425_warns_of_fires_once_per_player(tmp_path, backend):
    """With 3 players each building once, `anyone` gives every player 2 per build, the builder too;
    `you` gives each opponent 1."""
    base = write_pack(tmp_path / "base", BASE, name="base")
    for name, pattern, gains in (("anyone", "anyone", [6, 6, 6]), ("you", "you", [2, 2, 2])):
        pack = write_pack(tmp_path / name, f"whenever {pattern} built(what = 1) {{ each opponents: gain 1 vp; }}\n",
                          name=name, extends=[str(base)])
        game = Game(program_of(pack, backend), 3, 1)
        game.play()
        assert [p.stock["vp"] for p in game.state.players] == gains


def test_amending_the_game_under_a_kinds_name_names_the_game():
    hint = "the game is called 'tapestry_game': write 'amend tapestry_game { ... }'"
    assert found("amend tapestry { winner most coin; }\n", "E217") == [
        ("E217", "amending 'tapestry' takes 'name: type [= default];', a slot ('whenever EVENT in ZONE { ... }', "
         "'anytime in ZONE { ... }'), 'in force while COND;' or 'remove SLOT;'", hint, (), LINE + 1, 18)]
    (e217,) = found("amend tapestri { winner most coin; }\n", "E217")
    assert e217[1].endswith("'tapestri' is not declared") and e217[2] == hint


def test_a_proc_written_as_an_event_points_to_after():
    assert found("whenever you build { gain 1 vp; }\n", "E301") == [
        ("E301", "'build' is a proc, not an event",
         "a proc is extended with 'after build { ... }': steps at its end, with its parameters in scope", (),
         LINE + 1, 10)]


def test_a_trigger_on_a_cost_tag_says_it_is_a_tag():
    assert found("whenever you building { gain 1 vp; }\n", "W403") == [
        ("W403", "this trigger can never fire: nothing in the pack emits 'building'", None,
         ("'building' tags costs and losses ('pay ... for building(...)') for the modifiers of that action; "
          "it is not an event anything announces",), LINE + 1, 10)]


def test_a_remove_is_reported_as_i404_at_the_name():
    assert found("remove   rug;\n", "I404") == [("I404", "removes tapestry 'rug'", None, (), LINE + 1, 10)]


def test_two_stacked_packs_amending_one_field_warn_as_two_overrides(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", "amend rug { worth = 3; }\n", name="one", extends=["../base"])
    two = write_pack(tmp_path / "two", "# two\namend rug { worth = 4; }\n", name="two", extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(one), str(two)]).diagnostics if d.code == "W406"]
    assert [(d.message, d.span.file.endswith("two/main.rules"), d.span.line, d.span.column) for d in w406] == [
        ("field 'worth' of 'rug' is amended by both 'one' and 'two'; 'two' comes later in the stack and wins",
         True, 2, 13)]
    assert "one/main.rules:1:13" in w406[0].notes[0]
    three = write_pack(tmp_path / "three", "amend rug { worth = 5; }\n", name="three", extends=["../one"])
    assert not [d for d in analyse(str(base), [str(three)]).diagnostics if d.code == "W406"]


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_house_pack_declares_its_own_variant(tmp_path, backend):
    """docs/language.md, "House rules and variants": the house rule is on only with --variant."""
    base = write_pack(tmp_path / "base", BASE, name="base")
    pack = write_pack(tmp_path / "house", 'variant rich "Builders gain a VP";\n'
                      "after build { if enabled(rich) { gain 1 vp; } }\n", name="house", extends=[str(base)])
    program = program_of(pack, backend)
    for variants, vp in (((), 0), (("rich",), 1)):
        game = Game(program, 2, 1, variants=variants)
        game.play()
        assert [p.stock["vp"] for p in game.state.players] == [vp, vp]
    shown = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "-g", "1", "--variant", "rich"])
    assert shown.exit_code == 0, shown.output
