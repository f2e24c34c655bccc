"""The plain reference engine: depth-first over ``Board`` values.

It tries the moves of ``search_moves`` in answer order and stops at the first sequence that
empties the board in exactly n moves.  It prunes only with the statement's own arithmetic
(a color with one or two blocks left can never vanish) and remembers the (board, moves
left) states it has already failed from, since a state's outcome does not depend on the
path to it.
"""

from __future__ import annotations

from collections import Counter

from graphsearch.budget import Budget
from graphsearch.mayan.board import Board, Move, Puzzle
from graphsearch.mayan.result import MayanResult, SearchStats, allow_depth
from graphsearch.mayan.rules import apply_move, search_moves

__all__ = ["solve"]


def solve(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    budget: Budget | None = None,
) -> MayanResult:
    """The lexicographically smallest sequence of exactly ``puzzle.n`` moves that clears it;
    ``budget`` (or ``time_limit``) limits the seconds and the boards visited, and can stop
    it from another thread (``SearchTimeout``)."""
    limits = Budget.of(budget, time_limit)
    limits.poll_every(64)
    nodes = 0
    failed: set[tuple[Board, int]] = set()

    def dfs(board: Board, k: int) -> list[Move] | None:
        nonlocal nodes
        if (board, k) in failed:
            return None
        nodes += 1
        if limits.expired():
            raise limits.timeout(SearchStats(nodes=nodes))
        if limits.nodes is not None and nodes > limits.nodes:
            raise limits.used_up(SearchStats(nodes=nodes - 1), "boards")
        if k == 0:
            return [] if board.is_empty() else None
        counts = Counter(color for column in board.columns for color in column)
        if any(count < 3 for count in counts.values()):
            return None
        for move in search_moves(board, same_color_swaps=same_color_swaps):
            rest = dfs(apply_move(board, move), k - 1)
            if rest is not None:
                return [move, *rest]
        failed.add((board, k))
        return None

    allow_depth(puzzle.n)
    moves = dfs(puzzle.board, puzzle.n)
    stats = SearchStats(seconds=round(limits.elapsed(), 6), nodes=nodes)
    return MayanResult(puzzle.n, None if moves is None else tuple(moves), "dfs", stats)
