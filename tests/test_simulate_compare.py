"""`rulebook simulate` comparisons (audit findings 11 and 12): a variant on against off, an unknown
variant named with the side that lacks it, both sides named by their whole stacks, a stack against
itself differing by exactly 0, and components of one name told apart by kind."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.cli.simulate import component_labels

from .conftest import write_pack
from .test_simulate import DRAFT

runner = CliRunner()

# The draft game with a variant that favours the first seat, and a fame space and reward nobody reaches.
VARIANT_DRAFT = DRAFT.replace("track fame { space 1 { gain 1 vp; } space 2 { gain 1 vp; } }",
                              "track fame { space 1 { gain 1 vp; } space 2 { gain 1 vp; } space 3 { gain 1 vp; }\n"
                              "  first to 3 { gain 1 vp; } }") \
    .replace("shuffle row; }", "shuffle row; if enabled(head_start) { each first(players): gain 4 vp; } }") \
    + 'variant head_start "The first player starts with 4 VP";\n'


@pytest.fixture
def packs(tmp_path):
    base = write_pack(tmp_path / "draft", VARIANT_DRAFT, name="draft")
    house = write_pack(tmp_path / "house", "amend copper { play { gain 2 vp; } }", name="house", extends=["../draft"])
    return base, house


def _simulate(tmp_path, *args):
    out = tmp_path / "report.json"
    result = runner.invoke(app, ["simulate", *args, "-n", "2", "--games", "80", "-w", "1", "--json", str(out)])
    return result, (json.loads(out.read_text()) if result.exit_code == 0 else None)


def test_a_variant_on_against_off(packs, tmp_path):
    base, _ = packs
    result, report = _simulate(tmp_path, str(base), "--variant", "head_start", "--against", str(base))
    assert result.exit_code == 0, result.output
    assert report["variants"] == ["head_start"] and report["against"]["variants"] == []
    first, second = report["against"]["difference"]
    assert first["ci_low"] > 0.1 and second["ci_high"] < -0.1   # the variant is seen, on the same seeds
    assert "draft [head_start] minus draft: win rate on the same seeds" in result.output
    # the other way round: the variant on the --against side only
    result, report = _simulate(tmp_path, str(base), "--against", str(base), "--against-variant", "head_start")
    assert result.exit_code == 0, result.output
    assert report["against"]["label"] == "draft [head_start]"
    assert report["against"]["difference"][0]["ci_high"] < -0.1
    # on both sides: nothing differs
    result, report = _simulate(tmp_path, str(base), "--variant", "head_start", "--against", str(base),
                               "--against-variant", "head_start")
    assert [d["delta"] for d in report["against"]["difference"]] == [0.0, 0.0]


def test_an_unknown_variant_names_the_side_that_lacks_it(packs):
    base, house = packs
    missing = runner.invoke(app, ["simulate", str(base), "-n", "2", "-g", "2", "--against", str(base),
                                  "--against-variant", "nope"])
    assert missing.exit_code == 2
    assert "unknown variant 'nope'; the --against pack (draft) has: head_start" in missing.output
    missing = runner.invoke(app, ["simulate", str(base), "--with", str(house), "-n", "2", "-g", "2",
                                  "--variant", "nope", "--against", str(base)])
    assert missing.exit_code == 2
    assert "unknown variant 'nope'; the pack (draft + house) has: head_start" in missing.output
    alone = runner.invoke(app, ["simulate", str(base), "-n", "2", "-g", "2", "--against-variant", "head_start"])
    assert alone.exit_code == 2 and "give --against" in alone.output


def test_both_sides_are_named_by_their_stacks_and_a_stack_against_itself_differs_by_nothing(packs, tmp_path):
    base, house = packs
    result, report = _simulate(tmp_path, str(base), "--with", str(house), "--against", str(base),
                               "--against-with", str(house))
    assert result.exit_code == 0, result.output
    assert "draft + house: 80 games, 2 players" in result.output
    assert "draft + house minus draft + house: win rate on the same seeds" in result.output
    assert report["label"] == report["against"]["label"] == "draft + house"
    assert report["against"]["packs"] == ["draft", "house"]
    assert [d["delta"] for d in report["against"]["difference"]] == [0.0, 0.0]
    assert [(d["ci_low"], d["ci_high"]) for d in report["against"]["difference"]] == [(0.0, 0.0)] * 2
    # the house rule against the plain pack is a different stack, and says so
    result, report = _simulate(tmp_path, str(base), "--with", str(house), "--against", str(base))
    assert "draft + house minus draft: win rate on the same seeds" in result.output


def test_two_packs_of_one_name_are_told_apart_by_where_they_are(packs, tmp_path):
    base, _ = packs
    copy = write_pack(tmp_path / "copy" / "draft", VARIANT_DRAFT, name="draft")
    result, report = _simulate(tmp_path, str(base), "--against", str(copy))
    assert result.exit_code == 0, result.output
    assert report["label"] == f"draft ({base})" and report["against"]["label"] == f"draft ({copy})"
    assert f"draft ({base}) minus draft ({copy}): win rate" in result.output.replace("\n", "")


def test_components_of_one_name_are_told_apart_by_kind(packs, tmp_path):
    base, _ = packs
    result, report = _simulate(tmp_path, str(base))
    never = result.output[result.output.index("never used: "):].split("\n")[0]
    assert "fame 3 (track space)" in never and "fame 3 (track reward)" in never
    assert "(card)" not in never and "(die face)" not in never   # a name no other component has is shown alone
    labels = component_labels([{"kind": "card", "name": "gold"}, {"kind": "track space", "name": "fame 3"},
                               {"kind": "track reward", "name": "fame 3"}])
    assert labels == {("card", "gold"): "gold", ("track space", "fame 3"): "fame 3 (track space)",
                      ("track reward", "fame 3"): "fame 3 (track reward)"}
