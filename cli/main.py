"""The ``solve`` console script: a click group whose commands live in sibling modules.

Exit status: 0 when an answer was printed, 2 for bad input or usage (one line on standard
error, never a traceback), 3 when ``--time-limit`` ran out before an answer, 1 when the
answer could not be written, 130 on an interrupt.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
from importlib import import_module
from types import FrameType

import click

from .common import EXIT_FAILURE, EXIT_USAGE, CliError

__all__ = ["app", "console", "main"]


# each command's module, imported only when the command runs or its help is shown
_COMMANDS = {
    "mayan": ("mayan", "mayan_command"),
    "llk": ("llk", "llk_command"),
    "clear": ("clear", "clear_command"),
    "shuffle": ("shuffle", "shuffle_command"),
    "serve": ("serve", "serve_command"),
    "play": ("play", "play_command"),
    "export": ("export", "export_group"),
    "generate": ("generate", "generate_group"),
    "survey": ("survey", "survey_group"),
}


class _LazyGroup(click.Group):
    """A group that imports a command's module when the command is asked for, so that
    ``solve clear`` never loads the code of the other commands."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(_COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in _COMMANDS:
            return None
        module, name = _COMMANDS[cmd_name]
        command = getattr(import_module(f".{module}", __package__), name)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=_LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="graphsearch", message="%(prog)s %(version)s")
def app() -> None:
    """Exact solvers for two grid tile puzzles.

    \b
    solve mayan FILE   Mayan puzzle (NOIP 2011): the smallest n-move clearing sequence
    solve llk FILE     连连看 link queries (HDU 1175): YES or NO per query
    solve clear FILE   whole 连连看 boards: can they be cleared, and how
    solve shuffle FILE the tiles of a board dealt again so that it can be cleared
    solve serve        the HTTP JSON API (pip install 'graphsearch[serve]')
    solve play [FILE]  a page to play a board with the exact verdict after every move
    solve export ...   the state graphs, for Gephi or networkx
    solve generate ... Mayan puzzles with one solution, 连连看 boards that clear
    solve survey ...   many boards dealt by seed: what share can be cleared?
    """


class Terminated(SystemExit):
    """SIGTERM, raised as an exception so that partial files are cleaned up."""


def _terminate(signum: int, frame: FrameType | None) -> None:
    raise Terminated(128 + signum)


def _run(argv: list[str] | None) -> int:
    """The app without click's own handling of interrupts (which prints a blank line)."""
    args = sys.argv[1:] if argv is None else list(argv)
    if not args:
        click.echo(app.get_help(click.Context(app, info_name="solve")), err=True)
        return EXIT_USAGE
    with app.make_context("solve", args) as ctx:
        app.invoke(ctx)
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the app and turn every failure into one line on standard error and a status."""
    previous = signal.signal(signal.SIGTERM, _terminate)
    try:
        status = _run(argv)
        if sys.stdout is not None:
            sys.stdout.flush()
    except CliError as exc:
        _error(f"{exc.command}: error: {exc}")
        status = exc.status
    except click.exceptions.Exit as exc:
        status = exc.exit_code
    except click.ClickException as exc:
        message = exc.format_message().replace("\n", " ")
        ctx = getattr(exc, "ctx", None)
        command = ctx.command_path if ctx is not None else "solve"
        _error(f"{command}: error: {message} (see '{command} --help')")
        status = EXIT_USAGE if isinstance(exc, click.UsageError) else exc.exit_code
    except KeyboardInterrupt:
        _error("solve: interrupted")
        status = 130
    except Terminated as exc:
        _error("solve: terminated")
        status = int(exc.code or 143)
    except BrokenPipeError:
        _silence_stdout()  # the reader went away; nothing more to say
        status = 0
    except OSError as exc:  # standard output failed (a full device, say)
        _silence_stdout()
        _error(f"solve: error: cannot write the output: {exc.strerror or exc}")
        status = EXIT_FAILURE
    finally:
        signal.signal(signal.SIGTERM, previous)
    return int(status or 0)


def _error(line: str) -> None:
    if sys.stderr is not None:
        with contextlib.suppress(OSError):
            click.echo(line, err=True)


def _silence_stdout() -> None:
    """Point standard output at /dev/null so that the interpreter's last flush is quiet."""
    if sys.stdout is None:
        return
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def console() -> None:
    """The console script: ``main`` and its exit status.

    After an interrupt the process ends at once, without the interpreter's teardown: a
    native solver stopped mid-way (OR-Tools) can abort while its statics are destroyed.
    """
    status = main()
    if status in (130, 143):
        for stream in (sys.stdout, sys.stderr):
            if stream is not None:
                with contextlib.suppress(OSError, ValueError):
                    stream.flush()
        os._exit(status)
    sys.exit(status)


if __name__ == "__main__":  # pragma: no cover
    console()
