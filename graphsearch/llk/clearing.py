"""The default whole-board engine: an exact depth-first search over positions.

Without gravity and with at most two turns, ``solve`` hands the board to the search over
pairings (``graphsearch.llk.pairing``); the move search covers gravity and links of other
than two turns.  The move search exists once, in ``graphsearch.llk.core`` (compiled when the
package is installed; where it was not, the same source runs as Python); this module
chooses and drives it.

A state is the set of tiles left (with gravity, the whole board).  Sound reductions, each
applied before a position is branched on:

* **No gravity: removals only open paths.**  Taking a tile off never closes a path, so a
  move that links now links in every later position.  Hence *a type that can be cleared by
  its own moves now goes whole* (in particular its last two tiles, when they link).  Any
  clearing of the board pairs this type's tiles somehow; doing this type's moves first
  instead leaves every other move of that clearing legal (its board only has fewer tiles),
  so the board is clearable iff it is clearable after.

* **With gravity, in a mode whose tiles never leave their lines: a type whose tiles all
  lie on top of their lines** (no tile beyond them away from the gravity side) **and that
  can be cleared by its own moves now goes whole.**  Removing a tile on top moves no other
  tile, and a tile on top stays on top (tiles only fall toward it from below, never land
  beyond it).  So in any clearing of the board these tiles only ever sit on top, and the
  same clearing without this type's moves is legal on the board without them: every other
  tile stands where it stood, and paths only have fewer tiles on them.

* **Every gravity:** a table of positions already proven dead (a position's outcome does not
  depend on how it was reached, nor on the order of moves that proved it); a position with
  tiles left and no move is dead; a type with an odd count is dead from the start.

Moves are tried types with the fewest tiles first (the last pair of a type can always go;
larger types offer the choice that decides a board), then, with gravity, the pairs that
move the most tiles first (a tile deep in its line), then pairs in row-major order.  With
gravity the search starts over, keeping its table, with the pairs that move the fewest
tiles first, then with the types in turn, then in orders drawn from a seed, after runs of
``RESTART_NODES`` positions times the terms of Luby's sequence: on some boards one order
dives in vain where another clears at once, and Luby's runs are within a constant factor of
the best fixed run length for an unknown spread of run times.

A board past the core's limits (a line of more than 62 cells, more than 254 types) goes to
the plain exhaustive search of ``clearing_dfs``.  Without gravity, a board the pairing
search has not decided within ``LATE_AFTER`` positions is raced by the two at once, the
compiled move search in a thread beside the pairing search (``Rival``): exact, and
deterministic in each search's positions.
"""

from __future__ import annotations

import contextlib
import os
import threading
from array import array
from types import ModuleType
from typing import TYPE_CHECKING, cast

from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError
from graphsearch.llk import core
from graphsearch.llk.game import ClearMove
from graphsearch.llk.gravity import NO_LINES, PASSES, REPEATED_PASSES, family
from graphsearch.llk.grid import InvalidGridError, as_rows
from graphsearch.llk.position import ALONE_WORK, Position
from graphsearch.llk.result import ClearResult, ClearStats, Status
from graphsearch.llk.rules import ClearRules

if TYPE_CHECKING:
    from graphsearch.llk.pairing import PairingNode, PairingSearch

__all__ = [
    "MOVE_DIVE_POSITIONS",
    "TABLE_MB",
    "ClearResult",
    "ClearStats",
    "Rival",
    "board_core",
    "compiled_fits",
    "core_search",
    "luby",
    "memory_bytes",
    "solve",
    "table_mb_for",
]

# Without gravity, when the pairing search's own dive finds nothing: a dive of the move
# search over this many positions, before the full pairing search.  Some boards that the
# pairing search takes seconds over are cleared by the first moves a move search tries.
MOVE_DIVE_POSITIONS = 40

# With gravity the compiled search changes its move order after runs of this many positions
# times the terms of Luby's sequence (1, 1, 2, 1, 1, 2, 4, ...), taking the orders in turn
# (``_solve_compiled``).
RESTART_NODES = 5_000

