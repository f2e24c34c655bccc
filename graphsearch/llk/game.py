"""The whole-board game of 连连看: remove linked pairs until the board is empty.

This module is the one rule implementation every clearing is replayed through.  A move
removes two tiles of one type that link under the rule of ``solve llk`` (at most
``max_turns`` turns, the ring with ``outside``), decided here by the scan engine; then,
with gravity, the board settles: the tiles of each line of the mode slide as far as they
can toward the line's end, keeping their order (``graphsearch.llk.gravity`` lists the
lines of the thirteen modes).  The board is settled before the first move too.  Moves
name positions at the time of the move, 0-based ``(row, column)``; of the two tiles, the
one earlier in row-major order comes first.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphsearch.choices import GRAVITIES
from graphsearch.llk.gravity import NO_LINES, REPEATED_PASSES, family, passes
from graphsearch.llk.grid import InvalidGridError, Query, Rows, as_board, as_rows
from graphsearch.llk.link import Cell, Link
from graphsearch.llk.rules import ClearRules, check_gravity

if TYPE_CHECKING:
    import numpy as np

    from graphsearch.budget import Budget

__all__ = [
    "GRAVITIES",
    "ClearMove",
    "ClearRules",
    "IllegalClearMoveError",
    "Slide",
    "Step",
    "check_gravity",
    "clears",
    "linkable_pairs",
    "play",
    "replay",
    "replay_steps",
    "settle",
    "settle_slides",
    "settled_rows",
    "why_not_clearable",
]


class IllegalClearMoveError(InvalidGridError):
    """A move that the rules do not allow on that board."""


@dataclass(frozen=True, slots=True, order=True)
class ClearMove:
    """Remove the tiles at ``a`` and ``b`` (0-based cells, ``a`` first in row-major order)."""

    a: Cell
    b: Cell

    @classmethod
    def of(cls, a: Cell, b: Cell) -> ClearMove:
        """The move of two cells in either order."""
        a, b = (int(a[0]), int(a[1])), (int(b[0]), int(b[1]))
        return cls(*sorted((a, b)))

    @classmethod
    def of_move(cls, move: object) -> ClearMove:
        """A ClearMove, or a pair of cells as one."""
        if isinstance(move, ClearMove):
            return move
        if isinstance(move, tuple | list) and len(move) == 2:
            query = Query.of(*move)
            return cls.of(query.a, query.b)
        raise InvalidGridError(f"a move is a ClearMove or a pair of cells, not {move!r}")

    def to_text(self) -> str:
        """The output's 1-based form ``"x1 y1 x2 y2"``."""
        return f"{self.a[0] + 1} {self.a[1] + 1} {self.b[0] + 1} {self.b[1] + 1}"


@dataclass(frozen=True)
class Step:
    """One move replayed: the link that allowed it and the settled board after it."""

    move: ClearMove
    link: Link
    after: np.ndarray


def settle(board: object, gravity: str = "none") -> np.ndarray:
    """The board after its tiles have slid as the gravity mode says, as a new read-only
    array (``settled_rows``)."""
    if family(check_gravity(gravity)) == NO_LINES:
        return as_board(board)
    return as_board(settled_rows(board, gravity))


def settled_rows(board: object, gravity: str = "none") -> Rows:
    """The board after its tiles have slid as the gravity mode says, as rows: each pass
    slides the tiles of each of its lines to the line's end, keeping their order, and the
    passes repeat until no tile moves (``graphsearch.llk.gravity``)."""
    rows = as_rows(board)
    mode = check_gravity(gravity)
    if family(mode) == NO_LINES:
        return rows
    out = [list(row) for row in rows]
    _settle(out, mode, None)
    return tuple(map(tuple, out))


@dataclass(frozen=True)
class Slide:
    """One pass of a settle that moved tiles: the board after it, and each tile it moved
    as ``(to, from)``, 0-based cells, in row-major order of ``to``."""

    after: np.ndarray
    moved: tuple[tuple[Cell, Cell], ...]


def settle_slides(board: object, gravity: str = "none") -> list[Slide]:
    """The settle of ``settled_rows`` pass by pass, each pass that moved a tile with where
    every tile it moved came from (what a page needs to show each slide); no pass when
    the board is settled."""
    rows = as_rows(board)
    mode = check_gravity(gravity)
    if family(mode) == NO_LINES:
        return []
    out = [list(row) for row in rows]
    trace: list[tuple[Rows, tuple[tuple[Cell, Cell], ...]]] = []
    _settle(out, mode, trace)
    return [Slide(as_board(after), moved) for after, moved in trace]


