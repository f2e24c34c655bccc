"""The lines of three cells on the 5 x 7 board, on the flat cell list the rules work on.

Cells are numbered ``x * 7 + y`` (column x from the left, row y from the bottom); a grid is
a list of 35 colors, 0 for empty.  Both the board type (to refuse an unstable board) and
the rules (to find what a move sets off) need the runs of three, so they live here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

__all__ = ["CELLS", "HEIGHT", "PAIRS", "WIDTH", "run_cells"]

WIDTH = 5
HEIGHT = 7
CELLS = WIDTH * HEIGHT


def _pairs_through(cell: int) -> tuple[tuple[int, int], ...]:
    """For each line of three cells through ``cell``, the other two cells."""
    x, y = divmod(cell, HEIGHT)
    pairs = []
    for dx, dy in ((1, 0), (0, 1)):
        for start in (-2, -1, 0):
            line = [(x + dx * (start + k), y + dy * (start + k)) for k in range(3)]
            if all(0 <= cx < WIDTH and 0 <= cy < HEIGHT for cx, cy in line):
                others = [cx * HEIGHT + cy for cx, cy in line if (cx, cy) != (x, y)]
                pairs.append((others[0], others[1]))
    return tuple(pairs)


# PAIRS[c]: the lines of three through cell c, each as the two other cells.
PAIRS = tuple(_pairs_through(cell) for cell in range(CELLS))


def run_cells(grid: Sequence[int], cells: Iterable[int] = range(CELLS)) -> set[int]:
    """The cells among ``cells`` (all by default) that lie in a run of three or more, with
    the other cells of those runs."""
    marked: set[int] = set()
    for cell in cells:
        color = grid[cell]
        if color:
            for a, b in PAIRS[cell]:
                if grid[a] == color and grid[b] == color:
                    marked.update((cell, a, b))
    return marked
