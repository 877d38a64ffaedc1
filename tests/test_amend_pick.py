"""`amend PROC { pick "prompt" [where COND] [as "label"] [MODE]; }`: parts of one pick of a base
changed without copying the proc, `base` standing for the part as it was, on both backends; its
diagnostics, lint's I404, W406 for stacked packs, the printer and explain."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl import ast as A
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game

from .conftest import printed_back, program_of, run_proc, write_pack

# A Ticket to Ride-like turn (values for illustration): the claim pick sits inside an option and
# sees a `let` local; a second pick asks something else
BASE = """
resource train "Trains";
counter vp;
kind route { length: int; }
route short "Short" { length = 1; }
route mid "Mid" { length = 3; }
route long "Long" { length = 5; }
zone open of route;
proc deal() { move short to open; move mid to open; move long to open; }
proc turn() {
  let limit = 5;
  choose "draw or claim?" {
    option "claim" {
      pick r from open where r.length <= limit "claim which route?" {
        gain r.length vp;
      }
    }
    option "draw" { gain 2 train; }
  }
  pick t from open "tunnel which?" {
    gain t.length train;
  }
}
game ttr {
  seats 2 to 4;
  phase play { each players: turn(); }
  winner most vp;
}
"""
LINE = BASE.count("\n")   # the line before the house rule's first

HOUSE = """amend turn {
  pick "claim which route?" where base and r.length > 1 as "{r} ({r.length})";
  pick "tunnel which?" where t.length < 5 optional;
}
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    def build(house: str):
        return build_text(BASE + house, interpreted=request.param)
    return build


def turn(program, house: str, *answers) -> tuple:
    """P1's turn: the options of each decision asked (by prompt) and P1's stock after it."""
    game = Game(program(house), 2, 1)
    run_proc(game, "deal")
    asked = run_proc(game, "turn", answers=answers)
    you = game.state.players[0]
    return {d.prompt: d.options for d in asked}, (you.stock["vp"], you.stock["train"])


def test_the_base_plays_as_it_did(program):
    asked, stock = turn(program, "", "claim", 0, 0)
    assert asked == {"draw or claim?": ["claim", "draw"], "claim which route?": ["Short", "Mid", "Long"],
                     "tunnel which?": ["Short", "Mid", "Long"]}
    assert stock == (1, 1)


def test_the_parts_written_replace_the_picks_and_base_keeps_its_condition(program):
    asked, stock = turn(program, HOUSE, "claim", 1, 0)
    assert asked["claim which route?"] == ["Mid (3)", "Long (5)"]   # 1 < length <= limit, labelled
    assert asked["tunnel which?"] == ["Short", "Mid", "none"]   # condition replaced, optional
    assert stock == (5, 1)
    assert turn(program, HOUSE, "claim", 0, "none")[1] == (3, 0)   # "none": the body does not run


def test_where_true_drops_the_condition(program):
    asked, _stock = turn(program, 'amend turn { pick "claim which route?" where true; }\n', "claim", 2, 0)
    assert asked["claim which route?"] == ["Short", "Mid", "Long"]


def test_base_in_the_count_stands_for_the_bases_count(program):
    base = BASE.replace('"tunnel which?" {', '"tunnel which?" up to 1 {')
    game = Game(build_text(base + 'amend turn { pick "tunnel which?" up to base + 1; }\n'), 2, 1)
    run_proc(game, "deal")
    asked = run_proc(game, "turn", answers=["draw", 0, 0])
    assert [d.prompt for d in asked].count("tunnel which?") == 2


def test_each_amend_is_reported_printed_back_and_explained():
    result = analyse_text(BASE + HOUSE)
    assert [(d.code, d.span.line, d.message) for d in result.diagnostics if d.severity != "warning"] == [
        ("I404", LINE + 2, "amends the condition and the label of pick \"claim which route?\" of proc 'turn'"),
        ("I404", LINE + 3, "amends the condition and the mode of pick \"tunnel which?\" of proc 'turn'")]
    _module, printed = printed_back(BASE + HOUSE)
    assert '  pick "claim which route?" where base and r.length > 1 as "{r} ({r.length})";\n' in printed
    reading = [line.strip() for line in explain(result.symbols.decls["turn"], result.symbols)]
    assert any(line.startswith("Pick one r from the open for which r's length is at most limit and r's length is more "
                               "than 1") and line.endswith(f"(amended by <text>:{LINE + 2}:3), then:")
               for line in reading), reading
    assert any(line.endswith(f"(or none) (tunnel which?) (amended by <text>:{LINE + 3}:3), then:")
               for line in reading), reading


def _expr(e) -> str:
    from rulebook.dsl.printer import expr
    return expr(e)


