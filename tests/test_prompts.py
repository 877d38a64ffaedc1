"""Values in decisions: the prompt of `pick`, `choose`, `may`, `for each ... in any order` and `each ...
simultaneously pick`, and each `choose` option's label, show `{...}` values as a `say` text does, worked
out when the decision is asked; a plain prompt or label stays a constant in the generated code."""

from __future__ import annotations

from pathlib import Path


from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_text
from rulebook.runtime.agents import FocusedAgent
from rulebook.runtime.coverage import branch_points
from rulebook.runtime.engine import Decision, Game
from rulebook.runtime.view import Asked

from .conftest import rules_programs, run_proc, write_pack

PACK = """
resource coin;
counter vp;
kind card { worth: int; }
zone hand per_player of card;
card forge "The Forge" { worth = 2; }
card mill "Mill" { worth = 1; }
die d6: int { face = 1; face = 2; face = 3; face = 4; face = 5; face = 6; }
"""

# Can't Stop: four dice, split into two pairs; each option names its pairs and their sums
PAIRING = """
proc pairing() {
  let a = roll d6;
  let b = roll d6;
  let c = roll d6;
  let d = roll d6;
  say "{a} {b} {c} {d}";
  choose "pair {a}, {b}, {c} and {d}" {
    option "{a}+{b} = {a + b} and {c}+{d} = {c + d}" { gain a + b vp; }
    option "{a}+{c} = {a + c} and {b}+{d} = {b + d}" { gain a + c vp; }
    option "{a}+{d} = {a + d} and {b}+{c} = {b + c}" { gain a + d vp; }
  }
}
"""


program = rules_programs(PACK)


def test_pairing_labels_show_the_dice_and_their_sums(program):
    game = Game(program(PAIRING), 2, 3)
    asked = run_proc(game, "pairing", answers=[1])
    a, b, c, d = map(int, game.messages[0].split(": ")[1].split())
    assert [x.prompt for x in asked] == [f"pair {a}, {b}, {c} and {d}"]
    assert asked[0].options == [f"{a}+{b} = {a + b} and {c}+{d} = {c + d}", f"{a}+{c} = {a + c} and {b}+{d} = {b + d}",
                                f"{a}+{d} = {a + d} and {b}+{c} = {b + c}"]
    assert game.state.players[0].stock["vp"] == a + c
    assert len({a, b, c, d}) == 4


def test_options_filled_in_alike_are_told_apart(program):
    game = Game(program(PAIRING), 2, 8)   # 3 4 4 3: the first two pairings read alike
    asked = run_proc(game, "pairing", answers=["3+4 = 7 and 4+3 = 7 (2 of 2)"])
    assert asked[0].options == ["3+4 = 7 and 4+3 = 7 (1 of 2)", "3+4 = 7 and 4+3 = 7 (2 of 2)", "3+3 = 6 and 4+4 = 8"]
    assert game.state.players[0].stock["vp"] == 7


def test_a_label_is_answered_as_shown_or_as_written(program):
    game = Game(program(PAIRING), 2, 3)
    first = run_proc(game, "pairing", answers=["{a}+{d} = {a + d} and {b}+{c} = {b + c}"])[0]
    label = first.options[2]
    again = Game(program(PAIRING), 2, 3)
    run_proc(again, "pairing", answers=[label])
    assert again.state.players[0].stock["vp"] == game.state.players[0].stock["vp"]
    assert first.written_options[0] == "{a}+{b} = {a + b} and {c}+{d} = {c + d}"
    assert first.written_prompt == "pair {a}, {b}, {c} and {d}"


def test_a_pick_prompt_names_a_player_of_a_loop_and_you(program):
    p = program('proc p() { fill hand with card;\n'
                '  for each o in opponents { pick c from hand "which card does {you} give {o}?" { move c to o.hand; } } }')
    game = Game(p, 3, 1)
    asked = run_proc(game, "p", answers=[0])
    assert [d.prompt for d in asked] == ["which card does P1 give P2?"]   # the second is forced
    assert game.state.players[2].zones["hand"][0].title == "Mill"


def test_values_are_worked_out_at_each_asking(program):
    p = program('proc p() { gain 3 coin;\n'
                '  may "pay 1 of your {coin} coins?" repeatedly cost 1 coin { gain 1 vp; }\n'
                '  choose "{vp} vp so far" in any order { option "one at {vp}" { gain 1 vp; } option "two" { gain 2 vp; } }\n'
                '  for each n in [1, 2] in any order "{vp} vp: which next?" { gain n vp; } }')
    game = Game(p, 2, 1)
    asked = run_proc(game, "p", answers=["yes", "yes", "no", "two", 0])   # a lone option left is not asked
    assert [d.prompt for d in asked] == ["pay 1 of your 3 coins?", "pay 1 of your 2 coins?", "pay 1 of your 1 coins?",
                                         "2 vp so far", "5 vp: which next?"]
    assert asked[3].options == ["one at 2", "two"]
    assert game.state.players[0].stock["vp"] == 8


def test_a_label_is_worked_out_only_for_an_option_offered(program):
    # `hand.first()` of an empty hand is none: its field would stop the game, but that option is not offered
    p = program('proc p() { choose { option "worth {first(c in hand).worth}" when size(hand) > 0 { }\n'
                '  option "draw" { } option "wait" { } } }')
    asked = run_proc(Game(p, 2, 1), "p", answers=["wait"])
    assert asked[0].options == ["draw", "wait"]


