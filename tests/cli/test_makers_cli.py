"""``solve mayan --count/--all``, ``solve generate`` and ``solve survey`` as a user runs them."""

from __future__ import annotations

import json

import pytest

from graphsearch.llk import parse_cases
from graphsearch.llk.clearing_dfs import solve as dfs_clear
from graphsearch.mayan import parse_puzzle
from tests.mayan.naive import all_solutions

SPARE_MOVE = b"2\n0\n0\n0\n1 1 0\n1 0\n"


def test_count_and_all_follow_the_convention(solve):
    assert solve("mayan", "--count", "-", stdin=SPARE_MOVE).out == "2\n"
    assert solve("mayan", "--all", "-", stdin=SPARE_MOVE).out == "3 0 1\n3 0 -1\n\n3 0 1\n3 1 -1\n"
    assert solve("mayan", "--count", "--no-same-color-swaps", "-", stdin=SPARE_MOVE).out == "0\n"
    assert solve("mayan", "--all", "--no-same-color-swaps", "-", stdin=SPARE_MOVE).out == "-1\n"
    limited = solve(
        "mayan", "--count", "--count-limit", "1", "--format", "json", "-", stdin=SPARE_MOVE
    )
    doc = json.loads(limited.out)
    assert (doc["count"], doc["complete"]) == (1, False)
    assert (
        solve("mayan", "--all", "--count-limit", "1", "-", stdin=SPARE_MOVE).out
        == "3 0 1\n3 0 -1\n"
    )


@pytest.mark.parametrize(
    "args",
    [
        ["--count", "--all"],
        ["--count-limit", "2"],
        ["--count", "--engine", "dfs"],
        ["--all", "--format", "pretty"],
        ["--count", "--count-limit", "0"],
    ],
)
def test_count_usage_errors(solve, args):
    run = solve("mayan", *args, "-", stdin=SPARE_MOVE)
    assert run.status == 2 and run.out == "" and run.err.count("\n") == 1


@pytest.mark.parametrize(("n", "swaps"), [(3, "--same-color-swaps"), (4, "--no-same-color-swaps")])
def test_generate_mayan_writes_unique_puzzles(solve, tmp_path, n, swaps):
    out = tmp_path / "puzzles"
    run = solve("generate", "mayan", "--n", n, swaps, "--seed", 11, "--count", 3, "-o", out)
    assert run.status == 0, run.err
    index = json.loads((out / "index.json").read_text())
    assert [p["file"] for p in index["puzzles"]] == ["0001.txt", "0002.txt", "0003.txt"]
    same = swaps == "--same-color-swaps"
    for entry in index["puzzles"]:
        text = (out / entry["file"]).read_text()
        puzzle = parse_puzzle(text)
        assert puzzle.n == n
        # an independent brute force finds exactly one solution, the one solve prints
        (expected,) = all_solutions(puzzle.board.columns, n, same)
        assert [" ".join(map(str, m)) for m in expected] == entry["solution"]
        answer = solve("mayan", swaps, "-", stdin=text.encode()).out
        assert answer.splitlines() == entry["solution"]
    again = tmp_path / "again"
    solve("generate", "mayan", "--n", n, swaps, "--seed", 11, "--count", 3, "-o", again)
    for name in ("0001.txt", "0002.txt", "0003.txt", "index.json"):
        assert (again / name).read_bytes() == (out / name).read_bytes()


@pytest.mark.parametrize("gravity", ["none", "down", "left"])
def test_generate_llk_boards_clear(solve, gravity):
    args = ["generate", "llk", "--rows", 3, "--cols", 4, "--types", 3, "--gravity", gravity]
    run = solve(*args, "--seed", 9, "--count", 3)
    assert run.status == 0, run.err
    assert run.out.endswith("0\n0 0\n")
    cases = parse_cases(run.out)
    assert len(cases) == 3
    for case in cases:
        assert case.queries == () and dfs_clear(case.board, gravity=gravity).clearable
        cleared = solve("clear", "--gravity", gravity, "-", stdin=case.to_text().encode())
        assert cleared.out.startswith("YES")
    assert solve(*args, "--seed", 9, "--count", 3).out == run.out
    doc = json.loads(solve(*args, "--seed", 9, "--format", "json").out)
    assert doc["boards"][0]["board"] == cases[0].board.tolist()


def test_generate_llk_refuses_what_cannot_fit(solve):
    run = solve("generate", "llk", "--rows", 2, "--cols", 2, "--types", 3, "--seed", 1)
    assert run.status == 2 and "do not fit" in run.err


def test_survey_counts_do_not_depend_on_the_workers(solve, tmp_path):
    args = ["survey", "mayan", "--n", 2, "--colors", 2, "--blocks", 6, "--boards", 30]
    one = json.loads(solve(*args, "--workers", 1, "--format", "json").out)
    two = json.loads(solve(*args, "--workers", 2, "--format", "json").out)
    keys = ("boards", "clearable", "not_clearable", "undecided", "greedy")
    assert [one[k] for k in keys] == [two[k] for k in keys]
    assert one["boards"] == 30 and one["clearable"] > 0 and one["not_clearable"] > 0
    text = solve(*args, "--workers", 1).out
    assert f"clearable      {one['clearable']}" in text


