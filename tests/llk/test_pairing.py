"""Without gravity: the pairing search (the default ``search``) and the CP-SAT model against
the plain reference, on boards whose types have four or six tiles, where the pairing is the
choice that decides a board."""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cpmodels import clear as cpsat_clear
from graphsearch import InvalidInputError, llk
from graphsearch.llk.game import clears
from graphsearch.llk.generate import deal
from tests.budget import examples
from tests.llk.strategies import boards_of_fours


def _check_against_dfs(engines, **kwargs):
    seen = {"yes": 0, "no": 0, "no with a type of four": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow], **kwargs)
    @given(
        boards_of_fours(4, 4),
        st.sampled_from([False, False, False, True]),
        st.sampled_from([1, 2, 2]),
    )
    def check(board, outside, max_turns):
        want = llk.clear(board, outside=outside, max_turns=max_turns, engine="dfs").clearable
        for solve in engines:
            result = solve(board, outside=outside, max_turns=max_turns)
            assert result.clearable == want, (solve, board.tolist(), outside, max_turns)
            if result.moves is not None:
                assert clears(board, result.moves, outside=outside, max_turns=max_turns)
        seen["yes" if want else "no"] += 1
        seen["no with a type of four"] += not want and np.bincount(board.ravel())[1:].max() >= 4

    check()
    return seen


def test_search_agrees_with_dfs_on_boards_of_fours():
    n = examples(1.3)
    seen = _check_against_dfs([llk.clear], max_examples=n)
    assert seen["yes"] >= int(0.35 * n) and seen["no"] >= int(0.07 * n), seen
    assert seen["no with a type of four"] >= 1, seen


def test_cpsat_agrees_with_dfs_on_boards_of_fours():
    def bare(board, **kwargs):
        return cpsat_clear.solve(board, presolve=False, **kwargs)

    engines = [cpsat_clear.solve, bare]
    n = examples(0.4)
    seen = _check_against_dfs(engines, max_examples=n)
    assert seen["yes"] >= int(0.3 * n) and seen["no"] >= int(0.08 * n), seen


@pytest.mark.slow
def test_cpsat_agrees_with_dfs_in_bulk():
    def bare(board, **kwargs):
        return cpsat_clear.solve(board, presolve=False, **kwargs)

    n = examples(2)
    seen = _check_against_dfs([cpsat_clear.solve, bare], max_examples=n)
    assert seen["yes"] >= int(0.4 * n) and seen["no"] >= int(0.08 * n), seen


def test_cpsat_hands_a_board_the_model_has_not_decided_to_the_search(monkeypatch):
    """With no deterministic time for CP-SAT, the model decides nothing on its own: every
    board it gets goes to the exact search, and the verdicts are still the search's."""
    handed = 0
    monkeypatch.setattr(cpsat_clear, "MODEL_DTIME", 0.0)
    rng = random.Random(3)
    verdicts = {True: 0, False: 0}
    for i in range(24):
        outside = i % 2 == 0
        # without the ring, boards of pairs often cannot be cleared
        board = deal(6, 8, 12, 4, rng) if outside else deal(6, 6, 18, 2, rng)
        result = cpsat_clear.solve(board, outside=outside)
        handed += result.engine == "search"
        assert result.clearable == llk.clear(board, outside=outside).clearable
        if result.moves is not None:
            assert clears(board, result.moves, outside=outside)
        verdicts[result.clearable] += 1
    assert verdicts[True] >= 6 and verdicts[False] >= 3, verdicts
    assert handed >= 5, handed


def test_cpsat_refuses_gravity_and_more_turns():
    with pytest.raises(InvalidInputError, match="without gravity"):
        cpsat_clear.solve([[1, 1]], gravity="down")
    with pytest.raises(InvalidInputError, match="2 turns"):
        cpsat_clear.solve([[1, 1]], max_turns=3)
