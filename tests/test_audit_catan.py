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
