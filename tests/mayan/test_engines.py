"""Every Mayan engine against the golden cases, each other, and an exhaustive brute force."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch.mayan import Board, Puzzle, format_moves, is_solution, parse_puzzle
from graphsearch.mayan.engines import ENGINES, get_engine
from tests.budget import examples
from tests.mayan.naive import brute_force
from tests.mayan.strategies import boards, solvable_puzzles

DATA = Path(__file__).parent.parent / "data" / "mayan"
GOLDEN = sorted(DATA.glob("*.in"))
FAST_ENGINES = ["search", "dfs"]


def answer(engine: str, puzzle: Puzzle, same: bool = True) -> str:
    result = get_engine(engine)(puzzle, same_color_swaps=same)
    if result.moves is not None:  # replay every answer through the simulator
        assert is_solution(puzzle.board, puzzle.n, result.moves, same_color_swaps=same)
    return format_moves(result.moves)


@pytest.mark.parametrize("engine", FAST_ENGINES)
@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden(engine, path):
    """tests/data/mayan/NAME.in with NAME.ans (default rules) and NAME.nsc.ans (no same-color)."""
    puzzle = parse_puzzle(path.read_bytes())
    assert answer(engine, puzzle, True) == path.with_suffix(".ans").read_text()
    assert answer(engine, puzzle, False) == path.with_suffix(".nsc.ans").read_text()


@pytest.mark.parametrize("engine", FAST_ENGINES)
def test_spec_example_for_both_conventions(engine):
    puzzle = parse_puzzle("2\n0\n0\n0\n1 1 0\n1 0\n")
    assert answer(engine, puzzle, True) == "3 0 1\n3 0 -1\n"
    assert answer(engine, puzzle, False) == "-1\n"


@pytest.mark.parametrize("engine", FAST_ENGINES)
def test_cleared_early_needs_a_spare_move_first(engine):
    board = Board.from_compact("||1||1 1")
    assert answer(engine, Puzzle(1, board)) == "4 0 -1\n"
    assert answer(engine, Puzzle(2, board)) == "-1\n"  # no move on an empty board
    board = Board.from_compact("1|1||1|")
    assert answer(engine, Puzzle(2, board), True) == "0 0 1\n3 0 -1\n"
    assert answer(engine, Puzzle(2, board), False) == "1 0 1\n0 0 1\n"
    assert answer(engine, Puzzle(3, board), False) == "1 0 1\n2 0 -1\n3 0 -1\n"


def test_engine_registry():
    assert set(FAST_ENGINES) <= set(ENGINES)
    with pytest.raises(ValueError, match="unknown engine"):
        get_engine("nope")


@settings(suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=14, max_colors=3), st.integers(1, 4), st.booleans())
def test_engines_agree(board, n, same):
    puzzle = Puzzle(n, board)
    answers = {engine: answer(engine, puzzle, same) for engine in FAST_ENGINES}
    assert len(set(answers.values())) == 1, answers


def test_engines_solve_every_board_built_backwards():
    """Boards built backwards from the empty board are solvable under both conventions:
    every engine finds an answer, the same one, and it replays."""
    seen = {"puzzles": 0, "moves": 0}

    @given(solvable_puzzles(max_moves=4), st.booleans())
    def check(solvable, same):
        answers = {engine: answer(engine, solvable.puzzle, same) for engine in FAST_ENGINES}
        assert len(set(answers.values())) == 1, answers
        found = get_engine("search")(solvable.puzzle, same_color_swaps=same).moves
        assert found is not None
        # the answer is the smallest: never after the clearing the board was built from
        assert [m.sort_key for m in found] <= [m.sort_key for m in solvable.solution]
        seen["puzzles"] += 1
        seen["moves"] += solvable.puzzle.n

    check()
    assert seen["puzzles"] >= int(0.6 * examples()) and seen["moves"] >= int(1.2 * examples()), seen


def test_engines_agree_on_solvable_and_unsolvable_boards():
    """Random boards (mostly -1) and boards built backwards (solvable), mixed: the engines
    agree on each, and both kinds are seen many times."""
    seen = {"solvable": 0, "unsolvable": 0}
    n = examples(2)  # twice the others: a short run draws few of the solvable kind
    mixed = st.one_of(
        st.tuples(boards(max_blocks=14, max_colors=3), st.integers(1, 4)).map(
            lambda pair: Puzzle(pair[1], pair[0])
        ),
        solvable_puzzles(max_moves=4).map(lambda s: s.puzzle),
    )

    @settings(max_examples=n, suppress_health_check=[HealthCheck.filter_too_much])
    @given(mixed, st.booleans())
    def check(puzzle, same):
        answers = {engine: answer(engine, puzzle, same) for engine in FAST_ENGINES}
        assert len(set(answers.values())) == 1, answers
        seen["unsolvable" if answers["search"] == "-1\n" else "solvable"] += 1

    check()
    assert seen["solvable"] >= int(0.15 * n) and seen["unsolvable"] >= int(0.12 * n), seen


@settings(max_examples=examples(0.5), suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=7, max_colors=2, max_height=3), st.integers(1, 3), st.booleans())
def test_search_is_the_smallest_over_all_legal_moves(board, n, same):
    """Brute force over every legal move, left swaps included: same answer, same -1."""
    expected = brute_force(board.columns, n, same)
    got = get_engine("search")(Puzzle(n, board), same_color_swaps=same).moves
    assert (None if got is None else [(m.x, m.y, m.g) for m in got]) == expected


@pytest.mark.slow
@settings(max_examples=examples(6.67), suppress_health_check=[HealthCheck.filter_too_much])
@given(boards(max_blocks=18, max_colors=4), st.integers(1, 4), st.booleans())
def test_engines_agree_many(board, n, same):
    puzzle = Puzzle(n, board)
    answers = {engine: answer(engine, puzzle, same) for engine in FAST_ENGINES}
    assert len(set(answers.values())) == 1, answers


def test_brute_force_comparison_is_not_vacuous():
    """On seeded random small boards, many are solvable, and the search finds each answer."""
    import random

    from graphsearch.mayan import find_runs

    rng = random.Random(2011)
    solvable = tried = 0
    while tried < 60:
        # one or two colors of exactly three blocks each: often solvable in a few moves
        blocks = [color for color in range(1, rng.randint(1, 2) + 1) for _ in range(3)]
        columns = [[] for _ in range(5)]
        for color in blocks:
            columns[rng.randrange(5)].append(color)
        board = Board.from_columns(columns)
        if find_runs(board):
            continue
        tried += 1
        n = rng.randint(1, 3)
        expected = brute_force(board.columns, n)
        got = get_engine("search")(Puzzle(n, board)).moves
        assert (None if got is None else [(m.x, m.y, m.g) for m in got]) == expected
        solvable += expected is not None
    assert solvable >= 10


@pytest.mark.parametrize("engine", FAST_ENGINES)
def test_many_moves_go_deeper_than_the_recursion_limit(engine):
    board = Board.from_compact("|||1 1|1")
    result = get_engine(engine)(Puzzle(3000, board))
    assert len(result.moves) == 3000
    assert result.moves[0] == result.moves[-2]  # same-color swaps spend the spare moves
    assert is_solution(board, 3000, result.moves)
