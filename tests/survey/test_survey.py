"""Surveys: the same counts however the boards are split, and honest summaries."""

from __future__ import annotations

import pytest

from graphsearch.survey import BoardOutcome, SurveySpec, run_survey, summarize, wilson

SMALL_CLEAR = SurveySpec(
    "clear", seed=4, boards=24, rows=4, cols=6, types=12, copies=2, outside=False
)
SMALL_MAYAN = SurveySpec("mayan", seed=4, boards=40, n=2, colors=2, blocks=6)


def by_board(outcomes):
    return {o.index: (o.verdict, o.greedy) for o in outcomes}


@pytest.mark.parametrize("spec", [SMALL_CLEAR, SMALL_MAYAN], ids=["clear", "mayan"])
def test_one_and_two_workers_give_the_same_outcomes(spec):
    one = by_board(run_survey(spec, workers=1))
    two = by_board(run_survey(spec, workers=2))
    assert one == two and sorted(one) == list(range(spec.boards))
    verdicts = [verdict for verdict, _ in one.values()]
    # not vacuous: both verdicts occur, and greedy play misses some clearable boards
    assert verdicts.count("yes") >= 3 and verdicts.count("no") >= 3, verdicts
    summary = summarize(run_survey(spec, workers=1))
    assert summary["clearable"] + summary["not_clearable"] + summary["undecided"] == spec.boards
    assert summary["greedy"] <= summary["clearable"]


def test_clear_verdicts_match_the_reference_dfs():
    from graphsearch.llk.clearing_dfs import solve
    from graphsearch.llk.generate import board_rng, deal

    spec = SMALL_CLEAR
    outcomes = by_board(run_survey(spec, workers=1))
    for i, (verdict, _) in outcomes.items():
        board = deal(spec.rows, spec.cols, spec.types, spec.copies, board_rng("llk", spec.seed, i))
        assert (verdict == "yes") == solve(board, outside=spec.outside).clearable


def test_skipped_boards_are_not_run():
    done = by_board(run_survey(SMALL_MAYAN, workers=1, skip=range(30)))
    assert sorted(done) == list(range(30, 40))


def test_a_time_limit_gives_undecided_never_a_verdict():
    spec = SurveySpec("clear", seed=1, boards=2, rows=9, cols=16, gravity="down", time_limit=1e-3)
    for outcome in run_survey(spec, workers=1):
        assert outcome.verdict in ("yes", "undecided")  # greedy may clear it outright


def test_summary_counts_and_interval():
    outcomes = [
        BoardOutcome(0, "yes", True, 1.0),
        BoardOutcome(1, "yes", False, 2.0),
        BoardOutcome(2, "no", False, 3.0),
        BoardOutcome(3, "undecided", False, 10.0),
    ]
    summary = summarize(outcomes)
    assert {k: summary[k] for k in ("boards", "clearable", "not_clearable", "undecided")} == {
        "boards": 4,
        "clearable": 2,
        "not_clearable": 1,
        "undecided": 1,
    }
    assert summary["greedy"] == 1 and summary["share"] == round(2 / 3, 4)
    low, high = summary["share_95"]
    assert low < 2 / 3 < high
    assert summary["seconds"] == {"median": 2.0, "p99": 10.0, "max": 10.0}
    assert summarize([])["share"] is None
    # Wilson's interval for 0 of 10 and 10 of 10 stays inside [0, 1] and is not a point
    assert wilson(0, 10)[0] == 0.0 and wilson(0, 10)[1] > 0.2
    assert wilson(10, 10)[1] == pytest.approx(1.0) and wilson(10, 10)[0] < 0.8


def test_bad_specs_are_refused():
    with pytest.raises(ValueError):
        SurveySpec("chess", seed=1, boards=1)
    with pytest.raises(ValueError):
        list(run_survey(SMALL_MAYAN, executor="slurm"))


@pytest.mark.slow
def test_a_local_dask_cluster_gives_the_same_outcomes():
    pytest.importorskip("distributed")
    local = by_board(run_survey(SMALL_MAYAN, workers=1))
    assert by_board(run_survey(SMALL_MAYAN, executor="dask", workers=2)) == local


def test_the_table_memory_changes_no_outcome_and_no_setting():
    """``table_mb`` is how boards are searched, not which: the same outcomes, and the
    settings (what a results file must match to be resumed) leave it out."""
    from dataclasses import replace

    spec = replace(SMALL_CLEAR, gravity="left", outside=True)
    small = replace(spec, table_mb=1)
    assert small.settings() == spec.settings() and "table_mb" not in spec.settings()
    outcomes = by_board(run_survey(spec, workers=1))
    assert by_board(run_survey(small, workers=1)) == outcomes
    verdicts = [verdict for verdict, _ in outcomes.values()]
    assert verdicts.count("yes") >= 3 and verdicts.count("no") >= 3, verdicts
