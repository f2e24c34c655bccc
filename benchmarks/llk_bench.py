"""Time ``solve llk`` against a baseline command on the largest inputs, side by side.

    python benchmarks/llk_bench.py --baseline ./llk_dfs [--boards 4] [--rounds 3]

Generates max-size inputs (1000 x 1000 boards, 49 queries each): dense random boards, and
near-empty boards whose queried tiles are walled in so that a search must roam the whole
board.  Each input is run through both commands in turn (interleaved, whole processes, so
start-up counts), the answers are compared, and the best time of each is reported.
"""

from __future__ import annotations

import argparse
import shlex
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
from _record import write

SIZE = 1000
QUERIES = 49


def dense_case(rng: np.random.Generator, types: int) -> str:
    board = rng.integers(0, types + 1, size=(SIZE, SIZE))
    tiles = np.argwhere(board > 0)
    queries: list[tuple[int, int, int, int]] = []
    while len(queries) < QUERIES:
        a, b = tiles[rng.integers(len(tiles), size=2)]
        if board[tuple(a)] == board[tuple(b)] or rng.random() < 0.2:
            queries.append((*a, *b))
    return _case_text(board, queries)


def walled_case(rng: np.random.Generator) -> str:
    """A near-empty board: tiles of type 1 in the open, type 2 each boxed in by type 3."""
    board = np.zeros((SIZE, SIZE), dtype=np.int64)
    scatter = rng.integers(0, SIZE, size=(SIZE * 2, 2))
    board[scatter[:, 0], scatter[:, 1]] = 4
    queries = []
    for _ in range(QUERIES):
        r, c = rng.integers(2, SIZE - 2, size=2)
        board[r - 1 : r + 2, c - 1 : c + 2] = 3
        board[r, c] = 2
        open_r, open_c = rng.integers(0, SIZE, size=2)
        board[open_r, open_c] = 2
        queries.append((open_r, open_c, r, c))
    # a box may have covered an earlier open tile: keep only queries between two 2s
    queries = [q for q in queries if board[q[0], q[1]] == 2 and board[q[2], q[3]] == 2]
    return _case_text(board, queries)


def _case_text(board: np.ndarray, queries: list[tuple[int, int, int, int]]) -> str:
    rows = "\n".join(" ".join(map(str, row)) for row in board.tolist())
    lines = "".join(f"{a + 1} {b + 1} {c + 1} {d + 1}\n" for a, b, c, d in queries)
    return f"{board.shape[0]} {board.shape[1]}\n{rows}\n{len(queries)}\n{lines}"


def run(command: list[str], path: Path) -> tuple[float, bytes]:
    with path.open("rb") as stdin:
        start = time.perf_counter()
        proc = subprocess.run(command, stdin=stdin, capture_output=True, check=True)
        return time.perf_counter() - start, proc.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", required=True, help="command reading the input on stdin")
    parser.add_argument("--solve", default="solve llk -", help="the command under test")
    parser.add_argument("--boards", type=int, default=4, help="boards per input file")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each, best kept")
    parser.add_argument("--seed", type=int, default=1175)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    inputs: dict[str, Callable[[], str]] = {
        "dense, 4 types": lambda: dense_case(rng, 4),
        "dense, 40 types": lambda: dense_case(rng, 40),
        "near-empty, walled": lambda: walled_case(rng),
    }
    ours_cmd = shlex.split(args.solve)
    base_cmd = shlex.split(args.baseline)
    rows: list[tuple[str, float, float, float, int]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in inputs.items():
            path = Path(tmp) / "input.txt"
            path.write_text("".join(make() for _ in range(args.boards)) + "0 0\n")
            best_ours = best_base = float("inf")
            for _ in range(args.rounds):
                t_ours, out_ours = run(ours_cmd, path)
                t_base, out_base = run(base_cmd, path)
                best_ours, best_base = min(best_ours, t_ours), min(best_base, t_base)
            differ = sum(a != b for a, b in zip(out_ours.split(), out_base.split(), strict=True))
            size = path.stat().st_size / 1e6
            rows.append((name, size, best_base, best_ours, differ))

    print(f"{'input':<22}{'MB':>6}{'baseline s':>12}{'solve s':>10}{'ratio':>8}{'differ':>8}")
    for name, size, base, ours, differ in rows:
        print(f"{name:<22}{size:>6.1f}{base:>12.3f}{ours:>10.3f}{ours / base:>8.2f}{differ:>8}")
    total_base = sum(r[2] for r in rows)
    total_ours = sum(r[3] for r in rows)
    print(f"{'total':<28}{total_base:>12.3f}{total_ours:>10.3f}{total_ours / total_base:>8.2f}")
    table = [
        {"input": n, "MB": round(size, 1), "baseline s": b, "solve s": o, "differ": d}
        for n, size, b, o, d in rows
    ]
    figures = {"baseline": args.baseline, "rows": table}
    figures["total"] = {"baseline s": total_base, "solve s": total_ours}
    write(args.json, "llk_bench", figures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
