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
    "MODES",
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

# the gravity modes (变化) of the whole-board game, English name -> Chinese name (the lines
# of each are in ``graphsearch.llk.gravity``)
MODES = {
    "none": "不变化",
    "down": "向下",
    "up": "向上",
    "left": "向左",
    "right": "向右",
    "up-down-apart": "上下分离",
    "left-right-apart": "左右分离",
    "up-down-center": "上下集中",
    "left-right-center": "左右集中",
    "up-left-down-right": "上左下右",
    "left-down-right-up": "左下右上",
    "outward": "向外扩散",
    "inward": "向内集中",
}
GRAVITIES = tuple(MODES)
