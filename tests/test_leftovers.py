"""The gaps the sixteenth session's constructs left, closed (branch leftovers): `teammates` as a
pattern subject and `simulate`'s table grouped by team; a `hold DISPLAY { ... }` left early; `amend`
adding or removing a pick's `secret`, `always asked` and `with repeats`; an `in force while`
condition that reads itself. Each on both backends where it runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from pygments.token import Name

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game

from .conftest import both_built, explained, found_at, printed_back, random_games_agree, rules_program, run_proc, write_pack

# Bridge-like partnerships (seats 1 and 3 against 2 and 4): every player hears the tricks their
# partners take, and the first player's nil bid forbids their partners' nil bids.
PARTNERS = """
counter tricks "Tricks" from 0 to 30;
counter side_tricks "Partnership tricks" from 0 to 13;
event took_trick();
event nil_bid();

game bridge "Bridge" {
  seats 4 to 8 teams of 2 alternating;
  phase play {
    each players {
      whenever teammates took_trick { gain 1 side_tricks; }
    }
    each first(players) {
      modifier teammates nil_bid { forbid; }
    }
    each players {
      for nil_bid() { gain 10 tricks; }
      gain seat() tricks;
      emit took_trick();
    }
  }
  winner most tricks by team;
}
"""


def partners(seats: str = "4 to 8", teams: str = "of 2 alternating") -> str:
    return PARTNERS.replace("4 to 8 teams of 2 alternating", f"{seats} teams {teams}")


def stocks(text: str, players: int, name: str) -> list:
    """Each seat's `name` after a game of `text`, compiled and interpreted (checked alike)."""
    seen = []
    for program in both_built(text):
        game = Game(program, players, 1)
        game.play()
        seen.append([p.stock[name] for p in game.state.players])
    assert seen[0] == seen[1]
    return seen[0]


@pytest.mark.parametrize("teams,players,heard", [
    ("of 2 alternating", 4, [1, 1, 1, 1]),          # each hears their one partner, not themselves
    ("of 2 alternating", 6, [1, 1, 1, 1, 1, 1]),
    ("2 adjacent", 6, [2, 2, 2, 2, 2, 2]),          # teams of three: two teammates each
    ("of 3 adjacent", 5, [2, 2, 2, 1, 1]),          # the last team short: one teammate each
])
def test_whenever_teammates_hears_the_other_members_only(teams, players, heard):
    assert stocks(partners(teams=teams), players, "side_tricks") == heard


@pytest.mark.parametrize("teams,players,tricks", [
    ("of 2 alternating", 4, [11, 12, 3, 14]),       # P3, P1's partner, may not bid nil
    ("2 adjacent", 6, [11, 2, 3, 14, 15, 16]),      # P2 and P3 may not
])
def test_a_modifier_of_teammates_applies_to_the_owners_team_only(teams, players, tricks):
    assert stocks(partners(teams=teams), players, "tricks") == tricks


def test_teammates_as_a_subject_without_teams_is_e575_at_the_word():
    text = partners().replace(" teams of 2 alternating", "")
    assert ("E575", 11, 16) in found_at(text) and ("E575", 14, 16) in found_at(text)
    message = next(d.message for d in analyse_text(text).diagnostics if d.code == "E575")
    assert message == "'teammates' in a game with no teams: its seats line declares none"


def test_another_subject_still_names_the_subjects_and_teammates_among_them():
    found = [d for d in analyse_text(partners().replace("whenever teammates", "whenever partners")).diagnostics
             if d.code == "E303"]
    assert [(d.span.line, d.span.column) for d in found] == [(11, 16)]
    assert "'teammates'" in found[0].message


def test_fmt_explain_and_the_highlighter_read_the_subject():
    _module, printed = printed_back(partners())
    assert "whenever teammates took_trick {" in printed and "modifier teammates nil_bid {" in printed
    reading = explained(analyse_text(partners()), "bridge")
    assert "Whenever one of your teammates took trick:" in reading
    assert "on your teammates' nil bid" in reading
    lexed = [(t, v) for t, v in RulesLexer().get_tokens(partners()) if v.strip()]
    assert lexed.count((Name, "teammates")) == 2 and lexed.count((Name, "opponents")) == 0


