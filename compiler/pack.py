"""Rules packs on disk: the manifest (pydantic at this boundary), pack discovery, stacking and file listing."""

from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple, Optional, Sequence

from rulebook.dsl import ast as A
from rulebook.dsl.ast import Span
from rulebook.dsl.diagnostics import Diagnostic, RulesError
from rulebook.dsl.files import read_limited

if TYPE_CHECKING:   # importlib.metadata and pydantic are imported where a pack needs them, not at start-up
    from importlib import metadata

MANIFEST = "pack.toml"
MAX_MANIFEST_BYTES = 64 * 1024
MAX_MANIFEST_NESTING = 32
MAX_EXTENDS = 32          # packs in one extends chain (a base, expansions, house rules: a handful)
SHIPPED = Path(__file__).resolve().parent.parent / "rules"
ENTRY_POINTS = "rulebook.packs"   # the entry point group under which installed distributions register packs


@lru_cache(maxsize=1)
def manifest_model() -> type:
    """The pydantic model of `pack.toml`, made at the first manifest read (importing pydantic takes
    longer than a whole lint of a small file, which reads no manifest)."""
    from pydantic import BaseModel, ConfigDict, Field

    class Manifest(BaseModel):
        """`pack.toml`: what a pack is called and which pack it extends."""

        model_config = ConfigDict(extra="forbid")

        name: str = Field(pattern=r"^[a-z][a-z0-9_-]*$")
        version: str = "0.1.0"
        title: Optional[str] = None
        description: Optional[str] = None
        extends: list[str] = Field(default_factory=list)
        exclude: list = Field(default_factory=list)   # each entry checked by exclude_problem (E512)
        used: list[str] = Field(default_factory=list)   # simulate's "used" zones (W495: used_warnings)

    return Manifest


def __getattr__(name: str):
    """`Manifest`, the manifest's model, is made when it is first asked for."""
    if name == "Manifest":
        return manifest_model()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


LONE_FILE = "file"   # the pack name of a rules file linted on its own


class Unchecked(NamedTuple):
    """A manifest's name and extends as read, before validation: enough to find a pack chain's
    compile cache entry, which exists only for manifests that were validated (see compile_pack)."""

    name: str
    extends: list
    exclude: list = []


class Pack:
    """A pack folder: its manifest (None for a lone file) and its `.rules` files in a stable order."""

    def __init__(self, root: Path, manifest, only: Optional[Path] = None, manifest_text: str = ""):
        self.root, self.manifest, self.only = root, manifest, only
        self.manifest_text = manifest_text   # for placing findings at a key or an extends entry
        self.bases: frozenset = frozenset()   # roots of every pack this one extends, directly or not
        self.from_cwd = True   # paths shown relative to the working folder (stack_chain: for all its packs or none)

    def extends_span(self, index: int) -> Span:
        """Where the manifest's extends entry `index` is (the `extends` key if it cannot be found)."""
        return extends_span(self.manifest_text, index, str(self.root / MANIFEST))

    @classmethod
    def lone_file(cls, path: Path) -> "Pack":
        """A one-file pack for linting a rules file that belongs to no pack."""
        return cls(path.parent, None, only=path)

    @property
    def name(self) -> str:
        return LONE_FILE if self.manifest is None else self.manifest.name

    def files(self) -> list[Path]:
        """The pack's rules files, sorted by path: those in or below its folder but for a folder with a
        pack.toml of its own (another pack) and what the manifest's `exclude` patterns name."""
        if self.only is not None:
            return [self.only]
        return pack_files(self.root, self.excluded())

    def excluded(self) -> list:
        """The manifest's `exclude` patterns, compiled (`exclude_pattern`)."""
        patterns = getattr(self.manifest, "exclude", None) or ()
        return [exclude_pattern(p) for p in patterns if isinstance(p, str) and exclude_problem(p) is None]

    def excludes(self, path: Path) -> bool:
        """Whether a rules file in or below the pack's folder is left out of it: below a folder with a
        pack.toml of its own, or named by an `exclude` pattern."""
        try:
            relative = path.resolve().relative_to(self.root.resolve())
        except ValueError:
            return False
        if any((self.root / Path(*relative.parts[:n]) / MANIFEST).is_file() for n in range(1, len(relative.parts))):
            return True
        return any(_excluded(relative.as_posix(), p) for p in self.excluded())

    def exclude_warnings(self) -> list[Diagnostic]:
        """W498 for an `exclude` pattern that names no rules file of the folder: a misspelt folder."""
        patterns = getattr(self.manifest, "exclude", None) or ()
        if not patterns or self.only is not None:
            return []
        nested = [p.relative_to(self.root).as_posix() for p in sorted(self.root.rglob("*.rules")) if not p.is_dir()]
        shown = str(self.root / MANIFEST)
        return [Diagnostic("W498", f"the exclude pattern {p!r} names no .rules file of the pack's folder",
                           array_span(self.manifest_text, "exclude", i, shown),
                           "a pattern is a path from the pack's folder, e.g. \"repro/**\" or \"repro\"")
                for i, p in enumerate(patterns)
                if isinstance(p, str) and exclude_problem(p) is None
                and not any(_excluded(f, exclude_pattern(p)) for f in nested)]

    def display(self, path: Path) -> str:
        """The path shown in diagnostics and `# file:line` comments: `rules/<pack>/<file>`, else
        relative to the working folder when every pack of the stack is inside it, else as given."""
        for base in (SHIPPED.parent, Path.cwd()) if self.from_cwd else (SHIPPED.parent,):
            try:
                return str(path.resolve().relative_to(base))
            except ValueError:
                continue
        return str(path)


