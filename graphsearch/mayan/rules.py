"""The rules of the Mayan puzzle: the one simulator every engine and model is checked against.

The rules work on a flat list of 35 cells, index ``x * 7 + y`` (0 = empty), which is also
what the search engine copies and hashes.  The public functions take and return ``Board``.

A move either swaps two neighbouring blocks or pulls a block out of its column and drops it
on top of the next one.  Then, until nothing changes, every block in a horizontal or vertical
run of three or more equal colors vanishes (all runs at once), and blocks above gaps fall.

Only a run through a cell whose content has just changed can be new: the board before the
move was stable, so the settle loop checks just the lines through the changed cells.
"""

from __future__ import annotations

from dataclasses import dataclass

from graphsearch.mayan.board import HEIGHT, WIDTH, Board, Move

__all__ = [
    "IllegalMoveError",
    "MoveTrace",
    "apply_move",
    "apply_move_traced",
    "find_runs",
    "is_solution",
    "legal_moves",
    "replay",
    "search_moves",
    "settle",
]

CELLS = WIDTH * HEIGHT


class IllegalMoveError(ValueError):
    """The move does not exist on that board (no block there, or off the board)."""


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


def _settle(grid: list[int], dirty, rounds: list | None = None) -> int:
    """Remove runs and let blocks fall until stable, in place; returns the blocks removed.

    ``dirty`` lists the cells whose content changed since the grid was last stable: every
    run passes through one of them.  When ``rounds`` is a list, the cells removed in each
    round are appended to it.
    """
    removed = 0
    while True:
        marked = set()
        for cell in dirty:
            color = grid[cell]
            if color:
                for a, b in PAIRS[cell]:
                    if grid[a] == color and grid[b] == color:
                        marked.add(cell)
                        marked.add(a)
                        marked.add(b)
        if not marked:
            return removed
        if rounds is not None:
            rounds.append(frozenset(marked))
        removed += len(marked)
        columns = set()
        for cell in marked:
            grid[cell] = 0
            columns.add(cell // HEIGHT)
        dirty = []
        for x in columns:
            write = base = x * HEIGHT
            for read in range(base, base + HEIGHT):
                color = grid[read]
                if color:
                    if read != write:
                        grid[write] = color
                        grid[read] = 0
                        dirty.append(write)
                    write += 1


def _drag(grid: list[int], src: int, g: int) -> list[int]:
    """Drag the block at cell ``src`` in direction ``g``, in place, without settling.

    The caller guarantees a block at ``src`` and a column ``x + g`` on the board.  Returns
    the cells whose content changed.
    """
    dst = src + HEIGHT * g
    if grid[dst]:
        grid[src], grid[dst] = grid[dst], grid[src]
        return [src, dst]
    color = grid[src]
    top = src - src % HEIGHT + HEIGHT
    cell = src
    while cell + 1 < top and grid[cell + 1]:  # the blocks above fall one cell
        grid[cell] = grid[cell + 1]
        cell += 1
    grid[cell] = 0
    dirty = list(range(src, cell))
    base = dst - dst % HEIGHT
    while dst > base and not grid[dst - 1]:  # the dragged block falls in its new column
        dst -= 1
    grid[dst] = color
    dirty.append(dst)
    return dirty


def _move(grid: list[int], src: int, g: int, rounds: list | None = None) -> int:
    """Apply a move in place and settle; returns the number of blocks removed."""
    return _settle(grid, _drag(grid, src, g), rounds)


def _search_moves(grid: list[int], same_color_swaps: bool) -> list[tuple[int, int]]:
    """The moves a search expands, as (cell, g), in answer order (x, y, right before left).

    A left move into an occupied cell is left out: it gives the same board as the right move
    of the left neighbour, which sorts earlier.
    """
    moves = []
    for src in range(CELLS):
        color = grid[src]
        if not color:
            continue
        if src < CELLS - HEIGHT and (same_color_swaps or grid[src + HEIGHT] != color):
            moves.append((src, 1))
        if src >= HEIGHT and not grid[src - HEIGHT]:
            moves.append((src, -1))
    return moves


def _check_move(board: Board, move: Move) -> None:
    if not (0 <= move.x < WIDTH and 0 <= move.y < HEIGHT) or not board[move.x, move.y]:
        raise IllegalMoveError(f"no block at ({move.x}, {move.y}) to move")
    if not 0 <= move.x + move.g < WIDTH:
        raise IllegalMoveError(f"move {move.to_text()} leaves the board")


def apply_move(board: Board, move: Move) -> Board:
    """The stable board after ``move`` and everything it sets off."""
    _check_move(board, move)
    grid = board.grid()
    _move(grid, move.x * HEIGHT + move.y, move.g)
    return Board.from_grid(grid)


@dataclass(frozen=True)
class MoveTrace:
    """What one move does: the board right after the drag, the cells ``(x, y)`` removed in
    each round of settling (as they stand in that round), and the stable board after."""

    dragged: Board
    rounds: tuple[frozenset[tuple[int, int]], ...]
    after: Board


def apply_move_traced(board: Board, move: Move) -> MoveTrace:
    """The move's effect step by step (see MoveTrace)."""
    _check_move(board, move)
    grid = board.grid()
    dirty = _drag(grid, move.x * HEIGHT + move.y, move.g)
    dragged = Board.from_grid(grid)
    rounds: list[frozenset[int]] = []
    _settle(grid, dirty, rounds)
    cells = tuple(frozenset(divmod(cell, HEIGHT) for cell in removed) for removed in rounds)
    return MoveTrace(dragged, cells, Board.from_grid(grid))


def find_runs(board: Board) -> set[tuple[int, int]]:
    """Every cell ``(x, y)`` that lies in a horizontal or vertical run of three or more."""
    grid = board.grid()
    cells = set()
    for cell, color in enumerate(grid):
        if color:
            for a, b in PAIRS[cell]:
                if grid[a] == color and grid[b] == color:
                    cells.add(divmod(cell, HEIGHT))
                    break
    return cells


def settle(board: Board) -> Board:
    """Remove all runs and let blocks fall, repeatedly, until the board is stable."""
    grid = board.grid()
    _settle(grid, range(CELLS))
    return Board.from_grid(grid)


def legal_moves(board: Board, *, same_color_swaps: bool = True) -> list[Move]:
    """Every move the statement allows on ``board``, in answer order.

    This includes a left move into an occupied cell (a swap with the left neighbour).  With
    ``same_color_swaps=False`` swaps of two blocks of one color are left out.
    """
    moves = []
    for x, column in enumerate(board.columns):
        for y, color in enumerate(column):
            for g in (1, -1):
                if 0 <= x + g < WIDTH and (same_color_swaps or board[x + g, y] != color):
                    moves.append(Move(x, y, g))
    return moves


def search_moves(board: Board, *, same_color_swaps: bool = True) -> list[Move]:
    """The moves the engines expand, in answer order: ``legal_moves`` less the left swaps."""
    return [
        Move(src // HEIGHT, src % HEIGHT, g)
        for src, g in _search_moves(board.grid(), same_color_swaps)
    ]


def replay(board: Board, moves) -> list[Board]:
    """The boards after each move in turn; raises IllegalMoveError on a move that is not legal."""
    boards = []
    for i, move in enumerate(moves, 1):
        try:
            board = apply_move(board, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {i} ({move.to_text()}): {exc}") from None
        boards.append(board)
    return boards


def is_solution(board: Board, n: int, moves, *, same_color_swaps: bool = True) -> bool:
    """True when ``moves`` are exactly ``n`` legal moves that leave ``board`` empty."""
    moves = list(moves)
    if len(moves) != n:
        return False
    for move in moves:
        try:
            _check_move(board, move)
        except IllegalMoveError:
            return False
        if not same_color_swaps and board[move.x, move.y] == board[move.x + move.g, move.y]:
            return False
        board = apply_move(board, move)
    return board.is_empty()
