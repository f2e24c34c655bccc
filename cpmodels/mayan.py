"""An exact OR-Tools CP-SAT model of the Mayan puzzle, and a feasibility prefilter.

The exact model (``solve``) follows the board through a fixed schedule of
``L = n + floor(N / 3)`` layers for N blocks.  Each layer is one of

* a **move**: one of the moves the search expands (same set, same convention), allowed only
  on a stable board;
* a **removal round**: every block in a run of three or more vanishes and the blocks above
  fall, required exactly when the board holds a run;
* **idle**: nothing changes; only on a stable board, and once idle, idle to the end.

Why this is exact: a real solution makes n moves, and after each the board settles in some
rounds, each of which removes at least three blocks, so all rounds together number at most
floor(N / 3); the n moves, the rounds in order, then idle layers fill the schedule exactly.
Conversely the constraints of each layer are the rules (a move only on a stable board, a
round exactly when there is a run, gravity by per-column ranks of the surviving blocks), so
every model solution, read layer by layer, is a legal play ending in an empty board.

The moves are ranked in answer order (x, then y, right before left); the lexicographically
smallest solution minimises the ranks of the first move, then the second, ...: one weighted
objective while the weights fit in 53 bits, else one solve per move with the earlier moves
fixed.  The decoded moves are replayed through the rule simulator before they are returned.

``prefilter`` is a relaxation over the blocks alone, proving "no solution" without a search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cpmodels._solve import run_solver
from graphsearch.deadline import Deadline
from graphsearch.errors import SearchTimeout
from graphsearch.mayan.board import HEIGHT, WIDTH, Move, Puzzle
from graphsearch.mayan.result import MayanResult, SearchStats
from graphsearch.mayan.rules import is_solution

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["MOVES", "MayanModel", "ModelUndecided", "build", "prefilter", "solve"]

Cell = tuple[int, int]
Literal = Any  # a CP-SAT literal: a BoolVar or its negation

CELLS = [(x, y) for x in range(WIDTH) for y in range(HEIGHT)]


def _lines() -> list[tuple[Cell, Cell, Cell]]:
    """Every line of three cells, horizontal and vertical."""
    lines = []
    for x, y in CELLS:
        if x + 2 < WIDTH:
            lines.append(((x, y), (x + 1, y), (x + 2, y)))
        if y + 2 < HEIGHT:
            lines.append(((x, y), (x, y + 1), (x, y + 2)))
    return lines


LINES = _lines()
# candidate moves in answer order; left moves into an occupied cell are never expanded
MOVES = sorted(
    (Move(x, y, g) for x, y in CELLS for g in (1, -1) if 0 <= x + g < WIDTH),
    key=lambda m: m.sort_key,
)


class ModelUndecided(SearchTimeout):
    """The time limit passed before CP-SAT proved an answer."""


@dataclass
class MayanModel:
    """A built model and the variables needed to decode it."""

    model: cp_model.CpModel
    n: int
    layers: int
    choice: dict[tuple[int, int], cp_model.IntVar]  # (j, m): the j-th move is MOVES[m]
    rank_of_move: list[cp_model.LinearExprT]  # j -> the rank of the j-th move


def build(
    puzzle: Puzzle, *, same_color_swaps: bool = True, deadline: Deadline | None = None
) -> MayanModel:
    """Variables and constraints of the exact model; ModelUndecided when ``deadline``
    passes while it is built (a large n makes a large model)."""
    return _Builder(puzzle, same_color_swaps, deadline or Deadline(None)).build()


State = dict[Cell, tuple[Any, dict[int, Any]]]  # cell -> (color variable, {kind: literal})


class _Builder:
    """Adds the model's variables and constraints, one part of a layer at a time."""

    def __init__(self, puzzle: Puzzle, same_color_swaps: bool, deadline: Deadline) -> None:
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        self.model = cp_model.CpModel()
        self.puzzle = puzzle
        self.same_color_swaps = same_color_swaps
        self.deadline = deadline
        board = puzzle.board
        self.colors = sorted({c for column in board.columns for c in column})
        self.kinds = range(len(self.colors) + 1)  # colors renumbered 1..C, 0 empty
        self.layers = puzzle.n + board.blocks // 3
        self.states: list[State] = []
        for t in range(self.layers + 1):
            self._check_clock()
            self.states.append(self._state(t))

    def _check_clock(self) -> None:
        if self.deadline.passed():
            raise ModelUndecided(
                "the time limit ran out while the CP-SAT model was built",
                SearchStats(seconds=round(self.deadline.elapsed(), 6)),
            )

    # --- cells -------------------------------------------------------------------------

    def _state(self, t: int) -> State:
        """cell -> (int color, {kind: bool}) after t layers; blocks never float."""
        model = self.model
        state: State = {}
        for x, y in CELLS:
            color = model.new_int_var(0, len(self.colors), f"c[{t},{x},{y}]")
            onehot = {k: model.new_bool_var(f"b[{t},{x},{y},{k}]") for k in self.kinds}
            model.add_exactly_one(onehot.values())
            model.add(color == sum(k * v for k, v in onehot.items()))
            state[x, y] = (color, onehot)
        for x in range(WIDTH):
            for y in range(HEIGHT - 1):  # an empty cell has only empty cells above it
                model.add_implication(state[x, y][1][0], state[x, y + 1][1][0])
        if t > 0:  # redundant: a color with one or two blocks left can never vanish
            domain = self.cp_model.Domain.from_intervals([[0, 0], [3, len(CELLS)]])
            for k in self.kinds[1:]:
                count = sum(state[cell][1][k] for cell in CELLS)
                model.add_linear_expression_in_domain(count, domain)
        return state

    def color(self, t: int, cell: Cell) -> Any:
        return self.states[t][cell][0]

    def empty(self, t: int, cell: Cell) -> Any:
        return self.states[t][cell][1][0]

    def same(self, t: int, new_cell: Cell, old_cell: Cell, when: Sequence[Literal]) -> None:
        """Under the literals ``when``: new_cell after layer t holds old_cell's color."""
        self.model.add(self.color(t + 1, new_cell) == self.color(t, old_cell)).only_enforce_if(when)

    def cleared(self, t: int, cell: Cell, when: Sequence[Literal]) -> None:
        self.model.add(self.color(t + 1, cell) == 0).only_enforce_if(when)

    # --- the whole model ---------------------------------------------------------------

    def build(self) -> MayanModel:
        model = self.model
        k_of = {c: i + 1 for i, c in enumerate(self.colors)}
        for cell in CELLS:
            model.add(self.color(0, cell) == k_of.get(self.puzzle.board[cell], 0))
            model.add(self.color(self.layers, cell) == 0)
        is_move: list[Any] = []
        is_idle: list[Any] = []
        selected: list[dict[int, Any]] = []
        for t in range(self.layers):
            self._check_clock()
            mv = model.new_bool_var(f"move[{t}]")
            rm = model.new_bool_var(f"round[{t}]")
            idle = model.new_bool_var(f"idle[{t}]")
            model.add_exactly_one([mv, rm, idle])
            has_run, marks = self._runs(t)
            model.add(rm == has_run)  # a round exactly when there is a run
            if is_idle:  # once idle, idle to the end
                model.add_implication(is_idle[-1], idle)
            for cell in CELLS:
                self.same(t, cell, cell, [idle])
            self._round(t, rm, marks)
            selected.append(self._moves(t, mv))
            is_move.append(mv)
            is_idle.append(idle)
        model.add(sum(is_move) == self.puzzle.n)
        choice, rank_of_move = self._move_order(is_move, selected)
        return MayanModel(model, self.puzzle.n, self.layers, choice, rank_of_move)

    # --- runs and removal rounds -------------------------------------------------------

    def _runs(self, t: int) -> tuple[Any, dict[Cell, list[Any]]]:
        """A literal for "the board after t layers holds a run", and per cell the runs
        through it (one literal per line of three and color)."""
        model = self.model
        marks: dict[Cell, list[Any]] = {cell: [] for cell in CELLS}
        runs = []
        for li, line in enumerate(LINES):
            for k in self.kinds[1:]:
                run = model.new_bool_var(f"run[{t},{li},{k}]")
                cells = [self.states[t][cell][1][k] for cell in line]
                model.add_bool_and(cells).only_enforce_if(run)
                model.add_bool_or([c.Not() for c in cells] + [run])
                runs.append(run)
                for cell in line:
                    marks[cell].append(run)
        has_run = model.new_bool_var(f"unstable[{t}]")
        model.add_max_equality(has_run, runs)
        return has_run, marks

    def _round(self, t: int, rm: Literal, marks: dict[Cell, list[Any]]) -> None:
        """Under ``rm``: marked blocks vanish, each survivor falls to its rank in its column."""
        model = self.model
        for x in range(WIDTH):
            keep = []
            for y in range(HEIGHT):
                cell = (x, y)
                marked = model.new_bool_var(f"marked[{t},{x},{y}]")
                model.add_max_equality(marked, marks[cell])
                kept = model.new_bool_var(f"keep[{t},{x},{y}]")  # occupied and not marked
                model.add_bool_and([self.empty(t, cell).Not(), marked.Not()]).only_enforce_if(kept)
                model.add_bool_or([self.empty(t, cell), marked, kept])
                keep.append(kept)
            for y in range(HEIGHT):
                rank = sum(keep[:y])  # survivors below y: where block y lands
                landed = []
                for h in range(y + 1):
                    land = model.new_bool_var(f"land[{t},{x},{y},{h}]")
                    model.add(rank == h).only_enforce_if(land)
                    model.add_implication(land, keep[y])
                    landed.append(land)
                    self.same(t, (x, h), (x, y), [rm, land])
                model.add_bool_or(landed).only_enforce_if(keep[y])
            survivors = sum(keep)
            for h in range(HEIGHT):  # cells at or above the survivors' count are empty
                above = model.new_bool_var(f"above[{t},{x},{h}]")
                model.add(survivors <= h).only_enforce_if(above)
                model.add(survivors >= h + 1).only_enforce_if(above.Not())
                self.cleared(t, (x, h), [rm, above])

    # --- moves ---------------------------------------------------------------------------

    def _moves(self, t: int, mv: Literal) -> dict[int, Any]:
        """Under ``mv``: exactly one move of MOVES; returns its selection literals."""
        model = self.model
        selected = {}
        touches: dict[int, list[Any]] = {x: [] for x in range(WIDTH)}
        for mi, move in enumerate(MOVES):
            s = model.new_bool_var(f"sel[{t},{mi}]")
            self._move(t, mi, move, s)
            selected[mi] = s
            touches[move.x].append(s)
            touches[move.x + move.g].append(s)
        model.add(sum(selected.values()) == mv)
        for x in range(WIDTH):  # a column no move touches stays as it is
            untouched = model.new_bool_var(f"untouched[{t},{x}]")
            model.add(sum(touches[x]) == 0).only_enforce_if(untouched)
            model.add_bool_or([*touches[x], untouched])
            for y in range(HEIGHT):
                self.same(t, (x, y), (x, y), [mv, untouched])
        return selected

    def _move(self, t: int, mi: int, move: Move, s: Literal) -> None:
        """The effect of one move under its selection literal ``s``."""
        model, empty = self.model, self.empty
        x, y, g = move.x, move.y, move.g
        src, dst = (x, y), (x + g, y)
        model.add_implication(s, empty(t, src).Not())
        if g == -1:  # only into an empty cell: a left swap is the right move of the neighbour
            model.add_implication(s, empty(t, dst))
        if not self.same_color_swaps:
            model.add(self.color(t, src) != self.color(t, dst)).only_enforce_if(s)
        swap = model.new_bool_var(f"swap[{t},{mi}]")
        fall = model.new_bool_var(f"fall[{t},{mi}]")
        model.add(swap + fall == s)
        model.add_implication(swap, empty(t, dst).Not())
        model.add_implication(fall, empty(t, dst))
        # a swap: the two cells trade colors, the rest of both columns stays
        self.same(t, src, dst, [swap])
        self.same(t, dst, src, [swap])
        for yy in range(HEIGHT):
            if yy != y:
                self.same(t, (x, yy), (x, yy), [swap])
                self.same(t, (x + g, yy), (x + g, yy), [swap])
        # a fall: column x closes the gap, the block lands on top of column x + g
        for yy in range(HEIGHT):
            if yy < y:
                self.same(t, (x, yy), (x, yy), [fall])
            elif yy < HEIGHT - 1:
                self.same(t, (x, yy), (x, yy + 1), [fall])
            else:
                self.cleared(t, (x, yy), [fall])
        for h in range(HEIGHT):
            target = (x + g, h)
            if h > y:
                self.same(t, target, target, [fall])
                continue
            # the landing cell is the empty one with a block (or the floor) below it
            lands = model.new_bool_var(f"lands[{t},{mi},{h}]")
            floor = [] if h == 0 else [empty(t, (x + g, h - 1))]
            model.add_bool_and([*(f.Not() for f in floor), empty(t, target)]).only_enforce_if(lands)
            model.add_bool_or([lands, empty(t, target).Not(), *floor])
            self.same(t, target, src, [fall, lands])
            self.same(t, target, target, [fall, lands.Not()])

    def _move_order(
        self, is_move: list[Any], selected: list[dict[int, Any]]
    ) -> tuple[dict[tuple[int, int], Any], list[Any]]:
        """choice[j, m]: the j-th move is MOVES[m]; and the rank of each j-th move."""
        model = self.model
        count: list[Any] = [model.new_constant(0)]  # moves before each layer
        for mv in is_move:
            count.append(count[-1] + mv)
        choice = {}
        rank_of_move = []
        for j in range(self.puzzle.n):
            at = []  # at[t]: layer t holds the j-th move
            for t, mv in enumerate(is_move):
                here = model.new_bool_var(f"jth[{j},{t}]")
                model.add(count[t] == j).only_enforce_if(here)
                model.add_implication(here, mv)
                model.add(count[t] != j).only_enforce_if([mv, here.Not()])
                at.append(here)
            model.add_exactly_one(at)
            for mi in range(len(MOVES)):
                c = model.new_bool_var(f"choice[{j},{mi}]")
                for t in range(len(is_move)):
                    model.add_implication(c, selected[t][mi]).only_enforce_if(at[t])
                    model.add_implication(at[t], c).only_enforce_if(selected[t][mi])
                choice[j, mi] = c
            model.add_exactly_one(choice[j, mi] for mi in range(len(MOVES)))
            rank_of_move.append(sum(mi * choice[j, mi] for mi in range(len(MOVES))))
        return choice, rank_of_move


