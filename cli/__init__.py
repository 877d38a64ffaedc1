"""The `rulebook` command: lint, compile, explain, fmt, play and replay rules packs.

Start-up matters (a lint is one short process): this module imports click and nothing heavier at
the top. Each command imports what it needs inside its function, and the consoles load rich only
for what plain text cannot show (tables, styled text), so `rulebook lint` never loads rich, the
runtime, the code generator or the language server (tests/test_startup.py, bench/startup.py).
"""

from __future__ import annotations

import os
import stat
import sys
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

import click

if TYPE_CHECKING:  # annotations only: importing them at start-up would load lark and rich
    from rich.text import Text

    from rulebook.dsl.diagnostics import Diagnostic, RulesError

class _Commands(click.Group):
    """The command group: `--help` lists the commands in the order they are registered. The commands
    kept in modules of their own are imported (and so registered) when they are named or listed."""

    OWN_MODULES = {"lsp": "rulebook.cli.lsp", "simulate": "rulebook.cli.simulate", "gallery": "rulebook.cli.gallery",
                   "new": "rulebook.cli.new"}

    FIRST = ("new",)   # where one starts: listed before the rest

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, in `--help` order."""
        # the commands of their own modules last, in a fixed order, whichever of them was imported first
        return list(self.FIRST) + [name for name in self.commands if name not in self.OWN_MODULES] + \
            [name for name in self.OWN_MODULES if name not in self.FIRST]

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands with the first sentence of their help, wrapped (click would cut it short)."""
        rows = [(name, command.get_short_help_str(limit=200)) for name in self.list_commands(ctx)
                for command in [self.get_command(ctx, name)] if command is not None and not command.hidden]
        with formatter.section("Commands"):
            formatter.write_dl(rows)

    def get_command(self, ctx: click.Context, name: str) -> Optional[click.Command]:
        """The command of this name, importing its module first if it has one of its own."""
        if name not in self.commands and name in self.OWN_MODULES:
            import importlib

            importlib.import_module(self.OWN_MODULES[name])
        return super().get_command(ctx, name)

    def invoke(self, ctx: click.Context):
        """Run the command; a reader that stops early (`| head`) ends it quietly, with the exit status
        of a process its closed pipe stopped (141), for every command that prints."""
        try:
            try:
                return super().invoke(ctx)
            finally:
                sys.stdout.flush()   # what is still buffered meets the closed pipe here, not at exit
        except BrokenPipeError:
            # nothing more can be shown: point stdout at nothing so that the exit's flush is quiet too
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            sys.exit(EXIT_PIPE)


app = _Commands("rulebook", no_args_is_help=True, context_settings={"show_default": True},
               help="A declarative rules language for board games: lint, compile, play.")
# `rulebook --version`: the installed distribution's version (importlib.metadata, read only when asked)
click.version_option(package_name="rulebook", prog_name="rulebook", message="%(prog)s %(version)s")(app)


class _LazyConsole:
    """A PlainConsole (no markup, no emoji codes, control characters escaped: everything printed holds
    user text) made at its first use, so importing the CLI does not import rich. Until then, plain
    lines are written as that console would write them (it never wraps, styles or marks them up), so a
    command that prints only text, such as a lint, never imports rich."""

    def __init__(self, **options):
        self._options = options
        self._console = None

    def print(self, *objects, sep: str = " ", end: str = "\n", **options) -> None:
        """Print like PlainConsole.print: plain strings straight to the stream, anything else through rich."""
        plain = all(isinstance(o, str) and "\t" not in o for o in objects)   # rich expands tabs by cell width
        if self._console is not None or not plain or options.keys() - _PLAIN_OPTIONS:
            self.rich.print(*objects, sep=sep, end=end, **options)
            return
        from rulebook.dsl.diagnostics import printable

        stream = sys.stderr if self._options.get("stderr") else sys.stdout   # looked up now: tests swap them
        stream.write(sep.join(printable(o, newlines=True) for o in objects) + end)
        stream.flush()

    @property
    def rich(self):
        """The rich console itself (for rich objects that take a console, such as a progress bar)."""
        if self._console is None:
            from rulebook.runtime.console import PlainConsole

            self._console = PlainConsole(**self._options)
        return self._console

    def __getattr__(self, name: str):
        return getattr(self.rich, name)


_PLAIN_OPTIONS = {"markup", "emoji", "highlight"}   # options PlainConsole overrides anyway
out = _LazyConsole()
err = _LazyConsole(stderr=True)

EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE = 0, 1, 2
EXIT_PIPE = 141   # 128 + SIGPIPE: the reader closed the pipe (`rulebook play ... | head`), as the shell reports
Exit = click.exceptions.Exit   # raised to end a command with an exit code
SEED_LIMIT = 2 ** 63   # runtime.engine.SEED_LIMIT, restated: importing the engine here would slow every command


class Format(str, Enum):
    text = "text"
    json = "json"


# click checks nothing: a path that is missing, unreadable or in a folder that cannot be searched is
# refused by the command with a positioned diagnostic (in its --format), never by click's own text
PATH = click.Path(path_type=Path, readable=False)
PACK = "Pack folder or shipped pack name."


def _as_list(_ctx, _param, value) -> list:
    return list(value)


def many(*declarations: str, **options):
    """A repeatable option whose values reach the command as a list, in the order given."""
    return click.option(*declarations, multiple=True, callback=options.pop("callback", _as_list),
                        show_default=False, **options)


def _settings(ctx, param, values) -> list:
    """`--option NAME=N`, each as written (the game checks the name and the range: a usage error)."""
    for v in values:
        if "=" not in v:
            raise click.BadParameter(f"{v!r}: write NAME=N, the option's name and its value (handicap=4)")
    return list(values)


def setting_option():
    """`--option NAME=N` (play, simulate, cover): a numeric option's value (`option NAME: LOW..HIGH = D;`),
    passed to the game with the variants (a game's settings: its variants' names and NAME=N)."""
    return many("--option", "settings", metavar="NAME=N", callback=_settings,
                help="Set a numeric option of the game ('option NAME: LOW..HIGH = DEFAULT;') to N.")


def usage_error(diagnostics: list, fmt: Format) -> None:
    """End the command with a usage error (exit code 2), its diagnostics printed like every other finding."""
    _report(diagnostics, {}, fmt)
    raise Exit(EXIT_USAGE)


def format_of(ctx: Optional[click.Context]) -> Format:
    """The command's `--format` as an argument's callback sees it (the option is eager: read first)."""
    return ctx.params.get("format", Format.text) if ctx is not None else Format.text


def existing_packs(ctx, _param, value):
    """A PACK argument or option (one or several): a pack that is nowhere, neither a folder nor a shipped
    or installed name, is a usage error (E503 with its did-you-mean, exit code 2). A folder that is not a
    valid pack is left to the command, whose diagnostics say what is wrong with it (exit code 1)."""
    refs = [value] if isinstance(value, str) else list(value or ())
    if refs:
        from rulebook.compiler.pack import locate
        from rulebook.dsl.diagnostics import RulesError

        for ref in refs:
            try:
                locate(ref)
            except RulesError as e:
                if e.diagnostics[0].code == "E503":
                    usage_error(e.diagnostics, format_of(ctx))
    return value if isinstance(value, str) or value is None else refs


def existing_pack_or_file(ctx, param, value):
    """A PACK argument that may also be one rules file (explain reads a lone file as lint does)."""
    if isinstance(value, str) and value.endswith(".rules") and Path(value).is_file():
        return value
    return existing_packs(ctx, param, value)


def existing_paths(ctx, _param, value):
    """A file argument (one or several) that must exist: one that does not is a usage error (E107 at the
    path, exit code 2). One that exists but cannot be read is left to the command's reader (E107, exit 1)."""
    for path in [value] if isinstance(value, Path) else value or ():
        if _missing(path):
            usage_error([_at_path("E107", path, "cannot read file: no such file or folder")], format_of(ctx))
    return value


def _missing(path: Path) -> bool:
    """Whether nothing is at `path` (a folder on the way that cannot be searched is not "nothing")."""
    try:
        os.lstat(path)
    except (FileNotFoundError, NotADirectoryError):
        return True
    except (OSError, ValueError):   # EACCES, ELOOP, a NUL byte: there, or not, the reader will say
        return False
    return False


def _at_path(code: str, path, message: str, hint: Optional[str] = None) -> Diagnostic:
    """A finding about a whole file or folder named on the command line (no line to point at)."""
    from rulebook.dsl.ast import Span
    from rulebook.dsl.diagnostics import Diagnostic

    return Diagnostic(code, message, Span(str(path), 0, 0, 0, 0), hint)


