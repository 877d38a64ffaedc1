"""`rulebook gallery`: a static HTML site of every card, tile, track space, proc and die of a pack."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import click

from rulebook.cli import EXIT_USAGE, PATH, Exit, _cannot_write, _fail, app, err, existing_paths, out, pack_argument, \
    with_option, writable


MAX_REPORT_BYTES = 64 * 1024 * 1024   # a `simulate --json` report: figures per component, far below this


@app.command()
@pack_argument()
@click.option("-o", "--output", type=PATH, required=True, help="The folder to write the site into.")
@with_option()
@click.option("--stats", type=PATH, callback=existing_paths,
              help="A `rulebook simulate --json` report whose use and win-rate figures the "
              "gallery shows.")
def gallery(pack: str, output: Path, expansions: List[str], stats: Optional[Path]) -> None:
    """Write a searchable HTML gallery of the pack: readings, sources, overrides and figures."""
    from rulebook.compiler.gallery import StatsError, build
    from rulebook.dsl.diagnostics import RulesError, printable
    from rulebook.dsl.files import read_limited

    writable(output, folder=True)
    if stats is not None:
        try:   # a folder, a device or an unreadable file is E107 at it, as for every file read
            read_limited(stats, MAX_REPORT_BYTES)
        except RulesError as e:
            _fail(e)
        _check_report_pack(stats, pack, expansions)
    try:
        written = build(pack, output, expansions, stats)
    except RulesError as e:
        _fail(e)
    except OSError as e:
        _fail(_cannot_write(Path(e.filename or output), e.strerror or str(e)))
    except StatsError as e:
        err.print(f"rulebook: --stats: {printable(str(e))}", markup=False)
        raise Exit(EXIT_USAGE)
    out.print(f"wrote {len(written)} files to {printable(str(output))}; open {printable(str(output / 'index.html'))}",
              markup=False)


def _check_report_pack(stats: Path, pack: str, expansions: List[str]) -> None:
    """Refuse (E509, a usage error) a `simulate --json` report made for another pack or stack: its
    figures would be shown against cards of the same names in another game. A report that does not
    say which packs it is of is left to the gallery's own checks (older reports name only the base
    pack's folder, compared with this pack's folder and name)."""
    import json

    from rulebook.cli import Format, _report
    from rulebook.compiler.pack import load_pack, locate
    from rulebook.dsl.ast import Span
    from rulebook.dsl.diagnostics import Diagnostic

    try:
        report = json.loads(stats.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return   # the gallery's StatsError says what is wrong with the file
    if not isinstance(report, dict):
        return
    root = locate(pack)
    ours = [load_pack(root).name] + [load_pack(locate(ref)).name for ref in expansions]
    theirs = report.get("packs")
    if isinstance(theirs, list) and all(isinstance(name, str) for name in theirs):
        same = theirs == ours
    elif isinstance(report.get("pack"), str):
        theirs = [Path(report["pack"]).name]
        same = theirs[0] in (root.name, ours[0])
    else:
        return
    if not same:
        _report([Diagnostic("E509", f"the report is of {' + '.join(map(repr, theirs))}, not of "
                            f"{' + '.join(map(repr, ours))}", Span(str(stats), 0, 0, 0, 0),
                            "run `rulebook simulate` on this pack (with the same --with) and pass its --json report")],
                {}, Format.text)
        raise Exit(EXIT_USAGE)
