"""`can copy ENTITY.SLOT` (4.6a): whether running a card's effect slot now would do something, on both
backends: false for no slot or an empty one, its first decision's test (a choose's options, a may's
`when` and cost, a pick's candidates, a proc it starts by calling) where it starts with one, true
otherwise; Wingspan's brown powers offered only when usable. `can PROC(args)` with the same
definition (a leading may, pick or call); E393, E377, a test that tests itself (E602, one position on
both backends); fmt, explain; nothing made for a pack without it."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import printed_back, random_games_agree, run_answering

PACK = """
counter vp;
resource fish;
resource seed;
counter feeder global;
kind bird { activated: effect; }
zone board per_player of bird;
zone tray of bird;
bird pelican "White Pelican" {
  activated { may "discard a fish to tuck 2 cards?" cost 1 fish { gain 2 vp; } }
}
bird jay "Blue Jay" { activated { take_seed(); } }
bird finch "Finch" { activated { pick b from tray "take which bird?" { move b to board; } } }
bird gull "Gull" { activated { each players: gain 1 fish; } }
bird quail "Quail" { activated { } }
bird owl "Owl" { }
bird catbird "Catbird" {
  activated {
    pick c from board where c != this and can copy c.activated "repeat which brown power?" { copy c.activated; }
  }
}
proc take_seed() { take_die(); }
proc take_die() {
  choose "take which die?" { option "a seed" when feeder > 0 { lose 1 feeder; gain 1 seed; } }
}
proc activate_row() {
  for each b in board {
    may "activate {b}?" when can copy b.activated { copy b.activated; }
  }
}
proc play(b: bird) { move b to board; }
proc to_tray(b: bird) { move b to tray; }
func usable(b: bird) = can copy b.activated;
"""

GAME = """
game g {
  seats 2 to 3;
  phase setup {
    set feeder = 2;
    each players { gain 1 fish; }
    to_tray(finch);
  }
  phase play {
    repeat 3 {
      each players {
        pick b from bird where b.zone != "board" and b.zone != "tray" "play which bird?" optional { play(b); }
        activate_row();
      }
    }
  }
  winner most vp;
}
"""

backends = pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])


def new_game(interpreted: bool, text: str = PACK) -> Game:
    return Game(build_text(text, interpreted=interpreted, name="t.rules"), 2, 1)


def call(g: Game, proc: str, *args, player: int = 0, answer=lambda d: 1) -> list:
    return run_answering(g.program.procs[proc](g, g.state.players[player], *args), answer)


def usable(g: Game, name: str, player: int = 0) -> bool:
    return g.program.funcs["usable"](g, g.state.players[player], g.program.entities[name])


@backends
def test_each_slot_says_whether_it_would_do_something(interpreted):
    g = new_game(interpreted)
    assert {n: usable(g, n) for n in ("pelican", "jay", "finch", "gull", "quail", "owl", "catbird")} == \
        {"pelican": False, "jay": False, "finch": False, "gull": True, "quail": False, "owl": False, "catbird": False}
    g.state.players[0].stock["fish"] = 1          # the may's cost can be paid
    g.state.globals["feeder"] = 1                 # the choose two calls down has an option
    call(g, "to_tray", g.program.entities["owl"])  # the pick has a candidate
    assert [usable(g, n) for n in ("pelican", "jay", "finch")] == [True, True, True]
    assert not usable(g, "pelican", player=1)     # for whom: the other player has no fish
    assert not usable(g, "catbird")               # nothing on the board to repeat
    call(g, "play", g.program.entities["gull"])
    assert usable(g, "catbird")                   # the gull on the board does something
    call(g, "play", g.program.entities["catbird"])
    assert usable(g, "catbird")                   # itself excluded by `c != this`, the gull still there


@backends
def test_a_brown_power_is_offered_only_when_it_can_be_used(interpreted):
    g = new_game(interpreted)
    for name in ("pelican", "quail", "owl", "gull"):
        call(g, "play", g.program.entities[name])
    asked = call(g, "activate_row")
    assert [d.prompt for d in asked] == ["activate Gull?"]         # no fish: the pelican is not offered
    assert g.state.players[0].stock["fish"] == 1                  # the gull gave everyone a fish
    asked = call(g, "activate_row")
    assert [d.prompt for d in asked] == ["activate White Pelican?", "discard a fish to tuck 2 cards?",
                                         "activate Gull?"]
    assert g.state.players[0].stock["vp"] == 2


@pytest.mark.parametrize("body, expected", [
    ('may "take?" when seed > 0 { gain 1 vp; }', [False, True]),
    ('pick b from tray "which?" { move b to board; }', [False, True]),
    ("take_die();", [False, True]),
])
def test_can_proc_opens_with_a_may_a_pick_or_a_call(body, expected):
    text = PACK + f"proc opener() {{ {body} }}\nfunc open_now() = can opener();\n"
    assert not [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    for interpreted in (False, True):
        g = new_game(interpreted, text)
        seen = [g.program.funcs["open_now"](g, g.state.players[0])]
        g.state.players[0].stock["seed"] = 1
        g.state.globals["feeder"] = 1
        call(g, "to_tray", g.program.entities["owl"])
        seen.append(g.program.funcs["open_now"](g, g.state.players[0]))
        assert seen == expected, (interpreted, seen)


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK + GAME, seeds=range(1, 4), counts=(2, 3))


@pytest.mark.parametrize("test, column, words", [
    ("can copy b.points", 47, "'points' is a field of type int, not an effect"),
    ("can copy b.activatd", 47, "did you mean 'activated'?"),
    ("can copy n.activated", 47, "'n' is a number, not a card"),
    ("can copy b", 47, "ENTITY.SLOT, not 'b'"),
    ("can copy t.activated", 47, "tile has no effect slot"),
])
def test_misuse_is_positioned(test, column, words):
    text = PACK.replace("kind bird { activated: effect; }", "kind bird { activated: effect; points: int = 0; }") + \
        f"kind tile {{ }}\nfunc bad(b: bird, n: int, t: tile) = {test};\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [("E393", 35, column)], \
        [d.headline() for d in errors]
    assert words in errors[0].message + (errors[0].hint or "")


def test_can_of_a_proc_starting_with_no_decision_still_says_so():
    text = PACK + "proc plain() { gain 1 vp; }\nfunc bad() = can plain();\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E377"] and "'choose', 'may', 'pick', or a call" in errors[0].message


def test_a_slot_test_that_tests_itself_stops_at_one_position_on_both_backends():
    text = PACK.replace("where c != this and can copy", "where can copy") + GAME
    stops = []
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted, name="t.rules"), 2, 1)
        call(g, "play", g.program.entities["catbird"])
        with pytest.raises(RulesRuntimeError) as err:
            g.start(g.program.procs["activate_row"](g, g.state.players[0]))
        stops.append((err.value.code, err.value.where))
    assert stops[0] == stops[1] and stops[0][0] == "E602" and stops[0][1].endswith(":19:5"), stops


def test_only_the_slots_tested_are_given_a_test():
    program = build_text(PACK, name="t.rules")
    assert set(program.slot_tests) == {("pelican", "activated"), ("jay", "activated"), ("finch", "activated"),
                                       ("quail", "activated"), ("catbird", "activated")}
    plain = build_text(PACK.replace("when can copy b.activated ", "").replace("can copy b.activated", "true")
                       .replace("c != this and can copy c.activated", "c != this"), name="t.rules")
    assert plain.slot_tests == {}


def test_printed_back_and_read_in_words():
    _module, printed = printed_back(PACK)
    assert 'may "activate {b}?" when can copy b.activated {' in printed
    analysis = analyse_text(PACK)
    words = " ".join(reading(analysis.symbols.decls["activate_row"], analysis.symbols))
    assert "running b's activated now would do something" in words


def test_a_test_that_always_holds_is_warned_about():
    text = """
counter vp;
kind bird { activated: effect; }
bird gull "Gull" { activated { gain 1 vp; } }
bird tern "Tern" { activated { repeat 2 { gain 1 vp; } } }
proc p(b: bird) { if can copy b.activated { copy b.activated; } }
"""
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics]
    assert found == [("W488", 6, 22)]
    quiet = text.replace('bird tern "Tern" { activated { repeat 2 { gain 1 vp; } } }', 'bird tern "Tern" { }')
    assert [d.code for d in analyse_text(quiet).diagnostics] == []   # a tern has no such slot: false for it
    assert [d.code for d in analyse_text(PACK).diagnostics if d.code == "W488"] == []
