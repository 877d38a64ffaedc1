"""A set of one kind with wild cards (`pay N cards from ZONE [where COND] alike by FIELD wild COND to ZONE;`)
and a counter that may go below zero (`counter NAME signed;`), from the Ticket to Ride audit (workarounds 4
and 6, defect 2): a route is claimed with cards of one colour (any one colour on a grey route), Locomotives
standing in for any colour; a failed destination ticket takes the score below zero. On both backends
(`affordable` and `pay` agree on every hand), printed back, explained, checked (E496, E497, E498, W515)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import (examples, explained, played, printed_back, random_games_agree, run_answering, run_proc,
                       the_one_error)

# Ticket to Ride, three colours of the eight: the Locomotive has no colour (the dummy `colour = grey` is gone).
PACK = """
enum colour { red "Red", blue "Blue", green "Green", grey "Grey" }
kind train { colour: colour = none; loco: bool = false; }
train red_card "Red" * 6 { colour = red; }
train blue_card "Blue" * 6 { colour = blue; }
train green_card "Green" * 6 { colour = green; }
train locomotive "Locomotive" * 6 { loco = true; }
kind route { colour: colour; length: int; }
route red_four "Red 4" { colour = red; length = 4; }
route grey_two "Grey 2" { colour = grey; length = 2; }
route grey_three "Grey 3" { colour = grey; length = 3; }
kind ticket { points: int; }
ticket denver_el_paso "Denver - El Paso" { points = 4; }
zone train_deck "Train deck" of train;
zone train_discard "Train discard" of train;
zone hand "Train cards" per_player of train hidden;
zone open_routes "Open routes" of route;
zone claimed "Routes claimed" per_player of route;
zone tickets "Tickets" per_player of ticket hidden;
counter points "Points" signed;
# one colour, any one on a grey route, Locomotives standing in for any colour
func can_pay(r: route): bool =
  affordable(r.length cards from hand where r.colour == grey or it.colour == r.colour alike by colour
             wild it.loco to train_discard);
