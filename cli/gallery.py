"""`rulebook gallery`: a static HTML site of every card, tile, track space, proc and die of a pack."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import click

from rulebook.cli import EXIT_USAGE, PATH, Exit, _cannot_write, _fail, app, err, existing_paths, out, pack_argument, \
    with_option, writable


@app.command()
@pack_argument()
@click.option("-o", "--output", type=PATH, required=True, help="The folder to write the site into.")
@with_option()
@click.option("--stats", type=PATH, callback=existing_paths, help="A `rulebook simulate --json` report whose use and win-rate figures the "
              "gallery shows.")
def gallery(pack: str, output: Path, expansions: List[str], stats: Optional[Path]) -> None:
    """Write a searchable HTML gallery of the pack: readings, sources, overrides and figures."""
    from rulebook.compiler.gallery import StatsError, build
    from rulebook.dsl.diagnostics import RulesError, printable

    writable(output, folder=True)
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
