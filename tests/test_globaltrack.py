"""A global track (one marker for all players), a track's scale (the number printed on each space,
`at V`, `printed(TRACK)`), and one element's own bounds of an indexed counter (a counter indexed by a
group too): both backends, misuse (E403, E404, E405, W490), `fmt`, `explain`, saved states."""

from __future__ import annotations

from rulebook.compiler.driver import analyse_text
from rulebook.runtime.engine import Game
from rulebook.runtime.record import GameLog, record, replay
from rulebook.runtime.state import State, StateError, check_saved

from .conftest import both_built, explained, found_at, printed_back, random_games_agree, rules_programs, run_proc

# Terraforming Mars: the temperature, -30 °C to +8 °C in steps of 2, one marker for all players; the
# player who raises it onto -24 or -20 gains a heat production, onto 0 places an ocean (here: a VP);
# oxygen 0 to 14 %, whose 8 % space raises the temperature; every step is a terraform rating.
TM = """
resource mc; resource steel; resource heat;
group stock { mc, steel, heat }
counter prod[stock] "Production" from 0 to 100 { mc from -5; }
counter tr "Terraform rating" from 0 to 100 start 20;
counter oceans "Oceans" global from 0 to 9;
counter raised "Temperature raised by me";
track temperature "Temperature" global from -30 to 8 step 2 {
  at -24 "heat production" { gain 1 prod[heat]; }
  at -20 "heat production" { gain 1 prod[heat]; }
  at 0 "ocean" { gain 1 oceans; }
  first to 19 { gain 5 tr; }
}
track oxygen "Oxygen" global from 0 to 14 {
  at 8 "temperature" { raise_temperature(1); }
}
whenever you advance(on = temperature) { gain it.steps raised; }
proc raise_temperature(steps: int) {
  repeat steps {
    if printed(temperature) < 8 { advance temperature; gain 1 tr; }
  }
}
proc raise_oxygen(steps: int) {
  repeat steps {
    if printed(oxygen) < 14 { advance oxygen; gain 1 tr; }
  }
}
proc cool() { regress temperature by 2; }
proc production() { gain tr + prod[mc] mc; for each r in stock where r != mc { gain prod[r] r; } }
proc cut(r: resource, n: int) { lose n prod[r]; }
func warm() = printed(temperature) >= 0;
"""

program = rules_programs(TM)


def test_any_players_advance_moves_the_one_marker_and_the_space_pays_who_moved_it(program):
    g = Game(program(), 3, 1)
    p1, p2, p3 = g.state.players
    run_proc(g, "raise_temperature", 2, player=0)        # -30 -> -26
    run_proc(g, "raise_temperature", 1, player=1)        # -24: P2's heat production
    assert g.state.globals["temperature"] == 3 and "temperature" not in p1.stock
    assert (p1.stock["prod[heat]"], p2.stock["prod[heat]"], p3.stock["prod[heat]"]) == (0, 1, 0)
    run_proc(g, "raise_temperature", 2, player=2)        # -22, then -20: P3's
    assert (p2.stock["prod[heat]"], p3.stock["prod[heat]"]) == (1, 1)
    assert (p1.stock["tr"], p2.stock["tr"], p3.stock["tr"]) == (22, 21, 22)
    assert g.printed(p1, "temperature") == g.printed(p3, "temperature") == -20
    assert g.stock(p2, "temperature") == 5                 # position(temperature), whoever reads it


def test_the_advance_event_has_who_moved_the_marker_as_its_subject():
    for built in both_built(TM + """
game tm "G" { seats 3 to 3; phase play { each players: raise_temperature(2); each players: cool(); } winner most tr; }
"""):
        g = Game(built, 3, 1)
        g.play()
        assert [p.stock["raised"] for p in g.state.players] == [2, 2, 2]   # each their own 2 steps, not all 6
        assert g.state.globals["temperature"] == 0


