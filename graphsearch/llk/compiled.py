"""The whole-board move search, compiled (numba): ``clearing._Search`` move for move under
gravity, and without gravity a plain version for dives (no deadlock test).

Same positions, same reductions (a type whose tiles all lie on top and that clears itself
goes at once; without gravity, any type that clears itself), same move order (types with
the fewest tiles first, then pairs in row-major order), a table of positions proven dead:
so the same clearing as the pure-Python search, 50 to 100 times faster a position.
``clearing.solve`` hands a search with gravity over to it after ``COMPILED_AFTER``
positions, and without gravity races it against the pairing search (in a thread, without
the GIL), when numba is installed.  At most two turns; the board is the padded grid of
``position.Position`` (walls -1, empty 0, types 1..T < 255).

Slices are filled by loops (numba takes seconds to compile a slice assignment), and the
helpers are inlined into the search loop (numba's reference counting of the arrays passed
to a function that is called, rather than inlined, took a fifth of the time).  The search
keeps its stack in arrays and runs in slices of positions, so that Python can read the
clock between slices.  The table is exact (a key is the whole inner board), and
when full it is emptied: a forgotten position is only searched again.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

__all__ = ["ClearCore"]

RUNNING, FOUND, EXHAUSTED, OUT_OF_NODES = 0, 1, 2, 3
TABLE_ENTRIES = 1 << 19  # positions remembered; keys of a 16 x 9 board: 72 MB
TABLE_BYTES = 1 << 27  # at most 128 MB of keys on larger boards
# the ``state`` array
_DEPTH, _STATUS, _PATH, _FILLED = range(4)
# the ``counts`` array
_NODES, _HITS, _FORCED = range(3)


@njit(cache=True, inline="always")
def _links(g: np.ndarray, W: int, a: int, b: int) -> bool:
    """The link rule with at most two turns (``position._two``) on the padded grid: a
    row piece between the tiles' column stretches, or a column piece between their row
    stretches, with nothing on it."""
    d = abs(a - b)
    if d != 1 and d != W:  # not neighbours: each tile needs an empty neighbour to start from
        if g[a - 1] != 0 and g[a + 1] != 0 and g[a - W] != 0 and g[a + W] != 0:
            return False
        if g[b - 1] != 0 and g[b + 1] != 0 and g[b - W] != 0 and g[b + W] != 0:
            return False
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
        x0, x1 = min(ax, bx), max(ax, bx)
        for y in range(lo, hi + 1):
            clear = True
            for x in range(x0 + 1, x1):
                if g[y * W + x] != 0:
                    clear = False
                    break
            if clear:
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
        y0, y1 = min(ay, by), max(ay, by)
        for x in range(lo, hi + 1):
            clear = True
            for y in range(y0 + 1, y1):
                if g[y * W + x] != 0:
                    clear = False
                    break
            if clear:
                return True
    return False


@njit(cache=True, inline="always")
def _fall(g: np.ndarray, W: int, lines: np.ndarray, cell: int) -> None:
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
                g[row[write]] = g[c]
                g[c] = 0
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
def _clear_alone(g: np.ndarray, W: int, t: int, cells: np.ndarray, k: int, out: np.ndarray) -> bool:
    """``_Search._clear_alone`` for tiles on top (whose removal moves nothing): moves of
    type t alone that clear its k tiles, the first in the search's order, into ``out``."""
    alive = np.ones(k, np.bool_)
    pi = np.zeros(k // 2 + 1, np.int64)
    pj = np.zeros(k // 2 + 1, np.int64)
    level = 0
    pi[0], pj[0] = 0, 0
    while True:
        i, j = pi[level], pj[level] + 1
        found = False
        while i < k and not found:
            if alive[i]:
                while j < k:
                    if alive[j] and _links(g, W, cells[i], cells[j]):
                        found = True
                        break
                    j += 1
            if not found:
                i += 1
                j = i + 1
        if found:
            pi[level], pj[level] = i, j
            alive[i] = alive[j] = False
            g[cells[i]] = 0
            g[cells[j]] = 0
            level += 1
            if 2 * level == k:
                for m in range(level):
                    out[m, 0] = cells[pi[m]]
                    out[m, 1] = cells[pj[m]]
                for m in range(k):  # the caller removes them
                    g[cells[m]] = t
                return True
            pi[level], pj[level] = 0, 0
        else:
            if level == 0:
                return False
            level -= 1
            i, j = pi[level], pj[level]
            alive[i] = alive[j] = True
            g[cells[i]] = t
            g[cells[j]] = t


@njit(cache=True, inline="always")
def _reduce(
    g: np.ndarray,
    W: int,
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
    length of the path."""
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
            if _clear_alone(g, W, t, cells[t], k, scratch):
                for m in range(k // 2):
                    a, b = scratch[m, 0], scratch[m, 1]
                    path[length, 0] = a
                    path[length, 1] = b
                    length += 1
                    g[a] = 0
                    g[b] = 0
                    counts[_FORCED] += 1
                count[t] = 0
                changed = True
    return length


@njit(cache=True, inline="always")
def _slot(
    keys: np.ndarray, hashes: np.ndarray, index: np.ndarray, key: np.ndarray, h: np.uint64
) -> int:
    """The index slot of ``key`` (its entry, or -1 when empty at that slot)."""
    mask = index.shape[0] - 1
    i = np.int64(h & np.uint64(mask))
    while True:
        e = index[i]
        if e < 0:
            return int(i)
        if hashes[e] == h:
            same = True
            for c in range(key.shape[0]):
                if keys[e, c] != key[c]:
                    same = False
                    break
            if same:
                return int(i)
        i = (i + 1) & mask


@njit(cache=True, inline="always")
def _key(g: np.ndarray, inner: np.ndarray, key: np.ndarray) -> np.uint64:
    """The inner board as bytes, and its hash (FNV-1a, then mixed)."""
    h = np.uint64(0xCBF29CE484222325)
    for i in range(inner.shape[0]):
        v = g[inner[i]]
        key[i] = v
        h = (h ^ np.uint64(v)) * np.uint64(0x100000001B3)
    h ^= h >> np.uint64(29)
    return h


@njit(cache=True, inline="always")
def _moves(g: np.ndarray, W: int, count: np.ndarray, cells: np.ndarray, out: np.ndarray) -> int:
    """``_Search.moves``: every linked pair, types with the fewest tiles first (ties by
    type), pairs in row-major order."""
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
                for j in range(i + 1, size):
                    if _links(g, W, cells[t, i], cells[t, j]):
                        out[m, 0] = cells[t, i]
                        out[m, 1] = cells[t, j]
                        m += 1
    return m


@njit(cache=True, nogil=True)  # the race without gravity runs it in a thread
def _run(
    grids: np.ndarray,
    W: int,
    above: int,
    inner: np.ndarray,
    lines: np.ndarray,
    moves: np.ndarray,
    mcount: np.ndarray,
    mnext: np.ndarray,
    base: np.ndarray,
    path: np.ndarray,
    count: np.ndarray,
    cells: np.ndarray,
    scratch: np.ndarray,
    keys: np.ndarray,
    hashes: np.ndarray,
    index: np.ndarray,
    state: np.ndarray,
    counts: np.ndarray,
    budget: int,
    max_nodes: int,
) -> None:
    """Search on for at most ``budget`` positions (``max_nodes`` in all, -1 for no limit).

    ``state[_DEPTH]`` is -1 before the root is entered; a position is entered (reduced,
    looked up, counted, its moves listed) when the search first reaches it."""
    d = state[_DEPTH]
    key = np.empty(inner.shape[0], np.uint8)
    spent = 0
    enter = False
    if d < 0:
        d = 0
        state[_PATH] = 0
        enter = True
    while True:
        if enter:
            enter = False
            g = grids[d]
            length = _reduce(g, W, above, inner, count, cells, path, state[_PATH], scratch, counts)
            total = _collect(g, inner, count, cells)
            if total == 0:
                state[_DEPTH] = d
                state[_PATH] = length
                state[_STATUS] = FOUND
                return
            h = _key(g, inner, key)
            i = _slot(keys, hashes, index, key, h)
            if index[i] >= 0:
                counts[_HITS] += 1
                d -= 1
                if d < 0:
                    state[_STATUS] = EXHAUSTED
                    return
                continue
            counts[_NODES] += 1
            if max_nodes >= 0 and counts[_NODES] > max_nodes:
                state[_STATUS] = OUT_OF_NODES
                return
            base[d] = length
            mcount[d] = _moves(g, W, count, cells, moves[d])
            mnext[d] = 0
            spent += 1
            if spent >= budget:
                state[_DEPTH] = d
                return
        i = mnext[d]
        if i == mcount[d]:  # every move failed: the position is dead
            g = grids[d]
            h = _key(g, inner, key)
            s = _slot(keys, hashes, index, key, h)
            if index[s] < 0:
                if state[_FILLED] == keys.shape[0]:  # full: forget every position
                    for slot in range(index.shape[0]):
                        index[slot] = -1
                    state[_FILLED] = 0
                    s = _slot(keys, hashes, index, key, h)
                e = state[_FILLED]
                for c in range(key.shape[0]):
                    keys[e, c] = key[c]
                hashes[e] = h
                index[s] = e
                state[_FILLED] = e + 1
            d -= 1
            if d < 0:
                state[_STATUS] = EXHAUSTED
                return
            continue
        mnext[d] = i + 1
        a, b = moves[d, i, 0], moves[d, i, 1]
        child = grids[d + 1]
        for c in range(child.shape[0]):
            child[c] = grids[d, c]
        child[a] = 0
        child[b] = 0
        _fall(child, W, lines, a)
        _fall(child, W, lines, b)
        path[base[d], 0] = a
        path[base[d], 1] = b
        state[_PATH] = base[d] + 1
        d += 1
        enter = True


@dataclass
class ClearCore:
    """One search of a padded grid with gravity, run in slices (``step``)."""

    arrays: tuple[np.ndarray, ...]
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
        """A search of the padded grid (``Position.grid``); ``line_cells``: the cells of each
        line of the inner board, from the side tiles fall toward."""
        g = np.array(grid, np.int16)
        inner_cells = sorted(c for line in line_cells for c in line)
        inner = np.array(inner_cells, np.int64)
        tiles = int(np.count_nonzero(g[inner] > 0))
        depth = tiles // 2 + 2
        longest = max(len(line) for line in line_cells)
        lines = np.full((g.shape[0], longest), -1, np.int64)
        if gravity != "none":  # without gravity no line falls
            for line in line_cells:
                for c in line:
                    lines[c, : len(line)] = line
        copies = np.bincount(g[inner][g[inner] > 0], minlength=types + 1)
        most = int(copies.max()) if copies.size else 0
        pairs = int(sum(int(c) * (int(c) - 1) // 2 for c in copies)) + 1
        above = {"none": 0, "down": -W, "up": W, "left": 1, "right": -1}[gravity]
        grids = np.zeros((depth, g.shape[0]), np.int16)
        grids[0] = g
        slots = 1
        entries = max(2, min(entries, TABLE_BYTES // max(len(inner_cells), 1)))
        while slots < 2 * entries:
            slots *= 2
        arrays = (
            grids,
            inner,
            lines,
            np.zeros((depth, pairs, 2), np.int64),  # moves
            np.zeros(depth, np.int64),  # mcount
            np.zeros(depth, np.int64),  # mnext
            np.zeros(depth, np.int64),  # base
            np.zeros((types + 1, max(most, 1)), np.int64),  # cells
            np.zeros((most // 2 + 1, 2), np.int64),  # scratch
            np.zeros((entries, inner.shape[0]), np.uint8),  # keys
            np.zeros(entries, np.uint64),  # hashes
            np.full(slots, -1, np.int64),  # index
        )
        state = np.zeros(4, np.int64)
        state[_DEPTH] = -1
        path = np.zeros((tiles // 2 + 1, 2), np.int64)
        return cls(arrays, W, above, state, np.zeros(3, np.int64), path)

    def step(self, budget: int, max_nodes: int | None) -> int:
        """Search on for at most ``budget`` positions; the status."""
        grids, inner, lines, moves, mcount, mnext, base, cells, scratch, keys, hashes, index = (
            self.arrays
        )
        count = np.zeros(cells.shape[0], np.int64)
        _run(
            grids,
            self.W,
            self.above,
            inner,
            lines,
            moves,
            mcount,
            mnext,
            base,
            self.path,
            count,
            cells,
            scratch,
            keys,
            hashes,
            index,
            self.state,
            self.counts,
            budget,
            -1 if max_nodes is None else max_nodes,
        )
        return int(self.state[_STATUS])

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
