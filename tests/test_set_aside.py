"""`set aside CARD until PATTERN [then to ZONE];` (4.14b), on both backends: Cosmic Encounter's Cosmic Zap
(a power out of force until the encounter's end, its reaction and its modifier with it, back where it was) and
Dominion's Haven (a card of the hidden hand set aside until its owner's next turn, then into the hand, seen
by its owner alone meanwhile; `aside(p)` lists it for the final count). A card moved meanwhile stays where it
went; a pending return is plain data in the state (saved, loaded, digested, replayed). The misuse findings
(E554, E555, W540), the runtime refusals, fmt, explain, the highlighter, and an untouched pack's module."""

from __future__ import annotations

import copy

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import GameLog, record, replay
from rulebook.runtime.state import State, check_saved
from rulebook.runtime.view import build_view

from .conftest import (explained, found_at, played, printed_back, random_games_agree, rules_programs, run_answering,
                       run_proc, screens, the_one_error)

# Cosmic Encounter (a corner): each power lies in front of its player; Macron gains a token when its player
# is attacked (a reaction) and Virus makes the encounter's cards cost one coin less (a modifier it holds).
# Cosmic Zap puts a power out of force until the end of the encounter (the proc `encounter`), or, in the
# event form, until the encounter is over.
COSMIC = """
resource coin;
counter tokens;
counter vp;
event attacked();
event encounter_over();
event turn_start();
event buy_card();
kind alien { text: str = ""; }
zone power per_player of alien;
zone dormant per_player of alien;
zone graveyard of alien;
alien macron "Macron" { whenever you attacked in power { gain 1 tokens; } }
alien virus "Virus" { modifier you buy_card in power { cost -1 coin; } }
proc deal() { move macron to power; move virus to power; }
proc attack() { emit attacked(); }
proc play_card() { pay 2 coin for buy_card(); }
proc zap(a: alien) { set aside a until end of encounter; }
proc zap_until_over(a: alien) { set aside a until encounter_over; }
proc zap_all() { set aside all of power where it != virus until encounter_over then to dormant; }
proc over() { emit encounter_over(); }
proc encounter(a: alien) {
  zap(a);
  attack();
  set vp = size(aside(you));
}
proc bury(a: alien) { move a to graveyard; }
proc zap_twice(a: alien) { set aside a until encounter_over; set aside a until encounter_over; }
proc zap_nothing() { set aside macron until encounter_over; }
proc zap_till_attack(a: alien) { set aside a until attacked; }
proc zap_to_top(a: alien) { set aside a until encounter_over then to top of power; }
proc rounds() {
  repeat 2 as round {
    gain size(power) tokens;
    if size(power) == 2 { set aside macron until end of round; }
  }
}
"""

program = rules_programs(COSMIC)


def dealt(program, players: int = 2) -> Game:
    g = Game(program(), players, 1)
    run_proc(g, "deal")
    return g


def names(items) -> list[str]:
    return [e.name for e in items]


def me(g: Game):
    return g.state.players[0]


def test_a_zapped_power_is_out_of_force_until_the_encounter_ends(program):
    """Cosmic Zap: while Macron is aside its reaction does not fire; when `encounter` returns it is back at
    the end of the powers, and it reacts again. Inside the encounter aside(you) lists it."""
    g = dealt(program)
    run_proc(g, "attack")
    assert me(g).stock["tokens"] == 1
    run_proc(g, "encounter", g.program.entities["macron"])
    assert me(g).stock["tokens"] == 1   # the attack inside the encounter found no Macron in the powers
    assert me(g).stock["vp"] == 1   # aside(you) listed it then
    assert names(me(g).zones["power"]) == ["virus", "macron"]   # back, at the end
    assert g.state.aside == [] and "aside" not in g.state.to_json()
    run_proc(g, "attack")
    assert me(g).stock["tokens"] == 2


def test_the_event_that_brings_it_back_finds_it_aside(program):
    """Set aside until the very event its reaction answers: that announcement finds it aside (no token), and
    it is back for the next one."""
    g = dealt(program)
    run_proc(g, "zap_till_attack", g.program.entities["macron"])
    run_proc(g, "attack")
    assert me(g).stock["tokens"] == 0 and names(me(g).zones["power"]) == ["virus", "macron"]
    run_proc(g, "attack")
    assert me(g).stock["tokens"] == 1


