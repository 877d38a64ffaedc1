"""Runtime stage: determinism, log and replay, JSON state, triggers, durations, budget, decisions."""

from __future__ import annotations

import json

import pytest

from rulebook.runtime.agents import FirstAgent, RandomAgent, ScriptedAgent
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load, record, replay, save
from rulebook.runtime.state import State

from .conftest import new_game, program_of, programs, write_pack

GAME = """
resource coin cap 8;
counter vp;
counter round global;
event end_round();
kind card { worth: int; play: effect; }
zone deck of card;
zone hand per_player of card;
zone played per_player of card;
card c1 "Scout" { worth = 1; play { gain 1 vp; } }
card c2 "Market" { worth = 2; play { gain 2 coin; } }
card c3 "Patron" { worth = 3; play { whenever anyone gain(res = coin) until end_round { gain 1 vp; } } }
card c4 "Feast" { worth = 1; play { once { gain 5 vp; } } }
card c5 "Tax" { worth = 2; play { each neighbours: lose 1 coin; } }
die d6 { face { gain 1 coin; } face { gain 2 coin; } face { gain 1 vp; } }
proc turn() {
  pick c from hand "play a card" { copy c.play; move c to played; }
  roll d6;
  may "buy a point" cost 2 coin { gain 1 vp; }
}
game demo "Demo" {
  seats 2 to 4;
  phase setup { fill deck with card; shuffle deck; each players { draw 2 from deck to hand; gain 1 coin; } }
  phase play { repeat 2 { each players: turn(); emit end_round(); set round = round + 1; } }
  phase final { rank players by vp award [3, 1] vp ties split; }
  winner most vp then coin;
}
"""


@pytest.fixture
def demo(tmp_path):
    return write_pack(tmp_path / "demo", GAME)


def play(program, players=3, seed=7):
    g = Game(program, players, seed, [RandomAgent(seed * 10 + i) for i in range(players)])
    g.play()
    return g


def test_same_seed_and_decisions_give_the_same_game(demo, backend):
    program = program_of(demo, backend)
    a, b = play(program), play(program)
    assert a.log == b.log and a.state.to_json() == b.state.to_json()
    others = {play(program, seed=s).state.digest() for s in range(8)}
    assert len(others) > 1


def test_compiled_and_interpreted_games_match(demo):
    compiled, interpreted = programs(demo)
    for seed in range(10):
        a, b = play(compiled, seed=seed), play(interpreted, seed=seed)
        assert a.log == b.log and a.state.to_json() == b.state.to_json()


def test_log_replays_to_the_same_final_state(demo, tmp_path):
    program = programs(demo)[0]
    g = play(program)
    path = tmp_path / "game.json"
    save(record(g, str(demo)), path)
    loaded = load(path)
    assert replay(program, loaded).state.digest() == g.state.digest()
    tampered = loaded.model_copy(update={"final_digest": "0" * 16})
    with pytest.raises(RulesRuntimeError) as info:
        replay(program, tampered)
    assert info.value.code == "E603"


