"""``solve survey``: deal many boards by seed, decide each, report the counts."""

from __future__ import annotations

import json
from collections.abc import Callable
from contextlib import closing
from typing import TYPE_CHECKING, Any, TextIO

import click

from .common import (
    EXIT_USAGE,
    CliError,
    Progress,
    cpus,
    emit,
    output_option,
    rule_options,
    table_mb_option,
    time_limit_option,
    to_json,
)

if TYPE_CHECKING:
    from graphsearch.llk.rules import ClearRules
    from graphsearch.survey import BoardOutcome, SurveySpec

__all__ = ["survey_group"]


@click.group("survey")
def survey_group() -> None:
    """Deal many boards by seed and decide each: how many can be cleared?

    Board i comes from (seed, i) alone, so the counts are the same however the boards are
    split: one process, a pool of processes, or a Dask cluster.
    """


def _shared(command: Callable[..., Any]) -> Callable[..., Any]:
    """The options every survey has."""
    options = [
        click.option(
            "--boards",
            type=click.IntRange(min=0),
            default=100,
            show_default=True,
            help="How many boards to deal and decide.",
        ),
        click.option(
            "--seed",
            type=int,
            default=0,
            show_default=True,
            help="Board i is dealt from (seed, i) alone: the same seed deals the same boards.",
        ),
        time_limit_option("Seconds a board may take; a board that runs out counts as undecided."),
        click.option(
            "--executor",
            type=click.Choice(["local", "dask"]),
            default="local",
            show_default=True,
            help="local: processes on this machine; dask: a dask.distributed cluster (a "
            "local one unless --scheduler names one; pip install 'graphsearch[dask]').",
        ),
        click.option(
            "--workers",
            type=click.IntRange(min=1),
            default=None,
            help="Processes (local) or workers of the local Dask cluster [default: the CPUs].",
        ),
        click.option(
            "--scheduler",
            default=None,
            metavar="ADDRESS",
            help="An existing Dask scheduler, such as tcp://10.0.0.5:8786 (with --executor dask).",
        ),
        click.option(
            "--connect-timeout",
            type=click.FloatRange(min=0, min_open=True, max=3600),
            default=10.0,
            show_default=True,
            metavar="SECONDS",
            help="How long to try to reach --scheduler before giving up (exit status 2).",
        ),
        click.option(
            "--results",
            type=click.Path(dir_okay=False),
            default=None,
            metavar="FILE",
            help="Append each board's outcome to FILE as a JSON line when it finishes; boards "
            "already in FILE (same settings, whatever the time limit) are not run again, so "
            "an interrupted survey goes on where it stopped.",
        ),
        click.option(
            "--retry-undecided",
            is_flag=True,
            help="With --results: run the boards FILE holds as undecided again, under this "
            "run's --time-limit (give a longer one), but not those already tried that long (so "
            "an interrupted retry goes on where it stopped); a verdict found replaces the "
            "undecided one, and a verdict never changes.",
        ),
        click.option(
            "--format",
            "fmt",
            type=click.Choice(["text", "json"]),
            default="text",
            show_default=True,
            help="text: a short table; json: the counts (boards, clearable, not_clearable, "
            "undecided, greedy), the share with its 95% interval, seconds, settings.",
        ),
        output_option(),
    ]
    for option in reversed(options):
        command = option(command)
    return command


@survey_group.command("clear")
@click.option(
    "--rows",
    type=click.IntRange(min=1),
    default=9,
    show_default=True,
    help="Rows of each board (its height).",
)
@click.option(
    "--cols",
    type=click.IntRange(min=1),
    default=16,
    show_default=True,
    help="Columns of each board (its width).",
)
@click.option(
    "--types",
    type=click.IntRange(min=1),
    default=36,
    show_default=True,
    help="Tile types dealt, 1..T.",
)
@click.option(
    "--copies",
    type=click.IntRange(min=1),
    default=4,
    show_default=True,
    help="Tiles of each type.",
)
@rule_options(
    "Whether paths may use the ring of empty cells around the board.  On by default here, "
    "as in the real game; solve clear and solve generate llk leave it off unless given "
    "--outside.",
    outside_default=True,
)
@table_mb_option(
    "a quarter of the memory shared by the boards searched at once, at least 512 MB; "
    "512 MB with --scheduler"
)
@_shared
def survey_clear(
    rows: int,
    cols: int,
    types: int,
    copies: int,
    rules: ClearRules,
    table_mb: int | None,
    **common: Any,
) -> None:
    """Random 连连看 boards (tiles shuffled onto the board): how many can be cleared, and
    how many greedy play clears.  The default is KShisen's board, 16 columns x 9 rows, with
    36 types x 4 tiles, and the ring (--no-outside leaves it out)."""
    from graphsearch._words import size
    from graphsearch.survey import SurveySpec

    if types * copies > rows * cols:
        raise click.UsageError(
            f"{types} types x {copies} tiles do not fit on the {rows * cols} cells of "
            f"{size(rows, cols)}"
        )
    if table_mb is None and common["scheduler"] is None:
        # the boards searched at once on this machine share a quarter of its memory
        from graphsearch.llk.clearing import table_mb_for

        table_mb = table_mb_for(boards=common["workers"] or cpus())
    spec = SurveySpec(
        "clear",
        common["seed"],
        common["boards"],
        common["time_limit"],
        rows=rows,
        cols=cols,
        types=types,
        copies=copies,
        outside=rules.outside,
        max_turns=rules.max_turns,
        gravity=rules.gravity,
        table_mb=table_mb,
    )
    _run(spec, **common)


