"""Logs, saved states, clones, counts and seeds (issue 8, section 5): tampered logs and states are
refused with a code (E603/E604/E605/E508), never accepted or an internal error."""

from __future__ import annotations

import json
import re
import shutil

import pytest
from click.testing import CliRunner

from rulebook.cli import app
from rulebook.compiler.driver import analyse, compile_pack, interpret_pack
from rulebook.dsl.diagnostics import RulesError
from rulebook.runtime.agents import RandomAgent, make_agents
from rulebook.runtime.engine import Game, RulesRuntimeError
from rulebook.runtime.record import load, load_state, record, replay, save, save_state

from .conftest import new_game, programs, run_proc, write_pack
from .test_runtime import GAME as RUNTIME_GAME

runner = CliRunner()

# the runtime tests' game, with a track, a variant and a `once`/trigger each to tamper with
GAME = (RUNTIME_GAME.replace("play { gain 1 vp; } }", "play { gain 1 vp; advance fame; } }")
        .replace("gain 1 coin; } }", "if enabled(rich) { gain 3 coin; } } }")
        + 'track fame { space 1 "F1" { gain 1 vp; } space 2 "F2" { gain 2 vp; } }\n'
        + 'variant rich "Everyone starts with 3 coins";\n')
assert "advance fame;" in GAME and "enabled(rich)" in GAME, "the runtime tests' game changed: update GAME"


@pytest.fixture
def pack(tmp_path):
    return write_pack(tmp_path / "demo", GAME, name="demo")


def played(program, players=3, seed=7, variants=()):
    g = Game(program, players, seed, make_agents("random", players, seed), variants)
    g.play()
    return g


