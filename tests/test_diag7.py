"""What the Dominion, Pandemic and Coup audits wrote wrongly (diag7): each mistake is said where it is
written (file, line, column), with what was meant."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.runtime.engine import Effect, Game

from .conftest import parse_error, run_proc, write_pack

# ---------------------------------------------------------------------------- 5. near misses

PACK = """enum ktype { action, treasure }
enum disease { blue, yellow, black, red }
counter actions;
counter vp;
var cured[disease] global: bool = false;
kind card { }
zone hand per_player of card;
proc t() { BODY }
game g { seats 2 to 4; phase play { t(); } winner most vp; }
"""


def the_error(body: str):
    """The one error of the pack with `body` in t(), as (file, line, column, message, hint, notes)."""
    errors = [d for d in analyse_text(PACK.replace("BODY", body), "a.rules").diagnostics if d.severity == "error"]
    assert len(errors) == 1, [d.headline() for d in errors]
    d, = errors
    return d.span.file, d.span.line, d.span.column, d.message, d.hint, d.notes


def test_a_member_where_a_counter_goes_offers_the_near_counter():
    assert the_error("gain 2 action;") == \
        ("a.rules", 8, 19, "'action' is a member, not a resource or counter", "did you mean 'actions'?", ())


def test_an_unknown_index_of_an_enum_is_an_unknown_member_of_it():
    assert the_error("set cured[green] = true;")[:6] == \
        ("a.rules", 8, 22, "unknown member 'green' of enum disease", None, ("known members: blue, yellow, black, red",))
    assert the_error("set cured[blu] = true;")[:5] == \
        ("a.rules", 8, 22, "unknown member 'blu' of enum disease", "did you mean 'blue'?")


def test_an_option_guarded_with_if_says_when():
    d = parse_error('proc t() {\n  choose {\n    option "x" if 1 > 0 { }\n  }\n}\n', "c.rules")
    assert (d.span.file, d.span.line, d.span.column) == ("c.rules", 3, 16)
    assert "'when', not 'if'" in d.message and "write 'when' for 'if'" in d.hint


@pytest.mark.parametrize("mode", ["exactly 2", "up to 2", "optional"])
def test_a_prompt_after_the_mode_says_it_comes_first(mode):
    d = parse_error(f'kind card {{ }}\nzone hand per_player of card;\nproc t() {{\n  pick c from hand {mode} "which?" {{ }}\n}}\n', "c.rules")
    assert (d.span.file, d.span.line, d.span.column) == ("c.rules", 4, 21 + len(mode))
    assert d.message.startswith("a pick's prompt comes before its mode")
    assert d.hint == f"write 'pick c from hand \"which?\" {mode} {{ ... }}'"


@pytest.mark.parametrize("body, column", [("gain is vp;", 17), ("if is > 2 { }", 15)])
def test_a_reserved_word_used_as_a_value_is_said_reserved(body, column):
    d = parse_error(f"counter vp;\nproc t() {{ {body} }}\n", "c.rules")
    assert (d.span.file, d.span.line, d.span.column) == ("c.rules", 2, column)
    assert d.message == "a keyword cannot be used as a name here; found 'is'"
    assert d.hint.startswith("'is' is reserved: call it")


# ---------------------------------------------------------------------------- 6. no W401 after an unknown name

ZONES = """kind card { }
zone deck of card;
zone lost of card;
zone hand per_player of card;
counter vp;
proc t() { for each c in hand { move c to WHERE; } }
game g { seats 2 to 4; phase play { each players: t(); } winner most vp; }
"""


def zone_findings(tmp_path, where: str) -> list:
    pack = write_pack(tmp_path / "pack", ZONES.replace("WHERE", where))
    return [(d.code, Path(d.span.file).name, d.span.line, d.span.column) for d in analyse(str(pack)).diagnostics]


def test_an_unknown_zone_near_none_keeps_every_unused_zone_from_w401(tmp_path):
    assert zone_findings(tmp_path, "graveyard") == [("E209", "main.rules", 6, 43)]


def test_an_unknown_zone_near_one_keeps_only_that_one_from_w401(tmp_path):
    assert zone_findings(tmp_path, "lots") == [("W401", "main.rules", 2, 6), ("E209", "main.rules", 6, 43)]


def test_an_unused_zone_is_w401_once_no_zone_is_unknown(tmp_path):
    assert zone_findings(tmp_path, "deck") == [("W401", "main.rules", 3, 6)]


# ---------------------------------------------------------------------------- 7. the trace names Moat

REVEALED = """
counter vp;
event attacked();
kind card { }
card moat "Moat" { }
zone hand per_player of card;
proc guard() {
  pick m from hand "reveal?" optional {
    reveal m;
    modifier you attacked once { forbid; }
  }
}
proc attack() { each opponents: for attacked() { gain 1 vp; } }
proc take() { move moat to hand; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_modifier_put_in_force_by_a_revealed_card_is_named_by_it(interpreted):
    game = Game(build_text(REVEALED, interpreted=interpreted, name="r.rules"), 2, 1)
    entries: list[Effect] = []
    game.tracer = entries.append
    run_proc(game, "take", player=1)
    run_proc(game, "guard", player=1, answers=[0])
    run_proc(game, "attack", player=0)
    skips = [e for e in entries if e.kind == "skip"]
    assert [e.describe() for e in skips] == ["P2: skip attacked() (forbidden by Moat)"]
    assert [e.where for e in skips] == ["r.rules:13:33"]


def test_explain_places_sources_as_the_trace_does(tmp_path, monkeypatch):
    """`explain` says where a declaration is as a trace line does: file:line:column."""
    from click.testing import CliRunner

    from rulebook.cli import app

    pack = write_pack(tmp_path / "demo", REVEALED)
    monkeypatch.chdir(tmp_path)
    shown = CliRunner().invoke(app, ["explain", "demo", "guard"]).output.splitlines()[0]
    assert shown == f"guard is declared at {Path('demo') / 'main.rules'}:7:1"


# ---------------------------------------------------------------------------- 8. a constant position outside a list


@pytest.mark.parametrize("expr, column, hint", [("[1, 2][3]", 19, "the last item is [2]"),
                                                ("[1, 2][0]", 19, "the first item is [1]"),
                                                ("[5][2 + 1]", 16, "the last item is [1]")])
def test_a_constant_position_outside_a_list_literal_is_e392(expr, column, hint):
    found = [(d.code, d.span.file, d.span.line, d.span.column, d.hint)
             for d in analyse_text(f"counter vp;\nfunc f() = {expr};\n", "l.rules").diagnostics]
    assert found == [("E392", "l.rules", 2, column, hint)]


@pytest.mark.parametrize("expr", ["[1, 2][2]", "[1, 2][1]", "[2, 2, 3][vp + 1]"])
def test_a_position_inside_or_not_constant_is_not_e392(expr):
    assert analyse_text(f"counter vp;\nfunc f() = {expr};\n").diagnostics == []
