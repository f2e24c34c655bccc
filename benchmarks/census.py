"""The census: the share of random boards that can be cleared in each of the 13 gravity
modes at each size people play, with its 95% confidence interval, the ring on every board
and at most two turns.

    python benchmarks/census.py --sizes 12x7 --boards 200 --time-limit 10
    python benchmarks/census.py --sizes 14x8 --modes left,right --time-limit 120 \
        --retry-undecided --table-mb 2048
    python benchmarks/census.py --table > census.md

Each cell (a size and a mode) is ``solve survey clear`` with ``--results``: every board's
outcome is appended to ``DIR/COLSxROWS_MODE.jsonl`` as it is decided, so an interrupted
census goes on where it stopped (run the same command again), and a cell already complete
costs nothing; ``--retry-undecided`` runs a cell's undecided boards again under a longer
``--time-limit`` (a verdict is the board's, whatever the limit; a board already tried that
long is not run again, so a retry resumes too), best with a larger table
(``--table-mb``: a board that outgrows its table searches again what it forgot).  The
survey runs its boards on local processes (``--workers``) or, with ``--scheduler``, on a
Dask cluster.
Board i of a cell is dealt from (seed, i) alone.  ``--table`` prints the table of every
cell found in DIR (a markdown table: a row per mode, a column per size; each cell the
clearable share of the decided boards, its 95% Wilson interval, and the boards left
undecided, if any).  ``--tail P`` prints instead, for each cell of ``--sizes`` and ``--modes``
found in DIR, the time by which every board but P% of them was decided (each board's
outcome as the survey keeps it; none while more than P% are undecided): the time limit
at which one search a board would leave at most P% undecided, as far as the recorded
times tell (they were taken under whatever load and release each board ran).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from graphsearch.choices import MODES
from graphsearch.survey import BoardOutcome, supersedes

HERE = Path(__file__).resolve().parent
SIZES = {"12x7": 21, "14x8": 28, "16x9": 36, "19x11": 50}  # columns x rows: types x 4


def cell_path(folder: Path, size: str, mode: str) -> Path:
    return folder / f"{size}_{mode}.json"


def run_cell(folder: Path, size: str, mode: str, args: argparse.Namespace) -> None:
    """One cell through ``solve survey clear`` (resumable through its results file)."""
    cols, rows = size.split("x")
    command = [
        sys.executable, "-m", "graphsearch.cli.main", "survey", "clear",
        "--rows", rows, "--cols", cols, "--types", str(SIZES[size]), "--copies", "4",
        "--outside", "--max-turns", "2", "--gravity", mode,
        "--boards", str(args.boards), "--seed", str(args.seed),
        "--time-limit", str(args.time_limit),
        "--results", str(folder / f"{size}_{mode}.jsonl"),
        "--format", "json", "-o", str(cell_path(folder, size, mode)),
    ]  # fmt: skip
    if args.workers:
        command += ["--workers", str(args.workers)]
    if args.scheduler:
        command += ["--executor", "dask", "--scheduler", args.scheduler]
    if args.retry_undecided:
        command += ["--retry-undecided"]
    if args.table_mb:
        command += ["--table-mb", str(args.table_mb)]
    subprocess.run(command, check=True)


def table(folder: Path, *, short: bool = False) -> str:
    """The markdown table of every cell in ``folder`` (``short``: the interval's bounds
    without their percent signs, for the README)."""
    cells: dict[tuple[str, str], dict[str, Any]] = {}
    for path in folder.glob("*.json"):
        size, mode = path.stem.split("_", 1)
        cells[size, mode] = json.loads(path.read_text())
    sizes = [s for s in SIZES if any(size == s for size, _ in cells)]
    head = ["mode", *(f"{s.replace('x', ' x ')}, {SIZES[s]} types x 4" for s in sizes)]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for mode, chinese in MODES.items():
        row = [f"{mode} ({chinese})"]
        for size in sizes:
            data = cells.get((size, mode))
            row.append("" if data is None else _cell(data, short))
        lines.append("| " + " | ".join(row) + " |")
    return "\n".join(lines) + "\n"


def tail(results: Path, share: float) -> float | None:
    """The seconds by which every board of a cell's results file but ``share`` percent of
    them was decided (each board's outcome as the survey keeps it, ``supersedes``; a last
    line cut short by a survey still writing is left out), or None while more are
    undecided."""
    kept: dict[int, BoardOutcome] = {}
    lines = [line for line in results.read_text().splitlines()[1:] if line.strip()]
    for number, line in enumerate(lines, 1):
        try:
            row = json.loads(line)
        except ValueError:
            if number == len(lines):
                break
            raise
        outcome = BoardOutcome(
            row["board"], row["verdict"], row.get("greedy", False), row["seconds"]
        )
        if supersedes(outcome, kept.get(outcome.index)):
            kept[outcome.index] = outcome
    times = sorted(o.seconds if o.verdict != "undecided" else float("inf") for o in kept.values())
    allowed = int(len(times) * share / 100)
    if allowed >= len(times):
        return 0.0
    needed = times[len(times) - 1 - allowed]
    return None if needed == float("inf") else needed


def _cell(data: dict[str, Any], short: bool = False) -> str:
    decided = data["boards"] - data["undecided"]
    if not decided:
        return f"{data['boards']} undecided"
    low, high = data["share_95"]
    share = data["clearable"] / decided
    if short:
        text = f"{share:.1%} ({100 * low:.1f} to {100 * high:.1f})"
    else:
        text = f"{share:.1%} ({low:.1%} to {high:.1%}) of {data['boards']}"
    if data["undecided"]:
        text += f", {data['undecided']} undecided"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default=",".join(SIZES), help="of 12x7, 14x8, 16x9, 19x11")
    parser.add_argument("--modes", default=",".join(MODES))
    parser.add_argument("--boards", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--scheduler", default=None, help="a Dask scheduler's address")
    parser.add_argument(
        "--table-mb", type=int, default=None, help="each search's table (solve's --table-mb)"
    )
    parser.add_argument("--dir", type=Path, default=HERE / "results" / "census")
    parser.add_argument(
        "--retry-undecided",
        action="store_true",
        help="run each cell's undecided boards again under --time-limit (give a longer one)",
    )
    parser.add_argument("--table", action="store_true", help="print the table and stop")
    parser.add_argument(
        "--tail",
        type=float,
        metavar="P",
        help="print the time by which every board of each cell but P%% was decided, and stop",
    )
    args = parser.parse_args()
    if args.tail is not None:
        if not 0 <= args.tail <= 100:
            parser.error(f"--tail is a percentage, 0 to 100, not {args.tail:g}")
        found = False
        for size in args.sizes.split(","):
            for mode in args.modes.split(","):
                results = args.dir / f"{size}_{mode}.jsonl"
                if results.exists():
                    found = True
                    needed = tail(results, args.tail)
                    what = (
                        f"more than {args.tail:g}% undecided"
                        if needed is None
                        else f"every board but {args.tail:g}% decided by {needed:.1f} s"
                    )
                    print(f"{size} {mode}: {what}")
        if not found:
            print(f"census: no cell of those sizes and modes in {args.dir}", file=sys.stderr)
        return 0 if found else 1
    if not args.table:
        args.dir.mkdir(parents=True, exist_ok=True)
        for size in args.sizes.split(","):
            if size not in SIZES:
                parser.error(f"a size is one of {', '.join(SIZES)}, not {size!r}")
            for mode in args.modes.split(","):
                print(f"census: {size} {mode}", file=sys.stderr, flush=True)
                run_cell(args.dir, size, mode, args)
    sys.stdout.write(table(args.dir))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
