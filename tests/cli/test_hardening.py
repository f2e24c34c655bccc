"""Each finding of an adversarial run against the installed ``solve``, kept fixed."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import threading
import time
from pathlib import Path

import networkx as nx
import pytest

from tests.cli.checks import one_line_error
from tests.cli.conftest import EXAMPLES, ROOT, installed_solve

SAMPLE = EXAMPLES / "mayan_sample.txt"
LLK = EXAMPLES / "llk_sample.txt"
DENSE = "1 2 3 1 2 3 0\n2 3 1 2 3 1 0\n3 1 2 3 1 2 0\n1 2 3 1 2 3 0\n2 3 1 2 3 1 0\n"


# 1. an export deeper than n marked the answer's nodes dead
@pytest.mark.parametrize("depth", ["3", "4", "5"])
def test_export_deeper_than_n_marks_no_solution_node_dead(solve, tmp_path, depth):
    out = tmp_path / "d.json"
    assert solve("export", "mayan", SAMPLE, "-o", out, "--depth", depth).status == 0
    graph = nx.node_link_graph(json.loads(out.read_text()))
    on_path = [data for _, data in graph.nodes(data=True) if data["solution"]]
    assert len(on_path) == 4 and not any(data["dead"] for data in on_path)
    assert max(data["layer"] for _, data in graph.nodes(data=True)) == 3


# 2. two writers of one file shared one temporary file
def test_concurrent_exports_to_one_file_each_write_whole(tmp_path):
    from graphsearch.export import write_graph

    out = tmp_path / "g.graphml"
    graphs = [nx.path_graph(n) for n in (300, 400)]
    threads = [threading.Thread(target=write_graph, args=(g, out)) for g in graphs * 3]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert nx.read_graphml(out).number_of_nodes() in (300, 400)
    assert [p.name for p in tmp_path.iterdir()] == ["g.graphml"]


# 3 and 4. -o wrote in place; an interrupt left the partial file behind
@pytest.mark.parametrize("failure", [OSError(28, "No space left on device"), KeyboardInterrupt()])
def test_a_failed_write_keeps_the_old_file_and_leaves_nothing(tmp_path, failure):
    from graphsearch.files import write_atomically

    target = tmp_path / "answer.txt"
    target.write_text("old answer\n")

    def write(partial: Path) -> None:
        partial.write_text("half an ans")
        raise failure

    with pytest.raises(type(failure)):
        write_atomically(target, write)
    assert target.read_text() == "old answer\n"
    assert [p.name for p in tmp_path.iterdir()] == ["answer.txt"]


def test_output_file_is_replaced_whole(solve, tmp_path):
    out = tmp_path / "a.txt"
    out.write_text("something long that was there before\n" * 10)
    assert solve("mayan", SAMPLE, "-o", out).status == 0
    assert out.read_text() == (EXAMPLES / "mayan_sample.ans").read_text()
    assert [p.name for p in tmp_path.iterdir()] == ["a.txt"]


def _default_signals() -> None:
    # a shell without job control starts background commands with SIGINT ignored, and a
    # child inherits that (Python then installs no KeyboardInterrupt): the program under
    # test starts with the dispositions a terminal gives it, however the tests were run
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _interrupt(args, stdin: bytes, after: float, signum=signal.SIGINT):
    proc = subprocess.Popen(
        [installed_solve(), *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=_default_signals,
    )
    proc.stdin.write(stdin)
    proc.stdin.close()
    proc.stdin = None
    time.sleep(after)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=60)
    return proc.returncode, out.decode(), err.decode()


# 5 and 6. an interrupt during CP-SAT gave a traceback, or was swallowed (and could abort)
@pytest.mark.slow
# (n = 10 with the prefilter: its CP-SAT relaxation runs from about 0.7 s to 5 s, and the
# search after it some 13 s more; with n = 5 the whole run could end before the signal)
@pytest.mark.parametrize(("args", "n"), [(["--engine", "cpsat"], 5), (["--prefilter"], 10)])
def test_an_interrupt_during_cp_sat_is_an_interrupt(args, n):
    status, out, err = _interrupt(["mayan", *args, "-"], f"{n}\n{DENSE}".encode(), 3.0)
    assert (status, out, err) == (130, "", "solve: interrupted\n")


def test_sigterm_ends_cleanly(tmp_path):
    status, _, err = _interrupt(
        ["export", "mayan", "-", "-o", str(tmp_path / "g.graphml"), "--max-nodes", "10000000"],
        f"7\n{DENSE}".encode(),
        2.0,
        signal.SIGTERM,
    )
    assert (status, err) == (143, "solve: terminated\n")
    assert list(tmp_path.iterdir()) == []


# a survey stopped by Ctrl-C or SIGTERM left its worker processes searching: each ran its
# board to the time limit, then the boards already queued to it (a Dask survey ended its
# cluster, with a page of the cluster's warnings)
@pytest.mark.parametrize(
    ("signum", "status", "executor"),
    [
        (signal.SIGINT, 130, "local"),
        (signal.SIGTERM, 143, "local"),
        pytest.param(signal.SIGINT, 130, "dask", marks=pytest.mark.slow),
    ],
    ids=["SIGINT", "SIGTERM", "SIGINT-dask"],
)
def test_a_stopped_survey_ends_its_workers(tmp_path, signum, status, executor):
    # QQ boards in mode inward: boards 0 and 1 each take more than 10 s to search
    args = ["survey", "clear", "--rows", "11", "--cols", "19", "--types", "50", "--outside"]
    args += ["--gravity", "inward", "--boards", "4", "--time-limit", "60", "--workers", "2"]
    proc = subprocess.Popen(
        [installed_solve(), *args, "--executor", executor, "--format", "json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        preexec_fn=_default_signals,
    )
    workers = _descendants(proc.pid, 2)
    time.sleep(1.0 if executor == "local" else 6.0)  # the boards under way
    workers = _descendants(proc.pid, 2)
    proc.send_signal(signum)
    out, err = proc.communicate(timeout=30)
    assert proc.returncode == status, err
    assert err.decode() == {130: "solve: interrupted\n", 143: "solve: terminated\n"}[status]
    assert json.loads(out)["interrupted"] is True
    deadline = time.monotonic() + 10
    while any(_running(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_running(pid) for pid in workers)


def _descendants(pid: int, count: int) -> list[int]:
    """The processes below ``pid``, once there are ``count`` of them (waited for, at most
    30 s)."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found, todo = [], [pid]
        while todo:
            for task in Path(f"/proc/{todo.pop()}/task").glob("*"):
                with contextlib.suppress(FileNotFoundError):
                    children = [int(c) for c in (task / "children").read_text().split()]
                    found += children
                    todo += children
        if len(found) >= count:
            return found
        time.sleep(0.05)
    raise AssertionError(f"{pid} did not start {count} processes")


