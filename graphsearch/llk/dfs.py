"""The reference link engine: a plain depth-first search over (cell, direction, turns).

It keeps, for every cell *and direction*, the fewest turns it has arrived with, and goes on
only when it arrives with fewer.  (Keeping one count per cell, whatever the direction,
wrongly stops a path that reaches a cell with more turns but heading the right way.)  It
also drops a state whose turns plus the fewest it still needs (``turns_needed``) pass the
limit.  It explores everything within the limit, so the turns it reports are the fewest.
"""

from __future__ import annotations

import numpy as np

from graphsearch.llk.grid import Case, Query
from graphsearch.llk.link import (
    DIRECTIONS,
    Cell,
    Link,
    Opened,
    found,
    no_path,
    open_query,
    padded,
    turns_needed,
)

__all__ = ["link", "solve_case"]

State = tuple[int, int, int]  # row, column, direction


def link(tiles: np.ndarray, offset: int, board: np.ndarray, query: Query, max_turns: int) -> Link:
    """One query on ``tiles`` (the board, padded by ``offset`` with the ring)."""
    opened = open_query(board, query, offset)
    if not isinstance(opened, Opened):
        return opened
    n, m = tiles.shape
    a, b = opened.a, opened.b
    best: dict[State, int] = {}  # (row, col, direction) -> fewest turns seen
    parent: dict[State, State] = {}
    best_end: tuple[int, State] | None = None
    stack: list[tuple[Cell, int, int, State]] = []
    for d, (dr, dc) in enumerate(DIRECTIONS):
        stack.append(((a[0] + dr, a[1] + dc), d, 0, (*a, d)))
    while stack:
        (r, c), d, turns, came_from = stack.pop()
        if not (0 <= r < n and 0 <= c < m):
            continue
        if turns + turns_needed((r, c, d), b) > max_turns:
            continue
        if best_end is not None and turns >= best_end[0]:
            continue
        if (r, c) == b:
            best_end = (turns, came_from)
            continue
        if tiles[r, c] != 0:
            continue
        state = (r, c, d)
        if best.get(state, max_turns + 1) <= turns:
            continue
        best[state] = turns
        parent[state] = came_from
        for nd, (dr, dc) in enumerate(DIRECTIONS):
            if nd == (d + 2) % 4:
                continue  # turning back only retraces the path
            stack.append(((r + dr, c + dc), nd, turns + (nd != d), state))
    if best_end is None:
        return no_path(max_turns)
    state = best_end[1]
    cells = [b]
    while state[:2] != a:
        cells.append((state[0], state[1]))
        state = parent[state]
    cells.append(a)
    return found(reversed(cells), offset)


def solve_case(case: Case, *, outside: bool = False, max_turns: int = 2) -> list[Link]:
    """Answer every query of a case."""
    tiles, offset = padded(case.board, outside)
    return [link(tiles, offset, case.board, query, max_turns) for query in case.queries]
