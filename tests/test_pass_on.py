"""`pass ZONE to PLAYER;`: every player still in passes their zone's items to the player PLAYER names (worked out
with each as `you`), all at once. The trial of Sushi Go! (tests/packs/sushigo) wanted it: a draft passed its
hands through a second zone in two loops, as 7 Wonders' pack still does (rules/seven_wonders, `pass_hands`)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import drive, printed_back, random_games_agree

# 7 Wonders: each age, every player keeps a card of their hand and passes the rest, to the left in ages I and
# III and to the right in age II
WONDERS = """
counter age "Age" global from 1 to 3;
counter vp "VP";
kind card { vp: int; }
card altar "Altar" * 4 { vp = 2; }
card baths "Baths" * 4 { vp = 3; }
card theater "Theater" * 4 { vp = 4; }
zone deck of card secret;
zone hand per_player of card hidden;
zone built per_player of card;
proc turn() {
  each players simultaneously pick c from hand "build which card?" {
    move c to built;
    gain c.vp vp;
  }
  pass hand to if age == 2 then right else left;
}
game wonders "7 Wonders (the draft)" {
  seats 2 to 4;
  phase setup { fill deck with card; shuffle deck; }
  phase play {
    while age <= 3 {
      each players: draw 3 from deck to hand;
      repeat 3 { turn(); }
      if age == 3 { break; }
      set age = age + 1;
    }
  }
  winner most vp;
}
"""


def hands(game: Game) -> list[list[str]]:
    return [[c.name for c in game.zone(p, "hand").items] for p in game.state.players]


def dealt(program, players: int, cards: list[list[str]]) -> Game:
    game = Game(program, players, 1)
    for p, names in zip(game.state.players, cards):
        for name in names:
            game.move(game.program.entities[name], game.zone(p, "hand"))
    return game


def test_hands_go_left_in_ages_one_and_three_and_right_in_age_two():
    for interpreted in (False, True):
        program = build_text(WONDERS, interpreted=interpreted)
        game = dealt(program, 3, [["altar"], ["baths", "baths#2"], ["theater"]])
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["Baths"])
        # P1 builds the Altar (nothing left to pass), P2 a Baths, P3 the Theater: P2's other Baths goes to P3
        assert hands(game) == [[], [], ["baths#2"]]
        game = dealt(program, 3, [["altar", "altar#2"], ["baths", "baths#2"], ["theater", "theater#2"]])
        game.state.globals["age"] = 2
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["Altar", "Baths", "Theater"])
        assert hands(game) == [["baths#2"], ["theater#2"], ["altar#2"]]   # to the right: P1's to P3


def test_a_player_knocked_out_neither_passes_nor_receives():
    for interpreted in (False, True):
        program = build_text(WONDERS, interpreted=interpreted)
        game = dealt(program, 3, [["altar", "altar#2"], ["baths", "baths#2"], ["theater", "theater#2"]])
        game.state.out.append(game.state.players[1])
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["Altar", "Theater"])
        assert hands(game) == [["theater#2"], ["baths", "baths#2"], ["altar#2"]]


def test_random_games_agree_on_both_backends():
    random_games_agree(WONDERS, seeds=range(1, 4), counts=(2, 3, 4))


def test_fmt_explain_and_the_trace():
    _, printed = printed_back(WONDERS)
    assert "  pass hand to if age == 2 then right else left;\n" in printed
    read = "\n".join(reading(analyse_text(WONDERS).symbols.decls["turn"]))
    assert "Every player still in passes all the items of their hand to the hand of your right neighbour if age is 2, " \
           "otherwise your left neighbour (worked out with each of them as you), all at once: each hand is emptied " \
           "before any is filled." in read
    lines = []
    game = dealt(build_text(WONDERS), 2, [["altar", "altar#2"], ["baths", "baths#2"]])
    game.tracer = lines.append
    drive(game, game.program.procs["turn"](game, game.state.players[0]), ["Altar", "Baths"])
    assert [(e.kind, e.what) for e in lines if e.kind == "pass"] == [("pass", "hand: P1 (1) to P2, P2 (1) to P1")]


def test_misuse_is_positioned():
    def errors(statement: str) -> list[tuple[str, int, int]]:
        text = WONDERS.replace("  pass hand to if age == 2 then right else left;", "  " + statement)
        return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.severity == "error"]

    assert errors("pass deck to left;") == [("E563", 16, 8)]       # a shared zone: nobody's own
    assert errors("pass left.hand to left;") == [("E563", 16, 8)]  # another player's zone
    assert errors("pass hand to 2;") == [("E564", 16, 16)]
    assert errors("pass hnd to left;") == [("E209", 16, 8)]        # unknown: E209 alone, with its did-you-mean
    assert errors("pass(1);") == [("E207", 16, 3)]   # `pass(` calls a proc named so (none here): `pass` stays a name


def test_passing_in_turn_with_each_is_warned_and_piles_the_hands_in_one():
    # the naive pass: each player in turn moves their hand to the left, the next one moving it on again
    naive = WONDERS.replace("  pass hand to if age == 2 then right else left;", "  each players: move all of hand to left.hand;")
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(naive).diagnostics if d.code == "W572"]
    assert found == [("W572", 16, 17)]
    game = dealt(build_text(naive), 3, [["altar", "altar#2"], ["baths", "baths#2"], ["theater", "theater#2"]])
    drive(game, game.program.procs["turn"](game, game.state.players[0]), ["Altar", "Baths", "Theater"])
    assert [len(h) for h in hands(game)] == [3, 0, 0]   # what the warning says: every card in one hand (back to P1)
    by_card = WONDERS.replace("  pass hand to if age == 2 then right else left;",
                              "  each players { for each c in hand { move c to right(you).hand; } }")
    assert [d.code for d in analyse_text(by_card).diagnostics if d.code == "W572"] == ["W572"]
    # into another zone (7 Wonders' pack: a `passing` zone emptied by a second loop), or gathering: no warning
    for fine in ("each players: move all of hand to left.built;", "each opponents: move all of hand to built;"):
        text = WONDERS.replace("  pass hand to if age == 2 then right else left;", "  " + fine)
        assert [d.code for d in analyse_text(text).diagnostics if d.code == "W572"] == [], fine


def test_a_player_who_passes_to_themselves_keeps_their_zone():
    # a 2-player draft that passes only in some turns: `to (if age == 2 then you else left)`
    text = WONDERS.replace("pass hand to if age == 2 then right else left;", "pass hand to if age == 2 then you else left;")
    for interpreted in (False, True):
        game = dealt(build_text(text, interpreted=interpreted), 2, [["altar", "altar#2"], ["baths", "baths#2"]])
        game.state.globals["age"] = 2
        drive(game, game.program.procs["turn"](game, game.state.players[0]), ["Altar", "Baths"])
        assert hands(game) == [["altar#2"], ["baths#2"]]
