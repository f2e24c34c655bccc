"""What every link engine returns, and what they share: the opening of a query (the checks
on its two cells, the endpoint rule and the ring), the closing (a path's corner points back
on the board), and the bound on the turns still needed.

Cells are 0-based (row, column) on the board as given; with ``outside`` the ring of empty
cells around the board has rows -1 and n and columns -1 and m.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from graphsearch._words import plural, size
from graphsearch.llk.grid import Case, InvalidGridError, Query

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "DIRECTIONS",
    "Cell",
    "Link",
    "LinkEngine",
    "Opened",
    "corners",
    "count_turns",
    "endpoint_reason",
    "found",
    "no_path",
    "open_query",
    "padded",
    "turns_needed",
]

Cell = tuple[int, int]
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
    path: tuple[Cell, ...] | None = None
    reason: str = ""


class LinkEngine(Protocol):
    """The signature every link engine's ``solve_case`` has."""

    def __call__(self, case: Case, *, outside: bool = False, max_turns: int = 2) -> list[Link]: ...


@dataclass(frozen=True, slots=True)
class Opened:
    """A query that needs a search: its two cells on the padded board."""

    a: Cell
    b: Cell


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


def check_cells(shape: tuple[int, ...], query: Query) -> None:
    """Raise InvalidGridError when a cell of the query is off the board (no wrapping)."""
    n, m = shape
    for cell in (query.a, query.b):
        r, c = cell
        if not (0 <= r < n and 0 <= c < m):
            raise InvalidGridError(
                f"cell {cell} is off the board of {size(n, m)} (rows 0..{n - 1}, columns "
                f"0..{m - 1})"
            )


def open_query(board: np.ndarray, query: Query, offset: int) -> Opened | Link:
    """The opening every engine shares: check the cells, then either the answer when the
    endpoints alone decide it, or the two cells moved by ``offset`` onto the padded board."""
    check_cells(board.shape, query)
    reason = endpoint_reason(board, query)
    if reason:
        return Link(False, reason=reason)
    return Opened(
        (query.a[0] + offset, query.a[1] + offset), (query.b[0] + offset, query.b[1] + offset)
    )


def no_path(max_turns: int) -> Link:
    return Link(False, reason=f"no path with at most {plural(max_turns, 'turn')}")


def found(cells: Iterable[Sequence[int]], offset: int) -> Link:
    """The answer for a path through ``cells`` (padded coordinates, corners or every cell)."""
    path = corners((int(cell[0]) - offset, int(cell[1]) - offset) for cell in cells)
    return Link(True, len(path) - 2, path)


def padded(board: np.ndarray, outside: bool) -> tuple[np.ndarray, int]:
    """The board the path may use, and the offset of the given board inside it."""
    if not outside:
        return board, 0
    import numpy as np

    return np.pad(board, 1), 1


def count_turns(path: Sequence[Cell]) -> int:
    """Turns along a path of corner points (consecutive points share a row or a column)."""
    turns = 0
    for (r0, c0), (r1, c1), (r2, c2) in zip(path, path[1:], path[2:], strict=False):
        first = (r1 - r0 != 0, c1 - c0 != 0)
        second = (r2 - r1 != 0, c2 - c1 != 0)
        turns += first != second
    return turns


def corners(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    """Drop repeated points and points in the middle of a straight run."""
    points: list[Cell] = []
    for cell in cells:
        if points and points[-1] == cell:
            continue
        if len(points) >= 2:
            (r0, c0), (r1, c1) = points[-2], points[-1]
            if (r0 == r1 == cell[0]) or (c0 == c1 == cell[1]):
                points[-1] = cell
                continue
        points.append(cell)
    return tuple(points)


def turns_needed(node: tuple[int, int, int], target: Cell) -> int:
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
