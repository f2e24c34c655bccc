"""The link engines by name; each is imported only when asked for."""

from __future__ import annotations

from graphsearch._engines import load

__all__ = ["ENGINES", "get_engine"]

# name -> module whose ``solve_case(case, *, outside, max_turns)`` returns a list of Link
ENGINES = {
    "scan": "graphsearch.llk.scan",
    "graph": "graphsearch.llk.graph",
    "dfs": "graphsearch.llk.dfs",
}


def get_engine(name: str):
    """The ``solve_case`` function of the named engine."""
    return load(ENGINES, name, "solve_case")
