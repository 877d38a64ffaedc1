"""`simulate` plays the text it started with (Go D3): the compiled workers get the module's source,
the interpreted ones the stack's rules texts the parent read once; neither reads the pack's folder,
so a pack edited or removed during a run changes nothing, and a Wingspan-style computed field
(`func worth`, read through the checker's id()-keyed tables) works in an interpreted worker."""

from __future__ import annotations

import shutil

import pytest
from rulebook.compiler.driver import analyse, interpret_texts, stack_texts
from rulebook.dsl.diagnostics import RulesError
from rulebook.runtime import simulate as sim

from .conftest import write_pack
from .test_wingtools import BONUS

SEEDS = range(1, 13)


def _figures(records):
    return [(r.seed, r.wins, r.scores, r.used, r.error) for r in records]


@pytest.fixture
def base(tmp_path):
    # an expansion on top, so the texts of two packs travel in merge order
    write_pack(tmp_path / "bc", BONUS, name="bc")
    write_pack(tmp_path / "late", 'bonus_card lateral "Late" { worth = 5; }\n', name="late", extends=["../bc"])
    return tmp_path


@pytest.mark.parametrize("workers", [1, 2])
@pytest.mark.parametrize("interpreted", [False, True], ids=["compiled", "interpreted"])
def test_a_pack_removed_after_the_run_starts_still_plays_the_text_it_started_with(base, interpreted, workers):
    ref, stack = str(base / "bc"), [str(base / "late")]
    job, _program = sim.prepare(ref, stack, 2, interpreted=interpreted)
    before = _figures(sim.run(job, SEEDS, workers=1))
    # the five cards dealt: the expansion's card is among the components, its worth the interpreter's
    assert any(index == 4 for r in sim.run(job, SEEDS, workers=1) for index, _seat in r.used)
    sim._LOADED.clear()   # as in the command's process, which never loaded it before the workers start
    (base / "bc" / "main.rules").write_text("counter vp; game broken {")   # an edit mid-run ...
    assert _figures(sim.run(job, SEEDS, workers=workers)) == before
    shutil.rmtree(base / "bc")                                          # ... or the folder gone
    shutil.rmtree(base / "late")
    assert _figures(sim.run(job, SEEDS, workers=workers)) == before


def test_the_interpreted_workers_figures_are_the_compiled_workers(base):
    ref = str(base / "bc")
    compiled, _ = sim.prepare(ref, [], 2)
    interpreted, _ = sim.prepare(ref, [], 2, interpreted=True)
    assert compiled.texts == () and interpreted.source == "" and interpreted.texts[0][0] == "bc"
    records = sim.run(interpreted, range(1, 41), workers=2)
    assert _figures(records) == _figures(sim.run(compiled, range(1, 41), workers=2))
    # the breeder's computed worth (2 * eggs) is read in the workers: a seat scored 4 with it
    assert all(r.error is None for r in records) and 4 in [score for r in records for seat in r.scores for score in seat]


def test_the_texts_rebuild_the_same_rules_and_bad_texts_are_a_rules_error(base):
    result = analyse(str(base / "late"))
    texts = stack_texts(result)
    assert [name for name, _files in texts] == ["bc", "late"]
    program = interpret_texts(texts, "late")
    assert program.digest == result.identity() and program.entities["lateral"].computed["worth"]
    broken = (("bc", (("bc/main.rules", "counter vp; game broken {"),)),)
    with pytest.raises(RulesError) as e:
        interpret_texts(broken, "bc")
    assert e.value.diagnostics[0].span.file == "bc/main.rules"