def invoke(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output and "internal error" not in result.output
    return result


@pytest.fixture
def logged(pack, tmp_path):
    """A real log written by `rulebook play --log`, as a dict to tamper with, and a writer."""
    path = tmp_path / "game.json"
    assert invoke("play", pack, "-n", 3, "--seed", 5, "--variant", "rich", "--log", path).exit_code == 0
    data = json.loads(path.read_text())

    def write(d) -> str:
        path.write_text(d if isinstance(d, str) else json.dumps(d))
        return str(path)
    return data, write


# ------------------------------------------------------------------------------------------- logs

BIG = "a number too long for Python's int()"
TAMPERED = {
    "an edited result": (lambda d: d["result"]["scores"]["P1"].__setitem__(0, 99), "E603"),
    "an edited winner": (lambda d: d["result"].__setitem__("winners", ["P3", "P2"]), "E603"),
    "an edited final digest": (lambda d: d.__setitem__("final_digest", "0" * 16), "E603"),
    "an edited rules digest": (lambda d: d.__setitem__("digest", "0" * 20), "E508"),
    "an unknown variant": (lambda d: d.__setitem__("variants", ["rich", "nope"]), "E604"),
    "a seed given as a string": (lambda d: d.__setitem__("seed", "5"), "E604"),
    "a 4,301-digit seed": (lambda d: d.__setitem__("seed", BIG), "E604"),
    "a seed past 2^63": (lambda d: d.__setitem__("seed", 2 ** 63), "E604"),
    "a short entry": (lambda d: d["entries"].__setitem__(0, [0]), "E604"),
    "an empty entry": (lambda d: d["entries"].__setitem__(0, []), "E604"),
    "an entry of the wrong kind": (lambda d: d["entries"].__setitem__(0, ["peek", "deck", 1]), "E604"),
    "10^8 players": (lambda d: d.__setitem__("players", 10 ** 8), "E604"),
    "0 players": (lambda d: d.__setitem__("players", 0), "E604"),
    "-3 players": (lambda d: d.__setitem__("players", -3), "E604"),
    "players outside the seats": (lambda d: d.__setitem__("players", 6), "E604"),
    "a missing field": (lambda d: d.pop("entries"), "E604"),
    "an extra field": (lambda d: d.__setitem__("exec", "rm -rf"), "E604"),
    "an older format": (lambda d: d.__setitem__("format", "rulebook-log/1"), "E604"),
    "a changed decision": (lambda d: d["entries"].__setitem__(
        next(i for i, e in enumerate(d["entries"]) if isinstance(e[0], int)),
        [next(e for e in d["entries"] if isinstance(e[0], int))[0], 1000]), "E603"),
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_tampered_log_is_refused_with_a_code(logged, case):
    data, write = logged
    tamper, code = TAMPERED[case]
    tamper(data)
    path = write(json.dumps(data).replace(json.dumps(BIG), "9" * 4301))
    result = invoke("replay", path)
    assert result.exit_code == 1, result.output
    assert f"error[{code}]" in result.output and path in result.output
    assert "replay matches" not in result.output


@pytest.mark.parametrize("text", ["", "[]", "{", "[" * 3000 + "]" * 3000, '{"format": ' * 200 + "1" + "}" * 200,
                                  "\xff\xfe", "null"])
def test_a_file_that_is_no_log_is_e604(tmp_path, text):
    path = tmp_path / "log.json"
    path.write_text(text, encoding="utf-8", errors="surrogateescape")
    with pytest.raises(RulesRuntimeError) as info:
        load(path)
    assert info.value.code == "E604" and str(path) in str(info.value)


def test_a_log_that_is_a_fifo_or_huge_is_refused_without_reading(tmp_path):
    import os
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    with pytest.raises(RulesRuntimeError) as info:
        load(fifo)
    assert info.value.code == "E107"
    huge = tmp_path / "huge.json"
    with open(huge, "wb") as f:
        f.truncate(1 << 30)
    with pytest.raises(RulesRuntimeError) as info:
        load(huge)
    assert info.value.code == "E105"


def test_a_log_replays_from_another_folder(logged, tmp_path, monkeypatch):
    data, write = logged
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "demo").mkdir()                       # a folder with the pack's folder name, not the pack
    monkeypatch.chdir(elsewhere)
    result = invoke("replay", write(data))
    assert result.exit_code == 0 and "replay matches the log" in result.output


def test_a_log_never_replays_on_another_pack_with_the_same_folder_name(logged, pack, tmp_path):
    data, write = logged
    moved = tmp_path / "moved" / "demo"
    shutil.move(str(pack), moved)
    impostor = write_pack(pack, GAME.replace("gain 2 coin; } }", "gain 3 coin; } }"), name="demo")
    path = write(data)
    result = invoke("replay", path)
    assert result.exit_code == 1 and "error[E508]" in result.output and "other rules" in result.output
    assert "was played with other rules than the pack found" in result.output   # not "is not found"
    assert invoke("replay", path, "--pack", moved).exit_code == 0
    assert "E508" in invoke("replay", path, "--pack", impostor).output
    shutil.rmtree(impostor)
    missing = invoke("replay", path).output
    assert "E508" in missing and "is not found" in missing    # missing altogether: said clearly


def test_the_pack_digest_is_blind_to_layout_and_comments(pack, tmp_path):
    before = analyse(str(pack)).identity()
    main = pack / "main.rules"
    assert invoke("fmt", main).exit_code == 0
    main.write_text("# a comment\n\n" + main.read_text().replace(";", " ;"))
    assert analyse(str(pack)).identity() == before
    assert compile_pack(str(pack)).program.digest == interpret_pack(str(pack)).digest == before
    main.write_text(main.read_text().replace("gain 2 coin", "gain 3 coin"))
    assert analyse(str(pack)).identity() != before


def test_a_log_still_replays_after_fmt(logged, pack):
    data, write = logged
    assert invoke("fmt", pack / "main.rules").exit_code == 0
    assert invoke("replay", write(data)).exit_code == 0


def test_replay_refuses_a_program_with_other_rules(pack, tmp_path):
    program = compile_pack(str(pack)).program
    log = record(played(program), str(pack))
    other = write_pack(tmp_path / "other", GAME.replace("gain 2 coin; } }", "gain 3 coin; } }"), name="demo")
    with pytest.raises(RulesRuntimeError) as info:
        replay(compile_pack(str(other)).program, log)
    assert info.value.code == "E508"


def test_replay_checks_the_result_on_both_backends(pack, tmp_path):
    for program in programs(pack):
        log = record(played(program), str(pack))
        assert replay(program, log).state.digest() == log.final_digest
        forged = log.model_copy(update={"result": log.result.model_copy(update={"winners": ["P9"]})})
        with pytest.raises(RulesRuntimeError) as info:
            replay(program, forged)
        assert info.value.code == "E603"


# --------------------------------------------------------------------------------------- states

def saved_state(pack, tmp_path):
    program = compile_pack(str(pack)).program
    g = Game(program, 2, 3, make_agents("random", 2, 3))
    g.start()
    for _ in range(3):
        g.apply(0)
    path = tmp_path / "state.json"
    save_state(g.state, path)
    return program, path, json.loads(path.read_text()), g


def card_in(data, zone="hand"):
    return next(h["zones"][zone][0] for h in data["players"] if h["zones"][zone])


BAD_STATES = {
    "an unknown resource": lambda d: d["players"][0]["stock"].__setitem__("gold", 1),
    "a missing resource": lambda d: d["players"][0]["stock"].pop("coin"),
    "a negative stock": lambda d: d["players"][0]["stock"].__setitem__("coin", -1),
    "a stock over its cap": lambda d: d["players"][0]["stock"].__setitem__("coin", 9),
    "a track past its end": lambda d: d["players"][0]["stock"].__setitem__("fame", 3),
    "an unknown zone": lambda d: d["zones"].__setitem__("attic", []),
    "an unknown card": lambda d: d["zones"]["deck"].append("c99"),
    "one card in two zones": lambda d: d["zones"]["deck"].append(card_in(d)),
    "one card twice in a zone": lambda d: d["players"][0]["zones"]["played"].extend(["c1", "c1"]),
    "an unknown actor": lambda d: d["actors"].__setitem__("ghost", {"stock": {}, "zones": {}}),
    "an unknown global": lambda d: d["globals"].__setitem__("era", 1),
    "a player reference out of range": lambda d: d["triggers"].append(
        ["t", {"player": 7}, "you", "gain", {}, False, None, {}]),
    "an unknown trigger": lambda d: d["triggers"].append(["nope", {"player": 0}, None, "gain", {}, False, None, {}]),
    "a trigger id that is a list": lambda d: d["triggers"].append([["t"], {"player": 0}, None, "gain", {}, False,
                                                                   None, {}]),
    "a reference whose name is a list": lambda d: d["evars"].__setitem__("c1", {"x": {"actor": ["a"]}}),
    "a reference with two tags": lambda d: d["evars"].__setitem__("c1", {"x": {"player": 0, "entity": "c1"}}),
    "variables of an unknown card": lambda d: d["evars"].__setitem__("c99", {"x": 1}),
    "an unknown flipped card": lambda d: d["flipped"].append("c99"),
    "a claimed space of no track": lambda d: d["claimed"].append("nowhere:1"),
    "a once of nobody": lambda d: d["once"].append("P9:x"),
    "no players": lambda d: d.__setitem__("players", []),
    "a stock given as a string": lambda d: d["players"][0]["stock"].__setitem__("coin", "1"),
    "a stock of 4,301 digits": lambda d: None,
    "deep nesting": lambda d: None,
}


@pytest.mark.parametrize("case", sorted(BAD_STATES))
def test_an_invalid_saved_state_is_e605(pack, tmp_path, case):
    program, path, data, _ = saved_state(pack, tmp_path)
    BAD_STATES[case](data)
    text = json.dumps(data)
    if case == "a stock of 4,301 digits":
        text = re.sub(r'"coin": \d+', '"coin": ' + "9" * 4301, text, count=1)
    if case == "deep nesting":
        text = text.replace('"evars": {}', '"evars": {"c1": {"x": ' + "[" * 5000 + "]" * 5000 + "}}")
    path.write_text(text)
    with pytest.raises(RulesRuntimeError) as info:
        load_state(path, program)
    assert info.value.code == "E605" and str(path) in str(info.value)


def test_a_valid_saved_state_still_loads(pack, tmp_path):
    program, path, _, game = saved_state(pack, tmp_path)
    assert load_state(path, program).digest() == game.state.digest()


# -------------------------------------------------------------------------- clone, counts, seeds

def test_a_clone_has_its_own_agents(pack):
    program = compile_pack(str(pack)).program
    g = Game(program, 3, 9, make_agents("random", 3, 9))
    g.start()
    g.apply(0)
    twin = g.clone()
    assert all(a is not b for a, b in zip(twin.agents, g.agents))
    assert twin.play() == g.play()          # each continues with its own copy of the agents' RNG state
    assert twin.state.digest() == g.state.digest()


def test_a_clone_keeps_seats_that_share_one_agent_sharing_it(pack):
    program = compile_pack(str(pack)).program
    agent = RandomAgent(3)
    g = Game(program, 2, 1, [agent, agent])
    g.start()
    twin = g.clone()
    assert twin.agents[0] is twin.agents[1] and twin.agents[0] is not agent


NEGATIVE = """
counter vp;
track fame { space 1 "F1" { } space 2 "F2" { } space 3 "F3" { } }
kind card { }
card a "A" { }
card b "B" { }
card c "C" { }
zone deck of card;
zone hand per_player of card;
proc back(n: int) { regress fame by n; }
proc take(n: int) { draw n from deck to hand; }
proc ahead(n: int) { advance fame by n; }
proc setup() { fill deck with card; }
"""


@pytest.mark.parametrize("statement", ["regress fame by -5", "draw -1 from deck to hand", "advance fame by -2"])
def test_a_constant_negative_count_is_e308_at_lint(tmp_path, statement):
    pack = write_pack(tmp_path / "neg", NEGATIVE + f"proc bad() {{ {statement}; }}\n")
    findings = [(d.code, d.span.line) for d in analyse(str(pack)).diagnostics if d.code.startswith("E")]
    assert findings == [("E308", NEGATIVE.count("\n") + 1)]


@pytest.mark.parametrize("proc", ["back", "take", "ahead"])
def test_a_negative_count_at_run_time_is_e601_at_the_rules_line(tmp_path, proc):
    pack = write_pack(tmp_path / "neg", NEGATIVE)
    for program in programs(pack):
        g = new_game(program)
        run_proc(g, "setup")
        g.state.players[0].stock["fame"] = 1
        g._gen = program.procs[proc](g, g.state.players[0], -5)
        with pytest.raises(RulesRuntimeError) as info:
            g._advance(None)
        assert info.value.code == "E601" and "at least 0" in info.value.message
        assert info.value.where and info.value.where.split(":")[-2].isdigit()
        assert g.state.players[0].stock["fame"] == 1 and not g.state.players[0].zones["hand"]


def test_seeds_map_one_to_one(pack):
    program = compile_pack(str(pack)).program
    games = {seed: played(program, seed=seed) for seed in (5, -5, 0, -1, 1)}
    assert len({g.state.digest() for g in games.values()}) == 5
    assert games[5].log != games[-5].log


def test_random_agents_of_opposite_seeds_differ():
    (a,), (b,) = make_agents("random", 1, 5), make_agents("random", 1, -5)
    assert [a.rng.random() for _ in range(3)] != [b.rng.random() for _ in range(3)]


def test_the_cli_refuses_a_seed_outside_the_documented_range(pack):
    result = invoke("play", pack, "-n", 2, "--seed", 2 ** 63)
    assert result.exit_code == 2


# ------------------------------------------------------------------------- mutation (property)

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

JSON = st.recursive(st.none() | st.booleans() | st.integers(-2 ** 70, 2 ** 70) | st.text(max_size=6)
                    | st.sampled_from(["c1", "P1:x", "fame:1", "coin", {"player": 0}, {"entity": "c1"}]),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3),
                    max_leaves=6)


