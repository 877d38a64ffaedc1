"""Toolchain fixes found by writing Lost Cities, Jaipur and Cribbage as a designer new to the language
(branch trial2): each test is a friction the trial met, on both backends where it runs a game."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game

from .conftest import drive, found_at, parse_error, rules_program, run_proc

# Jaipur: taking several goods from the market is one choice among the sets of goods it shows
EXCHANGE = """
enum good { spice "Spice", cloth "Cloth" }
kind card { good: good; }
card goods "{g.title}" for each g in good { good = g; }
zone market "Market" of card;
zone hand per_player of card;
proc deal() { fill market with card; }
proc exchange() {
  pick taken from subsets(market, 2) + subsets(market, 1) "take which goods?" {
    for each t in taken { move t to hand; }
  }
}
"""

program = rules_program(EXCHANGE)


def test_a_pick_over_lists_of_cards_shows_each_list_by_the_cards_titles(program):
    game = Game(program, 2, 1)
    run_proc(game, "deal")
    asked = run_proc(game, "exchange", answers=["[Spice, Cloth]"])
    assert asked[0].options == ["[Spice, Cloth]", "[Spice]", "[Cloth]"]   # not Python's `[<card goods_spice>, ...]`
    assert [c.name for c in game.zone(game.state.players[0], "hand").items] == ["goods_spice", "goods_cloth"]


# Cribbage: one card per suit and rank, a court card counting 10, titled by its face
DECK = """
enum suit { clubs "Clubs", hearts "Hearts" }
kind card { suit: suit; rank: int; value: int; face: str; }
card playing "{face} of {s.title}" for each s in suit, r in 1..13 {
  suit = s;
  rank = r;
  value = VALUE;
  face = ["Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King"][r];
}
zone deck of card;
func fifteen(): bool = total(c in deck, c.value) == 15;
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_min_of_whole_numbers_is_a_field_value_known_before_play(interpreted):
    program = build_text(DECK.replace("VALUE", "min(r, 10)"), interpreted=interpreted)
    values = {e.name: e.fields["value"] for e in program.entities.values()}
    assert values["playing_hearts_4"] == 4 and values["playing_clubs_10"] == 10
    assert values["playing_clubs_12"] == 10 and values["playing_hearts_13"] == 10
    assert program.entities["playing_hearts_12"].title == "Queen of Hearts"


def test_max_and_abs_fold_too_and_a_field_value_that_is_no_constant_is_said_once():
    assert found_at(DECK.replace("VALUE", "max(r - 10, 0) + abs(-1)")) == []
    # a call no constant folds: one E303 at the value, not one per card the declaration makes (26)
    assert found_at(DECK.replace("VALUE", "size(deck)")) == [("E303", 7, 11)]


def test_a_title_reading_a_field_that_reads_the_bound_name_is_no_w524():
    assert "W524" not in [code for code, _l, _c in found_at(DECK.replace("VALUE", "r"))]
    # the face no longer follows r: the 13 cards of a suit share a title
    untitled = DECK.replace("VALUE", "r").replace('[r];', '[1];')
    assert ("W524", 4, 56) in found_at(untitled)


# Jaipur: counting the camels of any zone, the market or a herd, through a `zone` parameter
HERDS = """
enum good { spice "Spice", camel "Camel" }
kind card { good: good; }
zone market of card;
zone herd per_player of card;
counter rupees;
func camels_in(z: zone): int = count(c in z where c.FIELD == camel);
func market_camels(): int = camels_in(market);
func richest(z: zone): int = count(p in z where p.rupees > 3 and p.owner != none);
"""


def test_a_field_nothing_declares_read_on_an_item_of_a_zone_parameter_is_e565():
    # the parameter is a plain `zone` on purpose (its items of no known kind): W651 hints to type it
    assert found_at(HERDS.replace("FIELD", "good")) == [("W651", 7, 16)]
    (d,) = analyse_text(HERDS.replace("FIELD", "goood")).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E565", 7, 53) and d.hint == "did you mean 'good'?"


# Jaipur: the seal of excellence to the richer player, then the one with more bonus tokens, then goods tokens
SEALS = """
counter rupees;
counter bonus_tokens;
counter goods_tokens;
counter seals;
proc seal() { rank players by KEY award [1] seals ties none; }
"""

seals_program = rules_program(SEALS.replace("KEY", "[rupees, bonus_tokens, goods_tokens]"))


@pytest.mark.parametrize("table, sealed", [
    ([(10, 1, 3), (10, 2, 1)], [0, 1, 0]),   # tied on rupees: more bonus tokens
    ([(10, 2, 3), (10, 2, 1), (9, 5, 5)], [1, 0, 0]),   # then more goods tokens
    ([(10, 2, 3), (10, 2, 3)], [0, 0]),   # a tie on all three: nobody
    ([(8, 0, 0), (11, 0, 0), (11, 0, 0)], [0, 0, 0]),
])
def test_rank_by_a_list_of_numbers_breaks_ties_item_by_item(seals_program, table, sealed):
    game = Game(seals_program, len(table), 1)
    for p, (r, b, g) in zip(game.state.players, table):
        p.stock.update(rupees=r, bonus_tokens=b, goods_tokens=g)
    run_proc(game, "seal")
    assert [p.stock["seals"] for p in game.state.players] == sealed[:len(table)]


