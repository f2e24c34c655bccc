"""The Mayan engines by name; each is imported only when asked for."""

from __future__ import annotations

from importlib import import_module

__all__ = ["ENGINES", "get_engine"]

# name -> module whose ``solve(puzzle, *, same_color_swaps, time_limit)`` returns MayanResult
ENGINES = {
    "search": "graphsearch.mayan.search",
    "dfs": "graphsearch.mayan.dfs",
}


def get_engine(name: str):
    """The ``solve`` function of the named engine."""
    try:
        module = ENGINES[name]
    except KeyError:
        raise ValueError(f"unknown engine {name!r}; choose from {', '.join(ENGINES)}") from None
    return import_module(module).solve