def rules_files(folder: Path) -> list[Path]:
    """The rules files in or below a folder, sorted by path. A folder whose name ends in `.rules` is
    walked like any other, not taken for a file; anything else so named (a FIFO, a device) is listed,
    so reading it reports E107."""
    return sorted(p for p in folder.rglob("*.rules") if not p.is_dir())


def used_zones(chain: Sequence["Pack"]) -> tuple:
    """The zones the manifests of a stack name `used` (each pack's, in order, once): where a card
    without effects counts as used by the seat whose zone holds it (`simulate`); () when none do."""
    names: list = []
    for pack in chain:
        names += [z for z in getattr(pack.manifest, "used", None) or () if z not in names]
    return tuple(names)


def used_warnings(chain: Sequence["Pack"], zones: dict) -> list[Diagnostic]:
    """W495 for a manifest's `used` entry that names no zone each player has (`zones`: name -> its
    declaration), at the entry."""
    found = []
    for pack in chain:
        shown = str(pack.root / MANIFEST)
        for i, name in enumerate(getattr(pack.manifest, "used", None) or ()):
            zone = zones.get(name)
            if isinstance(zone, A.Zone) and zone.per_player:
                continue
            what = "a zone the players share: a seat's use is counted in a zone of its own" if isinstance(zone, A.Zone) \
                else "no zone of the pack"
            known = sorted(n for n, d in zones.items() if isinstance(d, A.Zone) and d.per_player)
            found.append(Diagnostic("W495", f"'used' names {name!r}, {what}; simulate leaves it out",
                                    array_span(pack.manifest_text, "used", i, shown),
                                    f"the zones each player has: {', '.join(known) or 'none'}"))
    return found


def pack_files(root: Path, excluded: Sequence = ()) -> list[Path]:
    """The rules files of the pack whose folder is `root` (`Pack.files`): the folder's rules files
    but for those below a folder with a pack.toml of its own and those an `exclude` pattern names."""
    nested = [m.parent for m in root.rglob(MANIFEST) if m.parent != root and m.is_file()]
    files = []
    for path in rules_files(root):
        if any(folder in path.parents for folder in nested):
            continue
        if excluded and any(_excluded(path.relative_to(root).as_posix(), p) for p in excluded):
            continue
        files.append(path)
    return files


