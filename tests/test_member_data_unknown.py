"""An enum member's data read of a value whose type the checker does not know (language.md 3.4, "Data on
members"): `total(c in z, c.value.points)` with `z` a `zone` parameter. A name only one enum's members hold is
read from that enum's table on both backends (it stopped play before, compiled and interpreted alike); a name
the members of several enums hold is W656, with the hint to type the value (branch trial34, Gin Rummy's card
points)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import found_at, rules_programs, run_proc

# Gin Rummy: the deadwood of any zone of cards, each card's points read from its rank's data
PACK = """
enum rank_of_card { points: int; ace "Ace" (points = 1), seven "7" (points = 7), king "King" (points = 10) }
kind card { value: rank_of_card; }
card playing_card "{r.title}" for each r in rank_of_card { value = r; }
zone hand per_player of card hidden;
counter deadwood;
func points_in(z: zone): int = total(c in z, c.value.points);
proc count_hand() { gain points_in(hand) deadwood; }
"""

program = rules_programs(PACK)


def test_the_data_of_one_enum_is_read_of_an_item_of_a_zone_parameter(program):
    game = Game(program(), 2, 1)
    you = game.state.players[0]
    for name in ("playing_card_ace", "playing_card_king", "playing_card_seven"):
        game.move(game.program.entities[name], game.zone(you, "hand"))
    run_proc(game, "count_hand")
    assert you.stock["deadwood"] == 18


def test_it_lints_clean_and_a_field_of_several_enums_is_w656():
    # the parameter is a plain `zone` on purpose (the value's type unknown): W651 hints to type it `zone of card`
    assert found_at(PACK) == [("W651", 7, 16)]
    text = PACK + "enum suit { points: int; hearts (points = 2) }\n"
    assert [f for f in found_at(text) if f[0] == "W656"] == [("W656", 7, 54)]
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W656"]
    assert "rank_of_card and suit" in d.message and "list of card" in d.hint
