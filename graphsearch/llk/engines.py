"""The link engines by name, each imported only when asked for, and the one-query front door."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from graphsearch._checks import check_flag, is_integer
from graphsearch._engines import load
from graphsearch.choices import CLEAR_ENGINES, LINK_ENGINES, MAX_TURNS
from graphsearch.deadline import check_time_limit
from graphsearch.llk.grid import Case, InvalidGridError, Query, as_board
from graphsearch.llk.link import Link, LinkEngine

if TYPE_CHECKING:
    from graphsearch.llk.clearing import ClearResult

__all__ = [
    "CLEAR_ENGINES",
    "ENGINES",
    "ClearEngine",
    "clear",
    "get_clear_engine",
    "get_engine",
    "link",
]

ENGINES = LINK_ENGINES


class ClearEngine(Protocol):
    """The signature every whole-board engine's ``solve`` has."""

    def __call__(
        self,
        board: object,
        *,
        outside: bool = False,
        max_turns: int = 2,
        gravity: str = "none",
        time_limit: float | None = None,
    ) -> ClearResult: ...


def get_clear_engine(name: str) -> ClearEngine:
    """The ``solve`` function of the named whole-board engine."""
    return cast(ClearEngine, load(CLEAR_ENGINES, name, "solve"))


def clear(
    board: object,
    *,
    outside: bool = False,
    max_turns: int = 2,
    gravity: str = "none",
    engine: str = "search",
    time_limit: float | None = None,
) -> ClearResult:
    """A clearing of the whole board (``ClearResult.moves``, 0-based cells at the time of
    each move), or ``moves=None`` when no order of moves clears it.

    ``gravity`` is none, down, up, left or right; ``time_limit`` (seconds) raises
    ``SearchTimeout``.  Bad input raises ``InvalidGridError``.
    """
    _check_turns(max_turns)
    return get_clear_engine(engine)(
        as_board(board),
        outside=check_flag("outside", outside, InvalidGridError),
        max_turns=max_turns,
        gravity=gravity,
        time_limit=check_time_limit(time_limit),
    )


def _check_turns(max_turns: object) -> None:
    if not is_integer(max_turns) or not 0 <= max_turns <= MAX_TURNS:  # type: ignore[operator]
        raise InvalidGridError(
            f"max_turns is a number of turns, 0 to {MAX_TURNS}, not {max_turns!r}"
        )


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
    _check_turns(max_turns)
    check_flag("outside", outside, InvalidGridError)
    solve_case = get_engine(engine)
    case = Case(as_board(board), (Query.of(a, b),))
    (answer,) = solve_case(case, outside=outside, max_turns=max_turns)
    return answer
