"""`rulebook simulate` reports what the rules asked for and a bound left out: the units a gain or a `set`
could not add past a cap or an upper bound, and a loss could not take below a floor (Game.cut_at_bound,
simulate.Tallied), counted in the games that finished, never in a hypothetical run (`after`)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.runtime import simulate as sim

from .conftest import write_pack

# Each player takes 3 coins three times into a purse that holds 5 (1, then 3 left out), then pays 7 of the
# 5 they hold (2 that are not there); a shared pool bounded at 10 fills by 4 a round (2 left out in the
# third). Whether a player is rich is read after a dream of 9 coins, which cuts 9 - room each time it is
# read, and is not counted: nothing of it happened.
PURSE = """
resource coin "Coin" cap 5;
counter pool "Pool" global from 0 to 10;
proc take() { gain 3 coin; }
proc dream() { gain 9 coin; }
func rich(): bool = coin >= 5 after dream();
game purse "Purse" {
  seats 2 to 3;
  phase play {
    repeat 3 {
      each players {
        take();
        choose "a word" {
          option "rich" when rich() { }
          option "poor" { }
        }
      }
      gain 4 pool;
    }
    each players { lose 7 coin; }
  }
  winner most coin;
}
"""


@pytest.fixture
def purse(tmp_path):
    return write_pack(tmp_path / "purse", PURSE, name="purse")


@pytest.mark.parametrize("interpreted", [False, True])
def test_units_left_out_at_a_cap_or_a_floor_are_counted_per_game(purse, interpreted):
    job, _program = sim.prepare(str(purse), [], 3, interpreted=interpreted)
    records = sim.run(job, range(1, 11), 1)
    assert all(sorted(map(tuple, r.bounds)) == [("coin", "cap", 12), ("coin", "floor", 6), ("pool", "cap", 2)]
               for r in records)
    report = sim.summary(job, records, ["coin"], [], 1)
    assert report["bounds"] == [
        {"name": "coin", "at": "cap", "games": 10, "rate": 1.0, "units": 120, "per_game": 12.0},
        {"name": "coin", "at": "floor", "games": 10, "rate": 1.0, "units": 60, "per_game": 6.0},
        {"name": "pool", "at": "cap", "games": 10, "rate": 1.0, "units": 20, "per_game": 2.0}]


def test_a_pack_that_never_meets_a_bound_reports_none(tmp_path):
    roomy = write_pack(tmp_path / "roomy", PURSE.replace("cap 5", "cap 20").replace("to 10", "to 20")
                       .replace("lose 7 coin", "lose 1 coin"), name="roomy")
    job, _program = sim.prepare(str(roomy), [], 2)
    assert sim.summary(job, sim.run(job, range(1, 6), 1), ["coin"], [], 1)["bounds"] == []


def test_the_command_prints_and_writes_them(purse, tmp_path):
    out = tmp_path / "out.json"
    done = CliRunner().invoke(app, ["simulate", str(purse), "--players", "2", "--games", "4", "--workers", "1",
                                    "--json", str(out), "--html", str(tmp_path / "report")])
    assert done.exit_code == 0, done.output
    assert ("left out at a bound (gains and sets past a cap, losses below a floor): coin at its cap in 100% of "
            "the games, 32 units (8.0 a game); coin at its floor in 100% of the games, 16 units (4.0 a game); "
            "pool at its cap in 100% of the games, 8 units (2.0 a game)") in " ".join(done.output.split())
    assert [b["units"] for b in json.loads(out.read_text())["bounds"]] == [32, 16, 8]
    page = (tmp_path / "report" / "index.html").read_text()
    assert "<h2>Left out at a bound</h2>" in page and "<td>pool</td><td>cap</td>" in page
