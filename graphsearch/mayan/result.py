"""What every Mayan engine returns, and the error it raises when its time runs out."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from graphsearch.mayan.board import Move

__all__ = ["Deadline", "MayanResult", "SearchTimeout", "allow_depth"]


@dataclass(frozen=True)
class MayanResult:
    """The lexicographically smallest solution of exactly ``n`` moves, or None."""

    n: int
    moves: tuple[Move, ...] | None
    engine: str
    stats: dict = field(default_factory=dict, compare=False)

    @property
    def solvable(self) -> bool:
        return self.moves is not None


class SearchTimeout(Exception):
    """The time limit ran out before the engine could answer."""

    def __init__(self, message: str, stats: dict | None = None) -> None:
        super().__init__(message)
        self.stats = stats or {}


class Deadline:
    """A wall-clock limit that is cheap to poll: the clock is read once every ``every`` calls."""

    def __init__(self, seconds: float | None, every: int = 2048) -> None:
        self.start = time.perf_counter()
        self.end = None if seconds is None else self.start + seconds
        self.every = every
        self._count = 0

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def expired(self) -> bool:
        if self.end is None:
            return False
        self._count += 1
        if self._count < self.every:
            return False
        self._count = 0
        return time.perf_counter() > self.end


def allow_depth(n: int) -> None:
    """Let a recursive search go n levels deep (a puzzle may ask for any n)."""
    needed = 4 * n + 1000
    if sys.getrecursionlimit() < needed:
        sys.setrecursionlimit(needed)
