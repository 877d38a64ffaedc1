"""What a Santorini audit found outside of god powers: a card's changed fields in views, screens and
`--show-state`; a pick from a single value; the trace's position of a random pick; `fmt` after
`override`; a trigger filter of the wrong type; parse errors after `once per` and at a keyword
argument name; the trace of a pick's `else`, of an elimination and of a modifier; explain readings."""

from __future__ import annotations

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import ExprReader, reading
from rulebook.dsl.parser import parse_text
from rulebook.runtime.console import zone_text
from rulebook.runtime.engine import Game
from rulebook.runtime.view import changes

from .conftest import found_at, parse_error, printed_back, rules_program, run_proc, write_pack

# a Santorini-like corner: spaces whose height play changes
TOWERS = """
kind spot "Space" { level: int = 0; dome: bool = false; row: int; }
spot a "A" { row = 1; }
spot b "B" { row = 2; }
zone board of spot public;
zone stash per_player of spot hidden;
proc build() {
  for each s in board where s.row == 1 { set s.level = s.level + 2; set s.dome = true; }
}
proc lay() { fill board with spot; }
proc flatten() { for each s in board { set s.level = 0; set s.dome = false; } }
proc hide() { move b to stash; for each s in stash { set s.level = 5; } }
game towers {
  seats 2 to 2;
  phase setup { lay(); build(); hide(); }
  phase play { say "done"; }
  winner together if true;
}
"""

towers = rules_program(TOWERS)


def test_a_cards_changed_fields_are_in_the_view_and_on_the_screen(towers):
    g = Game(towers, 2, 1)
    run_proc(g, "lay")
    run_proc(g, "flatten")
    before = g.view(0)
    assert "changed" not in before["zones"]["board"]["items"][0]   # set back to its own values: nothing to show
    run_proc(g, "build")
    view = g.view(0)
    a, b = view["zones"]["board"]["items"]
    assert a["changed"] == {"level": 2, "dome": True} and a["fields"]["level"] == 2 and "changed" not in b
    assert zone_text(view["zones"]["board"], view) == "[A (level 2, dome yes), B]"
    assert "A (in board): level 0 → 2, dome no → yes" in changes(before, view)
    run_proc(g, "hide")   # B is in P1's hidden stash: P2 sees nothing of it, P1 sees its level
    assert g.view(0)["players"][0]["zones"]["stash"]["items"][0]["changed"] == {"level": 5}
    assert "items" not in g.view(1)["players"][0]["zones"]["stash"]
    assert "level" not in str(g.view(1)["players"][0]["zones"]["stash"])


def test_show_state_shows_a_cards_changed_fields(tmp_path):
    pack = write_pack(tmp_path / "towers", TOWERS)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state"])
    assert result.exit_code == 0, result.output
    assert "A [level 2; dome yes]" in result.output and "B [level 5]" in result.output, result.output


# ---------------------------------------------------------------- a pick from one value
def test_a_pick_from_a_variable_holding_one_card_is_e303():
    text = """
kind god { }
god athena "Athena" { }
var patron: god;
counter n;
proc f() {
  pick g from patron "which?" { gain 1 n; }
  pick p from left "whom?" { gain 1 n; }
  pick g from god "which god?" { gain 1 n; }
}
"""
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("E303", 7, 15), ("E303", 8, 15)]
    assert "not from one god" in found[0].message and "if patron != none { ... }" in found[0].hint


# ---------------------------------------------------------------- the trace's position of a random pick
RANDOM_PICK = """
kind tok { }
tok t "T" * 3 { }
zone bag of tok;
zone got per_player of tok;
proc take() {
  pick x from bag at random {
    move x to got;
  }
}
game r {
  seats 1 to 2;
  phase setup { fill bag with tok; }
  phase play { take(); }
  winner most 0;
}
"""

random_pick = rules_program(RANDOM_PICK)


def test_a_random_pick_is_traced_at_the_pick(random_pick):
    g = Game(random_pick, 1, 1)
    trace = []
    g.tracer = trace.append
    g.play()
    picked = next(e for e in trace if e.kind == "pick")
    assert picked.where.endswith(":7:3"), picked.where


# ---------------------------------------------------------------- fmt after `override`
def test_fmt_counts_override_in_the_line_width():
    text = ("var patron: bool;\n"
            "override func wins_by_moving(src: cell, dst: cell) = base(src, dst) or "
            "(patron and src.level - dst.level >= 2);\n")
    _module, printed = printed_back(text)
    assert max(len(line) for line in printed.splitlines()) <= 110, printed
    assert "override func wins_by_moving(src: cell, dst: cell) = base(src, dst)\n    or (patron and" in printed
    short = "override func f(a: int) = a + 1;\n"
    assert printed_back(short)[1] == short


