"""What share of random 8 x 8 boards of 16 types can be cleared?  A small survey on a local
Dask cluster (``pip install 'graphsearch[dask]'``); the counts do not depend on where the
boards run."""

from graphsearch.survey import SurveySpec, run_survey, summarize

if __name__ == "__main__":  # the cluster's worker processes import this file
    spec = SurveySpec("clear", seed=7, boards=8, rows=8, cols=8, types=16, time_limit=10)
    outcomes = sorted(run_survey(spec, executor="dask", workers=2), key=lambda o: o.index)
    summary = summarize(outcomes)
    print(f"{summary['clearable']} of {summary['boards']} boards clear")
    assert summary["boards"] == 8 and summary["undecided"] == 0