def with_option():
    """The `--with EXP` option: expansions stacked on the pack, in the order given."""
    return many("--with", "expansions", metavar="PACK", callback=existing_packs,
                help="Stack an expansion on the pack (repeatable; later ones win).")


def pack_argument(help: str = PACK):
    """The PACK argument of a command."""
    return click.argument("pack", help=help, callback=existing_packs)


def writable(path: Optional[Path], folder: bool = False, fmt: Format = Format.text) -> None:
    """Refuse an output path that cannot be written (E506, exit code 1) before any work is done, so a
    long game, simulation or compile never ends on it: its folder must exist (or, for a `folder` output,
    be creatable) and be writable, and the path itself must not be a folder (or, for `folder`, a file)."""
    if path is None:
        return
    try:
        reason = _unwritable(path, folder)
    except OSError as e:   # a folder on the way that cannot be searched
        reason = (e.strerror or str(e)).lower()
    except ValueError as e:   # a NUL byte in the path
        reason = str(e)
    if reason is not None:
        _fail(_cannot_write(path, reason), fmt)


def _unwritable(path: Path, folder: bool) -> Optional[str]:
    """Why `path` cannot be written (see `writable`), or None."""
    parent = path if folder else path.parent
    existing = next((p for p in [parent, *parent.parents] if p.exists()), Path("."))
    if not folder and path.is_dir():
        return "it is a folder"
    if folder and path.exists() and not path.is_dir():
        return "it is a file, not a folder"
    if not folder and not parent.is_dir():
        return f"the folder {parent} does not exist" if not parent.exists() else f"{parent} is not a folder"
    if not existing.is_dir():
        return f"{existing} is not a folder"
    if not os.access(existing, os.W_OK | os.X_OK) or path.exists() and not os.access(path, os.W_OK):
        return "permission denied"
    return _cannot_create_in(existing)


def _cannot_create_in(folder: Path) -> Optional[str]:
    """Why no file can be made in `folder`, found by making (and removing) an empty one: the permission
    bits do not tell for root, nor for a read-only file system or /proc; None when it can."""
    import tempfile

    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".rulebook-probe-")
    except OSError as e:
        return f"no file can be made in {folder} ({(e.strerror or str(e)).lower()})"
    os.close(fd)
    os.unlink(probe)
    return None


def logged_pack_options():
    """replay's and resume's --pack and --with: where the packs a log names are, when they have moved
    (no --with: the log's own expansions)."""
    pack = click.option("--pack", callback=existing_packs, help="The pack folder, when it has moved.")
    stack = click.option("--with", "expansions", multiple=True, metavar="PACK", show_default=False,
                         callback=lambda ctx, param, value: existing_packs(ctx, param, value) or None,
                         help="Stack these expansions instead of the ones the log names (for packs that moved).")
    return lambda command: pack(stack(command))


def flag(*declarations: str, help: str):
    """An on/off option, off unless given."""
    return click.option(*declarations, is_flag=True, default=False, help=help)


def interpreted_option(help: str = "Run on the reference interpreter instead of the compiled module."):
    """`--interpreted` (also spelled `--interpret`, as it first was), the same flag in every command that
    plays games (play, replay, resume, simulate): the parameter is `interpret`."""
    return click.option("--interpreted", "--interpret", "interpret", is_flag=True, default=False, help=help)


def format_option():
    """`--format text|json`, read before the other arguments (eager), so their usage errors honour it."""
    return click.option("--format", type=click.Choice(Format), default=Format.text, is_eager=True,
                        help="text or json")


class AgentKind(str, Enum):
    random = "random"
    focused = "focused"
    mixed = "mixed"
    first = "first"
    human = "human"


class AutoAgent(str, Enum):
    """The agents `cover` and `simulate` may play with: all but the human (each is rebuilt from its name
    and the game's seed, so a worker process or a Ray node plays the same game as `play --agent`)."""
    mixed = "mixed"
    random = "random"
    focused = "focused"
    first = "first"


def _report(diags: list[Diagnostic], sources: dict, fmt: Format) -> int:
    """Print findings; the exit code is 1 when any is an error or warning."""
    from rulebook.dsl.diagnostics import INFO, render_json, render_text, sort_key

    diags = sorted(diags, key=sort_key)
    if fmt is Format.json:
        out.print(render_json(diags), markup=False)
    elif diags:
        err.print(render_text(diags, sources), markup=False)
    return EXIT_FINDINGS if any(d.severity != INFO for d in diags) else EXIT_CLEAN


def _fail(e: RulesError, fmt: Format = Format.text, sources: Optional[dict] = None) -> None:
    raise Exit(_report(e.diagnostics, sources or {}, fmt))


def _path_kind(path: Path) -> Optional[str]:
    """What is at a path named on the command line: "folder", "file" (anything else, a FIFO or a device,
    which its reader refuses) or None for nothing; E107 at the path when it cannot be looked at or
    into (a folder that cannot be searched or listed), never an OSError."""
    from rulebook.dsl.diagnostics import RulesError

    try:
        if not stat.S_ISDIR(os.stat(path).st_mode):
            return "file"
        with os.scandir(path):   # a folder that can be listed ...
            pass
        os.stat(os.path.join(path, "."))   # ... and searched, for the files in it (pathlib drops a ".")
        return "folder"
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, ValueError) as e:
        raise RulesError([_at_path("E107", path, f"cannot read {path}: {getattr(e, 'strerror', None) or e}")]) \
            from None


def _lint_targets(path: Path, fmt: Format) -> list:
    """What linting PATH means: a file, a pack, every pack and loose file in a folder (a folder inside a
    pack: its files, each checked within the pack), or a shipped pack. A path that cannot be looked at
    (in a folder that cannot be searched) is E107 at it; one that is nowhere, a usage error."""
    from rulebook.compiler.pack import MANIFEST, rules_files, shipped_packs
    from rulebook.dsl.diagnostics import did_you_mean

    kind = _path_kind(path)
    if kind == "file":   # a FIFO or device too: E107 from the reader
        return [path]
    if kind == "folder":
        if (path / MANIFEST).is_file():
            return [str(path)]
        packs = sorted(m.parent for m in path.rglob(MANIFEST))
        inside_pack = any((parent / MANIFEST).is_file() for parent in path.resolve().parents)
        if not packs and not inside_pack:   # rules files without a manifest: a pack missing one, E501 as for play
            return [str(path)]
        loose = [f for f in rules_files(path) if not any(p in f.parents for p in packs)]
        return [str(p) for p in packs] + loose
    if str(path) in shipped_packs():
        return [str(path)]
    usage_error([_at_path("E503", path, "no such file, folder or shipped pack",
                          did_you_mean(str(path), shipped_packs()))], fmt)


@app.command()
@click.argument("paths", nargs=-1, required=True, type=PATH,
                help="Rules files, pack folders, folders of packs or shipped pack names.")
@format_option()
@with_option()
def lint(paths: List[Path], format: Format, expansions: List[str]) -> None:
    """Check rules files or packs (stacked with any --with expansions) and report every finding."""
    from rulebook.compiler.driver import analyse, analyse_file
    from rulebook.dsl.diagnostics import ERROR, INFO, RulesError

    diags: list[Diagnostic] = []
    sources: dict = {}
    for path in paths:
        try:
            targets = _lint_targets(path, format)
        except RulesError as e:
            diags.extend(e.diagnostics)
            continue
        for target in targets:
            try:
                result = analyse_file(target, expansions) if isinstance(target, Path) else analyse(target, expansions)
            except RulesError as e:
                diags.extend(e.diagnostics)
                sources.update(_sources_of(e))
                continue
            diags.extend(result.diagnostics)
            sources.update(result.sources)
            if isinstance(target, Path) and result.within and format is Format.text:   # which pack the file's names are checked against
                err.print(f"{target}: linted {result.within}", markup=False)
    code = _report(diags, sources, format)
    if format is Format.text:
        errors = sum(d.severity == ERROR for d in diags)
        warnings = sum(d.severity != ERROR and d.severity != INFO for d in diags)
        err.print(f"{errors} error(s), {warnings} warning(s)" if diags else "no findings", markup=False)
    raise Exit(code)


