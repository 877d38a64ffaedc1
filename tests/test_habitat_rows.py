"""Indexed zones as a player mat of rows (Wingspan's habitats): zones joined with `+` and taken from
with `-` as lists (as slices are), on both backends, without follow-on findings where arithmetic is
wrong; a card's reaction, `anytime` slot or override used from an element of an indexed zone
(`in row[wetland]`) or from the indexed zone alone (`in row`: any of its zones); E391, E383; fmt and
explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, random_games_agree, run_answering

PACK = """
counter vp;
counter food;
enum habitat { forest, grassland, wetland }
event laid_eggs();
kind bird { eggs: int = 0; }
zone row[habitat] per_player of bird;
zone hand per_player of bird;
zone supply of bird;
bird avocet "American Avocet" {
  whenever anyone laid_eggs in row[wetland] { gain 1 vp; }
}
bird heron "Great Blue Heron" {
  whenever anyone laid_eggs in row once per laid_eggs { gain 10 vp; }
}
bird jay "Blue Jay" {
  anytime in row[forest], hand { gain 100 vp; move this to supply; }
  override func food_gain() in row = base() + 1;
}
func food_gain() = 1;
proc fill_supply() { fill supply with bird; }
proc play_in(b: bird, h: habitat) { move b to row[h]; }
proc hold(b: bird) { move b to hand; }
proc lay() { emit laid_eggs(); }
proc forage() { gain food_gain() food; }
proc lay_on_all_birds() { for each b in row[forest] + row[wetland] { set b.eggs = b.eggs + 1; } }
proc birds_out_of_the_forest(): int { return size(row[grassland] + row[wetland] + hand - row[forest]); }
proc open_window() { window; }
"""

GAME = """
game g {
  seats 2 to 4;
  phase setup { fill_supply(); }
  phase play {
    repeat 4 {
      each players {
        pick b from supply "play which bird?" optional {
          choose "in which habitat?" {
            option "forest" { play_in(b, forest); }
            option "wetland" { play_in(b, wetland); }
            option "hand" { hold(b); }
          }
        }
        lay();
        forage();
        lay_on_all_birds();
        open_window();
      }
    }
  }
  winner most vp;
}
"""

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


def new_game(interpreted: bool) -> Game:
    g = Game(build_text(PACK, interpreted=interpreted, name="t.rules"), 2, 1)
    run(g, "fill_supply")
    return g


def run(g: Game, proc: str, *args, player: int = 0, answer=lambda d: 0) -> list:
    return [d.prompt for d in run_answering(g.program.procs[proc](g, g.state.players[player], *args), answer)]


def card(g: Game, name: str):
    return g.program.entities[name]


def member(g: Game, name: str):
    return name   # an enum member is its name at run time


@backends
def test_zones_join_and_take_as_lists(interpreted):
    g = new_game(interpreted)
    run(g, "play_in", card(g, "avocet"), member(g, "wetland"))
    run(g, "play_in", card(g, "jay"), member(g, "forest"))
    run(g, "hold", card(g, "heron"))
    run(g, "lay_on_all_birds")
    assert [g.field(card(g, n), "eggs") for n in ("avocet", "jay", "heron")] == [1, 1, 0]
    gen = g.program.procs["birds_out_of_the_forest"](g, g.state.players[0])
    try:
        while True:
            next(gen)
    except StopIteration as done:
        assert done.value == 2   # the avocet in the wetland and the heron in hand


@backends
def test_a_reaction_from_one_row_and_one_from_any_row(interpreted):
    g = new_game(interpreted)
    run(g, "lay")
    assert g.state.players[0].stock["vp"] == 0
    run(g, "play_in", card(g, "avocet"), member(g, "forest"))
    run(g, "play_in", card(g, "heron"), member(g, "grassland"))
    run(g, "lay", player=1)
    assert g.state.players[0].stock["vp"] == 10        # the avocet is not in the wetland; the heron is in a row
    run(g, "play_in", card(g, "avocet"), member(g, "wetland"))
    run(g, "play_in", card(g, "heron"), member(g, "wetland"))
    run(g, "lay", player=1, answer=lambda d: 0)        # both fire: their holder orders them
    assert g.state.players[0].stock["vp"] == 21
    run(g, "hold", card(g, "heron"))
    run(g, "lay", player=1)
    assert g.state.players[0].stock["vp"] == 22        # in hand: the heron no longer answers


@backends
def test_an_anytime_slot_and_an_override_from_rows(interpreted):
    g = new_game(interpreted)
    run(g, "forage")
    assert run(g, "open_window") == []                 # the jay is in the supply: nobody is asked
    run(g, "play_in", card(g, "jay"), member(g, "grassland"))
    run(g, "forage")                                   # in any row: its holder's forage gives 1 more
    assert g.state.players[0].stock["food"] == 3
    assert run(g, "open_window") == []                 # not offered from the grassland
    run(g, "play_in", card(g, "jay"), member(g, "forest"))
    asked = run_answering(g.program.procs["open_window"](g, g.state.players[0]), lambda d: 0)
    assert asked[0].options == ["Blue Jay (from row[forest])", "pass"]   # two zones: each option says where
    assert g.state.players[0].stock["vp"] == 100 and g.state.where["jay"][1] == "supply"


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK + GAME, seeds=range(1, 4), counts=(2, 3))


@pytest.mark.parametrize("text, expected", [
    # zones joined: no arithmetic finding, no "a number has no field" after it
    ("zone board per_player of bird;\nproc p() { for each b in board + hand { set b.eggs = 1; } }", []),
    ("kind coin { }\nzone purse per_player of coin;\nproc p() { for each b in hand + purse { } }", [("E342", 31, 33)]),
    ("proc p() { for each b in hand * hand { set b.eggs = 1; } }", [("E303", 29, 26), ("E303", 29, 33)]),
    ("proc p() { gain hand - 1 vp; }", [("E303", 29, 17)]),
])
def test_joining_zones_is_checked_as_lists(text, expected):
    found = [f for f in found_at(PACK + text) if f[0][0] == "E"]
    assert found == expected, found


@pytest.mark.parametrize("places, code, column, words", [
    ("row[swamp]", "E391", 45, "must be a member of habitat"),
    ("row[1]", "E391", 45, "must be a member of habitat"),
    ("row[forest, wetland]", "E391", 45, "zone 'row' has 1 index (habitat); 2 are written here"),
    ("hand[forest]", "E391", 41, "zone 'hand' is not indexed"),
    ("row, row[forest]", "E383", 46, "zone 'row[forest]' is one of 'row''s"),
    ("row[forest], row[forest]", "E383", 54, "written twice"),
    ("rows", "E330", 41, "did you mean"),
])
def test_misnamed_rows_are_positioned(places, code, column, words):
    text = PACK + f"bird owl {{ whenever anyone laid_eggs in {places} {{ gain 1 vp; }} }}\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [(code, 29, column)], \
        [d.headline() for d in errors]
    assert words in errors[0].message + (errors[0].hint or "")


def test_a_grid_of_zones_is_named_by_both_indexes():
    text = PACK + ("zone mat[1..2, habitat] per_player of bird;\n"
                   "bird owl { whenever anyone laid_eggs in mat[2, wetland] { gain 1 vp; } }\n"
                   "bird kite { whenever anyone laid_eggs in mat[3, wetland] { gain 1 vp; } }\n")
    errors = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert errors == [("E391", 31, 46)]
    g = Game(build_text(text.replace("bird kite", "bird kite_ok").replace("mat[3, wetland]", "mat"), name="t.rules"), 2, 1)
    owl = g.program.entities["owl"]
    run_answering(g.program.procs["play_in"](g, g.state.players[0], owl, "wetland"), lambda d: 0)
    assert "whenever laid_eggs in mat[2,wetland]" in owl.effects


def test_printed_back_and_read_in_words():
    _module, printed = printed_back(PACK + "zone mat[1..2, habitat] per_player of bird;\n"
                                    "bird owl { whenever anyone laid_eggs in mat[2, wetland] { gain 1 vp; } }\n")
    assert "whenever anyone laid_eggs in row[wetland] {" in printed and "in mat[2, wetland] {" in printed
    assert "anytime in row[forest], hand {" in printed and "override func food_gain() in row = " in printed
    analysis = analyse_text(PACK)
    words = lambda name: " ".join(reading(analysis.symbols.decls[name], analysis.symbols))   # noqa: E731
    assert "while this is in your row (wetland) (each player" in words("avocet")
    assert "while this is in any of your rows (each player" in words("heron")
    assert "while this is in your row (forest) or hand, you may play it" in words("jay")
