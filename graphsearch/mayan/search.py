"""The default Mayan engine: a depth-first search over boards with a dead-state table.

States are boards with k moves left; transitions come from the rule simulator.  Moves are
expanded in answer order (x, then y, then right before left), so the first solution found
is the lexicographically smallest.  Prunings, all sound:

* a left move only into an empty cell (a left swap equals the right move of the
  neighbour, which sorts earlier);
* a board whose blocks cannot be brought into runs with the moves left
  (``bounds.moves_needed``: it covers a color with one or two blocks left), checked on the
  board right after a move's drag before the move is played (``bounds.DragBound``), and on
  the board after it;
* a table of (board, moves left) already searched without success: the search of a state
  does not depend on how it was reached.  The table is bounded (``DeadStates``); a state it
  has forgotten is only searched again, so the answer stays exact.

Long searches are handed over to a compiled core (``graphsearch.mayan.compiled``, numba):
the same search, which also skips moves that commute with a move already refuted (sleep
sets), 10 to 30 times faster a node.  The pure-Python search runs first, for
``COMPILED_AFTER`` nodes, so that a short search never pays the second or so it takes to
load the compiled one (searches of ``DEEP_N`` or more moves, rarely short, start there);
either gives the same answer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from graphsearch._jit import hand_over_due, jit_available, load_core
from graphsearch.deadline import Deadline
from graphsearch.errors import SearchTimeout
from graphsearch.mayan.board import HEIGHT, Move, Puzzle
from graphsearch.mayan.bounds import DragBound, distance_table, moves_needed
from graphsearch.mayan.result import MayanResult, SearchStats, allow_depth
from graphsearch.mayan.rules import grid_moves, play

if TYPE_CHECKING:
    from graphsearch.mayan.compiled import CompiledSearch

__all__ = [
    "COMPILED_AFTER",
    "DEEP_N",
    "DEFAULT_TABLE_ENTRIES",
    "DeadStates",
    "compiled_core",
    "greedy",
    "solve",
]

# About 120 bytes an entry (a 35-byte key and its set slot): some 500 MB at most.
DEFAULT_TABLE_ENTRIES = 4_000_000

# Nodes the pure-Python search expands before the compiled core takes over: about 0.7 s,
# what loading the compiled core costs (so a search is never much more than twice as slow
# as the better of the two would have been).
COMPILED_AFTER = 10_000
DEEP_N = 7
CORE = "graphsearch.mayan.compiled"  # loaded by ``_jit.load_core``
# Nodes the compiled core expands between two looks at the clock (about 0.1 s).
COMPILED_SLICE = 20_000

_NONE: frozenset[bytes] = frozenset()


class _HandOver(Exception):
    """The pure-Python search has run long enough: the compiled core takes over."""


def compiled_core() -> bool:
    """Whether the compiled core can run here (numba is installed, its compiler on)."""
    return jit_available()


class DeadStates:
    """(board, moves left) states proven dead, at most ``capacity`` of them.

    Two generations: new states go into the young tables (one set per number of moves
    left); when they hold half the capacity they become the old tables and the previous old
    ones are dropped.  So recently proven states, which the search meets most often, stay.
    """

    def __init__(self, capacity: int = DEFAULT_TABLE_ENTRIES) -> None:
        if capacity < 2:
            raise ValueError("a dead-state table needs a capacity of at least 2")
        self.half = capacity // 2
        self.young: dict[int, set[bytes]] = {}
        self.old: dict[int, set[bytes]] = {}
        self.count = 0  # entries in the young tables
        self.generations = 0

    def tables(self, k: int) -> tuple[set[bytes], frozenset[bytes] | set[bytes]]:
        """The young table for k moves left (to look up and add to) and the old one."""
        young = self.young.get(k)
        if young is None:
            young = self.young[k] = set()
        return young, self.old.get(k, _NONE)

    def added(self) -> None:
        """Count one entry added to a young table; age the tables when they are full."""
        self.count += 1
        if self.count >= self.half:
            self.old, self.young = self.young, {}
            self.count = 0
            self.generations += 1

    def __contains__(self, state: tuple[bytes, int]) -> bool:
        key, k = state
        young, old = self.tables(k)
        return key in young or key in old

    def __len__(self) -> int:
        return sum(map(len, self.young.values())) + sum(map(len, self.old.values()))


def solve(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    table: DeadStates | None = None,
    compiled: bool | None = None,
) -> MayanResult:
    """The lexicographically smallest sequence of exactly ``puzzle.n`` moves that clears it.

    ``table`` may be shared by calls with the same ``same_color_swaps``, so that a caller
    solving many related boards searches each state once (such a search stays in Python).
    ``compiled``: True runs the compiled core from the start, False never runs it, None
    (the default) hands over to it after ``COMPILED_AFTER`` nodes (at once from ``DEEP_N``
    moves) when numba is installed.
    """
    n = puzzle.n
    deadline = Deadline(time_limit)
    if compiled is None:
        hand_over_at = None
        if table is None and compiled_core():
            hand_over_at = 0 if n >= DEEP_N else COMPILED_AFTER
    elif compiled and table is not None:
        raise ValueError("the compiled core keeps its own table")
    else:
        hand_over_at = 0 if compiled else None
    grid = puzzle.board.grid()
    if hand_over_at == 0 and n > 0 and moves_needed(grid) <= n:
        result = _solve_compiled(puzzle, same_color_swaps, deadline)
        if result is not None:
            return result
        if compiled:
            raise RuntimeError("the compiled core cannot run here")
        hand_over_at = None
    dead = DeadStates() if table is None else table
    nodes = leaves = hits = pruned = 0
    path: list[tuple[int, int]] = []

    def stats() -> SearchStats:
        return _stats(deadline, dead, nodes, leaves, hits, pruned)

    def search(grid: list[int], k: int) -> bool:
        # grid has k >= 1 moves left and has passed the bound for k
        nonlocal nodes, leaves, hits, pruned
        nodes += 1
        if deadline.expired():
            raise SearchTimeout("the search had not finished", stats())
        if hand_over_due(CORE, nodes, hand_over_at, 256, deadline):
            raise _HandOver  # the compiled core has loaded (beside this search)
        if k > 1:
            young, old = dead.tables(k - 1)
        drag = DragBound(grid, k - 1)
        for src, g in grid_moves(grid, same_color_swaps):
            if not drag.fits(grid, src, g):
                pruned += 1
                continue
            child = grid[:]
            play(child, src, g)
            if k == 1:
                leaves += 1
                if not any(child):
                    path.append((src, g))
                    return True
                continue
            key = bytes(child)
            if key in young or key in old:
                hits += 1
                continue
            if moves_needed(child) > k - 1:
                pruned += 1
            elif search(child, k - 1):
                path.append((src, g))
                return True
            young.add(key)
            dead.added()
        return False

    allow_depth(n)
    try:
        found = moves_needed(grid) <= n and search(grid, n)
    except _HandOver:
        result = _solve_compiled(puzzle, same_color_swaps, deadline)
        if result is not None:
            return result
        hand_over_at = None  # the compiled core cannot run here: on in Python, from the start
        found = search(grid, n)
    moves = None
    if found:
        moves = tuple(Move(src // HEIGHT, src % HEIGHT, g) for src, g in reversed(path))
    return MayanResult(n, moves, "search", stats())


def _solve_compiled(
    puzzle: Puzzle, same_color_swaps: bool, deadline: Deadline
) -> MayanResult | None:
    """The search by the compiled core, from the start, within what is left of the deadline
    (the board has passed the bound and n >= 1); None when the core cannot run here."""
    core = load_core(CORE, deadline)
    if core is None:
        return None
    FOUND, RUNNING = core.FOUND, core.RUNNING
    search: CompiledSearch = core.CompiledSearch.start(
        puzzle.board.grid(), puzzle.n, distance_table(), same_color_swaps
    )

    def stats() -> SearchStats:
        return search.stats(round(deadline.elapsed(), 6))

    while search.step(COMPILED_SLICE) == RUNNING:
        if deadline.passed():
            raise SearchTimeout("the search had not finished", stats())
    moves = None
    if search.status == FOUND:
        moves = tuple(Move(src // HEIGHT, src % HEIGHT, g) for src, g in search.path())
    return MayanResult(puzzle.n, moves, "search", stats())


def greedy(puzzle: Puzzle, *, same_color_swaps: bool = True) -> tuple[Move, ...] | None:
    """Greedy play: n times the move that leaves the fewest blocks (the first in answer
    order among equals), never going back; its moves if that empties the board."""
    grid = puzzle.board.grid()
    moves = []
    for _ in range(puzzle.n):
        best: tuple[int, list[int], int, int] | None = None
        for src, g in grid_moves(grid, same_color_swaps):
            child = grid[:]
            play(child, src, g)
            left = sum(1 for color in child if color)
            if best is None or left < best[0]:
                best = (left, child, src, g)
        if best is None:
            return None
        _, grid, src, g = best
        moves.append(Move(src // HEIGHT, src % HEIGHT, g))
    return tuple(moves) if not any(grid) else None


def _stats(
    deadline: Deadline, dead: DeadStates, nodes: int, leaves: int, hits: int, pruned: int
) -> SearchStats:
    return SearchStats(
        seconds=round(deadline.elapsed(), 6),
        core="python",
        nodes=nodes,
        leaves=leaves,
        table_hits=hits,
        pruned_by_bound=pruned,
        table_size=len(dead),
        table_generations=dead.generations,
    )
