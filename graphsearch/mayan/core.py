"""The Mayan search: the one fast copy of the drag and settle, the bounds, the move order and
the dead-state table, compiled when the package is installed.

This file is Cython in pure-Python mode: ``pip install`` compiles it to C when a compiler is
there, and otherwise it runs as it stands, slower, with the same answers
(``graphsearch.cores`` tells which).  Arrays are flat ``array.array`` buffers, which the
compiled code reads as typed memoryviews and plain Python indexes quickly.  Words of 64 bits
are masked after each multiplication, which the C compiler drops.

States are boards with k moves left.  Moves are expanded in answer order (x, then y, then
right before left), so the first solution found is the lexicographically smallest.
Prunings, all sound:

* a left move only into an empty cell (a left swap equals the right move of the neighbour,
  which sorts earlier);
* the column-histogram bound (``graphsearch.mayan.bounds``: each color needs its distance in
  moves and all of them half the sum), checked on the board right after a move's drag, before
  the move is played (the argument holds for any board, that one too, and its histograms
  differ from the board's in one or two entries), and on the board after the move;
* a table of (board, moves left) states already searched without success: the search of a
  state does not depend on how it was reached.  The key holds the whole board (four bits a
  cell) and the moves left, never only a hash.  Two generations of one open-addressing table:
  when the young one is half full it becomes the old one and the previous old one is emptied,
  so memory stays fixed; a state forgotten is only searched again;
* sleep sets: a move asleep at a board is not tried there.  If move t was tried before move
  u at board s (and failed), or was asleep at s, and the two commute, then s.u.t = s.t.u, and
  s.t has no solution in the moves left, so neither has s.t.u.  Only dead boards are skipped,
  so the first solution found is still the smallest (``_independent`` says when two moves
  commute).

The depth-first search keeps its stack in arrays, so it runs in slices of a given number of
nodes (``Search.step``): between slices the caller reads the clock.
"""

from __future__ import annotations

from array import array

import cython

from graphsearch.cores import zeros

__all__ = [
    "COMPILED",
    "EXHAUSTED",
    "FOUND",
    "RUNNING",
    "TABLE_SLOTS",
    "DeadTable",
    "Search",
    "drag_fits",
    "independent",
    "moves_needed",
    "play_move",
]

COMPILED: bool = cython.compiled  # whether this module runs as machine code

WIDTH = cython.declare(cython.int, 5)
HEIGHT = cython.declare(cython.int, 7)
CELLS = cython.declare(cython.int, 35)
MAX_MOVES = cython.declare(cython.int, 70)
MAX_COLOR = cython.declare(cython.int, 10)
COLORS = cython.declare(cython.int, 11)
COLUMN = cython.declare(cython.longlong, (1 << 7) - 1)
ALL = cython.declare(cython.longlong, (1 << 35) - 1)
UNREACHABLE = cython.declare(cython.int, 255)
M64 = cython.declare(cython.ulonglong, (1 << 64) - 1)
MARK = cython.declare(cython.ulonglong, 1 << 63)
K1 = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
K2 = cython.declare(cython.ulonglong, 0x94D049BB133111EB)

TABLE_SLOTS = 1 << 22  # per generation: 2 x 4M slots x 24 bytes = 200 MB
RUNNING, FOUND, EXHAUSTED = 0, 1, 2


# --- the rules: drag and settle -------------------------------------------------------------


