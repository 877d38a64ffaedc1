"""Shared helpers: temporary packs, an isolated compile cache, and driving effects with scripted answers."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path

import pytest
from hypothesis import settings

from rulebook.compiler.driver import analyse_text, build_text, compile_pack, interpret_pack
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text
from rulebook.dsl.printer import format_module
from rulebook.runtime.agents import ScriptedAgent, make_agents
from rulebook.runtime.engine import Game
from rulebook.runtime.record import GameLog, record, replay

# CI explores the same examples on every run (a red CI must mean a change broke something);
# local runs draw new examples each time, to keep finding bugs.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

# Where slow tests run (CI, RULEBOOK_SLOW=1), property tests run thoroughly, with all their examples;
# the default run draws a sixth of them (at least 5), so it stays under a minute while still exploring.
THOROUGH = bool(os.environ.get("CI") or os.environ.get("RULEBOOK_SLOW"))


def examples(thorough: int) -> int:
    """How many examples a property test draws: `thorough` where slow tests run, a sixth by default."""
    return thorough if THOROUGH else max(5, thorough // 6)


def pytest_collection_modifyitems(config, items):
    """Slow tests run under CI (and with RULEBOOK_SLOW=1); a local run stays quick."""
    if THOROUGH:
        return
    skip = pytest.mark.skip(reason="slow: set RULEBOOK_SLOW=1 (CI runs it)")
    for item in items:
        if "slow" in item.keywords:
            item.add_marker(skip)


def games_per_count(default: int = 50) -> int:
    """Random games per player count in the slow invariant runs: RULEBOOK_GAMES when set (the issues'
    acceptance runs use 200, by hand: `RULEBOOK_SLOW=1 RULEBOOK_GAMES=200 pytest -k random_games`),
    else `default`, which keeps CI well under its time budget as packs are added."""
    return int(os.environ.get("RULEBOOK_GAMES", default))


@pytest.fixture(autouse=True)
def isolated_cache(tmp_path_factory, monkeypatch):
    """Every test compiles into its own cache folder, so tests never see each other's output."""
    monkeypatch.setenv("RULEBOOK_CACHE", str(tmp_path_factory.mktemp("cache")))


RULES = Path(__file__).resolve().parent.parent / "rules"
FEDERATION = str(RULES / "federation")


def pack_backends(tmp_path_factory, pack: str, expansions: tuple = ()) -> dict:
    """A pack's compiled and interpreted Program (with expansions stacked), built in a cache of
    their own: a module-scoped `backends` fixture calls it once for its tests."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RULEBOOK_CACHE", str(tmp_path_factory.mktemp(f"{Path(pack).name}-cache")))
        stacked = list(expansions)
        return {"compiled": compile_pack(pack, expansions=stacked).program,
                "interpreted": interpret_pack(pack, expansions=stacked)}


@pytest.fixture(scope="session")
def federation_programs(tmp_path_factory) -> dict:
    """Federation's compiled and interpreted Program, built once for the whole run in a cache of their
    own (a game never changes its Program, so the test files that play Federation share them)."""
    return pack_backends(tmp_path_factory, FEDERATION)


def write_pack(root: Path, text: str, name: str = "snippet", extends: list[str] | None = None) -> Path:
    """A one-file pack in `root` holding `text`."""
    root.mkdir(parents=True, exist_ok=True)
    manifest = f'name = "{name}"\n'
    if extends:
        manifest += "extends = [" + ", ".join(f'"{e}"' for e in extends) + "]\n"
    (root / "pack.toml").write_text(manifest)
    (root / "main.rules").write_text(textwrap.dedent(text))
    return root


def programs(pack: Path):
    """The compiled and the interpreted Program of a pack (tests run scenarios on both)."""
    return [compile_pack(str(pack)).program, interpret_pack(str(pack))]


@pytest.fixture(params=["compiled", "interpreted"])
def backend(request):
    """Which backend a scenario runs on: a failure names it."""
    return request.param


@pytest.fixture
def program(backends, backend):
    """The module's pack on one backend, for a module that defines `backends` (pack_backends)."""
    return backends[backend]


def pack_program(pack):
    """A test module's `program` fixture (`program = pack_program(PACK)`): the pack compiled and
    interpreted, each built once for the module, so every test runs on both backends."""

    @pytest.fixture(scope="module", params=["compiled", "interpreted"])
    def fixture(request):
        return program_of(pack, request.param)

    return fixture


def program_of(pack: Path, backend: str):
    """The pack's Program on one backend."""
    return compile_pack(str(pack)).program if backend == "compiled" else interpret_pack(str(pack))


