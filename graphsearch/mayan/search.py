"""The default Mayan engine: a depth-first search over boards with a dead-state table.

The search itself, with its prunings and why they are sound, is ``graphsearch.mayan.core``
(compiled when the package is installed); this module runs it in slices under the time
limit and turns its answer into moves.  Moves are expanded in answer order (x, then y, then
right before left), so the first solution found is the lexicographically smallest.
"""

from __future__ import annotations

from graphsearch.budget import Budget
from graphsearch.mayan import core
from graphsearch.mayan.board import HEIGHT, Move, Puzzle
from graphsearch.mayan.bounds import distance_table, moves_needed
from graphsearch.mayan.core import DeadTable
from graphsearch.mayan.result import MayanResult, SearchStats
from graphsearch.mayan.rules import grid_moves, play

__all__ = ["SLICE", "DeadTable", "greedy", "solve"]

# States the search expands between two looks at the budget (some 9 ms compiled on dense
# boards, so that a stop from another thread is kept within 50 ms).
SLICE = 5_000


def solve(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    table: DeadTable | None = None,
    budget: Budget | None = None,
) -> MayanResult:
    """The lexicographically smallest sequence of exactly ``puzzle.n`` moves that clears it.

    ``table`` may be shared by calls with the same ``same_color_swaps``, so that a caller
    solving many related boards searches each state once.  ``budget`` (or ``time_limit``,
    its short form) limits the seconds, the states expanded, and can stop the search from
    another thread; running out raises ``SearchTimeout``.
    """
    n = puzzle.n
    limits = Budget.of(budget, time_limit)
    grid = puzzle.board.grid()
    name = "compiled" if core.COMPILED else "python"
    if n == 0 or moves_needed(grid) > n:
        empty: tuple[Move, ...] | None = () if n == 0 and not any(grid) else None
        done = SearchStats(seconds=round(limits.elapsed(), 6), core=name, nodes=0)
        return MayanResult(n, empty, "search", done)
    if table is None:
        table = core.DeadTable()
    search = core.Search(grid, n, distance_table(), same_color_swaps, table)

    def stats() -> SearchStats:
        nodes, leaves, hits, pruned = search.counters()
        return SearchStats(
            seconds=round(limits.elapsed(), 6),
            core=name,
            nodes=nodes,
            leaves=leaves,
            table_hits=hits,
            pruned_by_bound=pruned,
            table_size=table.size(),
            table_generations=table.generation_count(),
        )

    # the first slice is short, so that a limit of a few milliseconds is kept uncompiled too
    cap, size = limits.nodes, 2_000
    while search.step(_slice(size, cap, search)) == core.RUNNING:
        if limits.passed():
            raise limits.timeout(stats())
        if cap is not None and search.counters()[0] >= cap:
            raise limits.used_up(stats(), "states")
        size = SLICE
    moves = None
    if search.state() == core.FOUND:
        moves = tuple(Move(src // HEIGHT, src % HEIGHT, g) for src, g in search.path())
    return MayanResult(n, moves, "search", stats())


def _slice(size: int, cap: int | None, search: core.Search) -> int:
    """The states the next slice may expand: ``size``, or what the node cap leaves."""
    if cap is None:
        return size
    return max(1, min(size, cap - search.counters()[0]))


def greedy(puzzle: Puzzle, *, same_color_swaps: bool = True) -> tuple[Move, ...] | None:
    """Greedy play: n times the move that leaves the fewest blocks (the first in answer
    order among equals), never going back; its moves if that empties the board."""
    grid = puzzle.board.grid()
    moves = []
    for _ in range(puzzle.n):
        best: tuple[int, list[int], int, int] | None = None
        for src, g in grid_moves(grid, same_color_swaps):
            child = grid[:]
            play(child, src, g)
            left = sum(1 for color in child if color)
            if best is None or left < best[0]:
                best = (left, child, src, g)
        if best is None:
            return None
        _, grid, src, g = best
        moves.append(Move(src // HEIGHT, src % HEIGHT, g))
    return tuple(moves) if not any(grid) else None
