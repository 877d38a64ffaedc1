"""`player` as an index (`counter support[player]`, `var allied[player]`, `counter ships_at[player, 1..5]`, a
record's field `home: player` as an index): one element per seat of the game being played, read with player
values on both backends, saved, replayed and shown by the players' names; E558, E559, W542. From the Cosmic
Encounter audit's W6 (planets numbered by seat) and Diplomacy's support orders (branch playeridx)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load_state, save_state
from rulebook.runtime.view import build_view, changes

from .conftest import explained, rules_programs, run_proc, screens, write_pack

# Diplomacy: each turn a power orders support for another (a number of units it lends each other power), and
# holds some of its three home centres; a power's strength is its units and the support the others give it.
DIPLOMACY = """
counter units "Units" from 0 to 17 start 3;
counter support[player] "Support given" from 0 to 17;
enum attitude { neutral "Neutral", friendly "Friendly" }
var allied[player] "Allied with": bool = false;
var stance[player] "Stance": attitude = neutral;
var held[player, 1..3] "Centre held by" global: player;
counter heard "Support received";
counter mine "Own support";
func strength(p: player): int = p.units + total(q in players, q.support[p]);
whenever you gain(support[p]) {
  if p == you { gain 1 mine; } else { each p: gain 1 heard; }
}
proc order() {
  pick p from opponents "support whom?" {
    gain 1 support[p];
    set allied[p] = true;
    set stance[p] = friendly;
  }
  pick k from 1..3 "take which centre of yours?" { set held[you, k] = you; }
}
proc lend(p: player, n: int) { gain n support[p]; }
proc lend_seat(k: int) { gain 1 support[all_players[k]]; }
proc held_by(k: int) { say "{held[you, k]}"; }
proc given() { say "{total(p in player, support[p])} {count(p in players where allied[p])}"; }
game diplomacy "Diplomacy" {
  seats 2 to 7 named "England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey";
  phase play { repeat 3 { each players: order(); } }
  winner most strength(you);
}
"""

# Cosmic Encounter: each player's five planets, numbered by seat; any player's ships stand on any planet.
COSMIC = """
record planet "{home}'s planet {n}" { home: player; n: 1..5; }
counter ships[planet] "Ships" from 0 to 20;
counter colonies "Foreign colonies";
func planets(): int = count(at in planet where at.n == 1);
proc setup_ships() {
  for each k in 1..5 { gain 4 ships[planet(home = you, n = k)]; }
}
proc attack() {
  pick at from planet where at.home != you "attack which planet?" {
    lose 1 ships[planet(home = you, n = 1)];
    gain 1 ships[at];
    if ships[at] == 1 { gain 1 colonies; }
  }
}
game cosmic "Cosmic Encounter" {
  seats 3 to 5;
  phase setup { each players: setup_ships(); }
  phase play { repeat 2 { each players: attack(); } }
  winner most colonies;
}
"""

diplomacy = rules_programs(DIPLOMACY)
cosmic = rules_programs(COSMIC)


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_each_game_holds_one_element_per_seat(diplomacy, seats):
    game = Game(diplomacy(), seats, 1)
    for p in game.state.players:
        assert sorted(k for k in p.stock if k.startswith("support")) == [f"support[{s}]" for s in range(1, seats + 1)]
        assert sorted(p.vars) == [f"{v}[{s}]" for v in ("allied", "stance") for s in range(1, seats + 1)]
    assert sorted(game.state.gvars) == [f"held[{s},{k}]" for s in range(1, seats + 1) for k in (1, 2, 3)]


def test_an_element_is_read_and_set_with_a_player(diplomacy):
    game = Game(diplomacy(), 3, 1)
    england, france, germany = game.state.players
    run_proc(game, "lend", france, 2)   # England lends France 2
    run_proc(game, "lend", england, 1)   # and itself 1
    run_proc(game, "lend_seat", 3)   # all_players[3]: Germany
    assert [england.stock[f"support[{s}]"] for s in (1, 2, 3)] == [1, 2, 1]
    assert germany.stock["support[1]"] == 0
    assert game.program.funcs["strength"](game, england, france) == 3 + 2
    run_proc(game, "order", player=1, answers=["Germany", "2"])   # France supports Germany, holds its centre 2
    assert france.vars["allied[3]"] is True and game.state.gvars["held[2,2]"] is france
    run_proc(game, "held_by", 2, player=1)
    assert game.messages[-1] == "France"   # a line naming a player has no prefix
    run_proc(game, "given")   # `player`, the domain's other name, goes through the index as an enum's name does
    assert game.messages[-1] == "England: 4 0"


def test_an_actor_or_none_is_no_element(diplomacy):
    game = Game(diplomacy(), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(game, "lend", None, 1)
    assert e.value.code == "E601" and "support has no element none (it has England, France)" in e.value.message


def played_on_both(text: str, seats: int, seed: int) -> tuple[Game, Game]:
    """One random game of `text` played compiled and interpreted, checked to be the same game: both."""
    a, b = (Game(build_text(text, interpreted=interpreted), seats, seed, make_agents("random", seats, seed))
            for interpreted in (False, True))
    a.play()
    b.play()
    assert a.result()["over"] and a.log == b.log and a.state.to_json() == b.state.to_json()
    return a, b


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_both_backends_play_the_same_diplomacy(seats):
    a, _b = played_on_both(DIPLOMACY, seats, 11)
    given = sum(p.stock[f"support[{s}]"] for p in a.state.players for s in range(1, seats + 1))
    assert given == 3 * seats   # one order a turn each, three rounds
    # the trigger binds the player of the element's seat: every support went to another power, and was heard there
    assert sum(p.stock["heard"] for p in a.state.players) == given and not any(p.stock["mine"] for p in a.state.players)
    for p in a.state.players:
        assert p.stock["heard"] == sum(q.stock[f"support[{p.index + 1}]"] for q in a.state.players)


@pytest.mark.parametrize("seats", [3, 5])
def test_a_record_with_a_players_field_indexes_the_planets(seats):
    a, _b = played_on_both(COSMIC, seats, 3)
    me = a.state.players[0]
    assert len([k for k in me.stock if k.startswith("ships[")]) == seats * 5   # each game's seats' planets alone
    assert sum(me.stock[f"ships[1,{n}]"] for n in range(1, 6)) == 20 - 2   # two ships sent away
    assert sum(me.stock[f"ships[{s},{n}]"] for s in range(2, seats + 1) for n in range(1, 6)) == 2
    assert a.program.funcs["planets"](a, me) == seats


def test_save_load_and_replay_keep_the_seats(tmp_path):
    game = Game(build_text(DIPLOMACY), 3, 5, make_agents("random", 3, 5))
    game.play()
    path = tmp_path / "state.json"
    save_state(game.state, path)
    assert load_state(path, game.program).to_json() == game.state.to_json()
    pack = write_pack(tmp_path / "diplomacy", DIPLOMACY)
    log = tmp_path / "game.json"
    runner = CliRunner()
    played = runner.invoke(app, ["play", str(pack), "-n", "4", "-s", "7", "-q", "--log", str(log)])
    assert played.exit_code == 0, played.output
    saved = json.loads(log.read_text())
    assert saved["players"] == 4
    for extra in ([], ["--interpret"]):
        replayed = runner.invoke(app, ["replay", str(log), *extra])
        assert replayed.exit_code == 0 and "replay matches the log" in replayed.output, replayed.output


def test_screens_and_show_state_name_the_players(tmp_path):
    game = Game(build_text(DIPLOMACY), 3, 1)
    england, france, _germany = game.state.players
    before = build_view(game, 0)
    run_proc(game, "lend", france, 2)
    run_proc(game, "order", player=1, answers=["Germany", "3"])
    said = changes(before, build_view(game, 0))   # "since your last decision", by name
    assert said == ["Centre held by (France, 3) none → France", "England: Support given France 0 → 2",
                    "France: Support given Germany 0 → 1, Allied with Germany no → yes, Stance Germany Neutral → Friendly"]
    shown = screens(game, (0,))[0]
    assert "Support given: France 2" in shown   # England's support, by power
    assert "Support given: Germany 1" in shown   # France's
    assert "Centre held by" in shown
    rows = [line for line in shown.splitlines() if line.startswith("│ ")]
    assert any(line.split("│")[1].strip() == "France" for line in rows)   # the board's rows: the powers
    assert not any(line.split("│")[1].strip() in ("1", "2", "3") for line in rows)
    view = build_view(game, 0)
    assert view["labels"]["support[2]"] == "Support given France"
    assert view["lists"]["allied"]["elements"] == {"allied[1]": "England", "allied[2]": "France", "allied[3]": "Germany"}
    assert "Allied with: Germany" in shown and not view["lists"]["allied"].get("table")   # conditions: one line
    assert view["lists"]["stance"]["table"]   # a value per player: a table, a row per player
    assert "Stance" in shown and any(line.split("│")[1].strip() == "Germany" and "Friendly" in line for line in rows)
    assert view["grids"]["held"]["row_titles"] == ["England", "France", "Germany"]
    pack = write_pack(tmp_path / "diplomacy", DIPLOMACY)
    out = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "-s", "3", "--show-state", "-q"]).output
    assert "Traceback" not in out and "England" in out
    assert "Support given 3" not in out and "support[3]" not in out   # a game of two holds two seats
    assert any(line.startswith("│ England") for line in out.splitlines()), out   # the board's rows by name


def test_an_eliminated_player_keeps_their_elements(diplomacy):
    game = Game(diplomacy("proc out(p: player) { eliminate p; }"), 3, 1)
    england, france, _germany = game.state.players
    run_proc(game, "lend", france, 2)
    run_proc(game, "out", france)
    assert france in game.state.out and england.stock["support[2]"] == 2
    run_proc(game, "lend", france, 1)   # still an element: what was given to a player out is kept
    assert england.stock["support[2]"] == 3 and game.program.funcs["strength"](game, england, france) == 3 + 3


@pytest.mark.parametrize("text, code, at, hint", [
    ("counter c[player];\nproc p() { gain 1 c[3]; }", "E558", (2, 21), "all_players[3]"),
    ("counter c[player, 1..5] global;\nproc p(k: int) { gain 1 c[seat(you), k]; }", "E558", (2, 27), "'c[you, k]'"),
    ("enum colour { red, blue }\nvar v[player]: bool;\nproc p() { set v[red] = true; }", "E558", (3, 18), "'v[you]'"),
    ("counter c[player] from 0 to 5 { 1 to 3; }", "E559", (1, 33), "the counter's bounds"),
    ("counter c[player] global from 0 to 5 supply 9 per player;", "E559", (1, 51), "without 'per'"),
    ("kind card { votes: int[player] = 0; }\ncard a {}", "E559", (1, 24), "'counter votes[card, player];'"),
])
def test_misuse_is_positioned_with_a_hint(text, code, at, hint):
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [(code, *at)]
    assert hint in errors[0].hint


def test_a_seat_number_index_is_warned_and_the_old_errors_are_gone():
    found = analyse_text("counter ships[1..5, 1..5] global;\nproc p(k: int) { gain 1 ships[seat(you), k]; }").diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("W542", 2, 31)]
    assert "ships[player, 1..5]" in found[0].hint and "ships[you, k]" in found[0].hint
    text = "counter c[player, 1..5] global;\nrecord spot { owner: player; at: 1..3; }\nvar v[spot] global: bool;\n" \
           "proc p() { gain 1 c[you, 2]; set v[spot(owner = you, at = 1)] = true; }"
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    errors = [d for d in analyse_text("record crew { who: player; n: int; }\nvar x[crew]: bool;").diagnostics
              if d.severity == "error"]
    assert [d.code for d in errors] == ["E486"] and "field 'n'" in errors[0].message


def test_an_enum_named_player_still_indexes_by_its_members():
    text = "enum player { alpha, beta }\ncounter c[player];\nproc p() { gain 1 c[alpha]; }"
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []


def test_fmt_prints_and_explain_reads_an_index_of_players():
    printed = format_module(parse_text(DIPLOMACY))
    assert "counter support[player] \"Support given\" from 0 to 17;" in printed
    assert "var held[player, 1..3] \"Centre held by\" global: player;" in printed
    assert format_module(parse_text(printed)) == printed
    result = analyse_text(DIPLOMACY)
    assert "for each player of the game (one per seat) and each number from 1 to 3" in explained(result, "held")



# Gifts (for illustration): a pile of gifts for each player, a bid for each player that lasts a turn, and the
# players seen so far as a remembered position.
GIFTS = """
kind card { v: int = 1; }
card a * 6 {}
zone deck of card;
zone gifts[player] "Gifts" of card;
counter bid[player] "Bid" from 0 to 9 per turn;
var seen_by[player] "Seen by" global remembered: bool = false;
counter score;
proc turn() {
  pick p from opponents "give to whom?" {
    if size(deck) > 0 { move first(deck) to gifts[p]; }
    gain 2 bid[p];
    set seen_by[p] = true;
    say "{p} has {size(gifts[p])} gifts, bid {bid[p]}";
  }
  gain size(gifts[you]) score;
  if times_seen(seen_by) > 2 { gain 1 score; }
}
proc given() { say "{piles(gifts)}"; }
game giving "Gifts" {
  seats 2 to 4;
  phase setup { move a to deck; }
  phase play { repeat 2 { each players: turn(); } }
  winner most score;
}
"""


def test_zones_turn_counters_and_positions_by_player(tmp_path):
    played = a, b = played_on_both(GIFTS, 3, 2)
    assert a.messages == b.messages
    assert sorted(a.state.zones) == ["deck", "gifts[1]", "gifts[2]", "gifts[3]"]
    assert sum(len(a.state.zones[f"gifts[{s}]"]) for s in (1, 2, 3)) == 1 and not a.state.zones["deck"]
    assert not any(p.stock[f"bid[{s}]"] for p in a.state.players for s in (1, 2, 3))   # back to 0 after each turn
    assert all(message.endswith("bid 2") for message in a.messages)
    given = [p for p in a.state.players if a.state.zones[f"gifts[{p.index + 1}]"]]
    for game in played:   # piles(): the players whose pile was ever filled, as players
        run_proc(game, "given")
    assert a.messages[-1] == b.messages[-1] == f"P1: {', '.join(p.name for p in given)}"
    pack = write_pack(tmp_path / "gifts", GIFTS)
    out = CliRunner().invoke(app, ["play", str(pack), "-n", "3", "-s", "2", "--show-state", "-q"]).output
    assert "Gifts P3" in out and "Gifts 3" not in out and "Gifts P4" not in out, out


def test_a_display_per_player_lays_out_this_games_seats_alone():
    text = """
