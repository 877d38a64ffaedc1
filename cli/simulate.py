"""`rulebook simulate`: many seeded games on worker processes or Ray, with balance statistics in the
terminal, as JSON and as a self-contained HTML report. scipy, matplotlib and ray are imported only
when this command runs, so the other commands start without them (rich and the runtime too)."""

from __future__ import annotations

import base64
import dataclasses
import io
import json
import os
import time
from enum import Enum
from pathlib import Path
from typing import List, Optional

import click

from . import EXIT_CLEAN, EXIT_FINDINGS, EXIT_USAGE, Exit, Format, PATH, _check_seats, setting_option, _fail, \
    _sources_of, app, err, AutoAgent, _program, existing_packs, game_limits, interpreted_option, limit_options, many, \
    out, pack_argument, players_or_only_count, roles_option, seated_roles, with_option, writable, _team_rows, _key_heading
from rulebook.dsl.diagnostics import RulesError, printable
from rulebook.runtime.console import distinct_cuts


SHOWN_FAILURES = 10


class Backend(str, Enum):
    local = "local"
    ray = "ray"


@app.command()
@pack_argument("Pack folder, shipped or installed pack name.")
@with_option()
@click.option("--players", "-n", type=int, help="Number of players (default: the game's only count, if it has one).")
@click.option("--games", "-g", type=click.IntRange(min=1), default=100, help="Number of seeded games.")
@click.option("--workers", "-w", type=click.IntRange(min=0), default=0, help="Worker processes (0: one per core).")
@click.option("--backend", type=click.Choice(Backend), default=Backend.local, help="local or ray.")
@click.option("--ray-address", help="Ray cluster address (default: $RAY_ADDRESS, else a local Ray).")
@interpreted_option("Play on the reference interpreter instead of the compiled module (local workers only).")
@click.option("--seed", "-s", type=int, default=1, help="First seed; games use seed, seed+1, ...")
@many("--variant", help="Switch on an optional rule (for the main pack; --against-variant for the other).")
@setting_option()
@roles_option()
@click.option("--agent", type=click.Choice(AutoAgent), default=AutoAgent.random,
              help="random, focused (random, but repeats its earlier answers), mixed (both, seat by seat) or first.")
@click.option("--against", callback=existing_packs, help="Compare with this pack on the same seeds.")
@many("--against-with", metavar="PACK", callback=existing_packs, help="Expansions stacked on the --against pack.")
@many("--against-variant", metavar="VARIANT", help="Switch on an optional rule for the --against pack.")
@click.option("--json", "json_file", type=PATH, help="Write the report as JSON here.")
@click.option("--html", type=PATH, help="Write an HTML report with plots here.")
@click.option("--failures", type=PATH, default=Path("simulate-failures"), help="Folder for the logs of games that failed.")
@click.option("--components", "shown_components", type=click.IntRange(min=0), default=20, show_default=True,
              help="Components in the table: half with the largest difference, half with the smallest (0: all).")
