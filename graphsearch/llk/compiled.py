"""The whole-board move search, compiled (numba): ``clearing._Search`` move for move under
gravity, and without gravity a plain version for dives (no deadlock test).

Same positions, same reductions (a type whose tiles all lie on top and that clears itself
goes at once; without gravity, any type that clears itself), same move order (see
``clearing``), a table of positions proven dead: so the same clearing as the pure-Python
search, 50 to 100 times faster a position.
``clearing.solve`` hands a search with gravity over to it after ``COMPILED_AFTER``
positions, and without gravity races it against the pairing search (in a thread, without
the GIL), when numba is installed.  At most two turns; the board is the padded grid of
``position.Position`` (walls -1, empty 0, types 1..T < 255).

Slices are filled by loops (numba takes seconds to compile a slice assignment), and the
helpers are inlined into the search loop (numba's reference counting of the arrays passed
to a function that is called, rather than inlined, took a fifth of the time).  The search
keeps its stack in arrays and runs in slices of positions, so that Python can read the
clock between slices.

The table of dead positions is exact and small: a key is one bit per cell of the inner
board.  Without gravity tiles never move, so which cells hold a tile is the position.
With gravity each line keeps its tiles in their order, packed toward one end, so a line is
a subsequence of its original tiles; the key marks, for each tile left, the first original
tile of its type not yet matched (greedy matching, so equal positions give equal keys even
when tiles of one type took each other's places).  A move changes one or two lines, so the
key of the position it makes is found from its parent's before the move is made, and a
move into a position already proven dead costs a lookup (on hard 16 x 9 boards there are
three to four such moves for every position searched).  The table is open addressing,
each slot a hash and a key, at most half full (16 x 9: 64 bytes an entry); it doubles
when full up to ``TABLE_ENTRIES``, and when full at that size it is emptied: a forgotten
position is only searched again.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numba import njit

from graphsearch.llk.position import ALONE_WORK

__all__ = ["ClearCore", "warm_up"]

RUNNING, FOUND, EXHAUSTED, OUT_OF_NODES, GROW = 0, 1, 2, 3, 4
TABLE_ENTRIES = 1 << 22  # positions remembered; on a 16 x 9 board 64 bytes each: 256 MB
TABLE_START = 1 << 14  # the table starts this small and doubles when full
TABLE_BYTES = 1 << 28  # at most 256 MB on any board
# the ``state`` array
_DEPTH, _STATUS, _PATH, _FILLED, _ENTER = range(5)
# the ``counts`` array
_NODES, _HITS, _FORCED = range(3)


@njit(cache=True, inline="always")
def _links(g: np.ndarray, W: int, rows: np.ndarray, cols: np.ndarray, a: int, b: int) -> bool:
    """The link rule with at most two turns (``position._two``) on the padded grid: a
    row piece between the tiles' column stretches, or a column piece between their row
    stretches, with nothing on it."""
    d = abs(a - b)
    # not neighbours: each tile needs an empty neighbour to start from
    if d != 1 and d != W and not (_open(g, W, a) & _open(g, W, b)):
        return False
    return _joined(g, W, rows, cols, a, b)


@njit(cache=True, inline="always")
def _open(g: np.ndarray, W: int, c: int) -> bool:
    """Whether the cell has an empty neighbour (``|``, not ``or``: numba compiles the
    short-circuit version some five times slower)."""
    empty: bool = (g[c - 1] == 0) | (g[c + 1] == 0) | (g[c - W] == 0) | (g[c + W] == 0)
    return empty


@njit(cache=True, inline="always")
def _joined(g: np.ndarray, W: int, rows: np.ndarray, cols: np.ndarray, a: int, b: int) -> bool:
    """``_links`` without its first test (for neighbours, or tiles with an empty
    neighbour each).  ``rows[y]`` and ``cols[x]``: which cells of the row and column hold
    something (a tile or a wall), so that a row or column piece is tested at once."""
    ay, ax = a // W, a % W
    by, bx = b // W, b % W
    if ax != bx:
        lo = ay
        while g[(lo - 1) * W + ax] == 0:
            lo -= 1
        hi = ay
        while g[(hi + 1) * W + ax] == 0:
            hi += 1
        y = by
        while y - 1 >= lo and g[(y - 1) * W + bx] == 0:
            y -= 1
        lo = max(lo, y)
        y = by
        while y + 1 <= hi and g[(y + 1) * W + bx] == 0:
            y += 1
        hi = min(hi, y)
        between = _between(ax, bx)
        for y in range(lo, hi + 1):
            if rows[y] & between == 0:
                return True
    if ay != by:
        lo = ax
        while g[ay * W + lo - 1] == 0:
            lo -= 1
        hi = ax
        while g[ay * W + hi + 1] == 0:
            hi += 1
        x = bx
        while x - 1 >= lo and g[by * W + x - 1] == 0:
            x -= 1
        lo = max(lo, x)
        x = bx
        while x + 1 <= hi and g[by * W + x + 1] == 0:
            x += 1
        hi = min(hi, x)
        between = _between(ay, by)
        for x in range(lo, hi + 1):
            if cols[x] & between == 0:
                return True
    return False


@njit(cache=True, inline="always")
def _between(i: int, j: int) -> np.uint64:
    """The bits strictly between positions i and j (both below 64)."""
    lo, hi = min(i, j), max(i, j)
    one = np.uint64(1)
    mask: np.uint64 = ((one << np.uint64(hi)) - one) & ~((one << np.uint64(lo + 1)) - one)
    return mask


@njit(cache=True, inline="always")
def _put(g: np.ndarray, rows: np.ndarray, cols: np.ndarray, W: int, c: int, v: int) -> None:
    """Set a cell, keeping its row's and column's bits up to date."""
    g[c] = v
    y, x = c // W, c % W
    if v != 0:
        rows[y] |= np.uint64(1) << np.uint64(x)
        cols[x] |= np.uint64(1) << np.uint64(y)
    else:
        rows[y] &= ~(np.uint64(1) << np.uint64(x))
        cols[x] &= ~(np.uint64(1) << np.uint64(y))


@njit(cache=True)
def _bits(g: np.ndarray, W: int, rows: np.ndarray, cols: np.ndarray) -> None:
    """The row and column bits of a whole grid."""
    rows[:] = 0
    cols[:] = 0
    for c in range(g.shape[0]):
        if g[c] != 0:
            y, x = c // W, c % W
            rows[y] |= np.uint64(1) << np.uint64(x)
            cols[x] |= np.uint64(1) << np.uint64(y)


@njit(cache=True, inline="always")
def _fall(
    g: np.ndarray, rows: np.ndarray, cols: np.ndarray, W: int, lines: np.ndarray, cell: int
) -> None:
    """Let the line of ``cell`` fall (``lines[cell]``: the line's cells, from the side its
    tiles fall toward, -1 after the last)."""
    row = lines[cell]
    write = 0
    for i in range(row.shape[0]):
        c = row[i]
        if c < 0:
            break
        if g[c] != 0:
            if i != write:
                _put(g, rows, cols, W, row[write], g[c])
                _put(g, rows, cols, W, c, 0)
            write += 1


@njit(cache=True, inline="always")
def _collect(g: np.ndarray, inner: np.ndarray, count: np.ndarray, cells: np.ndarray) -> int:
    """The cells of each type in row-major order; the number of tiles."""
    for t in range(count.shape[0]):
        count[t] = 0
    total = 0
    for i in range(inner.shape[0]):
        c = inner[i]
        t = g[c]
        if t > 0:
            cells[t, count[t]] = c
            count[t] += 1
            total += 1
    return total


@njit(cache=True, inline="always")
def _clear_alone(
    g: np.ndarray,
    W: int,
    rows: np.ndarray,
    cols: np.ndarray,
    t: int,
    cells: np.ndarray,
    k: int,
    out: np.ndarray,
) -> bool:
    """``_Search._clear_alone`` for tiles on top (whose removal moves nothing): moves of
    type t alone that clear its k tiles, the first in the search's order, into ``out``
    (columns 0 and 1; columns 2 to 4 are its scratch: the pairs tried at each level, and
    which tiles are left).  Like it, it gives up after ``ALONE_WORK`` pairs tested."""
    if k == 2:
        out[0, 0], out[0, 1] = cells[0], cells[1]
        return _links(g, W, rows, cols, cells[0], cells[1])
    for m in range(k):
        out[m, 4] = 1
    level = 0
    out[0, 2], out[0, 3] = 0, 0
    work = ALONE_WORK
    while True:
        i, j = out[level, 2], out[level, 3] + 1
        found = False
        while i < k and not found:
            if out[i, 4]:
                while j < k:
                    if out[j, 4]:
                        work -= 1
                        if work < 0:  # gives up: the tiles go back
                            for m in range(k):
                                _put(g, rows, cols, W, cells[m], t)
                            return False
                        if _links(g, W, rows, cols, cells[i], cells[j]):
                            found = True
                            break
                    j += 1
            if not found:
                i += 1
                j = i + 1
        if found:
            out[level, 2], out[level, 3] = i, j
            out[i, 4] = out[j, 4] = 0
            _put(g, rows, cols, W, cells[i], 0)
            _put(g, rows, cols, W, cells[j], 0)
            level += 1
            if 2 * level == k:
                for m in range(level):
                    out[m, 0] = cells[out[m, 2]]
                    out[m, 1] = cells[out[m, 3]]
                for m in range(k):  # the caller removes them
                    _put(g, rows, cols, W, cells[m], t)
                return True
            out[level, 2], out[level, 3] = 0, 0
        else:
            if level == 0:
                return False
            level -= 1
            i, j = out[level, 2], out[level, 3]
            out[i, 4] = out[j, 4] = 1
            _put(g, rows, cols, W, cells[i], t)
            _put(g, rows, cols, W, cells[j], t)


@njit(cache=True, inline="always")
def _reduce(
    g: np.ndarray,
    W: int,
    rows: np.ndarray,
    cols: np.ndarray,
    above: int,
    inner: np.ndarray,
    count: np.ndarray,
    cells: np.ndarray,
    path: np.ndarray,
    length: int,
    scratch: np.ndarray,
    counts: np.ndarray,
) -> int:
    """``_Search.reduce`` with gravity: every type whose tiles all lie on top and that its
    own moves clear goes, until none does (its moves are appended to ``path``); the new
    length of the path.  ``count`` and ``cells`` are left those of what remains."""
    T = count.shape[0] - 1
    changed = True
    while changed:
        changed = False
        _collect(g, inner, count, cells)  # removing tiles on top moves no other tile
        for t in range(1, T + 1):
            k = count[t]
            if k == 0:
                continue
            top = True
            for m in range(k if above != 0 else 0):  # without gravity every tile qualifies
                if g[cells[t, m] + above] > 0:
                    top = False
                    break
            if not top:
                continue
            if _clear_alone(g, W, rows, cols, t, cells[t], k, scratch):
                for m in range(k // 2):
                    a, b = scratch[m, 0], scratch[m, 1]
                    path[length, 0] = a
                    path[length, 1] = b
                    length += 1
                    _put(g, rows, cols, W, a, 0)
                    _put(g, rows, cols, W, b, 0)
                    counts[_FORCED] += 1
                count[t] = 0
                changed = True
    return length


@njit(cache=True, inline="always")
def _line_key(
    g: np.ndarray, line: np.ndarray, original: np.ndarray, above: int, a: int, b: int
) -> np.uint64:
    """One line's part of a position's key, with the tiles at ``a`` and ``b`` taken off
    (-1: none).  Without gravity: which of its cells hold a tile.  With gravity (the line
    is packed toward its first cell): the tiles left as a subsequence of the line's
    original tiles, each matched to the first original tile of its type not yet used."""
    bits = np.uint64(0)
    if above == 0:
        for j in range(line.shape[0]):
            c = line[j]
            if c < 0:
                break
            if g[c] != 0 and c != a and c != b:
                bits |= np.uint64(1) << np.uint64(j)
        return bits
    p = 0
    for j in range(line.shape[0]):
        c = line[j]
        if c < 0 or g[c] == 0:
            break
        if c in (a, b):
            continue
        while original[p] != g[c]:
            p += 1
        bits |= np.uint64(1) << np.uint64(p)
        p += 1
    return bits


@njit(cache=True, inline="always")
def _pack(
    parts: np.ndarray, offsets: np.ndarray, lengths: np.ndarray, key: np.ndarray
) -> np.uint64:
    """The lines' parts into ``key`` (a bit string, each line at its offset); its hash."""
    for w in range(key.shape[0]):
        key[w] = 0
    for line in range(parts.shape[0]):
        o = offsets[line]
        w, s = o >> 6, o & 63
        key[w] |= parts[line] << np.uint64(s)
        if s != 0 and s + lengths[line] > 64:
            key[w + 1] |= parts[line] >> np.uint64(64 - s)
    h = np.uint64(0x9E3779B97F4A7C15)
    for w in range(key.shape[0]):
        h = (h ^ key[w]) * np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(31)
    return h


