"""What the Carcassonne and Coup audits found the tools did wrongly (diag8): a position outside a list
field, explain's locals, simulate's and cover's cards without effects, a one-player `first`, list
arithmetic of `any` values, and the editor's rename across scopes."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import analyse_text, build_text
from rulebook.compiler.explain import reading
from rulebook.runtime.engine import Game, RulesRuntimeError

# ---------------------------------------------------------------------------- 1. a position outside a list field

TILES = """counter vp;
kind tile { edges: list; }
tile a "A" { edges = [0, 0, 1, 0]; }
tile b "B" { edges = EDGES; }
zone bag of tile;
proc t() {
  fill bag with tile;
  for each c in bag {
    if c.edges[AT] == 1 {
      gain 1 vp;
    }
  }
}
game g { seats 2 to 4; phase play { t(); } winner most vp; }
"""


def tiles(at: str, edges: str = "[2, 2, 2, 2]") -> str:
    return TILES.replace("AT", at).replace("EDGES", edges)


def test_a_constant_position_outside_a_list_field_of_every_declaration_is_e392_at_the_position():
    found = [(d.code, d.span.line, d.span.column, d.hint) for d in analyse_text(tiles("9"), "t.rules").diagnostics]
    assert found == [("E392", 9, 16, "the last item is [4]")]


def test_a_constant_position_outside_a_list_field_of_some_declarations_is_w467():
    found = analyse_text(tiles("4", "[2, 2, 2]"), "t.rules").diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("W467", 9, 16)]
    assert "1 of the 2 declarations" in found[0].message and "b: 3 items" in found[0].message


@pytest.mark.parametrize("at, edges", [("4", "[2, 2, 2, 2]"), ("vp + 9", "[2, 2, 2, 2]"), ("3", "[1, 2] + [3]")])
def test_a_position_inside_or_unknown_is_not_reported(at, edges):
    assert [d.code for d in analyse_text(tiles(at, edges)).diagnostics if d.code in ("E392", "W467")] == []


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_missing_item_stops_play_at_the_indexing_not_at_the_enclosing_if(interpreted):
    program = build_text(tiles("vp + 9"), interpreted=interpreted)
    with pytest.raises(RulesRuntimeError) as failed:
        Game(program, 2, 1).play()
    assert failed.value.message == "there is no item 9 in a list of 4"
    assert failed.value.where.endswith(":9:8")


# ---------------------------------------------------------------------------- 2. explain reads a local as written

LOCALS = """counter vp;
resource coin;
proc t(q: player, n: int) {
  let o = first(opponents);
  each o: gain 1 coin;
  each q: gain n coin;
  for each x in players {
    each x: gain 1 vp;
    each x { gain 1 vp; lose 1 coin; }
  }
  each opponents: gain 1 coin;
}
game g { seats 2 to 4; phase play { t(you, 2); } winner most vp; }
"""


def test_a_local_or_a_parameter_starting_a_sentence_keeps_its_name_as_written():
    result = analyse_text(LOCALS)
    assert result.ok, result.diagnostics
    lines = reading(result.symbols.decls["t"], result.symbols)
    assert lines[1:4] == ["o gains 1 coin.", "q gains coins equal to n.", "For each x in all players:"]
    assert lines[4:6] == ["  x gains 1 VP.", "  x does this:"]
    assert lines[-1] == "Each opponent gains 1 coin."   # a declared or builtin name still opens with a capital


# ---------------------------------------------------------------------------- 3, 4. simulate's and cover's cards without effects

# tiles only shared zones hold (a stack, the table); characters held in a hidden hand and, once lost,
# turned face up in a public pile
PLACED = """
counter vp;
kind tile { n: int = 1; }
tile road "Road" * 3 { }
tile city "City" { }
tile lake "Lake" { }
zone stack of tile secret;
zone table of tile;
zone box of tile;
kind character { }
character duke "Duke" { }
character spy "Spy" { }
zone court of character secret;
zone hand per_player of character hidden;
zone lost per_player of character;
proc setup_all() {
  fill stack with tile; fill court with character;
  move lake to box;
  for each t in stack where t is road or t is city { move t to table; }
}
proc deal() {
  each players { draw 1 from court to hand; }
  each opponents { move all of hand to lost; }
}
game g { seats 2 to 2; phase setup { setup_all(); deal(); } phase play { gain 1 vp; } winner most vp; }
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_card_without_effect_is_used_when_moved_or_held_not_when_lost(interpreted):
    """A tile only shared zones hold is used in a game when a rule moves it (seat -1: no one seat's);
    a character is used by the seat that held it in its hand, not by the one whose lost pile it ends in."""
    from rulebook.runtime.simulate import UsageRecorder

    program = build_text(PLACED, interpreted=interpreted)
    recorder = UsageRecorder(program)
    names = [name for _kind, name in recorder.components]
    assert names == ["road", "city", "lake", "duke", "spy"]
    game = Game(program, 2, 1)
    recorder.follow(game)
    game.play()
    recorder.note_held(game)
    used = {(names[c], seat) for c, seat in recorder.used}
    held = {(name, seat) for name, seat in used if seat >= 0}
    assert {(name, seat) for name, seat in used if seat < 0} == {("road", -1), ("city", -1), ("lake", -1)}
    lost = [seat for seat, p in enumerate(game.state.players) if game.zone(p, "lost").items]
    # each seat drew one character into its hand: both held one, not only the one whose lost pile has it
    assert lost == [1] and sorted(seat for _name, seat in held) == [0, 1]


