"""`swap ZONE with ZONE;`: two zones exchange their contents, each keeping its order and its own
visibility (Love Letter's King, Cosmic Encounter's Trader and Sorcerer, Uno's 7-0): on both backends,
one `move` event per card, knowledge forgotten as `move` forgets it, saved and replayed, printed back,
explained, and its misuse diagnosed (E556, E557, W541)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.highlight import CONTEXTUAL
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import printed_back, random_games_agree, replays_through_json, run_proc, the_one_error

# Love Letter (five named cards, for illustration): the Priest looks at a hand, the King trades hands;
# every player counts the cards that come into their hand.
CARDS = """
counter received;
kind card { strength: int; }
card guard "Guard" { strength = 1; }
card priest "Priest" { strength = 2; }
card baron "Baron" { strength = 3; }
card king "King" { strength = 6; }
card princess "Princess" { strength = 8; }
zone deck of card secret;
zone hand per_player of card hidden;
zone discards per_player of card;
whenever you move(dest = hand) { gain 1 received; }
proc deal() {
  move guard to hand;
  move priest to hand;
  each left: move baron to hand;
  each right: move princess to hand;
}
proc peek(p: player) { look p.hand; }
proc trade(p: player) { swap hand with p.hand; }
proc trade_back(p: player) { swap p.hand with hand; }
proc to_deck() { swap discards with deck; shuffle deck; }
"""
FIXED = CARDS + "game g { seats 2 to 4; phase setup { each you: deal(); } phase play { } winner most received; }\n"

program = pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])(
    lambda request: build_text(FIXED, interpreted=request.param))


def hands(game) -> list:
    return [[e.name for e in game.zone(p, "hand").items] for p in game.state.players]


def dealt(program) -> Game:
    game = Game(program, 3, 1)
    game.start()   # the setup deals: P1 guard, priest; P2 baron; P3 princess
    return game


def test_the_zones_exchange_their_contents_in_order(program):
    game = dealt(program)
    assert hands(game) == [["guard", "priest"], ["baron"], ["princess"]]
    p2 = game.state.players[1]
    run_proc(game, "trade", p2)
    assert hands(game) == [["baron"], ["guard", "priest"], ["princess"]]
    run_proc(game, "trade_back", p2)   # written the other way round: the same exchange
    assert hands(game) == [["guard", "priest"], ["baron"], ["princess"]]
    where = game.state.where
    assert where["guard"][0] is game.state.players[0] and where["baron"][0] is p2


def test_each_card_announces_a_move(program):
    game = dealt(program)
    assert [p.stock["received"] for p in game.state.players] == [2, 1, 1]
    run_proc(game, "trade", game.state.players[1])
    # P1 received the Baron (one event), P2 the Guard and the Priest (two)
    assert [p.stock["received"] for p in game.state.players] == [3, 3, 1]


def test_an_empty_zone_swapped_takes_the_other_and_leaves_it_empty(program):
    game = dealt(program)
    run_proc(game, "to_deck")   # nothing discarded yet: the deck (empty too) stays empty, nothing announced
    assert game.zone(None, "deck").items == [] and game.state.players[0].stock["received"] == 2
    game.move(game.program.entities["king"], game.zone(game.state.players[0], "discards"))
    run_proc(game, "to_deck")
    assert [e.name for e in game.zone(None, "deck").items] == ["king"]
    assert game.zone(game.state.players[0], "discards").items == []


def test_each_zone_keeps_its_visibility_and_what_was_seen_is_forgotten(program):
    game = dealt(program)
    p1, p2, p3 = game.state.players
    run_proc(game, "peek", p2, player=2)   # P3 looks at P2's hand: the Baron
    assert [c["name"] for c in game.view(2)["players"][1]["zones"]["hand"]["known"]] == ["baron"]
    run_proc(game, "trade", p2)
    seen_by_p3 = game.view(2)["players"]
    # the Baron is in P1's hand now, hidden as that hand hides it; P3 knows nothing of either hand
    assert seen_by_p3[0]["zones"]["hand"] == {"visibility": "hidden", "size": 1, "known": []}
    assert seen_by_p3[1]["zones"]["hand"] == {"visibility": "hidden", "size": 2, "known": []}
    mine = game.view(1)["players"][1]["zones"]["hand"]   # P2 sees the cards that came into their hand
    assert [c["name"] for c in mine["items"]] == ["guard", "priest"]


def test_the_trace_says_it_once(program):
    game = dealt(program)
    lines = []
    game.tracer = lambda e: lines.append(e.describe())
    run_proc(game, "trade", game.state.players[2])
    swaps = [line for line in lines if "swap" in line]
    assert swaps == ["P1: P1 and P3 swap hand: P1.hand now holds Princess; P3.hand Guard, Priest"]
    assert not any(line.startswith("P1: move") for line in lines)   # no line per card


def test_a_zone_that_turns_out_to_be_the_same_stops_play(program):
    game = dealt(program)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(game, "trade", game.state.players[0])
    assert e.value.code == "E601" and "cannot swap P1.hand with itself" in str(e.value)


# a whole game: the King is played at random by random agents
GAME = """
counter received;
kind card { strength: int; }
card guard "Guard" * 5 { strength = 1; }
card priest "Priest" * 2 { strength = 2; }
card king "King" * 2 { strength = 6; }
card princess "Princess" { strength = 8; }
zone deck of card secret;
zone hand per_player of card hidden;
zone discards per_player of card;
whenever you move(dest = hand) { gain 1 received; }
proc play_card() {
  pick c from hand "play which card?" {
    move c to discards;
    if c.strength == 6 {
      pick p from opponents "trade hands with whom?" { swap hand with p.hand; }
    }
  }
}
game love_letter {
  seats 2 to 4;
  phase setup { fill deck with card; shuffle deck; each players: draw 1 from deck to hand; }
  phase play { repeat 2 { each players { draw 1 from deck to hand; play_card(); } } }
  winner most total(c in hand, c.strength) then most received;
}
"""


def test_both_backends_play_the_same_games():
    random_games_agree(GAME, seeds=range(1, 9), counts=(2, 3, 4))


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_game_with_swaps_saves_and_replays(interpreted):
    replays_through_json(build_text(GAME, interpreted=interpreted), 3)


def test_it_prints_back_and_reads_in_words():
    _module, printed = printed_back(FIXED)
    assert "  swap hand with p.hand;\n" in printed and "  swap discards with deck;\n" in printed
    result = analyse_text(FIXED)
    assert result.ok, result.diagnostics
    words = [w.strip() for w in reading(result.symbols.decls["trade"], result.symbols)]
    assert words == ["Swap the cards of your hand with those of p's hand: each takes all the other held, "
                     "in the same order."]
    assert "swap" in CONTEXTUAL


def test_swap_stays_a_name_elsewhere():
    for text in ("proc swap(n: int) { }\nproc q() { swap(1); }\n", "counter swap;\nproc q() { gain 1 swap; }\n",
                 "proc q() { let swap = 2; gain swap received; }\n"):
        result = analyse_text(FIXED + text)
        assert result.ok and not [d for d in result.diagnostics if d.severity == "warning"], result.diagnostics


ZONES = """
kind card { strength: int; }
kind token { }
zone hand per_player of card hidden;
zone tableau per_player of card or token;
zone deck of card secret;
zone bag of token;
zone row[1..3] of card;
"""


@pytest.mark.parametrize("body, code, message", [
    ("swap hand with hand;", "E556", "'swap hand with hand;' swaps a zone with itself"),
    ("swap p.hand with p.hand;", "E556", "swaps a zone with itself"),
    ("swap hand with bag;", "E557", "'bag' holds token, but the swap puts card into it"),
    ("swap hand with tableau;", "E557", "'hand' holds card, but the swap puts token into it"),
    ("swap row with hand;", "E312", "'row' is indexed"),
    ("swap hand with nowhere;", "E209", "unknown zone 'nowhere'"),
    ("swap hand with 3;", "E303", "expected a zone"),
])
def test_misuse_is_diagnosed(body, code, message):
    the_one_error(analyse_text(ZONES + "proc f(p: player) { " + body + " }"), code, message)


def test_the_diagnostics_are_placed_with_a_hint():
    result = analyse_text(ZONES + "proc f() {\n  swap hand with bag;\n}\n")
    (d,) = [d for d in result.diagnostics if d.code == "E557"]
    assert (d.span.line, d.span.column) == (ZONES.count("\n") + 2, 18)
    assert "declare both zones of the same kinds ('of card or token')" in d.hint


def test_a_secret_zone_swapped_with_a_seen_one_is_shuffled_after():
    warned = analyse_text(ZONES + "proc f() { swap hand with deck; }")
    (w,) = [d for d in warned.diagnostics if d.severity != "info"]
    assert w.code == "W541" and "'deck' is secret, but what the swap puts into it comes from 'hand'" in w.message
    assert w.hint == "shuffle it right after: 'shuffle deck;'"
    quiet = analyse_text(ZONES + "proc f() { swap deck with hand; shuffle deck; swap row[1] with row[2]; }")
    assert not [d for d in quiet.diagnostics if d.severity != "info"], quiet.diagnostics


def test_a_capped_zone_is_checked_after_a_swap():
    text = """
