"""The one place that chains the stages: parse -> resolve -> check -> codegen (or interpret) -> load.

The stages are imported where they are used: a lint never loads the code generator (nor jinja2),
and a cache hit loads neither the parser (nor lark) nor the checker: only the pack's manifests, the
cache entry and the runtime its module needs (tests/test_startup.py).
"""

from __future__ import annotations

import hashlib
import importlib.util
import marshal
import re
import types
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from rulebook.dsl import ast as A
from rulebook.dsl.diagnostics import ERROR, Diagnostic, RulesError, sort_key
from rulebook.dsl.lazy import dataclass_when_used
from rulebook.dsl.files import MAX_FILE_BYTES, cache_dir, read_limited, write_atomic  # noqa: F401 - write_atomic: the CLI's

from .pack import MANIFEST, Pack, load_pack, locate, stack_chain, stacking_conflicts, used_warnings

if TYPE_CHECKING:
    from rulebook.runtime.program import Program, Stack

    from .resolve import Symbols

_HERE = Path(__file__).resolve().parent
# Bump when generated code changes for a reason the sources below do not show (a dependency's output).
GENERATOR_VERSION = 2
IDENTITY_FORMAT = "rulebook-pack-identity/1"
CACHE_FORMAT = "rulebook-cache/2"
MAX_CACHE_ENTRY_BYTES = 64 * 1024 * 1024
# Whole-pack lints say nothing certain about a file outside any pack (`rulebook lint FILE`, an editor's
# loose file): another file could use, emit or tag the name.
LONE_FILE_SILENT = ("W401", "W403", "W416", "W419", "W441", "W442", "W544")


@lru_cache(maxsize=1)
def compiler_salt() -> str:
    """A hash of every source of the stages that shape generated code (dsl, compiler, runtime) and
    the generator version: a new compiler never reuses an old cache entry."""
    import json   # here: a lint never writes nor reads a compiled entry
    root = _HERE.parent
    files = sorted(p for folder in ("dsl", "compiler", "runtime") for p in (root / folder).rglob("*")
                   if p.suffix in (".py", ".lark", ".j2"))
    h = hashlib.sha256(f"{GENERATOR_VERSION}".encode())
    for p in files:
        h.update(json.dumps([str(p.relative_to(root)), hashlib.sha256(p.read_bytes()).hexdigest()]).encode())
    return h.hexdigest()[:16]


class Analysis:
    """A checked pack chain: modules, symbols, findings and the source texts for carets."""

    # (written out, not a dataclass: every lint makes one, and a dataclass compiles its methods at import)
    def __init__(self, chain: list, diagnostics: Optional[list] = None) -> None:
        self.chain = chain
        self.modules: list = []   # (pack name, [Module])
        self.symbols: Optional[Symbols] = None
        self.diagnostics: list = [] if diagnostics is None else diagnostics
        self.sources: dict = {}
        self.within = ""   # analyse_file: which pack the file was checked within, or why alone (in a pack's folder)

    @property
    def ok(self) -> bool:
        return not any(d.severity == ERROR for d in self.diagnostics)

    def identity(self) -> str:
        """The content digest that names the pack chain in logs, blind to layout and comments.

        It hashes each pack's name and the AST of its files in order (an AST's repr leaves spans
        out), so `rulebook fmt`, comments and the folder the pack sits in leave it unchanged.
        """
        from rulebook.dsl.parser import deep_recursion

        h = hashlib.sha256(IDENTITY_FORMAT.encode())
        with deep_recursion():
            for name, modules in self.modules:
                h.update(_identity_part(name, modules))
        return h.hexdigest()[:20]


def _identity_part(name: str, modules: list) -> bytes:
    """What one pack adds to a content digest: its name and the hash of each file's declarations."""
    import json   # here: a lint never writes nor reads a compiled entry
    return json.dumps([name, [hashlib.sha256(repr(m.items).encode("utf-8", "backslashreplace")).hexdigest()
                              for m in modules if m.items]]).encode()


def pack_digest(root: Path) -> str:
    """The content digest of one pack's own rules (not of the packs it extends), as `Analysis.identity`
    computes it for a stack: a log names each expansion by it, so a moved or reformatted expansion is
    still found, and an edited one is not taken for it. A file that does not parse is a RulesError."""
    from rulebook.dsl.parser import deep_recursion, parse_file

    pack = load_pack(root)
    with deep_recursion():
        modules = [parse_file(path, pack.display(path))[0] for path in pack.files()]
        return hashlib.sha256(IDENTITY_FORMAT.encode() + _identity_part(pack.name, modules)).hexdigest()[:20]