@limit_options()
def simulate(pack: str, expansions: List[str], players: Optional[int], games: int, workers: int, backend: Backend,
             ray_address: Optional[str], interpret: bool, seed: int, variant: List[str], settings: List[str],
             roles: Optional[list], agent: AutoAgent, against: Optional[str],
             against_with: List[str], against_variant: List[str], json_file: Optional[Path], html: Optional[Path],
             failures: Path, shown_components: int, max_decisions: Optional[int], max_rounds: Optional[int]) -> None:
    """Play many seeded games and report win rates, scores, lengths and components, with intervals."""
    from rulebook.runtime import simulate as sim

    if (against_with or against_variant) and against is None:
        err.print("rulebook: --against-with and --against-variant describe the --against pack: give --against "
                  "(the same pack to compare a variant on and off)", markup=False)
        raise Exit(EXIT_USAGE)

    if backend is Backend.ray and interpret:
        # an interpreted job carries the pack's texts (Job.texts) as a compiled one carries its module, but that
        # path has never run on a Ray cluster: refused until it has, rather than offered untried
        err.print("rulebook: --interpreted plays on local workers only; its Ray path is untried "
                  "(leave out --backend ray or --interpreted)", markup=False)
        raise Exit(EXIT_USAGE)
    if backend is Backend.ray:
        try:
            import ray  # noqa: F401
        except ImportError:
            err.print("rulebook: --backend ray needs Ray: pip install 'rulebook[ray]'", markup=False)
            raise Exit(EXIT_USAGE)
    workers = workers or os.cpu_count() or 1
    writable(json_file)
    writable(html, folder=True)
    if players is None and roles:   # as many as the roles seated
        players = len(roles)
    if players is None:   # the game's only count; the --against pack must seat as many
        try:
            players = players_or_only_count(_program(pack, interpret, expansions), pack, None)
        except RulesError as e:
            _fail(e, Format.text, _sources_of(e))
    sides = [(pack, expansions, variant + settings, "the pack")]
    if against:
        sides.append((against, against_with, against_variant, "the --against pack"))
    prepared = [_prepare(ref, stack, players, variants, agent.value, whose, interpret,
                         game_limits(ref, stack, max_decisions, max_rounds), roles)
                for ref, stack, variants, whose in sides]
    started = time.perf_counter()
    try:
        runs, failed = _play(prepared, range(seed, seed + games), workers, backend, ray_address, failures)
    except sim.BackendError as e:
        err.print(f"rulebook: {e}", markup=False)
        raise Exit(EXIT_USAGE)
    elapsed = time.perf_counter() - started
    report = None
    for (job, keys, components), records, failures_of_job in zip(prepared, runs, failed):
        part = sim.summary(job, records, keys, components, seed)
        part["packs"] = _pack_names(job)   # what the report is of, by name: `gallery --stats` checks it
        part["digest"] = job.digest   # ... and the rules' content digest: a report of an older version is refused
        part["label"] = stack_label(part["packs"], job.variants)
        part["failures"] = sorted(failures_of_job, key=lambda f: f["seed"])
        if report is None:
            report = part
        else:
            report["against"] = {"pack": job.pack, "with": list(job.expansions), "packs": part["packs"],
                                 "variants": list(job.variants), "label": part["label"], "seats": part["seats"],
                                 "failures": part["failures"],
                                 "difference": sim.paired_differences(
                                     runs[0], records, players, [row["seat"] for row in report["seats"]],
                                     *_same_teams(prepared[0][0], job))}
    stacks = [(job.pack, *job.expansions) for job, _keys, _components in prepared]
    if "against" in report and report["against"]["label"] == report["label"] and stacks[0] != stacks[1]:
        # two stacks of one name (a copy of a pack, another version of it): told apart by where each is
        report["label"] += f" ({' + '.join(map(str, stacks[0]))})"
        report["against"]["label"] += f" ({' + '.join(map(str, stacks[1]))})"
    report.update(workers=workers if backend is Backend.local else None, backend=backend.value, interpreted=interpret)
    _print_report(report, games * len(prepared), elapsed, workers, backend, shown_components)
    if json_file is not None:
        from rulebook.compiler.driver import write_atomic

        write_atomic(json_file, json.dumps(report, indent=1))
        out.print(f"report written to {json_file}", markup=False)
    if html is not None:
        write_html(report, runs[0], html)
        out.print(f"HTML report written to {html / 'index.html'}", markup=False)
    raise Exit(EXIT_FINDINGS if any(failed) else EXIT_CLEAN)


def shown_of(rated: list, most: int = 20) -> list:
    """The rated components a table or plot shows, of those sorted by difference: all of them when there
    are at most `most` (0: no limit), else the first half of `most` (the largest differences, one more
    when it is odd) and the last."""
    if not most or len(rated) <= most:
        return rated
    top = (most + 1) // 2
    return rated[:top] + rated[len(rated) - (most - top):]


def _pack_names(job) -> list[str]:
    """The names of the packs a job stacks: the base, then each expansion."""
    from rulebook.compiler.pack import load_pack, locate

    return [job.base] + [load_pack(locate(ref)).name for ref in job.expansions]


def stack_label(packs: List[str], variants=()) -> str:
    """What one side of a run plays, by name: "tapestry + tap_house", with its variants in brackets."""
    return " + ".join(packs) + (f" [{', '.join(variants)}]" if variants else "")


def component_labels(components: List[dict]) -> dict:
    """Each component as a list shows it: by its title, the name a player knows it by, with its name
    (the one `rulebook explain` takes) where two components share a title or it has none, and its
    kind too where that still leaves two alike (a track space and a track reward are both
    "exploration 10")."""
    def first(c: dict) -> str:
        title = c.get("title")
        return title if title and title != c["name"] else c["name"]

    names = {}   # each title shown -> the names of the components it would show
    for c in components:
        names.setdefault(first(c), []).append(c["name"])

    def label(c: dict) -> str:
        shared = names[first(c)]
        if len(shared) == 1:
            return first(c)
        if shared.count(c["name"]) == 1 and first(c) != c["name"]:
            return f"{first(c)} ({c['name']})"
        return f"{first(c)} ({c['kind']})"

    return {(c["kind"], c["name"]): label(c) for c in components}


