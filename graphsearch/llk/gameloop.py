"""A game of 连连看 as it is played: the board, the moves made, and exact verdicts as it goes.

``Game`` holds a board in play under its rules: ``moves()`` (the pairs that link now),
``play(a, b)`` (refused, with the reason, when the rules do not allow it), ``undo()``,
``verdict(budget)`` (clearable with a clearing from here, dead since a given move, or
undecided within the budget), ``hint(budget)`` and ``shuffle(...)``.

Verdicts are kept along the game.  A board reached by a move from a dead board is dead (a
clearing of it would clear the board before too), so along the moves since the last deal
or shuffle the boards are clearable up to some move and dead after it: the first dead move
is found by bisection, each probe an exact search.  A move that follows the known clearing
keeps the verdict (the rest of that clearing) without a search, and a move made on a dead
board keeps it dead.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from graphsearch.budget import Budget
from graphsearch.errors import SearchTimeout
from graphsearch.llk.game import (
    ClearMove,
    IllegalClearMoveError,
    Step,
    linkable_pairs,
    play,
    settle,
    why_not_clearable,
)
from graphsearch.llk.grid import InvalidGridError, as_board
from graphsearch.llk.rules import ClearRules

if TYPE_CHECKING:
    import numpy as np

    from graphsearch.llk.link import Cell
    from graphsearch.llk.shuffle import Shuffle

__all__ = ["CLEARABLE", "DEAD", "UNDECIDED", "Game", "Hint", "Shuffled", "Verdict"]

CLEARABLE, DEAD, UNDECIDED = "clearable", "dead", "undecided"


@dataclass(frozen=True)
class Verdict:
    """Where a game stands: ``CLEARABLE`` with ``moves``, a clearing of the board as it
    stands; ``DEAD`` with ``dead_since``, the number of the first move since the last deal
    or shuffle after which no clearing existed (0: the board dealt had none; None: not
    decided within the budget), and the ``reason``; or ``UNDECIDED`` within the budget.
    ``searched``: the positions the searches of this verdict looked at."""

    state: str
    moves: tuple[ClearMove, ...] | None = None
    dead_since: int | None = None
    reason: str | None = None
    searched: int = field(default=0, compare=False)
    board: np.ndarray | None = field(default=None, compare=False, repr=False)
    rules: ClearRules | None = field(default=None, compare=False, repr=False)

    @property
    def clearable(self) -> bool | None:
        return {CLEARABLE: True, DEAD: False}.get(self.state)

    def as_json(
        self, board: np.ndarray | None = None, rules: ClearRules | None = None
    ) -> dict[str, Any]:
        """The verdict as ``solve clear --format json`` writes a case (``verdict``: YES,
        NO or UNDECIDED; the moves from the board it was given for, which a game's
        verdict keeps), with ``dead_since``."""
        from graphsearch.llk.report import case_json

        board = self.board if board is None else board
        rules = self.rules if rules is None else rules
        if board is None or rules is None:
            raise ValueError("a verdict's JSON needs the board and the rules it was given for")
        word = {CLEARABLE: "YES", DEAD: "NO"}.get(self.state, "UNDECIDED")
        return case_json(
            board,
            self.moves,
            rules,
            verdict=word,
            reason=self.reason,
            stats={"nodes": self.searched},
            dead_since=self.dead_since,
        )


@dataclass(frozen=True)
class Hint:
    """A move to make: ``verified`` when it keeps the board clearable (the first move of a
    clearing); otherwise a legal move the search had not decided when the budget ran out,
    or None when the board is dead or no move is left.  ``verdict``: what the hint rests
    on."""

    move: ClearMove | None
    verified: bool
    verdict: Verdict


@dataclass(frozen=True)
class Shuffled:
    """A shuffle in a game's history: the board before it and the one dealt."""

    before: np.ndarray
    after: np.ndarray


