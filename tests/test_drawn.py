"""`end game drawn;` (branch endings2): a plain draw said where it happens, at once, the final phase
skipped and nobody winning, so a game whose every ending is sudden needs no winner line even when it can
be drawn (E641 counts it as a named outcome); both backends, the log and replay, simulate's draws, fmt,
explain, E100 for a misspelt word, E639 in a cooperative game and E657 in a game played alone."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime import simulate as sim
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, outcome

from .conftest import explained, found_at, rules_programs, write_pack

# Tug of war: each turn a player pulls the rope one step toward their end or lets it slip a step back;
# the first to bring it home wins, and a position seen a third time is a draw (the repetition rule).
TUG = """\
counter rope "Rope" global from -3 to 3 start 0;
var seen "Positions seen" global: list of int = [];
proc turn() {
  let toward = if you == first(players) then 1 else -1;
  pick step from [1, -1] "pull (1) or let slip (-1)?" {
    gain step * toward rope;
  }
  if rope * toward == 3 {
    end game won by you "{you} pulls the rope home";
  }
  if count(q in seen where q == rope) >= 2 {
    end game drawn "threefold repetition";
  }
  set seen = seen + [rope];
}
"""
GAME = 'game tug "Tug of war" { seats 2; phase play { while true { each players: turn(); } } }\n'

program = rules_programs(TUG + GAME)


def errors(text: str) -> list[tuple]:
    return [(code, line) for code, line, _column in found_at(text) if code[0] in "EW"]


def test_a_position_seen_a_third_time_is_a_draw_at_once(program):
    # the first option each time: P1 pulls to 1, P2 pulls back to 0, ...: 0 is seen a third time by P2's second pull
    game = Game(program(), 2, 1, make_agents("first", 2, 1))
    result = game.play()
    assert result["winners"] == [] and result["draw"] is True and result["sudden"] == "drawn"
    assert result["reason"] == "threefold repetition" and result["keys"] == []
    assert outcome(result) == "draw (at once: threefold repetition)"
    assert game.decisions_made == 5 and game.state.gvars["seen"] == [1, 0, 1, 0]


def test_random_games_are_won_or_drawn_alike_on_both_backends():

    compiled, interpreted = (build_text(TUG + GAME, interpreted=flag) for flag in (False, True))
    endings = set()
    for seed in range(1, 13):
        a, b = (Game(p, 2, seed, make_agents("random", 2, seed)) for p in (compiled, interpreted))
        ra, rb = a.play(), b.play()
        assert a.log == b.log and ra == rb
        assert (ra["sudden"] == "drawn") == bool(ra.get("draw")) == (ra["winners"] == [])
        endings.add(ra["sudden"])
    assert endings == {"won", "drawn"}   # both outcomes happen in these seeds


def test_drawn_in_a_game_with_a_winner_line_skips_the_final_phase_and_its_ranking():
    text = TUG.replace("counter rope", "counter extra from 0 to 9;\ncounter rope") + (
        'game tug "Tug of war" { seats 2; phase play { while true { each players: turn(); } }\n'
        "  phase final { each players: gain 1 extra; } winner most extra; }\n")

    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1, make_agents("first", 2, 1))
        result = game.play()
        assert result["draw"] is True and result["winners"] == [] and result["sudden"] == "drawn"
        assert result["scores"] == {"P1": [0], "P2": [0]}   # the final phase never ran


def test_simulate_counts_the_draws_of_a_game_with_a_winner_line(tmp_path):
    # a winner line without `else draw`: the draws said by `end game drawn` get simulate's draw row all the same
    text = TUG + 'game tug "Tug of war" { seats 2; phase play { while true { each players: turn(); } } winner most rope; }\n'
    pack = write_pack(tmp_path / "tug", text, name="tug")
    records = sim.run(sim.prepare(str(pack), [], 2)[0], range(1, 13))
    draws = sum(r.draw for r in records)
    assert 0 < draws < 12
    result = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "--games", "12", "-w", "1"])
    assert result.exit_code == 0, result.output
    assert f"draw ({draws})" in result.output


def test_the_log_keeps_the_draw_and_replays(tmp_path):
    pack = write_pack(tmp_path / "tug", TUG + GAME, name="tug")
    log = tmp_path / "game.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", str(pack), "--players", "2", "--seed", "1", "--agent", "first",
                                 "--log", str(log)])
    assert played.exit_code == 0, played.output
    assert "Tug of war: draw (at once: threefold repetition)" in played.output
    result = json.loads(log.read_text())["result"]
    assert result["draw"] is True and result["sudden"] == "drawn" and result["winners"] == []
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and "replay matches the log" in replayed.output


def test_simulate_counts_the_draws_and_the_endings_by_reason(tmp_path):
    pack = write_pack(tmp_path / "tug", TUG + GAME, name="tug")
    out = tmp_path / "r.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "--games", "12", "-w", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    report = json.loads(out.read_text())
    records = sim.run(sim.prepare(str(pack), [], 2)[0], range(1, 13))
    draws = sum(r.sudden == "drawn" for r in records)
    assert 0 < draws < 12 and all(r.draw == (r.sudden == "drawn") for r in records)
    assert report["draws"]["draws"] == draws and report["sudden"]["games"] == 12
    assert {"outcome": "drawn", "reason": "threefold repetition", "games": draws} in report["sudden"]["endings"]


def test_no_e641_when_every_ending_is_a_win_or_a_draw_named_at_once():
    assert errors(TUG + GAME) == []
    # a cap on the rounds: the play phase can run to its end, so the final phase names it (a draw)
    capped = TUG + ('game tug { seats 2; phase play { repeat 20 { each players: turn(); } }\n'
                    '  phase final { end game drawn "twenty rounds"; } }\n')
    assert errors(capped) == []
    assert ("E641", 16) in errors(capped.replace('end game drawn "twenty rounds";', "end game;"))
    # a plain `end game;` the final phase does not name: E641 says where
    plain = TUG.replace('end game drawn "threefold repetition";', "end game;") + GAME
    [found] = [d for d in analyse_text(plain).diagnostics if d.code == "E641"]
    assert "the 'end game;' at " in found.message and ":12:5" in found.message
    assert "'end game drawn;' for a draw" in found.hint


def test_a_game_whose_only_named_outcome_is_a_draw_needs_no_e304():
    only_draws = TUG.replace('end game won by you "{you} pulls the rope home";', 'end game drawn "home";') + GAME
    assert "E304" not in [c for c, _l in errors(only_draws)]


def test_e100_for_another_word_after_end_game():
    try:
        parse_text(TUG.replace("end game drawn", "end game draw") + GAME)
    except RulesError as e:
        [d] = e.diagnostics
        assert d.code == "E100" and "found 'end game draw'" in d.message and "did you mean 'drawn'?" in d.hint
        assert (d.span.line, d.span.column) == (12, 5)
    else:
        raise AssertionError("'end game draw;' parsed")


def test_e639_a_draw_in_a_cooperative_game():
    coop = TUG + 'game tug { seats 2; phase play { while true { each players: turn(); } } winner together if rope == 3; }\n'
    found = [d for d in analyse_text(coop).diagnostics if d.code == "E639"]
    assert [d.span.line for d in found] == [9, 12]   # the win and the draw
    assert any("'end game drawn' in a cooperative game" in d.message for d in found)


def test_e657_a_draw_in_a_game_played_alone():
    solo = TUG + 'game tug { seats 1; phase play { while true { each players: turn(); } } }\n'
    [found] = [d for d in analyse_text(solo).diagnostics if d.code == "E657"]
    assert (found.span.line, found.span.column) == (12, 5)
    assert "played by one seat" in found.message and "'end game lost by you;'" in found.hint


def test_drawn_prints_back_and_is_read_aloud():
    module = parse_text(TUG + GAME)
    printed = format_module(module)
    assert parse_text(printed) == module and 'end game drawn "threefold repetition";' in printed
    bare = parse_text(TUG.replace(' "threefold repetition"', "") + GAME)
    assert "    end game drawn;\n" in format_module(bare)
    turn = explained(analyse_text(TUG + GAME), "turn")
    assert ("The game ends at once (threefold repetition): a draw, nobody wins; what was under way stops and the "
            "final phase is skipped (nothing is scored).") in turn