# ---------------------------------------------------------------- a trigger filter of the wrong type
def test_a_trigger_filter_of_the_wrong_type_is_e303():
    text = """
kind cell { level: int = 0; }
cell c1 "C1" { }
event moved(dst: cell, n: int);
counter k;
whenever you moved(dst = 3) { gain 1 k; }
whenever you moved(dst = c1, n = 2) { gain 1 k; }
whenever you moved(dst = none) { gain 1 k; }
game x { seats 2 to 2; phase setup { emit moved(c1, 2); } phase play { say "go"; } winner most k; }
"""
    assert [f for f in found_at(text) if f[0].startswith("E")] == [("E303", 6, 26)]
    message = next(d.message for d in analyse_text(text).diagnostics if d.code == "E303")
    assert "gives a number for 'dst' of event 'moved', which holds a cell" in message


# ---------------------------------------------------------------- parse errors
def test_a_missing_brace_after_a_triggers_head_is_said_so():
    d = parse_error("event turn_start();\ncounter k;\nwhenever you turn_start once per you turn_start\n"
                    "  may \"gain?\" { gain 1 k; }\n}\n")
    assert d.code == "E100" and (d.span.line, d.span.column) == (3, 48)
    assert d.message.startswith("a '{' is missing after 'turn_start'") and "found 'may' at line 4" in d.message


def test_a_keyword_as_an_events_argument_is_said_reserved():
    # read after `it.`, a reserved word is an argument's name (2, "Keywords"): one the event lacks is E205
    from rulebook.compiler.driver import analyse_text
    found = analyse_text("event built(at: int);\ncounter k;\nwhenever you built { gain it.where k; }\n"
                         "proc f() { emit built(1); }\ngame g { seats 2 to 2; phase play { each players: f(); } winner most k; }\n")
    assert [(d.code, d.span.line, d.span.column, d.message) for d in found.diagnostics] == [
        ("E205", 3, 30, "unknown argument 'where' of event built")]
    d = parse_error("# built\nevent built(w: int, where: int);\n")
    assert (d.span.line, d.span.column) == (2, 21) and d.message == "'where' is a reserved word: rename the event's argument"


# ---------------------------------------------------------------- the trace of a pick's else
PICK_ELSE = """
counter n;
zone pile of tok;
kind tok { }
proc take() {
  pick t from pile "take which?" { gain 1 n; } else { say "nothing to take"; }
  pick t from pile "again?" { gain 1 n; }
  pick t from pile at random { gain 1 n; } else { say "none"; }
}
"""

pick_else = rules_program(PICK_ELSE)


def test_the_trace_says_a_picks_else_runs(pick_else):
    g = Game(pick_else, 2, 1)
    trace = []
    g.tracer = trace.append
    run_proc(g, "take")
    assert [e.describe() for e in trace] == [
        "P1: no option for 'take which?' (its else block runs)", "P1: nothing to take",
        "P1: no option for 'again?' (nothing happens)",
        "P1: nothing to pick t from at random: its else block runs", "P1: none"]


# ---------------------------------------------------------------- the trace of a modifier
ATHENA = """
counter n;
event turn_start();
event move_up();
proc athena() {
  modifier opponents move_up until you turn_start { forbid; }
  modifier you move_up once { forbid; }
}
"""

athena = rules_program(ATHENA)


def test_a_modifier_put_in_force_is_traced(athena):
    g = Game(athena, 2, 1)
    trace = []
    g.tracer = trace.append
    run_proc(g, "athena")
    assert [e.describe() for e in trace] == ["P1: modifier opponents move_up until you turn_start",
                                             "P1: modifier you move_up once"]
    assert trace[0].where.endswith(":6:3") and trace[1].where.endswith(":7:3")


# ---------------------------------------------------------------- explain's readings
GODS = """
kind worker "Worker" { }
kind god "God" { }
god minotaur "Minotaur" { }
var patron "God": god;
event moved(w: worker, src_level: int);
event move_up();
event turn_start();
counter won;
func minotaur_wins() = patron == minotaur;
proc athena() {
  whenever you moved {
    say "{it.w}";
    modifier opponents move_up until you turn_start { forbid; }
  }
}
proc held() { gain 1 won; }
"""


def test_explain_reads_names_by_their_titles_and_words():
    symbols = analyse_text(GODS).symbols
    assert reading(symbols.decls["minotaur_wins"], symbols) == ["True when your god is “Minotaur”."]
    lines = reading(symbols.decls["athena"], symbols)
    assert "  From now on, on your opponents' move up, until you turn start:" in lines, lines
    assert ExprReader(symbols).read(parse_text("func f() = it.w;").items[0].value) == "its worker"
