"""A game whose every ending is sudden needs no winner line (branch endings): it is won and lost only by
`end game won by P;` / `lost by P` (4.24b), nothing is scored, and a team wins or loses whole; E641 when such a
game can still end without naming its outcome, E304 when nothing ever names one, W626 for a winner line that
ranks a flag set right before `end game` (the workaround the packs carried); both backends, fmt, explain and
simulate's tally of the games ended at once."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime import simulate as sim
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, outcome

from .conftest import explained, found_at, rules_programs, write_pack

# Nim (the 15-stone race): players take 1 to 3 stones in turn; whoever takes the last one wins at once.
NIM = """\
counter stones "Stones left" global from 0 to 15 start 15;
proc turn() {
  pick n from 1..min(3, stones) "take how many stones?" {
    lose n stones;
  }
  if stones == 0 {
    end game won by you "{you} takes the last stone";
  }
}
"""
FOREVER = NIM + "game nim \"Nim\" { seats 2 to 4; phase play { while true { each players: turn(); } } }\n"
# a round limit: the play phase can run to its end, so the outcome there must be named
TWO_ROUNDS = NIM + "game nim \"Nim\" { seats 2 to 4; phase play { repeat 2 { each players: turn(); } } }\n"
DRAWN = NIM + ("game nim \"Nim\" { seats 2 to 4; phase play { repeat 2 { each players: turn(); } }\n"
               "  phase final { end game lost by all_players \"the stones outlast the rounds\"; } }\n")

program = rules_programs(FOREVER)
drawn = rules_programs(DRAWN)
teams = rules_programs(NIM + "game nim { seats 4 teams 2 alternating; phase play { while true { each players: turn(); } } }")


def errors(text: str) -> list[tuple]:
    return [(code, line) for code, line, _column in found_at(text) if code[0] in "EW"]


def test_a_game_without_a_winner_line_is_won_at_once_and_scores_nothing(program):
    game = Game(program(), 2, 1, make_agents("first", 2, 1))   # one stone a turn: P1 takes the 15th
    result = game.play()
    assert result["winners"] == ["P1"] and result["sudden"] == "won" and result["reason"] == "P1 takes the last stone"
    assert result["keys"] == [] and result["scores"] == {"P1": [], "P2": []} and "draw" not in result
    assert outcome(result) == "winner: P1 (at once: P1 takes the last stone)"
    assert game.state.globals["stones"] == 0


def test_random_games_end_only_at_once_and_alike_on_both_backends(program):
    for seed in range(1, 6):
        result = Game(program(), 3, seed, make_agents("random", 3, seed)).play()
        assert result["sudden"] == "won" and len(result["winners"]) == 1
        assert result["reason"] == f"{result['winners'][0]} takes the last stone"


def test_a_natural_end_named_in_the_final_phase_is_a_draw(drawn):
    # 2 rounds of 2 players take at most 12 of the 15 stones: the final phase names the outcome
    result = Game(drawn(), 2, 1, make_agents("random", 2, 1)).play()
    assert result["draw"] is True and result["winners"] == [] and result["sudden"] == "lost"
    assert outcome(result) == "draw (at once: the stones outlast the rounds)"


def test_in_a_game_of_teams_without_a_winner_line_the_team_wins_whole(teams):
    result = Game(teams(), 4, 1, make_agents("first", 4, 1)).play()   # P3 takes the 15th stone
    assert result["reason"] == "P3 takes the last stone"
    assert result["winners"] == ["P1", "P3"] and result["teams"] == {"P1": 1, "P2": 2, "P3": 1, "P4": 2}


def test_e641_a_game_without_a_winner_line_whose_play_can_run_to_its_end():
    found = [d for d in analyse_text(TWO_ROUNDS).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line) for d in found] == [("E641", 10)]
    assert "its play phase can run to its end" in found[0].message
    assert "'end game won by P;'" in found[0].hint and "winner line" in found[0].hint


def test_e641_names_a_plain_end_game_that_leads_to_an_unnamed_outcome():
    text = FOREVER.replace('    end game won by you "{you} takes the last stone";',
                           '    end game won by you;\n  }\n  if stones == 1 {\n    end game;')
    found = [d for d in analyse_text(text).diagnostics if d.code == "E641"]
    assert len(found) == 1 and "the 'end game;' at " in found[0].message and ":10:5" in found[0].message


def test_e641_when_the_final_phase_names_the_outcome_on_some_paths_only():
    text = TWO_ROUNDS.replace("} } }\n", "} }\n  phase final { if stones < 5 { end game lost by all_players; } } }\n")
    assert ("E641", 10) in errors(text)
    # every path of the final phase (through a proc that always ends so) names it: no finding
    called = NIM + ("proc judge() { if stones < 5 { end game lost by all_players; } else { end game won by []; } }\n"
                    "game nim { seats 2; phase play { repeat 2 { each players: turn(); } } phase final { judge(); } }")
    assert errors(called) == []


def test_no_e641_for_a_play_that_runs_until_a_sudden_ending():
    assert errors(FOREVER) == []
    assert errors(DRAWN) == []


def test_e304_stays_for_a_game_that_never_names_a_winner():
    text = NIM.replace('end game won by you "{you} takes the last stone";', "end game;") + \
        "game nim { seats 2; phase play { while true { each players: turn(); } } }"
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == ["E304"] and "'end game won by PLAYER;'" in found[0].hint


# Checkers as the packs wrote it: a counter set right before `end game` only to feed the winner line
CHECKERS = """\
counter won;
counter moves_left global from 0 to 40 start 40;
proc turn() {
  if moves_left == 0 {
    gain 1 left(you).won;
    end game "{you} has no legal move";
  }
  lose 1 moves_left;
}
game checkers { seats 2; phase play { while true { each players: turn(); } } winner most won else draw; }
"""


def test_w626_a_winner_line_ranking_a_flag_set_right_before_end_game():
    found = [d for d in analyse_text(CHECKERS).diagnostics if d.code == "W626"]
    key = CHECKERS.splitlines()[9].index("most won") + len("most ") + 1   # at the key, on the game's line
    assert [(d.span.line, d.span.column) for d in found] == [(10, key)]
    assert "'won'" in found[0].message and "'end game won by you;'" in found[0].hint
    assert len(found[0].notes) == 1 and found[0].notes[0].endswith(":5:5")   # the gain, right before `end game`
    # written as the language says it: no flag, no winner line, no finding
    fixed = CHECKERS.replace("counter won;\n", "").replace(
        '    gain 1 left(you).won;\n    end game "{you} has no legal move";', '    end game lost by you "no legal move";'
    ).replace(" winner most won else draw;", "")
    assert errors(fixed) == []


def test_w626_for_a_flag_set_with_set_before_end_game_after_a_round():
    text = CHECKERS.replace("    gain 1 left(you).won;\n    end game", "    set won = 1;\n    end game after round") \
        .replace("while true {", "while true as round {")
    assert [c for c, _l in errors(text) if c == "W626"] == ["W626"]


def test_no_w626_when_the_counter_counts_something_else_too():
    scored = CHECKERS.replace("  lose 1 moves_left;", "  lose 1 moves_left;\n  gain 1 won;")
    assert "W626" not in [c for c, _l in errors(scored)]
    lost = CHECKERS.replace("  lose 1 moves_left;", "  lose 1 moves_left;\n  lose 1 won;")
    assert "W626" not in [c for c, _l in errors(lost)]


def test_a_game_without_a_winner_line_prints_back_and_is_read_aloud():
    module = parse_text(FOREVER)
    assert parse_text(format_module(module)) == module and "winner" not in format_module(module)
    reading = explained(analyse_text(FOREVER), "nim")
    assert "No winner line: nothing is scored, and the game is won and lost only where it ends at once" in reading
    turn = explained(analyse_text(FOREVER), "turn")
    assert "you win; what was under way stops and the final phase is skipped (nothing is scored)" in turn
    assert "nobody wins" in explained(analyse_text(DRAWN.replace("lost by all_players", "won by []")), "nim")


def test_simulate_counts_the_sudden_endings_of_a_game_with_no_scores(tmp_path):
    pack = write_pack(tmp_path / "nim", FOREVER, name="nim")
    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "--games", "12", "-w", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    assert report["score_keys"] == [] and report["sudden"]["games"] == 12
    records = sim.run(sim.prepare(str(pack), [], 2)[0], range(1, 13))
    assert all(r.sudden == "won" for r in records)
    wins = {seat: sum(r.reason.startswith(seat) for r in records) for seat in ("P1", "P2")}
    assert {(e["reason"], e["games"]) for e in report["sudden"]["endings"]} == \
        {(f"{seat} takes the last stone", n) for seat, n in wins.items() if n}
    assert "ended at once: 12 games" in " ".join(result.output.split())


def test_an_ending_the_checker_could_not_foresee_is_a_draw_on_both_backends(program):
    """(E641 refuses every way it finds; should a game end unnamed all the same, nobody is ranked: a draw,
    never every seat tied at 0 as winners.) The play phase is swapped for an empty one after the check."""
    import dataclasses

    def no_play(game, player):
        return
        yield

    built = program()
    unnamed = dataclasses.replace(built, game=dataclasses.replace(built.game, play=no_play))
    result = Game(unnamed, 3, 1).play()
    assert result["winners"] == [] and result["draw"] is True and "sudden" not in result
    assert outcome(result) == "draw"
