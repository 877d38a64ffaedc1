"""A resource with a limited supply (`resource ruby supply 7;`): gains take from the bank and never more
than it holds, losses, payments and a group cap's discards put units back, `supply(res)` reads what
is left; the bank is part of the state (digest, saves, views, replay), on both backends."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError, SuppliedGame
from rulebook.runtime.record import load_state, record, replay, save_state
from rulebook.runtime.state import State, check_saved
from rulebook.runtime.view import build_view, changes

from .conftest import parse_error, rules_programs, run_proc

# Splendor: 4 gems of a colour at 2 players, 5 at 3, 7 at 4; 5 gold; at most 10 tokens in hand
PACK = """
resource ruby "Ruby" supply match player_count { 2: 4, 3: 5, else: 7 };
resource onyx "Onyx" supply match player_count { 2: 4, 3: 5, else: 7 };
resource gold "Gold" supply 5;
resource coin;
resource crown cap 2 supply 3;
group tokens cap 10 { ruby, onyx, gold }
counter vp;
"""


program = rules_programs(PACK)


def traced(game: Game) -> list[str]:
    lines: list = []
    game.tracer = lambda e: lines.append(e.describe())
    return lines


@pytest.mark.parametrize("players,gems", [(2, 4), (3, 5), (4, 7)])
def test_the_supply_is_worked_out_from_the_player_count(program, players, gems):
    g = Game(program(), players, 1)
    assert type(g) is SuppliedGame
    assert g.state.supply == {"ruby": gems, "onyx": gems, "gold": 5, "crown": 3}


def test_a_gain_takes_from_the_supply_and_never_more_than_it_holds(program):
    g = Game(program("proc p() { gain 3 ruby; gain 3 ruby; gain 2 ruby; gain 4 coin; }"), 2, 1)
    lines = traced(g)
    run_proc(g, "p")
    me = g.state.players[0]
    assert me.stock["ruby"] == 4 and g.state.supply["ruby"] == 0 and me.stock["coin"] == 4
    assert lines == ["P1: gain 3 ruby", "P1: short 2 ruby (the supply had 1 of the 3)", "P1: gain 1 ruby",
                     "P1: short 2 ruby (the supply had 0 of the 2)", "P1: gain 4 coin"]


def test_losing_and_paying_put_the_units_back(program):
    g = Game(program("""proc p() {
      gain 4 ruby; gain 2 onyx;
      pay 1 ruby, 1 onyx;
      lose 2 ruby;
      lose 5 onyx;
      set ruby = 0;
    }"""), 2, 1)
    run_proc(g, "p")
    assert g.state.supply == {"ruby": 4, "onyx": 4, "gold": 5, "crown": 3}
    assert all(g.state.players[0].stock[r] == 0 for r in ("ruby", "onyx"))


def test_paying_any_of_a_group_puts_the_chosen_units_back(program):
    g = Game(program("proc p() { gain 2 ruby; gain 1 gold; pay 2 any(tokens); }"), 2, 1)
    run_proc(g, "p", answers=["gold"])   # then only rubies are left: asked no more
    assert g.state.supply["gold"] == 5 and g.state.supply["ruby"] == 3 and g.state.players[0].stock["ruby"] == 1


def test_what_is_over_a_cap_stays_in_the_supply(program):
    g = Game(program("proc p() { gain 3 crown; }"), 2, 1)
    lines = traced(g)
    run_proc(g, "p")
    assert g.state.players[0].stock["crown"] == 2 and g.state.supply["crown"] == 1
    assert lines == ["P1: gain 2 crown (1 left in the supply over the cap)"]


def test_the_discards_of_a_group_cap_go_back_to_the_supply(program):
    """Splendor's 10 tokens: 4 rubies, 4 onyx and 2 gold in hand; taking 2 more gold asks 2 discards,
    which return to the bank (they used to vanish); a discarded incoming gold is simply not taken."""
    g = Game(program("""proc stock_up() { gain 4 ruby; gain 4 onyx; gain 2 gold; }
      proc take() { gain 2 gold; }"""), 2, 1)
    run_proc(g, "stock_up")
    lines = traced(g)
    run_proc(g, "take", answers=["ruby", "gold"])
    me = g.state.players[0]
    assert (me.stock["ruby"], me.stock["onyx"], me.stock["gold"]) == (3, 4, 3)
    assert g.state.supply == {"ruby": 1, "onyx": 0, "gold": 2, "crown": 3}
    assert lines[-1] == "P1: gain 1 gold"


def test_a_gain_short_of_the_supply_asks_no_discard_for_what_it_lacks(program):
    """9 tokens held and only 1 gold left: `gain 3 gold` gains the 1, which fits: nothing to discard."""
    g = Game(program("proc stock_up() { gain 4 ruby; gain 4 onyx; gain 1 gold; }\nproc take() { gain 3 gold; }"), 4, 1)
    run_proc(g, "stock_up")
    g.state.supply["gold"] = 1   # the other players hold the rest
    lines = traced(g)
    run_proc(g, "take")   # no decision: none asked
    assert g.state.players[0].stock["gold"] == 2 and g.state.supply["gold"] == 0
    assert lines == ["P1: short 2 gold (the supply had 1 of the 3)", "P1: gain 1 gold"]


def test_supply_reads_what_is_left(program):
    """Splendor: take 2 gems of one colour only if 4 are left of it."""
    g = Game(program("""proc take_two() { if supply(ruby) >= 4 { gain 2 ruby; } }
      func left_of(r: resource) = supply(r);
      proc p() { set vp = left_of(onyx); }"""), 2, 1)
    run_proc(g, "take_two")
    run_proc(g, "take_two", player=1)
    assert [p.stock["ruby"] for p in g.state.players] == [2, 0]
    run_proc(g, "p")
    assert g.state.players[0].stock["vp"] == 4


def test_supply_of_a_resource_without_one_named_by_a_parameter_stops_play(program):
    g = Game(program("func left_of(r: resource) = supply(r); proc p() { set vp = left_of(coin); }"), 2, 1)
    with pytest.raises(RulesRuntimeError) as err:
        run_proc(g, "p")
    assert err.value.code == "E601" and "coin has no supply" in err.value.message


def test_a_pack_without_a_supply_plays_the_plain_game():
    g = Game(build_text("resource coin; proc p() { gain 2 coin; }"), 2, 1)
    assert type(g) is Game and g.state.supply == {} and "supply" not in g.state.to_json()


def test_a_supply_that_works_out_below_zero_is_refused_when_the_game_is_made():
    p = build_text("resource wood supply 3 - player_count;\ngame g { seats 2 to 4; phase play {} winner most wood; }")
    assert Game(p, 3, 1).state.supply == {"wood": 0}
    with pytest.raises(RulesRuntimeError) as err:
        Game(p, 4, 1)
    assert err.value.code == "E601" and "supply of wood is -1 with 4 players" in err.value.message


def test_a_supply_may_depend_on_a_variant():
    p = build_text("variant big;\nresource wood supply if enabled(big) then 30 else 20;")
    assert Game(p, 2, 1).state.supply == {"wood": 20}
    assert Game(p, 2, 1, variants=["big"]).state.supply == {"wood": 30}


# ---------------------------------------------------------------------------- a whole game

# Stone Age, much reduced: wood (28) and brick (18) from the supply; a hut costs 2 wood and 1 brick
STONE_AGE = """
resource wood "Wood" supply 28;
resource brick "Brick" supply 18;
counter vp;
game stone_age {
  seats 2 to 4;
  phase play {
    repeat 8 {
      each players {
        choose "work" {
          option "forest" { gain 3 wood; }
          option "clay pit" { gain 2 brick; }
          option "hut" when affordable(2 wood, 1 brick) { pay 2 wood, 1 brick; gain 3 vp; }
          option "fire" when wood > 0 { lose 1 wood; }
        }
      }
    }
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_supply_and_the_stocks_always_add_up_to_the_bank(interpreted, seed):
    p = build_text(STONE_AGE, interpreted=interpreted)
    g = Game(p, 3, seed, [RandomAgent(seed * 10 + i) for i in range(3)])
    g.play()
    for res, total in (("wood", 28), ("brick", 18)):
        assert g.state.supply[res] + sum(pl.stock[res] for pl in g.state.players) == total
    assert replay(p, record(g)).state.digest() == g.state.digest()


def test_both_backends_play_the_same_games():
    games = [Game(build_text(STONE_AGE, interpreted=i), 4, 7, [RandomAgent(70 + k) for k in range(4)]) for i in (0, 1)]
    for game in games:
        game.play()
    assert games[0].log == games[1].log and games[0].state.to_json() == games[1].state.to_json()
    assert games[0].state.supply["wood"] < 28


def test_the_supply_is_in_the_digest_the_saved_state_and_the_view(tmp_path):
    p = build_text(STONE_AGE)
    g = Game(p, 2, 1)
    before = build_view(g, 0)
    assert before["supply"] == {"brick": 18, "wood": 28}
    digest = g.state.digest()
    g.state.supply["wood"] -= 3
    g.state.players[0].stock["wood"] += 3
    assert g.state.digest() != digest
    assert changes(before, build_view(g, 0)) == ["supply of Wood 28 → 25", "P1: Wood 0 → 3"]   # by title
    save_state(g.state, tmp_path / "s.json")
    assert load_state(tmp_path / "s.json", p).to_json() == g.state.to_json()
    data = g.state.to_json()
    assert data["supply"] == {"brick": 18, "wood": 25}
    assert State.from_json(data, p.entities).supply == {"brick": 18, "wood": 25}


@pytest.mark.parametrize("supply,message", [
    ({"brick": 18}, "no supply 'wood'"),
    ({"brick": 18, "wood": 25, "stone": 1}, "unknown supply 'stone'"),
    ({"brick": 18, "wood": -1}, "the supply of wood is -1"),
])
def test_a_saved_supply_must_be_the_packs(supply, message):
    p = build_text(STONE_AGE)
    data = Game(p, 2, 1).state.to_json()
    data["supply"] = supply
    with pytest.raises(Exception) as err:
        check_saved(data, p)
    assert message in str(err.value)


# ---------------------------------------------------------------------------- the language


def test_the_printer_writes_a_supply_back():
    text = PACK + "resource stone cap 4 supply 2 * player_count + 1;\n"
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert "resource ruby \"Ruby\" supply match player_count { 2: 4, 3: 5, else: 7 };" in printed
    assert "resource stone cap 4 supply 2 * player_count + 1;" in printed
    assert parse_text(printed, "a.rules") == module


def test_supply_stays_free_as_a_name():
    """Stupor Mundi names a zone `supply`: the word is not reserved."""
    analysed = analyse_text("kind piece { n: int; }\nzone supply per_player of piece;\n"
                            "resource coin supply 3;\nfunc f() = size(supply) + supply(coin);")
    assert not [d for d in analysed.diagnostics if d.severity == "error"]


def test_explain_reads_the_supply():
    analysed = analyse_text(PACK + "proc take_two() { if supply(ruby) >= 4 { gain 2 ruby; } }")
    sym = analysed.symbols
    assert [x.strip() for x in explain(sym.decls["gold"], sym)][1:] == [
        "Gold: a stock each player keeps.",
        "They come from a limited supply (5): gaining takes from it (what it lacks is not gained), and losing, "
        "paying and discarding put them back."]
    assert "If the number of rubies left in the supply is at least 4:" in [
        x.strip() for x in explain(sym.decls["take_two"], sym)]


def codes(text: str) -> list[tuple[str, str]]:
    try:
        analysed = analyse_text(text)
    except RulesError as e:
        return [(d.code, d.message) for d in e.diagnostics]
    return [(d.code, d.message) for d in analysed.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("text,code,message", [
    ("counter vp;\nresource wood supply vp;", "E303", "cannot read 'vp'"),
    ("resource wood supply size(players);", "E303", "cannot read 'size(players)'"),
    ("func n() = 3;\nresource wood supply n();", "E303", "cannot read 'n()'"),
    ("resource wood supply 2 + you;", "E303", "cannot read 'you'"),
    ("resource wood supply \"many\";", "E303", "a supply must be a whole number, not a text"),
    ("resource wood supply player_count > 2;", "E303", "a supply must be a whole number, not a condition"),
    ("resource wood supply -1;", "E303", "a supply must be at least 0, not -1"),
    ("resource wood supply enabled(huge);", "E213", "huge"),
    ("resource coin;\ncounter vp;\nproc p() { set vp = supply(coin); }", "E303", "'coin' has no supply"),
    # (a global counter may have a bank, 3.3: supply() of a counter without one, or with a member, is E462)
    ("counter vp;\nproc p() { set vp = supply(vp); }", "E462", "counter 'vp' has no supply"),
    ("resource coin supply 2;\ncounter vp;\nproc p() { set vp = supply(coin, coin); }", "E462", "'coin' is no counter"),
    ("resource coin supply 2;\ncounter vp;\nproc p() { set vp = supply(coin, coin, 3); }", "E302", "supply() takes 1 to 2"),
])
def test_misuse_of_a_supply_is_reported(text, code, message):
    found = codes(text)
    assert any(c == code and message in m for c, m in found), found


@pytest.mark.parametrize("text,message", [
    ("resource wood supplies 3;", "expected 'supply', 'over' or ';' after the resource; found 'supplies'"),
    ("resource wood supply;", ""),
    ("resource wood supply 3 cap 4;", ""),
])
def test_malformed_supplies_are_syntax_errors(text, message):
    d = parse_error(text, "a.rules")
    assert d.code == "E100" and message in d.message


def test_play_shows_the_supply_in_the_state_and_the_trace(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    from .conftest import write_pack

    pack = write_pack(tmp_path / "stone_age", STONE_AGE)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state", "--trace"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    # the first option every time: forests of 3 wood from a bank of 28, the tenth (P2's) gets 1
    assert any("Wood (supply)" in line and line.split("│")[-2].strip() == "0" for line in lines), result.output
    assert any(line.startswith("P2: short 2 wood (the supply had 1 of the 3)") for line in lines)


def test_a_modified_gain_is_cut_to_the_supply_after_the_modifier(program):
    """A tagged gain changed by a modifier (+2): the bank gives what it has of the changed amount."""
    g = Game(program("""event mine();
      proc p() { modifier mine { gain + 2; } gain 3 onyx for mine(); gain 1 gold for mine(); }"""), 2, 1)
    lines = traced(g)
    run_proc(g, "p")
    me = g.state.players[0]
    assert (me.stock["onyx"], me.stock["gold"]) == (4, 3)
    assert g.state.supply["onyx"] == 0 and g.state.supply["gold"] == 2
    assert "P1: short 1 onyx (the supply had 4 of the 5)" in lines
