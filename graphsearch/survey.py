"""Surveys: deal many boards by seed, decide each, count the outcomes.

Board i of a survey is dealt from (seed, i) alone, so the counts do not depend on how the
boards are split over workers or machines.  ``run_survey`` yields each board's outcome as it
finishes, from one of three executors:

* ``local`` with one worker: in this process, in board order;
* ``local`` with more: a pool of processes (``concurrent.futures``);
* ``dask``: a ``dask.distributed`` cluster, a local one by default or an existing
  scheduler's address (``pip install 'graphsearch[dask]'``).

With a time limit per board, a board that runs out is *undecided* (never a wrong verdict);
which boards run out can depend on the machine, the counts of decided boards cannot.
"""

from __future__ import annotations

import math
import time
from collections.abc import Generator, Iterable, Iterator
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graphsearch.budget import Budget
    from graphsearch.llk.rules import ClearRules

__all__ = [
    "CONNECT_TIMEOUT",
    "EXECUTORS",
    "KINDS",
    "BoardOutcome",
    "SchedulerError",
    "SurveySpec",
    "connect",
    "run_board",
    "run_survey",
    "summarize",
    "supersedes",
]

KINDS = ("clear", "mayan")
EXECUTORS = ("local", "dask")
CONNECT_TIMEOUT = 10.0  # seconds to reach a Dask scheduler


class SchedulerError(ConnectionError):
    """The Dask scheduler named could not be reached or does not answer as one."""


@dataclass(frozen=True)
class SurveySpec:
    """What to deal and how to decide it.  ``clear``: rows x cols boards of ``types``
    types x ``copies`` tiles; ``mayan``: boards of ``blocks`` blocks in ``colors`` colors,
    to be cleared in ``n`` moves."""

    kind: str
    seed: int
    boards: int
    time_limit: float | None = None
    # clear
    rows: int = 9
    cols: int = 16
    types: int = 36
    copies: int = 4
    outside: bool = True
    max_turns: int = 2
    gravity: str = "none"
    # mayan
    n: int = 3
    colors: int = 4
    blocks: int = 12
    same_color_swaps: bool = True
    # how a board is searched, not which boards: not among ``settings``
    table_mb: int | None = None  # the move search's table (``clearing.solve``)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a survey is of {' or '.join(KINDS)} boards, not {self.kind!r}")
        if self.boards < 0:
            raise ValueError("the number of boards is not negative")

    def rules(self) -> ClearRules:
        """The rules of a survey of clear boards."""
        from graphsearch.llk.rules import ClearRules

        return ClearRules(self.outside, self.max_turns, self.gravity)

    def settings(self) -> dict[str, object]:
        """The fields that matter for this kind of survey."""
        shared = ("kind", "seed", "boards", "time_limit")
        own = (
            ("rows", "cols", "types", "copies", "outside", "max_turns", "gravity")
            if self.kind == "clear"
            else ("n", "colors", "blocks", "same_color_swaps")
        )
        fields = asdict(self)
        return {name: fields[name] for name in (*shared, *own)}


@dataclass(frozen=True)
class BoardOutcome:
    """One board's result: ``verdict`` is "yes" (clearable), "no" or "undecided"."""

    index: int
    verdict: str
    greedy: bool
    seconds: float


def supersedes(outcome: BoardOutcome, earlier: BoardOutcome | None) -> bool:
    """Whether a board's ``outcome``, read after ``earlier`` in a results file, is the one
    the board keeps: a board decided once stays decided; one still undecided keeps its
    longest try (the time it is known to need more than)."""
    if earlier is None or outcome.verdict != "undecided":
        return True
    return earlier.verdict == "undecided" and outcome.seconds >= earlier.seconds


def run_board(spec: SurveySpec, index: int, budget: Budget | None = None) -> BoardOutcome:
    """Deal board ``index`` of the survey and decide it (a top-level function, so that
    process pools and dask can ship it); ``budget``: a survey's, of which the board's
    search gets a child (``spec.time_limit`` seconds, stopped with it), and a stop of it is
    raised (``SearchTimeout``), not counted as an undecided board."""
    from graphsearch.budget import Budget
    from graphsearch.errors import SearchTimeout

    start = time.perf_counter()
    limits = Budget(spec.time_limit) if budget is None else budget.child(spec.time_limit)
    try:
        if spec.kind == "clear":
            solved, greedy = _clear_board(spec, index, limits)
        else:
            solved, greedy = _mayan_board(spec, index, limits)
        verdict = "yes" if solved else "no"
    except SearchTimeout:
        if budget is not None:
            budget.check(None, "the survey had not finished")
        verdict, greedy = "undecided", False
    return BoardOutcome(index, verdict, greedy, round(time.perf_counter() - start, 6))


