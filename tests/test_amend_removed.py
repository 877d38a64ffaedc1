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


def w475(tmp_path, house: str) -> list[tuple[str, int, str]]:
    from rulebook.compiler.driver import analyse

    from .conftest import write_pack
    write_pack(tmp_path / "base", BASE, name="base")
    pack = write_pack(tmp_path / "house", house, name="house", extends=["../base"])
    result = analyse(str(pack))
    assert result.ok
    return [(d.message.split(" is used")[0], d.span.line, d.span.file.rsplit("/", 2)[-2])
            for d in result.diagnostics if d.code == "W475"]


def test_a_base_proc_and_member_a_house_pack_leaves_unused_are_w475(tmp_path):
    """Removing the Baron's option leaves `compare` uncalled (`peek` still runs); removing the match
    arms too leaves `baron` and `prince` named by nothing."""
    house = 'amend turn {\n  choose "which card?" { remove option "baron"; }\n}\n'
    assert w475(tmp_path / "a", house) == [("proc 'compare'", 6, "base")]
    house = ('amend turn {\n  choose "which card?" { remove option "baron"; }\n'
             "  match g { remove baron, prince; }\n}\n")
    assert w475(tmp_path / "b", house) == [("enum member 'baron' of 'guard_kind'", 4, "base"),
                                            ("enum member 'prince' of 'guard_kind'", 4, "base"),
                                            ("proc 'compare'", 6, "base")]


def test_w475_is_silent_for_what_is_removed_or_still_used_or_never_used_by_the_base(tmp_path):
    house = 'remove compare;\namend turn {\n  choose "which card?" { remove option "baron"; }\n}\n'
    assert w475(tmp_path / "a", house) == []
    house = 'amend turn {\n  choose "which card?" { option "baron" { compare(); gain 1 vp; } }\n}\n'
    assert w475(tmp_path / "b", house) == []
    base_unused = BASE.replace("proc compare() { gain 2 coin; }", "proc compare() { gain 2 coin; }\nproc idle() { }")
    (tmp_path / "d").mkdir()
    from rulebook.compiler.driver import analyse

    from .conftest import write_pack
    write_pack(tmp_path / "d" / "base", base_unused, name="base")
    pack = write_pack(tmp_path / "d" / "house", "counter extra;\n", name="house", extends=["../base"])
    assert not [d for d in analyse(str(pack)).diagnostics if d.code == "W475"]   # 'idle': the base's own W401
