"""The designer audits' tool defects (Root, Race for the Galaxy; eighth session, branch tools):
displays that cut names alike, a pack's excluded folders, `--max-decisions`/`--max-rounds`, explain
and trace wording, and simulate's "used" zone."""

from __future__ import annotations

import io

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime.console import Board, PlainConsole, distinct_cuts, distinct_end

from .conftest import program_of, write_pack

# Root's map as a per-player grid (audit D5a): twelve columns whose titles share "Clearing "
MAP = """
enum clearing { c1 "Clearing 1", c2 "Clearing 2", c3 "Clearing 3", c4 "Clearing 4", c5 "Clearing 5",
  c6 "Clearing 6", c7 "Clearing 7", c8 "Clearing 8", c9 "Clearing 9", c10 "Clearing 10",
  c11 "Clearing 11", c12 "Clearing 12" }
enum piece { sawmill "Sawmill", workshop "Workshop" }
counter at[piece, clearing] "Pieces on the map";
die d4 "Battle die": int { face = 0; face = 1; face = 2; face = 3; }
game root {
  seats 2 to 2;
  phase play { each players { let r = roll d4; gain r at[sawmill, c12]; gain 1 at[workshop, c1]; } }
  winner most at[sawmill, c12];
}
"""


def _board_lines(board: Board, width: int) -> list[str]:
    console = PlainConsole(file=io.StringIO(), width=width, color_system=None, record=True)
    console.print(board)
    return console.export_text().splitlines()


def test_column_headings_cut_alike_show_their_distinct_ends():
    titles = [f"Clearing {n}" for n in range(1, 13)]
    cells = [["·"] * 12 for _ in range(2)]
    lines = _board_lines(Board("P1's Pieces", ["Sawmill", "Workshop"], titles, cells), 80)
    assert max(len(line) for line in lines) <= 80
    assert lines[0].strip() == "P1's Pieces (Clearing …)"
    assert [h.strip() for h in lines[2].split("│")[2:-1]] == [str(n) for n in range(1, 13)]
    # headings that fit (8 characters at most) are as written, with no note in the title
    lines = _board_lines(Board("Pieces", ["Sawmill"], ["Glade 1", "Glade 2"], [["·"] * 2]), 80)
    assert lines[0].strip() == "Pieces" and "Glade 1" in lines[2]


def test_headings_without_a_common_start_fall_back_to_the_columns_names():
    titles = ["Fox den of the wood", "Fox hole of the wood", "Frog pond of the wood"] * 4
    names = [f"{n}{i}" for i in range(4) for n in ("d", "h", "p")]
    lines = _board_lines(Board("Homes", ["a"], titles, [["·"] * 12], names), 80)
    assert [h.strip() for h in lines[2].split("│")[2:-1]] == names


def test_names_cut_alike_keep_their_distinct_ends():
    titles = ["Favor of the Mice", "Favor of the Rabbits", "Favor of the Foxes", "Ambush!"]
    assert distinct_cuts(titles, 10) == ["Favor…Mice", "Fa…Rabbits", "Favo…Foxes", "Ambush!"]
    assert distinct_end(["Clearing 1", "Clearing 10", "Clearing 11"]) == ("Clearing ", ["1", "10", "11"])
    assert distinct_end(["Mice", "Mole"]) == ("", ["Mice", "Mole"])
    assert distinct_cuts(["Give a Speech (mouse)", "Give a Speech (fox)"], 8) == ["…(mouse)", "Gi…(fox)"]


def test_show_state_heads_the_map_by_the_clearings_distinct_ends(tmp_path):
    pack = write_pack(tmp_path / "root", MAP)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--show-state"], terminal_width=80)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if "Pieces on the map (Clearing …)" in line)
    assert [h.strip() for h in lines[at + 2].split("│")[2:-1]] == [str(n) for n in range(1, 13)]


def test_a_typed_dies_untitled_faces_are_named_by_value(tmp_path):
    from rulebook.runtime import simulate as sim
    from rulebook.runtime.coverage import Coverage

    job, program = sim.prepare(str(write_pack(tmp_path / "root", MAP, name="root")), [], 2)
    names = sim.component_names(program)
    assert ("die face", "d4 4", "Battle die = 3") in names, names   # the fourth face shows 3
    rows = set(Coverage(program_of(tmp_path / "root", "compiled")).rules.values())
    assert ("die d4", "4 = 3") in rows, rows   # cover's row of it


