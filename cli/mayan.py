"""``solve mayan``: read a judge-format puzzle, run an engine, print the answer."""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

import click

from graphsearch.choices import MAYAN_ENGINES

from .common import (
    EXIT_TIMEOUT,
    INPUT_FILE,
    CliError,
    emit,
    engine_option,
    format_option,
    input_name,
    library_errors,
    output_option,
    read_puzzle,
    same_color_swaps_option,
    time_left,
    time_limit_option,
    to_json,
)

if TYPE_CHECKING:
    from graphsearch.mayan import MayanResult, Puzzle
    from graphsearch.mayan.count import SolutionCount

__all__ = ["mayan_command"]

ENGINE_HELP = (
    "search: layered search with a dead-state table and move bounds (default, fastest); "
    "dfs: plain reference depth-first search over Board values (seconds on dense boards); "
    "cpsat: an exact OR-Tools CP-SAT model, an independent check for boards of up to "
    "about 20 blocks (seconds to minutes; slower than search)."
)
SAME_COLOR_HELP = (
    "Allow swapping two blocks of one color (the statement's literal rule). "
    "--no-same-color-swaps never makes such a move, as most accepted solutions do."
)

# one background per color 1..10 for --format pretty on a terminal
_PALETTE = (
    "red", "green", "yellow", "blue", "magenta",
    "cyan", "bright_red", "bright_green", "bright_yellow", "bright_blue",
)  # fmt: skip


@click.command("mayan")
@click.argument("file", type=INPUT_FILE)
@engine_option(MAYAN_ENGINES, "search", ENGINE_HELP)
@same_color_swaps_option(SAME_COLOR_HELP)
@click.option(
    "--prefilter/--no-prefilter",
    default=False,
    show_default=True,
    help="Before the engine, try a CP-SAT relaxation that can prove a board unsolvable "
    "(it costs the OR-Tools start-up, about half a second; it helps most with few moves).",
)
@format_option(
    ["judge", "json", "pretty", "svg", "html"],
    "judge: exactly the judge's output; json: moves and search statistics; "
    "pretty: each move and the board after it; svg: the solution as a strip of boards; "
    "html: a self-contained page that plays each move, its chain and the fall.",
)
@click.option(
    "--count",
    "count",
    is_flag=True,
    help="Print the number of distinct solutions instead (canonical moves: a swap counts "
    "once, as the right move of its left block).",
)
@click.option(
    "--count-limit",
    type=click.IntRange(min=1),
    default=None,
    metavar="K",
    help="With --count or --all: stop after K solutions (a count of K then means 'at least K').",
)
@click.option(
    "--all",
    "list_all",
    is_flag=True,
    help="Print every solution in lexicographic order, judge format, a blank line between "
    "(-1 when there is none).",
)
@output_option()
@time_limit_option()
def mayan_command(
    file: str,
    engine: str,
    same_color_swaps: bool,
    prefilter: bool,
    fmt: str,
    count: bool,
    count_limit: int | None,
    list_all: bool,
    output: str | None,
    time_limit: float | None,
) -> None:
    """Clear a Mayan puzzle board in exactly n moves (NOIP 2011).

    FILE holds n, then five columns, each listing its colors bottom to top and ending with
    0 (- reads standard input).  Prints the lexicographically smallest solution, one
    "x y g" line per move, or -1 when there is none.  n may be up to 10000.
    """
    from graphsearch.errors import SearchTimeout
    from graphsearch.mayan.engines import run

    makers = count or list_all
    if count and list_all:
        raise click.UsageError("--count and --all are different outputs: give one of them")
    if count_limit is not None and not makers:
        raise click.UsageError("--count-limit goes with --count or --all")
    if makers and (engine != "search" or prefilter or fmt in ("pretty", "svg", "html")):
        raise click.UsageError(
            "--count and --all run the exhaustive counting search: no --engine other than "
            "search, no --prefilter, and --format judge or json"
        )
    puzzle = read_puzzle(file)
    name = input_name(file)
    if makers:
        text = _solutions(puzzle, name, same_color_swaps, count, count_limit, fmt, time_limit)
        emit(text, output)
        return
    try:
        with library_errors(name):
            result = run(
                engine,
                puzzle,
                same_color_swaps=same_color_swaps,
                time_limit=time_left(time_limit),
                prefilter=prefilter,
            )
    except SearchTimeout as exc:
        nodes = getattr(exc.stats, "nodes", None)
        from graphsearch._words import plural

        detail = f" ({plural(nodes, 'node')} searched)" if nodes is not None else ""
        limit = "" if time_limit is None else f" of {time_limit:g} s"
        raise CliError(
            f"{name}: no answer within the time limit{limit}: {exc}{detail}", EXIT_TIMEOUT
        ) from None

    if fmt == "judge":
        from graphsearch.mayan import format_moves

        text = format_moves(result.moves)
    elif fmt == "json":
        text = to_json(_as_json(puzzle, result, same_color_swaps)) + "\n"
    elif fmt == "svg":
        from graphsearch.mayan.draw import solution_svg

        text = solution_svg(puzzle, result.moves)
    elif fmt == "html":
        from os.path import basename

        from graphsearch._words import plural
        from graphsearch.watch import mayan_case, page

        title = f"Mayan puzzle: n = {puzzle.n}, {plural(puzzle.board.blocks, 'block')}"
        case = mayan_case(puzzle, result, title=title, same_color_swaps=same_color_swaps)
        text = page([case], f"{basename(name)}: Mayan puzzle")
    else:
        text = _pretty(puzzle, result, color=output is None and _terminal()) + "\n"
    emit(text, output)


