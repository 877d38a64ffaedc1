"""`amend FUNC { match SUBJECT { VALUE = EXPR; remove VALUE; else = EXPR; } }`: the cases of a func's
`match` expression changed, added or dropped without copying the func (the Cosmic Encounter audit's W5:
a house pack could not `remove` a card a func's match names); on both backends, with `base` standing
for the value a case replaces, its diagnostics, lint's I404, the printer and explain."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, build_text, compile_pack, interpret_pack
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import explained, played, program_of, write_pack

# 7 Wonders' guilds (values for illustration): each guild built scores by its own rule
BASE = """
counter vp;
counter brown_cards;
kind guild { }
guild workers "Workers Guild" { }
guild traders "Traders Guild" { }
guild scientists "Scientists Guild" { }
guild builders "Builders Guild" { }
func guild_points(g: guild): int = 1 + match g {
  workers: brown_cards,
  traders, builders: 3,
  scientists: 4,
  else: 0,
};
"""
LINE = BASE.count("\n")   # the line before the house rule's first


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def points(request):
    """The guilds' points for P1 (2 brown cards) under the base and a house rule."""
    def of(house: str) -> dict:
        program = build_text(BASE + house, interpreted=request.param)
        game = Game(program, 3, 1)
        game.state.players[0].stock["brown_cards"] = 2
        guilds = [name for name, e in program.entities.items() if e.kind == "guild"]
        return {g: program.funcs["guild_points"](game, game.state.players[0], program.entities[g]) for g in guilds}
    return of


def test_the_base_scores_as_written(points):
    assert points("") == {"workers": 3, "traders": 4, "scientists": 5, "builders": 4}


@pytest.mark.parametrize("house, changed", [
    # a case replaced, its value built on the one it replaces
    ("amend guild_points { match g { workers = base * 2; } }", {"workers": 5}),
    # a value taken out of `traders, builders`: the rest of that case stays
    ("amend guild_points { match g { builders = 10; } }", {"builders": 11}),
    # removed: the else value gives it
    ("amend guild_points { match g { remove scientists; } }", {"scientists": 1}),
    # the else value replaced, reading the one it replaces
    ("amend guild_points { match g { remove scientists; else = base + 7; } }", {"scientists": 8}),
    # a case a line, each taken from its own case
    ("amend guild_points { match g { workers = 0; scientists = 0; } }", {"workers": 1, "scientists": 1}),
])
def test_a_case_is_replaced_added_or_dropped(points, house, changed):
    assert points(house) == {**points(""), **changed}


