"""`end game won by P;` and `end game lost by P;` (4.24b): a sudden end with its outcome named, on both
backends: the game stops at once, the final phase is skipped, the named player wins (or every other player
still in wins); the result and the log say it was sudden."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, outcome
from rulebook.runtime.record import _logged_result

from .conftest import explained, found_at, printed_back, rules_programs, the_one_error

# 7 Wonders Duel's military supremacy: the conflict pawn reaching the far end wins at once; a player who
# cannot push loses (a stand-in for a lost position); scoring at the end is the final phase's
PACK = """
counter vp "VP";
counter pawn "Conflict pawn";
counter pushes global;
actor bank;
proc push(n: int) {
  gain n pawn;
  gain 1 pushes;
  if pawn >= 9 {
    end game won by you "military supremacy";
  }
}
"""

GAME = """
game duel {
  seats 2 to 4;
  phase play {
    repeat 20 {
      each players {
        choose "Push" {
          option "one" { push(1); }
          option "three" { push(3); }
        }
      }
    }
  }
  phase final {
    each players: gain 10 vp;
  }
  winner most vp then pawn else draw;
}
"""

program = rules_programs(PACK)


def game_of(program, body: str, players: int = 2, seed: int = 1):
    """A played game of the pack whose play phase is `body` (every answer the first option)."""
    text = GAME.replace("""    repeat 20 {
      each players {
        choose "Push" {
          option "one" { push(1); }
          option "three" { push(3); }
        }
      }
    }""", body)
    game = Game(program(text), players, seed, make_agents("first", players, seed))
    return game, game.play()


def test_won_by_names_the_winner_and_skips_the_final_phase(program):
    game, result = game_of(program, "    each players { push(3); push(3); push(3); }")
    # P1 reaches 9 first: P2 never pushed, and nobody gained the final phase's 10 VP
    assert result["winners"] == ["P1"] and result["sudden"] == "won"
    assert result["reason"] == "military supremacy"
    assert result["scores"] == {"P1": [0, 9], "P2": [0, 0]}
    assert game.state.globals["pushes"] == 3
    assert outcome(result) == "winner: P1 (at once: military supremacy)"


def test_a_played_game_ends_at_the_push_that_reaches_nine(program):
    game, result = game_of(program, "    repeat 20 { each players { push(2); } }", players=3)
    # each pushes 2 a round: P1 reaches 10 in its fifth push, before P2 and P3 push a fifth time
    assert result["winners"] == ["P1"] and game.state.globals["pushes"] == 13
    assert [s[1] for s in result["scores"].values()] == [10, 8, 8]


def test_the_log_keeps_the_sudden_outcome(program):
    game, _result = game_of(program, "    push(9);")
    logged = _logged_result(game).model_dump()
    assert logged["sudden"] == "won" and logged["winners"] == ["P1"]
    plain, _ = game_of(program, "    push(1);")
    assert "sudden" not in _logged_result(plain).model_dump()   # other games' logs read as they did


def test_lost_by_gives_the_win_to_every_other_player_still_in(program):
    _game, result = game_of(program, "    end game lost by all_players[2];")
    assert result["winners"] == ["P1"] and result["sudden"] == "lost"
    _game, result = game_of(program, "    eliminate all_players[3];\n    end game lost by all_players[1];", players=4)
    assert result["winners"] == ["P2", "P4"]   # P3 was knocked out: not among the winners


def test_everyone_lost_at_once_is_a_draw(program):
    # Hive's both queens surrounded by one move: both lose, nobody wins
    _game, result = game_of(program, "    end game lost by all_players;")
    assert result["winners"] == [] and result["draw"] is True
    assert outcome(result) == "draw (at once)"


def test_won_by_a_list_shares_the_win(program):
    _game, result = game_of(program, "    end game won by [all_players[1], all_players[3]];", players=3)
    assert result["winners"] == ["P1", "P3"]


def test_in_the_final_phase_the_first_outcome_stands(program):
    text = GAME.replace("each players: gain 10 vp;", "end game won by all_players[2] \"tiebreak\";")
    game = Game(program(text.replace("repeat 20", "repeat 1")), 2, 1, make_agents("first", 2, 1))
    result = game.play()
    assert result["winners"] == ["P2"] and result["reason"] == "tiebreak"
    text = GAME.replace("each players: gain 10 vp;", "end game won by all_players[2];")
    game = Game(program(text.replace("repeat 20 {", "push(9);\n    repeat 20 {")), 2, 1, make_agents("first", 2, 1))
    assert game.play()["winners"] == ["P1"]   # the final phase never ran


@pytest.mark.parametrize("who, what", [("3", "a number"), ("bank", "the actor 'bank'")])
def test_a_winner_that_is_no_player_is_e638(who, what):
    result = analyse_text(PACK + GAME.replace("push(3); }", f"push(3); end game won by {who}; }}"))
    the_one_error(result, "E638", what.split()[-1].strip("'"))


def test_statements_after_it_never_run():
    text = PACK + GAME.replace("push(3); }", "end game lost by you; push(3); }")
    assert [c for c, _l, _c in found_at(text) if c == "W413"] == ["W413"]


def test_a_misspelt_word_is_e100_with_did_you_mean():
    result = analyse_text(PACK + GAME.replace("push(3); }", "end game wun by you; }"))
    [d] = [d for d in result.diagnostics if d.severity == "error"]
    assert d.code == "E100" and "did you mean 'won'" in d.hint


def test_fmt_prints_it_back():
    text = PACK + GAME.replace("push(3); }", "end game lost by all_players[1] \"resigned\"; }")
    _module, printed = printed_back(text)
    assert 'end game lost by all_players[1] "resigned";' in printed
    assert "end game won by you \"military supremacy\";" in printed


def test_a_counter_named_won_stays_a_name():
    text = "counter won;\n" + PACK + GAME.replace("push(3); }", "gain 1 won; end game won by you; }")
    assert [d for d in analyse_text(text).diagnostics if d.severity == "error"] == []


def test_explain_reads_it():
    result = analyse_text(PACK + GAME)
    said = explained(result, "push")
    assert "The game ends at once (military supremacy): you win;" in said
    assert "the final phase is skipped" in said


def test_the_highlighter_colours_won_and_lost_only_there():
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    def tokens(text: str) -> list:
        return [(t, v) for t, v in RulesLexer().get_tokens(text) if v.strip()]

    said = tokens("proc p() { end game won by you; end game lost by left; gain 1 won; }")
    assert [v for t, v in said if t in Keyword and v in ("won", "lost", "by")] == ["won", "by", "lost", "by"]
    assert (Name, "won") in said


def test_a_cooperative_game_names_no_winner_e639():
    coop = GAME.replace("winner most vp then pawn else draw;", "winner together if pawn >= 9;")
    the_one_error(analyse_text(PACK + coop), "E639", "cooperative")


def test_a_team_wins_whole(program):
    text = GAME.replace("seats 2 to 4;", "seats 4 teams of 2 alternating;").replace(
        "winner most vp then pawn else draw;", "winner most vp by team;")
    game = Game(program(text.replace("repeat 20", "end game won by all_players[2];\n    repeat 20")), 4, 1,
                make_agents("first", 4, 1))
    assert game.play()["winners"] == ["P2", "P4"]
    game = Game(program(text.replace("repeat 20", "end game lost by all_players[2];\n    repeat 20")), 4, 1,
                make_agents("first", 4, 1))
    assert game.play()["winners"] == ["P1", "P3"]


# `gain N X.FIELD;` / `lose N X.FIELD;` of a resource a field holds (Concordia's cities, a card's yield)
HARVEST = """
resource brick;
resource wine;
counter vp;
enum city {
  good: resource;
  size: int;
  verona "Verona" (good = brick, size = 2),
  aquileia "Aquileia" (good = wine, size = 1),
}
kind field { yields: resource; }
field vineyard "Vineyard" { yields = wine; }
zone fields per_player of field;
proc harvest(c: city) {
  gain c.size c.good;
}
proc sell(c: city) {
  lose 1 c.good;
}
proc crop() {
  for each f in fields {
    gain 2 f.yields;
  }
}
game g {
  seats 2;
  phase setup { each players: move vineyard to fields; }
  phase play {
    each players {
      harvest(verona);
      harvest(aquileia);
      sell(verona);
      crop();
    }
  }
  winner most wine;
}
"""

harvest = rules_programs("")


def test_a_resource_a_field_holds_is_gained_and_lost(harvest):
    game = Game(harvest(HARVEST.replace("phase setup { each players: move vineyard to fields; }", "")), 2, 1,
                make_agents("first", 2, 1))
    game.play()
    assert [(p.stock["brick"], p.stock["wine"]) for p in game.state.players] == [(1, 1), (1, 1)]


def test_a_cards_field_names_the_resource(harvest):
    text = HARVEST.replace("phase setup { each players: move vineyard to fields; }", "phase setup { move vineyard to fields; }")
    game = Game(harvest(text), 2, 1, make_agents("first", 2, 1))
    game.play()
    assert [p.stock["wine"] for p in game.state.players] == [3, 1]   # P1's vineyard yields 2 wine


def test_a_field_that_holds_no_resource_is_e521():
    result = analyse_text(HARVEST.replace("lose 1 c.good;", "lose 1 c.size;"))
    the_one_error(result, "E521", "not a resource")


def test_a_held_resource_prints_back_and_is_explained():
    _module, printed = printed_back(HARVEST)
    assert "gain c.size c.good;" in printed and "lose 1 c.good;" in printed
    said = explained(analyse_text(HARVEST), "sell")
    assert "Lose 1 of c's good (the resource it names)." in said


def test_another_players_stock_is_still_theirs(harvest):
    text = HARVEST.replace("lose 1 c.good;", "gain 1 left(you).wine;")
    game = Game(harvest(text.replace("phase setup { each players: move vineyard to fields; }", "")), 2, 1,
                make_agents("first", 2, 1))
    game.play()
    assert [p.stock["wine"] for p in game.state.players] == [2, 2]


# W615: a per-player zone passed by its bare name to a proc that reads it only inside an `each` (trial24's Magic)
BOUNCE = """
counter vp;
kind creature { power: int; }
creature bear "Bear" { power = 2; }
zone hand per_player of creature;
zone play per_player of creature;
zone grave of creature;
func owner_of(c: creature): player = first(p in all_players where contains(p.play, c));
proc leave_play(c: creature, z: zone) {
  each owner_of(c) {
    move c to z;
  }
}
proc discard(c: creature, z: zone) {
  move c to z;
}
game duel {
  seats 2;
  phase play {
    each players {
      CALL
      gain 1 vp;
    }
  }
  winner most vp;
}
"""


def test_a_players_zone_handed_to_an_each_is_w615():
    found = found_at(BOUNCE.replace("CALL", "leave_play(bear, hand);"))
    assert [(c, line) for c, line, _col in found if c == "W615"] == [("W615", 21)]


@pytest.mark.parametrize("call", ["leave_play(bear, grave);", "discard(bear, hand);",
                                  "leave_play(bear, left(you).hand);"])
def test_no_w615_where_the_zone_is_meant(call):
    # a zone of the game's, a proc that uses the zone as the caller, another player's zone named
    assert "W615" not in [c for c, _l, _col in found_at(BOUNCE.replace("CALL", call))]
