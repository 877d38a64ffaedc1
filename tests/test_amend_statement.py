"""Branch stmtamend: an amend of a proc or a phase changes an `if` (found by its condition as written, or by its
label, `if COND as LABEL { ... }`): `to NEW` replaces the condition (`base` in it standing for the base's), a block
the then-block, `else { ... }` the else (`base();` running the block it replaces); and a pick's body and else
(`pick "prompt" { base(); ... } else { ... }`). Both backends, the diagnostics at their places, lint's I404,
fmt, explain, stacked packs (W406, `base` building on the earlier), and Inns & Cathedrals' big follower written
against the base Carcassonne's unsplit turn."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.dsl import ast as A
from rulebook.dsl.printer import expr
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import amend_misuse, explained, played_on_both_backends, printed_back, program_of, run_proc, write_pack

# Catan (values for illustration): a dice of 7 moves the robber, any other dice produces; three ore make a
# city (the base labels that `if`); a trade asks how many
BASE = """counter vp;
counter ore;
counter knights;
proc produce(dice: int) {
  if dice == 7 {
    gain 1 knights;
  } else {
    gain 1 ore;
  }
  if ore >= 3 as city {
    lose 3 ore;
    gain 2 vp;
  }
  pick n from 1..2 "trade how many?" optional {
    gain n vp;
  } else {
    gain 1 ore;
  }
}
game catan {
  seats 2;
  phase play { repeat 3 { each players: produce(7); } }
  winner most vp;
}
"""
LINE = BASE.count("\n") + 1   # the first line of a house rule after the base

# a house rule: a 2 moves the robber too, and then gives a VP; a city takes 2 ore once a knight is out; a trade
# also gives a knight, and declining it gives 2 ore
HOUSE = """amend produce {
  if dice == 7 to base or dice == 2 {
    base();
    gain 1 vp;
  }
  if as city to base or (ore >= 2 and knights > 0);
  pick "trade how many?" {
    base();
    gain 1 knights;
  } else {
    gain 2 ore;
  }
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request) -> bool:
    return request.param


def produced(interpreted: bool, house: str, dice: int, answer, ore: int = 0, knights: int = 0) -> tuple:
    """P1 produces with `dice` holding `ore` and `knights`, answering the trade with `answer`: (vp, ore, knights)."""
    game = Game(build_text(BASE + house, interpreted=interpreted), 2, 1)
    you = game.state.players[0]
    you.stock["ore"], you.stock["knights"] = ore, knights
    run_proc(game, "produce", dice, answers=[answer])
    return you.stock["vp"], you.stock["ore"], you.stock["knights"]


def test_the_base_plays_as_written(interpreted):
    assert produced(interpreted, "", 7, 0) == (1, 0, 1)
    assert produced(interpreted, "", 2, "none", ore=2) == (2, 1, 0)   # the third ore makes a city, none traded


def test_a_condition_with_base_and_a_then_block_keeping_the_bases(interpreted):
    assert produced(interpreted, HOUSE, 2, 1) == (1 + 2, 0, 1 + 1)   # the robber, a VP, trade 2 and a knight
    assert produced(interpreted, HOUSE, 7, 0) == (1 + 1, 0, 1 + 1)
    assert produced(interpreted, HOUSE, 5, "none") == (0, 1 + 2, 0)   # the base's else, then the new else


def test_a_labelled_if_takes_a_new_condition_with_base(interpreted):
    assert produced(interpreted, HOUSE, 5, "none", ore=1, knights=1) == (2, 0 + 2, 1)   # 2 ore and a knight: a city
    assert produced(interpreted, HOUSE, 5, "none", ore=1) == (0, 2 + 2, 0)   # no knight: no city


def test_an_else_keeping_the_bases_and_an_else_added(interpreted):
    house = "amend produce {\n  if dice == 7 else {\n    gain 1 vp;\n    base();\n  }\n" \
            "  if as city else {\n    gain 1 knights;\n  }\n}\n"
    assert produced(interpreted, house, 5, "none") == (1, 2, 1)   # a VP, an ore, no city (a knight), none traded
    assert produced(interpreted, house, 7, "none") == (0, 1, 2)


def test_a_then_block_replaced_whole(interpreted):
    assert produced(interpreted, "amend produce { if dice == 7 { gain 3 vp; } }\n", 7, "none") == (3, 1, 0)


