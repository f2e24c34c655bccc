"""The Mayan search core, compiled and as plain Python, against the rule simulator, the
reference depth-first search and each other."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch import cores
from graphsearch.errors import SearchTimeout
from graphsearch.mayan import Board, Move, Puzzle, dfs, is_solution
from graphsearch.mayan import core as fast
from graphsearch.mayan import search as mayan_search
from graphsearch.mayan.board import HEIGHT
from graphsearch.mayan.bounds import distance_table, moves_needed
from graphsearch.mayan.generate import deal
from graphsearch.mayan.rules import apply_move_traced, grid_moves, play
from tests.budget import examples
from tests.mayan.strategies import boards, solvable_puzzles

CELLS = 35
PURE = cores.uncompiled("graphsearch.mayan.core")
BOTH = [fast, PURE]


def both_ways(monkeypatch, puzzle: Puzzle, same: bool):
    """The search's answer with the core as installed and as plain Python (equal)."""
    answers = []
    for module in BOTH:
        monkeypatch.setattr(mayan_search, "core", module)
        answers.append(mayan_search.solve(puzzle, same_color_swaps=same))
    assert answers[0].moves == answers[1].moves
    assert answers[0].stats.nodes == answers[1].stats.nodes
    return answers[0]


@settings(suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=30, max_colors=4))
def test_play_matches_the_simulator_and_its_mask_covers_the_drag(board):
    grid = board.grid()
    for src, g in grid_moves(grid, True):
        expected = grid[:]
        removed = play(expected, src, g)
        for module in BOTH:
            got, mask = module.play_move(grid, src, g)
            assert got == expected
            assert (mask == -1) == (removed > 0)
            if mask >= 0:  # every cell the move changed is in the mask
                changed = {c for c in range(CELLS) if got[c] != grid[c]}
                assert all(mask >> c & 1 for c in changed)


@settings(suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=30, max_colors=6), st.integers(0, 4))
def test_the_drag_bound_is_the_bound_of_the_dragged_board(board, limit):
    grid = board.grid()
    for src, g in grid_moves(grid, True):
        dragged = apply_move_traced(board, Move(*divmod(src, HEIGHT), g)).dragged.grid()
        expected = moves_needed(dragged) <= limit
        for module in BOTH:
            assert module.drag_fits(grid, src, g, limit, distance_table()) == expected


def test_the_bound_is_the_reference_bound():
    rng = random.Random(11)
    for _ in range(300):
        board = deal(rng, rng.randint(2, 6), rng.randint(3, 30))
        if board is not None:
            grid = board.grid()
            for module in BOTH:
                assert module.moves_needed(grid, distance_table()) == moves_needed(grid)


def test_moves_that_commute_give_one_board_in_either_order():
    """The sleep sets' premise, checked on dense random boards: whenever ``independent``
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
        after = {move: fast.play_move(grid, *move) for move in moves}
        for u in moves:
            for t in moves:
                if u >= t:
                    continue
                pairs += 1
                if not fast.independent(after[u][1], after[t][1]):
                    continue
                assert PURE.independent(after[u][1], after[t][1])
                commuting += 1
                ut = after[u][0][:]
                play(ut, *t)
                tu = after[t][0][:]
                play(tu, *u)
                assert ut == tu
                assert t in grid_moves(after[u][0], True)
                assert u in grid_moves(after[t][0], True)
    assert commuting > 1000 and commuting < pairs  # the test saw both kinds


def test_the_search_agrees_with_the_reference_dfs(monkeypatch):
    seen = {"solvable": 0, "unsolvable": 0}

    @settings(suppress_health_check=[HealthCheck.filter_too_much])
    @given(boards(max_blocks=24, max_colors=4), st.integers(1, 4), st.booleans())
    def check(board, n, same):
        puzzle = Puzzle(n, board)
        result = both_ways(monkeypatch, puzzle, same)
        assert result.moves == dfs.solve(puzzle, same_color_swaps=same).moves
        seen["solvable" if result.moves else "unsolvable"] += 1

    check()
    assert seen["unsolvable"] >= int(0.15 * examples())


def test_the_search_finds_the_smallest_answer_on_solvable_boards(monkeypatch):
    seen = {"solved": 0, "aged": 0}

    @given(solvable_puzzles(max_moves=4), st.booleans(), st.sampled_from([2, 1 << 12]))
    def check(solvable, same, slots):
        puzzle = solvable.puzzle
        answers = []
        for module in BOTH:
            monkeypatch.setattr(mayan_search, "core", module)
            table = module.DeadTable(slots)
            answers.append(mayan_search.solve(puzzle, same_color_swaps=same, table=table))
            seen["aged"] += table.generation_count() > 0
        assert answers[0].moves is not None and answers[0].moves == answers[1].moves
        assert answers[0].moves == dfs.solve(puzzle, same_color_swaps=same).moves
        assert is_solution(puzzle.board, puzzle.n, answers[0].moves, same_color_swaps=same)
        seen["solved"] += 1

    check()
    assert seen["solved"] >= int(0.9 * examples()) and seen["aged"] >= int(0.05 * examples())


@pytest.mark.parametrize("seed", range(4))
def test_dense_boards_deeper_agree(monkeypatch, seed):
    """Dense boards (30 blocks, 4 colors) at n = 4, both conventions, with a table small
    enough to age: the same answer compiled and as Python, and it replays."""
    rng = random.Random(seed)
    board = deal(rng, 4, 30)
    assert board is not None
    for same in (True, False):
        puzzle = Puzzle(4, board)
        answers = []
        for module in BOTH:
            monkeypatch.setattr(mayan_search, "core", module)
            answers.append(
                mayan_search.solve(
                    puzzle, same_color_swaps=same, table=module.DeadTable(1 << 8)
                ).moves
            )
        assert answers[0] == answers[1]
        if answers[0] is not None:
            assert is_solution(board, 4, answers[0], same_color_swaps=same)


def test_the_search_keeps_the_time_limit():
    board = deal(random.Random(5), 4, 30)
    assert board is not None
    with pytest.raises(SearchTimeout) as info:
        mayan_search.solve(Puzzle(9, board), time_limit=0.05)
    assert info.value.stats.core == ("compiled" if fast.COMPILED else "python")


def test_a_shared_table_is_read_by_the_next_search():
    table = fast.DeadTable()
    puzzle = Puzzle(3, Board.parse("1 0 2 1 0 2 3 4 0 3 1 0 2 4 3 4 0"))
    first = mayan_search.solve(puzzle, table=table)
    again = mayan_search.solve(puzzle, table=table)
    assert first.moves == again.moves
    assert table.size() > 0 and again.stats.table_hits >= first.stats.table_hits


def test_a_table_of_slots_that_are_not_a_power_of_two_is_refused():
    for module in BOTH:
        with pytest.raises(ValueError, match="power of two"):
            module.DeadTable(3)
