"""The board the whole-board searches start from: a flat padded grid and the cells of
each type.

Tile types are renumbered 1..T.  The grid is padded with walls (and, with ``outside``, a
ring of empty cells inside the walls), so no step ever leaves it.  Cells are flat indices
``y * W + x`` on the padded grid.  A position only describes a board: the link test, the
removal and the settle of the fast path are the search core's (``graphsearch.llk.core``,
played without a search through ``clearing.board_core``); ``game.replay`` is the rule
every clearing is checked with.
"""

from __future__ import annotations

from array import array
from functools import cache
from typing import TYPE_CHECKING

from graphsearch.llk.gravity import FIXED_LINES, NO_LINES, canonical, family, passes
from graphsearch.llk.grid import Rows, as_rows
from graphsearch.llk.link import Cell

if TYPE_CHECKING:
    import numpy as np

__all__ = ["ALONE_WORK", "WALL", "Position"]

WALL = -1

# The reduction "a type its own moves clear goes whole" is a search of its own, exponential
# in the type's size: it tries at most this many pairs, then leaves the type to the search
# (the reduction is optional, so giving up is sound).  A type of four tiles needs at most
# nine; twenty tiles of one type could take millions.
ALONE_WORK = 2000


class Position:
    """A settled board: the padded grid and the cells of each type, in row-major order."""

    __slots__ = ("H", "W", "geometry", "gravity", "grid", "m", "n", "pad", "tiles", "types")

    def __init__(
        self, board: Rows | np.ndarray, *, outside: bool = False, gravity: str = "none"
    ) -> None:
        rows = as_rows(board)
        n, m = len(rows), len(rows[0])
        pad = 2 if outside else 1
        self.n, self.m, self.pad = n, m, pad
        self.H, self.W = n + 2 * pad, m + 2 * pad
        mode = canonical(gravity)
        if mode is None:
            raise ValueError(f"unknown gravity mode {gravity!r}")
        self.gravity = mode
        self.geometry = _Geometry.of(mode, n, m, pad, self.W)
        ids: dict[int, int] = {}
        for kind in sorted({v for row in rows for v in row if v}):
            ids[kind] = len(ids) + 1
        self.types = [0, *ids]  # dense id -> the input's tile type
        grid = [WALL] * (self.H * self.W)
        ring = 1 if outside else 0
        for y in range(pad - ring, pad + n + ring):
            for x in range(pad - ring, pad + m + ring):
                grid[y * self.W + x] = 0
        for r, row in enumerate(rows):
            for c, kind in enumerate(row):
                if kind:
                    grid[(r + pad) * self.W + c + pad] = ids[kind]
        self.grid = grid
        tiles: list[list[int]] = [[] for _ in self.types]
        for cell, value in enumerate(grid):
            if value > 0:
                tiles[value].append(cell)
        self.tiles = tiles

    # --- cells ---------------------------------------------------------------------------

    def cell(self, index: int) -> Cell:
        """A flat index as a 0-based (row, column) of the input board."""
        y, x = divmod(index, self.W)
        return y - self.pad, x - self.pad

    def remaining(self) -> int:
        return sum(map(len, self.tiles))

    def like_pairs(self) -> int:
        """The pairs of tiles of one type (each a move, when it links)."""
        return sum(len(cells) * (len(cells) - 1) // 2 for cells in self.tiles)

    def key(self) -> bytes:
        """The position as bytes: equal keys, equal positions."""
        if len(self.types) < 255:
            return bytes(v & 0xFF for v in self.grid)
        return array("i", self.grid).tobytes()

    # --- lines -------------------------------------------------------------------------

    def rows(self) -> list[list[int]]:
        """The cells of each row of the board (the ring left out)."""
        W, pad = self.W, self.pad
        return [[(y + pad) * W + x + pad for x in range(self.m)] for y in range(self.n)]

    def lines(self) -> list[list[int]]:
        """With a gravity of fixed lines: the cells of every line, from the end its tiles
        fall toward; without gravity, the rows."""
        if family(self.gravity) == NO_LINES:
            return self.rows()
        return [list(line) for line in self.geometry.lines]


class _Geometry:
    """A gravity mode's lines on the padded grid (``graphsearch.llk.gravity``), shared by
    every position of a search: ``passes``, and for a mode of fixed lines the ``lines``."""

    __slots__ = ("lines", "passes")

    def __init__(self, passes: tuple[tuple[tuple[int, ...], ...], ...], fixed: bool) -> None:
        self.passes = passes
        self.lines: tuple[tuple[int, ...], ...] = passes[0] if fixed else ()

    @staticmethod
    @cache
    def of(gravity: str, n: int, m: int, pad: int, W: int) -> _Geometry:
        return _Geometry(
            tuple(
                tuple(tuple((r + pad) * W + c + pad for r, c in line) for line in lines)
                for lines in passes(gravity, n, m)
            ),
            family(gravity) == FIXED_LINES,
        )
