"""``solve clear``: the output contract, the options, errors and exit statuses."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from graphsearch.llk import ClearMove, settle
from graphsearch.llk.game import clears, play
from graphsearch.llk.generate import deal

DATA = Path(__file__).parents[1] / "data" / "llk"
SPEC = b"1 4\n1 2 2 1\n0\n2 2\n1 2\n2 1\n"


def parse_moves(lines):
    moves = []
    for line in lines:
        x1, y1, x2, y2 = map(int, line.split())
        moves.append(ClearMove((x1 - 1, y1 - 1), (x2 - 1, y2 - 1)))
    return moves


@pytest.mark.parametrize("engine", ["search", "dfs", "cpsat"])
def test_spec_examples(solve, engine):
    run = solve("clear", "--engine", engine, "-", stdin=SPEC)
    assert (run.status, run.out, run.err) == (0, "YES\n1 2 1 3\n1 1 1 4\nNO\n", "")
    assert solve("clear", "--outside", "-", stdin=b"2 2\n1 2\n2 1\n").out == "NO\n"


def test_a_file_may_end_after_the_rows_and_queries_are_ignored(solve):
    assert solve("clear", "-", stdin=b"1 2\n3 3").out == "YES\n1 1 1 2\n"
    with_queries = b"1 2\n3 3\n2\n1 1 1 2\n1 2 1 1\n0 0\n"
    assert solve("clear", "-", stdin=with_queries).out == "YES\n1 1 1 2\n"


@pytest.mark.parametrize("gravity", ["none", "down", "up", "left", "right"])
def test_every_clearing_replays_and_hint_is_its_first_move(solve, gravity):
    board = [[1, 2, 0, 1], [0, 2, 3, 0], [3, 0, 4, 4]]
    text = "3 4\n" + "\n".join(" ".join(map(str, row)) for row in board) + "\n"
    run = solve("clear", "--outside", "--gravity", gravity, "-", stdin=text.encode())
    lines = run.out.splitlines()
    assert lines[0] == "YES"
    moves = parse_moves(lines[1:])
    assert clears(board, moves, outside=True, gravity=gravity)
    hint = solve("clear", "--outside", "--gravity", gravity, "--hint", "-", stdin=text.encode())
    assert hint.out.splitlines() == lines[:2]
    after = play(settle(board, gravity), moves[0], outside=True, gravity=gravity).after
    assert clears(after, moves[1:], outside=True, gravity=gravity)
    again = solve("clear", "--outside", "--gravity", gravity, "-", stdin=text.encode())
    assert again.out == run.out


def test_json(solve):
    data = json.loads(solve("clear", "--format", "json", "-", stdin=SPEC).out)
    first, second = data["cases"]
    assert first["verdict"] == "YES" and second["verdict"] == "NO"
    assert first["moves"][0] == {"move": "1 2 1 3", "turns": 0, "path": [[1, 2], [1, 3]]}
    assert second["moves"] is None
    assert set(first["stats"]) == {"nodes", "table_hits", "moves_forced", "seconds"}


def test_pretty_and_svg(solve, tmp_path):
    pretty = solve("clear", "--format", "pretty", "-", stdin=SPEC).out
    assert "YES in 2 moves" in pretty and "NO: " in pretty
    assert " 1 2 2 1" in pretty and "#2 #1 #1 #2" in pretty  # the types, then the moves
    assert "move 1: 1 2 1 3  (type 2, 0 turns)" in pretty
    steps = solve("clear", "--format", "pretty", "--gravity", "down", "-", stdin=SPEC).out
    assert "move 1: 1 2 1 3" in steps
    out = tmp_path / "c.svg"
    assert solve("clear", "--format", "svg", "-o", out, "-", stdin=SPEC).status == 0
    assert out.read_text().startswith("<?xml")


@pytest.mark.parametrize(
    "args, stdin, fragment",
    [
        (["--engine", "cpsat", "--gravity", "down"], SPEC, "without gravity"),
        (["--engine", "cpsat", "--max-turns", "3"], SPEC, "at most 2 turns"),
        (["--format", "svg", "--gravity", "down"], SPEC, "without gravity"),
        (["--gravity", "sideways"], SPEC, "sideways"),
        ([], b"2 2\n1 2\n2\n", "row 2 of the board has 1 number,"),
        ([], b"1 2\n1 x\n", "token 'x'"),
    ],
)
def test_bad_input_and_usage(solve, args, stdin, fragment):
    run = solve("clear", *args, "-", stdin=stdin)
    assert run.status == 2 and run.out == ""
    assert run.err.count("\n") == 1 and fragment in run.err


def test_time_limit_is_undecided_never_a_wrong_no(solve):
    args = ["--outside", "--gravity", "down", "--time-limit", "0.2"]
    run = solve("clear", *args, DATA / "clear_hard.in")
    assert (run.status, run.out) == (3, "")
    assert "undecided" in run.err


def test_clearing_a_board_people_play_loads_neither_numpy_nor_the_other_commands(tmp_path):
    """Start-up is most of the time on such a board: the judge output of ``solve clear``
    reads, searches and prints without numpy and without the other commands' modules."""
    board = tmp_path / "board.txt"
    board.write_text("3 4\n1 2 0 3\n3 0 2 1\n4 0 0 4\n")
    script = (
        "import sys\n"
        "from cli.main import main\n"
        "for gravity in sys.argv[2:]:\n"
        "    assert main(['clear', '--outside', '--gravity', gravity, sys.argv[1]]) == 0\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] == 'numpy'\n"
        "                or m in ('cli.mayan', 'cli.llk', 'cli.survey', 'cli.generate'))\n"
        "print(loaded)\n"
    )
    modes = ["none", "down", "left-right-center", "inward", "向外扩散"]
    run = subprocess.run(
        [sys.executable, "-c", script, str(board), *modes],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2],
        check=True,
    )
    verdicts = [line for line in run.stdout.splitlines() if line in ("YES", "NO")]
    assert len(verdicts) == len(modes) and run.stdout.endswith("[]\n")


