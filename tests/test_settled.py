"""`each PLAYERS [where COND] until settled { ... }` and `reopen;` (4.10): a round that goes on until
every player still in has had a turn since the last reopen, on both backends; its misuse (E533,
W525); the printer, explain and highlight; and the poker audit's tournament (tests/packs/holdem),
whose betting round it writes without a flag or a hand-rolled loop."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import found_at, pack_backends, played, printed_back, random_games_agree, replays_through_json, \
    rules_programs, run_proc

PACK = """
counter coin;
counter folded;
counter settled;
"""

program = rules_programs(PACK)

BID = """
each players where folded == 0 until settled as bidding {
  choose "bid?" {
    option "raise" { gain 1 coin; say "raises"; reopen; }
    option "pass" { say "passes"; }
    option "fold" { set folded = 1; say "folds"; }
  }
}
say "settled";
"""


def bidding(program, answers, players: int = 3, body: str = BID) -> Game:
    g = Game(program("proc p() {\n" + body + "\n}\n"), players, 1)
    run_proc(g, "p", answers=answers)   # fails on a decision beyond the answers, or answers left over
    return g


def test_everyone_has_one_turn_when_nobody_reopens(program):
    g = bidding(program, ["pass", "pass", "pass"])
    assert g.messages == ["P1: passes", "P2: passes", "P3: passes", "P1: settled"]


def test_a_reopen_makes_every_other_player_owe_a_turn_again_round_the_table(program):
    # P2 raises: P3 and P1 must answer (P1 again, after their pass), P2 does not act again unless reopened
    g = bidding(program, ["pass", "raise", "pass", "pass"])
    assert g.messages == ["P1: passes", "P2: raises", "P3: passes", "P1: passes", "P1: settled"]
    g = bidding(program, ["raise", "raise", "pass", "raise", "pass", "pass"])
    assert g.messages == ["P1: raises", "P2: raises", "P3: passes", "P1: raises", "P2: passes", "P3: passes",
                          "P1: settled"]


def test_the_where_is_tested_before_each_turn_and_a_player_who_drops_out_acts_no_more(program):
    g = bidding(program, ["raise", "fold", "raise", "pass"])
    # P2 folded: P3's raise reopens the round for P1 alone
    assert g.messages == ["P1: raises", "P2: folds", "P3: raises", "P1: passes", "P1: settled"]
    assert [p.stock["coin"] for p in g.state.players] == [1, 0, 1]


def test_a_knocked_out_player_is_passed_over_and_break_leaves_the_round(program):
    body = """
each players until settled {
  choose "go?" {
    option "knock out the next" { let n = left(you); eliminate n; reopen; }
    option "pass" { say "passes"; }
    option "stop" { say "stops"; break; }
  }
}"""
    g = bidding(program, ["knock out the next", "pass"], players=3, body=body)
    assert g.messages == ["P2 is knocked out", "P3: passes"]   # P2 is out; P1 has had its turn since the reopen
    g = bidding(program, ["pass", "stop"], players=3, body=body)
    assert g.messages == ["P1: passes", "P2: stops"]


def test_an_inner_round_reopens_alone_and_the_outer_goes_on(program):
    body = """
