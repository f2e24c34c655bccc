"""What every link engine returns, and what they share: the endpoint test and the ring.

Cells are 0-based (row, column) on the board as given; with ``outside`` the ring of empty
cells around the board has rows -1 and n and columns -1 and m.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from graphsearch.llk.grid import Query

__all__ = ["DIRECTIONS", "Link", "count_turns", "endpoint_reason", "padded"]

# up, right, down, left: a turn is a change between perpendicular directions
DIRECTIONS = ((-1, 0), (0, 1), (1, 0), (0, -1))


@dataclass(frozen=True, slots=True)
class Link:
    """Whether a query's two tiles link; if so the fewest turns and a path's corner points.

    ``path`` runs from the first tile to the second through every corner, in board cells.
    ``reason`` says why not when they do not link.
    """

    linked: bool
    turns: int | None = None
    path: tuple[tuple[int, int], ...] | None = None
    reason: str = ""


def endpoint_reason(board: np.ndarray, query: Query) -> str:
    """Why the two cells can never link ('' when a path may exist)."""
    if query.a == query.b:
        return "the same cell"
    ta, tb = board[query.a], board[query.b]
    if ta == 0 or tb == 0:
        return "an empty cell"
    if ta != tb:
        return "different tile types"
    return ""


def padded(board: np.ndarray, outside: bool) -> tuple[np.ndarray, int]:
    """The board the path may use, and the offset of the given board inside it."""
    if not outside:
        return board, 0
    return np.pad(board, 1), 1


def count_turns(path) -> int:
    """Turns along a path of corner points (consecutive points share a row or a column)."""
    turns = 0
    for (r0, c0), (r1, c1), (r2, c2) in zip(path, path[1:], path[2:], strict=False):
        first = (r1 - r0 != 0, c1 - c0 != 0)
        second = (r2 - r1 != 0, c2 - c1 != 0)
        turns += first != second
    return turns


def corners(cells) -> tuple[tuple[int, int], ...]:
    """Drop repeated points and points in the middle of a straight run."""
    points: list[tuple[int, int]] = []
    for cell in cells:
        cell = (int(cell[0]), int(cell[1]))
        if points and points[-1] == cell:
            continue
        if len(points) >= 2:
            (r0, c0), (r1, c1) = points[-2], points[-1]
            if (r0 == r1 == cell[0]) or (c0 == c1 == cell[1]):
                points[-1] = cell
                continue
        points.append(cell)
    return tuple(points)


def turns_needed(node, target) -> int:
    """A lower bound on the turns from a (cell, direction) state to the target cell.

    0 when the target lies ahead on the ray; 1 when it lies strictly ahead but off the ray,
    or level beside (turn now); otherwise (behind) 2.
    """
    r, c, d = node
    dr, dc = DIRECTIONS[d]
    ahead = (target[0] - r) * dr + (target[1] - c) * dc  # distance along the heading
    aside = (target[0] - r) * dc - (target[1] - c) * dr  # distance across it
    if aside == 0 and ahead >= 0:
        return 0
    return 1 if ahead >= 0 else 2