def _running(pid: int) -> bool:
    """Whether process ``pid`` exists and has not exited (a zombie has)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


# 7, 8, 9, 11. huge numbers, huge n, a time limit that is not a number of seconds
@pytest.mark.parametrize(
    "stdin, fragment",
    [
        (b"1 " + b"9" * 5000 + b" 0 0 0 0 0", "too large"),
        (b"9" * 5000 + b" 0 0 0 0 0", "too large"),
        (b"1000000 1 0 2 1 0 2 3 4 0 3 1 0 2 4 3 4 0", "1..10000"),
        (b"536870662 1 0 2 1 0 2 3 4 0 3 1 0 2 4 3 4 0", "1..10000"),
    ],
)
@pytest.mark.parametrize("engine", ["search", "dfs"])
def test_numbers_out_of_range_are_bad_input(solve, stdin, fragment, engine):
    run = solve("mayan", "--engine", engine, "-", stdin=stdin)
    one_line_error(run)
    assert fragment in run.err


@pytest.mark.parametrize("limit", ["nan", "inf", "-1", "0", "x"])
def test_time_limit_must_be_a_positive_number(solve, limit):
    one_line_error(solve("mayan", "--time-limit", limit, SAMPLE))


@pytest.mark.parametrize("engine", ["search", "dfs"])
def test_the_largest_n_honours_the_time_limit(solve, engine):
    run = solve(
        "mayan", "--engine", engine, "--time-limit", "1", "-", stdin=f"10000\n{DENSE}".encode()
    )
    one_line_error(run, status=3)
    assert "time limit of 1 s" in run.err


def test_the_cp_sat_model_refuses_an_n_it_cannot_hold(solve):
    # it built a layer of cells per move and removal round before looking at the clock:
    # 160 s and 7 GB for n = 10,000 with a time limit of 1 s
    run = solve("mayan", "--engine", "cpsat", "-", stdin=f"10000\n{DENSE}".encode())
    one_line_error(run, status=2)
    assert "at most 4000" in run.err and "--engine search" in run.err
    run = solve(
        "mayan", "--engine", "cpsat", "--time-limit", "1", "-", stdin=f"300\n{DENSE}".encode()
    )
    one_line_error(run, status=3)


# 12, 13, 14. standard output full or closed, standard input closed
def test_full_device_is_one_line(solve_process):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full")
    for args in (["mayan", SAMPLE], ["llk", LLK]):
        with open("/dev/full", "wb") as full:
            proc = subprocess.run(
                [installed_solve(), *map(str, args)], stdout=full, stderr=subprocess.PIPE
            )
        assert proc.returncode == 1
        assert (
            proc.stderr.decode()
            == "solve: error: cannot write the output: No space left on device\n"
        )


@pytest.mark.parametrize("args", [["mayan", SAMPLE], ["llk", LLK], ["mayan", "-"]])
def test_closed_streams_are_one_line(args):
    closed_fd = 0 if args[-1] == "-" else 1
    proc = subprocess.run(
        [installed_solve(), *map(str, args)],
        stderr=subprocess.PIPE,
        pass_fds=(),
        preexec_fn=lambda: os.close(closed_fd),
    )
    assert proc.returncode in (1, 2)
    err = proc.stderr.decode()
    assert err.count("\n") == 1 and "closed" in err and "Traceback" not in err


# 15. digits that are not ASCII
@pytest.mark.parametrize("query", ["² 1 3 4", "١ 1 3 4", "1 1 3", "1 1 3 4 5", "0 1 3 4"])
def test_query_option_takes_ascii_digits_only(solve, query):
    run = solve("llk", LLK, "--format", "svg", "--query", query)
    one_line_error(run)
    assert "--query" in run.err


# 18. an endless input
def test_endless_input_is_refused(solve_process):
    run = solve_process("mayan", "/dev/zero", timeout=30)
    one_line_error(run)
    assert "over 1048576 bytes" in run.err


# 19. a too large export was refused only after the whole search
def test_too_large_export_is_refused_before_any_search(monkeypatch):
    from graphsearch.mayan import parse_puzzle, stategraph

    def no_search(*args, **kwargs):
        raise AssertionError("searched before refusing")

    monkeypatch.setattr(stategraph, "solve", no_search)
    with pytest.raises(stategraph.GraphTooLarge, match="passes 1000 nodes"):
        stategraph.state_graph(parse_puzzle(f"7\n{DENSE}"), max_nodes=1000)


# 20. the graph engine built graphs without bound
def test_graph_engine_has_a_node_budget(solve, monkeypatch):
    from graphsearch.llk import graph

    monkeypatch.setattr(graph, "MAX_QUERY_NODES", 500)
    board = "30 30\n1" + " 0" * 898 + " 1\n1\n1 1 30 30\n"
    run = solve("llk", "--engine", "graph", "-", stdin=board.encode())
    one_line_error(run)
    assert "--engine scan" in run.err
    assert solve("llk", "-", stdin=board.encode()).out == "YES\n"


# 21. cosmetics: one-line interrupt (above), help without arguments, options out of place
def test_no_arguments_prints_the_help(solve):
    run = solve()
    assert run.status == 2 and run.out == ""
    assert run.err.startswith("Usage: solve") and "mayan" in run.err and run.err.count("\n") > 5


@pytest.mark.parametrize("option", [["--case", "1"], ["--query", "1 1 3 4"]])
def test_svg_options_refused_with_other_formats(solve, option):
    run = solve("llk", LLK, *option)
    one_line_error(run)
    assert "only goes with --format svg" in run.err