def _clear_board(spec: SurveySpec, index: int, budget: Budget) -> tuple[bool, bool]:
    from graphsearch.llk.clearing import solve
    from graphsearch.llk.generate import board_rng, deal
    from graphsearch.llk.greedy import greedy_clearing

    board = deal(spec.rows, spec.cols, spec.types, spec.copies, board_rng("llk", spec.seed, index))
    rules = spec.rules()
    greedy = greedy_clearing(board, rules) is not None
    if greedy:
        return True, True  # a clearing in hand: no search needed
    return solve(board, rules, budget=budget, table_mb=spec.table_mb).clearable, False


def _mayan_board(spec: SurveySpec, index: int, budget: Budget) -> tuple[bool, bool]:
    import random

    from graphsearch.mayan.board import Puzzle
    from graphsearch.mayan.generate import deal
    from graphsearch.mayan.search import greedy, solve

    board = deal(random.Random(f"mayan/{spec.seed}/{index}"), spec.colors, spec.blocks)
    if board is None:
        raise ValueError(f"no board of {spec.blocks} blocks without a run was dealt")
    puzzle = Puzzle(spec.n, board)
    swaps = spec.same_color_swaps
    if greedy(puzzle, same_color_swaps=swaps) is not None:
        return True, True
    result = solve(puzzle, same_color_swaps=swaps, budget=budget)
    return result.solvable, False


def run_survey(
    spec: SurveySpec,
    *,
    executor: str = "local",
    workers: int | None = None,
    scheduler: str | None = None,
    skip: Iterable[int] = (),
    connect_timeout: float = CONNECT_TIMEOUT,
    budget: Budget | None = None,
) -> Generator[BoardOutcome, None, None]:
    """Each board's outcome as it finishes (boards in ``skip`` are not run; closing the
    generator early ends the boards in flight).  With a
    ``scheduler`` address, SchedulerError when it cannot be used within
    ``connect_timeout`` seconds.  ``budget`` limits the whole survey's seconds and can
    stop it from another thread: the boards in flight are abandoned (their processes
    ended, their Dask tasks cancelled) and SearchTimeout is raised; the outcomes yielded
    before stand."""
    if executor not in EXECUTORS:
        raise ValueError(f"executor is one of {', '.join(EXECUTORS)}, not {executor!r}")
    done = set(skip)
    todo = [i for i in range(spec.boards) if i not in done]
    if executor == "dask":
        yield from _dask(spec, todo, workers, scheduler, connect_timeout, budget)
    elif workers == 1 or len(todo) <= 1:
        for i in todo:
            if budget is not None:
                budget.check(None, "the survey had not finished")
            yield run_board(spec, i, budget)
    else:
        yield from _processes(spec, todo, workers, budget)


# how often a survey waiting on its workers looks at its budget (seconds)
POLL = 0.02


