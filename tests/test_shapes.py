"""Branch shapes: constructs the last trials asked for.

1. A pick that offers the top of several decks: `or blind` may come more than once, each naming a zone, one zone
   of an indexed zone (`or blind deck[one]`) or a whole indexed zone (`or blind deck`: the top of each of its
   zones, in the order of its indexes). Ticket to Ride: Rails & Sails draws from six face-up cards or the top of
   the train deck or of the ship deck; on both backends, fmt, explain, E585 (a zone offered twice), E586 (no zone
   after `or blind`), E524 (what cannot be listed).
2. A record domain with a shape (`record hole {...} where abs(q + r) <= 4;`, Abalone's 61 holes): domains, boards
   and neighbours; fmt, explain, E587, W580, W581.
3. Picking among zones (a list of zones; Lost Cities' deck or discard piles), on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import explained, on_both_backends, printed_back, proc_findings, random_games_agree, run_proc

# Ticket to Ride: Rails & Sails, cut down: a card from the face-up row, or the unseen top of either draw pile
RAILS_AND_SAILS = """
enum transport { train "Trains", ship "Ships" }
kind train_card {}
kind ship_card {}
train_card wagon "Train card" * 8 {}
ship_card boat "Ship card" * 8 {}
zone draw_pile[transport] "Draw pile" of train_card or ship_card secret;
zone face_up "Face-up cards" of train_card or ship_card;
zone hand "Hand" per_player of train_card or ship_card hidden;
counter taken "Cards taken";

proc take() {
  pick c from face_up or blind draw_pile "take which card?" {
    move c to hand;
    gain 1 taken;
  }
}

# a card looked at and left: a blind one goes back on top of the pile it came from
proc glance() {
  pick c from face_up or blind draw_pile[ship] or blind draw_pile[train] "look at which card?" {
    gain 1 taken;
  }
}

