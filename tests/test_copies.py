"""Identical copies (`* N`) cannot be followed by a seat: its view, screen and decision labels tell
alike copies apart by their place among the alike ones, never by a copy number that survives a
trip through a zone the seat does not see (docs/language.md 9, "Identical copies in views")."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.record import GameLog, record, replay
from rulebook.runtime.view import placed

from .conftest import random_games_agree, rules_program
from .test_screen import hot_seat
from .test_view import Spy

# two identical Gems: P1 holds both and puts one back into the secret deck, which is shuffled; P2
# draws from it and lays what it drew on the table, where P1 sees it; then P1 answers once more
PACK = """
counter vp;
kind card { }
card gem "Gem" * 2 { }
card rock "Rock" { }
card leaf "Leaf" { }
zone deck of card secret;
zone hand per_player of card hidden;
zone table of card;
var last global: card = none;
game copies {
  seats 2 to 2;
  phase setup { fill deck with card; each players { draw 2 from deck to hand; } }
  phase play {
    each players {
      pick c from hand "put back which?" { move c to deck; shuffle deck; }
      each opponents { draw 1 from deck to hand; pick c from hand "lay which?" { move c to table; set last = c; } }
    }
    each players { choose "done?" { option "yes" { gain 1 vp; } option "no" { } } }
  }
  winner most vp;
}
"""

program = rules_program(PACK)


def game_where(program, returned: int, seed: int) -> tuple[Game, list]:
    """A game in which P1 puts back its Gem number `returned` (0 or 1: the two options that read
    alike), every other answer the first option, the spies at both seats."""
    spies = [Spy(0), Spy(1)]
    answers = {0: [returned], 1: []}

    class Seat(Spy):
        def __init__(self, seat):
            super().__init__(seat)
            self.views: list = []

        def choose(self, decision, view):
            self.views.append((decision.prompt, decision.options, json.dumps(dict(view), sort_keys=True)))
            super().choose(decision, view)
            return answers[self.seat].pop(0) if answers[self.seat] else 0

    spies = [Seat(0), Seat(1)]
    game = Game(program, 2, seed, spies)
    game.play()
    return game, spies


def test_a_seat_cannot_tell_which_gem_it_put_back_when_an_opponent_shows_one(program):
    """P1 holds both Gems (`Gem (1 of 2)`, `Gem (2 of 2)`) and puts one back; P2 draws it from the
    shuffled deck and lays it on the table. The games differ in which copy went round (the state
    knows), yet every question, label and view either seat was handed is the same in both."""
    for seed in range(1, 40):
        first, spies_first = game_where(program, 0, seed)
        on_table = [e.name for e in first.state.zones["table"]]
        if any(n.startswith("gem") for n in on_table):
            break
    else:
        pytest.fail("no seed lets P2 draw the Gem P1 put back")
    second, spies_second = game_where(program, 1, seed)
    assert [e.name for e in second.state.zones["table"]] != on_table   # the other copy went round
    assert first.log[1:] == second.log[1:]   # but the first answer, the same option indexes and shuffles
    for a, b in zip(spies_first, spies_second):
        assert a.views == b.views and a.seen == b.seen
        assert not any("#" in s for found in a.seen for s in found)
    asked = spies_first[0].views[0]
    assert asked[0] == "put back which?" and asked[1] == ["Gem (1 of 2)", "Gem (2 of 2)"]
    assert json.loads(spies_first[0].views[-1][2])["vars"]["last"] == {"entity": "gem"}


def test_the_view_places_alike_copies_and_names_no_copy(program):
    game = Game(program, 2, 1)
    game.start()
    hand = game.view(0)["players"][0]["zones"]["hand"]["items"]
    assert [(e["name"], e["copy"], e["alike"]) for e in hand] == [("gem", 1, 2), ("gem", 2, 2)]
    assert "copy" not in game.view(1)["players"][1]["zones"]["hand"]["items"][0]   # a Rock: no copies


def test_copies_that_differ_in_what_a_seat_sees_are_not_alike():
    items = [{"name": "gem", "title": "Gem", "fields": {"n": n}, "copy": 1} for n in (1, 2, 1)]
    assert [(e["copy"], e["alike"]) for e in placed(items)] == [(1, 2), (1, 1), (2, 2)]


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_hot_seat_screens_are_the_same_whichever_copy_went_round(interpreted):
    screens = []
    for returned in ("1", "2"):
        # P1: put back Gem (1 or 2); P2: put back, lay; P1: lay; both: done?
        game, console = hot_seat(PACK, 2, 3, interpreted, answers=[returned])
        game.play()
        screens.append(console.screens)
    assert screens[0] == screens[1]
    text = "\n".join(screens[0])
    assert "your hand: [Gem x2]" in text and "1. Gem (1 of 2)" in text and "#" not in text


def test_a_script_answers_an_alike_copy_by_its_place(program):
    game = Game(program, 2, 1, [ScriptedAgent(["Gem (2 of 2)", "Leaf", "Rock", "Rock", "yes", "yes"]),
                                ScriptedAgent(["Gem", "Rock", "yes", "yes"])])
    game.start()
    assert game.decision.options == ["Gem (1 of 2)", "Gem (2 of 2)"]
    game.apply("Gem (2 of 2)")
    assert [e.name for e in game.state.players[0].zones["hand"]] == ["gem"]


def test_random_games_of_copies_agree_and_replay():
    random_games_agree(PACK, counts=(2,))
    for interpreted in (False, True):
        p = build_text(PACK, interpreted=interpreted)
        g = Game(p, 2, 5, [RandomAgent(0), RandomAgent(1)])
        g.play()
        again = GameLog.model_validate_json(record(g).model_dump_json())
        assert replay(p, again).state.digest() == g.state.digest()


LEAKY = """
counter vp;
kind card { }
card gem "Gem" * 2 { }
zone hand per_player of card;
game g {
  seats 2 to 2;
  phase setup { each players { fill hand with card; } }
  phase play { each players { pick c from hand "show which?" as "{c} {c.copy_number}" { say "{c.copy_number}"; } } }
  winner most vp;
}
"""


def test_a_text_showing_a_copy_number_is_w466():
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(LEAKY).diagnostics if d.code == "W466"]
    assert [(c, line) for c, line, _ in found] == [("W466", 9), ("W466", 9)]
    numbered = LEAKY.replace('card gem "Gem" * 2 { }', 'kind coin { n: int; }\ncard gem "Gem" * 2 { }').replace(
        "* 2 { }", '* 2 { }\ncoin c2 "C{copy_number}" * 2 { n = copy_number; }')
    assert [d.code for d in analyse_text(numbered).diagnostics if d.code == "W466"] == ["W466", "W466"]
    alone = LEAKY.replace('card gem "Gem" * 2 { }', 'card gem "Gem {copy_number}" * 2 { }')
    assert not [d for d in analyse_text(alone).diagnostics if d.code == "W466"]   # the copies differ
