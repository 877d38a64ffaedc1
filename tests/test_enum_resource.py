"""An enum's data that is a resource (`enum terrain { yields: resource; hills(yields = brick), ... }`, read
`t.yields`): gained and paid through a local on both backends alike, picked and compared, misuse (E339, E303),
the printer's round trip, explain and the editor's index (docs/language.md 3.4, "Data on members")."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.workspace import Workspace

from .conftest import explained, printed_back, rules_programs, said, the_one_error, write_pack

# Catan: each terrain yields one resource (the desert none: it yields brick's price, 0 of it)
PACK = """
resource brick "Brick";
resource lumber "Lumber";
resource ore "Ore";
counter vp;
enum terrain {
  yields: resource = brick;
  worth: int = 1;
  hills "Hills",
  forest "Forest" (yields = lumber),
  mountains "Mountains" (yields = ore, worth = 2),
}
proc produce(t: terrain, n: int) {
  let r = t.yields;
  gain n * t.worth r;
}
game g { seats 2 to 4; winner most vp; }
"""

program = rules_programs(PACK)


def analysed(more: str):
    """The analysis of the pack with `more` after it."""
    return analyse_text(PACK + more)


def test_a_members_resource_is_gained_and_paid_through_a_local(program):
    body = 'produce(mountains, 2); produce(forest, 1); produce(hills, 3); let r = forest.yields; pay 1 r; ' \
           'say "{brick} {lumber} {ore} {mountains.yields}";'
    assert said(program, body) == ["P1: 3 0 4 Ore"]


def test_a_members_resource_is_compared_picked_by_and_counted(program):
    body = ('say "{count(t in terrain where t.yields == ore)} {hills.yields == brick} '
            '{first(t in terrain where t.yields == lumber)}";')
    assert said(program, body) == ["P1: 1 yes Forest"]
    body = 'gain 2 ore; say "{total(t in terrain, amount(t.yields))}";'
    assert said(program, body) == ["P1: 2"]


def test_a_name_that_is_no_resource_or_a_resource_in_another_field_is_e339():
    the_one_error(analysed("enum s { r: resource; a(r = vp) }"), "E339", "vp is no constant")
    the_one_error(analysed("enum s { v: int; a(v = ore) }"), "E339", "ore is no constant")
    the_one_error(analysed("enum s { r: resource; a(r = 3) }"), "E303", "holds a resource, not a number")


def test_a_members_resource_field_is_gained_directly():
    """`gain N X.FIELD` (wins21): the resource a member's field holds is gained without a local."""
    result = analysed("proc p() { gain 1 hills.yields; }")
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []


def test_printed_back_and_explained():
    _module, printed = printed_back(PACK)
    assert '  yields: resource = brick;\n' in printed and '  forest "Forest" (yields = lumber),\n' in printed
    text = explained(analyse_text(PACK), "terrain")
    assert "yields (a resource, “Brick” unless given)" in text and "mountains yields “Ore” and worth 2" in text


def test_an_editor_finds_the_resource_and_the_member_a_members_data_names(tmp_path):
    pack = write_pack(tmp_path / "catan", PACK + "enum side { back: side; north(back = south), south(back = north) }\n")
    view = Workspace().view(pack / "main.rules")
    found = {(o.name, o.span.line, o.role) for occ in view.index["file"].values() for o in occ}
    assert ("lumber", 10, "ref") in found and ("ore", 11, "ref") in found   # forest's and mountains' yields
    assert ("south", 18, "ref") in found and ("north", 18, "ref") in found
