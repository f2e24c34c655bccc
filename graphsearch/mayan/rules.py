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

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from graphsearch._checks import check_flag
from graphsearch.errors import InvalidInputError
from graphsearch.mayan.board import Board, InvalidBoardError, Move, find_runs
from graphsearch.mayan.lines import CELLS, HEIGHT, WIDTH, run_cells

__all__ = [
    "IllegalMoveError",
    "MoveTrace",
    "apply_move",
    "apply_move_traced",
    "find_runs",
    "grid_moves",
    "is_solution",
    "legal_moves",
    "play",
    "replay",
    "search_moves",
    "settle",
]


class IllegalMoveError(InvalidInputError):
    """The move does not exist on that board (no block there, or off the board)."""


def _settle(
    grid: list[int],
    changed: Iterable[int],
    rounds: list[frozenset[int]] | None = None,
    boards: list[list[int]] | None = None,
) -> int:
    """Remove runs and let blocks fall until stable, in place; returns the blocks removed.

    ``changed`` lists the cells whose content changed since the grid was last stable: every
    run passes through one of them.  When ``rounds`` is a list, the cells removed in each
    round are appended to it, and when ``boards`` is one, the grid after each round's fall.
    """
    removed = 0
    dirty = changed
    while True:
        marked = run_cells(grid, dirty)
        if not marked:
            return removed
        if rounds is not None:
            rounds.append(frozenset(marked))
        removed += len(marked)
        columns = set()
        for cell in marked:
            grid[cell] = 0
            columns.add(cell // HEIGHT)
        fallen: list[int] = []
        for x in columns:
            write = base = x * HEIGHT
            for read in range(base, base + HEIGHT):
                color = grid[read]
                if color:
                    if read != write:
                        grid[write] = color
                        grid[read] = 0
                        fallen.append(write)
                    write += 1
        if boards is not None:
            boards.append(grid[:])
        dirty = fallen


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


def play(grid: list[int], src: int, g: int) -> int:
    """Apply the move of the block at cell ``src`` in direction ``g`` to a flat grid, in
    place, and settle it; returns the number of blocks removed.

    This is the engines' fast path: the caller guarantees a block at ``src`` and a column
    ``x + g`` on the board (``grid_moves`` gives only such moves).
    """
    return _settle(grid, _drag(grid, src, g))


def grid_moves(grid: Sequence[int], same_color_swaps: bool) -> list[tuple[int, int]]:
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


def _board(board: object) -> Board:
    """``board`` when it is a Board."""
    if not isinstance(board, Board):
        raise InvalidBoardError(
            f"expected a Board (Board.from_columns or Board.parse makes one), not "
            f"{type(board).__name__}"
        )
    return board


def _check_move(board: Board, move: Move) -> None:
    if not (0 <= move.x < WIDTH and 0 <= move.y < HEIGHT) or not board[move.x, move.y]:
        raise IllegalMoveError(f"no block at ({move.x}, {move.y}) to move")
    if not 0 <= move.x + move.g < WIDTH:
        raise IllegalMoveError(f"move {move.to_text()} leaves the board")


def apply_move(board: Board, move: Move) -> Board:
    """The stable board after ``move`` (a Move or an ``(x, y, g)`` triple) and everything
    it sets off."""
    board, move = _board(board), Move.of(move)
    _check_move(board, move)
    grid = board.grid()
    play(grid, move.x * HEIGHT + move.y, move.g)
    return Board.from_grid(grid)


@dataclass(frozen=True)
class MoveTrace:
    """What one move does: the board right after the drag, the cells ``(x, y)`` removed in
    each round of settling (as they stand in that round), and the stable board after;
    ``fallen``: the board after each round's removal and fall (the last one is ``after``)."""

    dragged: Board
    rounds: tuple[frozenset[tuple[int, int]], ...]
    after: Board
    fallen: tuple[Board, ...] = ()


def apply_move_traced(board: Board, move: Move) -> MoveTrace:
    """The move's effect step by step (see MoveTrace)."""
    board, move = _board(board), Move.of(move)
    _check_move(board, move)
    grid = board.grid()
    dirty = _drag(grid, move.x * HEIGHT + move.y, move.g)
    dragged = Board.from_grid(grid)
    rounds: list[frozenset[int]] = []
    boards: list[list[int]] = []
    _settle(grid, dirty, rounds, boards)
    cells = tuple(frozenset(divmod(cell, HEIGHT) for cell in removed) for removed in rounds)
    fallen = tuple(Board.from_grid(b) for b in boards)
    return MoveTrace(dragged, cells, Board.from_grid(grid), fallen)


def settle(board: Board) -> Board:
    """Remove all runs and let blocks fall, repeatedly, until the board is stable."""
    grid = _board(board).grid()
    _settle(grid, range(CELLS))
    return Board.from_grid(grid)


def legal_moves(board: Board, *, same_color_swaps: bool = True) -> list[Move]:
    """Every move the statement allows on ``board``, in answer order.

    This includes a left move into an occupied cell (a swap with the left neighbour).  With
    ``same_color_swaps=False`` swaps of two blocks of one color are left out.
    """
    board = _board(board)
    check_flag("same_color_swaps", same_color_swaps, InvalidBoardError)
    moves = []
    for x, column in enumerate(board.columns):
        for y, color in enumerate(column):
            for g in (1, -1):
                if 0 <= x + g < WIDTH and (same_color_swaps or board[x + g, y] != color):
                    moves.append(Move(x, y, g))
    return moves


def search_moves(board: Board, *, same_color_swaps: bool = True) -> list[Move]:
    """The moves the engines expand, in answer order: ``legal_moves`` less the left swaps."""
    board = _board(board)
    check_flag("same_color_swaps", same_color_swaps, InvalidBoardError)
    return [
        Move(src // HEIGHT, src % HEIGHT, g)
        for src, g in grid_moves(board.grid(), same_color_swaps)
    ]


def replay(board: Board, moves: Iterable[Move]) -> list[Board]:
    """The boards after each move in turn; raises IllegalMoveError on a move that is not legal."""
    board = _board(board)
    boards = []
    for i, given in enumerate(moves, 1):
        move = Move.of(given)
        try:
            board = apply_move(board, move)
        except IllegalMoveError as exc:
            raise IllegalMoveError(f"move {i} ({move.to_text()}): {exc}") from None
        boards.append(board)
    return boards


def is_solution(
    board: Board, n: int, moves: Iterable[Move], *, same_color_swaps: bool = True
) -> bool:
    """True when ``moves`` are exactly ``n`` legal moves that leave ``board`` empty."""
    board = _board(board)
    check_flag("same_color_swaps", same_color_swaps, InvalidBoardError)
    sequence = [Move.of(move) for move in moves]
    if len(sequence) != n:
        return False
    for move in sequence:
        try:
            _check_move(board, move)
        except IllegalMoveError:
            return False
        if not same_color_swaps and board[move.x, move.y] == board[move.x + move.g, move.y]:
            return False
        board = apply_move(board, move)
    return board.is_empty()
