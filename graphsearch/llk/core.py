"""The whole-board move search of 连连看, compiled when the package is installed: the one
move search, in every gravity mode and with any number of turns (``clearing`` drives it;
without gravity it races the pairing search).

This file is Cython in pure-Python mode (see ``graphsearch.cores``): compiled to C by
``pip install`` where a compiler is found, else run as it stands, slower, the same answers.
Arrays are flat ``array.array`` buffers that the compiled code reads as typed memoryviews;
words of 64 bits are masked after each multiplication, which the C compiler drops.  The
search runs without the GIL, so the race without gravity runs it in a thread.

The reductions (a type whose tiles all lie on top and that clears itself goes at once;
without gravity, any type that clears itself) and the move orders are argued sound in
``clearing``; a table of positions proven dead.  Links of two turns are tested on row and
column words at once, others by flooding rows of bits a turn at a time.  In the modes of
fixed lines, with at most two turns, a position's moves are found from its parent's: only
the types whose links a move can have changed are listed again (``_moves_after`` argues
which), and a move that commutes with the move made and was tried before it sleeps.  The
board is the padded grid of ``position.Position`` (walls -1, empty 0, types 1..T < 255).

The parts, one class each: ``Board`` (the board at every level, the link rule, a line's
fall), ``Lines`` (the keys of the modes of fixed lines, and which types a move can have
given new links), ``Passes`` (``outward`` and ``inward``: their settle and their keys),
``DeadPositions`` (the table) and ``ClearCore`` (the stack and the search).  They live in
one module so that the compiled code calls across them in C, without ``.pxd`` files.

The table of dead positions is exact and small: a key is a bit per tile of the board at the
start, less one a type, and a count of the tiles left.  Without gravity tiles never move,
so which cells hold a tile is the position.  With gravity each line keeps its tiles in
their order, packed toward one end, so a line is a subsequence of its original tiles; the
key marks, for each tile left, the first original tile of its type not yet matched (greedy
matching, so equal positions give equal keys even when tiles of one type took each other's
places).  Tiles go in pairs, so the last tile of each type has no bit: the others' give it
(``_tile_bits``).  A move changes one or two lines, so the key of the position it makes is
found from its parent's before the move is made, and a move into a position already proven
dead costs a lookup.  In ``outward`` and ``inward`` a key is two words that name the states
of the board's quarters (``Passes``).  The table is open addressing, each slot a key alone
(the hash's top bits in its last word where it leaves room, else found again from the key
when a slot moves).
It grows when half full, by doublings and a last step, to as many slots as its memory
holds (``table_bytes``, ``TABLE_BYTES`` unless told; any number, so a slot's home is its
hash scaled, not masked), fills that to seven eighths (a longer
probe a lookup, but a proof larger than the table forgets and searches again far less),
and then keeps the half of its positions with the most tiles left and forgets the rest
(``DeadPositions.thin``): a forgotten position is only searched again, and one with more
tiles left stands for more work.
"""

from __future__ import annotations

from array import array

import cython

from graphsearch.cores import lazy_words, zeros
from graphsearch.llk.gravity import FIXED_LINES, NO_LINES, REPEATED_PASSES
from graphsearch.status import Status

__all__ = [
    "COMPILED",
    "EXHAUSTED",
    "FOUND",
    "ORDER_BACK",
    "ORDER_DRAWN",
    "ORDER_SHIFT",
    "ORDER_STILL",
    "ORDER_TYPES",
    "OUT_OF_NODES",
    "RUNNING",
    "TABLE_ENTRIES",
    "Board",
    "ClearCore",
    "DeadPositions",
    "Lines",
    "Passes",
]

COMPILED: bool = cython.compiled  # whether this module runs as machine code

RUNNING, FOUND, EXHAUSTED = Status.RUNNING, Status.FOUND, Status.EXHAUSTED
OUT_OF_NODES = Status.OUT_OF_NODES
# the same, for the search without the GIL; GROW: the table wants to grow; FULL: it wants
# thinning
_RUNNING = cython.declare(cython.int, 0)
_FOUND = cython.declare(cython.int, 1)
_EXHAUSTED = cython.declare(cython.int, 2)
_OUT_OF_NODES = cython.declare(cython.int, 3)
_GROW = cython.declare(cython.int, 4)
_FULL = cython.declare(cython.int, 5)
_NAMES = cython.declare(cython.int, 6)  # ``Passes``' names want room
# the move orders (``ClearCore.restart``)
ORDER_SHIFT, ORDER_TYPES, ORDER_STILL, ORDER_DRAWN, ORDER_BACK = 0, 1, 2, 3, 4
_ORDER_TYPES = cython.declare(cython.int, 1)
_ORDER_STILL = cython.declare(cython.int, 2)
_ORDER_DRAWN = cython.declare(cython.int, 3)
_ORDER_BACK = cython.declare(cython.int, 4)
# ``ClearCore.scratch``: a row for each tile of the type at hand (at most the most copies of
# a type, and one), ROW columns.  ``_clear_alone`` answers the pair it removes at level m
# in row m's PAIR_A and PAIR_B, keeps the tiles (their indexes) it tried at level m in
# TRIED_I and TRIED_J and whether tile m is still there in LEFT; ``_type_moves`` marks in
# OPEN whether tile m has an empty neighbour.
ROW = cython.declare(cython.longlong, 6)
PAIR_A = cython.declare(cython.longlong, 0)
PAIR_B = cython.declare(cython.longlong, 1)
TRIED_I = cython.declare(cython.longlong, 2)
TRIED_J = cython.declare(cython.longlong, 3)
LEFT = cython.declare(cython.longlong, 4)
OPEN = cython.declare(cython.longlong, 5)
TABLE_ENTRIES = 1 << 40  # positions remembered at most: no cap but the table's memory
ABSORB_BATCH = cython.declare(cython.longlong, 32)  # positions ``receive`` reads ahead
PAGE_WORDS = cython.declare(cython.longlong, 512)  # the words of a page of memory (4 KB)
# a table being written or doubled looks at its stop word once in so many words or slots
STOP_LOOK = cython.declare(cython.longlong, (1 << 15) - 1)
TABLE_START = 1 << 14  # the table starts this small and doubles when half full
MOST_SLOTS = (1 << 32) - 1  # a table's slots at most (``_home``)
# the unused bits of a key's last word from which a slot keeps the hash there (its top 32
# bits and a bit always set), not in a word of its own (``DeadPositions``)
FOLD_BITS = cython.declare(cython.longlong, 33)
# the eighths of its slots that a table at its largest fills before it thins
FULLEST_OF_8 = cython.declare(cython.longlong, 7)
# the table's slots: at most 512 MB unless told (and half as much again while it grows);
# on a 16 x 9 board (16 bytes a slot) 29 million positions, on a QQ board (24 bytes) 19
# million
TABLE_BYTES = 1 << 29
ONE = cython.declare(cython.ulonglong, 1)
M64 = cython.declare(cython.ulonglong, (1 << 64) - 1)
SEED = cython.declare(cython.ulonglong, 0x9E3779B97F4A7C15)
MIX = cython.declare(cython.ulonglong, 0xBF58476D1CE4E5B9)
# the keys of ``outward`` and ``inward`` (``Passes``): two words, each two parts' names in
# 28 bits and a byte of the tiles left; at most ``MOST_PARTS`` parts
KEY_WORDS = cython.declare(cython.longlong, 2)
MOST_PARTS = 4
ID_MASK = cython.declare(cython.ulonglong, (1 << 28) - 1)
LOW_56 = cython.declare(cython.ulonglong, (1 << 56) - 1)
NAME_START = 1 << 10  # the names' first slots


@cython.cfunc
@cython.nogil
@cython.locals(lo=cython.longlong, hi=cython.longlong)
def _between(i: cython.longlong, j: cython.longlong) -> cython.ulonglong:
    """The bits strictly between positions i and j (both below 64)."""
    lo = min(i, j)
    hi = max(i, j)
    return ((ONE << hi) - ONE) & ~((ONE << (lo + 1)) - ONE) & M64


@cython.cfunc
@cython.nogil
@cython.locals(w=cython.longlong, s=cython.longlong, mask=cython.ulonglong)
def _set_bits(
    keys: cython.ulonglong[::1],
    at: cython.longlong,
    offset: cython.longlong,
    length: cython.longlong,
    value: cython.ulonglong,
) -> cython.void:
    """Set the ``length`` bits (at most 64) at bit ``offset`` of the bit string at
    ``keys[at:]`` (bit i of word w is bit 64 w + i) to ``value``."""
    w = at + (offset >> 6)
    s = offset & 63
    mask = M64 if length >= 64 else (ONE << length) - ONE
    keys[w] = (keys[w] & ~((mask << s) & M64)) | ((value << s) & M64)
    if s != 0 and s + length > 64:
        keys[w + 1] = (keys[w + 1] & ~(mask >> (64 - s))) | (value >> (64 - s))


@cython.cfunc
@cython.nogil
@cython.locals(w=cython.longlong, h=cython.ulonglong)
def _hash(
    keys: cython.ulonglong[::1], key: cython.longlong, words: cython.longlong
) -> cython.ulonglong:
    """The hash of the key of ``words`` words at ``keys[key:]``."""
    h = SEED
    for w in range(words):
        h = ((h ^ keys[key + w]) * MIX) & M64
        h ^= h >> 31
    return h


@cython.cfunc
@cython.nogil
def _home(h: cython.ulonglong, slots: cython.longlong) -> cython.longlong:
    """The home slot of hash h in a table of ``slots`` slots (fewer than 2**32, any
    number): the hash's top 32 bits scaled to the slots, a multiply and a shift rather
    than a mask, so that a table is not held to a power of two and takes all the memory
    it is given."""
    return cython.cast(cython.longlong, ((h >> 32) * cython.cast(cython.ulonglong, slots)) >> 32)


@cython.cfunc
@cython.nogil
@cython.locals(i=cython.longlong, w=cython.longlong)
def _put_slot(
    table: cython.ulonglong[::1],
    slots: cython.longlong,
    S: cython.longlong,
    entry: cython.ulonglong[::1],
    at: cython.longlong,
) -> cython.void:
    """Put the slot's worth at ``entry[at:]`` (S words: a first word, never 0, whose top
    32 bits are the hash's, and the rest of a key known not to be in the table) in the
    first empty slot from its home slot of the open addressing ``table`` of ``slots``
    slots (``_home``)."""
    i = _home(entry[at], slots)
    while table[i * S] != 0:
        i += 1
        if i == slots:
            i = 0
    for w in range(S):
        table[i * S + w] = entry[at + w]


@cython.cfunc
@cython.nogil
def _tiles_of(keys: cython.ulonglong[::1], key: cython.longlong) -> cython.longlong:
    """The tiles left in the position of the ``Passes`` key at ``keys[key:]``."""
    return cython.cast(cython.longlong, (keys[key] >> 56) | ((keys[key + 1] >> 56) << 8))


def _parts(inner: list[int], lines: list[list[int]]) -> dict[int, int]:
    """Each inner cell's part: the cells joined by lines (a tile only ever moves along a
    line, so it stays in its part), numbered in the order of their first cells; parts past
    ``MOST_PARTS`` - 1 are one part (a union of parts is as closed).  Without lines (a
    mode of fixed lines, which keeps no such keys), none."""
    if not lines:
        return {}
    root = {c: c for c in inner}

    def find(c: int) -> int:
        while root[c] != c:
            root[c] = root[root[c]]
            c = root[c]
        return c

    for line in lines:
        ends = [c for c in line if c in root]
        for c in ends[1:]:
            root[find(c)] = find(ends[0])
    number: dict[int, int] = {}
    part: dict[int, int] = {}
    for c in inner:
        r = find(c)
        if r not in number:
            number[r] = min(len(number), MOST_PARTS - 1)
        part[c] = number[r]
    return part


def _tile_bits(
    grid: list[int], line_cells: list[list[int]], longest: int, gravity_on: bool
) -> tuple[array, list[int]]:  # type: ignore[type-arg]
    """Where each tile at the start puts its bit in its line's part of a key (``Lines``):
    ``bit_of[line * (longest + 1) + i]`` for the line's i-th tile (with gravity, the
    i-th of its packed tiles; without, the tile in its i-th cell), and each line's bits.

    A key marks the tiles left, and tiles go in pairs of a type, so the tiles of a type
    marked are always as many as at the start, give or take an even number (with gravity
    too: each tile left is matched to a tile of its own type).  So the bit of one of
    them, the last in the lines' order, is given by the others' and need not be kept
    (bit 0): equal keys are still equal positions.  A key takes a bit a tile less one a
    type, and then the count of its tiles left (``Lines``; so a position with a tile left
    never has the key 0, an empty slot's): 158 bits on a QQ board (three words, not
    four), 116 on 16 x 9 (two, not three), 91 on 14 x 8 (two, with room to fold the hash
    in)."""
    last: dict[int, tuple[int, int]] = {}
    tiles = []
    for number, line in enumerate(line_cells):
        if gravity_on:
            kinds = list(enumerate([grid[c] for c in line if grid[c] > 0]))
        else:
            kinds = [(i, grid[c]) for i, c in enumerate(line) if grid[c] > 0]
        tiles.append(kinds)
        for i, v in kinds:
            last[v] = (number, i)
    implied = set(last.values())
    bit_of = zeros("Q", len(line_cells) * (longest + 1))
    lengths = []
    for number, kinds in enumerate(tiles):
        n = 0
        for i, _ in kinds:
            if (number, i) not in implied:
                bit_of[number * (longest + 1) + i] = 1 << n
                n += 1
        lengths.append(n)
    return bit_of, lengths


