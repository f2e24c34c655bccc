"""The three link engines against each other, a brute force, the sample and crafted cases."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphsearch.llk import Case, Query, parse_cases
from graphsearch.llk.engines import ENGINES, get_engine
from graphsearch.llk.link import count_turns, padded
from tests.budget import examples

DATA = Path(__file__).parent.parent / "data" / "llk"
ENGINE_NAMES = list(ENGINES)

SPEC_BOARD = [
    [0, 0, 0, 2, 0],
    [2, 0, 0, 1, 0],
    [0, 0, 0, 0, 0],
    [0, 0, 2, 0, 2],
    [2, 1, 0, 2, 0],
    [0, 0, 2, 0, 0],
]


def case(rows, *queries) -> Case:
    board = np.array(rows, dtype=np.int64)
    return Case(board, tuple(Query.from_text(q) for q in queries))


def answers(engine, c: Case, **options) -> list[bool]:
    links = get_engine(engine)(c, **options)
    for query, link in zip(c.queries, links, strict=True):
        check_link(c.board, query, link, **options)
    return [link.linked for link in links]


def check_link(board, query, link, outside=False, max_turns=2):
    """A YES must come with a real path: empty cells, on the board or ring, <= K turns."""
    if not link.linked:
        assert link.turns is None and link.path is None and link.reason
        return
    path = link.path
    assert path[0] == query.a and path[-1] == query.b
    assert link.turns == count_turns(path) == len(path) - 2 <= max_turns
    tiles, k = padded(board, outside)
    n, m = tiles.shape
    for (r0, c0), (r1, c1) in itertools.pairwise(path):
        assert r0 == r1 or c0 == c1
        for r in range(min(r0, r1), max(r0, r1) + 1):
            for c in range(min(c0, c1), max(c0, c1) + 1):
                assert 0 <= r + k < n and 0 <= c + k < m, "off the board"
                if (r, c) not in (query.a, query.b):
                    assert tiles[r + k, c + k] == 0, f"path crosses a tile at {(r, c)}"


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_sample(engine):
    expected = (DATA / "sample.ans").read_text().split()
    got = [
        "YES" if linked else "NO"
        for c in parse_cases((DATA / "sample.in").read_bytes())
        for linked in answers(engine, c)
    ]
    assert got == expected


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_spec_counterexample_to_the_seed(engine):
    assert answers(engine, case(SPEC_BOARD, "4 5 5 1")) == [True]
    links = get_engine(engine)(case(SPEC_BOARD, "4 5 5 1"))
    assert links[0].turns == 2


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_endpoints(engine):
    c = case([[1, 0, 1], [2, 0, 0]], "1 1 1 1", "1 2 1 2", "1 1 2 1", "1 2 1 1", "1 1 1 3")
    assert answers(engine, c) == [False, False, False, False, True]
    reasons = [link.reason for link in get_engine(engine)(c)]
    assert reasons[:4] == [
        "the same cell",
        "the same cell",
        "different tile types",
        "an empty cell",
    ]


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_one_row_and_one_column(engine):
    row = case([[3, 0, 0, 3, 1, 3]], "1 1 1 4", "1 4 1 6", "1 1 1 6")
    assert answers(engine, row) == [True, False, False]
    assert answers(engine, row, outside=True) == [True, True, True]
    col = case([[3], [0], [3], [3]], "1 1 3 1", "3 1 4 1", "1 1 4 1")
    assert answers(engine, col) == [True, True, False]
    assert answers(engine, col, outside=True) == [True, True, True]


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_border_hugging_paths_need_the_ring(engine):
    # both tiles on the top edge, walled below: only a path over the top links them
    c = case([[5, 1, 5], [2, 3, 4]], "1 1 1 3")
    assert answers(engine, c) == [False]
    assert answers(engine, c, outside=True) == [True]
    link = get_engine(engine)(c, outside=True)[0]
    assert link.turns == 2 and link.path == ((0, 0), (-1, 0), (-1, 2), (0, 2))


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_three_turn_maze(engine):
    maze = [
        [7, 0, 9, 9],
        [9, 0, 9, 0],
        [9, 0, 0, 0],
        [9, 9, 9, 7],
    ]
    c = case(maze, "1 1 4 4")
    assert answers(engine, c) == [False]
    assert answers(engine, c, max_turns=3) == [True]
    assert get_engine(engine)(c, max_turns=5)[0].turns == 3
    assert answers(engine, c, max_turns=0) == [False]


@pytest.mark.parametrize("engine", ENGINE_NAMES)
def test_zero_and_one_turn_limits(engine):
    c = case([[4, 0, 4], [0, 0, 0], [4, 0, 0]], "1 1 1 3", "1 3 3 1", "1 1 3 1")
    assert answers(engine, c, max_turns=0) == [True, False, True]
    assert answers(engine, c, max_turns=1) == [True, True, True]


# --- random boards --------------------------------------------------------------------


@st.composite
def random_cases(draw, max_side=7, max_types=3):
    n = draw(st.integers(1, max_side))
    m = draw(st.integers(1, max_side))
    density = draw(st.sampled_from([0.2, 0.4, 0.6, 0.8]))
    cells = draw(
        st.lists(
            st.tuples(st.floats(0, 1), st.integers(1, max_types)), min_size=n * m, max_size=n * m
        )
    )
    board = np.array([t if f < density else 0 for f, t in cells], dtype=np.int64).reshape(n, m)
    tiles = [tuple(x) for x in np.argwhere(board)]
    cell = st.tuples(st.integers(0, n - 1), st.integers(0, m - 1))
    pick = st.sampled_from(tiles) if tiles else cell
    queries = draw(st.lists(st.tuples(st.one_of(pick, cell), pick), min_size=1, max_size=6))
    return Case(board, tuple(Query(tuple(map(int, a)), tuple(map(int, b))) for a, b in queries))


@given(random_cases(), st.booleans(), st.integers(0, 4))
def test_engines_agree(c, outside, k):
    results = {e: get_engine(e)(c, outside=outside, max_turns=k) for e in ENGINE_NAMES}
    for query, *links in zip(c.queries, *results.values(), strict=True):
        for link in links:
            check_link(c.board, query, link, outside=outside, max_turns=k)
        assert len({(link.linked, link.turns) for link in links}) == 1, (query, links)


def brute_force_min_turns(board, a, b, outside):
    """Fewest turns over every simple path from a to b (exhaustive; tiny boards only)."""
    tiles, k = padded(board, outside)
    n, m = tiles.shape
    a = (a[0] + k, a[1] + k)
    b = (b[0] + k, b[1] + k)
    best = None

    def walk(cell, heading, turns, seen):
        nonlocal best
        if best is not None and turns >= best:
            return
        for d in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            nxt = (cell[0] + d[0], cell[1] + d[1])
            if not (0 <= nxt[0] < n and 0 <= nxt[1] < m) or nxt in seen:
                continue
            t = turns + (heading is not None and d != heading)
            if nxt == b:
                best = t if best is None else min(best, t)
            elif tiles[nxt] == 0:
                walk(nxt, d, t, seen | {nxt})

    walk(a, None, 0, {a})
    return best


@settings(max_examples=examples(0.5))
@given(random_cases(max_side=4), st.booleans(), st.integers(0, 4))
def test_scan_matches_brute_force(c, outside, k):
    if outside and c.board.size > 9:
        outside = False  # the ring makes exhaustive paths too many
    links = get_engine("scan")(c, outside=outside, max_turns=k)
    for query, link in zip(c.queries, links, strict=True):
        a, b = query.a, query.b
        same_type = a != b and c.board[a] != 0 and c.board[a] == c.board[b]
        best = brute_force_min_turns(c.board, a, b, outside) if same_type else None
        expected = best is not None and best <= k
        assert link.linked == expected
        if expected:
            assert link.turns == best


@pytest.mark.parametrize("k", [2, 3])
def test_large_walled_board_agrees(k):
    """A near-empty 120 x 150 board whose target is walled in: the searches roam it all."""
    rng = np.random.default_rng(5)
    board = np.zeros((120, 150), dtype=np.int64)
    board[60, 70] = 3
    board[59, 69:72] = board[61, 69:72] = 4
    board[60, 69] = board[60, 71] = 4
    board[rng.integers(0, 120, 300), rng.integers(0, 150, 300)] = 5
    board[10, 10] = board[110, 140] = 3
    board[60, 70] = 3
    queries = (Query((10, 10), (60, 70)), Query((10, 10), (110, 140)))
    c = Case(board, queries)
    results = {e: get_engine(e)(c, max_turns=k) for e in ENGINE_NAMES}
    for query, *links in zip(c.queries, *results.values(), strict=True):
        assert len({(link.linked, link.turns) for link in links}) == 1
        for link in links:
            check_link(board, query, link, max_turns=k)
    assert results["scan"][0].linked is False
