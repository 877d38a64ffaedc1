"""A kind's cards in force while a condition holds (`in force while COND;` in a kind or a card) and a card's
override with its own `while COND` (the Cosmic Encounter audit's W2: "an alien's power works only while its
player has 3 home colonies"): every slot of the cards (reactions, modifiers, overrides, anytime slots,
options) holds only while the condition does, worked out at each use, on both backends; saved and replayed
games; fmt, explain and the findings for misuse."""

from __future__ import annotations

import random

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import as_declared, reading
from rulebook.runtime.engine import Game
from rulebook.runtime.state import State

from .conftest import printed_back, programs, random_games_agree, random_start, replays_through_json, rules_program
from .conftest import run_proc, write_pack

# King of Tokyo: most keep cards work only while their monster is in Tokyo ("Urbavore: +1 damage while you are
# in Tokyo"); Solar Powered works while its monster has no energy, wherever it is.
PACK = """
counter vp;
counter energy;
counter health start 10;
counter dealt;
var tokyo "In Tokyo" global: player;
event hit();
event attacked();
event turn_ended();
func heal_amount(): int = 1;
kind keep "Keep card" { in force while tokyo == you; }
zone shop of keep;
zone kept per_player of keep;
keep urbavore "Urbavore" { modifier you hit in kept { value +1; } }
keep fire_breathing "Fire Breathing" { whenever you attacked in kept { gain 1 vp; } }
keep regeneration "Regeneration" { override func heal_amount(): int in kept = base() + 2; }
keep it_has_a_child "It Has a Child" { anytime in kept { gain 3 health; } }
keep energize "Energize" { option in move in kept "take 2 energy" { gain 2 energy; } }
keep solar_powered "Solar Powered" {
  in force while energy == 0;
  whenever you turn_ended in kept { gain 1 energy; }
}
keep omnivore "Omnivore" { override func heal_amount(): int in kept while energy >= 2 = base() * 3; }
proc attack() {
  let d = 1 for hit();
  gain d dealt;
  emit attacked();
}
proc heal() { gain heal_amount() health; }
proc enter() { set tokyo = you; }
proc buy(c: keep) { move c to kept; }
proc chance() { window; }
proc end_turn() { emit turn_ended(); }
proc turn() {
  choose "your move?" as move open {
    option "enter Tokyo" { enter(); }
    option "attack" { attack(); }
    option "buy" { pick c from shop "buy which?" { buy(c); } }
    option "heal" { heal(); }
    option "spend" { lose energy energy; }
  }
  window;
  end_turn();
}
"""

GAME = """
game king_of_tokyo {
  seats 2 to 4;
  phase setup { fill shop with keep; }
  phase play { repeat 8 { each players: turn(); } }
  winner most vp;
}
"""

program = rules_program(PACK + GAME)


def stock(g: Game, name: str) -> list[int]:
    return [p.stock[name] for p in g.state.players]


def holding(program, *cards: str) -> Game:
    """A two-player game whose P1 has bought the cards named."""
    g = Game(program, 2, 1)
    for name in cards:
        run_proc(g, "buy", g.program.entities[name], player=0)
    return g


def offered(g: Game, proc: str, player: int = 0) -> list[str]:
    """The options of the first decision a proc asks (none asked: [])."""
    gen = g.program.procs[proc](g, g.state.players[player])
    try:
        return [str(o) for o in gen.send(None).options]
    except StopIteration:
        return []


def test_the_keep_cards_switch_on_and_off_as_tokyo_changes_hands_without_moving(program):
    g = holding(program, "urbavore", "fire_breathing", "regeneration")
    run_proc(g, "attack", player=0)
    run_proc(g, "heal", player=0)
    assert (stock(g, "dealt"), stock(g, "vp"), stock(g, "health")) == ([1, 0], [0, 0], [11, 10])   # outside Tokyo
    run_proc(g, "enter", player=0)   # nothing moves between zones: the condition changes
    run_proc(g, "attack", player=0)
    run_proc(g, "heal", player=0)
    assert (stock(g, "dealt"), stock(g, "vp"), stock(g, "health")) == ([3, 0], [1, 0], [14, 10])   # +1 damage, +1 VP, +2
    run_proc(g, "enter", player=1)   # P2 takes Tokyo: P1's cards are out of force again
    run_proc(g, "attack", player=0)
    run_proc(g, "heal", player=0)
    assert (stock(g, "dealt"), stock(g, "vp"), stock(g, "health")) == ([4, 0], [1, 0], [15, 10])


