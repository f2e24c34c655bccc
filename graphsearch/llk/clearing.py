"""The default whole-board engine: an exact depth-first search over positions.

Without gravity and with at most two turns, ``solve`` hands the board to the search over
pairings (``graphsearch.llk.pairing``); the move search below covers gravity and longer
links.

A state is the set of tiles left (with gravity, the whole board).  Sound reductions, each
applied before a position is branched on:

* **No gravity: removals only open paths.**  Taking a tile off never closes a path, so a
  move that links now links in every later position.  Hence:

  - *a type that can be cleared by its own moves now goes whole* (in particular its last
    two tiles, when they link).  Any clearing of the board pairs this type's tiles somehow;
    doing this type's moves first instead leaves every other move of that clearing legal
    (its board only has fewer tiles), so the board is clearable iff it is clearable after.
  - *the moves known to link stay known*: a child inherits its parent's linked pairs, and
    only the others are tested again (the incremental update of which pairs link).

  - *a deadlock is dead*: take every type; set free each type one of whose pairs links
    on the board of the types not yet free (their tiles alone), and repeat.  Types that
    are never set free can never lose a tile: the first move of any of them would need a
    path clear of all of their tiles, a path that would have set its type free.

* **With gravity: a type whose tiles all lie on top of their lines** (no tile beyond them
  away from the gravity side) **and that can be cleared by its own moves now goes whole.**
  Removing a tile on top moves no other tile, and a tile on top stays on top (tiles only
  fall toward it from below, never land beyond it).  So in any clearing of the board these
  tiles only ever sit on top, and the same clearing without this type's moves is legal on
  the board without them: every other tile stands where it stood, and paths only have
  fewer tiles on them.

* **Every gravity:** a table of positions already proven dead (a position's outcome does not
  depend on how it was reached); a position with tiles left and no move is dead; a type
  with an odd count is dead from the start.  With gravity a removal moves tiles, which can
  close paths, so neither reduction above holds and a position is the whole board.

Moves are tried types with the fewest tiles first (the last pair of a type can always go;
larger types offer the choice that decides a board), then, with gravity, the pairs that
move the most tiles first (a tile deep in its line; on 16 x 9 boards with the ring this
took 40% fewer positions on sixteen hard clearable boards and 21% fewer on thirty of
medium difficulty than row-major order did), then pairs in row-major order.

With gravity and at most two turns, in every mode, the search is that of
``graphsearch.llk.core`` (the same search, compiled when the package is installed; where it
was not, this module's search runs instead, which is faster as Python).  Without gravity,
a board the pairing search has not decided within ``LATE_AFTER``
positions is raced by the two at once, the same compiled search in a thread beside the
pairing search (``Rival``): exact, and deterministic in each search's positions.
"""

from __future__ import annotations

import sys
import threading
from array import array
from types import ModuleType
from typing import TYPE_CHECKING, cast

from graphsearch.deadline import Deadline
from graphsearch.errors import SearchTimeout
from graphsearch.llk import core
from graphsearch.llk.game import ClearMove, settled_rows
from graphsearch.llk.gravity import GRAVITIES, SIMPLE
from graphsearch.llk.grid import InvalidGridError
from graphsearch.llk.position import ALONE_WORK, Position, links
from graphsearch.llk.result import ClearResult, ClearStats
from graphsearch.llk.rules import ClearRules

if TYPE_CHECKING:
    from graphsearch.llk.pairing import PairingNode, PairingSearch

__all__ = [
    "MOVE_DIVE_POSITIONS",
    "ClearResult",
    "ClearStats",
    "Rival",
    "compiled_fits",
    "core_search",
    "solve",
]

# Without gravity, when the pairing search's own dive finds nothing: a dive of the move
# search over this many positions, before the full pairing search.  Some boards that the
# pairing search takes seconds over are cleared by the first moves a move search tries.
MOVE_DIVE_POSITIONS = 40

# With gravity the compiled search changes its move order after this many positions, and
# again at each doubling (``_solve_compiled``).
RESTART_NODES = 20_000

# Positions the compiled search searches between looks at the clock (some milliseconds;
# fewer on large boards, see ``_solve_compiled``).
COMPILED_SLICE = 5000