def _solutions(
    puzzle: Puzzle,
    name: str,
    same_color_swaps: bool,
    count: bool,
    limit: int | None,
    fmt: str,
    time_limit: float | None,
) -> str:
    """The text of --count or --all."""
    from itertools import islice

    from graphsearch.errors import SearchTimeout
    from graphsearch.mayan import format_moves
    from graphsearch.mayan.count import count_solutions, iter_solutions

    try:
        with library_errors(name):
            if count:
                counted = count_solutions(
                    puzzle,
                    same_color_swaps=same_color_swaps,
                    limit=limit,
                    time_limit=time_left(time_limit),
                )
                if fmt == "json":
                    return to_json(_count_json(puzzle, counted, same_color_swaps)) + "\n"
                return f"{counted.count}\n"
            listing = iter_solutions(
                puzzle, same_color_swaps=same_color_swaps, time_limit=time_left(time_limit)
            )
            found = list(islice(listing, limit))
    except SearchTimeout as exc:
        limit_text = "" if time_limit is None else f" of {time_limit:g} s"
        raise CliError(
            f"{name}: no answer within the time limit{limit_text}: {exc}", EXIT_TIMEOUT
        ) from None
    if fmt == "json":
        solutions = [[[m.x, m.y, m.g] for m in solution] for solution in found]
        return (
            to_json({"n": puzzle.n, "same_color_swaps": same_color_swaps, "solutions": solutions})
            + "\n"
        )
    if not found:
        return format_moves(None)
    return "\n".join(format_moves(solution) for solution in found)


def _count_json(
    puzzle: Puzzle, counted: SolutionCount, same_color_swaps: bool
) -> dict[str, object]:
    return {
        "n": puzzle.n,
        "count": counted.count,
        "complete": counted.complete,
        "same_color_swaps": same_color_swaps,
        "stats": counted.stats.as_dict(),
    }


def _terminal() -> bool:
    """Colors only on a terminal, and not when NO_COLOR is set."""
    stdout = sys.stdout
    return stdout is not None and stdout.isatty() and not os.environ.get("NO_COLOR")


def _as_json(puzzle: Puzzle, result: MayanResult, same_color_swaps: bool) -> dict[str, object]:
    from graphsearch.mayan.result import result_json

    return result_json(puzzle, result, same_color_swaps)


def _reason(puzzle: Puzzle, result: MayanResult) -> str | None:
    from graphsearch.mayan.result import why_not

    return why_not(puzzle, result)


def _style(color: int, text: str, marked: bool) -> str:
    if not color:
        return text
    return click.style(text, fg="black", bg=_PALETTE[color - 1], bold=marked)


def _pretty(puzzle: Puzzle, result: MayanResult, color: bool) -> str:
    from graphsearch._words import plural
    from graphsearch.mayan import apply_move

    style = _style if color else None
    board = puzzle.board
    parts = [f"n = {puzzle.n}, {plural(board.blocks, 'block')}", board.render(style)]
    if result.moves is None:
        parts.append(
            f"-1: no sequence of exactly {plural(puzzle.n, 'move')} empties this board: "
            f"{_reason(puzzle, result)}"
        )
        return "\n\n".join(parts)
    for i, move in enumerate(result.moves, 1):
        way = "right" if move.g == 1 else "left"
        board = apply_move(board, move)
        parts.append(f"Move {i}: {move.to_text()}  (drag ({move.x}, {move.y}) {way})")
        parts.append(board.render(style))
    parts.append(f"Cleared in {plural(puzzle.n, 'move')}.")
    return "\n\n".join(parts)
