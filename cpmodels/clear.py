"""An exact OR-Tools CP-SAT model of whole-board 连连看 without gravity (``solve clear
--engine cpsat``).

Without gravity a removal never closes a path, so a clearing is a *pairing* (which two
tiles of a type go together) and an order in which every pair's path is already empty.  No
board is unrolled over time:

* ``x[p]``, one per candidate pair of a type: every tile lies in exactly one chosen pair.
* ``level[t]``, one per tile: the round in which it goes; a chosen pair's two tiles share
  it.
* a chosen pair needs one of its paths of at most K turns (the minimal ones: a path whose
  cells include another's is left out), and a path is usable when every tile on it goes in
  an earlier round: ``use[p, path] -> before[w, t]`` for each tile w on it, and
  ``before[w, t] -> level[w] < level[t]`` (one literal per ordered tile pair, shared).

Exact: a clearing gives a solution (round = move number; the pair's own path is empty when
it is played).  A solution gives a clearing: play the rounds in order, a round's pairs in
any order; each chosen path holds only tiles of earlier rounds, all gone by then, and tiles
of the same round are on no chosen path of that round.

Before the model is built the board goes through the pairing search's own presolve
(``PairingSearch.kernel``: committed pairs and self-clearing types go at once; options
ruled out one step ahead are dropped; types left with one option are committed), so the
model sees only the kernel: the tiles left, their candidate pairs and the tiles on each
pair's paths.  The kernel comes with a hint when the pairing search found a clearing of it:
a short dive, and if that fails the search itself, stopped after ``HINT_BRANCHINGS``
branchings (node budgets, so deterministic); a kernel that bounded search proves dead is
answered ``NO`` at once, like one the look-ahead rules out.  A solution is played round by
round, then replayed through the rules.  One worker, so that the same board gives the same
clearing every run.

The model alone does not decide every board: on some 16 x 9 boards that the pairing search
also finds hard, CP-SAT runs for minutes.  After ``MODEL_DTIME`` of CP-SAT's deterministic
time (about seconds, the same on every run) the board goes to the exact search of
``--engine search`` (``graphsearch.llk.clearing``), which races the pairing search against a
depth-first search there: the engine decides what either decides.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cpmodels._solve import run_solver
from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError, SearchTimeout
from graphsearch.llk.game import ClearMove, replay_steps
from graphsearch.llk.gravity import NO_LINES
from graphsearch.llk.grid import as_board
from graphsearch.llk.link import Cell
from graphsearch.llk.pairing import Kernel, PairingSearch
from graphsearch.llk.position import Position
from graphsearch.llk.result import ClearResult, ClearStats, Status
from graphsearch.llk.rules import ClearRules

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["HINT_BRANCHINGS", "MODEL_DTIME", "ClearModel", "solve"]

# the branchings the pairing search may spend on a hint (or a proof) before the model runs
HINT_BRANCHINGS = 256
# CP-SAT's deterministic time for the model before the search takes the board over
MODEL_DTIME = 1.0

Literal = Any  # a CP-SAT literal


class ClearModel:
    """The model of a kernel (see the module's notes)."""

    def __init__(self, kernel: Kernel, budget: Budget, stats: ClearStats) -> None:
        from ortools.sat.python import cp_model

        model = self.model = cp_model.CpModel()
        self.tile = {cell: t for t, cell in enumerate(kernel.tiles)}
        rounds = len(kernel.tiles) // 2
        self.level = [model.new_int_var(0, rounds - 1, f"level{t}") for t in self.tile.values()]
        self.x: list[tuple[Literal, int, int, bool]] = []  # literal, its tiles, committed
        covering: list[list[Literal]] = [[] for _ in kernel.tiles]
        self.before: dict[tuple[int, int], Literal] = {}
        self.uses: list[tuple[Literal, int, list[int]]] = []  # literal, tile, tiles on path
        for i, pair in enumerate(kernel.pairs):
            # a large model takes a while to build
            budget.check(stats, "the CP-SAT model was still being built")
            t, u = self.tile[pair.a], self.tile[pair.b]
            x = model.new_constant(1) if pair.committed else model.new_bool_var(f"x{i}")
            self.x.append((x, t, u, pair.committed))
            covering[t].append(x)
            covering[u].append(x)
            model.add(self.level[t] == self.level[u]).only_enforce_if(x)
            ways: list[Literal] = []
            for j, path in enumerate(pair.paths):
                if not path:
                    ways = []  # it links now
                    break
                use = model.new_bool_var(f"use{i}_{j}")
                on_path = [self.tile[c] for c in path]
                model.add_bool_and([self._before(w, t) for w in on_path]).only_enforce_if(use)
                self.uses.append((use, t, on_path))
                ways.append(use)
            else:
                model.add_bool_or([*ways, x.Not()])
        for xs in covering:
            model.add_exactly_one(xs)

    def _before(self, w: int, t: int) -> Literal:
        lit = self.before.get((w, t))
        if lit is None:
            lit = self.model.new_bool_var(f"before{w}_{t}")
            self.model.add(self.level[w] < self.level[t]).only_enforce_if(lit)
            self.before[w, t] = lit
        return lit

    def hint(self, moves: Sequence[ClearMove]) -> None:
        """Hint a clearing of the kernel (its pairs, a round per move)."""
        rounds: dict[int, int] = {}
        for i, move in enumerate(moves):
            rounds[self.tile[move.a]] = rounds[self.tile[move.b]] = i
        played = {frozenset((self.tile[m.a], self.tile[m.b])) for m in moves}
        hints: list[tuple[Any, int]] = [(self.level[t], r) for t, r in rounds.items()]
        for x, t, u, committed in self.x:
            if not committed:
                hints.append((x, frozenset((t, u)) in played))
        for (w, t), lit in self.before.items():
            hints.append((lit, rounds[w] < rounds[t]))
        for use, t, on_path in self.uses:
            hints.append((use, all(rounds[w] < rounds[t] for w in on_path)))
        # what add_hint does, for some 15,000 variables at once
        hint = self.model.proto.solution_hint
        hint.vars.extend(var.index for var, _ in hints)
        hint.values.extend(int(value) for _, value in hints)

    def clearing(self, solver: cp_model.CpSolver, cells: Sequence[Cell]) -> list[ClearMove]:
        """A solution's pairs as moves, round by round: each pair's chosen path holds only
        tiles of earlier rounds (gone by then), and a round's pairs are on no chosen path
        of that round."""
        chosen = [
            (solver.value(self.level[t]), ClearMove.of(cells[t], cells[u]))
            for x, t, u, _ in self.x
            if solver.boolean_value(x)
        ]
        return [move for _, move in sorted(chosen, key=lambda item: item[0])]


def solve(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    budget: Budget | None = None,
    presolve: bool = True,
) -> ClearResult:
    """A clearing of the whole board, or None when no order of moves clears it.  Raises
    SearchTimeout when the time runs out first; InvalidInputError with gravity or more
    than two turns (the model rests on removals never closing a path).  The limits as in
    ``clearing.solve``: the model has its own deterministic budget, ``max_nodes`` counts
    the positions of the search it may hand the board to.  ``presolve=False`` hands the
    whole board to the model (for testing the model).  The rules as in
    ``clearing.solve``."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    if rules.mode.family != NO_LINES:
        raise InvalidInputError("the cpsat engine plays without gravity (use --engine search)")
    if rules.max_turns > 2:
        raise InvalidInputError("the cpsat engine links with at most 2 turns")
    tiles = as_board(board)
    budget = Budget.of(budget, time_limit, max_nodes)
    stats = ClearStats()
    budget.check(stats)  # a budget stopped before the search starts
    pos = Position(tiles, outside=rules.outside)
    if any(len(cells) % 2 for cells in pos.tiles):
        return _result(None, stats, budget)
    search = PairingSearch(pos, rules.max_turns, budget, stats)
    kernel = search.kernel(presolve, HINT_BRANCHINGS)
    if kernel.status == Status.EXHAUSTED:
        return _result(None, stats, budget)
    moves = list(kernel.moves)
    if kernel.status == Status.RUNNING:
        model = ClearModel(kernel, budget, stats)
        if kernel.hint is not None:
            model.hint(kernel.hint)
        dtime = MODEL_DTIME if presolve else None  # the model alone runs to the limit
        status, rest = _solve_model(model, kernel, budget, stats, kernel.hint is not None, dtime)
        if status == Status.OUT_OF_NODES:
            return _searched(tiles, rules, budget, stats)
        if status == Status.EXHAUSTED:
            return _result(None, stats, budget)
        moves += rest
    _check(tiles, moves, rules)
    return _result(moves, stats, budget)


def _solve_model(
    model: ClearModel,
    kernel: Kernel,
    budget: Budget,
    stats: ClearStats,
    hinted: bool = False,
    dtime: float | None = None,
) -> tuple[Status, list[ClearMove]]:
    """Solve on one worker: (``FOUND``, the kernel's clearing), (``EXHAUSTED``, []) when
    the model has no solution, (``OUT_OF_NODES``, []) when it used up ``dtime`` of
    deterministic time; SearchTimeout when the clock runs out or the budget is stopped.
    With a complete hint CP-SAT's presolve is skipped: on a 16 x 9 kernel it takes some
    8 s, and the first descent follows the hint to a solution in 0.3 s without it."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if hinted:
        solver.parameters.cp_model_presolve = False
    if dtime is not None:
        solver.parameters.max_deterministic_time = dtime
    left = budget.left()
    if left is not None:
        solver.parameters.max_time_in_seconds = left
    status = run_solver(solver, model.model, lambda: budget.stopped)
    stats.nodes += int(solver.num_branches)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Status.FOUND, model.clearing(solver, kernel.tiles)
    if status == cp_model.INFEASIBLE:
        return Status.EXHAUSTED, []
    stats.seconds = round(budget.elapsed(), 6)
    if budget.stopped:
        raise budget.timeout(stats, "the CP-SAT model was undecided")
    if dtime is not None and solver.deterministic_time >= dtime and not budget.passed():
        return Status.OUT_OF_NODES, []
    raise SearchTimeout("the CP-SAT model was undecided", stats)


def _searched(tiles: Any, rules: ClearRules, budget: Budget, stats: ClearStats) -> ClearResult:
    """The board decided by the exact search on what is left of the budget, its work
    added to ``stats``."""
    from graphsearch.llk.clearing import solve as search

    try:
        result = search(tiles, rules, budget=budget)
    except SearchTimeout as timeout:
        _add(stats, timeout.stats)
        stats.seconds = round(budget.elapsed(), 6)
        raise SearchTimeout(
            f"the CP-SAT model and the search were undecided ({timeout})", stats
        ) from None
    _add(stats, result.stats)
    if result.moves is not None:
        _check(tiles, result.moves, rules)
    return _result(result.moves, stats, budget, engine="search")


def _check(tiles: Any, moves: Sequence[ClearMove], rules: ClearRules) -> None:
    """Replay a clearing through the rules (IllegalClearMoveError if a move is illegal)."""
    for _ in replay_steps(tiles, moves, rules):
        pass


def _add(stats: ClearStats, more: Any) -> None:
    if isinstance(more, ClearStats):
        stats.nodes += more.nodes
        stats.table_hits += more.table_hits
        stats.forced += more.forced


def _result(
    moves: Sequence[ClearMove] | None,
    stats: ClearStats,
    budget: Budget,
    engine: str = "cpsat",
) -> ClearResult:
    """The result, named after the engine that decided the board: ``search`` when the
    model handed it over."""
    stats.seconds = round(budget.elapsed(), 6)
    return ClearResult(None if moves is None else tuple(moves), engine, stats)
