"""Players knocked out of the game: `eliminate P;` / `restore P;`, on both backends. The player
domains, `each`, `each ... simultaneously pick`, the triggers and modifiers a knocked-out player owns
and the winner line pass them over; `all_players`, `player_count` and `eliminated(p)` still see them;
the state, saves, views, the trace and `rulebook play` show who is out."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import rules_programs, run_proc, write_pack

PACK = """
counter vp;
counter hp;
resource coin;
actor frederick;
event hit(amount: int);
kind dish { points: int; }
zone hand per_player of dish hidden;
zone table per_player of dish;
dish tempura "Tempura" { points = 2; }
dish sashimi "Sashimi" { points = 3; }
game arena {
  seats 2 to 6;
  winner most vp;
}
"""


program = rules_programs(PACK)


def game_of(program, procs: str, players: int = 4) -> Game:
    return Game(program(procs), players, 1)


def names(holders) -> list[str]:
    return [h.name for h in holders]


def knock(g: Game, *seats: int) -> None:
    for seat in seats:
        g.eliminate(g.state.players[seat])


def test_the_player_domains_skip_a_knocked_out_player(program):
    g = game_of(program, "proc p() { eliminate left; }", players=5)
    run_proc(g, "p")                          # P1 knocks out P2
    p1, p2, p3, p4, p5 = g.state.players
    assert names(g.state.out) == ["P2"] and g.eliminated(p2) and not g.eliminated(p1)
    assert names(g.players()) == ["P1", "P3", "P4", "P5"]
    assert names(g.opponents(p1)) == ["P3", "P4", "P5"]
    assert g.left(p1) is p3 and g.right(p3) is p1 and names(g.neighbours(p1)) == ["P3", "P5"]
    assert names(g.players_from(p2)) == ["P3", "P4", "P5", "P1"]     # from the seat, without P2
    assert names(g.players_counterclockwise_from(p3)) == ["P3", "P1", "P5", "P4"]
    assert names(g.all_players()) == ["P1", "P2", "P3", "P4", "P5"] and g.player_count() == 5
    assert g.left(g.state.actors["frederick"]) is p1
    knock(g, 0)                                # an actor sits before P1: the first player still in
    assert g.left(g.state.actors["frederick"]) is p3 and g.right(g.state.actors["frederick"]) is p5
    assert g.teammate(p1) is p2 or len(g.state.players) % 2   # teams are seats


def test_the_last_player_in_is_their_own_neighbour_and_has_no_opponents(program):
    g = game_of(program, "proc p() { eliminate opponents; }", players=3)
    run_proc(g, "p")
    p1 = g.state.players[0]
    assert names(g.players()) == ["P1"] and g.opponents(p1) == [] and g.neighbours(p1) == []
    assert g.left(p1) is p1 and g.right(p1) is p1


def test_counts_and_the_question_in_the_rules(program):
    g = game_of(program, """
        proc p() {
          eliminate right;
          set vp = size(players) * 100 + player_count * 10 + size(all_players);
          if eliminated(right(right)) { gain 1 coin; }
          if left.eliminated() or eliminated() { gain 5 coin; }
          each all_players where eliminated(): gain 1 hp;
        }
    """)
    run_proc(g, "p")
    p1, _p2, _p3, p4 = g.state.players
    assert p1.stock["vp"] == 344 and p1.stock["coin"] == 0
    assert p4.stock["hp"] == 0           # `each` passes over P4 even over all_players (see the docs)


def test_each_skips_a_player_knocked_out_before_their_turn_comes(program):
    # King of Tokyo style: each in turn attacks the next player; P2 knocks P3 out before P3's turn
    g = game_of(program, """
        proc attack() { each left { lose 1 hp; if hp == 0 { eliminate; } } }
        proc round() { each players { gain 1 vp; attack(); } }
    """)
    for p, hp in zip(g.state.players, (5, 5, 1, 5)):
        p.stock["hp"] = hp
    run_proc(g, "round")
    assert [p.stock["vp"] for p in g.state.players] == [1, 1, 0, 1]   # P3 never took a turn
    assert names(g.state.out) == ["P3"]                # P1 hit P2, P2 hit P3, P4 hit P1
    assert [p.stock["hp"] for p in g.state.players] == [4, 4, 0, 5]


def test_eliminate_yourself_goes_on_to_the_end_of_the_effect(program):
    g = game_of(program, "proc p() { eliminate; gain 1 vp; each players: gain 1 coin; }")
    run_proc(g, "p")
    assert names(g.state.out) == ["P1"] and g.state.players[0].stock["vp"] == 1
    assert [p.stock["coin"] for p in g.state.players] == [0, 1, 1, 1]


def test_restore_brings_players_back_for_the_next_round(program):
    # Love Letter: knocked out of the round, back in for the next one
    g = game_of(program, """
        proc p() { eliminate players_from(left); restore; }
        proc next_round() { restore all_players; each players: gain 1 vp; }
    """)
    run_proc(g, "p")
    assert names(g.players()) == ["P1"]
    run_proc(g, "next_round")
    assert g.state.out == [] and [p.stock["vp"] for p in g.state.players] == [1, 1, 1, 1]


def test_knocking_out_twice_or_restoring_someone_in_does_nothing(program):
    g = game_of(program, "proc p() { let q = left; eliminate q; eliminate q; restore right; restore q; restore q;\n"
                         "  eliminate [q, q]; }")
    run_proc(g, "p")
    assert names(g.state.out) == ["P2"]
    assert g.messages == ["P2 is knocked out", "P2 is back in the game", "P2 is knocked out"]


def test_simultaneous_pick_asks_only_the_players_in_and_skips_one_knocked_out_by_an_earlier_body(program):
    g = game_of(program, """
        proc p() {
          eliminate right;
          each players simultaneously pick n from 1..3 "a number" {
            gain n vp;
            if n == 3 { eliminate left; }
          }
        }
    """, players=4)
    asked = run_proc(g, "p", answers=[2, 1, 0])
    assert [d.player.name for d in asked] == ["P1", "P2", "P3"]        # P4 was out: not asked
    assert [p.stock["vp"] for p in g.state.players] == [3, 0, 1, 0]    # P1's 3 knocked P2 out first
    assert names(g.state.out) == ["P4", "P2"]


def test_triggers_and_modifiers_of_a_knocked_out_player_rest_until_they_are_back(program):
    g = game_of(program, """
        proc listen() {
          whenever anyone gain(res = coin) { gain 1 vp; }
          next anyone gain(res = coin) { gain 10 hp; }
          modifier opponents gain { gain + 1; }
        }
        proc earn() { gain 1 coin for gain; }
        proc out() { eliminate; }
        proc back() { restore; }
    """, players=2)
    run_proc(g, "listen")                  # P1 listens
    run_proc(g, "out")
    run_proc(g, "earn", player=1)          # P2 gains: P1's triggers and modifier are out with P1
    p1, p2 = g.state.players
    assert p1.stock["vp"] == 0 and p1.stock["hp"] == 0 and p2.stock["coin"] == 1
    run_proc(g, "back")
    run_proc(g, "earn", player=1, answers=[0])   # the `next` was not used up while P1 was out
    assert p1.stock["vp"] == 1 and p1.stock["hp"] == 10 and p2.stock["coin"] == 3


def test_a_knocked_out_player_cannot_win_but_keeps_their_score(program):
    g = game_of(program, "proc p() { gain 9 vp; eliminate; each left: gain 1 vp; }", players=3)
    run_proc(g, "p")
    result = g.result()
    assert result["scores"] == {"P1": [9], "P2": [1], "P3": [0]}
    assert result["winners"] == ["P2"] and result["out"] == ["P1"]
    knock(g, 1, 2)                         # everyone out: the winner line compares them all
    assert g.result()["winners"] == ["P1"]
    g.restore(g.state.players[0], g.state.players)
    assert "out" not in g.result()


def test_the_last_player_standing_wins_with_any_winner_line(program):
    g = game_of(program, """
        proc shot() { pick target from opponents "shoot whom?" { eliminate target; } }
        proc p() { while size(players) > 1 { each players: shot(); } }
    """, players=4)
    run_proc(g, "p", answers=[1, 0])       # P1 shoots P3, P2 shoots P1, P4 shoots P2 (forced)
    assert names(g.players()) == ["P4"] and g.result()["winners"] == ["P4"]


def test_an_actor_or_none_cannot_be_knocked_out(program):
    g = game_of(program, "proc p() { each frederick: eliminate; }\n"
                         "proc q() { let nobody = first(x in players where false); eliminate nobody; }")
    with pytest.raises(RulesRuntimeError, match="cannot eliminate frederick: it is an actor") as e:
        run_proc(g, "p")
    assert e.value.code == "E601"
    with pytest.raises(RulesRuntimeError, match="cannot eliminate none: only a player can be knocked out"):
        run_proc(g, "q")
    assert g.state.out == []


def test_who_is_out_is_state_saved_and_checked(program):
    g = game_of(program, "proc p() { eliminate left; eliminate right; }")
    before = g.state.digest()
    run_proc(g, "p")
    data = g.state.to_json()
    assert data["out"] == [1, 3] and g.state.digest() != before
    check_saved(data, g.program)
    again = State.from_json(json.loads(json.dumps(data)), g.program.entities)
    assert names(again.out) == ["P2", "P4"] and again.digest() == g.state.digest()
    assert "out" not in Game(g.program, 4, 1).state.to_json()     # games without it keep their digests
    for bad in ([7], [1, 1], ["P2"], {"P2": 1}):
        with pytest.raises(StateError, match="knocked out"):
            check_saved({**data, "out": bad}, g.program)


def test_a_saved_file_keeps_who_is_out(program, tmp_path):
    from rulebook.runtime.record import load_state, save_state

    g = game_of(program, "proc p() { eliminate right; }")
    run_proc(g, "p")
    save_state(g.state, tmp_path / "state.json")
    again = load_state(tmp_path / "state.json", g.program)
    assert names(again.out) == ["P4"] and again.digest() == g.state.digest()


def test_views_show_who_is_out_to_everyone(program):
    g = game_of(program, "proc p() { eliminate left; }")
    assert "out" not in g.view(0)
    run_proc(g, "p")
    assert g.view(0)["out"] == ["P2"] and g.view(2)["out"] == ["P2"]
    assert "P2 is knocked out" in g.view(3)["messages"]


def test_the_trace_shows_eliminate_and_restore(program):
    g = game_of(program, "proc p() { eliminate left; restore left(left); restore all_players; }")
    effects = []
    g.tracer = effects.append
    run_proc(g, "p")
    assert [(e.kind, e.player, e.what) for e in effects] == [("eliminate", "P2", "is knocked out"),
                                                             ("restore", "P2", "is back in the game")]
    assert [e.describe() for e in effects] == ["P2 is knocked out", "P2 is back in the game"]   # sentences
    assert effects[0].where.endswith(":16:12") and effects[1].where.endswith(":16:48")   # left(left) is in


@pytest.mark.parametrize("text, code, column", [
    ("proc p() { eliminate coin; }", "E303", 22),
    ("proc p() { restore 3; }", "E303", 20),
    ("proc p() { eliminate frederick; }", "E303", 22),
    ("proc p() { restore hand; }", "E303", 20),
    ("proc p() { if eliminated(coin) { } }", "E303", 26),
    ("proc p() { eliminate }", "E100", 21),
    ("func f() = eliminate;", "E201", 12),        # `eliminate` is a contextual word: a name here
    ("proc p() { eliminate left, right; }", "E100", 26),
])
def test_misuse_is_positioned(text, code, column):
    found = [(d.code, d.span.line, d.span.column) for d in analyse_text(PACK + text).diagnostics]
    assert (code, 16, column) in found, found


def test_restore_of_the_acting_player_in_an_each_or_a_trigger_is_w415():
    def w415(text):
        return [(d.span.line, d.span.column) for d in analyse_text(PACK + text).diagnostics if d.code == "W415"]

    assert w415("proc p() { each all_players { restore; } }") == [(16, 31)]
    assert w415("proc p() { each players simultaneously pick n from 1..2 { if n == 2 { restore; } } }") == [(16, 71)]
    assert w415("proc p() { restore; each players { restore left; } }") == []
    assert w415("proc p() { whenever you gain(res = coin) { restore; } }") == [(16, 44)]


def test_the_actor_message_says_why():
    (d,) = [d for d in analyse_text(PACK + "proc p() { eliminate frederick; }").diagnostics if d.code == "E303"]
    assert d.message == "eliminate is for players: the actor 'frederick' is never knocked out"
    (d,) = [d for d in analyse_text(PACK + "proc p() { eliminate coin; }").diagnostics if d.code == "E303"]
    assert d.message == "eliminate needs a player or a list of players, not a number"


def test_printed_back_and_read_in_words():
    text = PACK + ("proc p(q: player) {\n  eliminate;\n  eliminate q;\n  restore;\n  restore all_players;\n"
                   "  if eliminated(q) or q.eliminated() or eliminated() { gain 1 vp; }\n}\n")
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert parse_text(printed, "a.rules") == module
    assert "  eliminate q;\n  restore;\n  restore all_players;\n" in printed
    lines = [line.strip() for line in explain(module.items[-1])]
    assert "You are knocked out of the game." in lines and "Knock q out of the game." in lines
    assert "You are back in the game." in lines
    assert "Bring every knocked-out player back into the game." in lines
    assert any("q is knocked out or q is knocked out or you are knocked out" in line for line in lines)


GAME = """
counter health "Health" from 0 to 10;
counter vp;
proc attack() {
  pick target from opponents "attack whom?" {
    each target {
      set health = max(0, health - 4);
      if health == 0 { say "{you} is out of the arena"; eliminate; }
    }
  }
}
game tokyo "King of the Hill" {
  seats 2 to 6;
  phase setup { each players: gain 10 health; }
  phase play {
    while size(players) > 1 { each players: attack(); }
  }
  winner most health;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_whole_game_to_the_last_player_standing(interpreted):
    program = build_text(GAME, interpreted=interpreted)
    g = Game(program, 4, 7, make_agents("random", 4, 7))
    g.play()
    result = g.result()
    assert len(result["out"]) == 3 and result["winners"] == [p.name for p in g.players()]
    assert result["winners"][0] not in result["out"]


def test_play_shows_who_was_knocked_out_and_replays(tmp_path):
    runner = CliRunner()
    pack = write_pack(tmp_path / "tokyo", GAME)
    log = tmp_path / "game.json"
    result = runner.invoke(app, ["play", str(pack), "-n", "3", "--seed", "4", "--log", str(log)])
    assert result.exit_code == 0, result.output
    assert "knocked out: " in result.output and "(out)" in result.output
    assert "is knocked out" in result.output                 # the message log
    for extra in ([], ["--interpret"]):
        replayed = runner.invoke(app, ["replay", str(log), *extra])
        assert replayed.exit_code == 0 and "replay matches the log" in replayed.output, replayed.output


def test_the_human_screen_marks_who_is_out(program):
    import io

    from rulebook.runtime.console import PlainConsole, screen

    g = game_of(program, "proc p() { eliminate left; }", players=3)
    run_proc(g, "p")
    console = PlainConsole(file=io.StringIO(), width=80, color_system=None)
    for part in screen(g.view(2), [("say", m) for m in g.messages]):
        console.print(part)
    text = console.file.getvalue()
    assert "P2 (out)" in text and "P3 (you)" in text and "P2 is knocked out" in text