each players until settled as outer {
  gain 1 coin;
  each players until settled {
    choose "inner?" {
      option "raise" { gain 10 settled; reopen; }
      option "pass" { }
    }
  }
}"""
    # the outer round: 2 turns; each runs an inner round of 2 players (P1's raise there: P2 answers, P1 is done)
    g = bidding(program, ["raise", "pass", "pass", "pass"], players=2, body=body)
    assert [p.stock["coin"] for p in g.state.players] == [1, 1]
    assert [p.stock["settled"] for p in g.state.players] == [10, 0]


def test_every_turn_counts_against_the_step_budget():
    text = PACK + "proc p() { each players until settled { gain 1 coin; reopen; } }\n"
    result = analyse_text(text)
    assert [(d.code, d.span.line, d.span.column) for d in result.diagnostics] == \
        [("W525", PACK.count("\n") + 1, 54)]
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        with pytest.raises(RulesRuntimeError) as err:
            run_proc(g, "p")
        assert err.value.code == "E602"


@pytest.mark.parametrize("body", [
    "each players where coin < 3 until settled { gain 1 coin; reopen; }",     # players drop out
    "each players until settled { gain 1 coin; if coin < 3 { reopen; } }",    # reopens only sometimes
    "each players until settled { gain 1 coin; reopen; if coin > 3 { break; } }",
])
def test_no_warning_for_a_round_that_can_settle(body):
    assert found_at(PACK + "proc p() {\n" + body + "\n}\n") == []


@pytest.mark.parametrize("text, column", [
    ("proc p() {\nreopen;\n}\n", 1),                                                           # no round
    ("proc p() {\neach players { reopen; }\n}\n", 16),                                         # a plain each
    ("proc up() { reopen; }\nproc p() {\neach players until settled { up(); }\n}\n", 13),     # through a call
    ("proc p() {\neach players until settled { whenever you gain(res = coin) { reopen; } }\n}\n", 62),
])
def test_reopen_outside_a_round_is_E533_at_the_statement(text, column):
    line = PACK.count("\n") + 1 + text.splitlines().index(next(x for x in text.splitlines() if "reopen" in x))
    assert ("E533", line, column) in found_at(PACK + text)


def test_E533_says_why():
    d = next(d for d in analyse_text(PACK + "proc p() { reopen; }\n").diagnostics if d.code == "E533")
    assert "no round for it to reopen" in d.message and "each PLAYERS until settled" in d.hint


def test_the_words_stay_names_elsewhere(program):
    g = Game(program("counter reopen;\nproc p() { set settled = 2; set reopen = settled + 1; }\n"), 2, 1)
    run_proc(g, "p")
    assert g.state.players[0].stock["reopen"] == 3


def test_round_trips_reads_plainly_and_is_highlighted():
    module, printed = printed_back(PACK + "proc p() {\n" + BID + "\n}\n")
    assert "each players where folded == 0 until settled as bidding {" in printed and "reopen;" in printed
    lines = [x.strip() for x in explain(next(d for d in module.items if getattr(d, "name", None) == "p"))]
    assert any(x.startswith("Take turns round and round among all players for whom folded is 0") and "since the last reopening" in x
               for x in lines), lines
    assert "Reopen the round: every other player still in must have a turn again before it ends." in lines
    tokens = [(str(t), v) for t, v in RulesLexer().get_tokens("proc p() { each players until settled { reopen; } }")]
    assert ("Token.Keyword", "reopen") in tokens and ("Token.Keyword", "settled") in tokens


# ---------------------------------------------------------------- the poker audit's pack

HOLDEM = Path(__file__).parent / "packs" / "holdem"


@pytest.fixture(scope="module")
def holdem(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(HOLDEM))


def test_the_holdem_pack_lints_clean_but_for_w523_on_hands_already_shown():
    # the muck option reads the hands of players in `shown`, each revealed when shown: W523 (branch secret)
    # does not follow `reveal`, a known limit (docs/architecture.md, the secret branch)
    found = [d.headline() for d in analyse(str(HOLDEM)).diagnostics]
    assert len(found) == 1 and "warning[W523]" in found[0] and "game.rules:166:" in found[0]


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (6, 3)])
def test_holdem_plays_the_same_on_both_backends_and_keeps_its_chips(holdem, players, seed):
    a, b = played(holdem["compiled"], seed, players), played(holdem["interpreted"], seed, players)
    assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
    assert sum(p.stock["chips"] for p in a.state.players) == 1500 * players
    # every betting round settled with the players still in having matched the bet (or all-in)
    assert all(p.stock["bet"] == 0 for p in a.state.players)


def test_holdem_replays_through_json(holdem):
    replays_through_json(holdem["compiled"], 4)


def test_random_games_of_a_liars_dice_bidding_agree():
    """Liar's Dice: each player in turn raises the bid or calls it; a raise reopens the round."""
    random_games_agree(PACK + """
counter bid global;
counter called global;
game g {
  seats 2 to 4;
  phase play {
    each players where called == 0 until settled {
      choose "raise the bid or call?" {
        option "raise" when bid < 12 { set bid = bid + 1; gain 1 coin; reopen; }
        option "call" { set called = 1; }
      }
    }
  }
  winner most coin;
}
""")