def test_simulate_counts_the_games_a_tile_was_moved_in(tmp_path):
    from rulebook.runtime import simulate as sim

    from .conftest import write_pack

    job, program = sim.prepare(str(write_pack(tmp_path / "placed", PLACED, name="placed")), [], 2)
    names = sim.component_names(program)
    records = sim.run(job, range(1, 6), 1)
    rows = {c["name"]: c for c in sim.summary(job, records, ["vp"], names, 1)["components"]}
    assert rows["road"]["games_used"] == 5 and rows["road"]["win_rate_used"] is None   # no one seat's
    assert rows["duke"]["games_used"] + rows["spy"]["games_used"] == 10   # each seat held one, each game


def test_cover_lists_the_cards_without_effect_no_rule_moved(tmp_path):
    from rulebook.runtime.coverage import cover_games

    coverage = cover_games(build_text(PLACED.replace("  move lake to box;\n", "")), [2], range(1, 3), [[]])
    report = coverage.report()
    assert report["tile"] == (3, ["lake"]) and report["character"] == (2, [])


# ---------------------------------------------------------------------------- 5. `first q in [t]`: one player


def test_first_over_a_list_literal_of_one_player_is_e385_at_the_list():
    text = "resource chip;\nproc a(t: player) {\n  first q in [t] may { gain 1 chip; }\n}\n"
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line, d.span.column) for d in errors] == [("E385", 3, 14)]
    assert errors[0].hint == "one player is asked with 'each t { may ... }'"
    assert "E385" not in [d.code for d in analyse_text(text.replace("[t]", "[t, t]")).diagnostics]


# ---------------------------------------------------------------------------- 6. list arithmetic of `any` values

DIFF = """counter vp;
func diff(x: any, y: any) = x - y;
proc t() {
  let a = [1, 2, 3];
  let b = [2];
  gain size(diff(a, b)) vp;
}
game g { seats 2 to 4; phase play { t(); } winner most vp; }
"""


def test_a_list_passed_where_the_body_does_number_arithmetic_with_an_any_parameter_is_w468():
    found = analyse_text(DIFF, "d.rules").diagnostics
    assert [(d.code, d.span.line, d.span.column) for d in found] == [("W468", 6, 18), ("W468", 6, 21)]
    assert "x - y (line 2, column 29)" in found[0].message and "'x: list'" in found[0].hint
    assert analyse_text(DIFF.replace("x: any, y: any", "x: list, y: list")).diagnostics == []
    numbers = DIFF.replace("diff(a, b)", "[diff(size(a), size(b))]")   # numbers: no finding
    assert analyse_text(numbers).diagnostics == []


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_list_arithmetic_on_any_values_stops_play_saying_what_to_write(interpreted):
    with pytest.raises(RulesRuntimeError) as failed:
        Game(build_text(DIFF, interpreted=interpreted), 2, 1).play()
    assert failed.value.code == "E601" and failed.value.where.endswith(":2:29")
    assert "both sides are lists" in failed.value.message and "`x: list`" in failed.value.message


# ---------------------------------------------------------------------------- 7. the editor's rename follows the scopes

SCOPES = """counter vp;
kind city { size: int = 1; }
city rome "Rome" { size = 3; }
kind card { n: int = 1; }
card honour "Honour of {c.name}" for each c in city { }
proc t(x: int) {
  let v = x;
  gain v vp;
  if v > 1 {
    let v = 2;
    gain v vp;
  }
  gain v vp;
}
game g { seats 2 to 4; phase play { t(1); } winner most vp; }
"""


def test_rename_follows_the_scopes_of_locals_and_the_domain_of_a_per_entity_declaration(tmp_path):
    from rulebook.compiler.workspace import RenameRefused, Workspace

    from .conftest import write_pack

    view = Workspace().view(write_pack(tmp_path / "scopes", SCOPES) / "main.rules")
    shown = next(s for s in view.paths if s.endswith("main.rules"))

    def renamed(line: int, column: int, new: str) -> list:
        return [(s.line, s.column) for s in view.rename(view.target_at(shown, line, column), new)[shown]]

    assert renamed(2, 6, "town") == [(2, 6), (3, 1), (5, 48)]            # the kind, with `for each c in city`
    assert renamed(7, 7, "w") == [(7, 7), (8, 8), (9, 6), (13, 8)]       # the outer v, not the inner one
    assert renamed(11, 10, "w") == [(10, 9), (11, 10)]                   # the inner v: its block only
    assert renamed(6, 8, "y") == [(6, 8), (7, 11)]                       # a parameter
    assert renamed(5, 25, "d") == [(5, 25), (5, 43)]                     # the declaration's own c
    assert [(o.span.line, o.span.column) for o in view.definitions(view.target_at(shown, 13, 8).key)] == [(7, 7)]
    with pytest.raises(RenameRefused, match="already a local"):
        view.rename(view.target_at(shown, 7, 7), "x")
    with pytest.raises(RenameRefused):
        view.rename(view.target_at(shown, 7, 7), "vp")
