"""Decisions the other players must not learn (4.21e): `secret` on a pick, a `may` or a `choose` (the hot seat
tells the others the question and `…` for the answer: One Night Werewolf's Seer, Citadels' draft, Coup), and a
pick `always asked` even with one candidate (The Resistance: who is asked must not tell who is a spy). Both
backends, fmt, explain, the highlighter's words, E577, E578, W558, W559 and W547's hint."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, build_text, compile_pack, interpret_pack
from rulebook.dsl.highlight import RulesLexer
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.view import told_answer

from .conftest import (ScriptedConsole, explained, found_at, parse_error, played, printed_back, random_games_agree,
                       replays_through_json, rules_program)

# Citadels' draft (a character taken in secret from those left, the last player asked all the same), Coup's
# "pay or lose an influence?" in secret, and a Seer's "do you look?" in secret
CITADELS = """
enum character { assassin "Assassin", thief "Thief", magician "Magician", king "King" }
var taken "Character" hidden: character = assassin;
var left_over "Characters left" global: list of character = [thief, king];
counter coins "Coins" start 3;
counter influence "Influence" start 2;
counter looked "Looked";
var named "Named" global: character = assassin;

proc draft() {
  pick c from left_over "which character do you take?" secret always asked {
    set taken = c;
    take c from left_over;
  }
}
proc pressed() {
  choose "pay 3 coins or lose an influence?" secret {
    option "pay 3" when coins >= 3 { lose 3 coins; }
    option "lose an influence" { lose 1 influence; }
  }
}
proc seer() {
  may "look at a card tonight?" secret { gain 1 looked; }
}
proc open_pick() {
  pick c from left_over "which character do you name?" { set named = c; }
}
game citadels "Citadels" {
  seats 2 to 4;
  phase play {
    each players { draft(); pressed(); seer(); }
  }
  winner most coins;
}
"""

program = rules_program(CITADELS)


def decisions(game: Game, proc: str, answers: list[int], seat: int = 0) -> list[tuple[str, str]]:
    """Each decision of `proc` run for `seat`, answered by index: (what the decider is told of it, what the
    next seat is told)."""
    gen = game.program.procs[proc](game, game.state.players[seat])
    told, d = [], gen.send(None)
    other = (seat + 1) % len(game.state.players)
    try:
        for choice in answers:
            told.append((told_answer(game, d, seat, choice), told_answer(game, d, other, choice)))
            d = gen.send(choice)
    except StopIteration:
        pass
    return told


def test_a_secret_pick_is_told_to_the_others_without_its_answer(program):
    game = Game(program, 2, 1)
    assert decisions(game, "draft", [1]) == [("which character do you take? → King",
                                              "which character do you take? → …")]
    assert game.state.players[0].vars["taken"] == "king" and game.state.gvars["left_over"] == ["thief"]


def test_a_pick_not_written_secret_is_told(program):
    game = Game(program, 2, 1)
    assert decisions(game, "open_pick", [0])[0][1] == "which character do you name? → Thief"


def test_a_secret_choose_and_a_secret_may_hide_which_option_was_taken(program):
    game = Game(program, 2, 1)
    assert decisions(game, "pressed", [1]) == [("pay 3 coins or lose an influence? → lose an influence",
                                                "pay 3 coins or lose an influence? → …")]
    assert decisions(game, "seer", [1]) == [("look at a card tonight? → yes", "look at a card tonight? → …")]
    assert game.state.players[0].stock["influence"] == 1 and game.state.players[0].stock["looked"] == 1


def test_always_asked_puts_a_one_candidate_pick_to_the_player_in_play(program):
    """Without `always asked` a lone candidate is taken with no question; with it the last player of the
    draft is asked (and the answer logged) as the first was."""
    game = Game(program, 2, 1)
    game.state.gvars["left_over"] = ["king"]
    d = game.start(program.procs["draft"](game, game.state.players[0]))
    assert d is not None and d.options == ["King"] and d.player.name == "P1"
    assert game.apply(0) is None and game.state.players[0].vars["taken"] == "king"
    game = Game(program, 2, 1)
    game.state.gvars["left_over"] = ["king"]
    assert game.start(program.procs["open_pick"](game, game.state.players[0])) is None   # forced: not asked
    assert game.state.gvars["named"] == "king"


def test_both_backends_play_and_log_the_same_games():
    random_games_agree(CITADELS, seeds=range(1, 4))


def test_fmt_prints_it_back_and_explain_reads_it():
    _module, printed = printed_back(CITADELS)
    assert 'pick c from left_over "which character do you take?" secret always asked {' in printed
    assert 'choose "pay 3 coins or lose an influence?" secret {' in printed
    assert 'may "look at a card tonight?" secret {' in printed
    result = analyse_text(CITADELS)
    assert "in secret (the other players are told the question, never the answer) (asked even when only one " \
           "is left to pick)" in explained(result, "draft")
    assert "You may (look at a card tonight?) in secret" in explained(result, "seer")
    assert "Choose one (pay 3 coins or lose an influence?) in secret" in explained(result, "pressed")


def test_the_highlighter_colours_always_asked_and_leaves_always_a_name():
    tokens = [(str(t), v) for t, v in RulesLexer().get_tokens('pick c from x secret always asked { } always = 1;')
              if v.strip()]
    assert ("Token.Keyword", "secret") in tokens and ("Token.Keyword", "asked") in tokens
    assert tokens.count(("Token.Keyword", "always")) == 1 and ("Token.Name", "always") in tokens


def test_always_is_free_as_a_name():
    text = CITADELS.replace('counter looked "Looked";', 'counter looked "Looked";\ncounter always "Always";') \
        .replace("gain 1 looked;", "gain 1 looked; gain 1 always;")
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_a_misspelt_asked_is_e100_at_the_word():
    text = CITADELS.replace("secret always asked {", "secret always askd {")
    error = parse_error(text)
    assert error.code == "E100" and "expected 'always asked'; found 'always askd'" in error.message
    assert (error.span.line, error.span.column) == (11, 70)


GAME = """
enum colour { red "Red", blue "Blue" }
counter score "Score";
kind tile { n: int; }
tile t1 "T1" { n = 1; }
zone pool "Pool" of tile;
game g "G" {
  seats 2 to 2;
  phase play {
    each players {
%s
    }
  }
  winner most score;
}
"""


@pytest.mark.parametrize("stmt,code,column", [
    ('pick c from colour at random secret { gain 1 score; }', "E577", 7),
    ('pick c from colour at random always asked { gain 1 score; }', "E578", 7),
    ('pick c from colour "which?" optional always asked { gain 1 score; }', "W559", 7),
    ('pick c from colour "which?" secret { say "picked {c}"; }', "W558", 44),
    ('pick c from pool "which?" secret { reveal c; }', "W558", 42),
    ('may "look?" secret { say "looks"; }', "W558", 28),
    ('choose "which?" secret { option "a" { say "takes a"; } option "b" { gain 1 score; } }', "W558", 45),
])
def test_misuse_is_positioned(stmt, code, column):
    assert found_at(GAME % ("      " + stmt)) == [(code, 11, column)]


def test_a_secret_simultaneous_pick_is_e577_and_misuse_that_tells_nothing_is_no_finding():
    text = GAME.replace("    each players {\n%s\n    }", '    each players simultaneously pick c from colour "y" secret '
                        '{ gain 1 score; }')
    assert found_at(text) == [("E577", 10, 33)]
    # a say that does not read the answer, a reveal to the decider alone, a pick of its own nested: nothing
    quiet = ('pick c from pool "which?" secret { say "picks"; reveal c to you; '
             'pick d from colour "again?" { say "{d}"; } }')
    assert found_at(GAME % quiet) == []
    assert found_at(GAME % 'pick c from colour "which?" optional when score > 0 always asked { gain 1 score; }') == []


# -------------------------------------------------------------------- the packs

WEREWOLF = str(Path(__file__).parent / "packs" / "werewolf")
RESISTANCE = str(Path(__file__).parent / "packs" / "resistance")


@pytest.mark.parametrize("build", [lambda p: compile_pack(p).program, interpret_pack], ids=["compiled", "interpreted"])
def test_werewolf_night_choices_are_told_masked_and_the_vote_is_not(build):
    prog = build(WEREWOLF)
    game = Game(prog, 3, 1)
    d, told = game.start(), []
    while d is not None:
        other = (d.player.index + 1) % 3
        told.append((told_answer(game, d, d.player.index, 0), told_answer(game, d, other, 0)))
        d = game.apply(0)
    night = [pair for pair in told if not pair[0].startswith("vote")]
    assert night and all(theirs.endswith("→ …") and not mine.endswith("→ …") for mine, theirs in night)
    assert [theirs for mine, theirs in told if mine.startswith("vote")] == \
        [mine for mine, theirs in told if mine.startswith("vote")]


def test_the_resistance_needs_no_w547_and_w547_names_always_asked():
    text = (Path(RESISTANCE) / "resistance.rules").read_text()
    assert "always asked" in text and not [d for d in analyse_text(text).diagnostics if d.code == "W547"]
    [w547] = [d for d in analyse_text(text.replace("always asked {", "{")).diagnostics if d.code == "W547"]
    assert "write 'always asked' before its block" in w547.hint
    assert format_text(text, "resistance.rules") == text


def test_the_hot_seat_tells_the_next_player_the_question_and_not_the_answer():
    """One person at every seat (HumanAgent): P2's screen lists P1's secret answers as `…`, P1's own as given."""

    console = ScriptedConsole()
    seat = HumanAgent(console)
    game = Game(build_text(CITADELS), 2, 1, [seat, seat])
    d = game.start()
    while d is not None and not (d.player.name == "P2" and d.prompt.startswith("which character")):
        d = game.apply(seat.choose(*game.offer(d)))
    console.printed.clear()
    seat.choose(*game.offer(d))   # P2's turn: their screen tells what happened since
    told = [line.strip() for text in console.printed for line in text.split("\n") if "P1: " in line]
    assert told == ["P1: which character do you take? → …", "P1: pay 3 coins or lose an influence? → …",
                    "P1: look at a card tonight? → …"]


def test_an_answer_always_asked_is_logged_and_replayed(program):
    """The second player's one-option draft is a decision of the log (a forced move would have none), and the
    log, written as JSON and read back, replays to the same final state."""
    game = played(program, 1, players=2)
    assert [seat for seat, _choice in game.log] == [0, 0, 0, 1, 1, 1]   # draft, pay or lose, look: each asked
    assert game.log[3] == [1, 0]   # P2 drafts the one character left
    replays_through_json(program, 1)
