"""Tool defects from the thirteenth session's review of the designer audits (Go, Backgammon, Diplomacy)
and the twelfth session's review (branch tools): diagnostics that cascade, explain's English, simulate,
how lists read, fmt's parentheses, and a few mends."""

from __future__ import annotations


from .conftest import analyse_text, explained, found_at, write_pack

# ---------------------------------------------------------------- E412 without a cascade (Go D2)
# Go's repro/builtin_clash.rules: a func named `position` (a builtin) whose calls were checked as the
# builtin's: E302 (`position()` takes 1 to 2 arguments) and E342 with a hint for the builtin's type.
BUILTIN_CLASH = """
record point { x: 1..3; y: 1..3; }
var board[point] global: player;
var history global: list of list of int = [];
func position(): list of int = gather(q in point, [if board[q] == none then 0 else seat(board[q])]);
proc remember() { set history = history + [position()]; }
"""


def test_after_e412_the_calls_of_the_func_say_nothing_more():
    found = found_at(BUILTIN_CLASH)
    assert [c for c, *_ in found] == ["E412"], found


def test_after_e412_the_call_arguments_are_still_checked():
    found = found_at(BUILTIN_CLASH.replace("[position()]", "[position(nowhere)]"))
    assert [c for c, *_ in found] == ["E412", "E201"], found


# ---------------------------------------------------------------- explain: `after`'s operand (Go D6, BG D3)
# Backgammon's repro/explain_after: "True when you have no ns and you have more than 2 ns, as it would be
# after bump with k": only `n > 2` is read after the call (5.1d), and the counter `n` is no noun.
AFTER = """
counter n;
counter vp;
proc bump(k: int) { gain k n; }
func ok(k: int): bool = n == 0 and n > 2 after bump(k);
func alone(k: int): bool = n > 2 after bump(k);
game g { seats 2 to 2; phase play { if ok(3) and alone(1) { gain 1 vp; } } winner most vp; }
"""


def test_explain_groups_the_operand_after_binds_in_an_and_chain():
    result = analyse_text(AFTER)
    words = explained(result, "ok")
    assert "you have no n and (you have more than 2 n, as it would be after bump with k (" in words, words
    # alone, it needs no brackets
    assert "True when you have more than 2 n, as it would be after bump with k" in explained(result, "alone")


def test_a_one_letter_name_is_not_pluralised():
    from rulebook.compiler.explain import counted, plural

    assert plural("n") == "n" and counted(2, "n") == "2 n" and plural("coin") == "coins"