def analyse_chain(chain: list[Pack], parse=None) -> Analysis:
    """Parse every file of every pack, resolve names across them and check the result.

    `parse(path, shown)` returns (module, text), `parse_file` by default; an editor passes one that
    reads its unsaved texts.
    """
    if parse is None:
        from rulebook.dsl.parser import parse_file as parse
    result = Analysis(chain)
    for pack in chain:
        modules = []
        if not pack.files():
            result.diagnostics.append(Diagnostic("E505", f"pack {pack.name!r} has no .rules files",
                                                 A.Span(str(pack.root / MANIFEST), 0, 0, 0, 0)))
        result.diagnostics.extend(pack.exclude_warnings())
        for path in pack.files():
            shown = pack.display(path)
            try:
                module, text = parse(path, shown)
                result.sources[shown] = text
                modules.append(module)
            except RulesError as e:
                result.diagnostics.extend(e.diagnostics)
                text = source_text(path, shown)
                if text is not None:
                    result.sources[shown] = text
        result.modules.append((pack.name, modules))
    if any(d.code.startswith("E1") for d in result.diagnostics):
        from rulebook.dsl.parser import slots_named   # a card's kind declared in another file names its slots
        parsed = [module for _pack, modules in result.modules for module in modules]
        result.diagnostics = [slots_named(d, parsed) for d in result.diagnostics]
        # a file that does not parse takes its declarations with it: checking the others would report
        # every name it declares as unknown (hundreds of findings for one missing brace)
        result.diagnostics.sort(key=sort_key)
        return result
    return _check(result)


def source_text(path: Path, shown: Optional[str] = None) -> Optional[str]:
    """A file's text for showing carets under findings, or None when it is not a readable rules file."""
    try:
        return read_limited(path, MAX_FILE_BYTES, shown).decode("utf-8", errors="replace")
    except RulesError:
        return None


def analyse_text(text: str, name: str = "<text>") -> Analysis:
    """Analyse rules text that is not on disk (tests, editors, fuzzing)."""
    from rulebook.dsl.parser import parse_text

    result = Analysis([])
    result.sources[name] = text
    try:
        result.modules.append(("text", [parse_text(text, name)]))
    except RulesError as e:
        result.diagnostics.extend(e.diagnostics)
        return result
    return _check(result)


def _check(result: Analysis) -> Analysis:
    from rulebook.dsl.parser import deep_recursion

    with deep_recursion():
        try:
            return _check_deep(result)
        except RecursionError:
            first = result.modules[0][1][0].path if result.modules and result.modules[0][1] else "<rules>"
            result.diagnostics.append(Diagnostic("E106", "the rules nest too deeply to check", A.Span(first, 1, 1, 1, 2)))
            return result


def _check_deep(result: Analysis) -> Analysis:
    from .check import Checker
    from .resolve import resolve

    sym, diags = resolve(result.modules, result.sources)
    result.symbols = sym
    result.diagnostics.extend(diags)
    checker = Checker(sym, result.sources)
    result.diagnostics.extend(checker.check_all())
    if result.chain:
        result.diagnostics.extend(stacking_conflicts(result.chain, sym.overrides, result.sources,
                                                          sym.amended_parts, sym.kept_base | sym.built_parts))
        result.diagnostics.extend(used_warnings(result.chain, sym.decls))   # the manifests' `used` zones
        own = {item.decl.name if isinstance(item, A.Override) else getattr(item, "name", None)
               for m in result.modules[-1][1] for item in m.items}
        if not any(d.code.startswith("E1") for d in result.diagnostics):
            result.diagnostics.extend(checker.unused(own))
            result.diagnostics.extend(checker.left_unused(own, [item for _pack, modules in result.modules[:-1]
                                                                for m in modules for item in m.items]))
    result.diagnostics = lint_allowed(result.diagnostics, result.sources)
    result.diagnostics.sort(key=sort_key)
    return result


ALLOW = re.compile(r"#\s*lint:\s*allow\b(.*)")
ALLOWED_CODE = re.compile(r"[A-Za-z0-9_]+")


def lint_allows(text: str) -> list[tuple[int, str, int, bool]]:
    """The `# lint: allow CODE, ...` comments of a file: (line, code, column of the code, trailing) for
    each code named; none when the text cannot be scanned (its syntax errors are reported instead)."""
    if "lint:" not in text:   # (most files: no scan)
        return []
    from lark.exceptions import UnexpectedInput

    from rulebook.dsl.parser import scan

    try:
        _tokens, comments = scan(text)
    except UnexpectedInput:
        return []
    found = []
    for c in comments:
        m = ALLOW.match(c.text)
        if m is None:
            continue
        for code in ALLOWED_CODE.finditer(m.group(1).split("--")[0]):
            found.append((c.line, code.group(), c.column + m.start(1) + code.start(), c.trailing))
    return found


