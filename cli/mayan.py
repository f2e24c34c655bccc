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
    time_limit_option,
    to_json,
)

if TYPE_CHECKING:
    from graphsearch.mayan import MayanResult, Puzzle

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
    ["judge", "json", "pretty", "svg"],
    "judge: exactly the judge's output; json: moves and search statistics; "
    "pretty: each move and the board after it; svg: the solution as a strip of boards.",
)
@output_option()
@time_limit_option()
def mayan_command(
    file: str,
    engine: str,
    same_color_swaps: bool,
    prefilter: bool,
    fmt: str,
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

    puzzle = read_puzzle(file)
    name = input_name(file)
    try:
        with library_errors(name):
            result = run(
                engine,
                puzzle,
                same_color_swaps=same_color_swaps,
                time_limit=time_limit,
                prefilter=prefilter,
            )
    except SearchTimeout as exc:
        nodes = getattr(exc.stats, "nodes", None)
        detail = f" ({nodes} nodes searched)" if nodes is not None else ""
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
    else:
        text = _pretty(puzzle, result, color=output is None and _terminal()) + "\n"
    emit(text, output)


def _terminal() -> bool:
    """Colors only on a terminal, and not when NO_COLOR is set."""
    stdout = sys.stdout
    return stdout is not None and stdout.isatty() and not os.environ.get("NO_COLOR")


def _as_json(puzzle: Puzzle, result: MayanResult, same_color_swaps: bool) -> dict[str, object]:
    moves = None if result.moves is None else [[m.x, m.y, m.g] for m in result.moves]
    return {
        "n": puzzle.n,
        "solvable": result.solvable,
        "moves": moves,
        "engine": result.engine,
        "same_color_swaps": same_color_swaps,
        "blocks": puzzle.board.blocks,
        "stats": result.stats.as_dict(),
    }


def _style(color: int, text: str, marked: bool) -> str:
    if not color:
        return text
    return click.style(text, fg="black", bg=_PALETTE[color - 1], bold=marked)


def _pretty(puzzle: Puzzle, result: MayanResult, color: bool) -> str:
    from graphsearch.mayan import apply_move

    style = _style if color else None
    board = puzzle.board
    parts = [f"n = {puzzle.n}, {board.blocks} blocks", board.render(style)]
    if result.moves is None:
        parts.append(f"No sequence of exactly {puzzle.n} moves clears this board: -1")
        return "\n\n".join(parts)
    for i, move in enumerate(result.moves, 1):
        way = "right" if move.g == 1 else "left"
        board = apply_move(board, move)
        parts.append(f"Move {i}: {move.to_text()}  (drag ({move.x}, {move.y}) {way})")
        parts.append(board.render(style))
    parts.append(f"Cleared in {puzzle.n} moves.")
    return "\n\n".join(parts)
