"""Property tests: grammar fuzzing, print/parse round trip, and compiled-vs-interpreted equivalence."""

from __future__ import annotations

from unittest import mock

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from lark import Lark

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import GRAMMAR_PATH, decode, parse_text
from rulebook.dsl import ast as A, printer
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import examples

GRAMMAR = Lark(GRAMMAR_PATH.read_text(), parser="lalr", lexer="basic")  # from_lark needs an uncached grammar
# texts the grammar derives; a terminal only our lexer makes (`%declare`d: the '=' after an override's `while COND`)
# is written as what it reads
PROGRAMS = from_lark(GRAMMAR, start="start", explicit={"WHILE_EQUAL": st.just(" = ")})
FUZZ = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(PROGRAMS)
def test_generated_programs_parse_or_give_a_clean_diagnostic(text):
    result = analyse_text(text)  # never raises: every problem is a diagnostic
    event("reached the code generator" if result.ok else "stopped at a diagnostic")  # --hypothesis-show-statistics
    assert all(d.code[0] in "EWI" and d.span.line >= 0 for d in result.diagnostics)
    if result.ok:
        try:
            build_text(text)
        except RulesError as e:
            raise AssertionError(f"checked program failed to compile: {e}") from e


@FUZZ
@given(PROGRAMS)
def test_print_parse_round_trip(text):
    try:
        module = parse_text(text, "a.rules")
    except RulesError:
        return
    printed = format_module(module)
    again = parse_text(printed, "a.rules")
    assert again.items == module.items
    assert format_module(again) == printed


@FUZZ
@given(PROGRAMS, st.integers(1, 60))
def test_print_parse_round_trip_at_any_line_width(text, width):
    """Narrower widths make `fmt` break every head, chain, branch and list it meets: the layout
    must still read back the same and be its own fixed point."""
    try:
        module = parse_text(text, "a.rules")
    except RulesError:
        return
    with mock.patch.object(printer, "LINE_WIDTH", width):
        printed = format_module(module)
        again = parse_text(printed, "a.rules")
        assert again.items == module.items
        assert format_module(again) == printed


@settings(max_examples=examples(200), deadline=None)
@given(st.binary(max_size=300))
def test_arbitrary_bytes_never_crash_the_reader(data):
    try:
        parse_text(decode(data, "x.rules"), "x.rules")
    except RulesError as e:
        assert e.diagnostics and e.diagnostics[0].code.startswith("E1")


@settings(max_examples=examples(200), deadline=None)
@given(st.text(alphabet=st.sampled_from(list("{}()[];:,.=<>+-*/\"# \nabc12_")), max_size=120))
def test_punctuation_soup_never_crashes(text):
    result = analyse_text(text)
    assert result.ok or result.diagnostics


# ---------------------------------------------------------------------------- differential testing

PRELUDE = """
resource coin cap 8;
resource food;
resource ore cap 5;
group goods cap 12 { food, ore }
counter vp;
counter round global;
event ping(n: int);
event trade(n: int);
track path {
  space 1 tier 1 { gain 1 coin; }
  space 2 tier 1 cost 1 any { gain 2 vp; } bonus cost 1 coin { gain 1 food; }
  space 3 tier 2 { choose { option "a" { gain 1 vp; } option "b" when coin > 1 { pay 1 coin; gain 3 vp; } } }
  first to 3 { gain 5 vp; }
}
kind card { worth: int; play: effect; }
zone deck of card secret;
zone hand per_player of card hidden;
card c1 { worth = 1; play { gain 1 vp; } }
card c2 { worth = 2; play { gain 2 coin; } }
card c3 { worth = 3; play { advance path; } }
card c__4 { worth = 4; play { gain 1 ore; } }
card c5 "Five {copy_number}: {worth + copy_number}" * 2 { worth = 4 + copy_number; play { gain 1 vp; } }   # names with '__' must not collide in generated code
kind k__c { four__play: effect; }
k__c c4 { four__play { gain 2 ore; } }
die d6 { face { gain 1 coin; } face { gain 1 food; } face { lose 1 coin; } }
die d3: int { face = 1; face "two" = 2 { gain 1 coin; } face = 3; }
die dr: resource { face = coin; face = food; face = none; }
kind pip "Pip" { up: d3; }
pip pips "Pip" * 2 { }
zone tray of pip;
enum side { pull: int; east "the east side" (pull = 2), west(pull = -1) }
counter votes[side] from 0 to 6;
counter heat[1..3] global;
proc given_back(): int {
  pick c from hand where c.worth > 1 "give back which?" optional {
    move c to deck;
    return c.worth;
  }
  return 0;
}
zone row[1..2] of card;
var passed: bool;
var holder global: player;
var fav: card;
var lean: side = east;
kind badge per_player { lvl: int = 0; }
badge b1 { }
badge b2 { }
zone badges per_player of badge;
zone badges_done per_player of badge;
func best() = max(vp, coin);
func spread(n: int): int = let twice = n * 2; let less = twice - vp; max(twice, less) + size(distinct([lean, east, lean]));
proc spend(r: resource) { gain 1 r; may cost 1 r { gain 1 vp; } }
proc walk(t: track, n: int) { advance t by n; regress t; advance t no_benefit; reactivate t; }
proc buy(n: int) { choose { option "buy" { pay 2 coin, 1 food for trade(n); gain 1 ore for trade(n); } option "pass" {} } }
"""
GAME = """
proc body() {
%s
}
game g {
  seats 2 to 3;
  phase setup { fill deck with card; shuffle deck; fill tray with pip; each players { gain 2 coin; draw 1 from deck to hand; } }
  phase play { repeat 2 { each players: body(); emit ping(1); set round = round + 1; } }
  winner most vp then fewest coin;
}
"""

