"""`amend` of one space of a track (`amend TRACK { space N ... }`) and of a title (`amend NAME "Title" { }`),
on both backends: what is kept, what is replaced, lint, explain and the printer."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text, build_text, compile_pack, interpret_pack
from rulebook.compiler.explain import explain
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.console import screen
from rulebook.runtime.engine import Game

from .conftest import drive, write_pack

# Ticket to Ride's scoring track, as a track whose spaces score a claimed route by its length
TRACK = """
resource train "Train cars";
counter vp;
kind ticket { worth: int; }
ticket short_run "Short run" { worth = 4; }
ticket long_run "Long run" { worth = 9; }
zone tickets of ticket;
zone kept per_player of ticket;
track route "Claimed route" {
  space 1 "One car" tier 1 cost 1 train { gain 1 vp; }
  space 2 "Two cars" tier 1 cost 2 train { gain 2 vp; } bonus cost 1 train { gain 1 vp; }
  space 3 "Three cars" tier 2 cost 3 train { gain 4 vp; }
  first to 3 { gain 10 vp; }
}
proc keep() { pick t from tickets "keep a ticket" { move t to kept; } }
"""


@pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
def program(request):
    def build(house: str):
        return build_text(TRACK + house, interpreted=request.param)
    return build


def enter(game: Game, track: str, position: int, answers=()) -> int:
    """Run a space's benefit (and its bonus, if any, answering its decisions) for P1; the VP gained."""
    you = game.state.players[0]
    before = you.stock["vp"]
    space = game.program.tracks[track].spaces[position]
    drive(game, space.benefit(game, you), answers)
    if space.bonus is not None:
        drive(game, space.bonus(game, you), answers)
    return you.stock["vp"] - before


def test_an_amended_space_gets_the_new_benefit_and_keeps_what_it_does_not_write(program):
    # the house rule: a two-car route scores 3 VP; its title, tier, cost and bonus are the base's
    p = program("amend route { space 2 { gain 3 vp; } }")
    game = Game(p, 2, 1)
    two = p.tracks["route"].spaces[2]
    assert (two.title, two.tier, two.bonus is not None) == ("Two cars", 1, True)
    assert [enter(game, "route", n) for n in (1, 2, 3)] == [1, 3 + 1, 4]
    game.state.players[0].stock["train"] = 1
    assert game.can_advance(game.state.players[0], "route")   # space 1 still costs 1 train


def test_an_amended_space_replaces_each_part_it_writes(program):
    p = program('amend route { space 2 "Two cars, doubled" tier 3 cost 1 train { gain 4 vp; } '
                "bonus cost 1 train { gain 5 vp; } }")
    two = p.tracks["route"].spaces[2]
    assert (two.title, two.tier) == ("Two cars, doubled", 3)
    game = Game(p, 2, 1)
    assert enter(game, "route", 2) == 4 + 5
    you = game.state.players[0]
    you.stock["route"], you.stock["train"] = 1, 1
    assert game.can_advance(you, "route")   # the new cost: 1 train (the base's was 2)


def test_a_later_amend_of_the_same_space_wins(program):
    p = program("amend route { space 3 { gain 5 vp; } }\namend route { space 3 { gain 6 vp; } }")
    assert enter(Game(p, 2, 1), "route", 3) == 6


def test_an_amended_space_is_reported_as_the_overrides_are():
    found = [(d.code, d.span.line, d.message) for d in analyse_text(TRACK + "amend route {\n space 2 { }\n}").diagnostics
             if d.code != "W401"]
    assert found == [("I404", TRACK.count("\n") + 2, "amends space 2 of track 'route'")]


def reach(game: Game, track: str, to: int, seat: int = 0) -> int:
    """Advance a player to a space without its benefit, so that only the `first to` rewards on the
    way are gained; the VP gained."""
    you = game.state.players[seat]
    before = you.stock["vp"]
    drive(game, game.advance(you, track, to - you.stock[track], False, False, "test"))
    return you.stock["vp"] - before


