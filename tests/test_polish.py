"""The Terraforming Mars audit's leftovers (seventh session of 2026-12-05, branch polish): explain's
wording (D4), a pack's func or proc named like a builtin, words a designer needs as names (W12), and
one step budget for both backends."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

from .conftest import explained

# Terraforming Mars, as the audit wrote it (repro/explain_words): a resource with a title that is no
# word ("M€"), a production counter, a tag enum, a project whose modifier makes Space tags cheaper.
TM = '''
resource mc "M€";
resource steel "Steel";
counter heat_prod "Heat production";
enum tag { building "Building", space_tag "Space" }
event play_card(c: project);
kind project { cost: int; tags: list of tag = []; play: effect; }
zone tableau per_player of project;
zone mars "Mars" of project;
zone pile "Projects" of project;
func has_tag(c: project, t: tag) = contains(c.tags, t);
func both(c: project) = has_tag(c, building) and has_tag(c, space_tag);
func one(c: project) = has_tag(c, building);
project station "Space Station" {
  cost = 10; tags = [space_tag];
  play { modifier you play_card while has_tag(it.c, space_tag) { cost -2 mc; } gain 3 heat_prod; }
}
func in_mars() = count(c in mars where c.cost > 1);
func in_pile() = count(c in pile);
func can_buy(c: project) = affordable(c.cost mc for play_card(c));
proc pay_for(c: project) { pay c.cost mc using steel at 2 for play_card(c); }
'''


def tm():
    result = analyse_text(TM)
    assert not [d for d in result.diagnostics if d.severity == "error"], result.diagnostics
    return result


def test_a_call_with_several_arguments_keeps_them_apart_from_the_logical_and():
    words = explained(tm(), "both")
    # a one-line func of builtins is read in place, its arguments for its parameters (branch domfix)
    assert "“Building” is in c's tags and “Space” is in c's tags" in words, words
    assert "“has tag” for c and “Building”" not in words
    assert "“Building” is in c's tags" in explained(tm(), "one")


def test_a_modifier_and_affordable_read_the_resource_by_its_title_as_pay_does():
    result = tm()
    assert "The cost is reduced by 2 M€ (never below zero)." in explained(result, "station")
    assert "M€" in explained(result, "pay_for")
    assert "you can pay c's cost M€ for play_card" in explained(result, "can_buy"), explained(result, "can_buy")
    assert " mc" not in explained(result, "station") + explained(result, "can_buy")


def test_a_place_is_read_by_its_title_and_a_pile_as_a_common_noun():
    result = tm()
    assert "projects c in Mars for which" in explained(result, "in_mars"), explained(result, "in_mars")
    # the plural of what it holds is a pile, not a place: "the projects"
    assert "in the projects" in explained(result, "in_pile"), explained(result, "in_pile")


def test_a_production_counter_is_not_pluralised():
    assert "Gain 3 heat production." in explained(tm(), "station")


# ---------------------------------------------------------------- one nesting budget on both backends
# Tapestry-like: a house rule amends a space of the science track so that its benefit lands on it
# again (`regress` then `advance` in its own benefit, behind an `if`), the runaway a random hypothesis
# run found: it stopped with E602 on both backends, after 10,019 traced effects compiled and 8,017
# interpreted, since only Python's recursion limit stopped it, and the interpreter's stack is deeper.
TRACK = '''
counter vp;
track science "Science" {
  space 1 { gain 1 vp; }
  space 2 { gain 1 vp; }
  space 3 { gain 1 vp; }
}
game loop { seats 2 to 4; phase play { each players: advance science by 2; } winner most vp; }
'''
SELF_LANDING = '''
proc again() { if vp >= 0 { regress science by 1; advance science by 1; } }
amend science { space 2 { gain 1 vp; if true { again(); } } }
'''


def run_to_the_error(program):
    from rulebook.runtime.agents import RandomAgent
    from rulebook.runtime.engine import Game, RulesRuntimeError

    game = Game(program, 2, 1, [RandomAgent(1), RandomAgent(2)])
    effects = []
    game.tracer = effects.append
    try:
        game.play()
    except RulesRuntimeError as e:
        return e, len(effects), [p.stock["vp"] for p in game.state.players]
    raise AssertionError("the game should have stopped")


def test_a_space_that_lands_on_itself_stops_at_the_same_effect_on_both_backends(tmp_path):
    from .conftest import programs, write_pack

    write_pack(tmp_path / "base", TRACK, "loopbase")
    house = write_pack(tmp_path / "house", SELF_LANDING, "loophouse", extends=["../base"])
    stops = [run_to_the_error(program) for program in programs(house)]
    (compiled, *_), (interpreted, *_) = stops
    assert compiled.code == interpreted.code == "E602"
    assert stops[0][1:] == stops[1][1:]   # as many effects traced, the same scores when it stopped
    from rulebook.runtime.engine import MAX_NESTING

    assert compiled.where == interpreted.where and compiled.where.endswith("main.rules:2:51")   # the advance in again()
    assert compiled.notes == interpreted.notes == [f"more than {MAX_NESTING} landings and recursive calls one "
                                                    "inside another"]
    assert stops[0][2] == [MAX_NESTING, 0]   # a vp a landing: the first player's landings, to the limit


def test_a_proc_that_calls_itself_without_end_stops_at_the_same_call_on_both_backends():
    from .conftest import both_built

    text = "counter vp;\nproc f() { gain 1 vp; f(); }\ngame g { seats 2 to 2; phase play { each players: f(); } winner most vp; }\n"
    stops = [run_to_the_error(program) for program in both_built(text)]
    assert stops[0][0].where == stops[1][0].where and stops[0][0].where.endswith(":2:23")
    assert stops[0][1:] == stops[1][1:] and stops[0][2] == [1000, 0]


# ---------------------------------------------------------------- a func or proc named like a builtin
def test_a_func_or_proc_named_after_a_builtin_function_is_an_error_at_its_name():
    from .conftest import found_at

    text = ("counter vp;\nkind plant { cost: int; }\nzone market of plant;\n"
            "func reverse(n: int) = 0 - n;\n"
            "proc min() { gain 1 vp; }\n"
            "func first_cost() = first(market).cost;\n")
    found = found_at(text)
    assert ("E412", 4, 6) in found and ("E412", 5, 6) in found
    message = next(d for d in analyse_text(text).diagnostics if d.code == "E412")
    assert "builtin function reverse()" in message.message and "my_reverse" in message.hint
    # a name that only starts like one is the pack's own; neighbours is no builtin function here
    assert "E412" not in [c for c, *_ in found_at("func first_cost() = 1;\nfunc neighbours(n: int) = n;\n")]


# ---------------------------------------------------------------- words a designer needs as names (W12)
# Terraforming Mars as the audit wanted to write it: the Space tag as `space` (one member a line, as
# fmt lays an enum out), a card event's argument `cost`, a placer `by`, an opening `first`; and the
# keywords still where they stand: a space's cost, `advance ... by`, `first to`, `first(deck)`,
# `first p in players may`, `rank ... by`.
WORDS = '''
resource mc "M€";
counter vp;
counter first "First turns";
enum tag {
  space "Space",
  building "Building",
}
kind project { cost: int; tags: list of tag = []; }
project station "Space Station" { cost = 10; tags = [space]; }
project mine "Mine" { cost = 4; tags = [building, space]; }
zone deck of project;
zone played per_player of project;
event played_card(c: project, cost: int, by: player);
track terraform "Terraforming" {
  space 1 cost 1 mc { gain 1 vp; }
  space 2 { gain 1 vp; }
  first to 2 { gain 2 vp; }
}
whenever anyone played_card(cost = 10) { gain it.cost vp; }
proc play(by: player, opening: bool) {
  let cost = first(deck).cost;
  if opening and by == you and first == 0 { gain 1 first; }
  pay cost mc;
  let c = first(deck);
  move c to played;
  emit played_card(c, cost, by);
  advance terraform by 1 paying;
  first p in players may "take the mine's bonus?" { each p: gain 1 vp; }
}
game words {
  seats 2 to 2;
  phase setup { fill deck with project; each players: gain 20 mc; }
  phase play { each players: play(you, true); rank players by vp award [1] vp ties all; }
  winner most vp;
}
'''


def test_cost_by_first_and_space_name_things_where_a_name_stands():
    from .conftest import both_built, new_game, printed_back

    result = analyse_text(WORDS)
    assert [d for d in result.diagnostics if d.severity == "error"] == []
    decls = result.symbols.decls
    assert decls["tag"].members == ("space", "building")
    assert [p.name for p in decls["played_card"].params] == ["c", "cost", "by"]
    assert [p.name for p in decls["play"].params] == ["by", "opening"] and "first" in decls
    assert len(decls["terraform"].spaces) == 2 and decls["terraform"].spaces[0].cost   # the keywords still are
    printed_back(WORDS)
    scores = []
    for program in both_built(WORDS):
        game = new_game(program, answers=[0] * 20)
        game.play()
        scores.append([(p.stock["vp"], p.stock["first"], p.stock["mc"]) for p in game.state.players])
    assert scores[0] == scores[1] and scores[0][0][1] == 1   # `gain 1 first;` of the counter `first`


def test_an_enum_whose_first_member_is_cost_written_a_member_a_line():
    # it read "expected ':'" (a field `cost: TYPE` of the enum): where a name may stand, `cost` is one
    result = analyse_text('enum phase_kind {\n  cost "Cost phase",\n  action "Actions",\n}\n')
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    assert result.symbols.decls["phase_kind"].members == ("cost", "action")


def test_a_reserved_word_bound_as_a_name_is_said_reserved_with_free_names():
    from .conftest import found_at

    for text, word in (("proc f(where: int) { }", "where"), ("proc f() { for each where in players { } }", "where"),
                       ("proc f() { pick while from players { } }", "while"),
                       ("enum kind_of { city, event }", "event"), ("counter total;", "total")):
        (d,) = [d for d in analyse_text(text).diagnostics if d.code == "E100"]
        assert d.message == f"a keyword cannot be used as a name here; found '{word}'", (text, d.message)
        assert d.hint.startswith(f"'{word}' is reserved: call it '{word}"), (text, d.hint)
    # a reserved word referred to, not named anew, keeps what the parser expected
    assert found_at("kind card { x: int = 0; }\nzone z of any;") == [("E100", 2, 11)]


def test_the_keywords_before_a_bracket_and_a_func_called_cost():
    text = ("resource coin;\ncounter vp;\ntrack t { space 1 cost (1 + 1) coin { gain 1 vp; } }\n"
            "func cost(n: int) = n;\nproc f(by: int) { advance t by (by - 1) paying; gain cost(2) vp; }\n"
            "game g { seats 2 to 2; phase play { each players: f(2); } winner most vp; }\n")
    result = analyse_text(text)
    assert [d.code for d in result.diagnostics if d.severity == "error"] == []
    assert result.symbols.decls["t"].spaces[0].cost is not None
