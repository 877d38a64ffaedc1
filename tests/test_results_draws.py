"""A draw as a result (`winner ... else draw;`), the reason a game ended (`end game "REASON";`), the
seats' names (`seats 2 to 2 named "White", "Black";`), a gain or loss of another player's stock (`gain 1
P.won;`) and W517 (a comparison with every player's value in the pass that sets it): both backends,
the misuse codes (E519, E520, E521, W517), fmt, explain, logs, replays and simulate (the Chess and
Ticket to Ride audits)."""

from __future__ import annotations

import json

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.agents import ScriptedAgent, make_agents
from rulebook.runtime.engine import Game, outcome
from rulebook.runtime.record import GameLog, record, replay

from .conftest import RULES, explained, found_at, printed_back, rules_program, write_pack

# Chess, its endings cut down from the audit's pack: mate gives the win to the other side; a dead
# position, fivefold repetition and the 75-move rule are draws, each ending the game with its reason.
# Each turn the player picks how the position goes on ("quiet" moves count towards the 75 moves).
CHESS = """
counter won "Games won";
counter quiet global;
counter checks;
proc turn() {
  choose "position" {
    option "mated" { gain 1 left(you).won; end game "checkmate"; }
    option "dead" { end game "dead position"; }
    option "repeated" { end game "fivefold repetition"; }
    option "quiet" { gain 1 quiet; if quiet >= 150 { end game "75 moves"; } }
    option "check" { gain 1 checks; lose 1 left(you).checks; }
  }
}
game chess "Chess" {
  seats 2 to 2 named "White", "Black";
  phase play { while true { each players: turn(); } }
  winner most won else draw;
}
"""

program = rules_program(CHESS)


def game_of(program, answers, players: int = 2) -> Game:
    agent = ScriptedAgent(list(answers))
    return Game(program, players, 1, [agent] * players)


# ---------------------------------------------------------------------------- draws and reasons

def test_a_mate_is_a_win_with_its_reason(program):
    g = game_of(program, ["quiet", "mated"])   # White moves quietly, then Black is mated
    result = g.play()
    # on Black's turn "mated": the player to Black's left (White) wins
    assert result["winners"] == ["White"] and "draw" not in result and result["reason"] == "checkmate"
    assert outcome(result) == "winner: White (checkmate)"


@pytest.mark.parametrize("answer, reason", [("dead", "dead position"), ("repeated", "fivefold repetition")])
def test_a_tie_is_a_draw_with_its_reason(program, answer, reason):
    result = game_of(program, [answer]).play()
    assert result["winners"] == [] and result["draw"] is True and result["reason"] == reason
    assert result["scores"] == {"White": [0], "Black": [0]}
    assert outcome(result) == f"draw ({reason})"


def test_a_draw_without_a_reason_and_a_win_without_one():
    text = CHESS.replace('end game "dead position";', "end game;")
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        result = game_of(p, ["dead"]).play()
        assert result["draw"] is True and "reason" not in result and outcome(result) == "draw"


def test_without_else_draw_a_tie_is_still_a_shared_win():
    p = build_text(CHESS.replace(" else draw", ""))
    result = game_of(p, ["dead"]).play()
    assert result["winners"] == ["White", "Black"] and "draw" not in result


def test_the_if_false_is_a_draw_too():
    text = CHESS.replace("winner most won else draw;", "winner most won if quiet > 0 else draw;")
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        assert game_of(p, ["mated"]).play()["draw"] is True   # a win, but the condition does not hold
        result = game_of(p, ["quiet", "mated"]).play()
        assert result["winners"] == ["White"] and "draw" not in result


def test_a_draw_among_three_when_two_tie_for_the_best():
    text = """
    counter vp;
    proc turn() { choose "how many?" { option "one" { gain 1 vp; } option "two" { gain 2 vp; } } }
    game g { seats 3 to 3; phase play { each players: turn(); } winner most vp else draw; }
    """
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        assert game_of(p, ["two", "one", "two"], 3).play()["draw"] is True
        result = game_of(p, ["two", "one", "one"], 3).play()
        assert result["winners"] == ["P1"] and "draw" not in result


def test_the_first_reason_stands():
    text = CHESS.replace("winner most won else draw;", 'phase final { end game "late"; } winner most won else draw;')
    result = game_of(build_text(text), ["repeated"]).play()
    assert result["reason"] == "fivefold repetition"