def new_game(program, players: int = 2, answers=(), seed: int = 1) -> Game:
    """A game whose every seat answers from one shared script."""
    agent = ScriptedAgent(list(answers))
    return Game(program, players, seed, [agent] * players)


def run_answering(gen, answer, with_forced: bool = False, always: frozenset = frozenset()) -> list:
    """Run an effect generator to the end, each decision answered by `answer(decision)` (an option
    index); a lone option is forced, as in play, unless its statement is in `always` (a program's
    `asked`: `always asked`, asked even with one option). Returns the decisions that were asked, and
    the forced ones too (in order) when `with_forced`."""
    asked = []
    value = None
    try:
        while True:
            d = gen.send(value)
            forced = len(d.options) == 1 and d.where not in always
            if with_forced or not forced:
                asked.append(d)
            value = 0 if forced else answer(d)
    except StopIteration:
        pass
    return asked


def drive(game: Game, gen, answers=()) -> list:
    """Run an effect generator to the end, answering decisions from `answers` (indexes or labels).

    Returns the decisions that were asked (forced single-option decisions are answered silently, as in
    play: not those of an `always asked` statement).
    """
    script = list(answers)

    def next_answer(d) -> int:
        if not script:
            raise AssertionError(f"unexpected decision: {d.prompt} {d.options}")
        answer = script.pop(0)
        return d.index_of(answer) if isinstance(answer, str) else answer

    asked = run_answering(gen, next_answer, always=game.program.asked)
    assert not script, f"answers left over: {script}"
    return asked


def answer_by_prompt(gen, answers: dict, with_forced: bool = False) -> list:
    """Run an effect generator to the end, answering a prompt that starts with a key of `answers`
    with its label, and anything else with the first option; returns the decisions asked (and the
    forced ones too when `with_forced`)."""
    return run_answering(gen, lambda d: next((d.index_of(a) for k, a in answers.items()
                                              if d.prompt.startswith(k)), 0), with_forced)


def run_slot(game: Game, entity: str, slot: str, player: int = 0, answers=()):
    """Run an entity's effect slot for a player."""
    e = game.program.entities[entity]
    return drive(game, e.effects[slot](game, game.state.players[player], e), answers)


def started(program, players: int = 2, seed: int = 1) -> Game:
    """A new game run up to its first decision: its setup done, where the setup asks nothing."""
    game = Game(program, players, seed)
    game.start()
    return game


def traced_play(program, players: int, seed: int) -> list[str]:
    """The trace lines of a whole game played by random agents (seeded)."""
    from rulebook.runtime.agents import make_agents

    game = Game(program, players, seed, make_agents("random", players, seed))
    lines = []
    game.tracer = lambda e: lines.append(e.describe())
    game.play()
    return lines


def func_for(game: Game, name: str, *args, seat: int = 0):
    """A func of the pack worked out for the player in seat `seat` (from 0)."""
    return game.program.funcs[name](game, game.state.players[seat], *args)


class LoadedDice:
    """An RNG for a game (`game.rng = LoadedDice([...])`) whose die rolls come out as `faces` (1 to 6), in order."""

    def __init__(self, faces: list[int]):
        self.faces = list(faces)

    def randrange(self, n: int) -> int:
        return self.faces.pop(0) - 1


def run_proc(game: Game, name: str, *args, player: int = 0, answers=()):
    """Run a proc of the pack for a player."""
    return drive(game, game.program.procs[name](game, game.state.players[player], *args), answers)



def said(program, body: str, players: int = 2) -> list[str]:
    """The messages of a proc `p` running `body` for P1 (`program` takes the proc's text)."""
    game = Game(program(f"proc p() {{ {body} }}"), players, 1)
    run_proc(game, "p")
    return game.messages

def vp_after(program, setup: str, body: str) -> int:
    """P1's vp after a proc that runs `setup` then `body` (statements) in a new game (seed 1, 2 players)."""
    g = Game(program("proc p() { " + setup + "\n" + body + " }"), 2, 1)
    run_proc(g, "p")
    return g.state.players[0].stock["vp"]


def stopped_by(program, body: str):
    """The RulesRuntimeError a proc `p` running `body` for P1 stops play with (a new game, seed 1, 2 players)."""
    from rulebook.runtime.engine import RulesRuntimeError

    game = Game(program(f"proc p() {{ {body} }}"), 2, 1)
    with pytest.raises(RulesRuntimeError) as stopped:
        run_proc(game, "p")
    return stopped.value


