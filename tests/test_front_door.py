"""The library as a Python user meets it: the front door, its checks, the README examples."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import graphsearch
from graphsearch import InvalidInputError, llk, mayan

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = "3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n"


def test_readme_library_examples():
    failures, tried = doctest.testfile(str(ROOT / "README.md"), module_relative=False)
    assert tried >= 5 and failures == 0


@pytest.mark.parametrize("module", [graphsearch, mayan, llk])
def test_module_examples(module):
    failures, tried = doctest.testmod(module)
    assert tried >= 1 and failures == 0


def test_subpackages_load_lazily_without_ortools():
    code = (
        "import sys, graphsearch; graphsearch.mayan; graphsearch.llk; "
        "print('ortools' in sys.modules, 'networkx' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.split() == ["False", "False"], out.stderr


def test_mayan_solve_takes_text_or_a_puzzle():
    by_text = mayan.solve(SAMPLE)
    by_puzzle = mayan.solve(mayan.Puzzle.parse(SAMPLE), engine="dfs")
    assert by_text.moves == by_puzzle.moves
    assert mayan.format_moves(by_text.moves) == "2 1 1\n3 1 1\n3 0 1\n"
    assert by_text.stats.nodes > 0
    spec = "2\n0\n0\n0\n1 1 0\n1 0\n"
    assert mayan.solve(spec, same_color_swaps=False).moves is None


@pytest.mark.parametrize(
    "make, fragment",
    [
        (lambda: mayan.Puzzle(0, mayan.Board.empty()), "1..10000"),
        (lambda: mayan.Puzzle(10**6, mayan.Board.empty()), "1..10000"),
        (lambda: mayan.Puzzle(2, mayan.Board.from_compact("1 1 1||||")), "run of three"),
        (lambda: mayan.Puzzle("3", mayan.Board.empty()), "integer"),
        (lambda: mayan.Board.from_compact("1|2|x||"), "colors"),
        (lambda: mayan.Board.from_columns([[11], [], [], [], []]), "outside 1..10"),
        (lambda: mayan.Move(0, 0, 2), "1 or -1"),
        (lambda: mayan.solve(SAMPLE, engine="nope"), "unknown engine"),
        (lambda: mayan.solve(SAMPLE, time_limit=float("nan")), "positive"),
        (lambda: mayan.solve(SAMPLE, time_limit=-1), "positive"),
        (lambda: mayan.solve(42), "Puzzle or its judge text"),
        (lambda: mayan.solve("0 0 0 0 0 0"), "1..10000"),
    ],
)
def test_mayan_refuses_bad_input_with_the_package_error(make, fragment):
    with pytest.raises(InvalidInputError, match=fragment):
        make()


def test_llk_link_takes_any_array_like():
    board = [[1, 2, 1], [0, 0, 0]]
    for same in (board, tuple(map(tuple, board)), np.array(board, dtype=np.int8)):
        link = llk.link(same, (0, 0), (0, 2))
        assert link.linked and link.turns == 2
        assert link.path == ((0, 0), (1, 0), (1, 2), (0, 2))
    assert llk.link(board, (0, 0), (0, 2), max_turns=1).linked is False
    assert llk.link([[1, 2, 1]], (0, 0), (0, 2), outside=True).path == (
        (0, 0),
        (-1, 0),
        (-1, 2),
        (0, 2),
    )
    for engine in llk.ENGINES:
        assert llk.link(board, (0, 0), (0, 2), engine=engine).turns == 2


@pytest.mark.parametrize(
    "board, a, b, fragment",
    [
        ([[1, 0, 1]], (0, 0), (0, -1), "negative index"),
        ([[1, 0, 1]], (0, 0), (0, 3), "off the board of 3 columns x 1 row"),
        ([[1, 0, 1]], (0, 0), (1, 0), "off the board of 3 columns x 1 row"),
        ([[1, 0], [1]], (0, 0), (1, 0), "ragged"),
        ([[1, 0, -1]], (0, 0), (0, 2), "non-negative"),
        ([[1.5, 0, 1]], (0, 0), (0, 2), "integers"),
        ([], (0, 0), (0, 0), "non-empty 2-D"),
        ([1, 0, 1], (0, 0), (0, 2), "non-empty 2-D"),
        ([[1, 0, 1]], (0, 0, 0), (0, 2), "pair of integers"),
        ([[1, 0, 1]], (0, 0.5), (0, 2), "pair of integers"),
    ],
)
def test_llk_refuses_bad_input_with_the_package_error(board, a, b, fragment):
    with pytest.raises(InvalidInputError, match=fragment):
        llk.link(board, a, b)


def test_llk_scanner_no_longer_wraps_a_negative_index():
    from graphsearch.llk.scan import LinkScanner

    board = llk.as_board([[1, 0, 1]])
    with pytest.raises(llk.InvalidGridError, match="negative"):
        LinkScanner(board).link(llk.Query((0, 0), (0, -1)))


def test_errors_are_value_errors_of_the_package():
    assert issubclass(mayan.InvalidBoardError, InvalidInputError)
    assert issubclass(llk.InvalidGridError, InvalidInputError)
    assert issubclass(InvalidInputError, ValueError)


def test_version():
    assert graphsearch.__version__.count(".") == 2
