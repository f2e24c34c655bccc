"""One budget for every search: a ``Budget.stop()`` from another thread ends any search of
the package with ``SearchTimeout`` saying it was stopped, soon after the stop (the issue's
bar is 50 ms; these tests allow 250 ms so that a loaded machine does not fail them), and
a node limit ends it in the engine's own unit."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable

import pytest

from graphsearch import Budget, SearchTimeout, Status, llk, mayan
from graphsearch.llk.generate import board_rng, deal, generate_boards
from graphsearch.mayan import Puzzle
from graphsearch.mayan.count import count_solutions, iter_solutions
from graphsearch.mayan.generate import deal as deal_blocks
from graphsearch.mayan.generate import generate_puzzles
from graphsearch.survey import SurveySpec, run_survey

LATE = 0.25  # seconds a stop may take here


def stopped_late(run: Callable[[Budget], object], after: float = 0.3) -> float:
    """Run a search under a budget that another thread stops ``after`` seconds in; the
    seconds from the stop to the SearchTimeout (the search must not finish first)."""
    budget = Budget()
    stopped_at: list[float] = []

    def stop() -> None:
        stopped_at.append(time.perf_counter())
        budget.stop()

    timer = threading.Timer(after, stop)
    timer.start()
    try:
        with pytest.raises(SearchTimeout, match="stopped"):
            run(budget)
    finally:
        timer.cancel()
    assert stopped_at, "the search ended before it was stopped"
    return time.perf_counter() - stopped_at[0]


HARD_MAYAN = Puzzle(9, deal_blocks(random.Random(4), 4, 30))  # about 700,000 states
DENSE_MAYAN = Puzzle(5, deal_blocks(random.Random(4), 4, 30))


@pytest.mark.parametrize("engine", ["search", "dfs"])
def test_a_stop_ends_a_mayan_engine(engine):
    assert stopped_late(lambda b: mayan.solve(HARD_MAYAN, engine=engine, budget=b)) < LATE


def test_a_stop_ends_the_cpsat_model_and_the_prefilter():
    late = stopped_late(lambda b: mayan.solve(DENSE_MAYAN, engine="cpsat", budget=b), 1.0)
    assert late < LATE
    late = stopped_late(lambda b: mayan.solve(HARD_MAYAN, prefilter=True, budget=b), 0.2)
    assert late < LATE


def test_a_stop_ends_counting_listing_and_making():
    assert stopped_late(lambda b: count_solutions(HARD_MAYAN, budget=b)) < LATE
    assert stopped_late(lambda b: list(iter_solutions(HARD_MAYAN, budget=b))) < LATE
    late = stopped_late(lambda b: list(generate_puzzles(5, seed=1, count=1000, budget=b)))
    assert late < LATE
    late = stopped_late(
        lambda b: list(
            generate_boards(9, 16, types=36, seed=1, count=1000, gravity="left", budget=b)
        )
    )
    assert late < LATE


def qq(i: int):
    return deal(11, 19, 50, 4, board_rng("llk", 0, i))


@pytest.mark.parametrize(
    "board, gravity, engine",
    [
        (qq(103), "none", "search"),  # the pairing search
        (qq(91), "down", "search"),  # the move search, fixed lines
        (deal(9, 16, 36, 4, board_rng("llk", 1, 1)), "inward", "search"),  # repeated passes
        (qq(103), "none", "cpsat"),
    ],
    ids=["none", "down", "inward", "cpsat"],
)
def test_a_stop_ends_a_whole_board_search(board, gravity, engine):
    def run(budget: Budget) -> object:
        return llk.clear(board, outside=True, gravity=gravity, engine=engine, budget=budget)

    assert stopped_late(run, 1.0 if engine == "cpsat" else 0.3) < LATE


def test_a_stop_ends_a_survey_with_its_boards_in_flight():
    spec = SurveySpec("clear", 0, 40, None, rows=11, cols=19, types=50, gravity="down")

    def run(budget: Budget) -> object:
        return list(run_survey(spec, workers=2, budget=budget))

    assert stopped_late(run, 1.5) < LATE
    alone = SurveySpec("mayan", 0, 5, None, n=9, colors=4, blocks=30)
    assert stopped_late(lambda b: list(run_survey(alone, workers=1, budget=b)), 0.3) < LATE


def test_node_limits_count_in_each_engines_unit():
    for engine, unit in (("search", "states"), ("dfs", "boards")):
        with pytest.raises(SearchTimeout, match=f"used up its 1000 {unit}") as info:
            mayan.solve(HARD_MAYAN, engine=engine, budget=Budget(nodes=1000))
        assert 0 < info.value.stats.nodes <= 1000
    with pytest.raises(SearchTimeout, match="used up its 500 states"):
        count_solutions(HARD_MAYAN, budget=Budget(nodes=500))
    with pytest.raises(SearchTimeout, match="used up"):
        llk.clear(qq(91), outside=True, gravity="down", budget=Budget(nodes=1000))


def test_every_result_has_the_one_status_type():
    assert mayan.solve(HARD_MAYAN).status is Status.FOUND
    assert mayan.solve("1  1 0  1 0  2 0  0  0").status is Status.EXHAUSTED
    assert llk.clear([[1, 2, 2, 1]]).status is Status.FOUND
    assert llk.clear([[1, 2], [2, 1]]).status is Status.EXHAUSTED
    assert llk.Status is Status and mayan.Status is Status


def test_a_time_limit_and_a_budget_are_not_both_given():
    with pytest.raises(ValueError, match="not both"):
        mayan.solve(HARD_MAYAN, time_limit=1, budget=Budget())
