"""The move bounds: the shipped table, hand cases, and soundness on solved boards."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch.mayan import Puzzle, core, replay
from graphsearch.mayan.bounds import (
    UNREACHABLE,
    compute_distance_table,
    distance_table,
    histogram_distance,
    moves_needed,
)
from graphsearch.mayan.dfs import solve as dfs_solve
from tests.budget import examples
from tests.mayan.strategies import boards, solvable_puzzles


def test_shipped_table_is_current():
    assert distance_table() == compute_distance_table()


def test_hand_cases():
    assert histogram_distance((3, 0, 0, 0, 0)) == 0  # a column run
    assert histogram_distance((1, 1, 1, 0, 0)) == 0  # a row run
    assert histogram_distance((1, 3, 1, 0, 0)) == 0  # a cross
    assert histogram_distance((2, 2, 2, 0, 0)) == 0  # two row runs
    assert histogram_distance((1, 1, 0, 1, 0)) == 1
    assert histogram_distance((1, 0, 1, 0, 1)) == 2
    assert histogram_distance((2, 0, 0, 0, 0)) == UNREACHABLE  # two blocks never vanish
    assert histogram_distance((0, 0, 0, 0, 0)) == 0


@settings(suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=12, max_colors=3), st.integers(1, 3))
def test_bound_never_exceeds_the_moves_of_a_real_solution(board, n):
    result = dfs_solve(Puzzle(n, board))  # the reference DFS uses no bound
    if result.moves is None:
        return
    grids = [board, *replay(board, result.moves)]
    for left, current in zip(range(n, -1, -1), grids, strict=True):
        assert moves_needed(current.grid()) <= left


def test_bound_never_exceeds_the_moves_left_on_solvable_boards():
    """Along a clearing built backwards, every board's bound is at most the moves left."""
    seen = {"boards": 0}

    @given(solvable_puzzles(max_moves=5, colors=5))
    def check(solvable):
        puzzle = solvable.puzzle
        grids = [puzzle.board, *replay(puzzle.board, solvable.solution)]
        for left, current in zip(range(puzzle.n, -1, -1), grids, strict=True):
            assert moves_needed(current.grid()) <= left
            seen["boards"] += 1

    check()
    assert seen["boards"] >= int(2.5 * examples()), seen


def test_drag_bound_holds_along_real_solutions():
    """Along a clearing built backwards, each move's drag is within the moves left after it."""
    seen = {"moves": 0}

    @given(solvable_puzzles(max_moves=5, colors=5))
    def check(solvable):
        puzzle = solvable.puzzle
        grids = [puzzle.board, *replay(puzzle.board, solvable.solution)]
        for left, current, move in zip(
            range(puzzle.n - 1, -1, -1), grids, solvable.solution, strict=False
        ):
            grid = current.grid()
            assert core.drag_fits(grid, move.x * 7 + move.y, move.g, left, distance_table())
            seen["moves"] += 1

    check()
    assert seen["moves"] >= int(1.5 * examples()), seen
