"""Teams declared on the seats line (`seats 4 to 8 teams 2 alternating;`, `teams of 2 alternating` for
partners opposite as in Bridge and Spades, `teams of 2 adjacent` side by side): `team(p)`, `teammates`,
`team_count`, `teammate` for a team of two, and `winner most KEY by team` (every member of the best team
wins). Both backends alike; fmt, explain, the highlighter, play's table and the diagnostics E574, E575,
W556 and W557."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from pygments.token import Keyword, Name

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.highlight import RulesLexer
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game

from .conftest import both_built, explained, found_at, rules_programs, write_pack

# Spades: four players, partners sit opposite (seats 1 and 3 against 2 and 4); each partnership adds up
# its tricks, and every trick a player takes also gives a bag to each partner (kept simple: the tricks
# are dealt by seat, so the game needs no decisions).
SPADES = """
counter tricks "Tricks" from 0 to 13;
counter bags "Bags" from 0 to 13;
counter team_seen from 0 to 9;
counter teams_seen from 0 to 9;
counter partner_seat from 0 to 9;

game spades "Spades" {{
  seats {seats} teams {teams};
  phase play {{
    each players {{
      gain seat(you) tricks;
      set team_seen = team(you);
      set teams_seen = team_count;
      set partner_seat = if teammate == none then 0 else seat(teammate);
      each teammates {{
        gain 1 bags;
      }}
    }}
  }}
  winner most tricks by team then bags{tail};
}}
"""


def spades(seats: str = "4 to 4", teams: str = "of 2 alternating", tail: str = "") -> str:
    return SPADES.format(seats=seats, teams=teams, tail=tail)


def played(program, players: int) -> Game:
    game = Game(program, players, 1)
    game.play()
    return game


@pytest.mark.parametrize("teams,players,expected", [
    ("of 2 alternating", 4, [1, 2, 1, 2]),          # Bridge, Spades, Tichu: partners opposite
    ("of 2 alternating", 6, [1, 2, 3, 1, 2, 3]),    # three partnerships, each across the table
    ("2 alternating", 5, [1, 2, 1, 2, 1]),          # Codenames at five: red has one more
    ("of 2 adjacent", 6, [1, 1, 2, 2, 3, 3]),       # 7 Wonders' team variant
    ("3 adjacent", 7, [1, 1, 1, 2, 2, 3, 3]),       # runs of seats, the last teams a player short
    ("of 3 adjacent", 5, [1, 1, 1, 2, 2]),          # teams of three at five: the last one short
])
def test_each_seating_puts_the_seats_in_their_teams_on_both_backends(teams, players, expected):
    seen = []
    for program in both_built(spades("4 to 8", teams)):
        game = played(program, players)
        seen.append([p.stock["team_seen"] for p in game.state.players])
    assert seen == [expected, expected]


def test_teammates_are_the_other_members_and_team_count_how_many_teams():
    for program in both_built(spades("4 to 8", "of 2 alternating")):
        game = played(program, 6)
        # each player gained one bag for each of its teammates' turns: one partner each
        assert [p.stock["bags"] for p in game.state.players] == [1] * 6
        assert [p.stock["teams_seen"] for p in game.state.players] == [3] * 6
        assert [p.stock["partner_seat"] for p in game.state.players] == [4, 5, 6, 1, 2, 3]
    for program in both_built(spades("4 to 8", "2 alternating")):
        game = played(program, 6)   # teams of three: two teammates each, and no single teammate
        assert [p.stock["bags"] for p in game.state.players] == [2] * 6
        assert [p.stock["partner_seat"] for p in game.state.players] == [0] * 6


def test_a_knocked_out_player_is_no_longer_among_the_teammates():
    game = Game(both_built(spades("4 to 8", "2 alternating"))[0], 6, 1)
    p1, _p2, p3, _p4, p5, _p6 = game.state.players
    assert game.teammates(p1) == [p3, p5]
    game.state.out.append(p3)
    assert game.teammates(p1) == [p5] and game.team(p3) == 1


def test_the_winning_team_wins_whole_by_its_summed_keys():
    for program in both_built(spades()):
        result = played(program, 4).result()
        # tricks by seat: team 1 (P1, P3) has 1 + 3, team 2 (P2, P4) 2 + 4
        assert result["winners"] == ["P2", "P4"]
        assert result["teams"] == {"P1": 1, "P2": 2, "P3": 1, "P4": 2}
        assert result["team_scores"] == [[4, 2], [6, 2]]
        assert result["scores"]["P1"] == [1, 1]


def test_a_tie_between_teams_is_shared_or_with_else_draw_a_draw():
    tied = spades("2 to 2", "2 alternating")   # one player a team: 1 trick against 2, then bags 0 and 0
    assert played(both_built(tied)[0], 2).result()["winners"] == ["P2"]
    fewest = spades("4 to 4", "of 2 adjacent").replace("winner most tricks", "winner fewest tricks")
    for program in both_built(fewest):   # team 1 (P1, P2) 3 tricks, team 2 (P3, P4) 7
        result = played(program, 4).result()
        assert result["winners"] == ["P1", "P2"] and result["team_scores"] == [[3, 2], [7, 2]]
    even = spades("4 to 4", "of 2 alternating").replace("gain seat(you) tricks;", "gain 1 tricks;")
    assert played(both_built(even)[0], 4).result()["winners"] == ["P1", "P2", "P3", "P4"]
    drawn = played(both_built(even.replace("then bags;", "then bags else draw;"))[1], 4).result()
    assert drawn["winners"] == [] and drawn["draw"] is True


def test_teammate_without_teams_keeps_its_side_by_side_pairs():
    text = spades().replace("  seats 4 to 4 teams of 2 alternating;", "  seats 4 to 4;") \
        .replace("set team_seen = team(you);", "").replace("set teams_seen = team_count;", "") \
        .replace("each teammates {", "each teammate {").replace(" by team", "")
    for program in both_built(text):
        assert [p.stock["partner_seat"] for p in played(program, 4).state.players] == [2, 1, 4, 3]


def test_fmt_prints_the_teams_and_the_winner_line_back():
    for teams in ("2 alternating", "of 2 alternating", "of 2 adjacent"):
        text = spades("4 to 8", teams, " if bags > 0 else draw")
        printed = format_module(parse_text(text, "t.rules"))
        assert f"seats 4 to 8 teams {teams};" in printed
        assert "winner most tricks by team then bags if bags > 0 else draw;" in printed
        assert format_module(parse_text(printed, "t.rules")) == printed


def test_an_amend_of_the_seats_line_keeps_or_changes_the_teams():
    base = spades()
    amended = base + 'amend spades {\n  seats 4 to 6 teams of 2 adjacent;\n}\n'
    printed = format_module(parse_text(amended, "t.rules"))
    assert "seats 4 to 6 teams of 2 adjacent;" in printed
    result = analyse_text(amended)
    assert result.symbols.game.teams == (2, True, "adjacent")
    kept = analyse_text(base + 'amend spades {\n  seats 4 to 6 named "N", "E", "S", "W", "X", "Y";\n}\n')
    assert kept.symbols.game.teams == (2, True, "alternating")


def test_explain_reads_the_teams_the_team_words_and_the_winner():
    text = explained(analyse_text(spades()), "spades")
    assert "Teams of 2: partners sit apart, every other seat" in text
    assert "Set your team seen to your team." in text and "Set your teams seen to the number of teams." in text
    assert "Each of your teammates gains 1 bag." in text
    assert "The winner is the team with the most tricks, its members' added up" in text
    assert "every member of the winning team wins" in text


def test_the_highlighter_colours_the_team_words_only_in_their_lines():
    lexed = [(t, v) for t, v in RulesLexer().get_tokens(spades()) if v.strip()]
    assert (Keyword, "alternating") in lexed and lexed[lexed.index((Keyword, "alternating")) - 3] == (Keyword, "teams")
    assert (Keyword, "team") in lexed
    elsewhere = [(t, v) for t, v in RulesLexer().get_tokens("counter team; proc p() { set team = 2; }") if v.strip()]
    assert (Name, "team") in elsewhere and (Keyword, "team") not in elsewhere


def test_play_groups_the_final_table_by_team(tmp_path):
    pack = write_pack(tmp_path / "spades", spades())
    result = CliRunner().invoke(app, ["play", str(pack), "--players", "4"])
    assert result.exit_code == 0, result.output
    rows = [line.split("│")[1].strip() for line in result.output.splitlines() if line.startswith("│")]
    assert rows == ["P1", "P3", "team 1", "P2", "P4", "team 2"]
    assert "winner: P2, P4" in result.output


def test_e574_teams_no_seat_count_makes():
    assert ("E574", 8, 6) in found_at(spades("3 to 3", "of 2 alternating"))   # no even count
    assert ("E574", 8, 6) in found_at(spades("2 to 4", "3 alternating"))      # a team empty at two
    assert not [c for c, *_ in found_at(spades("2 to 4", "2 alternating")) if c in ("E574", "W556")]


def test_w556_teams_of_n_short_at_some_seat_counts():
    found = analyse_text(spades("4 to 6", "of 2 alternating")).diagnostics
    w556 = [d for d in found if d.code == "W556"]
    assert len(w556) == 1 and "at 5 seats leaves the last team short (of 1)" in w556[0].message


def test_e575_team_words_in_a_game_without_teams():
    text = spades().replace(" teams of 2 alternating", "")
    # team(you), team_count, teammates and the winner line's `by team`
    assert [f for f in found_at(text) if f[0] == "E575"] == [("E575", 13, 23), ("E575", 14, 24), ("E575", 16, 12),
                                                             ("E575", 21, 3)]
    messages = [d.message for d in analyse_text(text).diagnostics if d.code == "E575"]
    assert messages[0] == "'team()' in a game with no teams: its seats line declares none"


def test_w557_teammate_in_teams_that_are_not_of_two():
    found = found_at(spades("4 to 8", "2 alternating"))
    assert ("W557", 15, 29) in found
    assert not [f for f in found_at(spades()) if f[0] == "W557"]


@pytest.mark.parametrize("line,message", [
    ("seats 4 to 4 teams 2 sideways;", "expected 'alternating', 'adjacent' or 'solo' after the teams; found 'sideways'"),
    ("seats 4 to 4 squads 2 alternating;", "expected 'named', 'teams' or 'roles' after the seats; found 'squads'"),
    ("seats 4 to 4 teams of 0 adjacent;", "a game has at least one team, of at least one player"),
])
def test_a_misspelt_teams_clause_is_a_positioned_e100(line, message):
    with pytest.raises(RulesError) as caught:
        parse_text(spades().replace("seats 4 to 4 teams of 2 alternating;", line), "t.rules")
    d = caught.value.diagnostics[0]
    assert d.code == "E100" and message in d.message and d.span.line == 9


def test_by_anything_but_team_is_a_positioned_e100():
    with pytest.raises(RulesError) as caught:
        parse_text(spades().replace("by team", "by seat"), "t.rules")
    d = caught.value.diagnostics[0]
    assert d.code == "E100" and "found 'by seat'" in d.message and (d.span.line, d.span.column) == (21, 25)


program = rules_programs(spades())


def test_the_compiled_and_interpreted_games_agree(program):
    game = played(program(), 4)
    assert game.result()["winners"] == ["P2", "P4"]
    assert [p.stock["bags"] for p in game.state.players] == [1, 1, 1, 1]


def test_simulate_counts_a_team_win_whole_for_each_member(tmp_path):
    pack = write_pack(tmp_path / "spades", spades())
    report = tmp_path / "report.json"
    result = CliRunner().invoke(app, ["simulate", str(pack), "--players", "4", "--games", "3", "--json", str(report)])
    assert result.exit_code == 0, result.output
    rates = {row["seat"]: row["win_rate"] for row in json.loads(report.read_text())["seats"]}
    assert rates == {"P1": 0.0, "P2": 1.0, "P3": 0.0, "P4": 1.0}   # not a half each for P2 and P4
