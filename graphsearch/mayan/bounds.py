"""Sound lower bounds on the moves a Mayan board still needs: cheap enough for every node.

Every block ends in a run of three: either stacked in one column or level in three to five
adjacent columns.  Blocks change column only when a move drags them, and one move shifts at
most two blocks by one column, never two of the same color (a same-color swap changes
nothing).  So for each color, look at how many of its blocks each column holds (its
*histogram*): with k moves left, the histogram must reach, within k single-column steps of
one block, a histogram whose blocks can all be covered by runs.  And the steps of all colors
together are at most 2k.

The argument holds for any board, among them the board right after a move's drag, before
anything vanishes: from there blocks only vanish until the next move.  So a move is worth
playing only when the histograms after its drag are within the moves left after it; only
the dragged block, and in a swap its neighbour, change columns, so that costs a few table
lookups, not a play (the search core's ``_drag_fits``).

A histogram ``c`` (blocks per column) can be covered when horizontal runs can be chosen,
each covering one block in each of three to five adjacent columns (``h[i]`` of them over
column i, ``h[i] <= c[i]``), such that every column is either fully covered (``c[i] ==
h[i]``) or holds at least three blocks (the rest stand in a vertical run; a block may be in
a row run and a column run at once, so ``c[i] >= 3`` is all that is needed).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import cache
from itertools import product
from pathlib import Path

from graphsearch.mayan.board import HEIGHT, MAX_COLOR, WIDTH

__all__ = [
    "UNREACHABLE",
    "color_distances",
    "distance_table",
    "histogram_distance",
    "moves_needed",
    "why_unsolvable",
]

UNREACHABLE = 255
_BASE = HEIGHT + 1  # a column holds 0..7 blocks of one color
_STATES = _BASE**WIDTH
_POW: tuple[int, ...] = tuple(_BASE**x for x in range(WIDTH))


def _coverable(counts: tuple[int, ...]) -> bool:
    # Columns with one or two blocks must be covered by row runs alone, exactly; empty
    # columns cut the row runs; columns of three or more take whatever row runs pass.
    # Choose the number of row runs over each column from left to right: a run that
    # starts at column i covers i..j for some j >= i + 2.
    @cache
    def fill(i: int, open_runs: tuple[int, ...]) -> bool:
        # open_runs[d]: runs that started d + 1 columns before i and still may continue
        if i == WIDTH:
            return all(r == 0 for r in open_runs[:2])  # runs shorter than three are not runs
        c = counts[i]
        # runs that must continue (started 1 or 2 columns ago) and runs that may (3+)
        must = open_runs[0] + open_runs[1]
        may = open_runs[2]
        for keep in range(may + 1):
            for start in range(HEIGHT + 1):
                h = must + keep + start
                if h > c:
                    break
                if c in (1, 2) and h != c:
                    continue
                if c == 0 and h != 0:
                    continue
                if fill(i + 1, (start, open_runs[0], open_runs[1] + keep)):
                    return True
        return False

    return fill(0, (0, 0, 0))


def _decode(code: int) -> list[int]:
    return [(code // _POW[x]) % _BASE for x in range(WIDTH)]


_TABLE_FILE = Path(__file__).with_name("histogram_distance.bin")


@cache
def distance_table() -> bytes:
    """The distance of every histogram (indexed by ``sum(c[x] * 8**x)``), read from the file
    shipped beside this module.

    Computing it takes about 0.4 s, too long for every start; ``compute_distance_table``
    makes it and ``python -m graphsearch.mayan.bounds`` writes the file (a test checks that
    the two agree).
    """
    try:
        table = _TABLE_FILE.read_bytes()
    except OSError:
        table = b""
    return table if len(table) == _STATES else compute_distance_table()


def compute_distance_table() -> bytes:
    """Shortest number of one-block, one-column steps from each histogram to a coverable one."""
    dist = bytearray([UNREACHABLE]) * _STATES
    queue: deque[int] = deque()
    for counts in product(range(_BASE), repeat=WIDTH):
        if _coverable(counts):
            code = sum(c * p for c, p in zip(counts, _POW, strict=True))
            dist[code] = 0
            queue.append(code)
    while queue:
        code = queue.popleft()
        step = dist[code] + 1
        column_counts = _decode(code)
        for x in range(WIDTH):
            if column_counts[x] == 0:
                continue
            for nx in (x - 1, x + 1):
                if 0 <= nx < WIDTH and column_counts[nx] < HEIGHT:
                    other = code - _POW[x] + _POW[nx]
                    if dist[other] > step:
                        dist[other] = step
                        queue.append(other)
    return bytes(dist)


def histogram_distance(counts: Sequence[int]) -> int:
    """Fewest single-column steps that make a color's histogram coverable (255: never)."""
    return distance_table()[sum(c * p for c, p in zip(counts, _POW, strict=True))]


def _histogram_codes(grid: Sequence[int]) -> list[int]:
    """Each color's histogram as its index in the distance table (0 for an absent color)."""
    codes = [0] * (MAX_COLOR + 1)
    for x in range(WIDTH):
        weight = _POW[x]
        for cell in range(x * HEIGHT, x * HEIGHT + HEIGHT):
            color = grid[cell]
            if not color:
                break
            codes[color] += weight
    return codes


def color_distances(grid: Sequence[int]) -> list[int]:
    """For each color present on the flat grid (index ``x * 7 + y``), its histogram distance."""
    table = distance_table()
    return [table[code] for code in _histogram_codes(grid)[1:] if code]


def moves_needed(grid: Sequence[int]) -> int:
    """A lower bound on the moves that can clear the flat grid (255 when it never can).

    Each color needs at least its distance in moves, and all colors together at least half
    the sum of their distances.
    """
    distances = color_distances(grid)
    if not distances:
        return 0
    worst = max(distances)
    if worst == UNREACHABLE:
        return UNREACHABLE
    return max(worst, (sum(distances) + 1) // 2)


def why_unsolvable(
    grid: Sequence[int], n: int, *, nodes: int | None = None, prefilter: str | None = None
) -> str:
    """What is known of why no ``n`` moves empty the flat grid, in words: the column-
    histogram bound (a color that can never form a run, or more moves needed than there
    are), the CP-SAT prefilter's proof, or (failing those) that every sequence was tried
    (``nodes``: the states the search expanded).  The words of ``solve mayan``'s
    ``reason`` and of the pages."""
    from graphsearch._words import plural

    need = moves_needed(grid)
    if need == UNREACHABLE:
        return "a color's blocks can never all stand in runs of three (too few, or too far apart)"
    if need > n:
        return (
            f"the blocks need at least {plural(need, 'move')} to come together in runs (the "
            f"column-histogram bound), more than the {n} allowed"
        )
    if prefilter == "proved unsolvable":
        return f"the CP-SAT relaxation proves that no {plural(n, 'move')} empty the board"
    why = f"every sequence of {plural(n, 'move')} leaves blocks"
    if nodes:
        why += f" (the search expanded {plural(nodes, 'state')})"
    return why


if __name__ == "__main__":
    _TABLE_FILE.write_bytes(compute_distance_table())
