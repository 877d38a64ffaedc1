"""Knowing where a card is in a zone one may not see (`move ITEM to top of ZONE known [to PLAYERS];`,
docs/language.md 4.23): Dominion's Sentry (the owner puts the cards back on top in the order they
like, and knows them) and Bureaucrat (the victim puts a revealed Victory card onto their deck:
everyone knows the top card). Views, the hot seat, the trace, saved states, digests and replays, on
both backends; the place follows the zone (drawn past, buried), a shuffle forgets it; the misuse."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.console import zone_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import load_state, record, replay, save_state
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import found_at, printed_back, rules_program, run_proc

PACK = """
counter vp;
kind card { victory: bool = false; }
card duchy "Duchy" { victory = true; }
card smithy "Smithy" {}
card gold "Gold" {}
card estate "Estate" { victory = true; }
card copper "Copper" {}
card silver "Silver" {}
zone deck per_player of card secret;
zone hand per_player of card hidden;
zone looking per_player of card hidden;
zone discard per_player of card;
# P1's deck: Gold, Estate, Copper, Silver (top first); P2's hand: Duchy, Smithy
proc deal() {
  fill deck with card;
  draw 2 from deck to left.hand;
}
# Sentry: look at the top 2 cards of your deck; put them back on top in any order
proc sentry() {
  draw 2 from deck to looking;
  for each c in looking in any order "put which card back first?" {
    move c to top of deck known;
  }
}
# Bureaucrat, for its victim: a Victory card from the hand onto the deck, for everyone to know
proc bureaucrat() {
  pick c from hand where c.victory "put which Victory card onto your deck?" {
    move c to top of deck known to players;
  }
}
proc bury() { pick c from hand "put which card at the bottom of your deck?" { move c to bottom of deck known; } }
proc draw_one() { draw 1 from deck to hand; }
# Pandemic-like and Dominion's Spy: look at (reveal) the top cards where they are
proc peek() { look top 2 of deck; }
proc spy() { reveal top 1 of left.deck to opponents; }
proc gain_on_top() { move first(left.hand) to top of deck; }   # a card put on top, not known
proc reshuffle() { shuffle deck; }
game dominion {
  seats 2 to 2;
  phase setup { deal(); }
  phase play {
    sentry();
    each players { bureaucrat(); bury(); draw_one(); }
    reshuffle();
    sentry();
  }
  winner most vp;
}
"""

program = rules_program(PACK)


def deck(game, seat: int, whose: int) -> dict:
    return game.view(seat)["players"][whose]["zones"]["deck"]


def dealt(program) -> Game:
    g = Game(program, 2, 1)
    run_proc(g, "deal")
    assert [e.title for e in g.state.players[0].zones["deck"]] == ["Gold", "Estate", "Copper", "Silver"]
    assert [e.title for e in g.state.players[1].zones["hand"]] == ["Duchy", "Smithy"]
    return g


def places(z: dict) -> list:
    """(place, title) of the cards of a view's zone learnt with their place."""
    return sorted((("top", e["at"]) if "at" in e else ("bottom", e["from_bottom"]), e["title"])
                  for e in z.get("known", ()) if "at" in e or "from_bottom" in e)


# ---------------------------------------------------------------- the language
def test_the_statement_prints_back():
    _module, printed = printed_back(PACK)
    assert "move c to top of deck known;" in printed
    assert "move c to top of deck known to players;" in printed
    assert "move c to bottom of deck known;" in printed
    assert "move first(left.hand) to top of deck;" in printed


def test_the_pack_is_clean_and_known_is_still_a_name():
    assert [d.code for d in analyse_text(PACK).diagnostics if d.severity == "error"] == []
    text = "counter known;\nkind card {}\nzone deck of card secret;\nproc p(c: card) { move c to top of deck known; }\n"
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []


@pytest.mark.parametrize("body, code, col", [
    ("move c to deck known;", "E450", 29),                   # which end?
    ("move c to top of deck known to 3;", "E451", 50),       # not a player
    ("move c to top of row known;", "W439", 19),             # everyone sees the row in order
])
def test_misuse(body, code, col):
    text = ("kind card {}\nzone deck per_player of card secret;\nzone row of card;\n"
            f"proc p(c: card) {{ {body} }}\n")
    assert found_at(text) == [(code, 4, col)]


def test_explain_reads_who_knows_it_and_from_which_end():
    sym = analyse_text(PACK).symbols
    text = "\n".join(line for name in ("sentry", "bureaucrat", "bury") for line in reading(sym.decls[name], sym))
    assert "It stays known to you, with its place from the top, until it moves or the zone is shuffled." in text
    assert "with its place from the bottom" in text