@survey_group.command("mayan")
@click.option(
    "--n",
    "n",
    type=click.IntRange(1, 10),
    default=3,
    show_default=True,
    help="Moves each board must be emptied in, exactly.",
)
@click.option(
    "--colors",
    type=click.IntRange(1, 10),
    default=4,
    show_default=True,
    help="Colors dealt, 1..K.",
)
@click.option(
    "--blocks",
    type=click.IntRange(0, 35),
    default=12,
    show_default=True,
    help="Blocks on each board (dealt in threes of a color).",
)
@click.option(
    "--same-color-swaps/--no-same-color-swaps",
    default=True,
    show_default=True,
    help="Whether a swap of two blocks of one color is a move.",
)
@_shared
def survey_mayan(n: int, colors: int, blocks: int, same_color_swaps: bool, **common: Any) -> None:
    """Random Mayan boards (colors dealt in threes, no run at the start): how many can be
    cleared in exactly n moves, and how many greedy play clears."""
    from graphsearch.survey import SurveySpec

    spec = SurveySpec(
        "mayan",
        common["seed"],
        common["boards"],
        common["time_limit"],
        n=n,
        colors=colors,
        blocks=blocks,
        same_color_swaps=same_color_swaps,
    )
    _run(spec, **common)


def _run(
    spec: SurveySpec,
    *,
    boards: int,
    seed: int,
    time_limit: float | None,
    executor: str,
    workers: int | None,
    scheduler: str | None,
    connect_timeout: float,
    results: str | None,
    retry_undecided: bool,
    fmt: str,
    output: str | None,
) -> None:
    from graphsearch.survey import SchedulerError, run_survey, summarize

    if scheduler is not None and executor != "dask":
        raise click.UsageError("--scheduler goes with --executor dask")
    if retry_undecided and results is None:
        raise click.UsageError("--retry-undecided goes with --results")
    outcomes, keep = _resume(results, spec) if results else ({}, None)
    if retry_undecided:  # again, unless a try already had this run's time (a retry resumed)
        outcomes = {
            i: o
            for i, o in outcomes.items()
            if o.verdict != "undecided" or (time_limit is not None and o.seconds >= time_limit)
        }
    log = _open_log(results, spec, keep) if results else None
    stopped: BaseException | None = None  # Ctrl-C or SIGTERM: report what finished
    try:
        stream = run_survey(
            spec,
            executor=executor,
            # the processes the tables' default share was reckoned for (survey_clear)
            workers=workers or (cpus() if executor == "local" else None),
            scheduler=scheduler,
            skip=outcomes,
            connect_timeout=connect_timeout,
        )
        # closed however the loop ends, so that the boards in flight end with it
        with Progress(spec.boards, "boards") as bar, closing(stream):
            bar.update(len(outcomes))
            for outcome in stream:
                outcomes[outcome.index] = outcome
                if log is not None:
                    log.write(json.dumps(_outcome_json(outcome)) + "\n")
                    log.flush()
                bar.update(1)
    except (KeyboardInterrupt, SystemExit) as exc:
        stopped = exc
    except (ImportError, ValueError, SchedulerError) as exc:
        # no dask; settings no board can be dealt for; a scheduler that cannot be used
        raise CliError(str(exc), EXIT_USAGE) from None
    finally:
        if log is not None:
            log.close()
    summary = summarize(outcomes[i] for i in sorted(outcomes))
    summary["settings"] = spec.settings()
    summary["interrupted"] = stopped is not None
    emit(to_json(summary) + "\n" if fmt == "json" else _table(summary), output)
    if stopped is not None:
        raise stopped


def _outcome_json(outcome: BoardOutcome) -> dict[str, object]:
    return {
        "board": outcome.index,
        "verdict": outcome.verdict,
        "greedy": outcome.greedy,
        "seconds": outcome.seconds,
    }


