"""What the commands share: exit statuses, the error they raise, reading FILE or standard
input, writing the output, and every option that more than one command takes."""

from __future__ import annotations

import functools
import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar, cast

import click

from graphsearch._words import size
from graphsearch.deadline import check_time_limit
from graphsearch.errors import InvalidInputError

__all__ = [
    "EXIT_FAILURE",
    "EXIT_TIMEOUT",
    "EXIT_USAGE",
    "INPUT_FILE",
    "OUTPUT_OPTION_HELP",
    "CliError",
    "case_option",
    "emit",
    "emit_stream",
    "engine_option",
    "format_option",
    "input_name",
    "json_list_stream",
    "library_errors",
    "max_turns_option",
    "only_with_svg",
    "output_option",
    "outside_option",
    "parse_query_option",
    "pick_case",
    "query_option",
    "read_cases",
    "read_input",
    "read_puzzle",
    "rule_options",
    "same_color_swaps_option",
    "time_left",
    "time_limit_option",
    "to_json",
]

EXIT_FAILURE = 1  # the answer could not be written
EXIT_USAGE = 2
EXIT_TIMEOUT = 3

F = TypeVar("F", bound=Callable[..., Any])

# FILE is a path, or - for standard input; opened by ``read_input``, which names it in errors.
INPUT_FILE = click.Path(dir_okay=False, allow_dash=True)
OUTPUT_OPTION_HELP = (
    "Write the output to this file (whole or not at all) instead of standard output."
)


class CliError(Exception):
    """A failure to report in one line, with the exit status to end on."""

    def __init__(self, message: str, status: int = EXIT_USAGE) -> None:
        super().__init__(message)
        self.status = status
        ctx = click.get_current_context(silent=True)
        self.command = ctx.command_path if ctx is not None else "solve"


def input_name(path: str) -> str:
    """The name to use for FILE in messages."""
    return "<stdin>" if path == "-" else path


def read_input(path: str, limit: int) -> tuple[bytes, str]:
    """The whole input (at most ``limit`` bytes) and the name to use for it in messages."""
    name = input_name(path)
    try:
        if path == "-":
            if sys.stdin is None:
                raise CliError("standard input is closed; give a FILE")
            data = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as handle:
                data = handle.read(limit + 1)
    except OSError as exc:
        raise CliError(f"{name}: cannot read: {exc.strerror or exc}") from None
    if len(data) > limit:
        raise CliError(f"{name}: the input is over {limit} bytes, more than any valid input")
    return data.removeprefix(b"\xef\xbb\xbf"), name  # a UTF-8 mark, if any


@contextmanager
def library_errors(name: str) -> Iterator[None]:
    """Turn the library's InvalidInputError into a CliError that names the input."""
    try:
        yield
    except InvalidInputError as exc:
        raise CliError(f"{name}: {exc}") from None


def read_puzzle(path: str) -> Any:
    """The Mayan puzzle in FILE, or a CliError naming the file, line and token."""
    from graphsearch.mayan import parse_puzzle
    from graphsearch.mayan.board import MAX_INPUT_BYTES

    data, name = read_input(path, MAX_INPUT_BYTES)
    with library_errors(name):
        return parse_puzzle(data)


def read_cases(path: str) -> tuple[list[Any], str]:
    """The link-query cases in FILE and its name, or a CliError naming case, line and token."""
    from graphsearch.llk import parse_cases
    from graphsearch.llk.grid import MAX_INPUT_BYTES

    data, name = read_input(path, MAX_INPUT_BYTES)
    with library_errors(name):
        return parse_cases(data), name


def pick_case(cases: list[Any], case_no: int | None, name: str) -> Any:
    """Case ``case_no`` (1-based, default 1) of the input."""
    case_no = case_no or 1
    if case_no > len(cases):
        raise CliError(f"--case {case_no}: {name} has {len(cases)} case(s)")
    return cases[case_no - 1]


def only_with_svg(fmt: str, **given: object) -> None:
    """--case and --query choose what --format svg draws; refuse them with other formats."""
    for option, value in given.items():
        if value is not None and fmt != "svg":
            raise click.UsageError(f"--{option} only goes with --format svg")