# ---------------------------------------------------------------- a pack's excluded folders (Root D6, Race D8)
SMALL = """
counter vp;
game small { seats 2 to 2; phase play { each players { gain 1 vp; } } winner most vp; }
"""
REPRO = "counter vp;\ngame repro { seats 2 to 2; phase play { } winner most vp; }\n"   # the pack's names again


def _with_repro(tmp_path, manifest_lines: str = ""):
    pack = write_pack(tmp_path / "small", SMALL, name="small")
    (pack / "pack.toml").write_text((pack / "pack.toml").read_text() + manifest_lines)
    (pack / "repro").mkdir()
    (pack / "repro" / "x.rules").write_text(REPRO)
    return pack


def test_a_repro_folder_is_part_of_the_pack_unless_excluded(tmp_path):
    pack = _with_repro(tmp_path)
    result = CliRunner().invoke(app, ["lint", str(pack)])
    assert "E208" in result.output and result.exit_code == 1   # merged into the pack: declared twice
    (pack / "pack.toml").write_text((pack / "pack.toml").read_text() + 'exclude = ["repro/**"]\n')
    result = CliRunner().invoke(app, ["lint", str(pack)])
    assert result.exit_code == 0, result.output
    # the file itself is linted alone, and lint says so
    result = CliRunner().invoke(app, ["lint", str(pack / "repro" / "x.rules")])
    assert result.exit_code == 0, result.output
    assert f"linted alone: the pack 'small' ({pack.resolve()}) excludes it" in result.output
    result = CliRunner().invoke(app, ["lint", str(pack / "main.rules")])
    assert f"main.rules: linted within the pack 'small' ({pack.resolve()})" in result.output


def test_a_folder_with_its_own_manifest_is_another_pack(tmp_path):
    pack = _with_repro(tmp_path)
    (pack / "repro" / "pack.toml").write_text('name = "repro"\n')
    result = CliRunner().invoke(app, ["lint", str(pack)])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["play", str(pack / "repro"), "-n", "2", "-q"])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["lint", str(pack / "repro" / "x.rules")])
    assert "within the pack 'repro'" in result.output


def test_exclude_patterns_name_paths_from_the_pack_folder():
    from rulebook.compiler.pack import _excluded, exclude_pattern

    def named(pattern, path):
        return _excluded(path, exclude_pattern(pattern))
    assert named("repro/**", "repro/a.rules") and named("repro", "repro/sub/a.rules") and named("repro/", "repro/a.rules")
    assert named("**/draft*.rules", "a/b/draft1.rules") and named("**/draft*.rules", "draft.rules")
    assert not named("*.rules", "sub/a.rules") and not named("repro/**", "reprox/a.rules")
    assert named("sub/[ab].rules", "sub/a.rules") and not named("sub/[!ab].rules", "sub/a.rules")


def test_a_bad_exclude_pattern_is_e512_at_its_entry(tmp_path):
    pack = _with_repro(tmp_path, 'exclude = [\n  "repro/**",\n  "../elsewhere",\n  "a/**b",\n  3,\n]\n')
    result = CliRunner().invoke(app, ["lint", str(pack)])
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if "E512" in line]
    assert len(lines) == 3, result.output
    assert lines[0].split(": error")[0].endswith("pack.toml:4:3") and "'..'" in lines[0]
    assert "pack.toml:5:3" in lines[1] and "'**' inside a name" in lines[1]
    assert "pack.toml:6:3" in lines[2] and "must be a text" in lines[2]


def test_an_exclude_pattern_naming_nothing_is_w498(tmp_path):
    pack = _with_repro(tmp_path, 'exclude = ["repro/**", "repros/**"]\n')
    result = CliRunner().invoke(app, ["lint", str(pack)])
    lines = [line for line in result.output.splitlines() if "W498" in line]
    assert len(lines) == 1 and "'repros/**'" in lines[0] and "pack.toml:2:24" in lines[0], result.output