def exclude_problem(pattern) -> Optional[str]:
    """What is wrong with a manifest's `exclude` entry (E512), or None: it must be a non-empty text
    naming a path inside the pack's folder with `/` between names (no `..`, no leading `/`, no `\\`),
    `*` and `?` within a name, `**` alone for any number of folders, `[...]` closed."""
    if not isinstance(pattern, str):
        return f"must be a text, e.g. \"repro/**\" (found {pattern!r})"
    if not pattern.strip():
        return "is empty: it would name nothing"
    if pattern.startswith("/") or re.match(r"^[A-Za-z]:", pattern):
        return f"{pattern!r} is an absolute path: a pattern is a path from the pack's folder"
    if "\\" in pattern:
        return f"{pattern!r} has a '\\': names are separated by '/'"
    names = pattern.rstrip("/").split("/")
    if ".." in names or "" in names:
        return f"{pattern!r} has an empty name or '..': a pattern names files inside the pack's folder"
    if any("**" in n and n != "**" for n in names):
        return f"{pattern!r} has '**' inside a name: '**' stands alone between '/' for any number of folders"
    if any(n.count("[") != n.count("]") for n in names):
        return f"{pattern!r} has a '[' without its ']'"
    return None


def exclude_pattern(pattern: str) -> "re.Pattern":
    """A manifest's `exclude` entry as a regular expression over a path from the pack's folder."""
    names = pattern.rstrip("/").split("/")
    out = ""
    for i, name in enumerate(names):
        last = i == len(names) - 1
        if name == "**":
            out += ".*" if last else "(?:[^/]+/)*"
            continue
        for part in re.split(r"(\*|\?|\[[^\]]*\])", name):
            if part == "*":
                out += "[^/]*"
            elif part == "?":
                out += "[^/]"
            elif part.startswith("[") and part.endswith("]") and len(part) > 2:
                inside = part[1:-1]
                out += "[^" + re.escape(inside[1:]) + "]" if inside.startswith("!") else "[" + re.escape(inside) + "]"
            else:
                out += re.escape(part)
        out += "" if last else "/"
    return re.compile(out)


def _excluded(relative: str, pattern: "re.Pattern") -> bool:
    """Whether a path from the pack's folder is named by a pattern, or is inside a folder it names."""
    names = relative.split("/")
    return any(pattern.fullmatch("/".join(names[:n])) for n in range(1, len(names) + 1))


def shipped_packs() -> list[str]:
    """Names of the packs shipped in rules/."""
    return sorted(p.parent.name for p in SHIPPED.glob(f"*/{MANIFEST}"))


def installed_packs() -> dict[str, metadata.EntryPoint]:
    """Packs that installed distributions register under the `rulebook.packs` entry point group, by name."""
    from importlib import metadata

    return {ep.name: ep for ep in metadata.entry_points(group=ENTRY_POINTS)}


def installed_root(ep: metadata.EntryPoint) -> Path:
    """The folder of an installed pack: the entry point names a package holding `pack.toml`, or an
    object that is (or returns) the folder's path."""
    target = ep.load()
    if hasattr(target, "__path__"):      # a package: the pack is its folder
        return Path(list(target.__path__)[0])
    if callable(target):
        target = target()
    return Path(os.fspath(target))


def locate(ref: str, relative_to: Optional[Path] = None) -> Path:
    """A pack folder from a path, the name of a shipped pack or the name of an installed one."""
    candidates = []
    if relative_to is not None:
        candidates.append(relative_to / ref)
    candidates += [Path(ref), SHIPPED / ref]
    where = Span(ref, 0, 0, 0, 0)
    for c in candidates:
        try:
            if (c / MANIFEST).exists():  # not only is_file(): a manifest that is a device is E107, not "no pack"
                return c.resolve()
        except OSError as e:   # a folder on the way that cannot be searched: the pack may be there
            raise RulesError([Diagnostic("E107", f"cannot read {c}: {e.strerror or e}", Span(str(c), 0, 0, 0, 0))]) \
                from None
    installed = installed_packs()
    if ref not in installed:
        folder = next((c for c in candidates if c.is_dir()), None)
        if folder is not None:   # a folder named as a pack, without its manifest
            raise RulesError([missing_manifest(folder)])
    if ref in installed:
        try:
            root = installed_root(installed[ref])
        except Exception as e:  # a broken third-party distribution: say which, never a traceback
            raise RulesError([Diagnostic("E503", f"the installed pack {ref!r} ({installed[ref].value}) cannot "
                                         f"be loaded: {type(e).__name__}: {e}", where)]) from None
        if (root / MANIFEST).is_file():
            return root.resolve()
        raise RulesError([Diagnostic("E501", f"the installed pack {ref!r} points at {root}, which has no "
                                     f"{MANIFEST}", where)])
    from rulebook.dsl.diagnostics import did_you_mean
    hint = sibling_hint(ref, relative_to) or did_you_mean(ref, shipped_packs() + sorted(installed))
    raise RulesError([Diagnostic("E503", f"no pack named or at {ref!r}", where, hint)])