def lint_allowed(diagnostics: list, sources: dict) -> list:
    """Per-line suppression: a warning (or info) whose code a `# lint: allow CODE` comment names, on its
    line (a comment after code) or on the line before it (a comment alone on its line), is left out.
    E545 for an allow naming an error (errors cannot be allowed), W531 for one naming no code or
    allowing nothing there (stale)."""
    from rulebook.dsl.diagnostics import CODES

    allows = {}   # (file, line the finding is on, code) -> [the allow's span, used?]
    found = []
    for file, text in sources.items():
        for line, code, column, trailing in lint_allows(text):
            span = A.Span(file, line, column, line, column + len(code))
            if code not in CODES:
                found.append(Diagnostic("W531", f"'# lint: allow {code}' names no code of the linter", span,
                                        "name a warning's code, as 'W486'"))
            elif code.startswith("E"):
                found.append(Diagnostic("E545", f"'# lint: allow {code}': {code} is an error, and errors cannot be "
                                        "allowed (only warnings)", span, "fix what the error says"))
            else:
                allows[(file, line if trailing else line + 1, code)] = [span, False]
    if not allows:
        return diagnostics + found
    kept = []
    for d in diagnostics:
        entry = None if d.severity == ERROR else allows.get((d.span.file, d.span.line, d.code))
        if entry is None:
            kept.append(d)
        else:
            entry[1] = True
    for (_file, line, code), (span, used) in allows.items():
        if not used:
            found.append(Diagnostic("W531", f"'# lint: allow {code}' allows nothing: no {code} is reported on "
                                    f"line {line}", span, "remove the comment (the warning it allowed is gone)"))
    return kept + found


def analyse(ref: str, expansions: Sequence[str] = ()) -> Analysis:
    """Analyse a pack given by path or name, stacked with the expansions (`--with`) in order."""
    return analyse_chain(stack_chain(ref, expansions))


def analyse_file(path: Path, expansions: Sequence[str] = ()) -> Analysis:
    """Analyse one rules file: within its pack (stacked with the expansions) when it has one that does
    not exclude it (`exclude` in its pack.toml), else alone; `within` says which, in words."""
    within = ""   # no folder above it has a pack.toml: nothing to say
    for parent in path.resolve().parents:
        if (parent / MANIFEST).is_file():
            pack = load_pack(parent)
            if pack.excludes(path):
                within = f"alone: the pack {pack.name!r} ({parent}) excludes it ({MANIFEST}'s exclude)"
                break
            chain = stack_chain(str(parent), expansions)
            result = analyse_chain(chain)
            pack = next((p for p in chain if p.root == parent), None) or pack
            shown = pack.display(path.resolve())
            result.diagnostics = [d for d in result.diagnostics if d.span.file == shown]
            result.within = f"within the pack {pack.name!r} ({parent})"
            return result
    result = analyse_chain([Pack.lone_file(path)])
    result.diagnostics = [d for d in result.diagnostics if d.code not in LONE_FILE_SILENT]
    result.within = within
    return result


@dataclass_when_used()   # a lint makes none (dsl/lazy.py)
class Compiled:
    """A compiled pack: the Program, the generated source, where it lives and whether it came from cache."""

    program: Program
    source: str
    path: Path
    cached: bool
    diagnostics: list
    key: str = ""


def cache_key(chain: list[Pack]) -> str:
    """The cache key of a pack chain: the compiler's salt and every file's shown path and content hash,
    framed as JSON so no two different inputs give the same text; unreadable files are E105/E107."""
    files = []
    for pack in chain:
        for path in [pack.root / MANIFEST] + pack.files():
            shown = pack.display(path)
            files.append([pack.name, shown, hashlib.sha256(read_limited(path, MAX_FILE_BYTES, shown)).hexdigest()])
    return _key({"files": files})


def _key(inputs: dict) -> str:
    import json   # here: a lint never writes nor reads a compiled entry
    payload = json.dumps({"format": CACHE_FORMAT, "salt": compiler_salt(), **inputs}, sort_keys=True)
    return hashlib.sha256(payload.encode()).hexdigest()[:24]


