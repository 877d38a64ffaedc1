"""Parameters with defaults (3.13): `func military(w: card = none)` called as `military()` and as
`military(w)` (Race for the Galaxy audit W4: the pack passed `military(none)`, and every card's bonus
guarded it by hand). Both backends fill the left-out arguments in one place (layout.call_args)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import found_at, programs, rules_programs, run_proc, write_pack

RACE = """
enum goods { novelty, rare, gene }
kind card { strength: int = 0; kind_of_goods: goods = novelty; }
zone tableau per_player of card;
card rebel_base "Rebel Base" { strength = 2; kind_of_goods = gene; }
card mine "Mining World" { kind_of_goods = rare; }
counter vp;
func military(w: card = none): int = total(c in tableau, c.strength) + (if w != none and w.kind_of_goods == rare then 1 else 0);
proc earn(n: int, twice: bool = false) { gain (if twice then 2 * n else n) vp; }
# Rare Elements Mining Industry: +1 military against rare worlds; its holder's military() is unchanged
card remi "Rare Mining Industry" { override func military(w: card): int in tableau = base(w) + (if w == none then 0 else 1); }
proc p() {
  move rebel_base to tableau;
  earn(military());
  earn(1, true);
  earn(military(mine));
}
proc q() { move remi to tableau; earn(military()); earn(military(mine)); }
"""

program = rules_programs(RACE)


def test_a_call_leaves_out_the_parameters_with_defaults(program):
    game = Game(program(), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 2 + 2 + 3   # military() 2; 1 twice; military(mine): 2 + 1 rare


def test_a_cards_override_keeps_the_declarations_default(program):
    game = Game(program(), 2, 1)
    run_proc(game, "q")   # remi's version, called without w: base(none) + 0, then base(mine) + 1 = 1 + 1
    assert game.state.players[0].stock["vp"] == 0 + 2


def test_a_packs_override_keeps_the_default_its_base_gave(tmp_path):
    base = write_pack(tmp_path / "base", "counter vp;\nproc earn(n: int = 2) { gain n vp; }\nproc turn() { earn(); }\n",
                      name="base")
    house = write_pack(tmp_path / "house", "override proc earn(n: int) { gain n + 1 vp; }\n", name="house",
                       extends=["../base"])
    for p in programs(house):
        game = Game(p, 1, 1)
        run_proc(game, "turn")
        assert game.state.players[0].stock["vp"] == 3   # the base's call, left out: 2, plus the house's 1
    assert base.exists()


def test_misuse_of_defaults_is_positioned():
    text = ("enum goods { novelty, rare }\ncounter vp;\nkind card { cost: int = 0; }\nzone tableau per_player of card;\n"
            "event placed(w: card = none);\n"            # 5: an event's
            "func a(x: int = vp): int = x;\n"             # 6: no constant
            "func b(x: int = 1, y: int): int = x + y;\n"  # 7: y without one after x
            "func d(g: goods = \"rare\"): int = 1;\n"     # 8: the wrong type
            "func e(n: int = 2): int = n;\n"
            "proc f() { gain a() + e(1, 2) + b(1) + d() vp; emit placed(none); }\n"   # 10: e takes 0 to 1
            "card h \"H\" { override func e(n: int = 3): int in tableau = base(n) + 1; }\n")   # 11: another default
    found = [f for f in found_at(text) if f[0] in ("E394", "E303", "E302")]
    assert found == [("E394", 5, 24), ("E394", 6, 17), ("E394", 7, 20), ("E303", 8, 19), ("E302", 10, 23),
                     ("E394", 11, 39)]
    [takes] = [d.message for d in analyse_text(text).diagnostics if d.code == "E302"]
    assert takes == "e() takes 0 to 1 arguments (the last has a default), not 2"


def test_fmt_and_explain_show_the_default():
    text = "counter vp;\nproc earn(n: int, twice: bool = false) { gain n vp; }\nfunc m(w: int = -1) = w;\n"
    out = format_text(text)
    assert "proc earn(n: int, twice: bool = false) {" in out and "func m(w: int = -1) = w;" in out
    assert format_text(out) == out
