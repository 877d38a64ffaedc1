"""Stacking expansions on a base (`--with`), conflicts between them, the log, and packs installed as
Python distributions (the `rulebook.packs` entry point group)."""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.compiler.pack import installed_packs, locate, stack_chain
from rulebook.dsl.diagnostics import RulesError

from .conftest import new_game, run_proc, run_slot, write_pack

runner = CliRunner()

BASE = """
counter vp;
kind card { play: effect; }
zone deck of card;
card scout "Scout" { play { gain 1 vp; } }
card market "Market" { play { gain 2 vp; } }
game tiny "Tiny" {
  seats 2 to 3;
  phase setup { fill deck with card; }
  phase play { each players { pick c from deck "play a card" { copy c.play; } } }
  winner most vp;
}
"""


@pytest.fixture
def packs(tmp_path):
    """A base and three expansions: two that extend only the base, one that builds on the first."""
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "red", 'override card scout "Red scout" { play { gain 10 vp; } }\n',
               name="red", extends=["../base"])
    write_pack(tmp_path / "blue", 'override card scout "Blue scout" { play { gain 20 vp; } }\n'
               'card spy "Spy" { play { gain 3 vp; } }\n', name="blue", extends=["../base"])
    write_pack(tmp_path / "crimson", 'override card scout "Crimson scout" { play { gain 30 vp; } }\n',
               name="crimson", extends=["../red"])
    return tmp_path


def names(base, *expansions):
    return [p.name for p in stack_chain(str(base), [str(e) for e in expansions])]


def test_the_stack_is_the_base_then_each_expansion_in_order_each_pack_once(packs):
    assert names(packs / "base", packs / "red", packs / "blue") == ["base", "red", "blue"]
    assert names(packs / "base", packs / "blue", packs / "red") == ["base", "blue", "red"]
    # crimson brings red (what it extends) with it; naming red again adds nothing
    assert names(packs / "base", packs / "crimson") == ["base", "red", "crimson"]
    assert names(packs / "base", packs / "red", packs / "crimson", packs / "red") == ["base", "red", "crimson"]
    assert names(packs / "blue", packs / "crimson") == ["base", "blue", "red", "crimson"]


def scout_vp(program) -> int:
    game = new_game(program)
    run_slot(game, "scout", "play")
    return game.state.players[0].stock["vp"]


def test_two_expansions_overriding_one_declaration_the_later_wins_with_a_warning(packs):
    base, red, blue = str(packs / "base"), str(packs / "red"), str(packs / "blue")
    result = analyse(base, [red, blue])
    (w,) = [d for d in result.diagnostics if d.code == "W406"]
    assert w.severity == "warning"
    assert w.span.file.endswith("blue/main.rules") and w.span.line == 1
    assert "'red'" in w.message and "'blue'" in w.message and "wins" in w.message
    assert any("red/main.rules:1" in n for n in w.notes)
    for program in (compile_pack(base, expansions=[red, blue]).program, interpret_pack(base, [red, blue])):
        assert scout_vp(program) == 20 and "spy" in program.entities
    for program in (compile_pack(base, expansions=[blue, red]).program, interpret_pack(base, [blue, red])):
        assert scout_vp(program) == 10


def test_an_expansion_that_extends_the_other_builds_on_it_without_a_warning(packs):
    result = analyse(str(packs / "base"), [str(packs / "red"), str(packs / "crimson")])
    assert not [d for d in result.diagnostics if d.code == "W406"]
    assert [d.code for d in result.diagnostics] == ["I404", "I404"]
    assert scout_vp(compile_pack(str(packs / "base"), expansions=[str(packs / "crimson")]).program) == 30


def test_overrides_that_call_base_build_on_each_other_without_a_warning(packs):
    base = write_pack(packs / "procs", BASE.replace("counter vp;", "counter vp;\nproc reward() { gain 1 vp; }"),
                      name="procs")
    write_pack(packs / "plus10", "override proc reward() { base(); gain 10 vp; }\n", name="plus10",
               extends=["../procs"])
    write_pack(packs / "plus100", "override proc reward() { base(); gain 100 vp; }\n", name="plus100",
               extends=["../procs"])
    write_pack(packs / "only5", "override proc reward() { gain 5 vp; }\n", name="only5", extends=["../procs"])
    stacked = [str(packs / "plus10"), str(packs / "plus100")]
    assert not [d for d in analyse(str(base), stacked).diagnostics if d.code == "W406"]
    for program in (compile_pack(str(base), expansions=stacked).program, interpret_pack(str(base), stacked)):
        game = new_game(program)
        run_proc(game, "reward")
        assert game.state.players[0].stock["vp"] == 111
    (w,) = [d for d in analyse(str(base), [str(packs / "plus10"), str(packs / "only5")]).diagnostics
            if d.code == "W406"]
    assert w.span.file.endswith("only5/main.rules") and any("plus10/main.rules:1" in n for n in w.notes)


