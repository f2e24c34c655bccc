"""An exact OR-Tools CP-SAT model of the Mayan puzzle, and a feasibility prefilter.

The exact model (``solve``) follows the board through n stages of ``R + 1`` layers each,
R the sum of floor(N_c / 3) over the colors, N_c blocks of color c.  Stage j starts from a
stable board (the first from the puzzle's, which holds no run) and is

* one **move**, the j-th: one of the moves the search expands (same set, same
  convention); then
* R **removal rounds**: every block in a run of three or more vanishes and the blocks above
  fall, when the board holds a run; when it holds none the round changes nothing.

The board after the R rounds is the next stage's start; the one after the last stage must
be empty.  R rounds always suffice: a round that changes the board removes at least three
blocks of some color, and color c can give three at most floor(N_c / 3) times.

Why this is exact: every real solution is a model solution (each of its moves and its
settling fits a stage, the rounds that remove nothing last), and conversely each layer's
clauses are the rules (a round removes exactly the runs, gravity places each surviving
block by the count of survivors below it), so a model solution is a legal play that
empties the board in n moves.

The model is pure clauses over one Boolean per (layer, cell, color or empty), written so
that unit propagation runs the rules forwards: once the moves up to a stage are chosen,
every cell up to the next move is fixed without a decision.  Two facts the search prunes
with are added as constraints at the start of every stage, both sound for every board, so
no solution is lost:

* the column-histogram bound (``graphsearch.mayan.bounds``): each color's histogram is
  within the moves still to make of one that runs can cover, and all colors together
  within twice that; it subsumes "a color with one or two blocks left is dead";
* the search's drag bound: for every drag a move could make, a literal says whether the
  board right after it passes the same bound with one move fewer, and the move needs it.
  A drag that fails has its literal forced false as soon as the stage's board is fixed,
  so a move that fails the bound is ruled out by propagation and never tried.

Both are pure clauses implied forwards, from the cells to the verdicts (a trie over each
color's reachable histograms, unary sums): a branch sets one path through them.

The lexicographically smallest answer comes from the order of the search, not from an
objective: CP-SAT branches only on ``choice[j, m]`` ("the j-th move is MOVES[m]"), j
first, m in answer order, true first, on one worker without presolve or symmetry
reasoning.  Every other value it sets before all moves are chosen is implied by the model
and the clauses it learned (both hold in every solution), so when it reaches a solution,
every smaller move at every decision was refuted under the moves before it: the first
solution is the smallest.
The decoded moves are replayed through the rule simulator before they are returned.

``prefilter`` is a relaxation over the blocks alone, proving "no solution" without a search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import TYPE_CHECKING, Any

from cpmodels._solve import run_solver
from graphsearch.budget import Budget
from graphsearch.deadline import Deadline
from graphsearch.errors import SearchTimeout
from graphsearch.mayan.board import HEIGHT, WIDTH, InvalidBoardError, Move, Puzzle
from graphsearch.mayan.bounds import distance_table
from graphsearch.mayan.result import MayanResult, SearchStats
from graphsearch.mayan.rules import is_solution

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = [
    "MOVES",
    "MayanModel",
    "ModelBuilder",
    "ModelUndecided",
    "build",
    "prefilter",
    "solve",
]

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
DRAGS = [(x, g) for x in range(WIDTH) for g in (1, -1) if 0 <= x + g < WIDTH]
_POW = [(HEIGHT + 1) ** x for x in range(WIDTH)]  # a histogram's index in the distance table
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
    choice: list[list[cp_model.IntVar]]  # choice[j][m]: the j-th move is MOVES[m]

    def moves(self, solver: cp_model.CpSolver) -> tuple[Move, ...]:
        """The moves of the solution the solver holds."""
        return tuple(
            next(MOVES[m] for m, c in enumerate(row) if solver.boolean_value(c))
            for row in self.choice
        )


@dataclass
class _Drags:
    """A stage's drag literals: ``fall[a, x, g]``, a block of color a (0-based) falls
    from column x into column x + g; ``swap[a, b, x]``, a block of color a at column x
    trades places with one of color b at column x + 1; ``still``, the board as it is
    passes with one move fewer (a same-color swap)."""

    fall: dict[tuple[int, int, int], Literal]
    swap: dict[tuple[int, int, int], Literal]
    still: Literal


class _AtLeast:
    """A value in -left..left - 1 known by literals: ``exactly[v]`` implies it is v, and
    that implies the literal of "v or more" (see ``at_least``)."""

    def __init__(self, left: int, new: Any) -> None:
        self.left = left
        self.exactly = {v: new("") for v in range(-left, left)}
        self._at_least = {v: new("") for v in range(-left + 1, left)}

    def order(self, clause: Any) -> None:
        """Link the two encodings: v or more when exactly v, or v + 1 or more."""
        for v, lit in self._at_least.items():
            clause(self.exactly[v].Not(), lit)
            if v + 1 in self._at_least:
                clause(self._at_least[v + 1].Not(), lit)

    def at_least(self, v: int) -> list[Literal] | None:
        """What a clause that fires on "v or more" holds for it: the literal's negation, no
        literal when that always holds, None when it never does."""
        if v >= self.left:
            return None
        return [self._at_least[v].Not()] if v > -self.left else []


@dataclass
class _Color:
    """A color's bound literals at a stage: ``distance[d]``, its histogram is d moves from
    one runs can cover; per drag, ``gain``, the distance after the drag minus ``d``, and
    ``short``, the distance after the drag is the moves left or more."""

    distance: list[Literal]
    gain: dict[tuple[int, int], _AtLeast]
    short: dict[tuple[int, int], Literal]


def build(
    puzzle: Puzzle, *, same_color_swaps: bool = True, deadline: Deadline | Budget | None = None
) -> MayanModel:
    """Variables and constraints of the exact model, its search order among them;
    ModelUndecided when ``deadline`` passes while it is built (a large n makes a large
    model)."""
    return ModelBuilder(puzzle, same_color_swaps, deadline or Deadline(None)).build()


# The most layers a model is built with (some 65 KB of CP-SAT's memory each): n = 10,000
# on a board of 30 blocks would take 110,000 layers and 7 GB.
MAX_LAYERS = 4000


class ModelBuilder:
    """Adds the model's variables and clauses, one part of a layer at a time.

    ``b[t][cell][k]``: after t layers the cell holds color k (1..C, the board's colors
    renumbered) or is empty (k = 0).  Layer ``j * stage`` is the j-th move, the ``stage -
    1`` layers after it its removal rounds.
    """

    def __init__(self, puzzle: Puzzle, same_color_swaps: bool, deadline: Deadline | Budget) -> None:
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        self.model = cp_model.CpModel()
        self.puzzle = puzzle
        self.n = puzzle.n
        self.same_color_swaps = same_color_swaps
        self.deadline = deadline
        board = puzzle.board
        self.colors = sorted({c for column in board.columns for c in column})
        # each color's blocks per column on the puzzle's board
        self.start = {c: tuple(column.count(c) for column in board.columns) for c in self.colors}
        self.kinds = range(len(self.colors) + 1)
        self.rounds = sum(sum(counts) // 3 for counts in self.start.values())
        self.stage = self.rounds + 1  # layers a move and its settling take
        self.layers = self.n * self.stage
        self.true = self.model.new_bool_var("true")
        self.model.add_bool_or([self.true])
        self.active: Literal = self.true  # the round being built binds (see _settle)
        self._reached: dict[int, list[set[tuple[int, ...]]]] = {}  # see histograms
        if self.layers > MAX_LAYERS:
            raise InvalidBoardError(
                f"the CP-SAT model takes a layer of cells per move and per removal round: "
                f"{self.layers} here, and it builds at most {MAX_LAYERS} (use --engine search)"
            )
        self.b = []
        for t in range(self.layers + 1):
            self._check_clock()
            self.b.append(self._state(t))

    def _check_clock(self) -> None:
        if self.deadline.passed():
            stopped = isinstance(self.deadline, Budget) and self.deadline.stopped
            raise ModelUndecided(
                "the search was stopped while the CP-SAT model was built"
                if stopped
                else "the time limit ran out while the CP-SAT model was built",
                SearchStats(seconds=round(self.deadline.elapsed(), 6)),
            )

    def clause(self, *literals: Literal) -> None:
        """A clause that defines a literal: it holds whether or not a round binds."""
        self.model.add_bool_or(literals)

    def rule(self, *literals: Literal) -> None:
        """A clause of the rules: it binds only when the round being built does."""
        if self.active is self.true:
            self.model.add_bool_or(literals)
        else:
            self.model.add_bool_or([*literals, self.active.Not()])

    def _state(self, t: int) -> dict[Cell, list[Literal]]:
        """The cells after t layers: one kind each, and only empty cells above an empty one."""
        model = self.model
        state = {}
        for x, y in CELLS:
            state[x, y] = [model.new_bool_var(f"b[{t},{x},{y},{k}]") for k in self.kinds]
            model.add_exactly_one(state[x, y])
        for x in range(WIDTH):
            for y in range(HEIGHT - 1):
                model.add_implication(state[x, y][0], state[x, y + 1][0])
        return state

    def copy(
        self, t: int, new: Cell, old: Cell, *when: Literal, kinds: range | None = None
    ) -> None:
        """Under the literals ``when``: ``new`` after layer t holds what ``old`` held before."""
        before, after = self.b[t][old], self.b[t + 1][new]
        for k in self.kinds if kinds is None else kinds:
            self.rule(*(w.Not() for w in when), before[k].Not(), after[k])

    # --- the whole model ---------------------------------------------------------------

    def build(self) -> MayanModel:
        model, b = self.model, self.b
        k_of = {c: i + 1 for i, c in enumerate(self.colors)}
        for cell in CELLS:
            self.clause(b[0][cell][k_of.get(self.puzzle.board[cell], 0)])
        self.choice = [
            [model.new_bool_var(f"choice[{j},{m}]") for m in range(len(MOVES))]
            for j in range(self.n)
        ]
        for row in self.choice:
            model.add_exactly_one(row)
        for j in range(self.n):
            self._check_clock()
            start = j * self.stage
            self._moves(start, self.choice[j], self._histogram_bound(start, j))
            if self.rounds:
                self._settle(start + 1, start + self.stage)
        for cell in CELLS:
            self.rule(b[self.layers][cell][0])
        order = [c for row in self.choice for c in row]
        model.add_decision_strategy(
            order, self.cp_model.CHOOSE_FIRST, self.cp_model.SELECT_MAX_VALUE
        )
        return MayanModel(model, self.n, self.layers, self.choice)

    def _settle(self, t: int, last: int) -> None:
        """The removal rounds from the board after t layers (at first the one right after a
        move's drag) to the one after ``last`` layers.  Once a board is stable it is
        copied straight to the end, and the later rounds' rules do not bind: their cells
        stay free and nothing is propagated through them (most moves remove nothing)."""
        self._check_clock()  # a round's clauses take some milliseconds to build
        model, b = self.model, self.b
        unstable, through = self._runs(t)
        for cell in CELLS:
            for k in self.kinds:
                self.rule(unstable, b[t][cell][k].Not(), b[last][cell][k])
        followed = self.active
        chain = model.new_bool_var(f"chain[{t}]")
        model.add_bool_and([followed, unstable]).only_enforce_if(chain)
        self.clause(followed.Not(), unstable.Not(), chain)
        self.active = chain
        self._round(t, unstable, through)
        if t + 1 < last:
            self._settle(t + 1, last)
        self.active = followed

    # --- runs and removal rounds -------------------------------------------------------

    def _runs(self, t: int) -> tuple[Literal, dict[Cell, list[Literal]]]:
        """A literal for "the board after t layers holds a run", and per cell the literals
        of the runs through it."""
        model, state = self.model, self.b[t]
        through: dict[Cell, list[Literal]] = {cell: [] for cell in CELLS}
        runs = []
        for li, line in enumerate(LINES):
            run = model.new_bool_var(f"run[{t},{li}]")  # three blocks of one color
            first, *others = (state[cell] for cell in line)
            model.add_implication(run, first[0].Not())
            for k in self.kinds[1:]:
                self.clause(first[k].Not(), *(other[k].Not() for other in others), run)
                for other in others:
                    self.clause(run.Not(), first[k].Not(), other[k])
            runs.append(run)
            for cell in line:
                through[cell].append(run)
        has_run = model.new_bool_var(f"unstable[{t}]")
        self._or(has_run, runs)
        return has_run, through

    def _or(self, target: Literal, literals: Sequence[Literal]) -> None:
        """target <-> any of literals."""
        self.clause(target.Not(), *literals)
        for lit in literals:
            self.model.add_implication(lit, target)

    def _round(self, t: int, rm: Literal, through: dict[Cell, list[Literal]]) -> None:
        """Under ``rm``: blocks in a run (marked) vanish; the survivors below a block,
        counted in unary (``below[y][h]``: h of the cells under y survive), say where it
        lands.  Its literals are defined only while the round binds (``rule``), so a round
        that does not bind leaves them free."""
        model, state, rule = self.model, self.b[t], self.rule
        for x in range(WIDTH):
            below: list[dict[int, Literal]] = [{0: self.true}]
            for y in range(HEIGHT):
                cell = (x, y)
                marked = model.new_bool_var(f"marked[{t},{x},{y}]")
                rule(marked.Not(), *through[cell])
                for run in through[cell]:
                    rule(run.Not(), marked)
                keep = model.new_bool_var(f"keep[{t},{x},{y}]")  # occupied and not marked
                rule(keep.Not(), state[cell][0].Not())
                rule(keep.Not(), marked.Not())
                rule(state[cell][0], marked, keep)
                for h, lit in below[y].items():
                    self.copy(t, (x, h), cell, rm, keep, lit, kinds=self.kinds[1:])
                nxt = {h: model.new_bool_var(f"below[{t},{x},{y + 1},{h}]") for h in range(y + 2)}
                for h, lit in below[y].items():
                    rule(lit.Not(), keep, nxt[h])
                    rule(lit.Not(), keep.Not(), nxt[h + 1])
                model.add_exactly_one(nxt.values())
                below.append(nxt)
            for h, lit in below[HEIGHT].items():  # at the survivors' count the column ends
                if h < HEIGHT:
                    self.rule(rm.Not(), lit.Not(), self.b[t + 1][x, h][0])

    # --- moves ---------------------------------------------------------------------------

    def _moves(self, t: int, selected: Sequence[Literal], drags: _Drags) -> None:
        """Exactly one move of MOVES (``selected`` says which) from the board after t
        layers."""
        model = self.model
        touches: dict[int, list[Literal]] = {x: [] for x in range(WIDTH)}
        for m, move in enumerate(MOVES):
            if m % 16 == 0:
                self._check_clock()
            self._move(t, move, selected[m], drags)
            touches[move.x].append(selected[m])
            touches[move.x + move.g].append(selected[m])
        for x in range(WIDTH):  # a column no move touches stays as it is
            touched = model.new_bool_var(f"touched[{t},{x}]")
            self._or(touched, touches[x])
            for y in range(HEIGHT):
                self.copy(t, (x, y), (x, y), touched.Not())

    def _move(self, t: int, move: Move, s: Literal, drags: _Drags) -> None:
        """The effect of one move under its selection literal ``s``: a swap when the target
        cell is occupied, else the block falls into the other column.  The dragged blocks'
        colors must pass the drag bound."""
        state = self.b[t]
        x, y, g = move.x, move.y, move.g
        src, dst = (x, y), (x + g, y)
        occupied = state[dst][0].Not()
        for a in self.kinds[1:]:  # the blocks dragged pass the drag bound
            self.rule(s.Not(), state[src][a].Not(), state[dst][0].Not(), drags.fall[a - 1, x, g])
            if g == 1:  # a same-color swap changes nothing: the board must pass as it is
                for b in self.kinds[1:]:
                    lits = (state[src][a].Not(), state[dst][b].Not())
                    fits = drags.swap[a - 1, b - 1, x] if a != b else drags.still
                    self.rule(s.Not(), *lits, fits)
        self.rule(s.Not(), state[src][0].Not())
        if g == -1:  # only into an empty cell: a left swap is the right move of the neighbour
            self.rule(s.Not(), state[dst][0])
        if not self.same_color_swaps:
            for k in self.kinds[1:]:
                self.rule(s.Not(), state[src][k].Not(), state[dst][k].Not())
        for h in range(y):  # below the moving block, both columns keep their blocks
            self.copy(t, (x, h), (x, h), s)
            self.copy(t, (x + g, h), (x + g, h), s, state[x + g, h][0].Not())
        for h in range(y + 1, HEIGHT):  # above it the target column keeps what it holds
            self.copy(t, (x + g, h), (x + g, h), s)
        if g == 1:  # a swap: the two cells trade, the source column above stays
            self.copy(t, src, dst, s, occupied)
            self.copy(t, dst, src, s, occupied)
            for h in range(y + 1, HEIGHT):
                self.copy(t, (x, h), (x, h), s, occupied)
        empty = state[dst][0]  # a fall: the source column closes the gap ...
        for h in range(y, HEIGHT - 1):
            self.copy(t, (x, h), (x, h + 1), s, empty)
        self.rule(s.Not(), empty.Not(), self.b[t + 1][x, HEIGHT - 1][0])
        for h in range(y + 1):  # ... and the block lands on the lowest empty cell
            floor = [state[x + g, h - 1][0].Not()] if h else []
            self.copy(t, (x + g, h), src, s, empty, state[x + g, h][0], *floor)
            if h:  # above an empty cell, a cell stays empty
                self.rule(s.Not(), state[x + g, h - 1][0].Not(), self.b[t + 1][x + g, h][0])

    # --- the search's bound ----------------------------------------------------------------

    def _histogram_bound(self, t: int, made: int) -> _Drags:
        """On the board after t layers, with ``made`` moves made: each color's histogram
        within ``left`` moves of one runs can cover, all colors together within twice that;
        and for every drag a move can make here, whether the board right after it passes
        the same bound with one move fewer (the search's drag bound).

        All of it is clauses implied forwards, from the cells to the verdicts: the cells of
        a stage's start are fixed before its move is chosen, so a drag that fails the
        bound is known before the move is tried, and the move is never tried.  A drag
        literal is only ever forced false (a drag that passes leaves it free).  The numbers
        are small and unary, so a conflict is explained by clauses alone; with integer
        variables and linear constraints a branch cost more than twice as much (1.4 ms
        against 0.6 ms on a dense board).
        """
        left = self.n - made
        colors = [self._look_up(t, k, made) for k in self.kinds[1:]]
        total = self._sum([color.distance for color in colors], 2 * left)
        # a drag fails when a color's distance after it (``after``) is ``left`` or more, or
        # when the total after it, total + (after - distance), is more than 2 (left - 1)
        drags = _Drags({}, {}, self.model.new_bool_var(""))
        for s in (2 * left - 1, 2 * left):
            if s in total:
                self.clause(total[s].Not(), drags.still.Not())
        for color in colors:
            self.clause(color.distance[left].Not(), drags.still.Not())
        for a, color in enumerate(colors):
            for drag in DRAGS:
                fall = drags.fall[(a, *drag)] = self.model.new_bool_var("")
                self.clause(color.short[drag].Not(), fall.Not())
                self._at_most(total, [color.gain[drag]], 2 * left - 2, fall)
        for (a, first), (b, second) in product(enumerate(colors), repeat=2):
            if a != b:
                for x in range(WIDTH - 1):
                    swap = drags.swap[a, b, x] = self.model.new_bool_var("")
                    self.clause(first.short[x, 1].Not(), swap.Not())
                    self.clause(second.short[x + 1, -1].Not(), swap.Not())
                    gains = [first.gain[x, 1], second.gain[x + 1, -1]]
                    self._at_most(total, gains, 2 * left - 2, swap)
        return drags

    def _look_up(self, t: int, k: int, made: int) -> _Color:
        """Color k's distance on the board after t layers and the change each drag makes
        to it (see ``_Color``); a histogram further than the moves left is ruled out.

        A trie over the histograms after ``made`` moves (``histograms``), column by
        column: a node's literal is implied when the columns so far hold its prefix, and a
        leaf's implies its values.  Nothing is implied backwards, and nothing needs to be
        (see ``_histogram_bound``): one path of nodes is set and every other stays free,
        where a table constraint would falsify each of its thousands of rows on every
        branch.
        """
        model, table, left = self.model, distance_table(), self.n - made
        counts = self._column_counts(t, k)
        new = model.new_bool_var
        color = _Color(
            [new("") for _ in range(left + 1)],
            {drag: _AtLeast(left, new) for drag in DRAGS},
            {drag: new("") for drag in DRAGS},
        )
        trie: dict[tuple[int, ...], Literal] = {}
        for histogram in sorted(self.histograms(self.colors[k - 1], made)):
            node = self.true
            for x in range(WIDTH):
                prefix = histogram[: x + 1]
                if prefix not in trie:
                    trie[prefix] = new("")
                    self.clause(node.Not(), counts[x][histogram[x]].Not(), trie[prefix])
                node = trie[prefix]
            code = sum(c * _POW[x] for x, c in enumerate(histogram))
            distance = table[code]
            if distance > left:
                self.clause(node.Not())
                continue
            model.add_implication(node, color.distance[distance])
            for x, g in DRAGS:
                after = left
                if histogram[x] and histogram[x + g] < HEIGHT:
                    after = table[code - _POW[x] + _POW[x + g]]
                if after >= left:
                    model.add_implication(node, color.short[x, g])
                else:
                    model.add_implication(node, color.gain[x, g].exactly[after - distance])
        for gain in color.gain.values():
            gain.order(self.clause)
        return color

    def _column_counts(self, t: int, k: int) -> list[dict[int, Literal]]:
        """Per column x, ``counts[x][h]``: the column holds h blocks of color k after t
        layers, counted up the column and implied forwards only."""
        model, state = self.model, self.b[t]
        counts = []
        for x in range(WIDTH):
            level = {0: self.true}  # the cells below row y hold h blocks of color k
            for y in range(HEIGHT):
                cell = state[x, y][k]
                up = {h: model.new_bool_var("") for h in range(y + 2)}
                for h, lit in level.items():
                    self.clause(lit.Not(), cell.Not(), up[h + 1])
                    self.clause(lit.Not(), cell, up[h])
                level = up
            counts.append(level)
        return counts

    def _sum(self, terms: list[list[Literal]], cap: int) -> dict[int, Literal]:
        """``total[s]``: the values of ``terms`` (each a list of literals, one per value)
        add up to s, implied forwards; a sum above ``cap`` is ruled out."""
        total = {0: self.true}
        for values in terms:
            nxt: dict[int, Literal] = {}
            for s, lit in total.items():
                for v, value in enumerate(values):
                    if s + v > cap:
                        self.clause(lit.Not(), value.Not())
                        continue
                    if s + v not in nxt:
                        nxt[s + v] = self.model.new_bool_var("")
                    self.clause(lit.Not(), value.Not(), nxt[s + v])
            total = nxt
        return total

    def _at_most(
        self, total: dict[int, Literal], gains: list[_AtLeast], cap: int, passes: Literal
    ) -> None:
        """``passes`` is false when the total and the gains (one or two) add up to more
        than ``cap``: for each total s and each value v the first of two gains reaches, a
        clause fires when the last gain reaches the rest."""
        firsts: list[tuple[int, list[Literal] | None]] = [(0, [])]
        if len(gains) == 2:
            firsts = [(v, gains[0].at_least(v)) for v in range(-gains[0].left, gains[0].left)]
        for s, lit in total.items():
            for v, first in firsts:
                rest = gains[-1].at_least(cap + 1 - s - v)
                if first is not None and rest is not None:
                    self.clause(lit.Not(), *first, *rest, passes.Not())

    def histograms(self, color: int, made: int) -> set[tuple[int, ...]]:
        """Every histogram the color can have after ``made`` moves, and some more.

        A move drags at most one block of each color one column over, and blocks only
        vanish otherwise, so the histogram is at most (column by column) one reached from
        the puzzle's by ``made`` single-column steps of one block.  And blocks of a color
        vanish in runs, three or more at a time, so never just one or two of them.
        """
        if color not in self._reached:
            start = self.start[color]
            reached = set(product(*(range(c + 1) for c in start)))
            levels = [set(reached)]
            for _ in range(self.n - 1):
                for h in list(reached):
                    for x, g in DRAGS:
                        if h[x]:
                            step = list(h)
                            step[x] -= 1
                            step[x + g] += 1
                            reached.add(tuple(step))
                levels.append(set(reached))
            blocks = sum(start)
            self._reached[color] = [
                {h for h in level if max(h) <= HEIGHT and not 0 < blocks - sum(h) < 3}
                for level in levels
            ]
        return self._reached[color][made]


def solve(
    puzzle: Puzzle,
    *,
    same_color_swaps: bool = True,
    time_limit: float | None = None,
    workers: int = 0,
    budget: Budget | None = None,
) -> MayanResult:
    """The lexicographically smallest solution, proved by CP-SAT, replayed before returned.

    Raises ModelUndecided (a SearchTimeout) when the ``budget`` (or ``time_limit``, its
    short form) runs out first or is stopped from another thread, while the model is built
    or solved; the budget's node limit caps CP-SAT's conflicts.  ``workers`` is accepted
    for the prefilter's signature; the ordered search runs on one worker, which is what
    makes its first solution the smallest.
    """
    deadline = Budget.of(budget, time_limit)
    deadline.poll_every(1)
    stats = SearchStats(solves=0, branches=0, objective="first solution of the ordered search")
    moves = _smallest(puzzle, same_color_swaps, deadline, stats)
    stats.seconds = round(deadline.elapsed(), 6)
    if moves is not None and not is_solution(
        puzzle.board, puzzle.n, moves, same_color_swaps=same_color_swaps
    ):
        raise AssertionError(f"the CP-SAT model decoded moves that do not replay: {moves}")
    return MayanResult(puzzle.n, moves, "cpsat", stats)


def _smallest(
    puzzle: Puzzle, same_color_swaps: bool, deadline: Budget, stats: SearchStats
) -> tuple[Move, ...] | None:
    """The model's first solution, the smallest (see the module docstring), or None."""
    from ortools.sat.python import cp_model

    if puzzle.board.is_empty():  # no move exists on an empty board
        return None
    built = build(puzzle, same_color_swaps=same_color_swaps, deadline=deadline)
    stats.layers = built.layers
    stats.variables = len(built.model.proto.variables)
    stats.constraints = len(built.model.proto.constraints)
    solver = cp_model.CpSolver()
    params = solver.parameters
    # One worker searching in the model's order, with nothing that could drop a solution
    # (presolve, symmetry) and nothing that re-walks the tree from the root (inprocessing,
    # probing): the first solution is then the smallest, as the module docstring argues.
    params.num_workers = 1
    params.search_branching = cp_model.FIXED_SEARCH
    params.cp_model_presolve = False
    params.symmetry_level = 0
    params.cp_model_probing_level = 0
    params.use_sat_inprocessing = False
    params.inprocessing_dtime_ratio = 0.0
    params.linearization_level = 0
    left = deadline.left()
    if left is not None:
        if left <= 0:
            raise ModelUndecided("the CP-SAT model was undecided", stats)
        params.max_time_in_seconds = left
    if deadline.nodes is not None:
        params.max_number_of_conflicts = deadline.nodes
    status = run_solver(solver, built.model, lambda: deadline.stopped)
    stats.solves = 1
    stats.branches = solver.num_branches
    if status == cp_model.INFEASIBLE:
        return None
    if status not in (cp_model.FEASIBLE, cp_model.OPTIMAL):
        why = "stopped" if deadline.stopped else "undecided"
        raise ModelUndecided(f"the CP-SAT model was {why}", stats)
    return built.moves(solver)


Block = tuple[int, int, int]  # column, row, color


def prefilter(
    puzzle: Puzzle,
    *,
    time_limit: float | None = 10.0,
    workers: int = 0,
    budget: Budget | None = None,
) -> bool | None:
    """A relaxation over the blocks alone: False proves there is no solution.

    True means the relaxation is satisfiable (the board may or may not be solvable); None
    means CP-SAT did not decide within the time limit (or ``budget`` was stopped from
    another thread).  Each block gets the column X, row Y
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
    stopped = None if budget is None else (lambda: budget.stopped)
    status = run_solver(solver, relaxation.model, stopped)
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
