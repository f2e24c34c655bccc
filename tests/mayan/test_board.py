"""Board, Move and Puzzle: parsing, printing, ordering, errors."""

from __future__ import annotations

import pytest
from hypothesis import given

from graphsearch.mayan import Board, InvalidBoardError, Move, Puzzle, format_moves, parse_puzzle
from tests.mayan.strategies import boards

SAMPLE = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"


def test_parse_sample():
    puzzle = parse_puzzle(SAMPLE)
    assert puzzle.n == 3
    assert puzzle.board.columns == ((1,), (2, 1), (2, 3, 4), (3, 1), (2, 4, 3, 4))
    assert puzzle.board[2, 2] == 4 and puzzle.board[0, 1] == 0
    assert puzzle.board.blocks == 12
    assert puzzle.to_text() == SAMPLE


def test_line_breaks_do_not_matter():
    assert parse_puzzle(SAMPLE.replace("\n", " ")) == parse_puzzle(SAMPLE)
    assert parse_puzzle("3 1 0 2 1 0\n2 3 4 0 3 1 0 2 4 3 4 0\n\n") == parse_puzzle(SAMPLE)


def test_any_n_at_least_one_is_accepted():
    assert parse_puzzle("12 0 0 0 0 0").n == 12


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("   \n  ", "empty"),
        ("x 0 0 0 0 0", "token 'x'"),
        ("0 0 0 0 0 0", "1..10000"),
        ("-2 0 0 0 0 0", "1..10000"),
        ("3 1 0 2", "input ends"),
        ("3 1 0 0 0 0", "input ends"),
        ("3 11 0 0 0 0 0", "token '11'"),
        ("3 -1 0 0 0 0 0", "token '-1'"),
        ("3 1 2 1 2 1 2 1 2 0 0 0 0 0", "more than 7"),
        ("3 0 0 0 0 0 7", "after the fifth column"),
        ("3 1 1 1 0 0 0 0 0", "run of three"),
        ("3 1 0 1 0 1 0 0 0", "run of three"),
        ("3 1.5 0 0 0 0 0", "token '1.5'"),
        ("3\n1 0\n2 z 0\n0\n0\n0\n", "line 3, token 'z'"),
    ],
)
def test_bad_input_names_line_and_token(text, fragment):
    with pytest.raises(InvalidBoardError, match=fragment.replace(".", r"\.")):
        parse_puzzle(text)


def test_binary_input_is_a_clear_error():
    with pytest.raises(InvalidBoardError, match="line 1"):
        parse_puzzle(bytes(range(256)))


def test_board_rejects_bad_columns():
    with pytest.raises(InvalidBoardError):
        Board.from_columns([[1]] * 4)
    with pytest.raises(InvalidBoardError):
        Board.from_columns([[1] * 8, [], [], [], []])
    with pytest.raises(InvalidBoardError):
        Board.from_columns([[0], [], [], [], []])


def test_move_order_is_x_then_y_then_right_before_left():
    moves = [Move(1, 0, -1), Move(0, 3, 1), Move(1, 0, 1), Move(0, 1, -1)]
    assert sorted(moves) == [Move(0, 1, -1), Move(0, 3, 1), Move(1, 0, 1), Move(1, 0, -1)]
    with pytest.raises(ValueError):
        Move(0, 0, 0)


def test_format_moves():
    assert format_moves(None) == "-1\n"
    assert format_moves([Move(2, 1, 1), Move(3, 0, -1)]) == "2 1 1\n3 0 -1\n"
    assert Move.from_text("3 0 -1") == Move(3, 0, -1)


@given(boards(max_blocks=35, max_colors=10, stable=False))
def test_text_round_trips(board):
    assert Board.parse(board.to_text()) == board
    assert Board.from_compact(board.to_compact()) == board
    assert eval(repr(board)) == board
    assert Board.from_grid(board.grid()) == board
    assert hash(Board.from_compact(board.to_compact())) == hash(board)


@given(boards(max_blocks=35, max_colors=10))
def test_puzzle_round_trips(board):
    assert parse_puzzle(Puzzle(4, board).to_text()) == Puzzle(4, board)


def test_render_marks_cells():
    board = parse_puzzle(SAMPLE).board
    lines = board.render(marked={(2, 1)}).splitlines()
    assert lines[0] == "6 | .  .  .  .  ."
    assert lines[5] == "1 | .  1  3* 1  4"
    assert lines[6] == "0 | 1  2  2  3  2"


@pytest.mark.parametrize(
    "text, line",
    [
        ("3\n1 0\n1 0\n1 0\n0\n0\n", 2),  # a row run over three lines: its first block's line
        ("3\n0\n2 1 1 1 0\n0\n0\n0\n", 3),
        ("3\n0\n0\n0\n2 0\n1\n1\n1 0\n", 6),
    ],
)
def test_a_run_of_three_names_its_own_line(text, line):
    with pytest.raises(InvalidBoardError, match=f"^line {line}: .*run of three"):
        parse_puzzle(text)
