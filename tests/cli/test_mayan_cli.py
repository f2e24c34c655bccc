"""``solve mayan``: by path and stdin, every format, errors and exit statuses."""

from __future__ import annotations

import json
import shutil
import subprocess

import pytest

from tests.cli.conftest import EXAMPLES

SAMPLE = EXAMPLES / "mayan_sample.txt"
ANSWER = (EXAMPLES / "mayan_sample.ans").read_text()


@pytest.mark.parametrize("engine", ["search", "dfs", "cpsat"])
def test_by_path_and_by_stdin(solve, engine):
    by_path = solve("mayan", "--engine", engine, SAMPLE)
    assert (by_path.status, by_path.out, by_path.err) == (0, ANSWER, "")
    by_stdin = solve("mayan", "--engine", engine, "-", stdin=SAMPLE.read_bytes())
    assert (by_stdin.status, by_stdin.out) == (0, ANSWER)


def test_conventions(solve):
    spec = b"2\n0\n0\n0\n1 1 0\n1 0\n"
    assert solve("mayan", "-", stdin=spec).out == "3 0 1\n3 0 -1\n"
    run = solve("mayan", "--no-same-color-swaps", "-", stdin=spec)
    assert (run.status, run.out) == (0, "-1\n")


@pytest.mark.parametrize("engine", ["search", "cpsat"])
def test_prefilter_gives_the_same_answers(solve, engine):
    assert solve("mayan", "--prefilter", "--engine", engine, SAMPLE).out == ANSWER
    unsolvable = b"1\n3 3 2 3 0\n3 0\n2 0\n2 0\n0\n"
    run = solve("mayan", "--prefilter", "--format", "json", "-", stdin=unsolvable)
    assert json.loads(run.out)["stats"]["prefilter"] == "proved unsolvable"
    assert solve("mayan", "--prefilter", "-", stdin=unsolvable).out == "-1\n"


def test_json(solve):
    run = solve("mayan", "--format", "json", SAMPLE)
    data = json.loads(run.out)
    assert data["solvable"] is True and data["n"] == 3
    assert data["moves"] == [[2, 1, 1], [3, 1, 1], [3, 0, 1]]
    assert data["stats"]["nodes"] > 0
    unsolvable = json.loads(solve("mayan", "--format", "json", "-", stdin=b"1 1 0 2 0 0 1 0 0").out)
    assert unsolvable["solvable"] is False and unsolvable["moves"] is None


def test_pretty(solve):
    run = solve("mayan", "--format", "pretty", SAMPLE)
    assert run.status == 0
    assert "Move 1: 2 1 1" in run.out and "Move 3: 3 0 1" in run.out
    assert "\x1b[" not in run.out  # no colors when not a terminal
    assert run.out.count("+---------------") == 4


@pytest.mark.parametrize(
    ("stdin", "fragment"),
    [
        (b"", "empty"),
        (b"hello", "line 1, token 'hello'"),
        (b"0 0 0 0 0 0", "1..10000"),
        (b"-3 0 0 0 0 0", "1..10000"),
        (b"3\n1 0\n2 1", "line 3: input ends"),
        (b"3 12 0 0 0 0 0", "token '12'"),
        (b"3 1 2 1 2 1 2 1 2 0 0 0 0 0", "more than 7"),
        (b"3 1 1 1 0 0 0 0 0", "run of three"),
        (b"3 0 0 0 0 0 9", "after the fifth column"),
        (bytes(range(256)) * 3, "line 1"),
    ],
)
def test_bad_input_is_one_line_and_status_2(solve, stdin, fragment):
    run = solve("mayan", "-", stdin=stdin)
    assert run.status == 2
    assert run.out == ""
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    assert fragment in run.err and "<stdin>" in run.err


@pytest.mark.parametrize(
    "args",
    [
        ("mayan", "missing-file.txt"),
        ("mayan", "--engine", "magic", str(SAMPLE)),
        ("mayan", "--time-limit", "0", str(SAMPLE)),
        ("mayan",),
        ("nonsense",),
    ],
)
def test_bad_usage_is_one_line_and_status_2(solve, args):
    run = solve(*args)
    assert run.status == 2
    assert run.err.count("\n") == 1 and "Traceback" not in run.err


def test_time_limit_runs_out_with_status_3(solve, tmp_path):
    # a dense unsolvable board with many moves left: the reference DFS cannot finish in 0.2 s
    hard = "7\n1 2 3 1 0\n2 3 1 2 0\n3 1 2 3 0\n1 2 3 1 0\n2 3 1 2 0\n"
    path = tmp_path / "hard.txt"
    path.write_text(hard)
    run = solve("mayan", "--engine", "dfs", "--time-limit", "0.2", path)
    assert run.status == 3
    assert "time limit" in run.err and run.err.count("\n") == 1


def test_help_explains(solve):
    run = solve("mayan", "--help")
    assert run.status == 0
    for word in ("--engine", "--no-same-color-swaps", "--format", "--time-limit", "-1"):
        assert word in run.out


@pytest.mark.skipif(shutil.which("solve") is None, reason="the console script is not installed")
def test_installed_console_script():
    proc = subprocess.run(["solve", "mayan", str(SAMPLE)], capture_output=True, text=True)
    assert (proc.returncode, proc.stdout) == (0, ANSWER)
