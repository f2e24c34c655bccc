"""Which way of making puzzles is faster: building backwards, or sampling and checking?

    python benchmarks/generate_bench.py [--count 10] [--sample-count 3] [--seed 1]

For Mayan puzzles (n = 3 under the default rules, n = 4 with --no-same-color-swaps, the
settings the makers are checked with) and for 连连看 boards (16 x 9, 36 types x 4, ring;
backwards with and without gravity down, sampling without), it times ``--count`` puzzles
with each method in this process (sampling Mayan puzzles only ``--sample-count``: at n = 4
each takes some 20 s) and prints seconds per puzzle and the candidates each accepted puzzle
cost.
"""

from __future__ import annotations

import argparse
import statistics
import time

from _record import write


def mayan_rows(count: int, sample_count: int, seed: int) -> list[str]:
    from graphsearch.mayan.generate import generate_puzzles

    rows = []
    for n, same in ((3, True), (4, False)):
        for method, many in (("backwards", count), ("sampling", sample_count)):
            start = time.perf_counter()
            made = list(
                generate_puzzles(n, seed=seed, count=many, same_color_swaps=same, method=method)
            )
            per = (time.perf_counter() - start) / many
            tried = statistics.mean(m.candidates for m in made)
            swaps = "same-color swaps" if same else "no same-color swaps"
            rows.append(f"| Mayan n = {n}, {swaps} | {method} | {per:.3f} | {tried:.0f} |")
    return rows


def llk_rows(count: int, seed: int) -> list[str]:
    from graphsearch.llk.generate import generate_boards

    rows = []
    # sampling with gravity is left out: each candidate needs a whole search under gravity
    for gravity, method in (("none", "backwards"), ("none", "sampling"), ("down", "backwards")):
        start = time.perf_counter()
        made = list(
            generate_boards(
                9, 16, types=36, seed=seed, count=count, outside=True, gravity=gravity,
                method=method,
            )
        )  # fmt: skip
        per = (time.perf_counter() - start) / count
        tried = statistics.mean(m.candidates for m in made)
        greedy = sum(m.greedy for m in made)
        rows.append(
            f"| 16 x 9 ring, gravity {gravity} | {method} | {per:.3f} | {tried:.1f} "
            f"(greedy clears {greedy}/{count}) |"
        )
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10)
    parser.add_argument("--sample-count", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", help="also write the table to this file")
    args = parser.parse_args()
    print("| Puzzles | Method | Seconds a puzzle | Candidates a puzzle |")
    print("|---|---|---|---|")
    rows = mayan_rows(args.count, args.sample_count, args.seed) + llk_rows(args.count, args.seed)
    for row in rows:
        print(row, flush=True)
    write(args.json, "generate_bench", {"markdown": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
