"""The default Mayan engine: a depth-first search over boards with a dead-state table.

States are boards with k moves left; transitions come from the rule simulator.  Moves are
expanded in answer order (x, then y, then right before left), so the first solution found
is the lexicographically smallest.  Prunings, all sound:

* a left move only into an empty cell (a left swap equals the right move of the
  neighbour, which sorts earlier);
* a board whose blocks cannot be brought into runs with the moves left
  (``bounds.moves_needed``: it covers a color with one or two blocks left);
* a table of (board, moves left) already searched without success: the search of a state
  does not depend on how it was reached.
"""

from __future__ import annotations

from graphsearch.mayan.board import HEIGHT, Move, Puzzle
from graphsearch.mayan.bounds import moves_needed
from graphsearch.mayan.result import Deadline, MayanResult, SearchTimeout, allow_depth
from graphsearch.mayan.rules import _move, _search_moves

__all__ = ["solve"]


def solve(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    table: dict[int, set[bytes]] | None = None,
) -> MayanResult:
    """The lexicographically smallest sequence of exactly ``puzzle.n`` moves that clears it.

    ``table`` (moves left -> boards proven dead) may be shared by calls with the same
    ``same_color_swaps``, so that a caller solving many related boards searches each state
    once.
    """
    n = puzzle.n
    deadline = Deadline(time_limit)
    stats = {"nodes": 0, "leaves": 0, "table_hits": 0, "pruned_by_bound": 0}
    if table is None:
        table = {}
    dead = [table.setdefault(k, set()) for k in range(n + 1)]
    path: list[tuple[int, int]] = []

    def search(grid: list[int], k: int) -> bool:
        # grid has k >= 1 moves left and has passed the bound for k
        stats["nodes"] += 1
        if deadline.expired():
            raise SearchTimeout("the search had not finished", stats)
        for src, g in _search_moves(grid, same_color_swaps):
            child = grid[:]
            _move(child, src, g)
            if k == 1:
                stats["leaves"] += 1
                if not any(child):
                    path.append((src, g))
                    return True
                continue
            key = bytes(child)
            failed = dead[k - 1]
            if key in failed:
                stats["table_hits"] += 1
                continue
            if moves_needed(child) > k - 1:
                stats["pruned_by_bound"] += 1
                failed.add(key)
                continue
            if search(child, k - 1):
                path.append((src, g))
                return True
            failed.add(key)
        return False

    allow_depth(puzzle.n)
    grid = puzzle.board.grid()
    found = moves_needed(grid) <= n and search(grid, n)
    stats["table_size"] = sum(map(len, dead))
    stats["seconds"] = round(deadline.elapsed(), 6)
    moves = None
    if found:
        moves = tuple(Move(src // HEIGHT, src % HEIGHT, g) for src, g in reversed(path))
    return MayanResult(n, moves, "search", stats)
