"""Greedy play, as many games check their boards: remove the first linked pair in
row-major order, again and again, never going back.

Kept apart from the rules (``game``), which it is checked against, because it plays on
the search core's board (``clearing.board_core``): the rules module imports no engine.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from graphsearch.llk.game import ClearMove, clears, linkable_pairs, play, settle
from graphsearch.llk.grid import as_rows
from graphsearch.llk.rules import ClearRules

if TYPE_CHECKING:
    import numpy as np

__all__ = ["greedy_clearing"]


def greedy_clearing(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
) -> list[ClearMove] | None:
    """Greedy play, as KShisen checks its boards: remove the first linked pair in row-major
    order (as ``linkable_pairs`` lists them), again and again, never going back; its moves
    if that clears the board.  The pairs are tested and removed by the search core's own
    link rule and settle (``ClearCore.linked``, ``play``; on a board past the core's
    limits, by these rules), and a clearing is replayed through the rules before it is
    returned."""
    from graphsearch.llk.clearing import board_core
    from graphsearch.llk.position import Position

    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    rows = as_rows(board)  # the core settles it first
    pos = Position(rows, outside=rules.outside, gravity=rules.gravity)
    core = board_core(pos, rules.max_turns)
    moves: list[ClearMove] | None
    if core is None:
        moves = _greedy_by_rules(settle(rows, rules.gravity), rules)
    else:
        moves = []
        while True:
            grid = core.board()
            by_type: dict[int, list[int]] = {}
            for cell, kind in enumerate(grid):  # padded cells in row-major order
                if kind > 0:
                    by_type.setdefault(kind, []).append(cell)
            found = next(
                (
                    (a, b)
                    for a in sorted(c for cells in by_type.values() for c in cells)
                    for b in by_type[grid[a]]
                    if b > a and core.linked(a, b)
                ),
                None,
            )
            if found is None:
                break
            moves.append(ClearMove.of(pos.cell(found[0]), pos.cell(found[1])))
            core.play(*found)
        if by_type:
            moves = None
    if moves is not None and not clears(board, moves, rules):
        raise RuntimeError("greedy play's clearing does not replay")  # never: one rule
    return moves


def _greedy_by_rules(board: np.ndarray, rules: ClearRules) -> list[ClearMove] | None:
    """Greedy play on a board past the search core's limits, move by move by the rules."""
    moves = []
    while board.any():
        legal = linkable_pairs(board, rules)
        if not legal:
            return None
        moves.append(legal[0])
        board = play(board, legal[0], rules).after
    return moves
