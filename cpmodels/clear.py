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

Before the model is built the board goes through the pairing search's own presolve (sound
reductions: committed pairs and self-clearing types go at once; options ruled out one step
ahead are dropped; types left with one option are committed), so the model sees only the
kernel.  The search then looks for a clearing to hint the model with: a short dive, and if
that fails the search itself, stopped after ``HINT_BRANCHINGS`` branchings (node budgets,
so deterministic); a position that bounded search proves dead is answered ``NO`` at once,
like one the look-ahead rules out.  A solution's pairing is decoded by committing it and
playing each pair as soon as it links, then replayed through the rules.  One worker, so
that the same board gives the same clearing every run.

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
from graphsearch.deadline import Deadline
from graphsearch.errors import InvalidInputError, SearchTimeout
from graphsearch.llk.game import ClearMove, replay_steps
from graphsearch.llk.grid import as_board
from graphsearch.llk.pairing import PairingNode, PairingSearch
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
    """The model of a presolved position (see the module's notes)."""

    def __init__(self, search: PairingSearch, node: PairingNode) -> None:
        from ortools.sat.python import cp_model

        self.search, self.node = search, node
        model = self.model = cp_model.CpModel()
        present = [t for t in range(len(search.cells)) if node.occ & search.bits[t]]
        rounds = len(present) // 2
        self.level = {t: model.new_int_var(0, rounds - 1, f"level{t}") for t in present}
        self.x: dict[int, Literal] = {}
        candidates = list(node.pending)
        for tiles in node.open.values():
            candidates += [p for p in search.group(tiles) if search.masks[p]]
        covering: dict[int, list[Literal]] = {t: [] for t in present}
        self.before: dict[tuple[int, int], Literal] = {}
        self.uses: list[tuple[Literal, int, list[int]]] = []  # literal, tile, tiles on path
        for p in candidates:
            if search.deadline.passed():  # a large model takes a while to build
                raise SearchTimeout("the CP-SAT model was still being built", search.stats)
            t, u = search.pair_tiles[p]
            x = model.new_constant(1) if p in node.pending else model.new_bool_var(f"x{p}")
            self.x[p] = x
            covering[t].append(x)
            covering[u].append(x)
            model.add(self.level[t] == self.level[u]).only_enforce_if(x)
            ways: list[Literal] = []
            for i, mask in enumerate(search.masks[p]):
                on = mask & node.occ
                if not on:
                    ways = []  # it links now
                    break
                use = model.new_bool_var(f"use{p}_{i}")
                on_path = _tiles_on(on)
                model.add_bool_and([self._before(w, t) for w in on_path]).only_enforce_if(use)
                self.uses.append((use, t, on_path))
                ways.append(use)
            else:
                model.add_bool_or([*ways, x.Not()])
        for xs in covering.values():
            model.add_exactly_one(xs)

    def _before(self, w: int, t: int) -> Literal:
        lit = self.before.get((w, t))
        if lit is None:
            lit = self.model.new_bool_var(f"before{w}_{t}")
            self.model.add(self.level[w] < self.level[t]).only_enforce_if(lit)
            self.before[w, t] = lit
        return lit

    def hint(self, moves: Sequence[ClearMove]) -> None:
        """Hint a clearing of the position (its pairs, a round per move)."""
        search = self.search
        tile_of = {search.pos.cell(c): t for t, c in enumerate(search.cells)}
        played = set()
        hints: list[tuple[Any, int]] = []
        for i, move in enumerate(moves):
            t, u = tile_of[move.a], tile_of[move.b]
            p = search.pair_id[min(t, u), max(t, u)]
            played.add(p)
            hints += [(self.level[t], i), (self.level[u], i)]
        for p, x in self.x.items():
            if p not in self.node.pending:
                hints.append((x, p in played))
        rounds = {t: i for i, move in enumerate(moves) for t in (tile_of[move.a], tile_of[move.b])}
        for (w, t), lit in self.before.items():
            hints.append((lit, rounds[w] < rounds[t]))
        for use, t, on_path in self.uses:
            hints.append((use, all(rounds[w] < rounds[t] for w in on_path)))
        # what add_hint does, for some 15,000 variables at once
        hint = self.model.proto.solution_hint
        hint.vars.extend(var.index for var, _ in hints)
        hint.values.extend(int(value) for _, value in hints)

    def chosen(self, solver: cp_model.CpSolver) -> list[int]:
        return [p for p, x in self.x.items() if solver.boolean_value(x)]