def compile_pack(ref: str, use_cache: bool = True, expansions: Sequence[str] = ()) -> Compiled:
    """Compile a pack stacked with its expansions (from the content-hash cache when possible); raise
    RulesError on errors. The cache key hashes every file of the stack in merge order.

    With `use_cache=False` the cache is not read (it is still refreshed).
    """
    compiled = _cached(ref, expansions) if use_cache else None
    if compiled is None:
        chain = stack_chain(ref, expansions)
        key = cache_key(chain)
        name = chain[-1].name
        entry = CacheEntry(cache_dir(), f"{name}-{key}", key)
        result = analyse_chain(chain)
        if not result.ok:
            raise RulesError(result.diagnostics)
        compiled = entry.store(_generate(result, name, result.identity()), result.diagnostics)
    compiled.program.stack = stack_of(ref, expansions)
    return compiled


def stack_of(ref: str, expansions: Sequence[str]) -> Stack:
    """Where a stack comes from, as a log names it: the base pack's name and folder and each
    expansion's folder (located now, so the names typed need not mean the same later). Set on the
    Program after it is built: the folders are not part of the cache key or the rules' identity."""
    from rulebook.runtime.program import Stack

    root = locate(ref)
    return Stack(load_pack(root, validate=False).name, str(root), tuple(str(locate(e)) for e in expansions))


def _cached(ref: str, expansions: Sequence[str]) -> Optional[Compiled]:
    """The stack's cache entry, found with its manifests read but not validated (pydantic takes longer
    to import than a cache hit takes): an entry is only written for a stack whose manifests were
    validated, and their bytes are part of the key. Any problem is a miss; the full path reports it."""
    try:
        chain = stack_chain(ref, expansions, validate=False)
        key = cache_key(chain)
    except RulesError:
        return None
    return CacheEntry(cache_dir(), f"{chain[-1].name}-{key}", key).load()


# The record written last for a cache entry: its key and the hashes of the module and bytecode.
ENTRY_FIELDS = {"format": str, "key": str, "source_sha256": str, "code_sha256": str, "magic": str, "findings": list}


def read_entry_record(data: bytes) -> dict:
    """A cache entry's record exactly as CacheEntry.store writes it; ValueError for anything else (a
    plain check: the record is ours, and the hashes it holds are what vouch for the entry)."""
    import json   # here: a lint never writes nor reads a compiled entry
    meta = json.loads(data)
    if (not isinstance(meta, dict) or meta.keys() != ENTRY_FIELDS.keys() or meta["format"] != CACHE_FORMAT
            or not all(type(meta[name]) is kind for name, kind in ENTRY_FIELDS.items())
            or not all(type(finding) is dict for finding in meta["findings"])):
        raise ValueError("not a cache entry record")
    return meta


class CacheEntry:
    """One cached module: `<stem>.py`, its bytecode `<stem>.<magic>.code` and `<stem>.json`.

    The .json is written last and holds the key and the hashes of the other two, so an entry that
    was edited, forged, cut short or left by another compiler is a miss: compiled again, never run.
    """

    def __init__(self, folder: Path, stem: str, key: str):
        self.key = key
        self.source_path = folder / f"{stem}.py"
        self.code_path = folder / f"{stem}.{importlib.util.MAGIC_NUMBER.hex()}.code"
        self.meta_path = folder / f"{stem}.json"

    def load(self) -> Optional[Compiled]:
        """The entry's compiled pack when every file of it is present and matches the key, else None."""
        try:
            meta = read_entry_record(read_limited(self.meta_path, MAX_CACHE_ENTRY_BYTES))
            source_bytes = read_limited(self.source_path, MAX_CACHE_ENTRY_BYTES)
            code_bytes = read_limited(self.code_path, MAX_CACHE_ENTRY_BYTES)
            if (meta["key"] != self.key or meta["magic"] != importlib.util.MAGIC_NUMBER.hex()
                    or hashlib.sha256(source_bytes).hexdigest() != meta["source_sha256"]
                    or hashlib.sha256(code_bytes).hexdigest() != meta["code_sha256"]):
                return None
            findings = [Diagnostic.from_json(d) for d in meta["findings"]]
            code = marshal.loads(code_bytes)
            source = source_bytes.decode("utf-8")
        except (RulesError, ValueError, EOFError, TypeError, KeyError, RecursionError):
            return None  # missing, damaged or foreign: a miss
        return Compiled(_run_module(code, self.key), source, self.source_path, True, findings, self.key)

    def store(self, source: str, findings: list) -> Compiled:
        """Compile a module's source, write the entry (a read-only cache is skipped) and load it."""
        import json   # here: a lint never writes nor reads a compiled entry
        code = compile(source, str(self.source_path), "exec")
        code_bytes = marshal.dumps(code)
        meta = dict(format=CACHE_FORMAT, key=self.key, source_sha256=hashlib.sha256(source.encode()).hexdigest(),
                    code_sha256=hashlib.sha256(code_bytes).hexdigest(), magic=importlib.util.MAGIC_NUMBER.hex(),
                    findings=[d.to_json() for d in findings])
        try:
            self.source_path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(self.source_path, source)
            write_atomic(self.code_path, code_bytes)
            write_atomic(self.meta_path, json.dumps(meta))
        except OSError:
            pass  # a read-only or full cache still compiles, in memory, only without reuse
        return Compiled(_run_module(code, self.key), source, self.source_path, False, findings, self.key)


