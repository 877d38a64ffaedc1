"""Indexed displays: `zone row[level] of card show 4 from deck[level];` (Splendor's three rows of four
development cards, each refilled from its own level's deck) and `zone river[1..3] of tile show 1 from
bag;` (one pile feeding every element): `fill row;` lays out each element, `fill row[two];` one, the
top-up and the redeal per element, both backends, the misuse codes (E490, E528, W513, W522), fmt,
explain and the saved state."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import explained, found_at, played, printed_back, random_games_agree, rules_programs, run_proc

# Splendor (Space Cowboys), cut down: gems of three colours (not five), no gold and no reserve; the
# nobles visit a player whose cards give the bonuses they ask for. A card is bought by paying its cost
# less the bonuses of the cards bought before; it is replaced at once from the deck of its level.
SPLENDOR = """
resource ruby "Ruby";
resource emerald "Emerald";
resource onyx "Onyx";
counter prestige "Prestige";
enum gem { red "Red", green "Green", black "Black" }
enum level { one "Level 1", two "Level 2", three "Level 3" }
kind card { level: level; bonus: gem; price: int; points: int = 0; }
kind noble { wants: int; }
card mine_red "Ruby mine" * 6 { level = one; bonus = red; price = 1; }
card mine_green "Emerald mine" * 6 { level = one; bonus = green; price = 1; }
card mine_black "Onyx mine" * 6 { level = one; bonus = black; price = 1; }
card caravan "Caravan" * 5 { level = two; bonus = green; price = 3; points = 1; }
card ship "Ship" * 5 { level = two; bonus = red; price = 3; points = 2; }
card palace "Palace" * 4 { level = three; bonus = black; price = 5; points = 4; }
noble queen "Queen" * 3 { wants = 3; }
zone deck[level] "Deck" of card secret;
zone row[level] "Cards" of card show 4 from deck[level];
zone noble_deck of noble secret;
zone nobles "Nobles" of noble;
zone tableau per_player of card;
zone visitors per_player of noble;

func bonus_of(g: gem): int = count(c in tableau where c.bonus == g);
func due(c: card): int = max(0, c.price - bonus_of(c.bonus));
func gems(g: gem): int = match g { red: ruby, green: emerald, black: onyx };

proc pay_for(c: card) {
  let left = due(c);
  match c.bonus {
    red { lose min(left, ruby) ruby; }
    green { lose min(left, emerald) emerald; }
    black { lose min(left, onyx) onyx; }
  }
}

proc buy(c: card) {
  pay_for(c);
  move c to tableau;
  gain c.points prestige;
  pick n from nobles where size(tableau) >= n.wants "which noble visits?" {
    move n to visitors;
    gain 3 prestige;
  }
}

proc take_turn() {
  choose "your turn" {
    option "take gems" {
      gain 1 ruby; gain 1 emerald; gain 1 onyx;
    }
    option "buy a card" {
      pick c from row[one] + row[two] + row[three] where gems(c.bonus) >= due(c) "buy which card?" { buy(c); }
    }
  }
}

