"""``solve mayan``: read a judge-format puzzle, run an engine, print the answer."""

from __future__ import annotations

import os

import click

from cli.common import (
    EXIT_TIMEOUT,
    INPUT_FILE,
    OUTPUT_OPTION_HELP,
    CliError,
    check_time_limit,
    emit,
    input_name,
    output_option,
    read_puzzle,
    to_json,
)

ENGINE_HELP = (
    "search: layered search with a dead-state table and move bounds (default, fastest); "
    "dfs: plain reference depth-first search over Board values (seconds on dense boards); "
    "cpsat: an exact OR-Tools CP-SAT model, an independent check for boards of up to "
    "about 20 blocks (seconds to minutes; slower than search)."
)

# one background per color 1..10 for --format pretty on a terminal
_PALETTE = (
    "red", "green", "yellow", "blue", "magenta",
    "cyan", "bright_red", "bright_green", "bright_yellow", "bright_blue",
)  # fmt: skip


@click.command("mayan")
@click.argument("file", type=INPUT_FILE)
@click.option(
    "--engine",
    type=click.Choice(["search", "dfs", "cpsat"]),
    default="search",
    show_default=True,
    help=ENGINE_HELP,
)
@click.option(
    "--same-color-swaps/--no-same-color-swaps",
    default=True,
    show_default=True,
    help="Allow swapping two blocks of one color (the statement's literal rule). "
    "--no-same-color-swaps never makes such a move, as most accepted solutions do.",
)
@click.option(
    "--prefilter/--no-prefilter",
    default=False,
    show_default=True,
    help="Before the engine, try a CP-SAT relaxation that can prove a board unsolvable "
    "(it costs the OR-Tools start-up, about half a second; it helps most with few moves).",
)
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["judge", "json", "pretty", "svg"]),
    default="judge",
    show_default=True,
    help="judge: exactly the judge's output; json: moves and search statistics; "
    "pretty: each move and the board after it; svg: the solution as a strip of boards.",
)
@output_option(OUTPUT_OPTION_HELP)
@click.option(
    "--time-limit",
    type=float,
    default=None,
    callback=check_time_limit,
    metavar="SECONDS",
    help="Give up after this many seconds (exit status 3).",
)
def mayan_command(file, engine, same_color_swaps, prefilter, fmt, output, time_limit) -> None:
    """Clear a Mayan puzzle board in exactly n moves (NOIP 2011).

    FILE holds n, then five columns, each listing its colors bottom to top and ending with
    0 (- reads standard input).  Prints the lexicographically smallest solution, one
    "x y g" line per move, or -1 when there is none.
    """
    from graphsearch.mayan.engines import run
    from graphsearch.mayan.result import SearchTimeout

    puzzle = read_puzzle(file)
    name = input_name(file)
    try:
        result = run(
            engine,
            puzzle,
            same_color_swaps=same_color_swaps,
            time_limit=time_limit,
            prefilter=prefilter,
        )
    except SearchTimeout as exc:
        nodes = exc.stats.get("nodes")
        detail = f" ({nodes} nodes searched)" if nodes is not None else ""
        raise CliError(
            f"{name}: no answer within the time limit of {time_limit:g} s: {exc}{detail}",
            EXIT_TIMEOUT,
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
    return click.get_text_stream("stdout").isatty() and not os.environ.get("NO_COLOR")


def _as_json(puzzle, result, same_color_swaps: bool) -> dict:
    moves = None if result.moves is None else [[m.x, m.y, m.g] for m in result.moves]
    return {
        "n": puzzle.n,
        "solvable": result.solvable,
        "moves": moves,
        "engine": result.engine,
        "same_color_swaps": same_color_swaps,
        "blocks": puzzle.board.blocks,
        "stats": result.stats,
    }


def _style(color: int, text: str, marked: bool) -> str:
    if not color:
        return text
    return click.style(text, fg="black", bg=_PALETTE[color - 1], bold=marked)


def _pretty(puzzle, result, color: bool) -> str:
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
