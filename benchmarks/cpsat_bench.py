"""Measure the CP-SAT Mayan model and the prefilter against the search, in one process.

    python benchmarks/cpsat_bench.py model [--boards 10] [--time-limit 120]
    python benchmarks/cpsat_bench.py prefilter [--boards 60] [--n 1 2 3 5]
    python benchmarks/cpsat_bench.py clear [--boards 10] [--time-limit 60] [--sizes 9x16 ...]
    python benchmarks/cpsat_bench.py dense [--boards 10] [--time-limit 60] [--blocks 30]
    python benchmarks/cpsat_bench.py dense --hard [--boards 10] [--seed 7]

``model``: boards of 8 to 19 blocks, n = 3 to 5, half of them random, half made of colors
of three or four blocks (often solvable); the CP-SAT engine's time beside the
search's, and whether the answers agree (an undecided model counts as a timeout).
``prefilter``: random dense boards (18 to 33 blocks); for each n, how many boards the column
bound (a) already rejects at the root, how many more the CP-SAT relaxation (b) proves
unsolvable, its mean cost, and the search time that a rejection saves.
``dense``: dense Mayan boards at n = 5 (``--blocks`` blocks in four colors dealt in threes,
``generate.deal`` with seeds 1, 2, ...; most have no solution, so the whole space must be
refuted): the search's nodes and seconds beside the CP-SAT model's branches and seconds,
and whether the answers agree (an undecided model counts as a timeout).  With ``--hard``:
the hard boards of ``mayan_bench.py`` instead (random, 18 to 33 blocks in 3 to 5 colors,
drawn from ``--seed``), kept when the search needs at least 1,500 nodes.
``clear``: whole 连连看 boards without gravity (36 types x 4 and the ring for the KShisen
sizes; board i dealt from seed i as in ``clear_bench.py``): per size, the decided share,
median and max seconds of ``search`` (the pairing search), the CP-SAT model alone
(``presolve=False``: the whole board handed to the model), and ``cpsat`` as ``solve clear
--engine cpsat`` runs it (the search's presolve and a bounded search for a hint, then the
model); every verdict is compared and every clearing replayed.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any, TypeVar

from _record import Transcript, write
from mayan_bench import random_board

from cpmodels.mayan import ModelUndecided, prefilter
from cpmodels.mayan import solve as cpsat
from graphsearch.mayan import Board, Puzzle, find_runs, format_moves
from graphsearch.mayan.bounds import moves_needed
from graphsearch.mayan.search import solve as search

T = TypeVar("T")


def triples_board(rng: random.Random, blocks: int) -> Board:
    """Colors of three or four blocks each: such boards are often solvable."""
    while True:
        colors: list[int] = []
        while len(colors) < blocks - 2:
            colors += [len(colors) % 4 + 1] * rng.choice([3, 3, 4])
        columns: list[list[int]] = [[] for _ in range(5)]
        for color in colors:
            x = rng.choice([x for x in range(5) if len(columns[x]) < 7])
            columns[x].append(color)
        board = Board.from_columns(columns)
        if not find_runs(board):
            return board


def timed(function: Callable[..., T], *args: Any, **kwargs: Any) -> tuple[float, T]:
    start = time.perf_counter()
    result = function(*args, **kwargs)
    return time.perf_counter() - start, result


def bench_model(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    print(f"{'blocks':>6}{'n':>3}{'search s':>10}{'cpsat s':>10}  answer    agree")
    prefilter(Puzzle(1, Board.from_compact("1|1||1|")))  # import OR-Tools before timing
    for i in range(args.boards):
        if i % 2 == 0:
            board = random_board(rng, blocks=(8, 19), colors=(2, 4))
        else:
            board = triples_board(rng, rng.randint(8, 19))
        blocks = board.blocks
        puzzle = Puzzle(rng.randint(3, 5), board)
        t_search, expected = timed(search, puzzle)
        try:
            t_model, got = timed(cpsat, puzzle, time_limit=args.time_limit)
            agree = "yes" if got.moves == expected.moves else "NO"
            shown = f"{t_model:>10.2f}"
        except ModelUndecided:
            agree, shown = "timeout", f"{'>' + str(args.time_limit):>10}"
        answer = format_moves(expected.moves).splitlines()[0]
        print(f"{blocks:>6}{puzzle.n:>3}{t_search:>10.3f}{shown}  {answer:<9} {agree}")


def bench_prefilter(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    boards = [random_board(rng) for _ in range(args.boards)]
    prefilter(Puzzle(1, boards[0]), time_limit=1)  # import OR-Tools before timing
    print(
        f"{'n':>3}{'boards':>8}{'solvable':>10}{'(a) cuts':>10}{'(b) cuts more':>15}"
        f"{'(b) mean s':>12}{'search s on (b) cuts':>22}"
    )
    for n in args.n:
        solvable = cut_a = cut_b = 0
        costs, saved = [], []
        for board in boards:
            puzzle = Puzzle(n, board)
            t_search, result = timed(search, puzzle)
            solvable += result.solvable
            if moves_needed(board.grid()) > n:
                cut_a += 1
                continue
            t_pre, verdict = timed(prefilter, puzzle, time_limit=args.time_limit)
            costs.append(t_pre)
            if verdict is False:
                assert not result.solvable, "the prefilter rejected a solvable board"
                cut_b += 1
                saved.append(t_search)
        mean = statistics.mean(costs) if costs else 0.0
        spared = sum(saved)
        print(
            f"{n:>3}{len(boards):>8}{solvable:>10}{cut_a:>10}{cut_b:>15}{mean:>12.3f}"
            f"{spared:>22.3f}"
        )


def bench_clear(args: argparse.Namespace) -> None:
    import ortools.sat.python.cp_model  # noqa: F401  (imported before the clock starts)

    from cpmodels.clear import solve as cpsat_clear
    from graphsearch.errors import SearchTimeout
    from graphsearch.llk.clearing import solve as search_clear
    from graphsearch.llk.game import clears
    from graphsearch.llk.generate import deal

    engines: dict[str, Callable[[Any, float], Any]] = {
        "search": lambda b, t: search_clear(b, outside=True, time_limit=t),
        "model alone": lambda b, t: cpsat_clear(b, outside=True, time_limit=t, presolve=False),
        "cpsat": lambda b, t: cpsat_clear(b, outside=True, time_limit=t),
    }
    print(f"{'size':>6} {'engine':<12}{'decided':>9}{'median s':>10}{'max s':>9}  agree")
    for size in args.sizes:
        rows, cols = map(int, size.split("x"))
        types = min(36, rows * cols // 4)
        boards = [deal(rows, cols, types, 4, random.Random(i)) for i in range(1, args.boards + 1)]
        verdicts: dict[str, list[bool | None]] = {}
        for name, engine in engines.items():
            times, seen = [], []
            for board in boards:
                start = time.perf_counter()
                try:
                    result = engine(board, args.time_limit)
                    verdict = result.clearable
                    if result.moves is not None:
                        assert clears(board, result.moves, outside=True), name
                except SearchTimeout:
                    verdict = None
                times.append(time.perf_counter() - start)
                seen.append(verdict)
            verdicts[name] = seen
            decided = sum(v is not None for v in seen)
            agree = all(
                v is None or w is None or v == w
                for other in verdicts.values()
                for v, w in zip(seen, other, strict=True)
            )
            median = statistics.median(times)
            print(
                f"{size:>6} {name:<12}{decided:>5}/{len(boards):<3}{median:>10.2f}"
                f"{max(times):>9.2f}  {'yes' if agree else 'NO'}",
                flush=True,
            )


def bench_dense(args: argparse.Namespace) -> None:
    from graphsearch.mayan.generate import deal

    print(
        f"{'seed':>4}{'answer':>8}{'nodes':>8}{'search s':>10}{'branches':>10}{'cpsat s':>9}  agree"
    )
    prefilter(Puzzle(1, Board.from_compact("1|1||1|")))  # import OR-Tools before timing
    decided = 0
    rng = random.Random(args.seed)
    board = 0  # boards kept so far; without --hard, board i is dealt from seed i
    while board < args.boards:
        if args.hard:
            puzzle = Puzzle(5, random_board(rng))
        else:
            dealt = deal(random.Random(board + 1), 4, args.blocks)
            if dealt is None:
                raise SystemExit(f"no board of {args.blocks} blocks in four colors")
            puzzle = Puzzle(5, dealt)
        t_search, expected = timed(search, puzzle)
        if args.hard and (expected.stats.nodes or 0) < 1500:
            continue
        board += 1
        answer = "solved" if expected.solvable else "-1"
        try:
            t_model, got = timed(cpsat, puzzle, time_limit=args.time_limit)
            agree = "yes" if got.moves == expected.moves else "NO"
            shown = f"{got.stats.branches:>10}{t_model:>9.2f}"
            decided += 1
        except ModelUndecided:
            agree, shown = "timeout", f"{'':>10}{'>' + format(args.time_limit, 'g'):>9}"
        print(
            f"{board:>4}{answer:>8}{expected.stats.nodes:>8}{t_search:>10.3f}{shown}  {agree}",
            flush=True,
        )
    print(f"decided {decided} of {args.boards} within {args.time_limit:g} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", choices=["model", "prefilter", "clear", "dense"])
    parser.add_argument("--boards", type=int, default=10)
    parser.add_argument("--n", type=int, nargs="+", default=[1, 2, 3, 5])
    parser.add_argument("--time-limit", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=2011)
    parser.add_argument("--sizes", nargs="+", default=["6x8", "9x16"], help="rows x cols")
    parser.add_argument("--blocks", type=int, default=30, help="dense: blocks a board")
    parser.add_argument("--hard", action="store_true", help="dense: mayan_bench's hard boards")
    parser.add_argument("--json", help="also write the table printed to this file")
    args = parser.parse_args()
    parts = {
        "model": bench_model,
        "prefilter": bench_prefilter,
        "clear": bench_clear,
        "dense": bench_dense,
    }
    with Transcript() as transcript:
        parts[args.part](args)
    write(args.json, f"cpsat_bench {args.part}", {"text": transcript.lines})
    return 0


if __name__ == "__main__":
    sys.exit(main())