game rails_and_sails {
  seats 2 to 4;
  phase setup {
    fill draw_pile[train] with train_card;
    fill draw_pile[ship] with ship_card;
    shuffle draw_pile[train];
    shuffle draw_pile[ship];
    draw 1 from draw_pile[train] to face_up;
    draw 1 from draw_pile[ship] to face_up;
  }
  phase play { repeat 4 { each players { take(); glance(); } } }
  winner most taken;
}
"""
TRAIN_TOP, SHIP_TOP = "the top of draw_pile[train] (unseen)", "the top of draw_pile[ship] (unseen)"

rails = on_both_backends(lambda interpreted: build_text(RAILS_AND_SAILS, interpreted=interpreted))


def started(program) -> Game:
    game = Game(program, 2, 1)
    game.start()
    return game


def pile(game, which: str) -> list[str]:
    return [e.name for e in game.zone(None, f"draw_pile[{which}]").items]


def test_the_top_of_each_zone_of_an_indexed_zone_is_offered_after_the_face_up_cards_in_index_order(rails):
    game = started(rails)
    ship_top = pile(game, "ship")[0]
    asked = run_proc(game, "take", answers=[SHIP_TOP])
    assert len(asked[0].options) == 4 and list(asked[0].options[-2:]) == [TRAIN_TOP, SHIP_TOP]   # two face up
    assert [e.name for e in game.state.players[0].zones["hand"]] == [ship_top]
    assert len(pile(game, "ship")) == 6 and len(pile(game, "train")) == 7


def test_the_blind_zones_written_one_by_one_are_offered_in_the_order_written(rails):
    game = started(rails)
    asked = run_proc(game, "glance", answers=[TRAIN_TOP])
    assert list(asked[0].options[-2:]) == [SHIP_TOP, TRAIN_TOP]


def test_a_blind_card_left_in_no_zone_goes_back_on_top_of_the_pile_it_came_from(rails):
    game = started(rails)
    ships, trains = pile(game, "ship"), pile(game, "train")
    run_proc(game, "glance", answers=[SHIP_TOP])
    assert pile(game, "ship") == ships and pile(game, "train") == trains
    assert game.state.players[0].stock["taken"] == 1


def test_an_empty_pile_offers_no_top(rails):
    game = started(rails)
    away = game.zone(game.state.players[1], "hand")
    for card in list(game.zone(None, "draw_pile[train]").items):
        game.move(card, away)
    asked = run_proc(game, "take", answers=[SHIP_TOP])
    assert TRAIN_TOP not in asked[0].options and asked[0].options[-1] == SHIP_TOP


def test_random_games_agree_on_both_backends():
    random_games_agree(RAILS_AND_SAILS, seeds=range(1, 4))


def test_fmt_prints_each_blind_zone_back_and_explain_reads_them():
    module, printed = printed_back(RAILS_AND_SAILS)
    assert "pick c from face_up or blind draw_pile[ship] or blind draw_pile[train] \"look at which card?\" {" in printed
    assert "pick c from face_up or blind draw_pile \"take which card?\" {" in printed
    result = analyse_text(RAILS_AND_SAILS)
    assert [d.code for d in result.diagnostics if d.severity != "info"] == []
    assert "or the unseen top card of each zone of the draw pile (drawn when picked)" in explained(result, "take")
    assert "or the unseen top card of the draw pile (“Ships”) or of the draw pile (“Trains”)" in \
        explained(result, "glance")


BASE = """kind train { loco: bool = false; }
zone train_deck of train secret;
zone piles[1..3] of train secret;
zone grid[1..2, 1..2] of train secret;
zone market of train;
zone hand per_player of train hidden;
"""
LINE = BASE.count("\n") + 1


def findings(body: str) -> list[tuple]:
    return proc_findings(BASE, body)


@pytest.mark.parametrize("body, code, at, message", [
    ("pick t from market or blind train_deck or blind train_deck { move t to hand; }", "E585", "train_deck {",
     "'train_deck' is offered already"),
    ("pick t from market or blind piles or blind piles[2] { move t to hand; }", "E585", "piles[2]",
     "'piles[2]' is offered already, by 'or blind piles'"),
    ("pick t from market or blind piles[1] or blind piles[1] { move t to hand; }", "E585", "piles[1] {",
     "offered already"),
    ("pick t from market or blind grid { move t to hand; }", "E524", "grid", "offers only one by one"),
    ("pick t from market or blind train_deck[1] { move t to hand; }", "E524", "train_deck",
     "one zone, not an indexed zone"),
    ("pick t from market or blind train_dek { move t to hand; }", "E524", "train_dek", "no zone of the pack"),
    ("each players simultaneously pick t from market or blind piles { move t to hand; }", "E524", "piles",
     "offers the unseen top card of one zone"),
    ("pick t from market or blind piles where contains(piles[2], t) { move t to hand; }", "E524", "contains",
     "in no zone until it is drawn"),
    ("pick t from market or blind piles[3] where t.loco { move t to hand; }", "E524", "t.loco", "reads what"),
])
def test_misuse_is_positioned(body, code, at, message):
    found = findings(body)
    column = len("proc p() { ") + body.rindex(at) + 1 if code == "E585" else len("proc p() { ") + body.index(at) + 1
    assert [(c, line, col) for c, line, col, _m in found] == [(code, LINE, column)], found
    assert message in found[0][3]


@pytest.mark.parametrize("body, at", [
    ("pick t from market or blind { move t to hand; }", "blind"),
    ("pick t from market or blind piles[1] or blind { move t to hand; }", "blind {"),
])
def test_or_blind_without_a_zone_is_e586_at_the_word(body, at):
    with pytest.raises(RulesError) as err:
        parse_text(BASE + "proc p() { " + body + " }")
    d = err.value.diagnostics[0]
    assert d.code == "E586" and (d.span.line, d.span.column) == (LINE, len("proc p() { ") + body.rindex(at) + 1)
    assert "or blind deck[one]" in d.hint


def test_a_blind_zone_after_another_keeps_blind_a_name_elsewhere():
    result = analyse_text(BASE + "counter blind;\nproc p() { pick t from market or blind piles[1] or blind piles[2] "
                          "{ move t to hand; gain 1 blind; } if blind > 0 or blind < 0 { gain 1 blind; } }")
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]


# 2. A record domain with a shape: `record NAME {...} where COND;` keeps the values of the fields' product that COND
#    (over the fields alone, worked out before play) holds for: `each`, picks, boards keyed by it and neighbours
#    see only those; W580 (no value kept), W581 (a value built outside it), E587 (what cannot be worked out).

# Abalone's board: a hexagon of 61 holes, five a side, in axial coordinates round the centre
ABALONE = """
record hole "{q},{r}" { q: -4..4; r: -4..4; } where abs(q + r) <= 4;
var marble[hole] "Marbles" global: player = none;
counter placed "Marbles placed";
counter edge_holes "Edge holes";

