"""Where a search stands when it returns: one status type for every search of the package."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Status"]


class Status(IntEnum):
    """Where a search stands when it returns, the same for every search (the Mayan
    engines, the makers, and the whole-board searches: the pairing search, the compiled
    move search, the CP-SAT model): ``FOUND`` an answer (a solution, a clearing),
    ``EXHAUSTED`` proved there is none, ``OUT_OF_NODES`` used up a budget counted in work
    (states, positions, branchings, CP-SAT's conflicts or deterministic time: the same on
    every machine), and ``RUNNING`` stopped for its caller and can go on.  Running out of
    time is not a status: it raises ``SearchTimeout``, the library's one signal for it."""

    RUNNING = 0
    FOUND = 1
    EXHAUSTED = 2
    OUT_OF_NODES = 3
