"""The whole-board game: rule cases by hand, and the engines against each other and an
exhaustive search over all removal orders."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch import llk
from graphsearch.budget import Budget
from graphsearch.llk import clearing
from graphsearch.llk.game import (
    GRAVITIES,
    ClearMove,
    IllegalClearMoveError,
    clears,
    linkable_pairs,
    play,
    replay,
    settle,
)
from graphsearch.llk.grid import Query, as_board
from graphsearch.llk.pairing import PairingSearch
from graphsearch.llk.position import Position
from graphsearch.llk.scan import LinkScanner
from tests.budget import examples
from tests.llk.strategies import boards_of, brute_force

ENGINES = ["search", "dfs"]


def moves_text(result):
    return None if result.moves is None else [m.to_text() for m in result.moves]


# --- rules by hand -------------------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_spec_examples(engine):
    assert llk.clear([[1, 2], [2, 1]], engine=engine).moves is None
    assert llk.clear([[1, 2], [2, 1]], outside=True, engine=engine).moves is None
    assert moves_text(llk.clear([[1, 2, 2, 1]], engine=engine)) == ["1 2 1 3", "1 1 1 4"]


@pytest.mark.parametrize("engine", ENGINES)
def test_empty_and_odd_boards(engine):
    assert llk.clear([[0, 0], [0, 0]], engine=engine).moves == ()
    assert llk.clear([[1, 1, 1]], engine=engine).moves is None
    assert llk.clear([[1, 1, 2]], engine=engine, outside=True).moves is None


def test_settle_keeps_the_order_of_each_line():
    board = [[1, 0, 2], [0, 3, 0], [4, 0, 5]]
    assert settle(board, "down").tolist() == [[0, 0, 0], [1, 0, 2], [4, 3, 5]]
    assert settle(board, "up").tolist() == [[1, 3, 2], [4, 0, 5], [0, 0, 0]]
    assert settle(board, "left").tolist() == [[1, 2, 0], [3, 0, 0], [4, 5, 0]]
    assert settle(board, "right").tolist() == [[0, 1, 2], [0, 0, 3], [0, 4, 5]]
    assert settle(board, "none").tolist() == board


def test_moves_name_positions_at_the_time_of_the_move():
    board = [[2, 0, 2], [1, 3, 1], [3, 0, 0]]
    # settled down: the 3 of column 1 and the 2 and 1 of column 2 fall
    assert settle(board, "down").tolist() == [[2, 0, 0], [1, 0, 2], [3, 3, 1]]
    moves = [ClearMove((0, 0), (1, 2)), ClearMove((1, 0), (2, 2)), ClearMove((2, 0), (2, 1))]
    steps = replay(board, moves, outside=True, gravity="down")
    assert steps[0].after.tolist() == [[0, 0, 0], [1, 0, 0], [3, 3, 1]]
    assert steps[1].after.tolist() == [[0, 0, 0], [0, 0, 0], [3, 3, 0]]
    assert not steps[2].after.any()
    assert [step.link.turns for step in steps] == [1, 1, 0]
    with pytest.raises(IllegalClearMoveError, match="move 1"):
        replay(board, [ClearMove((1, 0), (1, 2))], gravity="down")  # named as in the input
    for engine in ENGINES:
        result = llk.clear(board, outside=True, gravity="down", engine=engine)
        assert clears(board, result.moves, outside=True, gravity="down")


def test_without_gravity_a_removal_only_opens_paths():
    board = as_board([[1, 2, 1], [0, 2, 0]])
    assert linkable_pairs(board) == [ClearMove((0, 1), (1, 1))]
    after = play(board, ClearMove((0, 1), (1, 1))).after
    assert linkable_pairs(after) == [ClearMove((0, 0), (0, 2))]


@pytest.mark.parametrize("gravity", GRAVITIES)
def test_gravity_cases_agree(gravity):
    board = [[1, 2, 0, 1], [0, 2, 3, 0], [3, 0, 4, 4]]
    answers = {engine: llk.clear(board, gravity=gravity, engine=engine) for engine in ENGINES}
    assert len({r.clearable for r in answers.values()}) == 1
    for result in answers.values():
        if result.moves is not None:
            assert clears(board, result.moves, gravity=gravity)


# --- the fast link test against the scan engine ----------------------------------------------


@given(
    st.integers(1, 6).flatmap(
        lambda n: st.lists(
            st.lists(st.sampled_from([0, 0, 1, 2, 3]), min_size=n, max_size=n),
            min_size=1,
            max_size=6,
        )
    ),
    st.booleans(),
    st.integers(0, 4),
)
def test_core_links_and_path_masks_agree_with_the_scan_engine(rows, outside, max_turns):
    board = as_board(rows)
    pos = Position(board, outside=outside)
    scanner = LinkScanner(board, outside=outside)
    table = clearing.board_core(pos, max_turns)
    assert table is not None
    for cells in pos.tiles:
        for i, a in enumerate(cells):
            for b in cells[i + 1 :]:
                want = scanner.link(Query(pos.cell(a), pos.cell(b)), max_turns).linked
                assert table.linked(a, b) == want
    if max_turns <= 2:  # the pairing search's path masks: a pair links when one is free
        search = PairingSearch(pos, max_turns, Budget(), None)  # type: ignore[arg-type]
        occ = search.root.occ
        for p, (t, u) in enumerate(search.pair_tiles):
            a, b = pos.cell(search.cells[t]), pos.cell(search.cells[u])
            want = scanner.link(Query(a, b), max_turns).linked
            assert any(not mask & occ for mask in search.masks[p]) == want


# --- engines against each other and against all removal orders -------------------------------


def test_engines_agree_on_small_boards():
    seen = {"yes": 0, "no": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow])
    @given(
        boards_of(8, 4, 4),
        st.sampled_from([False, False, True]),
        st.sampled_from(GRAVITIES),
        st.sampled_from([1, 2, 2, 3]),
    )
    def check(board, outside, gravity, max_turns):
        results = [
            llk.clear(board, outside=outside, gravity=gravity, max_turns=max_turns, engine=e)
            for e in ENGINES
        ]
        assert len({r.clearable for r in results}) == 1, results
        for result in results:
            if result.moves is not None:
                assert clears(
                    board, result.moves, outside=outside, max_turns=max_turns, gravity=gravity
                )
        seen["yes" if results[0].clearable else "no"] += 1

    check()
    assert seen["yes"] >= int(0.4 * examples()) and seen["no"] >= int(0.1 * examples()), seen


def test_brute_force_confirms_every_no_on_tiny_boards():
    seen = {"no": 0}

    @given(
        boards_of(6, 3, 3), st.sampled_from([False, False, False, True]), st.sampled_from(GRAVITIES)
    )
    def check(board, outside, gravity):
        result = llk.clear(board, outside=outside, gravity=gravity)
        assert result.clearable == brute_force(board, outside, 2, gravity)
        seen["no"] += not result.clearable

    check()
    assert seen["no"] >= int(0.2 * examples()), seen


def test_first_move_never_leads_into_a_dead_end():
    rng = np.random.default_rng(7)
    hinted = 0
    for _ in range(60):
        tiles = rng.permutation([t for t in range(1, 7) for _ in range(2)] + [0] * 4).reshape(4, 4)
        for gravity in ("none", "down"):
            result = llk.clear(tiles, outside=True, gravity=gravity)
            if result.moves:
                after = play(
                    settle(tiles, gravity), result.moves[0], outside=True, gravity=gravity
                ).after
                assert llk.clear(after, outside=True, gravity=gravity, engine="dfs").clearable
                hinted += 1
    assert hinted >= 30


def test_same_answer_every_run():
    board = np.arange(1, 19).repeat(2).reshape(6, 6) % 9 + 1
    first = llk.clear(board, outside=True)
    assert all(llk.clear(board, outside=True).moves == first.moves for _ in range(3))