proc pay_route(r: route) {
  pay r.length cards from hand where r.colour == grey or it.colour == r.colour alike by colour wild it.loco
    to train_discard;
}
proc claim() {
  pick r from open_routes where can_pay(r) "claim which route?" optional {
    pay_route(r);
    move r to claimed;
    gain r.length points;
  }
}
proc fail_tickets() { for each t in tickets { lose t.points points; } }
"""

GAME = """
game ttr "Ticket to Ride" {
  seats 2 to 4;
  phase setup {
    fill train_deck with train;
    fill open_routes with route;
    shuffle train_deck;
    each players { draw 5 from train_deck to hand; }
    move denver_el_paso to you.tickets;
  }
  phase play { repeat 2 { each players { claim(); draw 2 from train_deck to hand; } } }
  phase final { each players: fail_tickets(); rank players by points award [10] points ties all; }
  winner most points;
}
"""

COLOURS = ("red", "blue", "green")


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    return build_text(PACK, interpreted=request.param)


def holding(program, **cards) -> Game:
    """A game of two whose first player holds `red=2, loco=1` ...: the first copies of each card."""
    g = Game(program, 2, 1)
    hand = g.zone(g.state.players[0], "hand")
    for name, n in cards.items():
        card = "locomotive" if name == "loco" else f"{name}_card"
        for i in range(1, n + 1):
            g.move(g.program.entities[card if i == 1 else f"{card}#{i}"], hand, traced=False)
    return g


def route(g: Game, name: str):
    return g.program.entities[name]


def can_pay(g: Game, name: str) -> bool:
    return g.program.funcs["can_pay"](g, g.state.players[0], route(g, name))


def pay(g: Game, name: str, answer=lambda d: 0) -> list:
    """Pay for a route, answering each decision with `answer`; the decisions asked."""
    return run_answering(g.program.procs["pay_route"](g, g.state.players[0], route(g, name)), answer)


def paid(g: Game) -> list[str]:
    return [e.fields["colour"] if not e.fields["loco"] else "loco" for e in g.zone(None, "train_discard")]


def test_a_red_four_route_with_two_reds_and_two_locomotives(program):
    g = holding(program, red=2, blue=3, loco=2)
    assert can_pay(g, "red_four")
    assert pay(g, "red_four") == []   # blue is never offered: the four cards left are those owed, unasked
    assert sorted(paid(g)) == ["loco", "loco", "red", "red"]
    assert [e.name for e in g.zone(g.state.players[0], "hand")] == ["blue_card", "blue_card#2", "blue_card#3"]
    g = holding(program, red=3, blue=3, loco=2)
    asked = pay(g, "red_four")
    # Red and Locomotive are one option each, until one kind is left
    assert [d.options for d in asked] == [["Red", "Locomotive"]] * 3
    assert asked[0].prompt == "pay with which card from P1.hand (1 of 4)?"
    assert sorted(paid(g)) == ["loco", "red", "red", "red"]


def test_a_grey_route_paid_with_locomotives_asks_no_colour(program):
    g = holding(program, loco=2)
    assert can_pay(g, "grey_two")
    assert pay(g, "grey_two") == []   # nothing to choose: no colour question either
    assert paid(g) == ["loco", "loco"]
    g = holding(program, red=1, blue=1, loco=2)
    asked = pay(g, "grey_two", lambda d: d.index_of("Locomotive"))
    assert [d.options for d in asked] == [["Red", "Blue", "Locomotive"]] * 2   # cards, never colours
    assert paid(g) == ["loco", "loco"]


def test_a_grey_route_takes_any_one_colour_never_two(program):
    g = holding(program, red=2, blue=2)
    assert not can_pay(g, "grey_three")   # two colours without a wild card: no set of three
    with pytest.raises(RulesRuntimeError, match="cannot pay"):
        pay(g, "grey_three")
    assert can_pay(g, "grey_two")
    g = holding(program, red=2, blue=3, loco=1)
    asked = pay(g, "grey_three", lambda d: d.index_of("Blue") if len(paid(g)) < 2 else d.index_of("Locomotive"))
    assert asked[0].options == ["Red", "Blue", "Locomotive"]
    assert [d.options for d in asked[1:]] == [["Blue", "Locomotive"]] * 2   # once blue is paid, red is not offered
    assert sorted(paid(g)) == ["blue", "blue", "loco"]
    g = holding(program, red=1, blue=3, loco=1)
    asked = pay(g, "grey_three")
    # a red card leaves no set of three (1 red + 1 Locomotive): only blue and the Locomotive are offered
    assert asked[0].options == ["Blue", "Locomotive"]
    assert paid(g) == ["blue", "blue", "blue"]   # (the first option each time)


@settings(max_examples=examples(120), deadline=None)
@given(hand=st.fixed_dictionaries({c: st.integers(0, 4) for c in COLOURS + ("loco",)}),
       name=st.sampled_from(["red_four", "grey_two", "grey_three"]),
       choices=st.lists(st.integers(0, 9), min_size=4, max_size=4))
def test_affordable_agrees_with_pay_on_every_hand(hand, name, choices):
    """On both backends: `affordable` is true exactly when the hand holds the route's length in one colour
    (the route's own, or any on a grey route) with the Locomotives; then `pay` pays it, whatever the payer
    picks, with cards of one colour and Locomotives; else it stops play."""
    for program in PROGRAMS:
        g = holding(program, **hand)
        r = route(g, name)
        length, colour = r.fields["length"], r.fields["colour"]
        colours = COLOURS if colour == "grey" else (colour,)
        assert can_pay(g, name) == (hand["loco"] + max(hand[c] for c in colours) >= length)
        if not can_pay(g, name):
            with pytest.raises(RulesRuntimeError):
                pay(g, name)
            continue
        answers = iter(choices)
        pay(g, name, lambda d: next(answers, 0) % len(d.options))
        cards = paid(g)
        assert len(cards) == length and len({c for c in cards if c != "loco"}) <= 1
        assert all(c in colours for c in cards if c != "loco")


PROGRAMS = [build_text(PACK, interpreted=i) for i in (False, True)]
PROGRAMS_WITH_GAME = [build_text(PACK + GAME, interpreted=i) for i in (False, True)]


def test_a_failed_ticket_takes_the_points_below_zero(program):
    g = holding(program)
    g.move(g.program.entities["denver_el_paso"], g.zone(g.state.players[0], "tickets"), traced=False)
    run_proc(g, "fail_tickets")
    run_proc(g, "fail_tickets")
    assert g.state.players[0].stock["points"] == -8 and g.state.players[1].stock["points"] == 0


def test_whole_games_below_zero_agree_on_both_backends_and_rank_them():
    random_games_agree(PACK + GAME, seeds=range(1, 4), counts=(2, 3))
    for program in PROGRAMS_WITH_GAME:
        g = played(program, 1, 3)
        # P1 claimed a route (+3) and failed the ticket (-4); P2 ranked first by `rank`'s 10 points
        result = g.result()
        assert result["scores"] == {"P1": [-1], "P2": [14], "P3": [2]} and result["winners"] == ["P2"]


def test_signed_counter_starts_at_zero_or_its_start_below_zero_too():
    program = build_text(PACK.replace('counter points "Points" signed;', 'counter points "Points" signed start -2;'))
    g = Game(program, 2, 1)
    assert [p.stock["points"] for p in g.state.players] == [-2, -2]
    g = Game(PROGRAMS[1], 2, 1)
    assert [p.stock["points"] for p in g.state.players] == [0, 0]
    run_proc(g, "fail_tickets")   # no tickets: nothing lost
    before = g.state.digest()   # (the digest reads a score below zero as any other)
    g.state.players[0].stock["points"] = -1
    assert g.state.digest() != before


def test_printed_back():
    module, printed = printed_back(PACK)
    assert "alike by colour wild it.loco to train_discard" in printed
    assert 'counter points "Points" signed;' in printed
    _m, printed = printed_back("counter debt signed start -3;\n")
    assert printed.strip() == "counter debt signed start -3;"


def test_explained():
    result = analyse_text(PACK + GAME)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    words = explained(result, "pay_route")
    assert "all of one colour (and those for which its loco: wild cards, standing in for any colour)" in words
    assert "with no bounds: it may go below zero" in explained(result, "points")
    assert "Lose 1 point for each point t has (even below zero)." in explained(result, "fail_tickets")
    bounded = analyse_text(PACK.replace("signed;", "from -300 to 400 start 0;") + GAME)
    assert "(but not below -300)" in explained(bounded, "fail_tickets")
    floor = analyse_text(PACK.replace("signed;", ";") + GAME)
    assert "(or as many as you have)" in explained(floor, "fail_tickets")


def test_a_field_of_no_kind_of_the_zone_is_e496():
    result = analyse_text(PACK.replace("alike by colour\n", "alike by color\n") + GAME)
    the_one_error(result, "E496", "no field 'color'", line=23)
    finding = next(d for d in result.diagnostics if d.code == "E496")
    assert finding.span.column == 96 and "colour" in (finding.hint or "")   # at the field, with a did-you-mean


def test_a_wild_test_that_is_no_condition_or_stands_in_for_nothing_is_e497():
    the_one_error(analyse_text(PACK.replace("wild it.loco\n", "wild it.colour\n") + GAME), "E497",
                  "must be true or false", line=26)
    text = PACK + "proc take() { pay 2 cards from hand wild it.loco to train_discard; }\n" + GAME
    the_one_error(analyse_text(text), "E497", "every card is taken here")


def test_signed_with_bounds_is_e498_and_on_a_global_counter_w515():
    the_one_error(analyse_text(PACK.replace('"Points" signed;', '"Points" signed from -300 to 400;') + GAME),
                  "E498", "has bounds")
    result = analyse_text(PACK + "counter pool global signed;\nproc use() { lose 1 pool; }\n" + GAME)
    assert [d.code for d in result.diagnostics] == ["W515"]


def test_wild_and_signed_stay_names_elsewhere():
    module = parse_text("counter signed;\nkind k { wild: bool = false; }\nvar wild global: bool = false;\n"
                        "proc p() { if wild { gain 1 signed; } }\n")
    assert [type(i).__name__ for i in module.items] == ["Counter", "Kind", "Var", "Proc"]
