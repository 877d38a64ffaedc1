"""`draw from Z to W until COND [each VAR { ... }]` (Dominion's Library and Adventurer, a push-your-luck
draw), `let x = draw one from Z to W;` and `last(Z)` (Pandemic's epidemic), and `bottom` as a local name:
both backends, the misuse codes (E514, E515, E516, W509), the printer and explain."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import answer_by_prompt, explained, found_at, printed_back, rules_programs, run_proc

# Dominion (base game), cut down from the audit's pack: the deck refills from the discard pile.
DOMINION = """
counter coin;
counter points;
enum card_type { action "Action", treasure "Treasure", victory "Victory" }
kind card "Card" { cost: int; types: list of card_type; coins: int = 0; }
zone deck "Deck" per_player of card secret refills from discard;
zone discard "Discard pile" per_player of card;
zone hand "Hand" per_player of card hidden;
zone aside "Set aside" per_player of card;
zone revealed "Revealed" per_player of card;
zone row "Row" per_player of card;
card copper "Copper" * 7 { cost = 0; types = [treasure]; coins = 1; }
card estate "Estate" * 3 { cost = 2; types = [victory]; }
card village "Village" * 2 { cost = 3; types = [action]; }
func is_a(c: card, t: card_type) = contains(c.types, t);
# Library: draw until you have 7 cards in hand, skipping any Action cards you choose to; set those
# aside, discarding them afterwards.
proc library() {
  draw from deck to hand until size(hand) >= 7 each c {
    if is_a(c, action) {
      may "set {c} aside (Library)?" { move c to aside; }
    }
  }
  move all of aside to discard;
}
# Adventurer (first edition): reveal cards from your deck until you reveal 2 Treasure cards. Put those
# Treasure cards into your hand and discard the other revealed cards.
proc adventurer() {
  draw from deck to revealed until count(c in revealed where is_a(c, treasure)) >= 2;
  move all of revealed where is_a(it, treasure) to hand;
  move all of revealed to discard;
}
# A push-your-luck draw (Port Royal, Flip 7): draw until the row's cost passes 4 (a bust) or you stop.
proc push() {
  draw from deck to row until total(c in row, c.cost) > 4 each c {
    may "stop drawing?" { break; }
  }
  if total(c in row, c.cost) <= 4 { gain total(c in row, c.cost) points; }
}
# the deck from the top: Village, Village, 7 Coppers, 3 Estates
proc deal() {
  fill deck with card where it.cost == 3;
  fill deck with card where it.cost == 0;
  fill deck with card where it.cost == 2;
}
"""

program = rules_programs(DOMINION)


def names(zone) -> list[str]:
    return [e.title for e in zone.items]


def dealt(program, more: str = "") -> Game:
    g = Game(program(more), 1, 1)
    run_proc(g, "deal")
    return g


def zone(g: Game, name: str):
    return g.zone(g.state.players[0], name)


def test_library_draws_to_seven_setting_aside_the_actions_chosen(program):
    g = dealt(program)
    asked = answer_by_prompt(g.program.procs["library"](g, g.state.players[0]),
                             {"set Village aside": "yes"}, with_forced=False)
    assert [d.prompt for d in asked] == ["set Village aside (Library)?"] * 2
    # both Villages set aside (then discarded): 7 Coppers drawn, and the draw stops there
    assert names(zone(g, "hand")) == ["Copper"] * 7
    assert names(zone(g, "discard")) == ["Village"] * 2
    assert names(zone(g, "deck")) == ["Estate"] * 3


def test_library_keeps_an_action_declined_and_stops_at_seven(program):
    g = dealt(program)
    run_proc(g, "library", answers=["no", "yes"])
    # the first Village stays in the hand, so 6 Coppers make 7; the second is set aside
    assert names(zone(g, "hand")) == ["Village"] + ["Copper"] * 6
    assert names(zone(g, "discard")) == ["Village"]
    assert names(zone(g, "deck")) == ["Copper"] + ["Estate"] * 3


def test_library_with_seven_in_hand_draws_nothing(program):
    g = dealt(program, "proc seven() { draw 7 from deck to hand; }")
    run_proc(g, "seven")
    before = names(zone(g, "deck"))
    run_proc(g, "library")
    assert len(zone(g, "hand").items) == 7 and names(zone(g, "deck")) == before


def test_library_refills_from_the_discard_pile_as_draw_does(program):
    g = dealt(program, "proc shift() { draw 10 from deck to discard; draw 1 from discard to hand; }")
    run_proc(g, "shift")   # the deck: 2 Estates; the discard pile: 9 cards; the hand: 1
    answer_by_prompt(g.program.procs["library"](g, g.state.players[0]), {})   # (a Village drawn: set aside)
    hand = zone(g, "hand").items
    assert len(hand) == 7 and not zone(g, "aside").items
    assert len(zone(g, "deck").items) + len(zone(g, "discard").items) == 12 - 7


def test_library_stops_when_deck_and_discard_run_out(program):
    g = dealt(program, "proc thin() { draw 9 from deck to aside; }")
    run_proc(g, "thin")   # the deck: 3 Estates, the discard pile empty; the rest set aside (then discarded)
    run_proc(g, "library")
    assert names(zone(g, "hand")) == ["Estate"] * 3
    assert not zone(g, "deck").items and len(zone(g, "discard").items) == 9


def test_adventurer_reveals_until_two_treasures(program):
    g = dealt(program)
    run_proc(g, "adventurer")
    assert names(zone(g, "hand")) == ["Copper"] * 2
    assert names(zone(g, "discard")) == ["Village"] * 2 and not zone(g, "revealed").items
    assert len(zone(g, "deck").items) == 5 + 3


def test_adventurer_without_treasures_reveals_everything_and_stops(program):
    g = dealt(program, "proc poor() { move all of deck where is_a(it, treasure) to aside; }")
    run_proc(g, "poor")
    run_proc(g, "adventurer")
    assert not zone(g, "hand").items and not zone(g, "deck").items
    assert sorted(names(zone(g, "discard"))) == ["Estate"] * 3 + ["Village"] * 2


def test_break_in_the_block_stops_the_draw(program):
    g = dealt(program)
    run_proc(g, "push", answers=["no", "yes"])   # Village, Village: 6 > 4 is a bust before the 3rd
    assert names(zone(g, "row")) == ["Village", "Village"] and g.state.players[0].stock["points"] == 0
    g = dealt(program)
    run_proc(g, "push", answers=["yes"])   # stop after the first Village: 3 points
    assert names(zone(g, "row")) == ["Village"] and g.state.players[0].stock["points"] == 3


def test_the_draw_announces_each_card_and_the_trace_names_the_statement(program):
    g = dealt(program, "counter drawn; proc listen() { whenever you draw { gain 1 drawn; } adventurer(); }")
    run_proc(g, "listen")
    assert g.state.players[0].stock["drawn"] == 4


# ---------------------------------------------------------------- draw one, last(Z), bottom

PANDEMIC = """
enum city { essen "Essen", lima "Lima", paris "Paris" }
counter cubes[city] global;
counter epidemics;
kind city_card "City card" { city: city; }
kind epidemic_card "Epidemic" { }
kind infection_card "Infection card" { city: city; }
city_card essen_card "Essen" { city = essen; }
epidemic_card epidemic "Epidemic" { }
infection_card inf_essen "Essen" { city = essen; }
infection_card inf_lima "Lima" { city = lima; }
infection_card inf_paris "Paris" { city = paris; }
zone player_deck "Player deck" of city_card or epidemic_card secret;
zone player_discard "Player discard pile" of city_card or epidemic_card;
zone hand "Hand" per_player of city_card or epidemic_card;
zone infection_deck "Infection deck" of infection_card secret;
zone infection_discard "Infection discard pile" of infection_card;
proc tell() { say "cubes: {cubes[essen]} {cubes[lima]} {cubes[paris]}"; }
proc deal() {
  fill player_deck with epidemic_card;
  fill player_deck with city_card;
  fill infection_deck with infection_card;
  draw 1 from infection_deck to infection_discard;
}
# Draw a player card; an Epidemic is discarded and strikes: the bottom card of the infection deck gets
# 3 cubes, then the infection discard pile is shuffled onto the deck.
proc draw_player_card() {
  let x = draw one from player_deck to hand;
  if x != none and x is epidemic_card {
    move x to player_discard;
    gain 1 epidemics;
    let bottom = last(infection_deck);
    if bottom != none {
      gain 3 cubes[bottom.city];
      move bottom to infection_discard;
    }
    shuffle infection_discard;
    move all of infection_discard to top of infection_deck;
  }
}
"""

pandemic = rules_programs(PANDEMIC)


def test_draw_one_names_the_card_drawn_and_last_reads_the_bottom(pandemic):
    g = Game(pandemic(), 2, 1)
    run_proc(g, "deal")
    run_proc(g, "draw_player_card")   # the Epidemic: Paris, the bottom card, gets 3 cubes
    assert names(g.zone(None, "player_discard")) == ["Epidemic"] and g.state.players[0].stock["epidemics"] == 1
    run_proc(g, "tell")
    assert g.messages[-1].endswith("cubes: 0 0 3")
    assert sorted(names(g.zone(None, "infection_deck"))) == ["Essen", "Lima", "Paris"]
    assert names(g.zone(None, "infection_deck"))[-1] == "Lima"   # (the two on top were shuffled)
    run_proc(g, "draw_player_card")   # Essen: kept in the hand
    assert names(g.zone(g.state.players[0], "hand")) == ["Essen"]
    run_proc(g, "draw_player_card")   # the deck is empty: x is none, nothing happens
    assert g.state.players[0].stock["epidemics"] == 1


def test_draw_one_and_last_agree_on_both_backends():
    from rulebook.compiler.driver import build_text

    states = []
    for interpreted in (False, True):
        g = Game(build_text(PANDEMIC, interpreted=interpreted), 2, 4)
        run_proc(g, "deal")
        for _ in range(3):
            run_proc(g, "draw_player_card")
        states.append((g.state.digest(), g.log))
    assert states[0] == states[1]


def test_the_checker_types_draw_one_as_a_card_or_none():
    base = PANDEMIC + "proc t() {\n  let x = draw one from player_deck to hand;\n  "
    assert found_at(base + "if x != none and x is city_card { say \"{x.city}\"; }\n}\n") == []
    # a card, not a list: `draw 1` (a list) has no field city
    assert found_at(base.replace("draw one", "draw 1") + "if x != none and x is city_card { say \"{x.city}\"; }\n}\n")
    assert [c for c, *_ in found_at(base + "gain x epidemics;\n}\n")] == ["E303"]
    # `draw one` outside a `let` reads `one` as a name
    assert [c for c, *_ in found_at(PANDEMIC + "proc t() { draw one from player_deck to hand; }\n")] == ["E201"]


def test_bottom_names_a_local_and_stays_the_keyword_before_of_and_a_paren():
    text = PANDEMIC + """proc t() {
  let bottom = last(infection_deck);
  move bottom to bottom of infection_discard;
  let cheapest = bottom(c in infection_discard, ordinal(c.city));
  say "{cheapest}";
}
"""
    assert found_at(text) == []
    printed_back(text)


# ---------------------------------------------------------------- diagnostics, printer, explain

def findings(body: str) -> list[tuple]:
    """(code, line within the proc, column) of each finding of a proc of the Dominion pack."""
    lines = DOMINION.count("\n")
    return [(c, line - lines, col) for c, line, col in found_at(DOMINION + "proc t() {\n" + body + "\n}\n")]


def test_a_count_in_draw_until_is_e514():
    assert findings("  draw 2 from deck to hand until size(hand) >= 7;") == [("E514", 2, 8)]


def test_drawing_into_the_source_or_its_refill_pile_is_e515():
    assert findings("  draw from deck to discard until size(discard) >= 7;") == [("E515", 2, 21)]
    assert findings("  draw from deck to deck until size(hand) >= 7;")[0] == ("E515", 2, 21)
    assert findings("  draw from deck to aside until size(aside) >= 7;") == []


def test_putting_the_card_drawn_back_is_e516():
    assert findings("  draw from deck to hand until size(hand) >= 7 each c {\n"
                    "    move c to top of deck;\n  }") == [("E516", 3, 5)]
    assert findings("  draw from deck to hand until size(hand) >= 7 each c {\n"
                    "    move c to aside;\n  }") == []


def test_a_condition_the_draw_cannot_change_is_w509():
    assert findings("  draw from deck to revealed until size(hand) >= 7;") == [("W509", 2, 36)]
    assert findings("  draw from deck to revealed until coin >= 3;") == [("W509", 2, 36)]
    # it reads what the block changes, or a func: no finding
    assert findings("  draw from deck to revealed until coin >= 3 each c { gain c.coins coin; }") == []
    assert findings("  draw from deck to revealed until size(hand) >= 7 each c { move c to hand; }") == []


def test_draw_until_type_checks_its_variable_and_scopes_it_to_the_block():
    found = findings("  draw from deck to hand until size(hand) >= 7 each c { gain c.worth coin; }\n"
                     "  gain c.coins coin;")
    assert [c for c, *_ in found] == ["E205", "E201"]
    found = findings("  break;\n  draw from deck to hand until size(hand) >= 7 each c { break; }")
    assert [c for c, *_ in found] == ["E335"]   # a `break` in the block leaves the draw


def test_printed_back():
    module, printed = printed_back(DOMINION + PANDEMIC.replace("counter epidemics;", "counter epidemics2;")
                                   .replace("zone hand ", "zone hand2 ").replace("to hand;", "to hand2;")
                                   .replace("proc deal", "proc deal2"))
    assert "  draw from deck to hand until size(hand) >= 7 each c {\n" in printed
    assert "  draw from deck to revealed until count(c in revealed where is_a(c, treasure)) >= 2;\n" in printed
    assert "  let x = draw one from player_deck to hand2;\n" in printed


def test_explained():
    result = analyse_text(DOMINION)
    library = explained(result, "library")
    assert "Draw from your deck into your hand, one card at a time, until the number of cards in your hand is " \
           "at least 7 (or nothing is left to draw); for each card c drawn:" in library
    assert "one card at a time, until" in explained(result, "adventurer") and \
        "(or nothing is left to draw)." in explained(result, "adventurer")
    pandemic = analyse_text(PANDEMIC)
    assert "Let x be the city card or epidemic drawn (none when there was none)." in explained(pandemic, "draw_player_card")


def test_a_value_of_the_card_drawn_from_a_secret_deck_is_masked_from_the_other_players():
    from rulebook.compiler.hidden import marks, open_values
    from rulebook.dsl import ast as A

    sym = analyse_text(DOMINION + """proc t() {
  draw from deck to hand until size(hand) >= 7 each c { may "set aside a card costing {c.cost}?" { } }
  draw from revealed to row until size(row) >= 2 each d { may "take one costing {d.cost}?" { } }
}
""").symbols
    found = open_values(sym)
    shown = {n.title: marks(n.title_parts, found) for n in A.walk(sym.decls["t"]) if type(n) is A.May}
    assert shown == {"set aside a card costing {c.cost}?": "-s-", "take one costing {d.cost}?": "-v-"}


def test_random_games_agree_on_both_backends():
    from .conftest import random_games_agree

    random_games_agree(DOMINION + """