@njit(cache=True, inline="always")
def _slot(table: np.ndarray, key: np.ndarray, h: np.uint64) -> int:
    """The slot of ``key``: where it is, or the empty slot where it would go.  A slot is
    its hash (never 0; 0 marks an empty slot) and the key's words, so that a lookup
    reads one place in memory, not three (on a table of 100 MB each read is a cache
    miss)."""
    mask = table.shape[0] - 1
    h |= np.uint64(1)
    i = np.int64(h & np.uint64(mask))
    while True:
        stored = table[i, 0]
        if stored == 0:
            return int(i)
        if stored == h:
            same = True
            for w in range(key.shape[0]):
                if table[i, w + 1] != key[w]:
                    same = False
                    break
            if same:
                return int(i)
        i = (i + 1) & mask


@njit(cache=True, inline="always")
def _remember(table: np.ndarray, state: np.ndarray, key: np.ndarray, h: np.uint64) -> None:
    """Put ``key`` in the table (the caller made room)."""
    s = _slot(table, key, h)
    if table[s, 0] != 0:
        return
    table[s, 0] = h | np.uint64(1)
    for w in range(key.shape[0]):
        table[s, w + 1] = key[w]
    state[_FILLED] += 1


@njit(cache=True)
def _rehash(old: np.ndarray, new: np.ndarray) -> None:
    """Every key of ``old`` into the empty, larger ``new``."""
    mask = new.shape[0] - 1
    for s in range(old.shape[0]):
        h = old[s, 0]
        if h != 0:
            i = np.int64(h & np.uint64(mask))
            while new[i, 0] != 0:
                i = (i + 1) & mask
            for w in range(old.shape[1]):
                new[i, w] = old[s, w]