def test_base_is_parenthesised_where_precedence_needs_it(program):
    """Two amends in one pack: the second's `base` is the first's condition, an `and` under a `not`."""
    house = ('amend turn { pick "claim which route?" where base and r.length > 0; }\n'
             'amend turn { pick "claim which route?" where not base or r.length >= 3; }\n')
    pick = next(n for n in A.walk(analyse_text(BASE + house).symbols.decls["turn"]) if type(n) is A.Pick)
    assert _expr(pick.where) == "not (r.length <= limit and r.length > 0) or r.length >= 3"
    assert turn(program, house, "claim", 0, 0)[0]["claim which route?"] == ["Mid", "Long"]


# each case: the house rule, the one error (code, message, hint, notes) and the text it is placed at
@pytest.mark.parametrize("house, code, message, hint, notes, at", [
    ('amend turn { pick "claim which rout?" where true; }', "E222", "proc 'turn' has no pick \"claim which rout?\"",
     "did you mean 'claim which route?'?", ('its picks ask "claim which route?", "tunnel which?"',), "pick"),
    ('amend turn { pick "tunnel which?" where base and t.length > 1; }', "E223",
     "the pick \"tunnel which?\" of proc 'turn' has no condition for 'base' to stand for",
     "write the condition without 'base'", (), "base"),
    ('amend turn { pick "tunnel which?" optional when base; }', "E223",
     "the pick \"tunnel which?\" of proc 'turn' has no 'optional when' guard for 'base' to stand for",
     "write the 'optional when' guard without 'base'", (), "base"),
    ('amend turn { pick "tunnel which?"; }', "E223", "this amend of the pick \"tunnel which?\" of proc 'turn' "
     "changes nothing", "write the parts it replaces: 'where COND', 'as \"label\"', 'optional', 'up to N'...; "
     "the body stays the base's", (), "pick"),
    ('amend turn { pick "tunnel which?" optional; pick "tunnel which?" where true; }', "E215",
     "the pick \"tunnel which?\" is amended twice here", None, (), 'pick "tunnel which?" where'),
    # r is the claim pick's local, out of the tunnel pick's reach: E201 says where it was declared
    ('amend turn { pick "tunnel which?" where r.length > 1; }', "E201",
     "unknown name 'r' here: 'r' is declared at 14:7 in a block that has ended",
     "use it inside that block, or declare it before the block", ("'r' is declared at <text>:14:7",), "r.length"),
    ('amend long { pick "tunnel which?" optional; }', "E217", "amending 'long' takes 'name = value;', 'name { ... }', "
     "a slot ('whenever EVENT in ZONE { ... }', 'anytime in ZONE { ... }'), 'in force while COND;' or "
     "'remove SLOT;'",
     "a pick of a card's effect is amended in 'amend long.EFFECT { ... }'", (), "pick"),
    ('amend train { pick "tunnel which?" optional; }', "E217", "'amend' changes an entity, a kind, a track, an "
     "enum, a record, the game, a choose, match or pick of a proc or phase, or a match of a func; 'train' is a resource", None,
     (), "train"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message, hint, notes, at):
    found = [d for d in analyse_text(BASE + house).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.hint, d.notes) for d in found] == [(code, message, hint, notes)]
    assert (found[0].span.line, found[0].span.column) == (LINE + 1, house.index(at) + 1)


def test_a_prompt_two_picks_ask_is_ambiguous():
    text = BASE + ('proc twice() {\n  pick r from open "which?" { }\n  pick r from open "which?" { }\n}\n'
                   'amend twice { pick "which?" optional; }\n')
    found = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.message, d.hint, d.notes) for d in found] == [
        ("E222", "2 picks of proc 'twice' ask \"which?\": which one this amends is unclear",
         "give them different prompts in the base, or override the proc",
         (f"one is at <text>:{LINE + 2}:3", f"one is at <text>:{LINE + 3}:3"))]


def test_a_later_pack_wraps_the_earlier_amend(tmp_path, backend):
    """An expansion adds a condition; a house rule on it adds another with `base`: both hold, and
    explain names both amends."""
    write_pack(tmp_path / "base", BASE, name="base")
    write_pack(tmp_path / "exp", 'amend turn { pick "claim which route?" where base and r.length > 1; }\n',
               name="exp", extends=["../base"])
    house = write_pack(tmp_path / "house", 'amend turn { pick "claim which route?" where base and r.length < 4'
                       ' optional; }\n', name="house", extends=["../exp"])
    result = analyse(str(house))
    assert result.ok and not [d for d in result.diagnostics if d.code == "W406"]
    pick = next(n for n in A.walk(result.symbols.decls["turn"]) if type(n) is A.Pick)
    assert _expr(pick.where) == "r.length <= limit and r.length > 1 and r.length < 4" and pick.optional
    reading = "\n".join(explain(result.symbols.decls["turn"], result.symbols))
    assert re.search(r"\(amended by \S*exp/main\.rules:1:14, by \S*house/main\.rules:1:14\), then:", reading)
    game = Game(program_of(house, backend), 2, 1)
    run_proc(game, "deal")
    asked = run_proc(game, "turn", answers=["claim", "none", 0])
    assert [d.options for d in asked if d.prompt == "claim which route?"] == [["Mid", "none"]]


