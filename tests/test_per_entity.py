"""`KIND NAME "Title" for each c in DOMAIN { ... }`: one plain entity per entity of a kind (or member of
an enum), named NAME_MEMBER, expanded by the resolver so both backends see ordinary entities; a title's
`{field.title}` of a field holding a card or a member; `amend NAME * N { }` in a house pack; misuse
(E345-E349, W473, W474), the printer, explain."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, analyse_text, compile_pack, interpret_pack
from rulebook.runtime.engine import Game

from .conftest import found_at, printed_back, rules_program, run_proc, the_one_error, write_pack

# Cluedo: one clue card per suspect and per weapon, the suspects' pawns declared once
CLUEDO = """
counter seen;
enum weapon { rope "Rope", dagger "Dagger", wrench }
kind suspect { colour: str; }
kind clue { who: suspect = none; what: weapon = none; }
suspect scarlet "Miss Scarlet" { colour = "red"; }
suspect plum "Professor Plum" { colour = "purple"; }
suspect green "Reverend Green" { colour = "green"; }
clue suspect_card "{s.title} ({s.colour})" for each s in suspect { who = s; }
clue weapon_card "{w.title}" for each w in weapon { what = w; }
zone file of clue;
proc deal() { for each c in clue { move c to file; gain 1 seen; } }
func plums() = count(c in file where c.who == plum);
game cluedo { seats 2 to 6; phase play { each players: deal(); } winner most seen; }
"""

program = rules_program(CLUEDO)


def test_one_plain_entity_per_entity_and_per_member_with_titles_and_fields(program):
    assert [n for n in program.entities if n.startswith(("suspect_card", "weapon_card"))] == [
        "suspect_card_scarlet", "suspect_card_plum", "suspect_card_green",
        "weapon_card_rope", "weapon_card_dagger", "weapon_card_wrench"]
    assert program.entities["suspect_card_plum"].title == "Professor Plum (purple)"
    assert program.entities["suspect_card_plum"].fields["who"].name == "plum"
    assert [program.entities[f"weapon_card_{w}"].title for w in ("rope", "wrench")] == ["Rope", "wrench"]
    game = Game(program, 2, 1)
    run_proc(game, "deal")
    assert game.state.players[0].stock["seen"] == 6


def test_a_field_of_the_bound_entity_reads_in_play_on_both_backends(program):
    game = Game(program, 2, 1)
    run_proc(game, "deal")
    assert game.program.funcs["plums"](game, game.state.players[0]) == 1


def test_a_title_reads_the_title_and_fields_of_a_card_a_field_holds():
    p = analyse_text(CLUEDO + 'clue note "{who.title}, {who.colour}" { who = green; }\n')
    assert not [d for d in p.diagnostics if d.severity == "error"]
    built = [compile_or_interpret(CLUEDO + 'clue note "{who.title}, {who.colour}" { who = green; }\n', i)
             for i in (False, True)]
    assert {b.entities["note"].title for b in built} == {"Reverend Green, green"}


def compile_or_interpret(text, interpreted):
    from rulebook.compiler.driver import build_text
    return build_text(text, interpreted=interpreted)


def test_fmt_prints_it_back():
    _module, printed = printed_back(CLUEDO + "amend suspect_card_plum \"Plum\" * 2 {}\n")
    assert 'clue suspect_card "{s.title} ({s.colour})" for each s in suspect { who = s; }' in printed
    assert 'amend suspect_card_plum "Plum" * 2 {}' in printed


def test_misuse_has_its_codes():
    the_one_error(analyse_text(CLUEDO + "clue x for each s in seen { who = s; }\n"), "E345", "'seen' is a counter")
    the_one_error(analyse_text(CLUEDO + "clue x for each s in clue { who = none; }\n"), "E345", "the kind being made")
    the_one_error(analyse_text(CLUEDO + "clue x for each plum in suspect { who = plum; }\n"), "E346", "'plum'")
    the_one_error(analyse_text(CLUEDO + "clue x for each who in suspect { who = who; }\n"), "E346", "a field of clue")
    the_one_error(analyse_text(CLUEDO + "clue suspect_card_plum {}\n"), "E347", "'suspect_card_plum'")
    the_one_error(analyse_text(CLUEDO + 'clue x "{what.colour}" { what = rope; }\n'), "E349", "not 'colour'")
    the_one_error(analyse_text(CLUEDO + 'kind note { text: str; }\nnote n "{text.title}" { text = "y"; }\n'), "E349",
                  "'text' is neither")
    assert ("E345", 15, 22) in found_at(CLUEDO + "clue x for each s in seen { who = s; }\n")


def test_warnings_for_nothing_to_go_through_and_an_unused_name():
    codes = [d.code for d in analyse_text(CLUEDO + "kind ghost {}\nclue x for each g in ghost {}\n").diagnostics]
    assert "W473" in codes
    codes = [d.code for d in analyse_text(CLUEDO + "clue x for each s in suspect {}\n").diagnostics]
    assert "W474" in codes


def test_a_house_pack_amends_a_made_entity_by_its_name_and_any_copy_count(tmp_path):
    write_pack(tmp_path / "base", CLUEDO, name="cluedo")
    write_pack(tmp_path / "house", 'amend suspect_card_plum "Plum" { who = green; }\n'
               "amend weapon_card_rope * 3 {}\n", name="house", extends=["../base"])
    result = analyse(str(tmp_path / "house"))
    infos = [d.message for d in result.diagnostics if d.code == "I404"]
    assert any("suspect_card_plum" in m for m in infos) and any("weapon_card_rope" in m and "3 copies" in m
                                                                 for m in infos)
    assert not [d for d in result.diagnostics if d.severity == "error"]
    for p in (compile_pack(str(tmp_path / "house")).program, interpret_pack(str(tmp_path / "house"))):
        assert p.entities["suspect_card_plum"].title == "Plum" and p.entities["suspect_card_plum"].fields["who"].name == "green"
        assert "weapon_card_rope#3" in p.entities and "weapon_card_rope#4" not in p.entities
        assert sum(n.startswith("weapon_card_rope") for n in p.entities) == 3


def test_amending_copies_of_what_is_no_entity_is_E348(tmp_path):
    write_pack(tmp_path / "base", CLUEDO, name="cluedo")
    write_pack(tmp_path / "house", "amend suspect * 2 {}\n", name="house", extends=["../base"])
    the_one_error(analyse(str(tmp_path / "house")), "E348", "'suspect' is a kind")


def test_explain_says_what_made_it(tmp_path):
    write_pack(tmp_path / "base", CLUEDO, name="cluedo")
    out = CliRunner().invoke(app, ["explain", str(tmp_path / "base"), "suspect_card_plum"]).output
    assert "Made by 'clue suspect_card for each s in suspect', one clue for each of suspect: this one for plum" in out
    # the declaration and its heading show the title the entity is called, not the template's `{s.title}`
    assert 'clue suspect_card_plum "Professor Plum (purple)" { who = plum; }' in out
    assert 'clue suspect_card_plum "Professor Plum (purple)"\n' in out and "{s." not in out
    out = CliRunner().invoke(app, ["explain", str(tmp_path / "base"), "Professor Plum (purple)"]).output
    assert "suspect_card_plum" in out and '"Professor Plum (purple)"' in out
    done = CliRunner().invoke(app, ["explain", str(tmp_path / "base"), "suspect_card"])
    # the family by its own name: as written, and read as what it makes (it was E511 naming the made ones)
    assert done.exit_code == 0 and "suspect_card is a 'for each' declaration at " in done.output
    assert "it makes 3 declarations (3 clues): suspect_card_scarlet, suspect_card_plum, suspect_card_green\n" in done.output
    assert "One clue for each of suspect, each named suspect_card_ and that one's name" in done.output


def test_explain_of_a_family_wins_over_a_title_that_reads_like_it():
    # Hanabi's `card firework ... for each c in colour, r in 1..5` beside `counter height "Firework"`: the
    # cards, asked by the declaration's name, not the counter (answered for its title before)
    done = CliRunner().invoke(app, ["explain", str(Path(__file__).parent / "packs" / "hanabi"), "firework"])
    assert done.exit_code == 0 and "firework is a 'for each' declaration" in done.output
    assert "3 copies of each with r 1, 1 with r 5, 2 otherwise (50 cards in all)." in done.output
    assert "counter height" not in done.output


def test_a_for_each_declaration_with_a_mistake_is_reported_once():
    assert found_at(CLUEDO.replace("{ who = s; }", "{ who = s; what = 3; }")) == [("E303", 9, 84)]


def test_a_house_pack_removes_a_made_entity_and_the_reading_of_the_declaration(tmp_path):
    from rulebook.compiler.explain import explain
    from rulebook.dsl.parser import parse_text

    write_pack(tmp_path / "base", CLUEDO, name="cluedo")
    write_pack(tmp_path / "house", "remove weapon_card_wrench;\n", name="house", extends=["../base"])
    p = interpret_pack(str(tmp_path / "house"))
    assert "weapon_card_wrench" not in p.entities and "weapon_card_rope" in p.entities
    decl = next(d for d in parse_text(CLUEDO, "a.rules").items if getattr(d, "each", None))
    assert "One clue for each of suspect, each named suspect_card_ and that one's name, with s standing for it." \
        in "\n".join(explain(decl))


def test_override_of_a_for_each_and_remove_of_the_declaration(tmp_path):
    write_pack(tmp_path / "base", CLUEDO, name="cluedo")
    write_pack(tmp_path / "house", "override clue weapon_card for each w in weapon { what = w; }\n",
               name="house", extends=["../base"])
    the_one_error(analyse(str(tmp_path / "house")), "E345", "'override'")
    write_pack(tmp_path / "house", "remove weapon_card;\n", name="house", extends=["../base"])
    result = analyse(str(tmp_path / "house"))
    the_one_error(result, "E214")
    assert "weapon_card_rope, weapon_card_dagger, weapon_card_wrench" in result.diagnostics[0].hint