@app.command("compile")
@pack_argument()
@click.option("-o", "--output", type=PATH, required=True, help="Folder for the generated module.")
@flag("--no-cache", help="Ignore the compile cache.")
@format_option()
@with_option()
def compile_(pack: str, output: Path, no_cache: bool, format: Format, expansions: List[str]) -> None:
    """Compile a pack (stacked with any --with expansions) into one Python module of effect functions."""
    from rulebook.compiler.driver import compile_pack
    from rulebook.dsl.diagnostics import INFO, RulesError

    writable(output, folder=True, fmt=format)   # before compiling: a long compile never ends on a bad -o
    name = _module_name(pack, expansions)
    if name is not None and Path(name).name == name and output.is_dir():   # one plain name: else E502 later
        writable(output / f"{name}.py", fmt=format)
    try:
        compiled = compile_pack(pack, use_cache=not no_cache, expansions=expansions)
    except RulesError as e:
        _fail(e, format, _sources_of(e))
    target = output / f"{compiled.program.name}.py"
    _write(target, compiled.source, format, make_parent=True)
    _report([d for d in compiled.diagnostics if d.severity != INFO], {}, format)
    if format is Format.text:
        out.print(f"compiled {compiled.program.name} -> {target}" + (" (from cache)" if compiled.cached else ""),
                  markup=False)


def _module_name(pack: str, expansions: List[str]) -> Optional[str]:
    """The name the compiled module will have (the top pack's), read from the manifests alone; None when
    they cannot be read, which the compile itself then reports."""
    from rulebook.compiler.pack import stack_chain
    from rulebook.dsl.diagnostics import RulesError

    try:
        return stack_chain(pack, expansions, validate=False)[-1].name
    except RulesError:
        return None


def _cannot_write(path: Path, reason: str) -> RulesError:
    from rulebook.dsl.diagnostics import RulesError

    return RulesError([_at_path("E506", path, f"cannot write {path}: {reason}")])


def _write(path: Path, content, fmt: Format = Format.text, make_parent: bool = False) -> None:
    """Write an output file atomically, or exit with E506 at its path (never a half-written file)."""
    from rulebook.dsl.files import write_atomic

    try:
        if make_parent:
            path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, content)
    except OSError as e:
        _fail(_cannot_write(path, e.strerror or str(e)), fmt)
    except ValueError as e:  # a NUL byte in the path
        _fail(_cannot_write(path, str(e)), fmt)


def _sources_of(e: RulesError) -> dict:
    from rulebook.compiler.driver import source_text

    sources = {}
    for d in e.diagnostics:
        if d.span.file not in sources and d.span.line > 0:
            text = source_text(Path(d.span.file))
            if text is not None:
                sources[d.span.file] = text
    return sources


@app.command()
@click.argument("pack", callback=existing_pack_or_file,
                help="Pack folder or shipped pack name, or a .rules file (read within its pack, if any, as lint reads it).")
@click.argument("name", help="The name of a declaration.")
@with_option()
def explain(pack: str, name: str, expansions: List[str]) -> None:
    """Show a declaration, where it is and what it does in plain words."""
    from rulebook.compiler.driver import analyse, analyse_file
    from rulebook.compiler.explain import (as_declared, constants_read, as_made, as_written, changes, copies_words, explain_space, history,
                                           indented, named_space, origin, space_hint, space_origin, titled,
                                           with_amends_comments)
    from rulebook.compiler.explain import explain as read_out
    from rich.text import Text

    from rulebook.dsl import ast as A
    from rulebook.dsl.diagnostics import ERROR, RulesError, did_you_mean, printable
    from rulebook.dsl.printer import declaration_text

    try:   # a lone rules file as lint reads it: within its pack, else alone
        result = analyse_file(Path(pack), expansions) if pack.endswith(".rules") and Path(pack).is_file() \
            else analyse(pack, expansions)
    except RulesError as e:
        _fail(e, Format.text, _sources_of(e))
    if result.symbols is None:   # a file that cannot be read or parsed: nothing to look a name up in
        _fail(RulesError(result.diagnostics), Format.text, result.sources)
    asked, decl = name, result.symbols.decls.get(name)
    # a shortfall by the name of the proc it runs as (`shortfall_cash`), or `shortfall cash`: read as written
    shortfall = next((f for f in result.symbols.shortfalls.values() if name in (f.name, f"shortfall {f.resource}")), None)
    decl = shortfall if shortfall is not None else decl
    enum = result.symbols.members.get(name) if decl is None else None
    if enum is not None:   # a member is read in its enum, which says its title and who added it
        out.print(Text.assemble((printable(name), "bold"), f" is a member of enum {printable(enum)}"))
        name, decl = enum, result.symbols.decls[enum]
    events = history(name, result.modules)   # where it is declared, and what stacked packs changed
    if decl is None and events and events[-1][0] == "removed":
        # a question about the stack, answered: what was declared and which pack took it out
        out.print(Text.assemble((printable(name), "bold"), " was ", printable(origin(name, events))))
        gone = [item for event, item in events if event in ("declared", "overridden")][-1]
        out.print(Text("\nRemoved: not in the game with these packs; it read", style="bold"))
        lines = declaration_text(gone, result.sources.get(gone.span.file))
        out.print("\n".join(indented(lines)), markup=False)
        raise Exit(EXIT_CLEAN)
    track, space = named_space(result.symbols, name) if decl is None else (None, None)
    if space is not None:   # "exploration 5", as simulate and cover name a space
        out.print(Text.assemble((printable(name), "bold"), " is ",
                                printable(space_origin(track, space, result.symbols))))
        out.print("\n".join(explain_space(track, space, result.symbols)), markup=False)
        return
    made = [n for n, (template, *_rest) in result.symbols.generated.items() if template == name] if decl is None else []
    if made:   # a `for each` declaration by its own name: as written, read as the family it makes
        family = [item for _pack, modules in result.modules for m in modules for item in m.items
                  if isinstance(item, A.Entity) and item.each is not None and item.name == name][-1]
        copies = sum(result.symbols.decls[n].copies for n in made)
        if type(family.copies) is A.ConstNumber:   # `* per_colour`: the number the made entities have, by name
            family = A.replace(family, copies=result.symbols.decls[made[0]].copies)
        out.print(Text.assemble((printable(name), "bold"), f" is a 'for each' declaration at {family.span}: it makes "
                                f"{len(made)} declarations ({copies} {family.kind}s): " + ", ".join(made[:3])
                                + (f" and {len(made) - 3} more" if len(made) > 3 else "")))
        out.print("\n".join(indented(declaration_text(family, result.sources.get(family.span.file)))), markup=False)
        out.print(Text("\nIn words", style="bold"))
        out.print("\n".join(read_out(family, result.symbols)), markup=False)
        return
    by_title = titled(result.symbols, name) if decl is None and track is None else {}
    if len(by_title) == 1:   # asked by its title: "Queen of Spades", or "Red 5" for copy 10 of `red_c`
        ((name, numbers),) = by_title.items()
        decl = result.symbols.decls[name]
        out.print(Text.assemble(f"“{printable(asked.strip())}” is the title of ", (printable(name), "bold"),
                                "" if getattr(decl, "copies", 1) <= 1 else f" ({copies_words(numbers, decl.copies)})"
                                if numbers else f" (each of its {decl.copies} copies)"))
        events = history(name, result.modules)
    if decl is None:
        _report([d for d in result.diagnostics if d.severity == ERROR], result.sources, Format.text)   # why, maybe
        hint = (f"track {track.name!r} has spaces 1 to {track.top()}" if track is not None else
                "it is the title of " + " and ".join(map(repr, by_title)) + ": name one of them" if by_title else
                space_hint(result.symbols, name) or _phase_hint(result.symbols, name, pack)
                or did_you_mean(name, result.symbols.names()))
        whose = "file" if pack.endswith(".rules") and Path(pack).is_file() and not result.within else "pack"
        _fail(RulesError([_at_path("E511", pack, f"the {whose} declares nothing named {name!r}", hint)]))
    out.print(Text.assemble((printable(name), "bold"), " is ",
                            printable(origin(name, events) if events else f"declared at {decl.span}")))
    decl = as_declared(as_made(decl, result.symbols), result.symbols)   # a `for each` entity's title filled; a func
    # some cards change as the packs declare it
    shown = as_written(decl, events)   # with the comments above it and inside it, as `fmt` keeps them
    if getattr(shown, "kind", None) == "role" and shown.name in result.symbols.roles:   # a role, as written
        shown = result.symbols.roles[shown.name]
    lines = with_amends_comments(declaration_text(shown, result.sources.get(shown.span.file)), shown, events,
                                 result.sources)   # the base's comment labelled, each amend's own shown
    out.print("\n".join(indented(lines)), markup=False)
    constants = constants_read(decl, result.symbols, result.modules)
    if constants:   # the constants by name above: what they come to, and which pack says so
        out.print("\n".join(indented(["(" + "; ".join(constants) + ")"])), markup=False)
    out.print(Text("\nIn words", style="bold"))
    out.print("\n".join(read_out(decl, result.symbols)), markup=False)
    if len(events) > 1:
        out.print(Text("\nChanged by the stacked packs", style="bold"))
        out.print("\n".join(changes(events, result.symbols, result.sources)), markup=False)


