"""The one place that chains the stages: parse -> resolve -> check -> codegen (or interpret) -> load."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import marshal
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Optional, Sequence

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import ERROR, Diagnostic, RulesError, sort_key
from rulebook.dsl.parser import deep_recursion, parse_file, parse_text
from rulebook.runtime.kernels import KERNELS
from rulebook.runtime.program import Program

from .check import Checker
from .codegen import generate
from .layout import layout
from .pack import MANIFEST, Pack, chain_digest, load_pack, stack_chain, stacking_conflicts
from .resolve import Symbols, resolve

_HERE = Path(__file__).resolve().parent
_SALT_FILES = [_HERE.parent / "dsl" / "rules.lark", _HERE / "codegen.py", _HERE / "check.py", _HERE / "resolve.py",
               _HERE / "layout.py", _HERE / "templates" / "module.py.j2", _HERE.parent / "dsl" / "parser.py"]


def compiler_salt() -> str:
    """A hash of the compiler's own sources: a new compiler never reuses an old cache entry."""
    h = hashlib.sha256()
    for p in _SALT_FILES:
        h.update(p.read_bytes())
    return h.hexdigest()[:12]


def cache_dir() -> Path:
    """Where compiled packs are cached: $RULEBOOK_CACHE or ~/.cache/rulebook."""
    return Path(os.environ.get("RULEBOOK_CACHE") or Path.home() / ".cache" / "rulebook")


@dataclass
class Analysis:
    """A checked pack chain: modules, symbols, findings and the source texts for carets."""

    chain: list
    modules: list = field(default_factory=list)           # (pack name, [Module])
    symbols: Optional[Symbols] = None
    diagnostics: list = field(default_factory=list)
    sources: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not any(d.severity == ERROR for d in self.diagnostics)


def analyse_chain(chain: list[Pack]) -> Analysis:
    """Parse every file of every pack, resolve names across them and check the result."""
    result = Analysis(chain)
    for pack in chain:
        modules = []
        if not pack.files():
            result.diagnostics.append(Diagnostic("E505", f"pack {pack.name!r} has no .rules files",
                                                 A.Span(str(pack.root / MANIFEST), 0, 0, 0, 0)))
        for path in pack.files():
            shown = pack.display(path)
            try:
                module, text = parse_file(path, shown)
                result.sources[shown] = text
                modules.append(module)
            except RulesError as e:
                result.diagnostics.extend(e.diagnostics)
                try:
                    result.sources[shown] = path.read_text(encoding="utf-8", errors="replace")
                except OSError:
                    pass
        result.modules.append((pack.name, modules))
    return _check(result)


def analyse_text(text: str, name: str = "<text>") -> Analysis:
    """Analyse rules text that is not on disk (tests, editors, fuzzing)."""
    result = Analysis([])
    result.sources[name] = text
    try:
        result.modules.append(("text", [parse_text(text, name)]))
    except RulesError as e:
        result.diagnostics.extend(e.diagnostics)
        return result
    return _check(result)


def _check(result: Analysis) -> Analysis:
    with deep_recursion():
        try:
            return _check_deep(result)
        except RecursionError:
            first = result.modules[0][1][0].path if result.modules and result.modules[0][1] else "<rules>"
            result.diagnostics.append(Diagnostic("E106", "the rules nest too deeply to check", A.Span(first, 1, 1, 1, 2)))
            return result


def _check_deep(result: Analysis) -> Analysis:
    sym, diags = resolve(result.modules)
    result.symbols = sym
    result.diagnostics.extend(diags)
    checker = Checker(sym, KERNELS)
    result.diagnostics.extend(checker.check_all())
    if result.chain:
        result.diagnostics.extend(stacking_conflicts(result.chain, sym.overrides))
        own = {item.decl.name if isinstance(item, A.Override) else getattr(item, "name", None)
               for m in result.modules[-1][1] for item in m.items}
        if not any(d.code.startswith("E1") for d in result.diagnostics):
            result.diagnostics.extend(checker.unused(own))
    result.diagnostics.sort(key=sort_key)
    return result


def analyse(ref: str, expansions: Sequence[str] = ()) -> Analysis:
    """Analyse a pack given by path or name, stacked with the expansions (`--with`) in order."""
    return analyse_chain(stack_chain(ref, expansions))


