"""An auction's form taken from a value (`form FORM`: a text or an enum member naming one) and the open
auction in any order (`open in any order`: secret raising rounds, Modern Art's and Dream Factory's shouted
auction), on both backends, printed back, explained, checked (E543, W533, E327) and failing at play (E601)."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.agents import HumanAgent
from rulebook.runtime.engine import Game, RulesRuntimeError

from .conftest import (ScriptedConsole, drive, holding, on_both_backends, parse_error, printed_back, random_games_agree,
                       replays_through_json)

# a lot's card shows how it is sold; `form` reads it (a member named after a form, or a text field)
PACK = """
counter coins "Coins" from 0 to 99 start 10;
counter vp;
counter nobody_bid global;
counter last_price global;
var last_winner global: player;
enum sale {
  auction: str = "none";
  open "Open", once_around "Once around", sealed "Sealed", shouted "Shouted" (auction = "open in any order"), fixed
}
proc won(w: player, price: int) {
  pay price coins;
  gain 1 vp;
  set last_price = price;
  set last_winner = w;
}
proc sell(how: sale) {
  auction "bid ({how.title})" among players from left form how up to coins as (w, price) {
    won(w, price);
  } else {
    gain 1 nobody_bid;
  }
}
proc sell_text(how: sale) {
  auction among players form how.auction up to coins as (w, price) { won(w, price); }
}
proc raising() {
  auction "raise?" among players from left open in any order min 2 up to coins passed as (p, bid) {
    gain bid vp;
  } as (w, price) {
    won(w, price);
  } else {
    gain 1 nobody_bid;
  }
}
proc shouted_opened() {
  auction "raise?" among players opened by you open in any order min 3 step 2 up to coins as (w, price) {
    won(w, price);
  }
}
"""

GAME = """
game lots {
  seats 2 to 5;
  phase play {
    repeat 2 {
      each players { sell(open); sell(once_around); sell(sealed); sell_text(shouted); raising(); }
    }
  }
  winner most vp;
}
"""

program = on_both_backends(lambda interpreted: build_text(PACK + GAME, interpreted=interpreted))


def run(g, proc, *args, seat=0, answers=()):
    return drive(g, g.program.procs[proc](g, g.state.players[seat], *args), answers)


def result(g):
    return g.state.gvars["last_winner"].name, g.state.globals["last_price"]


# ---------------------------------------------------------------- form FORM
def test_a_member_named_after_a_form_bids_as_that_form(program):
    g = holding(program, coins=[10, 10, 10])   # once around from P2: P2, P3, P1; the last raise wins
    asked = run(g, "sell", "once_around", answers=["3", "pass", "5"])
    assert [d.player.name for d in asked] == ["P2", "P3", "P1"] and asked[0].prompt == "bid (Once around)"
    assert result(g) == ("P1", 5)
    g = holding(program, coins=[10, 10, 10])   # open (in turn): round and round, a pass for good
    asked = run(g, "sell", "open", answers=["3", "4", "5", "pass", "pass"])
    assert [d.player.name for d in asked] == ["P2", "P3", "P1", "P2", "P3"] and result(g) == ("P1", 5)
    g = holding(program, coins=[10, 10, 10])   # sealed: a tie to the first from the start (P2)
    run(g, "sell", "sealed", answers=["6", "6", "2"])
    assert result(g) == ("P2", 6) and g.messages[-1] == "sealed bids: P2 6, P3 6, P1 2"


def test_a_text_names_a_form_by_its_words(program):
    g = holding(program, coins=[10, 10])   # "open in any order": both asked at once, then P2 alone
    asked = run(g, "sell_text", "shouted", answers=["4", "6", "7", "pass"])
    assert [d.player.name for d in asked] == ["P1", "P2", "P1", "P2"] and result(g) == ("P1", 7)


def test_a_value_that_names_no_form_stops_the_game_at_the_auction(program):
    g = holding(program, coins=[10, 10])
    with pytest.raises(RulesRuntimeError) as err:
        run(g, "sell", "fixed")
    assert err.value.code == "E601" and "'fixed' is no form of auction" in err.value.message
    assert err.value.where.endswith(f":{(PACK + GAME).splitlines().index('proc sell(how: sale) {') + 2}:3")
    with pytest.raises(RulesRuntimeError) as err:   # a text field's "none"
        run(g, "sell_text", "fixed")
    assert "'none' is no form of auction" in err.value.message


# ---------------------------------------------------------------- open in any order
def test_every_bidder_but_the_high_one_raises_at_once_until_a_round_has_no_raise(program):
    g = holding(program, coins=[10, 10, 10])
    asked = run(g, "raising", answers=["3", "5", "pass",      # round 1 from P2: P2 3, P3 5, P1 passes
                                       "pass", "6",            # round 2: P2 passes, P1 raises: a pass is for a round
                                       "8", "pass",            # round 3 (P2, P3): P2 still in, raises over P1's 6
                                       "pass", "pass"])        # round 4 (P3, P1): no raise, P2 wins at 8
    assert [d.player.name for d in asked] == ["P2", "P3", "P1", "P2", "P1", "P2", "P3", "P3", "P1"]
    assert asked[0].options[:2] == ["pass", "2"] and asked[3].options[:2] == ["pass", "6"]
    assert result(g) == ("P2", 8)
    assert g.messages == ["raises: P2 3, P3 5, P1 passed; P3 holds the bid at 5",
                          "raises: P2 passed, P1 6; P1 holds the bid at 6", "raises: P2 8, P3 passed; P2 holds the bid at 8",
                          "raises: P3 passed, P1 passed; P2 holds the bid at 8"]
    # the `passed` block: everyone but the winner, in seat order from the start, with the last bid they made
    assert [p.stock["vp"] for p in g.state.players] == [6, 1, 5]


def test_a_tie_goes_to_the_first_from_the_start(program):
    g = holding(program, coins=[10, 10, 10])
    run(g, "raising", answers=["4", "pass", "4", "pass", "pass"])   # P2 and P1 raise to 4: P2 is nearer the left
    assert result(g) == ("P2", 4)


def test_nobody_raises_runs_else_and_the_opener_must_bid_first(program):
    g = holding(program, coins=[10, 10])
    assert len(run(g, "raising", answers=["pass", "pass"])) == 2 and g.state.globals["nobody_bid"] == 1
    assert [p.stock["vp"] for p in g.state.players] == [0, 0]
    g = holding(program, coins=[10, 10, 1])   # P3 cannot bid the minimum: never asked
    asked = run(g, "shouted_opened", answers=["3", "pass"])
    assert [d.player.name for d in asked] == ["P1", "P2"] and "pass" not in asked[0].options
    assert asked[1].options[:2] == ["pass", "5"] and result(g) == ("P1", 3)


def test_a_raise_is_secret_until_the_round_is_over(program):
    g = holding(program, coins=[10, 10, 10])
    gen = g.program.procs["raising"](g, g.state.players[0])
    d = next(gen)
    assert g.secret_round == {}
    d = gen.send(d.index_of("5"))
    assert d.player.name == "P3" and g.secret_round == {g.state.players[1]: 5} and g.messages == []
    d = gen.send(d.index_of("5"))
    d = gen.send(d.index_of("pass"))   # round over: told to all, P2 (the first from the left) holds the bid
    assert g.messages == ["raises: P2 5, P3 5, P1 passed; P2 holds the bid at 5"]
    assert d.player.name == "P3" and d.options[1] == "6"


def test_the_hot_seat_tells_no_raise_before_the_round_is_over():
    game_text = PACK + """
