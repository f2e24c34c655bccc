"""Hypothesis strategies for 连连看 boards, and the brute force that checks a NO."""

from __future__ import annotations

import numpy as np
from hypothesis import strategies as st

from graphsearch.llk.game import linkable_pairs, play, settle

__all__ = ["boards_of", "boards_of_fours", "brute_force"]


def boards_of_fours(rows, cols):
    """Full boards (one cell empty when the count is odd) of three to five types dealt in
    pairs, so that most boards hold a type of four or more tiles; without the ring many of
    them cannot be cleared."""

    @st.composite
    def build(draw):
        r = draw(st.integers(2, rows))
        c = draw(st.integers(2, cols))
        types = draw(st.integers(3, 5))
        cells = r * c
        kinds = [(i // 2) % types + 1 for i in range(cells - cells % 2)]
        order = draw(st.permutations(kinds + [0] * (cells % 2)))
        return np.array(order, dtype=np.int64).reshape(r, c)

    return build()


def boards_of(types, rows, cols):
    """Full boards (one cell empty when the count is odd), the tiles of ``types`` types in
    pairs: without the ring many of them cannot be cleared."""

    @st.composite
    def build(draw):
        r = draw(st.integers(2, rows))
        c = draw(st.integers(2, cols))
        cells = r * c
        kinds = [(i // 2) % types + 1 for i in range(cells - cells % 2)]
        order = draw(st.permutations(kinds + [0] * (cells % 2)))
        return np.array(order, dtype=np.int64).reshape(r, c)

    return build()


def brute_force(board, outside, max_turns, gravity):
    """Every removal order, no table: True when one clears the board."""
    tiles = settle(board, gravity)
    if not tiles.any():
        return True
    return any(
        brute_force(
            play(tiles, move, outside=outside, max_turns=max_turns, gravity=gravity).after,
            outside,
            max_turns,
            gravity,
        )
        for move in linkable_pairs(tiles, outside=outside, max_turns=max_turns)
    )
