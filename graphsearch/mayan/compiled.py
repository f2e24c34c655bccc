"""The Mayan search's compiled core: the search of ``graphsearch.mayan.search``, run by numba.

Same states, same moves in the same order, same prunings (left moves only into empty
cells, the column-histogram bound after the drag and after the move, a table of dead
states), so the first solution found is the same lexicographically smallest one; only the
speed differs (10 to 30 times a node).  It also skips moves that commute with a move
already refuted (sleep sets, ``_run``), which saves plays, never answers.
``search.solve`` hands a search over to it when the pure-Python search has not finished
within ``search.COMPILED_AFTER`` nodes and numba is installed, so that short searches do
not pay for loading it.

Slices are filled by loops: numba takes seconds to compile a slice assignment, and the
kernels are compiled on first use (then cached beside the module).

The depth-first search keeps its stack in arrays, which lets it run in slices of a fixed
number of nodes: between slices Python reads the clock and can be interrupted.

The dead-state table is exact: a key holds the whole board (four bits a cell) and the moves
left, never only a hash.  Two generations of one open-addressing table each, as in
``search.DeadStates``: when the young table is half full it becomes the old one and the
previous old one is emptied, so memory stays fixed (``TABLE_SLOTS`` slots of 24 bytes, twice).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from graphsearch.mayan.result import SearchStats

__all__ = ["TABLE_SLOTS", "CompiledSearch", "warm_up"]

WIDTH, HEIGHT = 5, 7
CELLS = WIDTH * HEIGHT
MAX_MOVES = 2 * CELLS
TABLE_SLOTS = 1 << 22  # per generation: 2 x 4M slots x 24 bytes = 200 MB
MAX_COLOR = 10
COLUMN = (1 << HEIGHT) - 1
ALL = (1 << CELLS) - 1

# the ``state`` array
_DEPTH, _STATUS, _YOUNG = 0, 1, 2
RUNNING, FOUND, EXHAUSTED = 0, 1, 2
# the ``counts`` array
_NODES, _LEAVES, _HITS, _PRUNED, _FILLED, _GENERATIONS = range(6)


@njit(cache=True)
def _play(grid: np.ndarray, src: int, g: int, marked: np.ndarray) -> int:
    """``rules.play``: drag the block at ``src`` one column over, then settle.  The board
    before the move is stable, so scanning the whole board finds exactly the new runs.

    Returns the cells the drag changed as a bit mask, or -1 when runs vanished."""
    dst = src + HEIGHT * g
    if grid[dst] != 0:
        grid[src], grid[dst] = grid[dst], grid[src]
        changed = (1 << src) | (1 << dst)
    else:
        color = grid[src]
        top = src - src % HEIGHT + HEIGHT
        cell = src
        while cell + 1 < top and grid[cell + 1] != 0:  # the blocks above fall one cell
            grid[cell] = grid[cell + 1]
            cell += 1
        grid[cell] = 0
        changed = (1 << (cell + 1)) - (1 << src)
        base = dst - dst % HEIGHT
        while dst > base and grid[dst - 1] == 0:  # the dragged block falls in its new column
            dst -= 1
        grid[dst] = color
        changed |= 1 << dst
    while True:
        found = False
        for cell in range(CELLS):
            marked[cell] = False
        for x in range(WIDTH):
            for y in range(HEIGHT):
                cell = x * HEIGHT + y
                color = grid[cell]
                if color == 0:
                    break  # the rest of the column is empty
                if y + 2 < HEIGHT and grid[cell + 1] == color and grid[cell + 2] == color:
                    marked[cell] = marked[cell + 1] = marked[cell + 2] = True
                    found = True
                if (
                    x + 2 < WIDTH
                    and grid[cell + HEIGHT] == color
                    and grid[cell + 2 * HEIGHT] == color
                ):
                    marked[cell] = marked[cell + HEIGHT] = marked[cell + 2 * HEIGHT] = True
                    found = True
        if not found:
            return changed
        changed = -1
        for x in range(WIDTH):
            write = x * HEIGHT
            for read in range(x * HEIGHT, x * HEIGHT + HEIGHT):
                color = grid[read]
                if color != 0 and not marked[read]:
                    grid[write] = color
                    write += 1
            for cell in range(write, x * HEIGHT + HEIGHT):
                grid[cell] = 0


@njit(cache=True)
def _moves_needed(grid: np.ndarray, distance: np.ndarray, codes: np.ndarray) -> int:
    """``bounds.moves_needed``: the column-histogram bound."""
    for color in range(MAX_COLOR + 1):
        codes[color] = 0
    weight = 1
    for x in range(WIDTH):
        for cell in range(x * HEIGHT, x * HEIGHT + HEIGHT):
            color = grid[cell]
            if color == 0:
                break
            codes[color] += weight
        weight *= HEIGHT + 1
    worst = 0
    total = 0
    for color in range(1, MAX_COLOR + 1):
        if codes[color] != 0:
            d = int(distance[codes[color]])
            if d > worst:
                worst = d
            total += d
    if worst == 255:
        return 255
    return max(worst, (total + 1) // 2)


@njit(cache=True)
def _histograms(
    grid: np.ndarray, limit: int, distance: np.ndarray, codes: np.ndarray, dist: np.ndarray
) -> None:
    """Each color's histogram code and distance (as in ``_moves_needed``), for the drag
    bound; ``dist[0]`` holds the sum of the distances, and ``codes[0]`` the colors whose
    distance is over ``limit`` (four bits each, at most two; 255 for more)."""
    _moves_needed(grid, distance, codes)
    total = 0
    over = 0
    shift = 0
    for color in range(1, MAX_COLOR + 1):
        value = int(distance[codes[color]]) if codes[color] != 0 else 0
        dist[color] = value
        total += value
        if value > limit:
            over = 255 if shift == 8 else over | color << shift
            shift = min(shift + 4, 8)
    dist[0] = total
    codes[0] = over


@njit(cache=True)
def _drag_fits(
    grid: np.ndarray,
    src: int,
    g: int,
    limit: int,
    codes: np.ndarray,
    dist: np.ndarray,
    distance: np.ndarray,
) -> bool:
    """Whether the board right after the drag of this move, before anything vanishes, is
    within ``limit`` moves by the column-histogram bound.  The bound's argument holds for
    any board, this one too (blocks only vanish from it before the next move), and from
    the board's own histograms it costs a few lookups: only the dragged block, and in a
    swap its neighbour, change columns."""
    over = codes[0]
    if over == 255:
        return False
    a = grid[src]
    b = grid[src + HEIGHT * g]
    if a == b:  # a same-color swap changes nothing
        return bool(over == 0 and (dist[0] + 1) // 2 <= limit)
    x = src // HEIGHT
    step = (1 << (3 * (x + g))) - (1 << (3 * x))  # one block from column x to x + g
    new_a = int(distance[codes[a] + step])
    new_b = int(distance[codes[b] - step]) if b != 0 else 0
    if new_a > limit or new_b > limit:
        return False
    # the colors over the limit must be among the two that moved
    while over != 0:
        color = over & 15
        if color != a and color != b:
            return False
        over >>= 4
    total = int(dist[0] - dist[a]) + new_a
    if b != 0:
        total += new_b - int(dist[b])
    return (total + 1) // 2 <= limit


@njit(cache=True)
def _key(grid: np.ndarray, k: int, key: np.ndarray) -> None:
    """The exact key of (board, moves left): 16 cells a word, k in the last word's top
    bits with a marker bit (so no key word 2 is zero, the empty slot's mark)."""
    for word in range(3):
        value = np.uint64(0)
        for i in range(16):
            cell = word * 16 + i
            if cell < CELLS:
                value |= np.uint64(grid[cell]) << np.uint64(4 * i)
        key[word] = value
    key[2] |= (np.uint64(k) << np.uint64(12)) | (np.uint64(1) << np.uint64(63))


@njit(cache=True)
def _mix(h: np.uint64) -> np.uint64:
    """The splitmix64 finalizer: every bit of the result depends on every bit of h."""
    h = (h ^ (h >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    h = (h ^ (h >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return h ^ (h >> np.uint64(31))


@njit(cache=True)
def _slot(table: np.ndarray, key: np.ndarray) -> int:
    """The slot holding ``key``, or the empty slot where it would go (linear probing)."""
    h = _mix(key[0])
    h = _mix(h ^ key[1])
    h = _mix(h ^ key[2])
    mask = np.int64(table.shape[0] - 1)
    i = np.int64(h & np.uint64(mask))
    while True:
        if table[i, 2] == 0:
            return int(i)
        if table[i, 0] == key[0] and table[i, 1] == key[1] and table[i, 2] == key[2]:
            return int(i)
        i = (i + 1) & mask


@njit(cache=True)
def _known(tables: np.ndarray, key: np.ndarray) -> bool:
    for t in range(2):
        i = _slot(tables[t], key)
        if tables[t, i, 2] != 0:
            return True
    return False


@njit(cache=True)
def _add(tables: np.ndarray, state: np.ndarray, counts: np.ndarray, key: np.ndarray) -> None:
    young = tables[state[_YOUNG]]
    i = _slot(young, key)
    if young[i, 2] != 0:
        return
    young[i, 0], young[i, 1], young[i, 2] = key[0], key[1], key[2]
    counts[_FILLED] += 1
    if counts[_FILLED] * 2 >= young.shape[0]:  # half full: it becomes the old table
        state[_YOUNG] = 1 - state[_YOUNG]
        tables[state[_YOUNG]].fill(0)
        counts[_FILLED] = 0
        counts[_GENERATIONS] += 1


@njit(cache=True)
def _independent(a: int, b: int) -> bool:
    """Whether two moves of one board commute, given the cells each one's drag changed
    (``_play``'s masks, -1 for a move that removed blocks).

    They do when neither removed anything, they touch disjoint columns, and no cell either
    one changed lies in a row within two columns of a cell the other changed.  Then each
    move drags the same blocks on the other's board, and the board with both drags has no
    run: a run must pass through a cell one move changed, a run without a cell of the
    other would already stand after the first move alone, and a run of three that holds a
    cell of each lies in one row within two columns.  So both orders give the same stable
    board.
    """
    if a < 0 or b < 0:
        return False
    for x in range(WIDTH):
        column = COLUMN << (x * HEIGHT)
        if a & column and b & column:
            return False
    near = b | (b << HEIGHT) | (b >> HEIGHT) | (b << (2 * HEIGHT)) | (b >> (2 * HEIGHT))
    return (a & near & ALL) == 0


@njit(cache=True)
def _expand(
    boards: np.ndarray, d: int, moves: np.ndarray, count: np.ndarray, sleep: np.ndarray, same: bool
) -> None:
    """``rules.grid_moves`` of the board at depth d, in answer order, less the moves
    asleep there (``sleep[d]``: bit ``2 * cell`` for a right move, ``2 * cell + 1`` left)."""
    grid = boards[d]
    right, left = sleep[d, 0], sleep[d, 1]
    m = 0
    for src in range(CELLS):
        color = grid[src]
        if color == 0:
            continue
        if src < CELLS - HEIGHT and (same or grid[src + HEIGHT] != color) and not right >> src & 1:
            moves[d, m, 0] = src
            moves[d, m, 1] = 1
            m += 1
        if src >= HEIGHT and grid[src - HEIGHT] == 0 and not left >> src & 1:
            moves[d, m, 0] = src
            moves[d, m, 1] = -1
            m += 1
    count[d] = m


@njit(cache=True)
def _fall_asleep(
    d: int,
    i: int,
    mask: int,
    moves: np.ndarray,
    masks: np.ndarray,
    asleep: np.ndarray,
    asleep_count: np.ndarray,
    sleep: np.ndarray,
) -> None:
    """The sleep set of the child by move i at depth d: the moves asleep at depth d and
    the moves tried before i there, those that commute with move i."""
    count = 0
    right = 0
    left = 0
    if mask >= 0:
        for j in range(asleep_count[d] + i):
            if j < asleep_count[d]:
                src, g, other = asleep[d, j, 0], asleep[d, j, 1], asleep[d, j, 2]
            else:
                jj = j - asleep_count[d]
                src, g, other = moves[d, jj, 0], moves[d, jj, 1], masks[d, jj]
            if _independent(other, mask):
                asleep[d + 1, count, 0] = src
                asleep[d + 1, count, 1] = g
                asleep[d + 1, count, 2] = other
                count += 1
                if g == 1:
                    right |= 1 << src
                else:
                    left |= 1 << src
    asleep_count[d + 1] = count
    sleep[d + 1, 0] = right
    sleep[d + 1, 1] = left


@njit(cache=True)
def _run(
    boards: np.ndarray,
    moves: np.ndarray,
    count: np.ndarray,
    next_move: np.ndarray,
    masks: np.ndarray,
    asleep: np.ndarray,
    asleep_count: np.ndarray,
    sleep: np.ndarray,
    hist: np.ndarray,
    dist: np.ndarray,
    state: np.ndarray,
    counts: np.ndarray,
    tables: np.ndarray,
    distance: np.ndarray,
    same: bool,
    budget: int,
) -> None:
    """Search on from where the arrays stand, for at most ``budget`` new nodes.

    Sleep sets: a move asleep at a board is not tried there, for it leads to a board
    already known to be dead.  If move t was tried before move u at board s (and failed),
    or was asleep at s, and the two commute, then s.u.t = s.t.u, and s.t has no solution in
    the moves left, so neither has s.t.u.  Only dead boards are skipped, so the first
    solution found is still the smallest, and a board all of whose waking moves fail is
    dead, which is what the table records.
    """
    n = boards.shape[0] - 1
    d = state[_DEPTH]
    marked = np.zeros(CELLS, np.bool_)
    codes = np.zeros(MAX_COLOR + 1, np.int64)
    key = np.zeros(3, np.uint64)
    spent = 0
    while True:
        i = next_move[d]
        if i < count[d] and not _drag_fits(
            boards[d], moves[d, i, 0], moves[d, i, 1], n - d - 1, hist[d], dist[d], distance
        ):
            next_move[d] = i + 1
            masks[d, i] = -1
            counts[_PRUNED] += 1
            continue
        if i == count[d]:  # every move of this state failed: it is dead
            if d == 0:
                state[_STATUS] = EXHAUSTED
                return
            _key(boards[d], n - d, key)
            _add(tables, state, counts, key)
            d -= 1
            continue
        next_move[d] = i + 1
        child = boards[d + 1]
        for cell in range(CELLS):
            child[cell] = boards[d, cell]
        mask = _play(child, moves[d, i, 0], moves[d, i, 1], marked)
        masks[d, i] = mask
        left = n - d - 1
        if left == 0:
            counts[_LEAVES] += 1
            empty = True
            for cell in range(0, CELLS, HEIGHT):
                if child[cell] != 0:
                    empty = False
                    break
            if empty:
                state[_DEPTH] = d
                state[_STATUS] = FOUND
                return
            continue
        _key(child, left, key)
        if _known(tables, key):
            counts[_HITS] += 1
            continue
        if _moves_needed(child, distance, codes) > left:
            counts[_PRUNED] += 1
            _add(tables, state, counts, key)
            continue
        _fall_asleep(d, i, mask, moves, masks, asleep, asleep_count, sleep)
        d += 1
        _expand(boards, d, moves, count, sleep, same)
        _histograms(boards[d], n - d - 1, distance, hist[d], dist[d])
        next_move[d] = 0
        counts[_NODES] += 1
        spent += 1
        if spent >= budget:
            state[_DEPTH] = d
            return


@dataclass
class CompiledSearch:
    """One search, run in slices: ``step`` until ``status`` is no longer RUNNING."""

    boards: np.ndarray
    moves: np.ndarray
    count: np.ndarray
    next_move: np.ndarray
    masks: np.ndarray
    asleep: np.ndarray
    asleep_count: np.ndarray
    sleep: np.ndarray
    hist: np.ndarray
    dist: np.ndarray
    state: np.ndarray
    counts: np.ndarray
    tables: np.ndarray
    distance: np.ndarray
    same_color_swaps: bool

    @classmethod
    def start(
        cls,
        grid: list[int],
        n: int,
        distance: bytes,
        same_color_swaps: bool,
        slots: int = TABLE_SLOTS,
    ) -> CompiledSearch:
        """A search of the flat grid with n >= 1 moves, which has passed the bound."""
        if slots < 2 or slots & (slots - 1):
            raise ValueError("the table's slots must be a power of two")
        boards = np.zeros((n + 1, CELLS), np.uint8)
        boards[0] = grid
        search = cls(
            boards,
            np.zeros((n, MAX_MOVES, 2), np.int64),
            np.zeros(n, np.int64),
            np.zeros(n, np.int64),
            np.zeros((n, MAX_MOVES), np.int64),
            np.zeros((n, MAX_MOVES, 3), np.int64),
            np.zeros(n, np.int64),
            np.zeros((n, 2), np.int64),
            np.zeros((n, MAX_COLOR + 1), np.int64),
            np.zeros((n, MAX_COLOR + 1), np.int64),
            np.zeros(3, np.int64),
            np.zeros(6, np.int64),
            np.zeros((2, slots, 3), np.uint64),
            np.frombuffer(distance, np.uint8),
            same_color_swaps,
        )
        _expand(boards, 0, search.moves, search.count, search.sleep, same_color_swaps)
        _histograms(boards[0], n - 1, search.distance, search.hist[0], search.dist[0])
        search.counts[_NODES] = 1
        return search

    def step(self, budget: int) -> int:
        """Search on for at most ``budget`` nodes; the status."""
        _run(
            self.boards,
            self.moves,
            self.count,
            self.next_move,
            self.masks,
            self.asleep,
            self.asleep_count,
            self.sleep,
            self.hist,
            self.dist,
            self.state,
            self.counts,
            self.tables,
            self.distance,
            self.same_color_swaps,
            budget,
        )
        return int(self.state[_STATUS])

    @property
    def status(self) -> int:
        return int(self.state[_STATUS])

    def path(self) -> list[tuple[int, int]]:
        """The moves of the solution found, as (cell, g)."""
        depth = int(self.state[_DEPTH])
        out = []
        for d in range(depth + 1):
            i = int(self.next_move[d]) - 1
            out.append((int(self.moves[d, i, 0]), int(self.moves[d, i, 1])))
        return out

    def stats(self, seconds: float) -> SearchStats:
        """What the search has done so far (``seconds`` is the caller's clock)."""
        c = self.counts
        size = int(c[_FILLED])
        if c[_GENERATIONS]:  # the old table's entries too
            size += int(np.count_nonzero(self.tables[1 - self.state[_YOUNG], :, 2]))
        return SearchStats(
            seconds=seconds,
            core="compiled",
            nodes=int(c[_NODES]),
            leaves=int(c[_LEAVES]),
            table_hits=int(c[_HITS]),
            pruned_by_bound=int(c[_PRUNED]),
            table_size=size,
            table_generations=int(c[_GENERATIONS]),
        )


def warm_up() -> None:
    """Run the compiled functions once on the statement's sample (so that numba compiles
    them, or reads them from its cache)."""
    from graphsearch.mayan.board import Board
    from graphsearch.mayan.bounds import distance_table

    grid = Board.parse("1 0 2 1 0 2 3 4 0 3 1 0 2 4 3 4 0").grid()
    search = CompiledSearch.start(grid, 3, distance_table(), True, slots=4)
    while search.step(1000) == RUNNING:
        pass
    if search.status != FOUND:
        raise RuntimeError("the compiled search did not solve the statement's sample")