def test_an_amended_first_to_reward_replaces_the_bases_and_a_new_one_is_added(program):
    """`first to N { ... }` in an amend replaces the reward at N, or adds one where the track had
    none; each is still the first player's alone; a later amend of the same reward wins."""
    p = program("amend route { first to 3 { gain 12 vp; } first to 1 { gain 1 vp; } }\n"
                "amend route { first to 1 { gain 2 vp; } }")
    game = Game(p, 2, 1)
    assert [reach(game, "route", 1), reach(game, "route", 3)] == [2, 12]
    assert [reach(game, "route", 1, seat=1), reach(game, "route", 3, seat=1)] == [0, 0]
    assert [n for n in p.tracks["route"].spaces] == [1, 2, 3] and p.tracks["route"].spaces[3].title == "Three cars"


def test_amended_and_added_rewards_are_reported_printed_and_explained():
    house = "amend route {\n first to 3 { gain 12 vp; }\n first to 2 { gain 1 vp; }\n}"
    result = analyse_text(TRACK + house)
    found = [(d.code, d.span.line, d.message) for d in result.diagnostics if d.code != "W401"]
    line = TRACK.count("\n")
    assert found == [("I404", line + 2, "amends the first to 3 reward of track 'route'"),
                     ("I404", line + 3, "adds the first to 2 reward to track 'route'")]
    module = parse_text(TRACK + house)
    assert parse_text(format_module(module)) == module
    reading = "\n".join(explain(result.symbols.decls["route"], result.symbols))
    assert f"The first player to reach space 3 (amended by <text>:{line + 2}:2):" in reading
    assert f"The first player to reach space 2 (added by <text>:{line + 3}:2):" in reading
    assert "Gain 12 VP." in reading and "Gain 10 VP." not in reading


@pytest.mark.parametrize("house, code, message, hint", [
    ("amend route { space 4 { gain 1 vp; } }", "E305", "track 'route' has no space 4", "its spaces are 1 to 3"),
    ("amend route { space 0 { } }", "E305", "track 'route' has no space 0", "its spaces are 1 to 3"),
    ("amend route { space 2 { } space 2 { } }", "E215", "space 2 is amended twice here", None),
    ("amend route { first to 4 { } }", "E305", "track 'route' has no space 4", "its spaces are 1 to 3"),
    ("amend route { first to 2 { } first to 2 { } }", "E215", "the reward of first to 2 is amended twice here",
     None),
    ("amend route { worth = 2; }", "E217",
     "amending 'route' takes 'space N [\"Title\"] [tier T] [cost C] { ... } [bonus cost C { ... }]' or "
     "'first to N { ... }'", None),
    ("amend short_run { space 1 { } }", "E217", "amending 'short_run' takes 'name = value;', 'name { ... }', a slot "
     "('whenever EVENT in ZONE { ... }', 'anytime in ZONE { ... }'), 'in force while COND;' or 'remove SLOT;'",
     "'short_run' has fields 'worth'"),
    ('amend train "Wagons" { }', "E217",
     "'amend' changes an entity, a kind, a track, an enum, a record, the game, a choose, match or pick of a proc or phase, or a match of a func; 'train' is a resource",
     None),
    ("amend rout { space 1 { } }", "E217",
     "'amend' changes an entity, a kind, a track, an enum, a record, the game, a choose, match or pick of a proc or phase, or a match of a func; 'rout' is not declared",
     "did you mean 'route'?"),
])
def test_misuse_is_a_positioned_diagnostic(house, code, message, hint):
    found = [d for d in analyse_text(TRACK + house).diagnostics if d.code not in ("I404", "W401")]
    assert [(d.code, d.span.line, d.message, d.hint) for d in found[:1]] == \
        [(code, TRACK.count("\n") + 1, message, hint)]
    column = house.rindex("first") if "first" in house else house.rindex("space") if code in ("E305", "E215") else house.index("worth") if "worth" in house \
        else house.index("space") if "short_run" in house else len("amend ")   # at the name amended
    assert found[0].span.column == column + 1


def test_amend_gives_a_card_a_kind_and_a_track_a_new_title(program):
    p = program('amend short_run "Short route" { worth = 5; }\namend ticket "Destination ticket" {}\n'
                'amend route "Route scoring" {}')
    assert (p.entities["short_run"].title, p.entities["short_run"].fields["worth"]) == ("Short route", 5)
    assert (p.entities["long_run"].title, p.tracks["route"].title) == ("Long run", "Route scoring")
    game = Game(p, 2, 1)
    game.state.zones["tickets"].extend([p.entities["short_run"], p.entities["long_run"]])
    asked = drive(game, p.procs["keep"](game, game.state.players[0]), ["Short route"])
    assert asked[0].options == ["Short route", "Long run"]
    shown = "\n".join(str(line) for line in screen(game.view(0), []))
    assert "Short route" in shown and "Short run" not in shown


