"""One budget for every whole-board engine: seconds, nodes, and a stop flag that another
thread sets."""

from __future__ import annotations

import random
import threading

import pytest

from graphsearch import llk
from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError, SearchTimeout
from graphsearch.llk.generate import deal

# boards that every engine takes more than a few seconds over (found by dealing seeds and
# keeping the first one the search had not decided at 3 s)
LEFT_16x9 = deal(9, 16, 36, 4, random.Random(1))  # with the ring, gravity left
QQ_NONE = deal(11, 19, 50, 4, random.Random(13))  # with the ring, no gravity


@pytest.mark.parametrize("nodes", [0, -3, True, 1.5, "9"])
def test_a_node_limit_is_a_positive_whole_number(nodes):
    with pytest.raises(InvalidInputError, match="node limit"):
        Budget(nodes=nodes)


def test_a_budget_or_limits_not_both():
    with pytest.raises(InvalidInputError, match="not both"):
        llk.clear([[1, 1]], time_limit=5, budget=Budget())
    assert llk.clear([[1, 1]], budget=Budget(5)).clearable


@pytest.mark.parametrize("engine", sorted(llk.CLEAR_ENGINES))
def test_a_stopped_budget_stops_every_engine_before_it_starts(engine):
    budget = Budget()
    budget.stop()
    assert budget.stopped
    with pytest.raises(SearchTimeout, match="stopped"):
        llk.clear([[1, 2, 1, 2]], engine=engine, budget=budget)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("engine", "board", "gravity"),
    [
        ("search", LEFT_16x9, "left"),  # the compiled move search
        ("search", QQ_NONE, "none"),  # the pairing search, then the race
        ("cpsat", QQ_NONE, "none"),  # the kernel, the model, the hand-over
        ("dfs", LEFT_16x9, "left"),  # the reference search
    ],
)
def test_another_thread_stops_a_search(engine, board, gravity):
    """Stopped from another thread after 0.3 s, each engine raises SearchTimeout saying
    so; without the stop it would run into the budget's 120 s and say nothing of it."""
    budget = Budget(120)
    timer = threading.Timer(0.3, budget.stop)
    timer.start()
    try:
        with pytest.raises(SearchTimeout, match="stopped") as raised:
            llk.clear(board, outside=True, gravity=gravity, engine=engine, budget=budget)
    finally:
        timer.cancel()
    assert raised.value.stats is not None


def test_a_node_limit_in_the_budget_is_the_engine_s_own():
    budget = Budget(nodes=5)
    with pytest.raises(SearchTimeout, match="used up its 5 positions") as raised:
        llk.clear(LEFT_16x9, outside=True, gravity="left", budget=budget)
    assert 5 <= raised.value.stats.nodes <= 6  # the position it stopped at counts
