"""`zone of KIND` as a parameter's, a func's result's or a let's type (language.md 4.12, branch zoneparam): the
items of the zone given are that kind's cards, their fields checked as a zone's named directly (E205 for a field
the kind lacks), a zone of another kind given is E667, and a plain `zone` parameter whose items' fields are read is
W651's hint. The runtime value is the zone, as before: both backends score Lost Cities' worked example alike."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulebook.compiler.driver import analyse, analyse_text
from rulebook.compiler.workspace import Workspace
from rulebook.runtime.engine import Game

from .conftest import explained, found_at, func_for, parse_error, printed_back, rules_programs, run_proc, the_one_error, write_pack

# Lost Cities: an expedition scores its cards' values less 20, times one more than its wagers, and 20 more for
# eight cards or more; an expedition never started scores nothing
PACK = """
enum colour { yellow, blue }
kind expedition_card { colour: colour; value: int = 0; wager: bool = false; }
expedition_card wager "Wager" * 3 { colour = yellow; wager = true; }
expedition_card card "{c.title} {v}" for each c in colour, v in 2..10 { colour = c; value = v; }
kind tile { n: int = 0; }
tile spare "Spare" { }
zone expedition per_player of expedition_card;
zone box of tile;
counter vp;
func expedition_score(z: zone of expedition_card): int =
  if size(z) == 0 then 0
  else (total(c in z, c.value) - 20) * (1 + count(c in z where c.wager))
    + (if size(z) >= 8 then 20 else 0);
proc score_all() { each players { gain expedition_score(expedition) vp; } }
func own_score(): int = expedition_score(expedition);
func best_rival(): int = highest(p in opponents, expedition_score(p.expedition));
"""

program = rules_programs(PACK)


def laid_out(program, mine: list, theirs: list) -> Game:
    """A game whose players' expeditions hold these cards (named by their declarations' names)."""
    game = Game(program(), 2, 1)
    for player, names in zip(game.state.players, (mine, theirs)):
        for name in names:
            game.move(game.program.entities[name], game.zone(player, "expedition"))
    return game


def test_any_players_expedition_is_scored_through_a_typed_parameter(program):
    """The rulebook's example: a wager and 4, 5, 6, 9, 10 score (34 - 20) x 2 = 28; 2 and 3 alone score -15."""
    game = laid_out(program, ["wager", "card_yellow_4", "card_yellow_5", "card_yellow_6", "card_yellow_9",
                              "card_yellow_10"], ["card_blue_2", "card_blue_3"])
    assert [func_for(game, "own_score", seat=seat) for seat in (0, 1)] == [28, -15]
    assert [func_for(game, "best_rival", seat=seat) for seat in (0, 1)] == [-15, 28]


def test_eight_cards_earn_the_bonus(program):
    """Two wagers and 3..8 (33): (33 - 20) x 3 + 20 = 59."""
    game = laid_out(program, ["wager", "wager#2", *(f"card_blue_{v}" for v in range(3, 9))], [])
    run_proc(game, "score_all")
    assert [p.stock["vp"] for p in game.state.players] == [59, 0]


def test_the_typed_pack_lints_clean_and_its_items_fields_are_checked():
    assert found_at(PACK) == []
    misspelt = PACK.replace("total(c in z, c.value)", "total(c in z, c.n)")   # a tile's field
    the_one_error(analyse_text(misspelt), "E205", "unknown field 'n' of expedition_card", line=13)
    # the same read of a plain `zone` is not checked before play: W651 says so instead of an error
    plain = misspelt.replace("z: zone of expedition_card", "z: zone")
    assert [d.code for d in analyse_text(plain).diagnostics if d.severity == "error"] == []


def test_a_zone_of_another_kind_given_is_e667_at_the_argument():
    text = PACK + "proc boxed() { gain expedition_score(box) vp; }\n"
    assert [f for f in found_at(text) if f[0] == "E667"] == [("E667", 18, 38)]
    (d,) = [d for d in analyse_text(text).diagnostics if d.code == "E667"]
    assert "must be a zone of expedition_card, not box, a zone of tile" in d.message
    assert "'zone of expedition_card or tile'" in d.hint
    # a zone of several kinds takes each of them; a zone of any kind (the runtime's) is not refused
    both = PACK.replace("z: zone of expedition_card", "z: zone of expedition_card or tile").replace(
        "c.value)", "if c is expedition_card then c.value else 0)").replace("where c.wager",
                                                                            "where c is expedition_card and c.wager")
    assert [f for f in found_at(both + "proc boxed() { gain expedition_score(box) vp; }\n") if f[0][0] == "E"] == []