def _processes(
    spec: SurveySpec, todo: list[int], workers: int | None, budget: Budget | None
) -> Iterator[BoardOutcome]:
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    pool = ProcessPoolExecutor(max_workers=workers, initializer=_worker_signals)
    finished = False
    try:
        pending = {pool.submit(run_board, spec, i) for i in todo}
        while pending:
            done, pending = wait(pending, timeout=POLL, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
            if budget is not None and budget.passed():
                raise budget.timeout(None, "the survey had not finished")
        finished = True
    finally:
        # stopped, interrupted (Ctrl-C, SIGTERM) or closed early: a board in flight may run
        # for its whole time limit, and a worker takes up the boards already queued to it,
        # so every worker is ended now
        if not finished:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.terminate()
        pool.shutdown(wait=False, cancel_futures=True)


def _worker_signals() -> None:
    """A survey's worker process ends on SIGTERM (a handler inherited from the command
    line would turn it into an exception, which the pool hands back as the board's outcome
    and then runs the next board) and leaves Ctrl-C to the survey, which ends it."""
    import signal

    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def connect(client: Any, scheduler: str, timeout: float) -> Any:
    """A client of the scheduler at that address, or SchedulerError within ``timeout``
    seconds.  The client is made in a thread of its own: a server that accepts the
    connection but never answers as a scheduler would hold it past its own timeout."""
    import threading

    from distributed.comm.addressing import parse_address
    from distributed.comm.registry import get_backend

    try:
        get_backend(parse_address(scheduler)[0])
    except ValueError as exc:
        raise SchedulerError(f"{scheduler!r} is not a Dask scheduler's address: {exc}") from None
    made: list[Any] = []
    failed: list[BaseException] = []

    def connect() -> None:
        try:
            made.append(client(scheduler, timeout=timeout))
        except BaseException as exc:  # reported below, in the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=connect, name="dask connect", daemon=True)
    thread.start()
    thread.join(timeout + 1)
    if made:
        return made[0]
    if not failed:
        reason = f"no answer as a Dask scheduler within {timeout:g} s"
    else:
        error = failed[0]
        what = str(error).split("\n")[0] or type(error).__name__
        if isinstance(error, OSError | TimeoutError):
            reason = what  # nothing there, or no connection in time
        else:  # a server that is not a scheduler: anything can go wrong
            reason = f"it does not answer as a Dask scheduler ({type(error).__name__}: {what})"
    raise SchedulerError(f"cannot use the Dask scheduler at {scheduler}: {reason}")


def _dask(
    spec: SurveySpec,
    todo: list[int],
    workers: int | None,
    scheduler: str | None,
    connect_timeout: float,
    budget: Budget | None,
) -> Iterator[BoardOutcome]:
    import logging

    try:
        from distributed import Client, LocalCluster, wait
    except ImportError:
        raise ImportError(
            "the dask executor needs dask.distributed: pip install 'graphsearch[dask]'"
        ) from None
    # Ctrl-C in a call of distributed's that has not started yet makes its cancel callback
    # log a traceback (the call has no future to cancel); the survey reports the interrupt
    loop_errors = logging.getLogger("tornado.application")
    loop_errors.addFilter(_not_a_cancel_race)
    try:
        if scheduler is not None:
            client = connect(Client, scheduler, connect_timeout)
            cluster = None
        else:
            # the cluster's own log (a board's task cancelled on Ctrl-C, a worker ended after
            # its grace period, a worker's heartbeat to a scheduler already closing) is not
            # the survey's to print: a board's error comes back through its future's result
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=logging.CRITICAL,
            )
            client = Client(cluster)
        try:
            pending = set(client.map(run_board, [spec] * len(todo), todo, pure=False))
            while pending:
                try:
                    done, pending = wait(pending, timeout=POLL, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    done = set()
                for future in done:
                    yield future.result()
                if budget is not None and budget.passed():
                    client.cancel(list(pending))
                    raise budget.timeout(None, "the survey had not finished")
        finally:
            client.close()
            if cluster is not None:
                cluster.close()
    finally:
        loop_errors.removeFilter(_not_a_cancel_race)


def _not_a_cancel_race(record: Any) -> bool:
    return "sync.<locals>.cancel" not in record.getMessage()


def summarize(outcomes: Iterable[BoardOutcome]) -> dict[str, object]:
    """The counts (keys ``boards``, ``clearable``, ``not_clearable``, ``undecided``,
    ``greedy``), the clearable share of the decided boards with a 95% Wilson interval, and
    the median / p99 / max seconds a board."""
    rows = list(outcomes)
    yes = sum(o.verdict == "yes" for o in rows)
    no = sum(o.verdict == "no" for o in rows)
    decided = yes + no
    seconds = sorted(o.seconds for o in rows)
    share = yes / decided if decided else None
    return {
        "boards": len(rows),
        "clearable": yes,
        "not_clearable": no,
        "undecided": len(rows) - decided,
        "greedy": sum(o.greedy for o in rows),
        "share": None if share is None else round(share, 4),
        "share_95": None if not decided else [round(v, 4) for v in wilson(yes, decided)],
        "seconds": {
            "median": _quantile(seconds, 0.5),
            "p99": _quantile(seconds, 0.99),
            "max": seconds[-1] if seconds else None,
        },
    }


def wilson(successes: int, trials: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (95% by default)."""
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def _quantile(values: list[float], q: float) -> float | None:
    """The nearest-rank quantile of sorted values."""
    if not values:
        return None
    return values[max(0, math.ceil(q * len(values)) - 1)]
