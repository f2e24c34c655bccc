"""Generated 连连看 boards: clearable for an engine other than the one that made them."""

from __future__ import annotations

import numpy as np
import pytest

from graphsearch.llk.clearing_dfs import solve as dfs_solve
from graphsearch.llk.game import GRAVITIES, clears
from graphsearch.llk.generate import deal, generate_boards
from graphsearch.llk.greedy import greedy_clearing


@pytest.mark.parametrize("gravity", GRAVITIES)
@pytest.mark.parametrize("outside", [False, True])
@pytest.mark.parametrize("method", ["backwards", "sampling"])
def test_small_generated_boards_clear_for_the_reference_dfs(gravity, outside, method):
    from graphsearch.llk.gravity import CLASSIC

    if method == "backwards" and gravity not in ("none", *CLASSIC):
        with pytest.raises(ValueError, match="sampling"):
            next(generate_boards(3, 4, types=3, seed=5, method=method, gravity=gravity))
        return
    rules = {"outside": outside, "gravity": gravity}
    made = list(generate_boards(3, 4, types=3, copies=4, seed=5, count=3, method=method, **rules))
    for item in made:
        assert sorted(np.unique(item.board, return_counts=True)[1].tolist()) == [4, 4, 4]
        assert clears(item.board, item.clearing, **rules)
        assert dfs_solve(item.board, **rules).clearable
    again = generate_boards(3, 4, types=3, copies=4, seed=5, count=3, method=method, **rules)
    assert [a.board.tolist() for a in again] == [m.board.tolist() for m in made]


@pytest.mark.parametrize("gravity", ["none", "down"])
@pytest.mark.parametrize("outside", [False, True])
def test_full_kshisen_boards_built_backwards_replay(gravity, outside):
    (item,) = generate_boards(9, 16, types=36, seed=1, outside=outside, gravity=gravity)
    assert np.count_nonzero(item.board) == 144
    assert clears(item.board, item.clearing, outside=outside, gravity=gravity)


@pytest.mark.parametrize("gravity", ["inward", "left-right-center"])
def test_sampled_boards_of_a_classic_size_in_a_mode_of_the_move_search(gravity):
    """Clearing a 12 x 7 board takes the move search at least 42 positions: a budget of
    the pairing search's branchings would pass no deal."""
    rules = {"outside": True, "gravity": gravity}
    made = list(generate_boards(7, 12, types=21, seed=3, count=2, method="sampling", **rules))
    for item in made:
        assert np.count_nonzero(item.board) == 84
        assert clears(item.board, item.clearing, **rules)


def test_greedy_fails_and_min_nodes_filters():
    rules = {"outside": True}
    for item in generate_boards(4, 6, types=6, seed=3, count=3, greedy_fails=True, **rules):
        assert not item.greedy
        assert greedy_clearing(item.board, **rules) is None
        assert dfs_solve(item.board, **rules).clearable
    (item,) = generate_boards(4, 6, types=6, seed=3, min_nodes=3, **rules)
    assert item.nodes is not None and item.nodes >= 3


def test_bad_settings_are_refused():
    with pytest.raises(ValueError):
        next(generate_boards(2, 2, types=2, copies=4, seed=1))
    with pytest.raises(ValueError):
        next(generate_boards(3, 3, types=3, copies=3, seed=1))
    with pytest.raises(ValueError):
        next(generate_boards(3, 4, types=3, seed=1, gravity="sideways"))


def test_deal_uses_every_tile_once():
    import random

    board = deal(11, 19, 50, 4, random.Random(1))
    values, counts = np.unique(board[board > 0], return_counts=True)
    assert values.tolist() == list(range(1, 51)) and set(counts.tolist()) == {4}
    assert np.count_nonzero(board == 0) == 209 - 200


def naive_greedy(board, outside, max_turns, gravity):
    """Greedy play straight from the rule module: the first of ``linkable_pairs`` each time."""
    from graphsearch.llk.game import linkable_pairs, play, settle

    current, moves = settle(board, gravity), []
    while current.any():
        options = linkable_pairs(current, outside=outside, max_turns=max_turns)
        if not options:
            return None
        moves.append(options[0])
        current = play(
            current, options[0], outside=outside, max_turns=max_turns, gravity=gravity
        ).after
    return moves


def test_greedy_play_takes_the_first_linked_pair_each_time():
    import random

    cleared = stuck = 0
    for seed in range(12):
        board = deal(5, 6, 7, 4, random.Random(seed))
        for outside in (False, True):
            for gravity in ("none", "down", "right"):
                for max_turns in (1, 2):
                    expected = naive_greedy(board, outside, max_turns, gravity)
                    rules = {"outside": outside, "max_turns": max_turns, "gravity": gravity}
                    assert greedy_clearing(board, **rules) == expected
                    cleared += expected is not None
                    stuck += expected is None
    assert cleared >= 20 and stuck >= 20, (cleared, stuck)


@pytest.mark.parametrize("gravity", ["none", "left"])
def test_greedy_play_on_a_board_past_the_core_s_limits_goes_by_the_rules(gravity):
    # a row of 70 cells does not fit the core's words: greedy play falls back to the rules
    board = np.array([[1, 0, 2, 1] + [0] * 63 + [2, 3, 0, 3], [0] * 67 + [4, 0, 0, 4]])
    for outside in (False, True):
        expected = naive_greedy(board, outside, 2, gravity)
        assert expected is not None
        assert greedy_clearing(board, outside=outside, gravity=gravity) == expected
    assert greedy_clearing(np.array([[1, 2, 1, 2] + [0] * 70])) is None
