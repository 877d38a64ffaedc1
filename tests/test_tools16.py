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


# ---------------------------------------------------------------- --max-decisions, --max-rounds (Root W8)
# (games that never end: a `while true` would be E562, so the loops test a score that never goes below zero)
ENDLESS = """
counter vp;
game endless {
  seats 2 to 2;
  phase setup { each players { gain 1 vp; } }
  phase play { while vp >= 0 { each players { pick n from 1..2 "how many?" { gain n vp; } } } }
  winner most vp;
}
"""


def test_max_rounds_stops_a_game_at_its_next_decision_and_the_log_replays_there(tmp_path):
    import json

    pack = write_pack(tmp_path / "endless", ENDLESS, name="endless")
    log = tmp_path / "stopped.json"
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--max-rounds", "3", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "the game was stopped after 3 rounds and 6 decisions (--max-rounds 3), at the first decision of round 4, " \
           "P1 to answer: how many?; no result (a stopped game is not scored)" in result.output
    logged = json.loads(log.read_text())
    assert logged["unfinished"]["stopped"].startswith("stopped after 3 rounds") and logged["result"] is None
    assert len([e for e in logged["entries"] if isinstance(e[0], int)]) == 6
    for backend in ([], ["--interpreted"]):
        result = CliRunner().invoke(app, ["replay", str(log), *backend])
        assert result.exit_code == 0, result.output
        assert "replay matches the log up to where it stops: the game was stopped after 3 rounds" in result.output


def test_max_decisions_stops_a_game_and_a_game_that_ends_first_is_scored(tmp_path):
    pack = write_pack(tmp_path / "endless", ENDLESS, name="endless")
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--max-decisions", "5", "--interpreted"])
    assert "stopped after 5 decisions (--max-decisions 5), P2 to answer" in result.output, result.output
    small = write_pack(tmp_path / "small", SMALL, name="small")
    result = CliRunner().invoke(app, ["play", str(small), "-n", "2", "--max-decisions", "5", "--max-rounds", "1"],
                                catch_exceptions=False)
    assert result.exit_code == 2 and "E513" in result.output   # no loop to count the rounds of
    result = CliRunner().invoke(app, ["play", str(small), "-n", "2", "--max-decisions", "5"])
    assert result.exit_code == 0 and "stopped" not in result.output and "winner" in result.output.lower(), result.output


def test_simulate_counts_stopped_games_apart(tmp_path):
    pack = write_pack(tmp_path / "endless", ENDLESS, name="endless")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "-g", "3", "-w", "1", "--max-rounds", "2",
                                      "--json", str(report), "--failures", str(tmp_path / "f")], terminal_width=120)
    assert result.exit_code == 0, result.output
    assert "(3 stopped at --max-rounds 2: the figures are of the 0 that finished)" in result.output
    assert "stopped at --max-rounds 2: seeds 1, 2, 3" in result.output
    import json
    data = json.loads(report.read_text())
    assert data["stopped"] == 3 and data["failed"] == 0 and data["stopped_seeds"] == [1, 2, 3]


# ---------------------------------------------------------------- explain and trace wording (Race D3, Root D9)
SETTLE = """
counter militia "Military until the end of the phase";
kind card { cost: int = 0; }
card gem_world "Gem World" { }
zone hand per_player of card;
zone tableau per_player of card;
proc place(c: card) { move c to tableau; }
proc take(c: card, n: int) { move c to tableau; gain n militia; }
proc settle() {
  pick w from hand "settle which world?" { place(w); take(w, 2); }
  gain 3 militia;
}
game race { seats 2 to 2; phase play { each players { settle(); } } winner most militia; }
"""

# Root's factions: each board changes the turn for its holder; the pack's own turn does nothing
FACTIONS = """
counter vp;
kind board { }
board cats "Marquise de Cat" {
  override proc faction_turn() in faction { base(); gain 1 vp; }
}
board birds "Eyrie Dynasties" {
  override proc faction_turn() in faction { base(); gain 2 vp; }
}
zone faction per_player of board;
zone boxed of board;
proc faction_turn() { }
game root {
  seats 2 to 2;
  phase setup { fill boxed with board; each players { pick b from boxed "which faction?" { move b to faction; } } }
  phase play { repeat 2 { each players { faction_turn(); } } }
  winner most vp;
}
"""