# ---------------------------------------------------------------- play: the views
def test_sentry_the_owner_knows_the_top_cards_in_order(program):
    g = dealt(program)
    run_proc(g, "sentry", answers=["Estate"])   # Estate back first, then Gold on it
    assert [e.title for e in g.state.players[0].zones["deck"]] == ["Gold", "Estate", "Copper", "Silver"]
    mine = deck(g, 0, 0)
    assert places(mine) == [(("top", 1), "Gold"), (("top", 2), "Estate")]
    assert zone_text(mine, g.view(0)) == "4 secret (you know: 1st Gold, 2nd Estate)"
    assert deck(g, 1, 0) == {"visibility": "secret", "size": 4, "known": []}   # P2 saw nothing
    assert g.state.known_fields == {"gold": {"@top": {0}}, "estate": {"@top": {0}}}


def test_the_place_follows_the_zone_and_is_forgotten_when_the_card_moves(program):
    g = dealt(program)
    run_proc(g, "sentry", answers=["Estate"])
    run_proc(g, "draw_one")   # the Gold: drawn past
    assert places(deck(g, 0, 0)) == [(("top", 1), "Estate")]
    assert "gold" not in g.state.known and "gold" not in g.state.known_fields
    run_proc(g, "draw_one")   # the Estate too: nothing is known there any more
    assert places(deck(g, 0, 0)) == [] and g.state.known_fields == {} and g.state.known == {}


def test_a_card_put_on_top_above_it_moves_it_down(program):
    g = dealt(program)
    run_proc(g, "sentry", answers=["Estate"])
    run_proc(g, "gain_on_top")   # P2's Duchy on top of P1's deck: the known cards are 2nd and 3rd now
    mine = deck(g, 0, 0)
    assert places(mine) == [(("top", 2), "Gold"), (("top", 3), "Estate")]
    assert zone_text(mine, g.view(0)) == "5 secret (you know: 2nd Gold, 3rd Estate)"


def test_a_shuffle_forgets_the_places_but_not_the_cards(program):
    g = dealt(program)
    run_proc(g, "sentry", answers=["Estate"])
    run_proc(g, "reshuffle")
    mine = deck(g, 0, 0)
    assert places(mine) == [] and sorted(e["title"] for e in mine["known"]) == ["Estate", "Gold"]
    assert g.state.known_fields == {} and g.state.known == {"gold": {0}, "estate": {0}}
    assert zone_text(mine, g.view(0)) == "4 secret (you know: Estate, Gold)"


def test_bureaucrat_everyone_knows_the_victims_top_card(program):
    g = dealt(program)
    run_proc(g, "bureaucrat", player=1)   # P2 has one Victory card: the Duchy
    for seat in (0, 1):
        z = g.view(seat)["players"][1]["zones"]["deck"]
        assert places(z) == [(("top", 1), "Duchy")]
    assert zone_text(g.view(0)["players"][1]["zones"]["deck"], g.view(0)) == "1 secret (you know: 1st Duchy)"


def test_a_card_put_at_the_bottom_is_known_from_the_bottom(program):
    g = dealt(program)
    run_proc(g, "bury", player=1, answers=["Smithy"])
    run_proc(g, "bureaucrat", player=1)
    z = deck(g, 1, 1)
    assert places(z) == [(("bottom", 1), "Smithy"), (("top", 1), "Duchy")]
    assert zone_text(z, g.view(1)) == "2 secret (you know: 1st Duchy, last Smithy)"
    assert places(deck(g, 0, 1)) == [(("top", 1), "Duchy")]   # P1 knows the Duchy only


def test_the_trace_and_the_state_line_say_so(program):
    g = dealt(program)
    entries: list = []
    g.tracer = entries.append
    run_proc(g, "sentry", answers=["Estate"])
    assert [e.what for e in entries if e.kind == "move"][-1] == "Gold to the top of P1.deck"


def test_look_top_learns_the_places_without_moving_the_cards(program):
    g = dealt(program)
    entries: list = []
    g.tracer = entries.append
    run_proc(g, "peek")
    assert [e.title for e in g.state.players[0].zones["deck"]] == ["Gold", "Estate", "Copper", "Silver"]
    assert places(deck(g, 0, 0)) == [(("top", 1), "Gold"), (("top", 2), "Estate")]
    assert places(deck(g, 1, 0)) == []
    assert [e.what for e in entries if e.kind == "look"] == ["at the top 2 of P1.deck: Gold, Estate"]
    run_proc(g, "draw_one")
    assert zone_text(deck(g, 0, 0), g.view(0)) == "3 secret (you know: 1st Estate)"


def test_reveal_top_to_some_players(program):
    g = dealt(program)
    run_proc(g, "spy", player=1)   # P2 reveals the top of P1's deck to P2's opponents: P1
    assert places(deck(g, 0, 0)) == [(("top", 1), "Gold")] and places(deck(g, 1, 0)) == []


