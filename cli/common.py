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


def read_input(stream) -> tuple[bytes, str]:
    """The whole input and the name to use for it in messages."""
    name = getattr(stream, "name", "-")
    if name == "-" or not isinstance(name, str):
        name = "<stdin>"
    try:
        return stream.read(), name
    except OSError as exc:
        raise CliError(f"{name}: cannot read: {exc.strerror or exc}") from None


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
