"""What a player knows of a card they may not see, "is" and "is not": `reveal c.FIELD == VALUE [to PLAYERS];`
(and `look c.FIELD == VALUE;`) tells whether the field has the value, kept as the value learnt or as the fact
that it is not; `known(c.FIELD)` and `possible(c.FIELD, VALUE)` read it in the rules; the views, the hot seat,
prompts, the trace, saved states and replays show it; W523 and W534 follow it (docs/language.md 4.23). The
Hanabi pack (tests/packs/hanabi) keeps its players' knowledge with it alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.printer import format_text
from rulebook.runtime.console import zone_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import record, replay
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import found_at, on_both_backends, played, printed_back, run_proc

PACK_DIR = Path(__file__).parent / "packs" / "hanabi"
HANABI = (PACK_DIR / "hanabi.rules").read_text()

# the pack dealt in declaration order (no shuffle), with a proc that asks about one colour of a hand
# and funcs that read what a player knows
SCENARIO = HANABI.replace("  shuffle deck;\n", "") + """
proc ask(p: player, col: colour) {
  for each c in p.hand {
    reveal c.colour == col;
  }
}
func knows_colour(p: player, whose: player, i: int): bool = known(p, whose.hand[i].colour);
func may_be(p: player, whose: player, i: int, col: colour): bool = possible(p, whose.hand[i].colour, col);
func knows_own(i: int): bool = known(hand[i].colour);
"""

program = on_both_backends(lambda interpreted: build_text(SCENARIO, interpreted=interpreted))


def dealt(program, players: int = 4) -> Game:
    """4 players, 4 cards each in declaration order: P3 holds White 4, White 5, Yellow 1, Yellow 1."""
    g = Game(program, players, 1)
    run_proc(g, "deal")
    assert [e.title for e in g.state.players[2].zones["hand"]] == ["White 4", "White 5", "Yellow 1", "Yellow 1"]
    return g


def partly(g: Game, seat: int) -> list:
    return g.view(seat)["players"][seat]["zones"]["hand"]["partly"]


def clue_colour(g: Game, colour: str, seat: int = 0, whom: str = "P3") -> None:
    """Seat `seat` gives the colour clue `colour` (a title) to `whom`, as the pack's own move."""
    run_proc(g, "clue_colour", player=seat, answers=[whom, colour])


# ---------------------------------------------------------------- the pack
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_agree_on_both_backends(players):
    compiled, interpreted = (build_text(HANABI, interpreted=i) for i in (False, True))
    for seed in (1, 2, 3):
        a, b = played(compiled, seed, players), played(interpreted, seed, players)
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
        assert len(a.state.players[0].zones["hand"]) <= (5 if players <= 3 else 4)


def test_the_pack_is_clean_and_in_fmt_form():
    assert [d.code for d in analyse_text(HANABI).diagnostics] == []
    assert format_text(HANABI, str(PACK_DIR / "hanabi.rules")) == HANABI   # `rulebook fmt --check`


def test_fifty_cards_and_the_hands_by_player_count():
    compiled = build_text(HANABI)
    assert len(compiled.kinds["card"]) == 50
    for players, size in ((2, 5), (3, 5), (4, 4), (5, 4)):
        g = Game(compiled, players, 7)
        run_proc(g, "deal")
        assert [len(p.zones["hand"]) for p in g.state.players] == [size] * players


# ---------------------------------------------------------------- a colour clue: what is and what is not
def test_a_colour_clue_gives_the_positive_and_the_negative_facts(program):
    g = dealt(program)
    clue_colour(g, "Yellow")
    assert g.state.globals["clues"] == 7
    everyone = {0, 1, 2, 3}
    assert [g.state.known_fields[e.key] for e in g.state.players[2].zones["hand"]] == [
        {'colour!="yellow"': everyone}, {'colour!="yellow"': everyone}, {"colour": everyone}, {"colour": everyone}]
    seen = partly(g, 2)
    assert [p["fields"] for p in seen] == [{"colour!=": ["yellow"]}, {"colour!=": ["yellow"]},
                                           {"colour": "yellow"}, {"colour": "yellow"}]
    # the values each card may still have, as an agent reads them
    assert seen[0]["possible"] == {"colour": ["white", "green", "blue", "red"]}
    assert "possible" not in seen[2]   # (a card told only what it is: as before)
    run_proc(g, "clue_rank", player=1, answers=["P3", "1"])
    assert partly(g, 2)[2] == {"at": 3, "kind": "card", "fields": {"colour": "yellow", "rank": 1}}
    assert partly(g, 2)[0]["possible"] == {"colour": ["white", "green", "blue", "red"], "rank": [2, 3, 4, 5]}