def solve(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    workers: int = 0,
) -> MayanResult:
    """The lexicographically smallest solution, proved by CP-SAT, replayed before returned.

    Raises ModelUndecided (a SearchTimeout) when ``time_limit`` runs out first, while the
    model is built or solved.
    """
    deadline = Deadline(time_limit, every=1)
    stats = SearchStats(solves=0, branches=0)
    if puzzle.board.is_empty():  # no move exists on an empty board
        return MayanResult(puzzle.n, None, "cpsat", stats)
    built = build(puzzle, same_color_swaps=same_color_swaps, deadline=deadline)
    stats.layers = built.layers
    base = len(MOVES)
    weighted = base**puzzle.n < 2**53
    if weighted:
        built.model.minimize(
            sum(base ** (puzzle.n - 1 - j) * r for j, r in enumerate(built.rank_of_move))
        )
    stats.objective = "weighted" if weighted else "one move at a time"
    stats.variables = len(built.model.proto.variables)
    stats.constraints = len(built.model.proto.constraints)
    if weighted:
        solver = _optimum(built, deadline, workers, stats)
        ranks = None if solver is None else [solver.value(r) for r in built.rank_of_move]
    else:
        ranks = _ranks_one_at_a_time(built, deadline, workers, stats)
    stats.seconds = round(deadline.elapsed(), 6)
    if ranks is None:
        return MayanResult(puzzle.n, None, "cpsat", stats)
    moves = tuple(MOVES[r] for r in ranks)
    if not is_solution(puzzle.board, puzzle.n, moves, same_color_swaps=same_color_swaps):
        raise AssertionError(f"the CP-SAT model decoded moves that do not replay: {moves}")
    return MayanResult(puzzle.n, moves, "cpsat", stats)


