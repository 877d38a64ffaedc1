"""trial19's toolchain fixes, found writing Terraforming Mars, Tigris & Euphrates and Memoir '44: a trigger on a
global counter's gain (it never fired, and linted clean) was E428, and is heard since globalevents; `pass ZONE to ...` in a phase is every
player's, no W417; four messages that misled a new designer now name what was meant."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, run_proc

OCEANS = """
resource plant;
counter oceans global from 0 to 9;
event ocean_placed();
proc place_ocean() { gain 1 oceans; emit ocean_placed(); }
"""


def codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.severity != "info"]


@pytest.mark.parametrize("pattern", ["gain(res = oceans)", "gain(oceans)", "lose(res = oceans)", "pay(res = oceans)"])
def test_a_trigger_on_a_global_counters_change_lints_clean(pattern):
    """E428 there until globalevents: a global counter's gain, loss and payment are announced now."""
    text = OCEANS + f"proc algae() {{ whenever anyone {pattern} {{ gain 2 plant; }} }}\n"
    assert "E428" not in [c for c, _ in codes(text)]


def test_a_trigger_on_a_player_counter_and_a_modifier_on_a_global_one_are_no_e428():
    text = OCEANS + """counter tr;
proc rules() {
  whenever anyone gain(res = tr) { gain 1 plant; }
  modifier you gain(res = oceans) { gain +1; }
}
proc terraform() { gain 1 tr; gain 1 oceans for gain(oceans); }
"""
    assert "E428" not in [c for c, _ in codes(text)]


def test_the_event_the_hint_names_fires_where_the_counters_gain_would_not():
    text = OCEANS + """proc algae() { whenever anyone ocean_placed { gain 2 plant; } }
game g { seats 2; phase setup { each players: algae(); } phase play { place_ocean(); } winner most plant; }
"""
    for program in both_built(text):
        game = Game(program, 2, 1)
        for p in range(2):
            run_proc(game, "algae", player=p)
        run_proc(game, "place_ocean", player=1)
        assert [p.stock.get("plant", 0) for p in game.state.players] == [2, 2]


DRAFT = """
kind card { }
card c "C" * 8 { }
zone deck of card;
zone drawn per_player of card;
counter vp;
game g { seats 2 to 4; phase setup { fill deck with card; each players: draw 2 from deck to drawn; }
  phase play { PLAY } winner most vp; }
"""


def test_pass_in_a_phase_is_every_players_and_no_w417():
    assert codes(DRAFT.replace("PLAY", "pass drawn to left;")) == []


def test_a_per_player_zone_moved_in_a_phase_is_still_w417():
    assert [c for c, _ in codes(DRAFT.replace("PLAY", "move all of drawn to deck;"))] == ["W417"]


@pytest.mark.parametrize("text,words", [
    ("func f(a: int): int = a + if a > 1 then 1 else 0;", "goes in parentheses"),
    ("kind k { n: int; }\nfunc f(): bool = any(x in k where x.n > 1);", "'some(...)'"),
    ("enum e { a, b }\nfunc f(x: e): int = match x { a => 1, b => 2 };", "'VALUE: RESULT'"),
    ("kind k { n: int; func ok: bool = false; }\nk one \"One\" { n = 1; func ok = true; }", "'ok = EXPR;'"),
])
def test_a_value_written_as_another_language_writes_it_is_told_so(text, words):
    (d,) = analyse_text(text).diagnostics
    assert d.code == "E100" and words in d.message


def test_an_if_value_in_parentheses_and_a_plain_match_still_parse():
    assert codes("enum e { a, b }\nfunc f(x: e, n: int): int = n + (if n > 1 then 1 else 0) + match x { a: 1, else: 2 };") == []


def test_a_lone_files_top_level_trigger_is_checked_without_a_game():
    text = "resource plant;\ncounter oceans global;\nwhenever you gain(res = oceans) { gain 1 bogus; }\n"
    assert sorted(c for c in codes(text) if c[0].startswith("E")) == [("E202", 3)]
    assert [c for c, _ in codes("resource plant;\nwhenever you gain(res = plant) { gain 1 plant; }\n")] == ["W403"]


def test_the_resource_of_a_using_line_is_indexed_for_the_editor():
    """`cost mc using steel at 2;` in a modifier: the editor found steel and lost mc (its made-up amount spanned
    the line), so a rename of the resource left it behind (test_lsp's check over Terraforming Mars' pack)."""
    from rulebook.compiler.workspace import file_occurrences
    from rulebook.dsl.parser import parse_text

    text = "resource mc;\nresource steel;\nevent buy();\nproc p() { modifier you buy { cost mc using steel at 2; } }\n"
    found = [(o.name, o.span.column) for o in file_occurrences(parse_text(text, "u"), text) if o.span.line == 4]
    assert ("mc", 36) in found and ("steel", 45) in found
