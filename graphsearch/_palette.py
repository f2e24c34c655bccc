"""Fill colors for drawing tile and block types 1, 2, ... (they repeat after ten)."""

__all__ = ["PALETTE", "fill"]

PALETTE = (
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231",
    "#911eb4", "#42d4f4", "#f032e6", "#bfef45", "#fabed4",
)  # fmt: skip


def fill(kind: int) -> str:
    """The color of type ``kind``."""
    return PALETTE[(kind - 1) % len(PALETTE)]