# final: the compiled code calls its methods directly instead of through the type's table of
# methods, and the C compiler can inline the small ones (5% fewer seconds a position)
@cython.final
@cython.cclass
class DeadPositions:
    """The table of positions proven dead (see the module's docstring): open addressing,
    each slot a position's key and nothing more.  It holds the search's ``keys`` (the keys
    of every level) and looks up the key at an offset of it.

    A slot's first word is the key's last word, and its other words the key's first ones
    (``_first``).  Where that word leaves at least ``FOLD_BITS`` bits unused (QQ and 14 x
    8 boards: 158 and 91 bits, ``_tile_bits``), the hash's top bits are kept there, with
    the lowest of them set, so that a slot is placed (``_home``) and told from an empty
    one (0) by its first word alone.  Elsewhere (16 x 9, 116 bits; the parts' names of
    ``outward`` and ``inward``) the slot is *keyed*: the key alone, empty when all 0 (a
    position kept has a tile left, and its key says so: a bit, or a count), its home
    found again from its key's hash when it moves (``_home_of``).  With a word of its own
    for the hash, as before, a two-word key took three: the same memory now holds half as
    many positions again.  The search is the same either way.  It grows when half full
    (``grow``: doublings, then a last step to ``fit``, the slots its memory holds), fills
    that to seven eighths (``full``), and then keeps the half of its positions with the
    most tiles left (``thin``)."""

    words: cython.longlong  # a key's words
    width: cython.longlong  # a slot's words: ``words``
    keyed: cython.bint  # no hash in a slot: its home is found from its key
    low: cython.ulonglong  # the key's bits in a slot's first word (keyed: all of them)
    mark: cython.ulonglong  # folded, the bit above them, always set; keyed, 0
    slots: cython.longlong
    fit: cython.longlong  # the slots its memory holds (``_next``)
    entries: cython.longlong  # the positions it may hold (``TABLE_ENTRIES``: memory alone)
    full: cython.longlong  # the positions it holds at its size: half its slots, or at its
    # largest seven eighths
    filled: cython.longlong
    table: cython.ulonglong[::1]
    keys: cython.ulonglong[::1]
    # a key's tiles (``_tiles``): a count at this bit of its last word, in so many bits
    # (``Lines``; 0 bits: no count, and ``thin`` keeps any half), or in ``outward`` and
    # ``inward`` a count in the top bytes of its two words (``Passes``)
    composite: cython.bint
    count_shift: cython.longlong
    count_mask: cython.ulonglong
    # the positions remembered since the last ``sent`` (``log_size`` at most), for other
    # searches of the same board (``ClearCore.share``)
    log: cython.ulonglong[::1]
    logged: cython.longlong
    log_size: cython.longlong
    seen: cython.ulonglong  # the home slots ``receive`` read ahead

    def __init__(
        self,
        keys: array,  # type: ignore[type-arg]
        words: int,
        entries: int,
        composite: bool,
        table_bytes: int = TABLE_BYTES,
        key_bits: int = 0,
        count_shift: int = 0,
        count_bits: int = 0,
    ) -> None:
        """A table for keys of ``words`` words at offsets of ``keys``, holding at most
        ``entries`` positions and ``table_bytes`` of slots; ``key_bits``, the bits a key
        uses from the first of its words up (0: all of them), says whether its slots
        fold the hash into the key's last word; a key's count of tiles left is at bit
        ``count_shift`` of its last word, in ``count_bits`` bits (0: no count)."""
        self.keys = keys
        self.words = words
        used = key_bits - 64 * (words - 1)  # the bits of the last word that the key uses
        self.width = words
        self.keyed = not (key_bits > 0 and 0 < used <= 64 - FOLD_BITS and not composite)
        if self.keyed:
            self.low = M64
            self.mark = 0
        else:
            self.low = (ONE << used) - ONE
            self.mark = ONE << used
        self.entries = max(2, entries)
        fit = max(4, table_bytes // (8 * self.width))  # slots that fit, any number
        self.fit = min(fit, _slots_for(self.entries), MOST_SLOTS)
        self.slots = min(_slots_for(min(self.entries, TABLE_START)), self.fit)
        self._fresh(array("q", [0]))
        self._limit()
        self.filled = 0
        self.composite = composite
        self.count_shift = count_shift
        self.count_mask = (ONE << count_bits) - ONE
        self.log = zeros("Q", 1)
        self.logged = self.log_size = 0
        self.seen = 0

    @cython.cfunc
    @cython.nogil
    def room_for(self, more: cython.longlong) -> cython.bint:
        """Whether ``more`` positions fit (``full``)."""
        return self.filled + more <= self.full

    @cython.cfunc
    def _limit(self) -> cython.void:
        """``full``: half the slots while the table may grow; at its largest, seven
        eighths (``FULLEST_OF_8``: its probe runs grow longer, but a lookup reads them
        in a row, while a position forgotten costs its whole proof again)."""
        if self.can_grow():
            self.full = self.slots // 2
        else:
            self.full = min(self.entries, self.slots * FULLEST_OF_8 // 8)

    @cython.cfunc
    @cython.nogil
    def can_grow(self) -> cython.bint:
        return self._next() > self.slots

    @cython.cfunc
    @cython.nogil
    def _next(self) -> cython.longlong:
        """The slots the table grows to: twice as many while that leaves room for one
        more step, then as many as its memory holds (``fit``), as far as the old table
        and the new fit in half as much memory again (from at most half of ``fit``,
        ``fit`` itself).  A search does not depend on when its table grows (``step``),
        so the steps may differ with the memory."""
        if 4 * self.slots <= self.fit:
            return 2 * self.slots
        return min(self.fit, (3 * self.fit) // 2 - self.slots)

    @cython.cfunc
    @cython.nogil
    def home(self, h: cython.ulonglong) -> cython.ulonglong:
        """The first word of the home slot of hash h (read ahead by ``ClearCore._ahead``
        so that the lookups that follow find it in the cache)."""
        return self.table[_home(h, self.slots) * self.width]

    @cython.cfunc
    @cython.nogil
    def _first(self, key: cython.longlong, h: cython.ulonglong) -> cython.ulonglong:
        """The first word of the slot of the key at ``keys[key:]`` (hash h): the key's
        last word; folded, with the hash's bits above the key's and the lowest of them
        set, so never 0, its top 32 bits the hash's (the key's last word leaves at least
        ``FOLD_BITS`` bits unused)."""
        return ((h | self.mark) & ~self.low) | self.keys[key + self.words - 1]

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong, x=cython.ulonglong)
    def _used(self, table: cython.ulonglong[::1], at: cython.longlong) -> cython.bint:
        """Whether the slot at ``table[at:]`` holds a position: folded, its first word
        is not 0; keyed, not all of its words are (a key kept is never 0: its position
        has a tile left, a bit set or a count above 0)."""
        if not self.keyed:
            return table[at] != 0
        x = 0
        for w in range(self.width):
            x |= table[at + w]
        return x != 0

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong, h=cython.ulonglong)
    def _home_of(self, entry: cython.ulonglong[::1], at: cython.longlong) -> cython.longlong:
        """The home slot of the slot's worth at ``entry[at:]``: folded, from the hash's
        bits in its first word; keyed, from its key's hash (``_hash`` of the key's words
        in their order: the slot's words from its second on, then its first)."""
        if not self.keyed:
            return _home(entry[at], self.slots)
        h = SEED
        for w in range(1, self.width + 1):
            h = ((h ^ entry[at + w % self.width]) * MIX) & M64
            h ^= h >> 31
        return _home(h, self.slots)

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        S=cython.longlong,
        i=cython.longlong,
        stored=cython.ulonglong,
        first=cython.ulonglong,
        same=cython.bint,
        w=cython.longlong,
    )
    def slot(self, key: cython.longlong, h: cython.ulonglong) -> cython.longlong:
        """The slot of the key at ``keys[key:]`` (hash h): where it is, or the empty slot
        where it would go.  A slot is its first word (``_first``) and the key's words
        before its last, so that a lookup reads one place in memory."""
        S = self.width
        first = self._first(key, h)
        i = _home(h, self.slots)
        while True:
            stored = self.table[i * S]
            if stored == first:  # (an empty slot never matches: a key is never 0)
                same = True
                for w in range(1, S):
                    if self.table[i * S + w] != self.keys[key + w - 1]:
                        same = False
                        break
                if same:
                    return i
            if stored == 0 and not self._used(self.table, i * S):
                return i
            i += 1
            if i == self.slots:
                i = 0

    @cython.cfunc
    @cython.nogil
    def known(self, key: cython.longlong, h: cython.ulonglong) -> cython.bint:
        """Whether the key at ``keys[key:]`` (hash h) is a position proven dead."""
        return self._used(self.table, self.slot(key, h) * self.width)

    @cython.cfunc
    @cython.nogil
    @cython.locals(s=cython.longlong, w=cython.longlong)
    def remember(self, key: cython.longlong, h: cython.ulonglong) -> cython.void:
        """Put the key at ``keys[key:]`` in the table (the caller made room)."""
        s = self.slot(key, h) * self.width
        if self._used(self.table, s):
            return
        self.table[s] = self._first(key, h)
        for w in range(1, self.width):
            self.table[s + w] = self.keys[key + w - 1]
        self.filled += 1
        if self.logged < self.log_size:  # full: the others are not told of this one
            for w in range(self.width):
                self.log[self.logged * self.width + w] = self.table[s + w]
            self.logged += 1

    def start_log(self, size: int) -> None:
        """Keep the next ``size`` positions remembered for ``sent``."""
        self.log = zeros("Q", size * self.width)
        self.log_size = size
        self.logged = 0

    @cython.locals(out=cython.ulonglong[::1], n=cython.longlong, w=cython.longlong)
    def sent(self) -> array:  # type: ignore[type-arg]
        """The positions remembered since the last call (each a slot's worth, ``slot``),
        and the log emptied."""
        n = self.logged * self.width
        self.logged = 0
        if n == 0:
            return array("Q")
        got = zeros("Q", n)
        out = got
        for w in range(n):
            out[w] = self.log[w]
        return got

    @cython.locals(
        out=cython.ulonglong[::1],
        S=cython.longlong,
        s=cython.longlong,
        n=cython.longlong,
        w=cython.longlong,
    )
    def every(self) -> array:  # type: ignore[type-arg]
        """Every position in the table, as ``sent`` gives them."""
        S = self.width
        got = zeros("Q", self.filled * S)
        out = got
        n = 0
        for s in range(self.slots):
            if self._used(self.table, s * S) and n < self.filled:
                for w in range(S):
                    out[n * S + w] = self.table[s * S + w]
                n += 1
        return got[: n * S]

    @cython.locals(
        entries=cython.ulonglong[::1],
        S=cython.longlong,
        n=cython.longlong,
        k=cython.longlong,
        added=cython.longlong,
        first=cython.longlong,
        last=cython.longlong,
        seen=cython.ulonglong,
    )
    def receive(self, got: array, stop: cython.longlong[::1]) -> int:  # type: ignore[type-arg]
        """Put the positions another search of the same board proved dead (``sent``) in
        the table, as far as it has room (growing as it may, never thinning, and not
        at all once ``stop[0]`` is set while it grows); how many were new.  Sound: a
        position is dead whichever search proved it, and one not put in is only
        searched again."""
        S = self.width
        n = len(got) // S
        if n == 0:
            return 0
        entries = got
        added = 0
        while not self.room_for(n) and self.can_grow():
            if not self.grow(stop):
                return 0
        with cython.nogil:  # the other searches finish their slices meanwhile
            first = 0
            while first < n:
                last = min(n, first + ABSORB_BATCH)
                seen = 0
                for k in range(first, last):  # the home slots read together (``_ahead``)
                    seen ^= self.table[self._home_of(entries, k * S) * S]
                self.seen ^= seen
                for k in range(first, last):
                    if not self.room_for(1):
                        last = n  # full at its largest: the rest are left out
                        break
                    added += self._absorb(entries, k * S)
                first = last
        return added

    @cython.cfunc
    @cython.nogil
    @cython.locals(S=cython.longlong, i=cython.longlong, w=cython.longlong, same=cython.bint)
    def _absorb(self, entry: cython.ulonglong[::1], at: cython.longlong) -> cython.longlong:
        """``_place`` for a slot's worth that may be in the table already: 1 when it was
        put in, 0 when it was there."""
        S = self.width
        i = self._home_of(entry, at)
        while self._used(self.table, i * S):
            if self.table[i * S] == entry[at]:
                same = True
                for w in range(1, S):
                    if self.table[i * S + w] != entry[at + w]:
                        same = False
                        break
                if same:
                    return 0
            i += 1
            if i == self.slots:
                i = 0
        for w in range(S):
            self.table[i * S + w] = entry[at + w]
        self.filled += 1
        return 1

    @cython.cfunc
    @cython.nogil
    @cython.locals(S=cython.longlong, i=cython.longlong, w=cython.longlong)
    def _place(self, entry: cython.ulonglong[::1], at: cython.longlong) -> cython.void:
        """Put the slot's worth at ``entry[at:]`` (``slot``: a key known not to be in the
        table) in the first empty slot from its home slot (``_home_of``)."""
        S = self.width
        i = self._home_of(entry, at)
        while self._used(self.table, i * S):
            i += 1
            if i == self.slots:
                i = 0
        for w in range(S):
            self.table[i * S + w] = entry[at + w]

    @cython.locals(
        old=cython.ulonglong[::1],
        S=cython.longlong,
        slots=cython.longlong,
        s=cython.longlong,
        stopped=cython.bint,
    )
    def grow(self, stop: cython.longlong[::1]) -> bool:
        """Grow the table (``_next``), keeping what it holds: True; or False, with the
        table as it was, when ``stop[0]`` is set meanwhile (by another thread: a search
        told to stop does not first write and fill a table that may take a good part of a
        second)."""
        old = self.table
        S = self.width
        slots = self.slots
        self.slots = self._next()
        stopped = not self._fresh(stop)
        with cython.nogil:  # other searches of a portfolio run on meanwhile
            s = 0
            while s < slots and not stopped:
                if self._used(old, s * S):
                    self._place(old, s * S)
                s += 1
                if (s & STOP_LOOK) == 0 and stop[0] != 0:
                    stopped = True
        if stopped:
            self.table = old
            self.slots = slots
        self._limit()
        return not stopped

    def forget(self) -> None:
        """Forget every position (``Passes.forget``)."""
        self._fresh(array("q", [0]))
        self.filled = 0

    @cython.locals(n=cython.longlong, w=cython.longlong, stopped=cython.bint)
    def _fresh(self, stop: cython.longlong[::1]) -> bool:
        """An empty table of ``slots`` slots (``lazy_words``), each of its pages written
        once without the GIL, so that a portfolio's other searches run on meanwhile and
        a lookup never reads a page not yet written (the system would map a shared page of
        zeros, to be replaced at the first write); False, when ``stop[0]`` is set before
        every page is written (the table is then not to be used)."""
        n = self.slots * self.width
        self.table = lazy_words(n)
        w = 0
        stopped = False
        with cython.nogil:
            while w < n and not stopped:
                self.table[w] = 0
                w += PAGE_WORDS
                if (w & STOP_LOOK) == 0 and stop[0] != 0:
                    stopped = True
        return not stopped

    @cython.cfunc
    def _tiles(self, table: cython.ulonglong[::1], at: cython.longlong) -> cython.longlong:
        """The tiles left in the position of the slot at ``table[at:]``: the count its
        key keeps (in the slot's first word, the key's last; in ``outward`` and
        ``inward``, in the top bytes of its two words); 0 for a table told of no count."""
        if self.composite:  # the key's first word, then its last
            return cython.cast(cython.longlong, (table[at + 1] >> 56) | ((table[at] >> 56) << 8))
        return cython.cast(
            cython.longlong, ((table[at] & self.low) >> self.count_shift) & self.count_mask
        )

    @cython.locals(
        table=cython.ulonglong[::1],
        tally=cython.longlong[::1],
        entry=cython.ulonglong[::1],
        S=cython.longlong,
        k=cython.longlong,
        s=cython.longlong,
        w=cython.longlong,
        gap=cython.longlong,
        most=cython.longlong,
        cut=cython.longlong,
        keep=cython.longlong,
        n=cython.longlong,
    )
    def thin(self) -> None:
        """The table full at its largest: keep about half its positions, those with the
        most tiles left (the nearer the first position, the more work its proof stood
        for), and forget the rest, which are only searched again if met again.

        In place, without a second table: the positions forgotten are emptied, then every
        one kept is taken out and put back from its home slot, in slot order from just
        after a slot that was empty before (no probe run crosses it, so a run's start
        comes before its entries in that order, and an entry put back lands at or before
        where it stood, among entries already put back)."""
        table = self.table
        S = self.width
        most = (1 << 16) - 1 if self.composite else self.count_mask
        tally = zeros("q", most + 1)
        gap = -1
        for s in range(self.slots):
            if self._used(table, s * S):
                tally[self._tiles(table, s * S)] += 1
            elif gap < 0:
                gap = s
        keep = self.filled // 2
        cut = most  # keep every position with more tiles than cut, and ``keep`` at cut
        while cut > 0 and keep >= tally[cut]:
            keep -= tally[cut]
            cut -= 1
        self.filled = 0
        for s in range(self.slots):
            if not self._used(table, s * S):
                continue
            n = self._tiles(table, s * S)
            if n > cut or (n == cut and keep > 0):
                if n == cut:
                    keep -= 1
                self.filled += 1
            else:
                for w in range(S):
                    table[s * S + w] = 0
        entry = zeros("Q", S)
        for k in range(1, self.slots + 1):
            s = (gap + k) % self.slots
            if not self._used(table, s * S):
                continue
            for w in range(S):
                entry[w] = table[s * S + w]
                table[s * S + w] = 0
            self._place(entry, 0)


