"""`first VAR in PLAYERS [where COND] may ["prompt"] [cost COST] always asked { ... }` (4.21d, 4.21e): every player
of the list is asked in turn; one COND fails for, or who cannot pay, is asked all the same with the one answer
"no" (a decision, logged and replayed), so who is asked tells the table nothing (a property offered round the
table with money hidden). Both backends, fmt, explain, the highlighter, W573 (not said) and W583."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.highlight import RulesLexer
from rulebook.runtime.engine import Game
from rulebook.runtime.view import told_answer

from .conftest import found_at, holding, parse_error, played, printed_back, random_games_agree, \
    replays_through_json, rules_program

# A property game with money hidden: a deed the lander does not buy is offered round the table from their left
# at its price; a jailed player may not buy, and who cannot pay may not either, yet everyone is asked.
PACK = """
counter money "Money" hidden from 0 to 99 start 6;
counter deeds "Deeds";
counter jailed "Jailed";
var buyer "Buyer" global: player;

proc offer_deed(price: int) {
  first q in others_from(you) where q.jailed == 0 may "buy the deed for {price}?" cost price money always asked {
    set buyer = q;
    each q: gain 1 deeds;
  } else {
    gain 1 jailed;
  }
}

proc plain_offer(price: int) {
  first q in others_from(you) where q.money >= price may "buy the deed for {price}?" {
    each q: gain 1 deeds;
  }
}

