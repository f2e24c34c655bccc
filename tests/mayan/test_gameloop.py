"""The Mayan game loop (``mayan.Game``): verdicts against the search on the puzzle that is
left, hints against every solution listed (``--all``)."""

from __future__ import annotations

import random

import pytest

from graphsearch import mayan
from graphsearch.mayan import Game, IllegalMoveError, Move, Puzzle
from graphsearch.mayan.count import iter_solutions
from graphsearch.mayan.gameloop import SOLVABLE, UNDECIDED, UNSOLVABLE
from graphsearch.mayan.generate import deal, generate_puzzles


def puzzles():
    """Random boards and made puzzles (each with a solution), n from 2 to 4."""
    for seed in range(40):
        rng = random.Random(seed)
        board = deal(rng, rng.choice([3, 4]), rng.choice([9, 12, 15]))
        if board is not None:
            yield Puzzle(rng.choice([2, 3, 4]), board), seed % 2 == 0
    for made in generate_puzzles(3, seed=5, count=8, colors=3):
        yield made.puzzle, True


def test_verdicts_and_hints_as_the_game_goes():
    met = {SOLVABLE: 0, UNSOLVABLE: 0}
    for puzzle, swaps in puzzles():
        game = Game(puzzle, same_color_swaps=swaps)
        rng = random.Random(puzzle.board.to_compact())
        while True:
            verdict = game.verdict()
            left = game.moves_left
            if left and not game.board.is_empty():
                truth = mayan.solve(Puzzle(left, game.board), same_color_swaps=swaps)
                assert verdict.solvable == truth.solvable
                assert verdict.solution == truth.moves
                every = list(iter_solutions(Puzzle(left, game.board), same_color_swaps=swaps))
                firsts = sorted({s[0] for s in every})
                assert game.hint() == (firsts[0] if firsts else None)
            met[verdict.state] += 1
            legal = game.moves()
            if not legal:
                break
            if verdict.solution and rng.random() < 0.5:
                game.play(verdict.solution[0])  # follow the solution: no search needed
                assert game.verdict().state == SOLVABLE and game.verdict().nodes == 0
            else:
                game.play(rng.choice(legal))
    assert met[SOLVABLE] > 20 and met[UNSOLVABLE] > 20, met


def test_the_end_of_a_game():
    game = Game("1  0  0  0  1 1 0  1 0")  # the README's example with one move
    assert game.moves_left == 1 and game.hint() == Move(3, 0, -1)
    game = Game("2  0  0  0  1 1 0  1 0")
    assert game.verdict().solution == (Move(3, 0, 1), Move(3, 0, -1))
    game.play(Move(3, 0, 1))
    game.play(Move(3, 0, -1))
    assert game.board.is_empty() and game.moves_left == 0
    assert game.verdict().state == SOLVABLE and game.moves() == []
    with pytest.raises(IllegalMoveError, match="moves are made"):
        game.play((0, 0, 1))
    game.undo()
    assert game.moves_left == 1


def test_bad_moves_are_refused_saying_why():
    game = Game("2  0  0  0  1 1 0  1 0", same_color_swaps=False)
    with pytest.raises(IllegalMoveError, match="one color"):
        game.play((3, 0, 1))
    with pytest.raises(IllegalMoveError):
        game.play((0, 0, 1))  # no block there
    assert game.verdict().state == UNSOLVABLE and game.verdict().reason
    with pytest.raises(IllegalMoveError, match="nothing to undo"):
        game.undo()
    empty = Game("2  1 0  0  1 0  1 0  0")
    empty.play((0, 0, 1))
    assert empty.board.is_empty() and empty.moves_left == 1
    assert empty.verdict().state == UNSOLVABLE
    with pytest.raises(IllegalMoveError, match="empty"):
        empty.play((0, 0, 1))


def test_an_undecided_verdict_within_a_budget():
    board = deal(random.Random(4), 4, 30)
    game = Game(Puzzle(9, board))
    assert game.verdict(mayan.Budget(nodes=100)).state == UNDECIDED
    assert game.verdict().state == SOLVABLE  # decided once given the time