def sibling_hint(ref: str, relative_to: Optional[Path]) -> Optional[str]:
    """For a pack named by a bare name from inside a pack (`extends = ["hanabi"]`): a pack folder
    next to it of that name, which is reached by its path (`"../hanabi"`): paths are relative to the
    pack's own folder, a bare name is a shipped or installed pack."""
    if relative_to is None or "/" in ref or "\\" in ref:
        return None
    try:
        sibling = relative_to.resolve().parent / ref
        if (sibling / MANIFEST).is_file() and sibling != relative_to.resolve():
            return f'did you mean "../{ref}"? a pack beside this one is named by its path'
    except OSError:
        return None
    return None


def load_pack(root: Path, validate: bool = True) -> Pack:
    """Read a pack's manifest, with positioned diagnostics for a missing or invalid one. Without
    `validate`, a manifest whose name is a text and whose extends a list of texts is taken unchecked
    (pydantic is not imported): only for looking up a cache entry."""
    path = root / MANIFEST
    shown = str(path)
    if not path.exists():
        raise RulesError([missing_manifest(root)])
    try:
        # a byte order mark, as some editors save one, is no part of the TOML (as in a .rules file)
        text = read_limited(path, MAX_MANIFEST_BYTES, shown).decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as e:
        raise RulesError([Diagnostic("E502", f"{MANIFEST} is not UTF-8 text ({e.reason} at byte {e.start})",
                                     Span(shown, 1, 1, 1, 2))]) from None
    too_deep = _nesting_past(text, MAX_MANIFEST_NESTING)
    if too_deep is not None:
        line, column = too_deep
        raise RulesError([Diagnostic("E502", f"{MANIFEST} nests arrays or tables more than "
                                     f"{MAX_MANIFEST_NESTING} deep", Span(shown, line, column, line, column + 1))])
    import tomllib   # here, with pydantic below: a lint of a lone file reads no manifest

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesError([_toml_error(str(e), text, shown)]) from None
    exclude = data.get("exclude", [])
    if not validate:
        name, extends = data.get("name"), data.get("extends", [])
        if isinstance(name, str) and isinstance(extends, list) and all(isinstance(e, str) for e in extends) \
                and isinstance(exclude, list) and all(exclude_problem(p) is None for p in exclude):
            return Pack(root, Unchecked(name, extends, exclude), manifest_text=text)
    from pydantic import ValidationError

    try:
        manifest = manifest_model().model_validate(data)
    except ValidationError as e:
        raise RulesError([_manifest_finding(error, data, text, shown) for error in e.errors()]) from None
    bad = [Diagnostic("E512", f"the exclude entry {problem}", array_span(text, "exclude", i, shown))
           for i, problem in enumerate(map(exclude_problem, manifest.exclude)) if problem is not None]
    if bad:
        raise RulesError(bad)
    return Pack(root, manifest, manifest_text=text)


def missing_manifest(folder: Path) -> Diagnostic:
    """E501 for a folder named as a pack that has no pack.toml, saying what a minimal one holds."""
    has_rules = bool(rules_files(folder)) if folder.is_dir() else False
    found = "has .rules files but no" if has_rules else "has no"
    name = re.sub(r"[^a-z0-9_-]", "_", folder.resolve().name.lower()).lstrip("0123456789_-") or "my_pack"
    return Diagnostic("E501", f"{folder} {found} {MANIFEST}, so it is not a pack", Span(str(folder), 0, 0, 0, 0),
                      f"a minimal {MANIFEST} holds one line, name = \"{name}\"; add extends = [\"BASE\"] "
                      "to build on another pack")