def _tiles_on(mask: int) -> list[int]:
    """The tiles of a path mask (bit t for tile t)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def solve(
    board: object,
    rules: ClearRules | None = None,
    *,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    time_limit: float | None = None,
    presolve: bool = True,
) -> ClearResult:
    """A clearing of the whole board, or None when no order of moves clears it.  Raises
    SearchTimeout when ``time_limit`` runs out first; InvalidInputError with gravity or
    more than two turns (the model rests on removals never closing a path).
    ``presolve=False`` hands the whole board to the model (for testing the model).  The
    rules as in ``clearing.solve``."""
    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    outside, max_turns, gravity = rules.outside, rules.max_turns, rules.gravity
    if gravity != "none":
        raise InvalidInputError("the cpsat engine plays without gravity (use --engine search)")
    if max_turns > 2:
        raise InvalidInputError("the cpsat engine links with at most 2 turns")
    tiles = as_board(board)
    deadline = Deadline(time_limit, every=1)
    stats = ClearStats()
    pos = Position(tiles, outside=outside)
    if any(len(cells) % 2 for cells in pos.tiles):
        return _result(None, stats, deadline)
    search = PairingSearch(pos, max_turns, deadline, stats)
    moves: list[ClearMove] = []
    node = search.root.copy()
    if presolve:
        search.close(node, moves)
    if node.occ and presolve:
        node, options = search.look_ahead(node, moves, [])
        if options is None:
            return _result(None, stats, deadline)
    if node.occ:
        hint = None
        if presolve:
            hint = search.quick(node)
            if hint is None:
                status, clearing = search.bounded(node, HINT_BRANCHINGS)
                if status == Status.EXHAUSTED:
                    return _result(None, stats, deadline)
                hint = clearing if status == Status.FOUND else None
        model = ClearModel(search, node)
        if hint is not None:
            model.hint(hint)
        dtime = MODEL_DTIME if presolve else None  # the model alone runs to the limit
        status, pairing = _solve_model(model, deadline, stats, hint is not None, dtime)
        if status == Status.OUT_OF_NODES:
            return _searched(tiles, rules, deadline, stats)
        if status == Status.EXHAUSTED:
            return _result(None, stats, deadline)
        node = node.copy()
        node.pending, node.open = pairing, {}
        search.close(node, moves)
        if node.occ:
            raise RuntimeError("the model's pairing does not clear the board")
    _check(tiles, moves, rules)
    return _result(moves, stats, deadline)


def _solve_model(
    model: ClearModel,
    deadline: Deadline,
    stats: ClearStats,
    hinted: bool = False,
    dtime: float | None = None,
) -> tuple[Status, list[int]]:
    """Solve on one worker: (``FOUND``, the pairs chosen), (``EXHAUSTED``, []) when the
    model has no solution, (``OUT_OF_NODES``, []) when it used up ``dtime`` of
    deterministic time; SearchTimeout when the clock runs out.  With a complete hint
    CP-SAT's presolve is skipped: on a 16 x 9 kernel it takes some 8 s, and the first
    descent follows the hint to a solution in 0.3 s without it."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    if hinted:
        solver.parameters.cp_model_presolve = False
    if dtime is not None:
        solver.parameters.max_deterministic_time = dtime
    left = deadline.left()
    if left is not None:
        solver.parameters.max_time_in_seconds = left
    status = run_solver(solver, model.model)
    stats.nodes += int(solver.num_branches)
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Status.FOUND, model.chosen(solver)
    if status == cp_model.INFEASIBLE:
        return Status.EXHAUSTED, []
    stats.seconds = round(deadline.elapsed(), 6)
    if dtime is not None and solver.deterministic_time >= dtime and not deadline.passed():
        return Status.OUT_OF_NODES, []
    raise SearchTimeout("the CP-SAT model was undecided", stats)


def _searched(tiles: Any, rules: ClearRules, deadline: Deadline, stats: ClearStats) -> ClearResult:
    """The board decided by the exact search, its work added to ``stats``."""
    from graphsearch.llk.clearing import solve as search

    try:
        result = search(tiles, rules, time_limit=deadline.left())
    except SearchTimeout as timeout:
        _add(stats, timeout.stats)
        stats.seconds = round(deadline.elapsed(), 6)
        raise SearchTimeout("the CP-SAT model and the search were undecided", stats) from None
    _add(stats, result.stats)
    if result.moves is not None:
        _check(tiles, result.moves, rules)
    return _result(result.moves, stats, deadline, engine="search")


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
    deadline: Deadline,
    engine: str = "cpsat",
) -> ClearResult:
    """The result, named after the engine that decided the board: ``search`` when the
    model handed it over."""
    stats.seconds = round(deadline.elapsed(), 6)
    return ClearResult(None if moves is None else tuple(moves), engine, stats)
