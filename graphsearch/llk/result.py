"""What a whole-board engine answers: a clearing or None, the engine that decided, and
what the search did.  Kept apart from the engines so that each imports it without
importing another engine."""

from __future__ import annotations

from dataclasses import dataclass, field

from graphsearch.llk.game import ClearMove
from graphsearch.status import Status

__all__ = ["ClearResult", "ClearStats", "Status"]


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

    @property
    def status(self) -> Status:
        """``FOUND`` a clearing or ``EXHAUSTED`` (proved there is none)."""
        return Status.FOUND if self.moves is not None else Status.EXHAUSTED
