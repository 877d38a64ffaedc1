"""Copies by value (`* (EXPR)` on a `for each` declaration, 3.8): Hanabi's fireworks, three 1s, two each
of 2 to 4 and one 5 in each colour, as one declaration (the Hanabi audit's W4: five declarations, one per
rank); 0 copies make none; E303 for a count not known before play and for `* (EXPR)` anywhere else;
`as_const` reads a `match`; fmt prints it back; both backends play the deck alike."""

from __future__ import annotations

from collections import Counter

import pytest

from rulebook.compiler.driver import build_text
from rulebook.dsl import ast as A
from rulebook.dsl.parser import parse_text

from .conftest import found_at, printed_back, random_games_agree

HANABI = """
enum colour { white "White", yellow "Yellow", green "Green", blue "Blue", red "Red" }
kind card "Card" { colour: colour; rank: int; }
card firework "{c.title} {r}" * (match r { 1: 3, 5: 1, else: 2 }) for each c in colour, r in 1..5 {
  colour = c;
  rank = r;
}
zone deck of card secret;
zone played of card;
zone hand per_player of card;
counter score;
game hanabi {
  seats 2 to 5;
  phase setup { shuffle deck; }
  phase play {
    repeat 5 {
      each players {
        draw 2 from deck to hand;
        pick c from hand "play which?" { move c to played; gain c.rank score; }
      }
    }
  }
  winner most score;
}
"""


def counts(text: str) -> Counter:
    return Counter(name.split("#")[0] for name in build_text(text).entities)


def test_the_hanabi_deck_is_fifty_cards_from_one_declaration():
    made = counts(HANABI)
    assert sum(made.values()) == 50
    assert made["firework_red_1"] == 3 and made["firework_red_4"] == 2 and made["firework_blue_5"] == 1
    assert len(made) == 25   # one name per colour and rank, its copies sharing it


def test_a_member_in_an_if_or_a_match_and_zero_copies_making_none():
    text = HANABI.replace("zone deck of card secret;", """zone deck of card secret;
card wager "{c.title} wager" * (if c == white then 0 else 3) for each c in colour { colour = c; rank = 0; }
card star "{c.title} star" * (match c { red, blue: 1, else: 0 }) for each c in colour { colour = c; rank = 9; }
""")
    made = counts(text)
    assert "wager_white" not in made and made["wager_red"] == 3 and made["wager_green"] == 3
    assert {n for n in made if n.startswith("star_")} == {"star_red", "star_blue"}


def test_a_constant_in_parentheses_is_that_number():
    text = HANABI.replace("zone deck of card secret;", 'zone deck of card secret;\ncard joker "Joker" * (2 + 1) { colour = red; rank = 0; }\n')
    assert counts(text)["joker"] == 3


def test_as_const_reads_a_match_of_a_known_value():
    def value(source: str):
        return A.as_const(parse_text(f"func f(): int = {source};").items[0].value)
    assert value("match 4 { 1: 3, 2..4: 2, else: 1 }") == 2
    assert value("match 7 { 1: 3, 5..: 1 }") == 1
    with pytest.raises(A.NotConstant):
        value("match 9 { 1: 3 }")   # no case names it: the runtime's E601


@pytest.mark.parametrize("copies, why", [
    ("* (match r { 1: 3, 2: 2 })", "not known before play"),   # no case for 3 to 5
    ("* (r - 3)", "-2"),
    ("* (score)", "not known before play"),
])
def test_a_count_not_known_or_below_zero_is_e303_once_at_the_expression(copies, why):
    text = HANABI.replace("* (match r { 1: 3, 5: 1, else: 2 })", copies)
    line = next(i for i, t in enumerate(text.split("\n"), start=1) if t.startswith("card firework"))
    column = text.split("\n")[line - 1].index("(") + 2   # the expression, inside the parentheses
    found = [f for f in found_at(text) if f[0] == "E303"]
    assert found == [("E303", line, column)]
    from rulebook.compiler.driver import analyse_text
    assert why in next(d.message for d in analyse_text(text).diagnostics if d.code == "E303")


@pytest.mark.parametrize("declaration", [
    'card joker "Joker" * (score) { colour = red; rank = 0; }',
    "amend firework_red_1 * (score) { }",
])
def test_copies_of_a_value_outside_a_for_each_declaration_are_e303(declaration):
    found = found_at(HANABI + declaration + "\n")
    assert [c for c, *_ in found] == ["E303"]


def test_fmt_prints_it_back():
    _module, text = printed_back(HANABI)
    assert 'card firework "{c.title} {r}" * (match r { 1: 3, 5: 1, else: 2 }) for each c in colour, r in 1..5 {' in text


def test_both_backends_play_the_same_games():
    random_games_agree(HANABI)


def explained_template(text: str, name: str, with_symbols: bool = True) -> list:
    """explain's reading of the `for each` declaration `name` as written, with the pack's symbols or without."""
    from rulebook.compiler.driver import analyse_text
    from rulebook.compiler.explain import explain
    decl = next(i for i in parse_text(text).items if getattr(i, "name", None) == name)
    return explain(decl, analyse_text(text).symbols if with_symbols else None)


def test_explain_says_how_many_copies_of_each_case_by_case_and_in_all():
    said = explained_template(HANABI, "firework")
    assert "  3 copies of each with r 1, 1 with r 5, 2 otherwise (50 cards in all)." in said
    assert "  3 copies of each with r 1, 1 with r 5, 2 otherwise." in explained_template(HANABI, "firework", False)


def test_explain_reads_copies_by_an_if_a_match_without_else_and_any_other_expression():
    text = HANABI.replace("zone deck of card secret;", """zone deck of card secret;
card wager "{c.title} wager" * (if c == white then 0 else 3) for each c in colour { colour = c; rank = 0; }
card star "{c.title} star" * (match c { red, blue: 1 }) for each c in colour { colour = c; rank = 9; }
card token "{r} token" * (r + 1) for each r in 1..3 { colour = red; rank = r; }
""")
    assert "  0 copies of each where c == white, 3 otherwise (12 cards in all)." in explained_template(text, "wager")
    assert "  1 copy of each with c red or blue, any other c stops play (no case names it)." in \
        explained_template(text, "star", False)
    assert "  As many copies of each as r + 1, worked out for each before play (9 cards in all)." in \
        explained_template(text, "token")