zone pool of card;
proc turn() {
  choose "play which?" {
    option "Library" { library(); }
    option "Adventurer" { adventurer(); }
    option "push your luck" { push(); }
  }
  move all of hand to discard;
  move all of row to discard;
}
game g {
  seats 2 to 4;
  phase setup { fill pool with card; shuffle pool; each players: draw 3 from pool to deck; }
  phase play { repeat 4 { each players: turn(); } }
  winner most points;
}
""", seeds=range(1, 4))


def test_the_editor_finds_the_variable_of_draw_until_as_a_local():
    from rulebook.compiler.workspace import file_occurrences
    from rulebook.dsl.parser import parse_text

    text = DOMINION + "proc t() {\n  draw from deck to hand until size(hand) >= 7 each c { gain c.coins coin; }\n}\n"
    line = text.count("\n") - 1
    found = [(o.role, o.span.column) for o in file_occurrences(parse_text(text, "a.rules"), text)
             if o.name == "c" and o.span.line == line]
    written = text.split("\n")[line - 1]
    assert found == [("local_def", written.index("each c") + len("each ") + 1),
                     ("local", written.index("c.coins") + 1)]


def test_library_plays_as_the_audits_loop_of_one_card_draws():
    """The audit's Library (kingdom.rules:267-285: `while`, `let drawn = draw 1`, `break` when nothing
    was drawn) and the one statement play the same games, decision for decision."""
    from rulebook.compiler.driver import build_text

    from .conftest import played

    game = """
