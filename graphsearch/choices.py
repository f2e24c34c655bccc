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
    "MODE_WORDS",
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

# what each mode does, in words (1-based rows and columns, as the judge's moves; the top
# half is rows 1 to R // 2, the left half columns 1 to C // 2): the pages and ``--help``
MODE_WORDS = {
    "none": "no tile moves",
    "down": "the tiles of each column slide down, toward the bottom row",
    "up": "the tiles of each column slide up, toward the top row",
    "left": "the tiles of each row slide left, toward the first column",
    "right": "the tiles of each row slide right, toward the last column",
    "up-down-apart": "in each column the top half's tiles slide up, the bottom half's down",
    "left-right-apart": "in each row the left half's tiles slide left, the right half's right",
    "up-down-center": "in each column the top half's tiles slide down and the bottom half's up, "
    "toward the two middle rows",
    "left-right-center": "in each row the left half's tiles slide right and the right half's "
    "left, toward the two middle columns",
    "up-left-down-right": "the rows of the top half slide left, the rows of the bottom half right",
    "left-down-right-up": "the columns of the left half slide down, the columns of the right "
    "half up",
    "outward": "tiles slide away from the middle: up-down-apart, then left-right-apart, again "
    "until no tile moves",
    "inward": "tiles slide toward the middle: left-right-center, then up-down-center, again "
    "until no tile moves",
}