def test_the_cache_key_covers_the_whole_stack_in_order(packs):
    base, red, blue = str(packs / "base"), str(packs / "red"), str(packs / "blue")
    paths = {compile_pack(base).path, compile_pack(base, expansions=[red]).path,
             compile_pack(base, expansions=[red, blue]).path, compile_pack(base, expansions=[blue, red]).path}
    assert len(paths) == 4
    again = compile_pack(base, expansions=[red, blue])
    assert again.cached
    (packs / "blue" / "main.rules").write_text('override card scout "Blue scout" { play { gain 21 vp; } }\n')
    changed = compile_pack(base, expansions=[red, blue])
    assert not changed.cached and changed.path != again.path and scout_vp(changed.program) == 21


def test_an_unknown_expansion_is_e503(packs):
    with pytest.raises(RulesError) as info:
        stack_chain(str(packs / "base"), ["no_such_expansion"])
    assert info.value.diagnostics[0].code == "E503"


def test_every_command_takes_with_and_the_log_keeps_the_stack(packs, tmp_path):
    base, red, blue = str(packs / "base"), str(packs / "red"), str(packs / "blue")
    stack = ["--with", red, "--with", blue]
    lint = runner.invoke(app, ["lint", base, *stack])
    assert lint.exit_code == 1 and "warning[W406]" in lint.output
    assert runner.invoke(app, ["lint", base, "--with", red]).exit_code == 0
    explained = runner.invoke(app, ["explain", base, "spy", *stack])
    assert explained.exit_code == 0 and "blue/main.rules:2" in explained.output
    out = tmp_path / "out"
    compiled = runner.invoke(app, ["compile", base, "-o", str(out), *stack])
    assert compiled.exit_code == 0 and "rt.gain(you, 'vp', 20)" in (out / "blue.py").read_text()
    covered = runner.invoke(app, ["cover", base, "--games", "3", *stack])
    card_row = next(line for line in covered.output.splitlines() if "card" in line)
    assert "/3" in card_row      # scout and market of the base, spy of the blue expansion
    assert "base + red + blue: rules reached" in covered.output   # the packs by name, as simulate names them
    alone = runner.invoke(app, ["cover", blue, "--games", "1"])   # a pack that extends another: its own name
    assert alone.output.lstrip().startswith("blue: rules reached") and str(packs) not in alone.output
    log = tmp_path / "game.json"
    played = runner.invoke(app, ["play", base, "-n", "2", "--agent", "first", "--log", str(log), *stack])
    assert played.exit_code == 0, played.output
    saved = json.loads(log.read_text())
    assert [(e["name"], e["location"]) for e in saved["with"]] == [("red", str(Path(red).resolve())),
                                                                   ("blue", str(Path(blue).resolve()))]
    assert saved["result"]["scores"]["P1"] == [20]
    replayed = runner.invoke(app, ["replay", str(log)])
    assert replayed.exit_code == 0 and "replay matches the log" in replayed.output
    # another stack has other rules: the log's content digest names the stack it was played on
    other = runner.invoke(app, ["replay", str(log), "--with", red])
    assert other.exit_code == 1 and "E508" in other.output


# ---------------------------------------------------------------- packs installed as distributions

def install_fake_distribution(site, monkeypatch):
    """A distribution as pip leaves it in site-packages (a package and its dist-info with an entry
    point), on sys.path: the cheapest faithful stand-in for `pip install some-expansion`."""
    package = site / "some_expansion"
    write_pack(package, 'override card market "Golden market" { play { gain 7 vp; } }\n',
               name="some-expansion", extends=["base"])
    (package / "__init__.py").write_text('"""A rulebook expansion pack."""\nFOLDER = __path__[0]\n')
    info = site / "some_expansion-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: some-expansion\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(textwrap.dedent("""\
        [rulebook.packs]
        some-expansion = some_expansion
        same-by-path = some_expansion:FOLDER
        """))
    monkeypatch.syspath_prepend(str(site))


def test_a_pack_installed_as_a_distribution_is_found_by_its_entry_point_name(packs, tmp_path, monkeypatch):
    install_fake_distribution(tmp_path / "site", monkeypatch)
    monkeypatch.chdir(packs)  # the expansion extends "base", found relative to the current folder
    assert {"some-expansion", "same-by-path"} <= set(installed_packs())
    assert names("base", "some-expansion") == ["base", "some-expansion"]
    assert locate("same-by-path") == locate("some-expansion") == (tmp_path / "site" / "some_expansion").resolve()
    program = compile_pack("base", expansions=["some-expansion"]).program
    game = new_game(program)
    run_slot(game, "market", "play")
    assert game.state.players[0].stock["vp"] == 7
    played = runner.invoke(app, ["play", "base", "--with", "some-expansion", "-n", "2", "--agent", "first", "-q"])
    assert played.exit_code == 0, played.output
    misspelt = runner.invoke(app, ["lint", "base", "--with", "some-expansio"])
    assert misspelt.exit_code == 2 and "did you mean 'some-expansion'" in misspelt.output


def test_a_broken_installed_pack_is_a_diagnostic_not_a_traceback(packs, tmp_path, monkeypatch):
    site = tmp_path / "site"
    info = site / "broken-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[rulebook.packs]\nbroken = no_such_module_anywhere\n")
    monkeypatch.syspath_prepend(str(site))
    with pytest.raises(RulesError) as info_:
        stack_chain(str(packs / "base"), ["broken"])
    (d,) = info_.value.diagnostics
    assert d.code == "E503" and "ModuleNotFoundError" in d.message
