"""Hypothesis strategies for Mayan boards: random stable boards, and solvable puzzles built
by playing backwards from the empty board."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hypothesis import assume
from hypothesis import strategies as st

from graphsearch.mayan import HEIGHT, WIDTH, Board, Move, Puzzle, apply_move, find_runs


@st.composite
def boards(draw, max_blocks=12, max_colors=3, max_height=7, stable=True):
    """A board of at most ``max_blocks`` blocks in colors 1..max_colors, without runs."""
    heights = draw(st.lists(st.integers(0, max_height), min_size=5, max_size=5))
    while sum(heights) > max_blocks:
        tallest = max(range(5), key=heights.__getitem__)
        heights[tallest] -= 1
    colors = st.integers(1, max_colors)
    columns = [draw(st.lists(colors, min_size=h, max_size=h)) for h in heights]
    if stable:  # recolor a block that would end a run, rather than draw again and again
        for x, column in enumerate(columns):
            for y, color in enumerate(column):
                banned = set()
                if y >= 2 and column[y - 1] == column[y - 2]:
                    banned.add(column[y - 1])
                level = x >= 2 and all(len(columns[x - d]) > y for d in (1, 2))
                if level and columns[x - 1][y] == columns[x - 2][y]:
                    banned.add(columns[x - 1][y])
                free = [c for c in range(1, max_colors + 1) if c not in banned]
                if color in banned and free:
                    column[y] = free[(color - 1) % len(free)]
    board = Board.from_columns(columns)
    if stable:
        assume(not find_runs(board))
    return board


@dataclass(frozen=True)
class Solvable:
    """A puzzle with one solution known by construction (no same-color swap in it)."""

    puzzle: Puzzle
    solution: tuple[Move, ...]


def _with_triple(columns: list[list[int]], rng: random.Random, color: int) -> list[list[int]]:
    """The columns with a run of three ``color`` blocks inserted, vertical or horizontal, so
    that once it vanishes and the blocks above fall back, the columns are as before."""
    cols = [list(c) for c in columns]
    if rng.random() < 0.5:
        x = rng.randrange(WIDTH)
        y = rng.randint(0, len(cols[x]))
        cols[x][y:y] = [color] * 3
    else:
        x = rng.randrange(WIDTH - 2)
        y = rng.randint(0, min(len(cols[x + i]) for i in range(3)))
        for i in range(3):
            cols[x + i].insert(y, color)
    return cols


def _undo_candidates(cols: list[list[int]], color: int) -> list[tuple[list[list[int]], Move]]:
    """Boards one move before ``cols``, each with the move that leads back: a block of
    ``color`` swapped with a neighbour of another color, or a top block of ``color`` lifted
    onto the next column."""
    out = []
    for x in range(WIDTH):
        for y, c in enumerate(cols[x]):
            if c != color:
                continue
            for d in (1, -1):
                nx = x + d
                if not 0 <= nx < WIDTH:
                    continue
                if y < len(cols[nx]) and cols[nx][y] != color:
                    prev = [list(col) for col in cols]
                    prev[x][y], prev[nx][y] = prev[nx][y], prev[x][y]
                    out.append((prev, Move(nx, y, -d)))
                elif y == len(cols[x]) - 1 and len(cols[nx]) >= y and len(cols[nx]) < HEIGHT:
                    prev = [list(col) for col in cols]
                    prev[nx].append(prev[x].pop())
                    out.append((prev, Move(nx, len(prev[nx]) - 1, -d)))
    return out


def unplay(board: Board, rng: random.Random, colors: int, tries: int = 60) -> tuple[Board, Move]:
    """A stable board and a move (not a same-color swap) that turns it into ``board``."""
    columns = [list(c) for c in board.columns]
    for _ in range(tries):
        color = rng.randint(1, colors)
        cols = _with_triple(columns, rng, color)
        if max(map(len, cols)) > HEIGHT:
            continue
        candidates = _undo_candidates(cols, color)
        rng.shuffle(candidates)
        for prev_cols, move in candidates:
            if max(map(len, prev_cols)) > HEIGHT:
                continue
            prev = Board.from_columns(prev_cols)
            if find_runs(prev) or prev[move.x, move.y] == prev[move.x + move.g, move.y]:
                continue
            if apply_move(prev, move) == board:
                return prev, move
    raise LookupError("no board one move before this one was found")


@st.composite
def solvable_puzzles(draw, max_moves=3, colors=4):
    """A puzzle of 1..max_moves moves that can be cleared, with a clearing built backwards
    from the empty board (each step inserts a run of three and undoes one move of it)."""
    n = draw(st.integers(1, max_moves))
    rng = draw(st.randoms(use_true_random=False))
    board = Board.empty()
    moves: list[Move] = []
    for _ in range(n):
        try:
            board, move = unplay(board, rng, colors)
        except LookupError:
            assume(False)
        moves.insert(0, move)
    return Solvable(Puzzle(n, board), tuple(moves))