small = st.integers(0, 3).map(str)
stock = st.sampled_from(["coin", "food", "ore", "vp"])
atom = st.one_of(small, stock, st.just("tier(path)"), st.just("position(path) * 2"), st.just("size(hand)"),
                 st.just("best()"), st.just("round"), st.just("left(you).best()"), st.just("right(you).coin"),
                 st.just("match vp { 0: 1, 1: 3, else: coin }"),
                 st.just("count(s in side where votes[s] > 0)"), st.just("highest(s in side, votes[s])"),
                 st.just("(if first(c in hand where c.worth > 2) == none then 0 else 2)"),
                 st.just("(if affordable(2 coin, 1 food for trade(1)) then 1 else 0)"),
                 st.just("votes[east]"), st.just("votes[lean]"), st.just("right(you).votes[west]"),
                 st.just("heat[min(3, max(1, round))]"), st.just("size(row[2])"),
                 st.just("(if passed then 2 else 0)"), st.just("(if holder == you then 1 else 0)"),
                 st.just("(if fav == none then 0 else fav.worth)"),
                 st.just("(if allowed(trade(2)) then 1 else 0)"),
                 st.just("b1.lvl"), st.just("(if b2.flipped then 1 else 0)"), st.just("size(left(you).badges)"),
                 st.just("(if b1.owner == you then 1 else 0)"), st.just("lean.pull"), st.just("spread(coin)"),
                 st.just("total(s in side, s.pull * votes[s])"))
expr = st.recursive(atom, lambda inner: st.one_of(
    st.tuples(inner, st.sampled_from(["+", "-", "*"]), inner).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
    st.tuples(inner, inner).map(lambda t: f"min({t[0]}, {t[1]})"),
    small.map(lambda n: f"count(p in players where p.vp > {n})"),
    st.just("total(p in opponents, p.coin)"),
    small.map(lambda n: f"highest(p in players where p.vp > {n}, p.coin - p.vp)"),   # 0 when none is kept
    small.map(lambda n: f"lowest(p in opponents where p.coin >= {n}, p.coin * 2)"),
    st.tuples(inner, inner).map(lambda t: f"(if coin > 1 and vp < 3 then {t[0]} else {t[1]})"),
    inner.map(lambda t: f"[4, 5, 6][min(3, max(1, {t}))]"),
), max_leaves=4)
amount = st.one_of(small, st.tuples(expr).map(lambda t: f"max(0, min(3, {t[0]}))"))
simple_cond = st.one_of(
    st.tuples(expr, st.sampled_from(["<", "<=", ">", ">=", "==", "!="]), expr).map(" ".join),
    small.map(lambda n: f"some(p in opponents where p.coin > {n})"),
    st.tuples(stock, small).map(lambda t: f"not ({t[0]} < {t[1]})"),
    small.map(lambda n: f"count(q in players where if q.vp > {n} then true else q.coin > 0) > 0"),
)
cond = st.one_of(simple_cond, st.tuples(simple_cond, simple_cond).map(lambda t: f"{t[0]} or {t[1]}"))


