"""Start-up: what each command imports in a fresh process, the parser's table cache, and the AST
node mechanism that replaced dataclasses (issue 7 §4; the timings are in bench/startup.py)."""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import re
import shutil
import subprocess
import sys
from pathlib import Path

from functools import partial

import pytest
from rulebook.compiler.driver import compile_pack
from rulebook.dsl import ast as A
from rulebook.dsl import tables
from rulebook.dsl.diagnostics import RulesError
from rulebook.dsl.parser import parse_text

from .conftest import write_pack

CLI = "from rulebook.cli import main; main()"
SMALL_RULES = "resource coin;\nproc take() { gain 1 coin; }\n"
PARSER = {"lark", "rulebook.dsl.parser"}
CODE_GENERATOR = {"jinja2", "rulebook.compiler.codegen"}
# slower to import than a lint of a small file takes: only where a manifest is validated, a table drawn
HEAVY = {"pydantic", "rich", "importlib.metadata"}


def run_cli(args: list[str], cache: Path) -> tuple[subprocess.CompletedProcess, set[str]]:
    """`rulebook ARGS` in a fresh process with its own cache: the result and every module it imported."""
    env = {**os.environ, "RULEBOOK_CACHE": str(cache)}
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", CLI, *args], capture_output=True, text=True,
                          env=env, timeout=300)
    imported = set(re.findall(r"^import time:\s+\d+ \|\s+\d+ \|\s*(\S+)$", done.stderr, re.M))
    return done, imported


@pytest.fixture(scope="module")
def linted(tmp_path_factory) -> tuple[Path, Path, set[str]]:
    """A small rules file, the cache folder a first lint of it filled (the parser's tables) and the
    modules that lint imported."""
    root = tmp_path_factory.mktemp("linted")
    small = root / "small.rules"
    small.write_text(SMALL_RULES)
    first, imported = run_cli(["lint", str(small)], root / "cache")
    assert first.returncode == 0 and first.stderr.splitlines()[-1] == "no findings", first.stderr
    return small, root / "cache", imported


