"""What every Mayan engine returns, the statistics it keeps, and the shape engines share."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Protocol

from graphsearch.mayan.board import MAX_N, Move, Puzzle
from graphsearch.status import Status

if TYPE_CHECKING:
    from graphsearch.budget import Budget

__all__ = ["MayanEngine", "MayanResult", "SearchStats", "allow_depth", "result_json", "why_not"]


@dataclass(slots=True)
class SearchStats:
    """What an engine did.  Fields an engine does not measure stay None."""

    seconds: float = 0.0
    # the searches
    core: str | None = None  # the search's: "compiled" or "python" (see graphsearch.cores)
    nodes: int | None = None  # states expanded
    leaves: int | None = None  # boards reached with no move left
    table_hits: int | None = None  # states found in the dead-state table
    pruned_by_bound: int | None = None  # states cut by the column-histogram bound
    table_size: int | None = None  # dead states remembered at the end
    table_generations: int | None = None  # times the bounded table dropped its older half
    # the CP-SAT model
    solves: int | None = None
    branches: int | None = None
    layers: int | None = None
    variables: int | None = None
    constraints: int | None = None
    objective: str | None = None
    # the prefilter, when it ran first
    prefilter: str | None = None  # "proved unsolvable", "passed" or "undecided"
    prefilter_seconds: float | None = None

    def as_dict(self) -> dict[str, int | float | str]:
        """The measured fields, in declaration order (for JSON)."""
        out: dict[str, int | float | str] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is not None:
                out[f.name] = value
        return out


@dataclass(frozen=True)
class MayanResult:
    """The lexicographically smallest solution of exactly ``n`` moves, or None."""

    n: int
    moves: tuple[Move, ...] | None
    engine: str
    stats: SearchStats = field(default_factory=SearchStats, compare=False)

    @property
    def solvable(self) -> bool:
        return self.moves is not None

    @property
    def status(self) -> Status:
        """``FOUND`` a solution or ``EXHAUSTED`` (proved there is none): the status every
        search of the package answers with (running out raises ``SearchTimeout``)."""
        return Status.FOUND if self.moves is not None else Status.EXHAUSTED


class MayanEngine(Protocol):
    """The signature every Mayan engine's ``solve`` has."""

    def __call__(
        self,
        puzzle: Puzzle,
        *,
        same_color_swaps: bool = True,
        time_limit: float | None = None,
        budget: Budget | None = None,
    ) -> MayanResult: ...


def why_not(puzzle: Puzzle, result: MayanResult) -> str | None:
    """Why there is no solution, in the words the pages use (None when there is one)."""
    from graphsearch.mayan.bounds import why_unsolvable

    if result.moves is not None:
        return None
    stats = result.stats
    return why_unsolvable(
        puzzle.board.grid(), puzzle.n, nodes=stats.nodes, prefilter=stats.prefilter
    )


def result_json(puzzle: Puzzle, result: MayanResult, same_color_swaps: bool) -> dict[str, object]:
    """The answer as ``solve mayan --format json`` writes it (the server's too)."""
    moves = None if result.moves is None else [[m.x, m.y, m.g] for m in result.moves]
    return {
        "n": puzzle.n,
        "solvable": result.solvable,
        "moves": moves,
        "engine": result.engine,
        "same_color_swaps": same_color_swaps,
        "blocks": puzzle.board.blocks,
        "reason": why_not(puzzle, result),
        "stats": result.stats.as_dict(),
    }


def allow_depth(n: int) -> None:
    """Let a recursive search go n levels deep (n is at most MAX_N)."""
    needed = 4 * min(n, MAX_N) + 1000
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)
