"""A Mayan puzzle as it is played: the board, the moves made, and whether it can still be
emptied in exactly the moves left.

``Game(puzzle)``: ``play(move)``, ``undo()``, ``moves_left``, ``moves()`` (the legal
moves), ``verdict(budget)`` (exact: the search on the puzzle that is left) and
``hint(budget)``: the lexicographically smallest move that keeps the puzzle solvable,
which is the first move of the smallest solution of the puzzle left.  A move that follows
the known solution keeps the verdict without a search.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from graphsearch._words import plural
from graphsearch.budget import Budget
from graphsearch.errors import SearchTimeout
from graphsearch.mayan.board import Board, InvalidBoardError, Move, Puzzle
from graphsearch.mayan.rules import IllegalMoveError, apply_move, legal_moves

__all__ = ["SOLVABLE", "UNDECIDED", "UNSOLVABLE", "Game", "MayanVerdict"]

SOLVABLE, UNSOLVABLE, UNDECIDED = "solvable", "unsolvable", "undecided"


@dataclass(frozen=True)
class MayanVerdict:
    """Whether the board can be emptied in exactly the ``moves_left``: ``SOLVABLE`` with
    the smallest such ``solution``, ``UNSOLVABLE`` with the ``reason``, or ``UNDECIDED``
    within the budget."""

    state: str
    moves_left: int
    solution: tuple[Move, ...] | None = None
    reason: str | None = None
    nodes: int = field(default=0, compare=False)

    @property
    def solvable(self) -> bool | None:
        return {SOLVABLE: True, UNSOLVABLE: False}.get(self.state)


class Game:
    """A Mayan puzzle in play.  ``board``: the board as it stands; ``history``: the moves
    made; ``moves_left``: how many the puzzle still asks for.  Bad moves raise
    ``IllegalMoveError`` (an ``InvalidInputError``) saying why."""

    def __init__(self, puzzle: Puzzle | str | bytes, *, same_color_swaps: bool = True) -> None:
        from graphsearch._checks import check_flag
        from graphsearch.mayan.board import parse_puzzle

        if isinstance(puzzle, str | bytes):
            puzzle = parse_puzzle(puzzle)
        elif not isinstance(puzzle, Puzzle):
            raise InvalidBoardError(f"a puzzle is a Puzzle or its judge text, not {puzzle!r}")
        self.puzzle = puzzle
        self.same_color_swaps = check_flag("same_color_swaps", same_color_swaps, InvalidBoardError)
        self._boards: list[Board] = [puzzle.board]
        self._history: list[Move] = []
        self._known: list[MayanVerdict | None] = [None]

    @property
    def board(self) -> Board:
        return self._boards[-1]

    @property
    def history(self) -> tuple[Move, ...]:
        return tuple(self._history)

    @property
    def moves_left(self) -> int:
        return self.puzzle.n - len(self._history)

    def moves(self) -> list[Move]:
        """The moves the rules allow now, in answer order (none when no move is left or
        the board is empty)."""
        if self.moves_left == 0 or self.board.is_empty():
            return []
        return legal_moves(self.board, same_color_swaps=self.same_color_swaps)

    def play(self, move: Move | tuple[int, int, int]) -> Board:
        """Make the move (``Move`` or ``(x, y, g)``); the board after it."""
        move = Move.of(move)
        if self.moves_left == 0:
            raise IllegalMoveError(
                f"move {move.to_text()}: the puzzle's {plural(self.puzzle.n, 'move')} are made"
            )
        if self.board.is_empty():
            raise IllegalMoveError(f"move {move.to_text()}: the board is empty, no move exists")
        if (
            not self.same_color_swaps
            and self.board[move.x + move.g, move.y] == self.board[move.x, move.y]
        ):
            raise IllegalMoveError(
                f"move {move.to_text()}: a swap of two blocks of one color, which these rules "
                "never make"
            )
        after = apply_move(self.board, move)
        known = self._known[-1]
        kept: MayanVerdict | None = None
        if known is not None and known.solution and known.solution[0] == move:
            kept = MayanVerdict(SOLVABLE, self.moves_left - 1, known.solution[1:])
        self._boards.append(after)
        self._history.append(move)
        self._known.append(kept)
        return after

    def undo(self) -> Move:
        """Take back the last move; the move."""
        if not self._history:
            raise IllegalMoveError("nothing to undo: no move has been made")
        self._boards.pop()
        self._known.pop()
        return self._history.pop()

    def verdict(
        self, budget: Budget | None = None, *, time_limit: float | None = None
    ) -> MayanVerdict:
        """Whether the board can still be emptied in exactly the moves left (exact), or
        undecided within the ``budget`` (or ``time_limit``)."""
        known = self._known[-1]
        if known is not None:
            return known
        left, board = self.moves_left, self.board
        if left == 0 or board.is_empty():
            if board.is_empty() and left == 0:
                verdict = MayanVerdict(SOLVABLE, 0, ())
            elif board.is_empty():
                verdict = MayanVerdict(
                    UNSOLVABLE, left, reason="the board is empty with moves left: no move exists"
                )
            else:
                verdict = MayanVerdict(UNSOLVABLE, 0, reason="no move is left and blocks are")
            self._known[-1] = verdict
            return verdict
        from graphsearch.mayan.bounds import why_unsolvable
        from graphsearch.mayan.engines import solve

        try:
            result = solve(
                Puzzle(left, board),
                same_color_swaps=self.same_color_swaps,
                budget=Budget.of(budget, time_limit),
            )
        except SearchTimeout as exc:
            return MayanVerdict(UNDECIDED, left, nodes=getattr(exc.stats, "nodes", 0) or 0)
        nodes = result.stats.nodes or 0
        if result.moves is None:
            reason = why_unsolvable(board.grid(), left, nodes=nodes)
            verdict = MayanVerdict(UNSOLVABLE, left, reason=reason, nodes=nodes)
        else:
            verdict = MayanVerdict(SOLVABLE, left, result.moves, nodes=nodes)
        self._known[-1] = verdict
        return verdict

    def hint(self, budget: Budget | None = None, *, time_limit: float | None = None) -> Move | None:
        """The lexicographically smallest move that keeps the puzzle solvable, or None
        when none does (or the budget ran out first: see ``verdict``)."""
        verdict = self.verdict(budget, time_limit=time_limit)
        if verdict.solution:
            return verdict.solution[0]
        return None