def test_back_on_top_when_told(program):
    """`then to top of power`: back on top of the zone, not at its end."""
    g = dealt(program)
    run_proc(g, "zap_to_top", g.program.entities["macron"])
    run_proc(g, "over")
    assert names(me(g).zones["power"]) == ["macron", "virus"]


def test_until_the_end_of_a_round(program):
    """`until end of round` (a labelled loop): back when the round under way is over, in time for the next."""
    g = dealt(program)
    run_proc(g, "rounds")
    assert me(g).stock["tokens"] == 2 + 2 and names(me(g).zones["power"]) == ["virus", "macron"]


def test_a_held_modifier_is_out_of_force_while_aside(program):
    """Virus aside: the play costs its full 2 coins; back after the event, 1 coin again."""
    g = dealt(program)
    me(g).stock["coin"] = 10
    run_proc(g, "play_card")
    assert me(g).stock["coin"] == 9
    run_proc(g, "zap_until_over", g.program.entities["virus"])
    run_proc(g, "play_card")
    assert me(g).stock["coin"] == 7
    assert g.program.entities["virus"] not in me(g).zones["power"]
    run_proc(g, "over")
    run_proc(g, "play_card")
    assert me(g).stock["coin"] == 6


def test_the_zone_and_owner_of_a_card_aside(program):
    """Aside, a card is in no zone (`c.zone` is none) and keeps its owner; rules reading the zone miss it."""
    g = dealt(program)
    macron = g.program.entities["macron"]
    run_proc(g, "zap_until_over", macron)
    assert g.field(macron, "zone") is None and g.field(macron, "owner") is me(g)
    assert not g.contains(g.zone(me(g), "power"), macron)
    assert g.aside(me(g)) == [macron] and g.aside(g.state.players[1]) == []


def test_set_aside_all_of_a_zone_then_to_another(program):
    """`set aside all of power where ... then to dormant`: the cards kept go aside, in order, and come back
    into the zone named, not where they were."""
    g = dealt(program)
    run_proc(g, "zap_all")
    assert names(me(g).zones["power"]) == ["virus"]
    run_proc(g, "over")
    assert names(me(g).zones["dormant"]) == ["macron"] and names(me(g).zones["power"]) == ["virus"]


def test_a_card_moved_meanwhile_stays_where_it_went(program):
    """Another rule moves the card while it is aside: it does not come back when the event comes."""
    g = dealt(program)
    macron = g.program.entities["macron"]
    run_proc(g, "zap_until_over", macron)
    run_proc(g, "bury", macron)
    assert "aside" not in g.state.to_json()   # nothing is aside any more
    run_proc(g, "over")
    assert names(g.state.zones["graveyard"]) == ["macron"] and "macron" not in names(me(g).zones["power"])
    run_proc(g, "zap_until_over", macron)
    run_proc(g, "bury", macron)
    run_proc(g, "zap_till_attack", g.program.entities["virus"])   # the dropped return's end is watched no more
    assert not g.ending.get("encounter_over") and g.ending["attacked"] == 1


def test_the_trace_says_it(program):
    """The trace: the setting aside with its pattern, the return as a move, and a return dropped."""
    g = dealt(program)
    lines: list[str] = []
    g.tracer = lambda effect: lines.append(effect.describe())
    macron = g.program.entities["macron"]
    run_proc(g, "zap_until_over", macron)
    run_proc(g, "over")
    run_proc(g, "zap_until_over", macron)
    run_proc(g, "bury", macron)
    run_proc(g, "over")
    assert "P1: sets aside Macron from P1.power until encounter_over" in lines
    assert "P1: move Macron to P1.power" in lines
    assert "P1: Macron, set aside, does not come back: it was moved meanwhile" in lines


def test_the_return_announces_a_move(program):
    """The card coming back is a `move`: a trigger on it hears the card and its zone."""
    g = Game(program("counter back;\nproc listen() { whenever you move(dest = power) { gain 1 back; } }"), 2, 1)
    run_proc(g, "listen")
    run_proc(g, "deal")
    before = me(g).stock["back"]
    run_proc(g, "zap_until_over", g.program.entities["macron"])
    run_proc(g, "over")
    assert me(g).stock["back"] == before + 1


