"""The gravity modes (变化) of the classic 连连看 games, as data.

A mode is a list of *passes*; a pass is a set of disjoint *lines*, each a list of cells
(0-based ``(row, column)``) from the end its tiles slide toward.  Settling a pass slides
the tiles of each of its lines to that end, keeping their order; a mode settles its passes
in turn, again and again until no tile moves (one round for every mode but ``outward`` and
``inward``, whose two passes can feed each other).  For a board of R rows and C columns the
top half is rows ``0 .. R // 2 - 1`` and the left half columns ``0 .. C // 2 - 1``
(the README and ``solve clear --help`` count from 1: rows 1 to R // 2).

The rules (``game.settle``) and the searches (``position.Position``, the compiled core) each
read these lines with their own code; which search a mode goes to is decided by its family
(``family``: how many passes it has), in this module alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from graphsearch.choices import GRAVITIES, MODES

__all__ = [
    "CLASSIC",
    "FIXED_LINES",
    "GRAVITIES",
    "MODES",
    "NO_LINES",
    "PASSES",
    "REPEATED_PASSES",
    "SIMPLE",
    "Mode",
    "canonical",
    "family",
    "mode",
    "passes",
]

Cell = tuple[int, int]
Line = tuple[Cell, ...]

# The three families of modes, decided by the number of passes alone (``family``): every
# router asks that function, never a mode's name.
NO_LINES = "no lines"  # no pass: nothing moves (none)
FIXED_LINES = "fixed lines"  # one pass of disjoint lines: a tile never leaves its line
REPEATED_PASSES = "repeated passes"  # passes repeated until no tile moves (outward, inward)

# Each mode's passes, in order, as the kinds of lines of each pass (``_lines`` lays them on
# a board).  A new mode is a name here and in ``choices.MODES`` (its Chinese name).
PASSES: dict[str, tuple[str, ...]] = {
    "none": (),
    "down": ("columns down",),
    "up": ("columns up",),
    "left": ("rows left",),
    "right": ("rows right",),
    "up-down-apart": ("columns apart",),
    "left-right-apart": ("rows apart",),
    "up-down-center": ("columns to the middle",),
    "left-right-center": ("rows to the middle",),
    "up-left-down-right": ("top rows left, bottom rows right",),
    "left-down-right-up": ("left columns down, right columns up",),
    "outward": ("columns apart", "rows apart"),
    "inward": ("rows to the middle", "columns to the middle"),
}

# the four whole-line modes the backwards board maker knows
CLASSIC = ("down", "up", "left", "right")
_BY_CHINESE = {chinese: english for english, chinese in MODES.items()}


def family(name: object) -> str:
    """The family of a mode (given as a Mode or by name): ``NO_LINES``, ``FIXED_LINES``
    or ``REPEATED_PASSES``, from its number of passes.  The one place that decides it."""
    english = canonical(name)
    if english is None or english not in PASSES:
        raise KeyError(name)
    count = len(PASSES[english])
    return NO_LINES if count == 0 else FIXED_LINES if count == 1 else REPEATED_PASSES


@dataclass(frozen=True, slots=True)
class Mode:
    """A gravity mode as a value: its names and, for a board's size, its passes of lines."""

    name: str
    chinese: str

    @property
    def family(self) -> str:
        """``NO_LINES``, ``FIXED_LINES`` or ``REPEATED_PASSES`` (see ``family``)."""
        return family(self.name)

    @property
    def fixed_lines(self) -> bool:
        """Whether a tile never leaves its line (one pass; every mode but ``outward`` and
        ``inward``; ``none`` has no lines at all)."""
        return self.family == FIXED_LINES

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
    return _BY_CHINESE.get(name) or next(
        (english for english, chinese in MODES.items() if chinese == name), None
    )


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


def _lines(kind: str, n: int, m: int) -> tuple[Line, ...]:
    """The lines of one kind of pass on an n x m board, each from the end its tiles slide
    toward."""
    rows, cols = range(n), range(m)
    top_up, top_down, bottom_down, bottom_up = _halves(n)
    left_left, left_right, right_right, right_left = _halves(m)
    if kind == "columns down":
        return tuple(_column(c, range(n - 1, -1, -1)) for c in cols)
    if kind == "columns up":
        return tuple(_column(c, rows) for c in cols)
    if kind == "rows left":
        return tuple(_row(r, cols) for r in rows)
    if kind == "rows right":
        return tuple(_row(r, range(m - 1, -1, -1)) for r in rows)
    if kind == "columns apart":
        halves = (top_up, bottom_down)
        return tuple(line for c in cols for line in (_column(c, h) for h in halves) if line)
    if kind == "rows apart":
        halves = (left_left, right_right)
        return tuple(line for r in rows for line in (_row(r, h) for h in halves) if line)
    if kind == "columns to the middle":
        halves = (top_down, bottom_up)
        return tuple(line for c in cols for line in (_column(c, h) for h in halves) if line)
    if kind == "rows to the middle":
        halves = (left_right, right_left)
        return tuple(line for r in rows for line in (_row(r, h) for h in halves) if line)
    if kind == "top rows left, bottom rows right":
        return tuple(_row(r, cols if r < n // 2 else range(m - 1, -1, -1)) for r in rows)
    if kind == "left columns down, right columns up":
        return tuple(_column(c, range(n - 1, -1, -1) if c < m // 2 else rows) for c in cols)
    raise KeyError(kind)


@cache
def passes(mode: str, n: int, m: int) -> tuple[tuple[Line, ...], ...]:
    """The passes of a mode on an n x m board (``none``: no pass)."""
    return tuple(_lines(kind, n, m) for kind in PASSES[mode])


# the modes of fixed lines, in the table's order
SIMPLE = tuple(name for name in GRAVITIES if family(name) == FIXED_LINES)