# With more than one worker (``solve(workers=...)``), a board the first search has not
# decided within PORTFOLIO_AFTER positions (a few tenths of a second) is searched by that
# many searches at once (``Portfolio``); below it every board is decided by the first
# search alone, the same way every time.  PORTFOLIO_SEEDS: worker k's drawn orders take
# seeds from k times this.
PORTFOLIO_AFTER = 100_000
PORTFOLIO_SEEDS = 1_000_000
PORTFOLIO_TABLES = 4
# The memory of a search's table of dead positions, in MB of slots, unless told
# (``solve(table_mb=...)``); the table starts small and grows only as the board needs.
TABLE_MB = core.TABLE_BYTES >> 20
# the positions proven dead in one slice that a search of a portfolio passes on to the
# others (more in a slice are kept to itself)
SHARED_PER_SLICE = 1 << 15

# Where a control group's memory limit is read (cgroup v2, v1): ``memory_bytes``.
CGROUP_LIMITS = ("/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes")

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


def solve(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    budget: Budget | None = None,
    compiled: bool | None = None,
    workers: int = 1,
    table_mb: int | None = None,
) -> ClearResult:
    """A clearing of the whole board, or None when no order of moves clears it.

    Raises SearchTimeout when ``time_limit`` runs out, or when the search has branched
    ``max_nodes`` times (after its dives): a limit that, unlike a clock, gives the same
    verdict on every machine; or the two as a ``budget``, whose ``stop`` another thread
    may call.  ``compiled``: None (the default) or True search with
    ``core`` as installed (True refuses, with ValueError, a board the core cannot hold);
    False runs the core's source as Python (the same clearing, slower; for the tests).
    ``workers``: with more than one, a board the move search has not decided within
    ``PORTFOLIO_AFTER`` positions in a mode of fixed lines is searched by that many
    searches at once, each in its own order, sharing what they prove dead
    (``Portfolio``; the pairing search, without gravity, and ``outward`` and ``inward``
    run one search).  ``table_mb``: the most memory (MB; ``TABLE_MB`` unless told) the
    move search's table of positions proven dead may take, shared by a portfolio's
    searches beyond ``PORTFOLIO_TABLES`` of them: a board that needs more positions than
    it holds keeps those nearest the start and searches the others again if met again,
    so a larger table decides hard boards in fewer positions (the pairing search keeps
    its own).
    The rules are ``rules`` with any of the keywords in place of its own
    (``ClearRules.of``)."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    outside, max_turns, gravity = rules.outside, rules.max_turns, rules.gravity
    tiles = as_rows(board)  # the core settles it first (no second settle on this path)
    pos = Position(tiles, outside=outside, gravity=gravity)
    budget = Budget.of(budget, time_limit, max_nodes)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise InvalidInputError(f"workers is a number of searches, at least 1, not {workers!r}")
    if table_mb is None:
        table_mb = TABLE_MB
    if isinstance(table_mb, bool) or not isinstance(table_mb, int) or table_mb < 1:
        raise InvalidInputError(f"table_mb is a number of megabytes, at least 1, not {table_mb!r}")
    table_bytes = table_mb << 20
    # the clock is read about every millisecond of work: a position costs about a
    # microsecond a like pair (its moves) and a few nanoseconds a cell (its copy)
    work = pos.like_pairs() + len(pos.grid) // 64 + 1
    budget.poll_every(min(64, 4000 // work))
    stats = ClearStats()
    budget.check(stats)  # a budget stopped before the search starts
    module = _core_module(compiled)
    fits = compiled_fits(pos, max_turns)
    if compiled and not fits:
        raise ValueError("the compiled search needs a board it can hold")
    engine = "search"
    found, path = False, list[ClearMove]()
    try:
        if any(len(cells) % 2 for cells in pos.tiles):
            found = False  # a type with an odd count never goes
        elif family(gravity) == NO_LINES and max_turns <= 2:
            found, path = _solve_pairing(pos, max_turns, budget, stats, module, fits, table_bytes)
        elif fits:
            found, path = _solve_compiled(
                pos, max_turns, budget, stats, module, workers, table_bytes
            )
        else:
            from graphsearch.llk import clearing_dfs

            engine = "dfs"  # a board past the core's limits: the plain exhaustive search
            try:
                result = clearing_dfs.solve(tiles, rules, budget=budget)
            except InvalidGridError as exc:
                raise InvalidGridError(
                    "the board is too large for the move search (a padded grid of at most "
                    "64 x 64 cells, fewer than 255 types) and for the plain search: "
                    + str(exc).split(": ", 1)[-1]
                ) from None
            found, path = result.clearable, list(result.moves or ())
    finally:
        stats.seconds = round(budget.elapsed(), 6)
    return ClearResult(tuple(path) if found else None, engine, stats)


def _core_module(compiled: bool | None) -> ModuleType:
    """The core the search runs: ``core`` as installed (compiled where a compiler was
    found), or with ``compiled=False`` its source run as Python."""
    if compiled is False:
        from graphsearch.cores import uncompiled

        return uncompiled(core.__name__)
    return core


def _solve_pairing(
    pos: Position,
    max_turns: int,
    budget: Budget,
    stats: ClearStats,
    module: ModuleType,
    fits: bool,
    table_bytes: int = core.TABLE_BYTES,
) -> tuple[bool, list[ClearMove]]:
    """Without gravity and with at most two turns: the pairing search, after a short dive
    of the move search, raced against the compiled move search once it runs late (both
    only when the core holds the board: ``fits``)."""
    from graphsearch.llk.pairing import PairingSearch  # only without gravity

    pairing = PairingSearch(pos, max_turns, budget, stats)
    race = None
    if fits and module is core and core.COMPILED:

        def race(node: PairingNode, moves: list[ClearMove]) -> list[ClearMove] | None:
            return Rival(pos, budget, stats, max_turns, table_bytes).race(pairing, node, moves)

    def dive() -> list[ClearMove] | None:
        if not fits:
            return None
        search = core_search(pos, max_turns, module)
        status = search.step(MOVE_DIVE_POSITIONS, MOVE_DIVE_POSITIONS)
        stats.nodes += search.counters()[0]
        if status != module.FOUND:
            return None
        return [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in search.clearing()]

    moves = pairing.run(dive, race, LATE_AFTER)
    return moves is not None, moves or []


def compiled_fits(pos: Position, max_turns: int) -> bool:
    """Whether the core takes this board under links of ``max_turns`` turns
    (any number): types that fit in a byte, a padded grid of at most 64 x 64 cells (a
    row's or a column's cells are a word), and move lists of at most 256 MB (a level's
    every pair, for every level)."""
    pairs = pos.like_pairs()
    levels = pos.remaining() // 2 + 2
    return (
        max_turns >= 0
        and pos.gravity in PASSES
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
        self,
        pos: Position,
        budget: Budget,
        stats: ClearStats,
        max_turns: int = 2,
        table_bytes: int = core.TABLE_BYTES,
    ) -> None:
        self.pos, self.budget, self.stats = pos, budget, stats
        self.search = core_search(pos, max_turns, table_bytes=table_bytes)
        self.status = Status.RUNNING

    def verdict(self) -> tuple[bool, list[ClearMove]]:
        """The decided search's verdict: (True, its clearing) or (False, [])."""
        if self.status == Status.FOUND:
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
            if self.status != Status.RUNNING:
                pairing.work_cap = self.search.counters()[0] // RACE_RATIO

        thread = threading.Thread(target=compiled, name="compiled clearing search", daemon=True)
        thread.start()
        try:
            status, rest = pairing.bounded(node, None, None)
            work = pairing.work
            if status != Status.OUT_OF_NODES:
                control[1] = work * RACE_RATIO
            while thread.is_alive():
                thread.join(0.05)
                self.budget.check(self.stats)
        finally:
            control[0] = 1
            thread.join()
            pairing.work_cap = None
            nodes, hits, _ = self.search.counters()
            self.stats.nodes += nodes
            self.stats.table_hits += hits
        decided = self.status != Status.RUNNING
        if decided and (status == Status.OUT_OF_NODES or nodes < work * RACE_RATIO):
            verdict, whole = self.verdict()
            return whole if verdict else None
        if status == Status.OUT_OF_NODES:
            raise RuntimeError("the pairing search stopped while the compiled one runs on")
        return moves + rest if status == Status.FOUND else None