def test_an_anytime_slot_and_an_open_chooses_option_are_offered_only_in_force(program):
    g = holding(program, "it_has_a_child", "energize")
    assert offered(g, "chance") == []
    assert "take 2 energy" not in offered(g, "turn")
    run_proc(g, "enter", player=0)
    assert offered(g, "chance") == ["It Has a Child", "pass"]
    assert offered(g, "turn")[-1] == "take 2 energy"


def test_a_cards_own_line_takes_the_place_of_its_kinds(program):
    g = holding(program, "solar_powered")
    run_proc(g, "end_turn", player=0)   # outside Tokyo, no energy: in force
    run_proc(g, "end_turn", player=0)   # one energy now: out of force
    assert stock(g, "energy") == [1, 0]


def test_an_overrides_own_while_is_read_at_each_call_after_the_kinds(program):
    g = holding(program, "omnivore")
    run_proc(g, "enter", player=0)
    run_proc(g, "heal", player=0)   # in Tokyo, but under 2 energy: the pack's rule
    g.state.players[0].stock["energy"] = 2
    run_proc(g, "heal", player=0)   # both hold: tripled
    run_proc(g, "enter", player=1)
    run_proc(g, "heal", player=0)   # out of Tokyo: the kind's line says no, whatever the override's says
    assert stock(g, "health") == [10 + 1 + 3 + 1, 10]


def test_whole_games_agree_on_both_backends_and_replay():
    random_games_agree(PACK + GAME, seeds=range(1, 4))
    replays_through_json(build_text(PACK + GAME), 2)
    replays_through_json(build_text(PACK + GAME, interpreted=True), 3)


def test_simulate_hears_of_a_cards_override_only_when_its_version_runs(program):
    g = holding(program, "regeneration")
    heard = []
    g.held_use = lambda card, holder: heard.append((card.name, holder.index))
    run_proc(g, "heal", player=0)   # held, outside Tokyo: the pack's rule runs
    assert heard == []
    run_proc(g, "enter", player=0)
    run_proc(g, "heal", player=0)
    assert heard == [("regeneration", 0)]


def test_a_game_saved_mid_way_round_trips_and_a_copy_plays_on_alike(program):
    g, _offered = random_start(program, 5, steps=40, players=3)
    data = g.state.to_json()
    assert State.from_json(data, program.entities).to_json() == data
    copy, rng = g.clone(), random.Random(9)
    for game in (g, copy):   # the same answers from here on, on the copy rebuilt from the decisions
        rng.seed(9)
        while game.decision is not None:
            game.apply(rng.randrange(len(game.decision.options)))
    assert g.result()["over"] and g.state.digest() == copy.state.digest() and g.log == copy.log


def test_a_house_pack_amends_the_kinds_line_and_a_cards(tmp_path):
    write_pack(tmp_path / "base", PACK + GAME, name="base")
    house = write_pack(tmp_path / "house", """
        # House rule: the keep cards work everywhere; Urbavore only while its monster has 2 energy or more.
        amend keep { in force while true; }
        amend urbavore { in force while energy >= 2; }
        """, name="house", extends=["../base"])
    for built in programs(house):
        g = holding(built, "fire_breathing", "urbavore")
        run_proc(g, "attack", player=0)   # outside Tokyo: Fire Breathing works, Urbavore not yet
        g.state.players[0].stock["energy"] = 2
        run_proc(g, "attack", player=0)
        assert (stock(g, "vp"), stock(g, "dealt")) == ([2, 0], [1 + 2, 0])
    _module, printed = printed_back("amend keep { in force while true; }\n")
    assert printed == "amend keep {\n  in force while true;\n}\n"