# Without gravity, when the pairing search has looked at LATE_AFTER positions one step
# ahead without deciding the board (some 3 to 4 s; every board of a 40-board 16 x 9 sample
# took fewer), the compiled move search joins it (``Rival``): on the boards that take the
# pairing search longest, a plain depth-first search with a table of dead positions often
# decides in seconds (and on others the pairing search decides in a few branchings what
# the depth-first search needs millions of positions for).  RACE_RATIO: the compiled
# search's positions that count as one position of the pairing search's in the race, about
# the ratio of what each costs (16 x 9: some 1.1 ms against 33 us).  The compiled search's
# answer counts only once the pairing search has caught up on that clock, so a ratio below
# the true one makes the race as slow as the pairing search.
LATE_AFTER = 4000
RACE_RATIO = 32

# The move search's table of dead positions holds at most DEAD_BYTES (a key is the padded
# grid, a byte a cell: 1 MB a position on a 1000 x 1000 board), and the positions on its
# stack at most MOVE_BYTES (a board that would need more is refused).
DEAD_BYTES = 1 << 28
MOVE_BYTES = 384 << 20


class _Exhausted(Exception):
    """A dive used up its positions."""


class _Search:
    def __init__(self, max_turns: int, deadline: Deadline) -> None:
        self.max_turns = max_turns
        self.deadline = deadline
        self.budget: int | None = None  # positions left to a dive
        self.dead: set[bytes] = set()
        self.dead_bytes = 0  # what the table's keys hold, kept under DEAD_BYTES
        self.stats = ClearStats()

    def _proven_dead(self, *keys: bytes) -> None:
        """Put positions in the table; a full table is emptied (a forgotten position is
        only searched again)."""
        size = sum(map(len, keys)) + 80 * len(keys)
        if self.dead_bytes + size > DEAD_BYTES:
            self.dead.clear()
            self.dead_bytes = 0
        self.dead.update(keys)
        self.dead_bytes += size

    def moves(self, pos: Position, linked: set[tuple[int, int]]) -> list[tuple[int, int]]:
        """Every linked pair, types with the fewest tiles first, then (with gravity) the
        pairs that move the most tiles first; ``linked`` holds pairs known to link (no
        gravity) and is brought up to date.  Pairs of removed tiles may stay in it: without
        gravity a cell never holds a new tile, so they are never asked about again."""
        out = []
        order = sorted(
            (kind for kind in range(1, len(pos.tiles)) if pos.tiles[kind]),
            key=lambda kind: len(pos.tiles[kind]),
        )
        for kind in order:
            if len(pos.tiles[kind]) > 8 and self.deadline.passed():  # a large type: many pairs
                raise SearchTimeout("the search had not finished", self.stats)
            for pair in pos.pairs(kind):
                if pair in linked or pos.links(*pair, self.max_turns):
                    linked.add(pair)
                    out.append(pair)
        if pos.gravity != "none":
            out.sort(
                key=lambda p: (len(pos.tiles[pos.grid[p[0]]]), -pos.beyond(p[0]) - pos.beyond(p[1]))
            )
        return out

    def reduce(self, pos: Position, path: list[ClearMove]) -> None:
        """Clear every type its own moves can clear now (with gravity: every type whose
        tiles all lie on top), until none can."""
        tops = pos.gravity != "none"
        changed = True
        while changed:
            changed = False
            for kind in range(1, len(pos.tiles)):
                if pos.tiles[kind] and not (tops and not all(map(pos.on_top, pos.tiles[kind]))):
                    own = self._clear_alone(pos, kind)
                    if own is not None:
                        for a, b in own:
                            path.append(ClearMove.of(pos.cell(a), pos.cell(b)))
                            pos.remove(a, b)
                            self.stats.forced += 1
                        changed = True

    def _clear_alone(self, pos: Position, kind: int) -> list[tuple[int, int]] | None:
        """Moves of this type alone that clear it, in order, or None; it tests at most
        ``ALONE_WORK`` pairs (the compiled search counts alike), then gives up."""
        work = ALONE_WORK

        def clear(pos: Position) -> list[tuple[int, int]] | None:
            nonlocal work
            for a, b in pos.pairs(kind):
                work -= 1
                if work < 0:
                    return None
                if pos.links(a, b, self.max_turns):
                    if len(pos.tiles[kind]) == 2:
                        return [(a, b)]
                    trial = pos.copy()
                    trial.remove(a, b)
                    rest = clear(trial)
                    if rest is not None:
                        return [(a, b), *rest]
            return None

        return clear(pos)

    def deadlocked(self, pos: Position, linked: set[tuple[int, int]]) -> bool:
        """No gravity: whether some types can never lose a tile (see the module's notes)."""
        rows, cols, W = pos.rows[:], pos.cols[:], pos.W
        stuck = [kind for kind in range(1, len(pos.tiles)) if pos.tiles[kind]]
        progress = True
        while progress and stuck:
            progress = False
            for kind in stuck[:]:
                pairs = list(pos.pairs(kind))
                if any(pair in linked for pair in pairs) or any(
                    links(rows, cols, W, a, b, self.max_turns) for a, b in pairs
                ):
                    stuck.remove(kind)
                    for cell in pos.tiles[kind]:
                        y, x = divmod(cell, W)
                        rows[y] &= ~(1 << x)
                        cols[x] &= ~(1 << y)
                    progress = True
        return bool(stuck)

    def dive(self, pos: Position, budget: int) -> list[ClearMove] | None:
        """The move search on a copy of ``pos``, stopped after ``budget`` positions (so
        deterministic): its clearing, or None when it proved none or ran out."""
        self.budget = budget
        path: list[ClearMove] = []
        try:
            found = self.clear(pos.copy(), set(), path)
        except _Exhausted:
            found = False
        finally:
            self.budget = None
        return path if found else None

    def clear(self, pos: Position, linked: set[tuple[int, int]], path: list[ClearMove]) -> bool:
        """Whether ``pos`` can be cleared; on success ``path`` ends with the clearing.

        A dead position goes into the table both as the move made it and as the
        reductions left it: the compiled search looks a move's position up before it
        makes the move (and so before reducing it), and both searches count alike."""
        start = len(path)
        made = pos.key()  # the position the move made, before the reductions
        if made in self.dead:
            self.stats.table_hits += 1
            return False
        self.reduce(pos, path)
        if not pos.remaining():
            return True
        key = pos.key()
        if key != made and key in self.dead:
            self.stats.table_hits += 1
            self._proven_dead(made)
            del path[start:]
            return False
        self.stats.nodes += 1
        if self.deadline.expired():
            raise SearchTimeout("the search had not finished", self.stats)
        if self.budget is not None:
            self.budget -= 1
            if self.budget < 0:
                raise _Exhausted
        if pos.gravity == "none" and self.deadlocked(pos, linked):
            self._proven_dead(key, made)
            del path[start:]
            return False
        for a, b in self.moves(pos, linked):
            child = pos.copy()
            path.append(ClearMove.of(pos.cell(a), pos.cell(b)))
            child.remove(a, b)
            inherited = linked.copy() if pos.gravity == "none" else set()
            if self.clear(child, inherited, path):
                return True
            path.pop()
        self._proven_dead(key, made)
        del path[start:]
        return False


