"""`amend a, b, c { ... }`: one body amending several names (E568, E573, W567, the note saying which name a
finding is for), on both backends, printed back, read by explain; and explain's labelled comments of an
amended declaration (the base's comment, then each amend's own)."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text, build_text, compile_pack

from .conftest import printed_back, random_games_agree, write_pack

# Splendor's nobles, each visiting the player who picks it and scoring its prestige
NOBLES = """counter vp;
kind noble { prestige: int; }
kind gem { worth: int; }
# each noble scores 3 prestige points
noble mary_stuart "Mary Stuart" { prestige = 3; }
noble charles_v "Charles V" { prestige = 3; }
noble isabella "Isabella I" { prestige = 3; }
noble anne "Anne of Brittany" { prestige = 3; }
gem ruby "Ruby" { worth = 1; }
zone court of noble;
zone visited per_player of noble;
game splendor_nobles {
  seats 2;
  phase setup { fill court with noble; }
  phase play {
    each players {
      pick n from court "which noble visits you?" { move n to visited; gain n.prestige vp; }
    }
  }
  winner most vp;
}
"""
# a house rule: three of the nobles are worth 4
HOUSE = """
# the nobles of the first edition's promo score 4
amend mary_stuart, charles_v, isabella {
  prestige = 4;
}
"""


def findings(house: str) -> list[tuple]:
    """(code, line, column, message, notes) of the errors and warnings of NOBLES followed by `house`."""
    return [(d.code, d.span.line, d.span.column, d.message, d.notes)
            for d in analyse_text(NOBLES + house).diagnostics if d.code[0] in "EW"]


def test_one_body_amends_each_name_on_both_backends():
    for interpreted in (False, True):
        program = build_text(NOBLES + HOUSE, interpreted=interpreted)
        assert {n: program.entities[n].fields["prestige"] for n in ("mary_stuart", "charles_v", "isabella", "anne")} \
            == {"mary_stuart": 4, "charles_v": 4, "isabella": 4, "anne": 3}
    random_games_agree(NOBLES + HOUSE, seeds=range(1, 4), counts=(2,))
    assert findings(HOUSE) == []


def test_it_is_printed_back_as_written_and_lint_reports_each_name():
    module, printed = printed_back(HOUSE)
    assert "amend mary_stuart, charles_v, isabella {" in printed
    assert module.items[0].names() == ("mary_stuart", "charles_v", "isabella")
    infos = [(d.span.line, d.span.column, d.message) for d in analyse_text(NOBLES + HOUSE).diagnostics if d.code == "I404"]
    line = NOBLES.count("\n") + 3
    assert infos == [(line, 7, "amends noble 'mary_stuart'"), (line, 20, "amends noble 'charles_v'"),
                     (line, 31, "amends noble 'isabella'")]


def test_a_name_not_declared_is_e568_and_the_others_are_amended():
    house = "amend isabella, charls_v { prestige = 2; }\n"
    assert findings(house) == [("E568", NOBLES.count("\n") + 1, 17,
                                "'charls_v' in the names this amend lists is not declared", ())]
    (d,) = [d for d in analyse_text(NOBLES + house).diagnostics if d.code == "E568"]
    assert d.hint == "did you mean 'charles_v'?"
    result = analyse_text(NOBLES + "amend isabella { prestige = 2; }\n")
    assert result.symbols.decls["isabella"].values[0].value.value == 2


def test_names_of_different_categories_are_e573_and_nothing_is_amended():
    (found,) = findings("amend anne, court { }\n")
    assert found[:3] == ("E573", NOBLES.count("\n") + 1, 7)
    assert "'anne' is an entity, 'court' a zone" in found[3]


def test_several_enums_are_e573_and_printed_back():
    house = "enum colour { red, blue }\nenum shape { round }\namend colour, shape { green }\n"
    (found,) = findings(house)
    assert found[:3] == ("E573", NOBLES.count("\n") + 3, 7) and "a member is one enum's" in found[3]
    assert "amend colour, shape {" in printed_back(house)[1]


def test_a_name_listed_twice_is_w567():
    assert findings("amend anne, isabella, anne { prestige = 5; }\n") == [
        ("W567", NOBLES.count("\n") + 1, 23, "'anne' is listed twice in this amend: its body amends it once", ())]


def test_a_body_that_fails_for_one_name_says_which():
    # ruby is a gem, which has no prestige: the error is for it alone
    (found,) = findings("amend anne, ruby { prestige = 1; }\n")
    assert found[0] == "E205" and "amending 'ruby', of the names the amend lists ('anne', 'ruby')" in found[4]


def test_a_body_that_fails_for_every_name_is_told_once():
    (found,) = findings("amend mary_stuart, charles_v { prestig = 4; }\n")
    assert found[0] == "E205" and found[4][-1] == \
        "for each of the names the amend lists ('mary_stuart', 'charles_v')"


def test_a_track_space_beyond_one_of_the_tracks_names_it():
    # Ticket to Ride's routes as tracks: a space 4 exists on the long route only
    tracks = """counter vp;
