"""The names engines and options are chosen by: registries of engines (module paths, each
imported only when asked for) and the gravity directions.  Free of heavy imports, so that
the command line can build its choices at start without loading numpy or OR-Tools."""

from __future__ import annotations

__all__ = [
    "CLEAR_ENGINES",
    "GRAVITIES",
    "LINK_ENGINES",
    "MAX_TURNS",
    "MAYAN_ENGINES",
    "MAYAN_PREFILTERS",
]

# name -> module whose ``solve(puzzle, *, same_color_swaps, time_limit)`` returns MayanResult
MAYAN_ENGINES = {
    "search": "graphsearch.mayan.search",
    "dfs": "graphsearch.mayan.dfs",
    "cpsat": "cpmodels.mayan",
}
# name -> module whose ``prefilter(puzzle, *, time_limit)`` is False when it proves -1
MAYAN_PREFILTERS = {"cpsat": "cpmodels.mayan"}

# name -> module whose ``solve_case(case, *, outside, max_turns)`` returns a list of Link
LINK_ENGINES = {
    "scan": "graphsearch.llk.scan",
    "graph": "graphsearch.llk.graph",
    "dfs": "graphsearch.llk.dfs",
}

# name -> module whose ``solve(board, *, outside, max_turns, gravity, time_limit)`` returns
# a ClearResult
CLEAR_ENGINES = {
    "search": "graphsearch.llk.clearing",
    "dfs": "graphsearch.llk.clearing_dfs",
    "cpsat": "cpmodels.clear",
}

# the most turns a 连连看 path may be allowed (int64's largest; a path on an n x m board
# never needs more than about n * m turns, so a larger limit would change nothing)
MAX_TURNS = (1 << 63) - 1

# the side tiles slide toward after every removal in the whole-board game
GRAVITIES = ("none", "down", "up", "left", "right")
