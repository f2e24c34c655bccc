"""The second adversarial round against the installed ``solve`` and the library, kept fixed:
limits kept on every board, files written through rather than replaced, every error one
line."""

from __future__ import annotations

import random
import resource

import pytest

from graphsearch import llk
from tests.cli.conftest import EXAMPLES
from tests.cli.test_hardening import one_line_error

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
    links = search._links

    def counted(p: int, occ: int) -> bool:
        nonlocal calls
        calls += 1
        return links(p, occ)

    search._links = counted  # type: ignore[method-assign]
    assert search._alone(node, node.open[1], node.occ) is None
    assert 0 < calls <= ALONE_WORK


def _no_deadline():
    from graphsearch.deadline import Deadline

    return Deadline(None)


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
def test_a_sparse_1000_by_1000_board_is_decided_in_little_memory(solve_process):
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    run = solve_process(
        "clear",
        "--outside",
        "--time-limit",
        "30",
        "-",
        stdin=_sparse_board(1000, 200).encode(),
        timeout=90,
    )
    assert run.status == 0 and run.out.split("\n")[0] in ("YES", "NO"), run
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    assert max(before, peak) < 1 << 20  # KB: under 1 GB


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


@pytest.mark.parametrize("command", [["mayan", SAMPLE], ["generate", "llk", "--rows", "2", "--cols", "2", "--types", "1", "--seed", "1"]])
def test_output_to_a_device_writes_through(solve, command):
    import os
    from pathlib import Path

    if not Path("/dev/full").exists() or os.geteuid() != 0:
        pytest.skip("needs /dev/full and root (who could replace it)")
    run = solve(*command, "-o", "/dev/full")
    one_line_error(run, status=1)
    assert "No space left on device" in run.err
    assert Path("/dev/full").is_char_device()
