"""The link engines by name, each imported only when asked for, and the one-query front door."""

from __future__ import annotations

from typing import cast

from graphsearch._engines import load
from graphsearch.llk.grid import Case, InvalidGridError, Query, as_board
from graphsearch.llk.link import Link, LinkEngine

__all__ = ["ENGINES", "get_engine", "link"]

# name -> module whose ``solve_case(case, *, outside, max_turns)`` returns a list of Link
ENGINES = {
    "scan": "graphsearch.llk.scan",
    "graph": "graphsearch.llk.graph",
    "dfs": "graphsearch.llk.dfs",
}


def get_engine(name: str) -> LinkEngine:
    """The ``solve_case`` function of the named engine."""
    return cast(LinkEngine, load(ENGINES, name, "solve_case"))


def link(
    board: object,
    a: tuple[int, int],
    b: tuple[int, int],
    *,
    outside: bool = False,
    max_turns: int = 2,
    engine: str = "scan",
) -> Link:
    """Whether the tiles at cells ``a`` and ``b`` link, with the fewest turns and a path.

    ``board`` is any array-like of rows (0 empty, a positive number a tile type); cells are
    0-based ``(row, column)`` pairs, as numpy indexes the board, and so are the corner
    points of ``Link.path``.  ``outside`` lets the path use the ring of empty cells around
    the board (the ring's rows and columns are -1 and n, m).  A ragged board, a cell off
    the board or a negative index raises ``InvalidGridError`` (an ``InvalidInputError``).
    """
    if isinstance(max_turns, bool) or not isinstance(max_turns, int) or max_turns < 0:
        raise InvalidGridError(f"max_turns is a number of turns, 0 or more, not {max_turns!r}")
    solve_case = get_engine(engine)
    case = Case(as_board(board), (Query(tuple(a), tuple(b)),))  # type: ignore[arg-type]
    (answer,) = solve_case(case, outside=outside, max_turns=max_turns)
    return answer