def test_a_title_given_as_a_field_says_where_a_title_goes():
    found = [d for d in analyse_text(TRACK + 'amend short_run { title = "Short route"; }').diagnostics
             if d.code == "E205"]
    assert [(d.message, d.hint, d.span.column) for d in found] == [(
        "unknown field 'title' of ticket",
        'a title is written after the name: ticket short_run "..." { ... }, or in a house rule '
        'amend short_run "..." { }', len("amend short_run { ") + 1)]


def test_a_copied_cards_new_title_may_hold_its_values(program):
    p = build_text("kind gem { worth: int; }\ngem ruby \"Ruby\" * 2 { worth = 3; }\n"
                   'amend ruby "Ruby ({worth} VP)" {}\nzone bag of gem;')
    assert [e.title for e in p.entities.values()] == ["Ruby (3 VP)", "Ruby (3 VP)"]


def test_amend_with_a_title_and_spaces_prints_back_the_same():
    text = ('amend route "Route scoring" {\n  space 2 "Two" tier 1 cost 2 train {\n    gain 3 vp;\n  } '
            "bonus cost 1 train {\n    gain 1 vp;\n  }\n}\n\namend short_run \"Short route\" {}\n")
    module = parse_text(text, "a.rules")
    assert format_module(module) == text
    assert parse_text(format_module(module), "a.rules") == module


# ---------------------------------------------------------------------------- explain


@pytest.fixture
def stacked(tmp_path):
    write_pack(tmp_path / "base", TRACK + "game g { seats 2 to 2; phase play { } winner most vp; }", name="base")
    write_pack(tmp_path / "house", "amend route {\n  space 2 {\n    gain 3 vp;\n  }\n}\n", name="house",
               extends=["../base"])
    return tmp_path


def explain_cli(tmp_path, *args):
    return CliRunner().invoke(app, ["explain", str(tmp_path / "house"), *args])


def test_explain_of_a_space_by_the_name_simulate_uses(stacked):
    shown = explain_cli(stacked, "route 2")
    assert shown.exit_code == 0, shown.output
    lines = shown.output.splitlines()
    house = stacked / "house" / "main.rules"
    assert lines[0] == f"route 2 is space 2 of track route, declared at {stacked / 'base' / 'main.rules'}:11:3, " \
        f"amended by {house}:2:3"
    assert "  space 2 \"Two cars\" tier 1 cost 2 train {" in lines and "    gain 3 vp;" in lines
    assert f"Space 2 (“Two cars”), level 1, costing 2 train cars to enter (amended by {house}:2:3):" in lines
    replaced = lines.index(f"Amended by {house}:2:3, which replaces:")
    assert lines[replaced + 2] == "    gain 2 vp;"
    assert explain_cli(stacked, "track route: 3 Three cars").output.startswith("track route: 3 Three cars is space 3")


def test_explain_of_the_track_marks_the_amended_space(stacked):
    lines = explain_cli(stacked, "route").output.splitlines()
    house = stacked / "house" / "main.rules"
    assert lines[0].endswith(f"amended by {house}:1:1")
    marked = [line for line in lines if "(amended by" in line]
    assert marked == [f"  Space 2 (“Two cars”), level 1, costing 2 train cars to enter (amended by {house}:2:3):"]


@pytest.mark.parametrize("name, hint", [
    ("route 4", "track 'route' has spaces 1 to 3"),
    ("rout 2", "did you mean 'route 2'?"),
    ("Three cars", "did you mean 'route 3' (“Three cars”)?"),
    ("trains 2", "a track's space is named 'TRACK N', e.g. 'route 1'"),
])
def test_explain_says_how_to_name_a_space(stacked, name, hint):
    shown = explain_cli(stacked, name)
    assert shown.exit_code == 1
    assert f"declares nothing named {name!r} ({hint})" in shown.output


def test_reading_of_an_unamended_track_marks_nothing():
    module = parse_text(TRACK, "a.rules")
    lines = explain(next(d for d in module.items if getattr(d, "name", None) == "route"))
    assert not any("amended" in line for line in lines)


