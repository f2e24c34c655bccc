"""What the commands share: exit statuses, the error they raise, reading FILE or stdin."""

from __future__ import annotations

import click

EXIT_USAGE = 2
EXIT_TIMEOUT = 3

# FILE is a path, or - for standard input; read as bytes so that no input can fail decoding.
INPUT_FILE = click.File("rb", lazy=False)


class CliError(Exception):
    """A failure to report in one line, with the exit status to end on."""

    def __init__(self, message: str, status: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.status = status
        ctx = click.get_current_context(silent=True)
        self.command = ctx.command_path if ctx is not None else "solve"


def input_name(stream) -> str:
    """The name to use for FILE in messages."""
    name = getattr(stream, "name", "-")
    return "<stdin>" if name == "-" or not isinstance(name, str) else name


def read_input(stream) -> tuple[bytes, str]:
    """The whole input and the name to use for it in messages."""
    name = input_name(stream)
    try:
        return stream.read().removeprefix(b"\xef\xbb\xbf"), name  # a UTF-8 mark, if any
    except OSError as exc:
        raise CliError(f"{name}: cannot read: {exc.strerror or exc}") from None


def read_puzzle(stream):
    """The Mayan puzzle in FILE, or a CliError naming the file, line and token."""
    from graphsearch.mayan import InvalidBoardError, parse_puzzle

    data, name = read_input(stream)
    try:
        return parse_puzzle(data)
    except InvalidBoardError as exc:
        raise CliError(f"{name}: {exc}") from None


def read_cases(stream) -> tuple[list, str]:
    """The link-query cases in FILE and its name, or a CliError naming case, line and token."""
    from graphsearch.llk import InvalidGridError, parse_cases

    data, name = read_input(stream)
    try:
        return parse_cases(data), name
    except InvalidGridError as exc:
        raise CliError(f"{name}: {exc}") from None


def pick_case(cases: list, case_no: int, name: str):
    """Case ``case_no`` (1-based) of the input."""
    if case_no > len(cases):
        raise CliError(f"--case {case_no}: {name} has {len(cases)} case(s)")
    return cases[case_no - 1]


def case_option(help: str):
    return click.option(
        "--case", "case_no", type=click.IntRange(min=1), default=1, show_default=True, help=help
    )


def query_option(help: str):
    return click.option("--query", metavar='"x1 y1 x2 y2"', help=help)


def max_turns_option(help: str):
    return click.option(
        "--max-turns",
        type=click.IntRange(min=0),
        default=2,
        show_default=True,
        metavar="K",
        help=help,
    )


def output_option(help: str, required: bool = False, metavar: str = "FILE"):
    return click.option(
        "-o",
        "--output",
        required=required,
        type=click.Path(dir_okay=False),
        metavar=metavar,
        help=help,
    )


def check_time_limit(ctx, param, value):
    """--time-limit must be a positive number of seconds."""
    if value is not None and value <= 0:
        raise click.BadParameter("must be a positive number of seconds")
    return value


def to_json(obj) -> str:
    """Indented JSON with every array of plain numbers kept on one line."""
    import json
    import re

    def flatten(match: re.Match) -> str:
        return "[" + ", ".join(part.strip() for part in match.group(1).split(",")) + "]"

    text = json.dumps(obj, indent=2, ensure_ascii=False)
    return re.sub(r"\[([\s\d.\-]+(?:,[\s\d.\-]+)*)\]", flatten, text)


OUTPUT_OPTION_HELP = "Write the output to this file instead of standard output."


def emit(text: str, output: str | None) -> None:
    """Print ``text``, or write it to the file ``output``."""
    if output is None or output == "-":
        click.echo(text, nl=False)
        return
    try:
        with open(output, "w", encoding="utf-8") as handle:
            handle.write(text)
    except OSError as exc:
        raise CliError(f"{output}: cannot write: {exc.strerror or exc}") from None


def parse_query_option(text: str | None, shape: tuple[int, int]):
    """--query "x1 y1 x2 y2" (1-based) as a Query on a board of ``shape``."""
    from graphsearch.llk import Query

    if text is None:
        return None
    parts = text.split()
    if len(parts) != 4 or not all(p.isdigit() for p in parts):
        raise CliError(f"--query {text!r}: give four positive integers, 'x1 y1 x2 y2'")
    x1, y1, x2, y2 = map(int, parts)
    n, m = shape
    if not (1 <= x1 <= n and 1 <= x2 <= n and 1 <= y1 <= m and 1 <= y2 <= m):
        raise CliError(f"--query {text!r}: a cell is off the {n} x {m} board")
    return Query((x1 - 1, y1 - 1), (x2 - 1, y2 - 1))
