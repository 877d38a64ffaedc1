"""What the hot seat tells of a question asked within a call made under a condition on hidden cards (branch untold2).
faces4 left a proc called from a guarded place untold wherever it was called (Uno's "name the colour" of every wild
card played, though only a card drawn and played under `fits(drawn)` is played so). Now a call made under such a
condition runs inside `Game.untold_call`, on both backends: every question asked within it, in the proc or in any
it calls, is untold there, and the same proc called elsewhere asks as ever. `rulebook explain` says which decisions
and calls are untold and why; W664 warns of a variable every view shows set under such a condition in a branch
that does nothing else the table sees (the variable alone tells the condition)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.hidden import untold_answers, untold_calls
from rulebook.compiler.layout import where
from rulebook.dsl import ast as A
from rulebook.runtime.agents import Agent, HumanAgent
from rulebook.runtime.engine import UNTOLD, Game

from .conftest import ScriptedConsole, explained, found_at, pack_program, rules_programs, run_answering

UNO = Path(__file__).parent / "packs" / "uno"

# a tax a player holding the Duke may take (a Coup-like rule): `collect` asks, and `bank` inside it asks too;
# called under `holds_duke()` its questions tell that the player holds the Duke, called plainly they tell nothing
DUKE = """
kind card { value: int; }
card duke "Duke" * 2 { value = 3; }
card guard "Guard" * 4 { value = 1; }
zone deck of card;
zone hand per_player of card hidden;
counter coins;
func holds_duke(): bool = some(c in hand where c is duke);
proc bank() {
  pick n from 1..2 "bank how many?" { gain n coins; }
}
proc collect() {
  may "take the tax?" { gain 3 coins; }
  bank();
}
proc counted(): int {
  let got = 0;
  pick n from 1..3 "count how many?" { set got = n; }
  return got;
}
proc turn() {
  if holds_duke() {
    collect();
    let more = counted();
    gain more coins;
  }
  collect();
  may "end the turn?" { gain 1 coins; }
}
game tax {
  seats 2;
  phase setup { fill deck with card; shuffle deck; each players: draw 2 from deck to hand; }
  phase play { repeat 2 { each players: turn(); } }
  winner most coins;
}
"""

duke = rules_programs(DUKE)


class Recording(Agent):
    """A random agent (its own seed) that keeps (the prompt as written, untold) of every question it is asked."""

    def __init__(self, seed: int):
        self.rng, self.asked = random.Random(seed), []

    def choose(self, decision, view) -> int:
        self.asked.append((decision.written_prompt, decision.untold))
        return self.rng.randrange(decision.size)


def turns(program, seed: int) -> list:
    """A seeded game of random answers, as each turn's questions: (the prompt as written, untold), in order."""
    agent = Recording(seed)
    g = Game(program, 2, seed, [agent] * 2)
    g.play()
    assert g.memo.get(UNTOLD, 0) == 0   # every untold call over, the count back where it was
    out, turn = [], []
    for asked in agent.asked:
        turn.append(asked)
        if asked[0] == "end the turn?":
            out.append(turn)
            turn = []
    return out


TOLD = [("take the tax?", False), ("bank how many?", False), ("end the turn?", False)]
# under `holds_duke()`: collect's own question, the one of the proc it calls, and a proc's giving a value (`let`)
UNTOLD_FIRST = [("take the tax?", True), ("bank how many?", True), ("count how many?", True)]


def test_the_questions_of_a_call_under_a_hidden_condition_are_untold_there_only(duke):
    program, held = duke(), 0
    for seed in (1, 2, 3, 4):
        for turn in turns(program, seed):
            assert turn in (TOLD, UNTOLD_FIRST + TOLD), turn   # the same procs called plainly: told
            held += turn != TOLD
    assert held >= 3


def test_the_table_lists_no_question_of_a_proc_only_the_calls_are_marked():
    sym = analyse_text(DUKE).symbols
    assert untold_answers(sym) == []   # no question is asked under the condition in its own declaration
    calls = {where(n).rsplit(":", 2)[-2] for d in sym.decls.values() for n in A.walk(d) if id(n) in untold_calls(sym)}
    lines = DUKE.splitlines()
    assert {lines[int(n) - 1].strip() for n in calls} == {"collect();", "let more = counted();"}


def test_the_hot_seat_tells_the_plain_call_and_not_the_guarded_one(duke):
    program = duke()
    for seed in (1, 2, 3):
        agent = HumanAgent(ScriptedConsole())
        g = Game(program, 2, seed, [agent] * 2)
        g.play()
        lines = [line for _seat, by_seat, _at in agent.answers for line in by_seat.values()]
        assert not any("count how many" in line for line in lines)   # asked only under the condition
        assert sum("take the tax?" in line for line in lines) == 4   # the plain calls: two turns each
        assert sum("end the turn?" in line for line in lines) == 4


uno = pack_program(str(UNO))


class Enough(Exception):
    """Raised by the agent to stop a long game: its first questions are enough."""


