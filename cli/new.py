"""`rulebook new`: a new pack folder holding a small game that lints clean and plays, to change into one's own."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Optional

import click

from rulebook.cli import PATH, Exit, _at_path, _fail, _write, app, format_of, out, usage_error, writable

TEMPLATES = Path(__file__).with_name("templates") / "new"
PACK_NAME = re.compile(r"[a-z][a-z0-9_-]*\Z")   # compiler.pack's Manifest.name, restated for the message


def starter_files(name: str, title: str) -> dict[str, str]:
    """The new pack's files by name (its manifest and its rules), for the pack `name` titled `title`."""
    import jinja2

    from rulebook.dsl.printer import quote

    environment = jinja2.Environment(loader=jinja2.FileSystemLoader(TEMPLATES), keep_trailing_newline=True,
                                     undefined=jinja2.StrictUndefined, autoescape=False)
    environment.filters["toml"] = json.dumps   # a JSON string is a TOML basic string (\", \\, \n, \uXXXX)
    environment.filters["rules"] = quote
    values = {"name": name, "title": title, "title_comment": " ".join(title.split()), "game": _game_name(name)}
    return {"pack.toml": environment.get_template("pack.toml.j2").render(values),
            "game.rules": environment.get_template("game.rules.j2").render(values)}


def _game_name(pack: str) -> str:
    """The game's declared name: the pack's, as a rules name (`-` is no letter of one), and not a word the
    language keeps for itself (a pack called `game` declares `game game_game`)."""
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.dsl.parser import parse_text

    name = pack.replace("-", "_")
    try:
        parse_text(f'game {name} "t" {{ seats 2; winner most vp; }}\nresource vp;\n', "<new>")
    except RulesError:
        return f"{name}_game"
    return name


@app.command()
@click.argument("folder", type=PATH)
@click.option("--title", help="The game's title (the folder's name, capitalised, by default).")
def new(folder: Path, title: Optional[str]) -> None:
    """Make a new pack folder with a small game that lints and plays: the place to start writing one."""
    from rulebook.dsl.diagnostics import RulesError

    fmt = format_of(click.get_current_context(silent=True))
    name = folder.resolve().name if folder.name in ("", ".", "..") else folder.name
    if PACK_NAME.match(name) is None:
        usage_error([_at_path("E502", folder, f"{name!r} cannot name a pack: a pack's name is a lower-case letter, "
                              "then lower-case letters, digits, '_' or '-'",
                              f"name the folder as the pack will be called, e.g. "
                              f"'{re.sub(r'[^a-z0-9_-]', '_', name.lower()).lstrip('0123456789_-') or 'my_game'}'")],
                    fmt)
    if title is not None and (not title.strip() or any(c in title for c in "\r\n")):
        usage_error([_at_path("E502", folder, "the title is one line of text, not empty")], fmt)
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):   # an output that cannot be written
        _fail(RulesError([_at_path("E506", folder, f"cannot write {folder}: "
                                   + ("it is a file" if not folder.is_dir() else "the folder is not empty"),
                                   "name a new folder (or an empty one): rulebook new never writes over files")]))
    writable(folder, folder=True)
    files = starter_files(name, title if title is not None else name.replace("_", " ").replace("-", " ").capitalize())
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _fail(RulesError([_at_path("E506", folder, f"cannot write {folder}: {(e.strerror or str(e)).lower()}")]))
    for file, text in files.items():   # each written whole (atomically), the manifest first
        _write(folder / file, text)
    out.print(f"wrote {folder / 'pack.toml'} and {folder / 'game.rules'}; next: rulebook lint {folder}, "
              f"rulebook play {folder} --players 2", markup=False)
    raise Exit(0)

