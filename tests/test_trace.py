"""The game trace (`rulebook play --trace`): every effect with its rules position, in order with the
decisions and the messages, the same on both backends; off (None) by default."""

from __future__ import annotations

import re
from collections import Counter

import pytest

from rulebook.compiler.driver import build_text
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Effect, Game

from .conftest import run_proc
from .test_say import PACK as CARDS

# the cards of the say tests, with a capped coin: lines 1-8
PACK = CARDS.replace("resource coin;", "resource coin cap 5;") + """event scored();
track path { space 1 { gain 1 vp; } space 2 { gain 2 vp; } }
die d2 { face { gain 1 coin; } face { gain 2 coin; } }
proc p() {
  whenever you scored() { gain 1 vp; }
  fill deck with card;
  gain 7 coin;
  pay 2 coin;
  draw 1 from deck to hand;
  advance path by 2;
  emit scored();
  say "{you} has {vp} vp";
}
"""


def traced(game: Game) -> list[Effect]:
    entries: list[Effect] = []
    game.tracer = entries.append
    return entries


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_every_effect_in_order_with_its_rules_line(interpreted):
    game = Game(build_text(PACK, interpreted=interpreted, name="t.rules"), 2, 1)
    entries = traced(game)
    run_proc(game, "p")
    lines = [(e.kind, e.describe(), e.where) for e in entries]
    assert lines == [   # PACK's first line is empty: `proc p` is line 12
        ("fill", "fill 2 deck with card", "t.rules:14:3"),
        ("gain", "P1: gain 5 coin (2 lost over the cap)", "t.rules:15:3"),
        ("pay", "P1: pay 2 coin", "t.rules:16:3"),
        ("draw", "P1: draw 1 from deck to P1.hand: The Forge", "t.rules:17:3"),
        ("advance", "P1: advance 2 path 0 -> 2", "t.rules:18:3"),
        ("gain", "P1: gain 2 vp", "t.rules:10:47"),        # the benefit of the space landed on
        ("trigger", "P1: trigger on scored", "t.rules:13:3"),
        ("gain", "P1: gain 1 vp", "t.rules:13:27"),        # inside the trigger's body
        ("say", "P1 has 3 vp", "t.rules:20:3"),
    ]


def test_no_tracer_by_default():
    assert Game(build_text(PACK), 2, 1).tracer is None


def federation_trace(program, players: int, seed: int) -> tuple[list[Effect], Game]:
    game = Game(program, players, seed, make_agents("random", players, seed))
    entries = traced(game)
    game.play()
    return entries, game


@pytest.mark.parametrize("players, seed", [(2, 3), (3, 11)])
def test_federation_traces_agree_between_backends(players, seed, federation_programs):
    compiled, game = federation_trace(federation_programs["compiled"], players, seed)
    interpreted, _ = federation_trace(federation_programs["interpreted"], players, seed)
    assert compiled == interpreted
    kinds = Counter(e.kind for e in compiled)
    assert {"gain", "pay", "move", "draw", "advance", "choice", "set", "shuffle"} <= set(kinds)
    assert kinds["choice"] == game.decisions_made
    assert all(e.where and e.where.startswith("rules/federation/") for e in compiled)


