"""A pick's minimum and a pick with a budget (the Ticket to Ride audit of the tenth session, workarounds 2
and 3 and defect 3): `pick ... at least M [up to N]` withholds "none" until M picks are made (in
`each ... simultaneously pick` too), and `pick ... budget N cost EXPR` offers only the candidates
whose cost fits in what is left, each pick spending its cost. Tested on both backends with the
audit's own rules (tests/packs/pickcount_ttr), printed back, explained, and checked (E493, E494,
E495, W514)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import NONE_OPTION

from .conftest import on_both_backends, pack_backends, played, random_games_agree, run_answering, run_proc, the_one_error

PACK_DIR = Path(__file__).parent / "packs" / "pickcount_ttr"
PACK = (PACK_DIR / "pack.rules").read_text(encoding="utf-8")
GAME = (PACK_DIR / "game.rules").read_text(encoding="utf-8")

MORE = """
proc keep_one_or_two() {
  pick t from dealt "keep which tickets?" at least 1 up to 2 { move t to tickets; }
}
proc keep_two() {
  pick t from dealt "keep which tickets?" at least 2 { move t to tickets; }
}
proc take_some() {
  pick t from market budget 2 cost (if t.loco then 2 else 1) "take a face-up card" optional { move t to hand; }
}
proc free_card() {
  pick t from market budget 2 cost 0 { move t to hand; }
}
proc lay_out() { fill market; }
"""

program = on_both_backends(lambda interpreted: build_text(PACK + MORE, interpreted=interpreted))


DENVER, KC, NY = "Denver - El Paso", "Kansas City - Houston", "New York - Atlanta"
UNSEEN = "the top of train_deck (unseen)"   # the deck's top card, a candidate of `or blind train_deck`


def names(game, zone):
    return [e.declared for e in game.state.players[0].zones[zone]]


def into(game, zone, *cards, player: int = 0):
    """These cards (by name) moved into a zone (of P1's when it is per player), in order."""
    z = game.zone(game.state.players[player], zone) if player is not None else game.zone(None, zone)
    for name in cards:
        game.move(game.program.entities[name], z)


def laid_out(game, *cards):
    """The face-up display laid out (`fill market;`) from a train deck holding these cards (by name) on top,
    in order, and the other train cards under them: the first five are face up."""
    deck = game.zone(None, "train_deck")
    rest = [e for e in game.program.kinds["train"] if e.name not in cards]
    for name in cards:
        game.move(game.program.entities[name], deck)
    for e in rest:
        game.move(e, deck)
    run_proc(game, "lay_out")


def market(game):
    return [e.name for e in game.state.zones["market"]]


def asked(game, proc, answers):
    """(prompt, options) of each decision P1 is asked (lone options too) while `proc` runs, answered in turn
    (an answer of 'none' picks the "none" option)."""
    seen, answers = [], list(answers)

    def answer(d):
        a = answers.pop(0)
        return list(d.options).index(NONE_OPTION) if a == "none" else a
    for d in run_answering(game.program.procs[proc](game, game.state.players[0]), answer, with_forced=True):
        seen.append((d.prompt, list(d.options)))
    return seen


def test_keep_at_least_one_of_three_refuses_none_before_the_first_pick(program):
    game = Game(program, 2, 1)
    into(game, "ticket_pile", "denver_el_paso", "kc_houston", "ny_atlanta", player=None)
    seen = asked(game, "draw_tickets", [1, "none"])
    assert seen[0] == ("keep which tickets? (at least 1 more)", [DENVER, KC, NY])
    assert seen[1] == ("keep which tickets?", [DENVER, NY, "none"])
    assert len(seen) == 2 and names(game, "tickets") == ["kc_houston"]


def test_keep_all_three_then_the_pick_ends_with_nothing_left(program):
    game = Game(program, 2, 1)
    into(game, "ticket_pile", "denver_el_paso", "kc_houston", "ny_atlanta", player=None)
    seen = asked(game, "draw_tickets", [0, 0, 0])
    assert [len(options) for _p, options in seen] == [3, 3, 2]   # (the last one alone with "none")
    assert sorted(names(game, "tickets")) == ["denver_el_paso", "kc_houston", "ny_atlanta"]


def test_at_least_one_up_to_two_ends_after_two(program):
    game = Game(program, 2, 1)
    into(game, "dealt", "denver_el_paso", "kc_houston", "ny_atlanta")
    seen = asked(game, "keep_one_or_two", [0, 0])
    assert [NONE_OPTION in options for _p, options in seen] == [False, True]
    assert names(game, "tickets") == ["denver_el_paso", "kc_houston"] and names(game, "dealt") == ["ny_atlanta"]


def test_fewer_candidates_than_the_minimum_takes_them_all(program):
    game = Game(program, 2, 1)
    into(game, "dealt", "helena_la")
    seen = asked(game, "keep_two", [])
    assert seen == [("keep which tickets? (at least 2 more)", ["Helena - Los Angeles"])]   # taken without asking
    assert names(game, "tickets") == ["helena_la"]


def test_a_face_up_locomotive_taken_first_ends_the_draw(program):
    game = Game(program, 2, 1)
    laid_out(game, "locomotive", "red_card", "blue_card", "red_card#2", "blue_card#2", "blue_card#3")
    seen = asked(game, "take_train_cards", [0])
    assert seen == [("take a train card (2 left to spend)", ["Locomotive", "Red (1 of 2)", "Blue (1 of 2)",
                                                             "Red (2 of 2)", "Blue (2 of 2)", UNSEEN])]
    assert names(game, "hand") == ["locomotive"]
    assert game.state.players[0].stock["taken"] == 1
    # the display refilled itself from the deck's top, with no draw written in the pick
    assert market(game) == ["red_card", "blue_card", "red_card#2", "blue_card#2", "blue_card#3"]


def test_a_face_up_locomotive_cannot_be_the_second_card(program):
    game = Game(program, 2, 1)
    laid_out(game, "red_card", "locomotive", "blue_card", "red_card#2", "blue_card#2", "locomotive#2", "red_card#3")
    seen = asked(game, "take_train_cards", [0, 0])
    # the card taken is replaced from the deck's top (a Locomotive): neither Locomotive is offered second
    assert seen[1] == ("take a train card (1 left to spend)", ["Blue (1 of 2)", "Red", "Blue (2 of 2)", UNSEEN])
    assert names(game, "hand") == ["red_card", "blue_card"] and len(seen) == 2
    assert market(game) == ["locomotive", "red_card#2", "blue_card#2", "locomotive#2", "red_card#3"]


def test_three_face_up_locomotives_are_redealt(program):
    game = Game(program, 2, 1)
    laid_out(game, "red_card", "locomotive", "blue_card", "locomotive#2", "red_card#2", "locomotive#3",
             "red_card#3", "blue_card#2", "red_card#4", "blue_card#3", "red_card#5")
    seen = asked(game, "take_train_cards", [0, 0])
    # the Red taken is replaced by the Locomotive on the deck's top: three Locomotives face up, so the five go
    # to the discard and five new ones are laid out at once, before the second card is taken
    assert [e.name for e in game.state.zones["train_discard"]] == \
        ["locomotive", "blue_card", "locomotive#2", "red_card#2", "locomotive#3"]
    assert seen[1][1] == ["Red (1 of 3)", "Blue (1 of 2)", "Red (2 of 3)", "Blue (2 of 2)", "Red (3 of 3)", UNSEEN]
    assert [e.name for e in game.state.players[0].zones["hand"]] == ["red_card", "red_card#3"]
    assert market(game) == ["blue_card#2", "red_card#4", "blue_card#3", "red_card#5", "red_card#6"]


def test_a_budget_pick_is_compulsory_unless_optional(program):
    game = Game(program, 2, 1)
    laid_out(game, "red_card", "blue_card", "red_card#2", "blue_card#2", "red_card#3")
    assert all(NONE_OPTION not in options for _p, options in asked(game, "take_train_cards", [0, 0]))
    game = Game(program, 2, 1)
    laid_out(game, "red_card", "blue_card", "red_card#2", "blue_card#2", "red_card#3")
    seen = asked(game, "take_some", ["none"])
    assert seen == [("take a face-up card (2 left to spend)", ["Red (1 of 3)", "Blue (1 of 2)", "Red (2 of 3)",
                                                               "Blue (2 of 2)", "Red (3 of 3)", "none"])]
    assert names(game, "hand") == []


def test_a_cost_below_one_is_a_rules_error_in_play(program):
    game = Game(program, 2, 1)
    laid_out(game, "red_card")
    with pytest.raises(RulesRuntimeError) as err:
        asked(game, "free_card", [0])
    assert err.value.code == "E601" and "at least 1" in err.value.message


@pytest.fixture(scope="module")
def ttr(tmp_path_factory) -> dict:
    return pack_backends(tmp_path_factory, str(PACK_DIR))


def test_the_pack_lints_clean():
    assert [d.headline() for d in analyse(str(PACK_DIR)).diagnostics] == []


def test_setup_keeps_at_least_two_tickets_in_one_secret_round(ttr):
    for backend in ("compiled", "interpreted"):
        g = Game(ttr[backend], 3, 2)
        decisions = []
        d = g.start()
        while d.prompt.startswith("keep which tickets?"):
            decisions.append((d.player.index, d.prompt, NONE_OPTION in d.options))
            d = g.apply(d.size - 1)   # "none" once it is offered, else the last ticket
        # each player: two picks with no "none", then the third with "none" (taken: they keep 2)
        assert decisions == [(i, p, n) for i in range(3) for p, n in (("keep which tickets? (at least 2 more)", False),
                                                                     ("keep which tickets? (at least 1 more)", False),
                                                                     ("keep which tickets?", True))], backend
        assert [len(p.zones["tickets"]) for p in g.state.players] == [2, 2, 2]
        assert all(len(p.zones["dealt"]) == 0 for p in g.state.players)


@pytest.mark.parametrize("players", [2, 3])
def test_the_pack_plays_the_same_games_on_both_backends(ttr, players):
    for seed in (1, 2, 3):
        a, b = played(ttr["compiled"], seed, players), played(ttr["interpreted"], seed, players)
        assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()
        assert all(2 <= len(p.zones["tickets"]) for p in a.state.players)


def test_random_games_agree_with_the_other_forms():
    random_games_agree(PACK + MORE.replace("proc free_card() {\n  pick t from market budget 2 cost 0 { move t to hand; }\n}\n", "")
                       .replace("proc lay_out() { fill market; }\n", "")
                       + GAME.replace("each players: turn();", "each players { turn(); keep_one_or_two(); take_some(); }"),
                       seeds=range(1, 4), counts=(2, 3))


def test_printed_back_and_idempotent():
    text = PACK + MORE + GAME.replace('"keep which tickets?" at least 2', '"keep which tickets?" at least 2 up to 3')
    printed = format_module(parse_text(text))
    assert 'pick t from dealt "keep which tickets?" at least 1 {' in printed
    assert 'pick t from dealt "keep which tickets?" at least 1 up to 2 {' in printed
    assert 'pick t from market budget 2 cost (if t.loco then 2 else 1) "take a face-up card" optional {' in printed
    assert 'simultaneously pick t from dealt "keep which tickets?" at least 2 up to 3 {' in printed
    assert "repeatedly" not in printed
    assert format_module(parse_text(printed)) == printed


def test_explained_in_words():
    symbols = analyse_text(PACK + MORE).symbols
    keep = "\n".join(reading(symbols.decls["draw_tickets"], symbols))
    assert "Keep at least 1 of them (all of them if there are fewer)" in keep and "none ends the picks once 1 is" in keep
    assert "Keep at least 1 and at most 2 of them" in "\n".join(reading(symbols.decls["keep_one_or_two"], symbols))
    take = "\n".join(reading(symbols.decls["take_train_cards"], symbols))
    assert "With a budget of 2, one at a time until nothing left fits" in take
    assert "t costs 2 if t is in the face-up cards and t's loco, otherwise 1" in take
    assert "from the face-up cards or the unseen top card of the train deck (drawn when picked)" in take
    assert "or you pick none" in "\n".join(reading(symbols.decls["take_some"], symbols))
    symbols = analyse_text(PACK + GAME).symbols
    assert "secretly picks at least 2 different t" in "\n".join(reading(symbols.decls["pickcount_ttr"], symbols))


def test_least_and_budget_are_still_names():
    result = analyse_text("counter least;\ncounter budget;\nkind card {}\nzone hand per_player of card;\n"
                          "proc p() { gain 1 least; pick c from hand where least > budget at least least { gain 1 budget; } }")
    assert not [d for d in result.diagnostics if d.severity == "error"], [d.headline() for d in result.diagnostics]


BASE = "kind ticket {}\nenum colour { red, blue }\nzone dealt per_player of ticket;\nzone kept per_player of ticket;\n" \
       "counter n;\n"


def parse_error(text: str):
    with pytest.raises(RulesError) as err:
        parse_text(BASE + text)
    return err.value.diagnostics[0]


def test_at_least_without_its_number_is_e493():
    d = parse_error('proc p() { pick t from dealt "keep?" at least { move t to kept; } }')
    assert d.code == "E493" and "takes a number" in d.message and "at least 1 up to 2" in d.hint
    assert (d.span.line, d.span.column) == (6, 38)


def test_a_range_for_a_count_is_e493_with_the_hint():
    d = parse_error('proc p() { pick t from dealt "keep?" 1 to 3 { move t to kept; } }')
    assert d.code == "E493" and d.hint == "write 'at least 1 up to 3'" and (d.span.line, d.span.column) == (6, 38)
    assert parse_error("proc p() { pick t from dealt 2 to n { move t to kept; } }").code == "E493"


def test_up_to_then_at_least_reads_as_at_least_then_up_to():
    a = parse_text(BASE + 'proc p() { pick t from dealt "k" up to 3 at least 1 { move t to kept; } }')
    b = parse_text(BASE + 'proc p() { pick t from dealt "k" at least 1 up to 3 { move t to kept; } }')
    assert format_module(a) == format_module(b)


def test_at_least_above_up_to_or_at_random_is_e494():
    the_one_error(analyse_text(BASE + "proc p() { pick t from dealt at least 3 up to 2 { move t to kept; } }"),
                  "E494", "more than the most", line=6)
    the_one_error(analyse_text(BASE + "proc p() { pick t from dealt at least 2 at random { move t to kept; } }"),
                  "E494", "at random")


def test_budget_misuse_is_e495():
    the_one_error(analyse_text(BASE + "proc p() { pick t from dealt budget true cost 1 { move t to kept; } }"),
                  "E495", "budget must be a number")
    the_one_error(analyse_text(BASE + 'proc p() { pick t from dealt budget 2 cost "a" { move t to kept; } }'),
                  "E495", "cost must be a number")
    the_one_error(analyse_text(BASE + "proc p() { pick t from dealt budget 2 cost 1 up to 2 { move t to kept; } }"),
                  "E495", "takes no count")
    the_one_error(analyse_text(BASE + "proc p() { pick t from dealt budget 2 cost 1 at least 1 { move t to kept; } }"),
                  "E495", "'at least M'")
    the_one_error(analyse_text(BASE + "proc p() { each players simultaneously pick t from dealt budget 2 cost 1 "
                                      "{ move t to kept; } }"), "E495", "simultaneously")


def test_a_minimum_above_what_the_domain_holds_is_w514():
    result = analyse_text(BASE + "proc p() { pick k from colour at least 3 { gain 1 n; } }")
    found = [d for d in result.diagnostics if d.code == "W514"]
    assert len(found) == 1 and "only 2 candidates" in found[0].message and found[0].hint == "write 'exactly 2' if all of them are meant, or lower the minimum"
    assert not [d for d in analyse_text(BASE + "proc p() { pick k from 1..4 at least 3 { gain k n; } }").diagnostics
                if d.code == "W514"]
    assert [d.code for d in analyse_text(BASE + "proc p() { pick k from [1, 2] at least 3 { gain k n; } }").diagnostics
            if d.code == "W514"] == ["W514"]


def test_slips_in_the_order_of_a_pick_are_told_by_their_code():
    d = parse_error('proc p() { pick t from dealt exactly 2 at least 1 { move t to kept; } }')
    assert d.code == "E494" and "'exactly' has no minimum" in d.message
    assert parse_error('proc p() { pick t from dealt "k" optional at least 1 { move t to kept; } }').code == "E494"
    d = parse_error('proc p() { pick t from dealt "keep?" budget 2 cost 1 { move t to kept; } }')
    assert d.code == "E495" and "before its prompt" in d.message
    for text in ('proc p() { pick t from dealt budget 2 "keep?" { move t to kept; } }',
                 "proc p() { pick t from dealt budget 2 { move t to kept; } }"):
        d = parse_error(text)
        assert d.code == "E495" and "takes its cost" in d.message and (d.span.line, d.span.column) == (6, 30)
    d = parse_error('proc p() { pick t from dealt at least 1 "keep?" { move t to kept; } }')
    assert d.hint == """write 'pick t from dealt "keep?" at least 1 { ... }'"""


# An amend's mode may be `at least M` (alone or with `up to N`) as a pick's may (the eleventh session left it a
# parse error): a house rule of the Ticket to Ride pack keeping at least 2 of the 3 tickets drawn.
STRICTER = 'amend draw_tickets { pick "keep which tickets?" at least 2; }\n'

stricter = on_both_backends(lambda interpreted: build_text(PACK + MORE + STRICTER, interpreted=interpreted))


def test_an_amend_writes_at_least_in_a_picks_mode(stricter):
    game = Game(stricter, 2, 1)
    into(game, "ticket_pile", "denver_el_paso", "kc_houston", "ny_atlanta", player=None)
    seen = asked(game, "draw_tickets", [0, 0, "none"])
    assert [p for p, _o in seen] == ["keep which tickets? (at least 2 more)", "keep which tickets? (at least 1 more)",
                                     "keep which tickets?"]
    assert [NONE_OPTION in o for _p, o in seen] == [False, False, True]
    assert names(game, "tickets") == ["denver_el_paso", "kc_houston"]


def test_an_amends_at_least_up_to_and_base_in_the_minimum():
    text = PACK + MORE + 'amend keep_one_or_two { pick "keep which tickets?" at least base + 1 up to 3; }\n'
    for interpreted in (False, True):
        game = Game(build_text(text, interpreted=interpreted), 2, 1)
        into(game, "dealt", "denver_el_paso", "kc_houston", "ny_atlanta")
        seen = asked(game, "keep_one_or_two", [0, 0, 0])
        assert [NONE_OPTION in o for _p, o in seen] == [False, False, True], interpreted
        assert len(names(game, "tickets")) == 3
    result = analyse_text(text)
    # (W522: this text leaves out game.rules, whose setup fills the display's source, train_deck)
    assert [d.code for d in result.diagnostics if d.code != "W522"] == ["I404"]
    assert "Keep at least 1 plus 1 and at most 3 of them" in "\n".join(reading(result.symbols.decls["keep_one_or_two"],
                                                                               result.symbols))


def test_an_amends_at_least_is_printed_back():
    for amend in ('amend draw_tickets { pick "keep which tickets?" at least 2; }',
                  'amend draw_tickets { pick "keep which tickets?" at least 1 up to 2; }',
                  'amend draw_tickets { pick "keep which tickets?" where base and t.points > 4 at least base; }'):
        printed = format_module(parse_text(amend))
        assert " ".join(printed.split()) == amend, printed
        assert format_module(parse_text(printed)) == printed


@pytest.mark.parametrize("amend, message, column", [
    ('amend draw_tickets { pick "keep which tickets?" at least 3 up to 2; }', "'at least 3 up to 2'", 58),
    ('amend draw_tickets { pick "keep which tickets?" at least 1 at random; }', "at random (the amend makes it)", 58),
    ('amend take_train_cards { pick "take a train card" at least 1; }', "has a budget", 60),
])
def test_an_amends_at_least_the_pick_cannot_keep_is_e525(amend, message, column):
    result = analyse_text(PACK + "proc lay_out() { fill market; }\n" + amend + "\n")
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E525"] and message in errors[0].message, [d.headline() for d in errors]
    assert errors[0].span.line == PACK.count("\n") + 2 and errors[0].span.column == column


def test_an_amend_base_in_a_minimum_the_pick_lacks_is_e223():
    result = analyse_text(PACK + "proc lay_out() { fill market; }\n" + 'amend draw_tickets { pick "keep which tickets?" where true at least base up to 2; }\n'
                          .replace("draw_tickets", "take_train_cards").replace("keep which tickets?", "take a train card"))
    assert "E223" in [d.code for d in result.diagnostics]