@cython.final
@cython.cclass
@cython.final
@cython.cclass
class Board:
    """The board at every level of the search (level d: the board after d moves), and
    the rules on it: the link rule (``_links``), a cell set with its row's and column's
    bits (``_put``), a level made from the one before (``_copy``), and a line of a mode
    of fixed lines falling (``_fall``).  The board is the padded grid of
    ``position.Position`` (walls -1, empty 0, types 1..T < 255)."""

    width: cython.longlong  # of the padded grid (the ring, and a border that stops paths)
    grid_size: cython.longlong  # the padded grid's cells
    height: cython.longlong
    longest: cython.longlong  # the longest line's cells
    turns: cython.longlong  # the most turns a link may make
    gravity_on: cython.bint
    grids: cython.short[::1]  # level d's grid at ``d * grid_size``
    rowbits: cython.ulonglong[::1]  # which cells of each row hold something
    colbits: cython.ulonglong[::1]  # and of each column
    reach: cython.ulonglong[::1]  # ``_reached``'s rows of bits
    lines: cython.longlong[::1]  # each cell's line, from the end its tiles fall toward
    beyond_of: cython.longlong[::1]  # the next cell of a cell's line, away from its end
    slid: cython.longlong[::1]  # the slides of the last ``_fall``: (from, to) pairs

    def __init__(
        self,
        grid: list[int],
        W: int,
        levels: int,
        line_cells: list[list[int]],
        falls_alone: bool,
        gravity_on: bool,
        max_turns: int,
    ) -> None:
        """``levels`` boards of the padded grid's shape, the first ``grid``;
        ``line_cells``: the cells of each line from the end its tiles fall toward, which
        ``_fall`` slides when ``falls_alone`` (a mode of fixed lines)."""
        N = len(grid)
        self.width, self.grid_size, self.height = W, N, N // W
        self.longest = longest = max(len(line) for line in line_cells)
        self.turns = min(max_turns, N)  # a layer of turns adds a cell, or none ever will
        self.gravity_on = gravity_on
        self.reach = zeros("Q", 3 * (N // W))
        self.grids = zeros("h", levels * N)
        for c, v in enumerate(grid):
            self.grids[c] = v
        self.rowbits = zeros("Q", levels * self.height)
        self.colbits = zeros("Q", levels * W)
        lines = array("q", [-1]) * (N * longest)
        beyond_of = array("q", [-1]) * N
        if falls_alone:
            for line in line_cells:
                for j, c in enumerate(line):
                    for i, other in enumerate(line):
                        lines[c * longest + i] = other
                    if j + 1 < len(line):
                        beyond_of[c] = line[j + 1]
        self.lines = lines
        self.beyond_of = beyond_of
        self.slid = zeros("q", 2 * longest)
        self._bits(0)

    @cython.cfunc
    @cython.nogil
    def _open(self, gd: cython.longlong, c: cython.longlong) -> cython.bint:
        """Whether the cell has an empty neighbour."""
        return (
            self.grids[gd + c - 1] == 0
            or self.grids[gd + c + 1] == 0
            or self.grids[gd + c - self.width] == 0
            or self.grids[gd + c + self.width] == 0
        )

    @cython.cfunc
    @cython.nogil
    @cython.locals(gd=cython.longlong, dist=cython.longlong)
    def _links(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.bint:
        """The link rule with at most ``turns`` turns at level d."""
        gd = d * self.grid_size
        dist = abs(a - b)
        # not neighbours: each tile needs an empty neighbour to start from
        if dist != 1 and dist != self.width and not (self._open(gd, a) and self._open(gd, b)):
            return False
        return self._linked(d, a, b)

    @cython.cfunc
    @cython.nogil
    def _linked(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.bint:
        """``_links`` without its first test: ``_joined`` for two turns, else
        ``_reached``."""
        if self.turns == 2:
            return self._joined(d, a, b)
        return self._reached(d, a, b)

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        H=cython.longlong,
        rd=cython.longlong,
        y=cython.longlong,
        i=cython.longlong,
        by=cython.longlong,
        target=cython.ulonglong,
        full=cython.ulonglong,
        row=cython.ulonglong,
        nxt=cython.ulonglong,
        grew=cython.bint,
    )
    def _reached(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.bint:
        """The link rule with any number of turns, by rows of bits: ``reach`` holds the
        cells a path from a reaches along a row (its first H words) and along a column
        (the next H) with at most i turns, and the empty cells with b (the last H).  A
        path with i + 1 turns ends in a stretch of row from a cell reached along a column
        with i turns, or a stretch of column from one reached along a row; a stretch runs
        through empty cells only, and b ends it."""
        H = self.height
        rd = d * H
        full = (ONE << self.width) - ONE if self.width < 64 else M64
        by = b // self.width
        target = ONE << (b % self.width)
        for y in range(H):
            self.reach[2 * H + y] = ~self.rowbits[rd + y] & full
            self.reach[y] = 0
            self.reach[H + y] = 0
        self.reach[2 * H + by] |= target
        self.reach[a // self.width] = ONE << (a % self.width)
        self.reach[H + a // self.width] = ONE << (a % self.width)
        for i in range(self.turns + 1):
            # along rows from what the columns reached, along columns from the rows
            if i > 0:
                grew = False
                for y in range(H):
                    row = self.reach[y] | self.reach[H + y]
                    grew = grew or row != self.reach[y] or row != self.reach[H + y]
                    self.reach[y] = row
                    self.reach[H + y] = row
                if not grew:  # both sets closed and equal: no more turns reach further
                    return False
            for y in range(H):
                row = self.reach[y]
                grew = True
                while grew:
                    nxt = (row | (((row << ONE) | (row >> ONE)) & self.reach[2 * H + y])) & full
                    grew = nxt != row
                    row = nxt
                self.reach[y] = row
            for y in range(1, H):
                self.reach[H + y] |= self.reach[H + y - 1] & self.reach[2 * H + y]
            for y in range(H - 2, -1, -1):
                self.reach[H + y] |= self.reach[H + y + 1] & self.reach[2 * H + y]
            if (self.reach[by] | self.reach[H + by]) & target:
                return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.locals(W=cython.longlong)
    def _joined(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.bint:
        """``_links`` without its first test (for neighbours, or tiles with an empty
        neighbour each): a row piece between the tiles' column stretches, or a column
        piece between their row stretches, with nothing on it (``rowbits``, ``colbits``:
        which cells of a row or column hold something, so a piece is tested at once)."""
        W = self.width
        if a % W != b % W and self._row_piece(d, a, b):
            return True
        return a // W != b // W and self._column_piece(d, a, b)

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        gd=cython.longlong,
        W=cython.longlong,
        ay=cython.longlong,
        ax=cython.longlong,
        by=cython.longlong,
        bx=cython.longlong,
        lo=cython.longlong,
        hi=cython.longlong,
        y=cython.longlong,
        between=cython.ulonglong,
    )
    def _row_piece(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.bint:
        """``_joined`` by a piece of row: the rows both tiles reach along their columns,
        one of them clear between the two columns."""
        W = self.width
        gd = d * self.grid_size
        ay = a // W
        ax = a % W
        by = b // W
        bx = b % W
        lo = ay
        while self.grids[gd + (lo - 1) * W + ax] == 0:
            lo -= 1
        hi = ay
        while self.grids[gd + (hi + 1) * W + ax] == 0:
            hi += 1
        y = by
        while y - 1 >= lo and self.grids[gd + (y - 1) * W + bx] == 0:
            y -= 1
        lo = max(lo, y)
        y = by
        while y + 1 <= hi and self.grids[gd + (y + 1) * W + bx] == 0:
            y += 1
        hi = min(hi, y)
        between = _between(ax, bx)
        for y in range(lo, hi + 1):
            if self.rowbits[d * self.height + y] & between == 0:
                return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        gd=cython.longlong,
        W=cython.longlong,
        ay=cython.longlong,
        ax=cython.longlong,
        by=cython.longlong,
        bx=cython.longlong,
        lo=cython.longlong,
        hi=cython.longlong,
        x=cython.longlong,
        between=cython.ulonglong,
    )
    def _column_piece(
        self, d: cython.longlong, a: cython.longlong, b: cython.longlong
    ) -> cython.bint:
        """``_joined`` by a piece of column: the columns both tiles reach along their
        rows, one of them clear between the two rows."""
        W = self.width
        gd = d * self.grid_size
        ay = a // W
        ax = a % W
        by = b // W
        bx = b % W
        lo = ax
        while self.grids[gd + ay * W + lo - 1] == 0:
            lo -= 1
        hi = ax
        while self.grids[gd + ay * W + hi + 1] == 0:
            hi += 1
        x = bx
        while x - 1 >= lo and self.grids[gd + by * W + x - 1] == 0:
            x -= 1
        lo = max(lo, x)
        x = bx
        while x + 1 <= hi and self.grids[gd + by * W + x + 1] == 0:
            x += 1
        hi = min(hi, x)
        between = _between(ay, by)
        for x in range(lo, hi + 1):
            if self.colbits[d * W + x] & between == 0:
                return True
        return False

    @cython.cfunc
    @cython.nogil
    @cython.locals(y=cython.longlong, x=cython.longlong)
    def _put(self, d: cython.longlong, c: cython.longlong, v: cython.longlong) -> cython.void:
        """Set a cell at level d, keeping its row's and column's bits up to date."""
        self.grids[d * self.grid_size + c] = v
        y = c // self.width
        x = c % self.width
        if v != 0:
            self.rowbits[d * self.height + y] |= ONE << x
            self.colbits[d * self.width + x] |= ONE << y
        else:
            self.rowbits[d * self.height + y] &= ~(ONE << x)
            self.colbits[d * self.width + x] &= ~(ONE << y)

    @cython.cfunc
    @cython.nogil
    @cython.locals(c=cython.longlong)
    def _bits(self, d: cython.longlong) -> cython.void:
        """The row and column bits of the grid at level d."""
        for c in range(self.height):
            self.rowbits[d * self.height + c] = 0
        for c in range(self.width):
            self.colbits[d * self.width + c] = 0
        for c in range(self.grid_size):
            if self.grids[d * self.grid_size + c] != 0:
                self._put(d, c, self.grids[d * self.grid_size + c])

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        row=cython.longlong,
        write=cython.longlong,
        i=cython.longlong,
        c=cython.longlong,
        gd=cython.longlong,
        to=cython.longlong,
        n=cython.longlong,
    )
    def _fall(self, d: cython.longlong, cell: cython.longlong) -> cython.longlong:
        """Let the line of ``cell`` fall at level d (``lines``: the cells of each cell's
        line from the end its tiles fall toward, -1 after the last); the tiles that slid,
        each one's cell before and after in ``slid``."""
        row = cell * self.longest
        gd = d * self.grid_size
        write = 0
        n = 0
        for i in range(self.longest):
            c = self.lines[row + i]
            if c < 0:
                break
            if self.grids[gd + c] != 0:
                if i != write:
                    to = self.lines[row + write]
                    self.slid[2 * n] = c
                    self.slid[2 * n + 1] = to
                    n += 1
                    self._put(d, to, self.grids[gd + c])
                    self._put(d, c, 0)
                write += 1
        return n

    @cython.cfunc
    @cython.nogil
    @cython.locals(n=cython.longlong, c=cython.longlong)
    def _beyond(self, gd: cython.longlong, cell: cython.longlong) -> cython.longlong:
        """In a mode of fixed lines: the tiles beyond ``cell`` in its line (those that
        fall when it goes)."""
        n = 0
        if self.gravity_on:
            c = self.beyond_of[cell]
            while c >= 0 and self.grids[gd + c] > 0:
                n += 1
                c = self.beyond_of[c]
        return n

    @cython.cfunc
    @cython.nogil
    @cython.locals(nd=cython.longlong, c=cython.longlong)
    def _copy(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.void:
        """Level d's board at level d + 1 without the tiles at a and b (before any tile
        slides)."""
        nd = d + 1
        for c in range(self.grid_size):
            self.grids[nd * self.grid_size + c] = self.grids[d * self.grid_size + c]
        for c in range(self.height):
            self.rowbits[nd * self.height + c] = self.rowbits[d * self.height + c]
        for c in range(self.width):
            self.colbits[nd * self.width + c] = self.colbits[d * self.width + c]
        self._put(nd, a, 0)
        self._put(nd, b, 0)


@cython.final
@cython.cclass
class Lines:
    """The modes of fixed lines (and no gravity, whose lines are the rows): a position's
    key, each line as a subsequence of its original tiles (``_part``), found for a move
    from its parent's before the move is made (``look_ahead``, ``key_after``); and which
    types of tile a move can have given new links (``changed``), so that a position's
    moves are found from its parent's."""

    width: cython.longlong
    grid_size: cython.longlong
    line_count: cython.longlong
    longest: cython.longlong
    words: cython.longlong  # a position's key
    bits: cython.longlong  # and the bits of it that it uses, from its first word up
    # a key ends with the count of its tiles left, in its last word: at this bit of it,
    # in so many bits
    count_shift: cython.longlong
    count_bits: cython.longlong
    types: cython.longlong
    gravity_on: cython.bint
    grids: cython.short[::1]  # the board's (``Board.grids``)
    keys: cython.ulonglong[::1]  # the search's (``ClearCore.keys``)
    line_cells: cython.longlong[::1]  # each line's cells, from the end tiles fall toward
    line_of: cython.longlong[::1]
    beyond_of: cython.longlong[::1]  # the board's (``Board.beyond_of``)
    original: cython.short[::1]  # each line's tiles at the start, packed; 0 after
    # the bit of a line's part of a key for each of its tiles at the start (with gravity,
    # by their place among the line's tiles; without, by their cell), 0 for the last tile
    # of each type, whose bit the others' give (``_tile_bits``)
    bit_of: cython.ulonglong[::1]
    offsets: cython.longlong[::1]  # where each line's part of a key starts, in bits
    lengths: cython.longlong[::1]  # and its bits
    ahead: cython.ulonglong[::1]  # each move's key parts and hash (``look_ahead``)
    # ``changed``: the types marked, the cells emptied, and the count of ``_across``
    dirty: cython.longlong[::1]
    vac: cython.longlong[::1]
    across: cython.longlong[::1]
    across_types: cython.longlong[::1]

    def __init__(
        self, board: Board, grid: list[int], line_cells: list[list[int]], types: int, room: int
    ) -> None:
        """The lines of ``board`` (``line_cells``, from the end tiles fall toward) and
        their tiles in ``grid``; ``room``: the moves of every level (``ahead``)."""
        W, N, longest = board.width, board.grid_size, board.longest
        self.width, self.grid_size, self.longest = W, N, longest
        self.line_count = L = len(line_cells)
        self.gravity_on = board.gravity_on
        self.types = types
        self.grids = board.grids
        self.beyond_of = board.beyond_of
        line_of = array("q", [-1]) * N
        cells_of = array("q", [-1]) * (L * longest)
        original = zeros("h", L * (longest + 1))
        for number, line in enumerate(line_cells):
            for j, c in enumerate(line):
                cells_of[number * longest + j] = c
                line_of[c] = number
            packed = [grid[c] for c in line if grid[c] > 0]
            for j, v in enumerate(packed):
                original[number * (longest + 1) + j] = v
        self.line_of, self.line_cells, self.original = line_of, cells_of, original
        self.bit_of, lengths = _tile_bits(grid, line_cells, longest, self.gravity_on)
        self.lengths = array("q", lengths)
        self.offsets = array("q", [sum(lengths[:i]) for i in range(L)])
        tiles = sum(1 for v in grid if v > 0)
        self.count_bits = max(1, tiles.bit_length())
        count_at = sum(lengths)  # the count after the lines' parts, within one word
        if count_at % 64 + self.count_bits > 64:
            count_at += 64 - count_at % 64
        self.count_shift = count_at % 64
        self.bits = count_at + self.count_bits
        self.words = (self.bits + 63) // 64
        self.keys = zeros("Q", 1)
        self.ahead = zeros("Q", room * 3)
        self.dirty = zeros("q", types + 1)
        self.vac = zeros("q", tiles + 2)
        self.across = zeros("q", types + 1)
        self.across_types = zeros("q", 2 * (W + N // W))

    # --- the keys ---------------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        bits=cython.ulonglong,
        j=cython.longlong,
        c=cython.longlong,
        p=cython.longlong,
        row=cython.longlong,
        orig=cython.longlong,
        gd=cython.longlong,
    )
    def _part(
        self, d: cython.longlong, line: cython.longlong, a: cython.longlong, b: cython.longlong
    ) -> cython.ulonglong:
        """One line's part of the key of level d, with the tiles at ``a`` and ``b`` taken
        off (-1: none).  Without gravity: which of its cells hold a tile.  With gravity
        (the line is packed toward its first cell): the tiles left as a subsequence of the
        line's original tiles, each matched to the first original tile of its type not
        yet used.  Each tile's bit is ``bit_of``'s (none for the last of its type)."""
        gd = d * self.grid_size
        row = line * self.longest
        orig = line * (self.longest + 1)
        bits = 0
        if not self.gravity_on:
            for j in range(self.longest):
                c = self.line_cells[row + j]
                if c < 0:
                    break
                if self.grids[gd + c] != 0 and c != a and c != b:
                    bits |= self.bit_of[orig + j]
            return bits
        p = 0
        for j in range(self.longest):
            c = self.line_cells[row + j]
            if c < 0 or self.grids[gd + c] == 0:
                break
            if c == a or c == b:
                continue
            while self.original[orig + p] != self.grids[gd + c]:
                p += 1
            bits |= self.bit_of[orig + p]
            p += 1
        return bits

    @cython.cfunc
    @cython.nogil
    def _set_part(
        self, key: cython.longlong, line: cython.longlong, part: cython.ulonglong
    ) -> cython.void:
        """Set one line's part of the key at ``keys[key:]``, a bit string with each line at
        its offset: a move changes one or two lines, so a key is its parent's with those
        set again."""
        _set_bits(self.keys, key, self.offsets[line], self.lengths[line], part)

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        w=cython.longlong,
        line=cython.longlong,
        j=cython.longlong,
        c=cython.longlong,
        n=cython.ulonglong,
    )
    def key_of(self, d: cython.longlong, key: cython.longlong) -> cython.ulonglong:
        """Level d's key from all its lines, into ``keys[key:]``, and its count of tiles
        left after them (``count_shift``); its hash."""
        for w in range(self.words):
            self.keys[key + w] = 0
        n = 0
        for line in range(self.line_count):
            self._set_part(key, line, self._part(d, line, -1, -1))
            for j in range(self.longest):
                c = self.line_cells[line * self.longest + j]
                if c < 0:
                    break
                if self.grids[d * self.grid_size + c] > 0:
                    n += 1
        self.keys[key + self.words - 1] |= n << self.count_shift
        return _hash(self.keys, key, self.words)

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong, la=cython.longlong, lb=cython.longlong)
    def look_ahead(
        self,
        d: cython.longlong,
        a: cython.longlong,
        b: cython.longlong,
        src: cython.longlong,
        dst: cython.longlong,
        at: cython.longlong,
    ) -> cython.ulonglong:
        """The key of the position the move (a, b) at level d makes (level d's key at
        ``keys[src:]`` with the one or two lines it changes set again, and two tiles
        fewer), into ``keys[dst:]``, and its line parts and hash into ``ahead[at:]``; the
        hash."""
        for w in range(self.words):
            self.keys[dst + w] = self.keys[src + w]
        self.keys[dst + self.words - 1] -= ONE << (self.count_shift + 1)
        la = self.line_of[a]
        lb = self.line_of[b]
        if la == lb:
            self.ahead[at] = self._part(d, la, a, b)
            self._set_part(dst, la, self.ahead[at])
        else:
            self.ahead[at] = self._part(d, la, a, -1)
            self.ahead[at + 1] = self._part(d, lb, b, -1)
            self._set_part(dst, la, self.ahead[at])
            self._set_part(dst, lb, self.ahead[at + 1])
        self.ahead[at + 2] = _hash(self.keys, dst, self.words)
        return self.ahead[at + 2]

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong, la=cython.longlong, lb=cython.longlong)
    def key_after(
        self,
        a: cython.longlong,
        b: cython.longlong,
        src: cython.longlong,
        dst: cython.longlong,
        at: cython.longlong,
    ) -> cython.ulonglong:
        """``look_ahead``'s key again, from its line parts at ``ahead[at:]``; its hash."""
        for w in range(self.words):
            self.keys[dst + w] = self.keys[src + w]
        self.keys[dst + self.words - 1] -= ONE << (self.count_shift + 1)
        la = self.line_of[a]
        lb = self.line_of[b]
        self._set_part(dst, la, self.ahead[at])
        if la != lb:
            self._set_part(dst, lb, self.ahead[at + 1])
        return self.ahead[at + 2]

    # --- the types a move can have given new links --------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.locals(t=cython.longlong, k=cython.longlong, nv=cython.longlong)
    def changed(
        self,
        gp: cython.longlong,
        gd: cython.longlong,
        a: cython.longlong,
        b: cython.longlong,
        path: cython.longlong[::1],
        before: cython.longlong,
        length: cython.longlong,
    ) -> cython.void:
        """Mark in ``dirty`` the types whose links the move (a, b) from the board at
        ``grids[gp:]`` to the one at ``grids[gd:]`` can have changed, the reductions'
        moves ``path[before:length]`` with it (``ClearCore._moves_after`` argues which):
        the move's own type, the types of the tiles that slid, and those of the tiles
        that can link anew through a cell it emptied (``_seen``)."""
        for t in range(self.types + 1):
            self.dirty[t] = 0
        self.dirty[self.grids[gp + a]] = 1
        if self.gravity_on:
            nv = self._fallen(gp, a, b)
        else:
            self.vac[0] = a
            self.vac[1] = b
            nv = 2
        for k in range(before, length):
            self.vac[nv] = path[2 * k]
            self.vac[nv + 1] = path[2 * k + 1]
            nv += 2
        for k in range(nv):
            self._seen(gd, self.vac[k])

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        c=cython.longlong, lo=cython.longlong, last=cython.longlong, prev=cython.longlong
    )
    def _fallen(
        self, gp: cython.longlong, a: cython.longlong, b: cython.longlong
    ) -> cython.longlong:
        """With gravity, at level d - 1 (``grids[gp:]``), before a and b go: marks the
        types of the tiles beyond them (those that slide), puts the cells left empty
        after (each line's last) in ``vac``; their number, 2."""
        if self.line_of[a] != self.line_of[b]:
            self.vac[0] = self._last_beyond(gp, a)
            self.vac[1] = self._last_beyond(gp, b)
            return 2
        c = self.beyond_of[a]  # one line: start from the tile nearer its start
        while c >= 0 and c != b and self.grids[gp + c] > 0:
            c = self.beyond_of[c]
        lo = a if c == b else b
        last = self._last_beyond(gp, lo)  # beyond lo: the other of the two
        prev = lo  # the tile before the last
        while self.beyond_of[prev] != last:
            prev = self.beyond_of[prev]
        self.vac[0] = last
        self.vac[1] = prev
        return 2

    @cython.cfunc
    @cython.nogil
    @cython.locals(c=cython.longlong, last=cython.longlong)
    def _last_beyond(self, gp: cython.longlong, r: cython.longlong) -> cython.longlong:
        """Marks the types of the tiles beyond r at ``grids[gp:]``; the last tile's cell
        of r's line."""
        last = r
        c = self.beyond_of[r]
        while c >= 0 and self.grids[gp + c] > 0:
            self.dirty[self.grids[gp + c]] = 1
            last = c
            c = self.beyond_of[c]
        return last

    @cython.cfunc
    @cython.nogil
    def _seen(self, gd: cython.longlong, v: cython.longlong) -> cython.void:
        """Marks the types of the tiles at level d that can link anew through the empty
        cell v (``_moves_after``): of the first tiles seen from v along its row and its
        column (a path's first or last piece through v), and the types with two tiles
        among the first tiles seen across from the other cells of v's empty stretch of
        row, or of column (a middle piece through v)."""
        self._seen_along(gd, v, 1, self.width)
        self._seen_along(gd, v, self.width, 1)

    @cython.cfunc
    @cython.nogil
    @cython.locals(lo=cython.longlong, hi=cython.longlong, c=cython.longlong, n=cython.longlong)
    def _seen_along(
        self,
        gd: cython.longlong,
        v: cython.longlong,
        step: cython.longlong,
        across: cython.longlong,
    ) -> cython.void:
        """``_seen`` for v's empty stretch in steps of ``step`` (1: its row, W: its
        column), looking across it in steps of ``across``."""
        lo = v
        while self.grids[gd + lo - step] == 0:
            lo -= step
        hi = v
        while self.grids[gd + hi + step] == 0:
            hi += step
        n = 0
        c = lo
        while c <= hi:
            if c == v:
                self._mark(gd, self._first(gd, c, -across))
                self._mark(gd, self._first(gd, c, across))
            else:
                n = self._across(gd, self._first(gd, c, -across), n)
                n = self._across(gd, self._first(gd, c, across), n)
            c += step
        self._forget_across(n)

    @cython.cfunc
    @cython.nogil
    @cython.locals(t=cython.longlong)
    def _across(
        self, gd: cython.longlong, c: cython.longlong, n: cython.longlong
    ) -> cython.longlong:
        """Counts the tile at c (if a tile) among those seen across one stretch, and marks
        its type when it is the second of its type; n: the types counted so far, listed in
        ``across_types``; their number after."""
        t = self.grids[gd + c]
        if t <= 0:
            return n
        self.across[t] += 1
        if self.across[t] == 1:
            self.across_types[n] = t
            return n + 1
        self.dirty[t] = 1
        return n

    @cython.cfunc
    @cython.nogil
    @cython.locals(k=cython.longlong)
    def _forget_across(self, n: cython.longlong) -> cython.void:
        """Sets the counts of ``_across`` back to 0."""
        for k in range(n):
            self.across[self.across_types[k]] = 0

    @cython.cfunc
    @cython.nogil
    def _first(
        self, gd: cython.longlong, c: cython.longlong, step: cython.longlong
    ) -> cython.longlong:
        """The first cell from c (not c) in steps of ``step`` that is not empty (a tile
        or a wall)."""
        c += step
        while self.grids[gd + c] == 0:
            c += step
        return c

    @cython.cfunc
    @cython.nogil
    def _mark(self, gd: cython.longlong, c: cython.longlong) -> cython.void:
        """Marks the type of the tile at c, if a tile."""
        if self.grids[gd + c] > 0:
            self.dirty[self.grids[gd + c]] = 1


@cython.final
@cython.cclass
class Passes:
    """``outward`` and ``inward``, whose tiles change lines: the mode's passes of lines
    run in turn until no tile moves (``settle_all``, ``settle_move``), and a position's
    key (``pack``), kept up to date as a move settles.

    A tile moves only along the lines of the passes, so it never leaves the cells that
    lines join to its own: the board splits into *parts* (in both modes its quarters, the
    halves of the rows crossed with the halves of the columns), and a part's tiles change
    only when a tile of that part goes.  A position is its parts' states, and a search
    meets few of them (16 x 9 ``inward`` board 132, proved dead in 1.06 million
    positions: 10,229 states of its four quarters in all).  So each part's state (its
    cells' types, ``cell_bits`` bits a cell, in ``wide``) is given a number the first
    time it is met (its *name*, ``_name``), and the key the table holds is the names of
    the parts, with the tiles left (``keys``): two words where the cells would take
    fifteen, and as exact, since equal names are equal states.  Names are never
    forgotten while the table holds a key that uses them; when their room is full at its
    largest, the table and the names are forgotten together (``forget``) and the stack's
    keys named again: forgetting dead positions only costs searching them again."""

    grid_size: cython.longlong
    n_passes: cython.longlong
    n_inner: cython.longlong
    words: cython.longlong  # a position's key in the table (``KEY_WORDS``)
    wide_words: cython.longlong  # a position's parts' states
    cell_bits: cython.longlong
    board: Board
    grids: cython.short[::1]  # the board's (``Board.grids``)
    keys: cython.ulonglong[::1]  # the search's (``ClearCore.keys``): the names
    wide: cython.ulonglong[::1]  # the parts' states at each of ``keys``' slots
    inner: cython.longlong[::1]
    cell_at: cython.longlong[::1]  # where each cell's field starts in ``wide``
    cells: cython.longlong[::1]  # each line of each pass, flat
    line_start: cython.longlong[::1]  # where each line starts in ``cells``
    pass_start: cython.longlong[::1]  # each pass's first line
    line_of: cython.longlong[::1]  # each cell's line in each pass
    marked: cython.longlong[::1]  # the lines to slide again
    # the parts and their names
    n_parts: cython.longlong
    part_of: cython.longlong[::1]  # each cell's part (-1: none)
    part_word: cython.longlong[::1]  # where each part's words start in a ``wide`` key
    dirty: cython.ulonglong  # the parts whose cells changed since ``_name_parts``
    names: cython.ulonglong[::1]  # open addressing: hash, id and part, the state's words
    name_words: cython.longlong  # a slot of ``names``
    name_slots: cython.longlong
    name_most: cython.longlong  # the slots it may grow to
    named: cython.longlong
    next_id: cython.longlong[::1]  # each part's next name

    def __init__(
        self,
        board: Board,
        inner: list[int],
        types: int,
        passes: list[list[list[int]]],
        levels: int = 1,
        table_bytes: int = TABLE_BYTES,
    ) -> None:
        """The ``passes`` of lines (``gravity.passes`` on the padded grid) of ``board``,
        whose ``inner`` cells make a key; none for a mode of fixed lines.  ``levels``:
        the stack's; the names may take an eighth of ``table_bytes``."""
        self.board = board
        self.grids = board.grids
        self.grid_size = N = board.grid_size
        flat: list[int] = []
        line_start = [0]
        pass_start = [0]
        for lines_of_pass in passes:
            for line in lines_of_pass:
                flat += line
                line_start.append(len(flat))
            pass_start.append(len(line_start) - 1)
        self.cells = array("q", flat or [0])
        self.line_start = array("q", line_start)
        self.pass_start = array("q", pass_start)
        self.n_passes = len(pass_start) - 1
        line_of = array("q", [-1]) * (max(self.n_passes, 1) * N)
        for p in range(self.n_passes):
            for ln in range(pass_start[p], pass_start[p + 1]):
                for k in range(line_start[ln], line_start[ln + 1]):
                    line_of[p * N + flat[k]] = ln
        self.line_of = line_of
        self.marked = zeros("q", len(line_start) - 1)
        self.cell_bits = max(1, types.bit_length())
        self.inner = array("q", inner)
        self.n_inner = len(inner)
        self._lay_keys(inner, _parts(inner, [list(line) for one in passes for line in one]))
        self.words = KEY_WORDS
        self.keys = zeros("Q", 1)
        self.wide = zeros("Q", max(1, levels * 2 * self.wide_words))
        # room for every name the stack's keys may need at once (``ClearCore._forget``);
        # none without parts
        fit = max(1, (table_bytes // 8) // (8 * self.name_words))
        stack = _slots_for((2 * levels + 2) * self.n_parts)
        self.name_most = max(1 << (fit.bit_length() - 1), stack) if self.n_parts else 1
        self.name_slots = min(NAME_START, self.name_most)
        self.names = zeros("Q", self.name_slots * self.name_words)
        self.named = 0
        self.next_id = zeros("q", max(1, self.n_parts))
        self.dirty = 0

    def _lay_keys(self, inner: list[int], part: dict[int, int]) -> None:
        """Each cell's field in a ``wide`` key: a part's cells (``part``) in words of
        their own, ``cell_bits`` bits a cell."""
        bits = self.cell_bits
        per_word = 64 // bits
        n_parts = max(part.values(), default=-1) + 1
        members: list[list[int]] = [[] for _ in range(n_parts)]
        for c in inner:
            if c in part:
                members[part[c]].append(c)
        cell_at = array("q", [-1]) * self.grid_size
        part_of = array("q", [-1]) * self.grid_size
        part_word = [0]
        for p, cells in enumerate(members):
            for j, c in enumerate(cells):
                cell_at[c] = (part_word[p] + j // per_word) * 64 + j % per_word * bits
                part_of[c] = p
            part_word.append(part_word[p] + (len(cells) + per_word - 1) // per_word)
        self.cell_at = cell_at
        self.part_of = part_of
        self.part_word = array("q", part_word)
        self.n_parts = n_parts
        self.wide_words = part_word[n_parts]
        widest = max((part_word[p + 1] - part_word[p] for p in range(n_parts)), default=0)
        self.name_words = 2 + widest

    @cython.cfunc
    @cython.nogil
    @cython.locals(ln=cython.longlong)
    def settle_all(self, d: cython.longlong) -> cython.void:
        """The mode's passes in turn at level d, each line's tiles slid to its start,
        again until no tile moves (``game.settle``): ``_slide_marked`` with every line
        marked."""
        for ln in range(self.pass_start[self.n_passes]):
            self.marked[ln] = 1
        self._slide_marked(d, -1, self.pass_start[self.n_passes])

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong, wk=cython.longlong, wp=cython.longlong)
    def settle_move(
        self,
        d: cython.longlong,
        a: cython.longlong,
        b: cython.longlong,
        key: cython.longlong,
        parent: cython.longlong,
    ) -> cython.ulonglong:
        """``settle_all`` at level d after the tiles at a and b went from the settled board
        whose key is at ``keys[parent:]``, the key at ``keys[key:]`` made from it; its
        hash.  The same board: on a settled board every line of every pass is packed, so
        only the lines through a and b are marked; and only the parts whose cells changed
        are named again."""
        wk = key // KEY_WORDS * self.wide_words
        wp = parent // KEY_WORDS * self.wide_words
        for w in range(self.wide_words):
            self.wide[wk + w] = self.wide[wp + w]
        self.keys[key] = self.keys[parent]
        self.keys[key + 1] = self.keys[parent + 1]
        self.dirty = 0
        self._set_cell(wk, a, 0)
        self._set_cell(wk, b, 0)
        self._slide_marked(d, wk, self._mark(a, -1) + self._mark(b, -1))
        self._name_parts(key, wk, _tiles_of(self.keys, key) - 2)
        return _hash(self.keys, key, KEY_WORDS)

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        w=cython.longlong,
        i=cython.longlong,
        gd=cython.longlong,
        v=cython.ulonglong,
        wk=cython.longlong,
        n=cython.longlong,
    )
    def pack(self, d: cython.longlong, key: cython.longlong) -> cython.ulonglong:
        """The key of level d's board into ``keys[key:]``: each part's state (each cell's
        type in ``cell_bits`` bits, 0: empty) into ``wide``, and named; its hash."""
        gd = d * self.grid_size
        wk = key // KEY_WORDS * self.wide_words
        for w in range(self.wide_words):
            self.wide[wk + w] = 0
        n = 0
        for i in range(self.n_inner):
            v = cython.cast(cython.ulonglong, self.grids[gd + self.inner[i]])
            _set_bits(self.wide, wk, self.cell_at[self.inner[i]], self.cell_bits, v)
            n += v != 0
        return self.rename(key, n)

    @cython.cfunc
    @cython.nogil
    def rename(self, key: cython.longlong, tiles: cython.longlong) -> cython.ulonglong:
        """Name every part of the key at ``keys[key:]`` afresh from its states, ``tiles``
        tiles in all (the words a board of fewer parts leaves unused are 0); its hash."""
        self.keys[key] = 0
        self.keys[key + 1] = 0
        self.dirty = (ONE << self.n_parts) - ONE
        self._name_parts(key, key // KEY_WORDS * self.wide_words, tiles)
        return _hash(self.keys, key, KEY_WORDS)

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong)
    def copy_key(self, key: cython.longlong, to: cython.longlong) -> cython.void:
        """The parts' states of the key at ``keys[key:]`` for the key at ``keys[to:]``
        (the caller copies the names)."""
        for w in range(self.wide_words):
            self.wide[to // KEY_WORDS * self.wide_words + w] = self.wide[
                key // KEY_WORDS * self.wide_words + w
            ]

    @cython.cfunc
    @cython.nogil
    @cython.locals(p=cython.longlong, w=cython.longlong, s=cython.longlong, name=cython.ulonglong)
    def _name_parts(
        self, key: cython.longlong, wk: cython.longlong, tiles: cython.longlong
    ) -> cython.void:
        """The key at ``keys[key:]``: the names of the ``dirty`` parts of the states at
        ``wide[wk:]`` put in their places (part p in word p // 2 at bit 28 (p % 2)), the
        others kept, and ``tiles`` in the top bytes of the two words."""
        for p in range(self.n_parts):
            if (self.dirty >> p) & ONE:
                name = cython.cast(cython.ulonglong, self._name(wk, p))
                w = key + p // 2
                s = 28 * (p % 2)
                self.keys[w] = (self.keys[w] & ~((ID_MASK << s) & M64)) | (name << s)
        self.keys[key] = (self.keys[key] & LOW_56) | (
            cython.cast(cython.ulonglong, tiles & 255) << 56
        )
        self.keys[key + 1] = (self.keys[key + 1] & LOW_56) | (
            cython.cast(cython.ulonglong, tiles >> 8) << 56
        )
        self.dirty = 0

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        off=cython.longlong,
        pw=cython.longlong,
        h=cython.ulonglong,
        i=cython.longlong,
        S=cython.longlong,
        w=cython.longlong,
        same=cython.bint,
        name=cython.longlong,
    )
    def _name(self, wk: cython.longlong, p: cython.longlong) -> cython.longlong:
        """The name of part p's state in the key at ``wide[wk:]``, a new one (the next
        of the part's) the first time the state is met (the caller made room)."""
        off = wk + self.part_word[p]
        pw = self.part_word[p + 1] - self.part_word[p]
        h = (_hash(self.wide, off, pw) ^ ((cython.cast(cython.ulonglong, p + 1) * MIX) & M64)) | ONE
        S = self.name_words
        i = _home(h, self.name_slots)
        while True:
            if self.names[i * S] == 0:
                break
            if (
                self.names[i * S] == h
                and cython.cast(cython.longlong, self.names[i * S + 1] >> 32) == p
            ):
                same = True
                for w in range(pw):
                    if self.names[i * S + 2 + w] != self.wide[off + w]:
                        same = False
                        break
                if same:
                    return cython.cast(cython.longlong, self.names[i * S + 1] & ID_MASK)
            i += 1
            if i == self.name_slots:
                i = 0
        name = self.next_id[p]
        self.next_id[p] = name + 1
        self.names[i * S] = h
        self.names[i * S + 1] = cython.cast(cython.ulonglong, name) | (
            cython.cast(cython.ulonglong, p) << 32
        )
        for w in range(pw):
            self.names[i * S + 2 + w] = self.wide[off + w]
        self.named += 1
        return name

    @cython.cfunc
    @cython.nogil
    def room_for_names(self) -> cython.bint:
        """Whether two keys' worth of new names fit: the names at most half full, and
        each part's names within their bits."""
        return self.named + 2 * self.n_parts <= self.name_slots // 2 and self._ids_left()

    @cython.cfunc
    @cython.nogil
    @cython.locals(p=cython.longlong)
    def _ids_left(self) -> cython.bint:
        """Whether every part has two keys' worth of names left within their bits."""
        for p in range(self.n_parts):
            if self.next_id[p] + 2 > cython.cast(cython.longlong, ID_MASK):
                return False
        return True

    @cython.locals(old=cython.ulonglong[::1], S=cython.longlong, s=cython.longlong)
    def grow_names(self) -> bool:
        """Double the names' room, keeping them; False when it is at its largest (or a
        part has used its names' bits), and then nothing changes."""
        S = self.name_words
        if self.name_slots >= self.name_most or not self._ids_left():
            return False
        old = self.names
        slots = self.name_slots
        self.name_slots = slots * 2
        self.names = zeros("Q", self.name_slots * S)
        for s in range(slots):
            if old[s * S] != 0:
                _put_slot(self.names, self.name_slots, S, old, s * S)
        return True

    def forget(self) -> None:
        """Forget every name (the caller forgets the keys that use them)."""
        self.names = zeros("Q", self.name_slots * self.name_words)
        self.named = 0
        self.next_id = zeros("q", max(1, self.n_parts))

    @cython.cfunc
    @cython.nogil
    @cython.locals(p=cython.longlong, ln=cython.longlong, n=cython.longlong)
    def _mark(self, c: cython.longlong, skip: cython.longlong) -> cython.longlong:
        """Mark the lines through cell c of every pass but ``skip`` to be slid again; how
        many were not marked before."""
        n = 0
        for p in range(self.n_passes):
            ln = self.line_of[p * self.grid_size + c]
            if p != skip and ln >= 0 and self.marked[ln] == 0:
                self.marked[ln] = 1
                n += 1
        return n

    @cython.cfunc
    @cython.nogil
    def _set_cell(
        self, key: cython.longlong, c: cython.longlong, v: cython.longlong
    ) -> cython.void:
        """Set cell c's type in the parts' states at ``wide[key:]`` (``pack``'s layout),
        its part marked ``dirty``."""
        self.dirty |= ONE << self.part_of[c]
        _set_bits(
            self.wide,
            key,
            self.cell_at[c],
            self.cell_bits,
            cython.cast(cython.ulonglong, v),
        )

    @cython.cfunc
    @cython.nogil
    @cython.locals(p=cython.longlong, ln=cython.longlong, pending=cython.longlong)
    def _slide_marked(
        self, d: cython.longlong, key: cython.longlong, pending: cython.longlong
    ) -> cython.void:
        """Slide the ``pending`` marked lines of level d to their starts, the passes taking
        turns, each slide marking the other passes' lines through the cells it changed,
        until no line is marked; with ``key`` >= 0, the key at ``keys[key:]`` kept up to
        date.  A line's tiles move only when a cell of it changed since the line was last
        packed, and packing a packed line moves nothing, so when every line left unmarked
        is packed this is the board that sweeping every line until no tile moves gives."""
        p = 0
        while pending > 0:
            for ln in range(self.pass_start[p], self.pass_start[p + 1]):
                if self.marked[ln] != 0:
                    self.marked[ln] = 0
                    pending += self._slide(d, key, p, ln) - 1
            p = (p + 1) % self.n_passes

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        k=cython.longlong,
        write=cython.longlong,
        c=cython.longlong,
        to=cython.longlong,
        v=cython.longlong,
        gd=cython.longlong,
        n=cython.longlong,
    )
    def _slide(
        self, d: cython.longlong, key: cython.longlong, p: cython.longlong, ln: cython.longlong
    ) -> cython.longlong:
        """Slide line ``ln`` of pass p at level d to its start (``_slide_marked``); the
        lines of other passes it marked."""
        gd = d * self.grid_size
        n = 0
        write = self.line_start[ln]
        for k in range(self.line_start[ln], self.line_start[ln + 1]):
            c = self.cells[k]
            v = self.grids[gd + c]
            if v != 0:
                if k != write:
                    to = self.cells[write]
                    self.board._put(d, to, v)
                    self.board._put(d, c, 0)
                    if key >= 0:
                        self._set_cell(key, to, v)
                        self._set_cell(key, c, 0)
                    n += self._mark(to, p) + self._mark(c, p)
                write += 1
        return n


@cython.final
@cython.cclass
class ClearCore:
    """One search of a padded grid, run in slices (``step``): the board at each level
    (``Board``), the keys of its positions (``Lines``, or ``Passes`` in ``outward`` and
    ``inward``), the table of dead positions (``DeadPositions``), and here the stack.

    Level d of the stack: the keys of the position the move made and of the position
    after the reductions (``keys``), their hashes, the tiles of each type (``count``,
    ``cells``), its moves and the next one to try, and where its moves start in
    ``path``."""

    types: cython.longlong
    most_copies: cython.longlong  # the most tiles of one type
    pair_room: cython.longlong  # room for a level's moves: every pair of like tiles, and one
    words: cython.longlong  # a position's key
    grid_size: cython.longlong
    n_inner: cython.longlong
    gravity_on: cython.bint
    composite: cython.bint  # a mode of repeated passes (``Passes``)
    alone_work: cython.longlong
    alone_left: cython.longlong  # the pairs ``_clear_alone`` may still test
    # where the search stands
    depth: cython.longlong
    status: cython.longlong
    path_len: cython.longlong
    enter: cython.bint
    nodes_done: cython.longlong
    ran: cython.longlong  # the positions entered in the last ``_run``
    order: cython.longlong
    seed: cython.ulonglong
    hits: cython.longlong
    forced_moves: cython.longlong
    changed: cython.bint  # the first level was played on or loaded: a board, no search
    follow: cython.bint  # moves found from the parent's (``_moves_after``, ``_moves_settled``)
    checking: cython.bint  # ``check_moves``
    checked: cython.longlong
    mismatches: cython.longlong
    touched: cython.ulonglong
    # the parts
    boards: Board  # the board at every level
    lines: Lines
    passes: Passes
    dead: DeadPositions
    grids: cython.short[::1]  # the board's (``Board.grids``), read here
    beyond_of: cython.longlong[::1]  # the board's
    inner: cython.longlong[::1]
    # the stack
    keys: cython.ulonglong[::1]
    hashed: cython.ulonglong[::1]
    moves: cython.longlong[::1]
    mcount: cython.longlong[::1]
    mnext: cython.longlong[::1]
    base: cython.longlong[::1]
    path: cython.longlong[::1]
    count: cython.short[::1]  # each level's tiles of each type, from ``count_at``
    cells: cython.short[::1]  # and their cells, from ``cells_at`` (``_collect``, ``_inherit``)
    count_at: cython.longlong  # where the level being entered keeps its ``count``
    cells_at: cython.longlong  # and its ``cells``
    scratch: cython.longlong[::1]
    control: cython.longlong[::1]
    asleep: cython.longlong[::1]  # each move's: whether it sleeps (``_moves_after``)
    sleeping: cython.bint  # whether moves sleep at all (``use_sleep``)
    slept: cython.longlong  # the moves not tried because they slept
    forgets: cython.longlong  # the times ``_forget`` forgot the names and the table

    def __init__(
        self,
        grid: list[int],
        W: int,
        types: int,
        family: str,
        line_cells: list[list[int]],
        alone_work: int,
        entries: int = TABLE_ENTRIES,
        passes: list[list[list[int]]] | None = None,
        max_turns: int = 2,
        table_bytes: int = TABLE_BYTES,
    ) -> None:
        """A search of the padded grid (``Position.grid``, which the core settles first);
        ``line_cells``: the cells of each line of the inner board (at most 64), from the
        side tiles fall toward (``Position.lines``, which without gravity are the rows);
        ``family``: the mode's family (``gravity.family``: no lines, fixed lines, or
        repeated passes); for repeated passes (``outward``, ``inward``), whose tiles change
        lines, ``passes`` gives the mode's passes of lines (``gravity.passes`` on the padded
        grid) and ``line_cells`` the rows; ``alone_work``: the pairs a type's clearing by itself
        may try before giving up; ``max_turns``: the most turns a link may make; the table
        of dead positions holds at most ``entries`` and ``table_bytes`` of slots."""
        _check_shape(len(grid), W, family, line_cells, passes, max_turns)
        composite = family == REPEATED_PASSES
        inner = sorted(c for line in line_cells for c in line)
        tiles = sum(1 for c in inner if grid[c] > 0)
        levels = tiles // 2 + 2  # one a move made (at most half the tiles), and two
        self.types, self.grid_size, self.composite = types, len(grid), composite
        self.gravity_on = family != NO_LINES
        self.alone_work = alone_work
        self._lay_stack(grid, inner, tiles, levels)
        self._lay_parts(grid, W, line_cells, inner, levels, passes, max_turns, entries, table_bytes)
        self.follow = self.boards.turns <= 2
        self.checking = False
        self.checked = self.mismatches = 0
        self.control = array("q", [0, -1])
        self.depth = -1
        self.status = _RUNNING
        self.path_len = 0
        self.enter = False
        self.order = ORDER_SHIFT
        self.seed = 0
        self.nodes_done = self.hits = self.forced_moves = 0
        self.changed = False
        self.touched = 0
        self.sleeping = True
        self.slept = 0
        self.forgets = 0
        self._settle_first(line_cells)

    def _lay_parts(
        self,
        grid: list[int],
        W: int,
        line_cells: list[list[int]],
        inner: list[int],
        levels: int,
        passes: list[list[list[int]]] | None,
        max_turns: int,
        entries: int,
        table_bytes: int,
    ) -> None:
        """The parts: the boards of every level, the keys of the mode's family (each part
        holding the buffers it reads: the boards' grids, the stack's keys) and the table."""
        composite = self.composite
        self.boards = Board(
            grid,
            W,
            levels,
            line_cells,
            self.gravity_on and not composite,
            self.gravity_on,
            max_turns,
        )
        self.grids = self.boards.grids
        self.beyond_of = self.boards.beyond_of
        self.lines = Lines(self.boards, grid, line_cells, self.types, levels * self.pair_room)
        self.passes = Passes(
            self.boards,
            inner,
            self.types,
            passes if composite and passes else [],
            levels if composite else 1,
            table_bytes,
        )
        self.words = self.passes.words if composite else self.lines.words
        self.keys = zeros("Q", levels * 2 * self.words)
        self.lines.keys = self.passes.keys = self.keys
        self.dead = DeadPositions(
            self.keys,
            self.words,
            entries,
            composite,
            table_bytes,
            0 if composite else self.lines.bits,
            self.lines.count_shift,
            0 if composite else self.lines.count_bits,
        )

    def _lay_stack(self, grid: list[int], inner: list[int], tiles: int, levels: int) -> None:
        """The stack's levels: each one's hashes, moves, and tiles of each type; and the
        scratch of a type's tiles (``ROW`` columns)."""
        types = self.types
        copies = [0] * (types + 1)
        for c in inner:
            if grid[c] > 0:
                copies[grid[c]] += 1
        most = max(copies) if copies else 0
        pairs = sum(c * (c - 1) // 2 for c in copies) + 1
        self.most_copies = max(most, 1)
        self.pair_room = pairs
        self.inner = array("q", inner)
        self.n_inner = len(inner)
        self.hashed = zeros("Q", levels * 2)
        self.moves = zeros("q", levels * pairs * 3)
        self.mcount = zeros("q", levels)
        self.mnext = zeros("q", levels)
        self.base = zeros("q", levels)
        self.path = zeros("q", (tiles // 2 + 1) * 2)
        self.count = zeros("h", levels * (types + 1))  # a cell and a count fit in 16 bits
        self.cells = zeros("h", levels * (types + 1) * self.most_copies)
        self.count_at = self.cells_at = 0
        self.scratch = zeros("q", (most + 1) * ROW)
        self.asleep = zeros("q", levels * pairs)

    def _settle_first(self, line_cells: list[list[int]]) -> None:
        """Settle the board as given (the first level) by the core's own slides: each
        line falls, or in repeated passes every pass again until no tile moves.  A
        settled board is left as it is, so a caller need not settle it first."""
        if self.composite:
            self.passes.settle_all(0)
        elif self.gravity_on:
            for line in line_cells:
                self.boards._fall(0, line[0])

    # --- each level's tiles of each type ----------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        t=cython.longlong,
        i=cython.longlong,
        c=cython.longlong,
        total=cython.longlong,
        gd=cython.longlong,
        counts=cython.longlong,
        places=cython.longlong,
    )
    def _collect(self, d: cython.longlong, into: cython.longlong) -> cython.longlong:
        """The cells of each type at level d in row-major order, into level ``into``'s
        place in ``count`` and ``cells``; the number of tiles."""
        gd = d * self.grid_size
        counts = into * (self.types + 1)
        places = counts * self.most_copies
        for t in range(self.types + 1):
            self.count[counts + t] = 0
        total = 0
        for i in range(self.n_inner):
            c = self.inner[i]
            t = self.grids[gd + c]
            if t > 0:
                self.cells[places + t * self.most_copies + self.count[counts + t]] = c
                self.count[counts + t] += 1
                total += 1
        return total

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        k=cython.longlong,
        src=cython.longlong,
        n=cython.longlong,
        t=cython.longlong,
        cells=cython.short[::1],
    )
    def _inherit(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.void:
        """In a mode of fixed lines, as the move (a, b) is made at level d: level d + 1's
        cells of each type (what ``_collect`` would find) start as level d's without a and
        b, and ``_moved`` moves the tiles that slide.  Scanning every cell had been a
        seventh of the search's time."""
        self.count_at = (d + 1) * (self.types + 1)
        self.cells_at = self.count_at * self.most_copies
        for k in range(self.types + 1):
            self.count[self.count_at + k] = self.count[d * (self.types + 1) + k]
        cells = self.cells  # a local view, so that the copy runs as one
        n = (self.types + 1) * self.most_copies
        src = d * n
        for k in range(n):
            cells[self.cells_at + k] = cells[src + k]
        t = self.grids[d * self.grid_size + a]
        self._drop(t, a)
        self._drop(t, b)

    @cython.cfunc
    @cython.nogil
    @cython.locals(at=cython.longlong, n=cython.longlong, k=cython.longlong)
    def _drop(self, t: cython.longlong, c: cython.longlong) -> cython.void:
        """Take the cell c out of type t's cells (``_inherit``)."""
        at = self.cells_at + t * self.most_copies
        n = self.count[self.count_at + t]
        k = 0
        while self.cells[at + k] != c:
            k += 1
        while k + 1 < n:
            self.cells[at + k] = self.cells[at + k + 1]
            k += 1
        self.count[self.count_at + t] = n - 1

    @cython.cfunc
    @cython.nogil
    @cython.locals(at=cython.longlong, n=cython.longlong, k=cython.longlong, x=cython.longlong)
    def _moved(self, t: cython.longlong, c: cython.longlong, to: cython.longlong) -> cython.void:
        """A tile of type t slid from cell c to cell ``to`` (``Board._fall``): one of the
        type's cells c becomes ``to``, moved to its place in row-major order.  (Where two
        tiles of a type slide, one may be given the other's new cell first: the cells
        listed come out the same.)"""
        at = self.cells_at + t * self.most_copies
        n = self.count[self.count_at + t]
        k = 0
        while self.cells[at + k] != c:
            k += 1
        self.cells[at + k] = to
        while k > 0 and self.cells[at + k - 1] > to:
            x = self.cells[at + k - 1]
            self.cells[at + k - 1] = to
            self.cells[at + k] = x
            k -= 1
        while k + 1 < n and self.cells[at + k + 1] < to:
            x = self.cells[at + k + 1]
            self.cells[at + k + 1] = to
            self.cells[at + k] = x
            k += 1

    # --- the reductions ---------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.locals(m=cython.longlong, level=cython.longlong, at=cython.longlong, found=cython.int)
    def _clear_alone(
        self, d: cython.longlong, t: cython.longlong, k: cython.longlong
    ) -> cython.bint:
        """For tiles on top (whose removal moves nothing): moves of type t alone that
        clear its k tiles, the first in the search's order, into ``scratch`` (PAIR_A and
        PAIR_B of row m: the m-th pair; TRIED_I, TRIED_J and LEFT are its own: the pair
        tried at each level, and which tiles are left).  It gives up after
        ``alone_work`` pairs tested.  The board is left as it was."""
        at = self.cells_at + t * self.most_copies
        if k == 2:
            self.scratch[PAIR_A] = self.cells[at]
            self.scratch[PAIR_B] = self.cells[at + 1]
            return self.boards._links(d, self.cells[at], self.cells[at + 1])
        for m in range(k):
            self.scratch[m * ROW + LEFT] = 1
        level = 0
        self.scratch[TRIED_I] = 0
        self.scratch[TRIED_J] = 0
        self.alone_left = self.alone_work
        while True:
            found = self._next_pair(d, at, k, level)
            if found < 0:  # gives up: the tiles go back
                self._put_back(d, at, k, t)
                return False
            if found:
                self._take_pair(d, at, level, 0)
                level += 1
                if 2 * level == k:
                    for m in range(level):
                        self.scratch[m * ROW + PAIR_A] = self.cells[
                            at + self.scratch[m * ROW + TRIED_I]
                        ]
                        self.scratch[m * ROW + PAIR_B] = self.cells[
                            at + self.scratch[m * ROW + TRIED_J]
                        ]
                    self._put_back(d, at, k, t)  # the caller removes them
                    return True
                self.scratch[level * ROW + TRIED_I] = 0
                self.scratch[level * ROW + TRIED_J] = 0
            else:
                if level == 0:
                    return False
                level -= 1
                self._take_pair(d, at, level, t)

    @cython.cfunc
    @cython.nogil
    @cython.locals(i=cython.longlong, j=cython.longlong)
    def _next_pair(
        self, d: cython.longlong, at: cython.longlong, k: cython.longlong, level: cython.longlong
    ) -> cython.int:
        """``_clear_alone``'s next linked pair of the tiles left at its ``level``, after
        the pair it tried there last, into that level's TRIED_I and TRIED_J: 1, or 0
        when there is none, or -1 when the pairs it may test ran out."""
        i = self.scratch[level * ROW + TRIED_I]
        j = self.scratch[level * ROW + TRIED_J] + 1
        while i < k:
            if self.scratch[i * ROW + LEFT]:
                while j < k:
                    if self.scratch[j * ROW + LEFT]:
                        self.alone_left -= 1
                        if self.alone_left < 0:
                            return -1
                        if self.boards._links(d, self.cells[at + i], self.cells[at + j]):
                            self.scratch[level * ROW + TRIED_I] = i
                            self.scratch[level * ROW + TRIED_J] = j
                            return 1
                    j += 1
            i += 1
            j = i + 1
        return 0

    @cython.cfunc
    @cython.nogil
    @cython.locals(i=cython.longlong, j=cython.longlong)
    def _take_pair(
        self, d: cython.longlong, at: cython.longlong, level: cython.longlong, t: cython.longlong
    ) -> cython.void:
        """The pair ``_clear_alone`` tried at ``level`` taken off the board (t 0), or put
        back (t its type)."""
        i = self.scratch[level * ROW + TRIED_I]
        j = self.scratch[level * ROW + TRIED_J]
        self.scratch[i * ROW + LEFT] = t != 0
        self.scratch[j * ROW + LEFT] = t != 0
        self.boards._put(d, self.cells[at + i], t)
        self.boards._put(d, self.cells[at + j], t)

    @cython.cfunc
    @cython.nogil
    @cython.locals(m=cython.longlong)
    def _put_back(
        self, d: cython.longlong, at: cython.longlong, k: cython.longlong, t: cython.longlong
    ) -> cython.void:
        """Every one of type t's k tiles back on the board."""
        for m in range(k):
            self.boards._put(d, self.cells[at + m], t)

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        changed=cython.bint,
        t=cython.longlong,
        k=cython.longlong,
        m=cython.longlong,
        a=cython.longlong,
        b=cython.longlong,
    )
    def _reduce(self, d: cython.longlong, length: cython.longlong) -> cython.longlong:
        """The reductions: every type whose tiles all lie on top (without gravity:
        every type) and that its own moves clear goes, until none does (its moves are
        appended to ``path``); the new length of the path.  Level d's ``count`` and
        ``cells`` (found by the caller) are left those of what remains: a type cleared
        drops its own, and removing tiles on top moves no other tile."""
        changed = True
        while changed:
            changed = False
            for t in range(1, self.types + 1):
                k = self.count[self.count_at + t]
                if k == 0 or not self._on_top(d, t, k) or not self._clear_alone(d, t, k):
                    continue
                for m in range(k // 2):
                    a = self.scratch[m * ROW + PAIR_A]
                    b = self.scratch[m * ROW + PAIR_B]
                    self.path[2 * length] = a
                    self.path[2 * length + 1] = b
                    length += 1
                    self.boards._put(d, a, 0)
                    self.boards._put(d, b, 0)
                    self.forced_moves += 1
                self.count[self.count_at + t] = 0
                changed = True
        return length

    @cython.cfunc
    @cython.nogil
    @cython.locals(m=cython.longlong, c=cython.longlong, gd=cython.longlong)
    def _on_top(self, d: cython.longlong, t: cython.longlong, k: cython.longlong) -> cython.bint:
        """Whether type t's k tiles at level d all lie on top: no tile beyond any of them
        in its line (without gravity every tile; in repeated passes a removal can move
        any tile, so none)."""
        if self.composite:
            return False
        if not self.gravity_on:
            return True
        gd = d * self.grid_size
        for m in range(k):
            c = self.beyond_of[self.cells[self.cells_at + t * self.most_copies + m]]
            if c >= 0 and self.grids[gd + c] > 0:
                return False
        return True

    # --- the moves ---------------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.locals(m=cython.longlong, t=cython.longlong)
    def _moves(self, d: cython.longlong, out: cython.longlong) -> cython.longlong:
        """The moves at level d, every linked pair, into ``moves[out:]`` sorted by ``_key``
        (ties by the pair's cells); their number."""
        m = 0
        for t in range(1, self.types + 1):
            if self.count[self.count_at + t] >= 2:
                m = self._type_moves(d, t, out, m)
        return m

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        p=cython.longlong,
        gp=cython.longlong,
        gd=cython.longlong,
        c=cython.longlong,
        x=cython.longlong,
        y=cython.longlong,
        t=cython.longlong,
        k=cython.longlong,
        m=cython.longlong,
        at=cython.longlong,
        out=cython.longlong,
        a=cython.longlong,
        b=cython.longlong,
    )
    def _moves_settled(self, d: cython.longlong) -> cython.longlong:
        """The moves at level d >= 1 (the list ``_moves`` makes) from level d - 1's, in
        ``outward`` and ``inward`` with links of at most two turns: the boards of the two
        levels compared cell by cell.

        Sound: a type none of whose cells changed between the levels has the same tiles
        where they were.  When no cell empty at level d - 1 holds a tile at level d (a
        settle by passes only fills cells that a tile left, so this is the rule, and
        otherwise every move is listed afresh), each of its pairs that linked still links,
        and a pair gains a link only along a path through a cell that was emptied, whose
        tiles ``Lines._seen`` marks as it does for ``_moves_after``.  So every type with a
        changed cell (before or after) or marked by ``_seen`` is listed afresh, and every
        other type keeps its moves, with their keys found again."""
        p = d - 1
        gp = p * self.grid_size
        gd = d * self.grid_size
        for t in range(self.types + 1):
            self.lines.dirty[t] = 0
        for k in range(self.n_inner):  # the ring is always empty, the walls never change
            c = self.inner[k]
            x = self.grids[gp + c]
            y = self.grids[gd + c]
            if x == y:
                continue
            if x <= 0:  # filled: not a settle by passes
                return self._moves(d, d * self.pair_room * 3)
            self.lines.dirty[x] = 1
            if y > 0:
                self.lines.dirty[y] = 1
            else:
                self.lines._seen(gd, c)
        m = 0
        at = p * self.pair_room * 3
        out = d * self.pair_room * 3
        for k in range(self.mcount[p]):
            a = self.moves[at + 3 * k]
            b = self.moves[at + 3 * k + 1]
            t = self.grids[gp + a]
            if self.lines.dirty[t] == 0:
                m = self._insert(out, m, a, b, self._key(gd, t, a, b), 0)
        for t in range(1, self.types + 1):
            if self.lines.dirty[t] != 0 and self.count[self.count_at + t] >= 2:
                m = self._type_moves(d, t, out, m)
        return m

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        size=cython.longlong,
        at=cython.longlong,
        gd=cython.longlong,
        i=cython.longlong,
        j=cython.longlong,
        a=cython.longlong,
        b=cython.longlong,
        dist=cython.longlong,
    )
    def _type_moves(
        self, d: cython.longlong, t: cython.longlong, out: cython.longlong, m: cython.longlong
    ) -> cython.longlong:
        """Add the linked pairs of type t at level d to the m moves at ``moves[out:]``;
        their number after.  ``scratch``'s OPEN: which tiles of the type have an
        empty neighbour (tested once a tile, not a pair)."""
        gd = d * self.grid_size
        size = self.count[self.count_at + t]
        at = self.cells_at + t * self.most_copies
        for i in range(size):
            self.scratch[i * ROW + OPEN] = self.boards._open(gd, self.cells[at + i])
        for i in range(size):
            for j in range(i + 1, size):
                a = self.cells[at + i]
                b = self.cells[at + j]
                dist = abs(a - b)
                if (
                    dist != 1
                    and dist != self.boards.width
                    and not (self.scratch[i * ROW + OPEN] and self.scratch[j * ROW + OPEN])
                ):
                    continue
                if self.boards._linked(d, a, b):
                    m = self._insert(out, m, a, b, self._key(gd, t, a, b), 0)
        return m

    @cython.cfunc
    @cython.nogil
    @cython.locals(h=cython.ulonglong, size=cython.longlong, key=cython.longlong)
    def _key(
        self, gd: cython.longlong, t: cython.longlong, a: cython.longlong, b: cython.longlong
    ) -> cython.longlong:
        """Where the move (a, b) of type t goes in the search's ``order`` (then by type):
        ``ORDER_SHIFT``: types with the fewest tiles first, then the pairs that move the
        most tiles first; ``ORDER_STILL``: the same with the pairs that move the fewest
        tiles first; ``ORDER_TYPES``: type by type; ``ORDER_DRAWN``: types with the fewest
        tiles first, then the pairs in an order drawn from ``seed`` (a hash of the pair's
        cells and the seed); ``ORDER_BACK``: ``ORDER_SHIFT`` from its last move to its
        first (a second search of a portfolio that meets the first one halfway)."""
        size = self.count[self.count_at + t]
        if self.order == _ORDER_TYPES:
            key = t
        elif self.order == _ORDER_DRAWN:
            h = (a * 64 + b + self.seed * 4099) * MIX & M64
            key = size * 4096 + cython.cast(cython.longlong, (h >> 40) & 4095)
        elif self.order == _ORDER_STILL:
            key = size * 4096 + self.boards._beyond(gd, a) + self.boards._beyond(gd, b)
        else:
            key = size * 4096 - self.boards._beyond(gd, a) - self.boards._beyond(gd, b)
        if self.order == _ORDER_BACK:
            return -(key * 256 + t)
        return key * 256 + t

    @cython.cfunc
    @cython.nogil
    @cython.locals(k=cython.longlong, at=cython.longlong)
    def _insert(
        self,
        out: cython.longlong,
        m: cython.longlong,
        a: cython.longlong,
        b: cython.longlong,
        key: cython.longlong,
        sleeps: cython.longlong,
    ) -> cython.longlong:
        """Insert the move (a, b) into the m moves at ``moves[out:]``, sorted by key, then
        by cells, sleeping or not (``asleep``, from ``out // 3``); m + 1."""
        k = m
        while k > 0:
            at = out + 3 * (k - 1)
            if self.moves[at + 2] < key or (
                self.moves[at + 2] == key
                and (self.moves[at] < a or (self.moves[at] == a and self.moves[at + 1] < b))
            ):
                break
            self.moves[at + 3] = self.moves[at]
            self.moves[at + 4] = self.moves[at + 1]
            self.moves[at + 5] = self.moves[at + 2]
            self.asleep[out // 3 + k] = self.asleep[out // 3 + k - 1]
            k -= 1
        self.moves[out + 3 * k] = a
        self.moves[out + 3 * k + 1] = b
        self.moves[out + 3 * k + 2] = key
        self.asleep[out // 3 + k] = sleeps
        return m + 1

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        p=cython.longlong,
        gd=cython.longlong,
        at=cython.longlong,
        t=cython.longlong,
        k=cython.longlong,
        m=cython.longlong,
        x=cython.longlong,
        y=cython.longlong,
        out=cython.longlong,
        made=cython.longlong,
        lines=cython.ulonglong,
        sleeps=cython.bint,
    )
    def _moves_after(
        self, d: cython.longlong, before: cython.longlong, length: cython.longlong
    ) -> cython.longlong:
        """The moves at level d >= 1 (the list ``_moves`` makes) from level d - 1's, in a
        mode of fixed lines with links of at most two turns; ``path[before:length]``: the
        moves the reductions made at level d.

        Sound: from level d - 1 to level d tiles were removed and the tiles beyond each
        removed tile slid one cell along its line, so every cell that holds a tile at
        level d held one before, and the only cells emptied are the last cells of the
        lines that lost tiles (the reductions' tiles, on top, leave their own).  So a
        pair of tiles that did not move and whose type lost none keeps its link, and
        gains one only along a path through an emptied cell v.  A path of at most two
        turns is at most three straight pieces; the piece through v runs along v's row or
        column, so either one of the tiles is the first tile seen from v along that
        row or column, or it is the middle piece, and then both tiles are the first tiles
        seen, across it, from cells of the empty stretch of v's row or column.  The types
        of those tiles, of the tiles that moved, and of the move's own are listed
        afresh (``Lines.changed``); every other type keeps its moves, with their keys
        found again (a line that lost tiles moves fewer beyond its tiles).

        A move kept *sleeps* (``asleep``; ``_run`` does not try it) when level d - 1 tried
        it before the move made (or it slept there) and neither it nor the move made nor
        the reductions' moves share a line (without gravity: always).  Sound: two such
        moves commute.  A removal only ever empties cells and moves only the tiles beyond
        it in its own line, so after the one the other's tiles are where they were and its
        path is still empty, and both orders leave the same tiles.  So the position a
        sleeping move z makes here is also reached from the position z made at level
        d - 1 (by the move made and the reductions' moves), which is dead: its search ended
        without a clearing, or z slept there, dead by the same argument one level up.  A
        position reached from a dead one is dead, so no clearing is lost; the positions
        entered are those the search enters without sleeping, or fewer (a sleeping move's
        position is most often one the table knows, and its lookup is what is saved)."""
        p = d - 1
        gd = d * self.grid_size
        made = self.mnext[p] - 1
        at = (p * self.pair_room + made) * 3
        self.lines.changed(
            p * self.grid_size, gd, self.moves[at], self.moves[at + 1], self.path, before, length
        )
        lines = self._lines_of(self.moves[at], self.moves[at + 1])
        for k in range(before, length):
            lines |= self._lines_of(self.path[2 * k], self.path[2 * k + 1])
        m = 0
        at = p * self.pair_room * 3
        out = d * self.pair_room * 3
        for k in range(self.mcount[p]):
            x = self.moves[at + 3 * k]
            y = self.moves[at + 3 * k + 1]
            t = self.grids[p * self.grid_size + x]
            if self.lines.dirty[t] == 0 and self.count[self.count_at + t] > 0:
                sleeps = (
                    self.sleeping
                    and (k < made or self.asleep[p * self.pair_room + k] != 0)
                    and (self._lines_of(x, y) & lines) == 0
                )
                m = self._insert(out, m, x, y, self._key(gd, t, x, y), sleeps)
        for t in range(1, self.types + 1):
            if self.lines.dirty[t] != 0 and self.count[self.count_at + t] >= 2:
                m = self._type_moves(d, t, out, m)
        return m

    @cython.cfunc
    @cython.nogil
    def _lines_of(self, a: cython.longlong, b: cython.longlong) -> cython.ulonglong:
        """The lines of cells a and b, one bit a line (without gravity none: a removal
        moves no tile, so any two moves of different tiles commute)."""
        if not self.gravity_on:
            return 0
        return (ONE << self.lines.line_of[a]) | (ONE << self.lines.line_of[b])

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        i=cython.longlong,
        at=cython.longlong,
        src=cython.longlong,
        dst=cython.longlong,
        seen=cython.ulonglong,
    )
    def _ahead(self, d: cython.longlong) -> cython.void:
        """In a mode of fixed lines: the key of the position each move of level d makes
        (``Lines.look_ahead``, for ``_try``), and a read of each one's table slot.  Most
        moves lead into positions the table knows (some five lookups a position entered
        on QQ boards with ``down``), and each lookup waited on its slot coming from
        memory, one after another; read here together, the reads overlap."""
        src = (2 * d + 1) * self.words
        dst = 2 * (d + 1) * self.words
        seen = 0
        for i in range(self.mcount[d]):
            if self.asleep[d * self.pair_room + i] == 0:
                at = (d * self.pair_room + i) * 3
                self.lines.look_ahead(d, self.moves[at], self.moves[at + 1], src, dst, at)
        for i in range(self.mcount[d]):  # a tight loop, so that many reads are under way
            if self.asleep[d * self.pair_room + i] == 0:
                seen ^= self.dead.home(self.lines.ahead[(d * self.pair_room + i) * 3 + 2])
        self.touched ^= seen

    @cython.cfunc
    @cython.nogil
    @cython.locals(out=cython.longlong, m=cython.longlong, k=cython.longlong)
    def _check_moves(self, d: cython.longlong) -> cython.void:
        """``check_moves``: level d's tiles of each type collected afresh (into level
        d + 1's place) and compared with those ``_inherit`` and ``_moved`` found, and its
        moves listed afresh (into level d + 1's room) and compared with those
        ``_moves_after`` found."""
        self.checked += 1
        self._collect(d, d + 1)
        if not self._same_tiles(self.count_at + self.types + 1):
            self.mismatches += 1
            return
        out = (d + 1) * self.pair_room * 3
        m = self._moves(d, out)
        if m != self.mcount[d]:
            self.mismatches += 1
            return
        for k in range(3 * m):
            if self.moves[out + k] != self.moves[d * self.pair_room * 3 + k]:
                self.mismatches += 1
                return

    @cython.cfunc
    @cython.nogil
    @cython.locals(t=cython.longlong, k=cython.longlong, cb=cython.longlong)
    def _same_tiles(self, kb: cython.longlong) -> cython.bint:
        """Whether the tiles of each type kept at ``count[kb:]`` (and ``cells`` likewise)
        are those of the level being entered."""
        cb = kb * self.most_copies
        for t in range(self.types + 1):
            if self.count[kb + t] != self.count[self.count_at + t]:
                return False
            for k in range(self.count[kb + t]):
                if (
                    self.cells[cb + t * self.most_copies + k]
                    != self.cells[self.cells_at + t * self.most_copies + k]
                ):
                    return False
        return True

    # --- the search ---------------------------------------------------------------------------

    @cython.cfunc
    @cython.nogil
    @cython.locals(before=cython.longlong, length=cython.longlong)
    def _enter(self, d: cython.longlong) -> cython.longlong:
        """Enter the position at level d: reduce it, look it up, list its moves.  Returns
        1 when it is entered, 0 when it is the clearing (``status`` FOUND), -1 when it is
        known dead (the caller steps back)."""
        before = self.path_len
        self.count_at = d * (self.types + 1)
        self.cells_at = self.count_at * self.most_copies
        if d == 0 or self.composite:  # else ``_try`` found them (``_inherit``)
            self._collect(d, d)
        length = self._reduce(d, before)
        if self._cleared():
            self.path_len = length
            self.status = _FOUND
            return 0
        if not self._key_reduced(d, length != before):
            return -1
        self.nodes_done += 1
        self.base[d] = length
        if d > 0 and self.follow:
            if self.composite:
                self.mcount[d] = self._moves_settled(d)
            else:
                self.mcount[d] = self._moves_after(d, before, length)
            if self.checking:
                self._check_moves(d)
        else:
            self.mcount[d] = self._moves(d, d * self.pair_room * 3)
        self.mnext[d] = 0
        if not self.composite:
            self._ahead(d)
        return 1

    @cython.cfunc
    @cython.nogil
    @cython.locals(t=cython.longlong)
    def _cleared(self) -> cython.bint:
        """Whether the level being entered has no tile left."""
        for t in range(1, self.types + 1):
            if self.count[self.count_at + t] != 0:
                return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.locals(w=cython.longlong, h=cython.ulonglong, key=cython.longlong)
    def _key_reduced(self, d: cython.longlong, reduced: cython.bint) -> cython.bint:
        """Level d's key after the reductions (``keys`` ``which`` 1), the move's own
        when nothing was reduced; False when it is a position known dead (and then the
        move's position is remembered dead too)."""
        key = (2 * d + 1) * self.words
        if not reduced:
            for w in range(self.words):
                self.keys[key + w] = self.keys[2 * d * self.words + w]
            if self.composite:
                self.passes.copy_key(2 * d * self.words, key)
            self.hashed[2 * d + 1] = self.hashed[2 * d]
            return True
        h = self.passes.pack(d, key) if self.composite else self.lines.key_of(d, key)
        self.hashed[2 * d + 1] = h
        if self.dead.known(key, h):
            self.hits += 1
            if self.dead.room_for(1):  # the move's position is dead too
                self.dead.remember(2 * d * self.words, self.hashed[2 * d])
            return False
        return True

    @cython.cfunc
    @cython.nogil
    @cython.locals(
        a=cython.longlong,
        b=cython.longlong,
        h=cython.ulonglong,
        nd=cython.longlong,
        at=cython.longlong,
        k=cython.longlong,
    )
    def _try(self, d: cython.longlong, i: cython.longlong) -> cython.bint:
        """Make move i of level d into level d + 1, unless the position it makes is known
        dead (its key is level d's with the one or two lines it changes set from
        ``Lines.ahead``)."""
        at = (d * self.pair_room + i) * 3
        a = self.moves[at]
        b = self.moves[at + 1]
        nd = d + 1
        if self.composite:
            return self._try_passes(d, a, b)
        h = self.lines.key_after(a, b, (2 * d + 1) * self.words, 2 * nd * self.words, at)
        if self.dead.known(2 * nd * self.words, h):
            self.hits += 1
            return False
        self.hashed[2 * nd] = h
        self.boards._copy(d, a, b)
        self._inherit(d, a, b)
        if self.gravity_on:
            for k in range(self.boards._fall(nd, a)):
                self._slid(nd, k)
            for k in range(self.boards._fall(nd, b)):
                self._slid(nd, k)
        self._record(d, a, b)
        return True

    @cython.cfunc
    @cython.nogil
    @cython.locals(to=cython.longlong)
    def _slid(self, d: cython.longlong, k: cython.longlong) -> cython.void:
        """The k-th tile the last ``Board._fall`` slid at level d, moved among its type's
        cells (``_moved``)."""
        to = self.boards.slid[2 * k + 1]
        self._moved(self.grids[d * self.grid_size + to], self.boards.slid[2 * k], to)

    @cython.cfunc
    @cython.nogil
    @cython.locals(h=cython.ulonglong, nd=cython.longlong, w=cython.longlong)
    def _try_passes(
        self, d: cython.longlong, a: cython.longlong, b: cython.longlong
    ) -> cython.bint:
        """``_try`` in ``outward`` and ``inward``: the move made and settled at level
        d + 1 (its key kept up to date by ``Passes.settle_move``), then looked up."""
        nd = d + 1
        self.boards._copy(d, a, b)
        h = self.passes.settle_move(nd, a, b, 2 * nd * self.words, (2 * d + 1) * self.words)
        if self.dead.known(2 * nd * self.words, h):
            self.hits += 1
            return False
        self.hashed[2 * nd] = h
        self._record(d, a, b)
        return True

    @cython.cfunc
    @cython.nogil
    def _record(self, d: cython.longlong, a: cython.longlong, b: cython.longlong) -> cython.void:
        """The move made at level d on the path."""
        self.path[2 * self.base[d]] = a
        self.path[2 * self.base[d] + 1] = b
        self.path_len = self.base[d] + 1

    @cython.cfunc
    @cython.nogil
    @cython.locals(d=cython.longlong, spent=cython.longlong, i=cython.longlong)
    def _run(self, budget: cython.longlong, max_nodes: cython.longlong) -> cython.void:
        """Search on for at most ``budget`` positions (``max_nodes`` in all, -1 for no
        limit).  ``depth`` is -1 before the root is entered; a position is entered when
        the search first reaches it.  When the table has no room for two more and is
        smaller than ``most`` entries, the search stops with ``GROW`` where it can go on
        once the caller has made the table larger; when it is full at its largest, with
        ``FULL`` where it can go on once the caller has thinned it."""
        d = self.depth
        spent = 0
        if d < 0:
            d = self._begin()
        while d >= 0:
            if not self.dead.room_for(2) and self.dead.can_grow():
                self.status = _GROW
                break
            if self.composite and not self.passes.room_for_names():
                self.status = _NAMES
                break
            if self.enter:
                self.enter = False
                i = self._enter(d)
                if i == 0:
                    break
                if i < 0:
                    d -= 1
                    continue
                spent += 1
                if self._pause(spent, budget, max_nodes):
                    break
            i = self.mnext[d]
            if i < self.mcount[d]:
                self.mnext[d] = i + 1
                if self.asleep[d * self.pair_room + i] != 0:
                    self.slept += 1
                elif self._try(d, i):
                    d += 1
                    self.enter = True
            elif self.dead.room_for(2):  # every move failed: the position is dead
                self._bury(d)
                d -= 1
            else:  # full at its largest
                self.status = _FULL
                break
        if d < 0:
            self.status = _EXHAUSTED
        self.depth = d
        self.ran = spent

    @cython.cfunc
    @cython.nogil
    def _begin(self) -> cython.longlong:
        """The first position, its key made, to be entered; its level, 0."""
        self.path_len = 0
        self.boards._bits(0)
        if self.composite:
            self.hashed[0] = self.passes.pack(0, 0)
        else:
            self.hashed[0] = self.lines.key_of(0, 0)
        self.enter = True
        return 0

    @cython.cfunc
    @cython.nogil
    def _pause(
        self, spent: cython.longlong, budget: cython.longlong, max_nodes: cython.longlong
    ) -> cython.bint:
        """Whether the search stops after a position entered: past ``max_nodes``
        (``OUT_OF_NODES``), or its slice of ``budget`` positions spent, or told by another
        thread (``control``: stop now; stop at so many positions), read here so that a
        search in a thread needs no lock."""
        if max_nodes >= 0 and self.nodes_done > max_nodes:
            self.status = _OUT_OF_NODES
            return True
        return (
            spent >= budget
            or self.control[0] != 0
            or (self.control[1] >= 0 and self.nodes_done >= self.control[1])
        )

    @cython.cfunc
    @cython.nogil
    def _bury(self, d: cython.longlong) -> cython.void:
        """Level d's position is dead: both its keys into the table."""
        self.dead.remember((2 * d + 1) * self.words, self.hashed[2 * d + 1])
        self.dead.remember(2 * d * self.words, self.hashed[2 * d])

    @cython.locals(b=cython.longlong, m=cython.longlong)
    def step(self, budget: int, max_nodes: int | None, control: array | None = None) -> Status:  # type: ignore[type-arg]
        """Search on for at most ``budget`` positions; the status.  ``control``, written by
        another thread while this one searches without the GIL: ``[stop, cap]``, stop
        when ``stop`` is set or when the positions reach ``cap`` (-1: none)."""
        if self.changed:
            raise ValueError("the board was played on: a core searches its board as given")
        self.control = array("q", [0, -1]) if control is None else control
        b = budget
        m = -1 if max_nodes is None else max_nodes
        while True:
            with cython.nogil:
                self._run(b, m)
            # the slice goes on where it paused (its positions count across a pause), so
            # a search is the same whenever its table grows
            b -= self.ran
            if self.status == _GROW:
                if not self.dead.grow(self.control):  # stopped: grows when resumed
                    self.status = _RUNNING
                    return Status.RUNNING
            elif self.status == _FULL:
                if self.control[0] != 0:  # stopped: thins when resumed
                    self.status = _RUNNING
                    return Status.RUNNING
                self.dead.thin()
            elif self.status == _NAMES:
                if not self.passes.grow_names():
                    self._forget()
            else:
                return Status(self.status)
            self.status = _RUNNING

    @cython.locals(s=cython.longlong)
    def _forget(self) -> None:
        """The names of ``Passes`` full at their largest: forget them and every dead
        position (whose keys use them), and name the stack's keys afresh."""
        self.dead.forget()
        self.passes.forget()
        self.forgets += 1
        for s in range(2 * (self.depth + 1)):
            self.hashed[s] = self.passes.rename(
                s * self.words, _tiles_of(self.keys, s * self.words)
            )

    def restart(self, order: int, seed: int = 0) -> None:
        """Go back to the first position and take its moves in ``order`` from the first
        (``ORDER_SHIFT``, ``ORDER_STILL``, ``ORDER_TYPES``, ``ORDER_BACK``, or ``ORDER_DRAWN`` with
        ``seed``), keeping the table of dead
        positions.  Sound:
        a position is dead (no order of its moves clears it) whatever order proved it,
        so the table still only skips dead positions, and the first position's moves are
        all tried again.  Where one order dives into a part of the tree that cannot be
        cleared, another may find a clearing at once."""
        if order not in (ORDER_SHIFT, ORDER_TYPES, ORDER_STILL, ORDER_DRAWN, ORDER_BACK):
            raise ValueError(f"unknown move order {order}")
        if not 0 <= seed < 1 << 32:
            raise ValueError(f"a seed is a whole number below 2**32, not {seed}")
        self.order = order
        self.seed = seed
        if self.depth < 0 or self.status != _RUNNING:
            return
        self.count_at = self.cells_at = 0
        self._collect(0, 0)  # level 0 holds the first position as reduced
        self.mcount[0] = self._moves(0, 0)
        self.mnext[0] = 0
        if not self.composite:
            self._ahead(0)
        self.path_len = self.base[0]
        self.depth = 0
        self.enter = False

    # --- the board, for play without a search (greedy play, the generator) --------------

    def linked(self, a: int, b: int) -> bool:
        """Whether the tiles at padded cells a and b of the first level link: the
        search's own link rule (the caller checks that they are two tiles of one type)."""
        return bool(self.boards._links(0, a, b))

    def play(self, a: int, b: int) -> None:
        """Remove the tiles at padded cells a and b from the first level and settle it:
        the search's own removal and settle.  The core is a board from then on (``step``
        refuses)."""
        self._board_only()
        self.boards._put(0, a, 0)
        self.boards._put(0, b, 0)
        if self.composite:
            self.passes.settle_all(0)
        elif self.gravity_on:
            self.boards._fall(0, a)
            self.boards._fall(0, b)

    def put(self, cell: int, value: int) -> None:
        """Set a padded cell of the first level as it stands (no settle): the generator
        tries where two tiles would link.  The core is a board from then on."""
        self._board_only()
        self.boards._put(0, cell, value)

    def load(self, grid: list[int]) -> None:
        """Replace the first level by another padded grid of the same shape.  The core is
        a board from then on."""
        self._board_only()
        if len(grid) != self.grid_size:
            raise ValueError(f"a grid of {self.grid_size} cells, not {len(grid)}")
        for c, v in enumerate(grid):
            self.grids[c] = v
        self.boards._bits(0)

    def board(self) -> list[int]:
        """The first level's padded grid."""
        return [int(self.grids[c]) for c in range(self.grid_size)]

    def _board_only(self) -> None:
        if self.depth >= 0:
            raise ValueError("the search has started: its board cannot change")
        self.changed = True

    def clearing(self) -> list[tuple[int, int]]:
        """The moves of the clearing found, as padded cells at the time of each move."""
        return [(int(self.path[2 * i]), int(self.path[2 * i + 1])) for i in range(self.path_len)]

    def counters(self) -> tuple[int, int, int]:
        """Positions searched, table hits and moves made by the reductions, so far."""
        return int(self.nodes_done), int(self.hits), int(self.forced_moves)

    def share(self, size: int) -> None:
        """Keep the next ``size`` positions proven dead for ``sent`` (``Portfolio``).  Not
        in ``outward`` and ``inward``, whose keys name states by the search's own
        numbers (``Passes``)."""
        self._shareable()
        self.dead.start_log(size)

    def sent(self) -> array:  # type: ignore[type-arg]
        """The positions proven dead since the last call, for another search of the same
        board (``received``); call between slices, from the searching thread."""
        got: array = self.dead.sent()  # type: ignore[type-arg]
        return got

    def proven_dead(self) -> array:  # type: ignore[type-arg]
        """Every position the table holds, as ``sent`` gives them."""
        known: array = self.dead.every()  # type: ignore[type-arg]
        return known

    def received(self, entries: array) -> int:  # type: ignore[type-arg]
        """Learn the positions another search of the same board proved dead (its
        ``sent``); how many were new.  Between slices, from the searching thread; a stop
        (``step``'s ``control``) while the table grows for them leaves them out."""
        self._shareable()
        return int(self.dead.receive(entries, self.control))

    def _shareable(self) -> None:
        if self.composite:
            raise ValueError("outward and inward keys are the search's own: not shared")

    def use_sleep(self, on: bool) -> None:
        """Let moves sleep (``_moves_after``; the default) or not (the same verdicts)."""
        self.sleeping = bool(on)

    def sleepers(self) -> int:
        """The moves not tried because they slept, so far."""
        return int(self.slept)

    def table_slots(self) -> int:
        """The table's slots now."""
        return int(self.dead.slots)

    def names(self) -> tuple[int, int]:
        """In ``outward`` and ``inward``: the parts' states named now, and the times the
        names and the table were forgotten (``Passes``)."""
        return int(self.passes.named), int(self.forgets)

    # --- for the tests ---------------------------------------------------------------------

    def list_moves_afresh(self) -> None:
        """List every position's moves from its board alone, not from its parent's (the
        same lists, slower)."""
        self.follow = False

    def check_moves(self) -> None:
        """Also collect every position's tiles and list its moves afresh where they are
        found from its parent's, and count the positions where they differ
        (``mismatches``)."""
        self.checking = True

    def mismatched(self) -> tuple[int, int]:
        """Since ``check_moves``: the positions whose tiles and moves were found from
        their parent's and found afresh too, and those where they differed."""
        return int(self.checked), int(self.mismatches)


def _check_shape(
    N: int,
    W: int,
    family: str,
    line_cells: list[list[int]],
    passes: list[list[list[int]]] | None,
    max_turns: int,
) -> None:
    """ValueError unless ``ClearCore`` can search a padded grid of N cells, W wide."""
    if max(max(len(line) for line in line_cells), W, N // W) > 64:
        raise ValueError("the compiled search takes grids of at most 64 x 64 cells")
    if family not in (NO_LINES, FIXED_LINES, REPEATED_PASSES):
        raise ValueError(f"a mode's family is one of gravity.family's, not {family!r}")
    if family == REPEATED_PASSES and not passes:
        raise ValueError("a mode of repeated passes needs its passes of lines")
    if max_turns < 0:
        raise ValueError("a link makes at least 0 turns")


def _slots_for(entries: int) -> int:
    """The slots for ``entries`` keys: a power of two, twice as many."""
    slots = 1
    while slots < 2 * entries:
        slots *= 2
    return slots
