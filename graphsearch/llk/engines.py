"""The link engines by name; each is imported only when asked for."""

from __future__ import annotations

from importlib import import_module

__all__ = ["ENGINES", "get_engine"]

# name -> module whose ``solve_case(case, *, outside, max_turns)`` returns a list of Link
ENGINES = {
    "scan": "graphsearch.llk.scan",
    "graph": "graphsearch.llk.graph",
    "dfs": "graphsearch.llk.dfs",
}


def get_engine(name: str):
    """The ``solve_case`` function of the named engine."""
    try:
        module = ENGINES[name]
    except KeyError:
        raise ValueError(f"unknown engine {name!r}; choose from {', '.join(ENGINES)}") from None
    return import_module(module).solve_case