def _phase_hint(symbols, name: str, pack: str) -> Optional[str]:
    """For `explain PACK canal_era`: a phase of a game is read with its game (the phases are parts of
    it, not declarations), so the hint names the game to explain instead."""
    from rulebook.dsl import ast as A

    for decl in symbols.decls.values():
        if isinstance(decl, A.Game) and name in ("setup", "play", "final", *(p.name for p in decl.named_phases())):
            return f"{name!r} is a phase of game {decl.name!r}: `rulebook explain {pack} {decl.name}` reads every phase"
    return None


@app.command()
@click.argument("paths", nargs=-1, required=True, type=PATH, callback=existing_paths,
                help="Rules files, or folders whose rules files are formatted, in place.")
@flag("--check", help="Only report files that would change.")
def fmt(paths: List[Path], check: bool) -> None:
    """Rewrite rules files in the canonical layout, keeping their comments and line endings."""
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.dsl.parser import parse_file
    from rulebook.dsl.printer import format_text

    changed = 0
    for path in _rules_files(paths):
        try:
            module, text = parse_file(path)
        except RulesError as e:
            _fail(e, Format.text, _sources_of(e))
        crlf = text.partition("\n")[0].endswith("\r")   # a file written with CRLF line breaks keeps them
        new = format_text(text.replace("\r\n", "\n") if crlf else text, str(path), module)
        if crlf:
            new = new.replace("\n", "\r\n")
        if _starts_with_bom(path):   # parse_file drops a byte order mark; the file written back keeps it
            new, text = "\ufeff" + new, "\ufeff" + text
        if new != text:
            changed += 1
            if check:   # which lines would change, as a unified diff of the file and its formatted form
                out.print(f"would reformat {path}", markup=False)
                out.print("".join(_fmt_diff(path, text, new)), markup=False, highlight=False, end="")
            else:
                _write(path, new)  # through a symlink, the file it points to; its mode is kept
                out.print(f"reformatted {path}", markup=False)
    raise Exit(EXIT_FINDINGS if check and changed else EXIT_CLEAN)


def _fmt_diff(path: Path, text: str, new: str) -> list[str]:
    """The lines `fmt` would change in a file, as a unified diff (one line of context), each line ended."""
    import difflib

    lines = difflib.unified_diff(text.lstrip("\ufeff").replace("\r\n", "\n").splitlines(keepends=True),
                                 new.lstrip("\ufeff").replace("\r\n", "\n").splitlines(keepends=True),
                                 f"{path}", f"{path} (formatted)", n=1)
    return [line if line.endswith("\n") else line + "\n" for line in lines]


def _starts_with_bom(path: Path) -> bool:
    """Whether a file (already read once) starts with a UTF-8 byte order mark."""
    import codecs

    try:
        with open(path, "rb") as f:
            return f.read(len(codecs.BOM_UTF8)) == codecs.BOM_UTF8
    except OSError:
        return False


def _left_out_by_its_pack(path: Path, packs: dict) -> bool:
    """Whether the pack a rules file lies in (the nearest folder above it with a pack.toml) leaves it out
    by its manifest's `exclude`, as lint does (`packs`: the packs read so far, by folder). A manifest that
    cannot be read leaves nothing out: fmt lays out text, and lint reports the manifest."""
    from rulebook.compiler.pack import MANIFEST, load_pack
    from rulebook.dsl.diagnostics import RulesError

    root = next((folder for folder in path.parents if (folder / MANIFEST).is_file()), None)
    if root is None:
        return False
    if root not in packs:
        try:
            packs[root] = load_pack(root)
        except RulesError:
            packs[root] = None
    return packs[root] is not None and packs[root].excludes(path)


def _rules_files(paths: List[Path]) -> list[Path]:
    """The files `fmt` formats: each rules file named, and the rules files in or below each folder named
    but for those their pack's `exclude` leaves out (as lint takes folders). Any other file (a pack.toml, a log) is refused as a usage error: it is not rules text to lay out."""
    from rulebook.compiler.pack import rules_files
    from rulebook.dsl.diagnostics import RulesError

    files, packs = [], {}
    for path in paths:
        try:
            kind = _path_kind(path)
        except RulesError as e:
            _fail(e)
        if kind == "folder":
            found = rules_files(path)
            if not found:
                err.print(f"rulebook: fmt: no .rules files in or below {path}", markup=False)
                raise Exit(EXIT_USAGE)
            files += [f for f in found if not _left_out_by_its_pack(f, packs)]
        elif path.suffix != ".rules":
            err.print(f"rulebook: fmt formats rules files (NAME.rules); {path} is not one", markup=False)
            raise Exit(EXIT_USAGE)
        else:
            files.append(path)
    return list(dict.fromkeys(files))


def _game_of(program, pack: str):
    """The pack's game, or exit with E306."""
    if program.game is None:
        err.print(f"{pack}: error[E306]: the pack declares no game (add 'game NAME {{ ... }}')", markup=False)
        raise Exit(EXIT_FINDINGS)
    return program.game


def _check_seats(program, pack: str, players: int, variants: List[str], whose: str = "the pack"):
    """The pack's game, or exit with a usage error for a player count or a variant it does not have
    (`whose` names the pack in the message, where a command runs more than one)."""
    g = _game_of(program, pack)
    from rulebook.runtime.engine import refusal, seating_refusal

    seating = seating_refusal(program, players, variants, whose)
    refused = seating or refusal(program, players, variants)
    if refused:   # a usage error, at the pack: E510 for the seats or an unknown variant, E607 a variant's `when`
        usage_error([_at_path("E510" if seating else "E607", pack, refused)], Format.text)
    return g


def roles_option():
    """`--roles R1,R2,...` (play, simulate): the roles the seats hold from the start, one a seat in seat order, in
    a pack whose seats line gives them (`seats ... roles ...`), in place of those it deals."""
    return click.option("--roles", metavar="ROLE,ROLE,...", callback=_role_names,
                        help="Seat these roles, one a seat in seat order (a pack whose seats line gives roles), "
                             "instead of dealing them; -n defaults to their count.")


def _role_names(ctx, param, value) -> Optional[list]:
    """`--roles` as a list of names (None when not given); checked against the pack by `seated_roles`."""
    return None if value is None else [name.strip() for name in value.split(",")]


def seated_roles(program, pack: str, players: int, roles: Optional[list]) -> Optional[tuple]:
    """`--roles` checked as `Game(..., roles=[...])` checks them (runtime.engine.checked_seat_roles), or exit
    with a usage error (E510, at the pack) naming what does not fit; None when not given."""
    if roles is None:
        return None
    from rulebook.runtime.engine import RulesRuntimeError, checked_seat_roles

    if not program.seat_roles:   # said for the command line, not for a program calling Game
        usage_error([_at_path("E510", pack, "--roles seats roles only in a pack whose seats line gives them "
                              "(`seats ... roles ...`)")], Format.text)
    try:
        return checked_seat_roles(program, players, roles)
    except RulesRuntimeError as e:
        usage_error([_at_path("E510", pack, f"--roles: {e.message}")], Format.text)


def players_or_only_count(program, pack: str, players: Optional[int]) -> int:
    """`--players` as given, or the game's one player count when it seats only one (Chess, Go: `seats 2
    to 2`); a usage error (E510, at the pack) when it seats several and none was given."""
    if players is not None:
        return players
    seats = program.seats()
    if len(seats) == 1:
        return seats[0]
    g = program.game
    counts = f"{seats[0]} to {seats[-1]} players" if seats else "any number of players (it declares no game)"
    usage_error([_at_path("E510", pack, f"{g.title or g.name if g is not None else 'the pack'} is for {counts}: "
                          "say how many with --players (-n)")], Format.text)


def _program(pack: str, interpret: bool, expansions=()):
    from rulebook.compiler.driver import compile_pack, interpret_pack

    return interpret_pack(pack, expansions) if interpret else compile_pack(pack, expansions=expansions).program


def limit_options():
    """`--max-decisions N` and `--max-rounds N` (play, simulate): stop a game that runs past them."""
    def decorate(f):
        f = click.option("--max-rounds", type=click.IntRange(min=1), metavar="N",
                         help="Stop a game at its first decision after N rounds of its round loop (the first while "
                              "or repeat reached from its play phases); a stopped game is reported, not scored.")(f)
        return click.option("--max-decisions", type=click.IntRange(min=0), metavar="N",
                            help="Stop a game at its decision after the first N; a stopped game is reported, "
                                 "not scored.")(f)
    return decorate


