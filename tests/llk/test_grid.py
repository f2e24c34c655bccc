"""Reading link-query input: cases, line breaks, the end, and every kind of bad input."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphsearch.llk import Case, InvalidGridError, Query, as_board, parse_cases
from graphsearch.llk.grid import as_rows
from tests.budget import examples

SAMPLE = b"""3 4
1 2 3 4
0 0 0 0
4 3 2 1
4
1 1 3 4
1 1 2 4
1 1 3 3
2 1 2 4
3 4
0 1 4 3
0 2 4 1
0 0 0 0
2
1 1 2 4
1 3 2 3
0 0
"""


def test_sample():
    cases = parse_cases(SAMPLE)
    assert len(cases) == 2
    assert cases[0].board.tolist() == [[1, 2, 3, 4], [0, 0, 0, 0], [4, 3, 2, 1]]
    assert cases[0].queries[0] == Query((0, 0), (2, 3))
    assert [q.to_text() for q in cases[1].queries] == ["1 1 2 4", "1 3 2 3"]
    assert parse_cases(cases[0].to_text() + "0 0\n") == cases[:1]


def test_line_breaks_and_end_of_input():
    flat = b" ".join(SAMPLE.split())
    assert parse_cases(flat) == parse_cases(SAMPLE)
    without_end = SAMPLE.removesuffix(b"0 0\n")
    assert parse_cases(without_end) == parse_cases(SAMPLE)
    assert parse_cases(b"") == [] and parse_cases(b"0 0") == []
    assert len(parse_cases(SAMPLE + b"anything after the end")) == 2


def test_board_is_read_only():
    board = parse_cases(SAMPLE)[0].board
    with pytest.raises(ValueError):
        board[0, 0] = 9


def test_large_case_is_read_whole():
    rng = np.random.default_rng(0)
    board = rng.integers(0, 9, size=(300, 200))
    text = "300 200\n" + "\n".join(" ".join(map(str, row)) for row in board) + "\n1\n1 1 300 200\n"
    (case,) = parse_cases(text)
    assert np.array_equal(case.board, board)


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        (b"2 2\n1 1\n1 x\n1\n1 1 2 2\n", "case 1, line 3, token 'x'"),
        (b"2 2\n1 1\n1 -1\n1\n1 1 2 2\n", "token '-1'"),
        (b"2 2\n1 1\n1 1\n1\n1 1 3 1\n", "case 1, line 5, token '3': query 1: row 3 is off"),
        (b"2 2\n1 1\n1 1\n1\n1 0 1 1\n", "column 0 is off"),
        (b"2 2\n1 1\n1 1\n", "input ends where the number of queries q was expected"),
        (b"2 2\n1 1\n1 1\n2\n1 1 1 2\n", "input ends inside the queries"),
        (b"3 3\n1 1 1\n1 1\n1 1 1\n1\n1 1 1 2\n", "line 3: row 2 of the board has 2 numbers"),
        (b"3 3\n1 1 1\n", "input ends inside the board of 3 columns x 3 rows"),
        (b"2", "input ends after n"),
        (b"0 3\n", "must be positive"),
        (b"1 1\n1\n0\n1 1 1\n1\n1 1 1 z", "case 2, line 6, token 'z'"),
        (b"1 1 1 1 1 1 1 1 99999999999999999999999", "too large"),
        (bytes(range(256)), "line 1"),
    ],
)
def test_bad_input(text, fragment):
    with pytest.raises(InvalidGridError) as info:
        parse_cases(text)
    assert fragment in str(info.value)


def test_junk_after_the_end_is_ignored_whatever_the_board_holds():
    text = "1 3\n0000000000000000001 -0 +2\n0\n0 0\njunk after the end x\n"
    (case,) = parse_cases(text)
    assert case.board.tolist() == [[1, 0, 2]]


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("1 2\n+1 x\n0\n", "line 2, token 'x'"),  # not the in-range +1
        ("2 2\n1 0\n0 1 1\n1 1 2 3\n", "query 1: column 3 is off"),  # q on the last row line
        ("2 2\n1 1\n0 0\n1\n1 1 1 2 5\n2 2\n1 1\n1 1\n0\n", "line 5: query 1 has 5 numbers"),
        ("1 2\n1 1\n2\n1 1 1\n1 2\n", "line 4: query 1 has 3 numbers"),
    ],
)
def test_errors_name_the_place_at_fault(text, fragment):
    with pytest.raises(InvalidGridError) as info:
        parse_cases(text)
    assert fragment in str(info.value)


# A small input is read in Python, a large one by numpy: whitespace past the threshold
# sends the same tokens down the other path, so the two readings can be compared.
_PAST_THE_PYTHON_READER = b"\n" * 70_000

_token = st.one_of(
    st.integers(0, 12).map(str),
    st.sampled_from(["+3", "-0", "007", "x", "-2", "99999999999999999999", "1_0", "0 0"]),
)


@given(
    n=st.integers(1, 4),
    m=st.integers(1, 4),
    cells=st.lists(st.integers(0, 5), min_size=16, max_size=16),
    queries=st.lists(st.tuples(*[st.integers(0, 5)] * 4), max_size=3),
    noise=st.lists(st.tuples(st.integers(0, 40), _token), max_size=2),
    boards_only=st.booleans(),
)
@settings(max_examples=examples())
def test_the_python_reader_reads_as_numpy_does(n, m, cells, queries, noise, boards_only):
    tokens = [str(n), str(m), *map(str, cells[: n * m]), str(len(queries))]
    tokens += [str(v) for query in queries for v in query]
    for at, token in noise:
        tokens.insert(min(at, len(tokens)), token)
    text = " ".join(tokens).encode()

    def read(data):
        try:
            return parse_cases(data, boards_only=boards_only)
        except InvalidGridError as exc:
            return str(exc)

    small, large = read(text), read(text + _PAST_THE_PYTHON_READER)
    assert small == large
    if isinstance(small, list):
        for case in small:
            assert case.board.dtype == np.int64 and not case.board.flags.writeable
            assert case.rows == tuple(map(tuple, case.board.tolist()))


def test_cases_of_rows_and_of_arrays_are_equal_and_read_only():
    (small,) = parse_cases(SAMPLE[: SAMPLE.index(b"3 4\n0 1")])
    (large,) = parse_cases(SAMPLE[: SAMPLE.index(b"3 4\n0 1")] + _PAST_THE_PYTHON_READER)
    assert small == large and small.shape == large.shape == (3, 4)
    assert Case(small.board, small.queries) == small
    assert small.to_text() == large.to_text()
    with pytest.raises(AttributeError):
        small.queries = ()  # type: ignore[misc]


@pytest.mark.parametrize(
    "board",
    [
        [[1, 2], [3]],
        [[1, 2.5]],
        [[True, False]],
        [[1, -1]],
        [],
        [[]],
        [[2**64]],
        "12",
        np.array([[1.0, 2.0]]),
    ],
)
def test_rows_are_checked_as_arrays_are(board):
    with pytest.raises(InvalidGridError) as expected:
        as_board(board)
    with pytest.raises(InvalidGridError) as got:
        as_rows(board)
    assert str(got.value) == str(expected.value)


def test_rows_of_any_array_like():
    assert as_rows([[1, 0], (2, 3)]) == ((1, 0), (2, 3))
    assert as_rows(np.array([[1, 0], [2, 3]], dtype=np.uint8)) == ((1, 0), (2, 3))
    assert as_rows([[np.int32(4)]]) == ((4,),)