def house_rule_game(tmp_path: Path, base: str, house: str, interpreted: bool) -> Game:
    """A new game (seed 1, 2 players) of a house rule's pack `house` extending a base pack `base`, on one backend;
    the house rule lints to its override's note alone (I404)."""
    from rulebook.compiler.driver import analyse

    write_pack(tmp_path / "base", base, name="base")
    house_pack = write_pack(tmp_path / "house", house, name="house", extends=["../base"])
    assert [d.code for d in analyse(str(house_pack)).diagnostics] == ["I404"]
    return Game(interpret_pack(str(house_pack)) if interpreted else compile_pack(str(house_pack)).program, 2, 1)


def dealt(program, players: int = 2) -> Game:
    """A new game (seed 1) whose pack's `deal` proc has run."""
    game = Game(program, players, 1)
    run_proc(game, "deal")
    return game


def on_both_backends(make):
    """A fixture whose tests run twice, with `make(False)` (compiled) and `make(True)` (interpreted):
    assigned in a test module, `program = rules_program(PACK)`, it is that module's `program`."""

    @pytest.fixture(params=[False, True], ids=["compiled", "interpreted"])
    def fixture(request):
        return make(request.param)

    return fixture


def rules_program(text: str):
    """A fixture: the rules `text` as a Program, compiled and interpreted."""
    return on_both_backends(lambda interpreted: build_text(text, interpreted=interpreted))


def both_built(text: str) -> list:
    """The rules `text` built compiled and interpreted, in that order (to compare their answers)."""
    return [build_text(text, interpreted=i) for i in (False, True)]


def rules_programs(text: str):
    """A fixture: `program(more)` builds the rules `text` followed by `more`, compiled and interpreted."""
    return on_both_backends(lambda interpreted: lambda more="": build_text(text + more, interpreted=interpreted))


def explained(result, name: str) -> str:
    """`rulebook explain`'s reading of the declaration `name` of an analysis, one line each."""
    from rulebook.compiler.explain import explain

    return "\n".join(explain(result.symbols.decls[name], result.symbols))


def reported(result) -> list[tuple]:
    """Every finding of an analysis as (code, line, message)."""
    return [(d.code, d.span.line, d.message) for d in result.diagnostics]


def found_at(text: str) -> list[tuple]:
    """Every finding of the analysis of `text` as (code, line, column)."""
    return [(d.code, d.span.line, d.span.column) for d in analyse_text(text).diagnostics]


def amend_misuse(base: str, name: str, items: str, code: str, message: str, hint, at: str) -> None:
    """`amend NAME { ITEMS }` written on the line after `base` gives one error: `code`, its message holding
    `message`, its hint `hint` (unless None), at the first `at` of that line."""
    house = f"amend {name} {{ {items} }}\n"
    found = [d for d in analyse_text(base + house).diagnostics if d.severity == "error"]
    assert [d.code for d in found] == [code], [d.headline() for d in found]
    assert message in found[0].message and (hint is None or found[0].hint == hint), found[0].headline()
    assert (found[0].span.line, found[0].span.column) == (base.count("\n") + 1, house.index(at) + 1)


def printed_back(text: str):
    """The module of `text` and its `fmt` form, checked to parse back to the same module and to print
    the same again."""
    module = parse_text(text, "a.rules")
    printed = format_module(module)
    assert parse_text(printed, "a.rules") == module and format_module(parse_text(printed, "a.rules")) == printed
    return module, printed


def sudden_outcome(game: Game) -> tuple:
    """A game's result once it ended at once (`end game won by P "REASON";` / `lost by P`): its winners, "won"
    or "lost" (None when it did not end so) and the reason (None without one)."""
    result = game.result()
    return result["winners"], result.get("sudden"), result.get("reason")


def holding(program, **stocks) -> Game:
    """A game (seed 1) of as many players as a list given has items, each holding what is given by
    resource: `holding(program, soy=[2, 0, 1], wax=3)` (a number is every player's)."""
    seats = next(len(v) for v in stocks.values() if isinstance(v, (list, tuple)))
    game = Game(program, seats, 1)
    for i, player in enumerate(game.state.players):
        for name, amount in stocks.items():
            player.stock[name] = amount[i] if isinstance(amount, (list, tuple)) else amount
    return game


def the_one_error(result, code: str, where: str = "", line: int | None = None) -> None:
    """The analysis found exactly one error, of `code`, whose message holds `where` (on `line`)."""
    errors = [d for d in result.diagnostics if d.severity == "error"]
    assert [d.code for d in errors] == [code] and where in errors[0].message, [d.headline() for d in errors]
    if line is not None:
        assert errors[0].span.line == line


