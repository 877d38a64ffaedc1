"""The interpreter works out what a node means once (a bare name's class, a binary's operator, what an
index reads, which func a call names) and keeps the node with the answer, so that a node made while the
game runs cannot take the id, and so the meaning, of one that is gone."""

from __future__ import annotations

import gc

from rulebook.compiler.driver import build_text
from rulebook.compiler.interpret import Interpreter

from .conftest import played, random_games_agree

# Race for the Galaxy (after its rules, for illustration): no second copy of a development you already
# have (`x is c`, c a local card: the interpreter makes the name of c's declaration once); a row of
# printed values read by place (`[...][n]`, a list) beside an indexed counter (`marks[n]`)
RACE = """
counter vp;
counter marks[1..4];
kind development { cost: int = 1; }
development gambling "Gambling World" * 2 { }
development survey "Survey Team" { cost = 2; }
development mining "Mining Robots" * 2 { cost = 3; }
zone deck of development;
zone tableau per_player of development;
zone hand per_player of development;
func owned(c: development): bool = some(x in tableau where x is c);
func worth(): int = [1, 2, 4, 7][size(tableau)] + marks[size(tableau)];
proc develop() {
  pick c from hand where not owned(c) "develop which?" optional {
    move c to tableau;
    gain c.cost + worth() vp;
    gain 1 marks[size(tableau)];
  }
}
game g { seats 2 to 3;
  phase setup { fill deck with development; shuffle deck; each players: draw 4 from deck to hand; }
  phase play { repeat 4 { each players: develop(); } } winner most vp; }
"""


def interpreters() -> list:
    """The interpreters alive now."""
    return [o for o in gc.get_objects() if type(o) is Interpreter]


def test_race_plays_alike_on_both_backends():
    random_games_agree(RACE, seeds=range(1, 6), counts=(2, 3))


def test_every_meaning_kept_is_kept_with_its_node():
    program = build_text(RACE, interpreted=True)
    for seed in range(1, 4):
        game = played(program, seed)
        assert game.result()["over"]
    [interpreter] = [i for i in interpreters() if i.names and i.sym.decls.get("worth") is not None
                     and "owned" in i.routes]
    kept = {**interpreter.names, **interpreter.plain_binaries, **interpreter.indexes, **interpreter.attr_reads,
            **interpreter.builtin_nodes, **interpreter.shapes, **interpreter.bounded}
    assert interpreter.names and interpreter.plain_binaries and interpreter.indexes and interpreter.implied
    assert interpreter.attr_reads and interpreter.builtin_nodes and interpreter.argument_nodes and interpreter.shapes
    assert all(key == id(meaning[-1]) for key, meaning in kept.items())
    # the argument nodes of a call (`owned(c)`, `worth()`) are kept with the callee and the call's arguments
    assert all(key == (id(decl), id(args)) for key, (_, decl, args) in interpreter.argument_nodes.items())
    assert interpreter.routes["owned"] == ("declared", interpreter.sym.decls["owned"])
    assert interpreter.routes["size"][0] == "builtin"
    # `x is c` names c's declaration through one node for the test, made once however often it runs
    assert len(interpreter.implied) == 1
    readings = {meaning[0] for meaning in interpreter.indexes.values()}
    assert readings == {"list_item", "stock"}   # `[...][n]` reads a list, `marks[n]` the player's counter
