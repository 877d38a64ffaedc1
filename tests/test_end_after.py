"""Loop labels (`repeat 5 as round`, `while ... as round`, `for each ... as turn`, `each ... as turn`)
and `end game after LABEL;`: the round under way of the innermost running loop so labelled finishes,
then the game ends as `end game;` would there. On both backends."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import ScriptedAgent
from rulebook.runtime.engine import Game, RulesRuntimeError, outcome
from rulebook.runtime.state import State, check_saved

from .conftest import on_both_backends, the_one_error

PACK = """
counter vp;
counter turns global;
counter rounds global;
counter finals global;
event scored();
proc score() {
  gain 1 vp;
  emit scored();
  if vp >= 3 { end game after round; }
  gain 10 vp;   # the rest of the turn runs
}
proc take_turn() { gain 1 turns; score(); }
"""

GAME = """
game g {
  seats 1 to 4;
  phase play {
    while true as round {
      gain 1 rounds;
      each players as turn { take_turn(); }
    }
  }
  phase final { gain 1 finals; }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: lambda more="", game=GAME: build_text(PACK + more + game,
                                                                                         interpreted=interpreted))


def played(p, players: int = 2, answers=()) -> Game:
    g = Game(p, players, 1, [ScriptedAgent(answers)] * players)
    g.play()
    return g


def vps(g: Game) -> list[int]:
    return [p.stock["vp"] for p in g.state.players]


def test_the_round_finishes_from_a_nested_proc_then_the_game_ends(program):
    g = played(program())
    # round 1: P1 gets 11, P2 11; round 2: P1 reaches 12 >= 3 and asks, gets 10 more; P2's turn still runs
    assert g.state.globals["rounds"] == 2 and g.state.globals["turns"] == 4
    assert vps(g) == [22, 22] and g.state.globals["finals"] == 1 and g.state.over


def test_asked_late_in_a_round_every_turn_of_it_still_runs(program):
    g = played(program(game=GAME.replace("take_turn();", "take_turn(); gain 1 vp;")), players=3)
    assert g.state.globals["rounds"] == 2 and g.state.globals["turns"] == 6 and vps(g) == [24, 24, 24]


def test_from_a_trigger(program):
    more = "whenever you scored() { if turns == 3 { end game after round; } }"
    g = played(program(more, GAME.replace("take_turn();", "gain 1 turns; emit scored();")), players=2)
    # the trigger fires at the third turn (round 2, P1): P2's turn of that round still runs
    assert g.state.globals["rounds"] == 2 and g.state.globals["turns"] == 4 and g.state.globals["finals"] == 1


def test_in_a_repeat_whose_last_round_it_is_and_what_follows_the_loop_is_skipped(program):
    game = GAME.replace("while true as round {", "repeat 2 as round {").replace(
        "each players as turn { take_turn(); }", "each players as turn { gain 1 turns; if rounds == 2 { end game after round; } }"
    ).replace("    }\n  }\n  phase final", "    }\n    gain 100 finals;\n  }\n  phase final")
    g = played(program(game=game))
    assert g.state.globals["rounds"] == 2 and g.state.globals["turns"] == 4 and g.state.globals["finals"] == 1


def test_nested_labelled_loops_end_after_the_loop_named(program):
    # `end game after turn;`: the turn under way finishes, the rest of the round does not run
    game = GAME.replace("take_turn();", "gain 1 turns; if turns == 2 { end game after turn; } gain 1 vp;")
    g = played(program(game=game), players=3)
    assert g.state.globals["turns"] == 2 and vps(g) == [1, 1, 0]
    # `end game after round;` from inside the turn loop: the round finishes
    g = played(program(game=game.replace("after turn", "after round")), players=3)
    assert g.state.globals["turns"] == 3 and vps(g) == [1, 1, 1]


def test_the_innermost_running_loop_of_the_label_is_the_one(program):
    # a proc with its own `round` loop, called inside the phase's: the inner one is ended after
    more = "proc inner() { repeat 3 as round { gain 1 turns; if turns == 2 { end game after round; } } }"
    game = GAME.replace("each players as turn { take_turn(); }", "inner(); gain 1 vp;")
    g = played(program(more, game), players=1)
    assert g.state.globals["turns"] == 2 and vps(g) == [0]


