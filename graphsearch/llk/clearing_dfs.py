"""The plain whole-board reference: every legal move, depth first, and a table of the
positions already proven dead.  It plays through the rules of ``game`` (the scan engine
decides each link) and shares no code with the default search, for small boards."""

from __future__ import annotations

import sys

import numpy as np

from graphsearch.budget import Budget
from graphsearch.errors import SearchTimeout
from graphsearch.llk.game import ClearMove, linkable_pairs, play, settle
from graphsearch.llk.grid import InvalidGridError, as_board
from graphsearch.llk.result import ClearResult, ClearStats
from graphsearch.llk.rules import ClearRules

__all__ = ["MAX_BYTES", "solve"]

# The most the boards on the search's stack may take (two copies of the board a level, a
# level a move); the table of dead positions is emptied when it holds as much.
MAX_BYTES = 256 << 20


def solve(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    budget: Budget | None = None,
) -> ClearResult:
    """A clearing of the whole board, or None when no order of moves clears it (the rules
    and the limits as in ``clearing.solve``; ``max_nodes`` counts positions)."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    outside, max_turns, gravity = rules.outside, rules.max_turns, rules.gravity
    tiles = settle(as_board(board), gravity)
    _, counts = np.unique(tiles[tiles > 0], return_counts=True)
    if (counts % 2).any():  # a type with an odd count never goes
        return ClearResult(None, "dfs", ClearStats())
    need = (int(np.count_nonzero(tiles)) // 2 + 1) * tiles.nbytes * 2
    if need > MAX_BYTES:
        raise InvalidGridError(
            f"the board is too large for the dfs engine (for small boards): its positions "
            f"could take {need >> 20} MB, and it holds at most {MAX_BYTES >> 20} MB"
        )
    budget = Budget.of(budget, time_limit, max_nodes)
    budget.poll_every(1)
    stats = ClearStats()
    budget.check(stats)  # a budget stopped before the search starts
    dead: set[bytes] = set()

    def dfs(tiles: np.ndarray) -> list[ClearMove] | None:
        if not tiles.any():
            return []
        key = tiles.tobytes()
        if key in dead:
            stats.table_hits += 1
            return None
        stats.nodes += 1
        if budget.expired():
            raise budget.timeout(stats)
        if budget.nodes is not None and stats.nodes > budget.nodes:
            raise budget.used_up(stats, "positions")
        try:
            moves = linkable_pairs(tiles, rules, budget=budget)
        except SearchTimeout:
            raise budget.timeout(stats) from None
        for move in moves:
            step = play(tiles, move, rules)
            rest = dfs(step.after)
            if rest is not None:
                return [move, *rest]
        if len(dead) * len(key) > MAX_BYTES:
            dead.clear()  # a forgotten position is only searched again
        dead.add(key)
        return None

    sys.setrecursionlimit(max(sys.getrecursionlimit(), int(np.count_nonzero(tiles)) + 1000))
    moves = dfs(tiles)
    stats.seconds = round(budget.elapsed(), 6)
    return ClearResult(None if moves is None else tuple(moves), "dfs", stats)
