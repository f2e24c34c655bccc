"""Whole-board 连连看: how many random boards can be cleared, and how fast ``solve clear``
decides them, beside a compiled baseline.

    python benchmarks/clear_bench.py [--boards 20] [--time-limit 60] \\
        [--baseline ./clear_dfs] [--settings kshisen] [--modes down,left] [--json FILE]
    python benchmarks/clear_bench.py --settings classic --baseline ./clear_modes_dfs

Boards are dealt by seed (board i of a setting from seed i), all with the ring: the
KShisen sizes 16 x 9 and 18 x 8 with 36 types x 4 tiles, without gravity and with gravity
down (``--settings kshisen``); QQ 连连看's 19 x 11 with 50 types (``qq``); and the classic
games' sizes 12 x 7 with 21 types, 14 x 8 with 28 and 16 x 9 with 36 in the eight modes
beyond the five KShisen-like ones (``classic``).  ``--modes`` replaces a setting's modes;
``--from FILE ...`` times the boards of files (``solve clear``'s input format, for instance
a set of hard boards) instead, each file a group, in the setting's modes.

Each board is run through ``solve clear`` as a whole process (start-up counts); with
``--baseline`` also through the baseline command: the board on standard input, arguments
``outside gravity node-budget``, ``YES`` / ``NO`` / ``UNKNOWN`` first.  The gravity
argument is the mode's name (``clear_modes_dfs.c``), or 0 and 1 for none and down when the
baseline is ``clear_dfs.c`` (its file name says so).  Build them with
``gcc -O2 -o clear_modes_dfs clear_modes_dfs.c`` (and the same for ``clear_dfs.c``): plain
exact whole-board DFS programs in C, the baselines of these figures, not kept in this
repository.  Per setting it prints the share clearable, not clearable and undecided,
the share that greedy play clears (remove the first linked pair in row-major order, never
go back), and median, p99 and max seconds; ``--json FILE`` writes the same figures.
"""

from __future__ import annotations

import argparse
import random
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path

from _record import write

NEW_MODES = (
    "up-down-apart",
    "left-right-apart",
    "up-down-center",
    "left-right-center",
    "up-left-down-right",
    "left-down-right-up",
    "outward",
    "inward",
)
# per setting: its boards (rows, columns, types, tiles a type) and its modes
SETTINGS = {
    "kshisen": ([(9, 16, 36, 4), (8, 18, 36, 4)], ("none", "down")),
    "qq": ([(11, 19, 50, 4)], ("none", "down")),
    "classic": ([(7, 12, 21, 4), (8, 14, 28, 4), (9, 16, 36, 4)], NEW_MODES),
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
    from graphsearch.llk.greedy import greedy_clearing

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


def figures(verdicts: list[str], seconds: list[float]) -> dict[str, float]:
    """Shares of each verdict and the times of one command on one setting."""
    n = len(verdicts)
    ordered = sorted(seconds)
    return {
        "yes": verdicts.count("YES") / n,
        "no": verdicts.count("NO") / n,
        "undecided": verdicts.count("UNKNOWN") / n,
        "median": statistics.median(seconds),
        "p99": ordered[min(n - 1, round(0.99 * (n - 1)))],
        "max": ordered[-1],
        "total": sum(seconds),
    }


def summary(name: str, f: dict[str, float]) -> str:
    return (
        f"  {name:<9} yes {f['yes']:5.0%}  no {f['no']:5.0%}  undecided "
        f"{f['undecided']:5.0%}  median {f['median']:7.3f} s  p99 {f['p99']:7.3f} s"
        f"  max {f['max']:7.3f} s  total {f['total']:8.2f} s"
    )


def groups(
    args: argparse.Namespace, sizes: list[tuple[int, int, int, int]]
) -> list[tuple[str, dict[str, object], list[list[list[int]]]]]:
    """The boards to time, in groups: the setting's sizes dealt by seed, or (``--from``)
    each file's boards."""
    if args.boards_from:
        from graphsearch.llk import parse_cases

        out = []
        for name in args.boards_from:
            cases = parse_cases(Path(name).read_bytes(), boards_only=True)
            boards = [case.board.tolist() for case in cases]
            out.append((Path(name).name, {"source": name}, boards))
        return out
    return [
        (
            f"{cols} x {rows}, {types} types x {copies}",
            {"rows": rows, "cols": cols, "types": types, "copies": copies},
            [deal(rows, cols, types, copies, seed) for seed in range(args.boards)],
        )
        for rows, cols, types, copies in sizes
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=20)
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--baseline", help="the compiled baseline (clear_modes_dfs or clear_dfs)")
    parser.add_argument("--settings", choices=sorted(SETTINGS), default="kshisen")
    parser.add_argument("--modes", help="comma-separated gravity modes instead of the setting's")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--from",
        dest="boards_from",
        nargs="+",
        metavar="FILE",
        help="time the boards of these files (solve clear's input format) instead of dealing",
    )
    args = parser.parse_args()
    solve = [sys.executable, "-m", "graphsearch.cli.main"]
    sizes, modes = SETTINGS[args.settings]
    if args.modes:
        modes = tuple(args.modes.split(","))
    mode_names = args.baseline is None or "clear_dfs" not in Path(args.baseline.split()[0]).name
    rows_out: list[dict[str, object]] = []
    for label, shape, boards in groups(args, sizes):
        for gravity in modes:
            print(f"{label}, ring, gravity {gravity}:")
            ours: tuple[list[str], list[float]] = ([], [])
            theirs: tuple[list[str], list[float]] = ([], [])
            greedy_wins = 0
            for number, board in enumerate(boards):
                text = board_text(board)
                greedy_wins += greedy(board, gravity)
                command = [*solve, "clear", "--outside", "--gravity", gravity]
                command += ["--time-limit", str(args.time_limit), "-"]
                verdict, seconds = timed(command, text, args.time_limit)
                ours[0].append(verdict)
                ours[1].append(seconds)
                if args.baseline:
                    flag = gravity if mode_names else ("1" if gravity == "down" else "0")
                    command = [*shlex.split(args.baseline), "1", flag, "2000000000"]
                    base, base_seconds = timed(command, text, args.time_limit)
                    theirs[0].append(base)
                    theirs[1].append(base_seconds)
                    if "UNKNOWN" not in (verdict, base) and verdict != base:
                        print(f"    board {number}: solve says {verdict}, the baseline {base}")
            row: dict[str, object] = {
                "label": label,
                **shape,
                "gravity": gravity,
                "boards": len(boards),
                "greedy": greedy_wins / len(boards),
                "solve": figures(*ours),
            }
            print(f"  greedy play clears {greedy_wins / len(boards):.0%}")
            print(summary("solve", figures(*ours)))
            if args.baseline:
                row["baseline"] = figures(*theirs)
                ratio = sum(ours[1]) / max(sum(theirs[1]), 1e-9)
                row["ratio"] = ratio
                print(summary("baseline", figures(*theirs)))
                print(f"  ratio (total seconds) {ratio:.2f}")
            rows_out.append(row)
    record = {"time_limit": args.time_limit, "baseline": args.baseline, "settings": rows_out}
    write(args.json, "clear_bench", record)
    return 0


if __name__ == "__main__":
    sys.exit(main())