def test_the_editors_outline_shows_an_overrides_while(tmp_path):
    from rulebook.compiler.workspace import Workspace

    pack = write_pack(tmp_path / "kot", PACK + GAME, name="kot")
    view = Workspace().view(pack / "main.rules")
    shown = next(s for s in view.paths if s.endswith(".rules"))
    details = {c["name"]: c["detail"] for s in view.symbols_of(shown) if s["name"] == "omnivore" for c in s["children"]}
    assert details == {"override heal_amount": "in kept while energy >= 2"}


def test_fmt_prints_the_lines_back():
    _module, printed = printed_back(PACK)
    assert 'kind keep "Keep card" { in force while tokyo == you; }' in printed
    assert "  in force while energy == 0;\n" in printed
    assert "  override func heal_amount(): int in kept while energy >= 2 = base() * 3;" in printed


def test_explain_reads_the_condition_with_each_slot():
    sym = analyse_text(PACK + GAME).symbols
    kind = "\n".join(reading(sym.decls["keep"], sym))
    assert "Each keep card is in force only while" in kind
    words = "\n".join(reading(sym.decls["regeneration"], sym))
    assert "While you hold Regeneration in your kept and" in words
    rule = "\n".join(reading(as_declared(sym.decls["heal_amount"], sym), sym))
    assert rule.startswith("If you hold Omnivore in your kept and ")
    solar = "\n".join(reading(sym.decls["solar_powered"], sym))
    assert solar.startswith("In force only while ")


CARDS = """counter vp;
counter colonies;
event fought(n: int);
zone power per_player of alien;
func foresees(): bool = false;
proc fight() { emit fought(1); }
"""


def findings(text: str) -> list[tuple]:
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(CARDS + text).diagnostics
            if d.code[0] in "EW"]


def test_the_line_twice_in_a_kind_is_e552_at_the_second():
    result = analyse_text(CARDS + "kind alien { in force while colonies >= 3; in force while vp > 1; }\n")
    [d] = [d for d in result.diagnostics if d.severity == "error"]
    assert (d.code, d.span.line, d.span.column) == ("E552", 7, 59) and d.notes


def test_a_condition_that_is_not_true_or_false_is_e303_and_it_is_e553():
    assert findings("kind alien { in force while colonies; }\nalien a { whenever you fought in power { } }\n") \
        == [("E303", 7, 29)]
    assert findings("kind alien { in force while it.n > 1; }\nalien a { whenever you fought in power { } }\n") \
        == [("E553", 7, 29)]
    assert findings("kind alien { }\nalien a { in force while it.n > 1; whenever you fought in power { } }\n") \
        == [("E553", 8, 26)]


def test_a_line_over_cards_with_nothing_to_gate_is_w539():
    assert findings("kind alien { in force while colonies >= 3; text: str = \"\"; }\nalien a { }\n") == [("W539", 7, 29)]
    assert findings("kind alien { }\nalien a { in force while colonies >= 3; }\n") == [("W539", 8, 26)]


def test_a_misspelt_force_is_e100_with_a_did_you_mean():
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.dsl.parser import parse_text

    with pytest.raises(RulesError) as err:
        parse_text("kind alien { in forse while true; }\n", "t.rules")
    d = err.value.diagnostics[0]
    assert (d.code, d.span.column) == ("E100", 17) and d.hint.startswith("did you mean 'force'?")


def test_a_pack_without_the_line_compiles_as_before():
    """No `in force` line: no slot is gated and no condition kept, so the generated module is the one of before
    (Federation's is byte for byte the same: docs/architecture.md)."""
    from rulebook.compiler.driver import _generate

    plain = PACK.replace(" in force while tokyo == you; ", " ").replace("  in force while energy == 0;\n", "")
    result = analyse_text(plain + GAME)
    source = _generate(result, "text", result.identity())
    assert "held.force" not in source and "in_force" not in source and "'in force'" not in source
    gated = analyse_text(PACK + GAME)
    assert "rt.in_force(" in _generate(gated, "text", gated.identity())


def test_the_highlighter_colours_in_force_while_and_leaves_force_a_name_elsewhere():
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    def tokens(text: str) -> list:
        return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value.strip()]

    assert tokens("kind keep { in force while tokyo == you; }")[3:6] == [(Keyword, "in"), (Keyword, "force"),
                                                                         (Keyword, "while")]
    assert (Name, "force") in tokens("proc p() { gain force vp; }")
