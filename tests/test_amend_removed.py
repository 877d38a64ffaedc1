"""What a stacked pack takes away: `explain` names each option or arm an amend removed (section 4.4
marks the amended and added ones), and lint's W475 for a declaration of a base that the stacked
packs leave with no use."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.compiler.explain import explain

# a Love Letter-like turn (values for illustration)
BASE = """
counter vp;
resource coin;
enum guard_kind { priest, baron, prince }
proc peek() { gain 1 coin; }
proc compare() { gain 2 coin; }
proc turn(g: guard_kind) {
  choose "which card?" {
    option "priest" { peek(); }
    option "baron" { compare(); }
  }
  match g {
    priest { gain 1 vp; }
    baron, prince { gain 2 vp; }
    else { gain 3 vp; }
  }
}
game g { seats 2 to 4; phase play { each players: turn(priest); } winner most vp; }
"""



def test_explain_names_each_removed_option_and_arm_where_it_was_removed():
    house = ('amend turn {\n  choose "which card?" { remove option "baron"; }\n'
             "  match g { remove prince; remove else; }\n}\n")
    result = analyse_text(BASE + house)
    assert result.ok
    line = BASE.count("\n")
    reading = [s.strip() for s in explain(result.symbols.decls["turn"], result.symbols)]
    at = reading.index(f'(option "baron" removed by <text>:{line + 2}:26)')
    assert reading[at - 2:at] == ["1. Priest:", "Carry out “peek”."]
    assert reading[-3:] == ["Gain 2 VP.", f"(the arm prince removed by <text>:{line + 3}:13)",
                            f"(the else arm removed by <text>:{line + 3}:28)"]
    plain = [s.strip() for s in explain(analyse_text(BASE).symbols.decls["turn"], analyse_text(BASE).symbols)]
    assert not [s for s in plain if "removed by" in s]
