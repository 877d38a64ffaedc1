"""Hypothesis drives Federation: it picks every answer, and the issue's invariants are checked after
each decision (crystals <= 10, diamonds <= 5, nothing negative, each medal once, at most 8 special
missions, influence within each planet's maximum, prestige only ever scored, never taken away)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.engine import Game

from .conftest import examples
from .test_federation import PACK, check_invariants


class FederationGame(RuleBasedStateMachine):
    """One game per run; every step answers the pending decision with an option hypothesis chooses."""

    program = None

    @initialize(players=st.integers(2, 4), seed=st.integers(0, 2**16))
    def start(self, players, seed):
        if FederationGame.program is None:
            FederationGame.program = compile_pack(PACK).program
        self.game = Game(FederationGame.program, players, seed)
        self.decision = self.game.start()
        self.last: dict = {}

    @precondition(lambda self: self.decision is not None)
    @rule(pick=st.integers(0, 10**6))
    def answer(self, pick):
        self.decision = self.game.apply(pick % len(self.decision.options))

    @precondition(lambda self: self.decision is None)
    @rule()
    def finished(self):
        assert self.game.state.over and self.game.result()["winners"]

    @invariant()
    def rules_hold(self):
        if hasattr(self, "game"):
            check_invariants(self.game, self.last)


FederationGame.TestCase.settings = settings(
    max_examples=examples(25), stateful_step_count=500, deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.large_base_example,
                           HealthCheck.data_too_large])
test_federation_invariants = FederationGame.TestCase