def test_said_twice_it_is_the_same_and_end_game_still_ends_at_once(program):
    twice = GAME.replace("take_turn();", "gain 1 turns; end game after round; end game after round; gain 1 vp;")
    g = played(program(game=twice), players=2)
    assert g.state.globals["turns"] == 2 and vps(g) == [1, 1]
    at_once = GAME.replace("take_turn();", "gain 1 turns; end game after round; end game; gain 1 vp;")
    g = played(program(game=at_once), players=2)
    assert g.state.globals["turns"] == 1 and vps(g) == [0, 0] and g.state.globals["finals"] == 1


def test_a_return_out_of_the_loop_ends_its_round(program):
    more = "proc rounds_of(): int { while true as round { gain 1 turns; end game after round; return 5; } return 0; }"
    game = GAME.replace("each players as turn { take_turn(); }", "let n = rounds_of(); gain n vp;")
    g = played(program(more, game), players=1)
    assert g.state.globals["turns"] == 1 and vps(g) == [0] and g.state.globals["finals"] == 1


def test_in_the_final_phase_it_stops_the_final_phase_there(program):
    game = GAME.replace("phase final { gain 1 finals; }", "phase final { repeat 3 as tally { gain 1 finals; "
                        "end game after tally; } gain 100 finals; }")
    g = played(program(game=game))
    assert g.state.globals["finals"] == 1 and g.state.over


def test_no_running_loop_of_the_label_is_a_positioned_runtime_error(program):
    more = "proc late() { end game after round; }"
    game = GAME.replace("phase final { gain 1 finals; }", "phase final { late(); }")
    g = Game(program(more, game), 2, 1, [ScriptedAgent(())] * 2)
    with pytest.raises(RulesRuntimeError) as e:
        g.play()
    assert e.value.code == "E609" and e.value.where.endswith(f":{(PACK + more).count(chr(10)) + 1}:15")
    assert "no loop labelled 'round' is running (no labelled loop is running)" in e.value.message


def test_mid_round_the_state_says_so_and_clones_and_saves_agree(program):
    more = "proc pick_one() { choose { option \"a\" { gain 1 vp; } option \"b\" { gain 2 vp; } } }"
    game = GAME.replace("each players as turn { take_turn(); }", "each players as turn { gain 1 turns; "
                        "if turns == 1 { end game after round; } pick_one(); }")
    p = program(more, game)
    g = Game(p, 2, 1)
    g.start()
    assert "ends_after" in g.state.to_json() and g.state.to_json()["ends_after"] == ["round"]
    fresh = Game(p, 2, 1)
    assert "ends_after" not in fresh.state.to_json()
    twin = g.clone()
    assert twin.state.digest() == g.state.digest()
    data = g.state.to_json()
    check_saved(data, p)
    assert State.from_json(data, p.entities).to_json() == data
    for game in (g, twin):
        game.apply(0)    # P1's choice, then P2's: the round is over, so is the game
        game.apply(1)
    assert g.state.over and twin.state.over and g.state.digest() == twin.state.digest()
    assert "ends_after" not in g.state.to_json() and vps(g) == [1, 2]


def test_a_state_saved_mid_round_is_read_back_with_its_ending(program, tmp_path):
    from rulebook.runtime.record import load_state, save_state
    game = GAME.replace("each players as turn { take_turn(); }", "each players as turn { gain 1 turns; "
                        "end game after round; choose { option \"a\" { } option \"b\" { } } }")
    p = program(game=game)
    g = Game(p, 2, 1)
    g.start()
    save_state(g.state, tmp_path / "mid.json")
    assert load_state(tmp_path / "mid.json", p).to_json() == g.state.to_json()
    save_state(Game(p, 2, 1).state, tmp_path / "fresh.json")
    assert "ends_after" not in load_state(tmp_path / "fresh.json", p).to_json()


def test_a_saved_state_with_a_malformed_ending_is_refused(program):
    from rulebook.runtime.state import StateError
    p = program()
    data = Game(p, 2, 1).state.to_json()
    with pytest.raises(StateError, match="ends_after"):
        check_saved({**data, "ends_after": [3]}, p)


