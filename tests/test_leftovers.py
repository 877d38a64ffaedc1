"""The gaps the sixteenth session's constructs left, closed (branch leftovers): `teammates` as a
pattern subject and `simulate`'s table grouped by team; a `hold DISPLAY { ... }` left early; `amend`
adding or removing a pick's `secret`, `always asked` and `with repeats`; an `in force while`
condition that reads itself. Each on both backends where it runs."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pygments.token import Keyword, Name

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, compile_pack, interpret_pack
from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.view import told_answer
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import both_built, explained, found_at, printed_back, random_games_agree, rules_program, run_proc, write_pack
from .test_repeats import LOTTERY_GAME

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


# a card on the first player's table that hears the partner's tricks (a reaction, 7.2a), and a house rule
# that takes the reaction away
SIGNAL = """
counter tricks "Tricks" from 0 to 30;
counter side_tricks "Partnership tricks" from 0 to 13;
event took_trick();
kind card { }
zone table per_player of card;
card signal "Signal" { whenever teammates took_trick in table { gain 1 side_tricks; } }
game bridge "Bridge" {
  seats 4 to 4 teams of 2 alternating;
  phase play {
    each first(players) { move signal to table; }
    each players { gain seat() tricks; emit took_trick(); }
  }
  winner most tricks by team;
}
"""


def test_a_cards_reaction_hears_the_teammates_and_an_amend_removes_it_by_its_subject():
    assert stocks(SIGNAL, 4, "side_tricks") == [1, 0, 0, 0]   # P1's card hears P3 only
    removed = SIGNAL + "amend signal {\n  remove whenever teammates took_trick in table;\n}\n"
    assert [code for code, *_ in found_at(removed)] == ["I404"]
    assert stocks(removed, 4, "side_tricks") == [0, 0, 0, 0]


def test_simulate_groups_the_seats_by_team_with_each_teams_win_rate(tmp_path):
    pack = write_pack(tmp_path / "bridge", partners())
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "--players", "4", "--games", "3", "-w", "1",
                                      "--json", str(report), "--html", str(tmp_path / "html")])
    assert result.exit_code == 0, result.output
    rows = [line.split("│")[1].strip() for line in result.output.splitlines() if line.startswith("│")]
    assert rows == ["P1", "P3", "team 1", "P2", "P4", "team 2"]   # as play's score table
    data = json.loads(report.read_text())
    assert data["teams"] == [1, 2, 1, 2]
    # team 2 (P2 4 tricks, P4 14) beats team 1 (11 + 3) every game: a whole win, not a half per member
    assert [t["win_rate"] for t in data["team_rates"]] == [0.0, 1.0]
    page = (tmp_path / "html" / "index.html").read_text()
    assert re.findall(r"<tr><td>(P\d|team \d)</td>", page) == ["P1", "P3", "team 1", "P2", "P4", "team 2"]


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


# ---------------------------------------------------------------- amend adds or removes a pick's words

PACKS = Path(__file__).parent / "packs"
LOTTERY = LOTTERY_GAME
TICKET = '"digit {n + 1} of your ticket"'


def house(tmp_path, base: Path, text: str) -> Path:
    """A house pack extending `base` with `text`."""
    import os

    root = tmp_path / "house"
    return write_pack(root, text, name="house", extends=[os.path.relpath(base, root)])


def lottery_with(words: str) -> str:
    return LOTTERY + f"amend buy_ticket {{\n  pick {TICKET} {words};\n}}\n"


@pytest.mark.parametrize("words,repeats,secret,asked,parts", [
    ("remove with repeats", False, False, False, "the 'with repeats'"),
    ("secret always asked", True, True, True, "the 'secret' and the 'always asked'"),
    ("up to 2 remove with repeats secret", False, True, False, "the mode and the 'with repeats' and the 'secret'"),
])
def test_an_amend_adds_and_removes_a_picks_words(words, repeats, secret, asked, parts):
    result = analyse_text(lottery_with(words))
    assert [d.code for d in result.diagnostics if d.severity != "info"] == []
    pick = next(n for n in A.walk(result.symbols.decls["buy_ticket"]) if type(n) is A.Pick)
    assert (pick.repeats, pick.secret, pick.asked) == (repeats, secret, asked)
    info = next(d.message for d in result.diagnostics if d.code == "I404")
    assert info == f"amends {parts} of pick {TICKET} of proc 'buy_ticket'"


def test_a_ticket_without_repeats_never_repeats_a_digit_on_both_backends():
    for program in both_built(lottery_with("remove with repeats")):
        for seed in range(1, 6):
            game = Game(program, 2, seed, make_agents("random", 2, seed))
            game.play()
            for p in game.state.players:
                digits = [p.stock[f"ticket[{i}]"] for i in (1, 2, 3)]
                assert len(set(digits)) == 3, digits


def test_a_house_rule_makes_the_seers_look_public(tmp_path):
    prompt = '"Seer: look at whose card? (none: two centre cards)"'
    pack = house(tmp_path, PACKS / "werewolf", f"amend night {{\n  pick {prompt} remove secret;\n}}\n")
    for program in (compile_pack(str(pack)).program, interpret_pack(str(pack))):
        game = Game(program, 3, 1)
        d, told = game.start(), {}
        while d is not None:
            other = (d.player.index + 1) % 3
            told[told_answer(game, d, d.player.index, 0)] = told_answer(game, d, other, 0)
            d = game.apply(0)
        seer = [(mine, theirs) for mine, theirs in told.items() if mine.startswith("Seer: look at whose")]
        assert seer and all(mine == theirs for mine, theirs in seer)   # told to all now
        robber = [(mine, theirs) for mine, theirs in told.items() if mine.startswith("Robber")]
        assert all(theirs.endswith("→ …") for _mine, theirs in robber)   # the other night choices stay secret


def test_printed_back_and_explained():
    _module, printed = printed_back(lottery_with("exactly 2 remove with repeats secret"))
    assert f"pick {TICKET} exactly 2 remove with repeats secret;" in printed
    reading = explained(analyse_text(lottery_with("remove with repeats always asked")), "buy_ticket")
    assert "pick one d not picked before from 0 to 9 (amended by" in reading
    assert "(asked even when only one is left to pick)" in reading and "in secret" not in reading


@pytest.mark.parametrize("words,code,message", [
    ("remove secret", "E581", "has no 'secret' to remove"),
    ("remove always asked", "E581", "has no 'always asked' to remove"),
    ("with repeats", "W570", "is 'with repeats' already: adding it changes nothing"),
    ("optional", "E582", "would have 'with repeats' without a count"),
])
def test_amending_a_word_that_is_not_there_or_is_already(words, code, message):
    found = [d for d in analyse_text(lottery_with(words)).diagnostics if d.code == code]
    assert len(found) == 1 and message in found[0].message
    line = lottery_with(words).splitlines().index(f"  pick {TICKET} {words};") + 1
    assert (found[0].span.line, found[0].span.column) == (line, 3)


def test_with_repeats_on_a_pick_without_a_count_and_secret_at_random_are_e582():
    plain = LOTTERY.replace('exactly 3 with repeats {\n    set ticket', "{\n    set ticket")
    found = [d for d in analyse_text(plain + f"amend buy_ticket {{\n  pick {TICKET} with repeats;\n}}\n").diagnostics
             if d.code in ("E582", "E579")]
    assert [d.code for d in found] == ["E582"]
    drawn = LOTTERY + "amend draw_digits {\n  pick where true secret;\n}\n"
    assert "E582" in [d.code for d in analyse_text(drawn).diagnostics]


def test_a_word_twice_in_one_amend_is_e583():
    with pytest.raises(RulesError) as caught:
        parse_text(lottery_with("secret remove secret"), "h.rules")
    d = caught.value.diagnostics[0]
    assert d.code == "E583" and "once added and once removed" in d.message


def test_the_highlighter_colours_the_removed_words_and_declares_nothing():
    text = lottery_with("remove secret always asked")
    lexed = [(t, v) for t, v in RulesLexer().get_tokens(text) if v.strip()]
    at = lexed.index((Keyword, "remove"))
    assert lexed[at:at + 4] == [(Keyword, "remove"), (Keyword, "secret"), (Keyword, "always"), (Keyword, "asked")]
    assert (Name.Class, "secret") not in lexed


# ---------------------------------------------------------------- in force while ... in_force(...) of itself

# King of Tokyo-like keep cards and Cosmic-like powers, each kind's cards in force while a condition holds
FORCE = """
counter vp;
counter energy;
event hit();
kind keep "Keep card" { in force while KEEP; }
kind power "Power" { in force while POWER; }
zone kept per_player of keep;
zone powers per_player of power;
keep urbavore "Urbavore" { whenever you hit in kept { gain 1 vp; } }
keep solar "Solar Powered" { SOLAR whenever you hit in kept { gain 1 vp; } }
power zap "Zap" { whenever you hit in powers { gain 1 vp; } }
func any_power(): bool = some(c in powers where in_force(c));
func any_keep(): bool = some(c in kept where in_force(c));
proc setup() { move urbavore to kept; move solar to kept; move zap to powers; }
game tokyo "Tokyo" {
  seats 2 to 2;
  phase play {
    each first(players) { setup(); }
    each players { emit hit(); }
  }
  winner most vp;
}
"""


def force(keep: str = "true", power: str = "true", solar: str = "") -> str:
    return FORCE.replace("KEEP", keep).replace("POWER", power).replace("SOLAR", solar)


@pytest.mark.parametrize("keep,power,solar,found", [
    ("in_force(this)", "true", "", [(5, 40)]),                               # the line asks itself
    ("any_power()", "any_keep()", "", [(5, 40), (6, 37)]),                   # two kinds ask each other
    ("true", "any_keep()", "in force while any_power();", [(6, 37), (10, 45)]),   # a card's own line
    ("energy == 0 and any_power()", "true", "", []),                        # asks another, which does not ask back
    ("true", "any_keep()", "in force while energy == 0;", []),
])
def test_w571_a_line_that_asks_itself_at_the_call_leading_back(keep, power, solar, found):
    assert [(line, col) for code, line, col in found_at(force(keep, power, solar)) if code == "W571"] == found


@pytest.mark.parametrize("keep,power", [("in_force(this)", "true"), ("any_power()", "any_keep()")])
def test_play_stops_with_e602_on_both_backends_where_w571_warns(keep, power):
    for program in both_built(force(keep, power)):
        game = Game(program, 2, 1)
        with pytest.raises(RulesRuntimeError) as caught:
            game.play()
        assert caught.value.code == "E602"


def test_lines_that_do_not_ask_back_play_on_both_backends():
    assert stocks(force("energy == 0 and any_power()", "true"), 2, "vp") == [3, 0]
