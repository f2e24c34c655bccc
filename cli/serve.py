"""``solve serve``: the HTTP JSON API, for bots and games in any language."""

from __future__ import annotations

import click

from .common import CliError, time_limit_option

__all__ = ["serve_command"]


@click.command("serve")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="The address to listen on (loopback by default: give 0.0.0.0 to serve others).",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    help="The port (0: a free one, named on the first line of standard error).",
)
@time_limit_option("The most seconds any request's search may take (default 10).")
@click.option(
    "--workers",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Searches that run at once (threads).",
)
@click.option(
    "--queue",
    type=click.IntRange(min=0),
    default=8,
    show_default=True,
    help="Requests that may wait for a worker; past them the answer is 503 (Retry-After).",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Send the searches to the workers of this Dask scheduler, such as "
    "tcp://10.0.0.5:8786 (pip install 'graphsearch[dask]'); a client that goes away "
    "cancels its task if it has not started.",
)
def serve_command(
    host: str,
    port: int,
    time_limit: float | None,
    workers: int,
    queue: int,
    scheduler: str | None,
) -> None:
    """Answer over HTTP with JSON: POST /v1/clear, /v1/shuffle, /v1/link and /v1/mayan
    (the command line's JSON), GET /health and /openapi.json, and the play page GET /play
    (see solve play).

    The first line on standard error is "listening on http://HOST:PORT".  SIGTERM and
    Ctrl-C stop the searches in flight and end the server within a second.  Needs the
    serve extra: pip install 'graphsearch[serve]'.
    """
    try:
        from graphsearch.serve import serve
    except ImportError as exc:
        raise CliError(
            f"the server needs the serve extra (pip install 'graphsearch[serve]'): {exc}"
        ) from None

    def ready(address: str) -> None:
        click.echo(f"listening on {address}", err=True)

    from graphsearch.survey import SchedulerError

    try:
        serve(
            host,
            port,
            time_limit=time_limit or 10.0,
            workers=workers,
            queue=queue,
            ready=ready,
            scheduler=scheduler,
        )
    except SchedulerError as exc:
        raise CliError(str(exc)) from None
    except ImportError as exc:
        raise CliError(f"--scheduler needs pip install 'graphsearch[dask]': {exc}") from None
    except OSError as exc:
        raise CliError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None
