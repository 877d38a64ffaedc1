"""Tool defects a Wingspan audit found: `simulate --interpreted` (and the one spelling of the flag in
every command that plays), bonus cards held only in a hidden hand as simulate's components, cover's
rows for computed fields, explain's readings of a shared indexed counter, `return none;` in an enum
proc and an `int[GROUP]` cost field, fmt's trailing comment on a split line, and an enum member named
like a proc."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime import simulate as sim
from rulebook.runtime.agents import make_agents
from rulebook.runtime.coverage import cover_games
from rulebook.runtime.engine import Game

from .conftest import program_of, write_pack

runner = CliRunner()


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


# Wingspan's bonus cards: dealt into a hidden hand, scored at the end through their computed `worth`.
# A seat lays eggs or not; the Breeder's worth doubles the eggs, so it wins most often.
BONUS = """
counter vp;
counter eggs;
kind bonus_card "Bonus card" { func worth: int; }
zone bonus_deck of bonus_card secret;
zone bonus_hand per_player of bonus_card hidden;
bonus_card oologist "Oologist" { worth = if eggs >= 2 then 3 else 0; }
bonus_card forester "Forester" { worth = eggs; }
bonus_card breeder "Breeder" { worth = 2 * eggs; }
bonus_card backyard "Backyard Birder" { worth = 1; }
game bc {
  seats 2 to 3;
  phase setup { fill bonus_deck with bonus_card; shuffle bonus_deck; each players: draw 1 from bonus_deck to bonus_hand; }
  phase play { each players { may "lay 2 eggs?" { gain 2 eggs; } } }
  phase final { each players: gain total(b in bonus_hand, b.worth) vp; }
  winner most vp;
}
"""


@pytest.fixture
def bonus(tmp_path):
    return write_pack(tmp_path / "bc", BONUS, name="bc")


def _report(pack, tmp_path, *extra, name="report.json"):
    out = tmp_path / name
    result = invoke("simulate", pack, "-n", 2, "-g", 40, "--workers", 1, "--json", out, *extra)
    assert result.exit_code == 0, result.output
    return result, json.loads(out.read_text())


def test_simulate_plays_on_the_interpreter_with_the_same_figures(bonus, tmp_path):
    compiled, by_module = _report(bonus, tmp_path)
    assert by_module.pop("interpreted") is False and "interpreted" not in compiled.output.split("\n")[0]
    for spelling in ("--interpreted", "--interpret"):
        shown, interpreted = _report(bonus, tmp_path, spelling, name=f"{spelling}.json")
        assert interpreted.pop("interpreted") is True and interpreted == by_module
        assert "1 worker(s), interpreted" in shown.output
    # the job really builds the interpreter's Program in the worker: its values are the interpreter's
    job, _program = sim.prepare(str(bonus), [], 2, interpreted=True)
    assert job.interpreted and job.source == ""
    sim._load_afresh(job)
    worth = sim._loaded(job)[0].entities["breeder"].computed["worth"]
    assert "interpret" in worth.__closure__[0].cell_contents.__module__


def test_interpreted_is_refused_on_ray_and_every_playing_command_takes_both_spellings(bonus, tmp_path):
    refused = invoke("simulate", bonus, "-n", 2, "--interpreted", "--backend", "ray")
    assert refused.exit_code == 2 and "--interpreted plays on local workers" in refused.output
    log = tmp_path / "game.json"
    for spelling in ("--interpreted", "--interpret"):
        assert invoke("play", bonus, "-n", 2, spelling, "--log", log, "-q").exit_code == 0
        assert "replay matches the log" in invoke("replay", log, spelling).output
        resumed = invoke("resume", log, "--until", 1, "--agent", "first", spelling, "-q")
        assert resumed.exit_code == 0 and "winner" in resumed.output
    for command in ("play", "replay", "resume", "simulate"):
        assert "--interpreted, --interpret" in invoke(command, "--help").output


def test_an_interpreted_runs_failed_game_replays_on_the_compiled_module(tmp_path):
    pack = write_pack(tmp_path / "fragile", BONUS.replace("worth = 1;", "worth = 6 / eggs;"), name="fragile")
    folder = tmp_path / "failures"
    result = invoke("simulate", pack, "-n", 2, "-g", 30, "--workers", 1, "--interpreted", "--failures", folder)
    assert result.exit_code == 1 and "E601" in result.output
    log = sorted(folder.iterdir())[0]
    replayed = invoke("replay", log)   # the same digest on both backends
    assert replayed.exit_code == 1 and "replay matches the log: the game stops on the same error" in replayed.output


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_bonus_cards_in_a_hidden_hand_are_components_used_when_scored(bonus, backend):
    program = program_of(bonus, backend)
    recorder = sim.UsageRecorder(program)
    assert [name for _kind, name in recorder.components] == ["oologist", "forester", "breeder", "backyard"]
    job, _ = sim.prepare(str(bonus), [], 2, interpreted=backend == "interpreted")
    records = [sim.play_game(program, recorder, job, seed) for seed in range(1, 41)]
    for r in records:   # each seat used the one card it was dealt, read when it scored
        assert sorted(seat for _index, seat in r.used) == [0, 1]
    rows = {row["name"]: row for row in sim.component_table(records, 2, sim.component_names(program_of(bonus, backend)))}
    assert sum(row["seats_used"] for row in rows.values()) == 80
    assert rows["breeder"]["effect"] > 0 > rows["backyard"]["effect"]


def test_a_bonus_card_dealt_and_never_scored_is_unused(tmp_path):
    # only the seats that laid eggs score their card: the others hold theirs, unread
    pack = write_pack(tmp_path / "bc", BONUS.replace("each players: gain total(b in bonus_hand, b.worth) vp;",
                                                     "each players { if eggs > 0 { gain total(b in bonus_hand, b.worth) vp; } }"),
                      name="bc")
    program = program_of(pack, "compiled")
    recorder = sim.UsageRecorder(program)
    seen = set()
    for seed in range(1, 21):
        game = Game(program, 2, seed, make_agents("random", 2, seed))
        recorder.used.clear()
        recorder.follow(game)
        game.play()
        laid = {p.index for p in game.state.players if p.stock["eggs"] > 0}
        assert {seat for _index, seat in recorder.used} == laid
        seen.add(len(laid))
    assert seen == {0, 1, 2}


def test_the_simulate_command_lists_the_bonus_cards(bonus):
    result = invoke("simulate", bonus, "-n", 2, "-g", 100, "--workers", 1)
    assert result.exit_code == 0 and "components: win rate" in result.output
    assert all(title in result.output for title in ("Oologist", "Forester", "Breeder", "Backyard"))


def test_cover_has_one_row_per_bonus_card_named_by_its_field(bonus):
    program = program_of(bonus, "compiled")
    coverage = cover_games(program, [2], range(1, 2), [[]], "first")
    # two cards dealt in one game: the other two were never scored
    total, missing = coverage.report()["bonus_card"]
    assert total == 4 and len(missing) == 2 and all(name.endswith(" worth") for name in missing)
    result = invoke("cover", bonus, "-g", 1, "-n", 2)
    assert result.exit_code == 1 and "2/4" in result.output and " worth" in result.output
    assert "4/4" in invoke("cover", bonus, "-g", 10).output


# Wingspan's birdfeeder: a shared counter per die face; food in each player's supply; a bird's food cost.
FEEDER = """
resource seed "Seed";
resource fish "Fish";
group food "Food" { seed, fish }
enum die_face { f_seed "Seed", f_fish "Fish" }
counter feeder[die_face] "Birdfeeder" global from 0 to 5;
counter stock[die_face] "Stock";
kind bird "Bird" { cost: int[food]; }
bird pelican "American White Pelican" { cost = {fish: 1, seed: 2}; }
proc take(f: die_face): die_face {
  lose 1 feeder[f];
  gain 1 feeder[f_fish];
  pay 1 feeder[f_seed];
  lose 1 stock[f];
  return none;
}
proc keeper(): player { return none; }
func full() = affordable(1 feeder[f_fish]);
"""


def _read(name: str) -> list[str]:
    from rulebook.compiler.driver import analyse_text
    from rulebook.compiler.explain import explain

    result = analyse_text(FEEDER)
    assert result.ok, result.diagnostics
    return explain(result.symbols.decls[name], result.symbols)


def test_explain_keeps_the_index_of_a_shared_counter_and_reads_none_by_the_procs_type():
    lines = _read("take")
    assert "  Take 1 from the shared birdfeeders (f) (or as many as are left)." in lines
    assert "  Add 1 to the shared birdfeeders (“Fish”)." in lines
    assert "  Pay 1 of the shared birdfeeders (“Seed”)." in lines
    assert "  Lose 1 stock (f) (or as many as you have)." in lines   # a player's, as before
    assert lines[-1] == "  Stop here, giving nothing."
    assert _read("keeper")[-1] == "  Stop here, giving nobody."      # a proc that gives a player
    assert "the shared birdfeeders (“Fish”)" in " ".join(_read("full"))


def test_explain_reads_a_cost_field_as_the_food_it_costs():
    assert "  Cost: 1 fish, 2 seeds." in _read("pelican")


def test_fmt_keeps_a_trailing_comment_with_the_last_of_the_fields_it_splits():
    from rulebook.dsl.printer import format_text

    power = "Gain 2 wild food from the supply, then tuck a card from your hand behind this bird and lay an egg on it."
    text = ('kind bird { colour: str; text: str; }\n'
            'bird heron "Great Blue Heron" {\n'
            f'  colour = "white"; text = "{power}";   # provisional power\n'
            '}\n'
            'bird egret "Great Egret" {\n'
            '  colour = "white"; text = "Gain 2 wild food from the supply.";   # provisional power\n'
            '}\n'
            'counter eggs;\n'
            'proc lay() {\n  gain 1 eggs; gain 1 eggs;  # two eggs\n}\n'
            'bird jay "Blue Jay" { colour = "brown"; text = "Gain 1 seed."; }  # provisional\n')
    out = format_text(text)
    # a row of fields too long even for a line of its own is split, its comment after the last field
    assert f'  colour = "white";\n  text = "{power}";  # provisional power\n' in out
    # a row that fits stays a row (it is a table's row: fmt keeps it), its comment on its line
    assert ('bird egret "Great Egret" { colour = "white"; text = "Gain 2 wild food from the supply."; }'
            '  # provisional power\n') in out
    assert "  gain 1 eggs;\n  gain 1 eggs;  # two eggs\n" in out
    assert 'bird jay "Blue Jay" { colour = "brown"; text = "Gain 1 seed."; }  # provisional\n' in out   # (it fits)
    assert format_text(out) == out


@pytest.mark.parametrize("other", ["proc place() { }", 'bird place "Place" { }', "func place() = 1;"])
def test_a_member_named_like_a_proc_or_a_card_is_one_e208_and_its_uses_read_as_the_member(other):
    from rulebook.compiler.driver import analyse_text

    text = f"""
enum name_tag {{ body_part "Body part", place "Place" }}
kind bird {{ name_tags: list of name_tag = []; tag: name_tag = body_part; }}
bird carolina_chickadee "Carolina Chickadee" {{ name_tags = [place]; }}
bird canada_goose "Canada Goose" {{ name_tags = [body_part, place]; tag = place; }}
{other}
counter vp;
var chosen: name_tag = place;
proc score(b: bird) {{
  if contains(b.name_tags, place) or b.tag == place {{ gain 1 vp; }}
  match b.tag {{ place {{ gain 1 vp; }} else {{ }} }}
  set chosen = place;
}}
"""
    errors = [d for d in analyse_text(text).diagnostics if d.code.startswith("E")]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [("E208", 2, 40)]