def test_a_benefit_that_moves_another_global_track_and_the_first_to_reward_claimed_once(program):
    g = Game(program(), 2, 1)
    p1, p2 = g.state.players
    run_proc(g, "raise_oxygen", 8, player=0)             # 8 %: the temperature moves too, for P1
    assert g.state.globals["oxygen"] == 8 and g.state.globals["temperature"] == 1
    assert p1.stock["tr"] == 20 + 8 + 1
    run_proc(g, "raise_temperature", 18, player=1)       # to +8 (19): P2 reaches the reward
    run_proc(g, "cool", player=0)
    run_proc(g, "raise_temperature", 2, player=0)        # back to 19: the reward is not claimed again
    assert g.state.globals["temperature"] == 19 and "temperature:19" in g.state.claimed
    assert p2.stock["tr"] == 20 + 18 + 5 and p1.stock["tr"] == 20 + 9 + 2
    assert g.state.globals["oceans"] == 1                 # 0 °C was entered once, by P2


def test_regress_moves_the_shared_marker_back_and_printed_reads_the_scale(program):
    g = Game(program(), 2, 1)
    run_proc(g, "raise_temperature", 16, player=0)
    assert g.printed(g.state.players[1], "temperature") == 2
    run_proc(g, "cool", player=1)
    assert g.state.globals["temperature"] == 14 and g.printed(g.state.players[0], "temperature") == -2


def test_one_elements_own_bounds_clamp_it_alone(program):
    g = Game(program(), 2, 1)
    me = g.state.players[0].stock
    run_proc(g, "cut", "mc", 9)
    run_proc(g, "cut", "steel", 9)
    assert (me["prod[mc]"], me["prod[steel]"]) == (-5, 0)  # M€ production stops at -5, the others at 0
    run_proc(g, "production")
    assert me["mc"] == 15


def test_random_games_agree_on_both_backends():
    random_games_agree(TM + """
proc turn() {
  choose {
    option "asteroid" { raise_temperature(1); }
    option "greenery" { raise_oxygen(1); }
    option "cool" { cool(); }
    option "cut" { cut(mc, 1); }
  }
  production();
}
game tm "Global parameters" {
  seats 2 to 4;
  phase play { repeat 12 { each players: turn(); } }
  winner most tr then printed(temperature) + prod[mc];
}
""")


def test_a_saved_game_keeps_the_global_track_with_the_global_counters(program):
    g = Game(program(), 2, 1)
    run_proc(g, "raise_temperature", 3, player=0)
    data = g.state.to_json()
    assert data["globals"]["temperature"] == 3 and "temperature" not in data["players"][0]["stock"]
    check_saved(data, g.program)
    assert State.from_json(data, g.program.entities).globals["temperature"] == 3
    data["globals"]["temperature"] = 20
    try:
        check_saved(data, g.program)
    except StateError as e:
        assert "temperature" in str(e)
    else:
        raise AssertionError("a position past the last space was taken")


def test_a_logged_game_replays():
    compiled, _interpreted = both_built(TM + """
proc turn() { choose { option "a" { raise_temperature(1); } option "o" { raise_oxygen(2); } } }
game tm "G" { seats 2 to 2; phase play { repeat 10 { each players: turn(); } } winner most tr; }
""")
    from rulebook.runtime.agents import make_agents
    g = Game(compiled, 2, 4, make_agents("random", 2, 4))
    g.play()
    again = GameLog.model_validate_json(record(g).model_dump_json())
    assert replay(compiled, again).state.digest() == g.state.digest()


def test_fmt_prints_it_back():
    _module, text = printed_back(TM)
    assert 'track temperature "Temperature" global from -30 to 8 step 2 {' in text
    assert "  at -24 \"heat production\" {" in text and "track oxygen \"Oxygen\" global from 0 to 14 {" in text
    assert 'counter prod[stock] "Production" from 0 to 100 { mc from -5; }' in text


def test_explain_reads_the_shared_marker_the_scale_and_the_elements():
    result = analyse_text(TM)
    track = explained(result, "temperature")
    assert "One marker for all players: whoever moves it gets the benefit" in track
    assert "Its 19 spaces print -28 to 8, in steps of 2; the start prints -30; the spaces not listed give nothing." in track
    assert "Space 3, printed -24 (“heat production”):" in track
    assert "Except production mc: from minus 5." in explained(result, "prod")
    assert "the number printed where the marker stands on the temperature track is at least 0" in explained(result, "warm")