def test_simulate_groups_the_seats_by_team_with_each_teams_win_rate(tmp_path):
    pack = write_pack(tmp_path / "bridge", partners())
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "--players", "4", "--games", "3", "-w", "1",
                                      "--json", str(report)])
    assert result.exit_code == 0, result.output
    rows = [line.split("│")[1].strip() for line in result.output.splitlines() if line.startswith("│")]
    assert rows == ["P1", "P3", "team 1", "P2", "P4", "team 2"]   # as play's score table
    data = json.loads(report.read_text())
    assert data["teams"] == [1, 2, 1, 2]
    # team 2 (P2 4 tricks, P4 14) beats team 1 (11 + 3) every game: a whole win, not a half per member
    assert [t["win_rate"] for t in data["team_rates"]] == [0.0, 1.0]


# ---------------------------------------------------------------- hold DISPLAY { ... } left early

DOCS = (Path(__file__).parent.parent / "docs" / "language.md").read_text(encoding="utf-8")


def snippet(first_line: str) -> str:
    """The rules of the docs' example that begins with this comment line, to its closing fence."""
    text = DOCS[DOCS.index(first_line):]
    return text[:text.index("```")]


# Ticket to Ride (the docs' house rule): a round begins with one Locomotive face up, then four from the
# deck; these setups leave the block early, by a `return` (no Locomotive left to show) or a `break`.
TTR = snippet("# Ticket to Ride (a house rule, for illustration): each round begins") + """
counter rounds from 0 to 9;
proc take_card() {
  pick t from market "take which card?" { move t to hand; }
}
proc no_loco_round() {
  hold market {
    fill train_deck with train;
    move all of train_deck where it.loco to train_discard;
    if count(t in train_deck where t.loco) == 0 {
      shuffle train_deck;
      return;
    }
    draw 1 from train_deck where it.loco to market;
  }
}
proc loco_rounds() {
  while true {
    hold market {
      fill train_deck with train;
      shuffle train_deck;
      gain 1 rounds;
      if rounds >= 2 {
        break;
      }
    }
  }
}
proc broken() {
  hold market {
    fill train_deck with train;
    gain 6 / (rounds - rounds) rounds;
  }
}
"""

ttr_program = rules_program(TTR)


def shown(game: Game) -> list:
    return [c.title for c in game.zone(None, "market").items]


def test_a_return_out_of_a_hold_lays_the_display_out_on_both_backends(ttr_program):
    game = Game(ttr_program, 2, 1)
    run_proc(game, "no_loco_round")
    # laid out as at the block's end: five cards from the shuffled deck, none a Locomotive, kept filled
    assert len(shown(game)) == 5 and "Locomotive" not in shown(game)
    assert game.state.shown == ["market"]
    run_proc(game, "take_card", answers=["Red"])
    assert len(shown(game)) == 5


def test_a_break_out_of_a_hold_lays_the_display_out_on_both_backends(ttr_program):
    game = Game(ttr_program, 2, 1)
    run_proc(game, "loco_rounds")
    assert game.state.players[0].stock["rounds"] == 2
    assert len(shown(game)) == 5 and game.state.shown == ["market"]


def test_an_error_inside_a_hold_leaves_the_display_as_it_is(ttr_program):
    game = Game(ttr_program, 2, 1)
    with pytest.raises(ZeroDivisionError):   # (a game's play turns it into a rules error, E6xx)
        run_proc(game, "broken")
    assert shown(game) == [] and game.state.shown == []   # nothing drawn after the error


def test_games_leaving_a_hold_early_agree_on_both_backends():
    game = """
game ttr "TTR" {
  seats 2 to 2;
  phase play {
    no_loco_round();
    each players: take_card();
    loco_rounds();
    each players: take_card();
  }
  winner most size(hand);
}
"""
    random_games_agree(TTR + game, seeds=range(1, 4), counts=(2,))
