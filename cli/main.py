"""The ``solve`` console script: a click group whose commands live in sibling modules.

Exit status: 0 when an answer was printed, 2 for bad input or usage (one line on standard
error, never a traceback), 3 when ``--time-limit`` ran out before an answer.
"""

from __future__ import annotations

import sys

import click

from cli.common import EXIT_USAGE, CliError
from cli.export import export_group
from cli.llk import llk_command
from cli.mayan import mayan_command

__all__ = ["app", "main"]


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="graphsearch", message="%(prog)s %(version)s")
def app() -> None:
    """Exact solvers for two grid tile puzzles.

    \b
    solve mayan FILE   Mayan puzzle (NOIP 2011): the smallest n-move clearing sequence
    solve llk FILE     连连看 link queries (HDU 1175): YES or NO per query
    solve export ...   the state graphs, for Gephi or networkx
    """


app.add_command(mayan_command)
app.add_command(llk_command)
app.add_command(export_group)


def main(argv: list[str] | None = None) -> int:
    """Run the app and turn every failure into one line on standard error and a status."""
    try:
        status = app.main(args=argv, prog_name="solve", standalone_mode=False)
    except CliError as exc:
        click.echo(f"{exc.command}: error: {exc}", err=True)
        status = exc.status
    except click.ClickException as exc:
        message = exc.format_message().replace("\n", " ")
        command = exc.ctx.command_path if getattr(exc, "ctx", None) else "solve"
        click.echo(f"{command}: error: {message} (see '{command} --help')", err=True)
        status = EXIT_USAGE if isinstance(exc, click.UsageError) else exc.exit_code
    except click.exceptions.Abort:
        click.echo("solve: interrupted", err=True)
        status = 130
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away; nothing more to say
        status = 0
    return int(status or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
