"""What a whole-board engine answers: a clearing or None, the engine that decided, and
what the search did.  Kept apart from the engines so that each imports it without
importing another engine."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from graphsearch.llk.game import ClearMove

__all__ = ["ClearResult", "ClearStats", "Status"]


class Status(IntEnum):
    """Where a whole-board search stands when it returns, the same for every search (the
    pairing search, the compiled move search, the CP-SAT model): ``FOUND`` a clearing,
    ``EXHAUSTED`` proved there is none, ``OUT_OF_NODES`` used up a budget counted in work
    (positions, branchings, CP-SAT's deterministic time: the same on every machine), and
    ``RUNNING`` stopped for its caller and can go on.  Running out of time is not a
    status: it raises ``SearchTimeout``, the library's one signal for it."""

    RUNNING = 0
    FOUND = 1
    EXHAUSTED = 2
    OUT_OF_NODES = 3


@dataclass(slots=True)
class ClearStats:
    """What a whole-board engine did."""

    nodes: int = 0  # positions branched on
    table_hits: int = 0  # positions found already proven dead
    forced: int = 0  # moves made by a reduction, without branching
    seconds: float = 0.0

    def as_dict(self) -> dict[str, int | float]:
        return {
            "nodes": self.nodes,
            "table_hits": self.table_hits,
            "moves_forced": self.forced,
            "seconds": self.seconds,
        }


@dataclass(frozen=True)
class ClearResult:
    """A clearing (moves in playing order, positions at the time of each move), or None;
    ``engine`` names the engine that decided the board."""

    moves: tuple[ClearMove, ...] | None
    engine: str
    stats: ClearStats = field(default_factory=ClearStats, compare=False)

    @property
    def clearable(self) -> bool:
        return self.moves is not None