def _resume(path: str, spec: SurveySpec) -> tuple[dict[int, BoardOutcome], int | None]:
    """The outcomes already in a results file written with the same settings, and how many
    of its bytes to keep (None: start the file anew).  A last line cut short (an
    interrupted survey) is dropped; an empty file is a new one."""
    from graphsearch.survey import BoardOutcome, supersedes

    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        return {}, None
    except OSError as exc:
        raise CliError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if not data.strip():
        return {}, None
    lines = data.split(b"\n")
    kept = len(data)
    if lines[-1].strip():  # no newline at the end: a line cut mid-write, or whole
        try:
            json.loads(lines[-1])
        except ValueError:
            kept -= len(lines.pop())
    not_results = f"{path}: not a survey results file; give another --results"
    try:
        header = json.loads(lines[0].decode("utf-8"))
    except ValueError:
        raise CliError(not_results) from None
    if not isinstance(header, dict) or "settings" not in header:
        raise CliError(not_results)
    written = header["settings"]
    if not isinstance(written, dict) or len(header) != 1:
        raise CliError(not_results)
    written = {k: v for k, v in written.items() if k != "time_limit"}  # older files hold it
    if written != _comparable(spec):
        raise CliError(f"{path}: holds a survey with other settings; give another --results")
    outcomes: dict[int, BoardOutcome] = {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        try:
            row = json.loads(line.decode("utf-8"))
            outcome = BoardOutcome(row["board"], row["verdict"], row["greedy"], row["seconds"])
            if not isinstance(outcome.index, int) or outcome.verdict not in _VERDICTS:
                raise ValueError
        except (ValueError, KeyError, TypeError):
            raise CliError(f"{path}: line {number}: not a board's outcome") from None
        earlier = outcomes.get(outcome.index)
        if (
            earlier is not None
            and "undecided" not in (earlier.verdict, outcome.verdict)
            and (earlier.verdict != outcome.verdict)
        ):
            raise CliError(
                f"{path}: line {number}: board {outcome.index} is {outcome.verdict} here "
                f"and {earlier.verdict} on an earlier line"
            )
        if 0 <= outcome.index < spec.boards and supersedes(outcome, earlier):
            outcomes[outcome.index] = outcome
    return outcomes, kept


_VERDICTS = ("yes", "no", "undecided")


def _comparable(spec: SurveySpec) -> dict[str, object]:
    """The settings a results file must share to be resumed: any number of boards and
    any time limit (a verdict is the board's whatever the limit; only which boards stay
    undecided depends on it)."""
    return {k: v for k, v in spec.settings().items() if k not in ("boards", "time_limit")}


def _open_log(path: str, spec: SurveySpec, keep: int | None) -> TextIO:
    """The results file, to append to after its first ``keep`` bytes (a line cut short
    goes), or written anew with the settings when ``keep`` is None."""
    try:
        if keep is not None:
            with open(path, "r+b") as handle:
                handle.truncate(keep)
                if keep and handle.seek(keep - 1) >= 0 and handle.read(1) != b"\n":
                    handle.write(b"\n")
        log = open(path, "w" if keep is None else "a", encoding="utf-8")  # noqa: SIM115
    except OSError as exc:
        raise CliError(f"{path}: cannot write: {exc.strerror or exc}") from None
    if keep is None:
        log.write(json.dumps({"settings": _comparable(spec)}) + "\n")
        log.flush()
    return log


def _table(summary: dict[str, Any]) -> str:
    from graphsearch._words import plural, size

    s = summary["settings"]
    if s["kind"] == "clear":
        ring = "ring" if s["outside"] else "no ring"
        what = (
            f"boards of {size(s['rows'], s['cols'])}, {s['types']} types x "
            f"{plural(s['copies'], 'tile')}, {ring}, gravity {s['gravity']}, at most "
            f"{plural(s['max_turns'], 'turn')}"
        )
    else:
        swaps = "same-color swaps" if s["same_color_swaps"] else "no same-color swaps"
        what = (
            f"Mayan boards of {plural(s['blocks'], 'block')}, {plural(s['colors'], 'color')}, "
            f"n = {s['n']}, {swaps}"
        )
    share = summary["share"]
    interval = summary["share_95"]
    share_text = (
        "-" if share is None else f"{share:.1%} (95%: {interval[0]:.1%} to {interval[1]:.1%})"
    )
    sec = summary["seconds"]

    def seconds(value: float | None) -> str:
        return "-" if value is None else f"{value:.3f} s"

    lines = [
        f"{what}, seed {s['seed']}",
        f"boards         {summary['boards']}"
        + ("  (interrupted)" if summary["interrupted"] else ""),
        f"clearable      {summary['clearable']}",
        f"not clearable  {summary['not_clearable']}",
        f"undecided      {summary['undecided']}",
        f"greedy clears  {summary['greedy']}",
        f"share          {share_text}",
        f"seconds        median {seconds(sec['median'])}, p99 {seconds(sec['p99'])}, "
        f"max {seconds(sec['max'])}",
    ]
    return "\n".join(lines) + "\n"
