"""The repeats branch, each on both backends, with fmt, explain and its diagnostics:
- `pick ... exactly N with repeats` (4.21): N picks, each of any element, one picked before too (Mastermind's
  code, a "Pick 3" lottery ticket); `let n = pick` read in the prompt and the body (the picks so far); E579, W560;
- `refills(deck)` and `refills from PILE N times` (3.9): a deck's refills counted, and limited (Bohnanza's
  "the third time the deck runs out", a Dominion solo challenge); E580, W561;
- `hold DISPLAY { ... }` (3.9): a display set out again for a new round, chosen cards first (Jaipur's camels,
  a Ticket to Ride house rule's Locomotive)."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State

from .conftest import explained, found_at, parse_error, printed_back, random_games_agree, rules_program, run_proc

DOCS = (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def snippet(first_line: str) -> str:
    """The rules of the docs' example that begins with this comment line, to its closing fence."""
    text = DOCS[DOCS.index(first_line):]
    return text[:text.index("```")]


PICK3 = snippet('# A "Pick 3" lottery')

# the docs' lottery as a game (tests/test_leftovers.py amends it)
LOTTERY_GAME = PICK3 + """
game pick3 "Pick 3" {
  seats 1 to 4;
  phase play {
    each players: buy_ticket();
    draw_digits();
  }
  winner most points;
}
"""

LOTTERY = LOTTERY_GAME + """
# up to 3 digits, any of them again, "none" to stop
proc short_ticket() {
  let n = pick d from 1..3 "digit {n + 1}?" up to 3 with repeats { set ticket[n] = d; };
  gain n points;
}

# every player at once, in secret: two digits each, one may be the other
proc secret_digits() {
  each players simultaneously pick d from 1..3 "a digit" exactly 2 with repeats { gain d points; }
}
"""

program = rules_program(LOTTERY)


def ticket(game: Game, seat: int = 0) -> list[int]:
    return [game.state.players[seat].stock[f"ticket[{i}]"] for i in (1, 2, 3)]


def test_each_pick_offers_every_digit_again_and_the_count_names_the_digit_asked(program):
    game = Game(program, 1, 1)
    asked = run_proc(game, "buy_ticket", answers=["7", "0", "7"])
    assert [d.prompt for d in asked] == ["digit 1 of your ticket", "digit 2 of your ticket",
                                         "digit 3 of your ticket"]
    assert all(d.options == [str(i) for i in range(10)] for d in asked)   # the 7 picked is offered again
    assert ticket(game) == [7, 0, 7]


def test_up_to_n_with_repeats_offers_none_and_counts_the_picks(program):
    game = Game(program, 1, 1)
    asked = run_proc(game, "short_ticket", answers=["2", "2", "none"])
    assert [d.options for d in asked] == [["1", "2", "3", "none"]] * 3
    assert ticket(game)[:2] == [2, 2] and game.state.players[0].stock["points"] == 2


def test_a_simultaneous_pick_with_repeats_may_take_one_digit_twice(program):
    game = Game(program, 2, 1)
    asked = run_proc(game, "secret_digits", answers=["3", "3", "1", "2"])
    assert [len(d.options) for d in asked] == [3] * 4
    assert [p.stock["points"] for p in game.state.players] == [6, 3]


def test_the_random_draw_repeats_a_digit_in_some_games_and_the_backends_agree():
    random_games_agree(LOTTERY, seeds=range(1, 4), counts=(1, 3))
    repeated = 0
    for seed in range(40):
        game = Game(build_text(LOTTERY), 1, seed, make_agents("random", 1, seed))
        game.play()
        digits = [game.state.globals[f"drawn[{i}]"] for i in (1, 2, 3)]
        repeated += len(set(digits)) < 3
    assert repeated > 0   # without repeats, three digits of ten would always differ


def test_fmt_and_explain_read_it():
    _module, printed = printed_back(LOTTERY)
    assert 'pick d from 0..9 "digit {n + 1} of your ticket" exactly 3 with repeats {' in printed
    assert "exactly 3 with repeats at random {" in printed
    words = explained(analyse_text(LOTTERY), "buy_ticket")
    assert "3 times: pick one d (one picked before may be picked again) from 0 to 9" in words
    assert "picks exactly 2 d (each may be one picked before) from 1 to 3" in \
        explained(analyse_text(LOTTERY), "secret_digits")