def statements(depth: int):
    leaf = st.one_of(
        st.tuples(amount, stock).map(lambda t: f"gain {t[0]} {t[1]};"),
        st.tuples(amount, stock).map(lambda t: f"lose {t[0]} {t[1]};"),
        amount.map(lambda a: f"lose {a} coin else food;"),
        st.sampled_from(["advance path;", "advance path by 2;", "advance path no_benefit;", "regress path;",
                         "reactivate path;", "reactivate path no_bonus;", "advance path no_bonus;",
                         "reactivate path space 2;", "bonus path;", "bonus path space 2 paying;",
                         "advance path by 3 no_benefit no_reward;",
                         "advance path paying;", "advance path no_benefit paying;", "roll d6;", "draw 1 from deck to hand;",
                         "emit ping(2);", "set round = round + 1;", "say \"hello\";",
                         "say \"{you} has {coin} coin, {size(hand)} cards: {hand}; {{ok}} {vp > 1}\";",
                         "rank players by vp award [3, 1] coin ties split;",
                         "rank players where coin > 0 by coin award [2] vp ties all;",
                         "pick c from hand \"play\" { copy c.play; move c to deck; }",
                         "pick c from hand \"play\" as \"{c} for {c.worth + coin}\" { copy c.play; move c to deck; }",
                         "pick c from hand where c.worth > 1 and coin >= 0 optional { copy c.play; }",
                         "spend(food);", "spend(coin);", "walk(path, 2);", "copy c4.four__play;",
                         "draw 1 from deck where it.worth >= 3 to hand;",
                         "pick c from hand { move c to top of deck; }",
                         "while coin < 3 and ore < 2 { gain 1 coin; }",
                         "rank players where if coin > 0 then true else vp > 0 by vp award [2] coin ties split;",
                         "if some(c in hand where c.worth == 3) { flip first(hand); }",
                         "reveal hand;", "look deck;", "each opponents { look hand; }",
                         "each players simultaneously pick c from hand where c.worth > 1 \"keep\" "
                         "{ move c to deck; copy c.play; }",
                         "buy(1);", "buy(2);", "gain 2 vp for trade(2);",
                         "may \"trade?\" cost 1 coin for trade(1) { gain 1 food; }",
                         "may \"trade?\" for trade(2) { gain 1 vp; }",
                         "modifier anyone trade once { cost -1 any(goods); }",
                         "modifier opponents trade until ping { cost +1 food; }",
                         "modifier you trade(n = 2) { gain = 0; }",
                         "modifier opponents trade(n = 2) once { forbid; }",
                         "modifier you trade until ping(n = 2) { allow; }",
                         "modifier you advance(on = path) until you ping(n = 2) { cost -1 any; }",
                         "for each i in 2 { modifier you trade while coin > i { cost = 1 ore; } }",
                         "gain 2 votes[west];", "lose 1 votes[lean];", "pay 1 votes[east];",
                         "set votes[lean] = votes[east] + 1;", "set left(you).votes[west] = 2;",
                         "set heat[2] = heat[2] + 1;", "gain 1 heat[3];",
                         "draw 1 from deck to row[1];", "pick c from row[1] optional { move c to row[2]; }",
                         "set passed = not passed;", "set holder = you;", "set right(you).passed = true;",
                         "set fav = first(hand);", "set lean = if lean == east then west else east;",
                         "if fav != none { move fav to row[2]; set fav = none; }",
                         "for each i in 2 { if size(row[i]) > 0 { move first(row[i]) to deck; } }",
                         "pick s from side \"lean\" { set lean = s; say \"leaning {s}\"; }",
                         "let rv = roll d3; gain rv vp;",
                         "roll all of tray;", "roll all of tray where it.up != 3;",
                         "for each x in tray { let u = roll x; gain u coin; }",
                         "pick x from tray \"turn\" optional { set x.up = min(3, x.up + 1); }",
                         "gain total(x in tray, x.up) vp;",
                         "whenever you roll(value = 3) until ping { gain 1 ore; }",
                         "add marker to path;", "add marker to path space 1;", "remove marker from path;",
                         "remove marker from path space 2;",
                         "let rr = roll dr; if rr != none { gain 1 rr; } else { gain 1 vp; }",
                         "let rq = roll dr; if rq == coin { gain 2 vp; } gain match rq { food: 1, else: 0 } ore;",
                         "fill badges with badge;", "each opponents { fill badges with badge where it.lvl == 0; }",
                         "pick b from badges optional { set b.lvl = b.lvl + 1; flip b; move b to badges_done; }",
                         "set b2.lvl = b2.lvl + 2;", "if b1.lvl > 0 { move b1 to badges; }",
                         "next anyone benefit(who = you) { gain 1 coin; }",
                         "if vp > 6 { end game; }", "if top(q in players, q.coin) == you { gain 1 vp; }",
                         "if bottom(q in opponents where q.vp > 0, q.vp - q.coin) != none { gain 1 ore; }",
                         "each sorted(q in players where q.vp > 0, most q.coin then fewest q.vp) { gain 1 ore; }",
                         "if first(sorted(q in opponents, fewest q.coin then q.vp)) == left { gain 1 vp; }", "whenever you gain(res = ore) { if ore > 4 { end game; } }"]),
        st.tuples(small, small).map(lambda t: f"modifier you trade(n = 1) {{ cost -{t[0]} coin; gain +{t[1]}; }}"),
        expr.map(lambda e: f"set vp = max(0, {e});"),
    )
    if depth == 0:
        return leaf
    block = st.lists(statements(depth - 1), min_size=0, max_size=3).map(" ".join)
    return st.one_of(
        leaf,
        st.tuples(cond, block, block).map(lambda t: f"if {t[0]} {{ {t[1]} }} else {{ {t[2]} }}"),
        st.tuples(small, block).map(lambda t: f"repeat {t[0]} {{ {t[1]} }}"),
        block.map(lambda b: f"each opponents {{ {b} }}"),
        st.tuples(small, block).map(lambda t: f"may cost {t[0]} coin {{ {t[1]} }}"),
        st.tuples(block, cond, block).map(
            lambda t: f"choose {{ option \"x\" {{ {t[0]} }} option \"y\" when {t[1]} {{ pay 1 any(goods); {t[2]} }} }}"),
        block.map(lambda b: f"whenever you ping(n = 1) until ping {{ {b} }}"),
        block.map(lambda b: f"whenever anyone ping until you ping(n = 2) {{ {b} }}"),
        block.map(lambda b: f"next anyone gain(res = food) {{ {b} }}"),
        block.map(lambda b: f"whenever opponents benefit(on = path) until ping {{ gain it.at vp; {b} }}"),
        block.map(lambda b: f"once {{ {b} }}"),
        block.map(lambda b: f"each players where coin >= 0 simultaneously pick s from hand optional "
                            f"{{ move s to top of deck; {b} }}"),
        st.tuples(small, block).map(lambda t: f"pick s from gather(q in players where q.coin >= 0, q.hand) "
                                              f"\"take which?\" up to {t[0]} {{ move s to top of deck; {t[1]} }}"),
        st.tuples(small, block).map(lambda t: f"pick s from hand \"keep which?\" exactly {t[0]} "
                                              f"{{ move s to top of deck; {t[1]} }}"),
        st.tuples(block).map(lambda t: f"for each p in players where p.coin > 0 and p.vp >= 0 {{ {t[0]} }}"),
        st.tuples(small, block).map(lambda t: f"for each i in {t[0]} {{ {t[1]} }}"),
        block.map(lambda b: f"for each s in side where votes[s] <= 3 {{ gain 1 votes[s]; {b} }}"),
        st.tuples(cond, block, cond, block, block).map(
            lambda t: f"if {t[0]} {{ {t[1]} }} else if {t[2]} {{ {t[3]} }} else {{ {t[4]} }}"),
    )