def solve(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    compiled: bool | None = None,
) -> ClearResult:
    """A clearing of the whole board, or None when no order of moves clears it.

    Raises SearchTimeout when ``time_limit`` runs out, or when the search has branched
    ``max_nodes`` times (after its dives): a limit that, unlike a clock, gives the same
    verdict on every machine.  ``compiled``: True searches with ``core`` (gravity, at most
    two turns), False never, None (the default) where it was compiled and
    takes the board; the clearing is the same.  The rules are ``rules`` with any of the
    keywords in place of its own (``ClearRules.of``)."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    outside, max_turns, gravity = rules.outside, rules.max_turns, rules.gravity
    pos = Position(settled_rows(board, gravity), outside=outside, gravity=gravity)
    pairs = pos.like_pairs()
    # the clock is read about every millisecond of work: a position costs about a
    # microsecond a like pair (its moves) and a few nanoseconds a cell (its copy)
    work = pairs + len(pos.grid) // 64 + 1
    deadline = Deadline(time_limit, every=max(1, min(64, 4000 // work)))
    search = _Search(max_turns, deadline)
    path: list[ClearMove] = []
    odd = any(len(cells) % 2 for cells in pos.tiles)  # a type with an odd count never goes
    # the search goes a level deeper a move: up to half the tiles
    sys.setrecursionlimit(max(sys.getrecursionlimit(), pos.remaining() + 1000))
    try:
        if gravity == "none" and max_turns <= 2 and not odd:
            from graphsearch.llk.pairing import PairingSearch  # only without gravity

            pairing = PairingSearch(pos, max_turns, deadline, search.stats)
            race = None
            if compiled is not False and compiled_fits(pos, max_turns) and core.COMPILED:
                start = pos.copy()

                def race(node: PairingNode, moves: list[ClearMove]) -> list[ClearMove] | None:
                    return Rival(start, deadline, search.stats, max_turns).race(
                        pairing, node, moves
                    )

            moves = pairing.run(
                lambda: search.dive(pos, MOVE_DIVE_POSITIONS), max_nodes, race, LATE_AFTER
            )
            found = moves is not None
            path = moves or []
        elif odd:
            found = False
        else:
            _check_move_search_size(pos)
            search.budget = max_nodes
            if _use_core(compiled, pos, max_turns):
                found, path = _solve_compiled(pos, max_turns, deadline, max_nodes, search.stats)
            else:
                found, path = _move_search(search, pos, max_nodes)
    finally:
        search.stats.seconds = round(deadline.elapsed(), 6)
    return ClearResult(tuple(path) if found else None, "search", search.stats)


def _move_search(
    search: _Search, pos: Position, max_nodes: int | None
) -> tuple[bool, list[ClearMove]]:
    """The Python move search of ``pos``."""
    path: list[ClearMove] = []
    try:
        return search.clear(pos.copy(), set(), path), path
    except _Exhausted:
        message = f"the search used up its {max_nodes} positions"
        raise SearchTimeout(message, search.stats) from None


def _check_move_search_size(pos: Position) -> None:
    """Refuse a board whose positions down one line of the move search (a copy of the
    padded grid a level, a level a move) would take more than ``MOVE_BYTES``."""
    need = (pos.remaining() // 2 + 1) * len(pos.grid) * 9
    if need > MOVE_BYTES:
        raise InvalidGridError(
            f"the board is too large for the move search: its positions could take "
            f"{need >> 20} MB, and it holds at most {MOVE_BYTES >> 20} MB"
        )


def compiled_fits(pos: Position, max_turns: int) -> bool:
    """Whether the compiled search takes this board under links of ``max_turns`` turns
    (any number): types that fit in a byte, a padded grid of at most 64 x 64 cells (a
    row's or a column's cells are a word), and move lists of at most 256 MB (a level's
    every pair, for every level)."""
    pairs = pos.like_pairs()
    levels = pos.remaining() // 2 + 2
    return (
        max_turns >= 0
        and pos.gravity in GRAVITIES
        and len(pos.types) <= 255
        and max(pos.W, len(pos.grid) // pos.W) <= 64
        and levels * (pairs + 1) * 24 <= 1 << 28
    )


class Rival:
    """Without gravity: the compiled move search of the whole board, raced against the
    pairing search: the compiled one in a thread (it runs without the GIL), the pairing
    search in this one.  The answer is that of the search that decides first on a clock
    of positions, ``RACE_RATIO`` of the compiled search's to one of the pairing search's
    (about what each costs): each search is deterministic in its positions, so the answer
    is the same on every run and machine."""

    def __init__(
        self, pos: Position, deadline: Deadline, stats: ClearStats, max_turns: int = 2
    ) -> None:
        self.pos, self.deadline, self.stats = pos, deadline, stats
        self.search = core_search(pos, max_turns)
        self.status = core.RUNNING

    def verdict(self) -> tuple[bool, list[ClearMove]]:
        """The decided search's verdict: (True, its clearing) or (False, [])."""
        if self.status == core.FOUND:
            cell = self.pos.cell
            return True, [ClearMove.of(cell(a), cell(b)) for a, b in self.search.clearing()]
        return False, []

    def race(
        self, pairing: PairingSearch, node: PairingNode, moves: list[ClearMove]
    ) -> list[ClearMove] | None:
        """Decide the board from the pairing search's ``node`` (``moves`` led there): a
        whole clearing or None.

        The compiled search wins when it decides at n positions in all, the pairing search
        at work w (or not at all), and n < w * RACE_RATIO.  So the pairing search is stopped
        once its work passes n // RACE_RATIO, and the compiled one once its positions reach
        w * RACE_RATIO; where either stops, in its own positions, does not depend on when
        the other one got there."""
        control = array("q", [0, -1])  # [stop, cap]: read by the compiled search

        def compiled() -> None:
            # one call, without the GIL until the search decides or is stopped (through
            # ``control``), rather than slices that take the GIL back between them
            self.status = self.search.step(1 << 62, None, control)
            if self.status != core.RUNNING:
                pairing.work_cap = self.search.counters()[0] // RACE_RATIO

        thread = threading.Thread(target=compiled, name="compiled clearing search", daemon=True)
        thread.start()
        try:
            found, rest = pairing.bounded(node, None, None)
            work = pairing.work
            if found is not None:
                control[1] = work * RACE_RATIO
            while thread.is_alive():
                thread.join(0.05)
                if self.deadline.passed():
                    raise SearchTimeout("the search had not finished", self.stats)
        finally:
            control[0] = 1
            thread.join()
            pairing.work_cap = None
            nodes, hits, _ = self.search.counters()
            self.stats.nodes += nodes
            self.stats.table_hits += hits
        decided = self.status != core.RUNNING
        if decided and (found is None or nodes < work * RACE_RATIO):
            verdict, whole = self.verdict()
            return whole if verdict else None
        if found is None:
            raise RuntimeError("the pairing search stopped while the compiled one runs on")
        return moves + rest if found else None