def test_an_else_if_is_found_by_its_own_condition(interpreted):
    base = BASE.replace("  } else {\n    gain 1 ore;\n  }\n  if ore", "  } else if dice > 6 {\n    gain 1 ore;\n"
                        "  }\n  if ore")
    game = Game(build_text(base + "amend produce { if dice > 6 to dice > 3 { base(); gain 1 vp; } }\n",
                           interpreted=interpreted), 2, 1)
    run_proc(game, "produce", 4, answers=["none"])
    assert (game.state.players[0].stock["vp"], game.state.players[0].stock["ore"]) == (1, 2)


def test_the_items_are_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    assert [(d.code, d.span.line, d.span.column, d.message) for d in result.diagnostics] == [
        ("I404", LINE + 1, 3, "amends the condition and the body of if dice == 7 of proc 'produce', keeping the base's"),
        ("I404", LINE + 5, 3, "amends the condition of if labelled city of proc 'produce'"),
        ("I404", LINE + 6, 3, "amends the body and the else of pick \"trade how many?\" of proc 'produce', keeping "
                              "the base's")]
    _module, printed = printed_back(BASE + HOUSE)
    assert printed.endswith(HOUSE)
    reading = explained(result, "produce")
    # the base's condition read by name, then what it is (as an amended loop head reads its base's part)
    assert f"If the base's condition or dice is 2 (the base's condition being dice is 7) (amended by <text>:{LINE + 1}:3, " \
        "keeping the base's):" in reading, reading
    assert f"(labelled city) (amended by <text>:{LINE + 5}:3):" in reading
    assert f"(trade how many?) (amended by <text>:{LINE + 6}:3, keeping the base's), then:" in reading
    if_ = next(n for n in A.walk(result.symbols.decls["produce"]) if type(n) is A.If and n.stmt_label is None)
    assert expr(if_.cond) == "dice == 7 or dice == 2"
    assert [type(s).__name__ for s in if_.then] == ["Gain", "Gain"]


def test_a_label_on_an_if_prints_back_and_changes_nothing_in_play(interpreted):
    _module, printed = printed_back(BASE)
    assert "  if ore >= 3 as city {\n" in printed
    assert produced(interpreted, "", 5, "none", ore=2) == (2, 1, 0)


# each case: the house rule's items, the one error (code, message, hint or None) and the text it is placed at
@pytest.mark.parametrize("items, code, message, hint, at", [
    ("if dice == 8 to base;", "E222", "proc 'produce' has no if on dice == 8", "did you mean 'dice == 7'?",
     "if dice == 8"),
    ("if as cty to true;", "E344", "proc 'produce' has no if labelled cty", "did you mean 'city'?", "if as cty"),
    ("if dice == 7;", "E223", "this amend of the if dice == 7 of proc 'produce' changes nothing", None, "if dice"),
    ("if as city else { base(); }", "E365", "this else is added, it replaces none: there is no base else for base() "
     "to run", None, "base();"),
    ("if dice == 7 { base(); base(); }", "E366", "base() is written 2 times in this amended body: the base's steps "
     "are run once, where base() stands", None, "base(); }"),
    ("if dice == 7 to base(1) or dice == 2;", "E367", "in an amended condition of an if, base is the value it "
     "replaces: write it as a name, 'base', without parentheses", None, "base(1)"),
    ('pick "trade how many?" { base(2); }', "E367", "in an amended body, base() is a step that runs the body it "
     "replaces: write it as a statement, 'base();', without arguments", None, "base(2)"),
    ("if dice == 7 to base; if dice == 7 { }", "E215", "the if on dice == 7 is amended twice here", None,
     "if dice == 7 { }"),
    ("if dice == 7 to rol > 2;", "E201", "", None, "rol"),
])
def test_misuse_is_positioned(items, code, message, hint, at):
    amend_misuse(BASE, "produce", items, code, message, hint, at)


