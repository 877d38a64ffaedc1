"""A display that keeps itself filled: `zone market of train show 5 from deck redeal to discard when COND;`
and `fill market;` (Ticket to Ride's five face-up cards, the audit's `refill_market` workaround): the
refill after each statement that takes from it, the redeal and where it stops, both backends, the
misuse codes (E490, E491, E492, W513), fmt, explain, the saved state, and nothing generated for a pack
without a display."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import _generate, analyse_text, build_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import explained, found_at, played, printed_back, random_games_agree, rules_programs, run_proc

# Ticket to Ride, cut down from the audit's pack (/tmp/audit-audit-ttr/game.rules, cards.rules): the
# train cards, the face-up market and the two-card draw, rewritten with the display.
TTR = """
counter points "Points";
enum colour { red "Red", blue "Blue", grey "Grey" }
kind train { colour: colour; loco: bool = false; }
train red_card "Red" * 12 { colour = red; }
train blue_card "Blue" * 12 { colour = blue; }
train locomotive "Locomotive" * 14 { colour = grey; loco = true; }
zone train_deck "Train deck" of train secret refills from train_discard;
zone train_discard "Train discard" of train;
zone market "Face-up cards" of train show 5 from train_deck
    redeal to train_discard when count(t in market where t.loco) >= 3;
zone hand "Train cards" per_player of train hidden;

func cards_left(): int = size(train_deck) + size(train_discard);

# Take one train card, face up or from the deck; a face-up locomotive is taken only as the first
# card, and then it is the whole draw. The result says whether the draw is over.
proc take_train_card(n: int): bool {
  let over = false;
  choose "train card {n} of 2" {
    option "a face-up card" {
      pick t from market where n == 1 or not t.loco "take which face-up card?" {
        move t to hand;
        if t.loco { set over = true; }
      }
    }
    option "the top of the deck" when cards_left() > 0 { draw 1 from train_deck to hand; }
  }
  return over;
}

proc draw_train_cards() {
  let over = take_train_card(1);
  if not over { take_train_card(2); }
}

# a turn's other choice, cut down: spend three cards of one colour for a point
proc spend() {
  pick k from colour where k != grey and count(t in hand where t.colour == k) >= 3 "spend which colour?" {
    pick t from hand where t.colour == k "spend which card?" exactly 3 { move t to train_discard; }
    gain 1 points;
  }
}

proc take_turn() {
  choose "your turn" {
    option "draw train cards" when size(market) > 0 or cards_left() > 0 { draw_train_cards(); }
    option "spend three cards" when some(k in colour where k != grey and count(t in hand where t.colour == k) >= 3) {
      spend();
    }
  }
}