def core_search(
    pos: Position,
    max_turns: int = 2,
    module: ModuleType = core,
    entries: int = core.TABLE_ENTRIES,
    table_bytes: int = core.TABLE_BYTES,
) -> core.ClearCore:
    """A search of ``pos`` by ``core`` (or by ``module``, the core loaded otherwise, as
    ``graphsearch.cores.uncompiled`` loads it for the tests), its table of dead positions
    holding at most ``entries`` in ``table_bytes`` of slots."""
    types = len(pos.types) - 1
    make = cast(type[core.ClearCore], module.ClearCore)
    kind = family(pos.gravity)
    if kind != REPEATED_PASSES:
        lines, passes = pos.lines(), None
    else:
        lines = pos.rows()
        passes = [[list(line) for line in one_pass] for one_pass in pos.geometry.passes]
    return make(
        pos.grid, pos.W, types, kind, lines, ALONE_WORK, entries, passes, max_turns, table_bytes
    )


def board_core(pos: Position, max_turns: int) -> core.ClearCore | None:
    """The core as a board to play on without a search (its link rule, removal and
    settle: ``ClearCore.linked``, ``play``, ``put``, ``load``), or None when the board is
    past its limits; its table holds next to nothing."""
    if not compiled_fits(pos, max_turns):
        return None
    return core_search(pos, max_turns, entries=2)


