"""The CP-SAT model against the search, and the prefilter's soundness."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cpmodels.mayan import MOVES, ModelBuilder, ModelUndecided, prefilter, solve
from graphsearch.deadline import Deadline
from graphsearch.mayan import Board, Puzzle, find_runs, format_moves, is_solution, parse_puzzle
from graphsearch.mayan.bounds import moves_needed
from graphsearch.mayan.engines import run
from graphsearch.mayan.generate import deal
from graphsearch.mayan.rules import apply_move, apply_move_traced, legal_moves
from graphsearch.mayan.search import solve as search
from tests.budget import examples
from tests.mayan.strategies import solvable_puzzles

SAMPLE = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"


def triples_board(rng: random.Random, colors: int) -> Board:
    """A stable board of 1..colors colors with three or four blocks each: often solvable."""
    while True:
        blocks = [c for c in range(1, colors + 1) for _ in range(rng.choice([3, 3, 4]))]
        columns = [[] for _ in range(5)]
        for c in blocks:
            x = rng.randrange(5)
            if len(columns[x]) < 7:
                columns[x].append(c)
        board = Board.from_columns(columns)
        if not find_runs(board):
            return board


def test_moves_are_ranked_in_answer_order():
    assert sorted(MOVES) == MOVES
    assert len(MOVES) == 56


@pytest.mark.parametrize("same", [True, False])
def test_sample_and_spec_example(same):
    puzzle = parse_puzzle(SAMPLE)
    assert format_moves(solve(puzzle, same_color_swaps=same).moves) == "2 1 1\n3 1 1\n3 0 1\n"
    spec = parse_puzzle("2\n0\n0\n0\n1 1 0\n1 0\n")
    expected = "3 0 1\n3 0 -1\n" if same else "-1\n"
    assert format_moves(solve(spec, same_color_swaps=same).moves) == expected


def test_time_limit_is_undecided_never_a_wrong_answer():
    with pytest.raises(ModelUndecided):
        solve(parse_puzzle(SAMPLE), time_limit=0.01)


def test_long_answers_come_from_the_ordered_search():
    # n = 10: any number of moves, no objective to overflow
    board = Board.from_compact("1|1||1|")
    result = solve(Puzzle(10, board), same_color_swaps=True)
    assert result.stats.objective == "first solution of the ordered search"
    assert result.moves == search(Puzzle(10, board)).moves


def test_moves_that_fail_the_drag_bound_are_never_tried():
    """After 2 of 5 moves on a dense board, the bound leaves no third move: the model
    refutes it without a single branch, by propagation alone."""
    board = Board.from_compact("1 4 3 2 1 4 3|3 3 4 3 1 4|1 4 1 3 4|2 3 4 1 2|1 1 4 3 4 1 3")
    puzzle = Puzzle(3, apply_move(apply_move(board, MOVES[0]), MOVES[1]))
    after_first = apply_move(puzzle.board, MOVES[0])
    assert not search(Puzzle(2, after_first)).solvable
    result = solve(Puzzle(2, after_first))
    assert result.moves is None
    assert result.stats.branches == 0


def test_histograms_after_random_plays_are_among_the_reachable_ones():
    """The stage tries keep only histograms reachable in the moves made, never one or two
    blocks short: every color's histogram after random plays (left swaps included) is
    among them."""
    rng = random.Random(8)
    checked = 0
    for seed in range(30):
        board = deal(random.Random(seed), 4, rng.choice([15, 24, 30]))
        builder = ModelBuilder(Puzzle(5, board), True, Deadline(None))
        played = board
        for made in range(5):
            for color in {c for column in board.columns for c in column}:
                counts = tuple(column.count(color) for column in played.columns)
                assert counts in builder.histograms(color, made), (seed, made, color)
                checked += 1
            moves = legal_moves(played)
            if not moves:
                break
            played = apply_move(played, rng.choice(moves))
    assert checked >= 400


def test_chained_settlings_fit_in_a_stage():
    """A stage holds as many removal rounds as any settling can take: boards
    whose answers hold moves that settle in two, three or more rounds get the search's
    answer."""
    rng = random.Random(21)
    chained = longest_seen = 0
    for i in range(2000):
        board = deal(rng, 3, rng.randint(9, 15))
        if board is None:
            continue
        puzzle = Puzzle(rng.randint(1, 3), board)
        same = i % 2 == 0
        expected = search(puzzle, same_color_swaps=same).moves
        longest = 0
        for move in expected or ():
            trace = apply_move_traced(board, move)
            longest = max(longest, len(trace.rounds))
            board = trace.after
        if longest < 2 and i % 10:
            continue
        assert solve(puzzle, same_color_swaps=same).moves == expected, puzzle
        chained += longest >= 2
        longest_seen = max(longest_seen, longest)
        if chained >= 8 and longest_seen >= 3:
            break
    assert chained >= 8 and longest_seen >= 3, (chained, longest_seen)


def test_a_dense_board_agrees_with_the_search():
    """A dense board (24 blocks, four colors, dealt in threes) solvable in 5 moves."""
    puzzle = Puzzle(5, deal(random.Random(9), 4, 24))
    expected = search(puzzle)
    assert expected.solvable
    assert solve(puzzle).moves == expected.moves


def compare(puzzle: Puzzle, same: bool) -> None:
    model = solve(puzzle, same_color_swaps=same)
    expected = search(puzzle, same_color_swaps=same)
    assert model.moves == expected.moves
    if model.moves is not None:
        assert is_solution(puzzle.board, puzzle.n, model.moves, same_color_swaps=same)


def test_agrees_with_the_search_on_seeded_boards():
    rng = random.Random(5)
    solvable = 0
    for i in range(16):
        board = triples_board(rng, rng.randint(1, 2))
        puzzle = Puzzle(rng.randint(1, 3), board)
        compare(puzzle, same=i % 2 == 0)
        solvable += search(puzzle).solvable
    assert solvable >= 3


@pytest.mark.slow
def test_agrees_with_the_search_on_many_boards():
    rng = random.Random(11)
    for i in range(80):
        board = triples_board(rng, rng.randint(1, 3))
        compare(Puzzle(rng.randint(1, 3), board), same=i % 2 == 0)


# --- the prefilter -----------------------------------------------------------------------


def test_prefilter_never_rejects_a_solvable_board():
    """Boards built backwards are solvable: the prefilter lets every one through."""
    seen = {"solvable": 0}

    @settings(max_examples=examples(0.13))
    @given(solvable_puzzles(max_moves=3))
    def check(solvable):
        assert prefilter(solvable.puzzle) is True, solvable
        seen["solvable"] += 1

    check()
    assert seen["solvable"] >= int(0.75 * examples(0.13)), seen


def test_model_finds_the_search_answer_on_solvable_boards():
    """The exact model on boards built backwards: the search's answer, never -1."""
    seen = {"solvable": 0}

    @settings(max_examples=examples(0.04))
    @given(solvable_puzzles(max_moves=2, colors=3), st.booleans())
    def check(solvable, same):
        expected = search(solvable.puzzle, same_color_swaps=same).moves
        assert expected is not None
        assert solve(solvable.puzzle, same_color_swaps=same).moves == expected
        seen["solvable"] += 1

    check()
    assert seen["solvable"] >= int(0.8 * examples(0.04)), seen