class Game:
    """A board in play under its rules (any gravity mode, the ring, any turn limit).

    ``board``: the board as it stands (settled; read-only); ``history``: the moves made
    (``ClearMove``, 0-based cells at the time of each) and the shuffles (``Shuffled``), in
    order.  Bad moves raise ``IllegalClearMoveError`` (an ``InvalidInputError``) saying
    why."""

    def __init__(
        self,
        board: object,
        rules: ClearRules | None = None,
        *,
        outside: bool | None = None,
        max_turns: int | None = None,
        gravity: str | None = None,
    ) -> None:
        self.rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
        self._boards = [settle(as_board(board), self.rules.gravity)]
        self._history: list[ClearMove | Shuffled] = []
        self._known: list[Verdict | None] = [None]  # a verdict for each board, when known

    # --- the board --------------------------------------------------------------------

    @property
    def board(self) -> np.ndarray:
        return self._boards[-1]

    @property
    def history(self) -> tuple[ClearMove | Shuffled, ...]:
        return tuple(self._history)

    @property
    def moves_made(self) -> int:
        """The moves made since the board was dealt (shuffles not counted)."""
        return sum(isinstance(event, ClearMove) for event in self._history)

    def moves(self) -> list[ClearMove]:
        """The pairs that link now, in row-major order of the pair."""
        return linkable_pairs(self.board, self.rules)

    def play(self, a: Cell, b: Cell) -> Step:
        """Remove the tiles at ``a`` and ``b`` (0-based cells) and settle; the step.
        Refused (``IllegalClearMoveError``) for a cell off the board or empty, two tiles of
        different types, or tiles that no path within the turns joins."""
        move = self._check(a, b)
        try:
            step = play(self.board, move, self.rules)
        except IllegalClearMoveError:
            turns = self.rules.max_turns
            raise IllegalClearMoveError(
                f"no path of at most {turns} turn{'' if turns == 1 else 's'} through empty "
                f"cells joins the tiles at {move.a} and {move.b}"
            ) from None
        known = self._known[-1]
        after: Verdict | None = None
        if known is not None and known.state == DEAD:
            after = replace(known, reason=None)  # a move from a dead board leaves it dead
        elif known is not None and known.moves and known.moves[0] == move:
            after = Verdict(CLEARABLE, known.moves[1:])  # the known clearing goes on
        self._boards.append(step.after)
        self._history.append(move)
        self._known.append(after)
        return step

    def _check(self, a: Cell, b: Cell) -> ClearMove:
        board = self.board
        rows, cols = board.shape
        for cell in (a, b):
            r, c = cell
            if not (0 <= r < rows and 0 <= c < cols):
                raise IllegalClearMoveError(
                    f"cell {tuple(cell)} is off the board (rows 0..{rows - 1}, columns "
                    f"0..{cols - 1})"
                )
            if not board[r, c]:
                raise IllegalClearMoveError(f"cell {tuple(cell)} is empty")
        move = ClearMove.of(a, b)
        if move.a == move.b:
            raise IllegalClearMoveError(f"a move takes two cells, not {move.a} twice")
        kind_a, kind_b = int(board[move.a]), int(board[move.b])
        if kind_a != kind_b:
            raise IllegalClearMoveError(
                f"the tiles at {move.a} and {move.b} are not of one type ({kind_a} and {kind_b})"
            )
        return move

    def undo(self) -> ClearMove | Shuffled:
        """Take back the last move or shuffle; what was taken back."""
        if not self._history:
            raise InvalidGridError("nothing to undo: no move has been made")
        self._boards.pop()
        self._known.pop()
        return self._history.pop()

    # --- verdicts ---------------------------------------------------------------------

    def verdict(self, budget: Budget | None = None, *, time_limit: float | None = None) -> Verdict:
        """Whether the board as it stands can be cleared (with a clearing), or since which
        move it is dead, or undecided within the ``budget`` (or ``time_limit``)."""
        limits = Budget.of(budget, time_limit)
        searched = [0]
        now = len(self._boards) - 1
        state = self._decide(now, limits, searched)
        if state is None:
            return self._with(Verdict(UNDECIDED), searched[0])
        known = self._known[now]
        assert known is not None
        if known.state == DEAD and known.reason is None:  # dead by a move from a dead board
            known = replace(known, reason=why_not_clearable(self.board, self.rules))
            self._known[now] = known
        if known.state == CLEARABLE or known.dead_since is not None:
            return self._with(known, searched[0])
        first = self._first_dead(now, limits, searched)
        if first is None:  # dead, but since when was not decided within the budget
            return self._with(known, searched[0])
        since = sum(isinstance(event, ClearMove) for event in self._history[:first])
        for k in range(first, now + 1):  # the boards after the first dead one are dead
            earlier = self._known[k]
            self._known[k] = Verdict(DEAD, None, since, earlier.reason if earlier else None)
        return self._with(self._known[now] or known, searched[0])

    def _decide(self, k: int, limits: Budget, searched: list[int]) -> bool | None:
        """Whether board k clears (its verdict kept), or None when undecided."""
        known = self._known[k]
        if known is not None:
            return known.state == CLEARABLE
        from graphsearch.llk.clearing import solve

        try:
            result = solve(self._boards[k], self.rules, budget=limits)
        except SearchTimeout as exc:
            searched[0] += getattr(exc.stats, "nodes", 0) or 0
            return None
        searched[0] += result.stats.nodes
        if result.moves is not None:
            self._known[k] = Verdict(CLEARABLE, result.moves)
            return True
        self._known[k] = Verdict(DEAD, reason=why_not_clearable(self._boards[k], self.rules))
        return False

    def _since_deal(self, k: int) -> int:
        """The board after the last shuffle at or before board k (0: the board dealt)."""
        for j in range(k, 0, -1):
            if isinstance(self._history[j - 1], Shuffled):
                return j
        return 0

    def _first_dead(self, k: int, limits: Budget, searched: list[int]) -> int | None:
        """The first dead board among those since the last deal up to board k (dead), by
        bisection (the boards are clearable, then dead); None when a probe is undecided
        within the budget."""
        low, high = self._since_deal(k), k  # high is dead
        if low < high:
            decided = self._decide(low, limits, searched)
            if decided is None:
                return None
            if not decided:
                return low
        while high - low > 1:
            middle = (low + high) // 2
            decided = self._decide(middle, limits, searched)
            if decided is None:
                return None
            if decided:
                low = middle
            else:
                high = middle
        return high

    def hint(self, budget: Budget | None = None, *, time_limit: float | None = None) -> Hint:
        """A move that keeps the board clearable (``verified``), or, when the budget runs
        out first, a legal move not known to (unverified), or None when the board is dead
        or empty."""
        verdict = self.verdict(budget, time_limit=time_limit)
        if verdict.state == CLEARABLE:
            move = verdict.moves[0] if verdict.moves else None
            return Hint(move, move is not None, verdict)
        if verdict.state == DEAD:
            return Hint(None, False, verdict)
        legal = self.moves()
        return Hint(legal[0] if legal else None, False, verdict)

    def _with(self, verdict: Verdict, searched: int) -> Verdict:
        """The verdict with the positions searched for it, and the board and rules it is
        for (its JSON replays its clearing from that board)."""
        return replace(verdict, searched=searched, board=self.board, rules=self.rules)

    # --- shuffles ---------------------------------------------------------------------

    def shuffle(
        self,
        *,
        seed: int = 0,
        budget: Budget | None = None,
        time_limit: float | None = None,
    ) -> Shuffle:
        """Deal the tiles left again over the same cells so that the board clears
        (``llk.shuffle``); when a deal is found it becomes the board (undo takes it back),
        with its clearing as the verdict.  The shuffle, whether or not a deal exists."""
        from graphsearch.llk.shuffle import shuffle

        dealt = shuffle(self.board, self.rules, seed=seed, budget=budget, time_limit=time_limit)
        if dealt.board is not None and dealt.moves is not None:
            self._history.append(Shuffled(self.board, dealt.board))
            self._boards.append(dealt.board)
            self._known.append(Verdict(CLEARABLE, dealt.moves))
        return dealt