def test_play_trace_prints_effects_decisions_and_messages_with_rules_lines():
    from click.testing import CliRunner

    from rulebook.cli import app

    result = CliRunner().invoke(app, ["play", "federation", "-n", "2", "--seed", "3", "--trace"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "fill 19 senate with seat  (rules/federation/game.rules:4:3)"
    assert any(re.fullmatch(r"P[12]: choice choose your start tile -> Start: .+  \(rules/federation/missions\.rules:\d+:\d+\)",
                            line) for line in lines)
    assert any(line.startswith("P1: gain ") and "(rules/federation/" in line for line in lines)
    assert any(line.startswith("P1: pay ") for line in lines)


WONDERS = """
resource coin "Coin";
counter vp "Victory points";
counter debt "Debt";
counter age;
kind card { worth: int; }
zone discard of card;
zone built per_player of card;
card baths "Baths [bold]" { worth = 3; }
card altar "Altar" { worth = 2; }
game cities "7 Wonders: Cities" {
  seats 2 to 3;
  phase setup { fill discard with card; }
  phase play {
    each players {
      gain 3 coin;
      choose "build?" { option "Baths" when baths.owner == none { move baths to built; gain 3 vp; }
               option "take debt" { gain 2 debt; gain 1 vp; } option "pass" { } }
    }
    set age = 2;
  }
  winner most vp - debt then coin;
}
"""


def play_cli(tmp_path, *options):
    from click.testing import CliRunner

    from rulebook.cli import app
    from .conftest import write_pack

    pack = write_pack(tmp_path / "cities", WONDERS)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", *options])
    assert result.exit_code == 0, result.output
    return result.output


def test_score_table_shows_each_key_and_the_counters_it_adds_up(tmp_path):
    output = play_cli(tmp_path)
    header = next(line for line in output.splitlines() if "player" in line)
    assert [cell.strip() for cell in header.strip("┃ ").split("┃")] == ["player", "vp - debt", "then Coin", "Victory points", "Debt"]   # a key alone by its title
    rows = [[c.strip() for c in line.strip("│ ").split("│")] for line in output.splitlines() if line.startswith("│")]
    assert rows == [["P1", "3", "3", "3", "0"], ["P2", "-1", "3", "1", "2"]]   # P2 takes the debt: P1's baths is gone


def test_result_keeps_its_fields_and_adds_keys_and_parts(tmp_path):
    from rulebook.compiler.driver import compile_pack
    from .conftest import write_pack

    program = compile_pack(str(write_pack(tmp_path / "cities", WONDERS))).program
    result = Game(program, 2, 1, make_agents("first", 2, 1)).play()
    assert result["scores"] == {"P1": [3, 3], "P2": [-1, 3]} and result["winners"] == ["P1"]
    assert result["keys"] == ["vp - debt", "coin"]
    assert result["parts"] == {"P1": {"vp": 3, "debt": 0}, "P2": {"vp": 1, "debt": 2}}


def test_show_state_prints_stocks_zones_by_title_and_globals_as_plain_text(tmp_path):
    output = play_cli(tmp_path, "--show-state")
    assert "the state at the end" in output
    assert "Baths [bold]" in output           # a title is text, never markup
    assert any("age" in line and "2" in line for line in output.splitlines())
    assert any(line.split("│")[1].strip() == "Debt" for line in output.splitlines() if line.count("│") > 2)


def test_show_state_each_prints_the_state_before_every_decision(tmp_path):
    output = play_cli(tmp_path, "--show-state-each")
    assert output.count("before P1 decides: build?") == 1 and output.count("before P2 decides: build?") == 1
    assert output.count("the state at the end") == 1


def test_the_parts_of_a_winner_key_include_indexed_elements(tmp_path):
    """Stone Age-lite: `farming + tool[1] + tool[2]` showed farming alone in the score table; an element
    of an indexed counter named by a number or a member is a part too."""
    from rulebook.compiler.driver import build_text

    text = ("counter farming;\ncounter tool[1..3];\nenum side { east, west }\ncounter votes[side];\n"
            "game g { seats 2 to 2; phase play { each players { gain 1 tool[2]; gain 2 votes[east]; } }\n"
            "  winner most farming + tool[1] + tool[2] + votes[east]; }\n")
    result = Game(build_text(text), 2, 1).play()
    assert result["parts"]["P1"] == {"farming": 0, "tool[1]": 0, "tool[2]": 1, "votes[east]": 2}


def test_a_traced_move_into_a_players_zone_names_whose_zone_it_is(tmp_path):
    """Dominion-lite's Witch: "P2: move Curse to discard" did not say whose discard, where `draw` lines
    say `P1.hand`; a move now names the zone as a draw does."""
    output = play_cli(tmp_path, "--trace")
    assert "P1: move Baths [bold] to P1.built" in output


# reveal and look: the trace says who learnt what (docs 4.23); a trace is the designer's, so it names
# the cards, and where they are
SPY = """
kind card { v: int; }
card ace "Ace" { v = 1; }
card king "King" { v = 2; }
card queen "Queen" { v = 3; }
zone deck of card secret;
zone hand per_player of card hidden;
proc p() {
  fill deck with card;
  each players: draw 1 from deck to hand;
  look first(left.hand);
  look deck;
  reveal hand;
  each left: reveal first(hand);
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_reveal_and_look_say_who_learnt_which_cards(interpreted):
    game = Game(build_text(SPY, interpreted=interpreted, name="t.rules"), 2, 1)
    entries = traced(game)
    run_proc(game, "p")
    learnt = [(e.kind, e.describe(), e.where) for e in entries if e.kind in ("reveal", "look")]
    assert learnt == [
        ("look", "P1: look at King in P2.hand", "t.rules:11:3"),
        ("look", "P1: look at deck: Queen", "t.rules:12:3"),
        ("reveal", "P1: reveal P1.hand: Ace", "t.rules:13:3"),
        ("reveal", "P2: reveal King in P2.hand", "t.rules:14:14"),
    ]


def test_show_state_names_what_has_a_title_by_it_as_the_human_players_screen_does(tmp_path):
    from click.testing import CliRunner

    from rulebook.cli import app
    from .conftest import write_pack
    from .test_screen import TITLED

    pack = write_pack(tmp_path / "small_azul", TITLED)
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "2", "--agent", "first", "--show-state"])
    assert result.exit_code == 0, result.output
    heads = [line.split("│")[1].strip() for line in result.output.splitlines() if line.count("│") > 2]
    assert heads[:6] == ["Score (score)", "Score (extra)", "Pattern line Blue", "Pattern line Red", "floor",
                         "Bag (secret)"]   # who sees a zone in play, when not everyone
    assert heads[6:9] == ["Factory display 1", "Factory display 2", "First player"]   # and a global variable
    assert any("First player" in line and "P1" in line for line in result.output.splitlines())