# ---------------------------------------------------------------- misuse

PANDEMIC = """
counter worst;
track outbreaks "Outbreaks" global { space 1 {} space 2 {} space 3 {} }
track lane { space 1 {} space 2 {} }
"""


def codes(text: str) -> list[str]:
    return [d.code for d in analyse_text(text).diagnostics if d.code not in ("W401", "W403")]


def test_e403_a_players_own_use_of_a_global_track():
    assert found_at(PANDEMIC + "proc f() { add marker to outbreaks; }\n") == [("E403", 5, 12)]
    assert codes(PANDEMIC + "proc f() { remove marker from outbreaks; }\n") == ["E403"]
    assert codes(PANDEMIC + "proc f(p: player) { if p.outbreaks > 1 { gain 1 worst; } }\n") == ["E403"]
    assert codes(PANDEMIC + "func f(p: player) = position(p, outbreaks) + tier(p, outbreaks);\n") == ["E403", "E403"]
    # the one position, read without a player, and a per-player track's own markers are fine
    assert codes(PANDEMIC + "func f(p: player) = position(outbreaks) + outbreaks + p.lane + position(p, lane);\n"
                 "proc g() { add marker to lane; advance outbreaks; regress outbreaks; }\n") == []


def test_e601_a_local_holding_a_global_track_given_a_marker():
    from rulebook.runtime.engine import RulesRuntimeError
    for built in both_built(PANDEMIC + "proc f(t: track) { add marker to t; }\n"):
        g = Game(built, 2, 1)
        try:
            run_proc(g, "f", "outbreaks")
        except RulesRuntimeError as e:
            assert e.code == "E601" and "global track" in str(e)
        else:
            raise AssertionError("a marker was added to a global track")


def test_e404_a_scale_that_does_not_step_a_space_no_number_prints_printed_without_a_scale():
    assert codes("track t from 0 to 7 step 2 { space 1 {} }\n") == ["E404"]
    assert codes("track t from 0 to 5 step 0 { space 1 {} }\n") == ["E404"]
    assert codes("track t from 5 to 1 { space 1 {} }\n") == ["E404"]          # counting down needs a negative step
    assert codes("track t from 5 to 1 step -1 { at 2 {} at 1 {} }\n") == []
    assert found_at("track t from -30 to 8 step 2 {\n  at -25 {}\n  at -30 {}\n  at 10 {}\n}\n") == \
        [("E404", 2, 3), ("E404", 3, 3), ("E404", 4, 3)]
    assert codes("track t { space 1 {} at 2 {} }\n") == ["E404"]
    assert codes(PANDEMIC + "func f() = printed(outbreaks);\n") == ["E404"]


def test_e305_a_scales_spaces_in_its_order_each_once():
    assert codes("track t from 0 to 10 { at 4 {} space 4 {} }\n") == ["E305"]
    assert codes("track t from 0 to 10 { at 4 {} at 3 {} }\n") == ["E305"]
    assert codes("track t from 0 to 10 { space 11 {} }\n") == ["E305"]
    assert codes("track t from 0 to 10 { at 4 {} first to 10 {} }\n") == []


ELEMENTS = "enum good { corn, indigo, sugar }\n"


def test_e405_one_elements_bounds():
    assert found_at(ELEMENTS + "counter s[good] from 0 to 11 { cocoa to 8; }\n") == [("E405", 2, 32)]
    assert codes(ELEMENTS + "counter s[good] from 0 to 11 { corn to 8; corn from 1; }\n") == ["E405"]
    assert codes(ELEMENTS + "counter s[good] from 0 to 11 { corn from 12; }\n") == ["E405"]     # 12 above 11
    assert codes(ELEMENTS + "counter s[good] from 0 to 11 { corn to 8 start 9; }\n") == ["E405"]
    assert codes(ELEMENTS + "counter n; counter s[good] from 0 to 11 { corn to n; }\n") == ["E405"]
    assert codes("counter s from 0 to 11 { corn to 8; }\n") == ["E405"]
    assert codes("counter s[1..3] from 0 to 11 { 4 to 8; }\n") == ["E405"]
    assert codes("counter s[1..3, 1..2] { 1 to 8; }\n") == ["E405"]
    assert codes(ELEMENTS + "counter s[good] global from 0 to 11 start 11 { corn to 10; sugar from -2 start 0; }\n") == []


