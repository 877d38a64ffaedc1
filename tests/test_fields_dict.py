"""An entity's fields are an exact `defaultdict` (issue 14, branch speed4): CPython 3.11 subscripts a
Python subclass of dict through a lookup and a call of `__getitem__` (about 2.5 times a dict's
subscript), and generated code reads fields at nearly every rules line. A missing field is still a
NoField naming the card and the field, on both backends, read directly or over a card's variables."""

from __future__ import annotations

import pickle
from collections import defaultdict

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import Fields, NoField

from .conftest import new_game, programs, run_proc, write_pack
from .test_entity_reads import READS


@pytest.fixture(scope="module")
def reads(tmp_path_factory):
    return write_pack(tmp_path_factory.mktemp("fields") / "fields", READS)


def test_fields_and_merged_fields_are_exact_defaultdicts():
    program = compile_pack("federation").program
    g = Game(program, 4, 3, [RandomAgent(30 + i) for i in range(4)])
    g.play()
    assert all(type(e.fields) is defaultdict for e in program.entities.values())
    assert g.state.vals and all(type(m) is defaultdict and m.default_factory is e.fields.default_factory
                                for e, m in g.state.vals.items())
    assert all({**e.fields, **g.state.evars[e.key]} == m for e, m in g.state.vals.items())


def test_a_missing_field_names_the_card_and_the_field(reads):
    for compiled, program in zip((True, False), programs(reads)):
        g = new_game(program)
        me = g.state.players[0]
        t1, t2 = program.entities["t1"], program.entities["t2"]
        if compiled:
            # generated `v_s.fields['worth']` of a tile, which has none (a func called past the checker)
            assert "v_s.fields['worth']" in compile_pack(str(reads)).source
            with pytest.raises(NoField) as caught:
                program.funcs["worth_of"](g, me, t1)
            assert str(caught.value) == "tile t1 has no field 'worth'"
        run_proc(g, "move_tile", t2)   # t2 has a variable: its reads go through State.vals
        assert type(g.state.vals[t2]) is defaultdict
        with pytest.raises(NoField) as caught:
            g.state.vals[t2]["grain"]
        assert str(caught.value) == "tile t2 has no field 'grain'"
        with pytest.raises(RulesRuntimeError, match="Second tile has no field 'nope'"):
            g.field(t2, "nope")
        assert g.field(t2, "owner") is None and g.field(t2, "slot") == 1


def test_the_field_is_named_by_a_constant_or_a_local_and_read_when_asked():
    fields = Fields({"cost": 2}, "card c1")
    name = "shine"
    with pytest.raises(NoField) as by_local:
        fields[name]
    with pytest.raises(NoField) as by_constant:
        fields["lustre"]
    name = "changed since"   # the message is worked out when asked for, from where the subscript missed
    assert str(by_constant.value) == "card c1 has no field 'lustre'"
    assert str(by_local.value).startswith("card c1 has no field")
    assert fields["cost"] == 2 and fields.get("shine") is None and "shine" not in fields
    again = pickle.loads(pickle.dumps(by_constant.value))
    assert type(again) is NoField and str(again) == "card c1 has no field 'lustre'"
    assert str(NoField("P1 is a player or actor, not a card or tile")) == "P1 is a player or actor, not a card or tile"