ALLOWED_KEYS = ("name", "version", "title", "description", "extends", "exclude", "used")
# What each key must hold, in words, with an example (for E502 when it holds something else).
KEY_SHAPES = {
    "name": "a string: a lower-case letter, then lower-case letters, digits, '_' or '-', e.g. name = \"no_thanks\"",
    "version": "a string, e.g. version = \"1.0.0\"",
    "title": "a string, e.g. title = \"No Thanks!\"",
    "description": "a string",
    "extends": "a list of pack names, e.g. extends = [\"seven_wonders\"]",
    "exclude": "a list of paths from the pack's folder, e.g. exclude = [\"repro/**\"]",
    "used": "a list of zone names, e.g. used = [\"tableau\"]",
}


def _manifest_finding(error: dict, data: dict, text: str, shown: str) -> Diagnostic:
    """One pydantic error about a manifest, in plain words, at the key (or extends entry) it is about."""
    key = str(error["loc"][0]) if error["loc"] else ""
    if error["type"] == "missing":
        return Diagnostic("E502", f"'{key}' is missing: {MANIFEST} must give it, e.g. {key} = \"my_pack\"",
                          Span(shown, 1, 1, 1, 2))
    if error["type"] == "extra_forbidden":
        return Diagnostic("E502", f"unknown key '{key}' (allowed: {', '.join(ALLOWED_KEYS)})",
                          key_span(text, key, shown))
    entry = error["loc"][1] if key == "extends" and len(error["loc"]) > 1 else None
    where = extends_span(text, entry, shown) if isinstance(entry, int) else key_span(text, key, shown)
    found = data.get(key)
    shown_value = f" (found {found!r})" if isinstance(found, (str, int, float, bool)) else ""
    return Diagnostic("E502", f"'{key}' must be {KEY_SHAPES.get(key, 'something else')}{shown_value}", where)


def _toml_error(message: str, text: str, shown: str) -> Diagnostic:
    """E502 for text tomllib cannot read, at the line and column tomllib names."""
    at = re.search(r" \(at line (\d+), column (\d+)\)$", message)
    if at:
        line, column = int(at[1]), int(at[2])
    else:   # "(at end of document)"
        lines = text.split("\n")
        line, column = len(lines), len(lines[-1]) + 1
    words = re.sub(r" \(at (line \d+, column \d+|end of document)\)$", "", message)
    # tomllib's wording for the two commonest slips, said in the manifest's terms
    if words == "Illegal character '\\n'":   # said of a line break inside a string only
        words = "a string is not closed on its line (a closing quote is missing)"
    elif words == "Cannot overwrite a value":
        words = "a key is given a value twice"
    return Diagnostic("E502", f"{MANIFEST} is not valid TOML: {words[:1].lower() + words[1:]}",
                      Span(shown, line, column, line, column + 1))


_KEY_LINE = re.compile(r"""^[ \t]*(?:\[\[?[ \t]*)?(["']?)([A-Za-z0-9_-]+)\1[ \t]*[.=\]]""", re.MULTILINE)


def key_span(text: str, key: str, shown: str) -> Span:
    """Where a top-level key of a manifest is written (`key =`, `key.sub =` or a `[key]` table), found
    in the text because tomllib keeps no positions; the first line if it is not found."""
    for m in _KEY_LINE.finditer(text):
        if m[2] == key:
            line = text.count("\n", 0, m.start()) + 1
            column = m.start(2) - (text.rfind("\n", 0, m.start()) + 1) + 1 - len(m[1])
            return Span(shown, line, column, line, column + len(m[2]) + 2 * len(m[1]))
    return Span(shown, 1, 1, 1, 2)


