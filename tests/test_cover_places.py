"""`cover` lists the members of enums that make boards (Diplomacy D6): a province no order moved an army
into, a space no pawn stood on, on either backend; an enum no rule set a variable at or to has no row."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from rulebook.cli import app
from rulebook.compiler.driver import analyse
from rulebook.runtime.coverage import cover_games, enum_places

from .conftest import program_of, write_pack

DIPLOMACY = Path(__file__).parent / "packs" / "diplomacy_core"

# A race around a Monopoly-like ring of spaces: a pawn's place is a variable holding a member, and the
# corner "jail" is only reached by going to it, which nothing does.
RACE = """
enum space { go "Go", baltic "Baltic Avenue", chance "Chance", reading "Reading Railroad", jail "Jail" }
enum colour { red, blue }
var at "At": space = go;
var owner[space] "Owner" global: player;
var paint global: colour = red;
counter laps;
game race {
  seats 2 to 2;
  phase play {
    repeat 3 {
      each players {
        choose "Move" {
          option "one step" { set at = if at == go then baltic else if at == baltic then chance else reading; }
          option "buy here" { set owner[at] = you; }
        }
      }
    }
  }
  winner most laps;
}
"""


def test_diplomacy_lists_the_provinces_no_scenario_placed_or_ordered_into():
    program = program_of(DIPLOMACY, "compiled")
    places = enum_places(analyse(str(DIPLOMACY)).symbols, program)
    assert places.elements["uown[bre]"] == (("prov", "bre"), None)
    assert places.elements["ok_to[par]"] == (("prov", "par"), "prov")   # indexed by a province, holding one
    report = cover_games(program, [3], range(1, 3), [[]], places=places).report()
    assert report["enum prov"] == (12, ["ber", "bre", "kie"])
    assert report["enum okind"] == (3, [])


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_a_pawns_place_and_a_boards_owner_reach_spaces_and_a_constant_enum_has_no_row(tmp_path, backend):
    pack = write_pack(tmp_path / "race", RACE, name="race")
    program = program_of(pack, backend)
    places = enum_places(analyse(str(pack)).symbols, program)
    report = cover_games(program, [2], range(1, 6), [[]], places=places).report()
    total, missing = report["enum space"]
    # go is where the pawns start and is only left; jail nobody goes to
    assert total == 5 and "jail" in missing and "baltic" not in missing and "reading" not in missing
    assert "enum colour" not in report   # `paint` is never set: no board, no row


def test_the_cover_command_shows_the_provinces_never_reached():
    result = CliRunner().invoke(app, ["cover", str(DIPLOMACY), "-g", "2"])
    assert result.exit_code == 1, result.output
    line = next(line for line in result.output.splitlines() if "enum prov" in line)
    assert "9/12" in line and "ber, bre, kie" in line
