"""``solve clear``: can a whole 连连看 board be cleared, and in what order?"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

from graphsearch.choices import CLEAR_ENGINES

from .common import (
    EXIT_TIMEOUT,
    INPUT_FILE,
    CliError,
    cpus,
    emit,
    engine_option,
    format_option,
    input_name,
    library_errors,
    output_option,
    read_input,
    rule_options,
    table_mb_option,
    time_left,
    time_limit_option,
    to_json,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    import numpy as np

    from graphsearch.llk import Case
    from graphsearch.llk.game import ClearMove
    from graphsearch.llk.link import Link
    from graphsearch.llk.result import ClearResult
    from graphsearch.llk.rules import ClearRules

__all__ = ["clear_command"]

ENGINE_HELP = (
    "search: exact search with sound reductions and a dead-position table (default); "
    "dfs: the plain exhaustive reference, for small boards; "
    "cpsat: the CP-SAT pairing model, without gravity and with at most 2 turns."
)


@click.command("clear")
@click.argument("file", type=INPUT_FILE)
@engine_option(list(CLEAR_ENGINES), "search", ENGINE_HELP)
@rule_options("Let paths use the ring of empty cells around the board (the real game's rule).")
@click.option("--hint", is_flag=True, help="Print only the first move of a clearing.")
@click.option(
    "--history",
    metavar="MOVES",
    type=click.Path(dir_okay=False, allow_dash=False),
    help="A game played on the board (one case): the file MOVES holds its moves, one "
    "'x1 y1 x2 y2' line each (1-based, positions at the time of the move, as solve clear "
    "prints them).  Prints YES and a clearing from the board as the game left it, or NO "
    "and 'dead since move K': the first move after which no clearing existed (0: the "
    "board dealt had none).",
)
@format_option(
    ["judge", "json", "pretty", "svg", "html"],
    "judge: YES and one 'x1 y1 x2 y2' line a move, or NO; json: moves with turns and "
    "corner points, and search statistics; pretty: the board with each pair numbered in "
    "removal order (with gravity, the boards step by step); svg: the pairs and their paths "
    "(first case, no gravity); html: a self-contained page that plays the clearing step by "
    "step under the gravity mode (every case, a picker to choose).",
)
@output_option()
@time_limit_option("Give up after this many seconds in all (exit status 3, undecided).")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=None,
    help="Searches of one board at once (the search engine): a board not decided within a "
    "few tenths of a second is searched by this many searches, each in its own move "
    "order, the first to decide answering; the verdict is the same, the clearing of a "
    "hard board may differ from run to run (1: the same every time) [default: the CPUs].",
)
@table_mb_option(
    "a quarter of the memory this process may use, shared by the searches of a board, "
    "at least 512 MB"
)
def clear_command(
    file: str,
    engine: str,
    rules: ClearRules,
    hint: bool,
    history: str | None,
    fmt: str,
    output: str | None,
    time_limit: float | None,
    workers: int | None,
    table_mb: int | None,
) -> None:
    """Decide whether whole 连连看 boards can be cleared, and in what order.

    FILE holds cases as for solve llk: "n m", then n rows of m numbers (0 empty); queries,
    if present, are ignored, and the input may end right after a board's rows (- reads
    standard input).  Prints per case YES and a clearing, one move a line (1-based row and
    column of both tiles, positions at the time of the move), or NO.  A move removes two
    tiles of one type that a path of at most K turns joins through empty cells (the ring
    around the board too with --outside, which is off by default); with --gravity the board
    settles before the first move and after every move.
    """
    from graphsearch.deadline import Deadline
    from graphsearch.errors import SearchTimeout
    from graphsearch.llk import parse_cases
    from graphsearch.llk.grid import MAX_INPUT_BYTES

    # the engines check the rules they take (cpsat: no gravity, at most 2 turns) once, at
    # their door; an option they refuse is a usage error like any other bad input (exit 2)
    gravity = rules.gravity
    if fmt == "svg" and gravity != "none":
        raise click.UsageError(
            "--format svg draws boards without gravity only; --format html plays the boards "
            "step by step under any gravity"
        )
    data, name = read_input(file, MAX_INPUT_BYTES)
    with library_errors(name):
        cases = parse_cases(data, boards_only=True)
    if not cases:
        raise CliError(f"{name}: there is no board in the input (expected 'n m' and n rows)")
    if history is not None:
        if len(cases) != 1 or engine != "search" or hint or fmt not in ("judge", "json"):
            raise click.UsageError(
                "--history plays one board (one case) with the search engine, --format "
                "judge or json, without --hint"
            )
        emit(_played(cases[0], rules, history, fmt, time_limit, name), output)
        return
    for option, value in (("--workers", workers), ("--table-mb", table_mb)):
        if value is not None and engine != "search":
            raise click.UsageError(f"{option} is an option of the search engine")
    solve = _engine(engine, rules, workers, table_mb)
    deadline = Deadline(time_left(time_limit))
    results = []
    for number, case in enumerate(cases, 1):
        try:
            with library_errors(name):
                results.append(solve(case.rows, deadline.left()))
        except SearchTimeout:
            limit = "" if time_limit is None else f" of {time_limit:g} s"
            raise CliError(
                f"{input_name(file)}: case {number} undecided within the time limit{limit}",
                EXIT_TIMEOUT,
            ) from None
    if hint:
        results = [_first_move(result) for result in results]
    if fmt == "judge":
        text = "".join(_judge(result) for result in results)
    elif fmt == "json":
        text = to_json(_as_json(cases, results, engine, rules)) + "\n"
    elif fmt == "pretty":
        text = "".join(
            _pretty(n, case, r, rules)
            for n, (case, r) in enumerate(zip(cases, results, strict=True), 1)
        )
    elif fmt == "svg":
        text = _svg(cases, results, rules)
    else:
        text = _html(cases, results, rules, input_name(file), hint)
    emit(text, output)


def _engine(
    engine: str, rules: ClearRules, workers: int | None, table_mb: int | None = None
) -> Callable[[object, float | None], ClearResult]:
    """The engine's answer for a board's rows within a time limit; the search engine runs
    ``workers`` searches of a hard board at once (default: the CPUs), each table of
    ``table_mb`` MB at most (default: ``clearing.table_mb_for``, a share of the
    machine's memory)."""
    if engine == "search":
        from graphsearch.llk import clearing

        searches = workers or cpus()
        memory = table_mb or clearing.table_mb_for(searches)
        return lambda rows, seconds: clearing.solve(
            rows, rules, time_limit=seconds, workers=searches, table_mb=memory
        )
    from graphsearch.llk.engines import get_clear_engine

    solve = get_clear_engine(engine)
    return lambda rows, seconds: solve(rows, rules, time_limit=seconds)


def _html(
    cases: list[Case],
    results: list[ClearResult],
    rules: ClearRules,
    name: str,
    hint: bool,
) -> str:
    from os.path import basename

    from graphsearch._words import size
    from graphsearch.watch import clear_case, page

    shown = []
    for number, (case, result) in enumerate(zip(cases, results, strict=True), 1):
        n, m = case.shape
        shown.append(
            clear_case(
                case.board,
                result.moves,
                title=f"Case {number}: {size(n, m)}",
                rules=rules,
                nodes=result.stats.nodes,
                hint=hint,
            )
        )
    return page(shown, f"{basename(name)}: clearing, gravity {rules.gravity}")


def _played(
    case: Case, rules: ClearRules, path: str, fmt: str, time_limit: float | None, name: str
) -> str:
    """The verdict of a game: the board of ``case`` played by the moves in ``path``."""
    from graphsearch.errors import InvalidInputError
    from graphsearch.llk.gameloop import UNDECIDED, Game
    from graphsearch.llk.grid import Query

    data, moves_name = read_input(path, 1 << 24)
    game = Game(case.board, rules)
    lines = [line.strip() for line in data.decode("utf-8", "replace").splitlines()]
    for number, text in enumerate((line for line in lines if line), 1):
        try:
            query = Query.from_text(text)
            game.play(query.a, query.b)
        except InvalidInputError as exc:
            raise CliError(f"{moves_name}: move {number} ({text}): {exc}") from None
    verdict = game.verdict(time_limit=time_left(time_limit))
    if verdict.state == UNDECIDED:
        limit = "" if time_limit is None else f" of {time_limit:g} s"
        raise CliError(f"{name}: undecided within the time limit{limit}", EXIT_TIMEOUT)
    if fmt == "json":
        body = verdict.as_json(game.board, rules)
        return to_json({**rules.as_dict(), "moves_played": game.moves_made, **body}) + "\n"
    if verdict.moves is not None:
        return "YES\n" + "".join(move.to_text() + "\n" for move in verdict.moves)
    since = "undecided" if verdict.dead_since is None else str(verdict.dead_since)
    return f"NO\ndead since move {since}\n"


def _first_move(result: ClearResult) -> ClearResult:
    from dataclasses import replace

    return result if not result.moves else replace(result, moves=result.moves[:1])


def _judge(result: ClearResult) -> str:
    if result.moves is None:
        return "NO\n"
    return "YES\n" + "".join(move.to_text() + "\n" for move in result.moves)


@dataclass(frozen=True)
class TypedStep:
    """A move replayed through the rules, with the type of its two tiles."""

    move: ClearMove
    link: Link
    after: np.ndarray
    link_type: int


def _typed_steps(case: Case, result: ClearResult, rules: ClearRules) -> list[TypedStep]:
    """The moves replayed through the rules (the turns and corners of each, and the type
    of the tiles they remove)."""
    from graphsearch.llk.game import replay

    board = _settled(case, rules)
    out = []
    for step in replay(board, result.moves or (), rules):
        out.append(TypedStep(step.move, step.link, step.after, int(board[step.move.a])))
        board = step.after
    return out


def _reason(case: Case, result: ClearResult, rules: ClearRules) -> str | None:
    """Why a board is NO, in the words the page uses (None for YES)."""
    from graphsearch.llk.game import settle, why_not_clearable

    if result.moves is not None:
        return None
    return why_not_clearable(settle(case.board, rules.gravity), rules, nodes=result.stats.nodes)


def _as_json(
    cases: list[Case], results: list[ClearResult], engine: str, rules: ClearRules
) -> dict[str, object]:
    from graphsearch.llk.report import case_json

    out = [
        {
            "case": number,
            **case_json(
                _settled(case, rules),
                result.moves,
                rules,
                reason=_reason(case, result, rules),
                stats=result.stats.as_dict(),
            ),
        }
        for number, (case, result) in enumerate(zip(cases, results, strict=True), 1)
    ]
    return {"engine": engine, **rules.as_dict(), "cases": out}


def _pretty(number: int, case: Case, result: ClearResult, rules: ClearRules) -> str:
    from graphsearch._words import plural, size

    n, m = case.shape
    head = f"Case {number}: {size(n, m)}, {plural(int((case.board != 0).sum()), 'tile')}: "
    if result.moves is None:
        return head + f"NO: {_reason(case, result, rules)}\n"
    head += f"YES in {plural(len(result.moves), 'move')}\n"
    steps = _typed_steps(case, result, rules)
    listing = "".join(
        f"  move {i}: {step.move.to_text()}  (type {step.link_type}, "
        f"{plural(step.link.turns or 0, 'turn')})\n"
        for i, step in enumerate(steps, 1)
    )
    if rules.gravity == "none":
        return head + _side_by_side(case, steps) + listing
    parts = [head]
    board = _settled(case, rules)
    for i, step in enumerate(steps, 1):
        parts.append(listing.splitlines(keepends=True)[i - 1])
        for r in range(n):
            cells = []
            for c in range(m):
                tile = int(board[r, c])
                marked = (r, c) in (step.move.a, step.move.b)
                cells.append(f"{f'[{tile}]' if marked else (str(tile) if tile else '.'):>5}")
            parts.append("  " + "".join(cells) + "\n")
        board = step.after
    return "".join(parts)


def _settled(case: Case, rules: ClearRules) -> np.ndarray:
    from graphsearch.llk.game import settle

    return settle(case.board, rules.gravity)


def _side_by_side(case: Case, steps: list[TypedStep]) -> str:
    """Without gravity: the board's tile types beside the move that removes each tile
    (written #k, so that a move number never reads as a type)."""
    n, m = case.shape
    order = {}
    for i, step in enumerate(steps, 1):
        order[step.move.a] = order[step.move.b] = f"#{i}"
    types = [[str(int(v)) if v else "." for v in row] for row in case.board.tolist()]
    moves = [[order.get((r, c), ".") for c in range(m)] for r in range(n)]
    tw = max(len(t) for row in types for t in row) + 1
    mw = max(len(t) for row in moves for t in row) + 1
    left = max(m * tw, len("tile types"))
    lines = [f"  {'tile types':<{left}}    the move that removes each tile\n"]
    for r in range(n):
        a = "".join(f"{t:>{tw}}" for t in types[r])
        b = "".join(f"{t:>{mw}}" for t in moves[r])
        lines.append(f"  {a:<{left}}    {b}\n")
    return "".join(lines)


def _svg(cases: list[Case], results: list[ClearResult], rules: ClearRules) -> str:
    import numpy as np

    from graphsearch._palette import fill
    from graphsearch._words import plural
    from graphsearch.llk.draw import BoardPicture

    case, result = cases[0], results[0]
    verdict = "NO" if result.moves is None else f"YES, {plural(len(result.moves), 'move')}"
    try:
        picture = BoardPicture.new(case.shape, rules.outside, f"case 1: {verdict}")
    except ValueError as exc:
        raise CliError(str(exc)) from None
    picture.frame()
    order = {}
    for i, step in enumerate(_typed_steps(case, result, rules), 1):
        if step.link.path:
            picture.path(step.link.path, stroke=fill(i))
        order[step.move.a] = order[step.move.b] = i
    for r, c in np.argwhere(case.board).tolist():
        kind = int(case.board[r, c])
        picture.tile(r, c, kind, str(order.get((r, c), kind)))
    return picture.svg()
