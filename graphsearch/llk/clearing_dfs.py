"""The plain whole-board reference: every legal move, depth first, and a table of the
positions already proven dead.  It plays through the rules of ``game`` (the scan engine
decides each link) and shares no code with the default search, for small boards."""

from __future__ import annotations

import sys

import numpy as np

from graphsearch.deadline import Deadline
from graphsearch.errors import SearchTimeout
from graphsearch.llk.clearing import ClearResult, ClearStats
from graphsearch.llk.game import ClearMove, check_gravity, linkable_pairs, play, settle
from graphsearch.llk.grid import InvalidGridError, as_board

__all__ = ["MAX_BYTES", "solve"]

# The most the boards on the search's stack may take (two copies of the board a level, a
# level a move); the table of dead positions is emptied when it holds as much.
MAX_BYTES = 256 << 20


def solve(
    board: object,
    *,
    outside: bool = False,
    max_turns: int = 2,
    gravity: str = "none",
    time_limit: float | None = None,
) -> ClearResult:
    """A clearing of the whole board, or None when no order of moves clears it."""
    gravity = check_gravity(gravity)
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
    deadline = Deadline(time_limit, every=1)
    stats = ClearStats()
    dead: set[bytes] = set()

    def dfs(tiles: np.ndarray) -> list[ClearMove] | None:
        if not tiles.any():
            return []
        key = tiles.tobytes()
        if key in dead:
            stats.table_hits += 1
            return None
        stats.nodes += 1
        if deadline.expired():
            raise SearchTimeout("the search had not finished", stats)
        try:
            moves = linkable_pairs(tiles, outside=outside, max_turns=max_turns, deadline=deadline)
        except SearchTimeout:
            raise SearchTimeout("the search had not finished", stats) from None
        for move in moves:
            step = play(tiles, move, outside=outside, max_turns=max_turns, gravity=gravity)
            rest = dfs(step.after)
            if rest is not None:
                return [move, *rest]
        if len(dead) * len(key) > MAX_BYTES:
            dead.clear()  # a forgotten position is only searched again
        dead.add(key)
        return None

    sys.setrecursionlimit(max(sys.getrecursionlimit(), int(np.count_nonzero(tiles)) + 1000))
    moves = dfs(tiles)
    stats.seconds = round(deadline.elapsed(), 6)
    return ClearResult(None if moves is None else tuple(moves), "dfs", stats)