def places(data, path=()):
    """Every path into a JSON value (the value itself first)."""
    yield path
    items = data.items() if isinstance(data, dict) else enumerate(data) if isinstance(data, list) else ()
    for key, value in items:
        yield from places(value, path + (key,))


def mutated(data, choice: int, value):
    data = json.loads(json.dumps(data))
    path = list(places(data))[1:][choice % (len(list(places(data))) - 1)]
    target = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return data


@pytest.fixture(scope="module")
def originals(tmp_path_factory):
    """A compiled pack, a saved state and a log of one game, as JSON to mutate."""
    root = tmp_path_factory.mktemp("mutate")
    program = compile_pack(str(write_pack(root / "demo", GAME, name="demo"))).program
    game = played(program)
    save_state(game.state, root / "state.json")
    save(record(game, str(root / "demo")), root / "log.json")
    return program, root, json.loads((root / "state.json").read_text()), json.loads((root / "log.json").read_text())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(choice=st.integers(0, 10 ** 6), value=JSON, which=st.sampled_from(["state", "log"]))
def test_a_mutated_state_or_log_is_accepted_or_refused_with_a_code(originals, choice, value, which):
    program, root, state, log = originals
    path = root / f"mutated-{which}.json"
    path.write_text(json.dumps(mutated(state if which == "state" else log, choice, value)))
    try:
        load_state(path, program) if which == "state" else replay(program, load(path))
    except (RulesRuntimeError, RulesError) as e:
        assert getattr(e, "code", None) or e.diagnostics