def test_what_cannot_be_set_aside_stops_play(program):
    """A card in no zone, or set aside already: E601 at the statement, naming the card."""
    g = Game(program(), 2, 1)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "zap_nothing")
    assert e.value.code == "E601" and "in no zone" in str(e.value)
    g = dealt(program)
    with pytest.raises(RulesRuntimeError) as e:
        run_proc(g, "zap_twice", g.program.entities["macron"])
    assert e.value.code == "E601" and "set aside already" in str(e.value)


def test_saved_and_loaded_while_aside(program):
    """Mid-aside, the state's JSON holds the pending return; it passes the saved-state check and loads back
    to the same JSON and digest; the card's place is there too."""
    g = dealt(program)
    run_proc(g, "zap_until_over", g.program.entities["macron"])
    data = g.state.to_json()
    assert data["aside"] == [["macron", {"player": 0}, ["anyone", "encounter_over", {}],
                              [{"player": 0}, "power", False, None], [{"player": 0}, "power"]]]
    check_saved(data, g.program)
    again = State.from_json(data, g.program.entities, [p.name for p in g.state.players])
    assert again.to_json() == data and again.digest() == g.state.digest()
    assert again.where["macron"][1] is None
    both = copy.deepcopy(data)
    both["players"][0]["zones"]["dormant"] = ["macron"]   # aside and in a zone at once: no state of a game
    with pytest.raises(Exception, match="macron"):
        check_saved(both, g.program)
    wrong = {**data, "aside": [data["aside"][0][:3] + [[{"player": 0}, "nowhere", False, None], [{"player": 0}, "power"]]]}
    with pytest.raises(Exception, match="nowhere"):
        check_saved(wrong, g.program)


HAVEN = """
# Dominion, Haven: set aside a card from your hand face down; at the start of your next turn, put it into
# your hand. At the end, a card still aside counts as yours.
counter vp;
event turn_start();
event buy_card();
kind card per_player { worth: int = 0; }
card haven "Haven" * 2 { }
card copper "Copper" * 6 { worth = 1; }
card estate "Estate" * 4 { worth = 1; }
zone deck per_player of card secret;
zone hand per_player of card hidden;
zone discard per_player of card;
func owned(): int = size(hand) + size(deck) + size(discard) + size(aside(you));
proc turn() {
  emit turn_start();
  pick c from hand "set which card aside?" optional { set aside c until you turn_start then to hand; }
  move all of hand to discard;
  if size(deck) < 3 { shuffle discard; move all of discard to deck; }
  draw 3 from deck to hand;
}
game haven_demo "Haven" {
  seats 2 to 3;
  phase setup { each players { fill deck with card; shuffle deck; draw 3 from deck to hand; } }
  phase play { repeat 4 { each players: turn(); } each players: set vp = owned(); end game; }
  winner most vp;
}
"""

haven = rules_programs(HAVEN)


def test_haven_comes_back_into_the_hand_at_its_owners_next_turn(haven):
    """P1 sets a card aside; P2's turn does not bring it back, P1's next turn start does, into P1's hand."""
    g = Game(haven(), 2, 1)
    run_answering(g.program.game.setup(g, me(g)), lambda d: 0, with_forced=True)
    p1, p2 = g.state.players
    card = p1.zones["hand"][0]
    run_answering(g.program.procs["turn"](g, p1), lambda d: 0)   # sets aside the first card of the hand
    assert card not in p1.zones["hand"] and g.aside(p1) == [card]
    run_answering(g.program.procs["turn"](g, p2), lambda d: len(d.options) - 1)   # P2 sets nothing aside
    assert g.aside(p1) == [card]
    g.emit("turn_start", p1, {})
    assert g.aside(p1) == [] and p1.zones["hand"][-1] is card