track short_route { space 1 { gain 1 vp; } space 2 { gain 2 vp; } }
track long_route { space 1 { gain 1 vp; } space 2 { gain 2 vp; } space 3 { gain 4 vp; } space 4 { gain 7 vp; } }
amend short_route, long_route { space 4 { gain 8 vp; } }
"""
    errors = [d for d in analyse_text(tracks).diagnostics if d.severity == "error"]
    assert len(errors) == 1 and errors[0].notes[-1].startswith("amending 'short_route', of the names")


def test_the_house_rule_on_a_base_pack_and_explain(tmp_path: Path):
    base = write_pack(tmp_path / "nobles", NOBLES, "nobles")
    house = write_pack(tmp_path / "promo", HOUSE, "promo", extends=[str(base)])
    assert {d.code for d in analyse(str(house)).diagnostics if d.code[0] in "EW"} == set()
    assert compile_pack(str(house)).program.entities["charles_v"].fields["prestige"] == 4
    shown = CliRunner().invoke(app, ["explain", str(house), "mary_stuart"])
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    assert lines[0].startswith("mary_stuart is declared at ") and ", amended by " in lines[0]
    # the base's comment, labelled as written before the amend, then the house rule's own, then the noble as it reads
    assert lines[1].startswith("  # (above the declaration at ") and lines[1].endswith(", before its amends:)")
    assert lines[2] == "  # each noble scores 3 prestige points"
    assert lines[3].startswith("  # (above the amend at ") and "promo" in lines[3]
    assert lines[4] == "  # the nobles of the first edition's promo score 4"
    assert lines[5] == '  noble mary_stuart "Mary Stuart" { prestige = 4; }'
    assert "  amend mary_stuart, charles_v, isabella {" in lines
    # a noble no amend lists keeps its reading as it was, without labels
    anne = CliRunner().invoke(app, ["explain", str(house), "anne"]).output.splitlines()
    assert not any("(above the" in line for line in anne)


def test_the_tapestry_house_rule_amends_the_four_tracks_at_once():
    pack = Path(__file__).parent / "packs" / "tapestry_summit"
    assert "amend exploration, science, military, technology {" in (pack / "house.rules").read_text()
    program = compile_pack(str(pack)).program
    assert all(12 in program.tracks[t].reaches for t in ("exploration", "science", "military", "technology"))


def test_the_editor_finds_each_listed_name_as_a_use():
    from rulebook.compiler.workspace import file_occurrences
    from rulebook.dsl.parser import parse_text

    text = NOBLES + HOUSE
    found = {(o.name, o.span.line, o.span.column, o.role)
             for o in file_occurrences(parse_text(text, "a.rules"), text)}
    line = NOBLES.count("\n") + 3
    assert {("mary_stuart", line, 7, "ref"), ("charles_v", line, 20, "ref"), ("isabella", line, 31, "ref")} <= found


def test_the_note_names_the_names_amended_not_those_refused():
    # a misspelt name (E568) and a name listed twice (W567) are not among the names the body is checked for
    found = findings("amend mary_stuart, charls_v, ruby, ruby { prestige = 1; }\n")
    assert [f[0] for f in found] == ["E568", "W567", "E205"]
    assert found[2][4][-1] == "amending 'ruby', of the names the amend lists ('mary_stuart', 'ruby')"