def test_two_ifs_on_one_condition_and_a_label_given_twice():
    base = BASE.replace("  if ore >= 3 as city {", "  if dice == 7 { gain 1 vp; }\n  if ore >= 3 as city {")
    found = [d for d in analyse_text(base + "amend produce { if dice == 7 to true; }\n").diagnostics
             if d.severity == "error"]
    assert [(d.code, d.message, len(d.notes)) for d in found] == [
        ("E222", "2 ifs of proc 'produce' are on dice == 7: which one this amends is unclear", 2)]
    twice = BASE.replace('"trade how many?" optional {', '"trade how many?" optional as city {')
    found = [d for d in analyse_text(twice).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line) for d in found] == [("E351", 14)]
    assert "this pick is labelled 'city', as the if at line 10" in found[0].message
    found = [d for d in analyse_text(BASE + "amend produce { pick as city where true; }\n").diagnostics
             if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in found] == [
        ("E344", "'city' labels an if of proc 'produce', not a pick", "write 'if as city ...'")]


def test_stacked_packs_build_on_the_earlier_condition(tmp_path, interpreted):
    """An expansion widens the condition; a house rule on it finds the `if` by the base's condition still and
    narrows it with `base`: both hold (no W406); a sibling pack replacing the condition without `base` warns."""
    base = write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "exp", "amend produce { if dice == 7 to base or dice == 2; }\n", name="exp",
               extends=["../base"])
    house = write_pack(tmp_path / "house", "amend produce { if dice == 7 to base and knights < 3 { base(); "
                       "gain 1 vp; } }\n", name="house", extends=["../exp"])
    result = analyse(str(house))
    assert result.ok and not [d for d in result.diagnostics if d.code == "W406"]
    if_ = next(n for n in A.walk(result.symbols.decls["produce"]) if type(n) is A.If and n.stmt_label is None)
    assert expr(if_.cond) == "(dice == 7 or dice == 2) and knights < 3"
    assert re.search(r"\(amended by \S*exp/main\.rules:1:17, by \S*house/main\.rules:1:17, keeping the base's\):",
                     explained(result, "produce"))
    game = Game(build_text(BASE + "amend produce { if dice == 7 to base or dice == 2; }\n"
                           "amend produce { if dice == 7 to base and knights < 3 { base(); gain 1 vp; } }\n",
                           interpreted=interpreted), 2, 1)
    run_proc(game, "produce", 2, answers=["none"])
    assert (game.state.players[0].stock["knights"], game.state.players[0].stock["vp"]) == (1, 1)
    one = write_pack(tmp_path / "one", "amend produce { if dice == 7 to dice == 2; }\n", name="one",
                     extends=["../base"])
    two = write_pack(tmp_path / "two", "amend produce { if dice == 7 to dice == 12 { base(); } }\n", name="two",
                     extends=["../base"])
    built = write_pack(tmp_path / "built", "amend produce { if dice == 7 to base or dice == 12; }\n", name="built",
                       extends=["../base"])
    w406 = [d.message for d in analyse(str(base), [str(one), str(two)]).diagnostics if d.code == "W406"]
    assert w406 == ["the condition of the if dice == 7 of proc 'produce' is amended by both 'one' and 'two'; 'two' "
                    "comes later in the stack and wins"]   # (the body, kept with base(), builds on the base's)
    assert not [d for d in analyse(str(base), [str(one), str(built)]).diagnostics if d.code == "W406"]


def test_the_catan_house_rule_of_the_reference_plays(tmp_path, interpreted):
    """docs/language.md's example: the robber's `if dice == 7` amended by a house rule; lint is clean and whole
    games play on both backends alike."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    text = re.search(r"  ```rules\n(  # Catan: the robber moves on a 7; a house rule.*?)^  ```", doc, re.S | re.M).group(1)
    text = textwrap.dedent(text)
    result = analyse_text(text)
    assert result.ok and [d.code for d in result.diagnostics] == ["I404", "I404"], \
        [d.headline() for d in result.diagnostics]
    game = Game(build_text(text, interpreted=interpreted), 2, 2, make_agents("random", 2, 2))
    assert game.play()["over"]


# Inns & Cathedrals' big follower against the base's turn as it was before the base named its follower step
# (commit e665482c split `place_follower` out of `turn`): the base's `if followers > 0 { pick ... }` is
# amended in place, the spot picked first, then which follower goes there
PACKS = Path(__file__).parent / "packs"
PLACE_FOLLOWER = re.compile(r"# A follower may go on a road.*?\n}\n\n", re.S)
UNSPLIT = """    if followers > 0 {
      pick f from free_spots(p.at) "put a follower on" optional {
        set guard[f] = you;
        lose 1 followers;
      }
    }