kind card { strength: int; }
card a "A" { strength = 1; }
card b "B" { strength = 2; }
card c "C" { strength = 3; }
zone hand per_player of card hidden cap 1 over too_many;
zone pile per_player of card;
zone discard of card;
proc too_many(n: int) { draw n from hand to discard; }
proc deal() { move a to pile; move b to pile; move c to hand; }
proc trade() { swap hand with pile; }
game g { seats 2 to 2; phase setup { deal(); } phase play { } winner most size(hand); }
"""
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        game.start()
        run_proc(game, "trade")
        you = game.state.players[0]
        # the two cards of the pile came into the hand: one over the cap goes to the discard pile
        assert [e.name for e in game.zone(you, "hand").items] == ["b"]
        assert [e.name for e in game.zone(you, "pile").items] == ["c"]
        assert [e.name for e in game.zone(None, "discard").items] == ["a"]


def test_the_reference_example_plays_on_both_backends():
    from pathlib import Path

    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    start = doc.index("# Love Letter: the King trades hands")
    example = doc[start:doc.index("```", start)]
    random_games_agree(example, seeds=range(1, 6), counts=(2, 4))


def test_a_display_source_a_swap_fills_is_not_warned_empty():
    text = """
kind card { }
card c "C" * 6 { }
zone deck of card secret;
zone box of card;
zone market of card show 2 from deck;
proc lay_out() { fill box with card; swap box with deck; shuffle deck; fill market; }
"""
    codes = [d.code for d in analyse_text(text).diagnostics]
    assert "W522" not in codes, codes
    codes = [d.code for d in analyse_text(text.replace("swap box with deck;", "")).diagnostics]
    assert "W522" in codes, codes


def test_a_card_each_player_has_cannot_change_hands():
    text = """
kind aid per_player { }
aid shield "Shield" { }
zone kept per_player of aid;
proc deal() { move shield to kept; }
proc trade(p: player) { swap kept with p.kept; }
game g { seats 2 to 2; phase setup { each players: deal(); } phase play { } winner most 0; }
"""
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        game.start()
        with pytest.raises(RulesRuntimeError) as e:
            run_proc(game, "trade", game.state.players[1])
        assert e.value.code == "E601" and "belongs to each player: it cannot change hands" in str(e.value)
