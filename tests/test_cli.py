"""The `rulebook` command in process: every subcommand, exit codes, and no tracebacks."""

from __future__ import annotations

import json

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.engine import Decision
from rulebook.runtime.state import Holder

from .conftest import ScriptedConsole, write_pack

runner = CliRunner()

PACK = """
resource coin cap 8;
counter vp;
kind card { play: effect; }
zone deck of card;
zone hand per_player of card;
card c1 "Scout" { play { gain 1 vp; } }
card c2 "Market" { play { gain 2 coin; } }
card c3 "Patron" { play { may cost 1 coin { gain 2 vp; } } }
variant rich "Everyone starts with 3 coins";
game demo "Demo" {
  seats 2 to 3;
  phase setup {
    fill deck with card;
    shuffle deck;
    each players { draw 1 from deck to hand; if enabled(rich) { gain 3 coin; } }
  }
  phase play { each players { pick c from hand "play a card" { copy c.play; } } }
  winner most vp then coin;
}
"""


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def test_lint_clean_pack_exits_zero(tmp_path):
    result = invoke("lint", write_pack(tmp_path / "demo", PACK))
    assert result.exit_code == 0 and "no findings" in result.output


def test_play_prints_scores_and_winner_and_replays(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    log = tmp_path / "game.json"
    result = invoke("play", pack, "--players", 3, "--seed", 5, "--log", log, "--variant", "rich")
    assert result.exit_code == 0, result.output
    assert "final scores" in result.output and "winner:" in result.output
    assert json.loads(log.read_text())["variants"] == ["rich"]
    replayed = invoke("replay", log)
    assert replayed.exit_code == 0 and "replay matches the log" in replayed.output
    interpreted = invoke("replay", log, "--interpret")
    assert interpreted.exit_code == 0


def test_play_refuses_bad_seats_and_unknown_variants(tmp_path):
    pack = write_pack(tmp_path / "demo", PACK)
    assert invoke("play", pack, "--players", 5).exit_code == 2
    assert invoke("play", pack, "--players", 2, "--variant", "poor").exit_code == 2
    assert invoke("play", "no-such-pack", "--players", 2).exit_code == 2   # a pack that is nowhere: usage


def test_compile_writes_the_module(tmp_path):
    out = tmp_path / "out"
    result = invoke("compile", write_pack(tmp_path / "demo", PACK), "-o", out)
    assert result.exit_code == 0 and (out / "snippet.py").read_text().startswith('"""Rules pack')


def test_explain_reads_a_card_out_loud(tmp_path):
    result = invoke("explain", write_pack(tmp_path / "demo", PACK), "c3")
    assert result.exit_code == 0
    assert "main.rules:9:1" in result.output and "You may pay 1 coin to:" in result.output
    missing = invoke("explain", write_pack(tmp_path / "demo", PACK), "c33")
    assert missing.exit_code == 1 and "did you mean 'c3'?" in missing.output


def test_fmt_check_then_rewrite(tmp_path):
    path = tmp_path / "a.rules"
    path.write_text("resource coin;counter vp;\n")
    assert invoke("fmt", "--check", path).exit_code == 1
    assert invoke("fmt", path).exit_code == 0
    assert path.read_text() == "resource coin;\n\ncounter vp;\n"
    assert invoke("fmt", "--check", path).exit_code == 0


def test_cover_lists_effects_that_never_ran(tmp_path):
    result = invoke("cover", write_pack(tmp_path / "demo", PACK), "--games", 10)
    assert "3/3" in result.output and result.exit_code == 0
    # a card no game can reach is listed by name, and the command fails
    lonely = PACK.replace('card c3 "Patron"', 'card c4 "Hermit" { play { gain 1 vp; } }\ncard c3 "Patron"')
    lonely = lonely.replace("fill deck with card;", "fill deck with card where it.title != \"Hermit\";")
    result = invoke("cover", write_pack(tmp_path / "lonely", lonely), "-g", 10, "-s", 3)   # as simulate and play
    assert "c4" in result.output and result.exit_code == 1
    # --until-covered stops after the first game that leaves nothing unreached, and says how many it played;
    # where a rule is never reached it plays every game, and the title is the plain one
    first = invoke("cover", tmp_path / "demo", "--games", 10, "--until-covered")
    title = " ".join(first.output.split())
    assert first.exit_code == 0 and "3/3" in title
    played = int(title.split("rules reached in ")[1].split(" games (stopped when every rule was reached; at most "
                                                              "10 seeds x 2 setups x 2 player counts)")[0])
    assert 1 <= played < 40
    missed = invoke("cover", tmp_path / "lonely", "-g", 10, "-s", 3, "--until-covered")
    assert missed.exit_code == 1 and "stopped" not in missed.output and "in 10 seeds x 2 setups x 2 player counts" in missed.output


def test_lint_json_is_machine_readable(tmp_path):
    bad = tmp_path / "bad.rules"
    bad.write_text("resource lavandium;\nproc p() { gain 2 lavandum; }\n")
    result = invoke("lint", "--format", "json", bad)
    assert result.exit_code == 1
    (finding,) = json.loads(result.stdout)
    assert finding["code"] == "E202" and finding["line"] == 2 and finding["hint"] == "did you mean 'lavandium'?"


def test_usage_errors_exit_two(tmp_path):
    assert invoke("lint", tmp_path / "missing.rules").exit_code == 2
    assert invoke("frobnicate").exit_code == 2


def test_human_agent_reads_a_number_until_it_is_valid():
    console = ScriptedConsole(["zero", "9", "2"])
    d = Decision(Holder(0, "P1"), "play a card", ["Scout", "Market"], "main.rules:3:1")
    assert HumanAgent(console).choose(d, None) == 1
    assert any("type a number from 1 to 2" in line for line in console.printed)


def test_ten_megabytes_and_five_thousand_braces_are_clean_errors(tmp_path):
    big = tmp_path / "big.rules"
    big.write_text("resource coin;\n" * 700_000)
    result = invoke("lint", big)
    assert result.exit_code == 1 and "E105" in result.output
    deep = tmp_path / "deep.rules"
    deep.write_text("proc p() " + "{" * 5000 + "}" * 5000)
    result = invoke("lint", deep)
    assert result.exit_code == 1 and "E106" in result.output


def test_human_play_at_the_terminal_and_input_running_out(tmp_path):
    pack = write_pack(tmp_path / "vote", """
        counter vp;
        game vote { seats 2 to 2; phase play { each players { choose "how many points?" {
          option "one" { gain 1 vp; } option "two" { gain 2 vp; } } } } winner most vp; }
    """)
    result = runner.invoke(app, ["play", str(pack), "--players", "2", "--agent", "human"], input="9\n2\n1\n")
    assert result.exit_code == 0 and "P1: how many points?" in result.output
    assert "type a number from 1 to 2" in result.output and "winner: P1" in result.output
    abandoned = runner.invoke(app, ["play", "federation", "--players", "2", "--agent", "human"], input="1\n")
    assert abandoned.exit_code == 2 and "the input ended" in abandoned.output


def test_lint_accepts_shipped_names_and_folders_of_packs(tmp_path):
    assert invoke("lint", "federation").exit_code == 0
    write_pack(tmp_path / "all" / "good", PACK)
    write_pack(tmp_path / "all" / "bad", "resource coin;\nproc p() { gain 1 coins; }")
    (tmp_path / "all" / "loose.rules").write_text("resource x\n")
    result = invoke("lint", tmp_path / "all")
    assert result.exit_code == 1
    assert "error[E202]" in result.output and "error[E102]" in result.output
    assert "2 error(s)" in result.output


def test_help_lists_every_command_in_order_with_the_first_sentence_of_its_help():
    shown = runner.invoke(app, ["--help"])
    assert shown.exit_code == 0
    rows = shown.output.split("Commands:")[1].splitlines()
    listed = [line.split()[0] for line in rows if line.startswith("  ") and not line.startswith("   ")]
    assert listed == ["new", "lint", "compile", "explain", "fmt", "play", "cover", "replay", "resume", "lsp", "simulate",
                      "gallery"]
    words = " ".join(shown.output.split())                                   # however the rows wrap
    assert "lint Check rules files or packs (stacked with any --with expansions) and report every finding." in words
    lint = runner.invoke(app, ["lint", "--help"])
    assert lint.exit_code == 0 and "PATHS...  Rules files, pack folders" in lint.output
    assert "--format [text|json]" in lint.output and "--with PACK" in lint.output
    refused = runner.invoke(app, ["play", "federation"])                      # 2 to 4 players: say how many
    assert refused.exit_code == 2 and "Federation is for 2 to 4 players: say how many with --players (-n)" in refused.output


def test_play_and_simulate_take_the_only_player_count_of_a_game_that_seats_one(tmp_path):
    """A game of `seats 2 to 2` (Chess, Go, Backgammon) needs no -n: play and simulate take its count."""
    (tmp_path / "duel").mkdir()
    (tmp_path / "duel" / "pack.toml").write_text('name = "duel"\n')
    (tmp_path / "duel" / "game.rules").write_text(
        'counter vp;\ngame duel "Duel" { seats 2 to 2; phase play { each players { choose "which?" { option "one" { gain 1 vp; } '
        'option "two" { gain 2 vp; } } } } winner most vp; }\n')
    played = runner.invoke(app, ["play", str(tmp_path / "duel"), "--seed", "3", "-q"])
    assert played.exit_code == 0, played.output
    assert "P2" in played.output and "P3" not in played.output
    simulated = runner.invoke(app, ["simulate", str(tmp_path / "duel"), "-g", "3", "-w", "1"])
    assert simulated.exit_code == 0 and "3 games, 2 players" in simulated.output


def test_a_file_that_does_not_parse_is_the_only_finding_not_a_cascade_in_the_others(tmp_path):
    """One missing brace used to take the file's declarations with it, and every other file then
    reported each of them as unknown; now the syntax error is reported alone."""
    from rulebook.compiler.driver import analyse
    pack = tmp_path / "cascade"
    pack.mkdir()
    (pack / "pack.toml").write_text('name = "cascade"\n')
    (pack / "a.rules").write_text("resource coin;\ncounter vp;\nproc broken() {\n  gain 1 coin;\n")
    (pack / "b.rules").write_text("proc uses() { gain 1 coin; gain 1 vp; broken(); }\n"
                                  "game g { seats 2 to 2; phase play { each players: uses(); } winner most vp; }\n")
    found = analyse(str(pack)).diagnostics
    assert [(d.code, d.span.file.endswith("a.rules")) for d in found] == [("E102", True)]
