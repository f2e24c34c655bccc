"""The fast link engine: prefix sums of occupied cells, and a scan of the candidate corners.

A path with at most two turns is a straight line, an L through one of the two corners
``(r1, c2)`` and ``(r2, c1)``, or three straight pieces: row - column - row through some
column ``c``, or column - row - column through some row ``r``.  For the three-piece shapes
the middle piece must lie in the columns (rows) that both tiles can reach in a straight
line, so each query costs O(n + m) vectorised operations once the board's prefix sums are
known.  The two tiles count as empty for the path.  Above two turns the engine falls back to
the exact segment search of ``segments.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from graphsearch.llk.grid import Case, Query
from graphsearch.llk.link import Cell, Link, Opened, found, no_path, open_query, padded

if TYPE_CHECKING:
    from graphsearch.llk.segments import SegmentSearch

Path = tuple[Cell, ...]

__all__ = ["LinkScanner", "solve_case"]


class LinkScanner:
    """One board prepared for queries: its occupied cells and their prefix sums."""

    def __init__(self, board: np.ndarray, *, outside: bool = False) -> None:
        self.board = board
        self.outside = outside
        tiles, self.offset = padded(board, outside)
        occupied = tiles != 0
        self.occupied = occupied
        n, m = occupied.shape
        # row_sum[r, c]: occupied cells in row r left of column c; col_sum likewise
        self.row_sum = np.zeros((n, m + 1), dtype=np.int32)
        np.cumsum(occupied, axis=1, out=self.row_sum[:, 1:])
        self.col_sum = np.zeros((n + 1, m), dtype=np.int32)
        np.cumsum(occupied, axis=0, out=self.col_sum[1:, :])
        self._segments: SegmentSearch | None = None

    def link(self, query: Query, max_turns: int = 2) -> Link:
        """Whether the query's tiles link within ``max_turns`` turns, with a fewest-turn path."""
        opened = open_query(self.board, query, self.offset)
        if not isinstance(opened, Opened):
            return opened
        a, b = opened.a, opened.b
        path = self._within_two(a, b, max_turns)
        if path is None and max_turns > 2:
            path = self._segment_search().path(a, b, max_turns)
        if path is None:
            return no_path(max_turns)
        return found(path, self.offset)

    # --- counting occupied cells, the two tiles counted as empty -------------------------

    def _row_clear(self, r: int, c_from: int, c_to: int, a: Cell, b: Cell) -> bool:
        """No tile in row r between the two columns (inclusive), the query's tiles aside."""
        lo, hi = min(c_from, c_to), max(c_from, c_to)
        count = int(self.row_sum[r, hi + 1] - self.row_sum[r, lo])
        count -= sum(1 for cell in (a, b) if cell[0] == r and lo <= cell[1] <= hi)
        return count == 0

    def _col_clear(self, c: int, r_from: int, r_to: int, a: Cell, b: Cell) -> bool:
        """No tile in column c between the two rows (inclusive), the query's tiles aside."""
        lo, hi = min(r_from, r_to), max(r_from, r_to)
        count = int(self.col_sum[hi + 1, c] - self.col_sum[lo, c])
        count -= sum(1 for cell in (a, b) if cell[1] == c and lo <= cell[0] <= hi)
        return count == 0

    def _reach(self, line: np.ndarray, at: int) -> tuple[int, int]:
        """The empty stretch of a row or column around position ``at`` (itself occupied)."""
        before = np.flatnonzero(line[:at])
        after = np.flatnonzero(line[at + 1 :])
        lo = int(before[-1]) + 1 if before.size else 0
        hi = at + int(after[0]) if after.size else line.size - 1
        return lo, hi

    # --- the shapes --------------------------------------------------------------------

    def _within_two(self, a: Cell, b: Cell, max_turns: int) -> Path | None:
        (r1, c1), (r2, c2) = a, b
        if r1 == r2 and self._row_clear(r1, c1, c2, a, b):
            return (a, b)
        if c1 == c2 and self._col_clear(c1, r1, r2, a, b):
            return (a, b)
        if max_turns < 1:
            return None
        if r1 != r2 and c1 != c2:
            # along a's row to (r1, c2) then down b's column, or along a's column first
            corner = (r1, c2)
            if self._row_clear(r1, c1, c2, a, b) and self._col_clear(c2, r1, r2, a, b):
                return (a, corner, b)
            corner = (r2, c1)
            if self._col_clear(c1, r1, r2, a, b) and self._row_clear(r2, c1, c2, a, b):
                return (a, corner, b)
        if max_turns < 2:
            return None
        return self._row_col_row(a, b) or self._col_row_col(a, b)

    def _row_col_row(self, a: Cell, b: Cell) -> Path | None:
        """Row from a, column c, row into b: c must be in both tiles' row stretches."""
        (r1, c1), (r2, c2) = a, b
        if r1 == r2:
            return None  # three pieces in one row would be a straight line
        lo1, hi1 = self._reach(self.occupied[r1], c1)
        lo2, hi2 = self._reach(self.occupied[r2], c2)
        lo, hi = max(lo1, lo2), min(hi1, hi2)
        if lo > hi:
            return None
        top, bottom = min(r1, r2), max(r1, r2)
        cols = np.arange(lo, hi + 1)
        blocked = self.col_sum[bottom + 1, lo : hi + 1] - self.col_sum[top, lo : hi + 1]
        blocked = blocked - (cols == c1) - (cols == c2)  # the tiles themselves are free
        free = np.flatnonzero(blocked == 0)
        if not free.size:
            return None
        c = int(cols[free[0]])
        return (a, (r1, c), (r2, c), b)

    def _col_row_col(self, a: Cell, b: Cell) -> Path | None:
        """Column from a, row r, column into b: r must be in both tiles' column stretches."""
        (r1, c1), (r2, c2) = a, b
        if c1 == c2:
            return None
        lo1, hi1 = self._reach(self.occupied[:, c1], r1)
        lo2, hi2 = self._reach(self.occupied[:, c2], r2)
        lo, hi = max(lo1, lo2), min(hi1, hi2)
        if lo > hi:
            return None
        left, right = min(c1, c2), max(c1, c2)
        rows = np.arange(lo, hi + 1)
        blocked = self.row_sum[lo : hi + 1, right + 1] - self.row_sum[lo : hi + 1, left]
        blocked = blocked - (rows == r1) - (rows == r2)
        free = np.flatnonzero(blocked == 0)
        if not free.size:
            return None
        r = int(rows[free[0]])
        return (a, (r, c1), (r, c2), b)

    def _segment_search(self) -> SegmentSearch:
        if self._segments is None:
            from graphsearch.llk.segments import SegmentSearch

            self._segments = SegmentSearch(self.occupied)
        return self._segments


def solve_case(case: Case, *, outside: bool = False, max_turns: int = 2) -> list[Link]:
    """Answer every query of a case."""
    scanner = LinkScanner(case.board, outside=outside)
    return [scanner.link(query, max_turns) for query in case.queries]
