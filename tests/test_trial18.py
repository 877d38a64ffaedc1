"""The toolchain fixes of trial18 (a designer writing Cluedo, Colt Express and El Grande): `rank ... ties
lower` (tied players take the prize of the place below), W421 quiet for a secret zone whose cards show a
field, and a `shown` field that holds none left off the screens."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game
from rulebook.runtime.view import fields_words

from .conftest import both_built, run_proc

CITY = """
counter vp;
counter knights;
proc score_city() {
  rank players where knights > 0 by knights award [5, 3, 1] vp ties lower;
}
"""


@pytest.mark.parametrize("knights, expected", [
    ([4, 4, 2, 1], [3, 3, 1, 0]),    # two tied for most: the second prize each; the next takes the third
    ([4, 2, 2, 1], [5, 1, 1, 0]),    # two tied second: the third prize each; nothing after them
    ([3, 3, 3, 1], [3, 3, 3, 0]),    # three tied for most: the prize of the place below theirs
    ([3, 2, 1, 1], [5, 3, 0, 0]),    # tied for the last place paid: nothing
    ([4, 3, 2, 1], [5, 3, 1, 0]),    # no tie: as any rank
], ids=["tie-first", "tie-second", "three-tied", "tie-last", "no-tie"])
def test_ties_lower_gives_tied_players_the_prize_of_the_place_below(knights, expected):
    for program in both_built(CITY):
        game = Game(program, 4, 1)
        for player, n in zip(game.state.players, knights):
            player.stock["knights"] = n
        run_proc(game, "score_city")
        assert [p.stock["vp"] for p in game.state.players] == expected


def test_ties_lower_prints_back_and_reads_in_words():
    module = parse_text(CITY, "a.rules")
    assert "ties lower;" in format_module(module) and parse_text(format_module(module), "a.rules") == module
    analysed = analyse_text(CITY)
    assert not analysed.diagnostics
    words = " ".join(explain(analysed.symbols.decls["score_city"], analysed.symbols))
    assert "every tied player gets the prize of the place below the one they tie for" in words


def test_a_tie_mode_misspelt_suggests_lower():
    (d,) = analyse_text(CITY.replace("ties lower", "ties lowr")).diagnostics
    assert d.code == "E308" and "'lower'" in d.message and d.hint == "did you mean 'lower'?"


LOOT = """
enum sort {{ purse_sort "Purse", jewel_sort "Jewel" }}
kind loot {{ {shown}sort: sort; value: int; }}
loot purse "Purse" {{ sort = purse_sort; value = 250; }}
loot jewel "Jewel" {{ sort = jewel_sort; value = 500; }}
zone floor of loot secret;
zone bag per_player of loot hidden;
proc rob() {{ pick l from floor "take which loot?" {{ move l to bag; }} }}
"""


def test_w421_is_quiet_for_a_secret_zone_whose_cards_show_a_field():
    """Colt Express: the loot on the train lies face down, but a purse shows it is a purse: the robber picks by
    what the backs show, which W421's own entry in the codes table counts as telling the cards apart."""
    assert [d.code for d in analyse_text(LOOT.format(shown="")).diagnostics] == ["W421"]
    assert [d.code for d in analyse_text(LOOT.format(shown="shown ")).diagnostics] == []


def test_a_shown_field_that_holds_none_is_left_off_the_screen():
    """Colt Express: an action card shows who played it; one nobody has played yet shows nothing."""
    assert fields_words({"by": None, "sort": "purse"}, str) == "sort purse"
    assert fields_words({"by": None}, str) == ""