def test_the_trace_shows_when_it_is_asked_and_when_the_game_ends(program):
    g = Game(program(), 2, 1)
    trace = []
    g.tracer = trace.append
    g.play()
    ends = [(e.what, e.where.rsplit(":", 2)[-2]) for e in trace if e.kind == "end"]
    assert ends == [("the game after this round", "10"), ("the game", str((PACK + GAME).count("\n") - 9 + 2))]


@pytest.mark.parametrize("text, code, where", [
    ("proc p() { end game after rund; }" + GAME, "E224", "unknown loop label 'rund'"),
    ("proc p() { end game after nothing; }", "E224", "unknown loop label 'nothing'"),
    ("proc p() { repeat 2 as round { each players as round: gain 1 vp; } }", "E324",
     "labelled 'round' inside a loop labelled 'round'"),
])
def test_misuse(text, code, where):
    result = analyse_text(PACK.replace("end game after round;", "gain 1 vp;") + text)
    the_one_error(result, code, where)


def test_an_unknown_label_suggests_the_near_one():
    result = analyse_text(PACK.replace("round;", "rund;") + GAME)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E224"] and "round" in (errors[0].hint or "")
    assert errors[0].span.line == 10 and errors[0].span.column == 31


def test_the_label_of_one_loop_may_be_used_again_beside_it_and_in_another_proc():
    text = PACK + "proc q() { repeat 2 as round { gain 1 vp; } repeat 2 as round { gain 1 vp; } }" + GAME
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]


def test_as_and_after_stay_what_they_were():
    # `as` is still a name where no label can stand; `end game after X` needs the label
    text = "counter as;\nproc p() { repeat as as round { gain 1 as; end game after round; } }\n"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in analyse_text("proc p() { end game after; }").diagnostics] == ["E100"]


LABELLED = """
counter vp;
proc p() {
  while true as round {
    repeat 2 as half { gain 1 vp; }
    for each c in 3 where c > 1 as step { gain c vp; }
    for each q in players in any order as visit { gain 1 vp; }
    each players as turn { gain 1 vp; }
    each players as turn: gain 1 vp;
    if vp > 10 { end game after round; }
  }
}
"""


def test_printer_round_trip():
    module = parse_text(LABELLED, "a.rules")
    printed = format_module(module)
    assert "while true as round {" in printed and "end game after round;" in printed
    assert "each players as turn: gain 1 vp;" in printed and "in any order as visit {" in printed
    assert parse_text(printed, "a.rules") == module


def test_explain_reads_the_label_and_the_ending():
    module = parse_text(LABELLED, "a.rules")
    lines = [line.strip() for line in explain(next(d for d in module.items if getattr(d, "name", None) == "p"))]
    text = "\n".join(lines)
    assert "Again and again (each time through is one round):" in text
    assert "Do this twice (each time through is one half):" in text
    assert "(each time through is one turn):" in text
    assert "The game ends after this round: the rest of the round is played" in text


@pytest.mark.parametrize("replace, where", [
    # written straight in the phase, after the loop
    (("    }\n  }\n  phase final", "    }\n    end game after round;\n  }\n  phase final"),
     "is in the play phase outside any loop labelled 'round'"),
    # in a block of the phase (an `if`), inside a loop of another label only
    (("each players as turn { take_turn(); }", "each players as turn { take_turn(); } } "
      "each players as turn { if vp > 3 { end game after round; } } while false {"),
     "(the loops around it are labelled 'turn')"),
    # in another phase than the loop's
    (("phase final { gain 1 finals; }", "phase final { gain 1 finals; end game after round; }"),
     "is in the final phase outside any loop labelled 'round'"),
])
def test_in_a_phase_outside_any_loop_of_the_label_is_E325(replace, where):
    text = PACK.replace("end game after round;", "gain 1 vp;") + "proc p() { repeat 2 as round { gain 1 vp; } }" \
        + GAME.replace(*replace)
    the_one_error(analyse_text(text), "E325", where)


def test_a_proc_or_a_trigger_written_in_a_phase_stays_a_check_in_play():
    """A proc may be called from inside the loop and a trigger fire there: only play can tell (E609)."""
    game = GAME.replace("phase final { gain 1 finals; }", "phase final { whenever you scored() { end game after "
                        "round; } gain 1 finals; }")
    assert not [d for d in analyse_text(PACK + game).diagnostics if d.severity == "error"]


# ---------------------------------------------------------------- `end game after LABEL "REASON";`