def parse_query_option(text: str | None, shape: tuple[int, int]) -> Any:
    """--query "x1 y1 x2 y2" (1-based) as a Query on a board of ``shape``."""
    from graphsearch.llk import Query

    if text is None:
        return None
    parts = text.split()
    if len(parts) != 4 or not all(re.fullmatch(r"[0-9]{1,9}", p) for p in parts):
        raise CliError(f"--query {text!r}: give four positive integers, 'x1 y1 x2 y2'")
    x1, y1, x2, y2 = map(int, parts)
    n, m = shape
    if not (1 <= x1 <= n and 1 <= x2 <= n and 1 <= y1 <= m and 1 <= y2 <= m):
        raise CliError(f"--query {text!r}: a cell is off the board of {size(n, m)}")
    return Query((x1 - 1, y1 - 1), (x2 - 1, y2 - 1))


# --- options that several commands take --------------------------------------------------


def engine_option(registry: Iterable[str], default: str, help: str) -> Callable[[F], F]:
    """--engine, its choices read from an engine registry."""
    return click.option(
        "--engine",
        type=click.Choice(list(registry)),
        default=default,
        show_default=True,
        help=help,
    )


def format_option(choices: list[str], help: str) -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(choices),
        default=choices[0],
        show_default=True,
        help=help,
    )


def case_option(help: str) -> Callable[[F], F]:
    return click.option("--case", "case_no", type=click.IntRange(min=1), metavar="K", help=help)


def query_option(help: str) -> Callable[[F], F]:
    return click.option("--query", metavar='"x1 y1 x2 y2"', help=help)


class _Turns(click.ParamType):  # type: ignore[type-arg]
    """A number of turns, 0 or more (the help shows no int64 bound; a number past it is
    refused with the bound named)."""

    name = "K"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        from graphsearch.choices import MAX_TURNS

        try:
            turns = int(value)
        except (TypeError, ValueError):
            self.fail(f"{value!r} is not a whole number of turns", param, ctx)
        if not 0 <= turns <= MAX_TURNS:
            self.fail(f"{value} is not a number of turns from 0 to {MAX_TURNS}", param, ctx)
        return turns


def max_turns_option(
    help: str = "The most turns a path may make (0 or more).",
) -> Callable[[F], F]:
    return click.option(
        "--max-turns", type=_Turns(), default=2, show_default=True, metavar="K", help=help
    )


def gravity_option() -> Callable[[F], F]:
    from graphsearch.choices import MODES

    def english(ctx: click.Context, param: click.Parameter, value: str) -> str:
        for name, chinese in MODES.items():
            if value == chinese:
                return name
        return value

    names = ", ".join(f"{name} ({chinese})" for name, chinese in MODES.items())
    return click.option(
        "--gravity",
        type=click.Choice([*MODES, *MODES.values()]),
        default="none",
        show_default=True,
        callback=english,
        metavar="MODE",
        help="The 变化 of the classic games, by its English or Chinese name: before the "
        "first move and after every removal the tiles of each line slide to its end "
        "(down: each column toward the bottom row; up-down-apart: each column's top half up, "
        "its bottom half down; up-down-center: both halves toward the middle; outward and "
        f"inward repeat their two steps until no tile moves): {names}.  KShisen's gravity "
        "is down.",
    )


def outside_option(help: str) -> Callable[[F], F]:
    return click.option("--outside", is_flag=True, help=help)


def rule_options(outside_help: str, *, outside_default: bool = False) -> Callable[[F], F]:
    """The rule of a whole 连连看 board as options (--outside, --max-turns, --gravity),
    handed to the command as one ``rules`` argument (a ``ClearRules``).  ``outside_default``
    True makes the ring the default, with --no-outside to leave it out."""

    def decorate(command: F) -> F:
        @functools.wraps(command)
        def with_rules(*args: Any, outside: bool, max_turns: int, gravity: str, **kw: Any) -> Any:
            from graphsearch.llk.rules import ClearRules

            return command(*args, rules=ClearRules(outside, max_turns, gravity), **kw)

        if outside_default:
            ring = click.option(
                "--outside/--no-outside", default=True, show_default=True, help=outside_help
            )
        else:
            ring = outside_option(outside_help)
        return cast(F, ring(max_turns_option()(gravity_option()(with_rules))))

    return decorate


def same_color_swaps_option(help: str) -> Callable[[F], F]:
    return click.option(
        "--same-color-swaps/--no-same-color-swaps", default=True, show_default=True, help=help
    )


def output_option(
    help: str = OUTPUT_OPTION_HELP, required: bool = False, metavar: str = "FILE"
) -> Callable[[F], F]:
    return click.option(
        "-o",
        "--output",
        required=required,
        type=click.Path(dir_okay=False),
        metavar=metavar,
        help=help,
    )


