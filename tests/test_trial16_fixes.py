"""Fixes of branch trial16, found writing Risk, Wingspan and Can't Stop as test packs."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game

from .conftest import both_built, run_answering

PANDEMIC_CARDS = """
enum disease { blue "Blue", yellow "Yellow" }
enum city {
  colour: disease;
  population: int;
  atlanta "Atlanta" (colour = blue, population = 5),
  lagos "Lagos" (colour = yellow, population = 11),
}
kind city_card { city: city; colour: disease; weight: int; }
city_card card "{c.title}" for each c in city { city = c; colour = c.colour; weight = c.population * 2; }
zone deck of city_card;
"""


def test_a_for_each_declaration_gives_a_field_the_data_its_member_holds():
    # Risk's territory cards show their territory's symbol: `symbol = t.symbol` was E303 ("worked out by
    # an expression") though the member's data is as constant as the member itself
    assert [d.code for d in analyse_text(PANDEMIC_CARDS).diagnostics if d.severity == "error"] == []
    for program in both_built(PANDEMIC_CARDS):
        game = Game(program, 2, 1)
        fields = {n: (e.fields["colour"], e.fields["weight"]) for n, e in game.program.entities.items()}
        assert fields == {"card_atlanta": ("blue", 10), "card_lagos": ("yellow", 22)}


def test_a_field_the_member_does_not_hold_is_e334_with_a_did_you_mean():
    text = PANDEMIC_CARDS.replace("colour = c.colour;", "colour = c.color;")
    errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == ["E334"] and "'color'" in errors[0].message and "'colour'" in errors[0].hint


RESOURCES = """
resource seed;
resource fish;
resource rodent;
group food { seed, fish, rodent }
counter vp;
"""


def test_a_pick_over_bare_resource_names_goes_over_amounts_and_is_warned():
    # Wingspan's die face "invertebrate or seed": the pick offered the amounts held, `0` and `2`
    text = RESOURCES + 'proc feed() { pick r from [seed, fish] "which food?" { gain r vp; } }'
    warned = [d for d in analyse_text(text).diagnostics if d.code == "W521"]
    assert len(warned) == 1 and "'r' goes over numbers" in warned[0].message
    assert "'r in food where r == seed or r == fish'" in warned[0].hint
    loop = RESOURCES + "proc feed() { for each r in [seed, rodent] { gain 1 vp; } }"
    assert [d.code for d in analyse_text(loop).diagnostics] == ["W521"]


def test_the_group_written_instead_offers_the_resources_on_both_backends():
    text = RESOURCES + 'proc feed() { pick r from food where r == seed or r == fish "which food?" { gain 1 r; } }'
    assert [d.code for d in analyse_text(text).diagnostics if d.severity != "info"] == []
    for program in both_built(text):
        game = Game(program, 2, 1)
        asked = []
        run_answering(program.procs["feed"](game, game.state.players[0]),
                      lambda d: asked.append(list(map(str, d.options))) or 1)
        assert asked == [["seed", "fish"]] and game.state.players[0].stock["fish"] == 1


def test_amounts_in_an_aggregate_or_a_local_list_are_left_alone():
    text = RESOURCES + "func kinds_held(): int = count(x in [seed, fish, rodent] where x > 0);"
    assert [d.code for d in analyse_text(text).diagnostics if d.severity != "info"] == []


FEEDER = """
resource seed;
resource fish;
die feeder_die "Birdfeeder die": resource {
  face "Seed" = seed;
  face "Fish" = fish;
  face "Seed or fish" = none;
}
kind feeder_piece "Die" { shows: feeder_die; }
feeder_piece feeder_dice "Die" * 3 {}
zone feeder of feeder_piece;
proc take() { pick d from feeder "take which die?" { move d to feeder; } }
"""


def test_a_die_on_its_face_of_no_value_is_offered_by_the_faces_title():
    # Wingspan's birdfeeder offered "Die: none" for its invertebrate-or-seed face
    for program in both_built(FEEDER):
        game = Game(program, 2, 1)
        feeder = game.zone(None, "feeder")
        dice = [e for e in program.entities.values() if e.kind == "feeder_piece"]
        for e, face in zip(dice, ["seed", "fish", None]):
            game.move(e, feeder)
            game.set_field(e, "shows", face)
        asked = []
        run_answering(program.procs["take"](game, game.state.players[0]),
                      lambda d: asked.append(list(map(str, d.options))) or 0)
        assert asked == [["Die: seed", "Die: fish", "Die: Seed or fish"]]