def _use_core(compiled: bool | None, pos: Position, max_turns: int) -> bool:
    """Whether the move search of a board (with gravity, or with more than two turns) is
    that of ``core``."""
    fits = compiled_fits(pos, max_turns)
    if compiled and not fits:
        raise ValueError("the compiled search needs a board it can hold")
    return fits and (compiled or (compiled is None and core.COMPILED))


def core_search(pos: Position, max_turns: int = 2, module: ModuleType = core) -> core.ClearCore:
    """A search of ``pos`` by ``core`` (or by ``module``, the core loaded otherwise, as
    ``graphsearch.cores.uncompiled`` loads it for the tests)."""
    types = len(pos.types) - 1
    make = cast(type[core.ClearCore], module.ClearCore)
    if pos.gravity in ("none", *SIMPLE):
        lines = pos.lines()
        return make(pos.grid, pos.W, types, pos.gravity, lines, ALONE_WORK, max_turns=max_turns)
    rows = [[(y + pos.pad) * pos.W + x + pos.pad for x in range(pos.m)] for y in range(pos.n)]
    passes = [[list(line) for line in lines] for lines in pos.geometry.passes]
    return make(
        pos.grid, pos.W, types, pos.gravity, rows, ALONE_WORK, passes=passes, max_turns=max_turns
    )


