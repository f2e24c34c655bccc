"""Fewest turns for any turn limit: a breadth-first search over straight empty segments.

A path with t turns is t + 1 straight pieces, alternately along a row and along a column,
each inside one maximal run of empty cells (a *segment*), consecutive pieces meeting where
their segments cross.  So the fewest turns is the fewest segments, less one, on a chain from
a segment beside the first tile to a segment beside the second.  The tiles themselves stay
occupied here: a path never needs to pass through either of them.

The search runs in layers of turns over all segments at once with numpy, so each layer
costs one pass over the empty cells.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from graphsearch.llk.link import DIRECTIONS, Cell

__all__ = ["SegmentSearch"]


class SegmentSearch:
    """The row and column segments of a board (True = occupied), ready for queries."""

    def __init__(self, occupied: np.ndarray) -> None:
        n, m = occupied.shape
        self.shape = (n, m)
        empty = ~occupied
        # a row segment starts at an empty cell whose left neighbour is not empty
        starts = empty.copy()
        starts[:, 1:] &= occupied[:, :-1]
        row_id = np.cumsum(starts.ravel()).reshape(n, m) - 1
        # a column segment starts at an empty cell whose upper neighbour is not empty;
        # number them column by column
        starts = empty.copy()
        starts[1:, :] &= occupied[:-1, :]
        col_id = (np.cumsum(starts.T.ravel()).reshape(m, n) - 1).T
        row_id[occupied] = -1
        col_id[occupied] = -1
        self.row_id = row_id
        self.col_id = col_id
        cells = np.flatnonzero(empty)
        self.cell_row_seg = row_id.ravel()[cells]
        self.cell_col_seg = col_id.ravel()[cells]
        self.row_segments = int(row_id.max()) + 1 if cells.size else 0
        self.col_segments = int(col_id.max()) + 1 if cells.size else 0
        # the row of every row segment, the column of every column segment
        self.seg_row = np.zeros(self.row_segments, dtype=np.int64)
        self.seg_row[self.cell_row_seg] = cells // m
        self.seg_col = np.zeros(self.col_segments, dtype=np.int64)
        self.seg_col[self.cell_col_seg] = cells % m

    def _beside(self, cell: Cell) -> tuple[list[int], list[int]]:
        """The row segments left and right of a cell, and the column segments above and below."""
        n, m = self.shape
        rows: list[int] = []
        cols: list[int] = []
        for dr, dc in DIRECTIONS:
            r, c = cell[0] + dr, cell[1] + dc
            if 0 <= r < n and 0 <= c < m:
                if dr == 0 and self.row_id[r, c] >= 0:
                    rows.append(int(self.row_id[r, c]))
                elif dc == 0 and self.col_id[r, c] >= 0:
                    cols.append(int(self.col_id[r, c]))
        return rows, cols

    def path(self, a: Cell, b: Cell, max_turns: int) -> tuple[Cell, ...] | None:
        """Corner points of a fewest-turn path from tile a to tile b, or None past max_turns."""
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1:
            return (a, b)
        start_rows, start_cols = self._beside(a)
        end_rows, end_cols = self._beside(b)
        if not (start_rows or start_cols) or not (end_rows or end_cols):
            return None  # a tile walled in on all four sides
        # parent segment of each reached segment: -2 unseen, -1 a start
        parent_row = np.full(self.row_segments, -2, dtype=np.int64)
        parent_col = np.full(self.col_segments, -2, dtype=np.int64)
        parent_row[start_rows] = -1
        parent_col[start_cols] = -1
        frontier_rows = np.array(sorted(set(start_rows)), dtype=np.int64)
        frontier_cols = np.array(sorted(set(start_cols)), dtype=np.int64)
        for turns in range(max_turns + 1):
            for seg in end_rows:
                if parent_row[seg] != -2:
                    return self._corners(a, b, seg, True, parent_row, parent_col)
            for seg in end_cols:
                if parent_col[seg] != -2:
                    return self._corners(a, b, seg, False, parent_row, parent_col)
            if turns == max_turns or (not frontier_rows.size and not frontier_cols.size):
                return None
            frontier_cols, frontier_rows = (
                _cross(
                    frontier_rows,
                    self.row_segments,
                    self.cell_row_seg,
                    self.cell_col_seg,
                    parent_col,
                ),
                _cross(
                    frontier_cols,
                    self.col_segments,
                    self.cell_col_seg,
                    self.cell_row_seg,
                    parent_row,
                ),
            )
        return None

    def _corners(
        self,
        a: Cell,
        b: Cell,
        seg: int,
        is_row: bool,
        parent_row: np.ndarray,
        parent_col: np.ndarray,
    ) -> tuple[Cell, ...]:
        """Walk the parents back from the last segment and list the crossing cells."""
        chain: list[tuple[int, bool]] = []
        while seg >= 0:
            chain.append((seg, is_row))
            seg = int(parent_row[seg] if is_row else parent_col[seg])
            is_row = not is_row
        chain.reverse()
        points = [a]
        for (s1, row1), (s2, _) in pairwise(chain):
            row_seg, col_seg = (s1, s2) if row1 else (s2, s1)
            points.append((int(self.seg_row[row_seg]), int(self.seg_col[col_seg])))
        points.append(b)
        return tuple(points)


def _cross(
    frontier: np.ndarray,
    segments: int,
    from_seg: np.ndarray,
    to_seg: np.ndarray,
    parent: np.ndarray,
) -> np.ndarray:
    """Segments of the other direction that cross the frontier and are not yet reached."""
    if not frontier.size:
        return frontier  # nothing to cross from
    in_frontier = np.zeros(segments, dtype=bool)
    in_frontier[frontier] = True
    hit = in_frontier[from_seg]
    reached, first = np.unique(to_seg[hit], return_index=True)
    new = parent[reached] == -2
    parent[reached[new]] = from_seg[hit][first[new]]
    fresh: np.ndarray = reached[new]
    return fresh
