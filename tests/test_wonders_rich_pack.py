"""A 7 Wonders house rule as a pack on the shipped game (tests/packs/wonders_rich): every player starts
with 5 coins, and a discarded card gives 4 coins; the rest is the base game's."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse, compile_pack
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import played_with_and_against, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "wonders_rich"


def test_the_house_rule_lints_clean_in_canonical_form_and_reports_what_it_changes():
    result = analyse(str(PACK))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW"] == []
    assert sorted(d.code for d in result.diagnostics if str(d.span.file).endswith("house.rules")) == ["I404"] * 3
    text = (PACK / "house.rules").read_text()
    assert format_text(text) == text


def coins_after_discarding_the_first_card(pack: str) -> tuple[list[int], list[int]]:
    """Every player's coins once the setup is done, and after each discards their first card of age I."""
    g = Game(compile_pack(pack).program, 3, 1)
    d = g.start()
    while not d.prompt.startswith("choose a card to play"):
        d = g.apply(0)
    start = [p.stock["coin"] for p in g.state.players]
    while not d.prompt.startswith("build it"):
        d = g.apply(0)
    while d.prompt.startswith("build it"):
        d = g.apply(len(d.options) - 1)  # the discard is the last use offered
    return start, [p.stock["coin"] for p in g.state.players]


def test_players_start_with_five_coins_and_a_discard_gives_four():
    assert coins_after_discarding_the_first_card("seven_wonders") == ([3] * 3, [6] * 3)
    assert coins_after_discarding_the_first_card(str(PACK)) == ([5] * 3, [9] * 3)


def test_the_house_rule_plays_alike_on_both_backends():
    (game, result), _ = played_on_both_backends(PACK, 3, 2)
    assert result["over"]


def test_play_with_and_simulate_against_the_base():
    compared = played_with_and_against("seven_wonders", PACK, 3)
    assert "seven_wonders + wonders_rich minus seven_wonders" in compared