def analyse_file(path: Path, expansions: Sequence[str] = ()) -> Analysis:
    """Analyse one rules file: within its pack (stacked with the expansions) when it has one, else alone."""
    for parent in path.resolve().parents:
        if (parent / MANIFEST).is_file():
            result = analyse_chain(stack_chain(str(parent), expansions))
            shown = load_pack(parent).display(path.resolve())
            result.diagnostics = [d for d in result.diagnostics if d.span.file == shown]
            return result
    result = analyse_chain([Pack.lone_file(path)])
    # whole-pack lints say nothing certain about a lone file: another file could use or emit the name
    result.diagnostics = [d for d in result.diagnostics if d.code not in ("W401", "W403")]
    return result


@dataclass
class Compiled:
    """A compiled pack: the Program, the generated source, where it lives and whether it came from cache."""

    program: Program
    source: str
    path: Path
    cached: bool
    diagnostics: list


def compile_pack(ref: str, use_cache: bool = True, expansions: Sequence[str] = ()) -> Compiled:
    """Compile a pack stacked with its expansions (from the content-hash cache when possible); raise
    RulesError on errors. The cache key hashes every pack of the stack in merge order."""
    chain = stack_chain(ref, expansions)
    digest = chain_digest(chain, compiler_salt())
    name = chain[-1].name
    folder = cache_dir()
    target = folder / f"{name}-{digest}.py"
    findings = folder / f"{name}-{digest}.json"
    if use_cache and target.is_file() and findings.is_file():
        diags = [Diagnostic.from_json(d) for d in json.loads(findings.read_text())]
        return Compiled(load_module(target, digest), target.read_text(), target, True, diags)
    result = analyse_chain(chain)
    if not result.ok:
        raise RulesError(result.diagnostics)
    source = _generate(result, name, digest)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(findings, json.dumps([d.to_json() for d in result.diagnostics]))
    write_atomic(target, source)
    return Compiled(load_module(target, digest), source, target, False, result.diagnostics)


def write_atomic(path: Path, content) -> None:
    """Write text or bytes so that readers see the old or the new content, never a half-written one."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-", suffix=path.suffix)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(content.encode("utf-8") if isinstance(content, str) else content)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def load_module(path: Path, digest: str) -> Program:
    """Import a generated module and build its Program.

    The module's bytecode is cached beside it (keyed by the interpreter's magic number), because
    Python does not write .pyc files for it where PYTHONDONTWRITEBYTECODE is set.
    """
    module_name = f"rulebook_pack_{digest}"
    module = sys.modules.get(module_name)
    if module is None:
        spec = importlib.util.spec_from_file_location(module_name, path)
        module = importlib.util.module_from_spec(spec)
        # our generated code: user text only ever appears in repr() literals
        exec(_bytecode(path), module.__dict__)  # noqa: S102
        sys.modules[module_name] = module
    return module.build()


def _bytecode(path: Path):
    """The compiled code of a generated module, from its cache file when it is current."""
    cached = path.with_suffix(f".{importlib.util.MAGIC_NUMBER.hex()}.code")
    if cached.is_file():
        try:
            return marshal.loads(cached.read_bytes())
        except (ValueError, EOFError, TypeError):
            pass  # a damaged cache file: compile again
    code = compile(path.read_text(encoding="utf-8"), str(path), "exec")
    try:
        write_atomic(cached, marshal.dumps(code))
    except OSError:
        pass  # a read-only cache still works, only slower
    return code


def interpret_pack(ref: str, expansions: Sequence[str] = ()) -> Program:
    """The same pack (and expansions) as a Program whose effects run on the reference interpreter."""
    from .interpret import build_program

    result = analyse(ref, expansions)
    if not result.ok:
        raise RulesError(result.diagnostics)
    with deep_recursion():
        program = build_program(result.symbols, layout(result.symbols), result.chain[-1].name)
    program.digest = chain_digest(result.chain, compiler_salt())
    return program


def build_text(text: str, interpreted: bool = False, name: str = "<text>") -> Program:
    """A Program straight from rulebook.rules text (compiled through the cache, or on the interpreter)."""
    result = analyse_text(text, name)
    if not result.ok:
        raise RulesError(result.diagnostics)
    digest = hashlib.sha256((compiler_salt() + text).encode()).hexdigest()[:20]
    if interpreted:
        from .interpret import build_program

        with deep_recursion():
            program = build_program(result.symbols, layout(result.symbols), "text")
        program.digest = digest
        return program
    folder = cache_dir()
    target = folder / f"text-{digest}.py"
    if not target.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        write_atomic(target, _generate(result, "text", digest))
    return load_module(target, digest)


def _generate(result: Analysis, name: str, digest: str) -> str:
    """The module source of a checked analysis (deep expressions need a deeper recursion limit)."""
    with deep_recursion():
        return generate(result.symbols, layout(result.symbols), name, digest)
