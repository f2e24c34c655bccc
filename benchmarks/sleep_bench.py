"""Sleeping moves (``ClearCore._moves_after``) beside the same search with none asleep, in
one process, on hard boards of the modes of fixed lines: the census's boards (seed 1) of
14 x 8 ``left`` that cannot be cleared, QQ 19 x 11 ``down`` and 16 x 9 ``right``, each
searched to its end or to ``--positions`` positions, in the default move order.  Per
setting it prints the positions entered, the table lookups made, the moves that slept and
the seconds, each way; the ratio is the seconds with sleeping over those without (below
1: faster).  The verdicts must agree.

    python benchmarks/sleep_bench.py --json benchmarks/results/12-sleep.json
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from _record import write

from graphsearch.llk import core
from graphsearch.llk.clearing import core_search
from graphsearch.llk.generate import board_rng, deal
from graphsearch.llk.position import Position

# (columns x rows, types, mode, boards): boards that take 0.5 to 5 s a search
SETTINGS = (
    ("14x8", 28, "left", (4, 46, 49, 121)),
    ("19x11", 50, "down", (11, 12, 26, 28)),
    ("16x9", 36, "right", (1, 9, 10)),
)


def search(board: Any, mode: str, sleep: bool, positions: int) -> tuple[int, int, int, int, float]:
    """Status, positions, lookups, moves asleep and seconds of one search."""
    pos = Position(board.tolist(), outside=True, gravity=mode)
    searcher = core_search(pos, 2)
    searcher.use_sleep(sleep)
    start = time.perf_counter()
    status = searcher.step(positions, positions)
    seconds = time.perf_counter() - start
    nodes, hits, _ = searcher.counters()
    return int(status), nodes, hits, searcher.sleepers(), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=3_000_000)
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    if not core.COMPILED:
        parser.error("the search core is not compiled here: install the package with a compiler")
    rows = []
    for size, types, mode, boards in SETTINGS:
        cols, lines = (int(n) for n in size.split("x"))
        sums = {False: [0, 0, 0, 0.0], True: [0, 0, 0, 0.0]}
        for i in boards:
            board = deal(lines, cols, types, 4, board_rng("llk", 1, i))
            statuses = set()
            for sleep in (False, True):
                status, nodes, hits, slept, seconds = search(board, mode, sleep, args.positions)
                statuses.add(status)
                total = sums[sleep]
                total[0] += nodes
                total[1] += hits
                total[2] += slept
                total[3] += seconds
            if len(statuses) != 1:
                raise AssertionError(f"{size} {mode} board {i}: the searches disagree")
        off, on = sums[False], sums[True]
        row = {
            "setting": f"{size} {mode}",
            "boards": len(boards),
            "positions": off[0],
            "positions_asleep": on[0],
            "lookups": off[1],
            "lookups_asleep": on[1],
            "slept": on[2],
            "seconds": round(off[3], 2),
            "seconds_asleep": round(on[3], 2),
            "ratio": round(on[3] / max(off[3], 1e-9), 3),
        }
        rows.append(row)
        print(
            f"{size:>5} {mode:<6} positions {off[0]:>9,} / {on[0]:>9,}; lookups "
            f"{off[1]:>10,} / {on[1]:>10,} ({on[2]:,} asleep); seconds {off[3]:6.2f} / "
            f"{on[3]:6.2f} (ratio {row['ratio']:.2f})",
            flush=True,
        )
    write(args.json, "sleep_bench", {"positions": args.positions, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
