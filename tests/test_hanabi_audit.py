"""Findings of the Hanabi audit: a `set` past a counter's bounds (the trace tells what was asked and
kept, W428 where it is known before play), simulate's intervals, and diagnostics that pointed the
wrong way (a sibling pack, a cascade on an unknown kind, a team-score hint, a local out of its block,
E304 on `= none`, the trace's file names)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import rules_programs, run_proc

# ------------------------------------------------------------------ a set past the bounds
BOUNDED = """
counter turns_left global from 0 to 5;
counter left from 0 to 5;
game g { seats 2 to 5; phase play { } winner together score turns_left; }
"""

program = rules_programs(BOUNDED)


def traced(program, body: str, players: int = 5) -> list:
    from rulebook.runtime.engine import Game
    g = Game(program("proc p() { " + body + " }"), players, 1)
    lines = []
    g.tracer = lines.append
    run_proc(g, "p")
    return [(e.kind, e.what, e.amount) for e in lines], g


def test_a_global_set_past_its_limit_tells_what_was_asked(program):
    lines, g = traced(program, "set turns_left = player_count + 1;")
    assert lines == [("set", "turns_left = 5 (6 asked, above its limit 5)", None)] and g.state.globals["turns_left"] == 5
    lines, g = traced(program, "set turns_left = 0 - 2;")
    assert lines == [("set", "turns_left = 0 (-2 asked, below its floor 0; unchanged)", None)]
    lines, _g = traced(program, "set turns_left = 3;")
    assert lines == [("set", "turns_left = 3", None)]   # within the bounds: nothing more


def test_a_per_player_set_below_its_floor_tells_what_was_asked(program):
    lines, g = traced(program, "gain 3 left; set left = 0 - 2;")
    # told as the `set` written (branch domfix), what was asked kept
    assert lines[1] == ("set", "left = -2 (was 3; -2 asked, below its floor 0)", None) \
        and g.state.players[0].stock["left"] == 0
    lines, _g = traced(program, "gain 3 left; set left = 1;")
    assert lines[1] == ("set", "left = 1 (was 3)", None)


def w428(text: str) -> list:
    return [(d.span.line, d.span.column, d.message) for d in analyse_text(text).diagnostics if d.code == "W428"]


def test_w428_a_number_past_the_bounds():
    text = BOUNDED + "proc p() {\n  set left = 7;\n  set turns_left = -1;\n  set left = 5;\n  set turns_left = 0;\n}\n"
    assert w428(text) == [
        (6, 14, "7 is above its limit 5: counter 'left' (from 0 to 5) is kept at the bound"),
        (7, 20, "-1 is below its floor 0: counter 'turns_left' (from 0 to 5) is kept at the bound")]


def test_w428_player_count_names_the_seats_where_it_is_past():
    text = BOUNDED + "proc p() {\n  set turns_left = player_count + 1;\n  set turns_left = player_count;\n}\n"
    assert w428(text) == [(6, 20, "player_count + 1 is past the bounds with 5 players (6, above its limit 5): "
                                  "counter 'turns_left' (from 0 to 5) is kept at the bound")]


def test_w428_only_where_it_is_certain():
    text = BOUNDED + ("counter free global;\ncounter own;\n"
                      "proc p(n: int) {\n  set left = n + 9;\n  set free = 99;\n  set own = -3;\n  set left = turns_left + 9;\n}\n")
    assert [(line, col) for line, col, _m in w428(text)] == [(10, 13)]   # own: a per-player counter never goes below 0
    assert "from 0 up (a per-player counter without bounds)" in w428(text)[0][2]


# ------------------------------------------------------------------ simulate's figures
def test_simulate_writes_no_negative_zero_and_reads_negative_bounds():
    from rulebook.cli.simulate import _interval, _team_score_text, num
    assert [num(v, ".1f") for v in (-0.0, -0.04, -1e-17, 0.04, -0.06)] == ["0.0", "0.0", "0.0", "0.0", "-0.1"]
    assert num(-0.0001, "+.3f") == "+0.000" and num(-0.0, ".1%") == "0.0%"
    score = {"text": "team_score()", "mean": 0.01, "ci_low": -0.04, "ci_high": 0.06, "sd": 0.2, "median": 0,
             "min": 0, "max": 2, "distribution": [(0, 198), (2, 2)]}
    text = _team_score_text(score)
    assert text.startswith("team score (team_score()): mean 0.0 [95% CI 0.0 to 0.1], sd 0.2") and "-0" not in text
    score.update(mean=1.0, ci_low=-1.23, ci_high=3.4)
    assert "mean 1.0 [95% CI -1.2 to 3.4]" in _team_score_text(score)
    assert _interval(-0.0001, -0.2, 0.0, percent=False) == "+0.000 [-0.200, +0.000]"


# ------------------------------------------------------------------ a sibling pack named by its name
def test_extends_by_name_of_a_sibling_pack_hints_its_path(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    from .conftest import write_pack
    write_pack(tmp_path / "hanabi", "counter clues global;\ngame g { seats 2 to 5; phase play { } winner together score clues; }\n",
               name="hanabi")
    write_pack(tmp_path / "house", "", name="house", extends=["hanabi"])
    result = CliRunner().invoke(app, ["lint", str(tmp_path / "house")])
    assert f"{tmp_path / 'house' / 'pack.toml'}:2:12: error[E503]: no pack named or at 'hanabi' " \
           f"(did you mean \"../hanabi\"? a pack beside this one is named by its path)" in result.output, result.output


# ------------------------------------------------------------------ no warning builds on an unknown kind
def test_a_zone_of_an_unknown_kind_is_e204_with_no_w427_cascade():
    text = ("kind card { colour: int; }\nzone discard of cards;\nzone deck of card;\ncard x \"X\" { colour = 1; }\n"
            "game g { seats 2 to 2; phase setup { move x to discard; move all of deck to discard; } phase play { }\n"
            "  winner together score 0; }\n")
    assert [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics] == [("E204", 2, 17)]


# ------------------------------------------------------------------ a team score's hint is a number
def test_w417_on_a_zone_in_the_team_score_hints_a_number():
    text = ("kind card { rank: int; }\nzone hand per_player of card;\n"
            "game g { seats 2 to 5; phase play { }\n  winner together score size(hand); }\n")
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "W417"]
    assert (d.span.line, d.span.column) == (4, 30)
    assert d.hint == ("say whose: some(p in players where size(p.hand) ...), total(p in players, size(p.hand)), "
                      "or make it a shared zone")


# ------------------------------------------------------------------ a local out of its block
def test_a_local_used_after_its_block_says_where_it_was_declared():
    text = ('enum colour { red, blue }\ncounter told;\nproc p() {\n  pick col from colour "which?" {\n'
            '    gain 1 told;\n  }\n  if col == red { gain 1 told; }\n}\n'
            'game g { seats 2 to 2; phase play { p(); } winner most told; }\n')
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.span.line, d.span.column) == ("E201", 7, 6)
    assert d.message == "unknown name 'col' here: 'col' is declared at 4:8 in a block that has ended"
    assert d.hint == "use it inside that block, or declare it before the block"
    assert d.notes == ("'col' is declared at <text>:4:8",)


def test_a_name_never_declared_is_still_did_you_mean():
    text = ('enum colour { red, blue }\ncounter told;\nproc p() {\n  if col == red { gain 1 told; }\n}\n'
            'game g { seats 2 to 2; phase play { p(); } winner most told; }\n')
    (d,) = analyse_text(text).diagnostics
    assert (d.code, d.message, d.hint) == ("E201", "unknown name 'col'", "did you mean 'colour'?")


# ------------------------------------------------------------------ E304's message is true
def test_e304_on_a_variable_without_start_says_none_is_a_start():
    text = "enum colour { red, blue }\nvar knows_colour[1..5]: colour;\nvar seen: str;\n" \
           "game g { seats 2 to 2; phase play { } winner together score 0; }\n"
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(text).diagnostics]
    assert found == [
        ("E304", 2, 1, "write '= none' to start it with no value or with a member, '= red'; only players, cards and "
                       "tiles start as 'none' without one, and conditions as false"),
        ("E304", 3, 1, "write '= none' to start it with no value; only players, cards and tiles start as 'none' "
                       "without one, and conditions as false")]
    ok = text.replace("colour;", "colour = none;").replace("str;", "str = none;")
    assert analyse_text(ok).diagnostics == []


# ------------------------------------------------------------------ one form of path for a stack
def test_a_stack_shows_its_files_in_one_form(tmp_path, monkeypatch):
    from rulebook.compiler.driver import analyse, analyse_file
    from .conftest import write_pack
    write_pack(tmp_path / "base", "counter clues global;\ngame g { seats 2 to 5; phase play { }\n"
               "  winner together score clues; }\n", name="base")
    write_pack(tmp_path / "house", "counter x;\n", name="house", extends=["../base"])
    monkeypatch.chdir(tmp_path / "house")   # the base is outside the working folder: every path whole
    files = {m.path for _name, modules in analyse(str(tmp_path / "house")).modules for m in modules}
    assert files == {str(tmp_path / "base" / "main.rules"), str(tmp_path / "house" / "main.rules")}
    (d,) = [d for d in analyse_file(tmp_path / "house" / "main.rules").diagnostics if d.code == "W401"]
    assert d.span.file == str(tmp_path / "house" / "main.rules")
    monkeypatch.chdir(tmp_path)   # both inside: both relative
    files = {m.path for _name, modules in analyse(str(tmp_path / "house")).modules for m in modules}
    assert files == {"base/main.rules", "house/main.rules"}


def test_w428_a_players_counter_and_an_indexed_counter():
    text = BOUNDED + ("enum colour { red, blue }\ncounter votes[colour] from 0 to 3;\n"
                      "proc p(q: player, n: int) {\n  set q.left = 7;\n  set votes[red] = 4;\n  set q.votes[blue] = -1;\n"
                      "  set q.left = 5;\n  set q.votes[red] = n + 9;\n  set q.left = player_count + 1;\n}\n")
    assert w428(text) == [
        (8, 16, "7 is above its limit 5: counter 'left' (from 0 to 5) is kept at the bound"),
        (9, 20, "4 is above its limit 3: counter 'votes' (from 0 to 3) is kept at the bound"),
        (10, 23, "-1 is below its floor 0: counter 'votes' (from 0 to 3) is kept at the bound"),
        (13, 16, "player_count + 1 is past the bounds with 5 players (6, above its limit 5): "
                 "counter 'left' (from 0 to 5) is kept at the bound")]