"""
BIG_FOLLOWER = """# The big follower goes where a follower may, instead of one: the spot first, then which follower.
amend turn {
  if followers > 0 to base or big_followers > 0;
  pick "put a follower on" {
    choose "which follower?" {
      option "a follower" when followers > 0 {
        base();
      }
      option "the big follower" when big_followers > 0 {
        set guard[f] = you;
        set big[f] = true;
        lose 1 big_followers;
      }
    }
  }
}
"""
OVERRIDE = re.compile(r"# The big follower goes where a follower may, instead of one\.\noverride proc place_follower"
                      r".*?\n}\n", re.S)


@pytest.fixture(scope="module")
def unsplit(tmp_path_factory) -> tuple[Path, Path]:
    """The base Carcassonne with its follower step written back into `turn`, and Inns & Cathedrals on it with the
    big follower an amend of that `turn` (the shipped packs' other text as it is)."""
    root = tmp_path_factory.mktemp("unsplit")
    base_text = (PACKS / "carcassonne" / "carcassonne.rules").read_text()
    base_text = PLACE_FOLLOWER.sub("", base_text).replace("    place_follower(p.at);\n", UNSPLIT)
    assert "place_follower" not in base_text
    base = write_pack(root / "carcassonne", base_text, name="carcassonne")
    inns_text = OVERRIDE.sub(BIG_FOLLOWER, (PACKS / "carcassonne_inns" / "inns.rules").read_text())
    assert "override proc place_follower" not in inns_text and BIG_FOLLOWER in inns_text
    inns = write_pack(root / "carcassonne_inns", inns_text, name="carcassonne_inns", extends=["../carcassonne"])
    return base, inns


def test_the_unsplit_base_plays_the_shipped_bases_games(unsplit):
    for seed in (1, 2):
        shipped = played_on_both_backends(PACKS / "carcassonne", 3, seed, 40)
        written = played_on_both_backends(unsplit[0], 3, seed, 40)
        assert shipped[0][0].state.digest() == written[0][0].state.digest()


def test_the_big_follower_amends_the_unsplit_turn_on_both_backends(unsplit):
    result = analyse(str(unsplit[1]))
    assert result.ok and [d.message for d in result.diagnostics if d.severity != "info"] == []
    assert [d.message for d in result.diagnostics if d.code == "I404" and "turn" in d.message] == [
        "amends the condition of if followers > 0 of proc 'turn'",
        "amends the body of pick \"put a follower on\" of proc 'turn', keeping the base's"]
    for players, seed in ((2, 2), (6, 1)):
        for game, _ in played_on_both_backends(unsplit[1], players, seed, 60):
            out = sum(1 for k, v in game.state.gvars.items() if k.startswith("guard[") and v is not None)
            home = sum(p.stock["followers"] + p.stock["big_followers"] for p in game.state.players)
            assert home + out == 8 * players   # seven followers and the big one each, home or out


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_the_big_follower_goes_on_the_spot_picked_then_the_follower_chosen(unsplit, backend):
    game = Game(program_of(unsplit[1], backend), 2, 1)
    d, asked = game.start(), []
    for answer in (0, 0, "the big follower"):   # where the tile goes, the spot, which follower
        asked.append(d.prompt)
        d = game.apply(d.options.index(answer) if isinstance(answer, str) else answer)
    assert asked == ["lay the tile where?", "put a follower on", "which follower?"]
    you = game.state.players[0]
    assert (you.stock["followers"], you.stock["big_followers"]) == (7, 0)
    assert sum(1 for k, v in game.state.gvars.items() if k.startswith("big[") and v) == 1


# Ticket to Ride (values for illustration): a player draws two cards, then every player scores a point
LOOP_BASE = """counter vp;
counter cards;
proc draw_cards() {
  repeat 2 as draws {
    gain 1 cards;
  }
  for each p in players as scoring {
    each p: gain 1 vp;
  }
}
game ttr { seats 2; phase play { each players: draw_cards(); } winner most vp; }
"""
LOOP_LINE = LOOP_BASE.count("\n") + 1
# a house rule: each card drawn also gives a point, and the scoring round gives nothing
LOOP_HOUSE = """amend draw_cards {
  repeat as draws {
    base();
    gain 1 vp;
  }
  for each as scoring {
  }
}
"""


def test_a_labelled_loops_body_is_amended_on_both_backends(interpreted):
    for house, expected in (("", (2, 1, 1)), (LOOP_HOUSE, (2, 2, 0))):
        game = Game(build_text(LOOP_BASE + house, interpreted=interpreted), 2, 1)
        run_proc(game, "draw_cards")
        you, other = game.state.players
        assert (you.stock["cards"], you.stock["vp"], other.stock["vp"]) == expected


def test_a_loops_amend_is_reported_printed_back_and_explained():
    result = analyse_text(LOOP_BASE + LOOP_HOUSE)
    assert [(d.code, d.span.line, d.message) for d in result.diagnostics] == [
        ("I404", LOOP_LINE + 1, "amends the body of repeat labelled draws of proc 'draw_cards', keeping the base's"),
        ("I404", LOOP_LINE + 5, "amends the body of for each labelled scoring of proc 'draw_cards'")]
    _module, printed = printed_back(LOOP_BASE + LOOP_HOUSE)
    assert printed.endswith(LOOP_HOUSE.replace("for each as scoring {\n  }", "for each as scoring {}"))
    reading = explained(result, "draw_cards")
    assert f"Do this twice (each time through is one draws) (amended by <text>:{LOOP_LINE + 1}:3, keeping the " \
           "base's):" in reading


@pytest.mark.parametrize("items, code, message, hint, at", [
    ("while as draws { }", "E612", "the loop labelled draws of proc 'draw_cards' is written 'repeat', not 'while'",
     "write it as the base does: 'repeat as draws { ... }'", "while"),
    ("repeat as drws { }", "E344", "proc 'draw_cards' has no loop labelled drws", "did you mean 'draws'?", "repeat"),
    ("if as draws to true;", "E344", "'draws' labels a loop of proc 'draw_cards', not an if", "write 'repeat as draws "
     "...'", "if"),
    ("repeat as draws { base(); base(); }", "E366", "base() is written 2 times", None, "base(); }"),
])
def test_a_loops_misuse_is_positioned(items, code, message, hint, at):
    amend_misuse(LOOP_BASE, "draw_cards", items, code, message, hint, at)


def test_two_stacked_packs_replacing_a_loops_body_warn_unless_the_later_keeps_the_base(tmp_path):
    base = write_pack(tmp_path / "base", LOOP_BASE, name="base")
    one = write_pack(tmp_path / "one", "amend draw_cards { repeat as draws { gain 2 cards; } }\n", name="one",
                     extends=["../base"])
    two = write_pack(tmp_path / "two", "amend draw_cards { repeat as draws { gain 3 cards; } }\n", name="two",
                     extends=["../base"])
    kept = write_pack(tmp_path / "kept", "amend draw_cards { repeat as draws { base(); gain 1 vp; } }\n", name="kept",
                      extends=["../base"])
    assert [d.message for d in analyse(str(base), [str(one), str(two)]).diagnostics if d.code == "W406"] == [
        "the body of the repeat labelled draws of proc 'draw_cards' is amended by both 'one' and 'two'; 'two' comes "
        "later in the stack and wins"]
    assert not [d for d in analyse(str(base), [str(one), str(kept)]).diagnostics if d.code == "W406"]


def test_two_stacked_packs_replacing_a_picks_body_warn_unless_the_later_keeps_the_base(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", 'amend produce { pick "trade how many?" { gain 1 vp; } }\n', name="one",
                     extends=["../base"])
    two = write_pack(tmp_path / "two", 'amend produce { pick "trade how many?" { gain 2 vp; } }\n', name="two",
                     extends=["../base"])
    kept = write_pack(tmp_path / "kept", 'amend produce { pick "trade how many?" { base(); gain 1 ore; } }\n',
                      name="kept", extends=["../base"])
    assert [d.message for d in analyse(str(base), [str(one), str(two)]).diagnostics if d.code == "W406"] == [
        "the body of the pick \"trade how many?\" of proc 'produce' is amended by both 'one' and 'two'; 'two' comes "
        "later in the stack and wins"]
    assert not [d for d in analyse(str(base), [str(one), str(kept)]).diagnostics if d.code == "W406"]