def test_each_seat_of_a_simultaneous_pick_is_asked_its_own_prompt(program):
    p = program('proc p() { each players simultaneously pick q from players "{you}, who leads?" { gain 1 vp; } }')
    asked = run_proc(Game(p, 3, 1), "p", answers=[0, 1, 2])
    assert [d.prompt for d in asked] == ["P1, who leads?", "P2, who leads?", "P3, who leads?"]


def test_literal_braces_are_as_in_say(program):
    p = program('proc p() { choose "{{set}} {1 + 1}" { option "a {{b}}" { } option "c}}" { } } }')
    asked = run_proc(Game(p, 2, 1), "p", answers=[0])
    assert (asked[0].prompt, asked[0].options) == ("{set} 2", ["a {b}", "c}"])


def test_plain_prompts_and_labels_stay_constants_in_the_generated_code():
    p = build_text(PACK + 'proc p() { choose "which?" { option "a" { } option "b {{c}}" { } }\n'
                   '  pick c from hand "give?" { } may { } }', interpreted=False)
    source = Path(p.module_file).read_text()
    assert "rt.filled" not in source
    assert "rt.choose(you, 'which?', ('a', 'b {c}')," in source and "rt.pick(you, 'give?'," in source


def test_unknown_names_and_the_variable_not_yet_picked_are_positioned_errors():
    line = PACK.count("\n") + 2
    text = PACK + ('proc p() {\n  pick c from hand "{c} or {cion}?" { } choose { option "{vp} {nope}" { } }\n'
                   '  for each n in [1] in any order "{n}" { } may "{zz}" { } }')
    found = [(d.code, d.span.line, d.span.column, d.message) for d in analyse_text(text).diagnostics
             if d.code.startswith("E")]
    assert [f[:3] for f in found] == [("E201", line, 22), ("E201", line, 29), ("E201", line, 64),
                                      ("E201", line + 1, 36), ("E201", line + 1, 50)]
    assert "asked before 'c' is picked" in found[0][3] and "asked before 'n' is picked" in found[3][3]


def test_fmt_round_trips_prompts_and_labels_with_values():
    source = ('proc p() {\n  choose "pair {1 + 1} {{x}}" {\n    option "{vp} \\"q\\"" {}\n  }\n'
              '  pick c from hand "give {left(you)}?" {}\n  may "pay {coin}?" {}\n}\n')
    assert format_text(source) == source
    assert parse_text(format_text(source)) == parse_text(source)


def test_explain_names_the_values_of_prompts_and_labels():
    module = parse_text(PACK + PAIRING + 'proc q() { pick c from hand "give {left(you)}?" { } }')
    pairing = explain(next(d for d in module.items if getattr(d, "name", None) == "pairing"))
    assert "Choose one (pair [a], [b], [c] and [d]):" in [line.strip() for line in pairing]
    assert "1. [a]+[b] = [a + b] and [c]+[d] = [c + d]:" in [line.strip() for line in pairing]
    pick = explain(next(d for d in module.items if getattr(d, "name", None) == "q"))
    assert pick[1].strip().startswith("Pick one c from") and pick[1].strip().endswith("(give [left(you)]?), then:")


def decision(prompt: str, labels: list) -> Asked:
    game = Game(build_text(PACK + PAIRING, interpreted=False), 2, 1)
    filled = [game.filled(label[0], "-", label[1]) if isinstance(label, tuple) else label for label in labels]
    return Asked(Decision(game.state.players[0], game.filled(prompt, "-", prompt.replace("{a}", "5")), filled, "x:1:1"))


def test_a_focused_agent_plans_by_the_prompt_and_labels_as_written():
    agent = FocusedAgent(3)
    first = decision("{a} first?", [("{a}+{b}", "1+2"), ("{a}+{c}", "1+3"), "plain"])
    planned = first.written_options[agent.choose(first, None)]
    later = decision("{a} first?", ["plain", ("{a}+{c}", "6+6"), ("{a}+{b}", "5+4")])
    assert all(later.written_options[agent.choose(later, None)] == planned for _ in range(5))
    assert agent.plan == {"{a} first?": planned}


def test_cover_names_an_option_by_its_label_as_written(tmp_path):
    game = 'game g { seats 2 to 2; phase play { each players: pairing(); } winner most vp; }\n'
    root = write_pack(tmp_path / "pairs", PACK + PAIRING + game)
    names = sorted(name.split(" ", 1)[1] for group, name in branch_points(analyse(str(root)).symbols).values()
                   if group == "choose option")
    assert names == ["'{a}+{b} = {a + b} and {c}+{d} = {c + d}'", "'{a}+{c} = {a + c} and {b}+{d} = {b + d}'",
                     "'{a}+{d} = {a + d} and {b}+{c} = {b + c}'"]


def test_a_trigger_keeps_the_locals_its_prompt_shows(program):
    p = program('event ping();\nproc p() { let n = 7;\n  for each k in [1, 2] { next ping { may "take {n} and {k}?" { gain n vp; } } }\n'
                '  emit ping(); }')
    game = Game(p, 2, 1)
    asked = run_proc(game, "p", answers=[0, "yes", "no"])   # first: which of the two triggers fires first
    assert [d.prompt for d in asked[1:]] == ["take 7 and 1?", "take 7 and 2?"]
    assert game.state.players[0].stock["vp"] == 7
