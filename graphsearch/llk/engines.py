"""The link engines by name, each imported only when asked for, and the one-query front door."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast

from graphsearch._checks import check_flag
from graphsearch._engines import load
from graphsearch.choices import CLEAR_ENGINES, LINK_ENGINES
from graphsearch.deadline import check_time_limit
from graphsearch.llk.gravity import Mode
from graphsearch.llk.grid import Case, InvalidGridError, Query, as_board
from graphsearch.llk.link import Link, LinkEngine
from graphsearch.llk.rules import ClearRules, check_turns

if TYPE_CHECKING:
    from graphsearch.budget import Budget
    from graphsearch.llk.result import ClearResult

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
    """The signature every whole-board engine's ``solve`` has: the board, the rules it is
    played under (``ClearRules``; the three keywords fold into it) and its limits (a
    ``Budget``, or a time and a node limit that make one)."""

    def __call__(
        self,
        board: object,
        rules: ClearRules | None = None,
        *,
        outside: bool | None = None,
        max_turns: int | None = None,
        gravity: str | None = None,
        time_limit: float | None = None,
        max_nodes: int | None = None,
        budget: Budget | None = None,
    ) -> ClearResult: ...


def get_clear_engine(name: str) -> ClearEngine:
    """The ``solve`` function of the named whole-board engine."""
    return cast(ClearEngine, load(CLEAR_ENGINES, name, "solve"))


def clear(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | Mode | None = None,
    engine: str = "search",
    time_limit: float | None = None,
    budget: Budget | None = None,
    workers: int = 1,
    table_mb: int | None = None,
) -> ClearResult:
    """A clearing of the whole board (``ClearResult.moves``, 0-based cells at the time of
    each move), or ``moves=None`` when no order of moves clears it.

    The rules are ``rules`` (a ``ClearRules``; the plain game by default) with any of the
    keywords in place of its own: ``outside`` (paths may use the ring), ``max_turns``, and
    ``gravity``, one of the thirteen modes as a ``Mode`` or by its English or Chinese name.
    ``time_limit`` (seconds) raises ``SearchTimeout``; so does a ``budget``
    (``graphsearch.budget.Budget``: seconds, a node limit, and ``stop`` for another
    thread) when it runs out or is stopped.  ``workers`` (the ``search`` engine): with more
    than one, a board the move search has not decided at once is searched by that many
    searches at once, in threads, each in its own move order (``clearing.Portfolio``: the
    same verdict, decided sooner on many hard boards; the clearing may then differ from run
    to run).  ``table_mb`` (the ``search`` engine): the most memory of each move search's
    table of positions proven dead, in MB (``clearing.TABLE_MB`` unless told; larger
    decides hard boards in fewer positions).  Bad input raises ``InvalidGridError``.
    """
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    limit = check_time_limit(time_limit)
    if engine == "search":
        from graphsearch.llk.clearing import solve as search

        return search(
            as_board(board), rules, time_limit=limit, budget=budget, workers=workers,
            table_mb=table_mb,
        )  # fmt: skip
    if workers != 1 or table_mb is not None:
        option = "workers" if workers != 1 else "table_mb"
        raise InvalidGridError(f"{option} is an option of the search engine, not of {engine!r}")
    solve = get_clear_engine(engine)
    return solve(as_board(board), rules, time_limit=limit, budget=budget)


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
    check_turns(max_turns)
    check_flag("outside", outside, InvalidGridError)
    solve_case = get_engine(engine)
    case = Case(as_board(board), (Query.of(a, b),))
    (answer,) = solve_case(case, outside=outside, max_turns=max_turns)
    return answer
