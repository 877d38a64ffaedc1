"""Zones a card holds (`kind bird { tucked: zone of card secret; }`, docs 3.7): one pile per copy, read as
`b.tucked` wherever a zone goes (move, draw, move all, fill, size, first, loops, picks); `move` into one
announces `on` (the card) with the owner of the card's zone as subject; what a card holds stays with it; kept
in the state only while it holds something (saved, loaded, digested, checked), shown with the card in views
(a secret one by its size) and --show-state; misuse E415, E416, E417, W496; fmt and explain; random games
alike on both backends and replayed through JSON. From the Wingspan audit (tucked cards, cached food)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import (explained, found_at, printed_back, random_games_agree, replays_through_json,
                       rules_programs, run_proc, the_one_error)

PACK = """
counter vp;
counter tucks;
kind card "Card" { points: int = 0; }
kind bird "Bird" {
  tucked: zone of card secret;
  cached: zone of card;
  points: int = 0;
  whenever anyone move(on = this) in board { gain 1 tucks; }
}
card c "Card {points}" * 6 { points = copy_number; }
bird jay "Blue Jay" { points = 3; }
bird wren "Wren" { points = 2; }
bird robin "Robin" * 2 { }
zone deck of card secret;
zone discard of card;
zone hand per_player of card hidden;
zone board per_player of bird;
zone birds of bird;
zone bird_deck of bird secret;
proc setup_board() { fill deck with card; fill birds with bird; move jay to board; move wren to board; }
"""

program = rules_programs(PACK)


def game(program, procs: str = "", players: int = 2) -> Game:
    g = Game(program(procs), players, 1)
    run_proc(g, "setup_board")
    return g


def pile(g: Game, card: str, field: str = "tucked") -> list[str]:
    return [e.name for e in g.state.held.get(f"{card}.{field}", [])]


def test_one_pile_per_card_moved_into_drawn_into_counted(program):
    g = game(program, """
proc p() {
  draw 2 from deck to jay.tucked;
  move first(deck) to wren.tucked;
  move first(deck) to jay.cached;
  gain size(jay.tucked) * 10 + size(wren.tucked) vp;
  gain count(x in jay.tucked where x.points > 1) vp;
  for each x in jay.cached { gain x.points vp; }
}""")
    run_proc(g, "p")
    assert pile(g, "jay") == ["c", "c#2"] and pile(g, "wren") == ["c#3"] and pile(g, "jay", "cached") == ["c#4"]
    assert g.state.players[0].stock["vp"] == 21 + 1 + 4
    assert g._entity_attr(g.program.entities["c#4"], "zone") == "cached"   # `x.zone`: the pile's name


def test_fill_a_pile(program):
    g = game(program, "proc p() { fill jay.tucked with card where it.points > 4; }")
    run_proc(g, "p")
    assert pile(g, "jay") == ["c#5", "c#6"] and [e.name for e in g.state.zones["deck"]] == ["c", "c#2", "c#3", "c#4"]


def test_each_copy_holds_its_own_pile(program):
    g = game(program, "proc p() { for each b in birds where b.name == \"robin\" { draw 1 from deck to b.tucked; } }")
    run_proc(g, "p")
    assert pile(g, "robin") == ["c"] and pile(g, "robin#2") == ["c#2"]


def test_a_move_into_it_announces_on_the_card_for_whose_zone_it_is_in(program):
    g = game(program, """
proc watch() { whenever anyone move(on = jay) { say "{it.item} under {it.on} ({it.dest})"; } }
proc p() { move first(deck) to jay.tucked; move first(deck) to wren.tucked; move first(deck) to discard; }""")
    run_proc(g, "watch")
    run_proc(g, "p", answers=[0])   # the Jay's reaction and the watch fire at once: which first is asked
    assert g.messages == ["P1: Card 1 under Blue Jay (tucked)"]
    # the kind's reaction fired for the owner of the board both birds are on, once per move into a pile
    assert g.state.players[0].stock["tucks"] == 2 and g.state.players[1].stock["tucks"] == 0


def test_what_a_card_holds_stays_with_it(program):
    g = game(program, "proc p() { draw 2 from deck to jay.tucked; move jay to birds; move all of jay.tucked to discard; }")
    run_proc(g, "p")
    assert pile(g, "jay") == [] and [e.name for e in g.state.zones["discard"]] == ["c", "c#2"]


def test_a_card_under_itself_or_under_what_it_holds_stops_play(program):
    text = """
