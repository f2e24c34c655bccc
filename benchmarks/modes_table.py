"""The share of random boards that can be cleared in each gravity mode and size, with
greedy play beside it, from ``solve survey clear --format json`` outputs.

    for mode in none down ...; do
        solve survey clear --rows 9 --cols 16 --types 36 --gravity $mode --boards 100 \\
            --seed 1 --time-limit 5 --format json -o results/16x9_$mode.json
    done
    python benchmarks/modes_table.py results/*.json

Prints a markdown table: a row per mode, for each size the share clearable (the search,
exact; undecided boards counted apart) and the share greedy play clears (remove the first
linked pair in row-major order, never go back).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from graphsearch.choices import MODES


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    args = parser.parse_args()
    cells: dict[tuple[str, str], dict[str, Any]] = {}
    sizes: list[str] = []
    for path in args.files:
        data = json.loads(path.read_text())
        s = data["settings"]
        size = f"{s['cols']} x {s['rows']}, {s['types']} x {s['copies']}"
        if size not in sizes:
            sizes.append(size)
        cells[s["gravity"], size] = data
    head = ["mode", *(f"{size}: clearable / greedy" for size in sizes)]
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for mode, chinese in MODES.items():
        row = [f"{mode} ({chinese})"]
        for size in sizes:
            data = cells.get((mode, size))
            if data is None:
                row.append("")
                continue
            n = data["boards"]
            text = f"{data['clearable'] / n:.0%} / {data['greedy'] / n:.0%}"
            if data["undecided"]:
                text += f" ({data['undecided']} undecided)"
            row.append(text)
        print("| " + " | ".join(row) + " |")
    boards = {data["boards"] for data in cells.values()}
    limits = {data["settings"]["time_limit"] for data in cells.values()}
    print(
        f"\n{'/'.join(map(str, sorted(boards)))} boards a cell, seed 1, the ring, at most two "
        f"turns, {'/'.join(f'{t:g}' for t in sorted(limits))} s a board."
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