def game_limits(pack: str, expansions, max_decisions: Optional[int], max_rounds: Optional[int]):
    """The Limits of `--max-decisions` and `--max-rounds`; E513 (a usage error, at the pack) when
    `--max-rounds` is given for a game whose play phases reach no loop to count the rounds of."""
    from rulebook.runtime.limits import Limits, round_loop

    round_at = None
    if max_rounds is not None:
        round_at = round_loop(pack, expansions)
        if round_at is None:
            usage_error([_at_path("E513", pack, "--max-rounds counts the rounds of the game's round loop, the "
                                  "first while or repeat reached from its play phases (or the procs they call), "
                                  "and none is",
                                  "--max-decisions N stops a game without one")], Format.text)
    return Limits(max_decisions, max_rounds, round_at)


@app.command()
@pack_argument()
@click.option("--players", "-n", type=int, help="Number of players (default: the game's only count, if it has one).")
@click.option("--seed", "-s", type=click.IntRange(-SEED_LIMIT, SEED_LIMIT - 1), default=1,
              help="Seed of the game's RNG (an integer within ±2^63).")
@click.option("--agent", type=click.Choice(AgentKind), default=AgentKind.random,
              help="random, focused (random, but repeats its earlier answers), mixed (both, seat by seat), first or human (at its prompt, '? N' or '? NAME' shows a card's printed fields).")
@click.option("--log", type=PATH, help="Write the game log here.")
@many("--variant", help="Switch on an optional rule.")
@setting_option()
@roles_option()
@interpreted_option()
@flag("--quiet", "-q", help="Print only the result.")
@flag("--show-state", help="Print the whole game state at the end.")
@flag("--show-state-each", "show_each", help="Print the whole game state before each decision (and at the end).")
@flag("--trace", help="Print every effect, decision and message as it happens, with its rules line.")
@limit_options()
@with_option()
def play(pack: str, players: Optional[int], seed: int, agent: AgentKind, log: Optional[Path], variant: List[str],
         settings: List[str], roles: Optional[list], interpret: bool, quiet: bool, show_state: bool, show_each: bool,
         trace: bool, max_decisions: Optional[int], max_rounds: Optional[int], expansions: List[str]) -> None:
    """Play a whole game with the given agents and print the final scores and the winner."""
    from rulebook.runtime.agents import make_agents
    from rulebook.runtime.engine import Game
    from rulebook.runtime.limits import limit
    from rulebook.dsl.diagnostics import RulesError

    writable(log)
    variant = variant + settings
    try:
        program = _program(pack, interpret, expansions)
    except RulesError as e:
        _fail(e, Format.text, _sources_of(e))
    players = players_or_only_count(program, pack, len(roles) if players is None and roles else players)
    g = _check_seats(program, pack, players, variant)
    seated = seated_roles(program, pack, players, roles)
    limits = game_limits(pack, expansions, max_decisions, max_rounds)
    game = limit(Game(program, players, seed, make_agents(agent.value, players, seed), variant, seated), limits)
    _play_out(game, g, log, quiet, show_state, show_each, trace)


def _play_out(game, g, log: Optional[Path], quiet: bool, show_state: bool, show_each: bool, trace: bool) -> None:
    """play's and resume's common part: play `game` on from where it stands with its agents, then
    print its last messages and the scores and write its log, however it ends (finished, stopped by a
    rules error, or left when a human's input ends)."""
    from rulebook.runtime.engine import RulesRuntimeError
    from rulebook.runtime.limits import Stopped

    if show_each:
        game.agents = [_ShowingState(a, game) for a in game.agents]
    if trace:
        game.tracer = _print_effect
    try:
        game.play()
        result = game.result()   # with the final state's digest, which the summary shows
    except RulesRuntimeError as e:
        err.print(f"{e}", markup=False)
        for note in e.notes:
            err.print(f"  note: {note}", markup=False)
        _write_log(game, log, "with the error")   # a log that replays to the error: a bug report
        raise Exit(EXIT_FINDINGS)
    except EOFError:
        err.print(f"rulebook: the input ended after {game.decisions_made} decisions; the game is "
                  + ("saved unfinished" if log is not None else "abandoned"), markup=False)
        _write_log(game, log, "unfinished (rulebook resume continues it)")
        raise Exit(EXIT_USAGE)
    except Stopped as e:   # at a limit of the command line: reported, not scored
        if not quiet and not trace:
            for line in game.messages[-12:]:
                out.print(f"  {line}", markup=False)
        if show_state or show_each:
            _print_state(game, "the state where the game stopped")
        d = game.decision
        out.print(f"{g.title or g.name}: the game was {e.reason}, {d.player.name} to answer: {d.prompt}; "
                  "no result (a stopped game is not scored)", markup=False)
        _write_log(game, log, "stopped (rulebook replay reaches the same state)")
        return
    if not quiet and not trace:   # a trace has shown every message already
        for line in game.messages[-12:]:
            out.print(f"  {line}", markup=False)
    if show_state or show_each:
        _print_state(game, "the state at the end")
    _print_result(g.title or g.name, result, game.decisions_made, brief=quiet and not (show_state or show_each),
                  label=game.program.label)
    _write_log(game, log, "")


def _write_log(game, log: Optional[Path], how: str) -> None:
    """Write the game's log to `log` (if asked), however it ended: finished, unfinished or stopped by
    an error (see runtime.record.record)."""
    if log is None or not game.started:
        return
    from rulebook.runtime.record import dump, record

    _write(log, dump(record(game)))   # the program remembers its pack's folder and expansions
    (out if not how else err).print(f"log written to {log}" + (f" {how}" if how else ""), markup=False)


@app.command()
@pack_argument()
@many("--players", "-n", type=int, help="Player counts (default: all).")
@click.option("--games", "-g", type=int, default=50, help="Seeds per player count (each played once per variant setup).")
@click.option("--seed", "-s", type=int, default=1, help="First seed.")
@click.option("--agent", type=click.Choice(AutoAgent), default=AutoAgent.mixed,
              help="mixed (default: focused and random seats in turn), random, focused or first.")
@many("--variant", help="Play every game with this variant (default: every seed is played with the "
                        "base rules and with each variant alone).")
@setting_option()
@click.option("--branches", is_flag=True,
              help="Also list the choose options, match arms and cases, if branches and values and while "
                   "bodies never taken (traced line by line: slower).")
@click.option("--until-covered", is_flag=True,
              help="Stop after the first game that leaves no rule unreached (the seeds still in the order given).")
@with_option()
def cover(pack: str, players: List[int], games: int, seed: int, agent: AutoAgent, variant: List[str],
          settings: List[str], branches: bool, until_covered: bool, expansions: List[str]) -> None:
    """Play seeded games and list the cards, tiles, spaces, faces and procs that never ran."""
    from rich.table import Table
    from rich.text import Text

    from rulebook.dsl.diagnostics import RulesError, printable
    from rulebook.compiler.driver import analyse
    from rulebook.runtime.coverage import GameStopped, cover_games, enum_places, setups_of
    from rulebook.runtime.engine import refusal

    try:
        program = _program(pack, False, expansions)
    except RulesError as e:
        _fail(e, Format.text, _sources_of(e))
    g = _game_of(program, pack)
    variant = variant + settings
    # without --players: every count the game and the variants given can be played with
    counts = players or [n for n in program.seats() if refusal(program, n, variant) is None] or [g.min_players]
    for n in counts:
        _check_seats(program, pack, n, variant)
    setups = setups_of(program, variant)
    symbols = analyse(pack, expansions).symbols   # (the stack compiled: its analysis has no errors)
    points = None
    if branches:
        from rulebook.runtime.coverage import branch_points

        points = branch_points(symbols)
    try:
        coverage = cover_games(program, counts, range(seed, seed + games), setups, agent.value, points,
                               enum_places(symbols, program),
                               enough=(lambda c: not any(missing for _, missing in c.report().values()))
                               if until_covered else None)
    except GameStopped as e:
        err.print(str(e), markup=False)
        raise Exit(EXIT_FINDINGS)
    played = (f"{games} seeds x {len(setups)} setups" if len(setups) > 1 else f"{games} games") \
        + f" x {len(counts)} player counts"
    if coverage.stopped:   # --until-covered, before the last seed
        played = f"{coverage.games} games (stopped when every rule was reached; at most {played})"
    from rulebook.cli.simulate import stack_label
    from rulebook.compiler.pack import load_pack, locate

    names = [load_pack(locate(ref)).name for ref in (pack, *expansions)]   # as `simulate` titles its runs
    table = Table(title=Text(printable(f"{stack_label(names)}: rules reached in {played}, "
                                       f"{agent.value} agents")))
    table.add_column("kind")
    table.add_column("reached", justify="right")
    table.add_column("never reached")
    report = coverage.report()
    for group, (total, missing) in report.items():
        table.add_row(group, f"{total - len(missing)}/{total}", Text(printable(", ".join(missing)) or "-"))
    out.print(table)
    unneeded = coverage.unneeded()
    if unneeded:   # not a rule missed: the rules read the field only of cards that give their own
        out.print(Text(printable("kind defaults never needed (each card whose field was read gives its own, so "
                                 "they are not counted as never reached): "
                                 + ", ".join(f"{name} of {kind}" for kind, name in unneeded))))
    replaced = coverage.replaced()
    if replaced:   # not a rule missed: no seat runs it, each holds a role with its own version
        out.print(Text(printable("replaced by every role (each seat holds a role with its own version, so they "
                                 "are not counted as never reached): " + ", ".join(name for _, name in replaced))))
    if not branches and "proc" in report and not report["proc"][1]:   # a proc that ran may have options never taken
        out.print("every proc ran; the choose options, match arms, if branches and while bodies inside them are not counted "
                  "here: --branches lists those never taken", markup=False)
    raise Exit(EXIT_FINDINGS if any(missing for _, missing in report.values()) else EXIT_CLEAN)