def test_rank_by_what_has_no_order_is_refused_where_play_stopped_with_a_type_error():
    assert found_at(SEALS.replace("KEY", "rupees")) == []
    assert found_at(SEALS.replace("KEY", '"rich"')) == [("E303", 6, 31)]
    assert found_at(SEALS.replace("KEY", "[you]")) == [("E531", 6, 31)]


def test_a_counter_named_count_is_offered_free_names_not_count_count():
    d = parse_error('counter count "Count" global from 0 to 31;\n')   # Cribbage's count of the cards laid
    assert d.code == "E100" and d.hint == "'count' is reserved: call it 'tally' or 'counts', say"
    assert parse_error("counter total;").hint == "'total' is reserved: call it 'totals' or 'total_count', say"


# Jaipur's exchange, several goods taken at once: the sets of alike goods are one option each
PAIRS = """
enum good { spice "Spice", cloth "Cloth" }
kind card { good: good; }
card goods "{g.title}" * 2 for each g in good { good = g; }
zone market "Market" of card;
zone hand per_player of card;
proc deal() { move goods_spice to market; move goods_cloth to market; }
proc take_two() {
  pick taken from subsets(market, 2) alike "take which goods?" {
    for each t in taken { move t to hand; }
  }
}
"""

pairs_program = rules_program(PAIRS)


def test_pick_alike_over_lists_of_cards_offers_alike_lists_once(pairs_program):
    game = Game(pairs_program, 2, 1)
    deck = [e for e in pairs_program.entities.values() if e.kind == "card"]   # spice, spice#2, cloth, cloth#2
    for e in (deck[0], deck[2], deck[1]):   # the market: Spice, Cloth, Spice
        game.move(e, game.zone(None, "market"))
    asked = run_proc(game, "take_two", answers=["[Spice, Spice]"])
    # [S1, C], [S1, S2], [C, S2]: the first and the third differ in order, so they stay apart
    assert asked[0].options == ["[Spice, Cloth]", "[Spice, Spice]", "[Cloth, Spice]"]
    assert [c.name for c in game.zone(game.state.players[0], "hand").items] == ["goods_spice", "goods_spice#2"]
    game = Game(pairs_program, 2, 1)
    for e in (deck[0], deck[2], deck[1], deck[3]):   # Spice, Cloth, Spice, Cloth
        game.move(e, game.zone(None, "market"))
    asked = run_proc(game, "take_two", answers=[0])
    assert asked[0].options == ["[Spice, Cloth] (x3)", "[Spice, Spice]", "[Cloth, Spice]", "[Cloth, Cloth]"]


def test_pick_alike_over_lists_of_numbers_is_still_e454():
    numbers = PAIRS.replace("subsets(market, 2)", "subsets([1, 2, 3], 2)").replace("move t to hand;", "say \"{t}\";")
    assert found_at(numbers) == [("E454", 9, 19)]


# Jaipur's market, five cards shown and topped up from the deck at once (`show 5 from deck`)
MARKET = """
kind card { good: str; }
card spice "Spice" * 12 { good = "spice"; }
zone deck of card secret;
zone market "Market" of card show 5 from deck;
zone hand per_player of card hidden;
proc deal() { fill deck with card; fill market; }
proc take_two() {
  pick t from market "first card?" { move t to hand; }
  pick u from market "second card?" { move u to hand; }
}
proc turn() { take_two(); }
"""


def test_a_displays_top_up_is_traced_at_the_statement_that_took_the_card_on_both_backends():
    traces = []
    for program in (build_text(MARKET), build_text(MARKET, interpreted=True)):
        game = Game(program, 2, 1)
        run_proc(game, "deal")
        trace = []
        game.tracer = trace.append
        run_proc(game, "turn", answers=[0, 0])
        traces.append([(e.kind, e.what, e.where) for e in trace if e.kind == "draw"])
    assert traces[0] == traces[1] and [where.split(":", 1)[1] for *_x, where in traces[0]] == ["9:38", "10:39"]


def test_a_display_gathered_into_its_own_source_is_w549_and_tops_up_from_the_cards_gathered():
    gathered = MARKET + "proc new_round() { move all of market to deck; shuffle deck; }\n"
    assert found_at(gathered) == [("W549", 13, 20)]
    assert found_at(MARKET + "proc new_round() { fill deck with card; shuffle deck; }\n") == []
    assert found_at(MARKET + "proc discard_row() { move all of market to hand; }\n") == []   # not its source
    game = Game(build_text(gathered), 2, 1)
    run_proc(game, "deal")
    top = [c.name for c in game.zone(None, "deck").items[:5]]
    drive(game, game.program.procs["new_round"](game, game.state.players[0]))
    assert [c.name for c in game.zone(None, "market").items] == top   # what the warning says: the unshuffled top


def test_a_deck_gathered_back_by_fill_and_shuffled_lays_its_display_out_again():
    game = Game(build_text(MARKET + "proc new_round() { fill deck with card; shuffle deck; }\n"), 2, 1)
    run_proc(game, "deal")
    drive(game, game.program.procs["new_round"](game, game.state.players[0]))
    market, deck = game.zone(None, "market").items, game.zone(None, "deck").items
    assert len(market) == 5 and len(deck) == 7
