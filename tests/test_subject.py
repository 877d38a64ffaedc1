"""Who caused an event: `it.subject` in triggers, reactions and modifiers' conditions (E400); a card's
reactions on one event and zone told apart by their subject (Tharsis Republic's two printed effects),
named so by amend and remove (E401); a tagged `pay ... and emit` that announces its action once paid
(E402, E302, W489). Both backends, the printer, explain, lint."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.layout import subject_nodes
from rulebook.dsl import ast as A
from rulebook.dsl.parser import parse_text
from rulebook.runtime.engine import Game

from .conftest import explained, printed_back, random_games_agree, rules_program, run_proc, the_one_error

# Citadels: the Tax Collector takes 1 gold from each other player who builds; a Miser gains 1 gold when
# the player on their left builds; a Guild Hall makes building cost 1 more for the leader (the player
# after its owner, for the test); a Watchtower counts the districts built by anybody but its owner.
PACK = """
resource gold;
counter vp;
counter seen;
counter nobody;
event built(n: int);
event turn_end();
kind district { }
district keep "Keep" { }
zone market of district;
zone city per_player of district;
proc tax_collector() {
  let collector = you;
  whenever opponents built { each it.subject { if gold > 0 { lose 1 gold to collector; } } }
}
proc miser() { whenever opponents built while it.subject == left(you) { gain 1 vp; } }
proc guild_hall() { modifier anyone built while it.subject == left(you) { cost +1 gold; } }
proc watchtower() { whenever anyone built { if it.subject != you { gain it.n seen; } } }
proc watch_moves() { whenever anyone move { if it.subject == none { gain 1 nobody; } } }
proc build(n: int) { pay 1 gold for built(n) and emit; }
proc build_plain(n: int) { pay 1 gold for built(n); emit built(n); }
proc to_market() { move keep to market; }
proc to_city() { move keep to city; }
"""

program = rules_program(PACK)


def stock(g: Game, seat: int) -> dict:
    return g.state.players[seat].stock


def new(program, players: int = 3) -> Game:
    g = Game(program, players, 1)
    for p in g.state.players:
        p.stock["gold"] = 5
    return g


# ---------------------------------------------------------------------------- it.subject

def test_a_trigger_body_reads_who_caused_the_event(program):
    g = new(program)
    run_proc(g, "tax_collector", player=0)
    run_proc(g, "build", 2, player=1)                     # P2 builds: P1 takes 1 gold from P2
    assert (stock(g, 0)["gold"], stock(g, 1)["gold"]) == (6, 3)
    run_proc(g, "build", 2, player=0)                     # P1's own building is no opponent's
    assert stock(g, 0)["gold"] == 5


def test_a_trigger_condition_reads_the_subject(program):
    g = new(program)
    run_proc(g, "miser", player=0)                        # P1's left is P2
    run_proc(g, "build", 1, player=2)
    assert stock(g, 0)["vp"] == 0
    run_proc(g, "build", 1, player=1)
    assert stock(g, 0)["vp"] == 1


def test_a_modifier_condition_reads_whose_use_it_is(program):
    g = new(program)
    run_proc(g, "guild_hall", player=0)
    run_proc(g, "build", 1, player=1)                     # P2 (on P1's left) pays 1 more
    run_proc(g, "build", 1, player=2)
    assert (stock(g, 1)["gold"], stock(g, 2)["gold"]) == (3, 4)


def test_an_anyone_trigger_tells_the_owner_from_the_others(program):
    g = new(program)
    run_proc(g, "watchtower", player=0)
    run_proc(g, "build", 3, player=0)
    run_proc(g, "build", 2, player=2)
    assert stock(g, 0)["seen"] == 2


def test_an_event_with_no_subject_reads_none(program):
    g = new(program)
    run_proc(g, "watch_moves", player=0)
    run_proc(g, "to_market", player=0)                    # a shared zone: nobody's
    assert stock(g, 0)["nobody"] == 1
    run_proc(g, "to_city", player=1)                      # P2's zone: P2's move
    assert stock(g, 0)["nobody"] == 1


def test_only_the_triggers_and_modifiers_that_read_it_are_given_it(program):
    assert len(program.subjects) == 5
    assert not build_text("event e(); proc p() { whenever anyone e { } }").subjects


def test_subject_nodes_are_the_readers():
    sym = analyse_text(PACK).symbols
    found = subject_nodes(sym)
    assert [type(n).__name__ for n in found] == ["Whenever", "Whenever", "Modifier", "Whenever", "Whenever"]


def test_explain_reads_it_subject_as_the_player():
    result = analyse_text(PACK)
    assert "If the player it happened to is not you:" in explained(result, "watchtower")
    assert "The player it happened to does this:" in explained(result, "tax_collector")


def test_an_argument_named_subject_is_e400():
    text = "event placed(subject: int);\n"
    the_one_error(analyse_text(text), "E400", "'subject'", line=1)
    assert analyse_text(text).diagnostics[0].span.column == 14


def test_it_subject_is_a_player_to_the_checker():
    found = analyse_text(PACK + "proc p() { whenever anyone built { gain it.subject vp; } }").diagnostics
    assert [d.code for d in found if d.severity == "error"] == ["E303"]


# ---------------------------------------------------------------------------- reactions by subject

# Terraforming Mars-like Tharsis Republic, in a generic form: any city gives production; your own city
# 3 coins more, once; both reactions are the card's, written in that order.
REACT = """
resource coin;
counter prod;
counter order;
event city(on_board: bool);
kind corp { }
zone corps per_player of corp;
corp tharsis "Tharsis" {
  whenever anyone city(on_board = true) in corps { gain 1 prod; set order = order * 10 + 1; }
  whenever you city in corps { gain 3 coin; set order = order * 10 + 2; }
}
corp other "Other" {
  whenever opponents city in corps { gain 1 coin; }
}
proc take(c: corp) { move c to corps; }
proc place(b: bool) { emit city(b); }
"""

reacting = rules_program(REACT)


def test_both_reactions_fire_in_the_order_written_asking_nothing(reacting):
    g = Game(reacting, 2, 1)
    run_proc(g, "take", g.program.entities["tharsis"], player=0)
    run_proc(g, "take", g.program.entities["other"], player=1)
    run_proc(g, "place", True, player=0)
    me = stock(g, 0)
    assert (me["prod"], me["coin"], me["order"], g.decisions_made) == (1, 3, 12, 0)
    assert stock(g, 1)["coin"] == 1
    run_proc(g, "place", True, player=1)                          # an opponent's city: the anyone one only
    assert (me["prod"], me["coin"], me["order"]) == (2, 3, 121)
    run_proc(g, "place", False, player=0)                          # off the board: the you one only
    assert (me["prod"], me["coin"], me["order"]) == (2, 6, 1212)


def test_a_pair_is_named_by_subject_a_single_reaction_as_before():
    decls = {getattr(d, "name", None): d for d in parse_text(REACT).items}
    assert [e.name for e in decls["tharsis"].effects] == ["whenever anyone city in corps", "whenever you city in corps"]
    assert [e.name for e in decls["other"].effects] == ["whenever city in corps"]


def test_two_reactions_with_one_subject_are_e215():
    text = REACT.replace("whenever you city in corps", "whenever anyone city in corps")
    the_one_error(analyse_text(text), "E215", "for anyone")


def test_explain_and_fmt_give_both_back():
    result = analyse_text(REACT)
    text = explained(result, "tharsis")
    lines = [line.strip() for line in text.splitlines()]
    assert [line.split(",")[0] for line in lines if line.startswith("Whenever")] == \
        ["Whenever any player cities (on board true)", "Whenever you city"]
    _module, printed = printed_back(REACT)
    assert "whenever anyone city(on_board = true) in corps {" in printed and "whenever you city in corps {" in printed


def test_a_kind_reactions_are_replaced_by_the_card_s_on_the_same_event_and_zone():
    text = REACT.replace("kind corp { }", "kind corp { whenever anyone city in corps { } whenever you city in corps { } }")
    sym = analyse_text(text).symbols
    assert [e.name for e in sym.decls["other"].effects] == ["whenever city in corps"]
    assert len(sym.decls["tharsis"].effects) == 2


def amended(more: str):
    return analyse_text(REACT + more)


def test_remove_without_a_subject_is_ambiguous_e401():
    the_one_error(amended("amend tharsis { remove whenever city in corps; }"), "E401", "which to remove")


def test_an_amended_reaction_of_no_subject_of_theirs_is_e401():
    the_one_error(amended("amend tharsis { whenever opponents city in corps { } }"), "E401", "answers opponents")


def test_remove_names_one_by_its_subject():
    sym = amended("amend tharsis { remove whenever anyone city in corps; }").symbols
    assert [e.name for e in sym.decls["tharsis"].effects] == ["whenever you city in corps"]


def test_a_removal_of_a_subject_it_has_not_is_e382():
    the_one_error(amended("amend other { remove whenever anyone city in corps; }"), "E382", "for anyone")


def test_an_amend_replaces_the_reaction_with_its_subject():
    result = amended("amend tharsis { whenever you city in corps { base(); gain 1 prod; } }")
    assert not [d for d in result.diagnostics if d.severity == "error"]
    effects = result.symbols.decls["tharsis"].effects
    assert [e.name for e in effects] == ["whenever anyone city in corps", "whenever you city in corps"]
    for interpreted in (False, True):
        g = Game(build_text(REACT + "amend tharsis { whenever you city in corps { base(); gain 1 prod; } }",
                            interpreted=interpreted), 2, 1)
        run_proc(g, "take", g.program.entities["tharsis"])
        run_proc(g, "place", False)
        assert (stock(g, 0)["coin"], stock(g, 0)["prod"]) == (3, 1)


def test_an_amend_may_split_a_single_reaction_in_two():
    more = "amend other { whenever anyone city in corps { gain 2 prod; } whenever you city in corps { base(); } }"
    result = amended(more)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    assert [e.name for e in result.symbols.decls["other"].effects] == \
        ["whenever anyone city in corps", "whenever you city in corps"]
    g = Game(build_text(REACT + more), 2, 1)
    run_proc(g, "take", g.program.entities["other"])
    run_proc(g, "place", True)
    assert (stock(g, 0)["coin"], stock(g, 0)["prod"]) == (1, 2)   # the base's block runs on your own city now


def test_a_single_reaction_is_still_replaced_whatever_the_amend_s_subject():
    sym = amended("amend other { whenever anyone city in corps { } }").symbols
    assert [e.subject for e in sym.decls["other"].effects] == ["anyone"]


def test_remove_with_a_subject_prints_back():
    _module, printed = printed_back(REACT + "amend tharsis { remove whenever opponent city in corps; }\n")
    assert "remove whenever opponents city in corps;" in printed
    removed = next(d for d in parse_text(printed).items if isinstance(d, A.Amend)).items[0]
    assert removed.subject == "opponents"


# ---------------------------------------------------------------------------- pay ... and emit

def test_and_emit_announces_the_act_once_paid_as_emit_does(program):
    for proc in ("build", "build_plain"):
        g = new(program)
        run_proc(g, "guild_hall", player=0)
        run_proc(g, "watchtower", player=0)
        run_proc(g, proc, 4, player=1)
        assert (stock(g, 1)["gold"], stock(g, 0)["seen"]) == (3, 4)


def test_let_pay_and_emit_binds_what_was_paid():
    text = PACK + "proc p() { let n = pay 2 gold for built(7) and emit; gain n vp; }"
    for interpreted in (False, True):
        g = new(build_text(text, interpreted=interpreted))
        run_proc(g, "watchtower", player=1)
        run_proc(g, "p", player=0)
        assert (stock(g, 0)["vp"], stock(g, 1)["seen"]) == (2, 7)


def test_a_choose_option_led_by_it_is_offered_when_affordable():
    text = PACK + """proc p() { choose "build?" { option "build" { pay 9 gold for built(1) and emit; }
      option "pass" { } } }"""
    g = new(build_text(text))
    run_proc(g, "p")                                       # 5 gold: only "pass", asked nothing
    assert g.decisions_made == 0 and stock(g, 0)["gold"] == 5


def test_announcing_a_builtin_event_is_e402():
    text = "resource coin;\ntrack t { space 1 { } }\nproc p() { pay 1 coin for advance(t) and emit; }"
    the_one_error(analyse_text(text), "E402", "'advance'", line=3)


def test_announcing_with_too_few_arguments_is_e302():
    the_one_error(analyse_text(PACK + "proc p() { pay 1 gold for built() and emit; }"), "E302", "this use gives none")


def test_announcing_an_unknown_event_is_e206():
    the_one_error(analyse_text(PACK + "proc p() { pay 1 gold for bilt(1) and emit; }"), "E206", "bilt")


def test_the_emit_after_a_tagged_pay_is_w489():
    found = analyse_text(PACK).diagnostics
    w489 = [d for d in found if d.code == "W489"]
    assert len(w489) == 1 and "'and emit' says both" in w489[0].message
    twice = analyse_text(PACK + "proc p() { pay 1 gold for built(1) and emit; emit built(1); }").diagnostics
    assert any(d.code == "W489" and "announced twice" in d.message for d in twice)
    other = analyse_text(PACK + "proc p() { pay 1 gold for built(1); emit built(2); }").diagnostics
    assert sum(1 for d in other if d.code == "W489") == 1   # the pack's own only: other arguments say nothing


def test_and_emit_prints_back_and_explains():
    _module, printed = printed_back(PACK)
    assert "pay 1 gold for built(n) and emit;" in printed
    text = explained(analyse_text(PACK), "build")
    assert "Once paid:" in text and "Announce “built” for n." in text


def test_a_pack_without_these_constructs_keeps_its_repr():
    plain = parse_text("resource coin; proc p() { pay 1 coin; }").items[1]
    assert "announce" not in repr(plain)


# ---------------------------------------------------------------------------- whole games, both backends

GAME = REACT + """
event built(n: int);
proc tax() { whenever opponents built { each it.subject { if coin > 0 { lose 1 coin to left(you); } } } }
proc turn() {
  choose "what now?" {
    option "build" { pay 1 coin for built(1) and emit; place(true); }
    option "build off" { pay 2 coin for built(2) and emit; place(false); }
    option "rest" { gain 2 coin; }
  }
}
game g {
  seats 2 to 4;
  phase setup {
    each players { gain 3 coin; tax(); }
    each players where you == left(all_players[1]): take(tharsis);
    each players where you == all_players[1]: take(other);
  }
  phase play { repeat 6 { each players: turn(); } }
  winner most coin + prod;
}
"""


def test_random_games_agree_on_both_backends():
    random_games_agree(GAME, seeds=range(1, 5))


def test_an_event_announced_only_by_and_emit_is_heard():
    text = "resource coin;\nevent bought();\nproc p() { pay 1 coin for bought() and emit; }\n" \
           "proc q() { whenever you bought { gain 1 coin; } }\n"
    assert not [d for d in analyse_text(text).diagnostics if d.code in ("W403", "W401")]


def test_a_kind_reaction_reads_the_subject():
    text = """resource coin;
counter vp;
event built();
kind card { whenever anyone built in hand { if it.subject != you { gain 1 vp; } } }
card a "A" { }
zone hand per_player of card;
proc build() { emit built(); }
proc deal() { move a to hand; }
"""
    for interpreted in (False, True):
        g = Game(build_text(text, interpreted=interpreted), 2, 1)
        run_proc(g, "deal", player=0)
        run_proc(g, "build", player=1)
        assert stock(g, 0)["vp"] == 1
        run_proc(g, "build", player=0)                     # its holder's own event: not counted
        assert stock(g, 0)["vp"] == 1


def test_cover_counts_each_reaction_of_a_pair(reacting):
    from rulebook.runtime.coverage import reaction_tids

    found = reaction_tids(reacting)
    tharsis = {slot: tids for (name, slot), tids in found.items() if name == "tharsis"}
    assert sorted(tharsis) == ["whenever anyone city in corps", "whenever you city in corps"]
    assert len({tid for tids in tharsis.values() for tid in tids}) == 2
