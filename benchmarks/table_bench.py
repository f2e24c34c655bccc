"""The memory of the table of dead positions (``solve(table_mb=...)``, ``--table-mb``) on hard
boards: census boards (seed 1) that cannot be cleared and that a search decides in 15 to 60
s, in modes of fixed lines (and, with ``--only 14x8,inward``, a 14 x 8 board and two of
``inward``: the keyed slots of ``DeadPositions``, 14 x 8's until its keys shrank), each
searched by the move search as ``solve clear`` runs it (its restarts included), one search,
to its end or to ``--positions`` positions, once for each memory given.  A search that
needs more positions than its table holds thins it (keeps the half nearest the start) and
searches the positions it forgot again when it meets them.  Per board and memory it prints
the positions searched, the table's slots at the end and the seconds; the ratios are of the
first memory's.  The verdicts must agree (a search may run out of positions first).

256 MB is what the table held before ``table_mb`` (4 million positions at most) on
16 x 9; on QQ boards (19 x 11), 512 MB, the default still.

    python benchmarks/table_bench.py --json benchmarks/results/13-table.json
"""

from __future__ import annotations

import argparse
import time
from array import array
from typing import Any

from _record import write

from graphsearch.llk import clearing, core
from graphsearch.llk.generate import board_rng, deal
from graphsearch.llk.position import Position

# (columns x rows, types, mode, board): census boards (seed 1) proven unclearable in
# 20 to 35 s at the census's retries
BOARDS = (
    ("16x9", 36, "left", 158),
    ("16x9", 36, "right", 56),
    ("16x9", 36, "right", 90),
    ("19x11", 50, "down", 83),
    ("19x11", 50, "up", 184),
    ("19x11", 50, "up-down-center", 31),
    # keyed slots (``DeadPositions``): keys without bits to spare for the hash (14 x 8 until
    # its keys lost a bit a type: ``core._tile_bits``)
    ("14x8", 28, "left", 180),
    ("16x9", 36, "inward", 54),
    ("19x11", 50, "inward", 52),
)


def search(board: Any, mode: str, table_mb: int, positions: int) -> tuple[str, int, int, float]:
    """Status, positions, slots at the end and seconds of one search (with restarts)."""
    pos = Position(board.tolist(), outside=True, gravity=mode)
    run = clearing.Restarts(pos, 2, table_bytes=table_mb << 20)
    control = array("q", [0, -1])
    start = time.perf_counter()
    while (status := run.step(positions, control)) == core.RUNNING:
        pass
    seconds = time.perf_counter() - start
    return status.name, run.search.counters()[0], run.search.table_slots(), seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--table-mb", default="256,512,2048", help="memories, comma-separated")
    parser.add_argument("--positions", type=int, default=60_000_000)
    parser.add_argument("--boards", default=None, help="how many of the boards (default all)")
    parser.add_argument(
        "--only", default=None, help="the boards of these sizes or modes, comma-separated"
    )
    parser.add_argument("--json", default=None)
    args = parser.parse_args()
    if not core.COMPILED:
        parser.error("the search core is not compiled here: install the package with a compiler")
    memories = [int(m) for m in args.table_mb.split(",")]
    rows = []
    chosen = [b for b in BOARDS if not args.only or {b[0], b[2]} & set(args.only.split(","))]
    for size, types, mode, i in chosen[: int(args.boards) if args.boards else None]:
        cols, lines = (int(n) for n in size.split("x"))
        board = deal(lines, cols, types, 4, board_rng("llk", 1, i))
        runs = [search(board, mode, mb, args.positions) for mb in memories]
        if len({status for status, *_ in runs} - {"OUT_OF_NODES"}) > 1:
            raise AssertionError(f"{size} {mode} board {i}: the searches disagree")
        first = runs[0]
        for mb, (status, nodes, slots, seconds) in zip(memories, runs, strict=True):
            row = {
                "board": f"{size} {mode} {i}",
                "table_mb": mb,
                "status": status,
                "positions": nodes,
                "slots": slots,
                "seconds": round(seconds, 2),
                "positions_ratio": round(nodes / first[1], 3),
                "ratio": round(seconds / max(first[3], 1e-9), 3),
            }
            rows.append(row)
            print(
                f"{size:>5} {mode:<15} {i:>4} {mb:>5} MB  {status:<12} {nodes:>11,} positions "
                f"{slots:>10,} slots {seconds:7.2f} s  ({row['positions_ratio']:.2f} of the "
                f"positions, {row['ratio']:.2f} of the time)",
                flush=True,
            )
    write(args.json, "table_bench", {"positions": args.positions, "rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
