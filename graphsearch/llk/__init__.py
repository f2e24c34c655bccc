"""连连看 (Shisen-Sho): can two tiles be joined with at most two turns?

Cells are 0-based ``(row, column)`` pairs, as numpy indexes the board:

>>> from graphsearch import llk
>>> llk.link([[1, 2, 1], [0, 0, 0]], (0, 0), (0, 2)).path
((0, 0), (1, 0), (1, 2), (0, 2))
"""

from typing import TYPE_CHECKING

from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError
from graphsearch.llk.engines import CLEAR_ENGINES, ENGINES, clear, link
from graphsearch.llk.game import GRAVITIES, ClearMove, IllegalClearMoveError, replay, settle
from graphsearch.llk.gravity import Mode, mode
from graphsearch.llk.grid import Case, InvalidGridError, Query, Rows, as_board, as_rows, parse_cases
from graphsearch.llk.link import Link, LinkEngine
from graphsearch.llk.rules import ClearRules
from graphsearch.status import Status

if TYPE_CHECKING:
    from graphsearch.llk.gameloop import Game, Hint, Shuffled, Verdict
    from graphsearch.llk.shuffle import Shuffle, shuffle

# the game loop and shuffles, imported when first asked for (``solve clear`` needs neither)
_LAZY = {
    "Game": "graphsearch.llk.gameloop",
    "Hint": "graphsearch.llk.gameloop",
    "Shuffled": "graphsearch.llk.gameloop",
    "Verdict": "graphsearch.llk.gameloop",
    "Shuffle": "graphsearch.llk.shuffle",
    "shuffle": "graphsearch.llk.shuffle",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'graphsearch.llk' has no attribute {name!r}")


__all__ = [
    "CLEAR_ENGINES",
    "ENGINES",
    "GRAVITIES",
    "Budget",
    "Case",
    "ClearMove",
    "ClearRules",
    "Game",
    "Hint",
    "IllegalClearMoveError",
    "InvalidGridError",
    "InvalidInputError",
    "Link",
    "LinkEngine",
    "Mode",
    "Query",
    "Rows",
    "Shuffle",
    "Shuffled",
    "Status",
    "Verdict",
    "as_board",
    "as_rows",
    "clear",
    "link",
    "mode",
    "parse_cases",
    "replay",
    "settle",
    "shuffle",
]
