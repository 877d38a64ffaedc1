"""A global counter's limited supply (`counter cubes[city, disease] global from 0 to 3 supply 24 per disease
short no_cubes_left;`, docs 3.3) and a track that prints a list of numbers (`track infection_rate global
prints [2, 2, 2, 3, 3, 4, 4] { ... }`, docs 3.6): the Pandemic audit's W4 and W11, on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, GameEnded, SuppliedGame
from rulebook.runtime.record import load_state, record, replay, save_state
from rulebook.runtime.state import check_saved
from rulebook.runtime.view import build_view, changes

from .conftest import explained, parse_error, printed_back, rules_programs, run_proc, write_pack

# Pandemic (the audit's board.rules, reduced to eight cities and two diseases): 3 cubes of a colour at
# most in a city, 24 cubes of each colour; placing one when none is left loses the game.
BOARD = """
enum city { atlanta, chicago, montreal, new_york, washington, miami, london, madrid, paris }
enum disease { blue "Blue", yellow "Yellow" }
counter cubes[city, disease] "Disease cubes" global from 0 to 3 supply 24 per disease short no_cubes_left;
var lost "Lost" global: bool = false;
var short_of "Short of" global: disease = none;
counter missing "Missing" global from 0 to 99;
proc no_cubes_left(k: disease, n: int) {
  say "no {k} cubes left in the supply: the disease spreads too far";
  set short_of = k;
  set missing = n;
  set lost = true;
  end game;
}
proc add_cubes(c: city, k: disease, n: int) { gain n cubes[c, k]; }
proc treat(c: city, k: disease) { lose 1 cubes[c, k]; }
proc treat_all(c: city, k: disease) { pay cubes[c, k] cubes[c, k]; }
"""

program = rules_programs(BOARD)


def traced(game: Game) -> list[str]:
    lines: list = []
    game.tracer = lambda e: lines.append(e.describe())
    return lines


def fill(game: Game, k: str, cities: int) -> None:
    """3 cubes of `k` on each of the first `cities` cities."""
    for c in list(game.program.indexed["cubes"])[:cities * 2]:
        if c[1] == k:
            run_proc(game, "add_cubes", c[0], k, 3)


def test_the_banks_are_one_per_member_of_the_per_index(program):
    g = Game(program(), 2, 1)
    assert type(g) is SuppliedGame
    assert g.state.supply == {"cubes[blue]": 24, "cubes[yellow]": 24}
    assert g.supply_left("cubes", "blue") == 24


def test_the_24th_cube_is_placed_and_the_25th_runs_the_short_proc(program):
    g = Game(program(), 2, 1)
    lines = traced(g)
    fill(g, "blue", 8)   # 8 cities x 3: the 24 blue cubes
    assert g.state.supply["cubes[blue]"] == 0 and not g.state.over
    assert sum(v for k, v in g.state.globals.items() if k.endswith(",blue]")) == 24
    assert g.state.supply["cubes[yellow]"] == 24
    run_proc(g, "treat", "atlanta", "blue")   # one back
    run_proc(g, "add_cubes", "atlanta", "blue", 1)   # the 24th again: no loss
    run_proc(g, "add_cubes", "miami", "blue", 2)   # a full city: none placed, the bank is not asked
    assert not g.state.over and g.state.supply["cubes[blue]"] == 0
    del lines[:]
    with pytest.raises(GameEnded):
        run_proc(g, "add_cubes", "paris", "blue", 2)   # the 25th cube: the short proc, told the colour and 2
    assert g.state.gvars["lost"] is True   # (and the game ended: GameEnded)
    assert g.state.gvars["short_of"] == "blue" and g.state.globals["missing"] == 2
    assert g.state.globals["cubes[paris,blue]"] == 0 and g.state.supply["cubes[blue]"] == 0
    assert lines[:2] == ["short 2 cubes[paris,blue] (the supply of cubes[blue] had 0 of the 2)",
                         "short 2 cubes[paris,blue]: the supply of cubes[blue] lacks 2, to no_cubes_left()"]
    assert g.messages[-1] == "P1: no Blue cubes left in the supply: the disease spreads too far"


def test_a_gain_the_bank_pays_in_part_gains_what_it_has_first(program):
    g = Game(program(), 2, 1)
    g.state.supply["cubes[yellow]"] = 2
    with pytest.raises(GameEnded):
        run_proc(g, "add_cubes", "madrid", "yellow", 3)
    assert g.state.globals["cubes[madrid,yellow]"] == 2 and g.state.globals["missing"] == 1
    assert g.state.gvars["short_of"] == "yellow"


def test_treating_returns_the_cubes_to_their_colours_bank(program):
    g = Game(program(), 2, 1)
    run_proc(g, "add_cubes", "atlanta", "blue", 3)
    run_proc(g, "add_cubes", "london", "yellow", 2)
    assert g.state.supply == {"cubes[blue]": 21, "cubes[yellow]": 22}
    run_proc(g, "treat", "atlanta", "blue")
    assert g.state.supply == {"cubes[blue]": 22, "cubes[yellow]": 22}
    run_proc(g, "treat_all", "london", "yellow")   # paid: back to the bank too
    assert g.state.supply == {"cubes[blue]": 22, "cubes[yellow]": 24}
    run_proc(g, "treat", "london", "yellow")   # nothing there: nothing comes back
    assert g.state.supply["cubes[yellow]"] == 24 and g.state.globals["cubes[london,yellow]"] == 0


def test_cubes_over_a_citys_three_stay_in_the_bank(program):
    g = Game(program(), 2, 1)
    lines = traced(g)
    run_proc(g, "add_cubes", "atlanta", "blue", 5)
    assert g.state.globals["cubes[atlanta,blue]"] == 3 and g.state.supply["cubes[blue]"] == 21
    assert not g.state.over and not any(line.startswith("short") for line in lines), lines


def test_a_bank_without_short_cuts_the_gain_and_says_so():
    p = build_text("""counter stations "Research stations" global from 0 to 6 supply 2;
      proc build(n: int) { gain n stations; }
      proc move_one() { set stations = 0; }""")
    g = Game(p, 2, 1)
    lines = traced(g)
    run_proc(g, "build", 1)
    run_proc(g, "build", 5)
    assert g.state.globals["stations"] == 2 and g.state.supply == {"stations": 0}
    assert lines[-2:] == ["short 4 stations (the supply of stations had 1 of the 5)", "gain 1 stations (now 2)"]
    run_proc(g, "move_one")   # a set puts the difference back
    assert g.state.globals["stations"] == 0 and g.state.supply == {"stations": 2}
    assert g.supply_left("stations") == 2


def test_a_set_takes_the_difference_cut_to_the_bank(program):
    g = Game(program("proc s(n: int) { set cubes[atlanta, blue] = n; }\nproc r() { reset cubes; }"), 2, 1)
    g.state.supply["cubes[blue]"] = 1
    run_proc(g, "s", 3)
    assert g.state.globals["cubes[atlanta,blue]"] == 1 and g.state.supply["cubes[blue]"] == 0
    assert not g.state.over   # only a gain runs the short proc
    run_proc(g, "r")
    assert g.state.globals["cubes[atlanta,blue]"] == 0 and g.state.supply["cubes[blue]"] == 1


def test_supply_reads_a_members_bank(program):
    g = Game(program("""counter seen global from 0 to 99;
      proc peek(k: disease) { add_cubes(miami, k, 2); set seen = supply(cubes, k) + 100 * supply(cubes, yellow); }"""),
             2, 1)
    run_proc(g, "peek", "blue")
    assert g.state.globals["seen"] == 99   # 22 + 2400, kept at 99
    run_proc(g, "add_cubes", "miami", "yellow", 3)
    g2 = Game(g.program, 2, 1)
    run_proc(g2, "peek", "yellow")
    assert g2.state.globals["seen"] == 99 and g2.state.supply["cubes[yellow]"] == 22


# ---------------------------------------------------------------------------- a whole game

GAME = BOARD + """
game pandemic {
  seats 2 to 4;
  phase play {
    repeat 30 {
      each players {
        choose "your action" {
          option "infect" { pick c from city "where?" { pick k from disease "which disease?" { add_cubes(c, k, 2); } } }
          option "treat" { pick c from city "where?" { pick k from disease where cubes[c, k] > 0 "which?" { treat(c, k); } } }
        }
      }
    }
  }
  winner together if not lost;
}
"""


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_both_backends_play_the_same_games_and_the_cubes_add_up(seed):
    games = [Game(build_text(GAME, interpreted=i), 3, seed, [RandomAgent(seed * 10 + k) for k in range(3)])
             for i in (False, True)]
    for game in games:
        game.play()
    assert games[0].log == games[1].log and games[0].state.to_json() == games[1].state.to_json()
    g = games[0]
    for k in ("blue", "yellow"):
        assert g.state.supply[f"cubes[{k}]"] + sum(v for n, v in g.state.globals.items()
                                                    if n.startswith("cubes[") and n.endswith(f",{k}]")) == 24
    assert replay(g.program, record(g)).state.digest() == g.state.digest()


def test_a_long_game_runs_out_of_cubes_on_both_backends():
    lost = []
    for interpreted in (False, True):
        g = Game(build_text(GAME.replace("repeat 30", "repeat 200"), interpreted=interpreted), 2, 5,
                 [RandomAgent(5), RandomAgent(6)])
        g.play()
        lost.append((g.state.gvars["lost"], g.state.to_json()))
    assert lost[0] == lost[1]


def test_the_banks_are_in_the_state_the_saves_and_the_views(tmp_path):
    p = build_text(GAME)
    g = Game(p, 2, 1)
    before = build_view(g, 0)
    assert before["supply"] == {"cubes[blue]": 24, "cubes[yellow]": 24}
    digest = g.state.digest()
    run_proc(g, "add_cubes", "atlanta", "blue", 2)
    assert g.state.digest() != digest
    assert any("supply of Disease cubes, Blue 24 → 22" in line for line in changes(before, build_view(g, 0)))
    save_state(g.state, tmp_path / "s.json")
    assert load_state(tmp_path / "s.json", p).to_json() == g.state.to_json()
    data = g.state.to_json()
    assert data["supply"] == {"cubes[blue]": 22, "cubes[yellow]": 24}
    data["supply"] = {"cubes[blue]": 22}
    with pytest.raises(Exception, match="no supply 'cubes\\[yellow\\]'"):
        check_saved(data, p)


def test_play_shows_the_banks_on_the_screen_and_in_the_state(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    from rulebook.runtime.console import screen

    pack = write_pack(tmp_path / "pandemic", GAME)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state"])
    assert result.exit_code == 0, result.output
    assert any("Disease cubes, Blue (supply)" in line for line in result.output.splitlines()), result.output
    g = Game(build_text(GAME), 2, 1)
    run_proc(g, "add_cubes", "atlanta", "yellow", 1)
    from rich.console import Console
    console = Console(width=80, record=True)
    for part in screen(build_view(g, 0), []):
        console.print(part)
    assert "Supply: Disease cubes, Blue: 24, Disease cubes, Yellow: 23" in console.export_text()


# ---------------------------------------------------------------------------- the language

FLASH_POINT = """
enum wall { kitchen_north, kitchen_east, hall_west }
counter damage[wall] "Damage" global from 0 to 2 supply 24 short collapse;
proc collapse(n: int) { end game; }
"""


def test_the_printer_writes_a_bank_back():
    text = BOARD + FLASH_POINT + "counter pool global from 0 to 9 start 2 supply 3 + player_count;\n"
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert ('counter cubes[city, disease] "Disease cubes" global from 0 to 3 supply 24 per disease '
            'short no_cubes_left;') in printed
    assert "counter pool global from 0 to 9 start 2 supply 3 + player_count;" in printed
    assert parse_text(printed, "a.rules") == module


def test_a_counter_without_a_bank_keeps_its_digest():
    """The bank's fields are left out of a counter's repr unless written (the packs' content digests)."""
    module = parse_text("counter vp global from 0 to 5;", "a.rules")
    assert "supply" not in repr(module.items[0]) and "short" not in repr(module.items[0])


def test_explain_reads_the_bank():
    analysed = analyse_text(BOARD + "func low(k: disease) = supply(cubes, k) < 3;")
    text = explained(analysed, "cubes")
    assert "They come from a limited supply (24 for each disease): gaining takes from it, and losing and paying put " \
           "them back. When it cannot pay a gain, what it has is gained, then “no cubes left” is run with the " \
           "disease and the number missing." in text
    assert "left in the supply" in explained(analysed, "low")
    flash = analyse_text(FLASH_POINT)
    assert "What it lacks is not gained" not in explained(flash, "damage")
    assert "“collapse” is run with the number missing" in explained(flash, "damage")


def findings(text: str) -> list[tuple[str, str]]:
    try:
        analysed = analyse_text(text)
    except RulesError as e:
        return [(d.code, d.message) for d in e.diagnostics]
    return [(d.code, d.message) for d in analysed.diagnostics]


CITIES = "enum city { atlanta, chicago }\nenum disease { blue, red }\n"


@pytest.mark.parametrize("text,code,message", [
    ("counter coins from 0 to 50 supply 60;", "E461", "is each player's"),
    ("counter pool global supply 6;", "E461", "has no bounds"),
    ("counter score global from -5 to 5 supply 6;", "E461", "goes down to -5"),
    ("counter pool global from 0 to 9 supply you;", "E303", "cannot read 'you'"),
    ("counter pool global from 0 to 9 supply -1;", "E303", "at least 0"),
    (CITIES + "enum colour { white }\ncounter cubes[city, disease] global from 0 to 3 supply 24 per colour;", "E462",
     "'per colour': counter 'cubes' has no index 'colour'"),
    ("enum disease { blue }\ncounter pool global from 0 to 9 supply 3 per disease;", "E462", "has no index"),
    (CITIES + "counter cubes[city, disease] global from 0 to 3 supply 24 per disease;\nfunc f() = supply(cubes);",
     "E462", "one supply per disease: say whose"),
    (CITIES + "counter cubes[city, disease] global from 0 to 3 supply 24;\nfunc f() = supply(cubes, red);",
     "E462", "has one bank for all its elements"),
    ("counter vp;\nfunc f() = supply(vp);", "E462", "counter 'vp' has no supply"),
    ("resource coin supply 2;\nfunc f() = supply(coin, coin);", "E462", "'coin' is no counter"),
    (CITIES + "counter cubes[city, disease] global from 0 to 3 supply 24 per disease;\nfunc f() = supply(cubes, 3);",
     "E303", "one per disease, not per number"),
    (CITIES + "counter cubes[city, disease] global from 0 to 3 supply 24 per disease short lose_game;\n"
     "proc lose_game(n: int) { end game; }", "E463", "the disease whose bank ran short, then the number"),
    ("counter pool global from 0 to 9 supply 3 short out;\nproc out(n: int, m: int) { end game; }", "E463",
     "it takes (n: int, m: int)"),
    ("counter pool global from 0 to 9 supply 3 short out;\nfunc out(n: int) = n;", "E463", "is a func"),
    ("counter pool global from 0 to 9 supply 3 short oot;\nproc out(n: int) { end game; }", "E207", "oot"),
    ("counter pool global from 0 to 9 supply 3 short again;\nproc again(n: int) { gain n pool; }", "W502",
     "gains 'pool' itself"),
])
def test_misuse_of_a_bank_is_reported(text, code, message):
    found = findings(text)
    assert any(c == code and message in m for c, m in found), found


@pytest.mark.parametrize("text,message", [
    ("counter pool global from 0 to 9 short out supply 3;", "'supply' first"),
    ("counter pool global from 0 to 9 supply 3 supply 4;", "each word once"),
    ("counter pool global from 0 to 9 supply 3 over p;", "each word once"),
    ("counter pool global from 0 to 9 supply 3 short 4;", "'short' names the proc"),
    ("resource gem supply 7 per disease;", "'per' and 'short' belong to a global counter's supply"),
])
def test_malformed_banks_are_syntax_errors(text, message):
    d = parse_error(text, "a.rules")
    assert d.code == "E100" and message in d.message, d.message


def test_per_an_index_without_a_supply_is_a_counter_per_turn_and_its_hint_names_the_bank():
    # `per NAME` alone is a counter that lives for a call of NAME (3.3): an index there is E470, whose hint
    # writes the bank
    found = analyse_text("enum disease { blue }\ncounter pool[disease] global from 0 to 9 per disease;\n").diagnostics
    [d] = [d for d in found if d.code == "E470"]
    assert "supply N per disease" in (d.hint or ""), d.hint


# ============================================================================ a track that prints values

RATE = """
counter drawn "Cards drawn" global from 0 to 999;
track infection_rate "Infection rate" global prints [2, 2, 2, 3, 3, 4, 4] {
  space 3 "Epidemic" { say "the rate rises"; }
}
track powered "Cities powered" prints [10, 22, 33, 44] { }
proc epidemic() { advance infection_rate; }
proc infect() { gain printed(infection_rate) drawn; }
proc power() { advance powered; }
func income(p: player): int = printed(p, powered);
"""

rate_program = rules_programs(RATE)


def test_printed_reads_the_list_where_the_marker_stands(rate_program):
    g = Game(rate_program(), 2, 1)
    rates = []
    for _ in range(8):   # the marker stops on the last space (6)
        before = g.state.globals["drawn"]
        run_proc(g, "infect")
        rates.append(g.state.globals["drawn"] - before)
        run_proc(g, "epidemic")
    assert rates == [2, 2, 2, 3, 3, 4, 4, 4]
    assert g.program.tracks["infection_rate"].top == 6   # one space fewer than the numbers: 6 spaces
    assert g.printed(g.state.players[0], "powered") == 10
    run_proc(g, "power", player=1)
    assert [g.printed(p, "powered") for p in g.state.players] == [10, 22]


def test_the_screens_show_the_printed_number_and_the_position(tmp_path):
    from click.testing import CliRunner
    from rich.console import Console

    from rulebook.cli import app
    from rulebook.runtime.console import screen

    p = build_text(RATE)
    g = Game(p, 2, 1)
    run_proc(g, "power")
    view = build_view(g, 0)
    assert view["prints"] == {"infection_rate": [2, 2, 2, 3, 3, 4, 4], "powered": [10, 22, 33, 44]}
    console = Console(width=80, record=True)
    for part in screen(view, []):
        console.print(part)
    text = console.export_text()
    assert "Infection rate: 2 (position 0)" in text and "Cities powered: 22 (position 1)" in text
    pack = write_pack(tmp_path / "rate", RATE + "game g { seats 2 to 2; phase play { epidemic(); epidemic(); epidemic(); power(); } "
                                                "winner most drawn; }")
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--show-state"])
    assert result.exit_code == 0, result.output
    assert "3 (printed 3)" in result.output and "1 (printed 22)" in result.output, result.output


def test_a_pack_without_a_printing_track_has_no_prints_in_its_views():
    g = Game(build_text("track t { space 1 {} }\ncounter vp;"), 2, 1)
    assert "prints" not in build_view(g, 0)


def test_the_printer_and_explain_read_the_list():
    module = parse_text(RATE, "a.rules")
    printed = format_module(module)
    assert 'track infection_rate "Infection rate" global prints [2, 2, 2, 3, 3, 4, 4] {' in printed
    assert parse_text(printed, "a.rules") == module
    assert "prints" not in repr(parse_text("track t { space 1 {} }", "a.rules").items[0])
    analysed = analyse_text(RATE)
    text = explained(analysed, "infection_rate")
    assert "Its 6 spaces print 2, 2, 3, 3, 4, 4; the start prints 2; the spaces not listed give nothing." in text
    assert "Space 3, printed 3 (“Epidemic”):" in text


@pytest.mark.parametrize("text,code,message", [
    ("track t prints [2] { }", "E464", "prints one number, the start's"),
    ("track t from 1 to 3 prints [1, 2, 3] { }", "E464", "both a scale and a list"),
    ("track t prints [2, 2, 3, 4] { space 1 {} space 4 {} }", "E464", "but writes space 4"),
    ("track t prints [2, 2, 3, 4] { space 2 {} space 1 {} }", "E305", "comes after space 2"),
    ("track t prints [2, 2, 3, 4] { at 3 {} }", "E404", "prints a list, whose numbers may repeat"),
    ("track t { space 1 {} }\nfunc f() = printed(t);", "E404", "(or its 'prints' list) prints where its marker"),
])
def test_misuse_of_a_printed_list_is_reported(text, code, message):
    found = findings(text)
    assert any(c == code and message in m for c, m in found), found


def test_a_printed_list_is_whole_numbers():
    d = parse_error("track t prints [2, x] { }", "a.rules")
    assert d.code == "E100"
    d = parse_error("track t printz [2, 3] { }", "a.rules")
    assert d.code == "E100" and "expected 'prints [N, ...]'" in d.message


def test_a_printing_track_with_no_space_written_is_printed_back_with_an_empty_body():
    _module, printed = printed_back("track infection_rate global prints [2, 2, 2, 3, 3, 4, 4] {}\n")
    assert "prints [2, 2, 2, 3, 3, 4, 4] {}" in printed