game splendor "Splendor" {
  seats 2 to 4;
  phase setup {
    for each l in level {
      fill deck[l] with card where it.level == l;
      shuffle deck[l];
    }
    fill noble_deck with noble;
    shuffle noble_deck;
    draw 2 from noble_deck to nobles;
    fill row;
  }
  phase play {
    repeat 8 { each players: take_turn(); }
  }
  winner most prestige;
}
"""

# The cards without the game, the decks filled in declaration order (no shuffle).
CARDS = SPLENDOR.split("game splendor")[0] + """
proc stack() {
  for each l in level { fill deck[l] with card where it.level == l; }
}
proc lay_out() { fill row; }
proc lay_out_one(l: level) { fill row[l]; }
proc buy_one(l: level) { move first(row[l]) to tableau; }
proc empty_deck(l: level) { move all of deck[l] to visitors; }
"""

program = rules_programs(CARDS)


def titles(g: Game, zone: str) -> list[str]:
    return [e.title for e in g.zone(None, zone).items]


def test_the_pack_lints_clean():
    assert [d.headline() for d in analyse_text(SPLENDOR).diagnostics] == []


def test_fill_row_lays_out_each_level_from_its_own_deck(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack")
    assert g.state.shown == [] and titles(g, "row[one]") == []
    run_proc(g, "lay_out")
    assert g.state.shown == ["row[one]", "row[two]", "row[three]"]   # index order
    assert titles(g, "row[one]") == ["Ruby mine"] * 4
    assert titles(g, "row[two]") == ["Caravan"] * 4
    assert titles(g, "row[three]") == ["Palace"] * 4
    assert [len(g.zone(None, f"deck[{l}]").items) for l in ("one", "two", "three")] == [14, 6, 0]


def test_after_buying_a_level_2_card_the_row_has_4_again_from_deck_2(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack")
    run_proc(g, "lay_out")
    deck2 = g.zone(None, "deck[two]").items
    top = deck2[0]
    run_proc(g, "buy_one", "two")
    row2 = g.zone(None, "row[two]").items
    assert len(row2) == 4 and row2[-1] is top   # the top of deck[two] took the gap
    assert len(deck2) == 5 and titles(g, "row[one]") == ["Ruby mine"] * 4   # the other rows untouched
    assert len(g.zone(None, "deck[one]").items) == 14
    assert [e.title for e in g.state.players[0].zones["tableau"]] == ["Caravan"]


def test_when_deck_2_is_empty_the_row_stays_at_3(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack")
    run_proc(g, "lay_out")
    run_proc(g, "empty_deck", "two")
    assert g.zone(None, "deck[two]").items == []
    run_proc(g, "buy_one", "two")
    assert len(g.zone(None, "row[two]").items) == 3
    run_proc(g, "buy_one", "two")   # and it stays short after the next take too
    assert len(g.zone(None, "row[two]").items) == 2 and len(g.zone(None, "row[one]").items) == 4


def test_fill_of_one_element_lays_out_that_one_only(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack")
    run_proc(g, "lay_out_one", "two")
    assert g.state.shown == ["row[two]"] and titles(g, "row[one]") == [] and len(titles(g, "row[two]")) == 4
    run_proc(g, "lay_out_one", "one")
    assert g.state.shown == ["row[one]", "row[two]"]   # kept in index order
    run_proc(g, "buy_one", "one")
    assert len(titles(g, "row[one]")) == 4 and titles(g, "row[three]") == []   # row[three] is not laid out


def test_random_games_agree_on_both_backends():
    random_games_agree(SPLENDOR, seeds=range(1, 5), counts=(2, 4))


def test_rows_stay_full_through_a_game_until_their_deck_runs_out():
    prog = build_text(SPLENDOR)
    for seed in range(1, 6):
        g = played(prog, seed, 3)
        for l in ("one", "two", "three"):
            deck, row = (len(g.zone(None, f"{z}[{l}]").items) for z in ("deck", "row"))
            assert row == 4 or deck == 0, (seed, l, row, deck)


def test_the_saved_state_keeps_the_elements_laid_out():
    prog = build_text(SPLENDOR)
    g = played(prog, 3, 2)
    data = g.state.to_json()
    assert data["shown"] == ["row[one]", "row[two]", "row[three]"]
    assert State.from_json(data, prog.entities).shown == data["shown"]
    check_saved(data, prog)
    with pytest.raises(StateError, match="no display"):
        check_saved(dict(data, shown=["row"]), prog)   # the elements are saved, not the family


def test_the_view_shows_each_row_by_its_title():
    g = played(build_text(SPLENDOR), 2, 2)
    view = g.view(0)
    assert {k: view["labels"][k] for k in view["labels"] if k.startswith("row[")} == \
        {"row[one]": "Cards Level 1", "row[two]": "Cards Level 2", "row[three]": "Cards Level 3"}
    assert all(view["zones"][f"row[{l}]"]["size"] == len(g.zone(None, f"row[{l}]").items) for l in ("one", "two", "three"))


# Cascadia (Flatout Games): four habitat tiles face up, each slot refilled from the one stack of tiles
# when its tile is taken; the wildlife tokens beside them, from the bag. A slot whose token is the
# fourth of its animal among the four would be overpopulated: its token goes back to the pool
# (for illustration: the printed rule redraws all four).
CASCADIA = """
enum animal { bear "Bear", elk "Elk", salmon "Salmon", hawk "Hawk" }
kind tile { }
kind token { animal: animal; }
tile forest "Forest" * 10 { }
token bear_token "Bear" * 5 { animal = bear; }
token elk_token "Elk" * 2 { animal = elk; }
token salmon_token "Salmon" * 5 { animal = salmon; }
zone stack of tile secret;
zone bag of token secret;
zone pool of token;
zone tiles[1..4] "Tile" of tile show 1 from stack;
zone tokens[1..4] "Token" of token show 1 from bag redeal to pool when some(t in tokens[1] where t.animal == elk);
zone habitat per_player of tile or token;
proc setup() {
  fill stack with tile;
  fill bag with token;
  fill tiles;
  fill tokens;
}
proc take(i: int) {
  move all of tiles[i] to habitat;
  move all of tokens[i] to habitat;
}
"""

cascadia = rules_programs(CASCADIA)


def test_one_pile_feeds_every_slot_and_a_take_refills_that_slot(cascadia):
    g = Game(cascadia(), 2, 1)
    run_proc(g, "setup")
    assert [len(titles(g, f"tiles[{i}]")) for i in range(1, 5)] == [1] * 4 and len(titles(g, "stack")) == 6
    # the bag is bears, elks, then salmon: every token slot shows a bear, and no redeal
    assert [titles(g, f"tokens[{i}]") for i in range(1, 5)] == [["Bear"]] * 4
    run_proc(g, "take", 2)
    assert len(titles(g, "stack")) == 5 and titles(g, "tiles[2]") == ["Forest"]
    assert titles(g, "tokens[2]") == ["Bear"] and len(titles(g, "bag")) == 7


def test_the_redeal_is_tested_per_element(cascadia):
    g = Game(cascadia(), 2, 1)
    run_proc(g, "setup")   # four bears laid out; the bag holds a bear, two elks, then the salmon
    run_proc(g, "take", 1)   # slot 1 refilled with the last bear
    assert titles(g, "tokens[1]") == ["Bear"] and titles(g, "pool") == []
    run_proc(g, "take", 3)   # slot 3 draws an elk; its condition reads slot 1 only: it keeps it
    assert titles(g, "tokens[3]") == ["Elk"] and titles(g, "pool") == []
    run_proc(g, "take", 1)   # slot 1 draws the other elk: redealt to the pool, then a salmon
    assert titles(g, "pool") == ["Elk"] and titles(g, "tokens[1]") == ["Salmon"]
    assert titles(g, "tokens[3]") == ["Elk"]   # the other slots are not redealt


# The redeal of an indexed display reads its element's index by the enum's name: Splendor as a house
# rule (for illustration): a level whose row shows three cards of one bonus is laid out again.
REDEAL = SPLENDOR.split("zone deck[level]")[0] + """
zone deck[level] of card secret;
zone returned[level] of card;
zone tableau per_player of card;
zone row[level] of card show 4 from deck[level]
    redeal to returned[level] when some(g in gem where count(c in row[level] where c.bonus == g) >= 3);
