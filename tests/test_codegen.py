"""Codegen stage: readable, safe, deterministic modules; line maps; the content-hash cache."""

from __future__ import annotations

import ast
import os

import pytest

from rulebook.compiler.driver import cache_dir, compile_pack
from rulebook.dsl.diagnostics import RulesError
from rulebook.runtime.engine import RulesRuntimeError

from .conftest import build_text, new_game, run_proc, write_pack

HOSTILE = r"""
resource coin "Coin \"\"\" ); import os; os.system(\"echo pwned\") # {__import__}";
counter vp "{vp!r} \n and newline";
kind card { text: str; play: effect; }
card c1 "''' \"\" + __import__('os').name" { text = "f{{'x'}}"; play { say "\\ backslash {{}} {coin}\" ); {{"; gain 1 coin; } }
proc broken() {
  gain 1 vp;
  gain 10 / (vp - vp) coin;
}
func told(): str = "\" ); __import__('os') {{coin}} {coin} {[1, 2]}";
"""


def test_generated_module_imports_only_the_runtime_api_and_keeps_user_text_in_literals(tmp_path):
    compiled = compile_pack(str(write_pack(tmp_path / "hostile", HOSTILE)))
    tree = ast.parse(compiled.source)
    imports = [n for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))]
    assert [(n.module, [a.name for a in n.names]) for n in imports] == [
        ("rulebook.runtime.api", ["KERNELS", "Elements", "EntityDef", "Holder", "LeaveLoop", "Settling", "assemble", "best_of", "in_order"])]
    calls = {n.func.id for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}
    assert not calls & {"eval", "exec", "__import__", "compile", "open"}
    program = compiled.program
    assert program.entities["c1"].title == "''' \"\" + __import__('os').name".replace("\\", "")
    assert program.entities["c1"].fields == {"text": "f{'x'}"}
    g = new_game(program)   # a text with values: its literal parts stay literals, its values are shown
    assert program.funcs["told"](g, g.state.players[0]) == "\" ); __import__('os') {coin} 0 1, 2"



def test_an_error_inside_an_effect_is_reported_at_the_rules_line(tmp_path):
    program = compile_pack(str(write_pack(tmp_path / "hostile", HOSTILE))).program
    g = new_game(program)
    with pytest.raises(RulesRuntimeError) as info:
        g.start(program.procs["broken"](g, g.state.players[0]))
    assert info.value.code == "E601"
    assert info.value.where.endswith("main.rules:8:3")
    assert "ZeroDivisionError" in info.value.message


def test_compile_is_deterministic_and_cached_by_content(tmp_path):
    pack = write_pack(tmp_path / "p", "resource coin;\nproc p() { gain 1 coin; }")
    first = compile_pack(str(pack))
    second = compile_pack(str(pack))
    assert not first.cached and second.cached and first.source == second.source
    (pack / "main.rules").write_text("resource coin;\nproc p() { gain 2 coin; }")
    third = compile_pack(str(pack))
    assert not third.cached and third.source != first.source


def test_a_failed_compile_writes_nothing(tmp_path):
    pack = write_pack(tmp_path / "bad", "resource coin;\nproc p() { gain 1 coins; }")
    before = set(os.listdir(cache_dir())) if cache_dir().exists() else set()
    with pytest.raises(RulesError):
        compile_pack(str(pack))
    after = set(os.listdir(cache_dir())) if cache_dir().exists() else set()
    assert after - {"grammar"} == before   # the parser keeps its tables in grammar/ at its first use


def test_operator_chains_compile_up_to_the_documented_depth(tmp_path):
    # a chain of 100 terms is 99 nested additions: within MAX_EXPR_DEPTH, so it compiles and runs
    pack = write_pack(tmp_path / "chain", "counter vp;\nproc p() { gain " + " + ".join(["1"] * 100) + " vp; }")
    program = compile_pack(str(pack)).program
    g = new_game(program)
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 100


def test_past_the_documented_depth_lint_says_so_instead_of_python(tmp_path):
    from rulebook.compiler.driver import analyse_text

    text = "counter vp;\nproc p() {\n  gain " + " + ".join(["1"] * 400) + " vp;\n" + \
        "repeat 1 { " * 17 + "gain 1 vp;" + " }" * 17 + "\n}"
    found = [(d.code, d.span.line) for d in analyse_text(text).diagnostics]
    assert found == [("E310", 3), ("E310", 4)]



LOOP_SHAPES = {   # each loop as written, and the blocks of generated Python it opens around its body
    "while": ("while vp < 100 {{ {body} }}", 1),
    "labelled repeat": ("repeat 2 as r{i} {{ {body} }}", 2),
    "for each left by break": ("for each q{i} in players {{ {body} if vp > 50 {{ break; }} }}", 2),
    "labelled each left by break": ("each players as e{i} {{ {body} if vp > 50 {{ break e{i}; }} }}", 3),
    "may repeatedly": ('may "again?" repeatedly {{ {body} }}', 1),
    "choose in any order": ('choose in any order {{ option "a" {{ {body} }} option "b" {{ }} }}', 1),
}


@pytest.mark.parametrize("shape", LOOP_SHAPES)
def test_whatever_depth_of_loops_lint_accepts_compiles(shape):
    # Python refuses more than 20 nested loops, `try` and `with` blocks in one function: the checker
    # counts what each loop opens (layout.python_blocks), so lint finds E310 where compiling would fail
    from rulebook.compiler.driver import analyse_text
    from rulebook.compiler.layout import MAX_PYTHON_BLOCKS

    template, opens = LOOP_SHAPES[shape]

    def nested(n):
        body = "gain 1 vp;"
        for i in range(n):
            body = template.format(body=body, i=i)
        return "counter vp;\nproc deep() {\n" + body + "\n}\n"

    deepest = next(n for n in range(1, 30) if analyse_text(nested(n + 1)).diagnostics)
    build_text(nested(deepest))
    build_text(nested(deepest), interpreted=True)
    assert [d.code for d in analyse_text(nested(deepest + 1)).diagnostics] == ["E310"]
    if opens > 1:   # the loops, not the rules' blocks, are the limit
        assert deepest == MAX_PYTHON_BLOCKS // opens
