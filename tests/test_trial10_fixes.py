"""The toolchain mended where the trial10 designer (Scotland Yard, Acquire, Camel Up written from the reference) was
hurt: `teams 2 solo` on the seats line, one seat alone against the others (Scotland Yard's Mister X, which no
seating could say), with E567; W574, a pick that changes the element of a hidden counter its answer names, whose
answer is told to the other players (Camel Up's overall bet told every player which camel was backed); an `if ...
then [x] else []` read as a number when two of them were joined (a false E303 whose hint wrapped the whole value in
brackets)."""

from __future__ import annotations

import pytest
from pygments.token import Keyword

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game
from rulebook.runtime.view import told_answer

from .conftest import both_built, explained, found_at, printed_back
from .test_teams import played, spades

# Camel Up: the card of a camel laid face down on the overall winner's pile
BET = """
enum camel { blue "Blue", green "Green", orange "Orange" }
counter bet[camel] "Overall bet" hidden from 0 to 9;
counter placed "Bets placed" global from 0 to 9;
counter coins "Coins";
proc back() {
  pick c from camel where bet[c] == 0 "back which camel?"{SECRET} {
    gain 1 placed;
    set bet[c] = placed;
  }
}
proc stake() {
  pick c from camel "stake on which camel?" {
    let backed = c;
    gain 1 bet[backed];
  }
}
proc copy_first() {
  pick c from camel "copy which bet to Blue?" { set bet[blue] = bet[c]; }
}
proc outer() {
  pick c from camel "which camel?" {
    pick n from 1..2 "how many?" { gain n coins; set bet[c] = n; }
  }
}
game g { seats 2; phase play { each players: back(); } winner most coins; }
"""


def test_a_pick_naming_the_element_of_a_hidden_counter_it_changes_is_w574_at_the_index():
    found = [f for f in found_at(BET.replace("{SECRET}", "")) if f[0] == "W574"]
    # directly and through a let; not where the value is read from the answer (masked already, 3.3a) nor where
    # the answer only says which element is read; a decision nested in the block is judged as its own
    assert found == [("W574", 9, 13), ("W574", 15, 16)]


def test_w574_says_the_element_and_the_way_to_keep_it():
    d = next(d for d in analyse_text(BET.replace("{SECRET}", "")).diagnostics if d.code == "W574")
    assert "'bet' is hidden" in d.message and "(bet[c])" in d.message and "told the answer" in d.message
    assert "'secret'" in d.hint


def test_a_secret_pick_is_no_w574():
    assert [f for f in found_at(BET.replace("{SECRET}", " secret")) if f[0] == "W574"] == [("W574", 15, 16)]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@pytest.mark.parametrize("secret", ["", " secret"])
def test_the_warned_answer_is_told_and_the_secret_one_masked(interpreted, secret):
    game = Game(build_text(BET.replace("{SECRET}", secret), interpreted=interpreted), 2, 1)
    gen = game.program.procs["back"](game, game.state.players[0])
    d = gen.send(None)
    mine, theirs = told_answer(game, d, 0, 1), told_answer(game, d, 1, 1)
    assert mine == "back which camel? → Green"
    assert theirs == ("back which camel? → …" if secret else "back which camel? → Green")


LISTS = """
func beside(t: int): list of int = (if t > 1 then [t - 1] else []) + (if t < 9 then [t + 1] else []);
func wrong(t: int): int = (if t > 1 then [t - 1] else []) + (if t < 9 then [t + 1] else []);
func mixed(t: int): list of int = (if t > 1 then [t - 1] else 0) + [t];
"""


def test_two_conditional_lists_joined_are_a_list():
    found = found_at(LISTS)
    # the list func is clean; a number func given the joined list is told so; a side that is a list or a number
    # is still E303 at that side
    assert found == [("E303", 3, 27), ("E303", 4, 63)]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_two_conditional_lists_joined_play(interpreted):
    program = build_text(LISTS.split("func wrong")[0] + """
counter n;
proc p() { gain size(beside(1)) + 10 * size(beside(5)) n; }
game g { seats 1; phase play { p(); } winner most n; }
""", interpreted=interpreted)
    game = Game(program, 1, 1)
    game.play()
    assert game.state.players[0].stock["n"] == 1 + 10 * 2


