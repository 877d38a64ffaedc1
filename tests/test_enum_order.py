"""Ordered enums (language.md 3.4): members compare by their place in the declaration (`<` `<=` `>`
`>=` between two members of one enum), sorted(...) and top/bottom take a member key, ordinal(m) is a
member's place from 1; on both backends. Members of two enums, or a member and a number, are E355;
ordinal() of anything else than a member is E356; an amend's new members come last in the order."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, rules_programs, run_proc

# 7 Wonders: the ages, and a trick-taking game's ranks declared low to high (not alphabetically)
PACK = """
counter vp;
enum age { iii_first_alpha "Age I", b_second "Age II", a_third "Age III" }
enum suit { hearts, spades }
var now global: age = iii_first_alpha;
kind card { age: age; points: int; }
card temple "Temple" { age = a_third; points = 1; }
card baths "Baths" { age = iii_first_alpha; points = 2; }
card forum "Forum" { age = b_second; points = 3; }
card arena "Arena" { age = b_second; points = 4; }
zone deck of card;
proc deal() { move temple to deck; move baths to deck; move forum to deck; move arena to deck; }
"""

program = rules_programs(PACK)


def vp(program, body: str) -> int:
    g = Game(program("proc p() { deal();\n" + body + " }"), 2, 1)
    run_proc(g, "p")
    return g.state.players[0].stock["vp"]


def test_members_compare_by_declaration_order_not_by_name(program):
    # the names sort the other way round alphabetically: the order is the declaration's
    assert vp(program, "if iii_first_alpha < b_second { gain 1 vp; }") == 1
    assert vp(program, "if a_third > b_second { gain 1 vp; } if a_third <= a_third { gain 2 vp; }") == 3
    assert vp(program, "if now >= b_second { gain 1 vp; }") == 0
    assert vp(program, "set now = a_third; if now >= b_second { gain 1 vp; }") == 1


def test_ordinal_is_a_members_place_from_one_and_the_enum_indexes_back(program):
    assert vp(program, "gain ordinal(a_third) vp;") == 3
    assert vp(program, "gain ordinal(age[ordinal(now) + 1]) vp;") == 2   # the member after `now`
    assert vp(program, "gain total(a in age where a > now, ordinal(a)) vp;") == 5


def test_sorted_and_top_bottom_take_a_member_key(program):
    # vp becomes the points read in the sorted order, as digits: latest age first, fewer points first
    assert vp(program, "for each c in sorted(c in deck, most c.age then fewest c.points) {\n"
                       "  gain 9 * vp + c.points vp; }") == 1342
    assert vp(program, "for each c in sorted(c in deck, fewest c.age) { gain 9 * vp + c.points vp; }") == 2341
    assert vp(program, "gain bottom(c in deck, c.age).points vp;") == 2
    assert vp(program, "gain top(c in deck, c.age).points vp;") == 1


def test_top_on_a_tie_is_the_first_in_the_domain(program):
    g = Game(program("func later() = top(c in deck where c.age != a_third, c.age);"), 2, 1)
    run_proc(g, "deal")
    assert g.program.funcs["later"](g, g.state.players[0]).name == "forum"


def test_a_member_that_is_none_has_no_place(program):
    g = Game(program("var chosen global: age = none;\nproc p() { if chosen < a_third { gain 1 vp; } }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "p")
    assert e.value.code == "E601" and "no place" in str(e.value)


@pytest.mark.parametrize("text, at", [
    ("proc p() { if now < 2 { gain 1 vp; } }", (13, 15)),          # a member and a number
    ("proc p() { if hearts < now { gain 1 vp; } }", (13, 15)),     # two enums
    ("proc p() { if 3 >= now { gain 1 vp; } }", (13, 15)),
])
def test_ordering_a_member_against_another_type_is_E355(text, at):
    found = found_at(PACK + text)
    assert ("E355", *at) in found, found
    d = next(d for d in analyse_text(PACK + text).diagnostics if d.code == "E355")
    assert d.hint and "ordinal" in d.hint


def test_ordinal_of_anything_but_a_member_is_E356():
    assert ("E356", 13, 25) in found_at(PACK + "proc p() { gain ordinal(3) vp; }")


def test_highest_still_wants_a_number():
    assert any(code == "E303" for code, *_ in found_at(PACK + "func f() = highest(c in deck, c.age);"))


def test_the_same_enum_orders_without_a_finding():
    assert not [d for d in analyse_text(PACK + "func f() = now < a_third and ordinal(now) == 1;").diagnostics
                if d.severity == "error"]


def test_an_amend_puts_its_new_members_last_in_the_order(tmp_path):
    base = tmp_path / "base"
    house = tmp_path / "house"
    base.mkdir()
    house.mkdir()
    (base / "pack.toml").write_text('name = "base"\n')
    (base / "main.rules").write_text(PACK)
    (house / "pack.toml").write_text('name = "house"\nextends = ["../base"]\n')
    (house / "house.rules").write_text(
        "amend age { age_zero \"Age 0\" }\n"
        "proc p() { if age_zero > a_third { gain 1 vp; } gain ordinal(age_zero) vp; }\n")
    from rulebook.compiler.driver import compile_pack, interpret_pack
    for prog in (compile_pack(str(house)).program, interpret_pack(str(house))):
        g = Game(prog, 2, 1)
        run_proc(g, "p")
        assert g.state.players[0].stock["vp"] == 5


def test_printer_round_trips_ordered_comparisons_and_keys():
    text = PACK + ("func f() = sorted(c in deck, most c.age then fewest c.points);\n"
                   "func g() = if now < a_third then ordinal(now) else 0;\n")
    module = parse_text(text, "a.rules")
    assert parse_text(format_module(module), "a.rules") == module


def test_build_text_compiles_both_ways():
    for interpreted in (False, True):
        build_text(PACK + "func f() = now < a_third;", interpreted=interpreted)


def test_explain_reads_an_order_as_earlier_and_later():
    from rulebook.compiler.explain import explain
    result = analyse_text(PACK + "func young(c: card) = c.age < now;\nfunc newest() = top(c in deck, c.age);\n"
                                 "func by_age() = sorted(c in deck, fewest c.age);\nfunc place() = ordinal(now);")
    lines = {d.name: " ".join(explain(d, result.symbols)) for d in result.modules[0][1][0].items
             if getattr(d, "name", None) in ("young", "newest", "by_age", "place")}
    assert "is earlier than" in lines["young"], lines["young"]
    assert "the latest" in lines["newest"], lines["newest"]
    assert "the earliest" in lines["by_age"], lines["by_age"]
    assert "in its order (1 for the first)" in lines["place"], lines["place"]