def extends_span(text: str, index: int, shown: str) -> Span:
    """Where a manifest's extends entry `index` is written (the `extends` key if it cannot be found)."""
    return array_span(text, "extends", index, shown)


def array_span(text: str, key: str, index: int, shown: str) -> Span:
    """Where entry `index` of a manifest's array `key` is written (the key if it cannot be found)."""
    entries = extends_entries(text, key)
    if index < len(entries):
        line, column, end = entries[index]
        return Span(shown, line, column, line, end)
    return key_span(text, key, shown)


def extends_entries(text: str, key: str = "extends") -> list[tuple[int, int, int]]:
    """The (line, column, end column) of each value in the manifest's `extends = [...]` array (or
    another top-level array `key`), in order."""
    start = next((m for m in _KEY_LINE.finditer(text) if m[2] == key), None)
    if start is None:
        return []
    i = text.find("=", start.end(2))
    if i < 0:
        return []
    i = text.find("[", i)
    entries, depth = [], 0
    while 0 <= i < len(text):
        c = text[i]
        if c == "#":
            i = text.find("\n", i)
            continue
        if c in "\"'":
            j = i + 1
            while j < len(text) and text[j] != c and text[j] != "\n":
                j += 2 if c == '"' and text[j] == "\\" else 1
            line_start = text.rfind("\n", 0, i) + 1
            entries.append((text.count("\n", 0, i) + 1, i - line_start + 1, j + 1 - line_start + 1))
            i = j + 1
            continue
        if depth == 1 and c not in "[], \t\r\n":   # a bare value (a number, a boolean): the end of its run
            bare = re.match(r"[^\s,\]#]+", text[i:])
            line_start = text.rfind("\n", 0, i) + 1
            entries.append((text.count("\n", 0, i) + 1, i - line_start + 1, i + len(bare[0]) - line_start + 1))
            i += len(bare[0])
            continue
        depth += c == "["
        depth -= c == "]"
        if depth == 0:
            break
        i += 1
    return entries


def _nesting_past(text: str, limit: int) -> Optional[tuple[int, int]]:
    """Where TOML brackets first nest deeper than `limit` (line, column), or None.

    tomllib reads nested arrays recursively, so 3,000 of them raise RecursionError; this scan skips
    strings and comments the way TOML delimits them.
    """
    depth, i, line, line_start, n = 0, 0, 1, 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line, line_start = line + 1, i + 1
        elif c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        elif c in "\"'":
            quote = text[i:i + 3] if text[i:i + 3] in ('"""', "'''") else c
            j = i + len(quote)
            while j < n and not text.startswith(quote, j):
                if c == '"' and text[j] == "\\":
                    j += 1
                j += 1
            line += text.count("\n", i, j)
            last = text.rfind("\n", i, j)
            line_start = last + 1 if last >= 0 else line_start
            i = j + len(quote)
            continue
        elif c in "[{":
            depth += 1
            if depth > limit:
                return line, i - line_start + 1
        elif c in "]}":
            depth = max(depth - 1, 0)
        i += 1
    return None


def pack_chain(ref: str) -> list[Pack]:
    """The pack and every pack it extends, bases first; cycles are E504, chains past MAX_EXTENDS E507."""
    return stack_chain(ref)


