"""``solve shuffle``: deal the tiles of a board again so that it can be cleared."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .common import (
    EXIT_TIMEOUT,
    INPUT_FILE,
    CliError,
    emit,
    format_option,
    input_name,
    library_errors,
    output_option,
    read_input,
    rule_options,
    time_left,
    time_limit_option,
    to_json,
)

if TYPE_CHECKING:
    from graphsearch.llk import Case
    from graphsearch.llk.rules import ClearRules
    from graphsearch.llk.shuffle import Shuffle

__all__ = ["shuffle_command"]


@click.command("shuffle")
@click.argument("file", type=INPUT_FILE)
@rule_options("Let paths use the ring of empty cells around the board (off by default).")
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="The deal depends on the board, the rules and this seed alone.",
)
@format_option(
    ["judge", "json", "html"],
    "judge: each shuffled board in the case format with its clearing as the queries (so "
    "the output is a valid input of solve clear and solve llk), or NO and the reason; "
    "json: each board, its clearing and the reason; html: a page that plays each "
    "shuffled board's clearing.",
)
@output_option()
@time_limit_option("Give up after this many seconds in all (exit status 3, undecided).")
def shuffle_command(
    file: str,
    rules: ClearRules,
    seed: int,
    fmt: str,
    output: str | None,
    time_limit: float | None,
) -> None:
    """Deal the tiles of each board again over the cells they stand on, so that the board
    can be cleared, and print it with its clearing (the proof).

    FILE holds boards in the case format of solve clear (- reads standard input); with
    --gravity each board is settled first, and the deal is settled too.  Where no deal
    of these tiles on these cells can be cleared it prints NO and why.
    """
    from graphsearch.deadline import Deadline
    from graphsearch.errors import SearchTimeout
    from graphsearch.llk import parse_cases
    from graphsearch.llk.grid import MAX_INPUT_BYTES
    from graphsearch.llk.shuffle import shuffle

    data, name = read_input(file, MAX_INPUT_BYTES)
    with library_errors(name):
        cases = parse_cases(data, boards_only=True)
    if not cases:
        raise CliError(f"{name}: there is no board in the input (expected 'n m' and n rows)")
    deadline = Deadline(time_left(time_limit))
    dealt: list[Shuffle] = []
    for number, case in enumerate(cases, 1):
        try:
            with library_errors(name):
                dealt.append(shuffle(case.board, rules, seed=seed, time_limit=deadline.left()))
        except SearchTimeout:
            limit = "" if time_limit is None else f" of {time_limit:g} s"
            raise CliError(
                f"{input_name(file)}: case {number} undecided within the time limit{limit}",
                EXIT_TIMEOUT,
            ) from None
    if fmt == "judge":
        text = "".join(_judge(result) for result in dealt) + "0 0\n"
    elif fmt == "json":
        body = [{"case": i, **result.as_json()} for i, result in enumerate(dealt, 1)]
        text = to_json({**rules.as_dict(), "seed": seed, "cases": body}) + "\n"
    else:
        text = _html(dealt, cases, rules, name)
    emit(text, output)


def _judge(result: Shuffle) -> str:
    """A shuffled board in the case format, its clearing as the queries; or NO."""
    if result.board is None or result.moves is None:
        return f"NO\n{result.reason}\n"
    rows, cols = result.board.shape
    lines = [f"{rows} {cols}"]
    lines += [" ".join(str(int(v)) for v in row) for row in result.board]
    lines.append(str(len(result.moves)))
    lines += [move.to_text() for move in result.moves]
    return "\n".join(lines) + "\n"


def _html(dealt: list[Shuffle], cases: list[Case], rules: ClearRules, name: str) -> str:
    from os.path import basename

    from graphsearch._words import size
    from graphsearch.watch import clear_case, page

    shown = []
    for number, (result, case) in enumerate(zip(dealt, cases, strict=True), 1):
        board = result.board if result.board is not None else case.board
        rows, cols = board.shape
        title = f"Shuffle {number}: {size(rows, cols)}"
        shown.append(
            clear_case(board, result.moves, title=title, rules=rules, reason=result.reason)
        )
    return page(shown, f"{basename(name)}: shuffled, gravity {rules.gravity}")
