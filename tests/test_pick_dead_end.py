"""W562: a pick whose block starts with a compulsory pick narrowed by its answer (found by the trial5 designer
writing Liar's Dice's bid as a quantity, then a face above the last bid: after "five 6s", a quantity of five
left no face, and the turn did nothing)."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text

BID = """counter last_quantity global;
counter last_face global;
proc bid() {
  pick q from 1..30 where q >= last_quantity "how many dice?" {
    pick f from 2..6 where INNER "showing which face?" {
      set last_quantity = q;
      set last_face = f;
    }
  }
}
"""


def findings(text: str) -> list:
    return [d for d in analyse_text(text).diagnostics if d.code == "W562"]


def test_a_face_narrowed_by_the_quantity_picked_is_a_dead_end_and_the_hint_gives_the_guard():
    found = findings(BID.replace("INNER", "q > last_quantity or f > last_face"))
    assert [(d.span.line, d.span.column) for d in found] == [(5, 28)]
    assert "'pick f' may have no candidate for some 'q'" in found[0].message
    assert "some(f in 2..6 where q > last_quantity or f > last_face)" in found[0].hint


def test_a_guarded_outer_pick_an_optional_inner_one_or_one_that_leaves_out_the_answer_alone_is_quiet():
    inner = "q > last_quantity or f > last_face"
    guarded = BID.replace("INNER", inner).replace("where q >= last_quantity",
                                                  f"where q >= last_quantity and some(f in 2..6 where {inner})")
    assert findings(guarded) == []
    assert findings(BID.replace("INNER", inner).replace('"showing which face?"', '"showing which face?" optional')) == []
    assert findings(BID.replace("INNER", "f != q")) == []                  # only the answer itself is left out
    assert findings(BID.replace("INNER", "f > last_face")) == []           # not narrowed by q: no dead end of q's
    assert findings(BID.replace("INNER", inner).replace("{\n      set last_quantity", "{\n      set last_quantity", 1)
                    .replace("    }\n  }\n}", "    } else {\n      set last_face = 0;\n    }\n  }\n}")) == []
