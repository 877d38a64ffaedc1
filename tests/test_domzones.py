"""Cards by their declaration (`c is road`, a filter `placed(t is road)`): both backends, misuse
diagnostics, explain and fmt."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain
from rulebook.runtime.engine import Game
from rulebook.runtime.state import IsA, State, check_saved

from .conftest import found_at, parse_error, printed_back, rules_programs, run_proc, the_one_error

TILES = """counter vp;
kind tile { pts: int; }
kind token { w: int; }
tile road "Road" * 3 { pts = 1; }
tile city "City" { pts = 2; }
token meeple { w = 1; }
zone board per_player of tile;
event placed(t: tile);
event scored(t: tile);
proc p() {
  fill board with tile;
  whenever you placed(t is road) { gain 1 vp; }
  whenever you scored(t is tile) { gain 10 vp; }
  for each t in board {
    if t is road and t.pts == 1 { gain 100 vp; }
    emit placed(t);
    emit scored(t);
  }
  gain count(t in board where t is city) * 1000 vp;
}
"""

program = rules_programs(TILES)


def test_is_a_declaration_holds_for_every_copy_and_a_filter_hears_every_copy(program):
    """Three roads and a city: `t is road` holds three times, the filter `t is road` hears the three,
    `t is tile` hears all four, `count(... where t is city)` is 1."""
    game = Game(program(), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 3 * 100 + 3 * 1 + 4 * 10 + 1000


def test_a_filter_by_declaration_is_saved_and_restored(program):
    """A trigger whose filter is `t is road` is kept in a saved state as {"is": "road"}, which a saved
    state may hold, and read back as the same filter."""
    game = Game(program("proc q() { whenever you placed(t is road) { gain 1 vp; } }"), 2, 1)
    run_proc(game, "q")
    data = game.state.to_json()
    assert data["triggers"][0][4] == {"t": {"is": "road"}}
    check_saved(data, game.program)
    again = State.from_json(data, game.program.entities)
    assert again.triggers[0].filters == {"t": IsA("road")} and again.digest() == game.state.digest()


def test_is_names_a_kind_or_a_card_and_one_the_value_can_be():
    the_one_error(analyse_text(TILES.replace("t is city", "t is village")), "E204", "village")
    the_one_error(analyse_text(TILES.replace("t is city", "t is meeple")), "E303", "never a token")
    the_one_error(analyse_text(TILES.replace("placed(t is road)", "placed(t is meeple)")), "E303", "never a token")
    the_one_error(analyse_text(TILES.replace("placed(t is road)", "placed(t is vp)")), "E301", "'vp' is a counter")


def test_is_a_declaration_narrows_to_its_kind():
    """`c is road` on a card of a zone of tiles or tokens narrows c to a tile (its field read without E328)."""
    text = TILES.replace("zone board per_player of tile;", "zone board per_player of tile;\nzone bag of tile or token;") \
        .replace("  gain count(", "  for each x in bag { if x is road { gain x.pts vp; } }\n  gain count(")
    assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    unnarrowed = text.replace("if x is road { gain x.pts vp; }", "if not (x is road) { gain x.pts vp; }")
    the_one_error(analyse_text(unnarrowed), "E328", "pts")


def test_w424_hints_the_test_by_declaration():
    text = """counter vp;