COUNTERS = "counter points;\n"


def test_with_repeats_after_anything_but_a_count_is_e579():
    for mode in ("repeatedly", "", "optional", "at random"):   # (`at least M with repeats`: tests/test_trial22.py)
        text = COUNTERS + f"proc p() {{ pick d from 1..6 {mode.replace('at random', '')} with repeats " \
            f"{'at random' if mode == 'at random' else ''} {{ gain d points; }} }}\n"
        assert [c for c, *_ in found_at(text)] == ["E579"], mode


def test_exactly_one_with_repeats_is_w560_at_the_count():
    text = COUNTERS + "proc p() {\n  pick d from 1..6 exactly 1 with repeats { gain d points; }\n}\n"
    assert found_at(text) == [("W560", 3, 28)]


def test_another_word_after_with_is_e100():
    d = parse_error(COUNTERS + "proc p() { pick d from 1..6 exactly 2 with replacement { gain d points; } }\n")
    assert d.code == "E100" and "'with replacement'" in d.message and "with repeats" in d.hint


# ---------------------------------------------------------------- refills(deck), refills from PILE N times

SOLO = snippet("# Dominion played solo")

UNO = """
kind card { number: int; }
card one "1" * 3 { number = 1; }
zone deck of card secret refills from discard 2 times;
zone discard of card;
zone stock per_player of card secret refills from spent;
zone spent per_player of card;
zone hand per_player of card;
counter seen "Refills seen";
counter stocked "Stock refills";

proc draw_round() {
  draw 2 from deck to hand;
  set seen = refills(deck);
  move all of hand to discard;
}

proc restock(p: player) {
  draw 1 from p.stock to hand;
  set stocked = refills(p.stock);
}
"""

deck_program = rules_program(UNO)


def test_the_count_grows_at_each_refill_and_the_deck_runs_out_after_the_last(deck_program):
    game = Game(deck_program, 2, 1)
    ones = [e for n, e in deck_program.entities.items() if n.startswith("one")]
    for card in ones:
        game.move(card, game.zone(None, "deck"))
    seen = []
    for _ in range(6):
        run_proc(game, "draw_round")
        seen.append((game.state.players[0].stock["seen"], len(game.zone(None, "deck").items),
                     len(game.zone(None, "discard").items)))
    # 3 cards: 2 drawn; the last and, the pile shuffled in (the 1st refill), one more; likewise (the 2nd); then
    # the last card alone, and nothing: the deck runs out for good, the cards stay in the pile
    assert seen == [(0, 1, 2), (1, 1, 2), (2, 1, 2), (2, 0, 3), (2, 0, 3), (2, 0, 3)]
    assert game.state.refilled == {"deck": 2}


def test_a_per_player_deck_counts_its_own_and_an_empty_pile_is_no_refill(deck_program):
    game = Game(deck_program, 2, 1)
    p1, p2 = game.state.players
    ones = [e for n, e in deck_program.entities.items() if n.startswith("one")]
    game.move(ones[0], game.zone(p2, "spent"))
    run_proc(game, "restock", p2)   # P2's stock empty: P2's spent pile shuffled in, drawn
    run_proc(game, "restock", p1)   # P1's stock and pile empty: nothing drawn, nothing refilled
    assert game.state.refilled == {"P2.stock": 1} and p1.stock["stocked"] == 0


def test_the_count_is_saved_with_the_game_and_a_pack_that_reads_none_keeps_none():
    random_games_agree(SOLO, seeds=range(1, 4), counts=(1,))
    game = Game(build_text(SOLO), 1, 2, make_agents("random", 1, 2))
    game.play()
    assert game.state.refilled == {"P1.deck": 5} and game.state.to_json()["refilled"] == {"P1.deck": 5}
    again = State.from_json(game.state.to_json(), game.program.entities)
    assert again.digest() == game.state.digest()
    plain = SOLO.replace(" 5 times;", ";").replace("size(deck) == 0 and refills(deck) == 5", "size(supply) < 7")
    game = Game(build_text(plain), 1, 2, make_agents("random", 1, 2))
    game.play()
    assert game.state.refilled == {} and "refilled" not in game.state.to_json()