kind card { v: int = 1; }
card a {} card b {} card c {} card d {} card e {} card f {}
zone deck of card;
zone market[player] "Market" of card show 2 from deck;
counter score;
proc turn() { pick x from market[you] "take" { gain x.v score; move x to deck; } }
game stalls "Stalls" {
  seats 2 to 4;
  phase setup { move a to deck; move b to deck; move c to deck; move d to deck; move e to deck; move f to deck; fill market; }
  phase play { repeat 2 { each players: turn(); } }
  winner most score;
}
"""
    a, b = played_on_both(text, 2, 1)
    assert a.state.shown == ["market[1]", "market[2]"] and sorted(a.state.zones) == ["deck", "market[1]", "market[2]"]
    assert [len(a.state.zones[f"market[{s}]"]) for s in (1, 2)] == [2, 2] and len(a.state.zones["deck"]) == 2


def test_the_trace_names_a_seat_by_its_player_and_the_log_keeps_the_number(diplomacy):
    game = Game(diplomacy(), 3, 1)
    lines = []
    game.tracer = lambda effect: lines.append(f"{effect.player}: {effect.what}")
    run_proc(game, "lend", game.state.players[2], 2)
    run_proc(game, "lend_seat", 2)
    assert lines == ["England: support[Germany]", "England: support[France]"]
    assert game.state.players[0].stock["support[3]"] == 2   # the state (and a log, a save) keeps the seat