game ticket_to_ride "Ticket to Ride" {
  seats 2 to 4;
  phase setup {
    fill train_deck with train;
    shuffle train_deck;
    each players: draw 4 from train_deck to hand;
    fill market;
  }
  phase play {
    repeat 12 { each players: take_turn(); }
  }
  winner most points;
}
"""

# The same cards without the game, laid out in a known order (no shuffle): `deal(k)` puts the
# locomotives (then the reds, then the blues) first when k is 1, the reds first when it is 2.
CARDS = TTR.split("func cards_left")[0] + """
proc stack(first: colour) {
  fill train_deck with train where it.colour == first;
  fill train_deck with train where it.colour != first;
}
proc lay_out() { fill market; }
proc take_two() {
  pick t from market "first card?" { move t to hand; }
  pick t from market "second card?" { move t to hand; }
}
proc take_all() { move all of market to hand; }
proc gather_back() {
  fill train_deck with train;
  shuffle train_deck;
}
"""

program = rules_programs(CARDS)


def titles(g: Game, zone: str) -> list[str]:
    return [e.title for e in g.zone(None, zone).items]


def traced(g: Game) -> list:
    lines: list = []
    g.tracer = lines.append
    return lines


def test_the_pack_lints_clean():
    assert [d.headline() for d in analyse_text(TTR).diagnostics] == []


def test_laid_out_by_fill_and_the_second_draw_sees_the_refilled_market(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "red")
    assert titles(g, "market") == [] and g.state.shown == []   # nothing before `fill market;`
    run_proc(g, "lay_out")
    assert titles(g, "market") == ["Red"] * 5 and g.state.shown == ["market"]
    asked = run_proc(g, "take_two", answers=[0, 4])
    # the first take left four: the fifth was laid out from the deck before the second pick was asked
    assert len(asked[1].options) == 5
    assert titles(g, "market") == ["Red"] * 5 and len(g.zone(None, "train_deck").items) == 38 - 5 - 2
    assert len(g.state.players[0].zones["hand"]) == 2


def test_three_locomotives_are_redealt_to_the_discard(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "grey")   # 14 locomotives on top, then the reds and blues
    lines = traced(g)
    run_proc(g, "lay_out")
    # 5 locomotives, redealt twice (10 to the discard); the third layout has 4 locomotives and a red...
    # which still holds: redealt again, then five reds
    assert titles(g, "train_discard") == ["Locomotive"] * 14 + ["Red"]
    assert titles(g, "market") == ["Red"] * 5
    redeals = [e for e in lines if e.kind == "redeal"]
    assert len(redeals) == 3 and "market: the redeal rule holds" in redeals[0].what


def test_a_take_that_brings_the_third_locomotive_up_redeals_before_the_second_take(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "red")
    run_proc(g, "lay_out")
    market, deck, aside = g.zone(None, "market"), g.zone(None, "train_deck"), g.zone(g.state.players[1], "hand")
    locos = [e for e in deck.items if e.title == "Locomotive"]
    for red, loco in zip(market.items[:2], locos):   # by hand (no statement): two locomotives face up
        g.move(red, aside)
        g.move(loco, market)
    g.move(locos[2], deck, top=True)   # and a third on top of the deck
    assert [e.title for e in market.items] == ["Red"] * 3 + ["Locomotive"] * 2
    lines = traced(g)
    asked = run_proc(g, "take_two", answers=[0, 0])
    # the refill after the first take laid the third locomotive out: the five went to the discard and
    # five reds were laid out, which the second take chose from
    assert titles(g, "train_discard") == ["Red"] * 2 + ["Locomotive"] * 3
    assert [o.split(" (")[0] for o in asked[1].options] == ["Red"] * 5
    assert [e.kind for e in lines].count("redeal") == 1


def test_items_moved_in_by_a_statement_stay_and_nothing_is_redealt_without_a_refill(program):
    g = Game(program("proc give(c: train) { move c to market; }"), 2, 1)
    run_proc(g, "stack", "red")
    run_proc(g, "lay_out")
    for e in [e for e in g.zone(None, "train_deck").items if e.title == "Locomotive"][:3]:
        run_proc(g, "give", e)
    assert titles(g, "market") == ["Red"] * 5 + ["Locomotive"] * 3   # more than it shows; no redeal
    run_proc(g, "take_two", answers=[0, 0])   # two reds taken: six left, no refill, so no redeal either
    assert titles(g, "market") == ["Red"] * 3 + ["Locomotive"] * 3


def test_the_redeal_stops_when_the_cards_left_cannot_avoid_it(program):
    # only locomotives: every display has five; the redeal lays out as many cards as the deck and its
    # discard held (9 after the first five), then stops with a trace line, and play goes on
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "grey")
    deck = g.zone(None, "train_deck").items
    del deck[14:]   # 14 locomotives, nothing else
    lines = traced(g)
    run_proc(g, "lay_out")
    redeals = [e for e in lines if e.kind == "redeal"]
    stops = [e for e in lines if e.kind == "nothing" and "no redeal" in e.what]
    assert len(redeals) == 2 and len(stops) == 1   # 9 left: 5, then 4 (with the 5 reshuffled in): 9 laid out
    assert titles(g, "market") == ["Locomotive"] * 5
    assert "cannot lay out a display not shown already" in stops[0].what


def test_a_source_run_out_leaves_the_display_short_until_the_discard_comes_back(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "red")
    aside = g.zone(g.state.players[1], "hand")
    for e in g.zone(None, "train_deck").items[6:]:   # six reds left in the deck
        g.move(e, aside)
    run_proc(g, "lay_out")
    lines = traced(g)
    run_proc(g, "take_all")   # five to hand: one laid out, the deck and discard are then empty
    assert titles(g, "market") == ["Red"] and any("draws only 1 of 5" in e.what for e in lines)
    g.move(g.program.entities["blue_card"], g.zone(None, "train_discard"))
    run_proc(g, "take_two")   # (each forced) the first take shuffles the discard in (`refills from`)
    assert titles(g, "market") == [] and titles(g, "train_discard") == []
    assert [e.title for e in g.state.players[0].zones["hand"]] == ["Red"] * 6 + ["Blue"]


def test_a_deck_gathered_back_lays_the_display_out_once_shuffled(program):
    # Tapestry's refill_techs rebuilds its deck with `fill` then `shuffle`: the display (and the cards it
    # held, gathered back too) is laid out again after the shuffle, not from the declaration order
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "red")
    run_proc(g, "lay_out")
    lines = traced(g)
    run_proc(g, "gather_back")
    kinds = [e.kind for e in lines if e.kind in ("fill", "shuffle", "draw")]
    assert kinds[:3] == ["fill", "shuffle", "draw"], kinds   # (further draws: redeals, locomotives came up)
    assert len(g.zone(None, "market").items) == 5
    assert sum(len(g.zone(None, z).items) for z in ("train_deck", "train_discard", "market")) == 38


def test_without_fill_nothing_is_laid_out(program):
    g = Game(program(), 2, 1)
    run_proc(g, "stack", "red")
    run_proc(g, "take_all")
    assert titles(g, "market") == [] and g.state.shown == []


def test_random_games_agree_on_both_backends():
    random_games_agree(TTR, seeds=range(1, 5), counts=(2, 4))


def test_the_saved_state_keeps_the_displays_laid_out():
    prog = build_text(TTR)
    g = played(prog, 3, 2)
    data = g.state.to_json()
    assert data["shown"] == ["market"] and State.from_json(data, prog.entities).shown == ["market"]
    assert "shown" not in State(2, []).to_json()   # nothing saved before a display is laid out
    bad = dict(data, shown=["hand"])
    with pytest.raises(StateError, match="no display"):
        check_saved(bad, prog)


def test_a_pack_without_a_display_generates_no_refill():
    text = CARDS.replace(" show 5 from train_deck\n    redeal to train_discard when count(t in market where t.loco) >= 3", "")
    text = text.replace("proc lay_out() { fill market; }", "")
    assert "keep_shown" not in generate_source(text)
    assert "rt.state.shown: rt.keep_shown(" in generate_source(TTR)


def generate_source(text: str) -> str:
    return _generate(analyse_text(text), "snippet", "digest")


# --- misuse -------------------------------------------------------------------------------------

BASE = """
kind train { loco: bool = false; }
kind ticket { }
zone deck of train secret refills from discard;
zone discard of train;
zone tickets of ticket;
zone hand per_player of train;
"""


def codes(more: str) -> list[tuple]:   # (the deck filled somewhere: no W522)
    return [(c, line) for c, line, _col in found_at(BASE + more + "\nproc stock() { fill deck with train; }\n")]


@pytest.mark.parametrize("zone, code", [
    ("zone market per_player of train show 5 from deck;", "E490"),
    ("zone market of train show 0 from deck;", "E490"),
    ("zone market of train show 5 from market;", "E491"),
    ("zone market of train show 5 from hand;", "E491"),
    ("zone market of train show 5 from tickets;", "E491"),
    ("zone market of train show 5 from deck redeal to market when true;", "E492"),
    ("zone market of train show 5 from deck redeal to deck when true;", "E492"),
    ("zone market of train show 5 from deck redeal to hand when true;", "E492"),
    ("zone market of train show 5 from deck redeal to discard when size(market);", "E492"),
])
def test_misuse(zone, code):
    laid = "" if "per_player" in zone else "\nproc p() { fill market; }\n"   # (E312 for that one)
    found = codes(zone + laid)
    assert [c for c, _l in found if c.startswith("E")] == [code], found
    assert found[0][1] == 8


def test_a_display_from_a_display_is_refused():
    found = codes("zone row1 of train show 4 from deck;\nzone row2 of train show 4 from row1;\n"
                  "proc p() { fill row1; fill row2; }\n")
    assert found == [("E491", 9)]


def test_a_display_never_laid_out_and_a_fill_of_no_display():
    assert codes("zone market of train show 5 from deck;\n") == [("E490", 8)]
    assert codes("zone market of train show 5 from deck;\nproc p() { fill market; fill discard; }\n") \
        == [("E490", 9)]


def test_unknown_source_is_an_unknown_zone():
    assert [c for c, _l in codes("zone market of train show 5 from dek;\nproc p() { fill market; }\n")] == ["E209"]


def test_a_refill_by_hand_is_w513():
    found = codes("zone market of train show 5 from deck;\n"
                  "proc p() { fill market; }\n"
                  "proc take(t: train) { move t to hand; draw 5 - size(market) from deck to market; }\n")
    assert found == [("W513", 10)]


def test_fmt_prints_it_back():
    _module, text = printed_back(TTR)
    assert "show 5 from train_deck\n    redeal to train_discard when count(t in market where t.loco) >= 3;" in text
    assert "\n    fill market;\n" in text
    _module, text = printed_back(BASE + "zone market of train show 3 from deck;\nproc p() { fill market; }\n")
    assert "zone market of train show 3 from deck;" in text


def test_explain_reads_it():
    text = explained(analyse_text(TTR), "market")
    assert "5 trains lie face up, laid out by “fill market” and refilled at once from the train deck" in text
    assert "all 5 go to the train discard and 5 new ones are laid out, again while it holds" in text


def test_the_editor_renames_a_source_and_a_pile_where_the_display_names_them(tmp_path):
    from rulebook.compiler.workspace import Workspace

    (tmp_path / "m.rules").write_text(TTR)
    view = Workspace().view(tmp_path / "m.rules")
    shown = next(s for s in view.paths if s.endswith("m.rules"))
    line = TTR.count("\n", 0, TTR.index("zone train_deck")) + 1
    target = view.target_at(shown, line, TTR.splitlines()[line - 1].index("train_deck") + 1)
    spans = [s for v in view.rename(target, "deck").values() for s in v]
    # its declaration, the display's `from`, `cards_left()`, the `draw 1`, the setup's fill, shuffle and draw
    assert len(spans) == 7
    line = TTR.count("\n", 0, TTR.index("zone train_discard")) + 1
    target = view.target_at(shown, line, TTR.splitlines()[line - 1].index("train_discard") + 1)
    # its declaration, the deck's `refills from` (found since branch leftfix), the display's redeal,
    # `cards_left()` and the spend's move
    lines = sorted(s.line for v in view.rename(target, "discard").values() for s in v)
    assert lines == [8, 9, 11, 14, 40]


def test_show_and_redeal_stay_names_elsewhere():
    # Tapestry has a kind `show` (the Entertainers' spaces); a counter may be called `redeal`
    text = BASE + ("kind show { }\nshow show1 { }\nzone shows of show;\ncounter redeal;\n"
                   "zone market of train show 2 from deck redeal to discard when redeal > 1;\n"
                   "proc p() { fill market; gain 1 redeal; move show1 to shows; }\n")
    assert [d.headline() for d in analyse_text(text).diagnostics if d.severity == "error"] == []
