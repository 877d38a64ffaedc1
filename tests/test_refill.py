"""A deck that refills from its discard pile (`zone deck ... refills from discards;`): a `draw` that
runs it out shuffles the pile in (seeded, logged, traced) and draws on; misuse is E314; both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import run_proc

PACK = """
kind card { worth: int = 1; }
card copper * 4 { }
card silver * 3 { worth = 2; }
zone deck per_player of card secret refills from discards;
zone discards per_player of card;
zone hand per_player of card hidden;
zone market of card refills from graveyard;
zone graveyard of card;
proc setup_deck() { fill deck with card; }
proc take(n: int) { draw n from deck to hand; }
proc to_graveyard() { fill graveyard with card; }
proc from_market() { draw 2 from market to hand; }
proc spend() { move all of hand to discards; }
proc take_silver(n: int) { draw n from deck where it.worth == 2 to hand; }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def game(interpreted: bool, seed: int = 7) -> Game:
    return Game(build_text(PACK, interpreted=interpreted), 2, seed, [None, None])


def names(zone) -> list[str]:
    return [e.name for e in zone]


def test_a_draw_takes_what_the_deck_has_then_shuffles_the_discards_in_and_draws_on(interpreted):
    g = game(interpreted)
    me = g.state.players[0]
    run_proc(g, "setup_deck")
    run_proc(g, "take", 5)
    first_five = names(me.zones["hand"])
    assert first_five == ["copper", "copper#2", "copper#3", "copper#4", "silver"]
    run_proc(g, "spend")
    run_proc(g, "take", 4)   # the 2 left, then the 5 discarded shuffled in, then 2 of them
    hand = names(me.zones["hand"])
    assert hand[:2] == ["silver#2", "silver#3"] and sorted(hand[2:] + names(me.zones["deck"])) == sorted(first_five)
    assert not me.zones["discards"] and len(me.zones["deck"]) == 3
    assert ["shuffle", "deck", 5] in g.log


def test_a_draw_larger_than_deck_and_discards_gives_what_there_is(interpreted):
    g = game(interpreted)
    me = g.state.players[0]
    run_proc(g, "setup_deck")
    run_proc(g, "take", 3)
    run_proc(g, "spend")
    run_proc(g, "take", 20)
    assert len(me.zones["hand"]) == 7 and not me.zones["deck"] and not me.zones["discards"]


def test_no_shuffle_while_the_deck_has_enough_or_the_discards_are_empty(interpreted):
    g = game(interpreted)
    me = g.state.players[0]
    run_proc(g, "setup_deck")
    run_proc(g, "take", 7)   # exactly empties it: nothing more is wanted, so nothing is shuffled
    run_proc(g, "take", 1)   # empty deck, empty discards: nothing
    assert not [entry for entry in g.log if entry[0] == "shuffle"] and len(me.zones["hand"]) == 7


def test_a_filtered_draw_refills_only_when_it_empties_the_deck(interpreted):
    g = game(interpreted)
    me = g.state.players[0]
    run_proc(g, "setup_deck")
    run_proc(g, "take", 5)
    run_proc(g, "spend")
    run_proc(g, "take_silver", 3)   # two silvers left and no other card: the deck empties, refills
    hand = names(me.zones["hand"])
    assert hand[0].startswith("silver") and len(hand) == 3 and all(h.startswith("silver") for h in hand)
    assert not me.zones["discards"] and len(me.zones["deck"]) == 4   # the 4 coppers, shuffled in and left


def test_same_seed_same_shuffle_on_both_backends():
    def play(interpreted: bool, seed: int) -> list[str]:
        g = game(interpreted, seed)
        run_proc(g, "setup_deck")
        run_proc(g, "take", 7)
        run_proc(g, "spend")
        run_proc(g, "take", 7)
        return names(g.state.players[0].zones["hand"])
    assert play(False, 3) == play(True, 3) == play(False, 3)
    assert len({tuple(play(False, seed)) for seed in range(1, 8)}) > 1


def test_a_shared_deck_refills_from_a_shared_pile(interpreted):
    g = game(interpreted)
    assert g.program.refills == {"deck": ("discards", False), "market": ("graveyard", True)}
    run_proc(g, "to_graveyard")
    run_proc(g, "from_market", player=1)
    assert len(g.state.players[1].zones["hand"]) == 2 and not g.state.zones["graveyard"]
    assert ["shuffle", "market", 7] in g.log


def test_printed_back_and_explained():
    module = parse_text(PACK, "a.rules")
    printed = format_module(module)
    assert "zone deck per_player of card secret refills from discards;" in printed
    assert parse_text(printed, "a.rules") == module
    deck = next(d for d in module.items if getattr(d, "name", None) == "deck")
    assert any("When a draw runs it out, its owner's discards is shuffled" in line for line in explain(deck))
    market = next(d for d in module.items if getattr(d, "name", None) == "market")
    assert any("When a draw runs it out, graveyard is shuffled" in line for line in explain(market))


def test_refills_stays_a_name_elsewhere():
    module = parse_text(PACK + "counter refills;\nproc refill_all() { gain 1 refills; }\n", "a.rules")
    assert any(getattr(d, "name", None) == "refills" for d in module.items)


BASE = """
kind card { worth: int = 1; }
kind coin { worth: int = 1; }
zone pile per_player of card;
zone shared_pile of card;
zone coins per_player of coin;
zone row[1..3] of card;
"""


@pytest.mark.parametrize("text, code, where", [
    ("zone deck per_player of card refills from deck;", "E314", "refills from itself"),
    ("zone deck per_player of card refills from coins;", "E314", "holds coin"),
    ("zone deck of card refills from pile;", "E314", "each player's"),
    ("zone deck per_player of card refills from row;", "E314", "indexed"),
    ("zone deck per_player of card refills from nowhere;", "E209", "nowhere"),
    ("counter c;\nzone deck per_player of card refills from c;", "E301", "'c'"),
])
def test_misuse(text, code, where):
    found = [d for d in analyse_text(BASE + text).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == [code] and where in found[0].message, [d.headline() for d in found]
    assert found[0].span.line == BASE.count("\n") + text.count("\n") + 1


def test_a_per_player_deck_may_refill_from_a_shared_pile():
    found = [d for d in analyse_text(BASE + "zone deck per_player of card refills from shared_pile;").diagnostics
             if d.severity == "error"]
    assert found == []