@njit(cache=True, inline="always")
def _beyond(g: np.ndarray, cell: int, above: int) -> int:
    """With gravity: the tiles beyond ``cell`` in its line (those that fall when it goes)."""
    n = 0
    if above != 0:
        c = cell + above
        while g[c] > 0:
            n += 1
            c += above
    return n


@njit(cache=True, inline="always")
def _moves(
    g: np.ndarray,
    W: int,
    rows: np.ndarray,
    cols: np.ndarray,
    above: int,
    count: np.ndarray,
    cells: np.ndarray,
    out: np.ndarray,
    scratch: np.ndarray,
) -> int:
    """``_Search.moves``: every linked pair, types with the fewest tiles first, then the
    pairs that move the most tiles first (ties by type, then pairs in row-major order).
    Column 2 of ``out``: the order's key; column 5 of ``scratch``: which tiles of a type
    have an empty neighbour (tested once a tile, not once a pair)."""
    T = count.shape[0] - 1
    m = 0
    most = 0
    for t in range(1, T + 1):
        most = max(most, count[t])
    for size in range(1, most + 1):
        for t in range(1, T + 1):
            if count[t] != size:
                continue
            for i in range(size):
                scratch[i, 5] = _open(g, W, cells[t, i])
            for i in range(size):
                for j in range(i + 1, size):
                    a, b = cells[t, i], cells[t, j]
                    d = abs(a - b)
                    if (d != 1) & (d != W) & ((scratch[i, 5] & scratch[j, 5]) == 0):
                        continue
                    if _joined(g, W, rows, cols, a, b):
                        key = size * 4096 - _beyond(g, a, above) - _beyond(g, b, above)
                        k = m  # insertion: the list stays sorted by key, stable
                        while k > 0 and out[k - 1, 2] > key:
                            out[k, 0], out[k, 1], out[k, 2] = (
                                out[k - 1, 0],
                                out[k - 1, 1],
                                out[k - 1, 2],
                            )
                            k -= 1
                        out[k, 0], out[k, 1], out[k, 2] = a, b, key
                        m += 1
    return m


