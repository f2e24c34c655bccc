"""Counting and listing every solution of a Mayan puzzle.

A solution is a sequence of exactly n *canonical* moves (those ``grid_moves`` gives: a swap
is counted once, as the right move of its left block) that leaves the board empty.  Both
walk the same tree as the search, in answer order, with its two sound cuts: the move bound
(``bounds.moves_needed``: no solution below a board that needs more moves than are left) and
a table of (board, moves left) states with no solution.  The count also remembers the states
that do have solutions, with their counts, so a state reached again by another order of
moves is counted once: count(state, k) = sum over its moves of count(child, k - 1).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from graphsearch.budget import Budget
from graphsearch.mayan.board import HEIGHT, Move, Puzzle
from graphsearch.mayan.bounds import moves_needed
from graphsearch.mayan.core import DeadTable
from graphsearch.mayan.result import SearchStats, allow_depth
from graphsearch.mayan.rules import grid_moves, play

__all__ = ["SolutionCount", "count_solutions", "iter_solutions"]


@dataclass(frozen=True)
class SolutionCount:
    """How many solutions a puzzle has; ``complete`` is False when the count reached its
    limit (there may be more)."""

    n: int
    count: int
    complete: bool
    stats: SearchStats = field(default_factory=SearchStats, compare=False)


def count_solutions(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    limit: int | None = None,
    time_limit: float | None = None,
    budget: Budget | None = None,
) -> SolutionCount:
    """The number of distinct n-move solutions, stopping once ``limit`` are found.

    With a limit every count is kept as min(count, limit), which adds up exactly: the
    capped sum of capped counts is the capped sum of the counts.  ``budget`` (or
    ``time_limit``) limits the seconds and the states counted, and can stop the count from
    another thread (``SearchTimeout``).
    """
    if limit is not None and limit < 1:
        raise ValueError("a count limit is at least 1")
    cap = limit
    limits = Budget.of(budget, time_limit)
    limits.poll_every(256)
    dead = DeadTable()
    alive: dict[tuple[bytes, int], int] = {}
    nodes = 0

    def stats() -> SearchStats:
        return SearchStats(
            seconds=round(limits.elapsed(), 6),
            nodes=nodes,
            table_size=dead.size() + len(alive),
            table_generations=dead.generation_count(),
        )

    def count(grid: list[int], k: int) -> int:
        # grid has k >= 1 moves left and has passed the bound for k
        nonlocal nodes
        nodes += 1
        if limits.expired():
            raise limits.timeout(stats(), "the count had not finished")
        if limits.nodes is not None and nodes > limits.nodes:
            raise limits.used_up(stats(), "states")
        total = 0
        for src, g in grid_moves(grid, same_color_swaps):
            child = grid[:]
            play(child, src, g)
            if k == 1:
                total += not any(child)
            else:
                key = bytes(child)
                if (key, k - 1) in dead:
                    continue
                known = alive.get((key, k - 1))
                if known is None:
                    known = count(child, k - 1) if moves_needed(child) <= k - 1 else 0
                    if known:
                        alive[key, k - 1] = known
                    else:
                        dead.add(key, k - 1)
                total += known
            if cap is not None and total >= cap:
                return cap
        return total

    allow_depth(puzzle.n)
    grid = puzzle.board.grid()
    total = count(grid, puzzle.n) if moves_needed(grid) <= puzzle.n else 0
    complete = cap is None or total < cap
    return SolutionCount(puzzle.n, total, complete, stats())


def iter_solutions(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    budget: Budget | None = None,
) -> Iterator[tuple[Move, ...]]:
    """Every solution, in lexicographic order (raises ``SearchTimeout`` when the budget,
    or the time limit, runs out part way or is stopped; the solutions yielded before it
    stand)."""
    limits = Budget.of(budget, time_limit)
    limits.poll_every(256)
    nodes = 0
    dead = DeadTable()
    path: list[tuple[int, int]] = []

    def walk(grid: list[int], k: int) -> Iterator[tuple[Move, ...]]:
        # yields each solution below grid; records grid as dead when there is none
        nonlocal nodes
        nodes += 1
        if limits.expired():
            raise limits.timeout(None, "the listing had not finished")
        if limits.nodes is not None and nodes > limits.nodes:
            raise limits.used_up(None, "states")
        found = False
        for src, g in grid_moves(grid, same_color_swaps):
            child = grid[:]
            play(child, src, g)
            path.append((src, g))
            if k == 1:
                if not any(child):
                    found = True
                    yield tuple(Move(s // HEIGHT, s % HEIGHT, d) for s, d in path)
            elif (bytes(child), k - 1) not in dead and moves_needed(child) <= k - 1:
                for solution in walk(child, k - 1):
                    found = True
                    yield solution
            path.pop()
        if not found and k < puzzle.n:
            dead.add(bytes(grid), k)

    allow_depth(puzzle.n)
    grid = puzzle.board.grid()
    if moves_needed(grid) <= puzzle.n:
        yield from walk(grid, puzzle.n)
