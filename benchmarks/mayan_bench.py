"""Time ``solve mayan`` against a baseline command on hard boards, side by side.

    python benchmarks/mayan_bench.py --baseline ./mayan_queue --no-same-color-swaps
    python benchmarks/mayan_bench.py --baseline ./mayan_queue_same

Hard boards: random boards of 18 to 33 blocks in 3 to 5 colors without an initial run, with
n = 5, kept when the baseline needs at least ``--min-seconds`` on them (most are unsolvable,
so the whole space is searched).  Each kept board is then run through both commands in turn
(whole processes, so start-up counts); the answers must agree.  The table lists each board,
both times and the ratio, and the totals.

    python benchmarks/mayan_bench.py --baseline ./mayan_queue --puzzles hard/*.txt

``--puzzles`` times the given puzzle files (a set of hard boards, say) instead of drawing.

    python benchmarks/mayan_bench.py --deep [--ref REF] [--depths 6,7,8,9,10] [--boards 3]

Deep searches: dense boards (30 blocks, 4 colors dealt in threes, ``generate.deal`` with
seeds 1, 2, ...) at each n, solved by this checkout's search and by the search of the git
ref ``--ref`` (the previous release, extracted with ``git archive``), each board a whole
process of its own (``python -c``, the same few lines for both); seconds and peak memory
(the child's maximum resident set) per board, the answers compared.
"""

from __future__ import annotations

import argparse
import random
import shlex
import subprocess
import sys
import time
from pathlib import Path

from _record import write

from graphsearch.mayan import Board, Puzzle, find_runs


def random_board(
    rng: random.Random, blocks: tuple[int, int] = (18, 33), colors: tuple[int, int] = (3, 5)
) -> Board:
    """A random stable board; the numbers of blocks and colors are drawn from the ranges."""
    low_blocks, high_blocks = blocks
    low_colors, high_colors = colors
    while True:
        count = rng.randint(low_blocks, high_blocks)
        kinds = rng.randint(low_colors, high_colors)
        columns: list[list[int]] = [[] for _ in range(5)]
        for _ in range(count):
            x = rng.choice([x for x in range(5) if len(columns[x]) < 7])
            columns[x].append(rng.randint(1, kinds))
        board = Board.from_columns(columns)
        if not find_runs(board):
            return board


def run(command: list[str], text: str, timeout: float | None = None) -> tuple[float, str]:
    start = time.perf_counter()
    proc = subprocess.run(command, input=text, capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"{shlex.join(command)} failed: {proc.stderr.strip()}")
    return time.perf_counter() - start, proc.stdout


# One board on stdin, the answer on stdout: run with the tree to import from as argv[1].
RUNNER = """
import sys
sys.path.insert(0, sys.argv[1])
from graphsearch.mayan import format_moves, parse_puzzle
from graphsearch.mayan.search import solve
print(format_moves(solve(parse_puzzle(sys.stdin.read())).moves), end="")
"""


def run_measured(command: list[str], text: str, timeout: float | None) -> tuple[float, int, str]:
    """Seconds, peak resident memory (MB) and the output of one whole process."""
    import os
    import tempfile

    with tempfile.TemporaryFile("w+") as out:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=out, text=True)
        assert proc.stdin is not None
        proc.stdin.write(text)
        proc.stdin.close()
        deadline = None if timeout is None else start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if deadline is not None and time.perf_counter() > deadline:
                proc.kill()
                os.wait4(proc.pid, 0)
                raise subprocess.TimeoutExpired(command, timeout or 0.0)
            time.sleep(0.01)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            raise RuntimeError(f"{shlex.join(command[:2])} ... failed with {proc.returncode}")
        out.seek(0)
        return seconds, usage.ru_maxrss // 1024, out.read()