@pytest.mark.parametrize("teams,players,expected", [
    ("2 solo", 4, [1, 2, 2, 2]),            # Scotland Yard: Mister X against the detectives
    ("2 solo", 8, [1, 2, 2, 2, 2, 2, 2, 2]),
    ("3 solo", 6, [1, 2, 3, 2, 3, 2]),      # the others dealt to the other teams in turn
])
def test_solo_sets_the_first_seat_alone_on_both_backends(teams, players, expected):
    seen = []
    for program in both_built(spades("4 to 8", teams)):
        game = played(program, players)
        seen.append([p.stock["team_seen"] for p in game.state.players])
    assert seen == [expected, expected]


def test_solo_counts_the_teams_e567_at_the_teams():
    for wrong in ("of 2 solo", "1 solo"):
        assert found_at(spades("4 to 8", wrong)) == [("E567", 9, 16)]   # at the teams
    d = next(d for d in analyse_text(spades("4 to 8", "of 2 solo")).diagnostics)
    assert "'teams of 2 solo'" in d.message
    assert d.hint == "write 'teams 2 solo' (one against all: Scotland Yard, Fury of Dracula)"
    assert ("E574", 8, 6) in found_at(spades("2 to 4", "3 solo"))   # a team empty at two seats, as for the others


def test_solo_is_printed_back_read_in_words_and_coloured():
    text = spades("3 to 6", "2 solo")
    assert "seats 3 to 6 teams 2 solo;" in printed_back(text)[1]
    assert "2 teams: the first seat plays alone against all the others." in explained(analyse_text(text), "spades")
    assert "dealt to the other 2 teams in turn" in explained(analyse_text(spades("3 to 6", "3 solo")), "spades")
    lexed = [(kind, value) for kind, value in RulesLexer().get_tokens("game g { seats 3 teams 2 solo; }")]
    assert (Keyword, "solo") in lexed


# Acquire: a share's price is read from the board; whether a tile of a hidden hand is playable reads the same func
PRICES = """
enum chain { tier: int; tower "Tower" (tier = 1), luxor "Luxor" (tier = 2) }
counter money "Money" from 0 to 99999 start 6000;
var hand "Tiles" hidden: list of int;
var owner[1..9] "Chain" global: chain = none;
func size_of(c: chain): int = count(i in 1..9 where owner[i] == c);
func price(c: chain): int = 100 * c.tier + size_of(c);
func near(t: int): chain = owner[t];
func dear(t: int): bool = near(t) != none and price(near(t)) > 100;
proc buy() {
  pick c from chain where money >= price(c) "buy a share of {first(c2 in chain where price(c2) > 0)}?"
      as "{c} (${price(c)})" {
    lose price(c) money;
  }
}
proc place() {
  pick t from hand "place which tile? (the first is {first(hand)}, {price(near(first(hand)))})" {
    take t from hand;
  }
}
game g {
  seats 2;
  phase setup { each players { set hand = [1, 2]; } }
  phase play { while some(p in players where some(t in p.hand where p.dear(t))) { each players { place(); buy(); } } }
  winner most money;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_func_given_a_hidden_value_at_one_call_is_open_at_another(interpreted):
    game = Game(build_text(PRICES, interpreted=interpreted), 2, 1)
    game.state.gvars["owner[1]"] = "tower"
    game.state.players[0].vars["hand"] = [1, 2]
    gen = game.program.procs["buy"](game, game.state.players[0])
    d = gen.send(None)
    # the price of the chain picked is shown to the buyer and told to the others (it was '$…' for everyone)
    assert d.options == ["Tower ($101)", "Luxor ($200)"]
    assert told_answer(game, d, 1, 0) == "buy a share of Tower? → Tower ($101)"
    gen = game.program.procs["place"](game, game.state.players[0])
    d = gen.send(None)
    # the same func of a tile in the hand is masked from the others still, and so is the tile picked from the hand
    # (it was told: "→ 1")
    assert told_answer(game, d, 1, 0) == "place which tile? (the first is …, …) → …"
    assert d.prompt == "place which tile? (the first is 1, 101)" and d.options == ["1", "2"]


@pytest.mark.parametrize("wrong,meant", [("teams 2 sollo", "solo"), ("teams 2 adjacnet", "adjacent"),
                                         ("teams 2 sideways", None)])
def test_a_misspelt_word_of_the_grammar_is_told_the_word_it_was_meant_to_be(wrong, meant):
    text = spades("4 to 8", "2 alternating").replace("teams 2 alternating", wrong)
    (d,) = analyse_text(text).diagnostics
    assert d.code == "E100" and d.hint.startswith(f"did you mean '{meant}'? " if meant else "'alternating' deals")
