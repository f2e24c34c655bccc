"""``solve llk``: the judge's output, options, formats, errors and exit statuses."""

from __future__ import annotations

import json

import pytest

from tests.cli.conftest import EXAMPLES

SAMPLE = EXAMPLES / "llk_sample.txt"
ANSWER = (EXAMPLES / "llk_sample.ans").read_text()
RING = b"2 3\n5 1 5\n2 3 4\n1\n1 1 1 3\n0 0\n"


@pytest.mark.parametrize("engine", ["scan", "graph", "dfs"])
def test_sample_by_path_and_stdin(solve, engine):
    run = solve("llk", "--engine", engine, SAMPLE)
    assert (run.status, run.out, run.err) == (0, ANSWER, "")
    run = solve("llk", "--engine", engine, "-", stdin=SAMPLE.read_bytes())
    assert (run.status, run.out) == (0, ANSWER)


def test_outside_and_max_turns(solve):
    assert solve("llk", "-", stdin=RING).out == "NO\n"
    assert solve("llk", "--outside", "-", stdin=RING).out == "YES\n"
    assert solve("llk", "--outside", "--max-turns", "1", "-", stdin=RING).out == "NO\n"


def test_json(solve):
    data = json.loads(solve("llk", "--format", "json", SAMPLE).out)
    first = data["cases"][0]["queries"][0]
    assert first == {
        "query": "1 1 3 4",
        "linked": True,
        "turns": 2,
        "path": [[1, 1], [2, 1], [2, 4], [3, 4]],
    }
    assert data["cases"][0]["queries"][2]["reason"] == "different tile types"
    ring = json.loads(solve("llk", "--outside", "--format", "json", "-", stdin=RING).out)
    assert ring["cases"][0]["queries"][0]["path"] == [[1, 1], [0, 1], [0, 3], [1, 3]]


def test_pretty(solve):
    run = solve("llk", "--format", "pretty", SAMPLE)
    assert run.status == 0
    assert "query 1: 1 1 3 4  YES, 2 turns" in run.out
    assert "+  -  -  +" in run.out
    big = b"50 50\n" + (b"1 " * 50 + b"\n") * 50 + b"1\n1 1 1 2\n"
    assert "not drawn" in solve("llk", "--format", "pretty", "-", stdin=big).out


@pytest.mark.parametrize(
    ("stdin", "fragment"),
    [
        (b"2 2\n1 1\n1 1\n1\n1 1 3 1\n", "case 1, line 5, token '3'"),
        (b"3 3\n1 1 1\n1 1\n1 1 1\n1\n1 1 1 2\n", "row 2 of the board has 2 numbers"),
        (b"2 2\n1 1\n1 1\n", "number of queries q"),
        (b"2 2\n1 a\n1 1\n1\n1 1 1 2\n", "token 'a'"),
        (b"2 2\n1 -5\n1 1\n1\n1 1 1 2\n", "token '-5'"),
        (b"2 2\n1 1\n1 1\n3\n1 1 1 2\n", "input ends inside the queries"),
        (bytes(range(256)) * 4, "line 1"),
    ],
)
def test_bad_input(solve, stdin, fragment):
    run = solve("llk", "-", stdin=stdin)
    assert run.status == 2 and run.out == ""
    assert run.err.count("\n") == 1 and "Traceback" not in run.err
    assert fragment in run.err


def test_bad_usage(solve):
    for args in (("llk", "--max-turns", "-1", SAMPLE), ("llk", "--engine", "x", SAMPLE)):
        run = solve(*args)
        assert run.status == 2 and run.err.count("\n") == 1


def test_help_explains(solve):
    out = solve("llk", "--help").out
    for word in ("--engine", "--outside", "--max-turns", "--format", "YES"):
        assert word in out
