"""The toolchain mended where a designer new to it (writing Puerto Rico, Race for the Galaxy and Power Grid)
was hurt: W436, an auction or offer given players in an order of their own, which it does not follow."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, drive, parse_error, proc_findings

BASE = """counter coins from 0 to 99 start 10;
counter vp;
func turn_order() = sorted(x in players, most x.vp then fewest x.coins);
"""


def auction(among: str, start: str = "") -> str:
    return f"auction \"bid\" among {among}{start} once around up to coins as (w, price) {{ pay price coins; }}"


@pytest.mark.parametrize("among, start, shown", [
    ("reverse(players)", "", "reverse(players)"),
    ("sorted(x in players, fewest x.vp)", "", "sorted(x in players, fewest x.vp)"),
    ("turn_order()", " from left", "(through turn_order())"),     # Power Grid's turn order, in a func
    ("turn_order()[1..2]", "", "(through turn_order()[1..2])"),
    ("players_from(left)", "", "players_from(left)"),
])
def test_an_auction_among_a_list_in_an_order_of_its_own_is_warned(among, start, shown):
    found = proc_findings(BASE, auction(among, start))
    at_the_players = 1 + len('proc p() { auction "bid" among ')
    assert [(code, column) for code, _line, column, _m in found] == [("W436", at_the_players)]
    assert shown in found[0][3] and "in seat order from" in found[0][3]


@pytest.mark.parametrize("among, start", [
    ("players", ""), ("opponents", " from left"), ("players_from(you)", ""), ("players_from(left)", " from left"),
    ("[left, right]", ""),
])
def test_an_auction_among_the_seats_or_a_list_started_where_it_starts_is_not(among, start):
    assert proc_findings(BASE, auction(among, start)) == []


def test_an_offer_to_players_from_another_seat_is_warned_with_the_from_to_write():
    found = proc_findings(BASE, "offer to others_from(right) as q { each q: gain 1 vp; }")
    assert [code for code, *_ in found] == ["W436"] and "from the offerer's left" in found[0][3]
    assert proc_findings(BASE, "offer to others_from(right) from right as q { each q: gain 1 vp; }") == []
    assert proc_findings(BASE, "offer to others_from(you) as q { each q: gain 1 vp; }") == []


def test_the_auction_asks_in_seat_order_whatever_the_list_as_the_warning_says():
    text = BASE + "proc p() { " + auction("reverse(players)") + " }"
    for program in both_built(text):
        game = Game(program, 3, 1)
        asked = drive(game, program.procs["p"](game, game.state.players[1]), answers=["pass"] * 3)
        assert [d.player.name for d in asked] == ["P2", "P3", "P1"]


@pytest.mark.parametrize("written, hint", [
    ("if left in players { }", "write 'contains(players, left)'"),
    ("if not left.vp in [1, 2] { }", "write 'contains([1, 2], left.vp)'"),
    ("let x = 3 in hand[1..2];", "write 'contains(hand[1..2], 3)'"),
    ('pick c from hand where c in best() "keep?" { }', "write 'contains(best(), c)'"),
])
def test_in_as_a_membership_test_is_told_to_be_contains(written, hint):
    text = ("counter vp;\nkind card { value: int; }\nzone hand per_player of card;\n"
            "func best() = sorted(c in hand, most c.value)[1..2];\nproc p() {\n  " + written + "\n}\n")
    error = parse_error(text)
    assert (error.code, error.span.line) == ("E100", 6) and error.message.startswith("'in' is no test")
    assert error.hint == hint


def test_in_after_a_loops_name_is_still_read_as_before():
    assert "did you mean 'for each" in parse_error("proc p() { each c in aside { } }").message


@pytest.mark.parametrize("written, hint", [
    ("size_of = len(hand)", "write 'size(hand)'"),
    ("size_of = sum(hand)", "write 'total(x in hand, ...)'"),
    ("order = reversed(players)", "write 'reverse(players)'"),
    ("held = has(hand, first(hand))", "write 'contains(hand, first(hand))'"),
])
def test_a_builtin_called_by_another_languages_name_is_told_ours(written, hint):
    found = [d for d in analyse_text("kind card { cost: int; }\nzone hand per_player of card;\n"
                                     f"proc p() {{ let {written}; say \"{{{written.split()[0]}}}\"; }}").diagnostics
             if d.code != "W401"]
    assert [(d.code, d.hint) for d in found] == [("E207", hint)]
    assert found[0].span.column == 1 + len("proc p() { let ") + len(written.split(" = ")[0]) + len(" = ")


def test_a_pack_func_of_such_a_name_is_called_as_declared():
    assert [d.code for d in analyse_text("counter vp;\nfunc len(): int = 3;\nproc p() { gain len() vp; }").diagnostics
            if d.code != "W401"] == []


def test_a_proc_declared_twice_is_one_e208_and_no_e302_at_calls_meaning_the_second():
    text = ("counter vp;\nproc score_it() { gain 1 vp; }\nproc score_it(n: int) { gain n vp; }\n"
            "proc p() { score_it(3); }\n")
    assert [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.code != "W401"] == [("E208", 3)]
    # declared once, a call with the wrong count is still E302
    once = "counter vp;\nproc score_it() { gain 1 vp; }\nproc p() { score_it(3); }\n"
    assert [d.code for d in analyse_text(once).diagnostics if d.code != "W401"] == ["E302"]


def test_moving_the_first_card_of_an_empty_zone_says_it_was_none_and_how_to_test_on_both_backends():
    from rulebook.runtime.engine import RulesRuntimeError

    text = "kind card { value: int; }\nzone hand per_player of card;\nzone discards of card;\n" \
           "proc p() { move first(hand) to discards; }\n"
    for program in both_built(text):
        game = Game(program, 2, 1)
        with pytest.raises(RulesRuntimeError) as err:
            drive(game, program.procs["p"](game, game.state.players[0]))
        assert err.value.code == "E601" and "cannot move none: no card was there to move" in str(err.value)
        assert "'size(ZONE) > 0'" in str(err.value)
