"""Small fixes from the Catan audit: no W401 for the name an unknown name's did-you-mean offers, the
readings of a field holding a resource and of a pick over a kind or an enum, what `simulate` calls
unused and how it names die faces, and `fmt`'s brackets and line breaks."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.explain import reading

from .conftest import write_pack

BOARD = """
counter vp;
resource brick "Brick";
resource ore;
enum colour { red, blue }
kind hex "Hex" { yields: resource; number: int; }
kind rescard "Resource" { res: resource; }
hex h1 { yields = brick; number = 6; }
rescard r_brick "Brick" { res = brick; }
kind card { worth: int; }
zone dev_deck of card;
zone hand per_player of card;
proc monopoly() { pick c from rescard "name a resource" { gain 1 vp; } }
proc paint() { pick k from colour "which colour?" { gain 1 vp; } }
"""


def test_a_typo_of_the_only_use_gives_no_unused_warning_for_the_real_name(tmp_path):
    found = analyse(str(write_pack(tmp_path / "typo", BOARD + "proc deal() { draw 1 from dev_dek to hand; }\n"))).diagnostics
    assert [d.code for d in found if d.code == "E209"] == ["E209"]
    assert not any(d.code == "W401" and "dev_deck" in d.message for d in found), [d.headline() for d in found]
    # without the typo, a zone nothing uses is still W401
    found = analyse(str(write_pack(tmp_path / "unused", BOARD))).diagnostics
    assert any(d.code == "W401" and "dev_deck" in d.message for d in found)


def test_a_field_holding_a_resource_reads_as_the_resource():
    symbols = analyse_text(BOARD).symbols
    lines = reading(symbols.decls["h1"], symbols)
    assert "Yields: brick." in lines, lines


def test_a_pick_over_a_kind_or_an_enum_reads_among_its_members():
    symbols = analyse_text(BOARD).symbols
    assert any("Pick one c among the resources" in line for line in reading(symbols.decls["monopoly"], symbols))
    assert any("Pick one k among the colours" in line for line in reading(symbols.decls["paint"], symbols)), \
        reading(symbols.decls["paint"], symbols)


VP_CARDS = """
counter vp;
kind dev "Development card" { points: int; }
dev victory_point "Victory Point" * 3 { points = 1; }
dev knight "Knight" { points = 0; }
zone dev_deck of dev secret;
zone dev_hand per_player of dev hidden;
die d6 "Die": int {
  face "1" = 1;
  face "2" = 2;
}
func score() = vp + total(c in dev_hand, c.points);
game g {
  seats 2 to 2;
  phase setup { fill dev_deck with dev; shuffle dev_deck; }
  phase play { each players { let r = roll d6; draw 1 from dev_deck to dev_hand; gain r vp; } }
  winner most score();
}
"""


def test_simulate_counts_cards_a_func_scores_as_used_and_names_die_faces(tmp_path):
    from rulebook.runtime import simulate as sim

    job, program = sim.prepare(str(write_pack(tmp_path / "vp", VP_CARDS, name="vp")), [], 2)
    names = sim.component_names(program)
    assert ("die face", "d6 1", "Die: 1") in names, names
    records = sim.run(job, range(1, 21), 1)
    rows = {c["name"]: c for c in sim.summary(job, records, ["score()"], names, 1)["components"]}
    # held in a hidden hand, but `score()` counts it: used by its holder
    assert rows["victory_point"]["games_used"] > 0


def test_fmt_keeps_brackets_around_an_and_inside_an_or():
    from rulebook.dsl.printer import format_module

    from .conftest import printed_back

    module, printed = printed_back(BOARD + "func f(n: int) = n == 1 or (n > 3 and n < 6) or not (n == 9 and vp > 1);\n"
                                   "func g(n: int) = (n == 1 or n == 2) and n > 0;\n"
                                   "func h(n: int) = n == 1 or n == 2 and n > 0;\n")
    assert "func f(n: int) = n == 1 or (n > 3 and n < 6) or not (n == 9 and vp > 1);" in printed
    assert "func g(n: int) = (n == 1 or n == 2) and n > 0;" in printed
    assert "func h(n: int) = n == 1 or (n == 2 and n > 0);" in printed   # the brackets are added
    assert format_module(module) == printed


def test_fmt_breaks_an_aggregate_between_its_condition_and_its_value():
    from .conftest import printed_back

    text = BOARD + ("kind tile { number: int; corners: list; }\nvar robber: tile;\ncounter owned[tile];\n"
                    "func demand(r: resource, s: int) = total(h in tile where h.number == s and h != robber and "
                    "h.number != 7, total(n in h.corners where owned[n] > 0, owned[n] + 1000000));\n")
    _module, printed = printed_back(text)
    assert ("func demand(r: resource, s: int) = total(\n"
            "  h in tile where h.number == s and h != robber and h.number != 7,\n"
            "  total(n in h.corners where owned[n] > 0, owned[n] + 1000000)\n"
            ");\n") in printed, printed