def test_an_element_without_its_own_start_starts_where_the_counter_does_within_its_bounds():
    for built in both_built(ELEMENTS + "counter s[good] global from 0 to 11 start 11 { corn to 10; sugar from 3 to 5; }\n"
                            "counter t[1..3] { 2 from 3 to 5; }\n"):
        g = Game(built, 2, 1)
        assert [g.state.globals[f"s[{m}]"] for m in ("corn", "indigo", "sugar")] == [10, 11, 5]
        assert [g.state.players[0].stock[f"t[{i}]"] for i in (1, 2, 3)] == [0, 3, 0]


def test_w428_reads_an_elements_own_bounds():
    assert codes(ELEMENTS + "counter s[good] from 0 to 11 { corn to 8; }\nproc f() { set s[corn] = 9; set s[sugar] = 9; }\n") \
        == ["W428"]


def test_a_counter_indexed_by_a_group():
    assert codes(TM + "proc f() { gain 1 prod[steel]; }\n") == []
    assert codes("resource mc; resource wood; group stock { mc }\ncounter prod[stock];\n"
                 "proc f() { gain 1 prod[wood]; }\n") == ["E312"]
    assert codes("resource mc; group stock { mc }\ncounter prod[stock];\nproc f() { gain 1 prod[2]; }\n") == ["E303"]


def test_w490_a_position_taken_for_a_printed_number():
    tm = TM + "counter n;\n"
    assert found_at(tm + "proc f() { if temperature == -24 { gain 1 n; } }\n")[-1][0] == "W490"
    assert codes(tm + "proc f() { if temperature < 8 { gain 1 n; } }\n") == ["W490"]       # 8 is printed at 19
    assert codes(tm + "proc f() { if position(temperature) > 19 { gain 1 n; } }\n") == ["W490"]
    assert codes(tm + "proc f() { if position(temperature) < 8 { gain 1 n; } }\n") == []    # the position, said so
    assert codes(tm + "proc f() { if printed(temperature) < 8 and oxygen >= 8 { gain 1 n; } }\n") == []
    assert codes(PANDEMIC + "proc f() { if outbreaks >= 0 { gain 1 worst; } }\n") == ["W490"]
    assert [d.hint for d in analyse_text(tm + "proc f() { if temperature < 8 { gain 1 n; } }\n").diagnostics
            if d.code == "W490"][0].startswith("compare the number printed where the marker stands: printed(temperature) < 8")


def test_an_amend_writes_a_space_of_the_scale_by_its_printed_number(tmp_path):
    from rulebook.compiler.driver import analyse, compile_pack, interpret_pack

    from .conftest import write_pack
    write_pack(tmp_path / "tm", TM, name="tm")
    house = write_pack(tmp_path / "house", """
amend temperature {
  at -22 { gain 1 prod[heat]; }
  at 0 { base(); gain 1 prod[steel]; }
}
""", name="house", extends=["../tm"])
    for built in (compile_pack(str(house)).program, interpret_pack(str(house))):
        g = Game(built, 2, 1)
        run_proc(g, "raise_temperature", 15)
        me = g.state.players[0].stock
        assert (me["prod[heat]"], me["prod[steel]"], g.state.globals["oceans"]) == (3, 1, 1)
    bad = write_pack(tmp_path / "bad", "amend temperature { at -23 { } }\n", name="bad", extends=["../tm"])
    assert [d.code for d in analyse(str(bad)).diagnostics if d.severity == "error"] == ["E404"]