def test_the_holder_knows_and_may_rule_out_through_the_funcs(program):
    g = dealt(program)
    p3 = g.state.players[2]
    clue_colour(g, "Yellow")
    knows = [program.funcs["knows_colour"](g, g.state.players[0], p3, p3, i) for i in range(1, 5)]
    assert knows == [False, False, True, True]
    assert [program.funcs["knows_own"](g, p3, i) for i in range(1, 5)] == knows
    # P1 sees P3's hand: for them every field is known, and only the true value is possible
    p1 = g.state.players[0]
    assert [program.funcs["knows_colour"](g, p3, p1, p3, i) for i in range(1, 5)] == [True] * 4
    assert program.funcs["may_be"](g, p3, p3, p3, 1, "white") and not program.funcs["may_be"](g, p3, p3, p3, 1, "yellow")
    assert program.funcs["may_be"](g, p3, p3, p3, 1, "red")   # not ruled out, though White 4 is white
    assert not program.funcs["may_be"](g, p3, p3, p3, 3, "red")   # known yellow
    assert not program.funcs["may_be"](g, p3, p1, p3, 1, "red")   # P1 sees it


def test_the_negative_facts_leave_one_value_and_the_value_is_known(program):
    g = dealt(program)
    p3 = g.state.players[2]
    for col in ("yellow", "green", "blue"):
        run_proc(g, "ask", p3, col)
    assert program.funcs["may_be"](g, p3, p3, p3, 1, "red") and not program.funcs["knows_colour"](g, p3, p3, p3, 1)
    entries: list = []
    g.tracer = entries.append
    run_proc(g, "ask", p3, "red")   # White 4 and White 5: not yellow, green, blue or red: white
    assert [program.funcs["knows_colour"](g, p3, p3, p3, i) for i in range(1, 5)] == [True] * 4
    assert partly(g, 2)[0] == {"at": 1, "kind": "card", "fields": {"colour": "white"}}   # the value, not the "no"s
    assert not program.funcs["may_be"](g, p3, p3, p3, 1, "green")
    lines = [f"{e.player}: {e.kind} {e.what}" for e in entries if e.kind == "reveal"]
    # (the others see the card: the holder alone comes to know it)
    assert lines[0] == "P1: reveal whether the colour of P3.hand[1] (White 4) is Red: no (now known to P3: White)"
    assert lines[2] == "P1: reveal whether the colour of P3.hand[3] (Yellow 1) is Red: no"


def test_the_facts_are_forgotten_when_the_card_is_played(program):
    g = dealt(program)
    clue_colour(g, "Yellow")
    yellow = g.state.players[2].zones["hand"][2]
    run_proc(g, "play_card", player=2, answers=[2])   # P3 plays their third card (Yellow 1, known yellow)
    assert g.state.where[yellow.key][1] == "fireworks"
    assert yellow.key not in g.state.known_fields
    assert g.state.globals["height[yellow]"] == 1
    white = g.state.players[2].zones["hand"][0]
    run_proc(g, "discard_card", player=2, answers=[0])   # White 4, told it is not yellow
    assert white.key not in g.state.known_fields
    # the card drawn in its place is told nothing
    assert [p["fields"] for p in partly(g, 2)] == [{"colour!=": ["yellow"]}, {"colour": "yellow"}]


# ---------------------------------------------------------------- screens, prompts, the trace
def test_the_hot_seat_and_the_prompt_show_what_is_not(program):
    g = dealt(program)
    run_proc(g, "ask", g.state.players[2], "red")
    clue_colour(g, "Yellow")
    hand = g.view(2)["players"][2]["zones"]["hand"]
    assert zone_text(hand, g.view(2)) == ("4 hidden from owner (you know: card 1: colour not Yellow, not Red; card 2: "
                                          "colour not Yellow, not Red; card 3: colour Yellow; card 4: colour Yellow)")
    d = next(program.procs["discard_card"](g, g.state.players[2]))
    g.decision = d
    asked, _view = g.offer(d)
    assert asked.options == ["card 1 (colour not Yellow, not Red)", "card 2 (colour not Yellow, not Red)",
                             "card 3 (colour Yellow)", "card 4 (colour Yellow)"]


def test_the_trace_says_yes_and_no(program):
    g = dealt(program)
    entries: list = []
    g.tracer = entries.append
    clue_colour(g, "Yellow")
    lines = [f"{e.player}: {e.kind} {e.what}" for e in entries if e.kind == "reveal"]
    assert lines == ["P1: reveal whether the colour of P3.hand[1] (White 4) is Yellow: no",
                     "P1: reveal whether the colour of P3.hand[2] (White 5) is Yellow: no",
                     "P1: reveal whether the colour of P3.hand[3] (Yellow 1) is Yellow: yes",
                     "P1: reveal whether the colour of P3.hand[4] (Yellow 1) is Yellow: yes"]