def test_the_log_records_the_draw_and_the_reason_and_a_replay_checks_them(program):
    g = game_of(program, ["repeated"])
    g.play()
    log = GameLog.model_validate_json(record(g).model_dump_json())
    logged = json.loads(log.model_dump_json(by_alias=True))["result"]
    assert logged["draw"] is True and logged["reason"] == "fivefold repetition"
    assert replay(program, log).result()["draw"] is True


def test_a_log_without_a_draw_has_no_draw_field(program):
    g = game_of(program, ["quiet", "mated"])
    g.play()
    logged = json.loads(record(g).model_dump_json(by_alias=True))["result"]
    assert "draw" not in logged and logged["reason"] == "checkmate"


def test_the_trace_shows_the_reason(program):
    lines = []
    g = game_of(program, ["dead"])
    g.tracer = lambda e: lines.append(e.describe())
    g.play()
    assert any("end the game (dead position)" in line for line in lines), lines


def test_random_games_agree_on_both_backends():
    compiled, interpreted = (build_text(CHESS, interpreted=i) for i in (False, True))
    draws = 0
    for seed in range(1, 13):
        a = Game(compiled, 2, seed, make_agents("random", 2, seed))
        b = Game(interpreted, 2, seed, make_agents("random", 2, seed))
        ra, rb = a.play(), b.play()
        assert a.log == b.log and a.state.digest() == b.state.digest()
        assert ra == rb
        draws += bool(ra.get("draw"))
    assert 0 < draws < 12


def test_simulate_knows_the_game_may_be_drawn(tmp_path):
    from rulebook.runtime.simulate import prepare

    job, _program = prepare(str(write_pack(tmp_path / "chess", CHESS)), (), 2)
    assert job.draws and job.seat_names == ("White", "Black")


