"""Whole-board 连连看: how many random boards can be cleared, and how fast ``solve clear``
decides them, beside a compiled baseline.

    python benchmarks/clear_bench.py [--boards 20] [--time-limit 60] \\
        [--baseline ./clear_dfs] [--settings kshisen]

Boards are dealt by seed (board i of a setting from seed i): the KShisen sizes 16 x 9 and
18 x 8 with 36 types x 4 tiles, with and without gravity down, and QQ 连连看's 19 x 11
(``--settings qq``), all with the ring.  Each board is run through ``solve clear`` as a
whole process (start-up counts); with ``--baseline`` also through the baseline command,
``clear_dfs.c``'s interface: the board on standard input, arguments ``outside gravity
node-budget``, ``YES`` / ``NO`` / ``UNKNOWN`` first.  Per setting it prints the share
clearable, not clearable and undecided, the share that greedy play clears (remove the
first linked pair in row-major order, never go back), and median, p99 and max seconds.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import subprocess
import sys
import time

SETTINGS = {
    "kshisen": [
        (9, 16, 36, 4, "none"),
        (9, 16, 36, 4, "down"),
        (8, 18, 36, 4, "none"),
        (8, 18, 36, 4, "down"),
    ],
    "qq": [(11, 19, 50, 4, "none")],
}


def deal(rows: int, cols: int, types: int, copies: int, seed: int) -> list[list[int]]:
    """Board ``seed`` of a setting: the library's deal from ``random.Random(seed)``."""
    from graphsearch.llk.generate import deal as deal_board

    board: list[list[int]] = deal_board(rows, cols, types, copies, random.Random(seed)).tolist()
    return board


def board_text(board: list[list[int]]) -> str:
    return (
        f"{len(board)} {len(board[0])}\n" + "\n".join(" ".join(map(str, r)) for r in board) + "\n"
    )


def greedy(board: list[list[int]], gravity: str) -> bool:
    """KShisen's check: remove the first linked pair, again and again; never go back."""
    from graphsearch.llk.game import greedy_clearing

    return greedy_clearing(board, outside=True, gravity=gravity) is not None


def timed(command: list[str], text: str, limit: float) -> tuple[str, float]:
    start = time.perf_counter()
    try:
        proc = subprocess.run(command, input=text.encode(), capture_output=True, timeout=limit + 5)
        out = proc.stdout.decode().split()
        verdict = out[0] if out else "UNKNOWN"
        if proc.returncode == 3:
            verdict = "UNKNOWN"
    except subprocess.TimeoutExpired:
        verdict = "UNKNOWN"
    return verdict, time.perf_counter() - start


def summary(name: str, verdicts: list[str], seconds: list[float]) -> str:
    n = len(verdicts)
    share = {v: verdicts.count(v) / n for v in ("YES", "NO", "UNKNOWN")}
    ordered = sorted(seconds)
    p99 = ordered[min(n - 1, round(0.99 * (n - 1)))]
    return (
        f"  {name:<9} yes {share['YES']:5.0%}  no {share['NO']:5.0%}  undecided "
        f"{share['UNKNOWN']:5.0%}  median {statistics.median(seconds):7.3f} s  p99 {p99:7.3f} s"
        f"  max {ordered[-1]:7.3f} s  total {sum(seconds):8.2f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--baseline", help="the compiled baseline (clear_dfs.c's interface)")
    parser.add_argument("--settings", choices=sorted(SETTINGS), default="kshisen")
    args = parser.parse_args()
    solve = [sys.executable, "-m", "graphsearch.cli.main"]
    for rows, cols, types, copies, gravity in SETTINGS[args.settings]:
        print(f"{cols} x {rows}, {types} types x {copies}, ring, gravity {gravity}:")
        ours: tuple[list[str], list[float]] = ([], [])
        theirs: tuple[list[str], list[float]] = ([], [])
        greedy_wins = 0
        for seed in range(args.boards):
            board = deal(rows, cols, types, copies, seed)
            text = board_text(board)
            greedy_wins += greedy(board, gravity)
            command = [
                *solve,
                "clear",
                "--outside",
                "--gravity",
                gravity,
                "--time-limit",
                str(args.time_limit),
                "-",
            ]
            verdict, seconds = timed(command, text, args.time_limit)
            ours[0].append(verdict)
            ours[1].append(seconds)
            if args.baseline:
                flag = "1" if gravity == "down" else "0"
                command = [*shlex.split(args.baseline), "1", flag, "2000000000"]
                base, base_seconds = timed(command, text, args.time_limit)
                theirs[0].append(base)
                theirs[1].append(base_seconds)
                if "UNKNOWN" not in (verdict, base) and verdict != base:
                    print(f"    board {seed}: solve says {verdict}, the baseline {base}")
        print(f"  greedy play clears {greedy_wins / args.boards:.0%}")
        print(summary("solve", *ours))
        if args.baseline:
            print(summary("baseline", *theirs))
            print(f"  ratio (total seconds) {sum(ours[1]) / max(sum(theirs[1]), 1e-9):.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
