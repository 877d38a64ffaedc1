"""trial22's fixes from writing Stone Age, Innovation and Brass: an enum member named `left` or `right` that hides
the player word is named in the error where a player is wanted, and `gain AMOUNT f(x);` whose amount is more
than one number points at the call (the resource a func gives) whatever the amount."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text

from .conftest import parse_error

SPLAY = """counter vp;
enum splay { none_s, left, right, up }
func strength(): int = vp;
"""


@pytest.mark.parametrize("body,message", [
    ("each left: gain 1 vp;", "cannot range over a splay"),
    ("if left.strength() > 0 { gain 1 vp; }", "strength() is evaluated for a player"),
    ("for each q in players_from(right) { gain 1 vp; }", "players_from() takes a player"),
])
def test_a_member_named_left_or_right_is_named_where_a_player_is_wanted(body, message):
    result = analyse_text(SPLAY + "proc p() { " + body + " }\ngame g { seats 3; phase play { p(); } winner most vp; }")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and errors[0].message.startswith(message)
    word = "right" if "right" in body else "left"
    assert errors[0].hint == (f"'{word}' here is the member of enum 'splay', which hides the player to your {word}: "
                              f"write '{word}({'you'})' for the player")


def test_the_player_word_itself_takes_no_hint_where_a_player_is_wanted_wrongly():
    result = analyse_text("counter vp;\nenum colour { red }\nproc p() { each red: gain 1 vp; }\n"
                          "game g { seats 3; phase play { p(); } winner most vp; }")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E303"] and errors[0].hint is None


@pytest.mark.parametrize("amount,call", [
    ("sum / s.divisor", "yields(s)"),             # Stone Age: the dice's sum divided by the spot's value
    ("sum / divisor(s)", "yields(s)"),
    ("2", "produces(terrain_of[h])"),             # the one-number amount, as before
])
def test_gain_of_a_funcs_resource_points_at_the_call_whatever_the_amount(amount, call):
    d = parse_error(f"proc p() {{\n  gain {amount} {call};\n}}\n")
    assert d.code == "E100" and d.message == (f"'gain' names its resource (or counter) after the amount; '{call}' "
                                              "is a call, which names none here")
    assert d.hint == f"take the func's resource into a local first: 'let r = {call}; gain {amount} r;'"
    assert (d.span.line, d.span.column) == (2, 9 + len(amount))



FLEXIBLE = """resource wood;
resource stone;
group goods { wood, stone }
counter vp;
func worth(r: resource): int = match r { wood: 3, else: 5 };
# Stone Age: a flexible building takes 1 to 7 resources of any kinds, each scoring its value
proc build() {
  pick r from goods where amount(r) > 0 "pay which resource?" at least 1 up to most with repeats {
    lose 1 r;
    gain worth(r) vp;
  }
}
"""


def flexible_game(program, answers: list):
    from rulebook.runtime.engine import Game

    from .conftest import drive

    game = Game(program, 2, 1)
    you = game.state.players[0]
    you.stock.update(wood=3, stone=1)
    asked = drive(game, game.program.procs["build"](game, you), answers)
    return you, asked


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_at_least_with_repeats_takes_a_candidate_again_and_offers_none_once_the_minimum_is_paid(interpreted):
    from rulebook.compiler.driver import build_text

    program = build_text(FLEXIBLE.replace("up to most", "up to 3"), interpreted=interpreted)
    you, asked = flexible_game(program, ["wood", "wood", "none"])
    assert [list(map(str, d.options)) for d in asked] == [["wood", "stone"], ["wood", "stone", "none"],
                                                           ["wood", "stone", "none"]]
    assert (you.stock["wood"], you.stock["stone"], you.stock["vp"]) == (1, 1, 6)
    you, asked = flexible_game(program, ["stone", "wood", "wood"])   # the third pick is the last (up to 3)
    assert (you.stock["wood"], you.stock["stone"], you.stock["vp"]) == (1, 0, 11) and len(asked) == 3


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_at_least_with_repeats_ends_when_the_where_leaves_no_candidate(interpreted):
    from rulebook.compiler.driver import build_text

    program = build_text(FLEXIBLE.replace("up to most", "up to 9"), interpreted=interpreted)
    you, asked = flexible_game(program, ["stone", "wood", "wood", "wood"])
    assert (you.stock.get("wood", 0), you.stock.get("stone", 0), you.stock["vp"]) == (0, 0, 14)


def test_at_least_with_repeats_lints_clean_prints_back_and_is_explained():
    from .conftest import explained, printed_back

    text = FLEXIBLE.replace("proc build()", "proc build(most: int)")
    result = analyse_text(text)
    assert [d.code for d in result.diagnostics if d.severity != "info"] == []
    assert "at least 1 up to most with repeats {" in printed_back(text)[1]
    assert "pick one r (one picked before may be picked again) from goods" in explained(result, "build")
    assert "all of them if there are fewer" not in explained(result, "build")


def test_at_least_more_than_the_members_with_repeats_is_no_w514():
    text = "counter vp;\nenum die_face { one, two }\n" \
           "proc p() { pick f from die_face \"which?\" at least 3 up to 4 with repeats { gain 1 vp; } }\n"
    assert [d.code for d in analyse_text(text).diagnostics if d.severity != "info"] == []
    assert "W514" in [d.code for d in analyse_text(text.replace(" with repeats", "")).diagnostics]