def _explained(tmp_path, text: str, name: str) -> str:
    pack = write_pack(tmp_path / "p", text)
    result = CliRunner().invoke(app, ["explain", str(pack), name], terminal_width=200)
    assert result.exit_code == 0, result.output
    return result.output.partition("In words")[2]


def test_a_calls_arguments_read_as_their_parameters_apart_and_a_strength_takes_no_plural(tmp_path):
    words = _explained(tmp_path, SETTLE, "settle")
    assert "Carry out “place” with w as c." in words   # not "with c w"
    assert "Carry out “take” with w as c and 2 as n." in words
    assert "Gain 3 military until the end of the phase." in words   # not "militaries"


def test_a_cards_base_reads_the_rule_below_and_an_empty_pack_version_reads_nothing(tmp_path):
    words = _explained(tmp_path, FACTIONS, "faction_turn")
    assert "Carry out “faction turn” as read below without this card." in words
    assert words.rstrip().endswith("Otherwise, nothing happens."), words
    assert "as below”" not in words


ANY_ORDER = """
counter vp;
kind card { }
card recruit "Recruit" * 2 { }
zone pile per_player of card;
zone deck of card;
game g {
  seats 2 to 2;
  phase setup { fill deck with card; each players { draw 1 from deck to pile; } }
  phase play { each players { for each c in pile in any order "resolve which Recruit card next?" { gain 1 vp; }
    pick d from deck "take which card?" { gain 1 vp; } } }
  winner most vp;
}
"""


def test_the_trace_says_an_in_any_order_loop_ends_when_no_option_is_left(tmp_path):
    pack = write_pack(tmp_path / "order", ANY_ORDER)
    for backend in ([], ["--interpreted"]):
        result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--trace", *backend])
        assert result.exit_code == 0, result.output
        assert result.output.count("no option left for 'resolve which Recruit card next?' (the loop ends)") == 2
        assert "no option for 'resolve which" not in result.output
        # a pick outside a loop with nothing to pick: nothing happens, as before
        assert "no option for 'take which card?' (nothing happens)" in result.output, result.output


# ---------------------------------------------------------------- simulate's `used` zones, cover's kind defaults (Race D7, D9)
# Race for the Galaxy's money: cards in hand pay for the ones placed in the tableau; an action card
# each player has is chosen in secret into `revealed`
MONEY = """
counter vp;
kind card { func bonus: int = 0; }
card money "Money" * 8 { }
card rebel_base "Rebel Base" { }
card guild "Merchant Guild" { bonus = 2; }
kind action_card per_player { }
action_card settle_card "Settle" { }
action_card develop_card "Develop" { }
zone deck of card;
zone hand per_player of card hidden;
zone tableau per_player of card;
zone actions per_player of action_card hidden;
zone revealed per_player of action_card;
game race {
  seats 2 to 2;
  phase setup { fill deck with card; shuffle deck; each players { draw 4 from deck to hand; fill actions with action_card; } }
  phase play {
    each players {
      pick a from actions "which action?" { move a to revealed; }
      pick c from hand "place which card?" optional { move c to tableau; gain 1 vp; }
    }
  }
  phase final { each players { gain total(c in tableau where c == guild, c.bonus) vp; } }
  winner most vp;
}
"""


def _money_pack(tmp_path, used: str = ""):
    pack = write_pack(tmp_path / "race", MONEY, name="race")
    if used:
        (pack / "pack.toml").write_text((pack / "pack.toml").read_text() + used)
    return pack


def _uses(pack) -> dict:
    from rulebook.runtime import simulate as sim

    job, program = sim.prepare(str(pack), [], 2)
    names = sim.component_names(program, job.used)
    records = sim.run(job, range(1, 31), 1)
    return {c["name"]: c for c in sim.summary(job, records, ["vp"], names, 1)["components"]}, job