def test_a_log_file_that_is_not_a_log_is_a_clean_error(tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json")
    with pytest.raises(RulesRuntimeError) as info:
        load(path)
    assert info.value.code == "E604"


def test_state_json_round_trip(demo):
    program = programs(demo)[0]
    g = Game(program, 3, 3, [FirstAgent()] * 3)
    g.start()
    for _ in range(4):
        g.apply(0)
    data = g.state.to_json()
    again = State.from_json(data, program.entities)
    assert again.to_json() == data and again.digest() == g.state.digest()


def test_embedding_api_offers_legal_options_and_checks_answers(demo):
    program = programs(demo)[0]
    g = Game(program, 2, 1)
    d = g.start()
    assert g.legal() == d.options and len(d.options) == 2
    with pytest.raises(RulesRuntimeError):
        g.apply(5)
    while d is not None:
        d = g.apply(len(d.options) - 1)
    assert g.state.over and g.legal() == []


def test_trigger_durations_expire_on_their_event(demo, backend):
    program = program_of(demo, backend)
    g = new_game(program, players=2)
    me, other = g.state.players
    run_proc_slot = program.entities["c3"].effects["play"]
    from .conftest import drive
    drive(g, run_proc_slot(g, me, program.entities["c3"]))
    g.gain(other, "coin", 1)
    from .conftest import drive as run
    run(g, g.drain())
    assert me.stock["vp"] == 1  # anyone's coin gain scores for the card's owner
    g.emit("end_round", me, {})
    g.gain(other, "coin", 1)
    assert not g.pending and me.stock["vp"] == 1 and g.state.triggers == []


def test_once_per_game_and_neighbours_counted_once(demo, backend):
    program = program_of(demo, backend)
    g = new_game(program, players=2)
    me, other = g.state.players
    from .conftest import drive
    feast = program.entities["c4"]
    drive(g, feast.effects["play"](g, me, feast))
    drive(g, feast.effects["play"](g, me, feast))
    assert me.stock["vp"] == 5
    other.stock["coin"] = 3
    tax = program.entities["c5"]
    drive(g, tax.effects["play"](g, me, tax))
    assert other.stock["coin"] == 2  # left and right are the same player: taxed once


RUNAWAY = """
counter vp;
kind tapestry { play: effect; }
tapestry arranged_marriage "Arranged Marriage" { play { whenever you gain(res = vp) { gain 1 vp; } } }
tapestry espionage "Espionage" { play { whenever you gain(res = vp) { copy arranged_marriage.play; } } }
proc start() { copy arranged_marriage.play; copy espionage.play; gain 1 vp; }
"""


def test_runaway_trigger_chain_is_stopped_and_names_the_rules_lines(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "loop", RUNAWAY), backend)
    g = new_game(program)
    with pytest.raises(RulesRuntimeError) as info:   # choosing the order of its firings does not end the chain
        d = g.start(program.procs["start"](g, g.state.players[0]))
        while d is not None:
            d = g.apply(0)
    assert info.value.code == "E602"
    # Arranged Marriage's gain fires it again before the firings queued beside it (Espionage's) run:
    # what a firing causes runs before its siblings, so the chain is Arranged Marriage's alone
    assert info.value.notes == [f"{info.value.where} fired 401 times"] and "main.rules:4:" in info.value.where


def test_scripted_agent_answers_by_label_and_reports_a_wrong_one(demo):
    program = programs(demo)[0]
    first = Game(program, 2, 1).start()           # P1's opening hand: which cards can be played
    label = first.options[1]
    agent = ScriptedAgent([label], fallback=FirstAgent())
    g = Game(program, 2, 1, [agent, agent])
    g.play()
    assert g.log[1] == [0, 1]                     # the label was turned into its option index
    with pytest.raises(RulesRuntimeError) as info:
        Game(program, 2, 1, [ScriptedAgent(["no such option"])] * 2).play()
    assert info.value.code == "E603"


def test_saved_state_round_trips_through_pydantic(demo, tmp_path):
    from rulebook.runtime.record import load_state, save_state

    program = programs(demo)[0]
    g = play(program)
    path = tmp_path / "state.json"
    save_state(g.state, path)
    assert load_state(path, program).digest() == g.state.digest()
    path.write_text('{"players": 3}')
    with pytest.raises(RulesRuntimeError) as info:
        load_state(path, program)
    assert info.value.code == "E605"



PER_PLAYER = """
counter vp;
kind mission per_player { level: int; done: bool = false; reward: effect; }
mission m1 "Mission 1" { level = 1; reward { gain level_bonus() vp; } }
zone missions per_player of mission;
func level_bonus() = 2;
proc setup() { fill missions with mission; }
func menu() = [3, 6, 9];
func third() = menu()[3];
"""


def test_per_player_entities_sit_in_every_players_zone_and_lists_count_from_one(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "pp", PER_PLAYER), backend)
    g = new_game(program, players=2)
    me, other = g.state.players
    from .conftest import run_proc
    run_proc(g, "setup")
    run_proc(g, "setup", player=1)
    assert [e.name for e in me.zones["missions"]] == ["m1"] == [e.name for e in other.zones["missions"]]
    assert program.funcs["third"](g, me) == 9