@cython.cfunc
@cython.locals(
    dst=cython.int,
    cell=cython.int,
    top=cython.int,
    base=cython.int,
    x=cython.int,
    y=cython.int,
    write=cython.int,
    read=cython.int,
    color=cython.int,
    found=cython.bint,
    changed=cython.longlong,
)
def _play(
    grid: cython.uchar[:], at: cython.int, src: cython.int, g: cython.int, marked: cython.uchar[:]
) -> cython.longlong:
    """``rules.play`` on the board at ``grid[at:at + 35]``: drag the block at ``src`` one
    column over, then settle.  The board before the move is stable, so scanning the whole
    board finds exactly the new runs.

    Returns the cells the drag changed as a bit mask, or -1 when runs vanished."""
    dst = src + HEIGHT * g
    if grid[at + dst] != 0:
        color = grid[at + src]
        grid[at + src] = grid[at + dst]
        grid[at + dst] = color
        changed = (cython.cast(cython.longlong, 1) << src) | (
            cython.cast(cython.longlong, 1) << dst
        )
    else:
        color = grid[at + src]
        top = src - src % HEIGHT + HEIGHT
        cell = src
        while cell + 1 < top and grid[at + cell + 1] != 0:  # the blocks above fall one cell
            grid[at + cell] = grid[at + cell + 1]
            cell += 1
        grid[at + cell] = 0
        changed = (cython.cast(cython.longlong, 1) << (cell + 1)) - (
            cython.cast(cython.longlong, 1) << src
        )
        base = dst - dst % HEIGHT
        while dst > base and grid[at + dst - 1] == 0:  # the dragged block falls
            dst -= 1
        grid[at + dst] = color
        changed |= cython.cast(cython.longlong, 1) << dst
    while True:
        found = False
        for cell in range(CELLS):
            marked[cell] = 0
        for x in range(WIDTH):
            for y in range(HEIGHT):
                cell = x * HEIGHT + y
                color = grid[at + cell]
                if color == 0:
                    break  # the rest of the column is empty
                if y + 2 < HEIGHT and grid[at + cell + 1] == color and grid[at + cell + 2] == color:
                    marked[cell] = marked[cell + 1] = marked[cell + 2] = 1
                    found = True
                if (
                    x + 2 < WIDTH
                    and grid[at + cell + HEIGHT] == color
                    and grid[at + cell + 2 * HEIGHT] == color
                ):
                    marked[cell] = marked[cell + HEIGHT] = marked[cell + 2 * HEIGHT] = 1
                    found = True
        if not found:
            return changed
        changed = -1
        for x in range(WIDTH):
            write = x * HEIGHT
            for read in range(x * HEIGHT, x * HEIGHT + HEIGHT):
                color = grid[at + read]
                if color != 0 and not marked[read]:
                    grid[at + write] = color
                    write += 1
            for cell in range(write, x * HEIGHT + HEIGHT):
                grid[at + cell] = 0


# --- the bounds ------------------------------------------------------------------------------


