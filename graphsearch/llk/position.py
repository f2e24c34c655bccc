"""The board the whole-board searches play on: a flat padded grid with row and column
bitsets, so that a link test costs a few integer operations and a removal a few more.

Tile types are renumbered 1..T.  The grid is padded with walls (and, with ``outside``, a
ring of empty cells inside the walls), so no step ever leaves it.  Cells are flat indices
``y * W + x`` on the padded grid.  ``links`` agrees with the link rule of
``graphsearch.llk`` (the tests check it against the scan engine); ``game.replay`` is the
rule every clearing is checked with.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator
from functools import cache
from typing import TYPE_CHECKING

from graphsearch.llk.gravity import canonical, passes
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
    """A settled board: the padded grid, its occupancy bitsets, and the cells of each type."""

    __slots__ = (
        "H",
        "W",
        "cols",
        "geometry",
        "gravity",
        "grid",
        "m",
        "n",
        "pad",
        "rows",
        "tiles",
        "types",
    )

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
        self._index()

    def _index(self) -> None:
        """Rebuild the bitsets and the cells of each type from the grid."""
        W = self.W
        rows = [0] * self.H
        cols = [0] * W
        tiles: list[list[int]] = [[] for _ in self.types]
        for cell, value in enumerate(self.grid):
            if value:
                y, x = divmod(cell, W)
                rows[y] |= 1 << x
                cols[x] |= 1 << y
                if value > 0:
                    tiles[value].append(cell)
        self.rows, self.cols, self.tiles = rows, cols, tiles

    def copy(self) -> Position:
        other = Position.__new__(Position)
        other.H, other.W, other.n, other.m, other.pad = self.H, self.W, self.n, self.m, self.pad
        other.gravity, other.types, other.geometry = self.gravity, self.types, self.geometry
        other.grid = self.grid[:]
        other.rows = self.rows[:]
        other.cols = self.cols[:]
        other.tiles = [t[:] for t in self.tiles]
        return other

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

    # --- the link rule -------------------------------------------------------------------

    def links(self, a: int, b: int, max_turns: int = 2) -> bool:
        """Whether the tiles at cells a and b can be joined with at most ``max_turns`` turns
        through empty cells (the caller checks that they are two tiles of one type)."""
        return links(self.rows, self.cols, self.W, a, b, max_turns)

    # --- moves ---------------------------------------------------------------------------

    def pairs(self, kind: int) -> Iterator[tuple[int, int]]:
        cells = self.tiles[kind]
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                yield a, b

    def remove(self, a: int, b: int) -> None:
        """Remove two tiles and settle (with gravity, the tiles of their lines move)."""
        grid, W = self.grid, self.W
        kind = grid[a]
        for cell in (a, b):
            grid[cell] = 0
            y, x = divmod(cell, W)
            self.rows[y] &= ~(1 << x)
            self.cols[x] &= ~(1 << y)
        self.tiles[kind].remove(a)
        self.tiles[kind].remove(b)
        if self.gravity != "none":
            self._settle(a, b)

    def _settle(self, *cells: int) -> None:
        """Settle after the cells were emptied: their lines fall, or (``outward``,
        ``inward``) the passes repeat until no tile moves."""
        geometry = self.geometry
        moved: set[int] = set()
        if geometry.line_of:
            for line in {geometry.line_of[c] for c in cells}:
                moved |= self._fall(geometry.lines[line])
        else:
            changed = True
            while changed:
                changed = False
                for lines in geometry.passes:
                    for line_cells in lines:
                        fell = self._fall(line_cells)
                        if fell:
                            moved |= fell
                            changed = True
        for kind in moved:
            self.tiles[kind].sort()

    def lines(self) -> list[list[int]]:
        """With a gravity of fixed lines: the cells of every line, from the end its tiles
        fall toward; without gravity, the rows."""
        if self.gravity == "none":
            W, pad = self.W, self.pad
            return [[(y + pad) * W + x + pad for x in range(self.m)] for y in range(self.n)]
        return [list(line) for line in self.geometry.lines]

    def _fall(self, cells: tuple[int, ...]) -> set[int]:
        """Slide the tiles of one line to its end, keeping the bitsets and the cells of
        each type up to date; the types moved."""
        W, grid = self.W, self.grid
        kept = [grid[c] for c in cells if grid[c]]
        moved = set()
        for i, c in enumerate(cells):
            old, new = grid[c], kept[i] if i < len(kept) else 0
            if old == new:
                continue
            grid[c] = new
            y, x = divmod(c, W)
            if old:
                self.tiles[old].remove(c)
                moved.add(old)
            if new:
                self.tiles[new].append(c)
                moved.add(new)
            else:
                self.rows[y] &= ~(1 << x)
                self.cols[x] &= ~(1 << y)
            if not old:
                self.rows[y] |= 1 << x
                self.cols[x] |= 1 << y
        return moved


class _Geometry:
    """A gravity mode's lines on the padded grid (``graphsearch.llk.gravity``), shared by
    every position of a search: ``passes``, and for a mode of fixed lines the ``lines``
    and the line of each cell (``line_of``)."""

    __slots__ = ("line_of", "lines", "passes")

    def __init__(self, passes: tuple[tuple[tuple[int, ...], ...], ...]) -> None:
        self.passes = passes
        self.lines: tuple[tuple[int, ...], ...] = passes[0] if len(passes) == 1 else ()
        self.line_of = {c: i for i, line in enumerate(self.lines) for c in line}

    @staticmethod
    @cache
    def of(gravity: str, n: int, m: int, pad: int, W: int) -> _Geometry:
        return _Geometry(
            tuple(
                tuple(tuple((r + pad) * W + c + pad for r, c in line) for line in lines)
                for lines in passes(gravity, n, m)
            )
        )


def links(rows: list[int], cols: list[int], W: int, a: int, b: int, max_turns: int) -> bool:
    """The link rule on occupancy bitsets (``rows[y]`` bit x, ``cols[x]`` bit y; the cells
    a and b are occupied, the grid is walled in)."""
    ay, ax = divmod(a, W)
    by, bx = divmod(b, W)
    if max_turns == 2:
        return _two(rows, cols, ay, ax, by, bx)
    if max_turns < 2:
        return _straight_or_l(rows, cols, ay, ax, by, bx, max_turns)
    return _turns_bfs(rows, W, a, b, max_turns)


def _two(rows: list[int], cols: list[int], ay: int, ax: int, by: int, bx: int) -> bool:
    """Row - column - row or column - row - column through the tiles' empty stretches
    (a straight line and an L are the shapes whose middle piece is empty)."""
    # the rows both tiles reach along their columns; an empty row piece joining them
    lo = max(_low(cols[ax], ay), _low(cols[bx], by))
    hi = min(_high(cols[ax], ay), _high(cols[bx], by))
    if lo <= hi and ax != bx:
        between = _between(ax, bx)
        for y in range(lo, hi + 1):
            if not rows[y] & between:
                return True
    lo = max(_low(rows[ay], ax), _low(rows[by], bx))
    hi = min(_high(rows[ay], ax), _high(rows[by], bx))
    if lo <= hi and ay != by:
        between = _between(ay, by)
        for x in range(lo, hi + 1):
            if not cols[x] & between:
                return True
    return False


def _straight_or_l(
    rows: list[int], cols: list[int], ay: int, ax: int, by: int, bx: int, max_turns: int
) -> bool:
    if ay == by and not rows[ay] & _between(ax, bx):
        return True
    if ax == bx and not cols[ax] & _between(ay, by):
        return True
    if max_turns < 1 or ay == by or ax == bx:
        return False
    for cy, cx in ((ay, bx), (by, ax)):  # the two corners
        if rows[cy] >> cx & 1:
            continue
        if not rows[cy] & _between(ax, bx) and not cols[cx] & _between(ay, by):
            return True
    return False


def _turns_bfs(rows: list[int], W: int, a: int, b: int, max_turns: int) -> bool:
    """Turn by turn: the cells one more straight piece reaches (any turn limit)."""
    seen = {a}
    frontier = [a]
    for _ in range(max_turns + 1):
        if not frontier:
            return False
        reached = []
        for cell in frontier:
            for step in (1, -1, W, -W):
                nxt = cell + step
                while True:
                    if nxt == b:
                        return True
                    y, x = divmod(nxt, W)
                    if rows[y] >> x & 1:
                        break
                    if nxt not in seen:
                        seen.add(nxt)
                        reached.append(nxt)
                    nxt += step
        frontier = reached
    return False


def _low(bits: int, i: int) -> int:
    """The first position of the empty run before position i (the walls bound it)."""
    return (bits & ((1 << i) - 1)).bit_length()


def _high(bits: int, i: int) -> int:
    """The last position of the empty run after position i."""
    above = bits >> (i + 1)
    return i + (above & -above).bit_length() - 1


def _between(i: int, j: int) -> int:
    """The bits strictly between positions i and j."""
    if i > j:
        i, j = j, i
    return ((1 << j) - 1) & ~((1 << (i + 1)) - 1)
