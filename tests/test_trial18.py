"""The toolchain fixes of trial18 (a designer writing Cluedo, Colt Express and El Grande): `rank ... ties
lower` (tied players take the prize of the place below), W421 quiet for a secret zone whose cards show a
field, a `shown` field that holds none left off the screens, and W584 (an `each` over every seat in a game
that knocks players out for good passes over the players out all the same)."""

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


HUNTER = """
counter hunter "Hunter" from 0 to 1;
proc night_kill(p: player) { each p: eliminate; }
proc last_shot() {
  each all_players where hunter == 1 {
    pick q from players "shoot whom?" { eliminate q; }
  }
}
"""
SHOT = """each all_players where hunter == 1 {
    pick q from players "shoot whom?" { eliminate q; }
  }"""


def test_w584_each_over_every_seat_in_a_game_that_knocks_out_for_good():
    """Werewolf: the Hunter killed in the night is meant to shoot at once; knocked out, they never act."""
    (d,) = analyse_text(HUNTER).diagnostics
    assert d.code == "W584" and "'all_players' names every seat" in d.message and d.hint.startswith("to read or")
    assert (d.span.line, d.span.column) == (5, 8)
    first_may = HUNTER.replace(SHOT, 'first q in all_players where q.hunter == 1 may "shoot?" { eliminate q; }')
    assert [d.code for d in analyse_text(first_may).diagnostics] == ["W584"]


def test_w584_is_quiet_when_the_game_brings_players_back_or_only_reads_the_seats():
    """Love Letter restores everyone each round: 'each all_players' then acts for every seat."""
    restored = HUNTER.replace("proc last_shot() {", "proc last_shot() {\n  restore all_players;")
    assert analyse_text(restored).diagnostics == []
    read_only = HUNTER.replace(SHOT, "for each p in all_players where p.hunter == 1 { eliminate p; }")
    assert analyse_text(read_only).diagnostics == []
    never_out = HUNTER.replace("each p: eliminate;", "each p: gain 1 hunter;").replace("{ eliminate q; }", "{ }")
    assert analyse_text(never_out).diagnostics == []