def _optimum(
    built: MayanModel, deadline: Deadline, workers: int, stats: SearchStats
) -> cp_model.CpSolver | None:
    """A solver holding the model's optimum, None when the model is infeasible."""
    from ortools.sat.python import cp_model

    solver = cp_model.CpSolver()
    if deadline.passed():
        raise ModelUndecided("the CP-SAT model was undecided", stats)
    left = deadline.left()
    if left is not None:
        solver.parameters.max_time_in_seconds = left
    if workers:
        solver.parameters.num_workers = workers
    status = run_solver(solver, built.model)
    stats.solves = (stats.solves or 0) + 1
    stats.branches = (stats.branches or 0) + solver.num_branches
    if status == cp_model.INFEASIBLE:
        return None
    if status != cp_model.OPTIMAL:
        raise ModelUndecided("the CP-SAT model was undecided", stats)
    return solver


def _ranks_one_at_a_time(
    built: MayanModel, deadline: Deadline, workers: int, stats: SearchStats
) -> list[int] | None:
    """The smallest rank of each move in turn, the earlier ones fixed (for weights past
    53 bits)."""
    ranks: list[int] = []
    for j in range(built.n):
        built.model.minimize(built.rank_of_move[j])
        solver = _optimum(built, deadline, workers, stats)
        if solver is None:
            return None
        ranks.append(solver.value(built.rank_of_move[j]))
        built.model.add(built.rank_of_move[j] == ranks[-1])
    return ranks