LINKS = """
counter vp;
kind card { worth: int; link: card = none; play: effect; }
card base "Base" { worth = 3; }
card combo "Combo" { worth = 1; link = base; play { gain this.worth + this.link.worth vp; } }
"""


def test_a_kind_typed_field_holds_the_entity_it_names(tmp_path, backend):
    program = program_of(write_pack(tmp_path / "links", LINKS), backend)
    g = new_game(program)
    from .conftest import run_slot
    run_slot(g, "combo", "play")
    assert g.state.players[0].stock["vp"] == 4
    assert program.entities["combo"].fields["link"] is program.entities["base"]


def test_clone_continues_independently_from_the_same_point(demo):
    program = programs(demo)[0]
    g = Game(program, 3, 4)
    d = g.start()
    d = g.apply(0)
    twin = g.clone()
    assert twin.state.to_json() == g.state.to_json() and twin.legal() == g.legal()
    while d is not None:                          # play the original to the end
        d = g.apply(0)
    assert not twin.state.over and twin.decision is not None
    d = twin.decision
    while d is not None:                          # the same answers bring the twin to the same end
        d = twin.apply(0)
    assert twin.state.digest() == g.state.digest()


DICE = """
resource coin;
resource food;
counter vp;
counter hits;
track path { space 1 { gain 1 hits; } space 2 { gain 1 hits; } space 3 { gain 1 hits; } }
die d3: int { face "one" = 1; face "two" = 2 { gain 1 food; } face "three" = 3; }
die goods: resource { face = coin; face = food; face "nothing" = none; }
die where_to: track { face = path; }
proc turn() {
  let n = roll d3;
  gain n vp;
  let g = roll goods;
  if g != none { gain 1 g; }
  let t = roll where_to;
  advance t;
}
game dice {
  seats 2 to 2;
  phase setup { each players { whenever you roll(name = d3, value = 3) { gain 10 vp; } } }
  phase play { repeat 3 { each players: turn(); } }
  winner most vp;
}
"""


