"""`rulebook gallery`: a static HTML site of every card, tile, track space, proc and die of a pack."""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from rulebook.cli import EXIT_USAGE, _cannot_write, _fail, app, err, out


@app.command()
def gallery(pack: str = typer.Argument(..., help="Pack folder or shipped pack name."),
            output: Path = typer.Option(..., "-o", "--output", help="The folder to write the site into."),
            expansions: List[str] = typer.Option([], "--with", metavar="PACK",
                                                 help="Stack an expansion on the pack (repeatable; later ones win)."),
            stats: Optional[Path] = typer.Option(None, "--stats", help="A `rulebook simulate --json` report "
                                                 "whose use and win-rate figures the gallery shows.")) -> None:
    """Write a searchable HTML gallery of the pack: readings, sources, overrides and figures."""
    from rulebook.compiler.gallery import StatsError, build
    from rulebook.dsl.diagnostics import RulesError, printable

    try:
        written = build(pack, output, expansions, stats)
    except RulesError as e:
        _fail(e)
    except OSError as e:
        _fail(_cannot_write(Path(e.filename or output), e.strerror or str(e)))
    except StatsError as e:
        err.print(f"rulebook: --stats: {printable(str(e))}", markup=False)
        raise typer.Exit(EXIT_USAGE)
    out.print(f"wrote {len(written)} files to {printable(str(output))}; open {printable(str(output / 'index.html'))}",
              markup=False)
