"""The move search of ``graphsearch.llk.core``, compiled and as plain Python: the same
clearing move for move, the same counts, the same node budget; both against the reference
DFS and the rules.  The core as a board (its link rule, removal and settle) against the scan
engine and the rules."""

from __future__ import annotations

import os
import random
from array import array

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch import cores, llk
from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError, SearchTimeout
from graphsearch.llk import clearing, clearing_dfs, core
from graphsearch.llk.game import ClearMove, clears, play, settle, settled_rows
from graphsearch.llk.generate import deal
from graphsearch.llk.gravity import SIMPLE
from graphsearch.llk.grid import InvalidGridError, Query
from graphsearch.llk.pairing import PairingSearch
from graphsearch.llk.position import Position
from graphsearch.llk.scan import LinkScanner
from tests.budget import examples
from tests.llk.strategies import boards_of

PURE = cores.uncompiled("graphsearch.llk.core")

GRAVITIES = [*SIMPLE, "outward", "inward"]  # every mode


def scan_links(board, outside, pos, a, b, turns):
    """The scan engine's link rule for the tiles at padded cells a and b, whatever their
    types (b takes a's type for the query; the cells held are the same)."""
    ca, cb = pos.cell(a), pos.cell(b)
    same = board.copy()
    same[cb] = same[ca]
    return LinkScanner(same, outside=outside).link(Query(ca, cb), turns).linked


def both(board, outside, gravity, **kw):
    """Both searches' results (or, when they run out of nodes, their statistics)."""
    out = []
    for compiled in (True, False):
        try:
            result = clearing.solve(
                board, outside=outside, gravity=gravity, compiled=compiled, **kw
            )
        except SearchTimeout as exc:
            result = clearing.ClearResult(None, "out of nodes", exc.stats)
        out.append(result)
    return out


def test_links_match_the_scan_engine():
    rng = random.Random(5)
    checked = linked = 0
    for _ in range(60):
        rows, cols = rng.randint(2, 7), rng.randint(2, 9)
        board = np.array([[rng.choice([0, 0, 1, 2, 3]) for _ in range(cols)] for _ in range(rows)])
        for outside in (False, True):
            pos = Position(board, outside=outside)
            searches = [clearing.core_search(pos, module=module) for module in (core, PURE)]
            cells = [c for c, v in enumerate(pos.grid) if v > 0]
            for a in cells:
                for b in cells:
                    if a < b:
                        expected = scan_links(board, outside, pos, a, b, 2)
                        assert [s.linked(a, b) for s in searches] == [expected, expected]
                        checked += 1
                        linked += expected
    assert checked > 2000 and 0 < linked < checked


def test_same_clearing_as_the_python_search_on_small_boards():
    seen = {"yes": 0, "no": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow])
    @given(
        boards_of(8, 5, 5),
        st.sampled_from([False, False, True]),
        st.sampled_from(GRAVITIES),
    )
    def check(board, outside, gravity):
        fast, slow = both(board, outside, gravity)
        assert fast.moves == slow.moves
        assert fast.stats.nodes == slow.stats.nodes
        assert fast.stats.table_hits == slow.stats.table_hits
        if fast.moves is not None:
            assert clears(board, fast.moves, outside=outside, gravity=gravity)
        seen["yes" if fast.clearable else "no"] += 1

    check()
    assert seen["yes"] >= int(0.1 * examples()) and seen["no"] >= int(0.07 * examples()), seen


def test_the_core_as_python_finds_the_same_clearing(monkeypatch):
    """The core's source run as plain Python: the same clearing and counts as compiled."""
    rng = random.Random(12)
    seen = {"yes": 0, "no": 0}
    for i in range(40):
        board = deal(5, 6, 6, 4, rng) if i % 2 else deal(4, 5, 10, 2, rng)
        gravity = GRAVITIES[i % len(GRAVITIES)]
        results = []
        for module in (core, PURE):
            monkeypatch.setattr(clearing, "core", module)
            results.append(
                clearing.solve(board, outside=i % 3 == 0, gravity=gravity, compiled=True)
            )
        assert results[0].moves == results[1].moves
        assert results[0].stats == results[1].stats or (
            results[0].stats.nodes == results[1].stats.nodes
        )
        seen["yes" if results[0].clearable else "no"] += 1
    assert seen["yes"] >= 5 and seen["no"] >= 5, seen


@pytest.mark.parametrize("gravity", GRAVITIES)
@pytest.mark.parametrize("seed", [1, 2])
def test_same_clearing_on_larger_boards(gravity, seed):
    """8 x 10 boards of 20 types x 4 with the ring, and more copies of fewer types (the
    reduction clears six tiles of a type at once)."""
    rng = random.Random(seed)
    for rows, cols, types, copies in ((8, 10, 20, 4), (6, 6, 6, 6)):
        board = deal(rows, cols, types, copies, rng)
        fast, slow = both(board, True, gravity, max_nodes=3000)
        assert fast.engine == slow.engine
        assert fast.moves == slow.moves
        assert (fast.stats.nodes, fast.stats.forced) == (slow.stats.nodes, slow.stats.forced)