def test_workers_searches_a_hard_board_at_once_with_the_same_verdict(solve):
    """``--workers``: the portfolio on a board that takes it past its first search's
    positions (a QQ board with ``down``, decided in about a second), the verdict and a
    clearing that replays; a usage error for another engine."""
    from graphsearch.llk.generate import board_rng, deal

    board = deal(11, 19, 50, 4, board_rng("hard", 5, 0))
    text = "11 19\n" + "\n".join(" ".join(map(str, row)) for row in board) + "\n"
    one = solve(
        "clear", "--outside", "--gravity", "down", "--workers", "1", "-", stdin=text.encode()
    )
    two = solve(
        "clear", "--outside", "--gravity", "down", "--workers", "2", "-", stdin=text.encode()
    )
    assert one.status == two.status == 0 and one.out.split()[0] == two.out.split()[0]
    for run in (one, two):
        if run.out.startswith("YES"):
            moves = parse_moves(run.out.splitlines()[1:])
            assert clears(board, moves, outside=True, gravity="down")
    refused = solve("clear", "--engine", "dfs", "--workers", "2", "-", stdin=SPEC)
    assert refused.status == 2 and "--workers is an option of the search engine" in refused.err


def test_the_table_takes_a_share_of_the_memory_unless_told(solve, monkeypatch):
    """Unless ``--table-mb`` says, each search of a board may take
    ``clearing.table_mb_for(workers)`` (on 16 GB: 4,096 MB alone, 2,048 MB each of two)."""
    from graphsearch.llk import clearing

    seen = []
    real = clearing.solve

    def spy(*args, **kwargs):
        seen.append((kwargs["workers"], kwargs["table_mb"]))
        return real(*args, **kwargs)

    monkeypatch.setattr(clearing, "solve", spy)
    monkeypatch.setattr(clearing, "memory_bytes", lambda: 16 << 30)
    for extra in (("--workers", "1"), ("--workers", "2"), ("--workers", "2", "--table-mb", "64")):
        run = solve("clear", *extra, "-", stdin=SPEC)
        assert (run.status, run.out) == (0, "YES\n1 2 1 3\n1 1 1 4\nNO\n")
    assert seen == [(1, 4096)] * 2 + [(2, 2048)] * 2 + [(2, 64)] * 2


def test_table_mb_bounds_the_table_and_keeps_the_answer(solve):
    """``--table-mb``: a 14 x 8 board that cannot be cleared, which the default table
    decides in some 170,000 positions, takes ten times as many with a table of 1 MB
    (the search says so in its JSON), the same verdict; a usage error below 1 MB and for
    another engine."""
    board = deal(8, 14, 28, 4, random.Random(82))
    text = "8 14\n" + "\n".join(" ".join(map(str, row)) for row in board) + "\n"
    runs = [
        solve("clear", "--outside", "--gravity", "left", "--workers", "1", "--format", "json",
              *extra, "-", stdin=text.encode())
        for extra in ((), ("--table-mb", "512"), ("--table-mb", "1"))
    ]  # fmt: skip
    assert [run.status for run in runs] == [0, 0, 0]
    cases = [json.loads(run.out)["cases"][0] for run in runs]
    assert {case["verdict"] for case in cases} == {"NO"}
    nodes = [case["stats"]["nodes"] for case in cases]
    assert nodes[0] == nodes[1] < nodes[2]
    for bad in (("--table-mb", "0"), ("--engine", "dfs", "--table-mb", "64")):
        refused = solve("clear", *bad, "-", stdin=SPEC)
        assert refused.status == 2 and "--table-mb" in refused.err
