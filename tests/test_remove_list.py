"""`remove a, b, c;` (branch trial26): several declarations of an extended pack dropped by one line, as one
`remove` of each name would: I404, E214 and E221 at each name, W611 for a name listed twice, `fmt` keeps the
list, `explain` says which remove took a name out, and the game played without the cards on both backends."""

from __future__ import annotations

from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.compiler.explain import history, origin
from rulebook.dsl.printer import format_text
from rulebook.runtime.engine import Game

from .conftest import write_pack

# Dominion (for illustration): a base with four Kingdom cards, a house rule without three of them.
BASE = """
counter vp;
kind kingdom { cost: int; }
kingdom cellar "Cellar" { cost = 2; }
kingdom moat "Moat" { cost = 2; }
kingdom chapel "Chapel" { cost = 2; }
kingdom village "Village" { cost = 3; }
zone supply of kingdom;
game dominion "Dominion" {
  seats 2;
  phase setup { fill supply with kingdom; }
  phase play { each players: gain 1 vp; }
  winner most vp;
}
"""


def house(tmp_path, text: str):
    write_pack(tmp_path / "base", BASE, "base")
    return write_pack(tmp_path / "house", text, "house", extends=["../base"])


def findings(pack) -> list[str]:
    return [f"{d.span.line}:{d.span.column} {d.code}" for d in analyse(str(pack)).diagnostics]


def test_each_name_is_removed_and_reported_at_its_place(tmp_path):
    pack = house(tmp_path, "remove cellar, moat, chapel;\n")
    assert findings(pack) == ["1:8 I404", "1:16 I404", "1:22 I404"]
    for program in (compile_pack(str(pack)).program, interpret_pack(str(pack))):
        game = Game(program, 2, 1)
        game.play()
        assert [c.name for c in game.state.zones["supply"]] == ["village"]


def test_a_name_nothing_declares_is_e214_at_it_and_the_others_are_removed(tmp_path):
    pack = house(tmp_path, "remove cellar, mote;\n")
    assert findings(pack) == ["1:8 I404", "1:16 E214"]


def test_a_name_listed_twice_is_w611_at_its_second_place(tmp_path):
    pack = house(tmp_path, "remove cellar, moat, cellar;\n")
    assert findings(pack) == ["1:8 I404", "1:16 I404", "1:22 W611"]


def test_a_removed_name_still_used_is_e221_at_that_name(tmp_path):
    pack = house(tmp_path, "remove cellar, village;\nproc p() { move village to supply; }\n")
    assert "1:16 E221" in findings(pack)


def test_fmt_keeps_the_list_and_explain_names_the_remove(tmp_path):
    assert format_text("remove  cellar ,moat;\n") == "remove cellar, moat;\n"
    pack = house(tmp_path, "remove cellar, moat;\n")
    result = analyse(str(pack))
    said = origin("moat", history("moat", result.modules))
    assert ", removed by " in said and said.endswith("house/main.rules:1:1")
