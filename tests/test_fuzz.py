"""A bounded run of the mutation fuzzer (bench/fuzz.py): no input may end in a non-diagnostic
exception or a difference between the compiled and the interpreted game."""

from __future__ import annotations

import random
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import fuzz  # noqa: E402

CORPUS = fuzz.corpus()


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**32))
def test_mutated_rules_give_diagnostics_or_equal_games(seed):
    rng = random.Random(seed)
    text = fuzz.mutate(rng.choice(CORPUS), rng)
    verdict, detail = fuzz.check_one(text, seed)
    assert verdict != "finding", f"{detail}\n--- input ---\n{text}"


def test_the_differential_game_itself_plays_on_both_backends():
    assert fuzz.check_one(fuzz.DIFF_GAME, 3) == ("played", "")
