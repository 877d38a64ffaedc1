"""`winner most KEY by team once` (docs/language.md 3.16): a team ranked by a value it keeps as one (a
partnership's score, `score[team()]`), its first member's key, not the members' sum; W568 for a `by team` key
that reads the team (summed, it counts once per member: a team of three beat a team of two with less), and
for a `by team once` key that reads none. Found writing Spades (tests/packs/spades), whose partnership score
showed doubled."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import both_built, explained, found_at, played, printed_back

PICTIONARY = """counter points[1..2] "Team points" global from 0 to 1000;
counter guesses "Guesses";
func team_points(): int = points[team()];
proc score_round() {
  gain 100 points[1];
  gain 140 points[2];
  each players: gain 1 guesses;
}
game pictionary "Pictionary" {
  seats 4 to 6 teams 2 alternating;
  phase play { score_round(); }
  winner most KEY by team{once};
}
"""


def pictionary(key: str = "points[team()]", once: bool = True) -> str:
    return PICTIONARY.replace("KEY", key).replace("{once}", " once" if once else "")


def test_a_team_of_two_with_more_points_beats_a_team_of_three_on_both_backends():
    for program in both_built(pictionary()):
        result = played(program, 1, players=5).result()
        assert result["winners"] == ["P2", "P4"] and result["team_scores"] == [[100], [140]]
        assert result["scores"]["P1"] == [100] and result["scores"]["P4"] == [140]


def test_summed_the_same_key_lets_the_bigger_team_win_and_is_w568():
    for program in both_built(pictionary(once=False)):   # 3 x 100 against 2 x 140
        assert played(program, 1, players=5).result()["team_scores"] == [[300], [280]]
    assert ("W568", 12, 15) in found_at(pictionary(once=False))
    assert ("W568", 12, 15) in found_at(pictionary("team_points()", once=False))   # through a func
    found = [d for d in analyse_text(pictionary(once=False)).diagnostics if d.code == "W568"]
    assert "by team once" in found[0].hint and "'team()'" in found[0].message


def test_a_key_of_each_members_own_is_summed_with_no_warning_and_once_is_w568_too():
    assert not [f for f in found_at(pictionary("guesses", once=False)) if f[0] == "W568"]
    assert ("W568", 12, 15) in found_at(pictionary("guesses"))
    found = [d for d in analyse_text(pictionary("guesses")).diagnostics if d.code == "W568"]
    assert "first member's" in found[0].message and "drop 'once'" in found[0].hint
    assert not [f for f in found_at(pictionary()) if f[0] == "W568"]
    assert not [f for f in found_at(pictionary("team_points()")) if f[0] == "W568"]


def test_fmt_prints_by_team_once_back_and_explain_reads_it():
    _module, printed = printed_back(pictionary())
    assert "winner most points[team()] by team once;" in printed
    assert "read once for each team" in explained(analyse_text(pictionary()), "pictionary")
