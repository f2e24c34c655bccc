"""Text drawings of a board and a link path, for ``--format pretty``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any

import numpy as np

from graphsearch._palette import fill
from graphsearch.llk.link import Link

__all__ = ["SVG_LIMIT", "BoardPicture", "link_svg", "path_cells", "render"]


def path_cells(path: Sequence[tuple[int, int]]) -> dict[tuple[int, int], str]:
    """Every cell a path of corner points covers, with the mark to draw there."""
    marks: dict[tuple[int, int], str] = {}
    for (r0, c0), (r1, c1) in pairwise(path):
        steps = max(abs(r1 - r0), abs(c1 - c0))
        dr, dc = (r1 > r0) - (r1 < r0), (c1 > c0) - (c1 < c0)
        for i in range(steps + 1):
            marks[(r0 + dr * i, c0 + dc * i)] = "-" if dr == 0 else "|"
    for corner in path[1:-1]:
        marks[corner] = "+"
    return marks


def render(board: np.ndarray, link: Link | None = None, outside: bool = False) -> str:
    """The board, tiles by type and ``.`` for empty; a path drawn with ``- | +``.

    The two linked tiles are shown in brackets.  With ``outside`` the ring is drawn too.
    """
    n, m = board.shape
    path = link.path if link is not None else None
    marks = path_cells(path) if path else {}
    ends = {path[0], path[-1]} if path else set()
    lo = -1 if outside else 0
    width = max(len(str(int(board.max()))) if board.size else 1, 1) + 2
    lines = []
    for r in range(lo, n - lo):
        cells = []
        for c in range(lo, m - lo):
            inside = 0 <= r < n and 0 <= c < m
            tile = int(board[r, c]) if inside else 0
            if (r, c) in ends:
                text = f"[{tile}]"
            elif tile:
                text = str(tile)
            else:
                text = marks.get((r, c), ".")
            cells.append(text.center(width))
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


SVG_LIMIT = 200  # boards up to this many rows and columns can be drawn


@dataclass
class BoardPicture:
    """A drawing of one board: cells of ``cell`` pixels, the ring around it with
    ``outside``, a title above; paths and tiles are added in layers."""

    draw: Any  # a drawsvg.Drawing
    shape: tuple[int, int]
    cell: int
    ring: int
    pad: int
    top: int

    @classmethod
    def new(cls, shape: tuple[int, int], outside: bool, title: str = "") -> BoardPicture:
        """An empty picture (white, the title) for a board of ``shape``; ValueError for
        boards over SVG_LIMIT rows or columns."""
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        n, m = shape
        if max(n, m) > SVG_LIMIT:
            raise ValueError(f"boards of over {SVG_LIMIT} rows or columns are not drawn")
        cell = max(6, min(36, 720 // max(n, m)))
        ring = 1 if outside else 0
        pad, head = 12, 24 if title else 0
        width = (m + 2 * ring) * cell + 2 * pad
        height = (n + 2 * ring) * cell + 2 * pad + head
        draw = dw.Drawing(width, height)
        draw.append(dw.Rectangle(0, 0, width, height, fill="white"))
        if title:
            draw.append(
                dw.Text(
                    title, 13, width / 2, pad + 8, text_anchor="middle", font_family="sans-serif"
                )
            )
        return cls(draw, shape, cell, ring, pad, pad + head)

    def corner(self, r: int, c: int) -> tuple[float, float]:
        """The upper left corner of cell (r, c); the ring is row and column -1."""
        return self.pad + (c + self.ring) * self.cell, self.top + (r + self.ring) * self.cell

    def frame(self) -> None:
        """The board's background, and the ring dashed around it."""
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        n, m = self.shape
        if self.ring:
            x0, y0 = self.corner(-1, -1)
            self.draw.append(
                dw.Rectangle(
                    x0,
                    y0,
                    (m + 2) * self.cell,
                    (n + 2) * self.cell,
                    fill="none",
                    stroke="#999",
                    stroke_dasharray="4,3",
                )
            )
        x0, y0 = self.corner(0, 0)
        self.draw.append(
            dw.Rectangle(x0, y0, m * self.cell, n * self.cell, fill="#fafafa", stroke="#888")
        )

    def path(self, path: Sequence[tuple[int, int]], stroke: str = "black") -> None:
        """A line through the centres of a path's corner points."""
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        points: list[float] = []
        for r, c in path:
            x, y = self.corner(r, c)
            points += [x + self.cell / 2, y + self.cell / 2]
        self.draw.append(
            dw.Lines(
                *points,
                close=False,
                fill="none",
                stroke=stroke,
                stroke_width=max(2, self.cell / 8),
                stroke_linejoin="round",
            )
        )

    def tile(self, r: int, c: int, kind: int, label: str, bold: bool = False) -> None:
        """A tile colored by its type, with ``label`` written on it when there is room."""
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        x, y = self.corner(r, c)
        cell = self.cell
        self.draw.append(
            dw.Rectangle(
                x + 1,
                y + 1,
                cell - 2,
                cell - 2,
                rx=3,
                fill=fill(kind),
                stroke="black",
                stroke_width=3 if bold else 0.5,
            )
        )
        if cell >= 14:
            self.draw.append(
                dw.Text(
                    label,
                    cell * 0.45,
                    x + cell / 2,
                    y + cell * 0.65,
                    text_anchor="middle",
                    font_family="sans-serif",
                )
            )

    def svg(self) -> str:
        return str(self.draw.as_svg())


def link_svg(board: np.ndarray, link: Link | None, outside: bool = False, title: str = "") -> str:
    """An SVG of the board (tiles colored by type) with the link's path drawn over it.

    With ``outside`` the ring around the board is drawn dashed.  Raises ValueError for
    boards over SVG_LIMIT rows or columns.
    """
    n, m = board.shape
    picture = BoardPicture.new((n, m), outside, title)
    picture.frame()
    path = link.path if link is not None else None
    ends = {path[0], path[-1]} if path else set()
    if path:  # the path first, so that the tiles stand on it
        picture.path(path)
    for r, c in np.argwhere(board).tolist():
        kind = int(board[r, c])
        picture.tile(r, c, kind, str(kind), bold=(r, c) in ends)
    return picture.svg()