game g { seats 2; phase play { raising(); } winner most vp; }
"""
    console = ScriptedConsole(["3", "5", "1"])   # from the left: P2 raises to 3 (option 3), P1 to 5; then P2 passes
    agent = HumanAgent(console)
    g = Game(build_text(game_text), 2, 1, [agent, agent])
    g.play()
    assert result(g) == ("P1", 5)
    assert not any("raise?" in told for _seat, lines, _at in agent.answers for told in lines.values())
    screens = "\n".join(console.printed)
    assert "raises: P2 3, P1 5; P1 holds the bid at 5" in screens and "raise? → " not in screens


def test_random_agents_play_to_the_end_on_both_backends_alike():
    random_games_agree(PACK + GAME, seeds=range(1, 4))


def test_a_logged_game_replays(program):
    replays_through_json(program, 5)


# ---------------------------------------------------------------- printed, read, checked
def test_it_prints_back_and_reads_in_words():
    _module, printed = printed_back(PACK + GAME)
    assert 'auction "bid ({how.title})" among players from left form how up to coins as (w, price) {' in printed
    assert "auction among players form how.auction up to coins as (w, price) {" in printed
    assert "opened by you open in any order min 3 step 2 up to coins" in printed
    result = analyse_text(PACK + GAME)
    assert result.ok, result.diagnostics
    sell = " ".join(reading(result.symbols.decls["sell"], result.symbols))
    assert "Auction (the form how names) (bid" in sell and "; once around: each bidder in turn" in sell and sell.count("sealed:") == 1
    assert "open in any order:" not in sell   # only the forms the enum's members are named after
    by_text = " ".join(reading(result.symbols.decls["sell_text"], result.symbols))
    assert "by that form: open in any order: round after round" in by_text and "sealed:" not in by_text
    shouted = " ".join(reading(result.symbols.decls["raising"], result.symbols))
    assert "Auction (open in any order) (raise?)" in shouted
    assert "every bidder but the high bidder says at once, in secret, whether and how much they raise" in shouted


LINE = PACK.count("\n") + 2


@pytest.mark.parametrize("clause, code, what, column", [
    ("form fixed", "E543", "'fixed' is no form of auction", 30),
    ('form "once aroud"', "E543", "'once aroud' is no form", 30),
    ("form 3", "E543", "not a number", 30),
    ("form last_winner", "E543", "not a player", 30),
    ("opened by you form sealed", "E327", "no opener", 35),
])
def test_a_form_that_is_no_form_is_found_where_it_is_written(clause, code, what, column):
    result = analyse_text(PACK + f"enum colour {{ red, blue }}\nproc q() {{\n  auction among players {clause} "
                                 f"up to coins as (w, p) {{ }}\n}}")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code] and what in errors[0].message, errors
    assert (errors[0].span.line, errors[0].span.column) == (LINE + 1, column)


def test_a_misspelt_form_is_told_the_nearest_and_an_enum_of_no_form_the_way_to_name_one():
    result = analyse_text(PACK + 'proc q() {\n  auction among players form "seald" up to coins as (w, p) { }\n}')
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E543"] and errors[0].hint == "did you mean 'sealed'?"
    result = analyse_text(PACK + "enum colour { red, blue }\nproc q(c: colour) {\n"
                                 "  auction among players form c up to coins as (w, p) { }\n}")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E543"] and "no member of colour names a form" in errors[0].message


def test_an_opener_where_the_form_may_be_sealed_is_warned():
    text = PACK + "proc q(how: sale) {\n  auction among players opened by you form how up to coins as (w, p) { }\n}"
    warned = [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics if d.code == "W533"]
    assert warned == [("W533", LINE, 35)]
    g = holding(build_text(text + "\n" + GAME), coins=[10, 10])   # at play the sealed one ignores the opener
    asked = run(g, "q", "sealed", answers=["pass", "4"])
    assert [d.player.name for d in asked] == ["P1", "P2"] and asked[0].options[0] == "pass"


@pytest.mark.parametrize("stmt, what", [
    ("auction among players open form how up to coins as (w, p) { }", "once"),
    ("auction among players open in any way up to coins as (w, p) { }", "in any order"),
    ("auction among players forms how up to coins as (w, p) { }", "no clause"),
])
def test_a_second_form_or_a_misspelt_one_is_a_syntax_error(stmt, what):
    d = parse_error(PACK + f"proc q(how: sale) {{ {stmt} }}")
    assert d.code == "E100" and what in d.message


def test_the_highlighter_colours_the_new_words_only_in_an_auction():
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    def kinds(text: str, *names: str) -> list:
        return [(kind, value) for kind, value in RulesLexer().get_tokens(text) if value in names]

    text = 'proc p() { auction among players form how.auction up to coins as (w, b) { } gain 1 form; }'
    assert kinds(text, "form") == [(Keyword, "form"), (Name, "form")]
    text = "proc p() { auction among players open in any order up to coins as (w, b) { } }"
    assert kinds(text, "open", "in", "any", "order") == [(Keyword, w) for w in ("open", "in", "any", "order")]


def test_a_text_field_a_slip_away_from_a_form_is_warned_at_the_members_value():
    text = PACK.replace('shouted "Shouted" (auction = "open in any order")', 'shouted "Shouted" (auction = "open in any ordr")')
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(text).diagnostics if d.code == "W529"]
    assert found == [("W529", 9, 89, "did you mean 'open in any order'?")]
    assert not [d for d in analyse_text(PACK).diagnostics if d.code == "W529"]   # "none" is no slip: not auctioned
