"""`in_force(c)`: whether a card's slots apply now (it lies in a zone its slots are used from, and its `in force
while` holds for that zone's owner), asked by a rule (the Cosmic Encounter pack's Zap hits only a power in
force); house rules that replace or remove a kind's or card's `in force while` (`amend KIND { in force while
COND; }`, `remove in force;`); and `--trace` lines that say only what a modifier changed (no "+0 by X")."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game

from .conftest import both_built, found_at, printed_back, programs, random_games_agree, rules_program, run_proc, write_pack

# King of Tokyo: keep cards work only while their monster is in Tokyo; Solar Powered while it has no energy;
# a Plain card holds no slot. A monster's "powered" count is how many of its keep cards work now.
PACK = """
counter vp;
counter energy;
counter dealt;
var tokyo "In Tokyo" global: player;
event hit();
event turn_ended();
kind keep "Keep card" { in force while tokyo == you; }
zone shop of keep;
zone kept per_player of keep;
keep urbavore "Urbavore" { modifier you hit in kept { value +1; } }
keep fire_breathing "Fire Breathing" { whenever you hit in kept { gain 1 vp; } }
keep solar_powered "Solar Powered" {
  in force while energy == 0;
  whenever you turn_ended in kept { gain 1 energy; }
}
keep plain "Plain" { }
func powered(p: player): int = count(c in p.kept where in_force(c));
func working(c: keep): bool = in_force(c);
proc buy(c: keep) { move c to kept; }
proc enter() { set tokyo = you; }
proc shelve(c: keep) { set aside c until turn_ended; }
proc end_turn() { emit turn_ended(); }
proc attack() {
  let d = 1 for hit();
  gain d dealt;
  emit hit();
}
proc turn() {
  choose "your move?" {
    option "enter Tokyo" { enter(); }
    option "attack" { attack(); }
    option "buy" { pick c from shop "buy which?" { buy(c); } }
    option "spend" { lose energy energy; }
    option "shelve a working card" {
      pick c from kept where in_force(c) "shelve which?" { shelve(c); }
    }
  }
  end_turn();
}
"""

GAME = """
game king_of_tokyo {
  seats 2 to 4;
  phase setup { fill shop with keep; }
  phase play { repeat 6 { each players: turn(); } }
  winner most vp;
}
"""

program = rules_program(PACK + GAME)


def stock(g: Game, name: str) -> list[int]:
    return [p.stock[name] for p in g.state.players]


def ask(g: Game, func: str, *args, player: int = 0):
    return g.program.funcs[func](g, g.state.players[player], *args)


def card(g: Game, name: str):
    return g.program.entities[name]


def bought(program, *cards: str) -> Game:
    """A two-player game whose P1 has bought the cards named."""
    g = Game(program, 2, 1)
    for name in cards:
        run_proc(g, "buy", card(g, name), player=0)
    return g


def test_a_card_is_in_force_in_its_zone_while_its_kinds_condition_holds_for_its_holder(program):
    g = Game(program, 2, 1)
    assert ask(g, "working", card(g, "urbavore")) is False   # in no zone yet
    run_proc(g, "buy", card(g, "urbavore"), player=0)
    assert ask(g, "working", card(g, "urbavore")) is False   # kept, but P1 is not in Tokyo
    run_proc(g, "enter", player=0)
    assert ask(g, "working", card(g, "urbavore")) is True
    # asked by P2 about P1's card: worked out for its holder, P1, not for the one who asks
    assert ask(g, "working", card(g, "urbavore"), player=1) is True
    assert ask(g, "powered", g.state.players[0], player=1) == 1
    run_proc(g, "enter", player=1)
    assert ask(g, "working", card(g, "urbavore")) is False and ask(g, "powered", g.state.players[0]) == 0


def test_a_cards_own_line_and_a_card_without_slots(program):
    g = bought(program, "solar_powered", "plain")
    assert ask(g, "working", card(g, "solar_powered")) is True   # no energy, wherever its monster is
    run_proc(g, "end_turn", player=0)
    assert ask(g, "working", card(g, "solar_powered")) is False   # one energy now
    run_proc(g, "enter", player=0)
    assert ask(g, "working", card(g, "plain")) is False   # nothing of a card without slots is ever in force


def test_a_card_outside_its_slots_zone_or_set_aside_is_not_in_force(program):
    g = Game(program, 2, 1)
    run_proc(g, "enter", player=0)
    assert ask(g, "working", card(g, "fire_breathing")) is False   # nowhere
    run_proc(g, "buy", card(g, "fire_breathing"), player=0)
    assert ask(g, "working", card(g, "fire_breathing")) is True
    run_proc(g, "shelve", card(g, "fire_breathing"), player=0)
    assert ask(g, "working", card(g, "fire_breathing")) is False   # set aside (4.14b): nothing of it is in force
    run_proc(g, "end_turn", player=0)
    assert ask(g, "working", card(g, "fire_breathing")) is True   # back in kept


def test_random_games_agree_on_both_backends():
    random_games_agree(PACK + GAME, seeds=range(1, 4))


def test_misuse_is_found_where_it_is_written():
    assert found_at(PACK + "func bad(): bool = in_force(3);\n")[-1] == ("E560", PACK.count("\n") + 1, 29)
    text = PACK + "kind token { }\nzone pile per_player of token;\ntoken t1 { }\nfunc tok(): bool = in_force(t1);\n"
    assert found_at(text)[-1] == ("W546", text.count("\n"), 29)
    found = analyse_text(PACK + "func bad(p: player): bool = in_force(p);\n").diagnostics
    assert [d.code for d in found] == ["E560"] and "a player, not a card" in found[0].message
    assert found_at(PACK) == []


def test_fmt_and_explain_read_it():
    _module, printed = printed_back(PACK)
    assert "func working(c: keep): bool = in_force(c);" in printed
    result = analyse_text(PACK + GAME)
    said = "\n".join(reading(result.symbols.decls["working"], result.symbols))
    assert "c is in force (it lies where its slots work" in said



def test_a_held_role_is_in_force_even_with_overrides_alone():
    from .test_roles import GAME as SEATS, SIDES

    text = SIDES + "func mine(): bool = in_force(role_of(you));\nfunc usa_in_force(): bool = in_force(usa);\n" + SEATS
    assert [d.code for d in analyse_text(text).diagnostics if d.severity != "info"] == []
    for built in both_built(text):   # the USSR's only slot is an override, written without a zone
        g = Game(built, 2, 1)
        assert [built.funcs["mine"](g, p) for p in g.state.players] == [True, True]
        assert built.funcs["usa_in_force"](g, g.state.players[0]) is True


# ---------------------------------------------------------------- house rules: `remove in force;`
def test_a_house_pack_removes_the_kinds_line_and_a_cards(tmp_path):
    write_pack(tmp_path / "base", PACK + GAME, name="base")
    house = write_pack(tmp_path / "house", """
        # House rule: keep cards work outside Tokyo too; Solar Powered whatever its monster's energy.
        amend keep { remove in force; }
        amend solar_powered { remove in force; }
        """, name="house", extends=["../base"])
    assert [d.code for d in analyse(str(house)).diagnostics if d.severity != "info"] == []
    for built in programs(house):
        g = bought(built, "urbavore", "fire_breathing", "solar_powered")
        assert ask(g, "powered", g.state.players[0]) == 3   # nobody in Tokyo, energy 0
        run_proc(g, "attack", player=0)   # Urbavore's +1 and Fire Breathing's VP outside Tokyo
        run_proc(g, "end_turn", player=0)
        run_proc(g, "end_turn", player=0)   # Solar Powered keeps giving energy
        assert (stock(g, "dealt"), stock(g, "vp"), stock(g, "energy")) == ([2, 0], [1, 0], [2, 0])


def test_removing_a_line_that_is_not_there_is_E561_with_a_hint():
    text = PACK + "amend urbavore { remove in force; }\n"
    found = [d for d in analyse_text(text).diagnostics if d.code == "E561"]
    assert [(d.span.line, d.span.column) for d in found] == [(text.count("\n"), 18)]
    assert "'amend keep { remove in force; }'" in found[0].hint and "in force while true" in found[0].hint
    text = PACK + "amend keep { remove in force; }\namend keep { remove in force; }\n"
    assert [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.severity == "error"] == \
        [("E561", text.count("\n"))]   # the first amend removed it: the second finds none


def test_remove_in_force_prints_back_and_a_misspelling_is_E100():
    _module, printed = printed_back("amend keep { remove in force; }\n")
    assert printed == "amend keep {\n  remove in force;\n}\n"
    found = analyse_text(PACK + "amend keep { remove in forse; }\n").diagnostics
    assert [d.code for d in found] == ["E100"] and "did you mean 'force'" in found[0].hint



def test_the_highlighter_colours_remove_in_force():
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    def tokens(text: str) -> list:
        return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value.strip()]

    assert tokens("amend keep { remove in force; }")[3:6] == [(Keyword.Declaration, "remove"), (Keyword, "in"),
                                                              (Keyword, "force")]
    assert (Name, "in_force") in tokens("func f(c: keep): bool = in_force(c);")   # a builtin: a call as any other


# ---------------------------------------------------------------- the trace says only what changed the amount
# King of Tokyo: Spiked Tail adds its charges to the damage, Steady sets it to 1 (the card changes nothing when
# the damage is 1 already), Frenzy doubles it.
TRACED = """
counter dealt;
event hit();
kind keep "Keep card" { charges: stock; }
zone kept per_player of keep;
keep spiked_tail "Spiked Tail" { modifier you hit in kept { value +this.charges; } }
keep steady "Steady" { modifier you hit in kept { value = 1; } }
keep frenzy "Frenzy" { modifier you hit in kept { value *2; } }
proc buy(c: keep) { move c to kept; }
proc charge() { gain 1 charges on spiked_tail; }
proc attack(n: int) {
  let d = n for hit();
  gain d dealt;
}
"""

traced_program = rules_program(TRACED)


def value_lines(g: Game, proc: str, *args) -> list[str]:
    entries: list = []
    g.tracer = entries.append
    run_proc(g, proc, *args, player=0)
    g.tracer = None
    return [e.describe() for e in entries if e.kind == "value"]


def test_a_modifier_that_changes_nothing_at_this_use_writes_no_trace_line(traced_program):
    g = Game(traced_program, 2, 1)
    run_proc(g, "buy", card(g, "spiked_tail"), player=0)
    assert value_lines(g, "attack", 1) == []   # +0: no charges yet
    run_proc(g, "charge", player=0)
    assert value_lines(g, "attack", 1) == ["P1: value hit() 1 → 2 (+1 by Spiked Tail)"]
    run_proc(g, "buy", card(g, "steady"), player=0)
    # `= 1` first (of a 1: no step), then +1
    assert value_lines(g, "attack", 1) == ["P1: value hit() 1 → 2 (+1 by Spiked Tail)"]
    assert value_lines(g, "attack", 3) == ["P1: value hit() 3 → 2 (= 1 by Steady, +1 by Spiked Tail)"]
    run_proc(g, "buy", card(g, "frenzy"), player=0)
    assert value_lines(g, "attack", 0) == ["P1: value hit() 0 → 4 (= 1 by Steady, +1 by Spiked Tail, x2 by Frenzy)"]
    assert stock(g, "dealt") == [1 + 2 + 2 + 2 + 4, 0]
