"""An independent, deliberately naive statement of the Mayan rules for the tests.

It shares no code with the library: a 5 x 7 array, a full scan for runs every round.
"""

from __future__ import annotations

from itertools import product

W, H = 5, 7


def to_grid(columns):
    grid = [[0] * H for _ in range(W)]
    for x, column in enumerate(columns):
        for y, color in enumerate(column):
            grid[x][y] = color
    return grid


def to_columns(grid):
    return tuple(tuple(c for c in column if c) for column in grid)


def gravity(grid):
    for x in range(W):
        stack = [c for c in grid[x] if c]
        grid[x] = stack + [0] * (H - len(stack))


def settle(grid):
    while True:
        marked = set()
        for x in range(W):
            for y in range(H):
                c = grid[x][y]
                if not c:
                    continue
                if x + 2 < W and grid[x + 1][y] == c and grid[x + 2][y] == c:
                    marked |= {(x, y), (x + 1, y), (x + 2, y)}
                if y + 2 < H and grid[x][y + 1] == c and grid[x][y + 2] == c:
                    marked |= {(x, y), (x, y + 1), (x, y + 2)}
        if not marked:
            return
        for x, y in marked:
            grid[x][y] = 0
        gravity(grid)


def move(columns, x, y, g):
    """The columns after dragging (x, y) by g, or None when the move does not exist."""
    grid = to_grid(columns)
    if not (0 <= x < W and 0 <= y < H and 0 <= x + g < W) or not grid[x][y]:
        return None
    if grid[x + g][y]:
        grid[x][y], grid[x + g][y] = grid[x + g][y], grid[x][y]
    else:
        color = grid[x][y]
        grid[x][y] = 0
        gravity(grid)  # the blocks above fall into the gap
        height = sum(1 for c in grid[x + g] if c)
        grid[x + g][height] = color
    settle(grid)
    return to_columns(grid)


def all_moves(columns, same_color_swaps=True):
    """Every legal move in answer order: x, y, then 1 before -1."""
    grid = to_grid(columns)
    out = []
    for x, y, g in product(range(W), range(H), (1, -1)):
        if grid[x][y] and 0 <= x + g < W and (same_color_swaps or grid[x + g][y] != grid[x][y]):
            out.append((x, y, g))
    return out


def brute_force(columns, n, same_color_swaps=True):
    """The smallest n-move clearing sequence over all legal moves, or None (exhaustive)."""

    def go(cols, k):
        if k == 0:
            return [] if not any(cols) else None
        for x, y, g in all_moves(cols, same_color_swaps):
            rest = go(move(cols, x, y, g), k - 1)
            if rest is not None:
                return [(x, y, g), *rest]
        return None

    return go(tuple(tuple(c) for c in columns), n)


def canonical_moves(columns, same_color_swaps=True):
    """The legal moves less the left swaps (each swap counted once, as a right move)."""
    grid = to_grid(columns)
    return [
        (x, y, g)
        for x, y, g in all_moves(columns, same_color_swaps)
        if not (g == -1 and grid[x - 1][y])
    ]


def all_solutions(columns, n, same_color_swaps=True):
    """Every n-move clearing sequence of canonical moves, in answer order (exhaustive)."""

    def go(cols, k):
        if k == 0:
            if not any(cols):
                yield []
            return
        for x, y, g in canonical_moves(cols, same_color_swaps):
            for rest in go(move(cols, x, y, g), k - 1):
                yield [(x, y, g), *rest]

    return list(go(tuple(tuple(c) for c in columns), n))