def test_a_packs_used_zones_say_where_a_card_without_effects_is_used(tmp_path):
    held, _job = _uses(_money_pack(tmp_path / "a"))
    placed, job = _uses(_money_pack(tmp_path / "b", 'used = ["tableau", "revealed"]\n'))
    assert job.used == ("tableau", "revealed")
    # every seat holds money in its hand: used by all; placed, only by those who placed it
    assert placed["money"]["seats_used"] < held["money"]["seats_used"]
    assert placed["rebel_base"]["seats_used"] <= held["rebel_base"]["seats_used"]
    assert placed["rebel_base"]["seats_used"] + placed["money"]["seats_used"] <= 60   # one card placed a seat
    # each player's action cards are components where the pack names used zones: the one chosen is used
    assert "settle_card" not in held and "develop_card" not in held
    assert placed["settle_card"]["seats_used"] + placed["develop_card"]["seats_used"] == 60


def test_a_used_entry_naming_no_zone_each_player_has_is_w495(tmp_path):
    pack = _money_pack(tmp_path, 'used = ["tableau", "tablo", "deck"]\n')
    result = CliRunner().invoke(app, ["lint", str(pack)])
    lines = [line for line in result.output.splitlines() if "W495" in line]
    assert len(lines) == 2, result.output
    assert "pack.toml:2:20" in lines[0] and "'tablo', no zone of the pack" in lines[0]
    assert "pack.toml:2:29" in lines[1] and "'deck', a zone the players share" in lines[1]
    assert "actions, hand, revealed, tableau" in lines[0]


def test_cover_lists_a_kind_default_only_cards_with_their_own_are_read_for_apart(tmp_path):
    pack = _money_pack(tmp_path)
    result = CliRunner().invoke(app, ["cover", str(pack), "-g", "20"], terminal_width=200)
    assert "kind defaults never needed" in result.output and "bonus (default) of card" in result.output
    table = result.output.partition("kind defaults")[0]
    assert "bonus (default)" not in table, result.output


# ---------------------------------------------------------------- resume with limits (branch limits2)
ROUNDS = """
counter vp;
game rounds {
  seats 2 to 2;
  phase play { repeat 6 { each players { pick n from 1..3 "how many?" { gain n vp; } } } }
  winner most vp;
}
"""


def test_a_stopped_game_resumed_plays_on_to_a_larger_limit_or_to_the_same_end(tmp_path):
    import json

    pack = write_pack(tmp_path / "rounds", ROUNDS, name="rounds")
    straight = tmp_path / "straight.json"
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "-s", "7", "--agent", "first", "--log", str(straight)])
    assert result.exit_code == 0, result.output
    whole = json.loads(straight.read_text())
    for backend in ([], ["--interpreted"]):
        log = tmp_path / "game.json"
        result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "-s", "7", "--agent", "first",
                                          "--max-decisions", "3", "--log", str(log), *backend])
        assert "stopped after 3 decisions (--max-decisions 3)" in result.output, result.output
        # a larger limit: on to it, stopped again and logged so
        result = CliRunner().invoke(app, ["resume", str(log), "--agent", "first", "--max-decisions", "7",
                                          "--log", str(log), *backend])
        assert result.exit_code == 0, result.output
        assert "stopped after 7 decisions (--max-decisions 7), P2 to answer" in result.output, result.output
        assert json.loads(log.read_text())["unfinished"]["stopped"].startswith("stopped after 7 decisions")
        # rounds are counted from the game's start, through the part played back
        result = CliRunner().invoke(app, ["resume", str(log), "--agent", "first", "--max-rounds", "5", *backend])
        assert "stopped after 5 rounds and 10 decisions (--max-rounds 5)" in result.output, result.output
        # no limit: to the end, the same game as played straight through
        result = CliRunner().invoke(app, ["resume", str(log), "--agent", "first", "--log", str(log), *backend])
        assert result.exit_code == 0 and "the game was stopped" not in result.output, result.output
        resumed = json.loads(log.read_text())
        assert resumed["entries"] == whole["entries"] and resumed["final_digest"] == whole["final_digest"]
        assert resumed["result"] == whole["result"] and resumed.get("unfinished") is None
    # a limit the log is already past stops the game at once, at its pending decision
    result = CliRunner().invoke(app, ["resume", str(log), "--until", "4", "--agent", "first", "--max-decisions", "2"])
    assert "stopped after 4 decisions (--max-decisions 2), P1 to answer" in result.output, result.output