Block = tuple[int, int, int]  # column, row, color


def prefilter(puzzle: Puzzle, *, time_limit: float | None = 10.0, workers: int = 0) -> bool | None:
    """A relaxation over the blocks alone: False proves there is no solution.

    True means the relaxation is satisfiable (the board may or may not be solvable); None
    means CP-SAT did not decide within the time limit.  Each block gets the column X, row Y
    and round T at which it vanishes, constrained only by facts every real play obeys:

    * blocks change column only when dragged: at most two blocks shift by one column per
      move, at most one of each color, so the shifts add up to at most 2n (n per color),
      and at most 2n blocks ever leave their column;
    * no block ever rises (a swap keeps its row, a fall and gravity lower it): Y <= y;
    * every block vanishes in a run: two more of its color vanish in the same round, level
      beside it in three adjacent columns, or stacked with it in three adjacent rows;
    * two blocks that vanish in the same round stand in different cells;
    * blocks that never leave their column keep their order in it: a block still stands
      on every such block below it that vanishes in the same round or later, and one that
      vanishes no later than a block above it is below it then.
    """
    from ortools.sat.python import cp_model

    blocks = [
        (x, y, c) for x, column in enumerate(puzzle.board.columns) for y, c in enumerate(column)
    ]
    if not blocks:
        return False  # no move exists on an empty board
    relaxation = _Relaxation(blocks, puzzle.n)
    relaxation.shifts()
    relaxation.runs()
    relaxation.distinct_cells()
    relaxation.column_order()
    solver = cp_model.CpSolver()
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    if workers:
        solver.parameters.num_workers = workers
    status = run_solver(solver, relaxation.model)
    if status == cp_model.INFEASIBLE:
        return False
    if status in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        return True
    return None


