"""Text drawings of a board and a link path, for ``--format pretty``."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

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