# ---------------------------------------------------------------- explain takes a file (BG D4)
def test_explain_reads_a_lone_rules_file_as_lint_does(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app

    lone = tmp_path / "explain_after.rules"
    lone.write_text(AFTER)
    runner = CliRunner()
    said = runner.invoke(app, ["explain", str(lone), "ok"])
    assert said.exit_code == 0, said.output
    assert "True when you have no n and (you have more than 2 n" in said.output
    missing = runner.invoke(app, ["explain", str(lone), "nothing"])
    assert missing.exit_code == 1 and "E511" in missing.output and "the file declares nothing named" in missing.output
    # a file in a pack is read within it (as lint reads it): the pack's other files' names are known
    pack = write_pack(tmp_path / "pack", AFTER.replace("func alone(k: int): bool = n > 2 after bump(k);\n", ""))
    (pack / "more.rules").write_text("func alone(k: int): bool = n > 2 after bump(k);\n")
    within = runner.invoke(app, ["explain", str(pack / "more.rules"), "ok"])
    assert within.exit_code == 0 and "True when you have no n" in within.output, within.output
    assert runner.invoke(app, ["explain", str(tmp_path / "none.rules"), "ok"]).exit_code == 2


# ---------------------------------------------------------------- simulate: a rolled face is no choice (BG D6)
# Backgammon's cube game: "Die = 5 (die face) ... used 40.2% ... difference -0.173 [-0.303, -0.033]": a seat
# that rolled a 5 had mostly played a longer game. A face is listed apart, with no rates to compare.
DICE = """
counter vp;
die d6 { face "1" { gain 1 vp; } face "2" { gain 2 vp; } face "3" { gain 3 vp; } }
game g {
  seats 2 to 2;
  phase play { roll d6; roll d6; }
  winner most vp;
}
"""


def test_simulate_lists_die_faces_apart_without_a_win_rate(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    from rulebook.runtime import simulate as sim

    pack = write_pack(tmp_path / "dice", DICE, name="dice")
    job, program = sim.prepare(str(pack), [], 2)
    names = sim.component_names(program)
    rows = {c["name"]: c for c in sim.summary(job, sim.run(job, range(1, 41), 1), ["vp"], names, 1)["components"]}
    faces = [row for name, row in rows.items() if name.startswith("d6 ")]
    assert len(faces) == 3 and all(row["rolled"] and row["effect"] is None and row["win_rate_used"] is None
                                   and row["ci_low"] is None for row in faces)
    assert sum(row["games_used"] for row in faces) >= 40 and all(row["seats_used"] > 0 for row in faces)
    said = CliRunner().invoke(app, ["simulate", str(pack), "-g", "20", "-w", "1"])
    assert said.exit_code == 0, said.output
    rolled = next(line for line in said.output.splitlines() if line.startswith("rolled, not chosen"))
    assert "d6: 1 (" in rolled and "d6: 3 (" in rolled and "/20 games)" in rolled
    assert "components: win rate" not in said.output and "used with no comparison" not in said.output


# ---------------------------------------------------------------- a list of lists in brackets (Go D4)
# Go's repro/trace_lists: `set history = [[1, 2]]` traced `set history = [1, 2]`, and `[[1, 2], [3, 4]]`
# read `[1, 2], [3, 4]`: one position and a list of one position looked alike.
LISTS = """
var history "Positions" global: list of list of int = [];
var flat global: list of int = [];
counter vp;
game g {
  seats 1 to 1;
  phase play {
    set flat = [1, 2];
    set history = [[1, 2]];
    set history = history + [[3, 4]];
    say "flat {flat}, history {history}, first {history[1]}";
  }
  winner most vp;
}
"""


def test_a_list_of_lists_keeps_its_outer_brackets_in_say_and_trace():
    from rulebook.runtime.agents import make_agents
    from rulebook.runtime.engine import Game

    from .conftest import both_built

    for program in both_built(LISTS):
        game = Game(program, 1, 1, make_agents("random", 1, 1))
        traced = []
        game.tracer = lambda e: traced.append(e.what) if e.kind == "set" else None
        game.play()
        assert traced == ["flat = 1, 2", "history = [[1, 2]]", "history = [[1, 2], [3, 4]]"], traced
        assert game.messages[-1] == "P1: flat 1, 2, history [[1, 2], [3, 4]], first 1, 2"


# ---------------------------------------------------------------- the editor's index: one entry per word
def test_the_index_holds_the_for_each_word_of_a_per_entity_declaration_once(tmp_path):
    """`card honour "Honour of {c.name}" for each c in city`: the name walk took the `c` of `for each c` for
    a use of the local, and the binding walk for its definition; a rename kept one edit by deduping spans."""
    from rulebook.compiler.workspace import Workspace

    from .test_diag8 import SCOPES

    view = Workspace().view(write_pack(tmp_path / "scopes", SCOPES) / "main.rules")
    shown = next(s for s in view.paths if s.endswith("main.rules"))
    at = [(o.name, o.span.column, o.role) for o in view.index["file"][shown] if o.span.line == 5 and o.name == "c"]
    assert at == [("c", 25, "local"), ("c", 43, "local_def")], at
    key = view.target_at(shown, 5, 43).key
    assert [(o.span.column, o.role) for o in view.occurrences_of(key)] == [(25, "local"), (43, "local_def")]