def stack_chain(base: str, expansions: Sequence[str] = (), validate: bool = True) -> list[Pack]:
    """The merge order of BASE stacked with expansions (`--with`): BASE's chain, then each expansion's
    chain in the order given, every pack once (where it first appears, so a shared base is read once);
    cycles are E504, chains past MAX_EXTENDS E507. Without `validate`, see load_pack."""
    chain: list[Pack] = []
    seen: list[str] = []

    def visit(root: Path, where: Optional[Span] = None) -> Pack:
        """Add the pack at ROOT (reached from the extends entry at `where`) after the packs it extends."""
        known = next((p for p in chain if p.root == root), None)
        if known is not None:
            return known
        pack = load_pack(root, validate)
        where = where or Span(str(root / MANIFEST), 1, 1, 1, 2)
        if str(root) in seen:
            raise RulesError([Diagnostic("E504", f"pack {pack.name!r} extends itself through "
                                         + " -> ".join(Path(s).name for s in seen), where)])
        if len(seen) >= MAX_EXTENDS:
            raise RulesError([Diagnostic("E507", f"pack {pack.name!r} is more than {MAX_EXTENDS} packs "
                                         "down an extends chain", where)])
        seen.append(str(root))
        bases = [visit(_extended(pack, index, ref), pack.extends_span(index))
                 for index, ref in enumerate(pack.manifest.extends)]
        seen.pop()
        pack.bases = frozenset(b.root for b in bases).union(*(b.bases for b in bases))
        chain.append(pack)
        return pack

    for ref in (base, *expansions):
        visit(locate(ref))
    # one form of path for the whole stack: a base outside the working folder (`../hanabi` from inside
    # the house pack) would be shown whole beside its expansion's relative paths
    cwd = Path.cwd()
    if any(not _inside(p.root, SHIPPED.parent) and not _inside(p.root, cwd) for p in chain):
        for p in chain:
            p.from_cwd = False
    return chain


def _inside(root: Path, base: Path) -> bool:
    try:
        root.resolve().relative_to(base)
        return True
    except ValueError:
        return False


def _extended(pack: Pack, index: int, ref: str) -> Path:
    """The folder of a pack's extends entry `index`; a pack not found is reported at that entry."""
    try:
        return locate(ref, pack.root)
    except RulesError as e:
        where = pack.extends_span(index)
        raise RulesError([Diagnostic(d.code, d.message, where, d.hint, d.notes) for d in e.diagnostics]) from None


def stacking_conflicts(chain: list[Pack], overrides: list, sources: Optional[dict] = None,
                       amended_parts: list = (), building=frozenset()) -> list[Diagnostic]:
    """W406 for a declaration that two packs override when neither extends the other (two expansions
    stacked with `--with`): the later pack in the merge order wins, and both places are named (the
    later override at its name, when the `sources` show it). A later override that calls `base(...)`
    builds on the earlier one instead of discarding it: no warning. The same for one part (a field, a
    space, an option, an arm...) two packs amend (`amended_parts`: (what, where) in merge order); an
    amended arm or option whose `base();` runs the earlier one (its span in `building`), or a part of a
    pick written with `base` ((what, where) in `building`), builds on it; a later one without discards
    it, even when the earlier one was written with `base`."""
    from .resolve import declared_at

    pack_of = {pack.display(path): pack for pack in chain for path in pack.files()}
    overridden = {id(decl) for decl, _old in overrides}
    found = []
    for decl, old in overrides:
        later, earlier = pack_of.get(decl.span.file), pack_of.get(old.span.file)
        if id(old) not in overridden or not later or not earlier or earlier.root in later.bases:
            continue
        if any(type(n) in (A.Call, A.CallStmt) and n.func.startswith(f"{decl.name}.base") for n in A.walk(decl)):
            continue
        found.append(Diagnostic(
            "W406", f"{decl.name!r} is overridden by both {earlier.name!r} and {later.name!r}; "
            f"{later.name!r} comes later in the stack and wins", declared_at(sources or {}, decl.name, decl.span),
            f"make {later.name!r} extend {earlier.name!r} if it builds on that override, call base(...), "
            "or change the order of --with", notes=(f"{earlier.name!r} overrides it at {old.span}",)))
    last: dict = {}   # what an amend changes -> (pack, where) of the last amend of it
    for what, span in amended_parts:
        later = pack_of.get(span.file)
        if later is None:
            continue
        earlier = last.get(what)
        last[what] = (later, span)
        if earlier is None or earlier[0] is later or earlier[0].root in later.bases or span in building \
                or (what, span) in building:
            continue
        found.append(Diagnostic(
            "W406", f"{what} is amended by both {earlier[0].name!r} and {later.name!r}; {later.name!r} comes later in "
            "the stack and wins", span, f"make {later.name!r} extend {earlier[0].name!r} if it builds on that amend, "
            "or change the order of --with", notes=(f"{earlier[0].name!r} amends it at {earlier[1]}",)))
    return found