@cython.cfunc
@cython.locals(
    weight=cython.int,
    x=cython.int,
    cell=cython.int,
    color=cython.int,
    worst=cython.int,
    total=cython.int,
    d=cython.int,
)
def _bound(
    grid: cython.uchar[:],
    at: cython.int,
    distance: cython.uchar[:],
    codes: cython.longlong[:],
    c0: cython.int,
) -> cython.int:
    """The column-histogram bound of the board at ``grid[at:]``; each color's histogram code
    (its index in the distance table) left in ``codes[c0 + color]``."""
    for color in range(COLORS):
        codes[c0 + color] = 0
    weight = 1
    for x in range(WIDTH):
        for cell in range(x * HEIGHT, x * HEIGHT + HEIGHT):
            color = grid[at + cell]
            if color == 0:
                break
            codes[c0 + color] += weight
        weight *= HEIGHT + 1
    worst = 0
    total = 0
    for color in range(1, COLORS):
        if codes[c0 + color] != 0:
            d = distance[codes[c0 + color]]
            if d > worst:
                worst = d
            total += d
    if worst == UNREACHABLE:
        return UNREACHABLE
    return max(worst, (total + 1) // 2)


@cython.cfunc
@cython.locals(
    total=cython.int, over=cython.int, shift=cython.int, color=cython.int, value=cython.int
)
def _histograms(
    grid: cython.uchar[:],
    at: cython.int,
    limit: cython.int,
    distance: cython.uchar[:],
    codes: cython.longlong[:],
    dist: cython.longlong[:],
    c0: cython.int,
) -> cython.void:
    """Each color's histogram code and distance (as in ``_bound``), for the drag bound;
    ``dist[c0]`` holds the sum of the distances, and ``codes[c0]`` the colors whose distance
    is over ``limit`` (four bits each, at most two; 255 for more)."""
    _bound(grid, at, distance, codes, c0)
    total = 0
    over = 0
    shift = 0
    for color in range(1, COLORS):
        value = distance[codes[c0 + color]] if codes[c0 + color] != 0 else 0
        dist[c0 + color] = value
        total += value
        if value > limit:
            over = 255 if shift == 8 else over | color << shift
            shift = min(shift + 4, 8)
    dist[c0] = total
    codes[c0] = over


@cython.cfunc
@cython.locals(
    over=cython.int,
    a=cython.int,
    b=cython.int,
    x=cython.int,
    step=cython.int,
    new_a=cython.int,
    new_b=cython.int,
    color=cython.int,
    total=cython.int,
)
def _drag_fits(
    grid: cython.uchar[:],
    at: cython.int,
    src: cython.int,
    g: cython.int,
    limit: cython.int,
    codes: cython.longlong[:],
    dist: cython.longlong[:],
    c0: cython.int,
    distance: cython.uchar[:],
) -> cython.bint:
    """Whether the board right after the drag of this move, before anything vanishes, is
    within ``limit`` moves by the column-histogram bound: only the dragged block, and in a
    swap its neighbour, change columns, so it costs a few lookups."""
    over = codes[c0]
    if over == 255:
        return False
    a = grid[at + src]
    b = grid[at + src + HEIGHT * g]
    if a == b:  # a same-color swap changes nothing
        return over == 0 and (dist[c0] + 1) // 2 <= limit
    x = src // HEIGHT
    step = (1 << (3 * (x + g))) - (1 << (3 * x))  # one block from column x to x + g
    new_a = distance[codes[c0 + a] + step]
    new_b = distance[codes[c0 + b] - step] if b != 0 else 0
    if new_a > limit or new_b > limit:
        return False
    while over != 0:  # the colors over the limit must be among the two that moved
        color = over & 15
        if color != a and color != b:
            return False
        over >>= 4
    total = dist[c0] - dist[c0 + a] + new_a
    if b != 0:
        total += new_b - dist[c0 + b]
    return (total + 1) // 2 <= limit


def moves_needed(grid: bytes | bytearray | list[int], distance: bytes) -> int:
    """The column-histogram bound of a flat grid (255 when it can never be cleared)."""
    board = array("B", grid)
    codes = zeros("q", COLORS)
    return int(_bound(board, 0, array("B", distance), codes, 0))


def drag_fits(grid: list[int], src: int, g: int, limit: int, distance: bytes) -> bool:
    """Whether the board right after dragging the block at ``src`` (before anything
    vanishes) is within ``limit`` moves by the bound (what the search prunes by)."""
    board = array("B", grid)
    codes = zeros("q", COLORS)
    dist = zeros("q", COLORS)
    table = array("B", distance)
    _histograms(board, 0, limit, table, codes, dist, 0)
    return bool(_drag_fits(board, 0, src, g, limit, codes, dist, 0, table))


def play_move(grid: list[int], src: int, g: int) -> tuple[list[int], int]:
    """The board after the move (drag, then settle) and the cells the drag changed as a
    bit mask (-1 when runs vanished)."""
    board = array("B", grid)
    mask = _play(board, 0, src, g, zeros("B", CELLS))
    return list(board), int(mask)


def independent(a: int, b: int) -> bool:
    """Whether two moves with these drag masks commute (``_independent``)."""
    return bool(_independent(a, b))


# --- the dead-state table --------------------------------------------------------------------


@cython.cfunc
def _mix(h: cython.ulonglong) -> cython.ulonglong:
    """The splitmix64 finalizer: every bit of the result depends on every bit of h."""
    h = ((h ^ (h >> 30)) * K1) & M64
    h = ((h ^ (h >> 27)) * K2) & M64
    return h ^ (h >> 31)


@cython.cclass
class DeadTable:
    """(board, moves left) states proven dead: two generations of at most ``slots`` slots.

    The young table starts small and doubles while it is under ``slots`` (so a short search
    does not pay for a large table); once full size, when half full it becomes the old table
    and the previous old one is emptied.  A table may be shared by searches with the same
    ``same_color_swaps``."""

    slots: cython.longlong
    young: cython.ulonglong[:]
    young_slots: cython.longlong
    old: cython.ulonglong[:]
    old_slots: cython.longlong
    filled: cython.longlong
    generations: cython.longlong
    key0: cython.ulonglong
    key1: cython.ulonglong
    key2: cython.ulonglong

    def __init__(self, slots: int = TABLE_SLOTS) -> None:
        if slots < 2 or slots & (slots - 1):
            raise ValueError("the table's slots must be a power of two")
        self.slots = slots
        self.young_slots = min(slots, 1 << 12)
        self.young = zeros("Q", 3 * self.young_slots)
        self.old_slots = 0
        self.old = zeros("Q", 3)
        self.filled = 0
        self.generations = 0

    @cython.cfunc
    @cython.locals(word=cython.int, i=cython.int, cell=cython.int, value=cython.ulonglong)
    def _key(self, grid: cython.uchar[:], at: cython.int, k: cython.int) -> cython.void:
        """The exact key of (board, moves left): 16 cells a word, k in the last word's top
        bits with a marker bit (so no key's word 2 is zero, the empty slot's mark)."""
        for word in range(3):
            value = 0
            for i in range(16):
                cell = word * 16 + i
                if cell < CELLS:
                    value |= cython.cast(cython.ulonglong, grid[at + cell]) << (4 * i)
            if word == 0:
                self.key0 = value
            elif word == 1:
                self.key1 = value
            else:
                self.key2 = value | (cython.cast(cython.ulonglong, k) << 12) | MARK

    @cython.cfunc
    @cython.locals(h=cython.ulonglong, i=cython.longlong, mask=cython.longlong, at=cython.longlong)
    def _slot(self, words: cython.ulonglong[:], slots: cython.longlong) -> cython.longlong:
        """Where the key is in a table of ``slots`` slots, or the empty slot where it would
        go (linear probing)."""
        h = _mix(self.key0)
        h = _mix(h ^ self.key1)
        h = _mix(h ^ self.key2)
        mask = slots - 1
        i = cython.cast(cython.longlong, h & cython.cast(cython.ulonglong, mask))
        while True:
            at = 3 * i
            if words[at + 2] == 0:
                return at
            if words[at] == self.key0 and words[at + 1] == self.key1 and words[at + 2] == self.key2:
                return at
            i = (i + 1) & mask

    @cython.cfunc
    def _known(self) -> cython.bint:
        if self.young[self._slot(self.young, self.young_slots) + 2] != 0:
            return True
        return self.old_slots > 0 and self.old[self._slot(self.old, self.old_slots) + 2] != 0

    @cython.cfunc
    @cython.locals(at=cython.longlong, i=cython.longlong)
    def _add(self) -> cython.void:
        at = self._slot(self.young, self.young_slots)
        if self.young[at + 2] != 0:
            return
        self.young[at] = self.key0
        self.young[at + 1] = self.key1
        self.young[at + 2] = self.key2
        self.filled += 1
        if self.filled * 2 < self.young_slots:
            return
        if self.young_slots < self.slots:
            self._grow()
            return
        # half full at full size: it becomes the old table
        if self.old_slots == 0:
            self.old = zeros("Q", 3 * self.slots)
        else:
            for i in range(3 * self.slots):
                self.old[i] = 0
        self.young, self.old = self.old, self.young
        self.old_slots = self.slots
        self.filled = 0
        self.generations += 1

    @cython.cfunc
    @cython.locals(
        before=cython.ulonglong[:], slots=cython.longlong, i=cython.longlong, at=cython.longlong
    )
    def _grow(self) -> cython.void:
        """Double the young table, moving its entries over."""
        before = self.young
        slots = self.young_slots
        self.young_slots = 2 * slots
        self.young = zeros("Q", 3 * self.young_slots)
        for i in range(0, 3 * slots, 3):
            if before[i + 2] != 0:
                self.key0 = before[i]
                self.key1 = before[i + 1]
                self.key2 = before[i + 2]
                at = self._slot(self.young, self.young_slots)
                self.young[at] = self.key0
                self.young[at + 1] = self.key1
                self.young[at + 2] = self.key2

    def __contains__(self, state: tuple[bytes, int]) -> bool:
        """Whether (flat grid, moves left) is known dead."""
        grid, k = state
        self._key(array("B", grid), 0, k)
        return bool(self._known())

    def add(self, grid: bytes, k: int) -> None:
        """Remember (flat grid, moves left) as dead."""
        self._key(array("B", grid), 0, k)
        self._add()

    @cython.locals(count=cython.longlong, i=cython.longlong)
    def size(self) -> int:
        """The states remembered, in both generations."""
        count = self.filled
        for i in range(2, 3 * self.old_slots, 3):
            if self.old[i] != 0:
                count += 1
        return int(count)

    def generation_count(self) -> int:
        """How many times the table dropped its older half."""
        return int(self.generations)


# --- the search ------------------------------------------------------------------------------


@cython.cfunc
@cython.locals(
    a=cython.longlong, b=cython.longlong, x=cython.int, column=cython.longlong, near=cython.longlong
)
def _independent(a: cython.longlong, b: cython.longlong) -> cython.bint:
    """Whether two moves of one board commute, given the cells each one's drag changed
    (``_play``'s masks, -1 for a move that removed blocks).

    They do when neither removed anything, they touch disjoint columns, and no cell either
    one changed lies in a row within two columns of a cell the other changed.  Then each
    move drags the same blocks on the other's board, and the board with both drags has no
    run: a run must pass through a cell one move changed, a run without a cell of the other
    would already stand after the first move alone, and a run of three that holds a cell of
    each lies in one row within two columns.  So both orders give the same stable board.
    """
    if a < 0 or b < 0:
        return False
    for x in range(WIDTH):
        column = COLUMN << (x * HEIGHT)
        if (a & column) != 0 and (b & column) != 0:
            return False
    near = b | (b << HEIGHT) | (b >> HEIGHT) | (b << (2 * HEIGHT)) | (b >> (2 * HEIGHT))
    return (a & near & ALL) == 0


@cython.cclass
class Search:
    """One search of exactly n moves, run in slices: ``step`` until ``status`` is no longer
    RUNNING.  The stack holds for each depth d its board, its moves (in answer order, less
    those asleep), the next move to try, each tried move's drag mask, the moves asleep and
    the board's histograms."""

    n: cython.int
    depth: cython.int
    status: cython.int
    same: cython.bint
    nodes: cython.longlong
    leaves: cython.longlong
    hits: cython.longlong
    pruned: cython.longlong
    table: DeadTable
    distance: cython.uchar[:]
    boards: cython.uchar[:]
    marked: cython.uchar[:]
    move_src: cython.longlong[:]
    move_g: cython.longlong[:]
    count: cython.longlong[:]
    next_move: cython.longlong[:]
    masks: cython.longlong[:]
    asleep_src: cython.longlong[:]
    asleep_g: cython.longlong[:]
    asleep_mask: cython.longlong[:]
    asleep_count: cython.longlong[:]
    sleep_right: cython.longlong[:]
    sleep_left: cython.longlong[:]
    codes: cython.longlong[:]
    dist: cython.longlong[:]
    scratch: cython.longlong[:]

    def __init__(
        self, grid: list[int], n: int, distance: bytes, same_color_swaps: bool, table: DeadTable
    ) -> None:
        """A search of the flat grid with n >= 1 moves (which has passed the bound)."""
        if n < 1:
            raise ValueError("a search needs at least one move")
        self.n = n
        self.same = same_color_swaps
        self.table = table
        self.distance = array("B", distance)
        boards = zeros("B", (n + 1) * CELLS)
        boards[:CELLS] = array("B", grid)
        self.boards = boards
        self.marked = zeros("B", CELLS)
        self.move_src = zeros("q", n * MAX_MOVES)
        self.move_g = zeros("q", n * MAX_MOVES)
        self.count = zeros("q", n)
        self.next_move = zeros("q", n)
        self.masks = zeros("q", n * MAX_MOVES)
        self.asleep_src = zeros("q", n * MAX_MOVES)
        self.asleep_g = zeros("q", n * MAX_MOVES)
        self.asleep_mask = zeros("q", n * MAX_MOVES)
        self.asleep_count = zeros("q", n)
        self.sleep_right = zeros("q", n)
        self.sleep_left = zeros("q", n)
        self.codes = zeros("q", n * COLORS)
        self.dist = zeros("q", n * COLORS)
        self.scratch = zeros("q", COLORS)
        self.depth = 0
        self.status = RUNNING
        self.nodes = 1
        self.leaves = self.hits = self.pruned = 0
        self._expand(0)
        _histograms(self.boards, 0, n - 1, self.distance, self.codes, self.dist, 0)

    @cython.cfunc
    @cython.locals(
        m=cython.int,
        src=cython.int,
        color=cython.int,
        at=cython.int,
        right=cython.longlong,
        left=cython.longlong,
        base=cython.int,
    )
    def _expand(self, d: cython.int) -> cython.void:
        """The moves of the board at depth d, in answer order, less those asleep there
        (``sleep_right[d]``, ``sleep_left[d]``: a bit per cell)."""
        at = d * CELLS
        base = d * MAX_MOVES
        right = self.sleep_right[d]
        left = self.sleep_left[d]
        m = 0
        for src in range(CELLS):
            color = self.boards[at + src]
            if color == 0:
                continue
            if (
                src < CELLS - HEIGHT
                and (self.same or self.boards[at + src + HEIGHT] != color)
                and not (right >> src) & 1
            ):
                self.move_src[base + m] = src
                self.move_g[base + m] = 1
                m += 1
            if src >= HEIGHT and self.boards[at + src - HEIGHT] == 0 and not (left >> src) & 1:
                self.move_src[base + m] = src
                self.move_g[base + m] = -1
                m += 1
        self.count[d] = m

    @cython.cfunc
    @cython.locals(
        count=cython.int,
        right=cython.longlong,
        left=cython.longlong,
        j=cython.int,
        src=cython.longlong,
        g=cython.longlong,
        other=cython.longlong,
        before=cython.int,
        base=cython.int,
        below=cython.int,
    )
    def _fall_asleep(self, d: cython.int, i: cython.int, mask: cython.longlong) -> cython.void:
        """The sleep set of the child by move i at depth d: the moves asleep at depth d and
        the moves tried before i there, those that commute with move i."""
        count = 0
        right = 0
        left = 0
        base = d * MAX_MOVES
        below = base + MAX_MOVES
        if mask >= 0:
            before = self.asleep_count[d]
            for j in range(before + i):
                if j < before:
                    src = self.asleep_src[base + j]
                    g = self.asleep_g[base + j]
                    other = self.asleep_mask[base + j]
                else:
                    src = self.move_src[base + j - before]
                    g = self.move_g[base + j - before]
                    other = self.masks[base + j - before]
                if _independent(other, mask):
                    self.asleep_src[below + count] = src
                    self.asleep_g[below + count] = g
                    self.asleep_mask[below + count] = other
                    count += 1
                    if g == 1:
                        right |= cython.cast(cython.longlong, 1) << src
                    else:
                        left |= cython.cast(cython.longlong, 1) << src
        self.asleep_count[d + 1] = count
        self.sleep_right[d + 1] = right
        self.sleep_left[d + 1] = left

    @cython.cfunc
    @cython.locals(cell=cython.int, at=cython.int)
    def _empty(self, d: cython.int) -> cython.bint:
        at = d * CELLS
        for cell in range(0, CELLS, HEIGHT):
            if self.boards[at + cell] != 0:
                return False
        return True

    @cython.locals(
        table=DeadTable,
        spent=cython.longlong,
        d=cython.int,
        i=cython.int,
        n=cython.int,
        mask=cython.longlong,
        left=cython.int,
        cell=cython.int,
        mi=cython.int,
        at=cython.int,
    )
    def step(self, budget: int) -> int:
        """Search on for at most ``budget`` new nodes; the status."""
        n = self.n
        d = self.depth
        spent = 0
        table = self.table
        while self.status == RUNNING:
            i = self.next_move[d]
            mi = d * MAX_MOVES + i
            if i < self.count[d] and not _drag_fits(
                self.boards,
                d * CELLS,
                self.move_src[mi],
                self.move_g[mi],
                n - d - 1,
                self.codes,
                self.dist,
                d * COLORS,
                self.distance,
            ):
                self.next_move[d] = i + 1
                self.masks[mi] = -1
                self.pruned += 1
                continue
            if i == self.count[d]:  # every move of this state failed: it is dead
                if d == 0:
                    self.status = EXHAUSTED
                    break
                table._key(self.boards, d * CELLS, n - d)
                table._add()
                d -= 1
                continue
            self.next_move[d] = i + 1
            at = (d + 1) * CELLS
            for cell in range(CELLS):
                self.boards[at + cell] = self.boards[at - CELLS + cell]
            mask = _play(self.boards, at, self.move_src[mi], self.move_g[mi], self.marked)
            self.masks[mi] = mask
            left = n - d - 1
            if left == 0:
                self.leaves += 1
                if self._empty(d + 1):
                    self.status = FOUND
                    break
                continue
            table._key(self.boards, at, left)
            if table._known():
                self.hits += 1
                continue
            if _bound(self.boards, at, self.distance, self.scratch, 0) > left:
                self.pruned += 1
                table._add()
                continue
            self._fall_asleep(d, i, mask)
            d += 1
            self._expand(d)
            _histograms(
                self.boards, at, n - d - 1, self.distance, self.codes, self.dist, d * COLORS
            )
            self.next_move[d] = 0
            self.nodes += 1
            spent += 1
            if spent >= budget:
                break
        self.depth = d
        return int(self.status)

    def path(self) -> list[tuple[int, int]]:
        """The moves of the solution found, as (cell, g)."""
        out = []
        for d in range(self.depth + 1):
            mi = d * MAX_MOVES + self.next_move[d] - 1
            out.append((int(self.move_src[mi]), int(self.move_g[mi])))
        return out

    def counters(self) -> tuple[int, int, int, int]:
        """Nodes, leaves, table hits and states pruned by the bound, so far."""
        return int(self.nodes), int(self.leaves), int(self.hits), int(self.pruned)

    def state(self) -> int:
        """RUNNING, FOUND or EXHAUSTED."""
        return int(self.status)