proc place() {
  pick h from hole where marble[h] == none "place a marble on" {
    set marble[h] = you;
    gain 1 placed;
    if size(neighbours(h)) < 4 {
      gain 1 edge_holes;
    }
  }
}

game abalone_setup {
  seats 2;
  phase play { repeat 5 { each players: place(); } }
  winner most edge_holes;
}
"""

abalone = on_both_backends(lambda interpreted: build_text(ABALONE, interpreted=interpreted))


def hole(q: int, r: int):
    from rulebook.runtime.state import Record
    return Record("hole", {"q": q, "r": r})


def test_the_domain_and_the_board_hold_only_the_shapes_61_holes(abalone):
    game = started(abalone)
    asked = run_proc(game, "place", answers=["-4,4"])
    assert len(asked[0].options) == 61 and "4,4" not in asked[0].options and "-4,4" in asked[0].options
    assert len([k for k in game.state.gvars if k.startswith("marble[")]) == 61
    assert game.state.gvars["marble[-4,4]"] == game.state.players[0]


def test_neighbours_off_the_shape_are_none(abalone):
    game = started(abalone)
    axes = (("q", "range", (-4, 4)), ("r", "range", (-4, 4)))
    assert game.cell_neighbours(hole(4, 0), "hole", axes, False) == [hole(3, 0), hole(4, -1)]
    assert len(game.cell_neighbours(hole(0, 0), "hole", axes, False)) == 4


def test_shaped_random_games_agree_on_both_backends():
    random_games_agree(ABALONE, seeds=range(1, 4), counts=(2,))


def test_fmt_keeps_the_shape_and_explain_reads_it():
    module, printed = printed_back(ABALONE)
    assert 'record hole "{q},{r}" { q: -4..4; r: -4..4; } where abs(q + r) <= 4;' in printed
    long = "record hole {\n  q: -4..4;\n  r: -4..4;\n} where abs(q + r) <= 4 and abs(q) + abs(r) <= 8;\n"
    assert printed_back(long)[1] == long
    result = analyse_text(ABALONE)
    assert [d.code for d in result.diagnostics if d.severity != "info"] == []
    assert "Only the values where" in explained(result, "hole") and "(61 of them)" in explained(result, "hole")


SHAPE_BASE = "enum colour { red, blue }\ncounter size;\n"
SHAPE_LINE = SHAPE_BASE.count("\n") + 1


@pytest.mark.parametrize("record, code, at, message", [
    ("record a { q: 0..2; } where q > size;", "E587", "size", "'size', which is not a field of a"),
    ("record a { q: 0..2; k: colour; } where k != red or q > ordinal(k);", "E587", "ordinal(k)",
     "not worked out before play"),
    ("record a { q: 0..2; } where q > player_count;", "E587", "player_count", "not a field of a"),
    ("record a { q: 0..2; n: int; } where q > 1;", "E587", "n: int", "fields of ranges, enums or bools alone"),
    ("record a { q: 0..2; } where q + 1;", "E587", "q + 1", "no condition of its fields"),
    ("record a { q: 0..2; } where q > 5;", "W580", "q > 5", "no a keeps to its shape"),
])
def test_shape_misuse_is_positioned(record, code, at, message):
    found = [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(SHAPE_BASE + record).diagnostics
             if d.code != "W401"]
    assert [(c, line, col) for c, line, col, _m in found] == [(code, SHAPE_LINE, record.index(at) + 1)], found
    assert message in found[0][3]


def test_a_record_built_outside_its_shape_is_w581():
    text = ABALONE + "proc corner() { set marble[hole(q = 4, r = 4)] = you; set marble[hole(q = 4, r = -4)] = you; }\n"
    found = [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.severity != "info"]
    assert found == [("W581", text.count("\n"))]
    assert "hole(q = 4, r = 4) is outside the shape" in next(d.message for d in analyse_text(text).diagnostics
                                                               if d.code == "W581")


# 3. Picking among zones: a list may hold zones, so one pick chooses a zone of an indexed zone or another one
#    (Azul's centre beside its displays); no construct was needed. Lost Cities draws from the deck or a discard pile.
LOST_CITIES = """
enum expedition { yellow "Desert", blue "Sea", white "Himalaya" }
kind card { expedition: expedition; }
card card "{e.title}" * 4 for each e in expedition { expedition = e; }
zone deck "Deck" of card secret;
zone discard[expedition] "Discard pile" of card;
zone hand "Hand" per_player of card hidden;
counter drawn "Cards drawn";