def module_name(key: str) -> str:
    """The name of a compiled pack's module (its __name__, shown in tracebacks)."""
    return f"rulebook_pack_{key}"


def _run_module(code, key: str) -> Program:
    """Run a generated module's code and build its Program.

    Every Program gets a module of its own: the generated functions read the module's entity table,
    so two Programs sharing one module would see each other's entities.
    """
    module = types.ModuleType(module_name(key))
    module.__file__ = code.co_filename
    # our generated code, verified against its cache entry: user text only ever appears in repr() literals
    exec(code, module.__dict__)  # noqa: S102
    # not registered in sys.modules: the Program's functions keep their module alive, and a process
    # that builds many programs (a fuzzer, a server, an editor) gets their memory back with them
    return module.build()


def program_from_source(source: str, key: str, filename: str) -> Program:
    """A Program from a generated module's source (a worker on another machine receives the source,
    not the pack); `filename` is the name errors and the line map refer to."""
    return _run_module(compile(source, filename, "exec"), key)


def interpret_pack(ref: str, expansions: Sequence[str] = ()) -> Program:
    """The same pack (and expansions) as a Program whose effects run on the reference interpreter."""
    return interpret_stack(ref, expansions)[0]


def interpret_stack(ref: str, expansions: Sequence[str] = ()) -> tuple[Program, tuple]:
    """`interpret_pack`'s Program and the rules texts it was built from, as read once
    (`stack_texts`): a simulate worker rebuilds it from them (`interpret_texts`), never from the
    folder, which may have changed since."""
    result = analyse(ref, expansions)
    if not result.ok:
        raise RulesError(result.diagnostics)
    program = _interpreted(result, result.chain[-1].name)
    program.stack = stack_of(ref, expansions)
    return program, stack_texts(result)


def stack_texts(result: Analysis) -> tuple:
    """The rules texts of an analysed stack in merge order: ((pack name, ((shown path, text), ...)), ...).
    Plain strings, so they cross a process boundary whole (the checker's tables, keyed by `id()` of
    syntax nodes, do not survive pickling: a computed field was lost)."""
    return tuple((name, tuple((m.path, result.sources[m.path]) for m in modules)) for name, modules in result.modules)


def interpret_texts(texts: tuple, name: str) -> Program:
    """The Program of `stack_texts` on the reference interpreter, named `name`: parsed and checked here,
    so its tables are this process's own; no file is read."""
    from rulebook.dsl.parser import parse_text

    result = Analysis([])   # no chain: the manifests' warnings were the parent's to report
    try:
        for pack, files in texts:
            result.sources.update(files)
            result.modules.append((pack, [parse_text(text, shown) for shown, text in files]))
    except RulesError as e:
        result.diagnostics.extend(e.diagnostics)
    result = _check(result) if result.ok else result
    if not result.ok:
        raise RulesError(result.diagnostics)
    return _interpreted(result, name)


def _interpreted(result: Analysis, name: str) -> Program:
    """The Program of a checked analysis on the reference interpreter."""
    from rulebook.dsl.parser import deep_recursion

    from .interpret import build_program
    from .layout import layout

    with deep_recursion():
        program = build_program(result.symbols, layout(result.symbols), name)
    program.digest = result.identity()
    return program


def build_text(text: str, interpreted: bool = False, name: str = "<text>") -> Program:
    """A Program straight from rulebook.rules text (compiled through the cache, or on the interpreter)."""
    result = analyse_text(text, name)
    if not result.ok:
        raise RulesError(result.diagnostics)
    if interpreted:
        return _interpreted(result, "text")
    key = _key({"text": text, "name": name})
    entry = CacheEntry(cache_dir(), f"text-{key}", key)
    hit = entry.load()
    if hit is not None:
        return hit.program
    return entry.store(_generate(result, "text", result.identity()), result.diagnostics).program


def _generate(result: Analysis, name: str, digest: str) -> str:
    """The module source of a checked analysis (deep expressions need a deeper recursion limit)."""
    from rulebook.dsl.parser import deep_recursion

    from .codegen import generate
    from .layout import layout

    with deep_recursion():
        return generate(result.symbols, layout(result.symbols), name, digest)