def test_two_stacked_packs_replacing_one_condition_warn_unless_one_builds_on_base(tmp_path):
    base = write_pack(tmp_path / "base", BASE, name="base")
    one = write_pack(tmp_path / "one", 'amend turn { pick "claim which route?" where r.length > 1; }\n',
                     name="one", extends=["../base"])
    two = write_pack(tmp_path / "two", 'amend turn { pick "claim which route?" where r.length > 2; }\n',
                     name="two", extends=["../base"])
    w406 = [d for d in analyse(str(base), [str(one), str(two)]).diagnostics if d.code == "W406"]
    assert [d.message for d in w406] == [
        "the condition of the pick \"claim which route?\" of proc 'turn' is amended by both 'one' and 'two'; "
        "'two' comes later in the stack and wins"]
    both = write_pack(tmp_path / "both", 'amend turn { pick "claim which route?" where base and r.length > 2; }\n',
                      name="both", extends=["../base"])
    assert not [d for d in analyse(str(base), [str(one), str(both)]).diagnostics if d.code == "W406"]


def test_the_pick_of_the_proc_an_override_calls_as_base_is_amended(backend, tmp_path):
    write_pack(tmp_path / "base", BASE, name="base")
    house = write_pack(tmp_path / "house", "override proc turn() {\n  gain 1 train;\n  base();\n}\n"
                       'amend turn { pick "tunnel which?" where t.length == 5; }\n', name="house",
                       extends=["../base"])
    game = Game(program_of(house, backend), 2, 1)
    run_proc(game, "deal")
    asked = run_proc(game, "turn", answers=["draw"])   # the tunnel pick is forced: Long only
    assert game.state.players[0].stock["train"] == 1 + 2 + 5 and len(asked) == 1


def test_the_tapestry_house_rule_of_the_reference_plays(tmp_path, backend):
    """docs/language.md's example: a player under 20 VP is shielded from conquest in Tapestry; the
    pack lints clean and whole games run to the end."""
    doc = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    text = re.search(r"```rules\n# pack: tapestry_shield/house.rules\n(.*?)^```", doc, re.S | re.M).group(1)
    pack = write_pack(tmp_path / "tapestry_shield", text, name="tapestry_shield", extends=["tapestry"])
    result = analyse(str(pack))
    assert result.ok and [d.message for d in result.diagnostics if d.code == "I404"] == \
        ["amends the condition of pick \"conquer which territory?\" of proc 'conquer'"]
    pick = next(n for n in A.walk(result.symbols.decls["conquer"]) if type(n) is A.Pick)
    assert _expr(pick.where) == "h.ok and not allied(h.holder) and not shielded(h.holder)"
    game = Game(program_of(pack, backend), 3, 2, make_agents("random", 3, 2))
    assert game.play()["winners"]


def test_a_sibling_pack_discarding_a_condition_written_with_base_warns(tmp_path):
    """Two stacked packs neither extending the other: the later written with `base` builds on the
    earlier (no W406), a later one without `base` discards the earlier, `base` or not (W406, its
    note at the last amend of that part); a part of the same amend written without `base` (the
    label) still warns."""
    base = write_pack(tmp_path / "base", BASE, name="base")
    built = write_pack(tmp_path / "built", 'amend turn { pick "claim which route?" where base and r.length > 1; }\n',
                       name="built", extends=["../base"])
    plain = write_pack(tmp_path / "plain", 'amend turn { pick "claim which route?" where r.length > 2; }\n',
                       name="plain", extends=["../base"])
    wrapped = write_pack(tmp_path / "wrapped", 'amend turn { pick "claim which route?" where base and r.length < 5'
                         ' as "{r.title}!"; }\n', name="wrapped", extends=["../base"])
    relabel = write_pack(tmp_path / "relabel", 'amend turn { pick "claim which route?" as "{r.title}?"; }\n',
                         name="relabel", extends=["../base"])

    def w406(*packs):
        return [(d.message, d.notes) for d in analyse(str(base), [str(p) for p in packs]).diagnostics
                if d.code == "W406"]

    assert w406(plain, built) == []
    found = w406(built, plain)
    assert [m for m, _n in found] == ["the condition of the pick \"claim which route?\" of proc 'turn' is amended by "
                                      "both 'built' and 'plain'; 'plain' comes later in the stack and wins"]
    assert found[0][1][0].startswith("'built' amends it at ") and "built/main.rules:1:14" in found[0][1][0]
    assert [m.split(" is amended")[0] for m, _n in w406(relabel, wrapped)] == [
        "the label of the pick \"claim which route?\" of proc 'turn'"]
    found = w406(built, wrapped, plain)
    assert len(found) == 1 and "both 'wrapped' and 'plain'" in found[0][0] and "'wrapped' amends it at" in found[0][1][0]