def _order(module: ModuleType, turn: int) -> tuple[int, int]:
    """The move order (and its seed) of the search's ``turn``-th start: the pairs that
    move the most tiles first, the fewest first, the types in turn, then orders drawn
    from the turn's number.  On the 58 QQ boards with ``down`` (of 200) that the three
    orders taken in turn again and again leave undecided at 4 s, within 1.5 million
    positions these orders decide 25 and those 22 (each decides some the other does not:
    which order finds a clearing is much a matter of luck)."""
    fixed = (module.ORDER_SHIFT, module.ORDER_STILL, module.ORDER_TYPES)
    if turn < len(fixed):
        return fixed[turn], 0
    return module.ORDER_DRAWN, turn


def _turn(worker: int, start: int) -> int:
    """The order (``_order``'s turn) of a worker's ``start``-th start after its first
    (``_first_order``): worker 0 takes the orders in turn; worker k > 0 goes on with
    orders drawn from seeds of its own, so that no two workers search alike."""
    if worker == 0:
        return start
    return 3 + (PORTFOLIO_SEEDS * worker + start) % ((1 << 32) - 3)  # a seed below 2**32


def _first_order(module: ModuleType, worker: int) -> tuple[int, int]:
    """The first move order of a portfolio's worker k > 0: the first worker's order
    backward (so that on a board that cannot be cleared the two meet halfway, each
    skipping what the other proved dead), then the other fixed orders, then drawn ones."""
    firsts = (module.ORDER_BACK, module.ORDER_STILL, module.ORDER_TYPES)
    if worker <= len(firsts):
        return firsts[worker - 1], 0
    return module.ORDER_DRAWN, worker