def played(program, seed: int, players: int = 3) -> Game:
    """A whole game of random agents."""
    g = Game(program, players, seed, make_agents("random", players, seed))
    g.play()
    return g


def random_start(program, seed: int, steps: int = 30, players: int = 2) -> tuple:
    """The first `steps` decisions of a game answered at random (seeded by `seed`): the game and the
    options offered at each decision, in order (a game too long to play out on both backends)."""
    import random

    g, rng, offered = Game(program, players, seed), random.Random(seed), []
    d = g.start()
    for _ in range(steps):
        if d is None:
            break
        offered.append(sorted(d.options))
        d = g.apply(rng.randrange(len(d.options)))
    return g, offered


def random_games_agree(text: str, seeds=range(1, 6), counts=(2, 4)) -> None:
    """Random games of a rules text end, with the same log and final state compiled and interpreted."""
    compiled, interpreted = (build_text(text, interpreted=i) for i in (False, True))
    for seed in seeds:
        for players in counts:
            a, b = played(compiled, seed, players), played(interpreted, seed, players)
            assert a.result()["over"] and a.log == b.log and a.state.digest() == b.state.digest()


def replays_through_json(program, seed: int) -> None:
    """A random game's log, written as JSON and read back, replays to the same final state."""
    g = played(program, seed)
    again = GameLog.model_validate_json(record(g).model_dump_json())
    assert replay(program, again).state.digest() == g.state.digest()


def proc_findings(base: str, body: str) -> list[tuple]:
    """(code, line, column, message) of each finding but W401 of `proc p() { BODY }` written after BASE."""
    result = analyse_text(base + "proc p() { " + body + " }")
    return [(d.code, d.span.line, d.span.column, d.message) for d in result.diagnostics if d.code != "W401"]


def parse_error(text: str, path: str = "t.rules"):
    """The first diagnostic of a text that does not parse."""
    with pytest.raises(RulesError) as err:
        parse_text(text, path)
    return err.value.diagnostics[0]


def screens(game, seats=(0, 1)) -> list[str]:
    """The hot seat's screen of each seat, as text (what each player is shown now)."""
    from rich.console import Console

    from rulebook.runtime.console import screen
    from rulebook.runtime.view import build_view

    shown = []
    for viewer in seats:
        console = Console(width=100, record=True)
        for part in screen(build_view(game, viewer), []):
            console.print(part)
        shown.append(console.export_text())
    return shown


class ScriptedConsole:
    """A console for HumanAgent in tests: what it prints is kept, and it answers with the given lines in
    turn (then "1" for ever: the first option)."""

    def __init__(self, answers=()):
        self.answers, self.printed = list(answers), []

    def print(self, *args, **kwargs):
        self.printed.append(" ".join(map(str, args)))

    def input(self, prompt=""):
        return self.answers.pop(0) if self.answers else "1"


def played_with_and_against(base: str, house, games: int) -> str:
    """A house rule's two commands, as a designer runs them: `rulebook play BASE --with HOUSE` plays a game to
    its winner, and `rulebook simulate BASE --with HOUSE --against BASE` compares them on `games` seeds (3
    players, one worker); returns what simulate printed."""
    from click.testing import CliRunner

    from rulebook.cli import app

    runner = CliRunner()
    played = runner.invoke(app, ["play", base, "--with", str(house), "-n", "3", "-q"])
    assert played.exit_code == 0 and "winner" in played.output, played.output
    compared = runner.invoke(app, ["simulate", base, "--with", str(house), "--against", base,
                                   "-n", "3", "-g", str(games), "-w", "1"])
    assert compared.exit_code == 0, compared.output
    return compared.output


def played_on_both_backends(pack, players: int, seed: int, decisions: int | None = None) -> list:
    """A seeded game of random agents of the pack at `pack`, compiled and interpreted, checked to end alike
    (log, scores, winners, final state): [(game, result), (game, result)], for the caller's own checks of each.
    `decisions`: only the game's first N decisions (a pack the interpreter plays slowly), checked alike by log
    and state; the result is then None."""
    from rulebook.runtime.limits import Limits, Stopped, limit

    games = []
    for program in (compile_pack(str(pack)).program, interpret_pack(str(pack))):
        game = limit(Game(program, players, seed, make_agents("random", players, seed)), Limits(decisions=decisions))
        try:
            games.append((game, game.play()))
        except Stopped:
            games.append((game, None))
    (a, first), (b, second) = games
    assert (a.log, a.state.digest()) == (b.log, b.state.digest())
    if decisions is None:
        assert (first["scores"], first["winners"]) == (second["scores"], second["winners"])
    return games