def outcome(program, players: int, seed: int):
    agents = [RandomAgent(seed * 10 + i) for i in range(players)]
    game = Game(program, players, seed, agents)
    trace: list = []
    game.tracer = trace.append   # both backends must trace the same effects at the same rules lines
    try:
        result = game.play()
    except RulesRuntimeError as e:
        return ("error", e.code, e.message, e.where, game.log, trace)
    return ("done", game.log, game.state.to_json(), result, game.messages, trace)


# a house rule on the prelude's track: one space amended (its parts not written kept), or none
amends = st.one_of(st.just(""), st.tuples(
    st.integers(1, 3), st.sampled_from(["", ' "Amended"', " tier 3", " cost 1 coin", ' "A" cost 1 food']),
    statements(1), st.sampled_from(["", " bonus cost 1 food { gain 2 vp; }"]), st.sampled_from(["", ' "Path"'])).map(
    lambda t: f"amend path{t[4]} {{ space {t[0]}{t[1]} {{ {t[2]} }}{t[3]} }}"))


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(statements(2), min_size=1, max_size=6).map("\n  ".join), st.integers(2, 3), st.integers(0, 10**6),
       amends)
def test_compiled_and_interpreted_execution_agree(body, players, seed, amend):
    text = PRELUDE + GAME % body + amend
    result = analyse_text(text)
    errors = [d.headline() for d in result.diagnostics if d.severity == "error"]
    assert not errors, errors
    compiled, interpreted = build_text(text), build_text(text, interpreted=True)
    assert outcome(compiled, players, seed) == outcome(interpreted, players, seed)