def test_simulate_reports_draws_beside_the_seats(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app as main

    pack = write_pack(tmp_path / "chess", CHESS)
    out = tmp_path / "report.json"
    run = CliRunner().invoke(main, ["simulate", str(pack), "-n", "2", "--games", "30", "--json", str(out)])
    assert run.exit_code == 0, run.output
    report = json.loads(out.read_text())
    draws = report["draws"]
    assert [s["seat"] for s in report["seats"]] == ["White", "Black"]
    assert draws["games"] == 30 and 0 < draws["draws"] < 30 and draws["rate"] == draws["draws"] / 30
    assert abs(sum(s["win_rate"] for s in report["seats"]) + draws["rate"] - 1) < 1e-9   # a draw is no seat's win
    shown = CliRunner().invoke(main, ["simulate", str(pack), "-n", "2", "--games", "30"]).output
    assert f"draw ({draws['draws']})" in shown and "White" in shown


def test_simulate_against_another_version_and_its_html_name_the_seats(tmp_path):
    """The paired comparison's rows and the HTML report's score plot say White/Black, as the seat table does."""
    from click.testing import CliRunner

    from rulebook.cli import app as main

    pack = write_pack(tmp_path / "chess", CHESS)
    other = write_pack(tmp_path / "chess2", CHESS)
    out = tmp_path / "report.json"
    run = CliRunner().invoke(main, ["simulate", str(pack), "-n", "2", "--games", "6", "--against", str(other),
                                    "--json", str(out), "--html", str(tmp_path / "html")])
    assert run.exit_code == 0, run.output
    report = json.loads(out.read_text())
    assert [row["seat"] for row in report["against"]["difference"]] == ["White", "Black"]
    assert (tmp_path / "html" / "index.html").exists()


def test_a_game_that_cannot_be_drawn_reports_no_draws(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app as main

    pack = write_pack(tmp_path / "chess", CHESS.replace(" else draw", ""))
    out = tmp_path / "report.json"
    run = CliRunner().invoke(main, ["simulate", str(pack), "-n", "2", "--games", "5", "--json", str(out)])
    assert run.exit_code == 0, run.output
    assert "draws" not in json.loads(out.read_text())


def test_play_prints_the_draw_and_its_reason(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app as main

    pack = write_pack(tmp_path / "chess", CHESS)
    seen = set()
    for seed in range(1, 15):
        shown = CliRunner().invoke(main, ["play", str(pack), "-n", "2", "-q", "-s", str(seed)]).output
        seen.update(line.split("   ")[0] for line in shown.splitlines() if line.startswith(("draw", "winner")))
    assert {"draw (dead position)", "draw (fivefold repetition)"} <= seen
    assert seen <= {"draw (dead position)", "draw (fivefold repetition)", "draw (75 moves)",
                    "winner: White (checkmate)", "winner: Black (checkmate)"}


def test_else_draw_in_a_cooperative_game_is_a_syntax_error():
    result = analyse_text("counter t global;\ngame g { seats 2 to 4; winner together if t > 3 else draw; }\n")
    assert [d.code for d in result.diagnostics if d.severity == "error"] == ["E100"]


# ---------------------------------------------------------------------------- seat names

def test_seat_names_in_messages_scores_and_views(program):
    text = CHESS.replace('option "dead" { end game "dead position"; }',
                         'option "dead" { say "{you} offers a draw to {left(you)}"; end game "dead position"; }')
    for interpreted in (False, True):
        p = build_text(text, interpreted=interpreted)
        g = game_of(p, ["quiet", "dead"])
        result = g.play()
        assert "Black offers a draw to White" in g.messages
        assert list(result["scores"]) == ["White", "Black"]
        assert [pl.name for pl in g.state.players] == ["White", "Black"]


def test_a_saved_state_of_named_seats_loads(program, tmp_path):
    from rulebook.runtime.record import load_state, save_state

    g = game_of(program, ["quiet", "check", "dead"])
    g.play()
    path = tmp_path / "state.json"
    save_state(g.state, path)
    state = load_state(path, program)
    assert [p.name for p in state.players] == ["White", "Black"] and state.digest() == g.state.digest()


def test_without_names_the_seats_are_p1_p2():
    p = build_text(CHESS.replace(' named "White", "Black"', ""))
    result = game_of(p, ["quiet", "mated"]).play()
    assert result["winners"] == ["P1"] and list(result["scores"]) == ["P1", "P2"]


def test_fewer_players_take_the_first_names():
    text = """
    counter vp;
    game g { seats 2 to 4 named "Red", "Blue", "Green", "Yellow"; phase play { each players: gain 1 vp; } winner most vp; }
    """
    for interpreted in (False, True):
        result = Game(build_text(text, interpreted=interpreted), 3, 1).play()
        assert list(result["scores"]) == ["Red", "Blue", "Green"]


@pytest.mark.parametrize("names, where", [
    ('"Red", "Blue"', (3, 20)),                      # too few: at the names
    ('"Red", "Blue", "Green", "Yellow", "Pink"', (3, 54)),   # too many: at the first extra one
])
def test_a_name_for_each_seat_e519(names, where):
    text = f'counter vp;\ngame g {{\nseats 2 to 4 named {names};\nwinner most vp;\n}}\n'
    assert found_at(text) == [("E519", *where)]


@pytest.mark.parametrize("names, bad", [
    ('"Red", "Red"', '"Red"'), ('"Red", ""', '""'), ('"Red", "b{x}"', '"b{x}"'), ('"bank", "Red"', '"bank"'),
    ('"P2", "P1"', '"P2"'),
])
def test_names_that_tell_no_seat_apart_e520(names, bad):
    text = f'actor bank;\ncounter vp;\ngame g {{ seats 2 to 2 named {names}; winner most vp; }}\n'
    result = analyse_text(text)
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert {d.code for d in errors} == {"E520"} and bad in errors[0].message


def test_the_seats_own_defaults_are_fine():
    assert not [d for d in analyse_text('counter vp;\ngame g { seats 2 to 2 named "P1", "P2"; winner most vp; }\n')
                .diagnostics if d.severity == "error"]


def test_an_amend_names_the_seats(tmp_path):
    from rulebook.compiler.driver import compile_pack

    base = write_pack(tmp_path / "base", CHESS.replace(' named "White", "Black"', ""), name="base")
    house = write_pack(tmp_path / "house", 'amend chess { seats 2 to 2 named "Light", "Dark"; }\n', name="house",
                       extends=[str(base)])
    p = compile_pack(str(house)).program
    assert list(game_of(p, ["dead"]).play()["scores"]) == ["Light", "Dark"]


def test_an_amend_of_the_seats_keeps_the_bases_names(tmp_path):
    from rulebook.compiler.driver import analyse, compile_pack

    base = write_pack(tmp_path / "base", CHESS, name="base")
    house = write_pack(tmp_path / "house", "amend chess { seats 2 to 2; }\n", name="house", extends=[str(base)])
    assert list(game_of(compile_pack(str(house)).program, ["dead"]).play()["scores"]) == ["White", "Black"]
    more = write_pack(tmp_path / "more", "amend chess { seats 2 to 3; }\n", name="more", extends=[str(base)])
    assert "E519" in [d.code for d in analyse(str(more)).diagnostics]


# ---------------------------------------------------------------------------- a gain for another player

def test_a_gain_and_a_loss_of_another_players(program):
    g = game_of(program, ["check", "check", "check", "dead"])
    g.play()
    white, black = g.state.players
    # White checks (+1 White, -1 Black: nothing to lose), Black checks (+1 Black, -1 White), White checks
    # (+1 White, -1 Black)
    assert (white.stock["checks"], black.stock["checks"]) == (1, 0)


def test_the_amount_is_the_acting_players():
    text = """
    counter coin;
    counter cards;
    proc give() { gain 3 cards; gain cards left(you).coin; }
    game g { seats 2 to 2; phase play { give(); } winner most coin; }
    """
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        g.play()
        assert [p.stock["coin"] for p in g.state.players] == [0, 3]


def test_the_gain_is_the_other_players():
    text = """
    counter won;
    proc turn() { gain 1 left(you).won; }
    game g { seats 2 to 2; phase play { turn(); } winner most won; }
    """
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        lines = []
        g.tracer = lambda e: lines.append(e.describe())
        assert g.play()["winners"] == ["P2"]
        assert any(line.startswith("P2: gain 1 won") for line in lines), lines


def test_none_as_the_player_stops_play():
    from rulebook.runtime.engine import RulesRuntimeError

    text = """
    counter won;
    func nobody(): player = none;
    game g { seats 2 to 2; phase play { gain 1 nobody().won; } winner most won; }
    """
    for interpreted in (False, True):
        with pytest.raises(RulesRuntimeError) as err:
            Game(build_text(text, interpreted=interpreted), 2, 1).play()
        assert err.value.code == "E601"


@pytest.mark.parametrize("stmt, where", [
    ("gain 1 n.vp;", "n is a number, not a player"),
    ("lose 1 left(you).round;", "'round' is a global counter"),
])
def test_a_gain_of_no_players_stock_e521(stmt, where):
    text = f"counter vp;\ncounter round global;\nproc p(n: int) {{\n  {stmt}\n}}\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E521"] and where in errors[0].message and errors[0].span.line == 4


def test_a_cards_number_field_is_e521_with_the_resource_hint():
    text = "resource wood;\nkind hut { yields: int; }\nzone huts of hut;\n" \
           "proc p() { for each h in huts { gain 1 h.yields; } }\n"
    (d,) = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert d.code == "E521" and "holds a number, not a res" in d.message and "declare the field a resource" in d.hint


def test_pay_from_another_player_is_e624():
    """`pay 1 p.clues;` parses since `pay 1 c.good;` (the resource a card's field names); of a player it is E624."""
    (d,) = analyse_text("counter clues;\nproc q() { for each p in players { pay 1 p.clues; } }\n").diagnostics
    assert d.code == "E624" and "a payment is the payer's own" in d.message


# ---------------------------------------------------------------------------- fmt and explain

def test_fmt_prints_every_form_back():
    _module, text = printed_back(CHESS)
    assert 'seats 2 named "White", "Black";' in text and "winner most won else draw;" in text
    assert 'end game "checkmate";' in text and "gain 1 left(you).won;" in text and "lose 1 left(you).checks;" in text
    _module, text = printed_back(CHESS.replace("winner most won else draw;", "winner most won if quiet > 0 else draw;"))
    assert "winner most won if quiet > 0 else draw;" in text


def test_fmt_prints_an_amended_seats_line_back():
    _module, text = printed_back('amend chess { seats 2 to 4 named "A", "B", "C", "D" roles x, y, z, w at random; }\n')
    assert 'seats 2 to 4 named "A", "B", "C", "D" roles x, y, z, w at random;' in text


def test_explain_reads_them():
    result = analyse_text(CHESS)
    game = explained(result, "chess")
    assert "The seats, in order: White and Black." in game
    assert "when no single player has it (a tie), the game is a draw" in game
    turn = explained(result, "turn")
    assert "The player to the left of you gains 1 game won." in turn
    assert "The game ends at once (checkmate)" in turn
    assert "The player to the left of you loses 1 check (or as many as they have)." in turn


# ---------------------------------------------------------------------------- W517

# Ticket to Ride, the Longest Continuous Path card, as the audit's designer first wrote it (its repro
# award_before_all_set): each player sets their length, then compares it with the highest.
LONGEST = """
enum city { denver, omaha, chicago, duluth }
kind route { a: city; b: city; length: int; }
route denver_omaha "Denver - Omaha" { a = denver; b = omaha; length = 4; }
route omaha_chicago "Omaha - Chicago" { a = omaha; b = chicago; length = 4; }
route duluth_chicago "Duluth - Chicago" { a = duluth; b = chicago; length = 3; }
zone claimed per_player of route;
counter points;
counter longest;
proc longest_bonus() {
  set longest = longest_path(r in claimed, r.a, r.b, r.length);
  let best = highest(p in players, p.longest);
  if longest == best and best > 0 { gain 10 points; }
}
game g "G" {
  seats 2 to 2;
  phase setup {
    move duluth_chicago to you.claimed;
    each players where you != first(players): move denver_omaha to claimed;
    each players where you != first(players): move omaha_chicago to claimed;
  }
  phase final { each players: longest_bonus(); }
  winner most points;
}
"""


def test_w517_on_the_audits_repro():
    assert found_at(LONGEST) == [("W517", 12, 14)]
    (d,) = analyse_text(LONGEST).diagnostics
    assert "'longest'" in d.message and "rank players" in d.hint


def test_the_trap_is_real_both_backends_give_everyone_the_bonus():
    for interpreted in (False, True):
        result = Game(build_text(LONGEST, interpreted=interpreted), 2, 1).play()
        assert result["scores"] == {"P1": [10], "P2": [10]}   # P1's path is 3, P2's 8: both took the 10


def test_no_w517_for_the_rule_as_meant():
    meant = LONGEST.replace("""proc longest_bonus() {
  set longest = longest_path(r in claimed, r.a, r.b, r.length);
  let best = highest(p in players, p.longest);
  if longest == best and best > 0 { gain 10 points; }
}""", """func path(): int = longest_path(r in claimed, r.a, r.b, r.length);
proc longest_bonus() {
  rank players where path() > 0 by path() award [10] points ties all;
}""").replace("phase final { each players: longest_bonus(); }", "phase final { longest_bonus(); }")
    assert found_at(meant) == []
    for interpreted in (False, True):
        assert Game(build_text(meant, interpreted=interpreted), 2, 1).play()["scores"] == {"P1": [0], "P2": [10]}


def test_no_w517_when_the_values_are_set_in_a_pass_of_their_own():
    two_passes = LONGEST.replace("""  set longest = longest_path(r in claimed, r.a, r.b, r.length);
  let best""", "  let best").replace(
        "phase final { each players: longest_bonus(); }",
        "phase final { each players: set longest = longest_path(r in claimed, r.a, r.b, r.length); "
        "each players: longest_bonus(); }")
    assert found_at(two_passes) == []


def test_w517_in_an_each_body_and_for_gain():
    text = """
    counter vp;
    counter prize;
    game g { seats 2 to 4; phase final { each players { gain 1 vp; if vp == highest(p in players, p.vp) { gain 1 prize; } } } winner most prize; }
    """
    assert [c for c, *_ in found_at(text)] == ["W517"]


def test_no_w517_on_the_shipped_packs():
    from rulebook.compiler.driver import analyse

    for pack in ("federation", "tapestry", "stupor_mundi", "seven_wonders"):
        result = analyse(str(RULES / pack))
        assert not [d for d in result.diagnostics if d.code == "W517"], pack


def test_a_turn_that_scores_every_player_before_comparing_is_no_w517():
    # Dixit's storyteller scores every player in their turn, then asks whether anyone reached 30 (trial32)
    text = """
counter points;
proc storyteller_turn() {
  each others_from(you): gain 2 points;
  gain 3 points;
  if highest(p in players, p.points) >= 30 { end game; }
}
game dixit "Dixit" { seats 4 to 6; phase play { while true { each players: storyteller_turn(); } } winner most points; }
"""
    assert [f for f in found_at(text) if f[0] == "W517"] == []
    # the same turn scoring only the storyteller is still warned about
    alone = text.replace("  each others_from(you): gain 2 points;\n", "")
    assert [f[0] for f in found_at(alone)] == ["W517"]
