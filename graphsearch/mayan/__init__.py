"""The Mayan puzzle (NOIP 2011): clear a 5 x 7 board of falling blocks in exactly n moves.

>>> from graphsearch import mayan
>>> mayan.solve("3  1 0  2 1 0  2 3 4 0  3 1 0  2 4 3 4 0").moves
(Move(x=2, y=1, g=1), Move(x=3, y=1, g=1), Move(x=3, y=0, g=1))
"""

from typing import TYPE_CHECKING

from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError, SearchTimeout
from graphsearch.mayan.board import (
    HEIGHT,
    MAX_COLOR,
    MAX_N,
    WIDTH,
    Board,
    InvalidBoardError,
    Move,
    Puzzle,
    find_runs,
    format_moves,
    parse_puzzle,
)
from graphsearch.mayan.engines import ENGINES, solve
from graphsearch.mayan.result import MayanEngine, MayanResult, SearchStats
from graphsearch.mayan.rules import (
    IllegalMoveError,
    MoveTrace,
    apply_move,
    apply_move_traced,
    is_solution,
    legal_moves,
    replay,
    search_moves,
    settle,
)
from graphsearch.status import Status

if TYPE_CHECKING:
    from graphsearch.mayan.gameloop import Game, MayanVerdict


def __getattr__(name: str) -> object:
    """``Game`` and ``MayanVerdict``, imported when first asked for."""
    if name in ("Game", "MayanVerdict"):
        from graphsearch.mayan import gameloop

        return getattr(gameloop, name)
    raise AttributeError(f"module 'graphsearch.mayan' has no attribute {name!r}")


__all__ = [
    "ENGINES",
    "HEIGHT",
    "MAX_COLOR",
    "MAX_N",
    "WIDTH",
    "Board",
    "Budget",
    "Game",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidInputError",
    "MayanEngine",
    "MayanResult",
    "MayanVerdict",
    "Move",
    "MoveTrace",
    "Puzzle",
    "SearchStats",
    "SearchTimeout",
    "Status",
    "apply_move",
    "apply_move_traced",
    "find_runs",
    "format_moves",
    "is_solution",
    "legal_moves",
    "parse_puzzle",
    "replay",
    "search_moves",
    "settle",
    "solve",
]