def test_a_typed_die_keeps_the_value_its_face_shows(tmp_path, backend):
    """`let x = roll d` binds the value of the face rolled (a number, a resource, a track; none
    for a blank), runs the face's effect, and the roll event carries the value."""
    program = program_of(write_pack(tmp_path / "dice", DICE), backend)
    for seed in range(6):
        g = play(program, players=2, seed=seed)
        for p in g.state.players:
            rolls = [e for e in g.log if e[0] == "roll"]
            mine = [r for i, r in enumerate(rolls) if (i // 3) % 2 == p.index]   # 3 rolls a turn, seats alternate
            faces = [r[2] for r in mine if r[1] == "d3"]
            goods = [r[2] for r in mine if r[1] == "goods"]
            assert p.stock["vp"] == sum(f + 1 for f in faces) + 10 * faces.count(2)
            assert p.stock["coin"] == goods.count(0)
            assert p.stock["food"] == goods.count(1) + faces.count(1)   # the "two" face's effect
            assert p.stock["path"] == 3 and p.stock["hits"] == 3


MARKERS = """
counter vp;
counter home;
resource coin;
track lane "Race" {
  space 1 "Gate" { gain 1 coin; } space 2 cost 1 coin { gain 1 vp; } space 3 "Goal" { gain 5 vp; }
  first to 3 { gain 10 vp; }
}
proc enter() { add marker to lane; }
proc leave() { remove marker from lane; }
proc step() { advance lane; }
proc pay_step() { advance lane paying; }
proc again() { reactivate lane; }
proc back() { regress lane; }
game race { seats 2 to 2; phase setup { each players { gain 3 home; } } winner most vp; }
"""


def test_several_markers_on_one_track(tmp_path, backend):
    """A player may own several markers on one track: any of them advances (the player chooses
    among those on different spaces, paying the next space of the one chosen), the most advanced is
    the player's position, `reactivate` asks which space, `regress` moves the most advanced, and
    with no marker left nothing moves."""
    from .conftest import run_proc

    program = program_of(write_pack(tmp_path / "markers", MARKERS), backend)
    g = new_game(program)
    p = g.state.players[0]
    run_proc(g, "step")
    run_proc(g, "step")                      # one marker on 2 (no coin to pay? a plain advance is free)
    assert p.stock["lane"] == 2 and p.stock["coin"] == 1
    run_proc(g, "enter")                     # a second marker on the start: the position stays 2
    assert p.stock["lane"] == 2 and g.markers(p, "lane") == [0, 2]
    asked = run_proc(g, "step", answers=["the marker on the start"])
    assert [d.options for d in asked] == [["the marker on the start", "the marker on space 2"]]
    assert g.markers(p, "lane") == [1, 2] and p.stock["coin"] == 2    # it landed on the Gate
    run_proc(g, "step", answers=["the marker on space 2"])
    assert g.markers(p, "lane") == [1, 3] and p.stock["lane"] == 3 and p.stock["vp"] == 1 + 5 + 10
    # the marker on 3 is at the end: only the other can move, and it pays for space 2
    assert run_proc(g, "pay_step") == [] and g.markers(p, "lane") == [2, 3] and p.stock["coin"] == 1
    asked = run_proc(g, "again", answers=["the marker on space 3 (Goal)"])
    assert len(asked) == 1 and p.stock["vp"] == 1 + 5 + 10 + 1 + 5
    run_proc(g, "back")                      # the most advanced marker goes back
    assert g.markers(p, "lane") == [2, 2] and p.stock["lane"] == 2
    assert run_proc(g, "step") == []         # two markers on one space: no question
    assert g.markers(p, "lane") == [2, 3]
    run_proc(g, "leave", answers=["the marker on space 2"])
    assert g.markers(p, "lane") == [3] and "lane" not in p.markers
    run_proc(g, "leave")
    assert g.markers(p, "lane") == [] and p.stock["lane"] == 0
    run_proc(g, "step")                      # no marker: nothing moves
    assert g.markers(p, "lane") == [] and p.stock["lane"] == 0
    run_proc(g, "enter")
    assert g.markers(p, "lane") == [0] and p.markers == {}


def test_markers_are_part_of_the_saved_state(tmp_path):
    from rulebook.runtime.record import load_state, save_state
    from .conftest import run_proc

    program = programs(write_pack(tmp_path / "markers", MARKERS))[0]
    g = new_game(program)
    run_proc(g, "step")
    run_proc(g, "enter")
    path = tmp_path / "state.json"
    save_state(g.state, path)
    loaded = load_state(path, program)
    assert loaded.digest() == g.state.digest() and loaded.players[0].markers == {"lane": [0, 1]}
    data = json.loads(path.read_text())
    data["players"][0]["markers"]["lane"] = [0, 9]           # the track has 3 spaces
    path.write_text(json.dumps(data))
    with pytest.raises(RulesRuntimeError) as info:
        load_state(path, program)
    assert info.value.code == "E605"


VARIANTS = """
counter vp;
variant teams "Teams of two" when player_count % 2 == 0;
variant captains "Team captains" when enabled(teams);
game g { seats 2 to 5; phase play { if enabled(teams) { each players: gain 1 vp; } } winner most vp; }
"""


def test_a_variant_is_refused_where_its_condition_is_false(tmp_path, backend):
    """`variant NAME when CONDITION`: a game with the variant is refused (E607) where the condition
    is false; elsewhere it plays as usual; `cover` plays only the setups it allows."""
    from click.testing import CliRunner

    from rulebook.cli import app
    from rulebook.runtime.coverage import cover_games, setups_of
    from rulebook.runtime.engine import refusal

    pack = write_pack(tmp_path / "variants", VARIANTS)
    program = program_of(pack, backend)
    assert Game(program, 4, 1, [FirstAgent()] * 4, ["teams"]).play()["winners"]
    for players, variants in ((3, ["teams"]), (4, ["captains"]), (5, ["teams", "captains"])):
        with pytest.raises(RulesRuntimeError) as info:
            Game(program, players, 1, None, variants)
        assert info.value.code == "E607" and "it needs" in info.value.message
    assert refusal(program, 4, ["teams", "captains"]) is None
    assert refusal(program, 3, ["teams"]) == \
        "variant 'teams' cannot be played with 3 players: it needs player_count % 2 == 0"
    cover_games(program, [2, 3], range(1), setups_of(program))   # skips teams with 3: no E607
    result = CliRunner().invoke(app, ["play", str(pack), "-n", "3", "--variant", "teams"])
    assert result.exit_code == 2 and "it needs player_count % 2 == 0" in result.output
    assert f"{pack}: error[E607]: variant 'teams' cannot be played with 3 players" in result.output


NAMED = """
resource coin;
resource food;
counter vp;
die goods: resource { face = coin; face = food; face = none; }
func worth(r: resource) = match r { coin: 3, food: 2, else: 0 };
proc icon(r: resource) { if r == coin { gain 10 vp; } if food != r { gain 1 vp; } }
proc turn() {
  gain 5 coin;
  let got = roll goods;
  if got == coin { gain 100 vp; }
  if got != none { gain worth(got) vp; icon(got); }
}
game g { seats 2 to 2; phase play { each players: turn(); } winner most vp; }
"""


def test_a_resource_name_compared_with_a_resource_value_stands_for_itself(tmp_path, backend):
    """`got == coin` with `got` holding a resource asks which resource it is (it compared the
    name with the player's 5 coins before, never true); so does `match r { coin: ... }`."""
    program = program_of(write_pack(tmp_path / "named", NAMED), backend)
    expected = {0: 100 + 3 + 10 + 1, 1: 2, 2: 0}   # coin, food, nothing
    for seed in range(8):
        g = play(program, players=2, seed=seed)
        faces = [e[2] for e in g.log if e[0] == "roll"]
        assert [p.stock["vp"] for p in g.state.players] == [expected[f] for f in faces]


def test_bonus_spaces_lists_the_spaces_of_a_track_that_offer_a_bonus(tmp_path, backend):
    pack = write_pack(tmp_path / "bonus", """
counter vp;
resource coin;
track lane {
  space 1 { } bonus cost 1 coin { gain 1 vp; }
  space 2 { } space 3 { } bonus cost 1 coin { gain 2 vp; } space 4 { }
}
proc next_bonus() { gain lowest(n in bonus_spaces(lane) where n > position(lane), n) vp; }
game g { seats 2 to 2; phase play { each players: next_bonus(); } winner most vp; }
""")
    g = new_game(program_of(pack, backend))
    p = g.state.players[0]
    assert g.bonus_spaces("lane") == [1, 3]
    from .conftest import run_proc
    p.stock["lane"] = 1
    run_proc(g, "next_bonus")
    assert p.stock["vp"] == 3
    p.stock["lane"] = 3
    run_proc(g, "next_bonus")
    assert p.stock["vp"] == 3          # none ahead: lowest of nothing is 0


EVENT_ARGS = """
resource coin;
counter vp;
counter turn_no;
event stage(turn: int);
event got(r: resource);
proc start() {
  whenever you stage(turn = 2) { gain 10 vp; }
  whenever you stage { gain it.turn vp; }
  whenever you got(r = coin) { gain 100 vp; }
}
proc tick() { gain 1 turn_no; emit stage(turn_no); emit got(coin); }
game g { seats 2 to 2; phase setup { each players: start(); } phase play { repeat 3 { each players: tick(); } } winner most vp; }
"""


def test_an_emitted_counter_is_its_value_where_the_event_declares_a_number(tmp_path, backend):
    """`emit stage(turn_no)` with `event stage(turn: int)` announces the number (it announced the
    word "turn_no", so `stage(turn = 2)` never matched); a resource parameter still takes the name."""
    g = play(program_of(write_pack(tmp_path / "events", EVENT_ARGS), backend), players=2)
    assert [p.stock["vp"] for p in g.state.players] == [1 + 2 + 3 + 10 + 300] * 2
