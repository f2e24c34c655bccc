"""The Mayan engines by name, each imported only when asked for, and the prefilter step."""

from __future__ import annotations

import time

from graphsearch._engines import load
from graphsearch.mayan.board import Puzzle
from graphsearch.mayan.result import MayanResult

__all__ = ["ENGINES", "get_engine", "run"]

# name -> module whose ``solve(puzzle, *, same_color_swaps, time_limit)`` returns MayanResult
ENGINES = {
    "search": "graphsearch.mayan.search",
    "dfs": "graphsearch.mayan.dfs",
    "cpsat": "cpmodels.mayan",
}

PREFILTER_SECONDS = 10.0  # the most the prefilter may take before the engine runs anyway


def get_engine(name: str):
    """The ``solve`` function of the named engine."""
    return load(ENGINES, name, "solve")


def run(
    name: str,
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    prefilter: bool = False,
) -> MayanResult:
    """Solve with the named engine, first trying the CP-SAT prefilter when asked to.

    The prefilter is sound: when it proves the board unsolvable the answer is -1 without a
    search; otherwise the engine runs with what is left of the time limit.
    """
    solve = get_engine(name)
    if not prefilter:
        return solve(puzzle, same_color_swaps=same_color_swaps, time_limit=time_limit)
    from cpmodels.mayan import prefilter as relaxation

    start = time.perf_counter()
    budget = PREFILTER_SECONDS if time_limit is None else min(PREFILTER_SECONDS, time_limit / 2)
    verdict = relaxation(puzzle, time_limit=budget)
    spent = time.perf_counter() - start
    outcome = {False: "proved unsolvable", True: "passed", None: "undecided"}[verdict]
    if verdict is False:
        stats = {"prefilter": outcome, "prefilter_seconds": round(spent, 6)}
        return MayanResult(puzzle.n, None, f"{name}+prefilter", stats)
    left = None if time_limit is None else max(time_limit - spent, 1e-3)
    result = solve(puzzle, same_color_swaps=same_color_swaps, time_limit=left)
    result.stats.update(prefilter=outcome, prefilter_seconds=round(spent, 6))
    return result