# ---------------------------------------------------------------------------- programs built from the AST
# The grammar fuzzer above mostly yields programs the checker rejects (undeclared names): it tests
# the front end. These programs are built as AST nodes over the PRELUDE's names, printed by the
# formatter, and every one of them must pass the checker and compile on both backends.

a_stock = st.sampled_from(["coin", "food", "ore", "vp"])
a_int = st.integers(0, 3).map(A.Int)
a_value = st.recursive(
    st.one_of(a_int, a_stock.map(A.Name), st.just(A.Call("best", ())),
              # every card in hand, over all players
              st.just(A.Call("size", (A.Aggregate("gather", "q", A.Name("players"), None, A.Attr(A.Name("q"), "hand")),))),
              # where you stand in the players ordered by coins, then fewest VP
              st.just(A.Call("index_of", (A.Sorted("q", A.Name("players"), None, (A.Attr(A.Name("q"), "coin"),
                                                    A.Attr(A.Name("q"), "vp")), ("most", "fewest")), A.You())))),
    lambda inner: st.one_of(
        st.tuples(st.sampled_from(["+", "-", "*"]), inner, inner).map(lambda t: A.Binary(*t)),
        st.tuples(inner, inner).map(lambda t: A.Call("min", t)),
        st.tuples(inner, inner, inner).map(lambda t: A.Cond(A.Binary(">", t[0], A.Int(1)), t[1], t[2])),
        st.tuples(inner, inner).map(lambda t: A.Aggregate("total", "k", A.Range(*t), None, A.Name("k"))),
    ), max_leaves=4)
a_amount = a_value.map(lambda v: A.Call("max", (A.Int(0), A.Call("min", (A.Int(3), v)))))
a_cond = st.one_of(
    st.tuples(a_value, st.sampled_from(["<", "<=", ">", "==", "!="]), a_value).map(lambda t: A.Binary(t[1], t[0], t[2])),
    # whether the top of your hand (none when it is empty) is a card: `first(hand) is card`
    st.just(A.IsKind(A.Call("first", (A.Name("hand"),)), "card")))


