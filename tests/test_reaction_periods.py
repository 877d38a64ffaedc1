"""A card's reaction with `once per PATTERN` and `while COND` (7.2a, 7.4a): Wingspan's pink powers,
"once between your turns, when an opponent lays eggs, lay an egg on this bird", on both backends:
each player's copy rests on its own, a copy out of its zone or with COND false misses the event
without using up its period, a holder who cannot pay a `may ... cost` is not asked and keeps it;
the order hints of the parser, fmt and explain."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import parse_error, printed_back, random_games_agree, run_proc

PACK = """
counter eggs_laid;
counter vp;
resource seed;
event turn_start();
event laid_eggs();
kind bird { eggs: int = 0; limit: int; }
zone board per_player of bird;
zone hand per_player of bird;
zone supply of bird;
bird avocet "American Avocet" * 2 {
  limit = 2;
  whenever opponents laid_eggs in board once per you turn_start while this.eggs < this.limit {
    set this.eggs = this.eggs + 1;
  }
}
bird pipit "Pipit" {
  limit = 3;
  whenever opponents laid_eggs in board once per you turn_start may "pay a seed for 2 VP?" cost 1 seed {
    gain 2 vp;
  }
}
proc fill_supply() { fill supply with bird; }
proc play_bird(b: bird) { move b to board; }
proc hold_bird(b: bird) { move b to hand; }
proc turn() { emit turn_start(); }
proc lay() { gain 1 eggs_laid; emit laid_eggs(); }
"""

GAME = """
game g {
  seats 2 to 4;
  phase setup { fill_supply(); each players { gain 1 seed; } }
  phase play {
    repeat 6 {
      each players {
        turn();
        pick b from supply "play which bird?" optional { play_bird(b); }
        lay();
      }
    }
  }
  winner most vp;
}
"""

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


def new_game(interpreted: bool, players: int = 3) -> Game:
    g = Game(build_text(PACK, interpreted=interpreted, name="t.rules"), players, 1)
    run_proc(g, "fill_supply")
    return g


def bird(g: Game, name: str):
    return g.program.entities[name]


@backends
def test_a_pink_power_fires_once_between_its_holders_turns(interpreted):
    g = new_game(interpreted)
    run_proc(g, "play_bird", bird(g, "avocet"), player=0)
    run_proc(g, "lay", player=1)
    run_proc(g, "lay", player=2)                  # resting: the second opponent's eggs give nothing
    assert g.field(bird(g, "avocet"), "eggs") == 1
    run_proc(g, "turn", player=1)                 # an opponent's turn does not wake it
    run_proc(g, "lay", player=2)
    assert g.field(bird(g, "avocet"), "eggs") == 1
    run_proc(g, "turn", player=0)                 # its holder's does
    run_proc(g, "lay", player=1)
    run_proc(g, "lay", player=0)                  # `opponents`: never its holder's own eggs
    assert g.field(bird(g, "avocet"), "eggs") == 2


@backends
def test_each_copy_and_each_holder_rests_on_its_own(interpreted):
    g = new_game(interpreted)
    first, second = bird(g, "avocet"), g.program.entities["avocet#2"]
    run_proc(g, "play_bird", first, player=0)
    run_proc(g, "play_bird", second, player=1)
    run_proc(g, "lay", player=2)                  # both holders' copies fire
    run_proc(g, "lay", player=2)
    assert [g.field(first, "eggs"), g.field(second, "eggs")] == [1, 1]
    run_proc(g, "turn", player=1)                 # wakes P2's copy only
    run_proc(g, "lay", player=2)
    assert [g.field(first, "eggs"), g.field(second, "eggs")] == [1, 2]


@backends
def test_an_event_missed_out_of_the_zone_or_while_false_keeps_the_period(interpreted):
    g = new_game(interpreted)
    avocet = bird(g, "avocet")
    run_proc(g, "hold_bird", avocet, player=0)
    run_proc(g, "lay", player=1)                  # in hand: not in its zone, nothing, nothing used up
    run_proc(g, "play_bird", avocet, player=0)
    run_proc(g, "lay", player=1)
    assert g.field(avocet, "eggs") == 1
    run_proc(g, "turn", player=0)
    run_proc(g, "lay", player=1)
    assert g.field(avocet, "eggs") == 2    # full: `while this.eggs < this.limit` is false from now on
    run_proc(g, "turn", player=0)
    run_proc(g, "lay", player=1)
    resting = [t.resting for t in g.state.triggers if t.owner is g.state.players[0] and t.env.get("this") is avocet]
    assert g.field(avocet, "eggs") == 2 and resting == [False]   # missed: the period is still open


@backends
def test_a_holder_who_cannot_pay_is_not_asked_and_keeps_the_period(interpreted):
    g = new_game(interpreted)
    run_proc(g, "play_bird", bird(g, "pipit"), player=0)
    assert run_proc(g, "lay", player=1) == []     # no seed: not asked
    g.state.players[0].stock["seed"] = 2
    asked = run_proc(g, "lay", player=1, answers=["yes"])   # the same period: asked now
    assert [d.prompt for d in asked] == ["pay a seed for 2 VP?"] and g.state.players[0].stock["vp"] == 2
    assert run_proc(g, "lay", player=2) == []     # used: resting until P1's turn
    run_proc(g, "turn", player=0)
    asked = run_proc(g, "lay", player=2, answers=["no"])    # asked and declined: the period is used
    assert len(asked) == 1 and run_proc(g, "lay", player=1) == []
    assert g.state.players[0].stock["seed"] == 1


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK + GAME, seeds=range(1, 4), counts=(2, 4))


def test_printed_back_and_read_in_words():
    _module, printed = printed_back(PACK)
    assert "whenever opponents laid_eggs in board once per you turn_start while this.eggs < this.limit {" in printed
    assert 'in board once per you turn_start may "pay a seed for 2 VP?" cost 1 seed {' in printed
    analysis = analyse_text(PACK)
    words = " ".join(reading(analysis.symbols.decls["avocet"], analysis.symbols))
    assert "Whenever an opponent laid eggs, at most once until you turn start (then again), while this is in " \
           "your board and this card's eggs is less than this card's limit (each player" in words


@pytest.mark.parametrize("text, words", [
    ("proc p() { whenever opponents e while it.n > 0 once per you t { } }", "'once per' (a modifier's 'once') comes"),
    ("proc p() { whenever e until f once per t { } }", "before 'until', 'while' and 'may'"),
    ("kind b { } b x { whenever e in z while a once per t { } }", "'once per' (a modifier's 'once') comes"),
    ("kind b { } b x { whenever e in z may once per t { } }", "before 'until', 'while' and 'may'"),
    ("kind b { } b x { whenever e once per t in z { } }", "a reaction names its event, then its zones"),
    ("kind b { } b x { whenever e in z until t { } }", "it takes no 'until'"),
])
def test_a_clause_out_of_order_says_the_order(text, words):
    d = parse_error(text)
    assert d.code == "E100" and words in d.message


@pytest.mark.parametrize("clause, code, column", [
    ("once per nothing_here", "E206", 50),
    ("while 3", "E303", 47),
    ("while it.missing > 0", "E205", 50),
    ("once per them turn_start", "E303", 50),
])
def test_misuse_of_the_clauses_is_positioned(clause, code, column):
    text = PACK.replace("in board once per you turn_start while this.eggs < this.limit", f"in board {clause}")
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert found == [(code, 13, column)], found
