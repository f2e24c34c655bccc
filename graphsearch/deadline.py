"""Wall-clock limits that are cheap to poll, and the check of a time limit where it comes in."""

from __future__ import annotations

import math
import time

from graphsearch.errors import InvalidInputError

__all__ = ["Deadline", "check_time_limit"]


def check_time_limit(seconds: float | None) -> float | None:
    """``seconds`` itself when it is None (no limit) or a positive finite number."""
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, int | float):
        raise InvalidInputError(f"a time limit is a number of seconds, not {seconds!r}")
    if not math.isfinite(seconds) or seconds <= 0:
        raise InvalidInputError(f"a time limit must be a positive number of seconds, not {seconds}")
    return float(seconds)


class Deadline:
    """A wall-clock limit that is cheap to poll: the clock is read once every ``every`` calls."""

    def __init__(self, seconds: float | None, every: int = 2048) -> None:
        seconds = check_time_limit(seconds)
        self.start = time.perf_counter()
        self.end = None if seconds is None else self.start + seconds
        self.every = every
        self._count = 0

    def elapsed(self) -> float:
        return time.perf_counter() - self.start

    def left(self) -> float | None:
        """Seconds left (at least a millisecond), or None without a limit."""
        if self.end is None:
            return None
        return max(self.end - time.perf_counter(), 1e-3)

    def passed(self) -> bool:
        """Whether the limit has passed, reading the clock now."""
        return self.end is not None and time.perf_counter() > self.end

    def expired(self) -> bool:
        """Whether the limit has passed, reading the clock only every ``every`` calls."""
        if self.end is None:
            return False
        self._count += 1
        if self._count < self.every:
            return False
        self._count = 0
        return time.perf_counter() > self.end