def _prepare(ref: str, stack: List[str], players: int, variants: List[str], agent: str, whose: str,
             interpreted: bool = False, limits=None, roles: Optional[list] = None) -> tuple:
    """Compile one pack stack for the workers (or build it on the interpreter): (job, score key labels,
    components), or exit on bad rules (`whose`: which side of the run it is, for a message about a
    variant it lacks) or on `--roles` it cannot seat."""
    from rulebook.dsl.diagnostics import RulesError
    from rulebook.runtime import simulate as sim

    try:
        job, program = sim.prepare(ref, stack, players, variants, agent, interpreted, limits or sim.Limits())
        keys, declared = sim.stack_facts(ref, stack)
        job = dataclasses.replace(job, declared=declared)   # W642 names where what keeps growing is declared
    except RulesError as e:
        _fail(e, Format.text, _sources_of(e))
    _check_seats(program, ref, players, variants, f"{whose} ({stack_label(_pack_names(job))})")
    job = dataclasses.replace(job, roles=seated_roles(program, ref, players, roles) or ())
    keys = [_key_heading(text, program.label) for text in keys]   # headed as play's score table heads them
    return job, keys, sim.component_names(program, job.used)


def _play(prepared: list, seeds: range, workers: int, backend: Backend, ray_address: Optional[str],
          failures: Path) -> tuple[list, list]:
    """Every prepared stack's games under one progress bar; failed games are reported (and their logs
    written) as they arrive. Returns the records and the failures of each stack."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    from rulebook.runtime import simulate as sim

    runs, failed = [], [[] for _ in prepared]
    # refreshed by hand: no refresh thread may run while worker processes are forked
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err.rich, transient=True, auto_refresh=False) as bar:
        for index, (job, _keys, _components) in enumerate(prepared):
            task = bar.add_task(stack_label(_pack_names(job), job.variants), total=len(seeds))
            folder = failures / "against" if index else failures   # the two packs may have one name

            def arrived(records, job=job, task=task, folder=folder, mine=failed[index]):
                bar.advance(task, len(records))
                bar.refresh()
                for f in sim.failure_logs(job, records, folder):
                    mine.append(f)
                    if sum(map(len, failed)) <= SHOWN_FAILURES:
                        bar.console.print(f"failed: seed {f['seed']}: " + (f"{f['where']}: " if f["where"] else "")
                                          + f"{f['error']}; replay with: rulebook replay {f['log']}", markup=False)

            runs.append(sim.run(job, seeds, workers, backend.value, ray_address, progress=arrived))
    total = sum(map(len, failed))
    if total > SHOWN_FAILURES:
        err.print(f"... and {total - SHOWN_FAILURES} more failed games (logs in {failures})", markup=False)
    return runs, failed


def num(value, spec: str) -> str:
    """A figure as simulate writes it: `format(value, spec)`, with no negative zero (a mean or a bound
    that rounds to 0 is 0.0, never -0.0; signed: +0.000)."""
    text = format(value, spec)
    if text.startswith("-") and not any(c in "123456789" for c in text):
        text = format(abs(value), spec)
    return text


def _interval(value, low, high, percent: bool = True) -> str:
    if value is None:
        return "-"
    if percent:
        return f"{num(value, '.1%')} [{num(low, '.0%')}-{num(high, '.0%')}]"   # (a rate is never negative)
    return f"{num(value, '+.3f')} [{num(low, '+.3f')}, {num(high, '+.3f')}]"


def _team_score_text(score: dict) -> str:
    """A cooperative game's score over the games: mean with its interval, spread, median, extremes and
    how many games reached each score."""
    interval = f" [95% CI {num(score['ci_low'], '.1f')} to {num(score['ci_high'], '.1f')}]" \
        if score["ci_low"] is not None else ""   # ("to": a bound may be negative)
    counts = ", ".join(f"{value}: {n}" for value, n in score["distribution"])
    return (f"team score ({score['text']}): mean {num(score['mean'], '.1f')}{interval}, sd {num(score['sd'], '.1f')}, "
            f"median {score['median']:g}, from {score['min']} to {score['max']}\n"
            f"  games per score: {counts}")


def _sudden_text(sudden: dict) -> str:
    """The games that ended at once (`end game won by P "REASON";`), as the terminal prints them: how many, with
    the interval of their share, then the games of each outcome and reason."""
    endings = ", ".join(e["outcome"] + (f" ({printable(e['reason'])})" if e["reason"] is not None else "")
                        + f": {e['games']}" for e in sudden["endings"])
    return (f"ended at once: {sudden['games']} game{'s' if sudden['games'] != 1 else ''} "
            f"({_interval(sudden['rate'], sudden['ci_low'], sudden['ci_high'])}); {endings}")


def _rate(per_second: float) -> str:
    """A rate as the summary line prints it: whole numbers from 10 up, two significant digits below
    ("0.08 games/s" for an interpreted Chess game, never "0")."""
    return f"{per_second:.0f}" if per_second >= 10 else f"{per_second:.2g}"


def _print_report(report: dict, played: int, elapsed: float, workers: int, backend, most: int = 20) -> None:
    """Rich tables: seats, game length, the components with the largest and smallest effect (`most` of
    them, 0: all; a line under the table says how many it leaves out), failures."""
    from rich.table import Table

    where = f"{workers} worker(s)" if backend is Backend.local else "Ray"
    where += ", interpreted" if report.get("interpreted") else ""
    out.print(f"{played} games in {elapsed:.1f} s on {where} ({_rate(played / elapsed)} games/s)", markup=False)
    finished = report["games"] - report["failed"]
    # the figures count the games that finished: a failed game has no winner, score or use to count
    stopped = report.get("stopped", 0)   # at a limit of the command line: not scored either
    finished -= stopped
    left = ", ".join(part for part in (f"{report['failed']} failed" if report["failed"] else "",
                                       f"{stopped} stopped at {report['limits']}" if stopped else "") if part)
    counted = f" ({left}: the figures are of the {finished} that finished)" if left else ""
    together = report.get("together", False)   # a cooperative game: the team's win rate, not the seats'
    seated = report.get("seated_roles")   # `--roles`: the same roles every game, said with the players
    seats = Table(title=f"{report['label']}: {report['games']} games, {report['players']} players"
                  + (f" seated {', '.join(seated)}" if seated else "") + counted + (", cooperative" if together else ""))
    seats.add_column("team" if together else "seat")
    seats.add_column("win rate [95% CI]", justify="right")
    for key in report["score_keys"]:
        seats.add_column(f"{key} mean ± sd", justify="right")
    team = report.get("team")   # None for a cooperative game scored and never won or lost
    if together and team is not None:
        seats.add_row("all players", _interval(team["win_rate"], team["ci_low"], team["ci_high"]))
    rows = {row["seat"]: [_interval(row["win_rate"], row["ci_low"], row["ci_high"])]
            + [f"{num(s['mean'], '.1f')} ± {num(s['sd'], '.1f')}" if s else "-" for s in row["scores"].values()]
            for row in report["seats"]} if not together else {}
    if rows and report.get("teams"):   # a game with teams: each team's seats, then the team's win rate
        rows = _team_rows(rows, report["teams"], [[_interval(t["win_rate"], t["ci_low"], t["ci_high"])]
                                                  + [""] * len(report["score_keys"]) for t in report["team_rates"]])
    for heading, cells in rows.items():
        seats.add_row(heading, *cells)
    drawn = report.get("draws")   # a game that may be drawn (`winner ... else draw`): its draws beside the wins
    if drawn is not None and not together:
        seats.add_row(f"draw ({drawn['draws']})", _interval(drawn["rate"], drawn["ci_low"], drawn["ci_high"]),
                      *["" for _key in report["score_keys"]])
    if seats.row_count:
        out.print(seats)
    else:   # the title alone: the team's score below is the result
        out.print(f"{seats.title} (scored, no win or loss)", markup=False)
    if report.get("roles"):   # an asymmetric game: the games won by each role, whichever seat held it
        from rich.text import Text

        from rulebook.dsl.diagnostics import printable

        roles = Table(title="games won per role")
        roles.add_column("role")
        roles.add_column("games", justify="right")
        roles.add_column("win rate [95% CI]", justify="right")
        for row in report["roles"]:
            roles.add_row(Text(printable(row["role"])), str(row["games"]),
                          _interval(row["win_rate"], row["ci_low"], row["ci_high"]))
        out.print(roles)
    if stopped:   # each can be played again alone, to its stop: play --seed S with the same limits
        seeds = report["stopped_seeds"]
        out.print(f"stopped at {report['limits']}: seed{'s' if len(seeds) > 1 else ''} "
                  f"{', '.join(map(str, seeds[:20]))}{' ...' if len(seeds) > 20 else ''} "
                  f"(rulebook play --seed S {report['limits']} plays one to its stop)", markup=False)
    if report.get("sudden"):
        out.print(_sudden_text(report["sudden"]), markup=False)
    for grown in report.get("growing", [])[:5]:   # W642 (said on stderr as each was found, and again here)
        out.print(grown["warning"], markup=False)
    if report.get("team_score"):
        out.print(_team_score_text(report["team_score"]), markup=False)
    if report["length"]:
        n = report["length"]
        out.print(f"game length: {num(n['mean'], '.1f')} ± {num(n['sd'], '.1f')} decisions "
                  f"(from {n['min']} to {n['max']})",
                  markup=False)
    bounds = report.get("bounds") or []
    if bounds:   # what the rules asked for and a bound left out: a cap often hit may be one set too low
        shown = [f"{b['name']} at its {b['at']} in {num(b['rate'], '.0%')} of the games, {b['units']:,} unit{'s' if b['units'] != 1 else ''} "
                 f"({num(b['per_game'], '.1f')} a game)" for b in bounds[:10]]
        out.print("left out at a bound (gains and sets past a cap, losses below a floor): " + "; ".join(shown)
                  + (f"; ... and {len(bounds) - 10} more (--json lists them all)" if len(bounds) > 10 else ""),
                  markup=False)
    labels = component_labels(report["components"])
    rated = [c for c in report["components"] if c["effect"] is not None]
    if rated:
        table = Table(title="components: the team's win rate in the games that used them, versus those that did not"
                      if together else "components: win rate of the seats that used them, versus those that did not")
        # the figures never wrap (an interval over three lines is hard to read): the names give way,
        # cut with an ellipsis
        shown = shown_of(rated, most)
        rows = [(labels[c["kind"], c["name"]], c["kind"], str(c["games_used"]),
                 _interval(c["win_rate_used"], c["ci_low"], c["ci_high"]), num(c['win_rate_unused'], '.1%'),
                 _interval(c["effect"], c["effect_ci_low"], c["effect_ci_high"], percent=False)) for c in shown]
        figures = [max(len(column), *(len(row[at]) for row in rows))
                   for at, column in enumerate(("games", "used [95% CI]", "unused", "difference [95% CI]"), start=2)]
        room = out.width - 19 - sum(figures)   # 19: the table's 7 rules and 12 spaces of padding
        if room >= 16:   # a name of 10 characters at least, and the kind beside it
            kind = min(14, max(len("kind"), *(len(row[1]) for row in rows)), max(6, room - 16))
            width = max(10, min(room - kind, max(len(row[0]) for row in rows)))
            table.add_column("component", overflow="ellipsis", no_wrap=True, width=width)
            table.add_column("kind", overflow="ellipsis", no_wrap=True, width=kind)
            # names cut alike ("Favor of…" for two favors) keep their distinct ends: "Favor…Mice"
            rows = [(name, kind_cut, *rest) for (_, _, *rest), name, kind_cut in
                    zip(rows, distinct_cuts([row[0] for row in rows], width), distinct_cuts([row[1] for row in rows], kind))]
        else:   # too narrow (80 columns, wide intervals): the kind goes after the name, which wraps, in the
            # room the figures leave (the kind's column, its rule and padding: 3 more)
            width = max(4, min(room + 3, max(len(f"{row[0]} ({row[1]})") for row in rows)))
            table.add_column("component (kind)", overflow="fold", width=width)
            rows = [(f"{name} ({kind_of})", *rest) for name, kind_of, *rest in rows]
        for width, column in zip(figures, ("games", "used [95% CI]", "unused", "difference [95% CI]")):
            table.add_column(column, justify="right", no_wrap=True, width=width)
        for at, row in enumerate(rows):
            if at == (len(shown) + 1) // 2 and len(shown) < len(rated):   # where the ones left out would be
                table.add_row(f"… {len(rated) - len(shown)} more", *[""] * (len(row) - 1), style="dim")
            table.add_row(*row)
        if room + 3 >= 8:
            out.print(table)
        else:   # no room for a name beside the figures: a line each, which the terminal wraps
            out.print(table.title, markup=False)
            for at, (name, games_used, used, unused, difference) in enumerate(rows):
                if at == (len(shown) + 1) // 2 and len(shown) < len(rated):
                    out.print(f"  … {len(rated) - len(shown)} more", markup=False)
                out.print(f"  {name}: {games_used} games, used {used}, unused {unused}, difference {difference}",
                          markup=False)
        if len(shown) < len(rated):
            top = (len(shown) + 1) // 2
            out.print(f"the table shows {len(shown)} of the {len(rated)} components with a difference: the {top} "
                      f"largest and the {len(shown) - top} smallest; --components 0 shows them all "
                      f"(--json writes them all)", markup=False)
    # each with the games it was used in when not all (a tile only moved in some games: "Crossroads 7/10")
    unrated = [labels[c["kind"], c["name"]] + (f" {c['games_used']}/{finished}" if c["games_used"] < finished else "")
               for c in report["components"] if c["effect"] is None and c["games_used"] and not c.get("rolled")]
    if unrated:   # used by every seat, or by none of those who did not win: no difference to show
        out.print(f"used with no comparison to make (every {'game' if together else 'seat'} used them, or the games "
                  f"give no win rates "
                  f"to compare): {', '.join(unrated[:30])}"
                  f"{f' ... and {len(unrated) - 30} more (--json lists them all)' if len(unrated) > 30 else ''}",
                  markup=False)
    rolled = [labels[c["kind"], c["name"]] + f" ({c['games_used']}/{finished} games)"
              for c in report["components"] if c.get("rolled") and c["games_used"]]
    if rolled:   # a face comes up by chance: who rolled it says nothing of what it is worth
        out.print(f"rolled, not chosen (no win rate to compare; the games each came up in): {', '.join(rolled[:30])}"
                  f"{f' ... and {len(rolled) - 30} more (--json lists them all)' if len(rolled) > 30 else ''}",
                  markup=False)
    never = [labels[c["kind"], c["name"]] for c in report["components"] if c["games_used"] == 0]
    if never and finished:   # with no game finished, nothing was counted as used
        out.print(f"never used{' in the games that finished' if report['failed'] or stopped else ''}: {', '.join(never)}",
                  markup=False)
    if "against" in report:
        scored = any(row["seat"] == "team score" for row in report["against"]["difference"])
        table = Table(title=f"{report['label']} minus {report['against']['label']}: "
                            f"{'the team' if scored else 'win rate'} on the same seeds")
        table.add_column("team" if together else "seat")
        table.add_column("difference [95% CI]", justify="right")
        cells = {row["seat"]: [_interval(row["delta"], row["ci_low"], row["ci_high"], percent=False)]
                 for row in report["against"]["difference"] if "team" not in row}
        team_cells = [[_interval(row["delta"], row["ci_low"], row["ci_high"], percent=False)]
                      for row in report["against"]["difference"] if "team" in row]
        if team_cells:   # each team's seats, then the team's difference, as the seats' table groups them
            cells = _team_rows(cells, report["teams"], team_cells)
        for heading, row_cells in cells.items():
            table.add_row(heading, *row_cells)
        out.print(table)


def _same_teams(mine, theirs) -> tuple:
    """The teams (each seat's) and `by team` of two simulated packs that seat their teams alike, for the
    difference's team rows; nothing (no team rows) when they do not."""
    if not mine.teams or tuple(mine.teams) != tuple(theirs.teams or ()) or mine.by_team != theirs.by_team:
        return ()
    return mine.teams, mine.by_team


# ---------------------------------------------------------------- HTML report

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{{ r.label }}: simulation report</title>
<style>
body { font-family: sans-serif; max-width: 960px; margin: 2em auto; color: #222; }
table { border-collapse: collapse; margin: 1em 0; } td, th { border: 1px solid #ccc; padding: .25em .6em; }
td.n { text-align: right; font-variant-numeric: tabular-nums; } img { max-width: 100%; }
</style></head><body>
<h1>{{ r.label }}: {{ r.games }} games, {{ r.players }} players</h1>
<p>Seeds {{ r.seed }} to {{ r.seed + r.games - 1 }}, agent {{ r.agent }}{% if r.variants %}, variants
{{ r.variants|join(", ") }}{% endif %}; {{ r.failed }} failed. Intervals are 95%.</p>
{% if r.team_score is defined and r.team_score %}{% set t = r.team_score %}<h2>Team score</h2>
<p>A cooperative game scored as a team ({{ t.text }}): mean {{ num(t.mean, ".1f") }}{% if t.ci_low is not none %}
(95% interval {{ num(t.ci_low, ".1f") }} – {{ num(t.ci_high, ".1f") }}){% endif %}, sd {{ num(t.sd, ".1f") }},
median {{ t.median }}, from {{ t.min }} to {{ t.max }} over {{ t.games }} games.</p>
{% if plots.team_score is defined %}<img alt="team score distribution" src="data:image/png;base64,{{ plots.team_score }}">{% endif %}
<table><tr><th>team score</th><th>games</th></tr>
{% for v, n in t.distribution %}<tr><td class="n">{{ v }}</td><td class="n">{{ n }}</td></tr>{% endfor %}</table>{% endif %}
{% if r.team is not defined or r.team is not none %}<h2>Win rates</h2>
{% if r.together is defined and r.team %}<p>A cooperative game: the team won {{ pct(r.team.win_rate) }} of the games
(95% interval {{ pct(r.team.ci_low) }} – {{ pct(r.team.ci_high) }}); every seat wins or loses with it.</p>{% endif %}
<img alt="win rates" src="data:image/png;base64,{{ plots.wins }}">
<table><tr><th>seat</th><th>win rate</th><th>95% interval</th>{% for k in r.score_keys %}<th>{{ k }} (mean ± sd)</th>{% endfor %}</tr>
{% for s in seat_rows %}<tr><td>{{ s.seat }}</td><td class="n">{{ pct(s.win_rate) }}</td>
<td class="n">{{ pct(s.ci_low) }} – {{ pct(s.ci_high) }}</td>{% for v in s.scores.values() %}
<td class="n">{% if v %}{{ num(v.mean, ".1f") }} ± {{ num(v.sd, ".1f") }}{% endif %}</td>{% endfor %}</tr>
{% endfor %}</table>{% endif %}
{% if r.sudden is defined %}<h2>Ended at once</h2><p>{{ r.sudden.games }} of the finished games ended at once
(<code>end game won by</code>, <code>lost by</code> or <code>drawn</code>): {{ pct(r.sudden.rate) }}, 95% interval
{{ pct(r.sudden.ci_low) }} – {{ pct(r.sudden.ci_high) }}.</p>
<table><tr><th>outcome</th><th>reason</th><th>games</th></tr>
{% for e in r.sudden.endings %}<tr><td>{{ e.outcome }}</td><td>{% if e.reason is not none %}{{ e.reason }}{% endif %}</td>
<td class="n">{{ e.games }}</td></tr>{% endfor %}</table>{% endif %}
{% if plots.scores is defined %}<h2>Scores</h2><img alt="score distributions" src="data:image/png;base64,{{ plots.scores }}">{% endif %}
<h2>Game length</h2><img alt="game lengths" src="data:image/png;base64,{{ plots.lengths }}">
{% if r.bounds %}<h2>Left out at a bound</h2><p>Units a gain or a set could not add past a cap or an upper
bound, and a loss could not take below a floor, in the games that finished.</p>
<table><tr><th>resource or counter</th><th>at its</th><th>games</th><th>units</th><th>a game</th></tr>
{% for b in r.bounds %}<tr><td>{{ b.name }}</td><td>{{ b.at }}</td><td class="n">{{ b.games }} ({{ pct(b.rate) }})</td>
<td class="n">{{ b.units }}</td><td class="n">{{ num(b.per_game, ".1f") }}</td></tr>{% endfor %}</table>{% endif %}
{% if plots.components is defined %}<h2>Components with the largest and smallest effect</h2>
<img alt="components" src="data:image/png;base64,{{ plots.components }}">{% endif %}
<table><tr><th>component</th><th>kind</th><th>games used</th><th>win rate used</th><th>unused</th><th>difference</th></tr>
{% for c in r.components %}<tr><td>{% if c.title and c.title != c.name %}{{ c.title }} ({{ c.name }}){% else %}{{ c.name }}{% endif %}</td><td>{{ c.kind }}</td><td class="n">{{ c.games_used }}</td>
<td class="n">{{ pct(c.win_rate_used) }}</td><td class="n">{{ pct(c.win_rate_unused) }}</td>
<td class="n">{% if c.effect is not none %}{{ num(c.effect, "+.3f") }} [{{ num(c.effect_ci_low, "+.3f") }},
{{ num(c.effect_ci_high, "+.3f") }}]{% endif %}</td></tr>
{% endfor %}</table>
{% if r.against is defined %}<h2>{{ r.label }} against {{ r.against.label }} (same seeds)</h2>
<table><tr><th>seat</th><th>difference in win rate</th><th>95% interval</th></tr>
{% for d in r.against.difference %}<tr><td>{{ d.seat }}</td><td class="n">{{ num(d.delta, "+.3f") }}</td>
<td class="n">{{ num(d.ci_low, "+.3f") }} – {{ num(d.ci_high, "+.3f") }}</td></tr>{% endfor %}</table>{% endif %}
{% if r.failures %}<h2>Failures</h2><ul>{% for f in r.failures %}<li>seed {{ f.seed }}: {{ f.error }}
(log: {{ f.log }})</li>{% endfor %}</ul>{% endif %}
</body></html>
"""


def _png(figure) -> str:
    """A figure as base64 PNG text, for an <img> that needs no other file."""
    import matplotlib.pyplot as plt

    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=90, bbox_inches="tight")
    plt.close(figure)
    return base64.b64encode(buffer.getvalue()).decode("ascii")


def plots(report: dict, scores: dict, lengths: list) -> dict:
    """The report's figures (matplotlib, Agg backend: no display needed) as base64 PNGs."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    seats = report["seats"]
    fig, ax = plt.subplots(figsize=(6, 3))
    rates = [s["win_rate"] or 0 for s in seats]
    ax.bar([s["seat"] for s in seats], rates,
           yerr=[[r - s["ci_low"] for r, s in zip(rates, seats)], [s["ci_high"] - r for r, s in zip(rates, seats)]],
           capsize=4, color="#4c78a8")
    ax.axhline(1 / report["players"], color="#999", linestyle="--", linewidth=1)
    ax.set_ylabel("win rate")
    figures = {"wins": _png(fig)}
    if report.get("team_score"):   # a cooperative game's score: how many games reached each value
        fig, ax = plt.subplots(figsize=(6, 3))
        values, counts = zip(*report["team_score"]["distribution"])
        ax.bar(values, counts, color="#4c78a8")
        ax.set_xlabel(f"team score ({report['team_score']['text']})")
        ax.set_ylabel("games")
        figures["team_score"] = _png(fig)
    if scores:
        fig, ax = plt.subplots(figsize=(6, 3))
        for seat, values in scores.items():
            ax.hist(values, bins=30, alpha=0.5, label=seat)
        ax.set_xlabel(report["score_keys"][0])
        ax.legend()
        figures["scores"] = _png(fig)
    fig, ax = plt.subplots(figsize=(6, 3))
    ax.hist(lengths, bins=30, color="#72b7b2")
    ax.set_xlabel("decisions per game")
    figures["lengths"] = _png(fig)
    rated = [c for c in report["components"] if c["effect"] is not None]
    if rated:
        shown = shown_of(rated)
        fig, ax = plt.subplots(figsize=(6, 0.3 * len(shown) + 1))
        effects = [c["effect"] for c in shown]
        labels = component_labels(report["components"])
        ax.barh([labels[c["kind"], c["name"]] for c in shown][::-1], effects[::-1],
                xerr=[[e - c["effect_ci_low"] for e, c in zip(effects, shown)][::-1],
                      [c["effect_ci_high"] - e for e, c in zip(effects, shown)][::-1]],
                capsize=2, color=["#54a24b" if e > 0 else "#e45756" for e in effects][::-1])
        ax.axvline(0, color="#999", linewidth=1)
        ax.set_xlabel("win rate used - unused")
        figures["components"] = _png(fig)
    return figures


def write_html(report: dict, records: list, folder: Path) -> None:
    """index.html in FOLDER: tables and plots of the report (the records give the distributions), the
    images embedded, so the file stands alone."""
    import jinja2

    from rulebook.compiler.driver import write_atomic

    played = [r for r in records if r.finished]
    names = [row["seat"] for row in report["seats"]]   # the seats' names (`seats ... named`), else P1, P2, ...
    scores = {names[seat] if seat < len(names) else f"P{seat + 1}": [r.scores[seat][0] for r in played]
              for seat in range(report["players"]) if report["score_keys"]}   # a cooperative game may have no score
    rows = {row["seat"]: row for row in report["seats"]}
    if report.get("teams"):   # each team's seats, then the team's win rate, as in the terminal's table
        rows = _team_rows(rows, report["teams"], [{**t, "seat": f"team {t['team']}", "scores": dict.fromkeys(
            report["score_keys"])} for t in report["team_rates"]])
    environment = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined)
    page = environment.from_string(PAGE).render(
        r=report, seat_rows=list(rows.values()), plots=plots(report, scores, [r.decisions for r in played]),
        pct=lambda v: "" if v is None else num(v, ".1%"), num=num)
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / "index.html", page)
