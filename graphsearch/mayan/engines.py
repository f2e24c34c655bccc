"""The Mayan engines by name, each imported only when asked for, and the prefilter step.

Engines and the prefilter are composed here, by name: the Mayan package itself never
imports the OR-Tools models.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Protocol, cast

from graphsearch._checks import check_flag
from graphsearch._engines import load
from graphsearch.budget import Budget
from graphsearch.choices import MAYAN_ENGINES, MAYAN_PREFILTERS
from graphsearch.deadline import check_time_limit
from graphsearch.mayan.board import InvalidBoardError, Puzzle, parse_puzzle
from graphsearch.mayan.result import MayanEngine, MayanResult, SearchStats

__all__ = ["ENGINES", "PREFILTERS", "get_engine", "run", "solve"]

ENGINES = MAYAN_ENGINES
PREFILTERS = MAYAN_PREFILTERS

PREFILTER_SECONDS = 10.0  # the most the prefilter may take before the engine runs anyway


class Prefilter(Protocol):
    def __call__(
        self, puzzle: Puzzle, *, time_limit: float | None = 10.0, budget: Budget | None = None
    ) -> bool | None: ...


def get_engine(name: str) -> MayanEngine:
    """The ``solve`` function of the named engine."""
    return cast(MayanEngine, load(ENGINES, name, "solve"))


def run(
    name: str,
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    prefilter: bool = False,
    budget: Budget | None = None,
) -> MayanResult:
    """Solve with the named engine, first trying the CP-SAT prefilter when asked to.

    The prefilter is sound: when it proves the board unsolvable the answer is -1 without a
    search; otherwise the engine runs with what is left of the budget (or time limit).
    """
    limits = Budget.of(budget, check_time_limit(time_limit))
    engine = get_engine(name)
    if not prefilter:
        return engine(puzzle, same_color_swaps=same_color_swaps, budget=limits)
    relaxation = cast(Prefilter, load(PREFILTERS, "cpsat", "prefilter"))
    start = time.perf_counter()
    left = limits.left()
    seconds = PREFILTER_SECONDS if left is None else min(PREFILTER_SECONDS, left / 2)
    verdict = relaxation(puzzle, time_limit=seconds, budget=limits)
    limits.check(None, "the prefilter had not finished")
    spent = round(time.perf_counter() - start, 6)
    outcome = {False: "proved unsolvable", True: "passed", None: "undecided"}[verdict]
    if verdict is False:
        stats = SearchStats(seconds=spent, prefilter=outcome, prefilter_seconds=spent)
        return MayanResult(puzzle.n, None, f"{name}+prefilter", stats)
    result = engine(puzzle, same_color_swaps=same_color_swaps, budget=limits)
    stats = replace(result.stats, prefilter=outcome, prefilter_seconds=spent)
    return replace(result, stats=stats)


def solve(
    puzzle: Puzzle | str | bytes,
    *,
    engine: str = "search",
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    prefilter: bool = False,
    budget: Budget | None = None,
) -> MayanResult:
    """The lexicographically smallest sequence of exactly n moves that clears the board.

    ``puzzle`` is a ``Puzzle`` or the judge's input text (n, then five columns bottom to
    top, each ending in 0).  ``engine`` is one of ``ENGINES``; ``same_color_swaps=False``
    never swaps two blocks of one color; ``time_limit`` (seconds) raises ``SearchTimeout``
    when it runs out; ``budget`` (an ``llk.Budget``: seconds, states, and ``stop()`` from
    another thread) in its place does the same; ``prefilter`` first tries the CP-SAT
    relaxation.  Bad input raises
    ``InvalidBoardError`` (an ``InvalidInputError``, a ``ValueError``).
    """
    if isinstance(puzzle, str | bytes):
        puzzle = parse_puzzle(puzzle)
    elif not isinstance(puzzle, Puzzle):
        kind = type(puzzle).__name__
        raise InvalidBoardError(f"a puzzle is a Puzzle or its judge text, not a {kind}")
    return run(
        engine,
        puzzle,
        same_color_swaps=check_flag("same_color_swaps", same_color_swaps, InvalidBoardError),
        time_limit=time_limit,
        prefilter=check_flag("prefilter", prefilter, InvalidBoardError),
        budget=budget,
    )