kind box { inside: zone of box; }
box a { } box b { } box d { }
proc p() { move b to a.inside; move d to b.inside; move a to d.inside; }
proc q(x: box, y: box) { move x to y.inside; }"""
    g = Game(program(text), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "p")
    assert err.value.code == "E601" and "cannot move a into d.inside: d is under a" in str(err.value)
    g = Game(program(text), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "q", g.program.entities["a"], g.program.entities["a"])
    assert err.value.code == "E601" and "a card cannot hold itself" in str(err.value)
    g = Game(program(text + " proc f() { fill b.inside with box where it.name != \"a\"; }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:   # fill moves each card as move does: b is no box of b's
        run_proc(g, "f")
    assert err.value.code == "E601" and "a card cannot hold itself" in str(err.value)


def test_a_card_of_a_kind_holding_none_stops_play(program):
    g = game(program, "proc p(x: any) { move first(deck) to x.tucked; }")
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "p", g.program.entities["c"])
    assert err.value.code == "E601" and "holds no zone 'tucked' (the cards of bird do)" in str(err.value)


def test_kept_only_while_it_holds_something_saved_loaded_and_checked(program):
    g = game(program, "proc p() { draw 2 from deck to jay.tucked; } proc q() { move all of jay.tucked to deck; }"
                      "proc r() { gain size(wren.tucked) vp; lose size(wren.tucked) vp; }")
    before = g.state.digest()
    run_proc(g, "r")   # a pile read, never filled: nothing kept
    assert g.state.digest() == before and "held" not in g.state.to_json()
    run_proc(g, "p")
    data = g.state.to_json()
    assert data["held"] == {"jay.tucked": ["c", "c#2"]}
    check_saved(data, g.program)
    again = State.from_json(data, g.program.entities)
    assert again.digest() == g.state.digest() and again.where["c#2"][1] == "tucked"
    bad = dict(data, held={"c.tucked": ["c#3"]})
    with pytest.raises(StateError, match="no zone a card of this game holds"):
        check_saved(bad, g.program)
    bad = dict(data, held={"jay.tucked": ["c"]})   # c is also in the deck? it is not: in the pile only
    check_saved(bad, g.program)
    with pytest.raises(StateError, match="cannot hold itself"):
        check_saved(dict(data, held={"jay.tucked": ["c", "c#2"], "wren.tucked": ["wren"]}), g.program)
    bad = dict(data, held={"jay.tucked": ["c#3"]})   # c#3 is in the deck too
    with pytest.raises(StateError, match="is in"):
        check_saved(bad, g.program)
    run_proc(g, "q")
    assert "held" not in g.state.to_json()


def test_views_show_a_pile_with_its_card_as_its_visibility_says(program):
    from rulebook.runtime.view import changed_text
    g = game(program, "proc p() { draw 2 from deck to jay.tucked; draw 1 from deck to jay.cached; }")
    run_proc(g, "p")
    for seat in (0, 1):
        view = g.view(seat)
        jay = view["players"][0]["zones"]["board"]["items"][0]
        assert jay["holds"]["tucked"]["size"] == 2 and "items" not in jay["holds"]["tucked"]   # secret
        assert [i["title"] for i in jay["holds"]["cached"]["items"]] == ["Card 3"]
        assert changed_text(jay, view) == " (tucked 2, cached 1: Card 3)"
        assert "holds" not in view["players"][0]["zones"]["board"]["items"][1]   # the Wren holds nothing


def test_show_state_lists_what_a_card_holds():
    from rulebook.cli import _marks_text
    from .conftest import build_text
    g = Game(build_text(PACK), 2, 1)
    run_proc(g, "setup_board")
    src = g.zone(None, "deck")
    g.move(src.items[0], g.card_zone(g.program.entities["wren"], "cached"))
    assert _marks_text(g, g.program.entities["wren"]) == " [cached (1): Card 1]"


def test_random_games_agree_and_replay():
    text = PACK + """
proc turn() {
  choose "what?" {
    option "play a bird" { pick b from birds "which?" optional { move b to board; } }
    option "tuck" { pick b from board "behind?" optional { draw 1 from deck to b.tucked; } }
    option "tuck from hand" {
      pick x from hand "which card?" optional { pick b from board "behind?" { move x to b.tucked; } }
    }
    option "draw" { draw 2 from deck to hand; }
    option "cache" { pick b from board "on?" optional { draw 1 from deck to b.cached; } }
    option "spend a cached card" {
      pick b from board where size(b.cached) > 0 "from?" optional { move first(b.cached) to discard; gain 2 vp; }
    }
  }
}
game g "Tucks" {
  seats 2 to 4;
  phase setup { fill deck with card; shuffle deck; fill birds with bird; }
  phase play { repeat 6 { each players: turn(); } }
  winner most vp + tucks + total(b in board, size(b.tucked) + count(x in b.cached where x.points > 3));
}"""
    random_games_agree(text, seeds=range(1, 5))
    from .conftest import build_text
    for interpreted in (False, True):
        replays_through_json(build_text(text, interpreted=interpreted), 3)


def test_fmt_round_trip():
    _module, printed = printed_back("""kind card { }