def test_a_new_value_adds_a_case_before_else():
    text = """
enum age { one, two, three }
func cards(a: age): int = match a { one: 7, two: 7 };
amend cards { match a { three = 6; } }
"""
    result = analyse_text(text)
    assert result.ok and not [d for d in result.diagnostics if d.severity == "warning"], result.diagnostics
    match = result.symbols.decls["cards"].value
    assert [[v.id for v in c.values] for c in match.cases] == [["one"], ["two"], ["three"]]
    assert [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["adds the arm three to match a of func 'cards'"]


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_the_amend_reaches_the_value_an_override_s_base_gives(tmp_path, backend):
    base = write_pack(tmp_path / "guilds", BASE, "guilds")
    house = write_pack(tmp_path / "house", "override func guild_points(g: guild): int = base(g) * 10;\n"
                       "amend guild_points { match g { workers = 0; } }\n", "house", extends=["../guilds"])
    assert base.exists()
    program = program_of(house, backend)
    game = Game(program, 3, 1)
    scores = {g: program.funcs["guild_points"](game, game.state.players[0], program.entities[g])
              for g in ("workers", "traders")}
    assert scores == {"workers": 10, "traders": 40}


def test_each_case_is_reported_printed_back_and_explained():
    house = "amend guild_points {\n  match g {\n    workers = base + 1;\n    remove scientists;\n" \
            "    else = 2;\n  }\n}\n"
    result = analyse_text(BASE + house)
    found = [(d.code, d.span.line, d.message) for d in result.diagnostics if d.code == "I404"]
    about = "match g of func 'guild_points'"
    assert found == [("I404", LINE + 3, f"amends the arm workers of {about}, keeping the base's"),
                     ("I404", LINE + 4, f"removes scientists from {about}"),
                     ("I404", LINE + 5, f"amends the else arm of {about}")]
    module = parse_text(BASE + house)
    printed = format_module(module)
    assert parse_text(printed) == module
    assert "    workers = base + 1;\n    remove scientists;\n    else = 2;\n" in printed
    reading = [line.strip() for line in explained(result, "guild_points").splitlines()]
    assert reading[1] == "Equals 1 plus (depending on g: your brown cards plus 1 if it is “Workers Guild”, 3 if it " \
                         "is “Traders Guild” or “Builders Guild” or 2 otherwise)."
    assert reading[2:] == [f"(the case “Workers Guild” amended by <text>:{LINE + 3}:5, keeping the base's)",
                           f"(the else value amended by <text>:{LINE + 5}:5)",
                           f"(the arm scientists removed by <text>:{LINE + 4}:5)"]


def test_removing_a_card_its_match_names_lints_clean_once_the_case_is_removed():
    without = analyse_text(BASE + "remove scientists;\n")
    (e221,) = [d for d in without.diagnostics if d.severity == "error"]
    assert e221.code == "E221" and e221.hint == "a match names it as a case: drop it there, " \
        "'amend guild_points { match g { remove scientists; } }'"
    also = analyse_text(BASE + "remove scientists;\nproc show() { say \"{scientists}\"; }\n")
    (e221,) = [d for d in also.diagnostics if d.severity == "error"]
    assert e221.hint.endswith("; override or remove what else uses it") and len(e221.notes) == 2
    result = analyse_text(BASE + "remove scientists;\namend guild_points { match g { remove scientists; } }\n")
    assert result.ok and not [d for d in result.diagnostics if d.severity == "warning"], result.diagnostics


# each case: the house rule, the one error (code, message, hint) and the text it is placed at
@pytest.mark.parametrize("house, code, message, hint, at", [
    ("amend guild_points { match h { remove workers; } }", "E222", "func 'guild_points' has no match on h",
     None, "match h"),
    ("amend guild_points { match g { remove bankers; } }", "E223",
     "the match g of func 'guild_points' has no arm for bankers", "its cases are workers, traders, builders, scientists",
     "remove bankers"),
    ("amend guild_points { match g { remove workers, traders, builders, scientists; } }", "E223",
     "this leaves the match g of func 'guild_points' without an arm",
     "a match has at least one arm with a value; to drop it, override the func", "match g"),
    ("amend guild_points { match g { workers = 1; workers = 2; } }", "E215", "the case workers is amended twice here",
     None, "workers = 2"),
    ("amend guild_points { match g { remove else; else = base; } }", "E215", "the else arm is amended twice here",
     None, "else = base"),
    ("amend guild_points { match g { workers = base(g); } }", "E367",
     "in an amended case, base is the value it replaces: write it as a name, 'base', without parentheses",
     "to call the func the base pack declared, override it: 'override func ... = base(...);'", "base(g)"),
    ("amend guild_points { match g { workers { gain 1 vp; } } }", "E217",
     "a func's match expression gives a value for each case: its amended arms are written 'VALUE = EXPR;', not steps",
     "write 'VALUE = EXPR;' ('base' in EXPR: the value it replaces)", "workers {"),
    ("amend guild_points { pick \"which?\" where true; }", "E217",
     "amending 'guild_points' takes 'match SUBJECT { VALUE = EXPR; remove VALUE; else = EXPR; }' (the cases of a "
     "match expression of its value)", "to change more, override the func ('override func ...', calling base(...))",
     "pick"),
])
def test_misuse_is_one_placed_error(house, code, message, hint, at):
    text = BASE + house + "\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.hint) for d in errors] == [(code, message, hint)]
    line = text.splitlines()[errors[0].span.line - 1]
    assert line[errors[0].span.column - 1:].startswith(at)


def test_an_added_case_has_no_base():
    text = """
enum age { one, two, three }
func cards(a: age): int = match a { one: 7, two: 7 };
amend cards { match a { three = base; } }
"""
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message) for d in errors] == \
        [("E365", "this case is added, it replaces none: there is no base value for 'base' to stand for")]