def deep(args: argparse.Namespace) -> int:
    """The --deep table: this checkout against ``args.ref``, dense boards at each n."""
    import pathlib
    import tempfile

    from graphsearch.mayan.generate import deal

    here = pathlib.Path(__file__).resolve().parent.parent
    with tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(
            ["git", "-C", str(here), "archive", args.ref, "graphsearch"],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True)
        print(
            f"{'n':>3}{'seed':>6}  {'answer':<8}{args.ref[:12]:>14}{'MB':>6}"
            f"{'this':>10}{'MB':>6}{'ratio':>8}"
        )
        totals = {"old": 0.0, "new": 0.0}
        agree = True
        table: list[dict[str, object]] = []
        for n in [int(v) for v in args.depths.split(",")]:
            for seed in range(1, args.boards + 1):
                board = deal(random.Random(seed), 4, 30)
                assert board is not None
                text = Puzzle(n, board).to_text()
                t_new, mb_new, out_new = run_measured(
                    [sys.executable, "-c", RUNNER, str(here)], text, None
                )
                try:
                    t_old, mb_old, out_old = run_measured(
                        [sys.executable, "-c", RUNNER, old], text, args.baseline_timeout
                    )
                    old_cell = f"{t_old:>14.2f}{mb_old:>6}"
                    ratio = f"{t_new / t_old:>8.3f}"
                    agree = agree and out_old == out_new
                    totals["old"] += t_old
                    totals["new"] += t_new
                except subprocess.TimeoutExpired:
                    old_cell = f"{'> ' + format(args.baseline_timeout, 'g'):>14}{'':>6}"
                    ratio = f"{'':>8}"
                answer = "-1" if out_new.strip() == "-1" else "solved"
                table.append(
                    {
                        "n": n,
                        "seed": seed,
                        "answer": answer,
                        f"{args.ref} s": None if old_cell.strip().startswith(">") else t_old,
                        "this s": t_new,
                        "this MB": mb_new,
                    }
                )
                print(
                    f"{n:>3}{seed:>6}  {answer:<8}{old_cell}{t_new:>10.2f}{mb_new:>6}{ratio}",
                    flush=True,
                )
        overall = totals["new"] / totals["old"] if totals["old"] else float("nan")
        print(
            f"total (boards both finished): {args.ref[:12]} {totals['old']:.2f} s, "
            f"this {totals['new']:.2f} s, ratio {overall:.3f}; answers "
            + ("agree" if agree else "DIFFER")
        )
        figures = {"ref": args.ref, "rows": table, "agree": agree}
        figures["total"] = {f"{args.ref} s": totals["old"], "this s": totals["new"]}
        write(args.json, "mayan_bench --deep", figures)
        return 0 if agree else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", help="command reading a board on stdin")
    parser.add_argument("--deep", action="store_true", help="deep searches against --ref")
    parser.add_argument(
        "--ref", default="7cceb30", help="--deep: the git ref to compare with (default: 0.2.0)"
    )
    parser.add_argument("--depths", default="6,7,8,9,10", help="--deep: the values of n")
    parser.add_argument("--solve", default="solve mayan -", help="the command under test")
    parser.add_argument(
        "--no-same-color-swaps",
        action="store_true",
        help="pass --no-same-color-swaps to solve (for a baseline that never swaps one color)",
    )
    parser.add_argument("--boards", type=int, default=10, help="boards to time (--deep: per n)")
    parser.add_argument("--min-seconds", type=float, default=0.3, help="what makes a board hard")
    parser.add_argument("--n", type=int, default=5, help="moves")
    parser.add_argument("--seed", type=int, default=2011)
    parser.add_argument("--baseline-timeout", type=float, default=None)
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--puzzles",
        nargs="+",
        metavar="FILE",
        help="time these puzzles (solve mayan's input format) instead of drawing hard boards",
    )
    args = parser.parse_args()
    if args.deep:
        return deep(args)
    if not args.baseline:
        parser.error("--baseline is needed (or --deep)")

    ours = shlex.split(args.solve)
    if args.no_same_color_swaps:
        ours.append("--no-same-color-swaps")
    base = shlex.split(args.baseline)
    rng = random.Random(args.seed)
    rows: list[tuple[int, float, float, str, str]] = []
    tried = 0
    given = [Path(name).read_text() for name in args.puzzles or ()]
    while len(rows) < (len(given) if given else args.boards):
        tried += 1
        if given:
            text = given[len(rows)]
            board = Puzzle.parse(text).board
        else:
            board = random_board(rng)
            text = Puzzle(args.n, board).to_text()
        try:
            t_base, out_base = run(base, text, args.baseline_timeout)
        except subprocess.TimeoutExpired:
            t_base, out_base = float("nan"), None
        if out_base is not None and t_base < args.min_seconds and not given:
            continue
        t_ours, out_ours = run(ours, text)
        if out_base is not None:  # interleave: the baseline again, after ours
            t_again, _ = run(base, text)
            t_base = min(t_base, t_again)
        blocks = board.blocks
        agree = "timeout" if out_base is None else ("yes" if out_base == out_ours else "NO")
        answer = out_ours.splitlines()[0] if out_ours else "?"
        rows.append((blocks, t_base, t_ours, agree, answer))
        print(
            f"board {len(rows):>2}: {blocks:>2} blocks  baseline {t_base:7.3f} s  "
            f"solve {t_ours:6.3f} s  agree {agree}",
            file=sys.stderr,
        )

    print(f"{'board':>5}{'blocks':>8}{'baseline s':>12}{'solve s':>10}{'ratio':>8}  agree  first")
    for i, (blocks, t_base, t_ours, agree, answer) in enumerate(rows, 1):
        ratio = t_ours / t_base
        print(f"{i:>5}{blocks:>8}{t_base:>12.3f}{t_ours:>10.3f}{ratio:>8.2f}  {agree:<6} {answer}")
    timed = [r for r in rows if r[1] == r[1]]  # leave out baseline timeouts (nan)
    total_base = sum(r[1] for r in timed)
    total_ours = sum(r[2] for r in timed)
    print(
        f"{'total':>13}{total_base:>12.3f}{total_ours:>10.3f}{total_ours / total_base:>8.2f}"
        f"  ({tried} boards drawn, {len(rows)} hard)"
    )
    table = [
        {"blocks": b, "baseline s": tb, "solve s": to, "agree": a, "first line": f}
        for b, tb, to, a, f in rows
    ]
    figures = {"baseline": args.baseline, "n": args.n, "rows": table, "drawn": tried}
    figures["total"] = {"baseline s": total_base, "solve s": total_ours}
    write(args.json, "mayan_bench", figures)
    return 0 if all(r[3] != "NO" for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
