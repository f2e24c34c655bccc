"""``solve play``: a page to play a 连连看 board with the exact verdict after every move."""

from __future__ import annotations

from typing import TYPE_CHECKING

import click

from .common import INPUT_FILE, CliError, library_errors, read_input, rule_options

if TYPE_CHECKING:
    from graphsearch.llk.rules import ClearRules

__all__ = ["play_command"]


@click.command("play")
@click.argument("file", type=INPUT_FILE, required=False)
@rule_options("Let paths use the ring of empty cells around the board (off by default).")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=0,
    show_default=True,
    help="The port (0: a free one).",
)
@click.option("--no-browser", is_flag=True, help="Print the page's address; open no browser.")
@click.option(
    "--mayan",
    is_flag=True,
    help="FILE holds a Mayan puzzle (solve mayan's input): select a block, then Left or Right.",
)
@click.option(
    "--same-color-swaps/--no-same-color-swaps",
    default=True,
    show_default=True,
    help="With --mayan: whether a swap of two blocks of one color is a move.",
)
def play_command(
    file: str | None,
    rules: ClearRules,
    port: int,
    no_browser: bool,
    mayan: bool,
    same_color_swaps: bool,
) -> None:
    """Serve the play page for the first board of FILE (a board made by the generator
    when no FILE is given: 14 columns x 8 rows, 28 types, that clears under the rule
    options) and open it.

    Click two tiles to remove them; after every move the page shows the server's exact
    verdict (clearable, dead since move k, undecided), and has Hint, Undo, Shuffle and New
    board.  The server is solve serve's, on 127.0.0.1; Ctrl-C ends it.  Needs the serve
    extra: pip install 'graphsearch[serve]'.
    """
    try:
        from graphsearch.serve import made_play, mayan_play, play_case, serve
    except ImportError as exc:
        raise CliError(
            f"the play page needs the serve extra (pip install 'graphsearch[serve]'): {exc}"
        ) from None
    from graphsearch.llk import parse_cases
    from graphsearch.llk.game import settle
    from graphsearch.llk.grid import MAX_INPUT_BYTES

    if mayan:
        if file is None:
            raise click.UsageError("--mayan plays the puzzle in FILE: give a FILE")
        from .common import read_puzzle

        start = mayan_play(read_puzzle(file), same_color_swaps)
    elif file is None:
        start = made_play(rules)
    else:
        data, name = read_input(file, MAX_INPUT_BYTES)
        with library_errors(name):
            cases = parse_cases(data, boards_only=True)
        if not cases:
            raise CliError(f"{name}: there is no board in the input")
        start = play_case(settle(cases[0].board, rules.gravity).tolist(), rules)

    def ready(address: str) -> None:
        page = f"{address}/play"
        click.echo(f"listening on {address}", err=True)
        click.echo(f"play at {page}", err=True)
        if not no_browser:
            import webbrowser

            webbrowser.open(page)

    try:
        serve("127.0.0.1", port, ready=ready, play=start)
    except OSError as exc:
        raise CliError(f"cannot listen on port {port}: {exc.strerror or exc}") from None