def test_a_value_case_in_an_amend_of_a_proc_is_refused():
    text = BASE + "proc score(g: guild) { match g { workers { gain 1 vp; } else { } } }\n" \
                  "amend score { match g { workers = 2; } }\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.hint) for d in errors] == [("E217", "write the arm's steps: 'VALUE { ... }'")]
    assert errors[0].message.startswith("'VALUE = EXPR;' gives a value: it amends the match expression of a func")


def test_a_case_copied_from_the_func_is_told_its_form():
    from rulebook.dsl.diagnostics import RulesError

    with pytest.raises(RulesError) as e:
        parse_text(BASE + "amend guild_points {\n  match g {\n    scientists: 0,\n  }\n}\n")
    (d,) = e.value.diagnostics
    assert (d.code, d.span.line) == ("E100", LINE + 3)
    assert d.message.startswith("a case of a func's match expression is amended as 'VALUE = EXPR;'")
    assert d.hint == "write 'scientists = ...;' (its value), or 'remove scientists;'"
    with pytest.raises(RulesError) as e:
        parse_text(BASE + "amend guild_points { match g { traders, builders = 7; } }\n")
    (d,) = e.value.diagnostics
    assert d.message == "in an amended func's match, 'VALUE = EXPR;' names one value, a name or a number: write a " \
                        "line for each"
    assert d.hint == "write 'traders = ...; builders = ...;' (its value), or 'remove traders, builders;'"
    with pytest.raises(RulesError) as e:   # a '=' in a condition is still a '=' for '=='
        parse_text(BASE + "func rich(): bool = brown_cards = 2;\n")
    assert e.value.diagnostics[0].message.startswith("use '==' to compare")


def _reference_packs(root: Path) -> Path:
    """The reference's 7 Wonders guild packs (docs/language.md), written under `root`; the house pack's folder."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    for m in re.finditer(r"^```(?:rules|toml)\n# pack: (wonders_[a-z_]+/[a-z_.]+)\n(.*?)^```$", doc, re.S | re.M):
        path = root / m.group(1)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(f"# pack: {m.group(1)}\n{m.group(2)}", encoding="utf-8")
    return root / "wonders_no_science"


def test_the_reference_house_rule_plays_the_same_on_both_backends(tmp_path):
    house = _reference_packs(tmp_path)
    compiled, interpreted = compile_pack(str(house)).program, interpret_pack(str(house))
    assert "scientists_guild" not in compiled.entities
    for seed in range(1, 6):
        a, b = played(compiled, seed, players=3), played(interpreted, seed, players=3)
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
        for p in a.state.players:   # a Workers Guild scores its neighbours' 4 brown cards, and 1 more
            built = [e.name for e in a.zone(p, "built").items]
            assert p.stock["vp"] == ({"workers_guild": 5, "traders_guild": 3}[built[0]] if built else 0)


def test_two_sibling_packs_warn_only_when_the_later_discards_the_earlier(tmp_path):
    from rulebook.compiler.driver import analyse

    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", "amend guild_points { match g { workers = base + 1; } }\n", name="one",
                     extends=["../base"])
    two = write_pack(tmp_path / "two", "amend guild_points { match g { workers = base * 2; } }\n", name="two",
                     extends=["../base"])
    result = analyse(str(base), [str(one), str(two)])   # the later builds on the earlier: (2 + 1) * 2
    assert result.ok and not [d for d in result.diagnostics if d.code == "W406"]
    game = Game(compile_pack(str(base), expansions=[str(one), str(two)]).program, 3, 1)
    game.state.players[0].stock["brown_cards"] = 2
    workers = game.program.entities["workers"]
    assert game.program.funcs["guild_points"](game, game.state.players[0], workers) == 7
    plain = write_pack(tmp_path / "plain", "amend guild_points { match g { workers = 9; } }\n", name="plain",
                       extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(one), str(plain)]).diagnostics if d.code == "W406"]
    assert len(w406) == 1 and "case workers" in w406[0].message
