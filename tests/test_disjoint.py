"""disjoint(xs) (language.md 5.4): every choice of a list's groups no two of which share an item, the empty choice
first: the ways to lay a hand out in melds (Gin Rummy's deadwood, tests/packs/gin_rummy; Mahjong's four melds and a
pair), whose best is a `lowest` over it and whose player's own layout is a `pick` from it. On both backends; read by
explain, printed back by fmt; anything but a list of groups is E674, and too many choices stop play with E602
(branch trial34)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import explained, found_at, printed_back, rules_programs, run_proc

# Rummikub-like (for illustration): the numbers laid out in groups; what is left over scores against you
PACK = """
counter vp;
counter left_over;
zone shelf[1..3] of card;
kind card { n: int; }
card one "1" { n = 1; }
card two "2" { n = 2; }
card three "3" { n = 3; }
func groups(): list of list of int = [[1, 2], [2, 3], [3, 4], [5]];
func left_after(p: list of list of int): int = 15 - total(g in p, total(x in g, x));
proc ways() { gain size(disjoint(groups())) vp; }
proc least() { gain lowest(p in disjoint(groups()), left_after(p)) left_over; }
proc lay_out() {
  pick p from disjoint(groups()) where size(p) >= 2 "lay out which groups?" { gain left_after(p) left_over; }
}
proc shelves() { gain size(disjoint([shelf[1], shelf[2], shelf[3]])) vp; }
proc too_many() { gain size(disjoint(gather(k in 1..20, [[k]]))) vp; }
proc long_list() { gain size(disjoint(gather(k in 1..3000, [[k]]))) vp; }
"""

program = rules_programs(PACK)


def test_every_choice_of_groups_that_share_no_item_the_empty_one_first(program):
    game = Game(program(), 2, 1)
    run_proc(game, "ways")
    # [], [1,2], [1,2][3,4], [1,2][3,4][5], [1,2][5], [2,3], [2,3][5], [3,4], [3,4][5], [5]
    assert game.state.players[0].stock["vp"] == 10
    run_proc(game, "least")
    assert game.state.players[0].stock["left_over"] == 0   # 1 2 | 3 4 | 5 leaves nothing


def test_a_pick_offers_each_choice_in_order(program):
    game = Game(program(), 2, 1)
    (asked,) = run_proc(game, "lay_out", answers=["[[2, 3], [5]]"])
    assert [str(o) for o in asked.options] == ["[[1, 2], [3, 4]]", "[[1, 2], [3, 4], [5]]", "[[1, 2], [5]]",
                                               "[[2, 3], [5]]", "[[3, 4], [5]]"]
    assert game.state.players[0].stock["left_over"] == 15 - 5 - 5


def test_zones_are_groups_too_sharing_no_card(program):
    game = Game(program(), 2, 1)
    one, two = game.program.entities["one"], game.program.entities["two"]
    game.move(one, game.zone(None, "shelf[1]"))
    game.move(two, game.zone(None, "shelf[2]"))
    run_proc(game, "shelves")   # three shelves, one empty: no two share a card, so every one of the 8 choices
    assert game.state.players[0].stock["vp"] == 8


def test_too_many_choices_stop_play_with_e602(program):
    game = Game(program(), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(game, "too_many")   # 2^20 choices of twenty groups that never meet
    assert err.value.code == "E602" and "disjoint(...)" in str(err.value)
    game.steps = 0   # as a decision would start the budget again
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(game, "long_list")   # 3000 groups: the budget stops it, long before Python's recursion would
    assert err.value.code == "E602" and "of 3000 groups" in str(err.value)


def test_anything_but_a_list_of_groups_is_e674_with_a_hint():
    text = PACK + "func a(): int = size(disjoint(shelf[1]));\nfunc b(): int = size(disjoint([1, 2]));\n" \
        "func c(): int = size(disjoint(3));\n"
    lines = len(PACK.splitlines())
    assert [f for f in found_at(text) if f[0] == "E674"] == [("E674", lines + 1, 31), ("E674", lines + 2, 31),
                                                                ("E674", lines + 3, 31)]
    first, second, third = [d for d in analyse_text(text).diagnostics if d.code == "E674"]
    assert "shelf[1] is a zone of card" in first.message and "subsets(hand, k)" in first.hint
    assert "[1, 2] is a list of numbers" in second.message
    assert "3 is a number" in third.message and "each a list or a zone" in third.hint


def test_explain_reads_it_and_fmt_prints_it_back():
    reading = explained(analyse_text(PACK), "least")
    assert "over p among every choice of the groups of “groups” no two of which share an item (none chosen too)" in reading
    # printed back as written, in a pick's domain and an aggregate's alike
    printed = printed_back(PACK)[1]
    assert all(line in printed for line in ("lowest(p in disjoint(groups()), left_after(p))",
                                            "pick p from disjoint(groups()) where size(p) >= 2"))
