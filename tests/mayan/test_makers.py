"""Counting, listing and generating Mayan puzzles, against an independent brute force."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch.mayan import Puzzle, is_solution, parse_puzzle, solve
from graphsearch.mayan.count import count_solutions, iter_solutions
from graphsearch.mayan.generate import generate_puzzles
from tests.budget import examples
from tests.mayan.naive import all_solutions
from tests.mayan.strategies import boards, solvable_puzzles

SPARE_MOVE = "2  0  0  0  1 1 0  1 0"  # SPEC section 1: a same-color swap spends a move


def as_tuples(moves):
    return [(m.x, m.y, m.g) for m in moves]


@pytest.mark.parametrize(("same", "expected"), [(True, 2), (False, 0)])
def test_spec_example_counts(same, expected):
    puzzle = parse_puzzle(SPARE_MOVE)
    assert count_solutions(puzzle, same_color_swaps=same).count == expected
    listed = list(iter_solutions(puzzle, same_color_swaps=same))
    assert len(listed) == expected
    if listed:
        assert listed[0] == solve(puzzle, same_color_swaps=same).moves


def test_count_limit_stops_and_says_so():
    puzzle = parse_puzzle(SPARE_MOVE)
    limited = count_solutions(puzzle, limit=1)
    assert (limited.count, limited.complete) == (1, False)
    # a count that reaches the limit cannot say whether there are more
    assert (count_solutions(puzzle, limit=2).count, count_solutions(puzzle, limit=2).complete) == (
        2,
        False,
    )
    assert (count_solutions(puzzle, limit=3).count, count_solutions(puzzle, limit=3).complete) == (
        2,
        True,
    )
    with pytest.raises(ValueError):
        count_solutions(puzzle, limit=0)


def test_counts_and_lists_match_a_brute_force():
    """Random small boards and boards built backwards (solvable), both conventions: the
    count and the list equal the brute force's, in order, and every listed solution
    replays; many boards with one and with several solutions are seen."""
    seen = {"none": 0, "one": 0, "several": 0}
    mixed = st.one_of(
        st.tuples(boards(max_blocks=8, max_colors=2, max_height=3), st.integers(1, 3)).map(
            lambda pair: Puzzle(pair[1], pair[0])
        ),
        solvable_puzzles(max_moves=3, colors=3).map(lambda s: s.puzzle),
    )

    @settings(suppress_health_check=[HealthCheck.filter_too_much])
    @given(mixed, st.booleans())
    def check(puzzle, same):
        expected = all_solutions(puzzle.board.columns, puzzle.n, same)
        listed = list(iter_solutions(puzzle, same_color_swaps=same))
        assert [as_tuples(s) for s in listed] == expected
        for solution in listed:
            assert is_solution(puzzle.board, puzzle.n, solution, same_color_swaps=same)
        counted = count_solutions(puzzle, same_color_swaps=same)
        assert counted.count == len(expected) and counted.complete
        if expected:
            capped = count_solutions(puzzle, same_color_swaps=same, limit=1)
            assert (capped.count, capped.complete) == (1, False)
            assert count_solutions(puzzle, same_color_swaps=same, limit=2).count == min(
                2, len(expected)
            )
        seen[["none", "one"][len(expected)] if len(expected) < 2 else "several"] += 1

    check()
    n = examples()
    assert seen["none"] >= int(0.12 * n) and seen["several"] >= int(0.12 * n), seen
    assert seen["one"] >= int(0.012 * n), seen


@pytest.mark.parametrize("method", ["backwards", "sampling"])
@pytest.mark.parametrize(("n", "same"), [(2, True), (3, True), (3, False)])
def test_generated_puzzles_have_exactly_one_solution(method, n, same):
    """Re-checked with the brute force, which shares no code with the counter."""
    made = list(generate_puzzles(n, seed=7, count=4, same_color_swaps=same, method=method))
    assert len(made) == 4
    for item in made:
        expected = all_solutions(item.puzzle.board.columns, n, same)
        assert [as_tuples(item.solution)] == expected
        assert item.plausible_first_moves >= 1 and item.nodes >= 1
    again = list(generate_puzzles(n, seed=7, count=4, same_color_swaps=same, method=method))
    assert [g.puzzle for g in again] == [g.puzzle for g in made]
    other = list(generate_puzzles(n, seed=8, count=4, same_color_swaps=same, method=method))
    assert [g.puzzle for g in other] != [g.puzzle for g in made]


def test_generated_puzzles_keep_their_block_count_and_colors():
    for item in generate_puzzles(3, seed=3, count=3, colors=2, blocks=12):
        assert item.puzzle.board.blocks == 12
        assert {c for column in item.puzzle.board.columns for c in column} <= {1, 2}
    with pytest.raises(ValueError):
        next(generate_puzzles(3, seed=1, blocks=20))
    with pytest.raises(ValueError):
        next(generate_puzzles(3, seed=1, colors=11))