def test_survey_results_file_resumes(solve, tmp_path):
    results = tmp_path / "runs.jsonl"
    args = ["survey", "clear", "--rows", 4, "--cols", 6, "--types", 12, "--copies", 2]
    first = solve(*args, "--boards", 5, "--results", results, "--format", "json")
    assert first.status == 0, first.err
    assert len(results.read_text().splitlines()) == 1 + 5
    more = json.loads(solve(*args, "--boards", 8, "--results", results, "--format", "json").out)
    assert len(results.read_text().splitlines()) == 1 + 8  # only three more were run
    whole = json.loads(solve(*args, "--boards", 8, "--workers", 1, "--format", "json").out)
    keys = ("boards", "clearable", "not_clearable", "greedy")
    assert [more[k] for k in keys] == [whole[k] for k in keys]
    other = solve(*args, "--boards", 8, "--seed", 5, "--results", results)
    assert other.status == 2 and "other settings" in other.err


def test_a_surveys_boards_share_a_quarter_of_the_memory_unless_told(solve, monkeypatch):
    """A local survey's searches each get ``table_mb_for(boards=workers)`` (on 16 GB:
    4,096 MB with one process, 2,048 MB with two); ``--table-mb`` and a Dask scheduler's
    survey (whose machines are not this one) take what they are told or 512 MB."""
    from graphsearch import survey
    from graphsearch.llk import clearing

    given = []

    def spy(spec, **kwargs):  # a generator, as run_survey is
        given.append(spec.table_mb)
        yield from ()

    monkeypatch.setattr(survey, "run_survey", spy)
    monkeypatch.setattr(clearing, "memory_bytes", lambda: 16 << 30)
    args = ["survey", "clear", "--boards", 2]
    for extra in (("--workers", 1), ("--workers", 2), ("--table-mb", 64)):
        assert solve(*args, *extra).status == 0
    run = solve(*args, "--executor", "dask", "--scheduler", "tcp://127.0.0.1:1")
    assert run.status == 0, run.err
    assert given == [4096, 2048, 64, None]


def test_survey_usage_errors(solve):
    assert solve("survey", "clear", "--rows", 2, "--cols", 2).status == 2
    assert solve("survey", "mayan", "--scheduler", "tcp://x:1").status == 2
    # no board of 35 blocks in two colors without a run at the start: said, not a traceback
    run = solve("survey", "mayan", "--blocks", 35, "--colors", 2, "--boards", 2, "--workers", 1)
    assert run.status == 2 and "without a run" in run.err


def test_survey_retries_its_undecided_boards_under_a_longer_limit(solve, tmp_path):
    """A survey whose boards ran out of time, resumed with --retry-undecided and a longer
    limit, decides them (the lines are appended; a decided board stays decided) and
    counts as a survey run whole; a results file is resumed whatever the time limit."""
    results = tmp_path / "runs.jsonl"
    args = ["survey", "clear", "--rows", 9, "--cols", 16, "--types", 36, "--gravity", "down"]
    args += ["--boards", 6, "--workers", 1, "--results", results, "--format", "json"]
    rushed = json.loads(solve(*args, "--time-limit", "0.000001").out)["undecided"]
    assert rushed >= 3
    again = json.loads(solve(*args, "--time-limit", 30).out)  # resumed: nothing runs
    assert again["undecided"] == rushed and len(results.read_text().splitlines()) == 1 + 6
    retried = json.loads(solve(*args, "--time-limit", 30, "--retry-undecided").out)
    assert retried["undecided"] == 0
    assert len(results.read_text().splitlines()) == 1 + 6 + rushed
    whole = json.loads(solve(*args[:-4], "--format", "json").out)
    keys = ("boards", "clearable", "not_clearable", "greedy")
    assert [retried[k] for k in keys] == [whole[k] for k in keys]
    assert json.loads(solve(*args, "--retry-undecided").out)["undecided"] == 0  # none left
    refused = solve(*args[:-4], "--retry-undecided")
    assert refused.status == 2 and "--retry-undecided goes with --results" in refused.err


def test_a_board_still_undecided_counts_its_longest_try(solve, tmp_path):
    """A board undecided again under a longer limit reports the seconds of that try (a
    shorter one later does not undo it), and a later undecided line never undoes a
    verdict; a retry skips the boards already tried as long as it would try them."""
    results = tmp_path / "runs.jsonl"
    args = ["survey", "clear", "--rows", 9, "--cols", 16, "--types", 36, "--gravity", "down"]
    args += ["--boards", 3, "--workers", 1, "--results", results, "--format", "json"]
    first = json.loads(solve(*args, "--time-limit", 30).out)
    assert first["undecided"] == 0 and first["seconds"]["max"] < 30
    lines = results.read_text().splitlines()
    tried = [json.loads(line) for line in lines[1:]]
    tried[0] |= {"verdict": "undecided", "seconds": 0.5}  # as if it had timed out at first
    later = [dict(tried[0], seconds=77.0), dict(tried[1], verdict="undecided", seconds=99.0)]
    later.append(dict(tried[0], seconds=20.0))
    results.write_text("\n".join(lines[:1] + [json.dumps(t) for t in tried + later]) + "\n")
    again = json.loads(solve(*args, "--time-limit", 30).out)
    assert again["undecided"] == 1 and again["seconds"]["max"] == 77.0
    written = results.read_text()
    skipped = json.loads(solve(*args, "--time-limit", 77, "--retry-undecided").out)
    assert skipped["undecided"] == 1 and results.read_text() == written  # tried 77 s once
    retried = json.loads(solve(*args, "--time-limit", 78, "--retry-undecided").out)
    assert retried["undecided"] == 0 and len(results.read_text()) > len(written)