class Restarts:
    """One compiled search of a board with its schedule of move orders (see
    ``_solve_compiled``): ``step`` searches on for a slice of positions, starting over in
    the next order, keeping its table, after runs of ``RESTART_NODES`` times Luby's
    terms."""

    def __init__(
        self,
        pos: Position,
        max_turns: int,
        module: ModuleType = core,
        worker: int = 0,
        table_bytes: int = core.TABLE_BYTES,
    ) -> None:
        self.search = core_search(pos, max_turns, module, table_bytes=table_bytes)
        self.module = module
        self.worker = worker
        # a position costs about a microsecond a like pair and a few nanoseconds a cell:
        # a slice of positions is some milliseconds on every board
        work = pos.like_pairs() + len(pos.grid) // 4 + 1
        self.slice = max(16, min(COMPILED_SLICE, 2_000_000 // work))
        self.starts = 0
        self.restart_at = RESTART_NODES
        if worker:
            self.search.restart(*_first_order(module, worker))

    def step(self, nodes: int | None, control: array) -> Status:  # type: ignore[type-arg]
        """Search on for a slice (at most ``nodes`` positions in all; ``control``: the
        core's ``[stop, cap]``); the status."""
        done = self.search.counters()[0]
        if done >= self.restart_at:
            self.starts += 1
            self.search.restart(*_order(self.module, _turn(self.worker, self.starts)))
            self.restart_at = done + RESTART_NODES * luby(self.starts + 1)
        size = max(1, min(self.slice, self.restart_at - done))
        return Status(self.search.step(size, nodes, control))

    def answer(self, pos: Position) -> list[ClearMove]:
        """The clearing found, as moves on the board."""
        return [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in self.search.clearing()]


def luby(i: int) -> int:
    """The i-th term (from 1) of Luby's sequence: 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, ...
    (2^(k-1) when i = 2^k - 1, else the term at i - 2^(k-1) + 1 for the k with
    2^(k-1) <= i < 2^k - 1)."""
    if i < 1:
        raise ValueError("Luby's sequence starts at 1")
    while True:
        k = i.bit_length()
        if i == (1 << k) - 1:
            return 1 << (k - 1)
        i -= (1 << (k - 1)) - 1


def _solve_compiled(
    pos: Position,
    max_turns: int,
    budget: Budget,
    stats: ClearStats,
    module: ModuleType = core,
    workers: int = 1,
    table_bytes: int = core.TABLE_BYTES,
) -> tuple[bool, list[ClearMove]]:
    """The search of ``core`` from ``pos`` (with gravity, no odd type); its statistics go
    into ``stats``.  The search changes its move order after runs of ``RESTART_NODES``
    positions times ``luby(1)``, ``luby(2)``, ... (``ClearCore.restart``, which keeps
    what it proved dead), taking the pairs that move the most tiles first, those that
    move the fewest first, the types in turn, then orders drawn from a seed (``_order``):
    on some boards one order dives in vain where another clears the board (or proves it
    dead) at once.  Of the 57 QQ ``down`` boards (of 200) left undecided at 10 s or
    decided after 2 s, within 2 million positions this schedule decides 37, runs of
    20,000 and 60,000 times Luby's terms 35 and 33, and runs doubling from 20,000 27.

    With ``workers`` > 1, in a mode of fixed lines, a board not decided within
    ``PORTFOLIO_AFTER`` positions is searched by that many searches at once
    (``Portfolio``)."""
    # the portfolio runs in the modes of fixed lines, where it decides boards sooner; in
    # outward and inward two searches decided hard boards no sooner than one, and their
    # keys are each search's own (``core.Passes``)
    portfolio = (
        workers > 1 and module is core and core.COMPILED and family(pos.gravity) != REPEATED_PASSES
    )
    run = Restarts(
        pos, max_turns, module, 0, _table_share(table_bytes, workers) if portfolio else table_bytes
    )

    def update() -> None:
        stats.nodes, stats.table_hits, stats.forced = run.search.counters()

    while True:
        status = run.step(budget.nodes, budget.control)
        if status != module.RUNNING:
            break
        if budget.passed():
            update()
            raise budget.timeout(stats)
        if portfolio and run.search.counters()[0] >= PORTFOLIO_AFTER:
            return Portfolio(pos, max_turns, budget, stats, run, workers, table_bytes).decide()
    update()
    if status == module.OUT_OF_NODES:
        raise budget.used_up(stats, "positions")
    if status == module.EXHAUSTED:
        return False, []
    return True, run.answer(pos)


def memory_bytes() -> int | None:
    """The memory this process may use: the machine's, or its control group's limit where
    that is lower (a container's); None where neither can be read."""
    found = []
    with contextlib.suppress(AttributeError, ValueError, OSError):  # no sysconf (Windows)
        found.append(os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE"))
    for path in CGROUP_LIMITS:
        try:
            with open(path, encoding="ascii") as file:
                text = file.read().strip()
        except (OSError, UnicodeDecodeError):
            continue
        if text.isdigit():  # "max" (cgroup v2) means no limit
            found.append(int(text))
    found = [size for size in found if size > 0]
    return min(found) if found else None


def table_mb_for(searches: int = 1, memory: int | None = None, *, boards: int = 1) -> int:
    """The table memory (MB) of each search where ``boards`` boards are decided at once,
    each by ``searches`` searches (``solve clear``'s and a local ``solve survey``'s
    default): a quarter of ``memory`` (bytes; ``memory_bytes()`` unless told) shared by
    the tables held at once (a portfolio's searches each keep a whole one, up to
    ``PORTFOLIO_TABLES`` of them, see ``_table_share``), and never less than
    ``TABLE_MB``, which is also the answer where the memory cannot be read.  The library's
    default is ``TABLE_MB``, since it cannot know how many searches share the machine; a
    table grows only as a board needs, so only the hard boards use more, and those are
    proved in fewer positions with it (QQ ``down`` and ``up`` boards in 0.64 and 0.49 of
    the time at 2048 MB as at 512 MB: ``benchmarks/results/13-table.json``; 16 x 9
    ``left``: of 20 census boards undecided at 120 s with 512 MB, 15 decided within 120 s
    with 4096 MB)."""
    if memory is None:
        memory = memory_bytes()
    if memory is None:
        return TABLE_MB
    tables = max(1, boards) * min(max(1, searches), PORTFOLIO_TABLES)
    return max(TABLE_MB, (memory >> 22) // tables)  # a quarter, in MB, a table


def _table_share(table_bytes: int, workers: int) -> int:
    """The memory of each table of ``workers`` searches of a portfolio: as much as one
    search alone for up to ``PORTFOLIO_TABLES`` searches (a search whose table is cut
    must thin it, and proves a board dead slower), then a share of that many tables."""
    return min(table_bytes, table_bytes * PORTFOLIO_TABLES // workers)


class Portfolio:
    """Searches of one board at once, each in a thread of its own (the compiled search
    runs without the GIL), each with its own move orders (``_turn``) and its own table,
    which starts with what the first search had proven and learns, after each slice, the
    positions the others proved dead since (``_share``): the first to decide decides, and
    the others stop.  Exact: a position is dead whichever search proved it, so each table
    only ever skips positions proven dead and each search is complete on its own; a
    clearing found by any of them is a clearing, and a search that runs out of moves has
    proven that none exists.  Which search decides first depends on the clock, so on a
    hard board the clearing found may differ from run to run (never the verdict); one
    worker gives the same clearing every time.  A node limit holds for each search."""

    def __init__(
        self,
        pos: Position,
        max_turns: int,
        budget: Budget,
        stats: ClearStats,
        first: Restarts,
        workers: int,
        table_bytes: int = core.TABLE_BYTES,
    ) -> None:
        self.pos, self.budget, self.stats = pos, budget, stats
        share = _table_share(table_bytes, workers)
        self.runs = [first] + [Restarts(pos, max_turns, core, k, share) for k in range(1, workers)]
        known = first.search.proven_dead()
        for run in self.runs:
            run.search.share(SHARED_PER_SLICE)
            run.search.received(known)
        # each search's stop word is a child budget's, so that a stop of the budget (from
        # any thread) reaches every search at once, not at the caller's next look
        self.controls = [budget.child().control for _ in self.runs]
        self.status = [Status.RUNNING] * len(self.runs)
        self.errors: list[BaseException] = []
        self.changed = threading.Event()
        self.lock = threading.Lock()
        self.inboxes: list[list[array]] = [[] for _ in self.runs]  # type: ignore[type-arg]

    def decide(self) -> tuple[bool, list[ClearMove]]:
        """The verdict and clearing of the first search to decide; SearchTimeout when
        the budget runs out first (or every search has used up its positions)."""
        threads = [
            threading.Thread(target=self._work, args=(k,), name=f"clearing search {k}")
            for k in range(len(self.runs))
        ]
        for thread in threads:
            thread.start()
        try:
            while not (self.errors or self._settled() or self.budget.passed()):
                self.changed.wait(0.02)
                self.changed.clear()
        finally:
            for control in self.controls:
                control[0] = 1  # every search stops at its next look
            for thread in threads:
                thread.join()
            self._count()
        if self.errors:
            raise self.errors[0]
        winner = self._winner()
        if winner is not None:
            if self.status[winner] == Status.EXHAUSTED:
                return False, []
            return True, self.runs[winner].answer(self.pos)
        if self._settled():
            raise self.budget.used_up(self.stats, "positions in each search")
        raise self.budget.timeout(self.stats)

    def _work(self, k: int) -> None:
        """Search k in its thread, until it decides, runs out, or is stopped."""
        run, control = self.runs[k], self.controls[k]
        try:
            status = Status.RUNNING
            while status == Status.RUNNING and not control[0]:
                status = run.step(self.budget.nodes, control)
                if status == Status.RUNNING and not control[0]:
                    self._share(k)
            self.status[k] = status
        except BaseException as exc:  # handed to the caller's thread
            self.errors.append(exc)
        finally:
            self.changed.set()

    def _share(self, k: int) -> None:
        """Search k's positions proven dead since its last slice to every other search,
        and theirs to it (between slices, in search k's thread, so that no table is read
        while its search writes it)."""
        search = self.runs[k].search
        sent = search.sent()
        with self.lock:
            if len(sent):
                for j, inbox in enumerate(self.inboxes):
                    if j != k:
                        inbox.append(sent)
            got, self.inboxes[k] = self.inboxes[k], []
        for entries in got:
            search.received(entries)

    def _winner(self) -> int | None:
        """The first search that decided, if one has."""
        for k, status in enumerate(self.status):
            if status in (Status.FOUND, Status.EXHAUSTED):
                return k
        return None

    def _settled(self) -> bool:
        """Whether a search decided or every one used up its positions."""
        return self._winner() is not None or all(
            status == Status.OUT_OF_NODES for status in self.status
        )

    def _count(self) -> None:
        """The positions searched, table hits and moves forced, of every search."""
        counters = [run.search.counters() for run in self.runs]
        self.stats.nodes = sum(c[0] for c in counters)
        self.stats.table_hits = sum(c[1] for c in counters)
        self.stats.forced = sum(c[2] for c in counters)
