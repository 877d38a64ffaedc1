"""`amend ENUM { member ["Title"], ... }`: members added at the end or retitled without restating the
enum, on both backends: what the new members feed (lists, indexed counters, pick, titles), lint
(I404, W408, E208, E215, E217), `remove MEMBER;` (E214), a member an `override enum` dropped (E201
with a note), the printer, explain and stacked packs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text, compile_pack, interpret_pack
from rulebook.compiler.explain import explain
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import run_proc, write_pack

# Coup: the roles a player may claim, the claims counted per role, and what each claim is worth
COUP = """
counter vp;
enum role { duke "Duke", captain, ambassador "Ambassador" }
counter claims[role];
var last: role = none;
func worth(r: role) = match r { duke: 3, captain: 2, ambassador: 1 };
proc claim_all() { for each r in role { gain 1 claims[r]; gain worth(r) vp; set last = r; } }
proc claim_one() { pick r from role "claim a role" { gain 1 claims[r]; set last = r; } }
"""
# the Inquisitor house rule: a new role after the others, and the Duke retitled
HOUSE = """
amend role { inquisitor "Inquisitor", duke "The Duke" }
override func worth(r: role) = match r { inquisitor: 5, else: base(r) };
"""
GAME = "game coup { seats 2 to 6; phase play { each players: claim_all(); } winner most vp; }\n"


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request, tmp_path):
    """The Program of a house-rules pack holding `house`, on the Coup pack, on one backend."""
    write_pack(tmp_path / "coup", COUP + GAME, name="coup")

    def build(house: str):
        write_pack(tmp_path / "house", house, name="house", extends=["../coup"])
        return (interpret_pack if request.param else lambda p: compile_pack(p).program)(str(tmp_path / "house"))
    return build


def test_an_added_member_comes_last_in_the_enums_list_and_its_index(program):
    p = program("amend role { inquisitor \"Inquisitor\" }\n"
                "override func worth(r: role) = match r { inquisitor: 5, else: base(r) };\n")
    assert list(p.indexed["claims"]) == ["duke", "captain", "ambassador", "inquisitor"]
    game = Game(p, 2, 1)
    you = game.state.players[0]
    run_proc(game, "claim_all")
    assert [you.stock[p.indexed["claims"][r]] for r in p.indexed["claims"]] == [1, 1, 1, 1]
    assert you.stock["vp"] == 3 + 2 + 1 + 5 and you.vars["last"] == "inquisitor"   # the new member last


def test_a_retitled_member_and_a_new_one_are_offered_by_their_titles(program):
    p = program(HOUSE)
    assert p.member_titles == {"duke": "The Duke", "ambassador": "Ambassador", "inquisitor": "Inquisitor"}
    game = Game(p, 2, 1)
    asked = run_proc(game, "claim_one", answers=["Inquisitor"])
    assert asked[0].options == ["The Duke", "captain", "Ambassador", "Inquisitor"]
    assert game.state.players[0].vars["last"] == "inquisitor"


def test_several_amends_add_in_merge_order_and_a_later_title_wins(program):
    p = program('amend role { inquisitor, contessa "Contessa" }\namend role { inquisitor "Inquisitor", '
                'reformer }\noverride func worth(r: role) = match r { duke: 3, captain: 2, ambassador: 1, else: 0 };\n')
    assert list(p.indexed["claims"]) == ["duke", "captain", "ambassador", "inquisitor", "contessa", "reformer"]
    assert p.member_titles["inquisitor"] == "Inquisitor" and p.member_titles["contessa"] == "Contessa"


def test_lint_reports_what_an_amend_adds_and_retitles_at_the_enums_name():
    found = [(d.code, d.span.line - COUP.count("\n"), d.span.column, d.message)
             for d in analyse_text(COUP + 'amend role { inquisitor "Inquisitor", duke "The Duke" }').diagnostics
             if d.code == "I404"]
    assert found == [("I404", 1, len("amend ") + 1, "amends enum 'role': adds inquisitor; retitles duke")]


def test_a_match_of_the_base_without_the_new_member_is_w408_unless_an_override_handles_it():
    plain = [(d.code, d.message) for d in analyse_text(COUP + 'amend role { inquisitor }').diagnostics
             if d.code == "W408"]
    assert plain == [("W408", "no case for inquisitor and no 'else': such a value stops play")]
    stacked = [(d.code, d.message) for d in analyse_text(COUP + 'amend role { inquisitor }\n'
                                                          'func worth2(r: role) = match r { inquisitor: 5, '
                                                          'else: worth(r) };').diagnostics if d.code == "W408"]
    assert stacked == plain   # a new func naming the member does not cover the base's table: only an override does


@pytest.mark.parametrize("house, code, message, hint, at", [
    ("counter inquisitor;\namend role { inquisitor }", "E208",
     "enum member 'inquisitor' is already declared as a counter",
     "members, cards and every other declaration share one namespace: rename one of them", "inquisitor }"),
    ("amend role { spy, spy }", "E215", "member 'spy' is amended twice here", None, "spy }"),
    ("amend role { captain }", "E217", "'captain' is already a member of enum 'role': give it a title to retitle it",
     "a new member needs a name no member has; dropping one is 'override enum'", "captain }"),
    ('amend role "Roles" { spy }', "E217",
     "an enum has no title: to retitle a member of 'role', write 'amend ENUM { member \"Title\" }'", None,
     "role"),
    ("amend role { worth = 2; }", "E217", "amending 'role' takes 'member [\"Title\"], member [\"Title\"], ...'",
     None, "amend"),
    ("amend worth { spy }", "E217", "amending 'worth' takes 'match SUBJECT { VALUE = EXPR; remove VALUE; else = EXPR; }' "
     "(the cases of a match expression of its value); 'member [\"Title\"], ...' amends an enum", None, "spy"),
    ("amend coup { spy }", "E217", "amending 'coup' takes 'seats A to B;', 'phase setup|play|final { ... }' or "
     "'winner ...;'; 'member [\"Title\"], ...' amends an enum", None, "spy"),
    ("amend rol { spy }", "E217", "'amend' changes an entity, a kind, a track, an enum, a record, the game, a choose, match or pick of a proc or phase, or a match of a func; 'rol' is not "
     "declared", "did you mean 'role'?", "rol"),
    ("remove ambassador;", "E214", "'ambassador' is a member of enum 'role', not a declaration: amend or override "
     "the enum", "to drop the member, restate the enum without it: 'override enum role { ... }'", "ambassador"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message, hint, at):
    text = COUP + GAME + house
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in found] == [(code, message, hint)]
    line = text.count("\n") + 1 - house.count("\n") + house[:house.rindex(at)].count("\n")
    last = house.split("\n")[line - (text.count("\n") + 1 - house.count("\n"))]
    assert (found[0].span.line, found[0].span.column) == (line, last.rindex(at) + 1)


def test_an_added_member_clashing_with_a_base_name_says_where_that_is():
    found = [d for d in analyse_text(COUP + "amend role { vp }").diagnostics if d.code == "E208"]
    assert [(d.span.line, d.span.column, d.notes) for d in found] == \
        [(COUP.count("\n") + 1, len("amend role { ") + 1, ("'vp' is declared at <text>:2:1",))]


def test_an_amend_without_a_comma_is_a_syntax_error_saying_so():
    with pytest.raises(RulesError) as e:
        parse_text("enum role { duke }\namend role { spy inquisitor }")
    assert "a ',' is missing" in e.value.diagnostics[0].message


# ---------------------------------------------------------------------------- the printer


@pytest.mark.parametrize("text", [
    'amend role { inquisitor "Inquisitor", duke "The Duke" }\n',
    "amend role { inquisitor }\n",
    "amend role {\n  on_exploration,\n  on_science \"Science\",\n  on_military,\n  on_technology,\n"
    "  on_markets \"Markets\",\n  on_houses,\n}\n",
])
def test_an_amend_of_an_enum_prints_back_the_same(text):
    module = parse_text(text, "a.rules")
    assert format_module(module) == text
    assert parse_text(format_module(module), "a.rules") == module


# ---------------------------------------------------------------------------- explain


def test_explain_reads_an_amend_as_what_it_adds_and_retitles():
    result = analyse_text(COUP + 'amend role { inquisitor "Inquisitor", duke "The Duke" }')
    amend = next(i for i in result.modules[0][1][0].items if type(i).__name__ == "Amend")
    assert explain(amend, result.symbols) == ["amend role", "  Adds inquisitor (shown “Inquisitor”) at the end of role.",
                                              "  Shows duke of role as “The Duke”."]
    assert explain(amend)[1] == ("  Inquisitor (shown “Inquisitor”): added at the end of role, or given this title "
                                 "if it is already one of them.")
    assert explain(result.symbols.decls["role"])[1] == \
        "  One of: duke (shown “The Duke”), captain, ambassador (shown “Ambassador”) or inquisitor (shown “Inquisitor”)."


# ---------------------------------------------------------------------------- stacked packs


@pytest.fixture
def stacked(tmp_path):
    write_pack(tmp_path / "coup", COUP + GAME, name="coup")
    write_pack(tmp_path / "inquisitor", HOUSE, name="inquisitor", extends=["../coup"])
    return tmp_path


@pytest.mark.parametrize("build", [lambda root, *w: compile_pack(root, expansions=list(w)).program,
                                   lambda root, *w: interpret_pack(root, expansions=list(w))],
                         ids=["compiled", "interpreted"])
def test_a_house_rule_pack_adds_a_role_both_as_an_extension_and_with_with(stacked, build):
    for p in (build(str(stacked / "inquisitor")), build(str(stacked / "coup"), str(stacked / "inquisitor"))):
        assert list(p.indexed["claims"]) == ["duke", "captain", "ambassador", "inquisitor"]
        game = Game(p, 3, 1)
        game.play()
        assert game.result()["scores"]["P1"] == [3 + 2 + 1 + 5]


def test_an_override_that_handles_the_new_member_and_calls_base_leaves_the_base_table_unwarned(stacked):
    found = [(d.code, d.message) for d in analyse(str(stacked / "inquisitor")).diagnostics if d.code[0] != "I"]
    assert found == []
    write_pack(stacked / "bare", "amend role { inquisitor }\n", name="bare", extends=["../coup"])
    assert [(d.code, d.span.file.endswith("coup/main.rules")) for d in analyse(str(stacked / "bare")).diagnostics
            if d.code == "W408"] == [("W408", True)]


def test_a_member_an_override_enum_drops_is_unknown_where_the_base_uses_it_with_a_note(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # files are shown relative to it
    write_pack(tmp_path / "coup", COUP + GAME, name="coup")
    write_pack(tmp_path / "no_ambassador", "override enum role { duke, captain }\n", name="no_ambassador",
               extends=["../coup"])
    errors = [d for d in analyse(str(tmp_path / "no_ambassador")).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.notes) for d in errors] == [
        ("E201", "unknown name 'ambassador'", ("'ambassador' was a member of enum 'role'; the override at "
                                               "no_ambassador/main.rules:1:15 leaves it out",))]
    assert errors[0].span.file.endswith("coup/main.rules")


def test_a_member_dropped_then_added_back_is_known_again(tmp_path):
    write_pack(tmp_path / "coup", COUP + GAME, name="coup")
    write_pack(tmp_path / "back", "override enum role { duke, captain }\namend role { ambassador }\n", name="back",
               extends=["../coup"])
    assert not [d for d in analyse(str(tmp_path / "back")).diagnostics if d.severity == "error"]


def test_explain_names_a_member_by_its_enum_and_says_who_amended_it(stacked, monkeypatch):
    monkeypatch.chdir(stacked)
    out = CliRunner().invoke(app, ["explain", "inquisitor", "inquisitor"])
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "inquisitor is a member of enum role"
    assert lines[1].startswith("role is declared at coup/main.rules:3:1, amended by inquisitor/main.rules:2:1")
    assert 'enum role { duke "The Duke", captain, ambassador "Ambassador", inquisitor "Inquisitor" }' in out.output


def test_a_title_an_amend_gives_that_reads_like_another_member_is_w409_at_the_amend():
    text = COUP + 'amend role { duke "Captain" }'
    found = [(d.code, d.span.line - COUP.count("\n"), d.span.column) for d in analyse_text(text).diagnostics
             if d.code == "W409"]
    assert found == [("W409", 1, len("amend role { ") + 1)]