proc draw_card() {
  pick z from [deck] + gather(e in expedition, [discard[e]]) where size(z) > 0 "draw from" {
    draw 1 from z to hand;
    gain 1 drawn;
    if z != deck {
      gain 1 drawn;
    }
  }
}

proc discard_card() {
  pick c from hand "discard which card?" { move c to discard[c.expedition]; }
}

game lost_cities_draws {
  seats 2;
  phase setup { fill deck with card; shuffle deck; each players: draw 3 from deck to hand; }
  phase play { repeat 3 { each players { discard_card(); draw_card(); } } }
  winner most drawn;
}
"""

lost_cities = on_both_backends(lambda interpreted: build_text(LOST_CITIES, interpreted=interpreted))


def test_a_pick_over_a_list_of_zones_offers_the_zones_that_are_not_empty_and_binds_the_zone(lost_cities):
    game = started(lost_cities)
    you = game.state.players[0]
    card = you.zones["hand"][0]
    run_proc(game, "discard_card", answers=[card.label()])
    pile = f"discard[{card.fields['expedition']}]"
    asked = run_proc(game, "draw_card", answers=[pile])
    assert list(asked[0].options) == ["deck", pile]
    assert you.zones["hand"][-1] is card and you.stock["drawn"] == 2 and not game.zone(None, pile).items


def test_zone_picks_agree_on_both_backends():
    random_games_agree(LOST_CITIES, seeds=range(1, 4), counts=(2,))


def test_a_record_built_outside_its_shape_in_play_stops_play_at_the_construction():
    from rulebook.runtime.engine import RulesRuntimeError
    text = ABALONE + "proc off(n: int) { set marble[hole(q = n, r = n)] = you; }\n"
    for interpreted in (False, True):
        game = started(build_text(text, interpreted=interpreted))
        run_proc(game, "off", 2)   # (2, 2): q + r = 4, the edge, kept
        with pytest.raises(RulesRuntimeError) as err:
            run_proc(game, "off", 3)
        assert err.value.code == "E601" and "hole(q = 3, r = 3) is outside the shape of hole" in str(err.value)
        assert f":{text.count(chr(10))}:" in str(err.value.where)


def test_a_shape_may_call_a_func_of_the_fields_worked_out_before_play():
    text = ABALONE.replace("} where abs(q + r) <= 4;", "} where near_centre(q, r, 4);") + \
        "func near_centre(q: int, r: int, radius: int): bool = abs(q + r) <= radius and abs(q) <= radius;\n"
    result = analyse_text(text)
    assert [d.code for d in result.diagnostics if d.severity != "info"] == []   # (the func is used: no W401)
    assert "(61 of them)" in explained(result, "hole")
    game = started(build_text(text))
    assert len(run_proc(game, "place", answers=["0,0"])[0].options) == 61


def test_a_func_of_the_shape_that_reads_the_game_is_e587_in_the_func():
    text = SHAPE_BASE + "func big(x: int): bool = x > size;\nrecord a { q: 0..2; } where big(q);\n"
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code != "W401"]
    assert found == [("E587", SHAPE_LINE, len("func big(x: int): bool = x > ") + 1)]
