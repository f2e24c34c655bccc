"""Whole boards without gravity: a search over how each type's tiles pair up.

Without gravity a removal never closes a path, so which pair links can only change from no
to yes.  Two consequences carry this engine:

* **Only the pairing matters, not the order.**  Fix for every type which of its tiles pair
  with which (a *commitment*).  If some order of those pairs clears the board, then so does
  playing any committed pair as soon as it links: it must go some time, and taking it off
  earlier leaves every other committed pair's path at least as empty.  So a committed pair
  is played the moment it links (the *closure*), and the search branches only on how one
  more type pairs up, never on the order of moves.  A type of four tiles has three
  pairings; a larger type commits its first tile's partner and stays open for the rest.
* **A type that can be cleared by its own moves now goes whole**: any clearing pairs it
  somehow; doing this type's moves first leaves every later move legal.

A link is a set of paths of at most K turns (K <= 2), each a bitmask of the tiles standing
between the two tiles on it (a bit per tile, so the masks grow with the tiles, not the
board's area), computed once; a pair links when one of its paths is free of tiles.  The
pairs known to link are inherited down the search (they never stop linking).

Dead ends are found by an optimistic *release* test: set free every tile that links, on the
board of tiles not yet free, to a tile it may still pair with (its committed partner, or
any tile of its type for a type not committed yet); repeat.  In any clearing, the first
removal of a tile that is never set free would need a path clear of every tile that is
never set free, which would have set it free; so a tile left over proves the position
dead.  Positions proven dead (tiles left and commitments) go into a table.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from graphsearch.budget import Budget
from graphsearch.llk.game import ClearMove
from graphsearch.llk.grid import InvalidGridError
from graphsearch.llk.link import Cell
from graphsearch.llk.position import ALONE_WORK, WALL, Position
from graphsearch.llk.result import Status

if TYPE_CHECKING:
    from graphsearch.llk.result import ClearStats

__all__ = [
    "MASK_BYTES",
    "Kernel",
    "KernelPair",
    "Lines",
    "PairingNode",
    "PairingSearch",
    "mask_bytes",
    "path_masks",
]

# The most the pairing search's path masks may take (``mask_bytes``, an upper bound): a
# board past it is refused before the search starts.
MASK_BYTES = 384 << 20
# A path is dropped when it holds every tile of one of this many paths with fewer tiles.
DOMINATING = 32


class Lines:
    """Straight pieces of the padded grid as bitmasks of the tiles on them (bit t for
    tile t), from each line's tiles in order and their prefix masks: memory in the number
    of tiles, not the grid's area."""

    def __init__(self, pos: Position, cells: list[int]) -> None:
        W, H = pos.W, pos.H
        self.W, self.H = W, H
        self.grid = pos.grid
        at_row: list[list[tuple[int, int]]] = [[] for _ in range(H)]
        at_col: list[list[tuple[int, int]]] = [[] for _ in range(W)]
        for t, cell in enumerate(cells):
            y, x = divmod(cell, W)
            at_row[y].append((x, t))
            at_col[x].append((y, t))
        self.rows = [self._prefix(line) for line in at_row]
        self.cols = [self._prefix(line) for line in at_col]

    @staticmethod
    def _prefix(line: list[tuple[int, int]]) -> tuple[list[int], list[int]]:
        """A line's tiles: their places in order, and the mask of the first i of them."""
        line.sort()
        places, masks = [], [0]
        for place, t in line:
            places.append(place)
            masks.append(masks[-1] | 1 << t)
        return places, masks

    @staticmethod
    def _piece(line: tuple[list[int], list[int]], lo: int, hi: int) -> int:
        places, masks = line
        if not places:
            return 0
        if lo > hi:
            lo, hi = hi, lo
        return masks[bisect_right(places, hi)] ^ masks[bisect_left(places, lo)]

    def row(self, y: int, x0: int, x1: int) -> int:
        """Tiles on cells (y, x0..x1), both ends included."""
        return self._piece(self.rows[y], x0, x1)

    def col(self, x: int, y0: int, y1: int) -> int:
        """Tiles on cells (y0..y1, x), both ends included."""
        return self._piece(self.cols[x], y0, y1)