@njit(cache=True, nogil=True)  # the race without gravity runs it in a thread
def _run(
    grids: np.ndarray,
    rowbits: np.ndarray,
    colbits: np.ndarray,
    inner: np.ndarray,
    lines: np.ndarray,
    line_of: np.ndarray,
    line_cells: np.ndarray,
    original: np.ndarray,
    offsets: np.ndarray,
    lengths: np.ndarray,
    parts: np.ndarray,
    words: np.ndarray,
    hashed: np.ndarray,
    moves: np.ndarray,
    mcount: np.ndarray,
    mnext: np.ndarray,
    base: np.ndarray,
    cells: np.ndarray,
    scratch: np.ndarray,
    W: int,
    above: int,
    path: np.ndarray,
    count: np.ndarray,
    table: np.ndarray,
    state: np.ndarray,
    counts: np.ndarray,
    budget: int,
    max_nodes: int,
    most: int,
    control: np.ndarray,
) -> None:
    """Search on for at most ``budget`` positions (``max_nodes`` in all, -1 for no limit).

    ``state[_DEPTH]`` is -1 before the root is entered; a position is entered (reduced,
    looked up, counted, its moves listed) when the search first reaches it.  A move's
    position is looked up in the table before it is made (its key comes from the parent's
    in the one or two lines the move changes), so a move into a dead position costs a
    lookup.  Level d keeps the key of the position the move made (``words[d, 0]``) and of
    the position after the reductions (``words[d, 1]``); a dead position's table entries
    are both.  When the table has no room for two more and is smaller than ``most``
    entries, the search stops with ``GROW`` where it can go on once the caller has made the
    table larger."""
    d = state[_DEPTH]
    spent = 0
    enter = False
    L = parts.shape[1]
    if d < 0:
        d = 0
        state[_PATH] = 0
        g = grids[0]
        _bits(g, W, rowbits[0], colbits[0])
        for line in range(L):
            parts[0, line] = _line_key(g, line_cells[line], original[line], above, -1, -1)
        hashed[0, 0] = _pack(parts[0], offsets, lengths, words[0, 0])
        enter = True
    else:
        enter = state[_ENTER] != 0
    while True:
        room = table.shape[0] // 2  # at most half the slots are used
        if state[_FILLED] + 2 > room and room < most:
            state[_DEPTH] = d
            state[_ENTER] = enter
            state[_STATUS] = GROW
            return
        if enter:
            enter = False
            g = grids[d]
            rows, cols = rowbits[d], colbits[d]
            before = state[_PATH]
            length = _reduce(
                g, W, rows, cols, above, inner, count, cells, path, before, scratch, counts
            )
            total = 0  # the cells of each type are those _reduce collected last
            for t in range(count.shape[0]):
                total += count[t]
            if total == 0:
                state[_DEPTH] = d
                state[_PATH] = length
                state[_STATUS] = FOUND
                return
            if length != before:  # reduced: the key of what is left
                for line in range(L):
                    parts[d, line] = _line_key(g, line_cells[line], original[line], above, -1, -1)
                h = _pack(parts[d], offsets, lengths, words[d, 1])
                hashed[d, 1] = h
                if table[_slot(table, words[d, 1], h), 0] != 0:
                    counts[_HITS] += 1
                    if state[_FILLED] < table.shape[0] // 2:  # the move's position is dead too
                        _remember(table, state, words[d, 0], hashed[d, 0])
                    d -= 1
                    if d < 0:
                        state[_STATUS] = EXHAUSTED
                        return
                    continue
            else:
                for w in range(words.shape[2]):
                    words[d, 1, w] = words[d, 0, w]
                hashed[d, 1] = hashed[d, 0]
            counts[_NODES] += 1
            if max_nodes >= 0 and counts[_NODES] > max_nodes:
                state[_STATUS] = OUT_OF_NODES
                return
            base[d] = length
            mcount[d] = _moves(g, W, rows, cols, above, count, cells, moves[d], scratch)
            mnext[d] = 0
            spent += 1
            # the budget, or another thread's word (``control``: stop now; stop at so
            # many positions), read here so that a search in a thread needs no lock
            if (
                spent >= budget
                or control[0] != 0
                or (control[1] >= 0 and counts[_NODES] >= control[1])
            ):
                state[_DEPTH] = d
                state[_ENTER] = 0
                return
        i = mnext[d]
        if i == mcount[d]:  # every move failed: the position is dead
            if state[_FILLED] + 2 > table.shape[0] // 2:
                for slot in range(table.shape[0]):  # full: forget every position
                    table[slot, 0] = 0
                state[_FILLED] = 0
            _remember(table, state, words[d, 1], hashed[d, 1])
            _remember(table, state, words[d, 0], hashed[d, 0])
            d -= 1
            if d < 0:
                state[_STATUS] = EXHAUSTED
                return
            continue
        mnext[d] = i + 1
        a, b = moves[d, i, 0], moves[d, i, 1]
        g = grids[d]
        for line in range(L):
            parts[d + 1, line] = parts[d, line]
        la, lb = line_of[a], line_of[b]
        if la == lb:
            parts[d + 1, la] = _line_key(g, line_cells[la], original[la], above, a, b)
        else:
            parts[d + 1, la] = _line_key(g, line_cells[la], original[la], above, a, -1)
            parts[d + 1, lb] = _line_key(g, line_cells[lb], original[lb], above, b, -1)
        h = _pack(parts[d + 1], offsets, lengths, words[d + 1, 0])
        if table[_slot(table, words[d + 1, 0], h), 0] != 0:
            counts[_HITS] += 1
            continue
        hashed[d + 1, 0] = h
        child = grids[d + 1]
        for c in range(child.shape[0]):
            child[c] = g[c]
        rows, cols = rowbits[d + 1], colbits[d + 1]
        for y in range(rows.shape[0]):
            rows[y] = rowbits[d, y]
        for x in range(cols.shape[0]):
            cols[x] = colbits[d, x]
        _put(child, rows, cols, W, a, 0)
        _put(child, rows, cols, W, b, 0)
        _fall(child, rows, cols, W, lines, a)
        _fall(child, rows, cols, W, lines, b)
        path[base[d], 0] = a
        path[base[d], 1] = b
        state[_PATH] = base[d] + 1
        d += 1
        enter = True


