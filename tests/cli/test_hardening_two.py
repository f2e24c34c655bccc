"""The second adversarial round against the installed ``solve`` and the library, kept fixed:
limits kept on every board, files written through rather than replaced, every error one
line."""

from __future__ import annotations

import random

import pytest

from graphsearch import llk
from tests.cli.checks import one_line_error
from tests.cli.conftest import EXAMPLES

SAMPLE = EXAMPLES / "mayan_sample.txt"

# 1. types with many tiles: the reduction "a type that clears by its own moves goes whole"
# searched without bound and without the clock
MANY_OF_A_TYPE = [
    "5 7\n1 1 1 1 1 2 2\n1 2 1 2 2 2 1\n1 0 2 2 1 1 2\n2 2 1 1 2 1 2\n1 1 2 1 2 1 2\n",
    "4 7\n2 1 3 1 3 2 3\n2 1 3 3 3 1 3\n3 3 2 3 3 1 3\n2 2 3 3 3 3 1\n",
]


@pytest.mark.parametrize("text", MANY_OF_A_TYPE)
@pytest.mark.parametrize("rules", [["--outside"], [], ["--max-turns", "3"], ["--gravity", "left"]])
def test_many_tiles_of_a_type_are_decided(solve_process, text, rules):
    run = solve_process("clear", *rules, "--time-limit", "5", "-", stdin=text.encode(), timeout=60)
    assert run.status == 0, run
    board = llk.parse_cases(text, boards_only=True)[0].board
    dfs = llk.clear(board, engine="dfs", **_rules(rules))
    assert run.out.split("\n")[0] == ("YES" if dfs.clearable else "NO")
    if dfs.clearable:
        moves = [llk.ClearMove.of(*_cells(line)) for line in run.out.split("\n")[1:] if line]
        llk.replay(board, moves, **_rules(rules))


def _rules(args: list[str]) -> dict[str, object]:
    rules: dict[str, object] = {"outside": "--outside" in args}
    if "--max-turns" in args:
        rules["max_turns"] = int(args[args.index("--max-turns") + 1])
    if "--gravity" in args:
        rules["gravity"] = args[args.index("--gravity") + 1]
    return rules


def _cells(line: str) -> tuple[tuple[int, int], tuple[int, int]]:
    r1, c1, r2, c2 = (int(v) - 1 for v in line.split())
    return (r1, c1), (r2, c2)


def test_one_large_type_is_left_to_the_search_not_cleared_alone():
    from graphsearch.llk.pairing import PairingSearch
    from graphsearch.llk.position import ALONE_WORK, Position

    # twenty tiles of one type, none of which links: "clear it alone" has no answer,
    # and finding that out must stop after ALONE_WORK pairs
    board = [[1 if (r + c) % 2 == 0 else 2 + (r * 10 + c) % 7 for c in range(10)] for r in range(4)]
    pos = Position(llk.as_board(board))
    search = PairingSearch(pos, 2, _no_deadline(), _stats())
    node = search.root.copy()
    calls = 0
    links = search.links

    def counted(p: int, occ: int) -> bool:
        nonlocal calls
        calls += 1
        return links(p, occ)

    search.links = counted  # type: ignore[method-assign]
    assert search.alone(node, node.open[1], node.occ) is None
    assert 0 < calls <= ALONE_WORK


def _no_deadline():
    from graphsearch.budget import Budget

    return Budget()


def _stats():
    from graphsearch.llk.clearing import ClearStats

    return ClearStats()


