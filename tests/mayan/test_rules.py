"""The rule simulator on the statement's cases, and against a naive independent simulator."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graphsearch.mayan import (
    Board,
    IllegalMoveError,
    Move,
    apply_move,
    find_runs,
    is_solution,
    legal_moves,
    replay,
    search_moves,
    settle,
)
from graphsearch.mayan.rules import apply_move_traced
from tests.mayan import naive
from tests.mayan.strategies import boards

SAMPLE = Board.from_compact("1|2 1|2 3 4|3 1|2 4 3 4")


def after(compact: str, move: str) -> str:
    return apply_move(Board.from_compact(compact), Move.from_text(move)).to_compact()


def test_sample_step_by_step():
    boards_after = replay(SAMPLE, [Move(2, 1, 1), Move(3, 1, 1), Move(3, 0, 1)])
    assert [b.to_compact() for b in boards_after] == [
        "1|2 1|2 1 4|3 3|2 4 3 4",  # a swap, nothing matches
        "1|2 1|2 1 4|3 4|2 3 3 4",
        "||||",  # three rounds: the 2s and 3s, then the 1s, then the 4s
    ]


def test_sample_last_move_settles_in_three_rounds():
    board = Board.from_compact("1|2 1|2 1 4|3 4|2 3 3 4")
    trace = apply_move_traced(board, Move(3, 0, 1))
    assert trace.after.is_empty()
    assert trace.dragged.to_compact() == "1|2 1|2 1 4|2 4|3 3 3 4"
    assert list(trace.rounds) == [
        {(1, 0), (2, 0), (3, 0), (4, 0), (4, 1), (4, 2)},  # row of 2s and column of 3s at once
        {(0, 0), (1, 0), (2, 0)},
        {(2, 0), (3, 0), (4, 0)},
    ]


def test_cross_shaped_run_vanishes_whole():
    # the row run and the column run share (2, 0); both vanish in one round
    assert after("1|1|2 1 1|1|", "3 0 -1") == "|||2|"
    # removing the row first and letting the column fall would leave 1 1 2 behind
    assert settle(Board.from_compact("1|1|1 1 1 2||")).to_compact() == "||2||"


def test_two_groups_at_once_leave_one_block():
    # column 2 drops one cell: a row of 1s and a row of 2s form together
    assert after("1 2|1 2|3 1 2 2||", "2 0 1") == "||2|3|"


def test_runs_of_four_and_five():
    assert after("1|1 1||1|1", "1 1 1") == "||||"  # a row of five
    assert after("1|1 1||1|2", "1 1 1") == "||||2"  # a row of four
    assert after("1 1 2 1 1|3 4|||", "0 2 1") == "|3 4 2|||"  # a column of four


def test_cascade_of_falls():
    # a swap stacks three 1s; when they vanish the 3 above drops between two 3s
    board = Board.from_compact("3|3|1 5 1 3|4 1|")
    trace = apply_move_traced(board, Move(2, 1, 1))
    assert trace.after.to_compact() == "|||4 5|"
    assert list(trace.rounds) == [{(2, 0), (2, 1), (2, 2)}, {(0, 0), (1, 0), (2, 0)}]


def test_block_falls_into_next_column_then_matches():
    assert after("2|2||3 2|", "3 1 -1") == "|||3|"


def test_same_color_swap_changes_nothing():
    board = Board.from_compact("|||1 1|1")
    assert apply_move(board, Move(3, 0, 1)) == board
    assert Move(3, 0, 1) in search_moves(board)
    assert Move(3, 0, 1) not in search_moves(board, same_color_swaps=False)


def test_illegal_moves():
    with pytest.raises(IllegalMoveError):
        apply_move(SAMPLE, Move(0, 1, 1))  # no block there
    with pytest.raises(IllegalMoveError):
        apply_move(SAMPLE, Move(4, 0, 1))  # off the board
    with pytest.raises(IllegalMoveError, match="move 2"):
        replay(Board.from_compact("2|2||3 2|"), [Move(3, 1, -1), Move(0, 0, 1)])


def test_search_moves_leave_out_left_swaps_only():
    all_moves = legal_moves(SAMPLE)
    canonical = search_moves(SAMPLE)
    assert all_moves == sorted(all_moves)
    assert canonical == sorted(canonical)
    left_out = set(all_moves) - set(canonical)
    assert left_out and all(m.g == -1 and SAMPLE[m.x - 1, m.y] for m in left_out)
    for m in left_out:  # the same board as the right move of the left neighbour
        assert apply_move(SAMPLE, m) == apply_move(SAMPLE, Move(m.x - 1, m.y, 1))


def test_is_solution():
    moves = [Move(2, 1, 1), Move(3, 1, 1), Move(3, 0, 1)]
    assert is_solution(SAMPLE, 3, moves)
    assert not is_solution(SAMPLE, 4, moves)
    assert not is_solution(SAMPLE, 2, moves[:2])
    spec = Board.from_compact("|||1 1|1")
    assert is_solution(spec, 2, [Move(3, 0, 1), Move(3, 0, -1)])
    assert not is_solution(spec, 2, [Move(3, 0, 1), Move(3, 0, -1)], same_color_swaps=False)


@given(boards(max_blocks=20, max_colors=3), st.data())
def test_moves_agree_with_the_naive_simulator(board, data):
    moves = legal_moves(board)
    if not moves:
        return
    move = data.draw(st.sampled_from(moves))
    expected = naive.move(board.columns, move.x, move.y, move.g)
    assert apply_move(board, move).columns == expected


@given(boards(max_blocks=25, max_colors=4, stable=False))
def test_settle_agrees_with_the_naive_simulator(board):
    grid = naive.to_grid(board.columns)
    naive.settle(grid)
    assert settle(board).columns == naive.to_columns(grid)
    assert not find_runs(settle(board))


@given(boards(max_blocks=20, max_colors=3))
def test_legal_moves_match_the_naive_list(board):
    for same in (True, False):
        expected = naive.all_moves(board.columns, same)
        assert [(m.x, m.y, m.g) for m in legal_moves(board, same_color_swaps=same)] == expected