def test_prefilter_keeps_boards_solvable_with_exactly_the_moves_given():
    rng = random.Random(3)
    kept = 0
    while kept < 25:
        board = triples_board(rng, rng.randint(1, 2))
        for n in (1, 2, 3):
            if search(Puzzle(n, board)).solvable:
                assert prefilter(Puzzle(n, board)) is True
                kept += 1


def test_prefilter_proves_what_the_column_bound_cannot():
    # every color's columns can be covered by runs within one move, yet the 2 high in
    # column 0 cannot come down level with the others in time
    board = Board.from_compact("3 3 2 3|3|2|2|")
    puzzle = Puzzle(1, board)
    assert moves_needed(board.grid()) <= 1
    assert not search(puzzle).solvable
    assert prefilter(puzzle) is False
    assert run("search", puzzle, prefilter=True).stats.prefilter == "proved unsolvable"


@pytest.mark.slow
def test_prefilter_sound_on_many_boards():
    """Over a thousand solvable (board, n) pairs: the prefilter lets every one through."""
    rng = random.Random(17)
    checked = 0
    for _ in range(1500):
        board = triples_board(rng, rng.randint(1, 3))
        for n in (1, 2, 3):
            puzzle = Puzzle(n, board)
            if search(puzzle).solvable or search(puzzle, same_color_swaps=False).solvable:
                assert prefilter(puzzle) is True, puzzle
                checked += 1
    assert checked >= 1000