zone pool of card;
proc turn() {
  library();
  move all of hand to discard;
}
game g {
  seats 2 to 4;
  phase setup { fill pool with card; shuffle pool; each players: draw 6 from pool to deck; }
  phase play { repeat 3 { each players: turn(); } }
  winner most points;
}
"""
    loop = DOMINION.replace("""  draw from deck to hand until size(hand) >= 7 each c {
    if is_a(c, action) {
      may "set {c} aside (Library)?" { move c to aside; }
    }
  }""", """  while size(hand) < 7 {
    let drawn = draw 1 from deck to hand;
    if size(drawn) == 0 { break; }
    for each c in drawn where is_a(c, action) {
      may "set {c} aside (Library)?" { move c to aside; }
    }
  }""")
    assert loop != DOMINION
    ours, theirs = build_text(DOMINION + game), build_text(loop + game)
    asked = 0
    for seed in range(1, 4):
        a, b = played(ours, seed, 2), played(theirs, seed, 2)
        assert a.log == b.log and a.state.digest() == b.state.digest()
        asked += len(a.log)   # (the only decisions: "set Village aside?")
    assert asked > 0


def test_the_condition_may_run_a_proc_that_asks_before_each_card():
    from rulebook.compiler.driver import build_text

    text = DOMINION + """
proc enough(): bool {
  if size(row) == 0 { return false; }
  choose "draw again?" { option "stop" { return true; } option "go on" { return false; } }
}
proc again() { draw from deck to row until enough(); }
"""
    for interpreted in (False, True):
        g = dealt(lambda more="": build_text(text + more, interpreted=interpreted))
        asked = run_proc(g, "again", answers=["go on", "go on", "stop"])
        assert [d.prompt for d in asked] == ["draw again?"] * 3 and len(zone(g, "row").items) == 3
