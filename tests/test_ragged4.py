"""Grids, ragged3's left items (docs/language.md 3.9 "The element a card lies in" and 3.3 "Rows of different
lengths"): `index ... of ITEM in HOLDER.GRID` reads one holder's zones alone (none when the card lies in another's),
an index of cards or of players gives the card or the player, and a computed row of an enum's row (`row n of spare`
of `spare[1..2, gear]`) is checked as a numeric row is (E670/W653 at check time, E601 in play, both backends)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import printed_back, rules_programs, run_proc

# Each player's three tiers of tech cards (Tapestry's rows), a shared tableau of each player's played cards (Race
# for the Galaxy's, kept in one zone per seat) and a display of cards kept by the card they were taken for.
CARDS = """
kind card { coins: int; }
card tavern "Tavern" * 6 { coins = 4; }
card altar "Altar" * 6 { coins = 3; }
zone deck of card;
zone techs[1..3] "Tech cards" per_player of card;
zone tableau[player] "Tableau" of card;
zone kept[card] "Kept" of card;
counter vp;
func my_tier(p: player, c: card): int = index of c in p.techs;
func owner_of(c: card): player = index of c in tableau;
func kept_for(c: card): card = index of c in kept;
proc deal() {
  fill deck with card;
  draw 1 from deck to techs[3];
  draw 1 from deck to left.techs[2];
}
"""

program = rules_programs(CARDS)


@pytest.fixture
def dealt(program):
    def made(more: str = "") -> Game:
        game = Game(program(more), 2, 1)
        run_proc(game, "deal")
        return game
    return made


def test_a_holders_zone_reads_that_players_tier_and_none_for_anothers_card(dealt):
    game = dealt("""
    proc p() {
      let mine = first(techs[3]);
      let theirs = first(left.techs[2]);
      if index of mine in you.techs == 3 { gain 1 vp; }
      if index of theirs in you.techs == none { gain 10 vp; }
      if index of theirs in left.techs == 2 { gain 100 vp; }
      if index of theirs in techs == 2 { gain 1000 vp; }   # whoever's: the tier it lies in
      if index of first(deck) in you.techs == none { gain 10000 vp; }
    }
    """)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 11111
    first, second = game.state.players
    mine, theirs = game.zone(first, "techs[3]").items[0], game.zone(second, "techs[2]").items[0]
    tier = game.program.funcs["my_tier"]
    assert (tier(game, first, second, theirs), tier(game, first, first, theirs), tier(game, first, first, mine)) == \
        (2, None, 3)


def test_an_index_of_players_gives_the_player_and_of_cards_the_card(dealt):
    game = dealt("""
    proc p() {
      move first(deck) to tableau[left];
      let c = first(tableau[left]);
      if index of c in tableau == left { gain 1 vp; }
      gain 10 * size(owner_of(c).techs[2]) vp;   # the player given back holds zones: left's tier 2 holds one
      move first(deck) to kept[altar];
      let k = first(kept[altar]);
      if index of k in kept is altar { gain 100 vp; }
      gain 1000 * kept_for(k).coins vp;   # the declared card's fields
      if owner_of(k) == none and index of c in kept == none { gain 10000 vp; }
    }
    """)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 1 + 10 + 100 + 3000 + 10000


def test_the_holders_zone_is_printed_back_read_aloud_and_typed():
    text = CARDS + "func up(p: player, c: card): bool = index of c in p.techs != none;\n"
    _module, printed = printed_back(text + "proc q(c: card) { gain index of c in you.techs vp; }\n")
    assert "func my_tier(p: player, c: card): int = index of c in p.techs;" in printed
    assert "gain index of c in you.techs vp;" in printed
    result = analyse_text(text)
    assert [d.code for d in result.diagnostics if d.code != "W401"] == []
    assert reading(result.symbols.decls["my_tier"], result.symbols) == [
        "Equals the index of the place of Tech cards of p that c lies in (none when in none of them)."]
    found = analyse_text(CARDS + "func bad(c: card): int = index of c in tableau;\n").diagnostics
    assert "E303" in [d.code for d in found]   # a player is no number


@pytest.mark.parametrize("body, at, message", [
    ("gain index of first(deck) in you.kept vp;", "you.kept", "kept is shared"),
    ("gain index of first(deck) in first(deck).techs vp;", "first(deck).techs", "is a card, and only a player"),
    ("gain index of first(deck) in techs[2] vp;", "techs[2]", "the grid is a zone's name ('techs') or a holder's zone"),
])
def test_a_holders_zone_misread_is_e678_at_it(body, at, message):
    line = f"proc q() {{ {body} }}"
    found = [d for d in analyse_text(CARDS + line).diagnostics if d.code != "W401"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E678", CARDS.count("\n") + 1, line.index(at) + 1)]
    assert message in found[0].message


# ---------------------------------------------------------------- a computed row of an enum's row

# Tzolk'in's spare workers (simplified): two rows of a wheel's gears each
GEARS = """
enum gear { palenque "Palenque", yaxchilan "Yaxchilan", tikal "Tikal" }
counter spare[1..2, gear] "Spare workers" from 0 to 9;
counter vp;
proc walk(n: int) { for each g in row n of spare { gain 1 vp; gain 1 spare[n, g]; } }
"""

gears = rules_programs(GEARS)


def test_an_enum_row_with_a_computed_key_is_walked_and_one_past_it_stops_play(gears):
    game = Game(gears(), 2, 1)
    run_proc(game, "walk", 2)
    assert game.state.players[0].stock["vp"] == 3
    with pytest.raises(RulesRuntimeError, match=r"E601.*row n of spare: spare has no row 3 \(its rows are 1, 2\)"):
        run_proc(game, "walk", 3)   # said before a member is walked


@pytest.mark.parametrize("body, code, at, message", [
    ("for each n in 3..4 { for each g in row n of spare { } }", "E670", "n of",
     "past the grid for every n of its loop (n runs 3..4"),
    ("for each n in 1..3 { for each g in row n of spare { } }", "W653", "n of",
     "past the grid for some n of its loop (n runs 1..3"),
    ("for each q in players { for each g in row q of spare { } }", "E670", "q of",
     "is read there with a number, and q is a player"),
    ("for each n in 1..2 { for each g in row n of spare { gain 1 spare[n, g]; } }", None, None, ""),
])
def test_an_enum_row_misread_is_said_at_its_key(body, code, at, message):
    head = "proc probe() { "
    found = [d for d in analyse_text(GEARS + head + body + " }").diagnostics if d.code not in ("W401", "W610")]
    if code is None:
        assert found == []
        return
    assert [(d.code, d.span.line, d.span.column) for d in found] == [
        (code, GEARS.count("\n") + 1, len(head) + body.index(at) + 1)]
    assert message in found[0].message


def test_a_parameter_is_no_earlier_loops_variable():
    # a parameter read as a row's key was taken for an earlier proc's loop variable whose entry's id it reused
    text = GEARS + "proc d() { for each n in 1..3 { gain 1 vp; } }\nproc f(n: int) { for each g in row n of spare { } }\n"
    assert [d.code for d in analyse_text(text).diagnostics if d.code not in ("W401", "W610")] == []


def test_an_enum_row_reads_its_key_and_is_read_aloud():
    result = analyse_text(GEARS)
    assert [d.code for d in result.diagnostics if d.code not in ("W401", "W610")] == []   # (no W588: n is read)
    assert "row n of spare" in " ".join(reading(result.symbols.decls["walk"], result.symbols))
