"""Two tool defects the Terraforming Mars audit found: `--trace` showed a tagged payment a modifier
changed by its result alone (`P2: pay 8 mc`, with no word of why), and the score table headed its
columns with the winner line's rules text and the stocks' declared names, though each has a title."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from rulebook.cli import app

from .conftest import write_pack

PACK = """
resource mc "M€"; counter tr "Terraform rating"; counter vp_awards "Awards";
event build(c: project);
kind project { cost: int = 0; played: effect; }
project plant "Power Plant" { cost = 11; }
project thorgate "Thorgate" { played { modifier you build { cost -3 mc; } } }
zone corp per_player of project;
game g { seats 1 to 4;
  phase setup { each players { gain 20 mc; gain 20 tr; } move thorgate to players[1].corp; each players[1] { copy thorgate.played; } }
  phase play { each players { pay plant.cost mc for build(plant); gain 1 vp_awards; } }
  winner most tr + vp_awards; }
"""


def play(tmp_path, *extra):
    write_pack(tmp_path / "tm", PACK, name="tm")
    result = CliRunner().invoke(app, ["play", str(tmp_path / "tm"), "--players", "2", "--seed", "1", *extra])
    assert result.exit_code == 0 and "Traceback" not in result.output, result.output
    return result.output


def test_the_trace_says_why_a_tagged_cost_is_what_it_is(tmp_path):
    lines = play(tmp_path, "--trace").splitlines()
    assert any(line.startswith("P1: cost of build: 8 M€ (printed 11 M€; changed by Thorgate)") or
               line.startswith("P1: cost of build: 8 mc (printed 11 mc; changed by Thorgate)") for line in lines), lines
    assert any(line.startswith("P1: pay 8 mc") for line in lines)
    # a cost no modifier changed has no such line
    assert not any(line.startswith("P2: cost of") for line in lines)
    assert any(line.startswith("P2: pay 11 mc") for line in lines)


def test_the_score_table_reads_titles_and_a_sum_is_a_total(tmp_path):
    out = play(tmp_path)
    header = next(line for line in out.splitlines() if "player" in line)
    assert "total" in header and "Terraform rating" in header and "Awards" in header
    assert "tr + vp_awards" not in out


def test_two_reactions_of_a_card_on_one_event_and_zone_are_said_as_such():
    from rulebook.compiler.driver import analyse_text

    text = """resource mc; counter mc_prod;
event city_placed(on_mars: bool);
kind corporation { }
zone corp per_player of corporation;
corporation tharsis "Tharsis Republic" {
  whenever anyone city_placed(on_mars = true) in corp { gain 1 mc_prod; }
  whenever you city_placed in corp { gain 3 mc; }
}
"""
    # told apart by their subject (branch subject): Tharsis Republic's two printed effects are two reactions
    assert [d for d in analyse_text(text).diagnostics if d.severity == "error"] == []
    same = text.replace("whenever you city_placed", "whenever anyone city_placed")
    errors = [d for d in analyse_text(same).diagnostics if d.severity == "error"]
    assert [(d.code, d.span.line) for d in errors] == [("E215", 7)]
    assert "two reactions on city_placed in corp for anyone" in errors[0].message and "field" not in errors[0].message
    assert "it.subject == you" in errors[0].hint


def test_a_reserved_word_as_an_enum_member_reads_alike_on_one_line_or_many():
    """`space` (the Space tag) and `cost` (the branch polish) are contextual words now, names in an
    enum, first member or not; a word still reserved (`where`) gets one finding, alike whether the
    members share a line or take one each."""
    from rulebook.compiler.driver import analyse_text

    for word in ("space", "cost"):
        for text in (f'enum tag {{\n  building "Building",\n  {word} "S",\n  science "Science",\n}}\n',
                     f'enum tag {{\n  {word} "S",\n  science "Science",\n}}\n'):
            assert [d.code for d in analyse_text(text).diagnostics if d.severity == "error"] == [], text
    for text in ('enum tag { building "Building", where "Cost", science "Science" }\n',
                 'enum tag {\n  building "Building",\n  where "Cost",\n  science "Science",\n}\n'):
        errors = [d for d in analyse_text(text).diagnostics if d.severity == "error"]
        assert [d.code for d in errors] == ["E100"], [d.headline() for d in errors]
        assert "a keyword cannot be used as a name here; found 'where'" in errors[0].message
        assert "'wheres'" in errors[0].hint


@pytest.mark.parametrize("interpreted", [False, True])
@pytest.mark.parametrize("heat, awarded", [((5, 5, 3, 0), [5, 5, 0, 0]), ((5, 3, 3, 0), [5, 2, 2, 0])])
def test_ties_all_gives_the_shared_place_and_skips_the_places_the_group_fills(interpreted, heat, awarded):
    """Terraforming Mars's awards (5 and 2 VP): tied first all get 5 and no second place is given."""
    from rulebook.compiler.driver import build_text
    from rulebook.runtime.engine import Game

    rows = " ".join(f"if you == players[{i + 1}] {{ gain {h} heat; }}" for i, h in enumerate(heat))
    text = ("counter heat; counter vp;\ngame g { seats 4 to 4; phase play { each players { " + rows + " }\n"
            "rank players by heat award [5, 2] vp ties all; } winner most vp; }\n")
    g = Game(build_text(text, interpreted=interpreted), 4, 1)
    g.play()
    assert [p.stock["vp"] for p in g.state.players] == awarded
