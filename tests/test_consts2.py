"""A constant where the grammar takes a number alone (`* knight_cards`, `show face_up from deck`, `tier level`,
`first to goal`, `refills from discards twice times`): one grammar rule and one resolver step, both backends,
fmt printing the name back, explain and hovers showing the constants by name with what they come to; the misuse
(E597, E598, W587); Catan's 5-6 player extension, which now overrides three constants."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.dsl import ast as A
from rulebook.runtime.engine import Game

from .conftest import found_at, played_on_both_backends, printed_back, write_pack

PACKS = Path(__file__).parent / "packs"

# Ticket to Ride-like: cards of each colour and the face-up display are constants; a track of routes claimed
# (its second space a level reached by a constant, the first to the end rewarded); the deck refills from the
# discards a constant's number of times.
MARKET = """
const colour_cards "Cards of each colour" = 4;
const face_up "Face-up cards" = 3;
const reshuffles "Reshuffles" = 2;
const goal "Routes to claim" = 3;
const level "Level of the second space" = 2;
kind train "Train card" { wild: bool = false; }
train red "Red" * colour_cards {}
train blue "Blue" * colour_cards {}
train locomotive "Locomotive" * 2 { wild = true; }
zone train_deck "Train deck" of train secret refills from discards reshuffles times;
zone discards "Discards" of train;
zone market "Face-up cards" of train show face_up from train_deck;
zone hand "Train cards" per_player of train hidden;
counter prize "Prize";
track routes "Routes" {
  space 1 { }
  space 2 tier level { }
  space 3 { }
  first to goal { gain 5 prize; }
}
game ttr {
  seats 2;
  phase setup {
    fill train_deck with train;
    shuffle train_deck;
    fill market;
  }
  phase play {
    repeat 3 {
      each players {
        pick t from market "take a face-up card" {
          move t to hand;
          advance routes by 1;
        }
      }
    }
  }
  winner most size(hand) + prize;
}
"""

# A house rule: more cards, a bigger display, the prize sooner.
LONGER = """
override const colour_cards "Cards of each colour" = 6;
override const face_up "Face-up cards" = 5;
override const goal "Routes to claim" = 2;
"""


def test_every_number_place_reads_a_constant_and_a_house_rule_changes_it(tmp_path):
    base = write_pack(tmp_path / "ttr", MARKET, "ttr")
    house = write_pack(tmp_path / "longer", LONGER, "longer", extends=["../ttr"])
    result = analyse(str(base))
    assert [d.headline() for d in result.diagnostics if d.code[0] in "EW"] == []
    sym = result.symbols
    assert (sym.decls["red"].copies, sym.decls["red"].copies.const) == (4, "colour_cards")
    assert (sym.decls["market"].show, sym.decls["train_deck"].refill_limit) == (3, 2)
    track = sym.decls["routes"]
    assert (track.spaces[1].tier, track.reaches[0].position) == (2, 3)
    changed = analyse(str(house)).symbols
    assert (changed.decls["red"].copies, changed.decls["market"].show, changed.decls["routes"].reaches[0].position) \
        == (6, 5, 2)
    for pack, deck in ((base, 10), (house, 14)):
        game = Game(compile_pack(str(pack)).program, 2, 1)
        game.start()
        assert len(game.state.zones["market"]) == (5 if pack == house else 3)
        assert len(game.state.zones["train_deck"]) + len(game.state.zones["market"]) == deck


def test_a_house_rules_numbers_play_alike_on_both_backends(tmp_path):
    write_pack(tmp_path / "ttr", MARKET, "ttr")
    house = write_pack(tmp_path / "longer", LONGER, "longer", extends=["../ttr"])
    for seed in (1, 2):
        (compiled, result), _interpreted = played_on_both_backends(house, 2, seed)
        assert result is not None and len(compiled.state.zones["market"]) == 5   # refilled after each take
    interpreted = Game(interpret_pack(str(house)), 2, 1)
    interpreted.start()
    assert len(interpreted.state.zones["market"]) == 5


def test_fmt_prints_the_constants_name_back():
    module, printed = printed_back(MARKET)
    assert "train red \"Red\" * colour_cards {}" in printed
    assert "of train show face_up from train_deck;" in printed and "refills from discards reshuffles times" in printed
    assert "space 2 tier level {}" in printed and "first to goal {" in printed
    red = next(i for i in module.items if getattr(i, "name", None) == "red")
    assert red.copies == A.ConstNumber("colour_cards")   # as written: the resolver writes the number in


def test_explain_shows_the_rules_as_written_and_what_the_constants_come_to():
    runner = CliRunner()
    shown = runner.invoke(app, ["explain", str(PACKS / "catan_56"), "knight"]).output
    assert 'development knight "Knight" * knight_cards {}' in shown
    assert "(knight_cards = 20, as catan_56 sets it)" in shown
    assert "20 copies of it (the constant knight_cards) are in the game" in shown
    shown = runner.invoke(app, ["explain", str(PACKS / "catan_56"), "hex"]).output
    assert "q: -radius..radius; r: -radius..radius;" in shown and "(radius = 3, as catan_56 sets it)" in shown
    shown = runner.invoke(app, ["explain", str(PACKS / "catan"), "brick"]).output
    assert "supply bank" in shown and "(bank = 19, as catan sets it)" in shown


def test_a_hover_names_the_constants_a_declaration_reads(tmp_path):
    from rulebook.compiler.workspace import Workspace

    base = write_pack(tmp_path / "ttr", MARKET, "ttr")
    view = Workspace().view(base / "main.rules")
    shown = next(s for s in view.paths if s.endswith("main.rules"))
    line = MARKET.splitlines().index('train red "Red" * colour_cards {}') + 1   # (the text starts with a line break)
    hover = view.hover(view.target_at(shown, line, 7))   # `red`
    assert "reads `colour_cards = 4, as ttr sets it`" in hover


def test_a_name_at_a_numbers_place_that_is_no_constant_is_e597():
    found = found_at(MARKET.replace("show face_up from", "show face_ups from"))
    line = MARKET.splitlines().index('zone market "Face-up cards" of train show face_up from train_deck;') + 1
    assert found == [("E597", line, 43)]
    errors = found_at(MARKET.replace("* colour_cards {}\ntrain blue", "* prize {}\ntrain blue"))
    assert [e[0] for e in errors] == ["E597"]


def test_a_constant_below_zero_at_a_count_is_e598_and_an_amend_over_it_w587(tmp_path):
    below = MARKET.replace('const colour_cards "Cards of each colour" = 4;', 'const colour_cards = 4 - 6;')
    assert [f[0] for f in found_at(below)] == ["E598", "E598"]   # red's and blue's copies
    write_pack(tmp_path / "ttr", MARKET, "ttr")
    house = write_pack(tmp_path / "house", "amend red * 6 {}\n", "house", extends=["../ttr"])
    warned = [d for d in analyse(str(house)).diagnostics if d.code == "W587"]
    assert len(warned) == 1 and "override const colour_cards = 6;" in warned[0].hint


def test_catans_extension_overrides_constants_instead_of_restating_cards():
    text = (PACKS / "catan_56" / "extension.rules").read_text()
    assert "amend knight" not in text and "override resource" not in text
    sym = analyse(str(PACKS / "catan_56")).symbols
    assert [sym.decls[n].copies for n in ("knight", "victory_point", "road_building", "monopoly")] == [20, 5, 3, 3]
    assert sym.decls["brick"].supply is not None and sym.consts["bank"] == 24
    game = Game(compile_pack(str(PACKS / "catan_56")).program, 5, 1)
    game.start()
    assert len(game.state.zones["devdeck"]) == 34


def test_rewrite_keeps_a_replacement_that_is_zero_or_false():
    zero = A.rewrite(A.Space(A.ConstNumber("start"), None, None, None, (), None, None),
                     lambda n: A.Numbered(0, "start") if type(n) is A.ConstNumber else None)
    assert zero.position == 0 and zero.position.const == "start"


def test_a_dies_faces_are_laid_out_after_the_constants_are_written_in():
    # Zombie Dice-like: a green die has three brains; a house rule makes it four
    text = """
    const brains "Brains on a green die" = 3;
    die green "Green die" {
      face "Brain" * brains;
      face "Shotgun";
      face "Runner" * 2;
    }
    """
    from rulebook.compiler.driver import analyse_text

    die = analyse_text(text).symbols.decls["green"]
    assert [f.title for f in die.faces] == ["Brain"] * 3 + ["Shotgun"] + ["Runner"] * 2
    assert '  face "Brain" * brains {}' in printed_back(text)[1].splitlines()


def test_explain_reads_a_for_each_declarations_copies_by_name(tmp_path):
    # Blokus-like: each colour's pieces, a constant's number of each
    text = """
    const per_colour "Pieces of each colour" = 2;
    enum colour { red, blue }
    kind piece "Piece" { c: colour = red; }
    piece monomino "Monomino" * per_colour for each k in colour {
      c = k;
    }
    """
    pack = write_pack(tmp_path / "blokus", text, "blokus")
    shown = CliRunner().invoke(app, ["explain", str(pack), "monomino"]).output
    assert "it makes 2 declarations (4 pieces)" in shown
    assert 'piece monomino "Monomino" * per_colour for each k in colour {' in shown
    assert "2 copies of it (the constant per_colour) are in the game" in shown
