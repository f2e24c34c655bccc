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