kind card { coins: int; }
card silver "Silver" * 3 { coins = 2; }
zone hand per_player of card;
event played(c: card);
proc p() {
  whenever you played(c = silver) { gain 1 vp; }
  for each c in hand { if c == silver or contains(hand, silver) { gain 1 vp; } }
}
"""
    hints = [d.hint for d in analyse_text(text).diagnostics if d.code == "W424"]
    assert hints[0].endswith("'c is silver'")
    assert hints[1].endswith("'c is silver'") and hints[2].endswith("'some(c in hand where c is silver)'")
    fixed = text.replace("c = silver", "c is silver").replace("c == silver or contains(hand, silver)", "c is silver")
    assert [f for f in found_at(fixed) if f[0] == "W424"] == []


def test_is_a_declaration_prints_back_and_reads_in_words():
    module, printed = printed_back(TILES)
    assert "whenever you placed(t is road) {" in printed and "if t is road and t.pts == 1 {" in printed
    result = analyse_text(TILES)
    reading = " ".join(explain(result.symbols.decls["p"], result.symbols))
    assert "t is a Road" in reading and "t is a tile" in reading


NAMES = """counter vp;
kind card { coins: int; }
kind token { w: int; }
card copper "Copper" * 7 { coins = 1; }
card silver "Silver" * 3 { coins = 2; }
token meeple { w = 1; }
zone hand per_player of card;
event played(c: card);
proc p() {
  for each c in hand {
    if c.name == "coper" or "Silver" == c.name or c.name != "meeple" or c.name == "copper" { gain 1 vp; }
  }
  gain count(c in hand where c.name == "xyzzy") vp;
  whenever you played() { if it.c.name == "silvr" { gain 1 vp; } }
}
"""


def test_a_name_compared_with_a_text_no_card_is_declared_with_is_w463_with_the_card_meant():
    """A misspelt name, a title for the name, a card of another kind, a text like no name: each W463 at
    the text; the declared name `"copper"` is not."""
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(NAMES).diagnostics
             if d.code == "W463"]
    assert [f[:3] for f in found] == [("W463", 11, 18), ("W463", 11, 29), ("W463", 11, 61), ("W463", 13, 40),
                                      ("W463", 14, 43)]
    hints = [f[3] for f in found]
    assert hints[0] == "did you mean 'copper'? a test by declaration is checked: 'c is copper'"
    assert hints[1].startswith("did you mean 'silver'?")
    assert hints[2] == "'meeple' is a token, and c is never one"
    assert hints[3] == "known names: copper, silver"
    assert hints[4].endswith("'it.c is silver'")
    assert "never holds" in analyse_text(NAMES).diagnostics[0].message


def test_a_name_compared_with_a_text_with_values_or_a_player_name_is_not_w463():
    text = NAMES.replace('"xyzzy"', '"cop{1}"').replace('"coper"', '"copper"').replace('"Silver"', '"silver"') \
        .replace('"meeple"', '"silver"').replace('"silvr"', '"silver"') + \
        'proc q() { for each p in players { if p.name == "P1" { gain 1 vp; } } }\n'
    assert [f for f in found_at(text) if f[0] == "W463"] == []


def test_a_name_matched_or_searched_in_a_list_of_names_with_a_text_no_card_has_is_w463():
    text = NAMES + """proc q(c: card, d: card) {
  match c.name { "coper" { gain 1 vp; } "silver" { } else { } }
  gain match d.name { "Silver": 1, "copper": 2, else: 0 } vp;
  let names = [c.name, d.name];
  if contains(names, "meeple") or contains([c.name], "silvr") or contains(names, "copper") { gain 1 vp; }
  let changed = [c.name];
  set changed = changed + ["zz"];
  if contains(changed, "zz") or contains(["zz"], "zz") { gain 1 vp; }
}
"""
    found = [(d.span.line, d.span.column, d.message, d.hint) for d in analyse_text(text).diagnostics
             if d.code == "W463" and d.span.line > 15]
    assert [f[:2] for f in found] == [(17, 18), (18, 23), (20, 22), (20, 54)]
    assert "the name of c is never that, so this arm never runs for it" in found[0][2]
    assert found[0][3] == "did you mean 'copper'?"
    assert "this case never applies ('Silver' is the title of 'silver')" in found[1][2]
    assert "names holds names of cards, so contains() never finds it" in found[2][2]
    assert found[2][3] == "'meeple' is a token, and a card named in the list is never one"
    assert found[3][3] == "did you mean 'silver'?"
    typed = NAMES + 'func worth(c: card): int = match c.name { "coppr": 1, else: 0 };\n'
    assert ("W463", 16, 43) in found_at(typed)


DRAWS = """counter vp;
kind tile { pts: int; }
kind token { w: int; }
tile a "A" { pts = 1; }
tile b "B" { pts = 2; }
tile c "C" { pts = 3; }
zone bag per_player of tile;
zone stack per_player of tile;
proc p() {
  fill bag with tile;
  move b to stack;
  draw 2 from bag to top of stack;
  let took = draw 5 from stack where it.pts > 1 to bag;
  let none_left = draw 1 from stack where it.pts > 5 to bag;
  gain size(took) * 10 vp;
  gain size(none_left) * 1000 vp;
  gain first(took).pts * 100 vp;
  if first(none_left) == none { gain 10000 vp; }
}
"""

draws = rules_programs(DRAWS)


def test_a_draw_to_the_top_keeps_the_order_drawn_and_let_names_what_it_took(draws):
    """a, c drawn onto B: the stack is A, C, B; the draw where pts > 1 takes C then B, in that order; a
    draw that takes nothing binds an empty list (its first is none)."""
    game = Game(draws(), 2, 1)
    run_proc(game, "p")
    me = game.state.players[0]
    assert [e.name for e in me.zones["stack"]] == ["a"] and [e.name for e in me.zones["bag"]] == ["c", "b"]
    assert me.stock["vp"] == 2 * 10 + 3 * 100 + 10000


def test_what_a_draw_took_is_a_list_of_the_cards_of_its_source():
    """The list's items are cards of the source's kinds (a field they lack is E205); the list is no
    number (E341, a list in arithmetic)."""
    bad = DRAWS.replace("gain first(took).pts * 100 vp;", "gain first(took).w * 100 vp;")
    the_one_error(analyse_text(bad), "E205", "unknown field 'w' of tile", line=17)
    the_one_error(analyse_text(DRAWS.replace("gain size(took) * 10 vp;", "gain took * 10 vp;")), "E341")


def test_draw_to_top_and_let_draw_print_back_and_read_in_words():
    module, printed = printed_back(DRAWS)
    assert "  draw 2 from bag to top of stack;\n" in printed
    assert "  let took = draw 5 from stack where it.pts > 1 to bag;\n" in printed
    result = analyse_text(DRAWS)
    reading = explain(result.symbols.decls["p"], result.symbols)
    assert any("onto the top of your stack" in line for line in reading)
    assert any("Let took be the list of the tiles drawn (empty when there was none)." in line for line in reading)


TYPED = """counter vp;
enum sector { industry, science, trade }
enum colour { red, blue }
kind site { sectors: list of sector; worth: int; }
site dock "Dock" { sectors = [trade, industry]; worth = 2; }
site lab "Lab" { sectors = [science]; worth = 3; }
site field "Field" { sectors = []; worth = 1; }
zone board per_player of site;
proc p() {
  fill board with site;
  gain count(s in board where contains(s.sectors, trade)) * 10 vp;
  for each s in board { for each x in s.sectors { if x == science { gain s.worth vp; } } }
}
"""

typed = rules_programs(TYPED)


def test_a_list_of_an_enum_holds_its_members(typed):
    game = Game(typed(), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 10 + 3


def test_a_typed_list_checks_its_items_and_what_is_looked_for_in_it():
    """A member of another enum or a number in the list: E303 at it, with the members; a value that is
    no list: E303; a member of another enum looked for: E303; an unknown element type: E201; `of`
    after another type than list does not parse (E343, as in a let)."""
    the_one_error(analyse_text(TYPED.replace("[science]", "[science, red]")), "E303", "red is not a member of sector",
                  line=6)
    the_one_error(analyse_text(TYPED.replace("[science]", "science")), "E303", "is a list of sector, not science")
    the_one_error(analyse_text(TYPED.replace("contains(s.sectors, trade)", "contains(s.sectors, blue)")), "E303",
                  "looks for a colour in a list of sector")
    the_one_error(analyse_text(TYPED.replace("list of sector", "list of sectr")), "E201", "sectr")
    # a misspelt member is E201 alone (with the member meant), not also E303 at the same place
    the_one_error(analyse_text(TYPED.replace("[science]", "[sciense]")), "E201", "sciense", line=6)
    assert parse_error(TYPED.replace("list of sector", "int of sector")).code == "E343"


def test_a_typed_list_prints_back_and_reads_in_words():
    module, printed = printed_back(TYPED)
    assert "kind site { sectors: list of sector; worth: int; }" in printed
    result = analyse_text(TYPED)
    assert "sectors (a list of sectors)" in " ".join(explain(result.symbols.decls["site"], result.symbols))


PER_DECL = """counter vp;
kind card { coins: int; }
card silver "Silver" * 3 { coins = 2; }
card gold "Gold" { coins = 3; }
zone hand per_player of card;
var seen[card] global: bool = false;
proc p() {
  fill hand with card;
  for each c in hand {
    if not seen[declaration(c)] { gain 1 vp; }
    set seen[declaration(c)] = true;
    if declaration(c) == silver { gain 10 vp; }
  }
}
"""

per_decl = rules_programs(PER_DECL)


def test_declaration_gives_the_card_every_copy_is_of(per_decl):
    """Two declarations seen once each; every Silver's declaration is silver."""
    game = Game(per_decl(), 2, 1)
    run_proc(game, "p")
    assert game.state.players[0].stock["vp"] == 2 + 3 * 10


def test_an_index_by_the_declaration_is_per_declaration_on_purpose_and_w450_hints_it():
    assert [f for f in found_at(PER_DECL) if f[0] in ("W450", "W424")] == []
    plain = PER_DECL.replace("set seen[declaration(c)]", "set seen[c]")
    hint = next(d.hint for d in analyse_text(plain).diagnostics if d.code == "W450")
    assert hint.endswith("for one value per declaration on purpose, say so: 'seen[declaration(c)]'")
    the_one_error(analyse_text(PER_DECL.replace("declaration(c) == silver", "declaration(1) == silver")), "E303",
                  "declaration() takes a card, not a number")
    result = analyse_text(PER_DECL)
    assert "the card c is a copy of" in " ".join(explain(result.symbols.decls["p"], result.symbols))