class _ShowingState:
    """Wraps a seat's agent: prints the whole state before each decision it answers (the agent itself
    sees only its player's view; this debugging display shows the game)."""

    def __init__(self, inner, game):
        self.inner, self.game = inner, game

    def choose(self, decision, view) -> int:
        _print_state(self.game, f"before {decision.player.name} decides: {decision.prompt}")
        return self.inner.choose(decision, view)


def _cell(value, **style) -> Text:
    """A table cell or title holding user text: plain, never markup, control characters escaped."""
    from rich.text import Text

    from rulebook.dsl.diagnostics import printable

    return Text(printable(str(value)), **style)


def _print_state(game, title: str) -> None:
    """The state as tables: per player (stocks, counters, track positions, variables, zones), then
    shared zones, global counters and global variables, each by its title as the human player's
    screen shows it (`program.label`). Every cell is plain text: rules text is never markup."""
    from rich.table import Table

    program, state = game.program, game.state
    players = state.players + list(state.actors.values())   # actors hold stocks and zones too
    from rulebook.runtime.console import boards, list_table, list_text
    from rulebook.runtime.view import grids_of, seat_labels, seat_lists

    absent = game.out_of_play() if program.sized else frozenset()   # (a board sized by an option: what is in play)
    names = [p.name for p in state.players]   # (an index of players: its rows and columns by the players' names)
    seated = seat_labels(program, names) if program.sized else {}

    def shown_as(name: str) -> str:   # as the screens name it (an element of an index of players: by the player's name)
        return seated.get(name) or program.label(name)
    grids = grids_of(program, out=absent, names=names)   # counters and variables with two indexes or more: shown as boards, after the tables
    on_boards = {flat for g in grids.values() for row in g["elements"] for flat in row} | absent
    # those with one index: a row each, naming the elements away from their start (`list_text`); the
    # variables declared `internal` too, which no player's screen shows, marked
    lists = seat_lists(program, program.lists(internal=True), names)
    if absent:
        lists = {base: {**spec, "elements": {f: t for f, t in spec["elements"].items() if f not in absent}}
                 for base, spec in lists.items()}
    on_boards |= {flat for spec in lists.values() for flat in spec["elements"]}

    def marked(label: str, name: str) -> str:   # bookkeeping no player's screen shows, marked so
        return label + (" (internal)" if name in program.internal else "")

    def list_label(name: str) -> str:
        return marked(lists[name]["title"], name)
    table = Table(title=_cell(title))
    table.add_column("")
    for p in players:
        table.add_column(_cell(p.label() + (" (out)" if p in state.out else "") + (" (retired)" if p in state.retired else "")),
                         justify="right")
    per_player = [n for n in program.resources] + [n for n, spec in program.counters.items() if not spec[0]]
    scoped = program.role_scoped   # a role's state: a row where a player holds it, blank for the others
    for name in [n for n in per_player if n not in on_boards] + [n for n, t in program.tracks.items() if not t.shared]:
        if name in scoped and not any(name in p.stock for p in players):
            continue
        label = marked(shown_as(name), name) + (" (track)" if name in program.tracks else "")
        t = program.tracks.get(name)
        table.add_row(_cell(label), *(_cell(str(p.stock[name]) + (f" (printed {t.printed_at(p.stock[name])})"
                                                                  if t is not None and (t.step or t.prints) else "")
                                            if name in p.stock else "") for p in players))
    for name, (is_global, _default) in program.variables.items():
        if not is_global and name not in on_boards and (name not in scoped or any(name in p.vars for p in players)):
            table.add_row(_cell(marked(shown_as(name), name)),
                          *(_cell(game.text(p.vars.get(name)) if name in p.vars or
                                  name not in scoped else "") for p in players))
    for name, spec in lists.items():
        if spec["per_player"] and not spec.get("table"):
            cells = [list_text(spec, {**p.stock, **p.vars}, game.text) for p in players]
            if any(cell is not None for cell in cells):   # (a role's: its holders' alone)
                table.add_row(_cell(list_label(name)), *(_cell(cell or "") for cell in cells))
    for name, (is_per_player, _kind) in program.zones.items():
        if is_per_player and (name not in scoped or any(name in p.zones for p in players)):
            table.add_row(_cell(_zone_label(program, name, shown_as(name))),
                          *(_cell(_items_text(game, p.zones[name]) if name in p.zones else "", justify="left")
                            for p in players))
    out.print(table)
    shared = Table(title=_cell("shared"))
    shared.add_column("zone, counter or variable")
    shared.add_column("size", justify="right")
    shared.add_column("contents")
    if program.phase_names:   # the game's named phase under way (3.16a), for a game that has them
        shared.add_row(_cell("phase under way"), _cell(""), _cell(game.phase_now() or "none (setup, play or final)"))
    for name, items in state.zones.items():
        shared.add_row(_cell(_zone_label(program, name, shown_as(name))), _cell(str(len(items))), _cell(_items_text(game, items)))
    for name, value in state.globals.items():
        if name in program.tracks:   # a global track's one marker: its position (and the number printed there)
            t = program.tracks[name]
            shared.add_row(_cell(f"{shown_as(name)} (track)"), _cell(""),
                           _cell(f"{value}" + (f" (printed {t.printed_at(value)})" if t.step or t.prints else "")))
        elif name not in on_boards:
            shared.add_row(_cell(marked(shown_as(name), name)), _cell(""), _cell(str(value)))
    for name, value in state.gvars.items():
        if name not in on_boards:
            shared.add_row(_cell(marked(shown_as(name), name)),
                           _cell(""), _cell(game.text(value)))
    for name, spec in lists.items():
        if not spec["per_player"] and not spec.get("table"):
            shared.add_row(_cell(list_label(name)), _cell(""), _cell(list_text(spec, {**state.globals, **state.gvars},
                                                                                game.text) or ""))
    for name, left in state.supply.items():   # a resource's limited bank
        shared.add_row(_cell(f"{shown_as(name)} (supply)"), _cell(""), _cell(str(left)))
    if shared.row_count:
        out.print(shared)
    for name, g in grids.items():
        holders = [(f"{p.name}'s ", {**p.stock, **p.vars}) for p in players] if g["per_player"] else \
                  [("", {**state.globals, **state.gvars})]
        if g["per_player"] and scoped:   # a role's board: its holders' alone
            first = next(flat for row in g["elements"] for flat in row if flat)
            holders = [h for h in holders if first in h[1]]
        out.print(boards(shown_as(name), g, holders, game.text))
    for name, spec in lists.items():   # a map's spaces, each holding a value: a table, a row per space
        if spec.get("table"):
            holders = [(p.name, {**p.stock, **p.vars}) for p in players] if spec["per_player"] else \
                      [("", {**state.globals, **state.gvars})]
            shown = list_table(list_label(name), spec, holders, game.text)
            if shown is not None:
                out.print(shown)


def _zone_label(program, name: str, shown: str) -> str:
    """A zone's row in `--show-state`, which shows every zone's contents (it is the designer's): its
    title (`shown`), and who sees it in play when that is not everyone (`Hand (hidden from owner)`)."""
    visibility = program.visibility.get(name, "public")
    return shown + ("" if visibility == "public" else f" ({visibility})")


