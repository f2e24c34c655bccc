"""The one model of each whole-board answer as JSON: what ``solve clear --format json``
prints for a case, and what a game's verdict and the server answer with.  Moves are
written as the judge writes them (``"x1 y1 x2 y2"``, 1-based), each with its turns and
the corner points of its path (through the ring as row or column 0 and n + 1)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from graphsearch.llk.game import ClearMove
    from graphsearch.llk.grid import Query
    from graphsearch.llk.link import Link
    from graphsearch.llk.rules import ClearRules

__all__ = ["case_json", "link_json", "moves_json"]


def moves_json(
    board: np.ndarray, moves: Sequence[ClearMove], rules: ClearRules
) -> list[dict[str, Any]]:
    """The moves replayed through the rules from the settled ``board``, as JSON."""
    from graphsearch.llk.game import replay

    return [
        {
            "move": step.move.to_text(),
            "turns": step.link.turns,
            "path": [[r + 1, c + 1] for r, c in step.link.path or ()],
        }
        for step in replay(board, moves, rules)
    ]


def case_json(
    board: np.ndarray,
    moves: Sequence[ClearMove] | None,
    rules: ClearRules,
    *,
    verdict: str | None = None,
    reason: str | None = None,
    stats: dict[str, Any] | None = None,
    **more: Any,
) -> dict[str, Any]:
    """One case's answer: ``verdict`` (``YES`` when there are moves, else ``NO``, or as
    given: ``UNDECIDED``), ``moves`` (None unless ``YES``), ``reason`` (why not), what
    ``more`` adds (a game's ``dead_since``), and the search's ``stats``."""
    rows, cols = board.shape
    if verdict is None:
        verdict = "YES" if moves is not None else "NO"
    out: dict[str, Any] = {
        "rows": int(rows),
        "cols": int(cols),
        "verdict": verdict,
        "moves": None if moves is None else moves_json(board, moves, rules),
        "reason": reason,
    }
    out.update(more)
    out["stats"] = stats or {}
    return out


def link_json(query: Query, link: Link) -> dict[str, Any]:
    """One link query's answer as ``solve llk --format json`` writes it: the query, whether
    it links, its turns, and the corner points of the path (1-based) or the reason."""
    entry: dict[str, Any] = {"query": query.to_text(), "linked": link.linked, "turns": link.turns}
    if link.path is not None:
        entry["path"] = [[r + 1, c + 1] for r, c in link.path]
    else:
        entry["reason"] = link.reason
    return entry