def path_masks(lines: Lines, a: int, b: int, max_turns: int) -> list[int]:
    """Every path of at most ``max_turns`` (<= 2) turns between cells a and b as the bitmask
    of the tiles on the cells strictly between them, none through a wall; paths whose tiles
    include another path's are dropped (they link only when it does).  Walls lie only on
    the padded grid's border, so a path goes through one exactly when its column (row)
    is a wall at the tiles' rows (columns)."""
    W, H, grid = lines.W, lines.H, lines.grid
    ay, ax = divmod(a, W)
    by, bx = divmod(b, W)
    found = set()
    if ay == by:
        found.add(lines.row(ay, ax, bx))
    elif ax == bx:
        found.add(lines.col(ax, ay, by))
    # row - column - row through column x, and column - row - column through row y
    if ay != by:
        for x in range(W):
            if (x != ax) + (x != bx) <= max_turns and grid[ay * W + x] != WALL:
                found.add(lines.row(ay, ax, x) | lines.col(x, ay, by) | lines.row(by, x, bx))
    if ax != bx:
        for y in range(H):
            if (y != ay) + (y != by) <= max_turns and grid[y * W + ax] != WALL:
                found.add(lines.col(ax, ay, y) | lines.row(y, ax, bx) | lines.col(bx, y, by))
    ends = ~(lines.row(ay, ax, ax) | lines.row(by, bx, bx))
    kept: list[int] = []
    for mask in sorted({m & ends for m in found}, key=int.bit_count):
        # against the fewest-tile paths only: dropping paths is optional, and a pair
        # on a large board can have thousands
        if not any(k & mask == k for k in kept[:DOMINATING]):
            kept.append(mask)
    return kept


