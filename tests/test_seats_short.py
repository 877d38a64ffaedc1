"""`seats 2;`: a game for one count of players says the count once (Chess, Stratego, Jaipur), as
`seats 2 to 2;` (docs/language.md 3.16)."""

from __future__ import annotations

import pytest
from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, rules_program

GAME = """counter vp;
game duel "Duel" {{
  seats {seats};
  phase play {{ each players: gain 1 vp; }}
  winner most vp;
}}
"""


def test_one_count_reads_as_the_range_of_that_count():
    short, _ = printed_back(GAME.format(seats="2"))
    long, printed = printed_back(GAME.format(seats="2 to 2"))
    assert short == long and "  seats 2;\n" in printed            # fmt writes the short form


def test_names_teams_and_roles_follow_the_one_count():
    _, printed = printed_back(GAME.format(seats='4 named "N", "E", "S", "W" teams of 2 alternating'))
    assert '  seats 4 named "N", "E", "S", "W" teams of 2 alternating;\n' in printed
    game = analyse_text(GAME.format(seats='2 named "White", "Black"')).symbols.decls["duel"]
    assert (game.min_players, game.max_players, [n.value for n in game.seat_names]) == (2, 2, ["White", "Black"])


def test_an_amend_may_say_one_count_too():
    result = analyse_text(GAME.format(seats="2 to 4") + "amend duel { seats 3; }\n")
    game = result.symbols.decls["duel"]
    assert [d.code for d in result.diagnostics] == ["I404"] and (game.min_players, game.max_players) == (3, 3)
    _, printed = printed_back(GAME.format(seats="2 to 4") + "amend duel { seats 3; }\n")
    assert "  seats 3;\n" in printed


def test_a_count_out_of_range_is_refused_at_the_line():
    assert [code for code, *_ in found_at(GAME.format(seats="0"))] == ["E307"]
    assert [code for code, *_ in found_at(GAME.format(seats="13"))] == ["E307"]


program = rules_program(GAME.format(seats="2"))


def test_the_game_plays_with_that_count_only(program):
    result = Game(program, 2, seed=1).play()
    assert result["scores"] and len(result["winners"]) == 2            # a tie at 1 vp each
    with pytest.raises(Exception, match="2 players"):
        Game(program, 3, seed=1)
