"""`pick VAR from DOMAIN or blind ZONE`: the unseen top card of a zone as one more candidate (Ticket to Ride's
"take a face-up card or the top card of the deck", the audit's workaround 2; Wingspan's bird tray or deck),
drawn at the moment of choosing (refilling as `draw` does), the filters reading nothing of it (E524), a zone
everyone sees warned (W520); with budgets, `up to`, `at least`, labels, `at random` and simultaneous picks, on
both backends; what other players see; fmt and explain."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game
from rulebook.runtime.state import NONE_OPTION
from rulebook.runtime.view import build_view, changes, told_answer

from .conftest import explained, on_both_backends, printed_back, proc_findings, random_games_agree, run_answering, run_proc

TTR_DIR = Path(__file__).parent / "packs" / "pickcount_ttr"
TTR = (TTR_DIR / "pack.rules").read_text(encoding="utf-8") + "proc lay_out() { fill market; }\n"
UNSEEN = "the top of train_deck (unseen)"

# Wingspan, cut down: a bird is drawn from the tray (three face up) or the top of the deck, unseen
WINGSPAN = """
counter eggs "Eggs";
kind bird { points: int; wingspan: int; }
bird robin "American Robin" * 10 { points = 1; wingspan = 43; }
bird hawk "Red-tailed Hawk" * 6 { points = 5; wingspan = 124; }
bird jay "Blue Jay" * 8 { points = 3; wingspan = 41; }
bird owl "Barn Owl" { points = 5; wingspan = 107; }
zone bird_deck "Bird deck" of bird secret refills from bird_discard;
zone bird_discard "Bird discard" of bird;
zone tray "Bird tray" of bird show 3 from bird_deck;
zone hand "Hand" per_player of bird hidden;

# Draw birds, each from the tray (face up) or the top of the deck, unseen: a tray bird of a wingspan over
# 100 cm counts as two
proc draw_birds(n: int) {
  pick b from tray or blind bird_deck budget n cost (if contains(tray, b) and b.wingspan > 100 then 2 else 1)
      "draw a bird" {
    move b to hand;
    gain b.points eggs;
  }
}

proc keep_one() {
  pick b from tray or blind bird_deck "keep which bird?" as "{b} (tray)" optional { move b to hand; }
}

proc keep_two() {
  pick b from tray or blind bird_deck "keep which birds?" at least 1 up to 2 { move b to hand; }
}

proc lay_out() { fill tray; }

# every player at once: up to two birds of their hand or the deck's top go to the discard
proc swap() {
  each players simultaneously pick b from hand or blind bird_deck up to 2 { move b to bird_discard; }
}

# a look at a bird that stays where it is: a blind one goes back on top of the deck
proc glance() {
  pick b from tray or blind bird_deck "look at which?" { gain 1 eggs; }
}

proc lucky() {
  pick b from tray or blind bird_deck at random { move b to hand; }
}

