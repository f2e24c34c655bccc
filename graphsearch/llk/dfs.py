"""The reference link engine: a plain depth-first search over (cell, direction, turns).

It keeps, for every cell *and direction*, the fewest turns it has arrived with, and goes on
only when it arrives with fewer.  (Keeping one count per cell, whatever the direction,
wrongly stops a path that reaches a cell with more turns but heading the right way.)  It
also drops a state whose turns plus the fewest it still needs (``turns_needed``) pass the
limit.  It explores everything within the limit, so the turns it reports are the fewest.
"""

from __future__ import annotations

from graphsearch.llk.grid import Case, Query
from graphsearch.llk.link import (
    DIRECTIONS,
    Link,
    corners,
    endpoint_reason,
    padded,
    turns_needed,
)

__all__ = ["solve_case"]


def link(tiles, offset: int, board, query: Query, max_turns: int) -> Link:
    reason = endpoint_reason(board, query)
    if reason:
        return Link(False, reason=reason)
    n, m = tiles.shape
    a = (query.a[0] + offset, query.a[1] + offset)
    b = (query.b[0] + offset, query.b[1] + offset)
    best = {}  # (row, col, direction) -> fewest turns seen
    parent = {}
    found = None
    stack = []
    for d, (dr, dc) in enumerate(DIRECTIONS):
        stack.append(((a[0] + dr, a[1] + dc), d, 0, (*a, d)))
    while stack:
        (r, c), d, turns, came_from = stack.pop()
        if not (0 <= r < n and 0 <= c < m):
            continue
        if turns + turns_needed((r, c, d), b) > max_turns:
            continue
        if found is not None and turns >= found[0]:
            continue
        if (r, c) == b:
            found = (turns, came_from, (r, c, d))
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
    if found is None:
        return Link(False, reason=f"no path with at most {max_turns} turns")
    turns, state, _ = found
    cells = [b]
    while state[:2] != a:
        cells.append(state[:2])
        state = parent[state]
    cells.append(a)
    path = corners((r - offset, c - offset) for r, c in reversed(cells))
    return Link(True, turns, path)


def solve_case(case: Case, *, outside: bool = False, max_turns: int = 2) -> list[Link]:
    """Answer every query of a case."""
    tiles, offset = padded(case.board, outside)
    return [link(tiles, offset, case.board, query, max_turns) for query in case.queries]
