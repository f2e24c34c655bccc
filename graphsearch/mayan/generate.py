"""Making Mayan puzzles with exactly one solution.

Two ways to propose a candidate, both checked the same way afterwards:

* **backwards** (the default): start from the empty board and, n times, insert a run of
  three to five blocks of one color (vertical in a column, or level across adjacent
  columns) and undo one move that could have completed it: a swap with a neighbour of
  another color, or a top block lifted back onto the next column.  The rule simulator then
  plays the undone move forward; the step is kept only if that gives back exactly the board
  before the step (a chain or a stray run would change it).  So every candidate has a
  clearing of n moves by construction.
* **sampling**: deal the blocks at random onto the columns (no runs) and hope.

A candidate becomes a puzzle when ``count_solutions`` (an exhaustive count, stopped at two)
finds exactly one solution under the chosen convention.  ``benchmarks/generate_bench.py``
measures both: building backwards finds unique puzzles much faster, since a
random board almost never has a solution at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from graphsearch._words import plural
from graphsearch.budget import Budget
from graphsearch.mayan.board import HEIGHT, MAX_COLOR, WIDTH, Board, Move, Puzzle, find_runs
from graphsearch.mayan.count import count_solutions
from graphsearch.mayan.rules import apply_move, grid_moves, play
from graphsearch.mayan.search import solve

__all__ = ["METHODS", "GeneratedPuzzle", "deal", "generate_puzzles", "plausible_first_moves"]

METHODS = ("backwards", "sampling")


@dataclass(frozen=True)
class GeneratedPuzzle:
    """A puzzle with exactly one solution, the solution, and how hard it looks: the nodes
    the search expands to find it, and the first moves that pass the move bound."""

    puzzle: Puzzle
    solution: tuple[Move, ...]
    nodes: int
    plausible_first_moves: int
    candidates: int  # candidates proposed before this one was accepted


# Candidates that could not be built, from the first, after which the settings are taken to
# allow none (one color, say: every board it builds holds a run of three at the start).
UNBUILT_LIMIT = 200


def generate_puzzles(
    n: int,
    *,
    seed: int,
    count: int = 1,
    colors: int = 4,
    blocks: int | None = None,
    same_color_swaps: bool = True,
    method: str = "backwards",
    max_candidates: int = 100_000,
    progress: Callable[[int, int], None] | None = None,
    budget: Budget | None = None,
) -> Iterator[GeneratedPuzzle]:
    """``count`` puzzles of n moves with exactly one solution each, in colors 1..colors.

    ``blocks`` fixes the number of blocks (backwards: 3n to 5n, a run of three to five a
    step); otherwise backwards uses runs of three and sampling deals 3 to 5 blocks per move.
    Puzzle i depends only on (seed, i), so the same seed gives the same puzzles.  Raises
    LookupError, with what became of them, when ``max_candidates`` candidates in a row are
    not unique.  ``progress(i, tried)`` is called before each candidate for puzzle i.
    ``budget`` limits the seconds of the whole run and can stop it from another thread
    (``SearchTimeout``; the puzzles yielded before stand); its node limit applies to each
    count and search the maker runs, in their states.
    """
    if n < 1:
        raise ValueError("a puzzle has at least one move")
    if not 1 <= colors <= MAX_COLOR:
        raise ValueError(f"colors must be 1..{MAX_COLOR}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}")
    if blocks is not None:
        low, high = (3 * n, 5 * n) if method == "backwards" else (3, WIDTH * HEIGHT)
        if not low <= blocks <= high:
            raise ValueError(f"with {plural(n, 'move')}, {method} places {low} to {high} blocks")
    for i in range(count):
        rng = random.Random(f"mayan/{seed}/{i}")
        tally = {"could not be built": 0, "no solution": 0, "several solutions": 0}
        for tried in range(1, max_candidates + 1):
            if progress is not None:
                progress(i, tried)
            if method == "backwards":
                board = _backwards(rng, n, colors, blocks)
            else:
                board = _sample(rng, n, colors, blocks)
            if board is None or board.is_empty():
                tally["could not be built"] += 1
                if tally["could not be built"] == tried == UNBUILT_LIMIT:
                    raise LookupError(
                        f"puzzle {i + 1}: the first {tried} candidates could not be built "
                        f"({method}, colors 1..{colors}, {plural(n, 'move')}); try more colors "
                        "or another --method"
                    )
                continue
            puzzle = Puzzle(n, board)
            if budget is not None:
                budget.check(None, "the maker had not finished")
            counted = count_solutions(
                puzzle, same_color_swaps=same_color_swaps, limit=2, budget=budget
            )
            if counted.count != 1:
                tally["several solutions" if counted.count else "no solution"] += 1
                continue
            result = solve(puzzle, same_color_swaps=same_color_swaps, budget=budget)
            assert result.moves is not None  # the count found one
            yield GeneratedPuzzle(
                puzzle,
                result.moves,
                result.stats.nodes or 0,
                plausible_first_moves(puzzle, same_color_swaps=same_color_swaps),
                tried,
            )
            break
        else:
            why = ", ".join(f"{k}: {v}" for k, v in tally.items() if v)
            raise LookupError(
                f"puzzle {i + 1}: none of {max_candidates} candidates in a row had exactly one "
                f"solution ({why}); try more colors or another --method"
            )


def plausible_first_moves(puzzle: Puzzle, *, same_color_swaps: bool = True) -> int:
    """First moves after which the board can still, by the move bound, be cleared in time."""
    from graphsearch.mayan.bounds import moves_needed

    grid = puzzle.board.grid()
    plausible = 0
    for src, g in grid_moves(grid, same_color_swaps):
        child = grid[:]
        play(child, src, g)
        plausible += moves_needed(child) <= puzzle.n - 1
    return plausible


def _run_sizes(rng: random.Random, n: int, blocks: int | None) -> list[int]:
    """How many blocks each backwards step inserts: three to five, ``blocks`` in all."""
    if blocks is None:
        return [3] * n
    sizes = [3] * n
    for _ in range(blocks - 3 * n):
        i = rng.choice([i for i, size in enumerate(sizes) if size < 5])
        sizes[i] += 1
    return sizes


def _backwards(rng: random.Random, n: int, colors: int, blocks: int | None) -> Board | None:
    board = Board.empty()
    for size in _run_sizes(rng, n, blocks):
        for _ in range(50):
            step = _unplay(board, rng, rng.randint(1, colors), size)
            if step is not None:
                board = step
                break
        else:
            return None
    return board


def _with_run(
    columns: list[list[int]], rng: random.Random, color: int, size: int
) -> list[list[int]] | None:
    """The columns with a run of ``size`` blocks of ``color`` inserted: once it vanishes
    and the blocks above fall back, the columns are as before."""
    cols = [list(c) for c in columns]
    if rng.random() < 0.5:
        x = rng.randrange(WIDTH)
        y = rng.randint(0, len(cols[x]))
        cols[x][y:y] = [color] * size
    else:
        x = rng.randrange(WIDTH - size + 1)
        y = rng.randint(0, min(len(cols[x + i]) for i in range(size)))
        for i in range(size):
            cols[x + i].insert(y, color)
    return cols if max(map(len, cols)) <= HEIGHT else None


def _undone(cols: list[list[int]], color: int) -> list[tuple[list[list[int]], Move]]:
    """Boards one move before ``cols``: a block of ``color`` swapped with a neighbour of
    another color, or a top block of ``color`` lifted back onto the next column; each with
    the move that leads forward again."""
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
                    left = min(x, nx)  # a swap is the right move of its left block
                    out.append((prev, Move(left, y, 1)))
                elif y == len(cols[x]) - 1 and y <= len(cols[nx]) < HEIGHT:
                    prev = [list(col) for col in cols]
                    prev[nx].append(prev[x].pop())
                    out.append((prev, Move(nx, len(prev[nx]) - 1, -d)))
    return out


def _unplay(board: Board, rng: random.Random, color: int, size: int) -> Board | None:
    """A stable board one move before ``board`` (checked by playing the move forward)."""
    cols = _with_run([list(c) for c in board.columns], rng, color, size)
    if cols is None:
        return None
    candidates = _undone(cols, color)
    rng.shuffle(candidates)
    for prev_cols, move in candidates:
        if max(map(len, prev_cols)) > HEIGHT:
            continue
        prev = Board.from_columns(prev_cols)
        if not find_runs(prev) and apply_move(prev, move) == board:
            return prev
    return None


def _sample(rng: random.Random, n: int, colors: int, blocks: int | None) -> Board | None:
    total = blocks if blocks is not None else 3 * rng.randint(n, min(5 * n, 11))
    return deal(rng, colors, total)


def deal(rng: random.Random, colors: int, blocks: int, tries: int = 100) -> Board | None:
    """``blocks`` blocks dropped onto random columns, colors dealt in threes (a color
    vanishes three or more at a time) and the rest at random; a board with a run is dealt
    again, None after ``tries`` deals."""
    if not 0 <= blocks <= WIDTH * HEIGHT:
        raise ValueError(f"a board holds 0 to {WIDTH * HEIGHT} blocks")
    for _ in range(tries):
        triples = [rng.randint(1, colors) for _ in range(blocks // 3)]
        tiles = [color for color in triples for _ in range(3)]
        tiles += [rng.randint(1, colors) for _ in range(blocks % 3)]
        rng.shuffle(tiles)
        columns: list[list[int]] = [[] for _ in range(WIDTH)]
        for color in tiles:
            open_columns = [x for x in range(WIDTH) if len(columns[x]) < HEIGHT]
            columns[rng.choice(open_columns)].append(color)
        board = Board.from_columns(columns)
        if not find_runs(board):
            return board
    return None