def _solve_compiled(
    pos: Position, max_turns: int, deadline: Deadline, max_nodes: int | None, stats: ClearStats
) -> tuple[bool, list[ClearMove]]:
    """The search of ``core`` from ``pos`` (with gravity, no odd type); its statistics go
    into ``stats``.  The search changes its move order at ``RESTART_NODES`` positions and
    then at each doubling of them (``ClearCore.restart``, which keeps what it proved
    dead): the order tuned on falling tiles dives in vain on some boards whose lines run
    the long way, where taking the types in turn finds a clearing at once."""
    search = core_search(pos, max_turns)

    def update() -> None:
        stats.nodes, stats.table_hits, stats.forced = search.counters()

    # a position costs about a microsecond a like pair and a few nanoseconds a cell: a
    # slice of positions is some milliseconds on every board
    work = pos.like_pairs() + len(pos.grid) // 4 + 1
    slice_ = max(16, min(COMPILED_SLICE, 2_000_000 // work))
    restart_at, order = RESTART_NODES, core.ORDER_SHIFT
    while True:
        nodes = search.counters()[0]
        if nodes >= restart_at:
            order = core.ORDER_TYPES if order == core.ORDER_SHIFT else core.ORDER_SHIFT
            search.restart(order)
            restart_at *= 2
        status = search.step(max(1, min(slice_, restart_at - nodes)), max_nodes)
        if status != core.RUNNING:
            break
        if deadline.passed():
            update()
            raise SearchTimeout("the search had not finished", stats)
    update()
    if status == core.OUT_OF_NODES:
        raise SearchTimeout(f"the search used up its {max_nodes} positions", stats)
    if status == core.EXHAUSTED:
        return False, []
    return True, [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in search.clearing()]