def mask_bytes(pos: Position) -> int:
    """An upper bound on what the path masks of the board's pairs take: a pair has at most
    one path through each row and column, and as the row (column) a path turns through
    moves, its tiles change only where it passes a tile's row or column or a tile of the
    pair, so at most four distinct ones for each tile and eight more."""
    tiles = pos.remaining()
    pairs = pos.like_pairs()
    per_pair: int = min(pos.W + pos.H, 4 * tiles + 8)
    return pairs * per_pair * (tiles // 8 + 40)


@dataclass(slots=True)
class PairingNode:
    """A position of the pairing search: tiles left, committed pairs, open types."""

    occ: int  # tiles left (bit t for tile t)
    pending: list[int]  # committed pairs not yet played
    open: dict[int, tuple[int, ...]]  # type -> its tiles not committed yet
    linked: int  # pairs known to link (bit per pair)
    banned: int = 0  # pairs ruled out for this subtree (bit per pair)

    def copy(self) -> PairingNode:
        return PairingNode(self.occ, self.pending[:], dict(self.open), self.linked, self.banned)


@dataclass(frozen=True)
class KernelPair:
    """A pair a clearing of a kernel may use: its two tiles, whether the reductions
    committed it (every clearing from there uses it), and the tiles standing on each of
    its paths (the minimal ones; a path with no tile on it: the pair links now)."""

    a: Cell
    b: Cell
    committed: bool
    paths: tuple[tuple[Cell, ...], ...]


@dataclass(frozen=True)
class Kernel:
    """A board without gravity as the pairing search's sound reductions leave it, for
    another engine to finish.  ``moves``: the moves the reductions played, in order.
    ``status``: ``FOUND`` when they clear the board, ``EXHAUSTED`` when the position
    they reach is dead, else ``RUNNING``: the board is clearable if and only if the
    tiles left (``tiles``) can be paired with ``pairs`` (each tile in exactly one) and
    the pairs ordered so that each has a path clear of the tiles still there.  ``hint``:
    a clearing of what is left, when a short search found one."""

    status: Status
    moves: tuple[ClearMove, ...]
    tiles: tuple[Cell, ...] = ()
    pairs: tuple[KernelPair, ...] = ()
    hint: tuple[ClearMove, ...] | None = None


_Option = tuple[int, PairingNode, list[ClearMove]]  # a pair committed, the position, moves played


class _Exhausted(Exception):
    """The bounded search used up its branchings."""


class PairingSearch:
    """The search; ``run`` returns the clearing's moves or None.  Raises SearchTimeout."""

    def __init__(self, pos: Position, max_turns: int, budget: Budget, stats: ClearStats) -> None:
        need = mask_bytes(pos)
        if need > MASK_BYTES:
            raise InvalidGridError(
                f"the board is too large for the pairing search: its paths could take "
                f"{need >> 20} MB, and it holds at most {MASK_BYTES >> 20} MB"
            )
        self.pos = pos
        self.budget = budget
        self.stats = stats
        self.cells: list[int] = []  # tile -> cell
        self.pair_id: dict[tuple[int, int], int] = {}
        self.pair_tiles: list[tuple[int, int]] = []
        self.masks: list[list[int]] = []
        by_type: dict[int, list[int]] = {}
        for kind in range(1, len(pos.tiles)):
            for cell in pos.tiles[kind]:
                by_type.setdefault(kind, []).append(len(self.cells))
                self.cells.append(cell)
        lines = Lines(pos, self.cells)
        for tiles in by_type.values():
            for i, t in enumerate(tiles):
                budget.check(stats, "the search had not started")  # a large board takes a while
                for u in tiles[i + 1 :]:
                    self.pair_id[t, u] = len(self.pair_tiles)
                    self.pair_tiles.append((t, u))
                    self.masks.append(path_masks(lines, self.cells[t], self.cells[u], max_turns))
        self.bits = [1 << t for t in range(len(self.cells))]
        self.witness = [0] * len(self.masks)
        self.both = [self.bits[t] | self.bits[u] for t, u in self.pair_tiles]
        self.groups: dict[tuple[int, ...], list[int]] = {}
        self.dead: set[tuple[int, int]] = set()
        self.dive_left = 0  # branchings left to the dive
        self.limit: int | None = None  # branchings left to the bounded search
        self.work = 0  # positions looked at one step ahead (the search's unit of work)
        self.work_limit: int | None = None
        # set by another thread (``clearing``'s race): stop once the work passes it
        self.work_cap: int | None = None
        occ = 0
        for bit in self.bits:
            occ |= bit
        self.root = PairingNode(occ, [], {k: tuple(v) for k, v in by_type.items()}, 0)

    # --- links -------------------------------------------------------------------------

    def links(self, p: int, occ: int) -> bool:
        """Whether pair p links on ``occ``.  Each pair keeps a *witness*: one tile on each
        of its paths.  While every witness tile is left, every path is blocked
        (a test of one integer operation); otherwise the paths are tested and the witness
        renewed.  It needs no undoing: it is checked against the position asked about."""
        witness = self.witness[p]
        if witness and witness & occ == witness:
            return False
        witness = 0
        for mask in self.masks[p]:
            on = mask & occ
            if not on:
                return True
            witness |= on & -on
        self.witness[p] = witness
        return False

    def _linked(self, node: PairingNode, p: int) -> bool:
        if node.linked >> p & 1:
            return True
        if self.links(p, node.occ):
            node.linked |= 1 << p
            return True
        return False

    def _pair(self, t: int, u: int) -> int:
        return self.pair_id[(t, u) if t < u else (u, t)]

    # --- reductions ----------------------------------------------------------------------

    def _play(self, node: PairingNode, p: int, moves: list[ClearMove]) -> None:
        t, u = self.pair_tiles[p]
        node.occ &= ~self.both[p]
        moves.append(ClearMove.of(self.pos.cell(self.cells[t]), self.pos.cell(self.cells[u])))

    def group(self, tiles: tuple[int, ...]) -> list[int]:
        """The pairs among these tiles (of one type)."""
        pairs = self.groups.get(tiles)
        if pairs is None:
            pairs = [self._pair(t, u) for i, t in enumerate(tiles) for u in tiles[i + 1 :]]
            self.groups[tiles] = pairs
        return pairs

    def alone(self, node: PairingNode, tiles: tuple[int, ...], occ: int) -> list[int] | None:
        """Pairs of these tiles that clear them in turn on ``occ``, or None.  Deciding that
        is a search of its own (exponential in the type's size), so it looks at no more
        than ``ALONE_WORK`` pairs and then answers None: the reduction is optional, and
        a type it leaves open is paired up by the search."""
        linked, witness = node.linked, self.witness
        for p in self.group(tiles):  # the usual answer, found without the search: no pair links
            w = witness[p]
            if linked >> p & 1 or not (w and w & occ == w):
                break
        else:
            return None
        failed: set[int] = set()  # occupancies from which the tiles left cannot go alone
        work = ALONE_WORK

        def clear(tiles: tuple[int, ...], occ: int) -> list[int] | None:
            nonlocal work
            if not tiles:
                return []
            if occ in failed:
                return None
            for p in self.group(tiles):
                work -= 1
                if work < 0:
                    return None
                if linked >> p & 1 or self.links(p, occ):
                    t, u = self.pair_tiles[p]
                    after = clear(tuple(x for x in tiles if x != t and x != u), occ & ~both[p])
                    if after is not None:
                        return [p, *after]
                    if work < 0:
                        return None
            failed.add(occ)
            return None

        both = self.both
        return clear(tiles, occ)

    def close(self, node: PairingNode, moves: list[ClearMove]) -> None:
        """Play committed pairs that link and clear open types that can go alone, until
        neither happens (both sound; see the module's notes)."""
        changed = True
        while changed:
            changed = False
            if node.pending:
                waiting = []
                for p in node.pending:
                    if self._linked(node, p):
                        self._play(node, p, moves)
                        self.stats.forced += 1
                        changed = True
                    else:
                        waiting.append(p)
                node.pending = waiting
            for kind, tiles in list(node.open.items()):
                if len(tiles) == 2:
                    del node.open[kind]
                    node.pending.append(self._pair(*tiles))
                    changed = True
                    continue
                alone = self.alone(node, tiles, node.occ)
                if alone is not None:
                    del node.open[kind]
                    for p in alone:
                        self._play(node, p, moves)
                        self.stats.forced += 1
                    changed = True

    # --- dead ends -----------------------------------------------------------------------

    def stuck(self, node: PairingNode) -> bool:
        """Whether some tile can never be set free (see the module's notes)."""
        active = list(node.pending)
        for tiles in node.open.values():
            active += self.group(tiles)
        occ, linked, both, links = node.occ, node.linked, self.both, self.links
        witness = self.witness
        progress = True
        while progress and active:
            progress = False
            waiting = []
            for p in active:
                cells = both[p]
                if not occ & cells:
                    continue  # both tiles set free already
                w = witness[p]
                if not linked >> p & 1 and ((w and w & occ == w) or not links(p, occ)):
                    waiting.append(p)  # (the witness: ``links``'s first test, without the call)
                else:
                    occ &= ~cells
                    progress = True
            active = waiting
        return occ != 0

    # --- search --------------------------------------------------------------------------

    def _options(self, node: PairingNode, kind: int) -> list[int]:
        """Partners for the type's first open tile not ruled out, those that link first."""
        tiles = node.open[kind]
        pairs = [self._pair(tiles[0], u) for u in tiles[1:]]
        pairs = [p for p in pairs if self.masks[p] and not node.banned >> p & 1]
        return sorted(pairs, key=lambda p: not self._linked(node, p))

    def _commit(self, node: PairingNode, kind: int, p: int) -> tuple[PairingNode, list[ClearMove]]:
        """The node with pair p committed, closed, and the moves the closure played."""
        self.work += 1
        child = node.copy()
        t, u = self.pair_tiles[p]
        rest = tuple(x for x in child.open.pop(kind) if x not in (t, u))
        child.pending.append(p)
        if rest:
            child.open[kind] = rest
        played: list[ClearMove] = []
        self.close(child, played)
        return child, played

    def _key(self, node: PairingNode) -> tuple[int, int]:
        return node.occ, sum(1 << p for p in node.pending)

    def search(self, node: PairingNode, moves: list[ClearMove]) -> bool:
        """Whether ``node`` (closed) can be cleared; on success ``moves`` ends with it.

        Every option of every open type is tried one step ahead (committed and closed); an
        option whose position is dead is ruled out for the whole subtree (a clearing of a
        descendant with it would be one of this position with it).  A type with one
        option left is committed without branching; the search branches on the type with
        the fewest options left."""
        if not node.occ:
            return True
        key = self._key(node)
        if key in self.dead:
            self.stats.table_hits += 1
            return False
        self.stats.nodes += 1
        self.budget.check(self.stats)
        if self.limit is not None:
            self.limit -= 1
            if self.limit < 0:
                raise _Exhausted
        start = len(moves)
        keys = [key]
        node, best = self.look_ahead(node, moves, keys)
        if not node.occ:
            return True
        for _, child, played in best or ():
            child.banned |= node.banned
            mark = len(moves)
            moves.extend(played)
            if self.search(child, moves):
                return True
            del moves[mark:]
        self.dead.update(keys)
        del moves[start:]
        return False

    def look_ahead(
        self, node: PairingNode, moves: list[ClearMove], keys: list[tuple[int, int]]
    ) -> tuple[PairingNode, list[_Option] | None]:
        """Rule out options one step ahead and commit the types left with one option.
        Returns the position reached (``moves`` extended with the moves played on the way,
        ``keys`` with its key) and the options of the type to branch on: None when the
        position is dead, anything when it is cleared (no tiles left)."""
        while True:
            if not node.open or self.stuck(node):
                return node, None
            best: list[_Option] | None = None
            for kind in list(node.open):
                self.budget.check(self.stats)  # a look-ahead can take a while
                if self.work_limit is not None and self.work > self.work_limit:
                    raise _Exhausted
                if self.work_cap is not None and self.work > self.work_cap:
                    raise _Exhausted
                live = []
                for p in self._options(node, kind):
                    child, played = self._commit(node, kind, p)
                    if not child.occ:
                        moves.extend(played)
                        return child, []
                    if self._key(child) in self.dead or self.stuck(child):
                        node.banned |= 1 << p
                    else:
                        live.append((p, child, played))
                if len(live) <= 1:
                    best = live
                    break
                if best is None or len(live) < len(best):
                    best = live
            if best is None or len(best) != 1:
                return node, best or None
            _, child, played = best[0]
            child.banned |= node.banned
            node = child
            moves.extend(played)
            self.stats.forced += 1
            keys.append(self._key(node))

    def _choose(self, node: PairingNode) -> int:
        """For the dive: the open type with a pair that links, the fewest such."""
        best, best_score = -1, (1 << 30, 0)
        for kind, tiles in node.open.items():
            linking = 0
            for i, t in enumerate(tiles):
                for u in tiles[i + 1 :]:
                    linking += self._linked(node, self._pair(t, u))
            score = (linking if linking else 1 << 20, kind)
            if score < best_score:
                best, best_score = kind, score
        return best

    def dive(self, node: PairingNode, moves: list[ClearMove]) -> bool:
        """A quick search without the look-ahead, for boards that hardly need a choice;
        gives up (False) once it has branched ``self.dive_left`` times."""
        if not node.occ:
            return True
        key = self._key(node)
        if key in self.dead or self.dive_left <= 0:
            return False
        self.dive_left -= 1
        self.stats.nodes += 1
        self.budget.check(self.stats)
        if not node.open or self.stuck(node):
            self.dead.add(key)
            return False
        kind = self._choose(node)
        start = len(moves)
        for p in self._options(node, kind):
            child, played = self._commit(node, kind, p)
            moves.extend(played)
            if self.dive(child, moves):
                return True
            del moves[start:]
        if self.dive_left > 0:
            self.dead.add(key)  # the subtree was searched in full
        return False

    def quick(self, node: PairingNode) -> list[ClearMove] | None:
        """The moves of a dive that clear ``node``, or None; its budget of branchings
        depends only on the position, so the answer is deterministic."""
        self.dive_left = 8 * len(node.open) + 8
        moves: list[ClearMove] = []
        return moves if self.dive(node.copy(), moves) else None

    def bounded(
        self, node: PairingNode, budget: int | None, work: int | None = None
    ) -> tuple[Status, list[ClearMove]]:
        """The search from ``node`` stopped after ``budget`` branchings, or once it has
        looked at ``work`` positions in all (so deterministic): (``FOUND``, its
        clearing), (``EXHAUSTED``, []) when it proved ``node`` dead, or
        (``OUT_OF_NODES``, []) when the budget ran out.  What it proved dead stays in the
        table."""
        moves: list[ClearMove] = []
        self.limit = budget
        self.work_limit = work
        try:
            found = self.search(node.copy(), moves)
        except _Exhausted:
            return Status.OUT_OF_NODES, []
        finally:
            self.limit = self.work_limit = None
        return (Status.FOUND, moves) if found else (Status.EXHAUSTED, [])

    def kernel(self, reduce: bool = True, hint_branchings: int = 0) -> Kernel:
        """The board reduced (``reduce``: the closure and the look-ahead; else the whole
        board, every pair a candidate), and a hint found by the dive or, failing that,
        by the search stopped after ``hint_branchings`` branchings (which may also prove
        the board dead).  Candidates leave out pairs without a path of at most K turns
        and pairs the look-ahead ruled out (committing one makes a dead position, so no
        clearing from here uses it)."""
        moves: list[ClearMove] = []
        node = self.root.copy()
        if reduce:
            self.close(node, moves)
            if node.occ:
                node, options = self.look_ahead(node, moves, [])
                if node.occ and options is None:
                    return Kernel(Status.EXHAUSTED, tuple(moves))
        if not node.occ:
            return Kernel(Status.FOUND, tuple(moves))
        hint = None
        if reduce:
            hint = self.quick(node)
            if hint is None and hint_branchings:
                status, clearing = self.bounded(node, hint_branchings)
                if status == Status.EXHAUSTED:
                    return Kernel(Status.EXHAUSTED, tuple(moves))
                hint = clearing if status == Status.FOUND else None
        cell = self.pos.cell
        tiles = [t for t in range(len(self.cells)) if node.occ & self.bits[t]]
        candidates = [(p, True) for p in node.pending]
        for group in node.open.values():
            candidates += [
                (p, False) for p in self.group(group) if self.masks[p] and not node.banned >> p & 1
            ]
        pairs = []
        for p, committed in candidates:
            self.budget.check(self.stats, "the kernel was still being listed")
            t, u = self.pair_tiles[p]
            paths = tuple(
                tuple(cell(self.cells[w]) for w in _tiles_on(mask & node.occ))
                for mask in self.masks[p]
            )
            pairs.append(KernelPair(cell(self.cells[t]), cell(self.cells[u]), committed, paths))
        return Kernel(
            Status.RUNNING,
            tuple(moves),
            tuple(cell(self.cells[t]) for t in tiles),
            tuple(pairs),
            None if hint is None else tuple(hint),
        )

    def run(
        self,
        dive: Callable[[], list[ClearMove] | None] | None = None,
        finish: Callable[[PairingNode, list[ClearMove]], list[ClearMove] | None] | None = None,
        late_after: int = 0,
    ) -> list[ClearMove] | None:
        """A clearing of the board, or None.  ``dive``, another engine's bounded try at a
        whole clearing, runs when the quick dive finds none, before the full search.
        With the budget's ``nodes`` the full search branches at most that often and raises
        SearchTimeout after (a deterministic limit, unlike a clock).  Without them, when
        this search has looked at ``late_after`` positions (``work``) without deciding the
        board, ``finish`` decides it from the position reached (given the moves that led
        there), if given: a whole clearing or None.  What this search proved dead stays
        proved."""
        moves: list[ClearMove] = []
        node = self.root.copy()
        self.close(node, moves)
        rest = self.quick(node)
        limit = self.budget.nodes
        if rest is None and dive is not None:
            whole = dive()
            if whole is not None:
                return whole
        if rest is None and limit is None and finish is not None:
            status, clearing = self.bounded(node, None, self.work + late_after)
            if status == Status.EXHAUSTED:
                return None
            if status == Status.OUT_OF_NODES:
                return finish(node, moves)
            rest = clearing
        if rest is None and limit is not None:
            status, clearing = self.bounded(node, limit)
            if status == Status.OUT_OF_NODES:
                raise self.budget.used_up(self.stats, "branchings")
            if status == Status.EXHAUSTED:
                return None
            rest = clearing
        elif rest is None:
            rest = []
            if not self.search(node, rest):
                return None
        return moves + rest


def _tiles_on(mask: int) -> list[int]:
    """The tiles of a mask (bit t for tile t)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