game property "Deeds" {
  seats 2 to 4;
  phase play {
    repeat 3 {
      each players {
        offer_deed(4);
        set jailed = 0;
        gain 2 money;
      }
    }
  }
  winner most deeds;
}
"""

program = rules_program(PACK)


def asked_round(game: Game, price: int, answers: list[int], seat: int = 0) -> list[tuple[str, list[str]]]:
    """`offer_deed(price)` run for `seat` as play runs it (a lone option asked only where the rules say so):
    each question as (who, its options), answered in turn from `answers`."""
    d = game.start(game.program.procs["offer_deed"](game, game.state.players[seat], price))
    asked = []
    while d is not None:
        asked.append((d.player.name, list(d.options)))
        d = game.apply(answers[len(asked) - 1])
    return asked


def test_every_player_is_asked_and_who_cannot_take_it_may_only_decline(program):
    game = holding(program, money=[9, 2, 9, 9], jailed=[0, 0, 1, 0])   # P2 cannot pay 4, P3 is jailed
    asked = asked_round(game, 4, [0, 0, 1])
    assert asked == [("P2", ["no"]), ("P3", ["no"]), ("P4", ["no", "yes"])]
    assert game.state.gvars["buyer"].name == "P4"
    assert [p.stock["money"] for p in game.state.players] == [9, 2, 9, 5]   # the buyer paid, nobody else
    assert [p.stock["deeds"] for p in game.state.players] == [0, 0, 0, 1]


def test_the_first_who_accepts_ends_the_asking_and_nobody_runs_else(program):
    game = holding(program, money=[9, 9, 9, 0])
    assert asked_round(game, 4, [1]) == [("P2", ["no", "yes"])]   # P3 and P4 are not asked once P2 buys
    game = holding(program, money=[9, 0, 0, 0])
    assert asked_round(game, 4, [0, 0, 0]) == [("P2", ["no"]), ("P3", ["no"]), ("P4", ["no"])]
    assert game.state.players[0].stock["jailed"] == 1   # nobody bought: `else`, as the lander


def test_without_always_asked_who_cannot_is_not_asked(program):
    game = holding(program, money=[9, 2, 9])
    d = game.start(game.program.procs["plain_offer"](game, game.state.players[0], 4))
    assert d.player.name == "P3"   # P2 is skipped: the table learns P2 has less than 4


def test_the_others_are_told_a_no_that_cannot_be_told_from_a_choice(program):
    game = holding(program, money=[9, 2, 9])
    d = game.start(game.program.procs["offer_deed"](game, game.state.players[0], 4))
    assert d.player.name == "P2" and d.options == ["no"]
    assert told_answer(game, d, 0, 0) == "buy the deed for 4? → no"
    d = game.apply(0)
    assert d.player.name == "P3" and told_answer(game, d, 0, 0) == "buy the deed for 4? → no"


def test_the_trace_names_everyone_asked(program):
    game = holding(program, money=[9, 0, 9])
    trace = []
    game.tracer = trace.append
    asked_round(game, 4, [0, 0])
    assert "P1: first asked P2, P3: nobody accepted" in [e.describe() for e in trace]


def test_both_backends_play_and_log_the_same_games():
    random_games_agree(PACK, seeds=range(1, 5))


def test_a_decline_with_one_answer_is_logged_and_replayed(program):
    game = played(program, 3, players=3)
    # each turn asks both others, whoever can pay: 9 turns of 2 questions, until one buys
    assert len(game.log) >= 9 and all(choice in (0, 1) for _seat, choice in game.log)
    replays_through_json(program, 3)


def test_fmt_prints_it_back_and_explain_reads_it():
    _module, printed = printed_back(PACK)
    assert '      may "buy the deed for {price}?"\n      cost price money\n      always asked {\n' in printed
    words = " ".join(reading(analyse_text(PACK).symbols.decls["offer_deed"], analyse_text(PACK).symbols))
    assert "Ask every player but you in turn order, starting on their left, all of them, one after another" in words
    assert "also those who cannot accept (it needs that q has no jailed, and that they can pay), who may only " \
           "decline" in words


def test_the_highlighter_colours_both_words_after_a_cost():
    line = 'first q in others_from(you) may cost 2 money always asked { } always = 1;'
    tokens = [(str(t), v) for t, v in RulesLexer().get_tokens(line) if v.strip()]
    assert ("Token.Keyword", "always") in tokens and ("Token.Keyword", "asked") in tokens
    assert ("Token.Name", "always") in tokens   # still a name elsewhere


def test_a_misspelt_asked_is_e100_at_the_word():
    error = parse_error(PACK.replace("cost price money always asked", "cost price money always askd"))
    assert error.code == "E100" and "expected 'always asked'; found 'always askd'" in error.message
    assert (error.span.line, error.span.column) == (8, 107)
    assert "a 'first ... may' asks those who cannot accept too" in error.hint


def test_w573_is_not_said_of_a_first_may_always_asked():
    assert [f for f in found_at(PACK) if f[0] == "W573"] == [("W573", 17, 37)]   # plain_offer's alone
    asked = PACK.replace("q.money >= price may \"buy the deed for {price}?\" {",
                         "q.money >= price may \"buy the deed for {price}?\" always asked {")
    assert [f for f in found_at(asked) if f[0] == "W573"] == []
    [w573] = [d for d in analyse_text(PACK).diagnostics if d.code == "W573"]
    assert "write 'always asked' before its block" in w573.hint


def test_w583_always_asked_with_neither_where_nor_cost():
    text = PACK.replace("  first q in others_from(you) where q.money >= price may \"buy the deed for {price}?\" {",
                        "  first q in others_from(you) may \"buy the deed for {price}?\" always asked {")
    assert [f for f in found_at(text) if f[0].startswith("W5")] == [("W583", 17, 3)]
    [w583] = [d for d in analyse_text(text).diagnostics if d.code == "W583"]
    assert "asks every player of the list anyway" in w583.message and w583.hint == "drop 'always asked'"
    # a cost alone is enough for who cannot pay to be asked all the same
    costly = text.replace("always asked {\n    each q: gain 1 deeds;", "cost price money always asked {\n"
                          "    each q: gain 1 deeds;")
    assert [f for f in found_at(costly) if f[0].startswith("W5")] == []


def test_the_cost_is_worked_out_only_for_those_the_where_holds_for():
    """The cost may read what the `where` checked (a share of a stake by the number held): one it fails for is
    asked without it, on both backends."""
    text = PACK.replace("where q.jailed == 0 may \"buy the deed for {price}?\" cost price money always asked",
                        "where q.jailed > 0 may \"buy the deed for {price}?\" cost 4 / q.jailed money always asked")
    for interpreted in (False, True):
        game = holding(build_text(text, interpreted=interpreted), money=[9, 9, 9], jailed=[0, 0, 2])
        assert asked_round(game, 4, [0, 1]) == [("P2", ["no"]), ("P3", ["no", "yes"])]
        assert [p.stock["money"] for p in game.state.players] == [9, 9, 7]


def test_the_test_driver_asks_a_lone_option_of_an_always_asked_statement(program):
    """conftest's `drive`, which most tests use, answers a lone option silently as play does, but not one the
    rules ask always: the "no" of a player who cannot pay is a question, and the script must answer it."""
    from .conftest import drive

    game = holding(program, money=[9, 2, 9, 9], jailed=[0, 0, 1, 0])   # P2 cannot pay 4, P3 is jailed
    asked = drive(game, game.program.procs["offer_deed"](game, game.state.players[0], 4), [0, 0, "yes"])
    assert [(d.player.name, list(d.options)) for d in asked] == [
        ("P2", ["no"]), ("P3", ["no"]), ("P4", ["no", "yes"])]