REASONED = PACK.replace("end game after round;", 'end game after round "prestige 3";')

reasoned = on_both_backends(lambda interpreted: lambda more="", game=GAME: build_text(
    REASONED + more + game, interpreted=interpreted))


def test_the_reason_of_an_ending_after_the_round_is_the_result_s(reasoned):
    g = played(reasoned())
    result = g.play()
    assert g.state.globals["rounds"] == 2 and vps(g) == [22, 22] and g.state.globals["finals"] == 1
    assert result["reason"] == "prestige 3" and outcome(result) == "winner: P1, P2 (prestige 3)"


def test_an_ending_at_once_in_the_rest_of_the_round_gives_its_own_reason(reasoned):
    # P1 asks for the end after the round (with a reason); P2's turn then ends the game at once with another
    g = played(reasoned(game=GAME.replace("take_turn();", 'take_turn(); if turns == 4 { end game "at once"; }')))
    assert g.state.globals["turns"] == 4 and g.play()["reason"] == "at once"


def test_the_first_reason_given_for_the_round_stands(reasoned):
    # round 2, P1's turn: score() asks for the end with "prestige 3", then the turn asks again with "later"
    game = GAME.replace("take_turn();", 'take_turn(); if turns == 3 { end game after round "later"; }')
    assert played(reasoned(game=game)).play()["reason"] == "prestige 3"
    # asked first without a reason (PACK's score()), the one given after is the one
    for interpreted in (False, True):
        assert played(build_text(PACK + game, interpreted=interpreted)).play()["reason"] == "later"
        assert "reason" not in played(build_text(PACK + GAME, interpreted=interpreted)).play()


def test_the_log_keeps_the_reason_and_a_replay_checks_it(reasoned):
    from rulebook.runtime.record import GameLog, record, replay
    p = reasoned()
    g = played(p)
    log = GameLog.model_validate_json(record(g).model_dump_json())
    assert json.loads(log.model_dump_json(by_alias=True))["result"]["reason"] == "prestige 3"
    assert replay(p, log).result()["reason"] == "prestige 3"


def test_mid_round_the_saved_state_keeps_the_reason(reasoned):
    more = "proc pick_one() { choose { option \"a\" { gain 1 vp; } option \"b\" { gain 2 vp; } } }"
    game = GAME.replace("each players as turn { take_turn(); }", "each players as turn { gain 1 turns; "
                        "if turns == 1 { end game after round \"one round\"; } pick_one(); }")
    p = reasoned(more, game)
    g = Game(p, 2, 1)
    g.start()
    data = g.state.to_json()
    assert data["ends_after"] == [["round", "one round"]]
    check_saved(data, p)
    assert State.from_json(data, p.entities).to_json() == data
    twin = g.clone()
    for game in (g, twin):
        game.apply(0)
        game.apply(1)
    assert g.state.over and g.result()["reason"] == twin.result()["reason"] == "one round"
    from rulebook.runtime.state import StateError
    for bad in ([["round"]], [["round", 3]], [[3, "x"]]):
        with pytest.raises(StateError, match="ends_after"):
            check_saved({**data, "ends_after": bad}, p)


def test_the_trace_shows_the_reason(reasoned):
    g = Game(reasoned(), 2, 1)
    trace = []
    g.tracer = trace.append
    g.play()
    ends = [e.what for e in trace if e.kind == "end"]
    assert ends == ["the game after this round (prestige 3)", "the game (prestige 3)"]


def test_the_reason_is_printed_back_and_explained():
    module = parse_text(REASONED, "a.rules")
    printed = format_module(module)
    assert 'end game after round "prestige 3";' in printed and parse_text(printed, "a.rules") == module
    lines = "\n".join(explain(next(d for d in module.items if getattr(d, "name", None) == "score")))
    assert "The game ends after this round (prestige 3): the rest of the round is played" in lines
    # without a reason, the node is as it was (the shipped packs' digests do not change)
    assert parse_text(PACK, "a.rules") != module
    assert "reason" not in repr(parse_text("proc p() { repeat 2 as round { end game after round; } }", "a.rules"))


def test_a_reason_before_the_label_is_not_the_statement():
    assert [d.code for d in analyse_text('proc p() { repeat 2 as round { end game "x" after round; } }')
            .diagnostics if d.severity == "error"] == ["E100"]