def test_a_func_result_and_a_let_of_a_zone_of_kind():
    text = PACK + ("func own_expedition(): zone of expedition_card = expedition;\n"
                   "proc r() { let z: zone of expedition_card = own_expedition(); gain total(c in z, c.value) vp; }\n"
                   "proc q() { let t: zone of expedition_card = box; }\n")
    errors = [(d.code, d.span.line) for d in analyse_text(text).diagnostics if d.severity == "error"]
    assert errors == [("E667", 20)]
    assert "E205" in {d.code for d in analyse_text(text.replace("total(c in z, c.value)", "total(c in z, c.n)"))
                      .diagnostics}


def test_a_plain_zone_parameter_whose_items_fields_are_read_is_w651():
    text = PACK.replace("z: zone of expedition_card", "z: zone")
    assert found_at(text) == [("W651", 11, 23)]
    (d,) = analyse_text(text).diagnostics
    assert "'value', 'wager'" in d.message and d.hint.startswith("say what it holds: 'z: zone of expedition_card'")
    # what every card has (its owner, its name) and the zone's size are no field of a kind: no hint
    quiet = "kind k { } zone h of k; func n(z: zone): int = size(z) + count(c in z where c.owner == you);\n"
    assert found_at(quiet) == []


def test_an_unknown_kind_is_e204_and_zone_of_in_other_places_stays_e343():
    the_one_error(analyse_text("kind k { } func f(z: zone of nothing): int = size(z);"), "E204", "nothing")
    assert parse_error("kind k { } proc p(s: int of k) { }").code == "E343"
    # an event's or an extern's parameter (an extern's result) says no more than `zone`, as for a list
    for text, where in (("event e(z: zone of k);", 20), ("extern x(z: zone of k);", 21), ("extern x(): zone of k;", 12)):
        d = parse_error("kind k { } " + text)
        assert (d.code, d.span.column) == ("E357", where) and "its zone holds" in d.message and "zone'" in d.hint


def test_it_prints_back_and_is_read_aloud():
    text = ("kind card { v: int = 0; } kind joker { v: int = 0; } zone hand of card;\n"
            "func worth(z: zone of card or joker): int = total(c in z, c.v);\n"
            "func mine(): zone of card = hand;\n"
            "proc p() { let z: zone of card = mine(); gain worth(z) vp; }\nresource vp;\n")
    _module, printed = printed_back(text)
    assert "z: zone of card or joker" in printed and "mine(): zone of card" in printed \
        and "let z: zone of card = mine();" in printed
    result = analyse_text(text)
    assert [d.code for d in result.diagnostics] == []
    assert "Let z, a zone of cards, be" in explained(result, "p")


def references(root: Path, name: str) -> list[tuple]:
    """Where the workspace finds the declared `name` in the pack at `root`: (line, column) of each."""
    return [(o.span.line, o.span.column) for o in Workspace().view(root / "main.rules").occurrences_of(("name", name))]


def test_the_kind_of_a_typed_zone_is_a_reference_of_the_kind(tmp_path):
    """Go to definition, hover and rename see `card` in `z: zone of card` (and in a let's type)."""
    root = write_pack(tmp_path / "zp", "kind card { v: int = 0; } zone hand of card;\n"
                      "func worth(z: zone of card): int = total(c in z, c.v);\n"
                      "proc p() { let z: zone of card = hand; }\n")
    assert references(root, "card") == [(1, 6), (1, 40), (2, 23), (3, 27)]


def test_the_kinds_after_or_are_references_of_the_kinds_in_a_parameter_a_result_and_a_let(tmp_path):
    """(branch tidy) Each kind after `or`, in a parameter, a result and a let alike."""
    root = write_pack(tmp_path / "zp", "kind card { v: int = 0; } kind joker { v: int = 0; } zone hand of card;\n"
                      "func worth(z: zone of card or joker): zone of joker or card = z;\n"
                      "proc p() { let z: zone of card or joker = hand; let c: joker or card = first(hand); }\n")
    assert references(root, "card") == [(1, 6), (1, 67), (2, 23), (2, 56), (3, 27), (3, 65)]
    assert references(root, "joker") == [(1, 32), (2, 31), (2, 47), (3, 35), (3, 56)]


@pytest.mark.parametrize("pack", ["battleline", "bridge", "gin_rummy", "jaipur", "kingdomino"])
def test_the_test_packs_type_their_zone_parameters(pack):
    root = Path(__file__).parent / "packs" / pack
    assert [d.code for d in analyse(str(root)).diagnostics] == []
    assert "zone of" in "".join(p.read_text() for p in root.glob("*.rules"))
