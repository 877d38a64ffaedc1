"""Leftovers of the last sessions (branch polish, eighteenth session), each a defect a designer met: the tests say what
reads right now, on both backends."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.engine import Game

from .conftest import run_proc

# 1. `say "{you} ..."`: the text names the speaker itself, so the line has no "P1: " before it
SAYS = """
resource coin "Coin";
proc trade() {
  gain 2 coin;
  say "{you} trades with {left(you)}";
  say "holds {coin} coins";
  for each p in all_players where p != you { say "{p} watches"; }
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_say_naming_you_is_not_prefixed_by_you_again(interpreted):
    game = Game(build_text(SAYS, interpreted=interpreted, name="t.rules"), 3, 1)
    entries = []
    game.tracer = entries.append
    run_proc(game, "trade", player=0)
    # "P1 trades with P2", never "P1: P1 trades with P2"; a text naming another player names its subject too
    # (branch polish2); a text naming no one keeps its speaker
    assert game.messages == ["P1 trades with P2", "P1: holds 2 coins", "P2 watches", "P3 watches"]
    assert [e.describe() for e in entries if e.kind == "say"] == game.messages


# 2. `cover`: a member a variable starts at is reached at setup, though no rule sets the variable to it
LUDO = """
enum square { home "Home", first "First", second "Second", goal "Goal" }
var at "At": square = home;
counter vp;
game ludo {
  seats 2;
  phase play {
    repeat 2 {
      each players {
        choose "Move" {
          option "step" { set at = if at == home then first else second; }
          option "rest" { gain 1 vp; }
        }
      }
    }
  }
  winner most vp;
}
"""


@pytest.mark.parametrize("backend", ["compiled", "interpreted"])
def test_cover_counts_the_member_a_variable_starts_at_as_reached(tmp_path, backend):
    from rulebook.compiler.driver import analyse
    from rulebook.runtime.coverage import cover_games, enum_places

    from .conftest import program_of, write_pack

    pack = write_pack(tmp_path / "ludo", LUDO, name="ludo")
    program = program_of(pack, backend)
    places = enum_places(analyse(str(pack)).symbols, program)
    report = cover_games(program, [2], range(1, 4), [[]], places=places).report()
    # every pawn starts at home (no rule sets it there); nobody reaches the goal
    assert report["enum square"] == (4, ["goal"])


# 3. a winner key that is a zone's size is headed by the zone's title, in play's and simulate's tables
DICE = """
zone cup "Dice cup" per_player of die_card;
kind die_card { pips: int; }
die_card d1 "Die" { pips = 1; }
die_card d2 "Die" { pips = 2; }
zone pool of die_card;
counter rolls "Rolls";
func streak() = rolls + 1;
game dice {
  seats 2;
  phase setup { fill pool with die_card; }
  phase play { each players { gain 1 rolls; draw 1 from pool to you.cup; } }
  winner most size(cup) then rolls then streak();
}
"""


def test_a_zone_size_key_is_headed_by_the_zones_title(tmp_path):
    from click.testing import CliRunner
    from rulebook.cli import app

    from .conftest import write_pack

    pack = write_pack(tmp_path / "dice", DICE, name="dice")
    played = CliRunner().invoke(app, ["play", str(pack), "--agent", "first"])
    assert played.exit_code == 0, played.output
    assert "size of Dice cup" in played.output and "size(cup)" not in played.output
    assert "then Rolls" in played.output and "then streak" in played.output
    report = tmp_path / "report.json"
    simulated = CliRunner().invoke(app, ["simulate", str(pack), "-g", "4", "-w", "1", "--json", str(report)])
    assert simulated.exit_code == 0, simulated.output
    # the table's columns, headed as in the report (a narrow terminal wraps them)
    assert json.loads(report.read_text())["score_keys"] == ["size of Dice cup", "Rolls", "streak"]


# 4. a limit several options share (`once ... as NAME`), across chooses and within one, on both backends
CASTLING = """
counter moved_king;
counter rook_moves;
event turn_start();
proc move() {
  choose "your move" {
    option "castle short" once as castling { gain 1 moved_king; }
    option "castle long" once as castling { gain 1 moved_king; }
    option "move a rook" { gain 1 rook_moves; }
  }
}
counter cards_;
counter knights;
proc act() {
  choose "after the roll" {
    option "play a card" once per you turn_start as dev_card when cards_ > 0 { lose 1 cards_; gain 1 knights; }
    option "end the turn" { }
  }
}
proc turn() {
  emit turn_start();
  choose "before the roll" {
    option "play a knight" once per you turn_start as dev_card when cards_ > 0 { lose 1 cards_; gain 1 knights; }
    option "roll" { }
  }
  act();
  act();
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_options_that_name_one_limit_share_it(interpreted):
    from .conftest import run_answering

    program = build_text(CASTLING, interpreted=interpreted, name="t.rules")
    game = Game(program, 2, 1)
    p1 = game.state.players[0]
    seen = []

    def first_of(d) -> int:
        seen.append((d.prompt, list(d.options)))
        return 0

    # castling short takes castling long with it, for the whole game
    for _move in range(3):
        run_answering(program.procs["move"](game, p1), first_of)
    assert p1.stock["moved_king"] == 1 and p1.stock["rook_moves"] == 2
    # the second move's choice is "move a rook" alone: forced, not asked
    assert [options for prompt, options in seen] == [["castle short", "castle long", "move a rook"]]
    # a card a turn, before or after the roll: three turns with cards at hand play three
    p1.stock["cards_"] = 5
    asked = []
    for _turn in range(3):
        asked += run_answering(program.procs["turn"](game, p1), first_of, with_forced=True)
    assert p1.stock["knights"] == 3 and p1.stock["cards_"] == 2
    # each turn: the knight before the roll, then the "after the roll" question offers only the end
    assert [list(d.options) for d in asked] == [["play a knight", "roll"], ["end the turn"], ["end the turn"]] * 3


def test_a_shared_limit_is_printed_explained_and_checked():
    from rulebook.compiler.driver import analyse_text

    from .conftest import explained, found_at, printed_back

    _module, printed = printed_back(CASTLING)
    assert 'option "castle long" once as castling {' in printed
    assert 'option "play a card" once per you turn_start as dev_card when cards_ > 0 {' in printed
    result = analyse_text(CASTLING)
    assert result.diagnostics == []
    assert "(one limit with every option marked “castling”: taking any of them uses it)" in explained(result, "move")
    # two periods for one limit; a limit one option alone names (a slip: did you mean)
    mixed = CASTLING.replace('"castle long" once as castling', '"castle long" once per you turn_start as castling')
    assert found_at(mixed) == [("E588", 8, 5)]
    slip = CASTLING.replace('"play a card" once per you turn_start as dev_card', '"play a card" once per you turn_start as dev_crd')
    warnings = analyse_text(slip).diagnostics   # each of the two names is named once now
    assert [(w.code, w.span.line) for w in warnings] == [("W582", 16), ("W582", 23)]
    assert "did you mean 'dev_card'?" in warnings[0].hint
    # `as NAME` only after `once` or `once per PATTERN`
    assert [c for c, _l, _c in found_at(CASTLING.replace('"move a rook" {', '"move a rook" as castling {'))] == ["E100"]


# 5. an amend adds or removes a choose's `secret`, as a pick's (E581, W570, E583 alike)
BID = """
resource coin;
proc bid() {
  choose "your bid" {
    option "low" { gain 1 coin; }
    option "high" { gain 2 coin; }
  }
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
@pytest.mark.parametrize("base, amend, masked", [
    (BID, 'choose "your bid" secret {}', True),
    (BID.replace('"your bid" {', '"your bid" secret {'), 'choose "your bid" remove secret {}', False),
    (BID, 'choose "your bid" { option "low" { gain 3 coin; } }', False),   # the options alone: still told
])
def test_an_amend_makes_a_choose_secret_or_told(interpreted, base, amend, masked):
    from rulebook.runtime.view import told_answer

    program = build_text(base + f"amend bid {{\n  {amend}\n}}\n", interpreted=interpreted, name="t.rules")
    game = Game(program, 2, 1)
    d = next(program.procs["bid"](game, game.state.players[0]))
    assert told_answer(game, d, 1, 0).endswith("→ …") is masked
    assert told_answer(game, d, 0, 0) == "your bid → low"   # the player's own answer is theirs


def test_amending_a_chooses_secret_is_checked_and_printed():
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.dsl.parser import parse_text

    from .conftest import found_at, printed_back

    amended = BID + 'amend bid {\n  choose "your bid" secret {}\n}\n'
    assert 'choose "your bid" secret {' in printed_back(amended)[1]
    assert 'choose "your bid" remove secret {' in printed_back(amended.replace(" secret {}", " remove secret {}"))[1]
    assert found_at(amended.replace(" secret {}", " remove secret {}")) == [("E581", 10, 3)]
    secret = BID.replace('"your bid" {', '"your bid" secret {')
    assert [c for c, _l, _c in found_at(secret + 'amend bid {\n  choose "your bid" secret {}\n}\n')] == ["W570"]
    with pytest.raises(RulesError) as caught:
        parse_text(amended.replace(" secret {}", " secret remove secret {}"), "h.rules")
    assert caught.value.diagnostics[0].code == "E583"


# 6. `teammate` as a pattern's subject (a partnership of two), and `simulate --against` by team
PARTNERS = """
counter tricks "Tricks" from 0 to 13;
counter side_tricks "Partnership tricks" from 0 to 13;
event took_trick();
game bridge "Bridge" {
  seats 4 teams of 2 alternating;
  phase setup {
    each players {
      whenever teammate took_trick { gain 1 side_tricks; }
      whenever you took_trick { gain 1 side_tricks; }
    }
  }
  phase play {
    each players {
      choose "lead" {
        option "high" { gain 1 tricks; emit took_trick(); }
        option "low" { }
      }
    }
  }
  winner most side_tricks by team;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_whenever_teammate_hears_the_partner_alone(interpreted):

    program = build_text(PARTNERS, interpreted=interpreted, name="t.rules")
    game = Game(program, 4, 1)
    answers = iter([0, 1, 1, 1])   # P1 takes a trick, the others do not
    d = game.start()
    while d is not None:
        d = game.apply(next(answers))
    # P1's trick counts for P1 and their partner P3 (seats 1 and 3), not for P2 or P4
    assert [p.stock["side_tricks"] for p in game.state.players] == [1, 0, 1, 0]


def test_teammate_as_a_subject_is_read_and_checked():
    from rulebook.compiler.driver import analyse_text

    from .conftest import explained, found_at

    result = analyse_text(PARTNERS)
    assert result.diagnostics == []
    assert "Whenever your teammate took trick" in explained(result, "bridge")
    # in teams of three, `teammate` hears both others: W557 says to write `teammates`
    threes = PARTNERS.replace("seats 4 teams of 2 alternating", "seats 6 teams 2 alternating")
    assert found_at(threes) == [("W557", 9, 16)]
    # without teams, E575 as for `teammates`
    assert [c for c, _l, _c in found_at(PARTNERS.replace(" teams of 2 alternating", "").replace(
        " by team", ""))] == ["E575"]


def test_simulate_against_groups_the_difference_by_team(tmp_path):
    from click.testing import CliRunner
    from rulebook.cli import app

    from .conftest import write_pack

    mine = write_pack(tmp_path / "bridge", PARTNERS, name="bridge")
    theirs = write_pack(tmp_path / "bridge2", PARTNERS.replace('option "low" { }', 'option "low" { gain 0 tricks; }'),
                        name="bridge2")
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(mine), "-g", "6", "-w", "1", "--against", str(theirs),
                                      "--json", str(report)])
    assert result.exit_code == 0, result.output
    rows = [row["seat"] for row in json.loads(report.read_text())["against"]["difference"]]
    assert rows == ["P1", "P2", "P3", "P4", "team 1", "team 2"]
    table = result.output[result.output.index("minus"):]
    order = [table.index(f"│ {heading} ") for heading in ("P1", "P3", "team 1", "P2", "P4", "team 2")]
    assert order == sorted(order)   # each team's seats, then the team, as the seats' table groups them


# 7. fmt keeps a card of values written as a row a row: on one line when it fits, else its values on
# one line of their own (three lines, not one line per value); the rules, hence the digests, unchanged
ROWS = """enum level { one, two }
resource diamond;
resource sapphire;
resource emerald;
resource ruby;
resource onyx;
kind development { level: level; bonus: resource; cost: cost; points: int = 0; }
development l1_diamond_1 "Diamond 1.1" { level = one; bonus = diamond; cost = {sapphire: 1, emerald: 1, ruby: 1, onyx: 1}; }
development l1_diamond_7 "Diamond 1.7" { level = one; bonus = diamond; cost = {sapphire: 3}; }
development l1_sapphire_1 "Sapphire 1.1" {
  level = one;
  bonus = sapphire;
  cost = {diamond: 1, emerald: 1, ruby: 1, onyx: 1};
}
"""


def test_fmt_keeps_a_long_row_of_values_on_three_lines():
    from rulebook.dsl.parser import parse_text
    from rulebook.dsl.printer import format_text

    printed = format_text(ROWS, "s.rules")
    assert printed.splitlines()[7:] == [
        'development l1_diamond_1 "Diamond 1.1" {',   # 111 characters on one line: the values on one of their own
        "  level = one; bonus = diamond; cost = {sapphire: 1, emerald: 1, ruby: 1, onyx: 1};",
        "}",
        'development l1_diamond_7 "Diamond 1.7" { level = one; bonus = diamond; cost = {sapphire: 3}; }',
        "",   # a block its author wrote one value a line stays so, after a blank line
        'development l1_sapphire_1 "Sapphire 1.1" {',
        "  level = one;",
        "  bonus = sapphire;",
        "  cost = {diamond: 1, emerald: 1, ruby: 1, onyx: 1};",
        "}",
    ]
    assert format_text(printed, "s.rules") == printed and parse_text(printed, "s.rules") == parse_text(ROWS, "s.rules")


def test_splendors_cards_are_rows_again_with_the_same_digest(tmp_path):
    import re
    import shutil

    from rulebook.compiler.driver import pack_digest

    splendor = Path(__file__).parent / "packs" / "splendor"
    text = (splendor / "splendor.rules").read_text(encoding="utf-8")
    assert len(text.splitlines()) < 360   # 525 lines when each card was a block of five and a blank line
    # the cards laid out as before, one value a line: the same rules, the same content digest
    blocks = re.sub(r'^((?:development|noble) \S+ "[^"]*" \{)\n?\s*(.*?;)\s*\n?\}$',
                    lambda m: m.group(1) + "\n" + "".join(f"  {v.strip()};\n" for v in m.group(2).split(";") if v.strip())
                    + "}\n", text, flags=re.M)
    assert blocks.count("\n") > 500
    before = tmp_path / "splendor"
    shutil.copytree(splendor, before)
    (before / "splendor.rules").write_text(blocks, encoding="utf-8")
    assert pack_digest(before) == pack_digest(splendor)
