"""Hypothesis strategies for Mayan boards."""

from __future__ import annotations

from hypothesis import assume
from hypothesis import strategies as st

from graphsearch.mayan import Board, find_runs


@st.composite
def boards(draw, max_blocks=12, max_colors=3, max_height=7, stable=True):
    """A board of at most ``max_blocks`` blocks in colors 1..max_colors, without runs."""
    heights = draw(st.lists(st.integers(0, max_height), min_size=5, max_size=5))
    while sum(heights) > max_blocks:
        tallest = max(range(5), key=heights.__getitem__)
        heights[tallest] -= 1
    colors = st.integers(1, max_colors)
    columns = [draw(st.lists(colors, min_size=h, max_size=h)) for h in heights]
    board = Board.from_columns(columns)
    if stable:
        assume(not find_runs(board))
    return board