def _items_text(game, items) -> str:
    """A zone's items as the state table shows them: by title, alike ones in a row counted (`Copper
    x46, Estate x3, Copper`: a pile of 46 copies is one entry, not four lines)."""
    runs: list[list] = []
    for text in (game.text(item) + (_marks_text(game, item) if hasattr(item, "key") else "") for item in items):
        if runs and runs[-1][0] == text:
            runs[-1][1] += 1
        else:
            runs.append([text, 1])
    return ", ".join(text if count == 1 else f"{text} x{count}" for text, count in runs) or "nothing"


def _adjusted_parts(game, item) -> list[str]:
    """A card's fields that modifiers adjust (`cost: int for costs;`, 7.7f) as the players would read them now,
    where that is not the printed value, as the screens show them (`view.adjusted_fields`: no `once` modifier
    used up): `cost 3 now, 5 printed` when every player reads the same, else whose it is (`cost 3 for P1 now, 5
    printed`; a modifier of `you` is its holder's). The table has no viewer, so it shows every seat's."""
    from rulebook.runtime.view import adjusted_fields, ways_text

    players = game.state.players
    seen = [adjusted_fields(game, i, item) for i in range(len(players))]
    parts = []
    for name in dict.fromkeys(k for by_seat in seen for k in by_seat):
        readers = [(p.name, ways_text(by_seat[name], game.text))   # (7.7g: every way a list cost may be paid)
                   for p, by_seat in zip(players, seen) if name in by_seat]
        now = readers[0][1] if len(readers) == len(players) and len({v for _, v in readers}) == 1 else \
            ", ".join(f"{v} for {who}" for who, v in readers)
        parts.append(f"{name} {now} now, {game.text(item.fields.get(name))} printed")
    return parts


def _marks_text(game, item) -> str:
    """What the state table adds to a card: the fields play changed on it (`set c.level = 2`; a
    `shown` field once set, even back to its value) and the fields players learnt of it (`reveal
    c.colour;`): ` [level 2; told yes; colour known to P2]`; nothing for most cards."""
    import json

    from rulebook.runtime.state import NOT, decode
    from rulebook.runtime.view import shown_marks

    state = game.state
    shown = game.program.shown_fields.get(getattr(item, "kind", None), ())
    evars = state.evars.get(item.key, {})
    changed = shown_marks(game.program, item, evars)
    parts = [f"{k} {game.text(v)}" for k, v in {**changed, **evars}.items() if k in changed or k.partition("[")[0] in shown]
    if game.program.adjusted_fields and getattr(item, "kind", None) in game.program.adjusted_fields:
        parts += _adjusted_parts(game, item)
    for name in game.program.held.get(getattr(item, "kind", None), ()) if game.program.held else ():
        held = state.held.get(f"{item.key}.{name}")   # a zone the card holds, while it holds something
        if held:
            parts.append(f"{name} ({len(held)}): {_items_text(game, held)}")
    for name, seats in (state.known_fields.get(item.key, {}) if state.known_fields else {}).items():
        field, ruled_out, value = name.partition(NOT)   # `reveal c.colour == red;` said no: `colour!="red"`
        what = f"place from the {name[1:]}" if name.startswith("@") else \
            f"{field} not {game.text(decode(json.loads(value), state, game.program.entities))}" if ruled_out else name
        parts.append(f"{what} known to {', '.join(state.players[i].name for i in sorted(seats))}")
    return f" [{'; '.join(parts)}]" if parts else ""


def _print_effect(effect) -> None:
    """One line of `play --trace`: the effect, then where in the rules it comes from."""
    out.print(f"{effect.describe()}  ({effect.where or 'engine'})")


def _key_heading(text: str, label) -> str:
    """A score table's heading for a winner key's rules text: a counter or resource alone by the title
    screens show it by (`label`: "then Tickets completed"), a func called with nothing by its name
    spoken ("then path length"), a zone's size by the zone's title ("size of Dice cup"), with its
    `then `/`fewest ` kept; any other key as written (a designer names one with a func: 3.16). `simulate`'s
    table heads them alike."""
    import re

    m = re.fullmatch(r"((?:then )?(?:fewest )?)(?:(\w+)(\(\))?|size\((\w+)\))", text)
    if m is None:
        return text
    if m.group(4) is not None:
        return f"{m.group(1)}size of {label(m.group(4))}"
    return m.group(1) + (m.group(2).replace("_", " ") if m.group(3) else label(m.group(2)))


def _team_rows(rows: dict, teams: list, totals: list) -> dict:
    """A table's rows (one per seat, in seat order) grouped by team: each team's members in seat order
    (`teams`: each row's team, from 1), then a row `team N` with the team's cells (`totals`, team 1's
    first). `play`'s score table and `simulate`'s per-seat table both group so."""
    grouped = {}
    for team, cells in enumerate(totals, 1):
        grouped.update({heading: cells_of for (heading, cells_of), t in zip(rows.items(), teams) if t == team})
        grouped[f"team {team}"] = cells
    return grouped


def _print_result(title: str, result: dict, decisions: int, brief: bool = False, label=str) -> None:
    """The score table: one column per winner key (headed by its rules text, tie-breaks after the
    main key; a sum whose parts are all shown is headed `total`), then the stocks a key adds or
    subtracts, each apart and headed by its title (`label`); when that is too wide for the
    terminal (7 Wonders' sum of eight parts at 80 columns), one row per key and part instead, with
    the players as columns. `brief` (`play -q`): the result alone, the scores on one line (each
    player's keys, no parts) and the outcome on the next."""
    from rulebook.runtime.state import as_written as score_text   # a decimal key as 7.5, never 15/2
    from rich.measure import Measurement
    from rich.table import Table

    from rulebook.runtime.engine import outcome

    # a cooperative game with no scores, or a game without a winner line (every ending sudden): the outcome alone
    if not result.get("keys") and (result.get("together") or "keys" in result):
        if result.get("out"):
            out.print(f"knocked out: {', '.join(result['out'])}")
        out.print(f"{title}: {outcome(result)}   ({decisions} decisions, final state {result['digest']})")
        return
    keys = [text if i == 0 else f"then {text}" for i, text in enumerate(result.get("keys") or ["score"])]
    if not brief:   # the table's headings: a counter by its title, a func's value by its name (`path length`)
        keys = [_key_heading(text, label) for text in keys]
    if brief:
        knocked = result.get("out", [])
        scores = ", ".join(f"{player}{' (out)' if player in knocked else ''} {' '.join(map(score_text, values))}"
                           for player, values in result["scores"].items())
        out.print(f"{title}: {', '.join(keys)}: {scores}", markup=False, highlight=False)
        out.print(f"{outcome(result)}   ({decisions} decisions, final state {result['digest']})", markup=False,
                  highlight=False)
        return
    parts = result.get("parts", {})
    names = list(next(iter(parts.values()), {}))
    if len(names) > 1 and "+" in keys[0] and " - " not in keys[0]:   # a sum reads in its part columns
        keys[0] = "total"
    heads = [(text, True) for text in keys] + [(label(name), False) for name in names]   # (heading, a key?)
    knocked = result.get("out", [])   # a knocked-out player is shown with their scores, marked out
    rows = {player + (" (out)" if player in knocked else ""): [score_text(k) for k in scores] + [str(parts[player][n]) for n in names]
            for player, scores in result["scores"].items()}
    if "teams" in result:   # `winner ... by team`
        rows = _team_rows(rows, [result["teams"][p] for p in result["scores"]],
                          [[score_text(k) for k in keys] + [""] * len(names) for keys in result["team_scores"]])
    table = Table(title=_cell(f"{title}: final scores"))
    table.add_column("player")
    for text, key in heads:
        table.add_column(_cell(text), justify="right", style=None if key else "dim")
    for player, values in rows.items():
        table.add_row(_cell(player), *map(_cell, values))
    console = out.rich   # the natural width, not the terminal's (measure clamps to it)
    if Measurement.get(console, console.options.update(max_width=10**6), table).maximum > console.width:
        table = Table(title=_cell(f"{title}: final scores"))
        table.add_column("score")
        for player in rows:
            table.add_column(_cell(player), justify="right")
        for i, (text, key) in enumerate(heads):
            table.add_row(_cell(text), *(_cell(values[i]) for values in rows.values()), style=None if key else "dim")
    out.print(table)
    if knocked:
        out.print(f"knocked out: {', '.join(knocked)}")
    out.print(f"{outcome(result)}   ({decisions} decisions, final state {result['digest']})")