REFILLS = """
kind card {}
card gold "Gold" {}
card estate "Estate" {}
card copper "Copper" {}
zone deck per_player of card secret refills from discard;
zone discard per_player of card;
proc deal() { fill deck with card; draw 2 from deck to discard; }
proc peek() { look top 2 of deck; }
proc peek_some(n: int) { look top n of deck; }
"""

refills = rules_program(REFILLS)


def test_look_top_of_a_deck_that_refills_shuffles_its_discards_under_it(refills):
    g = Game(refills, 1, 1)
    run_proc(g, "deal")   # the deck: Copper; the discard pile: Gold, Estate
    run_proc(g, "peek")
    items = g.state.players[0].zones["deck"]
    assert len(items) == 3 and items[0].title == "Copper" and not g.state.players[0].zones["discard"]
    assert places(deck(g, 0, 0)) == [(("top", 1), "Copper"), (("top", 2), items[1].title)]
    with pytest.raises(Exception, match="E601|below 0|at least"):
        run_proc(g, "peek_some", -1)


@pytest.mark.parametrize("body, code, col", [
    ("look top c of deck;", "E303", 28),      # not a number
    ("look top 1 of c;", "E303", 33),         # not a zone
    ("reveal top 1 of row;", "W439", 19),     # everyone sees the row in order
])
def test_misuse_of_look_top(body, code, col):
    text = ("kind card {}\nzone deck per_player of card secret;\nzone row of card;\n"
            f"proc p(c: card) {{ {body} }}\n")
    assert [f for f in found_at(text) if f[0] != "W588"] == [(code, 4, col)]   # (c unread in the last)


def test_look_top_and_the_aggregate_top_both_parse():
    text = "kind card { age: int; }\nzone hand per_player of card hidden;\nzone deck of card secret;\n" \
           "proc p(n: int) { look top(c in hand, c.age); look top n of deck; reveal top 2 of deck to opponents; }\n"
    module, printed = printed_back(text)
    assert "look top(c in hand, c.age);" in printed and "look top n of deck;" in printed
    assert "reveal top 2 of deck to opponents;" in printed
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    sym = analyse_text(PACK).symbols
    assert "Look at the top 2 of your deck (only you see them), where they are" in "\n".join(reading(sym.decls["peek"], sym))


# ---------------------------------------------------------------- saved, digested, replayed
def test_saved_and_loaded_with_the_state(program, tmp_path):
    g = dealt(program)
    plain = g.state.digest()
    run_proc(g, "sentry", answers=["Estate"])
    data = g.state.to_json()
    assert data["known_fields"] == {"estate": {"@top": [0]}, "gold": {"@top": [0]}}
    assert g.state.digest() != plain
    save_state(g.state, tmp_path / "s.json")
    loaded = load_state(tmp_path / "s.json", program)
    assert loaded.known_fields == g.state.known_fields and loaded.digest() == g.state.digest()
    for bad in ({"gold": {"@left": [0]}}, {"gold": {"@top": [5]}}):
        with pytest.raises(StateError):
            check_saved({**json.loads(json.dumps(data)), "known_fields": bad}, program)
    assert State.from_json(data, program.entities).known_fields == loaded.known_fields


def test_a_logged_game_replays_the_same_and_both_backends_agree():
    digests = []
    for interpreted in (False, True):
        built = build_text(PACK, interpreted=interpreted)
        for seed in (1, 2, 3):
            g = Game(built, 2, seed, [RandomAgent(seed)] * 2)
            g.play()
            again = replay(built, record(g))
            assert again.state.digest() == g.state.digest()
            digests.append(g.state.digest())
    assert digests[:3] == digests[3:]


# ---------------------------------------------------------------- the hot seat (the audit's repro)
SENTRY = """
counter vp;
kind card {}
card gold "Gold" {}
card estate "Estate" {}
card copper "Copper" {}
card curse "Curse" {}
zone deck per_player of card secret;
zone looking per_player of card hidden;
proc sentry() {
  draw 2 from deck to looking;
  for each c in looking in any order "put which card back first?" {
    move c to top of deck known;
  }
  choose "what now?" {
    option "draw the top card" { gain 1 vp; }
    option "pass" {}
  }
}
game sentry_knowledge {
  seats 1 to 1;
  phase setup { fill deck with card; }
  phase play { sentry(); }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_shows_the_owner_the_cards_they_put_back(interpreted):
    from rulebook.runtime.agents import HumanAgent

    from .test_screen import ScriptedConsole

    console = ScriptedConsole(["1", "1"])
    Game(build_text(SENTRY, interpreted=interpreted), 1, 1, [HumanAgent(console)]).play()
    last = console.screens[-1]
    assert "your deck: 4 secret (you know: 1st Estate, 2nd Gold)" in last
    assert "out of sight" not in last
