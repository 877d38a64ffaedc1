"""`each ... simultaneously pick`: secret picks, revealed together, on both backends, logged and replayed."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.runtime.agents import Agent, RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game
from rulebook.runtime.record import record, replay

from .conftest import rules_program

# a small 7 Wonders-like draft: hidden hands of 3, everyone picks a card at once, hands pass left
PACK = """
resource coin;
counter vp;
kind card { coins: int; points: int; }
zone deck of card secret;
zone hand per_player of card hidden;
zone passing per_player of card hidden;
zone built per_player of card;
card lumber "Lumber Yard" { coins = 0; points = 1; }
card baths "Baths" { coins = 0; points = 3; }
card tavern "Tavern" { coins = 5; points = 0; }
card altar "Altar" { coins = 0; points = 2; }
card theater "Theater" { coins = 1; points = 2; }
card market "Marketplace" { coins = 2; points = 1; }
card press "Press" { coins = 3; points = 0; }
card loom "Loom" { coins = 1; points = 1; }
card glass "Glassworks" { coins = 2; points = 0; }
proc pass_left() {
  each players { for each c in hand { move c to left(you).passing; } }
  each players { for each c in passing { move c to hand; } }
}
game mini_wonders {
  seats 2 to 3;
  phase setup { fill deck with card; shuffle deck; each players { draw 3 from deck to hand; } }
  phase play {
    repeat 2 {
      each players simultaneously pick c from hand "build a card" {
        move c to built;
        gain c.coins coin;
        gain c.points vp;
        say "builds";
      }
      pass_left();
    }
  }
  winner most vp then coin;
}
"""


program = rules_program(PACK)


class Watcher(Agent):
    """Records, at each question, what the state and the view show; answers with the first option."""

    def __init__(self, game_box: list, notes: list):
        self.game_box, self.notes = game_box, notes

    def choose(self, decision, view) -> int:
        game = self.game_box[0]
        self.notes.append({
            "seat": decision.player.index,
            "built": [len(p.zones["built"]) for p in game.state.players],
            "hands": [v["zones"]["hand"]["size"] for v in view["players"]],
            "chosen": view.get("chosen_in_secret"),
            "messages": len(game.messages),
        })
        return 0


def test_every_player_chooses_before_any_body_runs_and_bodies_run_in_seat_order(program):
    box, notes = [], []
    g = Game(program, 3, 4, [Watcher(box, notes)] * 3)
    box.append(g)
    g.play()
    first_round = notes[:3]
    assert [n["seat"] for n in first_round] == [0, 1, 2]
    assert all(n["built"] == [0, 0, 0] and n["hands"] == [3, 3, 3] and n["messages"] == 0 for n in first_round)
    assert [n["chosen"] for n in first_round] == [[], ["P1"], ["P1", "P2"]]   # who, never what
    assert notes[3]["built"] == [1, 1, 1] and notes[3]["chosen"] == []
    assert g.messages[:3] == ["P1: builds", "P2: builds", "P3: builds"]
    assert [len(p.zones["built"]) for p in g.state.players] == [2, 2, 2]
    assert len(g.log) - sum(1 for e in g.log if e[0] == "shuffle") == 6        # every pick is logged


def test_the_view_during_a_round_does_not_show_a_pick_already_made(program):
    class Peek(Agent):
        def __init__(self):
            self.views = []

        def choose(self, decision, view) -> int:
            self.views.append(dict(view))
            return decision.size - 1

    peek = Peek()
    g = Game(program, 2, 9, [peek, peek])
    d = g.start()
    hand_before = [e["name"] for e in g.view(0)["players"][0]["zones"]["hand"]["items"]]
    d = g.apply(peek.choose(*g.offer(d)))                 # P1 picks in secret
    assert d.player.index == 1
    after = g.view(0)                                     # P1 looks again while P2 decides
    assert [e["name"] for e in after["players"][0]["zones"]["hand"]["items"]] == hand_before
    assert after["players"][0]["zones"]["built"]["items"] == [] and after["decision"] is None
    assert g.view(1)["chosen_in_secret"] == ["P1"]


def test_both_backends_play_the_draft_with_identical_logs_and_states():
    compiled, interpreted = build_text(PACK), build_text(PACK, interpreted=True)
    for seed in range(6):
        runs = []
        for program in (compiled, interpreted):
            g = Game(program, 3, seed, [RandomAgent(seed * 10 + i) for i in range(3)])
            result = g.play()
            runs.append((g.log, g.messages, g.state.to_json(), result))
        assert runs[0] == runs[1]


def test_replay_reproduces_the_secret_picks(program):
    g = Game(program, 3, 2, [RandomAgent(20 + i) for i in range(3)])
    result = g.play()
    again = replay(program, record(g, "mini_wonders"))
    assert again.log == g.log and again.state.digest() == g.result()["digest"] == g.state.digest()


def test_a_scripted_round_builds_what_each_player_picked(program):
    g = Game(program, 2, 1, [ScriptedAgent([])] * 2)
    d = g.start()
    picks = {}
    while d is not None and len(picks) < 2:
        picks[d.player.index] = d.options[1]
        d = g.apply(1)
    built = [[e.title for e in p.zones["built"]] for p in g.state.players]
    assert built == [[picks[0]], [picks[1]]]


def test_explain_reads_the_simultaneous_pick():
    game = next(d for d in parse_text(PACK, "mini.rules").items if getattr(d, "name", None) == "mini_wonders")
    text = "\n".join(explain(game))
    assert "secretly picks one c from hand" in text and "in seat order" in text


def test_a_trigger_in_the_body_captures_the_pick_on_both_backends():
    text = PACK.replace("        gain c.coins coin;\n", "        next you gain(res = coin) { gain c.points vp; }\n"
                        "        gain c.coins coin;\n")
    runs = []
    for program in (build_text(text), build_text(text, interpreted=True)):
        g = Game(program, 2, 3, [RandomAgent(1), RandomAgent(2)])
        runs.append((g.play(), g.log, g.state.to_json()))
    assert runs[0] == runs[1]


# Race for the Galaxy's explore, 7 Wonders-like drafts of 2: each player keeps several cards in secret
SEVERAL = PACK.replace('each players simultaneously pick c from hand "build a card" {',
                       'each players simultaneously pick c from hand "build a card" exactly 2 {').replace(
                       "repeat 2 {", "repeat 1 {")
UP_TO = SEVERAL.replace("exactly 2", "up to 2")


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def interpreted(request):
    return request.param


def test_exactly_n_every_player_picks_all_theirs_before_any_body_runs(interpreted):
    box, notes = [], []
    g = Game(build_text(SEVERAL, interpreted=interpreted), 3, 4, [Watcher(box, notes)] * 3)
    box.append(g)
    g.play()
    assert [n["seat"] for n in notes] == [0, 0, 1, 1, 2, 2]
    assert all(n["built"] == [0, 0, 0] and n["messages"] == 0 for n in notes)   # no body before all chose
    assert [n["chosen"] for n in notes] == [[], [], ["P1"], ["P1"], ["P1", "P2"], ["P1", "P2"]]
    assert [len(p.zones["built"]) for p in g.state.players] == [2, 2, 2]
    assert [m.split(":")[0] for m in g.messages] == ["P1", "P1", "P2", "P2", "P3", "P3"]


def test_a_view_shows_the_viewers_own_picks_so_far_and_never_anothers(interpreted):
    g = Game(build_text(SEVERAL, interpreted=interpreted), 2, 9, [None, None])
    d = g.start()
    first = d.options[0]
    d = g.apply(0)                                       # P1's first pick: P1 is still picking
    assert d.player.index == 0 and first not in d.options   # a different card each time
    mine, theirs = g.view(0), g.view(1)
    assert [c["title"] for c in mine["picked_in_secret"]] == [first] and mine["chosen_in_secret"] == []
    assert "picked_in_secret" not in theirs and theirs["chosen_in_secret"] == []
    d = g.apply(0)                                       # P1 done: P2 is asked
    assert d.player.index == 1
    assert g.view(1)["chosen_in_secret"] == ["P1"] and g.view(1)["picked_in_secret"] == []   # P2's own, none yet
    assert len(g.view(0)["picked_in_secret"]) == 2
    assert all(not p.zones["built"] for p in g.state.players)


def test_up_to_n_offers_none_to_stop_early(interpreted):
    g = Game(build_text(UP_TO, interpreted=interpreted), 2, 9, [None, None])
    d = g.start()
    assert d.options[-1] == "none"
    d = g.apply(0)                 # P1 takes one card,
    d = g.apply(d.size - 1)        # then stops
    assert d.player.index == 1
    d = g.apply(d.size - 1)        # P2 takes none
    assert [len(p.zones["built"]) for p in g.state.players] == [1, 0]


def test_several_picks_agree_on_both_backends_and_replay():
    logs = []
    for program in (build_text(SEVERAL), build_text(SEVERAL, interpreted=True)):
        g = Game(program, 3, 5, [RandomAgent(30 + i) for i in range(3)])
        result = g.play()
        logs.append((g.log, g.messages, g.state.to_json(), result))
        again = replay(program, record(g, "mini_wonders"))
        assert again.log == g.log and again.state.digest() == g.state.digest()
    assert logs[0] == logs[1]


def test_each_seat_works_its_own_n_out():
    text = SEVERAL.replace("counter vp;", "counter vp;\ncounter keep;").replace(
        "exactly 2", "exactly 1 + keep").replace("phase setup {", "phase setup { gain 1 keep;")
    for interpreted in (False, True):   # the setup phase gives the first player alone 1 keep
        g = Game(build_text(text, interpreted=interpreted), 2, 3, [RandomAgent(1), RandomAgent(2)])
        g.play()
        assert [p.stock["keep"] for p in g.state.players] == [1, 0]
        assert [len(p.zones["built"]) for p in g.state.players] == [2, 1]


def test_repeatedly_is_still_refused_and_the_several_are_read_and_printed_back():
    from rulebook.compiler.driver import analyse_text
    from rulebook.dsl.printer import format_module

    found = [d for d in analyse_text(SEVERAL.replace("exactly 2", "repeatedly")).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == ["E304"] and "'repeatedly'" in found[0].message
    assert not [d for d in analyse_text(UP_TO).diagnostics if d.severity == "error"]
    module = parse_text(SEVERAL, "mini.rules")
    assert "simultaneously pick c from hand \"build a card\" exactly 2 {" in format_module(module)
    assert parse_text(format_module(module), "mini.rules") == module
    game = next(d for d in module.items if getattr(d, "name", None) == "mini_wonders")
    assert "secretly picks exactly 2 different c from hand" in "\n".join(explain(game))


def test_the_hot_seat_shows_a_player_their_own_picks_so_far_and_never_anothers(interpreted):
    """A secret pick of several: the screen before each further pick lists what that player took so
    far; the next player's screen names nobody's picks, only who has chosen."""
    from rulebook.runtime.agents import HumanAgent

    from .test_screen import ScriptedConsole
    console = ScriptedConsole()
    agent = HumanAgent(console)
    g = Game(build_text(SEVERAL, interpreted=interpreted), 2, 9, [agent, agent])
    d = g.start()
    first = d.options[0]
    g.play()
    screens = console.screens
    assert f"your picks so far, in secret: {first}" in screens[1]    # P1's second pick
    assert "your picks so far" not in screens[0] and "your picks so far" not in screens[2]   # P2's first
    assert "chosen in secret so far: P1" in screens[2]