# ---------------------------------------------------------------------------- Tapestry


TAPESTRY = str(Path(__file__).resolve().parent.parent / "rules" / "tapestry")
SHIPS = """
# Ships (exploration space 5) gives 1 VP more than the territories you control.
amend exploration {
  space 5 {
    gain controlled(you) + 1 vp;
  }
}
"""


@pytest.mark.parametrize("backend", [
    pytest.param("compiled", marks=pytest.mark.slow),   # compiling Tapestry takes seconds: CI runs it
    "interpreted"])
def test_the_tapestry_house_rule_on_exploration_space_5(tmp_path, backend):
    house = str(write_pack(tmp_path / "tap_house", SHIPS, name="tap_house", extends=["tapestry"]))
    result = analyse(house)
    assert [(d.code, d.message) for d in result.diagnostics] == [("I404", "amends space 5 of track 'exploration'")]
    p = compile_pack(house).program if backend == "compiled" else interpret_pack(house)
    ships, navigation = p.tracks["exploration"].spaces[5], p.tracks["exploration"].spaces[4]
    assert (ships.title, ships.tier, ships.bonus is not None, navigation.title) == ("Ships", 2, True, "Navigation")
    game = Game(p, 3, 4)
    game.start()
    you = game.state.players[0]
    controlled = p.funcs["controlled"](game, you, you)
    before = you.stock["vp"]
    drive(game, ships.benefit(game, you))
    assert you.stock["vp"] - before == controlled + 1


def test_an_amend_of_fields_or_a_title_is_reported_as_the_overrides_are():
    """For Sale's house rule `amend void { worth = 1; }` was silent where an override says I404: every
    amend that changes something is reported, at the name it amends (a misshapen one is E217 alone)."""
    house = 'amend short_run { worth = 5; }\namend ticket "Destination ticket" {}\namend route { worth = 2; }\n'
    found = [(d.code, d.span.line - TRACK.count("\n"), d.message) for d in analyse_text(TRACK + house).diagnostics
             if d.code not in ("W401",)]
    assert sorted(found) == [("E217", 3, "amending 'route' takes 'space N [\"Title\"] [tier T] [cost C] { ... } "
                                         "[bonus cost C { ... }]' or 'first to N { ... }'"),
                             ("I404", 1, "amends ticket 'short_run'"), ("I404", 2, "amends kind 'ticket'")]


HEARTS = """
counter vp;
counter penalty;
proc turn() { gain 1 vp; gain 2 penalty; }
game hearts_game "Hearts" {
  seats 3 to 4;
  phase play { each players: turn(); }
  winner fewest penalty then vp;
}
"""


@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_amend_of_the_game_changes_its_seats_one_phase_or_the_winner_line(interpreted):
    """Omnibus Hearts' house rule changes the winner line, without copying the whole game into an
    `override game`; the seats and a phase may be amended the same way; the rest stays the base's."""
    house = "amend hearts_game {\n  seats 3 to 6;\n  phase final { each players: gain 2 vp; }\n  winner most vp;\n}\n"
    p = build_text(HEARTS + house, interpreted=interpreted)
    assert p.seats() == range(3, 7)
    g = Game(p, 5, 1)
    g.play()
    result = g.result()
    assert result["keys"] == ["vp"] and result["scores"]["P5"] == [1 + 2]   # the new winner line and final phase
    assert g.state.players[0].stock["penalty"] == 2   # the play phase is the base's
    base = Game(build_text(HEARTS, interpreted=interpreted), 3, 1)
    base.play()
    assert base.result()["keys"] == ["fewest penalty", "vp"]
    module = parse_text(HEARTS + house)
    assert parse_text(format_module(module)) == module and "  winner most vp;\n}" in format_module(module)


def test_misuse_of_an_amend_of_the_game_is_positioned():
    found = [(d.code, d.message) for d in analyse_text(HEARTS + "amend hearts_game {\n phase middle { }\n"
                                                       " winner most vp;\n winner most penalty;\n price = 2;\n}\n").diagnostics
             if d.severity == "error"]
    assert found == [("E100", "a game has the phases setup, play and final, not 'middle'"),
                     ("E215", "the winner is amended twice here"),
                     ("E217", "amending 'hearts_game' takes 'seats A to B;', 'phase setup|play|final { ... }' or "
                              "'winner ...;'")]