@dataclass
class ClearCore:
    """One search of a padded grid, run in slices (``step``)."""

    arrays: tuple[np.ndarray, ...]
    table: np.ndarray  # replaced when it grows
    most: int
    W: int
    above: int
    state: np.ndarray
    counts: np.ndarray
    path: np.ndarray

    @classmethod
    def start(
        cls,
        grid: list[int],
        W: int,
        types: int,
        gravity: str,
        line_cells: list[list[int]],
        entries: int = TABLE_ENTRIES,
    ) -> ClearCore:
        """A search of the padded grid (``Position.grid``; with gravity, settled);
        ``line_cells``: the cells of each line of the inner board (at most 64), from the
        side tiles fall toward (``Position.lines``, which without gravity are the rows)."""
        g = np.array(grid, np.int16)
        inner_cells = sorted(c for line in line_cells for c in line)
        inner = np.array(inner_cells, np.int64)
        tiles = int(np.count_nonzero(g[inner] > 0))
        depth = tiles // 2 + 2
        longest = max(len(line) for line in line_cells)
        if max(longest, W, g.shape[0] // W) > 64:
            raise ValueError("the compiled search takes grids of at most 64 x 64 cells")
        lines = np.full((g.shape[0], longest), -1, np.int64)
        n_lines = len(line_cells)
        line_of = np.full(g.shape[0], -1, np.int64)
        cells_of = np.full((n_lines, longest), -1, np.int64)
        original = np.zeros((n_lines, longest + 1), np.int16)  # line tiles, packed; 0 after
        for number, line in enumerate(line_cells):
            cells_of[number, : len(line)] = line
            line_of[line] = number
            packed = [v for v in g[line] if v > 0]
            original[number, : len(packed)] = packed
            if gravity != "none":  # without gravity no line falls
                for c in line:
                    lines[c, : len(line)] = line
        lengths = np.array([len(line) for line in line_cells], np.int64)
        offsets = np.concatenate(([0], np.cumsum(lengths)[:-1])).astype(np.int64)
        words = (int(lengths.sum()) + 63) // 64
        copies = np.bincount(g[inner][g[inner] > 0], minlength=types + 1)
        most = int(copies.max()) if copies.size else 0
        pairs = int(sum(int(c) * (int(c) - 1) // 2 for c in copies)) + 1
        above = {"none": 0, "down": -W, "up": W, "left": 1, "right": -1}[gravity]
        grids = np.zeros((depth, g.shape[0]), np.int16)
        grids[0] = g
        entries = max(2, min(entries, TABLE_BYTES // (16 * words + 16)))
        arrays = (  # _run's first arguments, in its order
            grids,
            np.zeros((depth, g.shape[0] // W), np.uint64),  # each row's cells in use
            np.zeros((depth, W), np.uint64),  # each column's
            inner,
            lines,
            line_of,
            cells_of,
            original,
            offsets,
            lengths,
            np.zeros((depth, n_lines), np.uint64),  # parts
            np.zeros((depth, 2, words), np.uint64),  # keys made, and after the reductions
            np.zeros((depth, 2), np.uint64),  # their hashes
            np.zeros((depth, pairs, 3), np.int64),  # moves, and their order's keys
            np.zeros(depth, np.int64),  # mcount
            np.zeros(depth, np.int64),  # mnext
            np.zeros(depth, np.int64),  # base
        )
        table = _table(min(entries, TABLE_START), words)
        state = np.zeros(5, np.int64)
        state[_DEPTH] = -1
        path = np.zeros((tiles // 2 + 1, 2), np.int64)
        scratch = (
            np.zeros((types + 1, max(most, 1)), np.int64),  # cells
            np.zeros((most + 1, 6), np.int64),  # scratch of _clear_alone and _moves
        )
        return cls(arrays + scratch, table, entries, W, above, state, np.zeros(3, np.int64), path)

    def step(self, budget: int, max_nodes: int | None, control: np.ndarray | None = None) -> int:
        """Search on for at most ``budget`` positions; the status.  ``control``, written by
        another thread while this one searches without the GIL: ``[stop, cap]``, stop
        when ``stop`` is set or when the positions reach ``cap`` (-1: none)."""
        if control is None:
            control = np.array([0, -1], np.int64)
        count = np.zeros(self.arrays[-2].shape[0], np.int64)  # tiles of each type
        run: Callable[..., None] = _run  # its arrays come as a tuple, in its order
        while True:
            run(
                *self.arrays,
                self.W,
                self.above,
                self.path,
                count,
                self.table,
                self.state,
                self.counts,
                budget,
                -1 if max_nodes is None else max_nodes,
                self.most,
                control,
            )
            if self.state[_STATUS] != GROW:
                return int(self.state[_STATUS])
            self.state[_STATUS] = RUNNING
            self._grow()

    def _grow(self) -> None:
        """Double the table, keeping what it holds."""
        bigger = _table(min(self.table.shape[0], self.most), self.table.shape[1] - 1)
        _rehash(self.table, bigger)
        self.table = bigger

    def clearing(self) -> list[tuple[int, int]]:
        """The moves of the clearing found, as padded cells at the time of each move."""
        return [(int(a), int(b)) for a, b in self.path[: int(self.state[_PATH])]]

    @property
    def nodes(self) -> int:
        return int(self.counts[_NODES])

    @property
    def table_hits(self) -> int:
        return int(self.counts[_HITS])

    @property
    def forced(self) -> int:
        return int(self.counts[_FORCED])


def _table(entries: int, words: int) -> np.ndarray:
    """An empty table for ``entries`` keys of ``words`` words: twice as many slots, each a
    hash and a key."""
    slots = 1
    while slots < 2 * entries:
        slots *= 2
    return np.zeros((slots, words + 1), np.uint64)


def warm_up() -> None:
    """Run the compiled functions once on a tiny board (so that numba compiles them, or
    reads them from its cache), growing the table once."""
    from graphsearch.llk.position import Position

    pos = Position(np.array([[1, 2, 1], [2, 1, 2], [1, 2, 1], [2, 1, 2]]), gravity="down")
    core = ClearCore.start(pos.grid, pos.W, len(pos.types) - 1, "down", pos.lines(), entries=4)
    core.table = _table(1, core.table.shape[1] - 1)  # full at once: _rehash runs too
    if core.step(1000, None) == RUNNING:
        raise RuntimeError("the compiled search did not finish a 4 x 3 board")