class _Relaxation:
    """The prefilter's variables, and its constraints added one family at a time."""

    def __init__(self, blocks: list[Block], n: int) -> None:
        from ortools.sat.python import cp_model

        self.model = model = cp_model.CpModel()
        self.blocks = blocks
        self.n = n
        rounds = max(len(blocks) // 3, 1)
        self.X: list[Any] = []
        self.Y: list[Any] = []
        self.T: list[Any] = []
        self.moved: list[Any] = []
        self.shift: list[Any] = []
        for i, (x, y, _) in enumerate(blocks):
            self.X.append(model.new_int_var(max(0, x - n), min(WIDTH - 1, x + n), f"X[{i}]"))
            self.Y.append(model.new_int_var(0, y, f"Y[{i}]"))
            self.T.append(model.new_int_var(1, rounds, f"T[{i}]"))
            self.moved.append(model.new_bool_var(f"moved[{i}]"))
            self.shift.append(model.new_int_var(0, n, f"shift[{i}]"))

    def shifts(self) -> None:
        """At most 2n blocks leave their column; the shifts add up to 2n, n per color."""
        model, n = self.model, self.n
        for i, (x, _, _) in enumerate(self.blocks):
            model.add(self.X[i] == x).only_enforce_if(self.moved[i].Not())
            model.add_abs_equality(self.shift[i], self.X[i] - x)
            model.add(self.shift[i] <= n * self.moved[i])
        model.add(sum(self.moved) <= 2 * n)
        model.add(sum(self.shift) <= 2 * n)
        for color in {c for _, _, c in self.blocks}:
            model.add(sum(self.shift[i] for i, b in enumerate(self.blocks) if b[2] == color) <= n)

    def _near(self, i: int, j: int, axis: str, d: int) -> Any:
        """A literal: block j vanishes with block i, d columns over (row) or d rows up (col)."""
        model, X, Y, T = self.model, self.X, self.Y, self.T
        lit = model.new_bool_var(f"near[{i},{j},{axis},{d}]")
        model.add(T[j] == T[i]).only_enforce_if(lit)
        if axis == "row":
            model.add(Y[j] == Y[i]).only_enforce_if(lit)
            model.add(X[j] == X[i] + d).only_enforce_if(lit)
        else:
            model.add(X[j] == X[i]).only_enforce_if(lit)
            model.add(Y[j] == Y[i] + d).only_enforce_if(lit)
        return lit

    def runs(self) -> None:
        """Every block vanishes in a run of three of its color, level or stacked."""
        model = self.model
        for i, (_, _, ci) in enumerate(self.blocks):
            mates = [j for j, b in enumerate(self.blocks) if j != i and b[2] == ci]
            near = {
                (axis, d): [self._near(i, j, axis, d) for j in mates]
                for axis in ("row", "col")
                for d in (-2, -1, 1, 2)
            }
            runs = []
            for axis in ("row", "col"):
                for pair in ((-2, -1), (-1, 1), (1, 2)):
                    run = model.new_bool_var(f"run[{i},{axis},{pair}]")
                    for d in pair:
                        model.add_bool_or(near[axis, d]).only_enforce_if(run)
                    runs.append(run)
            model.add_bool_or(runs)

    def distinct_cells(self) -> None:
        """Two blocks that vanish in the same round stand in different cells."""
        model, X, Y, T = self.model, self.X, self.Y, self.T
        for i in range(len(self.blocks)):
            for j in range(i + 1, len(self.blocks)):
                together = model.new_bool_var(f"together[{i},{j}]")
                model.add(T[i] == T[j]).only_enforce_if(together)
                model.add(T[i] != T[j]).only_enforce_if(together.Not())
                other_col = model.new_bool_var(f"othercol[{i},{j}]")
                model.add(X[i] != X[j]).only_enforce_if(other_col)
                model.add(Y[i] != Y[j]).only_enforce_if([together, other_col.Not()])

    def column_order(self) -> None:
        """Blocks that stay in their column keep their order and stand on the ones below."""
        model, Y, T, moved = self.model, self.Y, self.T, self.moved
        for x in range(WIDTH):
            column = [i for i, b in enumerate(self.blocks) if b[0] == x]
            for lo_pos, i in enumerate(column):  # i below j
                for j in column[lo_pos + 1 :]:
                    stay = [moved[i].Not(), moved[j].Not()]
                    later = model.new_bool_var(f"later[{i},{j}]")  # i vanishes no earlier
                    model.add(T[i] >= T[j]).only_enforce_if(later)
                    model.add(T[i] < T[j]).only_enforce_if(later.Not())
                    model.add(Y[i] < Y[j]).only_enforce_if([*stay, later])
            for i in column:
                support = []
                for j in (j for j in column if self.blocks[j][1] < self.blocks[i][1]):
                    lit = model.new_bool_var(f"support[{i},{j}]")  # j still under i
                    model.add(T[j] >= T[i]).only_enforce_if(lit)
                    model.add(T[j] < T[i]).only_enforce_if(lit.Not())
                    both = model.new_bool_var(f"under[{i},{j}]")
                    model.add_bool_and([lit, moved[j].Not(), moved[i].Not()]).only_enforce_if(both)
                    model.add_bool_or([lit.Not(), moved[j], moved[i], both])
                    support.append(both)
                if support:
                    model.add(Y[i] >= sum(support))
