"""A Federation house rule as a pack on the shipped game (tests/packs/federation_envoy): the Special
Ambassador counts 6 votes and may be played funding side up; one amend of the piece, nothing copied."""

from __future__ import annotations

from pathlib import Path

from rulebook.compiler.driver import compile_pack

from .conftest import played_with_and_against, played_on_both_backends

PACK = Path(__file__).parent / "packs" / "federation_envoy"


def test_the_special_ambassador_counts_six_votes_and_may_fund():
    base = compile_pack("federation").program.entities["amb_special"]
    house = compile_pack(str(PACK)).program.entities["amb_special"]
    assert (base.fields["votes"], base.fields["can_fund"]) == (7, False)
    assert (house.fields["votes"], house.fields["can_fund"]) == (6, True)
    assert house.label() == "Special Ambassador (6 votes)"


def test_the_house_rule_plays_alike_on_both_backends():
    played_on_both_backends(PACK, 3, 1, decisions=150)


def test_play_with_and_simulate_against_the_base():
    compared = played_with_and_against("federation", PACK, 2)