# ---------------------------------------------------------------- saved, digested, replayed
def test_saved_with_the_state_and_in_its_digest(program):
    g = dealt(program)
    plain = g.state.digest()
    run_proc(g, "ask", g.state.players[2], "red")
    data = json.loads(json.dumps(g.state.to_json()))
    white = g.state.players[2].zones["hand"][0].key
    assert data["known_fields"][white] == {'colour!="red"': [0, 1, 2, 3]}
    assert g.state.digest() != plain
    loaded = State.from_json(data, program.entities)
    assert loaded.known_fields == g.state.known_fields and loaded.digest() == g.state.digest()
    check_saved(data, program)
    with pytest.raises(StateError, match="no field 'shape!"):
        check_saved({**data, "known_fields": {white: {'shape!="red"': [0]}}}, program)


def test_a_replay_comes_to_the_same_knowledge():
    compiled = build_text(HANABI)
    g = played(compiled, 4, 3)
    again = replay(compiled, record(g))
    assert again.state.known_fields == g.state.known_fields and again.state.digest() == g.state.digest()


# ---------------------------------------------------------------- the language
def test_the_forms_print_back_and_read_in_words():
    text = """enum shape { bomb "Bomb", flag "Flag", scout "Scout" }
kind piece { shape: shape; }
zone army per_player of piece hidden;
proc ask(p: piece) { reveal p.shape == bomb to opponents; look p.shape == flag; }
func unknown(p: piece): bool = not known(p.shape) and possible(you, p.shape, bomb) and you.known(p.shape);
"""
    _module, printed = printed_back(text)
    assert "reveal p.shape == bomb to opponents;" in printed and "look p.shape == flag;" in printed
    assert "not known(p.shape) and possible(you, p.shape, bomb) and you.known(p.shape)" in printed
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    sym = analyse_text(text).symbols
    words = "\n".join(line for name in ("ask", "unknown") for line in reading(sym.decls[name], sym))
    assert "Tell your opponents whether the shape of p is “Bomb”, and nothing else of the card" in words
    assert "Tell you alone whether the shape of p is “Flag”" in words
    assert "you know the shape of p" in words and "you cannot rule out that the shape of p is “Bomb”" in words


MISUSE = ("enum colour { red, blue }\n"
          "kind card { colour: colour; rank: int; func worth: int = 1; shown told: bool = false; }\n"
          "zone hand per_player of card hidden;\n"
          "counter n;\n")


@pytest.mark.parametrize("body, code, col", [
    ("reveal first(hand).colour != red;", "E548", 19),     # asked with ==
    ("reveal n == 3;", "E548", 19),                         # no card's field
    ("reveal first(hand).colour == 3;", "E549", 41),        # never a number
    ("look first(hand).rank == blue;", "E549", 37),         # a number, never a member
    ("reveal first(hand).worth == 1;", "E329", 31),         # computed
    ("reveal first(hand).told == true;", "W536", 31),       # everyone sees it
    ("reveal first(hand).nope == 1;", "E205", 31),          # no such field
    ("if known(first(hand)) { }", "E550", 21),              # a card, not its field
    ("if possible(n, 3) { }", "E550", 24),                  # a counter
    ("if possible(first(hand).colour, 2) { }", "E549", 44),
    ("if known(first(hand).told) { }", "W537", 33),        # everyone knows it
    ("if known(first(hand).worth) { }", "E329", 33),
    ("if known() { }", "E302", 15),
    ("if known(3, first(hand).colour) { }", "E303", 21),   # the player first
])
def test_misuse(body, code, col):
    assert found_at(MISUSE + f"proc p() {{ {body} }}\n") == [(code, 5, col)]


# ---------------------------------------------------------------- W523 and W534 follow what is known
def hidden_reads(where: str) -> list:
    text = ("enum colour { red, blue }\nkind card { colour: colour; }\n"
            "card a { colour = red; }\nzone hand per_player of card hidden from owner;\n"
            f"proc p() {{ {where} }}\n")
    return [d.code for d in analyse_text(text).diagnostics if d.code in ("W523", "W534")]


def test_a_where_that_reads_only_what_its_picker_knows_is_not_warned():
    assert hidden_reads('pick c from hand where c.colour == red "play?" { }') == ["W534"]
    assert hidden_reads('pick c from hand where known(c.colour) and c.colour == red "play?" { }') == []
    assert hidden_reads('pick c from hand where possible(c.colour, red) "play?" { }') == []
    # another player's knowledge tells what they know: possible(p, ...) is the value once p knows it
    assert hidden_reads('pick c from hand where possible(left, c.colour, red) "play?" { }') == ["W534"]
    assert hidden_reads('pick c from hand where known(c.colour) or c.colour == red "play?" { }') == ["W534"]


def test_a_may_over_the_own_hand_through_knowledge_is_not_warned():
    assert hidden_reads('may "play a red card?" when some(c in hand where c.colour == red) { }') == ["W523"]
    assert hidden_reads('may "play a red card?" when some(c in hand where known(c.colour) and c.colour == red) '
                        '{ }') == []
    assert hidden_reads('may "play?" when count(c in hand where possible(c.colour, red)) > 1 { }') == []