def _settle(
    out: list[list[int]],
    mode: str,
    trace: list[tuple[Rows, tuple[tuple[Cell, Cell], ...]]] | None,
) -> None:
    """Settle ``out`` in place; with ``trace``, append each pass that moved a tile (the
    rows after it, and its tiles' moves)."""
    mode_passes = passes(mode, len(out), len(out[0]))
    again = family(mode) == REPEATED_PASSES  # one pass of disjoint lines settles at once
    moved = True
    while moved:
        moved = False
        for lines in mode_passes:
            slid: list[tuple[Cell, Cell]] = []
            for line in lines:
                values = [out[r][c] for r, c in line]
                kept = [(v, cell) for v, cell in zip(values, line, strict=True) if v]
                if all(cell == line[i] for i, (_, cell) in enumerate(kept)):
                    continue  # the line's tiles are packed at its end already
                moved = True
                for i, (r, c) in enumerate(line):
                    out[r][c] = kept[i][0] if i < len(kept) else 0
                    if trace is not None and i < len(kept) and kept[i][1] != (r, c):
                        slid.append(((r, c), kept[i][1]))
            if trace is not None and slid:
                trace.append((tuple(map(tuple, out)), tuple(sorted(slid))))
        moved = moved and again


def _link(board: np.ndarray, move: ClearMove, rules: ClearRules) -> Link:
    from graphsearch.llk.scan import LinkScanner

    scanner = LinkScanner(board, outside=rules.outside)
    return scanner.link(Query(move.a, move.b), rules.max_turns)


def play(
    board: np.ndarray,
    move: ClearMove,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
) -> Step:
    """Remove the move's two tiles from a settled board and settle it again; raises
    IllegalClearMoveError when they do not link.  The rules are ``rules`` with any of the
    keywords in place of its own (``ClearRules.of``), as in every function here."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    link = _link(board, move, rules)
    if not link.linked:
        raise IllegalClearMoveError(f"move {move.to_text()}: the tiles do not link ({link.reason})")
    after = board.copy()
    after[move.a] = after[move.b] = 0
    return Step(move, link, settle(after, rules.gravity))


def replay(
    board: object,
    moves: Iterable[ClearMove],
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
) -> list[Step]:
    """Every move in turn from the settled board; raises IllegalClearMoveError (naming the
    move) on one the rules do not allow."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    return list(replay_steps(board, moves, rules))


def replay_steps(
    board: object,
    moves: Iterable[ClearMove],
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
) -> Iterator[Step]:
    """``replay`` one step at a time, so that a caller that only checks the moves never
    holds more than two boards."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    current = settle(board, rules.gravity)
    for i, given in enumerate(moves, 1):
        move = ClearMove.of_move(given)
        try:
            step = play(current, move, rules)
        except IllegalClearMoveError as exc:
            raise IllegalClearMoveError(f"move {i}: {exc}") from None
        yield step
        current = step.after


def clears(
    board: object,
    moves: Iterable[ClearMove],
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
) -> bool:
    """Whether ``moves`` are legal in turn and leave the board empty."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    last = settle(board, rules.gravity)
    try:
        for step in replay_steps(last, moves, rules):
            last = step.after
    except IllegalClearMoveError:
        return False
    return not last.any()


def linkable_pairs(
    board: np.ndarray,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    budget: Budget | None = None,
) -> list[ClearMove]:
    """Every move the rules allow on a settled board, in row-major order of the pair;
    SearchTimeout when the ``budget``'s time runs out first (a large board takes a
    while)."""
    from graphsearch.llk.scan import LinkScanner

    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns)
    scanner = LinkScanner(board, outside=rules.outside)
    cells: list[Cell] = [
        (r, c) for r, row in enumerate(board.tolist()) for c, kind in enumerate(row) if kind
    ]
    moves = []
    for i, a in enumerate(cells):
        if budget is not None and budget.expired():
            raise budget.timeout(None, "the moves of a position were still being listed")
        for b in cells[i + 1 :]:
            if board[a] == board[b] and scanner.link(Query(a, b), rules.max_turns).linked:
                moves.append(ClearMove(a, b))
    return moves


def why_not_clearable(
    board: object, rules: ClearRules | None = None, *, nodes: int | None = None
) -> str:
    """What is known of why a settled board cannot be cleared, in words: a type with an
    odd count of tiles, no two tiles of one type that link now, or (failing both) that
    every order of moves was tried (``nodes``: the positions the search looked at).  The
    words of ``solve clear``'s ``reason`` and of the pages."""
    from collections import Counter

    from graphsearch._words import plural

    rules = ClearRules.of(rules)
    grid = as_board(board)
    counts = Counter(int(v) for v in grid.ravel() if v)
    odd = sorted(kind for kind, count in counts.items() if count % 2)
    if odd:
        named = ", ".join(f"type {kind} ({plural(counts[kind], 'tile')})" for kind in odd[:10])
        more = f" and {len(odd) - 10} more" if len(odd) > 10 else ""
        return f"a type with an odd count of tiles can never be cleared: {named}{more}"
    if not linkable_pairs(grid, rules):
        return f"no two tiles of one type link within {plural(rules.max_turns, 'turn')}"
    why = "every order of moves ends with tiles left"
    if nodes is not None:
        why += f" (the search looked at {plural(nodes, 'position')})"
    return why
