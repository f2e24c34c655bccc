"""What a search may spend: one object that every search of the package takes."""

from __future__ import annotations

from array import array

from graphsearch.deadline import Deadline
from graphsearch.errors import InvalidInputError, SearchTimeout

__all__ = ["Budget"]


class Budget:
    """A search's limits, the same protocol for every search of the package: the Mayan
    engines (search, dfs, cpsat, the prefilter), counting and listing solutions, the
    makers, and the whole-board engines (the pairing search, the compiled move search, the
    CP-SAT model, the reference DFS); ``time_limit=`` stays their short form:

    * ``seconds`` of wall clock, and a stop flag that any thread may set (``stop``): when
      either runs out, the engine raises ``SearchTimeout`` (``check``), the library's one
      signal for a search that did not finish;
    * ``nodes``: the most work the engine may do, in its own unit, counted the same on
      every machine (Mayan: states expanded by the search and the counts, boards visited
      by the DFS, conflicts of CP-SAT; whole boards: positions for the move search and the
      DFS, branchings for the pairing search after its dives; the CP-SAT model has its own
      deterministic budget and hands the board to the move search, which counts).  Using
      them up is the status ``OUT_OF_NODES``, which the engines report as ``SearchTimeout`` too.

    The compiled search reads ``control`` (``[stop, cap]``) without the GIL, so a stop
    reaches it in the middle of a slice.  A budget is for one search at a time: its clock
    starts when it is made."""

    __slots__ = ("_children", "control", "deadline", "nodes")

    def __init__(self, seconds: float | None = None, nodes: int | None = None) -> None:
        if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int)):
            raise InvalidInputError(f"a node limit is a whole number, not {nodes!r}")
        if nodes is not None and nodes < 1:
            raise InvalidInputError(f"a node limit is at least 1, not {nodes}")
        self.deadline = Deadline(seconds)
        self.nodes = nodes
        self.control = array("q", [0, -1])
        self._children: list[Budget] = []

    @classmethod
    def of(
        cls, budget: Budget | None, seconds: float | None = None, nodes: int | None = None
    ) -> Budget:
        """``budget`` itself, or a new one of ``seconds`` and ``nodes`` (not both)."""
        if budget is None:
            return cls(seconds, nodes)
        if seconds is not None or nodes is not None:
            raise InvalidInputError("give a budget or a time limit and a node limit, not both")
        return budget

    def child(self, seconds: float | None = None, nodes: int | None = None) -> Budget:
        """A budget for one search of many that a caller runs under this one (a maker's
        candidates, a survey's boards): its own ``seconds`` (never past this budget's) and
        ``nodes``, and stopped whenever this one is."""
        left = self.left()
        if left is not None:
            seconds = left if seconds is None else min(seconds, left)
        child = Budget(seconds, nodes)
        self._children = [c for c in self._children if not c.stopped]  # keep it small
        self._children.append(child)
        if self.stopped:
            child.stop()
        return child

    def stop(self) -> None:
        """Stop the search (from any thread), and every child budget: each raises
        SearchTimeout at its next look."""
        self.control[0] = 1
        for child in list(self._children):
            child.stop()

    @property
    def stopped(self) -> bool:
        return bool(self.control[0])

    def poll_every(self, calls: int) -> None:
        """Read the clock only every ``calls`` calls of ``expired``."""
        self.deadline.every = max(1, calls)

    def passed(self) -> bool:
        """Whether the search must stop now: stopped, or the time is up (the clock read
        now)."""
        return bool(self.control[0]) or self.deadline.passed()

    def expired(self) -> bool:
        """``passed``, reading the clock only every ``poll_every`` calls."""
        return bool(self.control[0]) or self.deadline.expired()

    def check(self, stats: object = None, what: str = "the search had not finished") -> None:
        """Raise SearchTimeout (with the engine's ``stats``) when the search must stop."""
        if self.passed():
            raise self.timeout(stats, what)

    def timeout(
        self, stats: object = None, what: str = "the search had not finished"
    ) -> SearchTimeout:
        """The SearchTimeout a search that must stop raises: it says whether it was
        stopped."""
        if self.control[0]:
            return SearchTimeout(f"{what}: it was stopped", stats)
        return SearchTimeout(what, stats)

    def used_up(self, stats: object, unit: str) -> SearchTimeout:
        """The SearchTimeout a search raises once its ``nodes`` (counted in ``unit``) are
        used up."""
        return SearchTimeout(f"the search used up its {self.nodes} {unit}", stats)

    def left(self) -> float | None:
        """Seconds left (at least a millisecond), or None without a time limit."""
        return self.deadline.left()

    def elapsed(self) -> float:
        return self.deadline.elapsed()
