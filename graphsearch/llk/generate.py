"""Making 连连看 boards that can be cleared, and dealing random ones.

Two ways to make a board, each proved clearable before it is returned:

* **backwards** (the default): start from the empty board and put pairs on it, one at a
  time, each on two cells that link on the board as it is then.  Played in the reverse
  order, the pairs come off again: when a pair is removed, the board is the one it was put
  on.  With gravity a pair is slid into its lines (the tiles beyond it move out by one
  cell), so that removing it lets them fall back.  The clearing comes with the board and is
  replayed through the rules.
* **sampling**: deal the tiles uniformly at random and keep the board if the ``search``
  engine clears it within ``SAMPLING_NODES`` branchings of the pairing search (no gravity,
  at most two turns), or ``SAMPLING_POSITIONS`` positions of the move search (the rest,
  which enters a position a pair on the way to any clearing) (a deal it cannot settle that
  fast is passed over, so the boards lean a little toward those the search finds easy).
  These boards look like the game's own deals; they take longer.

Options a designer wants: ``greedy_fails`` keeps only boards that greedy play (KShisen's
check) does not clear, so that the choice of pairs matters; ``min_nodes`` keeps only boards
on which the search branches at least that often.  Board i depends only on (seed, i).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from graphsearch._words import size
from graphsearch.budget import Budget
from graphsearch.errors import SearchTimeout
from graphsearch.llk.game import ClearMove, clears
from graphsearch.llk.gravity import CLASSIC, NO_LINES, family
from graphsearch.llk.greedy import greedy_clearing
from graphsearch.llk.position import Position
from graphsearch.llk.rules import ClearRules

__all__ = ["METHODS", "GeneratedBoard", "auto_method", "board_rng", "deal", "generate_boards"]

METHODS = ("backwards", "sampling")

# Sampling gives up on a deal after the search branches this often (a node budget, so the
# same seed gives the same boards on every machine); a few deals in a hundred need more.
SAMPLING_NODES = 20
# ... or, in the move search, after this many positions: a 16 x 9 board in inward or left
# passes about one deal in forty (some 60 ms a deal), a 12 x 7 one in inward half of them
SAMPLING_POSITIONS = 20_000


@dataclass(frozen=True)
class GeneratedBoard:
    """A clearable board, a clearing of it, and how hard it is: whether greedy play clears
    it and how often the search branched (None when not measured)."""

    board: np.ndarray
    clearing: tuple[ClearMove, ...]
    greedy: bool
    nodes: int | None
    candidates: int  # boards proposed before this one was accepted


def deal(rows: int, cols: int, types: int, copies: int, rng: random.Random) -> np.ndarray:
    """``types`` types of ``copies`` tiles each, shuffled onto a rows x cols board (the
    cells left over stay empty)."""
    _check_size(rows, cols, types, copies)
    tiles = [t for t in range(1, types + 1) for _ in range(copies)]
    tiles += [0] * (rows * cols - len(tiles))
    rng.shuffle(tiles)
    return np.array(tiles, dtype=np.int64).reshape(rows, cols)


def board_rng(kind: str, seed: int, i: int) -> random.Random:
    """The random source of board i of a seed: independent of how the work is split."""
    return random.Random(f"{kind}/{seed}/{i}")


def auto_method(rules: ClearRules) -> str:
    """The maker to use for these rules: building backwards where pairs slide into whole
    columns or rows (down, up, left, right) or paths take more than two turns, sampling
    otherwise (backwards without gravity makes boards greedy play clears)."""
    slides = rules.gravity in CLASSIC or (rules.gravity == "none" and rules.max_turns > 2)
    return "backwards" if slides else "sampling"


def generate_boards(
    rows: int,
    cols: int,
    *,
    types: int,
    copies: int = 4,
    seed: int,
    count: int = 1,
    rules: ClearRules | None = None,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    method: str = "backwards",
    greedy_fails: bool = False,
    min_nodes: int = 0,
    max_candidates: int = 10_000,
    budget: Budget | None = None,
) -> Iterator[GeneratedBoard]:
    """``count`` clearable boards of ``types`` types x ``copies`` tiles (see the module).

    The rules are ``rules`` with any of the keywords in place of its own
    (``ClearRules.of``).  Raises LookupError when ``max_candidates`` candidates in a row are
    all rejected.  ``budget`` limits the seconds of the whole run and can stop it from
    another thread (``SearchTimeout``; the boards yielded before stand); each search the
    maker runs gets its own node limit.
    """
    _check_size(rows, cols, types, copies)
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    outside, max_turns, gravity = rules.outside, rules.max_turns, rules.gravity
    if method == "backwards" and gravity not in ("none", *CLASSIC):
        raise ValueError(
            f"building backwards slides pairs into whole columns or rows only (none, "
            f"{', '.join(CLASSIC)}); use the sampling method for {gravity}"
        )
    if copies % 2:
        raise ValueError("a type with an odd number of tiles can never be cleared")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(METHODS)}")
    from graphsearch.llk.clearing import solve

    pairing = family(gravity) == NO_LINES and max_turns <= 2  # the engine solve runs (its unit)
    sampling_budget = SAMPLING_NODES if pairing else SAMPLING_POSITIONS
    limits = Budget.of(budget)
    for i in range(count):
        rng = board_rng("llk", seed, i)
        for tried in range(1, max_candidates + 1):
            limits.check(None, "the maker had not finished")
            if method == "backwards":
                built = _backwards(rng, rows, cols, types, copies, outside, max_turns, gravity)
                if built is None:
                    continue
                board, clearing = built
                if not clears(board, clearing, rules):  # never: the construction is sound
                    raise RuntimeError("a board built backwards did not replay")
            else:
                board = deal(rows, cols, types, copies, rng)
                try:
                    result = solve(board, rules, budget=limits.child(nodes=sampling_budget))
                except SearchTimeout:
                    limits.check(None, "the maker had not finished")
                    continue  # too hard to settle quickly: the next deal
                if result.moves is None:
                    continue
                clearing = list(result.moves)
            greedy = greedy_clearing(board, rules) is not None
            if greedy_fails and greedy:
                continue
            nodes = None
            if min_nodes:
                nodes = solve(board, rules, budget=limits.child()).stats.nodes
                if nodes < min_nodes:
                    continue
            yield GeneratedBoard(board, tuple(clearing), greedy, nodes, tried)
            break
        else:
            raise LookupError(f"no board passed in {max_candidates} candidates")


def _check_size(rows: int, cols: int, types: int, copies: int) -> None:
    if rows < 1 or cols < 1:
        raise ValueError("a board has at least one row and one column")
    if types < 1 or copies < 1:
        raise ValueError("at least one type of at least one tile")
    if types * copies > rows * cols:
        raise ValueError(
            f"{types} types x {copies} tiles do not fit on the {rows * cols} cells of "
            f"{size(rows, cols)}"
        )


def _backwards(
    rng: random.Random,
    rows: int,
    cols: int,
    types: int,
    copies: int,
    outside: bool,
    max_turns: int,
    gravity: str,
) -> tuple[np.ndarray, list[ClearMove]] | None:
    """A board put together pair by pair and its clearing, or None when a step found no
    two cells that link."""
    pairs = [t for t in range(1, types + 1) for _ in range(copies // 2)]
    rng.shuffle(pairs)
    board = np.zeros((rows, cols), dtype=np.int64)
    clearing: list[ClearMove] = []
    probe = _Probe(rows, cols, outside, max_turns)
    for kind in pairs:
        if gravity == "none":
            placed = _place(board, rng, outside, probe)
        else:
            placed = _slide_in(board, rng, gravity, probe)
        if placed is None:
            return None
        board, a, b = placed
        board[a] = board[b] = kind
        clearing.append(ClearMove.of(a, b))
    clearing.reverse()
    board.flags.writeable = False
    return board, clearing


class _Probe:
    """Whether two tiles put on empty cells of a board would link: the search core's link
    rule on its board (``ClearCore.put``, ``linked``), or on a board past the core's
    limits the scan engine's."""

    def __init__(self, rows: int, cols: int, outside: bool, max_turns: int) -> None:
        from graphsearch.llk.clearing import board_core

        self.outside, self.max_turns = outside, max_turns
        self.pos = Position(((0,) * cols,) * rows, outside=outside)
        self.core = board_core(self.pos, max_turns)
        self.board: np.ndarray | None = None

    def load(self, board: np.ndarray) -> None:
        self.board = board
        if self.core is not None:
            self.core.load(Position(board, outside=self.outside).grid)

    def links(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether tiles put on the empty cells a and b of the loaded board would link."""
        if self.core is None:
            from graphsearch.llk.grid import Query
            from graphsearch.llk.scan import LinkScanner

            assert self.board is not None
            trial = self.board.copy()
            trial[a] = trial[b] = 1
            scanner = LinkScanner(trial, outside=self.outside)
            return scanner.link(Query(a, b), self.max_turns).linked
        core, pos = self.core, self.pos
        fa = (a[0] + pos.pad) * pos.W + a[1] + pos.pad
        fb = (b[0] + pos.pad) * pos.W + b[1] + pos.pad
        core.put(fa, 1)
        core.put(fb, 1)
        linked = core.linked(fa, fb)
        core.put(fa, 0)
        core.put(fb, 0)
        return linked


def _place(
    board: np.ndarray, rng: random.Random, outside: bool, probe: _Probe
) -> tuple[np.ndarray, tuple[int, int], tuple[int, int]] | None:
    """No gravity: two empty cells that link once filled.

    Cells far from where the last pairs will go are filled first, so that the cells left
    empty stay together and near a way out: with the ring, the board's edge (the interior
    fills first); without it, one corner chosen at random.
    """
    rows, cols = int(board.shape[0]), int(board.shape[1])
    if outside:

        def depth(cell: tuple[int, int]) -> int:
            r, c = cell
            return min(r, c, rows - 1 - r, cols - 1 - c)
    else:
        corner = (rng.choice((0, rows - 1)), rng.choice((0, cols - 1)))

        def depth(cell: tuple[int, int]) -> int:
            return abs(cell[0] - corner[0]) + abs(cell[1] - corner[1])

    probe.load(board)
    empty = [(int(r), int(c)) for r, c in np.argwhere(board == 0)]
    rng.shuffle(empty)
    empty.sort(key=depth, reverse=True)  # a stable sort: random among equals
    for a in empty[:12]:
        partners = [b for b in empty if b != a and probe.links(a, b)]
        if partners:
            deepest = depth(partners[0])
            return board.copy(), a, rng.choice([b for b in partners if depth(b) == deepest])
    return None


def _slide_in(
    board: np.ndarray, rng: random.Random, gravity: str, probe: _Probe
) -> tuple[np.ndarray, tuple[int, int], tuple[int, int]] | None:
    """With gravity: two tiles slid into their lines (at any depth of a line that has room)
    so that they link on the settled board that results, the first one at random."""
    vertical = gravity in ("down", "up")
    lines = board.T if vertical else board
    length = lines.shape[1]
    toward_end = gravity in ("down", "right")  # lines fill from their last cell

    def stacks(array: np.ndarray) -> list[list[int]]:
        # each line's tiles, from the side they fall toward
        out = []
        for line in array:
            kept = [int(v) for v in line if v]
            out.append(kept[::-1] if toward_end else kept)
        return out

    def unstack(stack: list[list[int]]) -> np.ndarray:
        out = np.zeros_like(lines)
        for i, tiles in enumerate(stack):
            for depth, value in enumerate(tiles):
                out[i, length - 1 - depth if toward_end else depth] = value
        return out.T.copy() if vertical else out

    def cell(line: int, depth: int) -> tuple[int, int]:
        along = length - 1 - depth if toward_end else depth
        return (along, line) if vertical else (line, along)

    base = stacks(lines)
    slots = [
        (i, d) for i, tiles in enumerate(base) if len(tiles) < length for d in range(len(tiles) + 1)
    ]
    rng.shuffle(slots)
    # lines far from one chosen at random fill first, so that the room left stays in
    # neighbouring lines (two tiles slid in side by side, or into one line, always link)
    anchor = rng.randrange(len(base))
    slots.sort(key=lambda slot: abs(slot[0] - anchor), reverse=True)
    marker = -1  # the two new tiles, told apart from every type
    for first in slots[:12]:
        partners = []
        for second in slots:
            stack = [tiles[:] for tiles in base]
            i, d = first
            stack[i].insert(d, marker)
            j, e = second
            if len(stack[j]) >= length:
                continue
            if j == i and e >= d:
                e += 1  # the second goes beyond the first in the same line
            stack[j].insert(e, marker - 1)
            trial = unstack(stack)
            trial[trial < 0] = 0
            a, b = cell(i, stack[i].index(marker)), cell(j, stack[j].index(marker - 1))
            probe.load(trial)
            if probe.links(a, b):
                partners.append((abs(j - anchor), trial, a, b))
        if partners:
            farthest = max(p[0] for p in partners)
            _, trial, a, b = rng.choice([p for p in partners if p[0] == farthest])
            return trial, a, b
    return None
