"""The Mayan puzzle (NOIP 2011): clear a 5 x 7 board of falling blocks in exactly n moves."""

from graphsearch.mayan.board import (
    HEIGHT,
    MAX_COLOR,
    WIDTH,
    Board,
    InvalidBoardError,
    Move,
    Puzzle,
    format_moves,
    parse_puzzle,
)
from graphsearch.mayan.rules import (
    IllegalMoveError,
    apply_move,
    find_runs,
    is_solution,
    legal_moves,
    replay,
    search_moves,
    settle,
)

__all__ = [
    "HEIGHT",
    "MAX_COLOR",
    "WIDTH",
    "Board",
    "IllegalMoveError",
    "InvalidBoardError",
    "Move",
    "Puzzle",
    "apply_move",
    "find_runs",
    "format_moves",
    "is_solution",
    "legal_moves",
    "parse_puzzle",
    "replay",
    "search_moves",
    "settle",
]