def _logged_program(recorded, log: Path, pack: Optional[str], interpret: bool, expansions=None):
    """The pack a log was played with, found by its name and content digest: at `--pack`, else where it
    was played, beside the log, or shipped under its name; stacked with the expansions given, else with
    the log's own (each found the same way). Any other pack, even one with the same folder name, is
    refused: E508 at the log, naming the pack or expansion not found and listing what was tried."""
    from rulebook.compiler.pack import SHIPPED

    stack = _logged_expansions(recorded, log) if expansions is None else expansions
    if pack is not None:
        candidates = [pack]
    else:
        folder = Path(recorded.location) if recorded.location else None
        candidates = ([str(folder)] if folder else []) + [str(log.parent / (folder.name if folder else recorded.pack)),
                                                          str(SHIPPED / recorded.pack)]

    def same_rules(ref: str, name: str):
        program = _program(ref, interpret, stack)
        return (program, None) if program.digest == recorded.digest else \
            (None, f"pack {name!r} with other rules (digest {program.digest})")

    return _find_logged(log, f"pack {recorded.pack!r}", recorded.pack, recorded.digest, candidates,
                        same_rules, must_exist=pack is None, hint="pass --pack PATH",
                        missing=f"no pack named {recorded.pack!r} at {recorded.location}")


def _logged_expansions(recorded, log: Path) -> list[str]:
    """The folders of the expansions a log names, each found by name and content digest where it was
    played, beside the log or under its name (a log of format 2 holds them as they were typed)."""
    from rulebook.compiler.driver import pack_digest

    found = []
    for entry in recorded.expansions:
        if isinstance(entry, str):   # rulebook-log/2: the path or name as typed, tried as is and beside the log
            found.append(_find_logged(log, f"expansion {entry!r}", None, None, [entry, str(log.parent / entry)],
                                      lambda ref, _name: (ref, None), must_exist=False,
                                      hint="pass --with PATH for each expansion, in the log's order"))
            continue

        def same_rules(ref: str, _name: str, entry=entry):
            digest = pack_digest(Path(ref))
            return (ref, None) if digest == entry.digest else (None, f"other rules (digest {digest})")

        folder = Path(entry.location)
        found.append(_find_logged(log, f"expansion {entry.name!r}", entry.name, entry.digest,
                                  [str(folder), str(log.parent / folder.name), entry.name], same_rules,
                                  must_exist=False, hint="pass --with PATH for each expansion, in the log's order"))
    return found


def _find_logged(log: Path, what: str, name: Optional[str], digest: Optional[str], candidates: list, check,
                 must_exist: bool, hint: str, missing: str = ""):
    """The first candidate pack named `name` (any name when None) that `check(folder, name)` accepts,
    or E508 at the log naming `what` with each candidate tried. `must_exist` skips candidates that are
    not pack folders (guesses) instead of listing them."""
    from rulebook.compiler.pack import MANIFEST, load_pack, locate
    from rulebook.dsl.ast import Span
    from rulebook.dsl.diagnostics import Diagnostic, RulesError

    tried = []
    for ref in dict.fromkeys(candidates):
        if must_exist and not (Path(ref) / MANIFEST).exists():
            continue
        try:
            root = locate(ref)
            found_name = load_pack(root).name
            if name is not None and found_name != name:
                tried.append(f"{ref}: a pack named {found_name!r}")
                continue
            result, refused = check(str(root), found_name)
        except RulesError as e:
            tried.append(f"{ref}: {e.diagnostics[0].message}")
            continue
        if result is not None:
            return result
        tried.append(f"{ref}: {refused}")
    rules = f" (rules digest {digest})" if digest else ""
    # a pack of that name was found, with rules changed since: say so, not that nothing was found
    changed = any("other rules" in t for t in tried)
    headline = f"the log's {what} was played with other rules than the pack found{rules}" if changed else \
        f"the log's {what}{rules} is not found"
    raise RulesError([Diagnostic("E508", f"{headline}; {hint}", Span(str(log), 0, 0, 0, 0),
                                 notes=tuple(tried) or (missing,))])


@app.command()
@click.argument("log", type=PATH, callback=existing_paths, help="A log written by `rulebook play --log`.")
@logged_pack_options()
@interpreted_option("Replay on the reference interpreter instead of the compiled module.")
def replay(log: Path, pack: Optional[str], interpret: bool, expansions: Optional[List[str]]) -> None:
    """Replay a logged game (on the pack and expansions it names) and check that it reaches the same
    final state and result (for a game saved before its end: the same state where the log stops)."""
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.runtime.engine import RulesRuntimeError
    from rulebook.runtime.record import load, replay as run_replay

    try:
        recorded = load(log)
        program = _logged_program(recorded, log, pack, interpret, expansions)
        game = run_replay(program, recorded, str(log))
    except RulesError as e:
        _fail(e, Format.text, _sources_of(e))
    except RulesRuntimeError as e:
        err.print(f"{e}", markup=False)
        raise Exit(EXIT_FINDINGS)
    failure = getattr(game, "error", None)
    if failure is not None:   # the log is of a game that stopped on a rules error: reproduced
        err.print(f"{failure}", markup=False)
        out.print(f"replay matches the log: the game stops on the same error after {game.decisions_made} decisions")
        raise Exit(EXIT_FINDINGS)
    d = game.decision
    if d is not None:   # an unfinished game's log, checked up to where it stops
        how = f"was {recorded.unfinished.stopped}" if recorded.unfinished.stopped else \
            f"is unfinished after {game.decisions_made} decisions"
        out.print(f"replay matches the log up to where it stops: the game {how}, {d.player.name} to answer: "
                  f"{d.prompt} (state {game.state.digest()})", markup=False)
        return
    g = program.game
    _print_result(g.title or g.name, game.result(), game.decisions_made, label=game.program.label)
    out.print(f"replay matches the log: final state {game.state.digest()}")


@app.command()
@click.argument("log", type=PATH, callback=existing_paths, help="A log written by `rulebook play --log`.")
@click.option("--until", type=click.IntRange(min=0), metavar="N",
              help="Go back to just after the log's Nth decision (default: where the log stops).")
@click.option("--agent", type=click.Choice(AgentKind), default=AgentKind.human,
              help="Who answers from there on: human (default), random, focused, mixed or first.")
@click.option("--log", "new_log", type=PATH, help="Write the continued game's whole log here (it may be LOG itself).")
@logged_pack_options()
@interpreted_option()
@flag("--quiet", "-q", help="Print only the result.")
@flag("--show-state", help="Print the whole game state at the end.")
@flag("--show-state-each", "show_each", help="Print the whole game state before each decision (and at the end).")
@flag("--trace", help="Print every effect, decision and message as it happens, with its rules line.")
@limit_options()
def resume(log: Path, until: Optional[int], agent: AgentKind, new_log: Optional[Path], pack: Optional[str],
           expansions: Optional[List[str]], interpret: bool, quiet: bool, show_state: bool, show_each: bool,
           trace: bool, max_decisions: Optional[int], max_rounds: Optional[int]) -> None:
    """Continue a logged game (a saved one, or any game from an earlier decision with --until) and
    play it to the end, as `play` does; every logged answer and random outcome up to there is checked.
    Agents other than a human are seeded from the log's seed and go on as they were there (the game
    of `play --agent` the same, resumed, is the game played straight through); --max-decisions and
    --max-rounds are this run's, not kept from the log, and count from the game's start."""
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.runtime.agents import make_agents
    from rulebook.runtime.engine import RulesRuntimeError
    from rulebook.runtime.record import load, resume as resume_game

    writable(new_log)
    try:
        recorded = load(log)
        program = _logged_program(recorded, log, pack, interpret, expansions)
        limits = game_limits(program.stack.location, list(program.stack.expansions), max_decisions, max_rounds)
        game = resume_game(program, recorded, until, make_agents(agent.value, recorded.players, recorded.seed), str(log),
                           limits)
    except RulesError as e:
        _fail(e, Format.text, _sources_of(e))
    except RulesRuntimeError as e:
        err.print(f"{e}", markup=False)
        raise Exit(EXIT_FINDINGS)
    if game.decision is None:
        err.print(f"rulebook: the logged game is over after {game.decisions_made} decisions: there is nothing to "
                  "resume (--until N goes back to just after its Nth decision)", markup=False)
        raise Exit(EXIT_USAGE)
    if not quiet:
        d = game.decision
        out.print(f"resumed after {game.decisions_made} decisions: {d.player.name} to answer: {d.prompt}",
                  markup=False)
    _play_out(game, program.game, new_log, quiet, show_state, show_each, trace)


def main() -> None:
    """Entry point that turns any unexpected failure into exit code 2 with a one-line message."""
    try:
        app()
    except SystemExit:
        raise
    except KeyboardInterrupt:
        sys.exit(130)
    except Exception as e:  # a bug in rulebook itself: say so briefly, never dump a traceback at the user
        err.print(f"rulebook: internal error: {type(e).__name__}: {e}", markup=False)
        sys.exit(EXIT_USAGE)


if __name__ == "__main__":
    main()
