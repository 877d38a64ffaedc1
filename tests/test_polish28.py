"""Leftovers of the last sessions (branch polish, eighteenth session), each a defect a designer met: the tests say what
reads right now, on both backends."""

from __future__ import annotations

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
    # "P1 trades with P2", never "P1: P1 trades with P2"; a text without {you} keeps its speaker
    assert game.messages == ["P1 trades with P2", "P1: holds 2 coins", "P1: P2 watches", "P1: P3 watches"]
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
    simulated = CliRunner().invoke(app, ["simulate", str(pack), "-g", "4", "-w", "1"], env={"COLUMNS": "200"})
    assert simulated.exit_code == 0, simulated.output
    assert "size of Dice cup" in simulated.output and "Rolls" in simulated.output
    assert "size(cup)" not in simulated.output
