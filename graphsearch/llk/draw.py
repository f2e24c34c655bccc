"""Text drawings of a board and a link path, for ``--format pretty``."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from graphsearch._palette import fill
from graphsearch.llk.link import Link

__all__ = ["path_cells", "render"]


def path_cells(path) -> dict[tuple[int, int], str]:
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
    marks = path_cells(link.path) if link is not None and link.path else {}
    ends = {link.path[0], link.path[-1]} if marks else set()
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


def link_svg(board: np.ndarray, link: Link | None, outside: bool = False, title: str = "") -> str:
    """An SVG of the board (tiles colored by type) with the link's path drawn over it.

    With ``outside`` the ring around the board is drawn dashed.  Raises ValueError for
    boards over SVG_LIMIT rows or columns.
    """
    import drawsvg as dw

    n, m = board.shape
    if max(n, m) > SVG_LIMIT:
        raise ValueError(f"boards over {SVG_LIMIT} x {SVG_LIMIT} are not drawn")
    cell = max(6, min(36, 720 // max(n, m)))
    ring = 1 if outside else 0
    pad, head = 12, 24 if title else 0
    width = (m + 2 * ring) * cell + 2 * pad
    height = (n + 2 * ring) * cell + 2 * pad + head
    draw = dw.Drawing(width, height)
    draw.append(dw.Rectangle(0, 0, width, height, fill="white"))
    if title:
        draw.append(
            dw.Text(title, 13, width / 2, pad + 8, text_anchor="middle", font_family="sans-serif")
        )
    top = pad + head

    def corner(r: int, c: int) -> tuple[float, float]:
        return pad + (c + ring) * cell, top + (r + ring) * cell

    if outside:
        x0, y0 = corner(-1, -1)
        draw.append(
            dw.Rectangle(
                x0,
                y0,
                (m + 2) * cell,
                (n + 2) * cell,
                fill="none",
                stroke="#999",
                stroke_dasharray="4,3",
            )
        )
    x0, y0 = corner(0, 0)
    draw.append(dw.Rectangle(x0, y0, m * cell, n * cell, fill="#fafafa", stroke="#888"))
    ends = {link.path[0], link.path[-1]} if link is not None and link.path else set()
    if ends:  # the path first, so that the tiles stand on it
        points = []
        for r, c in link.path:
            x, y = corner(r, c)
            points += [x + cell / 2, y + cell / 2]
        draw.append(
            dw.Lines(
                *points,
                close=False,
                fill="none",
                stroke="black",
                stroke_width=max(2, cell / 8),
                stroke_linejoin="round",
            )
        )
    for r, c in np.argwhere(board).tolist():
        kind = int(board[r, c])
        x, y = corner(r, c)
        draw.append(
            dw.Rectangle(
                x + 1,
                y + 1,
                cell - 2,
                cell - 2,
                rx=3,
                fill=fill(kind),
                stroke="black",
                stroke_width=3 if (r, c) in ends else 0.5,
            )
        )
        if cell >= 14:
            draw.append(
                dw.Text(
                    str(kind),
                    cell * 0.45,
                    x + cell / 2,
                    y + cell * 0.65,
                    text_anchor="middle",
                    font_family="sans-serif",
                )
            )
    return draw.as_svg()
