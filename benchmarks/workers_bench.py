"""Searches of one board at once (``solve clear --workers``), beside one search, on the
hard 16 x 9 boards: KShisen's board with 36 types x 4 and the ring, in the modes of long
lines that leave the most boards undecided (``left``, ``right``, ``left-right-center``;
``outward`` and ``inward`` run one search whatever ``--workers`` says).  Board i of a mode
is dealt from seed i (the seed of ``clear_bench``'s boards); each board is decided in this
process, first by one search then by ``--workers`` searches, under the same time limit.
Per mode it prints the boards decided each way and the seconds in all; the ratio is the
portfolio's seconds over one search's (below 1: faster).  Each verdict is checked against
the other's where both decide, and every clearing is replayed through the rules.

    python benchmarks/workers_bench.py --boards 12 --time-limit 10 --workers 2 \\
        --json benchmarks/results/11-workers.json
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from _record import write

from graphsearch import SearchTimeout
from graphsearch.llk import clearing
from graphsearch.llk.game import clears
from graphsearch.llk.generate import board_rng, deal

MODES = ("left", "right", "left-right-center")


def decide(board: Any, mode: str, workers: int, limit: float) -> tuple[str, float]:
    """The verdict (YES, NO or UNDECIDED) and the seconds it took."""
    start = time.perf_counter()
    try:
        result = clearing.solve(
            board, outside=True, gravity=mode, time_limit=limit, workers=workers
        )
    except SearchTimeout:
        return "UNDECIDED", time.perf_counter() - start
    seconds = time.perf_counter() - start
    if result.moves is None:
        return "NO", seconds
    if not clears(board, result.moves, outside=True, gravity=mode):
        raise AssertionError(f"a clearing that does not replay ({mode})")
    return "YES", seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--boards", type=int, default=12)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    rows = []
    for mode in args.modes.split(","):
        one: list[tuple[str, float]] = []
        many: list[tuple[str, float]] = []
        for i in range(args.boards):
            board = deal(9, 16, 36, 4, board_rng("llk", 1, i))
            one.append(decide(board, mode, 1, args.time_limit))
            many.append(decide(board, mode, args.workers, args.time_limit))
            a, b = one[-1][0], many[-1][0]
            if "UNDECIDED" not in (a, b) and a != b:
                raise AssertionError(f"{mode} board {i}: {a} with one search, {b} with more")
        row = {
            "mode": mode,
            "boards": args.boards,
            "undecided_one": sum(v == "UNDECIDED" for v, _ in one),
            "undecided_many": sum(v == "UNDECIDED" for v, _ in many),
            "seconds_one": round(sum(s for _, s in one), 2),
            "seconds_many": round(sum(s for _, s in many), 2),
        }
        row["ratio"] = round(row["seconds_many"] / max(row["seconds_one"], 1e-9), 3)
        rows.append(row)
        print(
            f"16 x 9 {mode:<18} undecided {row['undecided_one']:>2} with one search, "
            f"{row['undecided_many']:>2} with {args.workers}; seconds "
            f"{row['seconds_one']:7.1f} against {row['seconds_many']:7.1f} "
            f"(ratio {row['ratio']:.2f})",
            flush=True,
        )
    write(
        args.json,
        "workers_bench",
        {"time_limit": args.time_limit, "workers": args.workers, "rows": rows},
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
