"""Diagnostics from the Hanabi and Dominion designer audits: numbers as conditions, did-you-mean for
enum members, the cooperative line without `if`, and the other small findings (one test each)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

PRELUDE = ("counter pts;\ncounter fuses global;\nfunc score() = 3;\nfunc typed(): int = 2;\n"
           "kind card { cost: int = 0; }\ncard copper \"Copper\" { cost = 0; }\nzone hand per_player of card;\n")


def findings(text: str):
    return [(d.code, d.span.line, d.span.column, d.message, d.hint) for d in analyse_text(text).diagnostics]


# ---------------------------------------------------------------------------- 1. a number is never a condition

@pytest.mark.parametrize("statement, bad", [
    ("if pts { }", "pts"),
    ("if typed() { }", "typed()"),
    ("if score() { }", "score()"),                       # an untyped func: its value is a number
    ("if not pts { }", "pts"),
    ("if pts > 1 and fuses { }", "fuses"),
    ("if fuses or pts > 1 { }", "fuses"),
    ("while pts { lose 1 pts; }", "pts"),
    ("let x = if pts then 1 else 2; gain x fuses;", "pts"),
    ("for each c in hand where c.cost { }", "c.cost"),
    ("let n = count(c in hand where c.cost); gain n pts;", "c.cost"),
    ("if some(c in hand, c.cost) { }", "c.cost"),
    ("choose \"?\" { option \"a\" when pts { } option \"b\" { } }", "pts"),
])
def test_a_number_is_no_condition(statement, bad):
    text = PRELUDE + f"proc p() {{ {statement} }}\n"
    line = text.count("\n")
    column = text.splitlines()[-1].index(bad) + 1
    assert findings(text) == [("E303", line, column, "a condition must be true or false, not a number",
                               f"compare it: {bad} > 0")]


@pytest.mark.parametrize("statement", [
    "if pts > 0 and not (fuses == 1) { }",
    "let c = first(hand); if c { }",              # a card is tested for none
    "if some(c in hand, c.cost > 0) { }",
    "for each c in hand where c.cost >= 1 { }",
])
def test_conditions_that_are_conditions_pass(statement):
    assert findings(PRELUDE + f"proc p() {{ {statement} }}\n") == []


def test_the_cooperative_line_with_an_untyped_func_is_e303():
    text = PRELUDE + "game g { seats 2 to 5; phase play { gain 1 fuses; } winner together if score(); }\n"
    (finding,) = findings(text)
    assert finding[0] == "E303" and finding[4] == "compare it: score() > 0"


# ---------------------------------------------------------------------------- 2. a misspelt member

HANABI = "enum colour { red, blue, green }\nkind card { colour: colour; }\ncounter firework[colour] global;\n"


@pytest.mark.parametrize("line, code, message", [
    ('card r1 "Red 1" { colour = rde; }', "E303", "rde is not a colour (one of red, blue, green)"),
    ("proc p() { gain 1 firework[rde]; }", "E201", "unknown member 'rde' of enum colour"),
])
def test_a_misspelt_member_is_suggested(line, code, message):
    ((found, at, column, said, hint),) = findings(HANABI + line + "\n")
    assert (found, at, column, said, hint) == (code, 4, line.index("rde") + 1, message, "did you mean 'red'?")


def test_one_slip_suggests_only_near_names():
    from rulebook.dsl.diagnostics import did_you_mean, one_slip
    assert [one_slip("rde", w) for w in ("red", "re", "reed", "rd", "der", "blue")] == \
        [True, True, False, True, False, False]
    assert did_you_mean("gren", ["red", "green"]) == "did you mean 'green'?"
    assert did_you_mean("xy", ["xz"]) is None   # two letters: too short to guess


# ---------------------------------------------------------------------------- 5. explain by a title

def test_explain_finds_a_card_by_the_title_of_its_copies(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    from .conftest import write_pack
    pack = write_pack(tmp_path, "enum colour { red, blue }\nkind card { colour: colour; rank: int; }\n"
                      'card red_c "Red {rank}" * 5 { colour = red; rank = [1, 1, 1, 2, 5][copy_number]; }\n'
                      'card gold "Gold" * 3 { colour = blue; rank = 0; }\ncounter gilt "Gold";\n')
    runner = CliRunner()
    five = runner.invoke(app, ["explain", str(pack), "red 5"])
    assert five.exit_code == 0 and five.output.startswith("“red 5” is the title of red_c (copy 5 of 5)\nred_c is ")
    one = runner.invoke(app, ["explain", str(pack), "Red 1"])
    assert one.output.startswith("“Red 1” is the title of red_c (copies 1 to 3 of 5)\n")
    shared = runner.invoke(app, ["explain", str(pack), "Gold"])
    assert shared.exit_code == 1 and "(it is the title of 'gold' and 'gilt': name one of them)" in shared.output
    assert runner.invoke(app, ["explain", str(pack), "Red 3"]).exit_code == 1


# ---------------------------------------------------------------------------- 6. one mistake, said once

@pytest.mark.parametrize("value", ["first(left.trash)", "top(c in left.trash, c.cost)", "size(left.trash)",
                                   "contains(left.trash, copper)", "index_of(left.trash, copper)"])
def test_an_argument_is_checked_once(value):
    text = PRELUDE + f"zone trash of card;\nproc p() {{ let x = {value}; say \"{{x}}\"; }}\n"
    found = findings(text)
    assert [(code, line, column) for code, line, column, _m, _h in found] == \
        [("E303", 9, text.splitlines()[-1].index("left.trash") + 1)]


# ---------------------------------------------------------------------------- 7. what goes where

def test_an_effect_in_a_card_body_names_the_slots_of_its_kind():
    (d,) = analyse_text("counter coins;\nkind card { cost: int = 0; play: effect; reaction: effect; }\n"
                        'card smithy "Smithy" { cost = 4; gain 1 coins; }\n').diagnostics
    assert (d.code, d.span.line, d.span.column, d.hint, d.notes) == \
        ("E100", 3, 34, "write 'play { ... }' around it", ("the effect slots of card: play, reaction",))


def test_an_effect_in_a_card_of_a_kind_declared_elsewhere_says_how_a_slot_is_declared():
    (d,) = analyse_text("counter coins;\ncard smithy { gain 1 coins; }\n").diagnostics
    assert d.notes == ("a slot is declared in the kind, as 'kind card { play: effect; }'",)


def test_an_unknown_zone_with_no_close_name_lists_the_zones():
    (d,) = analyse_text("kind card { }\nzone aside of card;\nzone trash of card;\nproc p() { shuffle qqq; }\n").diagnostics
    assert (d.code, d.hint, d.notes) == ("E209", None, ("known zones: aside, trash",))


@pytest.mark.parametrize("item, inside", [("seats 2 to 4;", "a game"), ("winner most vp;", "a game"),
                                          ("space 1 { }", "a track"), ("face 1 { }", "a die")])
def test_an_item_of_a_block_at_the_top_says_where_it_goes(item, inside):
    (d,) = analyse_text(f"counter vp;\n{item}\n").diagnostics
    assert d.code == "E100" and d.message.startswith(f"'{item.split()[0]}' goes inside {inside}")


# ---------------------------------------------------------------------------- 8. screens

def test_an_indexed_variable_is_shown_by_its_title_and_index():
    from rulebook.compiler.driver import analyse_text as analysed
    from rulebook.compiler.layout import labels
    text = ("kind card { }\ncard copper \"Copper\" { }\ncard silver \"Silver\" { }\n"
            "enum age { one \"Age I\", two }\nvar in_game[card] \"In this game's Supply\" global: bool = false;\n"
            "var done[age] \"Done\": bool = false;\n")
    sym = analysed(text).symbols
    shown = labels(sym, {"one": "Age I"})   # a card by its own title, a member by the enum's
    assert {k: v for k, v in shown.items() if "[" in k} == {
        "in_game[copper]": "In this game's Supply Copper", "in_game[silver]": "In this game's Supply Silver",
        "done[one]": "Done Age I", "done[two]": "Done two"}


def test_many_copies_are_counted_with_no_numbers():
    from rulebook.runtime.console import zone_text

    def card(n: int) -> dict:
        return {"name": "copper", "title": "Copper", "kind": "card", "fields": {}, "flipped": False,
                "copy": n, "alike": 46}
    pile = {"visibility": "public", "size": 46, "items": [card(n) for n in range(1, 47)]}
    assert zone_text(pile) == "[Copper x46]"


def test_the_state_table_counts_alike_items_in_a_row():
    from types import SimpleNamespace

    from rulebook.cli import _items_text
    game = SimpleNamespace(text=str)
    assert _items_text(game, ["Copper"] * 46 + ["Estate", "Copper"]) == "Copper x46, Estate, Copper"
    assert _items_text(game, []) == "nothing"


SUPPLY = """
counter vp;
kind card { }
card copper "Copper" * 12 { }
card estate "Estate" { }
zone pile "Supply" of card;
var in_game[card] "In this game's Supply" global: bool = false;
game small_supply {
  seats 2 to 2;
  phase setup { fill pile with card; set in_game[estate] = true; }
  phase play { pick c from pile "take a card" { gain 1 vp; } }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_screen_shows_an_indexed_variable_by_its_title_and_a_pile_by_runs(interpreted):
    from .test_screen import hot_seat
    game, console = hot_seat(SUPPLY, 2, 1, interpreted)
    game.play()
    first = console.screens[0]
    # one entry for the variable of one index, naming the element away from its start (false) by its index
    assert "In this game's Supply: Estate" in first and "in_game[" not in first and "Copper: no" not in first
    assert "Supply: [Copper x12, Estate]" in first and "#" not in first


# ---------------------------------------------------------------------------- 4. one syntax error, not two

@pytest.mark.parametrize("text, message", [
    ("counter x;\nproc p() { gain 1 x); }\n", "unexpected ')'"),
    ("kind card { }\nzone deck of card secret hidden;\n", "a zone has one visibility"),
    ("counter clues;\nproc p() { pay 1 you.clues; }\n",
     "a payment is the payer's own: make that player act, as in 'each p: pay 1 clues;'"),
])
def test_a_semicolon_that_would_not_help_is_not_asked_for(text, message):
    (d,) = analyse_text(text).diagnostics
    assert d.code == "E100" and message in d.message and "must end with ';'" not in d.message
