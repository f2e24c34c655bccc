"""Shuffles that keep a board clearable (``llk.shuffle``), timed in one process.

Two settings: KShisen's 16 x 9 board of 36 types, half played (random legal moves), the
ring and gravity down; and full QQ boards (19 x 11, 50 types x 4) with the ring in every
one of the thirteen modes.  Each shuffle's clearing is replayed through the rules, so
every shuffle timed is proved clearable.  Beside it, on the first setting, the way games
redeal (KShisen redeals up to 200 times): a random deal of the tiles over the same cells,
kept when the exact search clears it within a second (its clearing replayed through the
rules, as every shuffle's is), else dealt again; the ratio is our median over its median.

    python benchmarks/shuffle_bench.py --boards 20 --json benchmarks/results/9-shuffle.json
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from _record import write

from graphsearch import Budget, SearchTimeout, llk
from graphsearch.choices import GRAVITIES
from graphsearch.llk.game import clears
from graphsearch.llk.generate import board_rng, deal
from graphsearch.llk.shuffle import shuffle


def half_played(i: int) -> Any:
    """KShisen's board, half of its tiles removed by random legal moves (ring, down)."""
    board = deal(9, 16, 36, 4, board_rng("shuffle bench", 0, i))
    game = llk.Game(board, outside=True, gravity="down")
    rng = random.Random(i)
    while int((game.board != 0).sum()) > 72:
        legal = game.moves()
        if not legal:
            break
        move = rng.choice(legal)
        game.play(move.a, move.b)
    return game.board


def redeal(board: Any, rules: llk.ClearRules, seed: int) -> tuple[float, int]:
    """The redealing way: seconds until a deal the search clears within a second, and the
    deals tried (at most 200)."""
    start = time.perf_counter()
    rng = random.Random(seed)
    cells = list(zip(*board.nonzero(), strict=True))
    tiles = [int(board[c]) for c in cells]
    for tried in range(1, 201):
        rng.shuffle(tiles)
        dealt = board.copy()
        for cell, kind in zip(cells, tiles, strict=True):
            dealt[cell] = kind
        try:
            result = llk.clear(dealt, rules, budget=Budget(1.0))
        except SearchTimeout:
            continue
        if result.moves is not None and clears(dealt, result.moves, rules):  # proved
            return time.perf_counter() - start, tried
    return time.perf_counter() - start, 200


def timed(board: Any, rules: llk.ClearRules, seed: int) -> float:
    start = time.perf_counter()
    dealt = shuffle(board, rules, seed=seed)
    seconds = time.perf_counter() - start
    assert dealt.board is not None and dealt.moves is not None, dealt.reason
    assert clears(dealt.board, dealt.moves, rules)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", type=int, default=20, help="boards a setting")
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    rows: list[dict[str, Any]] = []

    rules = llk.ClearRules(outside=True, gravity="down")
    ours, theirs, tries = [], [], []
    for i in range(args.boards):
        board = half_played(i)
        ours.append(timed(board, rules, i))
        seconds, tried = redeal(board, rules, i)
        theirs.append(seconds)
        tries.append(tried)
    rows.append(
        {
            "setting": "16 x 9, 36 types, half played, down",
            "boards": args.boards,
            "proved": args.boards,
            "median s": statistics.median(ours),
            "max s": max(ours),
            "redeal median s": statistics.median(theirs),
            "redeal deals": statistics.median(tries),
            "ratio": statistics.median(ours) / statistics.median(theirs),
        }
    )
    print(rows[-1])
    for mode in GRAVITIES:
        rules = llk.ClearRules(outside=True, gravity=mode)
        times = [
            timed(deal(11, 19, 50, 4, board_rng("shuffle bench qq", 0, i)), rules, i)
            for i in range(args.boards)
        ]
        rows.append(
            {
                "setting": f"19 x 11, 50 types, full, {mode}",
                "boards": args.boards,
                "proved": args.boards,
                "median s": statistics.median(times),
                "max s": max(times),
                "redeal median s": None,
                "redeal deals": None,
                "ratio": None,
            }
        )
        print(rows[-1])
    write(args.json, "shuffle_bench", {"rows": rows})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