def test_haven_aside_is_its_owners_to_see(haven):
    """A card set aside from the hidden hand keeps the hand's visibility: its owner's view shows it, the
    other's only its kind."""
    g = Game(haven(), 2, 1)
    run_answering(g.program.game.setup(g, me(g)), lambda d: 0, with_forced=True)
    run_answering(g.program.procs["turn"](g, me(g)), lambda d: 0)
    mine, theirs = build_view(g, 0)["aside"], build_view(g, 1)["aside"]
    assert mine[0]["from"] == "P1" and mine[0]["zone"] == "hand" and "item" in mine[0]
    assert theirs == [{"from": "P1", "zone": "hand", "kind": "card"}]
    mine_screen, their_screen = screens(g)
    card = build_view(g, 0)["aside"][0]["item"]["title"]
    assert f"set aside: {card} (from P1.hand)" in mine_screen
    assert "set aside: a card (from P1.hand)" in their_screen and card not in their_screen.split("set aside:")[1]


def test_a_shown_func_may_not_read_the_cards_aside():
    """`aside(p)` may hold cards of a hidden hand: a func shown on every screen may not read it (E534), as it may
    not read the hand."""
    result = analyse_text(HAVEN + 'func on_haven(): int shown "On Havens" = total(c in aside(you), c.worth);')
    the_one_error(result, "E534")


def test_the_screen_tells_its_owner_where_it_went(haven):
    """Between two views of its owner: the card went from the hand to "set aside" (not "out of sight")."""
    from rulebook.runtime.view import changes

    g = Game(haven(), 2, 1)
    run_answering(g.program.game.setup(g, me(g)), lambda d: 0, with_forced=True)
    before = build_view(g, 0)
    card = me(g).zones["hand"][0]
    run_answering(g.program.procs["turn"](g, me(g)), lambda d: 0)
    said = changes(before, build_view(g, 0))
    assert f"your hand → set aside: {card.label()}" in said, said


def test_both_backends_play_alike():
    """Random games of both packs end with the same log and final state, compiled and interpreted."""
    random_games_agree(HAVEN, seeds=range(1, 5), counts=(2, 3))


def test_a_game_with_a_card_aside_replays():
    """A game logged with cards aside (and returned) replays to the same final state; its log read back as
    JSON too."""
    built = build_text(HAVEN)
    for seed in (1, 2, 3):
        g = played(built, seed, 2)
        again = GameLog.model_validate_json(record(g).model_dump_json())
        assert replay(built, again).state.digest() == g.state.digest()


def doc_examples() -> list[str]:
    """The `rules` blocks of docs/language.md 4.14b, in order (Haven, then Cosmic Zap)."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    section = text[text.index("### 4.14b"):text.index("### 4.15 roll")]
    return re.findall(r"^```rules\n(.*?)^```", section, re.S | re.M)


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_the_reference_examples_play(interpreted):
    """The reference's Haven: its play sets a card of the hand aside, the owner's next turn start puts it
    back into the hand, and owned_vp counts it meanwhile. Its Cosmic Zap: Macron misses the attack of the
    encounter and is back after it."""
    haven_text, zap_text = doc_examples()[:2]
    g = Game(build_text(haven_text + "proc deal() { move estate to deck; move haven to hand; }", interpreted=interpreted), 2, 1)
    run_proc(g, "deal")
    p1 = me(g)
    haven_card, estate = g.program.entities["haven"], g.program.entities["estate"]
    run_answering(haven_card.effects["play"](g, p1, haven_card), lambda d: d.index_of("Estate"))
    assert g.aside(p1) == [estate] and g.program.funcs["owned_vp"](g, p1) == 1
    run_proc(g, "start_turn")
    assert names(p1.zones["hand"]) == ["haven", "estate"] and g.aside(p1) == []
    g = Game(build_text(zap_text + "proc deal() { move macron to power; }", interpreted=interpreted), 2, 1)
    run_proc(g, "deal")
    run_proc(g, "encounter", me(g))
    assert me(g).stock["tokens"] == 0 and names(me(g).zones["power"]) == ["macron"]


def test_e554_not_a_card():
    """A zone (the hint: `set aside all of`) or a number set aside: E554 at the item."""
    result = analyse_text(COSMIC + "proc bad() { set aside power until encounter_over; }")
    the_one_error(result, "E554", "not a zone")
    assert "set aside all of power" in next(d for d in result.diagnostics if d.code == "E554").hint
    the_one_error(analyse_text(COSMIC + "proc bad() { set aside you until encounter_over; }"), "E554", "a player")


def test_e555_a_card_no_zone_holds():
    """A card of a kind no zone holds is never in a zone: E555."""
    text = COSMIC + "kind token { }\ntoken t1 { }\nproc bad() { set aside t1 until encounter_over; }"
    the_one_error(analyse_text(text), "E555", "token")


def test_w540_an_event_nothing_announces():
    """The card would never come back: W540 at the pattern; a builtin event a statement does is fine."""
    text = COSMIC + "event never();\nproc bad() { set aside macron until never; }"
    line = text.count("\n", 0, text.index("proc bad")) + 1
    assert ("W540", line, len("proc bad() { set aside macron until ") + 1) in found_at(text)
    assert not [c for c, *_ in found_at(COSMIC + "proc ok() { set aside macron until move; }") if c == "W540"]


def test_until_end_of_an_unknown_proc():
    """`until end of NAME` is checked as a trigger's: E419 for a name no proc or label has."""
    the_one_error(analyse_text(COSMIC + "proc bad() { set aside macron until end of encountr; }"), "E419")