proc stack() {
  for each l in level { fill deck[l] with card where it.level == l; }
}
proc lay_out() { fill row; }
"""

redealt = rules_programs(REDEAL)


def test_an_indexed_redeal_reads_its_own_level(redealt):
    g = Game(redealt(), 2, 1)
    run_proc(g, "stack")   # level one: 6 ruby mines on top; level two: caravans; level three: palaces
    run_proc(g, "lay_out")
    # row[one] showed four ruby mines, then two rubies and two emeralds (fine); row[two] four caravans,
    # then a caravan and three ships, then two ships...: each level redealt to its own pile
    assert titles(g, "returned[one]") == ["Ruby mine"] * 4
    assert sorted(titles(g, "row[one]")) == ["Emerald mine"] * 2 + ["Ruby mine"] * 2
    assert set(titles(g, "returned[two]")) <= {"Caravan", "Ship"} and titles(g, "returned[two]")
    assert titles(g, "returned[three]") == []   # four palaces, with nothing else left: no progress
    assert titles(g, "row[three]") == ["Palace"] * 4


def test_redealt_random_games_agree():
    random_games_agree(REDEAL + "game house { seats 2 to 4; phase setup { stack(); for each l in level { shuffle deck[l]; } "
                       "lay_out(); } phase play { repeat 2 { each players: pick c from row[one] + row[two] "
                       "\"take?\" { move c to tableau; } } } winner most prestige; }\n", seeds=range(1, 4), counts=(2,))


# --- misuse -------------------------------------------------------------------------------------

BASE = """
enum level { one, two, three }
kind card { }
zone deck[level] of card;
zone discards[level] of card;
zone pile[1..3] of card;
zone bag of card;
zone discard of card;
zone hand per_player of card;
proc stock() { for each l in level { fill deck[l] with card; } fill pile[1] with card; fill bag with card; }
"""


def codes(more: str) -> list[tuple]:
    return [(c, line, col) for c, line, col in found_at(BASE + more)]


@pytest.mark.parametrize("zone, code, col", [
    ("zone row[level] of card show 4 from deck;", "E528", 37),   # say deck[level]
    ("zone row[level] of card show 4 from pile[1..3];", "E528", 37),   # indexed otherwise
    ("zone row[1..3] of card show 4 from deck[level];", "E528", 36),
    ("zone row of card show 4 from deck[level];", "E528", 30),   # one row from many decks
    ("zone row[level] of card show 4 from deck[1..3];", "E528", 37),   # written otherwise than declared
    ("zone row[level] of card show 4 from bag[level];", "E528", 37),   # bag is not indexed
    ("zone row[level] of card show 4 from deck[level] redeal to discards when true;", "E528", 59),
    ("zone row[level] of card show 4 from deck[level] redeal to deck[level] when true;", "E492", 59),
    ("zone row[level] per_player of card show 4 from deck[level];", "E490", 6),
    ("zone row[level] of card show 4 from hand;", "E491", 37),
])
def test_misuse(zone, code, col):
    found = codes(zone + "\nproc p() { fill row; }\n")
    assert [(c, line, at) for c, line, at in found if not c.startswith("W")] == [(code, 11, col)], found


def test_fitting_sources_are_accepted():
    for zone in ("zone row[level] of card show 4 from deck[level] redeal to discards[level] when size(row[level]) > 9;",
                 "zone row[level] of card show 4 from bag redeal to discard when size(row[one]) > 9;",
                 "zone row[1..3] of card show 1 from pile[1..3];"):
        assert codes(zone + "\nproc p() { fill row; }\n") == [], zone


def test_fill_of_an_element_and_of_no_display():
    assert codes("zone row[level] of card show 4 from deck[level];\nproc p(l: level) { fill row[l]; }\n") == []
    found = codes("zone row[level] of card show 4 from deck[level];\nproc p() { fill row; fill deck[one]; }\n")
    assert [c for c, _l, _c in found] == ["E490"]


def test_a_display_never_laid_out():
    assert [c for c, _l, _c in codes("zone row[level] of card show 4 from deck[level];\n")] == ["E490"]


def test_a_source_nothing_ever_fills_is_w522():
    found = codes("zone empty[level] of card;\nzone row[level] of card show 4 from empty[level];\n"
                  "proc p() { fill row; }\n")
    assert found == [("W522", 12, 37)]
    # a source filled somewhere, or a statement whose zone this cannot tell: no warning
    assert codes("zone empty[level] of card;\nzone row[level] of card show 4 from empty[level];\n"
                 "proc p() { fill row; }\nproc q(l: level) { move all of bag to empty[l]; }\n") == []


def test_a_refill_by_hand_of_an_element_is_w513():
    found = codes("zone row[level] of card show 4 from deck[level];\nproc p() { fill row; }\n"
                  "proc q(l: level) { move first(row[l]) to hand; draw 1 from deck[l] to row[l]; }\n")
    assert [c for c, _l, _c in found] == ["W513"]


def test_fmt_prints_it_back():
    _module, text = printed_back(SPLENDOR)
    assert 'zone row[level] "Cards" of card show 4 from deck[level];' in text
    assert "\n    fill row;\n" in text
    _module, text = printed_back(REDEAL)
    assert "show 4 from deck[level]\n    redeal to returned[level] when " in text
    _module, text = printed_back(CARDS)
    assert "proc lay_out_one(l: level) {\n  fill row[l];\n}" in text
    _module, text = printed_back(CASCADIA)
    assert 'zone tiles[1..4] "Tile" of tile show 1 from stack;' in text


def test_explain_reads_the_family_in_one_sentence():
    text = explained(analyse_text(SPLENDOR), "row")
    assert "In each, 4 cards lie face up, laid out by “fill row” and refilled at once from the deck of the " \
           "same level" in text
    game = explained(analyse_text(SPLENDOR), "splendor")
    assert "Lay out the cards (each level) from the deck of the same level; from now on each is refilled" in game
    text = explained(analyse_text(REDEAL), "row")
    assert "go to the returned of the same level" in text
