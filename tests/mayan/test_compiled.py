"""The compiled core (numba) against the rule simulator and the pure-Python search."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch.mayan import Board, Puzzle, is_solution
from graphsearch.mayan import search as mayan_search
from graphsearch.mayan.bounds import DragBound, distance_table, moves_needed
from graphsearch.mayan.generate import deal
from graphsearch.mayan.rules import grid_moves, play
from tests.mayan.strategies import boards, solvable_puzzles

compiled = pytest.importorskip("graphsearch.mayan.compiled")

CELLS = 35


def play_compiled(grid: list[int], src: int, g: int) -> tuple[list[int], int]:
    board = np.array(grid, np.uint8)
    mask = compiled._play(board, src, g, np.zeros(CELLS, np.bool_))
    return [int(v) for v in board], int(mask)


def search_compiled(puzzle: Puzzle, same: bool, slots: int = 1 << 12):
    grid = puzzle.board.grid()
    if moves_needed(grid) > puzzle.n:
        return None, None
    run = compiled.CompiledSearch.start(grid, puzzle.n, distance_table(), same, slots)
    while run.step(50) == compiled.RUNNING:
        pass
    if run.status == compiled.EXHAUSTED:
        return None, run
    return run.path(), run


def python_path(puzzle: Puzzle, same: bool):
    result = mayan_search.solve(puzzle, same_color_swaps=same, compiled=False)
    if result.moves is None:
        return None
    return [(m.x * 7 + m.y, m.g) for m in result.moves]


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=30, max_colors=4))
def test_play_matches_the_simulator_and_its_mask_covers_the_drag(board):
    grid = board.grid()
    for src, g in grid_moves(grid, True):
        expected = grid[:]
        removed = play(expected, src, g)
        got, mask = play_compiled(grid, src, g)
        assert got == expected
        assert (mask == -1) == (removed > 0)
        if mask >= 0:  # every cell the move changed is in the mask
            changed = {c for c in range(CELLS) if got[c] != grid[c]}
            assert all(mask >> c & 1 for c in changed)


def test_moves_that_commute_give_one_board_in_either_order():
    """The sleep sets' premise, checked on dense random boards: whenever ``_independent``
    says two moves commute, both orders give the same board and each move is still a
    move of the board after the other."""
    rng = random.Random(7)
    pairs = commuting = 0
    for _ in range(150):
        board = deal(rng, rng.randint(3, 6), rng.randint(12, 30))
        if board is None:
            continue
        grid = board.grid()
        moves = grid_moves(grid, True)
        after = {}
        for move in moves:
            after[move] = play_compiled(grid, *move)
        for u in moves:
            for t in moves:
                if u >= t:
                    continue
                pairs += 1
                if not compiled._independent(after[u][1], after[t][1]):
                    continue
                commuting += 1
                ut = after[u][0][:]
                play(ut, *t)
                tu = after[t][0][:]
                play(tu, *u)
                assert ut == tu
                assert t in grid_moves(after[u][0], True)
                assert u in grid_moves(after[t][0], True)
    assert commuting > 1000 and commuting < pairs  # the test saw both kinds


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=24, max_colors=4), st.integers(1, 4), st.booleans())
def test_compiled_search_agrees_with_the_python_search(board, n, same):
    puzzle = Puzzle(n, board)
    path, _ = search_compiled(puzzle, same)
    assert path == python_path(puzzle, same)


def test_compiled_search_finds_the_same_solutions_on_solvable_boards():
    seen = {"solved": 0, "evicted": 0}

    @settings(max_examples=150, deadline=None)
    @given(solvable_puzzles(max_moves=4), st.booleans(), st.sampled_from([2, 1 << 12]))
    def check(solvable, same, slots):
        path, run = search_compiled(solvable.puzzle, same, slots)
        assert path is not None and path == python_path(solvable.puzzle, same)
        seen["solved"] += 1
        seen["evicted"] += run.stats(0.0).table_generations > 0

    check()
    assert seen["solved"] >= 100 and seen["evicted"] >= 10


@pytest.mark.parametrize("seed", range(6))
def test_dense_boards_deeper_agree(seed):
    """Dense boards (30 blocks, 4 colors) at n = 4 and 5, both conventions, with a table
    small enough to age: the same answer as the Python search, and it replays."""
    rng = random.Random(seed)
    board = deal(rng, 4, 30)
    assert board is not None
    for n in (4, 5):
        for same in (True, False):
            puzzle = Puzzle(n, board)
            path, _ = search_compiled(puzzle, same, slots=1 << 10)
            assert path == python_path(puzzle, same)


def test_solve_hands_over_and_gives_the_same_answer(monkeypatch):
    board = Board.from_compact("||1||1 1")  # one node: it never reaches the hand-over
    rng = random.Random(3)
    puzzles = [Puzzle(1, board)] + [Puzzle(5, deal(rng, 4, 30)) for _ in range(3)]
    monkeypatch.setattr(mayan_search, "COMPILED_AFTER", 2)
    monkeypatch.setattr(mayan_search, "COMPILED_SLICE", 7)
    cores = set()
    for puzzle in puzzles:
        for same in (True, False):
            result = mayan_search.solve(puzzle, same_color_swaps=same)
            cores.add(result.stats.core)
            expected = mayan_search.solve(puzzle, same_color_swaps=same, compiled=False)
            assert result.moves == expected.moves
            if result.moves is not None:
                assert is_solution(puzzle.board, puzzle.n, result.moves, same_color_swaps=same)
    assert cores == {"python", "compiled"}
    first = mayan_search.solve(puzzles[1], compiled=True)
    assert first.stats.core == "compiled" and first.stats.nodes > 0


def test_compiled_search_keeps_the_time_limit():
    from graphsearch.errors import SearchTimeout

    board = deal(random.Random(5), 4, 30)
    assert board is not None
    with pytest.raises(SearchTimeout) as info:
        mayan_search.solve(Puzzle(9, board), compiled=True, time_limit=0.05)
    assert info.value.stats.core == "compiled"


def test_a_shared_table_keeps_the_search_in_python():
    table = mayan_search.DeadStates(100)
    puzzle = Puzzle(2, Board.from_compact("1|1||1|"))
    with pytest.raises(ValueError, match="own table"):
        mayan_search.solve(puzzle, table=table, compiled=True)
    assert mayan_search.solve(puzzle, table=table).stats.core == "python"


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=30, max_colors=6), st.integers(0, 4))
def test_compiled_drag_bound_matches_the_python_one(board, limit):
    grid = board.grid()
    array = np.array(grid, np.uint8)
    codes = np.zeros(11, np.int64)
    dist = np.zeros(11, np.int64)
    distance = np.frombuffer(distance_table(), np.uint8)
    compiled._histograms(array, limit, distance, codes, dist)
    drag = DragBound(grid, limit)
    for src, g in grid_moves(grid, True):
        assert compiled._drag_fits(array, src, g, limit, codes, dist, distance) == drag.fits(
            grid, src, g
        )