def random_board(rng, rows, cols, fill):
    """A board of rows x cols with about ``fill`` of its cells holding tiles, in pairs of
    few types."""
    tiles = int(rows * cols * fill) // 2 * 2
    types = rng.randint(1, max(1, tiles // 3))
    values = [v for _ in range(tiles // 2) for v in [rng.randint(1, types)] * 2]
    values += [0] * (rows * cols - tiles)
    rng.shuffle(values)
    return [values[r * cols : (r + 1) * cols] for r in range(rows)]


def both_listings(pos, turns, module, budget, seen):
    """Search ``pos`` for ``budget`` positions twice: finding each position's moves from
    its parent's while checking them against a listing afresh (no position may differ),
    and listing them afresh only; the two searches must be the same.  Tallies the
    positions, those checked and the verdicts in ``seen``."""
    results = []
    for check in (True, False):
        search = clearing.core_search(pos, turns, module=module)
        search.use_sleep(False)  # a list made afresh has no move asleep
        if check:
            search.check_moves()
        else:
            search.list_moves_afresh()
        status = search.step(budget, budget)
        results.append((status, search.counters(), search.clearing()))
        if check:
            checked, mismatched = search.mismatched()
            assert mismatched == 0, (pos.gravity, turns)
            seen["checked"] += checked
    assert results[0] == results[1]
    seen["positions"] += results[0][1][0]
    if results[0][0] in (core.FOUND, core.EXHAUSTED):
        seen["yes" if results[0][0] == core.FOUND else "no"] += 1


@pytest.mark.parametrize("module", [core, PURE], ids=["compiled", "python"])
def test_moves_found_from_the_parents_are_those_listed_afresh(module):
    """In the modes of fixed lines, with at most two turns, a position's tiles of each
    type and its moves are found from its parent's (``_inherit``, ``_moves_after``); at
    every position of these searches they are those found from the board alone (leaving
    a slid tile out of place among its type's fails this test), and the searches are
    those that list every position's moves afresh.  Sparse boards too: there a new link
    often runs through an emptied cell along a stretch of empty cells, the case that is
    easiest to miss (leaving out the tiles seen across such a stretch fails this test)."""
    rng = random.Random(21)
    modes = ["none", *SIMPLE]
    fast = module.COMPILED  # as Python (and everywhere in the uncompiled run): fewer, smaller
    boards = 300 if fast else 40
    seen = {"positions": 0, "checked": 0, "yes": 0, "no": 0}
    for i in range(boards):
        gravity = modes[i % len(modes)]
        size = (rng.randint(2, 9), rng.randint(2, 12)) if fast else (5, 7)
        board = random_board(rng, *size, rng.choice([0.4, 0.7, 1.0]))
        pos = Position(settled_rows(board, gravity), outside=i % 3 != 0, gravity=gravity)
        turns = (2, 2, 1, 0)[i % 4]
        both_listings(pos, turns, module, 20_000 if fast else 2_000, seen)
    least = 100_000 if fast else 1_000
    assert seen["positions"] > least and seen["checked"] > seen["positions"] // 2, seen
    assert seen["yes"] > boards // 3 and seen["no"] > boards // 20, seen


@pytest.mark.parametrize("module", [core, PURE], ids=["compiled", "python"])
def test_moves_found_from_the_parents_in_outward_and_inward(module):
    """In ``outward`` and ``inward``, with at most two turns, a position's moves are
    found from its parent's by comparing the two boards (``_moves_settled``): at every
    position of these searches they are those listed from the board alone, and the
    searches are those that list every position's moves afresh, on full and sparse
    boards, with and without the ring; boards that cannot be cleared among them."""
    rng = random.Random(22)
    fast = module.COMPILED
    boards = 160 if fast else 16
    seen = {"positions": 0, "checked": 0, "yes": 0, "no": 0}
    for i in range(boards):
        gravity = ("outward", "inward")[i % 2]
        size = (rng.randint(2, 9), rng.randint(2, 12)) if fast else (5, 7)
        board = random_board(rng, *size, rng.choice([0.4, 0.7, 1.0]))
        pos = Position(settled_rows(board, gravity), outside=i % 3 != 0, gravity=gravity)
        turns = (2, 2, 1, 0)[(i // 2) % 4]
        both_listings(pos, turns, module, 20_000 if fast else 1_000, seen)
    least = 20_000 if fast else 500
    assert seen["positions"] > least and seen["checked"] > seen["positions"] // 2, seen
    assert seen["yes"] > boards // 3 and seen["no"] > boards // 20, seen


def test_node_budget_and_small_table():
    """The same node budget stops both searches at the same point; a table that must be
    thinned again and again gives the same clearing, only later (a forgotten position is
    searched again and found dead again), and the same verdict on boards that do not
    clear."""
    board = deal(8, 10, 20, 4, random.Random(3))
    with pytest.raises(SearchTimeout) as fast:
        clearing.solve(board, outside=True, gravity="down", compiled=True, max_nodes=5)
    with pytest.raises(SearchTimeout) as slow:
        clearing.solve(board, outside=True, gravity="down", compiled=False, max_nodes=5)
    assert fast.value.stats.nodes == slow.value.stats.nodes == 6

    pos = Position(settle(board, "down"), outside=True, gravity="down")
    results = []
    for module, entries in ((core, core.TABLE_ENTRIES), (core, 4), (PURE, 4)):
        search = clearing.core_search(pos, module=module, entries=entries)
        while (status := search.step(100, None)) == core.RUNNING:
            pass
        results.append((status, search.clearing()))
    assert results[0] == results[1] == results[2]

    rng = random.Random(8)
    verdicts: dict[object, int] = {"yes": 0, "no": 0}
    for k in range(40):
        # inward: keys that name the states of the board's quarters, with the ring
        gravity = "inward" if k % 4 == 3 else "down"
        outside = gravity == "inward"
        board = deal(4, 8, 16, 2, rng) if outside else deal(4, 6, 10, 2, rng)
        pos = Position(settle(board, gravity), outside=outside, gravity=gravity)
        found = []
        for module, entries in ((core, core.TABLE_ENTRIES), (core, 4), (PURE, 4)):
            search = clearing.core_search(pos, module=module, entries=entries)
            while (status := search.step(50, None)) == core.RUNNING:
                pass
            found.append((status, search.clearing() if status == core.FOUND else None))
        assert found[0] == found[1] == found[2]
        verdict = "yes" if found[0][0] == core.FOUND else "no"
        assert (verdict == "yes") == clearing_dfs.solve(
            board, outside=outside, gravity=gravity
        ).clearable
        verdicts[verdict] += 1
        verdicts[gravity, verdict] = verdicts.get((gravity, verdict), 0) + 1
    assert min(verdicts["yes"], verdicts["no"], verdicts.get(("inward", "no"), 0)) >= 5, verdicts


def test_the_table_keeps_to_its_memory_and_a_larger_one_searches_less():
    """``table_bytes`` bounds the table's slots (these boards' keys are one word, and a
    slot is its key alone: 8 bytes); a table held small thins and searches forgotten
    positions again: the same verdict, in more positions; the default grows past the small
    ones.  Two of the boards cannot be cleared; every verdict is the reference DFS's."""
    verdicts = []
    # (rows, cols, types, ring, seed): boards of a few hundred positions
    for rows, cols, types, ring, seed in (
        (7, 8, 14, True, 5),
        (6, 10, 15, True, 1),
        (6, 10, 15, False, 35),
        (7, 8, 14, False, 10),
    ):
        board = deal(rows, cols, types, 4, random.Random(seed))
        pos = Position(settle(board, "left"), outside=ring, gravity="left")
        runs = []
        for memory in (core.TABLE_BYTES, 1 << 11, 1 << 9):
            search = clearing.core_search(pos, table_bytes=memory)
            while (status := search.step(1000, None)) == core.RUNNING:
                pass
            runs.append((status, search.counters()[0], search.table_slots()))
            assert search.table_slots() * 8 <= memory
        assert runs[0][0] == runs[1][0] == runs[2][0]
        assert runs[0][2] > (1 << 11) // 8  # the default table grew past the small ones
        assert runs[0][1] < runs[1][1] < runs[2][1]
        verdicts.append(runs[0][0] == core.FOUND)
        assert verdicts[-1] == clearing_dfs.solve(board, outside=ring, gravity="left").clearable
    assert verdicts == [True, True, False, False]


@pytest.mark.parametrize("module", [core, PURE], ids=["compiled", "source"])
def test_a_table_at_its_largest_fills_to_seven_eighths(module):
    """At the largest size its memory allows (a power of two or not) a table holds seven
    eighths of its slots (``receive`` puts in as many as fit,
    never thinning; before, half), and no more than a cap on its positions."""
    from array import array

    def held(table_bytes: int, entries: int, offered: int) -> tuple[int, int]:
        dead = module.DeadPositions(array("Q", [0]), 2, entries, False, table_bytes)
        got = array("Q")
        for i in range(offered):  # a slot's worth: a two-word key (never 0), keyed
            got.extend([(i * 0x9E3779B97F4A7C15 + 1) % (1 << 64) or 1, i])
        added = dead.receive(got, array("q", [0]))
        return added, len(dead.every()) // 2

    # 4 KB of 16-byte slots: 256, the largest at once
    assert held(1 << 12, core.TABLE_ENTRIES, 300) == (224, 224)
    assert held(1 << 12, 100, 300) == (100, 100)  # its cap on positions comes first
    assert held(1 << 13, core.TABLE_ENTRIES, 600) == (448, 448)  # 512 slots
    # 384 slots fit, fewer than a table starts with: 384 at once
    assert held(6 << 10, core.TABLE_ENTRIES, 600) == (336, 336)


@pytest.mark.parametrize("module", [core, PURE], ids=["compiled", "source"])
def test_thinning_keeps_the_half_with_the_most_tiles_left(module):
    """``thin`` keeps half the table's positions, those whose keys count the most tiles
    left (a table told of no count keeps any half), and every one kept is found where it
    now stands: offered again, only the forgotten ones go back in."""
    rng = random.Random(3)
    slots = array("Q")
    for _ in range(300):  # a keyed slot: the key's last word (its count low) first
        slots.extend([rng.getrandbits(56) << 8 | rng.randrange(1, 40), rng.getrandbits(64)])
    for count_bits in (8, 0):
        dead = module.DeadPositions(array("Q", [0]), 2, 1 << 20, False, 1 << 16, 0, 0, count_bits)
        assert dead.receive(slots, array("q", [0])) == 300
        dead.thin()
        kept = dead.every()
        assert len(kept) == 2 * 150
        pairs = {(kept[i], kept[i + 1]) for i in range(0, len(kept), 2)}
        assert pairs <= {(slots[i], slots[i + 1]) for i in range(0, len(slots), 2)}
        if count_bits:
            counts = sorted((slots[i] & 0xFF for i in range(0, len(slots), 2)), reverse=True)
            assert sorted((a & 0xFF for a, _ in pairs), reverse=True) == counts[:150]
        assert dead.receive(slots, array("q", [0])) == 150


def test_a_slot_is_a_key_alone(monkeypatch):
    """A slot of the table of dead positions holds a position's key and no word for its
    hash.  A key takes a bit a tile less one a type and a count of the tiles left
    (``core._tile_bits``): 73 bits on an 8 x 11 board of 22 types and 71 on an 8 x 10
    board of 20 (the count starts the second word) leave at least ``FOLD_BITS`` bits of
    their last word unused and keep the hash's top bits there (*folded*); the 36 bits of
    a 4 x 10 board of 10 types, the 42 of a 6 x 8 one and the parts' names of ``inward``
    do not, and their slots are *keyed*: placed again from their key's hash when the
    table grows or thins.  So 2 KB hold 128 slots of two words, 256 of one.  Folded and keyed
    (the source with ``FOLD_BITS`` out of reach), a search is the same position for
    position, with room in the table and held to 2 KB, where it thins; the compiled core
    is its source's; every verdict is the reference DFS's.  Boards that cannot be cleared
    are among them, with and without gravity."""

    def run(pos, module, memory):
        search = clearing.core_search(pos, module=module, table_bytes=memory)
        while (status := search.step(500, None)) == core.RUNNING:
            pass
        return status, search.counters(), search.clearing(), search.table_slots()

    verdicts = []
    for rows, cols, types, ring, gravity, seed, folded, slots in (
        (8, 11, 22, False, "left", 26, True, 128),
        (8, 11, 22, False, "left", 12, True, 128),
        (8, 11, 22, True, "down", 15, True, 128),
        (8, 11, 22, False, "down", 27, True, 128),
        (8, 10, 20, False, "none", 5, True, 128),
        (4, 10, 10, False, "left", 7, False, 256),
        (4, 10, 10, True, "left", 16, False, 256),
        (6, 8, 12, True, "left", 20, False, 256),
        (6, 8, 12, False, "left", 30, False, 256),
        (6, 8, 12, True, "inward", 1, False, 128),
        (6, 8, 12, False, "inward", 1, False, 128),
        (6, 8, 12, False, "inward", 3, False, 128),
    ):
        board = deal(rows, cols, types, 4, random.Random(seed))
        pos = Position(settle(board, gravity), outside=ring, gravity=gravity)
        roomy, small = run(pos, core, core.TABLE_BYTES), run(pos, core, 1 << 11)
        assert run(pos, PURE, core.TABLE_BYTES)[:3] == roomy[:3]
        assert small[3] == slots
        assert small[1][0] > roomy[1][0]  # the small table thinned
        if folded:  # keyed, the same search
            with monkeypatch.context() as patch:
                patch.setattr(PURE, "FOLD_BITS", 65)
                assert run(pos, PURE, 1 << 11) == small
        assert small[0] == roomy[0]
        verdicts.append(roomy[0] == core.FOUND)
        assert verdicts[-1] == clearing_dfs.solve(board, outside=ring, gravity=gravity).clearable
    assert verdicts == [
        False, True, True, False, False, False, True, True, False, True, False, False
    ]  # fmt: skip


def test_a_key_is_its_position_with_a_bit_a_tile_less_one_a_type():
    """In the modes of fixed lines (and without gravity) a key keeps a bit for each tile
    left but the last of each type (``core._tile_bits``: the others' give it), and the
    count of the tiles left.  Boards made from one by taking off any even number of each
    type's tiles and settling (a type's ways in turn, the others' drawn), with and
    without the ring, two and four copies of a type, a type of three and one of one:
    equal keys are equal boards and equal boards equal keys, the lines' bits are the
    tiles less the types, and the count is the tiles left.  The key of a move's position
    found before the move (``Lines.look_ahead``, ``key_after``) is the key of the board
    after it.  (Two bits left out for a type make different boards share a key.)"""
    from itertools import combinations

    rng = random.Random(5)
    seen = 0
    for gravity in ("none", "down", "up", "left", "right", "up-down-apart",
                    "left-right-apart", "up-down-center", "left-right-center",
                    "up-left-down-right", "left-down-right-up"):  # fmt: skip
        for copies, ring in ((4, True), (2, False), (4, False)):
            board = deal(4, 6, 24 // copies, copies, random.Random(len(gravity) + copies))
            if copies == 2:  # a type of three tiles and one of one
                board[0][0] = board[3][5] = board[0][1]
            start = settle(board, gravity)
            pos = Position(start, outside=ring, gravity=gravity)
            search = clearing.core_search(pos, module=PURE)
            off = (pos.W - 6) // 2  # the padded grid's cell of (r, c), its type's number
            at = {(r, c): (r + off) * pos.W + c + off for r in range(4) for c in range(6)}
            number = {v: pos.grid[at[r, c]] for (r, c), v in np.ndenumerate(start)}
            cells: dict[int, list[tuple[int, int]]] = {}
            for r, row in enumerate(start):
                for c, v in enumerate(row):
                    cells.setdefault(v, []).append((r, c))
            assert sum(search.lines.lengths) == 24 - len(cells)
            shift, bits = search.lines.count_shift, search.lines.count_bits
            words = search.words
            for t in cells:
                if len(cells[t]) < 2:
                    continue
                (r, c), (q, e) = rng.sample(cells[t], 2)
                search.load(pos.grid)
                search.lines.key_of(0, 0)
                search.lines.look_ahead(0, at[r, c], at[q, e], 0, words, 0)
                search.lines.key_after(at[r, c], at[q, e], 0, 2 * words, 0)
                rows = [list(row) for row in start]
                rows[r][c] = rows[q][e] = 0
                grid = list(pos.grid)
                for (i, j), v in np.ndenumerate(settle(rows, gravity)):
                    grid[at[i, j]] = number[v] if v else 0
                search.load(grid)
                search.lines.key_of(0, 0)
                assert search.keys[:words] == search.keys[words : 2 * words]
                assert search.keys[:words] == search.keys[2 * words : 3 * words]
            ways = {t: [set(out) for k in range(0, len(on) + 1, 2) for out in combinations(on, k)]
                    for t, on in cells.items()}  # fmt: skip
            boards: dict[tuple[int, ...], tuple[tuple[int, ...], ...]] = {}
            for _ in range(12):
                drawn = {t: rng.choice(w) for t, w in ways.items()}
                for t in cells:
                    for way in ways[t]:
                        out = set().union(*(drawn[u] for u in cells if u != t)) | way
                        rows = [[0 if (r, c) in out else v for c, v in enumerate(row)]
                                for r, row in enumerate(start)]  # fmt: skip
                        after = settle(rows, gravity)
                        grid = list(pos.grid)
                        for (r, c), v in np.ndenumerate(after):
                            grid[at[r, c]] = number[v] if v else 0
                        search.load(grid)
                        search.lines.key_of(0, 0)
                        key = tuple(search.keys[: search.words])
                        same = tuple(map(tuple, after))
                        left = int(np.count_nonzero(after))
                        assert (key[-1] >> shift) & ((1 << bits) - 1) == left
                        assert boards.setdefault(key, same) == same
                        seen += 1
            assert len(set(boards.values())) == len(boards)
    assert seen > 10_000


@pytest.mark.parametrize("module", [core, PURE], ids=["compiled", "source"])
def test_a_slice_is_its_positions_whenever_the_table_grows(module):
    """``step(B)`` enters B positions (the board not yet decided) also when the table of
    dead positions grows on the way: the slice goes on where it paused.  So when a table
    grows does not change the search, and tables whose memories make them grow by other
    steps (doublings to 524,288 slots, or 300,000 at once after 131,072) search the same
    positions while neither fills.  Before, a slice started afresh after each growth, and
    the restarts between move orders came later."""
    board = deal(8, 12, 24, 4, random.Random(3))  # some 73,000 positions in one order
    pos = Position(settle(board, "left"), outside=True, gravity="left")
    search = clearing.core_search(pos, module=module)
    sizes = {search.table_slots()}
    for n in range(1, 21):
        assert search.step(1000, None) == core.RUNNING
        assert search.counters()[0] == 1000 * n
        sizes.add(search.table_slots())
    assert len(sizes) >= 2  # the table grew
    if module.COMPILED:  # 134,000 positions, with restarts (near a minute as Python)
        board = deal(8, 12, 24, 4, random.Random(7))
        pos = Position(settle(board, "left"), outside=True, gravity="left")
        runs = set()
        for memory in (core.TABLE_BYTES, 300_000 * 16):
            run = clearing.Restarts(pos, 2, table_bytes=memory)
            while run.step(None, array("q", [0, -1])) == core.RUNNING:
                pass
            runs.add((run.search.counters(), tuple(run.search.clearing())))
            sizes.add(run.search.table_slots())
        assert len(runs) == 1 and {300_000, 524_288} <= sizes


def test_a_table_on_mapped_pages_searches_as_one_in_an_array(monkeypatch):
    """From ``cores.LAZY_BYTES`` on, the table of dead positions is a private mapping
    (``cores.lazy_words``) written a page at a time: with the threshold at one word every
    table is one, and the compiled core and its source run as Python search each board
    position for position as with tables in arrays (the same status, counters and
    clearing), in a mode of fixed lines and in ``inward``, with a table that thins and
    (compiled, a board of some 20,000 positions) one that grows.  Boards that cannot be
    cleared are among them."""
    mapped = []

    def counting(size):
        words = cores.lazy_words(size)
        mapped.append(isinstance(words, memoryview))
        return words

    cases = [
        (rows, cols, types, ring, seed, gravity, memory, module)
        for rows, cols, types, ring, seed in ((7, 8, 14, True, 5), (7, 8, 14, False, 10))
        for gravity in ("left", "inward")
        for memory in (core.TABLE_BYTES, 1 << 10)
        for module in (core, PURE)
        if module is core or memory == core.TABLE_BYTES or seed == 10  # seconds as Python
    ] + [(8, 12, 24, True, 4, "left", core.TABLE_BYTES, core)]
    verdicts, grew = set(), False
    for rows, cols, types, ring, seed, gravity, memory, module in cases:
        monkeypatch.setattr(module, "lazy_words", counting)
        board = deal(rows, cols, types, 4, random.Random(seed))
        pos = Position(settle(board, gravity), outside=ring, gravity=gravity)
        runs = []
        for threshold in (1 << 40, 8):
            monkeypatch.setattr(cores, "LAZY_BYTES", threshold)
            search = clearing.core_search(pos, module=module, table_bytes=memory)
            while (status := search.step(500, None)) == core.RUNNING:
                pass
            runs.append((status, search.counters(), search.clearing(), search.table_slots()))
        assert runs[0] == runs[1]
        verdicts.add(runs[0][0])
        grew |= runs[0][3] > 2 * core.TABLE_START
    assert verdicts == {core.FOUND, core.EXHAUSTED} and grew
    assert True in mapped and False in mapped


def test_outward_and_inward_keys_name_the_parts_and_forget_them_soundly():
    """In ``outward`` and ``inward`` a key is the names of the board's four quarters'
    states (``core.Passes``).  A table of 64 KB leaves the names no more room than the
    stack needs, so they fill, and the names and the table are forgotten together and the
    stack's keys named again: the same verdicts as with the default table, the
    clearings replay, the compiled core and its source run as Python agree position for
    position, and the names were forgotten."""
    rng = random.Random(3)
    boards = [deal(8, 10, 20, 4, rng) for _ in range(10)]
    forgot = 0
    for k in (5, 9):  # the boards of the deal whose names fill
        for gravity in ("inward", "outward"):
            pos = Position(settle(boards[k], gravity), outside=True, gravity=gravity)
            runs = []
            modules = (core, PURE) if (k, gravity) == (5, "inward") else (core,)
            for module, memory in [(core, core.TABLE_BYTES)] + [(m, 1 << 16) for m in modules]:
                search = clearing.core_search(pos, module=module, table_bytes=memory)
                while (status := search.step(1000, None)) == core.RUNNING:
                    pass
                runs.append((status, search.counters(), search.names()[1], search.clearing()))
                if status == core.FOUND:
                    moves = [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in search.clearing()]
                    assert clears(boards[k], moves, outside=True, gravity=gravity)
            clearable = clearing_dfs.solve(boards[k], outside=True, gravity=gravity).clearable
            assert runs[0][0] == runs[1][0] == (core.FOUND if clearable else core.EXHAUSTED)
            assert runs[0][2] == 0
            assert all(run == runs[1] for run in runs[2:])
            forgot += runs[1][2]
    assert forgot >= 8


def test_table_mb_is_checked_and_keeps_the_verdict():
    board = deal(8, 10, 20, 4, random.Random(4))
    small = clearing.solve(board, outside=True, gravity="left", table_mb=1)
    default = clearing.solve(board, outside=True, gravity="left")
    assert small.clearable is default.clearable is False
    for bad in (0, -3, 1.5, True, "64"):
        with pytest.raises(InvalidInputError, match="table_mb"):
            clearing.solve(board, outside=True, gravity="left", table_mb=bad)
    assert llk.clear(board, outside=True, gravity="left", table_mb=1).clearable is False
    with pytest.raises(InvalidGridError, match="table_mb is an option of the search engine"):
        llk.clear(board, engine="dfs", table_mb=64)


def test_the_command_lines_table_is_a_share_of_the_memory(monkeypatch, tmp_path):
    """``table_mb_for``: a quarter of the memory, shared by up to four tables of a
    portfolio and by the boards searched at once, never below the library's default
    (also where the memory is unknown); ``memory_bytes``: the machine's memory, or a
    control group's limit where lower."""
    gb = 1 << 30
    assert clearing.table_mb_for(1, 16 * gb) == 4096
    assert clearing.table_mb_for(2, 16 * gb) == 2048
    assert clearing.table_mb_for(9, 16 * gb) == 1024  # past four searches, four tables' worth
    assert clearing.table_mb_for(memory=16 * gb, boards=4) == 1024
    assert clearing.table_mb_for(2, 16 * gb, boards=2) == 1024
    assert clearing.table_mb_for(1, gb) == clearing.TABLE_MB == 512
    with monkeypatch.context() as patch:
        patch.setattr(clearing, "memory_bytes", lambda: None)
        assert clearing.table_mb_for(2) == clearing.TABLE_MB
    machine = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    unlimited, limited = tmp_path / "memory.max", tmp_path / "memory.limit_in_bytes"
    unlimited.write_text("max\n")
    limited.write_text(f"{gb}\n")
    absent = str(tmp_path / "absent")
    monkeypatch.setattr(clearing, "CGROUP_LIMITS", (str(unlimited), absent))
    assert clearing.memory_bytes() == machine > gb
    monkeypatch.setattr(clearing, "CGROUP_LIMITS", (str(unlimited), absent, str(limited)))
    assert clearing.memory_bytes() == gb
    assert clearing.table_mb_for(1) == 512 and clearing.table_mb_for(1, 8 * gb) == 2048


def test_the_default_takes_the_compiled_search_with_the_same_answer(monkeypatch):
    board = deal(8, 10, 20, 4, random.Random(4))
    expected = clearing.solve(board, outside=True, gravity="left", compiled=False)
    monkeypatch.setattr(clearing, "COMPILED_SLICE", 2)
    result = clearing.solve(board, outside=True, gravity="left")
    assert result.moves == expected.moves


def test_compiled_takes_any_turns_and_boards_it_can_hold():
    board = np.array([[1, 1]])
    assert clearing.solve(board, gravity="down", max_turns=3, compiled=True).clearable
    assert clearing.solve(board, max_turns=0, compiled=True).clearable
    assert not clearing.solve(np.array([[1, 2, 1]]), gravity="down", compiled=True).clearable
    # two types of 400 tiles each: move lists too long to hold for every level
    many = np.array([[1 + (r + c) % 2 for c in range(40)] for r in range(20)])
    assert not clearing.compiled_fits(Position(many), 2)
    assert clearing.compiled_fits(Position(deal(8, 10, 20, 4, random.Random(1))), 2)
    # a row of 70 cells would not fit in a word; the search falls back
    wide = np.array([[1, 0, 1] + [0] * 64 + [2, 0, 2]])
    assert not clearing.compiled_fits(Position(wide, gravity="left"), 2)
    assert clearing.solve(wide, gravity="left").clearable


def test_without_gravity_the_compiled_search_is_exact():
    """The plain compiled search (the pairing search's rival) against the reference DFS
    on small full boards without gravity: same verdict, and every clearing replays."""
    seen = {"yes": 0, "no": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow])
    @given(boards_of(8, 5, 5), st.sampled_from([False, False, True]))
    def check(board, outside):
        pos = Position(board, outside=outside)
        if any(len(cells) % 2 for cells in pos.tiles):
            return
        search = clearing.core_search(pos)
        while (status := search.step(1000, None)) == core.RUNNING:
            pass
        expected = clearing_dfs.solve(board, outside=outside).clearable
        found = status == core.FOUND
        assert found == expected
        if found:
            moves = [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in search.clearing()]
            assert clears(board, moves, outside=outside)
        seen["yes" if found else "no"] += 1

    check()
    assert seen["yes"] >= int(0.08 * examples()) and seen["no"] >= int(0.07 * examples()), seen


def race(board, outside: bool) -> tuple[list[ClearMove] | None, str]:
    """The race between the pairing search and the compiled one from the board's closed
    root (as ``clearing.solve`` runs it once the pairing search hands over), and its
    winner."""
    pos = Position(board, outside=outside)
    stats, budget = clearing.ClearStats(), Budget()
    pairing = PairingSearch(pos, 2, budget, stats)
    node, moves = pairing.root.copy(), []
    pairing.close(node, moves)
    rival = clearing.Rival(pos, budget, stats)
    found = rival.race(pairing, node, moves)
    compiled_won = rival.status != core.RUNNING and (
        pairing.work * clearing.RACE_RATIO > rival.search.counters()[0]
    )
    if compiled_won:  # the answer is the compiled search's
        verdict, clearing_found = rival.verdict()
        assert found == (clearing_found if verdict else None)
    return found, "compiled" if compiled_won else "pairing"


def test_the_race_decides_as_the_searches_alone_and_the_same_way_every_run(monkeypatch):
    """The race between the pairing search and the compiled one gives every board the
    verdict of the exhaustive search, a clearing that replays, the same one twice; the
    compiled search wins when its positions count for little (``RACE_RATIO``), the
    pairing search when they count for much."""
    rng = random.Random(9)
    wins = {"compiled": 0, "pairing": 0}
    verdicts = {True: 0, False: 0}
    for i in range(24):
        outside = i % 2 == 0
        # without the ring, boards of pairs often cannot be cleared
        board = deal(6, 8, 12, 4, rng) if outside else deal(6, 6, 18, 2, rng)
        expected = clearing.solve(board, outside=outside, compiled=False).clearable
        for ratio in (10**6, 1):
            monkeypatch.setattr(clearing, "RACE_RATIO", ratio)
            found, winner = race(board, outside)
            assert race(board, outside)[0] == found
            assert (found is not None) == expected
            if found is not None:
                assert clears(board, found, outside=outside)
            wins[winner] += 1
            verdicts[expected] += 1
    assert verdicts[True] >= 8 and verdicts[False] >= 8, verdicts
    assert wins["compiled"] >= 8 and wins["pairing"] >= 8, wins


def settled_case(board, outside, gravity):
    """The board's position, settled, and the reference DFS's verdict; None when a type
    has an odd count (no search needed)."""
    pos = Position(settle(board, gravity), outside=outside, gravity=gravity)
    if any(len(cells) % 2 for cells in pos.tiles):
        return None
    return pos, clearing_dfs.solve(board, outside=outside, gravity=gravity).clearable


def test_changing_the_move_order_midway_keeps_the_search_exact():
    """Restarted with the next move order after a few positions, then after twice as
    many each time (the table of dead positions kept), the search still finds a
    clearing exactly when one exists, compiled and as Python, and each clearing
    replays."""
    seen = {"yes": 0, "no": 0, "restarts": 0, "back": 0, "drawn": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow])
    @given(
        boards_of(8, 5, 5),
        st.sampled_from([False, False, True]),
        st.sampled_from(GRAVITIES),
        st.integers(1, 3),
    )
    def check(board, outside, gravity, every):
        case = settled_case(board, outside, gravity)
        if case is None:
            return
        pos, expected = case
        runs = []
        for module in (core, PURE):
            search = clearing.core_search(pos, module=module)
            fixed = [module.ORDER_SHIFT, module.ORDER_BACK, module.ORDER_TYPES, module.ORDER_STILL]
            restarts = 0
            while (status := search.step(every << restarts, None)) == module.RUNNING:
                restarts += 1
                if restarts % 3 == 0:  # an order drawn from a seed
                    search.restart(module.ORDER_DRAWN, restarts)
                else:
                    search.restart(fixed[restarts % 4])
            assert (status == module.FOUND) == expected
            if status == module.FOUND:
                moves = [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in search.clearing()]
                assert clears(board, moves, outside=outside, gravity=gravity)
            runs.append((status, search.clearing(), search.counters()))
            seen["restarts"] += restarts
            seen["back"] += restarts >= 1
            seen["drawn"] += restarts >= 3
        assert runs[0] == runs[1]  # the drawn order is the same compiled and as Python
        seen["yes" if expected else "no"] += 1

    check()
    n = examples()
    assert seen["yes"] >= int(0.1 * n) and seen["no"] >= int(0.1 * n), seen
    assert seen["restarts"] >= n and seen["drawn"] >= int(0.1 * n), seen
    assert seen["back"] >= int(0.1 * n), seen


FIXED_OR_NONE = ["none", *(mode for mode in SIMPLE if mode != "none")]


@st.composite
def boards_to_backtrack(draw):
    """Boards of 4 x 6 to 6 x 8 cells, each type two tiles or four: many cannot be
    cleared, and the search steps back often enough for moves to sleep."""
    rows, cols = draw(st.integers(4, 6)), draw(st.integers(6, 8))
    cells = rows * cols - rows * cols % 2
    types = max(2, cells // draw(st.sampled_from([2, 4, 2])))
    kinds = [(i // 2) % types + 1 for i in range(cells)] + [0] * (rows * cols % 2)
    return np.array(draw(st.permutations(kinds)), dtype=np.int64).reshape(rows, cols)


def test_sleeping_moves_keep_the_search_exact():
    """Moves that sleep (``ClearCore._moves_after``: a move tried before at the parent, or
    asleep there, on lines the move made and the reductions left alone) are not tried,
    and the search decides every board as the reference DFS does, compiled and as Python,
    in the same positions or fewer than with no move asleep; each clearing replays."""
    seen = {"yes": 0, "no": 0, "slept": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow])
    @given(boards_to_backtrack(), st.sampled_from([False, True]), st.sampled_from(FIXED_OR_NONE))
    def check(board, outside, gravity):
        case = settled_case(board, outside, gravity)
        if case is None:
            return
        pos, expected = case
        runs = []
        for module in (core, PURE):
            for sleep in (False, True):
                search = clearing.core_search(pos, module=module)
                search.use_sleep(sleep)
                status = search.step(1 << 30, None)
                assert (status == module.FOUND) == expected
                if status == module.FOUND:
                    moves = [ClearMove.of(pos.cell(a), pos.cell(b)) for a, b in search.clearing()]
                    assert clears(board, moves, outside=outside, gravity=gravity)
                runs.append((search.counters()[0], search.sleepers()))
        (awake, none), (asleep, slept) = runs[:2]
        assert none == 0 and asleep <= awake
        assert runs[2:] == runs[:2]  # the same counts compiled and as Python
        seen["slept"] += slept > 0
        seen["yes" if expected else "no"] += 1

    check()
    n = examples()
    assert seen["yes"] >= int(0.1 * n) and seen["no"] >= int(0.1 * n), seen
    assert seen["slept"] >= max(1, int(0.05 * n)), seen


def test_a_restart_before_the_search_or_after_it_changes_nothing():
    board = np.array([[1, 2, 2, 1]])
    pos = Position(board, gravity="down")
    search = clearing.core_search(pos)
    search.restart(core.ORDER_TYPES)  # before the first step: only the order is set
    assert search.step(100, None) == core.FOUND
    found = search.clearing()
    search.restart(core.ORDER_SHIFT)  # after the end: the answer stays
    assert search.clearing() == found
    with pytest.raises(ValueError, match="order"):
        search.restart(7)
    with pytest.raises(ValueError, match="seed"):
        search.restart(core.ORDER_DRAWN, -1)


def test_links_of_any_number_of_turns_match_the_scan_engine():
    """The core's link test for other than two turns (rows of bits flooded a turn at a
    time) against the scan engine's, compiled and as Python, with and without the ring."""
    rng = random.Random(6)
    checked = linked = 0
    for _ in range(40):
        rows, cols = rng.randint(2, 7), rng.randint(2, 9)
        board = np.array(
            [[rng.choice([0, 0, 0, 1, 2, 3]) for _ in range(cols)] for _ in range(rows)]
        )
        for outside in (False, True):
            pos = Position(board, outside=outside)
            cells = [c for c, v in enumerate(pos.grid) if v > 0]
            for turns in (0, 1, 3, 5):
                searches = [clearing.core_search(pos, turns, m) for m in (core, PURE)]
                for a in cells:
                    for b in cells:
                        if a < b:
                            expected = scan_links(board, outside, pos, a, b, turns)
                            assert [s.linked(a, b) for s in searches] == [expected, expected]
                            checked += 1
                            linked += expected
    assert checked > 4000 and 0.1 * checked < linked < 0.9 * checked, (checked, linked)


@pytest.mark.parametrize("gravity", GRAVITIES)
def test_the_core_as_a_board_plays_by_the_rules(gravity):
    """``ClearCore.play`` (the search's own removal and settle) against ``game.play`` on
    random boards in every mode, compiled and as Python, move after move until no pair
    links; ``linked`` against the rules' link test on every pair on the way."""
    rng = random.Random(11)
    moves = blocked = 0
    for _ in range(12):
        rows, cols = rng.randint(2, 6), rng.randint(2, 7)
        copies = rng.choice([2, 4])
        types = max(1, rows * cols * 3 // 4 // copies)
        board = settle(deal(rows, cols, types, copies, rng), gravity)
        outside = rng.random() < 0.5
        pos = Position(board, outside=outside, gravity=gravity)
        boards = [clearing.core_search(pos, 2, module, entries=2) for module in (core, PURE)]
        while True:
            grid = boards[0].board()
            assert boards[1].board() == grid
            assert [
                [max(grid[pos.W * (r + pos.pad) + c + pos.pad], 0) for c in range(cols)]
                for r in range(rows)
            ] == board.tolist()
            cells = [c for c, v in enumerate(grid) if v > 0]
            legal = []
            for i, a in enumerate(cells):
                for b in cells[i + 1 :]:
                    if grid[a] == grid[b]:
                        want = scan_links(board, outside, pos, a, b, 2)
                        assert [t.linked(a, b) for t in boards] == [want, want]
                        if want:
                            legal.append((a, b))
                        blocked += not want
            if not legal:
                break
            a, b = rng.choice(legal)
            for t in boards:
                t.play(a, b)
            board = play(
                board, ClearMove.of(pos.cell(a), pos.cell(b)), outside=outside, gravity=gravity
            ).after
            moves += 1
        if boards[0].board() != pos.grid:  # played on: a board, not a search
            with pytest.raises(ValueError, match="played"):
                boards[0].step(10, None)
    assert moves > 40 and blocked > 40


def test_luby_sequence():
    """The restart schedule's run lengths: Luby's sequence, checked against its
    definition (a block is the sequence so far twice over, then the next power of two)."""
    expected = [1]
    while len(expected) < 300:
        expected = expected + expected + [2 * expected[-1]]
    assert [clearing.luby(i) for i in range(1, 301)] == expected[:300]
    assert clearing.luby(2**20 - 1) == 2**19
    with pytest.raises(ValueError):
        clearing.luby(0)


@pytest.mark.parametrize("module", ["compiled", "python"])
def test_the_core_settles_the_board_it_is_given_as_the_rules_do(module):
    """The fast path hands the core the board as dealt: its own first settle must give
    the rules' settled board in every mode, and leave a settled board as it is."""
    from graphsearch.choices import GRAVITIES

    loaded = core if module == "compiled" else cores.uncompiled(core.__name__)
    moved = 0
    for i, gravity in enumerate(GRAVITIES * 4):
        board = deal(5 + i % 3, 6 + i % 4, 6, 2 + 2 * (i % 2), random.Random(i))
        pos = Position(board.tolist(), outside=i % 2 == 0, gravity=gravity)
        search = clearing.core_search(pos, 2, loaded)
        grid = search.board()
        inner = [
            grid[(r + pos.pad) * pos.W + c + pos.pad] for r in range(pos.n) for c in range(pos.m)
        ]
        settled = settle(board, gravity)
        assert [pos.types[v] if v > 0 else 0 for v in inner] == settled.ravel().tolist(), gravity
        moved += not np.array_equal(settled, board)
    assert moved > 20  # most boards were not settled when given