@pytest.fixture(scope="module")
def uno_questions(uno):
    """The first 1,500 questions of a seeded 2-player Uno game of random answers, in order, with whether each is
    untold (a random game asks some 4,000 over several hands)."""
    agent = Recording(1)
    choose = agent.choose

    def counted(decision, view):
        if len(agent.asked) == 1500:
            raise Enough
        return choose(decision, view)

    agent.choose = counted
    with pytest.raises(Enough):
        Game(uno, 2, 1, [agent] * 2).play()
    return agent.asked


def test_uno_names_the_colour_told_after_a_card_from_the_hand(uno_questions):
    colours = [(i, untold) for i, (prompt, untold) in enumerate(uno_questions) if prompt == "name the colour in play"]
    assert any(not untold for _i, untold in colours) and any(untold for _i, untold in colours)
    for i, untold in colours:
        # untold only when the wild card played was the one just drawn ("play {drawn}?", itself untold)
        drawn = any(p == "play {drawn}?" for p, _u in uno_questions[max(0, i - 1):i])
        assert untold == drawn, uno_questions[i - 3:i + 1]
    assert all(untold for prompt, untold in uno_questions if prompt == "play {drawn}?")
    assert not any(untold for prompt, untold in uno_questions if prompt == "play which card?")


def test_uno_table_keeps_the_drawn_card_question_alone():
    sym = analyse(str(UNO)).symbols
    lines = (UNO / "uno.rules").read_text().splitlines()
    assert [lines[int(w.split(":")[-2]) - 1].strip() for w in untold_answers(sym)] == ['may "play {drawn}?" {']


def test_explain_reads_an_untold_decision_and_call():
    text = explained(analyse_text(DUKE), "turn")
    assert "Carry out “collect” (no question it asks is told to the other players: whether it is carried out " \
        "depends on “holds duke”, which they may not see)." in text, text
    assert "Do “counted” (no question it asks is told to the other players: whether it is carried out depends on " \
        "“holds duke”, which they may not see), and let more be what it gives." in text
    assert text.count("no question it asks is told") == 2   # the plain call reads as ever
    night = explained(analyse(str(Path(__file__).parent / "packs" / "werewolf")), "night")
    assert "(Seer: look at whose card? (none: two centre cards)) (not told to the other players: whether it is asked " \
        "depends on your card dealt is a Seer, which they may not see)" in night
    assert "in secret" not in night.split("Seer:")[1].split("\n")[0]   # (untold: `secret` alone would say it is told)
    offered = explained(analyse(str(UNO)), "turn")
    assert "(play [drawn]?) (not told to the other players: whether it is asked depends on" in offered


# W664: a flag every view shows, set under a condition on a hidden hand with nothing else the table sees
FLAG = """
kind card { value: int; }
card guard "Guard" * 3 { value = 1; }
card king "King" { value = 6; }
zone deck of card;
zone hand per_player of card hidden;
var king_seen global: bool = false;
var shown_king global: bool = false;
var mine hidden: bool = false;
counter tokens;
func holding(k: card): bool = some(c in hand where c is k);
proc turn() {
  draw 1 from deck to hand;
  if holding(king) {
    if tokens > 0 {
      set king_seen = true;
    }
    set mine = true;
  }
  if holding(king) {
    set shown_king = true;
    say "{you} shows the King";
  }
  if tokens > 1 {
    set king_seen = false;
  }
  gain 1 tokens;
}
game flags {
  seats 2;
  phase setup { fill deck with card; shuffle deck; }
  phase play { repeat 2 { each players: turn(); } }
  winner most tokens;
}
"""


def test_a_shown_flag_set_under_a_hidden_condition_alone_is_warned():
    lines = FLAG.splitlines()
    at = next(i for i, line in enumerate(lines, 1) if "set king_seen = true" in line)
    found = [f for f in found_at(FLAG) if f[0] == "W664"]
    # not `mine` (hidden: its holder's), not `shown_king` (the branch says it), not a set under a public condition
    assert found == [("W664", at, lines[at - 1].index("set") + 1)]
    message = next(d for d in analyse_text(FLAG).diagnostics if d.code == "W664")
    assert "'king_seen'" in message.message and "holding(king)" in message.message and message.hint


def test_no_shipped_or_test_pack_is_warned():
    # the ten sets of a shown variable under a hidden condition in the test packs (Cribbage's `to_play` after a
    # "go", Skull's first player, Mexican Train's marker, the Hunter's death...) are each in a branch that tells
    # the table why: the rules mean them public
    for pack in ("cribbage", "skull", "mexican_train", "werewolf", "scotland_yard"):
        assert "W664" not in {d.code for d in analyse(str(Path(__file__).parent / "packs" / pack)).diagnostics}


def test_an_untold_call_ended_by_the_game_leaves_no_count(duke):
    program = duke('\nproc ender() { if holds_duke() { stop(); } }\nproc stop() { end game; }\n')
    for seed in range(1, 30):
        g = Game(program, 2, seed, [])
        g.start()
        run = program.procs["ender"](g, g.state.players[0])
        before = g.memo.get(UNTOLD, 0)   # (the game waits inside its first turn, perhaps within an untold call)
        try:
            run_answering(run, lambda d: 0)
        except BaseException:   # the game ended inside the untold call
            assert g.memo.get(UNTOLD, 0) == before
            return
    raise AssertionError("no seed deals the Duke first")