# 2. big boards: path masks over the whole grid, memory in the square of the area
def _sparse_board(size: int, tiles: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    rows = [[0] * size for _ in range(size)]
    for i, cell in enumerate(rng.sample(range(size * size), tiles)):
        rows[cell // size][cell % size] = i // 4 + 1
    return f"{size} {size}\n" + "\n".join(" ".join(map(str, row)) for row in rows) + "\n"


@pytest.mark.slow
def test_a_sparse_1000_by_1000_board_is_decided_in_little_memory(tmp_path):
    import subprocess
    import sys

    from tests.cli.conftest import installed_solve

    board = tmp_path / "board.txt"
    board.write_text(_sparse_board(1000, 200))
    # a process of its own whose only child is solve, so its children's peak is solve's
    measure = (
        "import resource, subprocess, sys; "
        "run = subprocess.run(sys.argv[1:], capture_output=True, text=True); "
        "print(run.returncode, run.stdout.split()[:1], "
        "resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    command = [installed_solve(), "clear", "--outside", "--time-limit", "30", str(board)]
    out = subprocess.run(
        [sys.executable, "-c", measure, *command], capture_output=True, text=True, timeout=90
    ).stdout
    status, verdict, peak_kb = out.rsplit(" ", 1)[0], out, int(out.split()[-1])
    assert status.startswith("0") and ("YES" in verdict or "NO" in verdict), out
    assert peak_kb < 1 << 20  # under 1 GB


@pytest.mark.parametrize("engine", ["search", "dfs", "cpsat"])
def test_a_full_100_by_100_board_is_refused_up_front(solve, engine):
    rng = random.Random(1)
    tiles = [kind for kind in range(1, 2501) for _ in range(4)]
    rng.shuffle(tiles)
    text = "100 100\n" + "\n".join(
        " ".join(map(str, tiles[r * 100 : (r + 1) * 100])) for r in range(100)
    )
    run = solve("clear", "--outside", "--engine", engine, "-", stdin=text.encode())
    one_line_error(run)
    assert "too large" in run.err and "MB" in run.err


def test_a_large_gravity_board_is_refused_up_front(solve):
    run = solve("clear", "--gravity", "down", "-", stdin=_sparse_board(1000, 200).encode())
    one_line_error(run)
    assert "too large for the move search" in run.err


# 3. -o replaced devices, FIFOs and symbolic links with regular files
def test_output_through_a_symbolic_link_writes_its_target(solve, tmp_path):
    target = tmp_path / "answer.txt"
    link = tmp_path / "link"
    link.symlink_to(target.name)
    assert solve("mayan", SAMPLE, "-o", link).status == 0
    assert link.is_symlink() and target.read_text() == (EXAMPLES / "mayan_sample.ans").read_text()


def test_output_to_a_fifo_writes_through(solve, tmp_path):
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    assert solve("mayan", SAMPLE, "-o", fifo).status == 0
    reader.join(10)
    assert got == [(EXAMPLES / "mayan_sample.ans").read_bytes()]
    assert fifo.is_fifo()


@pytest.mark.parametrize(
    "command",
    [
        ["mayan", SAMPLE],
        ["generate", "llk", "--rows", "2", "--cols", "2", "--types", "1", "--seed", "1"],
    ],
)
def test_output_to_a_device_writes_through(solve, command):
    import os
    from pathlib import Path

    if not Path("/dev/full").exists() or os.geteuid() != 0:
        pytest.skip("needs /dev/full and root (who could replace it)")
    run = solve(*command, "-o", "/dev/full")
    one_line_error(run, status=1)
    assert "No space left on device" in run.err
    assert Path("/dev/full").is_char_device()


# 4. a Dask scheduler that cannot be used: a traceback, or half a minute and exit 1
def _junk_server():
    """A server on a free loopback port that answers every connection with bytes that are
    not Dask's (and then holds it open); its port, and a function that stops it."""
    import socket
    import threading

    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    server.settimeout(0.2)
    stop = threading.Event()
    held = []

    def serve() -> None:
        while not stop.is_set():
            try:
                conn, _ = server.accept()
            except OSError:
                continue
            conn.sendall(b"\xff" * 8 + b"\x01" * 64)
            held.append(conn)
        for conn in held:
            conn.close()
        server.close()

    threading.Thread(target=serve, daemon=True).start()
    return server.getsockname()[1], stop.set


@pytest.mark.parametrize("server", ["unreachable", "junk", "bad address"])
def test_a_scheduler_that_cannot_be_used_is_one_line(solve, server):
    pytest.importorskip("distributed")
    stop = None
    if server == "junk":
        port, stop = _junk_server()
        address = f"tcp://127.0.0.1:{port}"
    else:
        address = "tcp://127.0.0.1:1" if server == "unreachable" else "nonsense://x"
    try:
        run = solve(
            "survey",
            "clear",
            "--boards",
            "2",
            "--executor",
            "dask",
            "--scheduler",
            address,
            "--connect-timeout",
            "2",
        )
    finally:
        if stop is not None:
            stop()
    one_line_error(run)
    assert address in run.err and "Dask scheduler" in run.err


# 5. resuming from --results
SURVEY = ["survey", "clear", "--rows", "4", "--cols", "4", "--types", "4", "--workers", "1"]


def _survey(solve, results, boards):
    return solve(*SURVEY, "--boards", boards, "--results", results, "--format", "json")


def test_a_results_file_cut_mid_line_is_resumed(solve, tmp_path):
    import json

    results = tmp_path / "r.jsonl"
    assert _survey(solve, results, 4).status == 0
    whole = results.read_bytes()
    results.write_bytes(whole[:-20])  # the last board's line cut short
    run = _survey(solve, results, 6)
    assert run.status == 0, run
    lines = results.read_text().splitlines()
    assert len(lines) == 1 + 6 and all(json.loads(line) for line in lines)
    assert sorted(json.loads(line)["board"] for line in lines[1:]) == list(range(6))


def test_an_empty_results_file_is_a_new_survey(solve, tmp_path):
    results = tmp_path / "r.jsonl"
    results.write_bytes(b"")
    assert _survey(solve, results, 3).status == 0
    assert len(results.read_text().splitlines()) == 1 + 3


@pytest.mark.parametrize("content", [bytes(range(256)) * 2, b"\x80\x81\n{}\n", b"[1, 2]\n"])
def test_garbage_in_a_results_file_is_one_line(solve, tmp_path, content):
    results = tmp_path / "r.jsonl"
    results.write_bytes(content)
    run = _survey(solve, results, 3)
    one_line_error(run)
    assert "not a survey results file" in run.err
    assert results.read_bytes() == content


def test_a_conflicting_line_in_a_results_file_is_refused(solve, tmp_path):
    import json

    results = tmp_path / "r.jsonl"
    assert _survey(solve, results, 3).status == 0
    lines = results.read_text().splitlines()
    row = json.loads(lines[1])
    row["verdict"] = "no" if row["verdict"] == "yes" else "yes"
    results.write_text("\n".join([*lines, json.dumps(row)]) + "\n")
    run = _survey(solve, results, 3)
    one_line_error(run)
    assert f"board {row['board']}" in run.err and "line 5" in run.err


# 6. solve clear: an empty input printed nothing; a query off the board was refused
@pytest.mark.parametrize("text", [b"", b"  \n", b"0 0\n"])
def test_clear_without_a_board_is_bad_input(solve, text):
    run = solve("clear", "-", stdin=text)
    one_line_error(run)
    assert "no board" in run.err


def test_clear_ignores_queries_even_off_the_board(solve):
    run = solve("clear", "-", stdin=b"1 4\n1 2 2 1\n2\n9 9 9 9\n1 1 1 0\n1 2\n1 1\n0\n")
    assert (run.status, run.out) == (0, "YES\n1 2 1 3\n1 1 1 4\nYES\n1 1 1 2\n")


# 7. the library raised bare exceptions and coerced silently
def _bad_calls():
    import numpy as np

    from graphsearch import mayan

    board = [[1, 0, 0, 1]]
    mayan_board = mayan.Board.parse("1 1 0 1 0 0 0 0")
    return {
        "link to None": lambda: llk.link(board, None, (0, 3)),
        "link to a string": lambda: llk.link(board, "00", (0, 3)),
        "parse no puzzle": lambda: mayan.parse_puzzle(None),
        "parse no board": lambda: mayan.Board.parse(3),
        "parse no cases": lambda: llk.parse_cases(None),
        "replay a 4-tuple": lambda: llk.replay(board, [(0, 0, 0, 3)]),
        "legal moves of a list": lambda: mayan.legal_moves([[1]]),
        "runs of a list": lambda: mayan.find_runs([[1]]),
        "settle a list": lambda: mayan.settle([[1]]),
        "a fractional color": lambda: mayan.Board.from_columns([[1.9], [], [], [], []]),
        "columns as text": lambda: mayan.Board.from_columns("11111"),
        "a column as text": lambda: mayan.Board.from_columns(["11", "", "", "", ""]),
        "a fractional move": lambda: mayan.Move(1.5, 0, 1),
        "a bool in a move": lambda: mayan.Move(True, 0, 1),
        "a move of two": lambda: mayan.replay(mayan_board, [(0, 1)]),
        "outside as text": lambda: llk.clear(board, outside="no"),
        "outside as text in a link": lambda: llk.link(board, (0, 0), (0, 3), outside="no"),
        "outside as text in a replay": lambda: llk.replay(board, [], outside="no"),
        "swaps as text": lambda: mayan.solve(SAMPLE.read_text(), same_color_swaps="no"),
        "a uint64 type": lambda: llk.clear(np.array([[2**64 - 1] * 2], dtype=np.uint64)),
    }


@pytest.mark.parametrize("call", sorted(_bad_calls()))
def test_the_library_refuses_bad_arguments_in_words(call):
    with pytest.raises(llk.InvalidInputError) as caught:
        _bad_calls()[call]()
    assert str(caught.value)


def test_plain_tuples_are_taken_where_a_move_is_expected():
    from graphsearch import mayan

    steps = llk.replay([[1, 0, 0, 1]], [((0, 0), (0, 3))])
    assert steps[0].move == llk.ClearMove((0, 0), (0, 3)) and not steps[0].after.any()
    board = mayan.Board.from_columns([[1], [2], [1], [1], []])
    assert mayan.replay(board, [(1, 0, 1)]) == mayan.replay(board, [mayan.Move(1, 0, 1)])
    assert mayan.Board.from_columns([["1", 2], [], [], [], []]).columns[0] == (1, 2)


# 9. generate llk held every board to the end; generate mayan ran minutes without a word;
# the command line and the library had two limits on the turns
def test_output_is_written_piece_by_piece(capsys, tmp_path):
    from cli.common import emit_stream

    seen = []

    def pieces():
        for i in range(3):
            seen.append(capsys.readouterr().out)  # what was written before this piece
            yield f"{i}\n"

    emit_stream(pieces(), None)
    assert seen == ["", "0\n", "1\n"]
    out = tmp_path / "o.txt"
    emit_stream(pieces(), str(out))
    assert out.read_text() == "0\n1\n2\n"


@pytest.mark.parametrize("fmt", ["cases", "json"])
def test_generate_llk_output_is_one_document(solve, tmp_path, fmt):
    import json

    out = tmp_path / f"boards.{fmt}"
    args = ["generate", "llk", "--rows", "4", "--cols", "4", "--types", "4", "--seed", "3"]
    assert solve(*args, "--count", "3", "--format", fmt, "-o", out).status == 0
    text = out.read_text()
    if fmt == "json":
        doc = json.loads(text)
        assert len(doc["boards"]) == 3 and doc["settings"]["rows"] == 4
    else:
        cases = llk.parse_cases(text)
        assert len(cases) == 3 and text.endswith("0\n0 0\n")


def test_generate_mayan_gives_up_with_a_reason(solve, tmp_path):
    run = solve("generate", "mayan", "--n", "3", "--colors", "1", "--seed", "1", "-o", tmp_path)
    one_line_error(run)
    assert "could not be built" in run.err and "colors" in run.err


def test_generate_mayan_stops_after_max_candidates(solve, tmp_path):
    run = solve(
        "generate", "mayan", "--n", "2", "--colors", "2", "--seed", "1",
        "--method", "sampling", "--max-candidates", "3", "-o", tmp_path,
    )  # fmt: skip
    if run.status == 0:
        pytest.skip("a unique puzzle came within three candidates")
    one_line_error(run)
    assert "none of 3 candidates" in run.err


def test_one_limit_on_the_turns(solve):
    from graphsearch.choices import MAX_TURNS

    board = "1 4\n1 2 2 1\n"
    assert solve("clear", "--max-turns", MAX_TURNS, "-", stdin=board.encode()).status == 0
    assert llk.clear([[1, 2, 2, 1]], max_turns=MAX_TURNS).clearable
    one_line_error(solve("clear", "--max-turns", MAX_TURNS + 1, "-", stdin=board.encode()))
    with pytest.raises(llk.InvalidInputError):
        llk.clear([[1, 2, 2, 1]], max_turns=MAX_TURNS + 1)


# 8. loading the compiled cores: a damaged cache, no writable cache folder, the JIT turned
# off, and compiling past the time limit


@pytest.mark.parametrize(
    "engine, rules", [("dfs", []), ("cpsat", []), ("search", ["--gravity", "left", "--outside"])]
)
def test_long_steps_keep_the_time_limit(solve_process, engine, rules):
    import time

    rng = random.Random(7)
    tiles = [1 + i % 3 for i in range(400)]
    rng.shuffle(tiles)
    text = "20 20\n" + "\n".join(
        " ".join(map(str, tiles[r * 20 : (r + 1) * 20])) for r in range(20)
    )
    start = time.perf_counter()
    run = solve_process(
        "clear", "--engine", engine, *rules, "--time-limit", "1", "-", stdin=text.encode()
    )
    elapsed = time.perf_counter() - start
    assert run.status in (0, 3), run
    assert elapsed < 4  # a hang, not a speed: the limit plus start-up, with room to spare


@pytest.mark.parametrize("engine", ["search", "dfs", "cpsat"])
@pytest.mark.parametrize("gravity", ["none", "down"])
def test_an_odd_type_is_no_before_any_size_limit(engine, gravity):
    import numpy as np

    if engine == "cpsat" and gravity != "none":
        pytest.skip("the cpsat engine plays without gravity")
    board = np.zeros((1000, 1000), dtype=np.int64)
    board[0, 0] = board[5, 5] = board[7, 7] = 10**17
    assert not llk.clear(board, engine=engine, gravity=gravity).clearable