def test_fmt_and_explain_read_the_limit_and_the_count():
    _module, printed = printed_back(SOLO)
    assert "zone deck per_player of card secret refills from discard 5 times;" in printed
    result = analyse_text(SOLO)
    assert "This happens at most 5 times; after that it simply runs out." in explained(result, "deck")
    assert "how many times your deck was refilled from its pile so far is 5" in explained(result, "over")


def test_refills_of_a_zone_that_does_not_refill_is_e580_with_the_decks_that_do():
    text = UNO + "func f(): int = refills(discard);\nfunc g(): int = refills(seen);\n"
    result = analyse_text(text)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line) for d in errors] == [("E580", 22), ("E580", 23)]
    assert "'discard' is not declared 'refills from PILE'" in errors[0].message and "'deck'" in errors[0].hint
    assert "not a deck" in errors[1].message


def test_refilling_zero_times_is_w561_and_another_word_is_e100():
    text = UNO.replace("refills from discard 2 times", "refills from discard 0 times")
    assert ("W561", 4, 39) in found_at(text)
    d = parse_error(UNO.replace("2 times", "2 turns"))
    assert d.code == "E100" and "'turns'" in d.message and "2 times" in d.hint


# ---------------------------------------------------------------- hold DISPLAY { ... }

TTR = snippet("# Ticket to Ride (a house rule, for illustration): each round begins") + """
proc take_card() {
  pick t from market "take which card?" { move t to hand; }
}
"""

ttr_program = rules_program(TTR)


def market(game: Game) -> list[str]:
    return [c.title for c in game.zone(None, "market").items]


def test_a_held_display_gets_its_chosen_card_first_then_is_laid_out_from_the_shuffled_deck(ttr_program):
    game = Game(ttr_program, 2, 1)
    run_proc(game, "new_round")   # the first round lays it out too: no `fill market;` anywhere
    assert len(market(game)) == 5 and market(game)[0] == "Locomotive"
    assert game.state.shown == ["market"]
    run_proc(game, "take_card", answers=["Red"])   # kept filled from then on
    assert len(market(game)) == 5
    for _ in range(2):   # a later round: every card back, one Locomotive first again (not the deck's top five)
        run_proc(game, "new_round")
        assert len(market(game)) == 5 and market(game)[0] == "Locomotive"
        assert len(game.zone(None, "train_deck").items) == 11


def test_games_holding_the_display_agree_on_both_backends():
    game = """
game ttr "TTR" {
  seats 2 to 2;
  phase play {
    new_round();
    each players: take_card();
    new_round();
    each players: take_card();
  }
  winner most size(hand);
}
"""
    random_games_agree(TTR + game, seeds=range(1, 4), counts=(2,))


def test_fmt_and_explain_read_hold():
    _module, printed = printed_back(TTR)
    assert "  hold market {\n    fill train_deck with train;" in printed
    words = explained(analyse_text(TTR), "new_round")
    assert "With the face-up cards not refilled meanwhile:" in words and "Then:" in words
    assert "Lay out the face-up cards from the train deck" in words


def test_no_w549_nor_w513_inside_a_hold_but_both_outside():
    gathered = TTR + "proc regroup() {\n  move all of market to train_deck;\n  draw 1 from train_deck to market;\n}\n"
    assert [c for c, *_ in found_at(gathered)] == ["W549", "W513"]
    held = gathered.replace("proc regroup() {\n", "proc regroup() {\n  hold market {\n").replace(
        "to market;\n}\n", "to market;\n  }\n}\n")
    assert [c for c, *_ in found_at(held)] == []


def test_holding_a_zone_that_is_no_display_is_e490():
    text = TTR + "proc bad() {\n  hold hand {\n    shuffle train_deck;\n  }\n}\n"
    assert found_at(text) == [("E490", 23, 8)]