kind bird { tucked: zone of card secret; cached: zone of card; open: zone of card public; x: int = 0; }
bird jay { }
proc p(b: bird) { draw 1 from deck to b.tucked; move first(b.cached) to b.tucked; }
zone deck of card;
""")
    assert "tucked: zone of card secret;" in printed and "cached: zone of card;" in printed
    assert "draw 1 from deck to b.tucked;" in printed


def test_content_digest_of_other_packs_is_unchanged():
    from rulebook.dsl.parser import parse_text
    text = "kind k { x: int = 1; links: list of k; z: zone; } k a { links = []; z = hand; } zone hand of k;"
    assert "held=" not in repr(parse_text(text))


def test_explain_reads_the_pile_and_the_reaction():
    result = analyse_text(PACK)
    words = explained(result, "bird")
    assert "tucked (a pile of cards the card holds, empty at first, face down: only how many is seen)" in words
    assert "Whenever any player moves a card into a zone this card holds" in words


def test_misuse_E415():
    base = ("kind card { p: int = 0; } kind bird { tucked: zone of card; x: int = 0; } kind tile { n: int = 0; }\n"
            "card c1 { } bird jay { } tile t1 { }\n")
    the_one_error(analyse_text(base + "proc p() { move c1 to t1.tucked; }"), "E415", "a tile holds no zone 'tucked'")
    the_one_error(analyse_text(base + "proc p() { move c1 to jay.x; }"), "E415", "jay.x is a number, not a zone")
    assert ("E415", 3, 26) in found_at(base + "proc p() { move c1 to t1.tucked; }")


def test_misuse_E416_and_W496():
    base = ("kind card { } kind bird { tucked: zone of card; } bird jay { }\n"
            "zone bird_deck of bird secret; zone board per_player of bird;\n")
    the_one_error(analyse_text(base + "proc p() { move jay to jay.tucked; }"), "E416", "a card cannot go into a zone it holds")
    for body in ("proc p(b: bird) { move b to bird_deck; }", "proc p() { move all of board to bird_deck; }",
                 "proc p() { draw 1 from board to bird_deck; }"):
        assert [d.code for d in analyse_text(base + body).diagnostics if d.code != "W401"] == ["W496"]
    assert [d.code for d in analyse_text(base + "proc p() { fill bird_deck with bird; }").diagnostics
            if d.code != "W401"] == []   # a setup's fill: nothing is held yet


def test_misuse_E417():
    the_one_error(analyse_text("kind k { z: zone of k = 1; }"), "E417", "a default")
    the_one_error(analyse_text("kind k { z: zone of k hidden; }"), "E417", "no owner")
    the_one_error(analyse_text("kind k { z: zone of k hidden from owner; }"), "E417", "no owner")
    the_one_error(analyse_text("zone z of k; kind k { z: zone of k; }"), "E417", "a zone of the game")
    the_one_error(analyse_text("kind k { z: zone of k secret; } kind m { z: zone of k; }"), "E417", "one visibility")
    the_one_error(analyse_text("kind k { z: zone of k; } k a { z = 1; }"), "E417", "gives it no value")
    the_one_error(analyse_text("kind k { z: zone secret; }"), "E417", "say what it holds")
    the_one_error(analyse_text("kind k { shown z: zone of k; }"), "E417", "'shown'")
    base = "kind k { z: zone of k; } k a { }\n"
    the_one_error(analyse_text(base + "proc p() { set a.z = 1; }"), "E417", "it is not set")
    the_one_error(analyse_text(base + "proc p() { reset z of k; }"), "E417", "not reset")
    the_one_error(analyse_text("kind k { z: zone of nothing; }"), "E204", "nothing")


def test_a_pick_from_a_secret_pile_is_W421():
    base = "kind card { } kind bird { tucked: zone of card secret; cached: zone of card; } bird jay { }\n"
    assert [d.code for d in analyse_text(base + "proc p() { pick c from jay.tucked { } }").diagnostics] == ["W421"]
    assert [d.code for d in analyse_text(base + "proc p() { pick c from jay.cached { } }").diagnostics] == []


def test_only_a_pack_whose_cards_hold_zones_plays_as_a_holding_game():
    from rulebook.runtime.engine import HoldingGame, SuppliedGame, SuppliedHoldingGame
    from .conftest import build_text
    assert type(Game(build_text("kind card { } card c { } zone deck of card;"), 2, 1)) is Game
    assert type(Game(build_text(PACK), 2, 1)) is HoldingGame
    supplied = "resource coin supply 10;\n"
    assert type(Game(build_text(supplied + "kind card { } card c { }"), 2, 1)) is SuppliedGame
    g = Game(build_text(supplied + PACK + "proc p() { gain 2 coin; draw 1 from deck to jay.tucked; }"), 2, 1)
    assert type(g) is SuppliedHoldingGame
    run_proc(g, "setup_board")
    run_proc(g, "p")
    assert pile(g, "jay") == ["c"] and g.state.supply["coin"] == 8


def test_a_record_holds_no_zone():
    """A record is a value: `z: zone of card` in one is E417 (it was a NameError in the parser)."""
    from .conftest import found_at
    assert [f for f in found_at("kind card { }\nrecord r { z: zone of card; }\n") if f[0] == "E417"] == [("E417", 2, 12)]