def test_a_missing_until_is_said():
    """`set aside c;` (for how long?): E100 naming the missing `until EVENT`, with the line to write."""
    from .conftest import parse_error

    d = parse_error("kind card { }\nproc p(c: card) { set aside c; }")
    assert d.code == "E100" and "'until EVENT' is missing" in d.message and "set aside c until EVENT;" in d.hint
    d = parse_error("kind card { }\nproc p() { set aside most of hand until x; }")
    assert "expected 'set aside all of ZONE'" in d.message


def test_fmt_prints_it_back():
    """Each form prints back as written and parses to the same module."""
    _module, text = printed_back("proc p(c: card) {\n  set aside c until you turn_start then to top of hand;\n"
                                 "  set aside all of hand where it.cost > 2   until end of p;\n"
                                 "  set aside c until played(c = c);\n}\n")
    assert "set aside all of hand where it.cost > 2 until end of p;" in text
    assert "set aside c until you turn_start then to top of hand;" in text


def test_aside_stays_a_name_elsewhere():
    """`aside` is a contextual word: a variable so named is set and read as before."""
    result = analyse_text("counter aside;\ncounter vp;\nproc p() { set aside = 2; gain aside vp; }")
    assert not [d for d in result.diagnostics if d.severity == "error"]


def test_explain_reads_it():
    """explain: "Set Macron aside (out of every zone) until the end of “encounter”, then it returns..."."""
    words = explained(analyse_text(COSMIC), "zap")
    assert "Set a aside (out of every zone) until the end of “encounter”, then it returns to where it was" in words
    words = explained(analyse_text(COSMIC), "zap_all")
    assert "Set all the aliens of your power for which" in words and "then each goes to the bottom of your dormant" in words


def test_explain_reads_aside():
    """explain reads `aside(p)` as the cards set aside from p's zones."""
    words = explained(analyse_text(HAVEN), "owned")
    assert "the number of items in the cards set aside from your zones" in words


def test_highlighter_knows_the_word():
    """`set aside` is two keywords; `aside` elsewhere a name."""
    from pygments.token import Keyword, Name

    from rulebook.dsl.highlight import RulesLexer

    tokens = [(t, v) for t, v in RulesLexer().get_tokens("proc p() { set aside c until x; set aside = 1; }")
              if v.strip()]
    assert tokens[5:7] == [(Keyword, "set"), (Keyword, "aside")]
    assert tokens[11:13] == [(Keyword, "set"), (Name, "aside")]


def test_a_pack_without_it_compiles_as_before():
    """Federation's generated module names nothing of set aside (byte for byte main's: the session's report);
    a proc an `until end of` of a `set aside` names runs inside the watch of its end, as a trigger's would."""
    from rulebook.compiler.driver import compile_pack

    assert "set_aside" not in compile_pack("rules/federation").source
    with_it = compile_pack_text(COSMIC)
    assert "rt.set_aside(" in with_it and "rt.running('encounter'" in with_it


def compile_pack_text(text: str) -> str:
    """The generated module of a rules text."""
    from rulebook.compiler.driver import _generate

    result = analyse_text(text)
    return _generate(result, "text", result.identity())