def test_importing_the_cli_loads_no_parser_generator_runtime_or_server():
    code = ("import sys, rulebook.cli; print(sorted(m for m in ('lark', 'jinja2', 'rulebook.runtime.engine', 'pygls', "
            "'rulebook.dsl.parser', 'rulebook.compiler.driver', 'rich') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"


def test_a_lint_loads_the_parser_but_no_code_generator_runtime_or_server(linted):
    _small, _cache, imported = linted
    assert PARSER <= imported
    assert not imported & (CODE_GENERATOR | HEAVY | {"rulebook.runtime.engine", "rulebook.runtime.agents", "pygls"})
    assert not imported & {"rulebook.runtime.program", "rulebook.runtime.kernels", "difflib"}  # no name to suggest, no kernel
    assert not imported & {"fractions", "decimal"}   # no decimal literal (dsl.ast.is_decimal)


def test_a_cache_hit_play_loads_neither_parser_nor_code_generator(linted, tmp_path):
    play = ["play", "federation", "--players", "2", "--seed", "1", "--quiet"]
    shutil.copytree(linted[1] / "grammar", tmp_path / "cache" / "grammar")   # the parser's tables, as after a lint
    cold, cold_imported = run_cli(play, tmp_path / "cache")
    hit, hit_imported = run_cli(play, tmp_path / "cache")
    assert cold.returncode == 0 and hit.returncode == 0, cold.stderr + hit.stderr
    assert (PARSER | CODE_GENERATOR) <= cold_imported                 # the first run compiled the pack
    assert not hit_imported & (PARSER | CODE_GENERATOR | {"rulebook.compiler.check", "pydantic"})
    assert "pydantic" in cold_imported                                # the manifests were validated once
    assert "rulebook.runtime.engine" in hit_imported
    assert hit.stdout == cold.stdout                                   # the same game, from the cached module


def test_only_a_cache_entry_vouches_for_an_unchecked_manifest(tmp_path):
    pack = write_pack(tmp_path / "p", "resource coin;\nproc take() { gain 1 coin; }\n", name="p")
    assert not compile_pack(str(pack)).cached and compile_pack(str(pack)).cached
    # a name and extends that read fine, and a field the manifest does not have: no entry has these bytes
    (pack / "pack.toml").write_text('name = "p"\nauthor = "me"\n')
    with pytest.raises(RulesError) as caught:
        compile_pack(str(pack))
    assert [d.code for d in caught.value.diagnostics] == ["E502"] and "author" in caught.value.diagnostics[0].message
    (pack / "pack.toml").write_text('name = "P q"\n')                 # a name the manifest's pattern refuses
    with pytest.raises(RulesError) as caught:
        compile_pack(str(pack))
    assert [d.code for d in caught.value.diagnostics] == ["E502"] and "name" in caught.value.diagnostics[0].message


def test_a_table_entry_is_keyed_by_the_lexer_code_it_keeps(tmp_path, monkeypatch):
    # the entry pickles the lexer object: an edit of the lexer's module must not reuse an entry
    module = tmp_path / "edited_lexer.py"
    module.write_text("from rulebook.dsl.lexer import RulesLexer\n\nclass Edited(RulesLexer):\n    pass\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    from edited_lexer import Edited

    grammar = "start: NAME\nNAME: /[a-z]+/\n"
    before = tables.table_key(grammar, {"lexer": Edited, "parser": "lalr"})
    module.write_text(module.read_text() + "# an edit\n")
    assert tables.table_key(grammar, {"lexer": Edited, "parser": "lalr"}) != before
    assert tables.table_key(grammar, {"lexer": "basic", "parser": "lalr"}) != before


@pytest.mark.parametrize("damage", ["garbage", "cut short", "a folder"])
def test_a_damaged_parser_cache_is_rebuilt_without_a_word(linted, tmp_path, damage):
    small, filled, _imported = linted
    cache = Path(shutil.copytree(filled, tmp_path / "cache"))
    [entry] = (cache / "grammar").glob("start-*.pickle")
    if damage == "garbage":
        entry.write_bytes(b"not a pickle\n" * 100)
    elif damage == "cut short":
        entry.write_bytes(entry.read_bytes()[:entry.stat().st_size // 2])
    else:
        entry.unlink()
        entry.mkdir()
    done, imported = run_cli(["lint", str(small)], cache)
    lines = [line for line in done.stderr.splitlines() if not line.startswith("import time:")]
    assert done.returncode == 0 and lines == ["no findings"], done.stderr
    assert "rulebook.dsl.parser" in imported
    if damage != "a folder":                                           # a folder stays; the rest is rewritten
        assert tables.loads(entry.read_bytes()).parse("resource coin;").data == "start"


def test_a_table_entry_packs_the_rows_and_decodes_only_those_read():
    from lark import Lark
    from rulebook.dsl.lexer import RulesLexer
    from rulebook.dsl.parser import GRAMMAR_PATH

    built = Lark(GRAMMAR_PATH.read_text(), parser="lalr", lexer=RulesLexer, keep_all_tokens=True,
                 maybe_placeholders=True)
    plain = built.parser.parser.parser.parse_table.states
    loaded = tables.loads(tables.dumps(built))
    packed = loaded.parser.parser.parser.parse_table.states
    assert type(built.parser.parser.parser.parse_table.states) is dict and built.grammar is not None  # dumps left it
    assert isinstance(packed, tables.PackedStates) and loaded.grammar is None
    assert built._parse_tree_builder is not None and loaded._parse_tree_builder is None
    # equal symbols and options are one object each in the entry (fewer objects to load)
    symbols = [s for rule in loaded.rules for s in (rule.origin, *rule.expansion)]
    assert len({id(s) for s in symbols}) == len({(type(s), s.name, getattr(s, "filter_out", None)) for s in symbols}) < len(symbols) // 10
    assert len({id(rule.options) for rule in loaded.rules}) < len(loaded.rules) // 10
    # the callbacks: one lazy dict, which the parser's configuration and its LALR parser share; only the start
    # rules' are made when the entry is loaded, then those of the rules a parse reduces by
    callbacks = loaded._callbacks
    assert isinstance(callbacks, tables.LazyCallbacks) and loaded.parser.parser.parser.callbacks is callbacks
    assert loaded.parser.parser_conf.callbacks is callbacks
    assert {rule.origin.name for rule in dict.keys(callbacks)} == {"start"}
    text = Path(__file__).resolve().parent.parent.joinpath("rules", "federation", "senate.rules").read_text()
    assert loaded.parse(text) == built.parse(text)
    assert 0 < len(callbacks) < len(built._callbacks) // 2 and callbacks.get("no such rule") is None
    def described(callback) -> list:   # a callback's wrappers (child filters, ...) and the tree it builds
        chain = []
        while not isinstance(callback, partial):
            chain.append((type(callback), {k: v for k, v in vars(callback).items() if k != "node_builder"}))
            callback = callback.node_builder
        return chain + [(callback.func, callback.args)]

    assert list(callbacks) == list(built._callbacks)   # every one made, in order: each as Lark made it
    assert len(callbacks) == len(built._callbacks)
    assert all(described(callbacks[rule]) == described(built._callbacks[rule]) for rule in built._callbacks)
    assert pickle.loads(pickle.dumps(callbacks)).keys() == callbacks.keys()   # a loaded one pickles again
    assert 0 < dict.__len__(packed) < len(plain) // 2                # only the rows the parse read
    assert len(packed) == len(plain) and 0 in packed and len(plain) not in packed and "0" not in packed
    assert packed.get(0) is packed[0] and packed.get(-1) is None
    assert packed == plain and dict(packed.items()) == plain and list(packed) == list(plain)  # all rows decoded
    with pytest.raises(KeyError):
        packed[len(plain)]
    assert pickle.loads(pickle.dumps(packed)) == plain                 # a loaded table pickles again


@pytest.mark.parametrize("texts", [("no findings",), ("a\x1b[31mb", "c\u202ed\x00"), ("line\nbreak\r\nend\r",),
                                   ("tab\there",), ("",), ("é" * 300, "x")])
def test_plain_lines_print_as_the_rich_console_prints_them(texts, capsys):
    from rulebook.cli import _LazyConsole
    from rulebook.runtime.console import PlainConsole

    _LazyConsole().print(*texts, end="!\n")        # without rich (a tab goes through it: it expands tabs)
    plain = capsys.readouterr().out
    PlainConsole().print(*texts, end="!\n")
    assert capsys.readouterr().out == plain and plain.endswith("!\n") and "\x1b" not in plain


# ---------------------------------------------------------------------------- the node mechanism

SPAN = A.Span("a.rules", 1, 2, 1, 9)


def test_nodes_compare_and_hash_by_their_fields_never_their_spans():
    gain = A.Gain(A.Int(2), "coin", span=SPAN)
    assert gain == A.Gain(A.Int(2), "coin") and hash(gain) == hash(A.Gain(A.Int(2), "coin"))
    assert gain != A.Gain(A.Int(3), "coin") and A.Int(2) != A.Str(2)
    assert A.Nothing() == A.Nothing() and A.Nothing() != A.You()
    assert {gain: 1}[A.Gain(A.Int(2), "coin")] == 1


def test_nodes_are_immutable_and_keep_no_dict():
    gain = A.Gain(A.Int(2), "coin", span=SPAN)
    for change in (lambda: setattr(gain, "resource", "vp"), lambda: setattr(gain, "span", A.NO_SPAN),
                   lambda: delattr(gain, "tag"), lambda: setattr(gain, "other", 1)):
        with pytest.raises(dataclasses.FrozenInstanceError):
            change()
    assert not hasattr(gain, "__dict__") and gain.resource == "coin"


def test_fields_defaults_repr_and_match_args_are_those_of_the_declaration():
    assert A.Name._fields == ("id",) and A.Binary._fields == ("op", "left", "right")
    assert A.Gain(A.Int(1), "coin").tag is None                        # declared `tag: ... = None`
    assert A.Binary.__match_args__ == ("op", "left", "right", "span")
    assert repr(A.Binary("+", A.Int(1), A.Name("x", span=SPAN))) == "Binary(op='+', left=Int(value=1), right=Name(id='x'))"
    assert repr(A.Nothing()) == "Nothing()"
    match A.Binary("+", A.Int(1), A.Name("x")):
        case A.Binary("+", A.Int(1), right):
            assert right == A.Name("x")
        case _:
            pytest.fail("a node did not match its own pattern")
    with pytest.raises(TypeError):
        A.Binary("+", A.Int(1))


def test_copies_pickles_and_replace_keep_fields_and_span():
    module = parse_text("resource coin;\nproc p() { if coin > 1 { gain 1 coin; } }\n", "a.rules")
    proc = module.items[1]
    for twin in (copy.copy(proc), copy.deepcopy(proc), pickle.loads(pickle.dumps(proc))):
        assert twin == proc and twin.span == proc.span and twin.body[0].span == proc.body[0].span
    renamed = A.replace(proc, name="q")
    assert renamed.name == "q" and renamed.body is proc.body and renamed.span == proc.span


def test_a_node_class_is_made_once_with_its_slots():
    assert type(A.Gain) is type(A.Node) and A.Gain.__slots__ == A.Gain._fields + ("span",)
    assert "__dict__" not in A.Gain.__dict__ and A.Gain in A.concrete_nodes(A.Stmt)
    with pytest.raises(TypeError, match="no __slots__"):
        @A.node
        class Plain:
            x: int


def test_a_node_declaration_is_checked_when_it_is_made():
    with pytest.raises(ValueError, match="immutable"):
        @A.node
        class Listed(A.Expr):
            items: tuple = []
    with pytest.raises(TypeError, match="follows"):
        @A.node
        class Ordered(A.Expr):
            first: int = 0
            second: int


def test_rarely_used_patterns_are_compiled_at_their_first_use():
    from rulebook.dsl.lexer import KEYWORD_SHAPES, LazyPattern

    code = ("import re, sys\nseen = []\nplain = re._compile\n"
            "def counting(pattern, flags):\n"
            "    frame = sys._getframe(1)\n"
            "    while 're/__init__' in frame.f_code.co_filename: frame = frame.f_back\n"
            "    seen.append(frame.f_globals.get('__name__'))\n"
            "    return plain(pattern, flags)\n"
            "re._compile = counting\nimport rulebook.dsl.parser\n"
            "print(sum(1 for name in seen if name in ('rulebook.dsl.lexer', 'rulebook.dsl.parser')))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert int(shown.stdout) <= 8, shown.stdout     # the few every lint reads (line breaks, identifiers, ...); 28 before
    shape = LazyPattern(r"\s*(to)\b")
    assert "match" not in vars(shape)
    assert shape.match("x  to y", 1).group(1) == "to" and "match" in vars(shape) and shape.pattern == r"\s*(to)\b"
    assert [m.start() for m in shape.finditer(" to to")] == [0, 3] and shape.search("xx") is None
    assert all(isinstance(p, LazyPattern) for p in KEYWORD_SHAPES.values())


def test_a_lint_makes_only_the_dataclasses_it_uses(linted):
    # a dataclass compiles its methods as its class statement runs (0.3-1.5 ms each): a lint pays for the
    # span, the module node and the finding, and for none of the layout, the compiled pack, the comments
    # (made when first used: dsl/lazy.py), the checker's symbols, or the tables of builtins and amend
    # forms (named tuples)
    small, cache, _imported = linted
    code = ("import dataclasses, sys\nmade = []\nplain = dataclasses._process_class\n"
            "def counting(cls, *args):\n"
            "    made.append(cls.__module__ + '.' + cls.__name__)\n"
            "    return plain(cls, *args)\n"
            "dataclasses._process_class = counting\n"
            "sys.argv = ['rulebook', 'lint', sys.argv[1]]\n"
            "from rulebook.cli import main\n"
            "try:\n    main()\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in made if m.startswith('rulebook.')))\n")
    done = subprocess.run([sys.executable, "-c", code, str(small)], capture_output=True, text=True,
                          env={**os.environ, "RULEBOOK_CACHE": str(cache)}, timeout=300)
    assert done.stdout.splitlines()[-1] == str(["rulebook.dsl.ast.Module", "rulebook.dsl.ast.Span",
                                                "rulebook.dsl.diagnostics.Diagnostic"]), done.stderr


def test_a_dataclass_made_when_used_is_one_from_its_first_instance():
    from rulebook.dsl.lazy import dataclass_when_used

    @dataclass_when_used(frozen=True)
    class Seat:
        name: str
        chips: int = 0

    assert "__eq__" not in vars(Seat)   # nothing compiled at the class statement
    first = Seat("north", chips=3)
    assert first == Seat("north", 3) and first != Seat("south", 3) and hash(first) == hash(Seat("north", 3))
    assert repr(first) == "test_a_dataclass_made_when_used_is_one_from_its_first_instance.<locals>.Seat(name='north', chips=3)"
    assert [f.name for f in dataclasses.fields(Seat)] == ["name", "chips"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.chips = 4
    assert dataclasses.replace(first, chips=5).chips == 5
    with pytest.raises(TypeError, match="slots"):
        dataclass_when_used(slots=True)