def ast_statements(depth: int):
    leaf = st.one_of(
        st.tuples(a_amount, a_stock).map(lambda t: A.Gain(*t)),
        st.tuples(a_amount, a_stock).map(lambda t: A.Lose(t[0], t[1], None)),
        st.just(A.Advance("path", None, True)),
        st.just(A.Say("x")),
        a_value.map(lambda v: A.SetName("vp", A.Call("max", (A.Int(0), v)))),
        st.tuples(a_amount, st.sampled_from(["east", "west"])).map(
            lambda t: A.Gain(t[0], "votes", None, A.Name(t[1]))),
        st.tuples(a_int, st.integers(1, 3)).map(lambda t: A.SetName("heat", t[0], A.Int(t[1]))),
        st.just(A.SetName("passed", A.Unary("not", A.Name("passed")))),
        st.just(A.SetName("holder", A.You())),
        st.just(A.Repeat(A.Int(1), (A.Let("w", A.Call("given_back", ())), A.Gain(A.Name("w"), "vp")))),
        st.just(A.SetName("heat", A.Call("given_back", ()), A.Int(2))),   # a proc's result stored by `set`
        st.just(A.Repeat(A.Int(1), (A.Pay((A.CostTerm(A.Int(0), "plain", "coin"),), None, "w"),
                                    A.Gain(A.Name("w"), "vp")))),   # what a payment took, bound by `let`
    )
    if depth == 0:
        return leaf
    block = st.lists(ast_statements(depth - 1), max_size=3).map(tuple)
    return st.one_of(
        leaf,
        st.tuples(a_cond, block, block).map(lambda t: A.If(*t)),
        st.tuples(a_int, block).map(lambda t: A.Repeat(*t)),
        block.map(lambda b: A.Each(A.Name("opponents"), None, b)),
        st.tuples(block, block).map(lambda t: A.Choose(None, (A.Option("a", None, t[0]), A.Option("b", None, t[1])))),
        st.tuples(block, block).map(lambda t: A.Choose(None, (A.Option("a", None, t[0], True), A.Option("b", None, t[1])))),
        st.tuples(a_int, block).map(lambda t: A.May(None, (A.CostTerm(t[0], "plain", "coin"),), t[1])),
        st.tuples(a_cond, block, block).map(lambda t: A.May(None, None, t[1], None, t[0], t[2])),
        st.tuples(a_int, a_cond, block).map(lambda t: A.May(None, (A.CostTerm(t[0], "plain", "coin"),), t[2], None,
                                                            t[1], repeated=True)),
        st.tuples(block, block).map(lambda t: A.Pick("q", A.Name("opponents"), None, None, t[0], True, t[1])),
        block.map(lambda b: A.Pick("q", A.Name("opponents"), None, None, b, repeated=True)),
        st.tuples(a_int, a_cond, block).map(lambda t: A.Pick("q", A.Name("players"), t[1], None, t[2],
                                                             repeated=True, limit=t[0])),   # up to N
        st.tuples(a_int, a_cond, block).map(lambda t: A.Pick("q", A.Name("players"), t[1], None, t[2],
                                                             repeated=True, limit=t[0], exactly=True)),   # exactly N
        st.tuples(a_cond, block, block).map(lambda t: A.Choose(None, (A.Option("a", None, t[1]),
                                                                      A.Option("b", t[0], t[2])), True)),
        st.tuples(a_cond, block).map(lambda t: A.ForEach("q", A.Name("players"), t[0], t[1], True, "next?")),
        st.tuples(a_value, a_value, block).map(lambda t: A.ForEach("r", A.Range(t[0], t[1]), None, t[2])),
        st.tuples(a_value, block, block, st.none() | block).map(lambda t: A.MatchStmt(
            t[0], (A.Arm((A.Int(0), A.Int(2)), t[1]), A.Arm((A.Int(1),), t[2])), t[3])),
        block.map(lambda b: A.While(A.Binary("<", A.Name("food"), A.Int(2)), (A.Gain(A.Int(1), "food"),) + b)),
    )


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ast_statements(2), min_size=1, max_size=5), st.integers(0, 10**6))
def test_programs_built_from_the_ast_reach_both_backends_and_agree(stmts, seed):
    body = format_module(A.Module("a.rules", (A.Proc("body", (), tuple(stmts)),)))
    text = PRELUDE + (GAME % "").replace("proc body() {\n\n}\n", "") + body
    result = analyse_text(text)
    errors = [d.headline() for d in result.diagnostics if d.severity == "error"]
    assert not errors, errors   # every generated program reaches the code generator
    compiled, interpreted = build_text(text), build_text(text, interpreted=True)
    assert outcome(compiled, 2, seed) == outcome(interpreted, 2, seed)


@settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(ast_statements(2), min_size=1, max_size=5), st.integers(1, 60))
def test_statements_built_from_the_ast_read_back_the_same_at_any_line_width(stmts, width):
    """Deeply nested `if`, `match`, `choose`, `pick` and arithmetic laid out narrower read back as
    what the canonical width prints, and stay put when formatted again."""
    module = A.Module("a.rules", (A.Proc("body", (), tuple(stmts)),))
    canonical = parse_text(format_module(module), "a.rules")
    with mock.patch.object(printer, "LINE_WIDTH", width):
        printed = format_module(module)
        assert parse_text(printed, "a.rules").items == canonical.items
        assert format_module(canonical) == printed