game wingspan_draw {
  seats 2 to 4;
  phase setup { fill bird_deck with bird; shuffle bird_deck; lay_out(); }
  phase play { repeat 3 { each players { draw_birds(2); keep_one(); glance(); lucky(); keep_two(); } } swap(); }
  winner most eggs;
}
"""

ttr = on_both_backends(lambda interpreted: build_text(TTR, interpreted=interpreted))
wingspan = on_both_backends(lambda interpreted: build_text(WINGSPAN, interpreted=interpreted))


def stacked(game, deck: str, *cards: str, pile: str | None = None, kind: str) -> None:
    """The deck (a shared zone) holding these cards (by name) on top, in order, then the rest of the kind's
    cards (in the pile instead when `pile` is given)."""
    ref = game.zone(None, deck)
    for name in cards:
        game.move(game.program.entities[name], ref)
    rest = game.zone(None, pile) if pile is not None else ref
    for e in game.program.kinds[kind]:
        if e.name not in cards:
            game.move(e, rest)


def names(game, zone: str, player: int | None = 0) -> list[str]:
    holder = game.state.players[player] if player is not None else None
    return [e.name for e in (holder.zones[zone] if holder is not None else game.state.zones[zone])]


def asked(game, proc, answers, *args, player: int = 0) -> list:
    """(prompt, options) of each decision the proc asks (lone ones too), answered in turn ('none': none)."""
    answers = list(answers)

    def answer(d):
        a = answers.pop(0)
        return list(d.options).index(NONE_OPTION) if a == "none" else d.options.index(a) if type(a) is str else a
    gen = game.program.procs[proc](game, game.state.players[player], *args)
    return [(d.prompt, list(d.options)) for d in run_answering(gen, answer, with_forced=True)]


def ttr_laid_out(game, *cards: str) -> None:
    stacked(game, "train_deck", *cards, kind="train")
    run_proc(game, "lay_out")


def test_the_deck_top_is_offered_last_and_drawn_when_picked(ttr):
    game = Game(ttr, 2, 1)
    ttr_laid_out(game, "red_card", "red_card#2", "red_card#3", "red_card#4", "red_card#5", "locomotive", "blue_card")
    seen = asked(game, "take_train_cards", [UNSEEN, UNSEEN])
    assert seen[0] == ("take a train card (2 left to spend)",
                       ["Red (1 of 5)", "Red (2 of 5)", "Red (3 of 5)", "Red (4 of 5)", "Red (5 of 5)", UNSEEN])
    # a Locomotive drawn from the deck costs 1 (only a face-up one is the whole draw): a second card follows
    assert seen[1][0] == "take a train card (1 left to spend)" and len(seen) == 2
    assert names(game, "hand") == ["locomotive", "blue_card"]
    assert names(game, "market", None) == ["red_card", "red_card#2", "red_card#3", "red_card#4", "red_card#5"]
    assert game.state.players[0].stock["taken"] == 2


def test_a_face_up_locomotive_still_ends_the_draw_and_is_never_second(ttr):
    game = Game(ttr, 2, 1)
    ttr_laid_out(game, "locomotive", "red_card", "red_card#2", "red_card#3", "red_card#4", "blue_card")
    seen = asked(game, "take_train_cards", [UNSEEN, "Red (1 of 4)"])
    assert "Locomotive" not in seen[1][1] and seen[1][1][-1] == UNSEEN
    assert names(game, "hand") == ["blue_card", "red_card"]


def test_the_deck_refills_from_the_discard_when_the_top_is_drawn(ttr):
    game = Game(ttr, 2, 1)
    ttr_laid_out(game, "red_card", "red_card#2", "red_card#3", "red_card#4", "red_card#5")
    for e in list(game.state.zones["train_deck"]):
        game.move(e, game.zone(None, "train_discard"))
    seen = asked(game, "take_train_cards", [UNSEEN, 0])
    assert seen[0][1][-1] == UNSEEN   # offered: the discard would refill the deck
    assert len(names(game, "hand")) == 2 and names(game, "train_discard", None) == []
    assert len(game.state.zones["train_deck"]) == 17 - 5 - 2   # (the market topped up the one taken)


def test_no_blind_candidate_once_deck_and_discard_are_out(ttr):
    game = Game(ttr, 2, 1)
    ttr_laid_out(game, "red_card", "red_card#2", "red_card#3", "red_card#4", "red_card#5")
    for e in list(game.state.zones["train_deck"]):
        game.move(e, game.state.players[1].refs["hand"])
    seen = asked(game, "take_train_cards", [0, 0])
    assert all(UNSEEN not in options for _p, options in seen)


def test_another_player_sees_that_a_card_was_drawn_not_which(ttr):
    game = Game(ttr, 2, 1)
    ttr_laid_out(game, "red_card", "red_card#2", "red_card#3", "red_card#4", "red_card#5", "locomotive", "blue_card")
    theirs, mine = build_view(game, 1), build_view(game, 0)
    gen = game.program.procs["take_train_cards"](game, game.state.players[0])
    d = gen.send(None)
    assert d.options[-1] == UNSEEN and type(d.values[-1]).__name__ == "Unseen"
    assert told_answer(game, d, 1, len(d.options) - 1) == "take a train card (2 left to spend) → " + UNSEEN
    gen.send(len(d.options) - 1)   # (then asked for the second card)
    assert changes(theirs, build_view(game, 1)) == ["P1: Cards taken 0 → 1", "P1's Train cards: 0 → 1 (hidden)",
                                                    "Train deck: 12 → 11 (secret)"]
    assert "unseen → your Train cards: Locomotive" in changes(mine, build_view(game, 0))


def test_a_blind_card_the_body_does_not_move_goes_back_on_top(wingspan):
    game = Game(wingspan, 2, 1)
    stacked(game, "bird_deck", "robin", "robin#2", "robin#3", "owl", kind="bird")
    run_proc(game, "lay_out")
    seen = asked(game, "glance", ["the top of bird_deck (unseen)"])
    assert seen[0][1] == ["American Robin (1 of 3)", "American Robin (2 of 3)", "American Robin (3 of 3)",
                          "the top of bird_deck (unseen)"]
    assert names(game, "bird_deck", None)[0] == "owl" and game.state.players[0].stock["eggs"] == 1


def test_a_label_and_at_least_up_to_with_the_blind_candidate(wingspan):
    game = Game(wingspan, 2, 1)
    stacked(game, "bird_deck", "robin", "jay", "hawk", "owl", "jay#2", kind="bird")
    run_proc(game, "lay_out")
    seen = asked(game, "keep_one", ["the top of bird_deck (unseen)"])
    assert seen == [("keep which bird?", ["American Robin (tray)", "Blue Jay (tray)", "Red-tailed Hawk (tray)",
                                          "the top of bird_deck (unseen)", "none"])]
    assert names(game, "hand") == ["owl"]
    # at least 1 up to 2: the deck's top may be picked twice, a new card each time
    seen = asked(game, "keep_two", ["the top of bird_deck (unseen)", "the top of bird_deck (unseen)"])
    assert [NONE_OPTION in o for _p, o in seen] == [False, True] and len(seen) == 2
    assert names(game, "hand") == ["owl", "jay#2", "robin#2"]


def test_the_budget_offers_the_deck_top_alone_when_big_tray_birds_do_not_fit(wingspan):
    game = Game(wingspan, 2, 1)
    stacked(game, "bird_deck", "robin", "hawk", "hawk#2", "jay", "jay#2", kind="bird")
    run_proc(game, "lay_out")
    seen = asked(game, "draw_birds", ["American Robin", "the top of bird_deck (unseen)"], 2)
    # the tray's two hawks (wingspans over 100 cm) cost 2: with 1 left, the jay that came up and the deck's top
    assert seen[1] == ("draw a bird (1 left to spend)", ["Blue Jay", "the top of bird_deck (unseen)"])
    assert names(game, "hand") == ["robin", "jay#2"]


def test_simultaneous_blind_picks_draw_different_cards_in_seat_order(wingspan):
    game = Game(wingspan, 2, 1)
    stacked(game, "bird_deck", "robin", "robin#2", "robin#3", "jay", "jay#2", "owl", "hawk", kind="bird")
    run_proc(game, "lay_out")
    game.move(game.program.entities["jay#3"], game.state.players[0].refs["hand"])
    game.move(game.program.entities["jay#4"], game.state.players[1].refs["hand"])
    top = "the top of bird_deck (unseen)"
    seen = asked(game, "swap", [top, top, top, "none"])
    assert [o for _p, o in seen] == [["Blue Jay", top, "none"]] * 4
    # P1 drew the jay and the second jay, P2 the owl: all three to the discard, the hands kept their own
    assert names(game, "bird_discard", None) == ["jay", "jay#2", "owl"]
    assert names(game, "hand") == ["jay#3"] and names(game, "hand", 1) == ["jay#4"]
    assert names(game, "bird_deck", None)[0] == "hawk"


def test_random_games_agree_on_both_backends():
    random_games_agree(WINGSPAN, seeds=range(1, 5), counts=(2, 3))


def test_the_ttr_pack_plays_alike_on_both_backends_drawing_blind():
    text = TTR + (TTR_DIR / "game.rules").read_text(encoding="utf-8")
    digests, blind = [], 0
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 3, 2)
        d = g.start()
        while d is not None:   # the deck's top whenever it is offered, else the first option
            unseen = [i for i, v in enumerate(d.values) if type(v).__name__ == "Unseen"]
            blind += bool(unseen)
            d = g.apply(unseen[0] if unseen else 0)
        assert g.result()["over"]
        digests.append((g.log, g.state.digest()))
    assert digests[0] == digests[1] and blind > 10


def test_printed_back():
    _module, printed = printed_back(WINGSPAN)
    assert "pick b from tray or blind bird_deck \"keep which bird?\" as \"{b} (tray)\" optional {" in printed
    assert "simultaneously pick b from hand or blind bird_deck up to 2 {" in printed


def test_explained():
    result = analyse_text(WINGSPAN)
    assert "from the bird tray or the unseen top card of the bird deck (drawn when picked)" in explained(result, "draw_birds")
    assert "or the unseen top card of the bird deck" in explained(result, "swap")


def test_the_pack_and_the_example_lint_clean():
    assert [d.headline() for d in analyse_text(WINGSPAN).diagnostics] == []
    assert [d.headline() for d in analyse(str(TTR_DIR)).diagnostics] == []


BASE = """kind train { loco: bool = false; }
kind ticket {}
zone train_deck of train secret refills from train_discard;
zone train_discard of train;
zone tickets of ticket secret;
zone open_deck of train;
zone rows[1..3] of train secret;
zone market of train;
zone hand per_player of train hidden;
"""
LINE = BASE.count("\n") + 1


def findings(body: str) -> list[tuple]:
    return proc_findings(BASE, body)


@pytest.mark.parametrize("body, code, at, message", [
    ("pick t from market or blind train_deck where not t.loco { move t to hand; }", "E524", "t.loco", "'t.loco' reads what"),
    ("pick t from market or blind train_deck budget 2 cost (if t.loco then 2 else 1) { move t to hand; }",
     "E524", "t.loco", "'t.loco' reads what"),
    ("pick t from market or blind train_deck where contains(train_deck, t) { move t to hand; }", "E524", "contains",
     "in no zone until it is drawn"),
    ("pick t from market or blind train_deck fewest (if t.loco then 1 else 0) { move t to hand; }", "E524", "t.loco",
     "'t.loco'"),
    ("pick t from market or blind tickets { move t to hand; }", "E524", "tickets", "holds ticket cards"),
    ("pick t from market or blind nowhere { move t to hand; }", "E524", "nowhere", "no zone of the pack"),
    ("pick t from market or blind open_deck[2] { move t to hand; }", "E524", "open_deck", "one zone, not an indexed"),
    ("pick t from market or blind open_deck { move t to hand; }", "W520", "open_deck", "every player sees the cards"),
])
def test_misuse_is_positioned(body, code, at, message):
    found = findings(body)
    column = len("proc p() { ") + body.index(at) + 1
    assert [(c, line, col) for c, line, col, _m in found] == [(code, LINE, column)], found
    assert message in found[0][3]


def test_guarded_reads_are_allowed():
    for body in ("pick t from market or blind train_deck where not contains(market, t) or not t.loco { move t to hand; }",
                 "pick t from market or blind train_deck where contains(market, t) and t.loco { move t to hand; }",
                 "pick t from market or blind train_deck budget 2 cost (if not contains(market, t) then 1 else if t.loco "
                 "then 2 else 1) { move t to hand; }"):
        assert findings(body) == [], body


@pytest.mark.parametrize("text, at", [
    ("proc p() { if true or blind train_deck { say \"x\"; } }", "train_deck"),
    ("proc p() { pick t from market or blind train_deck or market { move t to hand; } }", "train_deck"),
])
def test_blind_outside_a_picks_candidates_or_not_last_is_e524(text, at):
    with pytest.raises(RulesError) as err:
        parse_text(BASE + text)
    d = err.value.diagnostics[0]
    assert d.code == "E524" and (d.span.line, d.span.column) == (LINE, text.index(at) + 1), d.headline()


def test_blind_is_still_a_name():
    result = analyse_text("counter blind;\nproc p() { gain 1 blind; if blind > 0 or blind < 0 { gain blind blind; } }")
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]