def _time_limit(ctx: click.Context, param: click.Parameter, value: float | None) -> float | None:
    try:
        return check_time_limit(value)
    except InvalidInputError as exc:
        raise click.BadParameter(str(exc)) from None


def time_limit_option(
    help: str = "Give up after this many seconds (exit status 3).",
) -> Callable[[F], F]:
    return click.option(
        "--time-limit",
        type=float,
        default=None,
        callback=_time_limit,
        metavar="SECONDS",
        help=help,
    )


def table_mb_option(default: str = "512 MB") -> Callable[[F], F]:
    """``--table-mb``; ``default`` says what a search takes unless told."""
    return click.option(
        "--table-mb",
        type=click.IntRange(min=1),
        default=None,
        metavar="MB",
        help=f"Memory for each move search's table of positions proven dead (unless told, "
        f"{default}; it grows only as a board needs): a hard board that outgrows it "
        "forgets the positions farthest from the start and may search them again; a "
        "larger table decides such boards in fewer positions.  While it doubles it holds "
        "the old table beside the new: leave half as much again free for each search "
        "(outward and inward keep beside it the names of their quarters' states, up to "
        "an eighth more).",
    )


# --- output ------------------------------------------------------------------------------


def to_json(obj: object) -> str:
    """Indented JSON with every array of plain numbers kept on one line."""
    import json  # here: most runs print no JSON, and importing it costs start-up

    def flatten(match: re.Match[str]) -> str:
        return "[" + ", ".join(part.strip() for part in match.group(1).split(",")) + "]"

    text = json.dumps(obj, indent=2, ensure_ascii=False)
    return re.sub(r"\[([\s\d.\-]+(?:,[\s\d.\-]+)*)\]", flatten, text)


def time_left(time_limit: float | None) -> float | None:
    """What is left of ``--time-limit`` (None: no limit), counted from the moment the
    command line started loading, so that the whole process keeps the limit."""
    if time_limit is None:
        return None
    from . import STARTED

    return max(time_limit - (time.perf_counter() - STARTED), 1e-3)


def emit(text: str, output: str | None) -> None:
    """Print ``text``, or write it to the file ``output`` whole or not at all."""
    emit_stream((text,), output)


def emit_stream(chunks: Iterable[str], output: str | None) -> None:
    """``emit`` for output made piece by piece: each piece is printed (or written to the
    temporary file that becomes ``output``) as soon as it is made, so that nothing holds
    the whole output."""
    if output is None or output == "-":
        if sys.stdout is None:
            raise CliError("standard output is closed; give -o FILE", EXIT_FAILURE)
        for chunk in chunks:
            sys.stdout.write(chunk)
            sys.stdout.flush()
        return
    try:
        from graphsearch.files import write_text_atomically

        write_text_atomically(output, chunks)
    except OSError as exc:
        raise CliError(f"{output}: cannot write: {exc.strerror or exc}", EXIT_FAILURE) from None


def json_list_stream(head: dict[str, object], key: str, items: Iterable[object]) -> Iterator[str]:
    """``to_json({**head, key: list(items)})`` piece by piece, an item at a time."""
    import json

    marker = "\u0000"
    text = to_json({**head, key: [marker]})
    before, after = text.split(json.dumps(marker))
    first = True
    for item in items:
        body = to_json(item).replace("\n", "\n    ")
        yield (before if first else ",\n    ") + body
        first = False
    if first:
        yield to_json({**head, key: []})
        return
    yield after


class Progress:
    """A progress bar on standard error when it is a terminal, nothing otherwise."""

    def __init__(self, total: int, label: str) -> None:
        stream = sys.stderr
        shown = stream is not None and stream.isatty()
        self._bar = click.progressbar(length=total, label=label, file=stream) if shown else None
        self._label = label

    def __enter__(self) -> Progress:
        if self._bar is not None:
            self._bar.__enter__()
        return self

    def update(self, steps: int = 1) -> None:
        if self._bar is not None:
            self._bar.update(steps)

    def note(self, text: str) -> None:
        """Show ``text`` beside the bar (what the current item is doing)."""
        if self._bar is not None:
            self._bar.label = f"{self._label} ({text})"
            self._bar.render_progress()

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)


def cpus() -> int:
    """The CPUs this process may run on (``--workers``' default)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return os.cpu_count() or 1
