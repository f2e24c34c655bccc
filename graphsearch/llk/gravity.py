"""The gravity modes (变化) of the classic 连连看 games, as data.

A mode is a list of *passes*; a pass is a set of disjoint *lines*, each a list of cells
(0-based ``(row, column)``) from the end its tiles slide toward.  Settling a pass slides
the tiles of each of its lines to that end, keeping their order; a mode settles its passes
in turn, again and again until no tile moves (one round for every mode but ``outward`` and
``inward``, whose two passes can feed each other).  For a board of R rows and C columns the
top half is rows ``0 .. R // 2 - 1`` and the left half columns ``0 .. C // 2 - 1``
(the README and ``solve clear --help`` count from 1: rows 1 to R // 2).

The rules (``game.settle``) and the searches (``position.Position``) each read these lines
with their own code.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from graphsearch.choices import GRAVITIES, MODES

__all__ = ["CLASSIC", "GRAVITIES", "MODES", "SIMPLE", "Mode", "canonical", "mode", "passes"]

Cell = tuple[int, int]
Line = tuple[Cell, ...]

# modes whose lines are fixed (one pass): a tile never leaves its line
SIMPLE = GRAVITIES[1:11]
# the four whole-line modes the backwards board maker knows
CLASSIC = ("down", "up", "left", "right")
_BY_CHINESE = {chinese: english for english, chinese in MODES.items()}


@dataclass(frozen=True, slots=True)
class Mode:
    """A gravity mode as a value: its names and, for a board's size, its passes of lines."""

    name: str
    chinese: str

    @property
    def fixed_lines(self) -> bool:
        """Whether a tile never leaves its line (one pass; every mode but ``outward`` and
        ``inward``; ``none`` has no lines at all)."""
        return self.name in SIMPLE

    def passes(self, n: int, m: int) -> tuple[tuple[Line, ...], ...]:
        """The mode's passes on an n x m board (see ``passes``)."""
        return passes(self.name, n, m)

    def __str__(self) -> str:
        return self.name


def canonical(name: object) -> str | None:
    """The English name of a mode given as a Mode or by its English or Chinese name, or
    None."""
    if isinstance(name, Mode):
        return name.name
    if not isinstance(name, str):
        return None
    if name in MODES:
        return name
    return _BY_CHINESE.get(name)


def mode(name: object) -> Mode:
    """The mode of an English or Chinese name (KeyError when there is none)."""
    english = canonical(name)
    if english is None:
        raise KeyError(name)
    return Mode(english, MODES[english])


def _column(c: int, rows: range) -> Line:
    return tuple((r, c) for r in rows)


def _row(r: int, cols: range) -> Line:
    return tuple((r, c) for c in cols)


def _halves(size: int) -> tuple[range, range, range, range]:
    """First half toward its start, toward its end; second half toward its end, toward its
    start (each as the range of indices from the target end)."""
    h = size // 2
    return range(0, h), range(h - 1, -1, -1), range(size - 1, h - 1, -1), range(h, size)


@cache
def passes(mode: str, n: int, m: int) -> tuple[tuple[Line, ...], ...]:
    """The passes of a mode on an n x m board (``none``: no pass)."""
    rows, cols = range(n), range(m)
    up, down = range(n), range(n - 1, -1, -1)
    left, right = range(m), range(m - 1, -1, -1)
    top_up, top_down, bottom_down, bottom_up = _halves(n)
    left_left, left_right, right_right, right_left = _halves(m)
    top = range(n // 2)
    left_half = range(m // 2)
    apart_v = tuple(
        line for c in cols for line in (_column(c, top_up), _column(c, bottom_down)) if line
    )
    apart_h = tuple(
        line for r in rows for line in (_row(r, left_left), _row(r, right_right)) if line
    )
    center_v = tuple(
        line for c in cols for line in (_column(c, top_down), _column(c, bottom_up)) if line
    )
    center_h = tuple(
        line for r in rows for line in (_row(r, left_right), _row(r, right_left)) if line
    )
    table: dict[str, tuple[tuple[Line, ...], ...]] = {
        "none": (),
        "down": (tuple(_column(c, down) for c in cols),),
        "up": (tuple(_column(c, up) for c in cols),),
        "left": (tuple(_row(r, left) for r in rows),),
        "right": (tuple(_row(r, right) for r in rows),),
        "up-down-apart": (apart_v,),
        "left-right-apart": (apart_h,),
        "up-down-center": (center_v,),
        "left-right-center": (center_h,),
        "up-left-down-right": (tuple(_row(r, left) if r in top else _row(r, right) for r in rows),),
        "left-down-right-up": (
            tuple(_column(c, down) if c in left_half else _column(c, up) for c in cols),
        ),
        "outward": (apart_v, apart_h),
        "inward": (center_h, center_v),
    }
    return table[mode]
