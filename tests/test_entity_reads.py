"""Entity variables read without a call (issue 14, branch fields): the generated code reads a field
that some rule sets as `(rt.state.vals.get(x) or x.fields)['v']`, State.vals holding, for each card
with a variable set, its fields with its variables over them. Both backends give the same values and
the same messages as `Game.field`, and State.vals follows the saved variables (`evars`) everywhere."""

from __future__ import annotations

import pytest

from rulebook.compiler.driver import compile_pack
from rulebook.runtime.agents import RandomAgent
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.state import State

from .conftest import new_game, programs, run_proc, write_pack

READS = """
resource grain;
kind site per_player { slot: int = 1; grain: int = 2; worth: int = 5; }
kind tile { slot: int = 7; }
site s1 { slot = 3; }
tile t1 {}
tile t2 "Second tile" {}
zone sites per_player of site;
var chosen: tile;

func slot_of(s: site) = s.slot;
func grain_of(s: site) = s.grain;
func worth_of(s: site) = s.worth;
func tile_slot(t: tile) = t.slot;
func tile_title(t: tile) = t.title;
func tile_name(t: tile) = t.name;
func tile_copy(t: tile) = t.copy_number;

proc move_up(s: site) { set s.slot = s.slot + 1; set s.grain = 9; }
proc move_tile(t: tile) { set t.slot = 1; }
proc use_chosen() { let t = chosen; gain t.slot grain; }
"""


@pytest.fixture(scope="module")
def reads(tmp_path_factory):
    return write_pack(tmp_path_factory.mktemp("reads") / "reads", READS)


def merged(state: State, e) -> dict:
    """What `Game.field` read before State.vals: the card's variables over its fields."""
    return {**e.fields, **state.evars.get(e.key, {})}


def test_a_field_some_rule_sets_is_read_without_a_call(reads):
    source = compile_pack(str(reads)).source
    assert "return (rt.state.vals.get(v_s) or v_s.fields)['slot']" in source
    assert "(rt.state.vals.get(v_t) or v_t.fields)['slot']" in source
    # a player has a grain too: a value that is no card still gets the runtime's answer
    assert "((rt.state.vals.get(v_s) or v_s.fields)['grain'] if type(v_s) is EntityDef else rt.field(v_s, 'grain'))" \
        in source
    assert "v_s.fields['worth']" in source   # no rule sets it: read from the card, as before


def test_both_backends_read_the_variables_of_each_copy_and_the_fields_of_the_others(reads):
    for program in programs(reads):
        g = new_game(program)
        me, you = g.state.players
        mine, yours = (program.entities["s1"].copy_for(p.name) for p in (me, you))
        tile = program.entities["t1"]
        f = program.funcs
        assert (f["slot_of"](g, me, mine), f["grain_of"](g, me, mine), f["tile_slot"](g, me, tile)) == (3, 2, 7)
        run_proc(g, "move_up", mine)
        run_proc(g, "move_up", mine)
        run_proc(g, "move_tile", tile)
        assert (f["slot_of"](g, me, mine), f["grain_of"](g, me, mine), f["worth_of"](g, me, mine)) == (5, 9, 5)
        assert (f["slot_of"](g, me, yours), f["grain_of"](g, me, yours), f["tile_slot"](g, me, tile)) == (3, 2, 1)
        assert g.state.evars == {mine.key: {"slot": 5, "grain": 9}, tile.key: {"slot": 1}}
        assert all(g.state.vals[e] == merged(g.state, e) for e in (mine, tile)) and len(g.state.vals) == 2
        me.stock["grain"] = 4   # a player given where a site is expected: their grain, as Game.field answers
        assert f["grain_of"](g, me, me) == 4 == g.field(me, "grain")


def test_a_variable_of_none_is_the_same_error_on_both_backends(reads):
    messages = set()
    for program in programs(reads):
        g = new_game(program)
        with pytest.raises(RulesRuntimeError) as info:
            g.start(program.procs["use_chosen"](g, g.state.players[0]))
        messages.add((info.value.code, str(info.value.message)))
    assert messages == {("E601", "none has no field 'slot'")}


def test_a_saved_state_gives_back_the_merged_fields(reads):
    program = compile_pack(str(reads)).program
    g = new_game(program)
    mine = program.entities["s1"].copy_for("P1")
    run_proc(g, "move_up", mine)
    again = State.from_json(g.state.to_json(), program.entities)
    assert again.vals == g.state.vals and again.digest() == g.state.digest()
    assert "vals" not in g.state.to_json()


@pytest.mark.parametrize("pack", ["stupor_mundi", "tapestry"])
def test_the_merged_fields_follow_the_variables_through_a_whole_game(pack):
    program = compile_pack(pack).program
    g = Game(program, 4, 3, [RandomAgent(30 + i) for i in range(4)])
    g.play()
    twin = g.clone()   # its own players: the values that name one are the twin's
    assert twin.state.digest() == g.state.digest()
    for state in (g.state, twin.state):
        assert state.evars and {e.key for e in state.vals} == set(state.evars)
        assert all(m == merged(state, e) and type(m) is type(e.fields) for e, m in state.vals.items())


def test_what_the_game_answers_for_any_card_is_read_without_a_call_too(reads):
    """name, title and copy_number (flipped was already): Game.field finds them only after its
    subscript fails, which costs an exception."""
    source = compile_pack(str(reads)).source
    assert "return ((v_t.title or v_t.declared) if type(v_t) is EntityDef else rt.field(v_t, 'title'))" in source
    assert "return (v_t.declared if type(v_t) is EntityDef else rt.field(v_t, 'name'))" in source
    assert "return (v_t.copy_number if type(v_t) is EntityDef else rt.field(v_t, 'copy_number'))" in source
    for program in programs(reads):
        g = new_game(program)
        me = g.state.players[0]
        for t in (program.entities["t1"], program.entities["t2"]):
            for what in ("title", "name", "copy_number"):
                assert program.funcs[f"tile_{what.split('_')[0]}"](g, me, t) == g.field(t, what)
        assert program.funcs["tile_title"](g, me, program.entities["t2"]) == "Second tile"
        assert g.field(program.entities["t2"], "owner") is None
        with pytest.raises(RulesRuntimeError, match="Second tile has no field 'nope'"):
            g.field(program.entities["t2"], "nope")