# the round loop in a proc the play phase calls (Root's turn order written once, as a proc)
IN_PROC = """
counter vp;
proc score(n: int) { gain n vp; }
proc turn() { pick n from 1..2 "how many?" { score(n); } }
proc rounds() { turn(); while vp >= 0 { each players { turn(); } } }
game endless {
  seats 2 to 2;
  phase setup { each players { gain 1 vp; } }
  phase play { score(1); rounds(); repeat 2 { turn(); } }
  winner most vp;
}
"""


def test_the_round_loop_is_found_through_the_procs_a_play_phase_calls(tmp_path):
    from rulebook.runtime.limits import round_loop

    pack = write_pack(tmp_path / "endless", IN_PROC, name="endless")
    at = round_loop(str(pack))
    assert at is not None and at.endswith(":5:25"), at   # the while in rounds(), not the repeat after it
    for backend in ([], ["--interpreted"]):
        result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--max-rounds", "3", *backend])
        assert result.exit_code == 0, result.output
        # one decision before the loop (in rounds()), two a round
        assert "stopped after 3 rounds and 7 decisions (--max-rounds 3), at the first decision of round 4" \
            in result.output, result.output
    # a play phase calling only procs without loops has no round loop: E513 still
    flat = write_pack(tmp_path / "flat", IN_PROC.replace("while vp >= 0", "if true"), name="flat")
    assert round_loop(str(flat)).endswith(":9:36")   # the repeat of the play phase, after rounds()
    none = write_pack(tmp_path / "none", IN_PROC.replace("while vp >= 0", "if true").replace("repeat 2", "if true"),
                      name="none")
    result = CliRunner().invoke(app, ["play", str(none), "-n", "2", "--max-rounds", "3"])
    assert result.exit_code == 2 and "E513" in result.output, result.output


# ---------------------------------------------------------------- simulate's component table at 80 columns
CARDS = """
counter vp;
kind card { points: int = 0; }
card hall "Grand Hall of the Northern Mountain Kings" { points = 3; }
card village "Small Fishing Village by the Long River" { points = 1; }
card tower "Abandoned Watchtower on the Eastern Marches" { points = 2; }
card ruins "Ruins" { points = 0; }
zone market of card;
zone tableau per_player of card;
game cards {
  seats 2 to 2;
  phase setup { fill market with card; }
  phase play { each players { pick c from market "take which card?" { move c to tableau; gain c.points vp; } } }
  winner most vp;
}
"""


def _simulated(tmp_path, monkeypatch, columns: int) -> tuple:
    import json

    from rulebook.cli import out
    from rulebook.cli.simulate import _interval

    monkeypatch.setenv("COLUMNS", str(columns))
    monkeypatch.setattr(out, "_console", None)   # a console of that width
    pack = write_pack(tmp_path / "cards", CARDS, name="cards")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "-n", "2", "-g", "60", "-w", "1", "--json", str(report),
                                      "--failures", str(tmp_path / "f")])
    assert result.exit_code == 0, result.output
    rated = [c for c in json.loads(report.read_text())["components"] if c["effect"] is not None]
    assert len(rated) == 4
    figures = [(_interval(c["win_rate_used"], c["ci_low"], c["ci_high"]),
                _interval(c["effect"], c["effect_ci_low"], c["effect_ci_high"], percent=False)) for c in rated]
    return result.output.partition("components:")[2], figures


def test_simulates_component_table_never_cuts_a_figure(tmp_path, monkeypatch):
    table, figures = _simulated(tmp_path, monkeypatch, 80)
    assert max(len(line) for line in table.splitlines() if line[:1] in "┏┃┡│└") == 80, table
    for used, difference in figures:   # whole, each on one line ("100.0% [85%-100%]", not "100.0% [85%-100…")
        assert any(used in line and difference in line for line in table.splitlines()), (used, difference, table)
    # the names wrap instead, their kind after them
    assert "│ Grand Hall of │" in table and "Kings (card)" in table and "ki…" not in table, table
    # wide enough, the names are cut as before, beside their kind
    table, figures = _simulated(tmp_path / "wide", monkeypatch, 100)
    assert "│ Grand Hall of the Norther… │ card │" in table, table
    # too narrow for any name beside the figures: a line each
    table, figures = _simulated(tmp_path / "narrow", monkeypatch, 60)
    for used, difference in figures:
        assert any(f"used {used}," in line and line.endswith(f"difference {difference}") for line in table.splitlines())
