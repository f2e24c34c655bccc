"""Shuffles that keep a board clearable: the tiles left, dealt again over the same cells.

Whether two tiles link depends only on which cells hold a tile, never on the types; and
with gravity where the tiles slide after a removal depends only on which cells were
emptied.  So a clearing of the board on which every tile is of one type (a *type-free*
clearing: pairs of tiles, each pair linked at its turn) is a clearing of every board on
those cells that gives the two tiles of each pair one type; and a clearing of any such
board is a type-free clearing.  Hence:

* the tiles can be dealt again so that the board clears if and only if every type has an
  even count and the one-type board clears;
* a clearable deal is a type-free clearing (found by random play on the one-type board,
  which rarely gets stuck, else by the exact search) with the tiles' pairs of types dealt
  at random onto its pairs.

Most boards in play clear after a plain random deal, and with gravity the move search
decides those in a few thousand positions; so there a few random deals, each given that
many, are tried first.

Every shuffle's clearing is replayed through the rules (``game.clears``) before it is
returned.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from graphsearch.budget import Budget
from graphsearch.llk.game import ClearMove, clears, linkable_pairs, settle, why_not_clearable
from graphsearch.llk.grid import as_board
from graphsearch.llk.rules import ClearRules
from graphsearch.status import Status

if TYPE_CHECKING:
    import numpy as np

    from graphsearch.llk.core import ClearCore
    from graphsearch.llk.position import Position

__all__ = ["PLAYS", "Shuffle", "shuffle"]

# random deals tried first, each kept when the search clears it within DEAL_NODES of its
# work (a node budget: the same deal on every machine); most boards in play clear so
DEALS = 3
DEAL_NODES = 2000
# random plays of the one-type board tried next, before the exact search decides it
PLAYS = 20


@dataclass(frozen=True)
class Shuffle:
    """A shuffled board and its clearing (the proof that it clears), or, when no deal of
    these tiles on these cells clears, ``board`` and ``moves`` None and the ``reason``.
    ``plays``: the random plays of the one-type board tried (0 when a random deal cleared);
    ``searched``: the positions of the exact search of the one-type board, when it ran."""

    board: np.ndarray | None
    moves: tuple[ClearMove, ...] | None
    reason: str | None = None
    plays: int = 0
    searched: int = field(default=0, compare=False)

    @property
    def status(self) -> Status:
        return Status.FOUND if self.moves is not None else Status.EXHAUSTED

    def as_json(self) -> dict[str, Any]:
        """The shuffle as ``solve shuffle --format json`` writes it (1-based moves)."""
        board = None if self.board is None else self.board.tolist()
        moves = None if self.moves is None else [move.to_text() for move in self.moves]
        return {
            "verdict": "YES" if self.moves is not None else "NO",
            "board": board,
            "moves": moves,
            "reason": self.reason,
            "plays": self.plays,
        }


def shuffle(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    seed: int = 0,
    budget: Budget | None = None,
    time_limit: float | None = None,
) -> Shuffle:
    """The tiles of ``board`` dealt again over the cells they stand on (in a gravity mode,
    on the board settled first) so that the board can be cleared, with its clearing; the
    same seed gives the same board.  When no deal of these tiles on these cells clears,
    the reason (an odd count of a type; no two of the cells joined by a path within the
    turns; or no order of pairs empties the cells).  Raises ``SearchTimeout`` when the
    ``budget`` (or ``time_limit``) runs out first or is stopped.  The rules are ``rules``
    with any of the keywords in place of its own (``ClearRules.of``)."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    limits = Budget.of(budget, time_limit)
    start = settle(as_board(board), rules.gravity)
    counts = Counter(int(v) for v in start.ravel() if v)
    if any(count % 2 for count in counts.values()):  # the rules' words for it
        return Shuffle(None, None, why_not_clearable(start, rules))
    if not counts:
        return Shuffle(start, ())
    rng = random.Random(f"llk shuffle/{seed}")
    for _ in range(DEALS if _counted(rules) else 0):
        quick = _random_deal(start, rng, rules, limits)
        if quick is not None:
            return quick
    shape = (start != 0).astype(start.dtype)  # every tile of one type
    pairs, plays, searched = None, 0, 0
    while pairs is None and plays < PLAYS:
        plays += 1
        pairs = _random_play(shape, rules, rng, limits)
    if pairs is None:
        pairs, searched, why = _search(shape, rules, limits)
        if pairs is None:
            return Shuffle(None, None, why, plays, searched)
    kinds = [kind for kind, count in sorted(counts.items()) for _ in range(count // 2)]
    rng.shuffle(kinds)
    dealt = start.copy()
    for (a, b), kind in zip(pairs.cells, kinds, strict=True):
        dealt[a] = dealt[b] = kind
    if not clears(dealt, pairs.moves, rules):
        raise RuntimeError("a shuffle's clearing does not replay")  # never: see the module
    dealt.setflags(write=False)
    return Shuffle(dealt, tuple(pairs.moves), None, plays, searched)


def _counted(rules: ClearRules) -> bool:
    """Whether the search of these rules is the move search, whose node limit bounds all
    its work (positions); the pairing search's counts its branchings after dives that it
    does not count, so a deal is not tried first without gravity."""
    from graphsearch.llk.gravity import NO_LINES, family

    return family(rules.gravity) != NO_LINES or rules.max_turns > 2


def _random_deal(
    start: np.ndarray, rng: random.Random, rules: ClearRules, limits: Budget
) -> Shuffle | None:
    """The tiles dealt at random over their cells, when the search clears the deal within
    ``DEAL_NODES``; None when it does not (or proves it cannot)."""
    from graphsearch.errors import SearchTimeout
    from graphsearch.llk.clearing import solve

    cells = list(zip(*start.nonzero(), strict=True))
    tiles = [int(start[cell]) for cell in cells]
    rng.shuffle(tiles)
    dealt = start.copy()
    for cell, kind in zip(cells, tiles, strict=True):
        dealt[cell] = kind
    try:
        result = solve(dealt, rules, budget=limits.child(nodes=DEAL_NODES))
    except SearchTimeout:
        limits.check(None, "the shuffle had not finished")
        return None
    if result.moves is None:
        return None
    if not clears(dealt, result.moves, rules):
        raise RuntimeError("a shuffle's clearing does not replay")  # never: one rule
    dealt.setflags(write=False)
    return Shuffle(dealt, result.moves)


@dataclass
class _Pairs:
    """A type-free clearing: its moves (cells at the time of each move) and, for each,
    the cells its two tiles stood on at the start."""

    moves: list[ClearMove]
    cells: list[tuple[tuple[int, int], tuple[int, int]]]


class _Tiles:
    """The tiles of a one-type board, each followed from the cell it started on: a board
    of their numbers, settled by the rules after each removal."""

    def __init__(self, shape: np.ndarray, gravity: str) -> None:
        self.gravity = gravity
        self.ids = shape.copy()
        self.origin: dict[int, tuple[int, int]] = {}
        for number, (r, c) in enumerate(zip(*shape.nonzero(), strict=True), 1):
            self.ids[r, c] = number
            self.origin[number] = (int(r), int(c))
        self.pairs = _Pairs([], [])

    def remove(self, move: ClearMove) -> None:
        """Make the move: note where its two tiles started, and settle."""
        self.pairs.moves.append(move)
        started = self.origin[int(self.ids[move.a])], self.origin[int(self.ids[move.b])]
        self.pairs.cells.append(started)
        self.ids[move.a] = self.ids[move.b] = 0
        self.ids = settle(self.ids, self.gravity).copy()


def _random_play(
    shape: np.ndarray, rules: ClearRules, rng: random.Random, limits: Budget
) -> _Pairs | None:
    """Play the one-type board at random to the end: a tile drawn at random, joined to
    the first tile (in a random order) it links with; None when it gets stuck.  The
    moves are tested and made by the search core's own link rule and settle where it
    holds the board (else by the rules), and each tile's starting cell is followed by
    settling a board of the tiles' numbers by the rules."""
    from graphsearch.llk.clearing import board_core
    from graphsearch.llk.position import Position

    tiles = _Tiles(shape, rules.gravity)
    pos = Position(shape, outside=rules.outside, gravity=rules.gravity)
    core = board_core(pos, rules.max_turns)
    while tiles.ids.any():
        limits.check(None, "the shuffle had not finished")
        move = _draw(tiles.ids, pos, core, rules, rng)
        if move is None:
            return None
        tiles.remove(move)
        if core is not None:
            core.play(_index(pos, move.a), _index(pos, move.b))
    return tiles.pairs


def _index(pos: Position, cell: tuple[int, int]) -> int:
    return (cell[0] + pos.pad) * pos.W + cell[1] + pos.pad


def _draw(
    ids: np.ndarray, pos: Position, core: ClearCore | None, rules: ClearRules, rng: random.Random
) -> ClearMove | None:
    """A random linked pair of tiles of the board ``ids`` (any two tiles: one type)."""
    tiles = [(int(r), int(c)) for r, c in zip(*ids.nonzero(), strict=True)]
    if core is None:
        legal = linkable_pairs((ids != 0).astype(ids.dtype), rules)
        return rng.choice(legal) if legal else None
    firsts = tiles[:]
    rng.shuffle(firsts)
    for a in firsts:
        others = [b for b in tiles if b != a]
        rng.shuffle(others)
        for b in others:
            if core.linked(_index(pos, a), _index(pos, b)):
                return ClearMove.of(a, b)
    return None


def _search(
    shape: np.ndarray, rules: ClearRules, limits: Budget
) -> tuple[_Pairs | None, int, str | None]:
    """The exact search of the one-type board: a type-free clearing, the positions it
    looked at, and the reason when there is none."""
    from graphsearch._words import plural
    from graphsearch.llk.clearing import solve

    result = solve(shape, rules, budget=limits)
    if result.moves is None:
        if not linkable_pairs(shape, rules):
            reason = (
                f"no two of these cells can be joined by a path of at most "
                f"{plural(rules.max_turns, 'turn')}"
            )
        else:
            reason = (
                "no order of pairs empties these cells, whatever tiles stand on them (the "
                f"search looked at {plural(result.stats.nodes, 'position')})"
            )
        return None, result.stats.nodes, reason
    tiles = _Tiles(shape, rules.gravity)
    for move in result.moves:
        tiles.remove(move)
    return tiles.pairs, result.stats.nodes, None
