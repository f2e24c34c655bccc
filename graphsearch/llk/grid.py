"""连连看 input: boards of tile types and their link queries, read fast and checked.

The input holds any number of cases: ``n m``, then ``n`` rows of ``m`` non-negative integers
(0 empty, positive = tile type), then ``q`` and ``q`` queries ``x1 y1 x2 y2`` (1-based row,
column).  ``0 0`` or the end of the input ends it.  Line breaks carry no meaning.

A 1000 x 1000 case is a million numbers, so a large input is converted by numpy in one
call; only when that fails (or finds a negative number) is the text tokenized again, slowly,
to name the line and the token at fault.  A small input (every board people play) is read
without numpy, whose import would cost more than the whole search of such a board: its
boards are kept as rows (``Case.rows``) and become arrays only when asked for
(``Case.board``).
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from numbers import Integral
from typing import TYPE_CHECKING, cast

from graphsearch._checks import check_text
from graphsearch._tokens import describe_token
from graphsearch._words import plural, size
from graphsearch.errors import InvalidInputError

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MAX_INPUT_BYTES",
    "Case",
    "InvalidGridError",
    "Query",
    "Rows",
    "as_board",
    "as_rows",
    "parse_cases",
]

Rows = tuple[tuple[int, ...], ...]

_TOO_LARGE = 10**18  # numpy saturates larger numbers; no tile type needs them
# The longest input text taken (256 MiB): far more than any judge file (a 1000 x 1000 board of
# 40 types is about 11 MB).
MAX_INPUT_BYTES = 1 << 28
# Inputs up to this size are tokenized in Python (a 19 x 11 board is some 600 bytes; 64 KB
# is read in a few milliseconds), larger ones by numpy.
_PYTHON_BYTES = 1 << 16
_INT64_MAX = (1 << 63) - 1


class InvalidGridError(InvalidInputError):
    """The text is not valid link-query input; the message names case, line and token."""

    def __init__(self, message: str, case: int | None = None) -> None:
        super().__init__(message)
        self.case = case


@dataclass(frozen=True, slots=True)
class Query:
    """Can the tiles at ``a`` and ``b`` be linked?  Cells are 0-based (row, column), as
    numpy indexes the board; only the judge's text form (``to_text``, ``from_text``) is
    1-based."""

    a: tuple[int, int]
    b: tuple[int, int]

    def __post_init__(self) -> None:
        for cell in (self.a, self.b):
            if (
                not isinstance(cell, tuple)
                or len(cell) != 2
                or not all(isinstance(v, Integral) and not isinstance(v, bool) for v in cell)
            ):
                raise InvalidGridError(f"a cell is a (row, column) pair of integers, not {cell!r}")
            if cell[0] < 0 or cell[1] < 0:
                raise InvalidGridError(f"cell {cell} has a negative index; cells are 0-based")
        object.__setattr__(self, "a", (int(self.a[0]), int(self.a[1])))
        object.__setattr__(self, "b", (int(self.b[0]), int(self.b[1])))

    @classmethod
    def of(cls, a: object, b: object) -> Query:
        """The query of two cells given as any pairs (tuples, lists, arrays)."""
        return cls(_cell(a), _cell(b))

    def to_text(self) -> str:
        """The judge's 1-based form, ``"x1 y1 x2 y2"``."""
        return f"{self.a[0] + 1} {self.a[1] + 1} {self.b[0] + 1} {self.b[1] + 1}"

    @classmethod
    def from_text(cls, text: str) -> Query:
        """A query from the judge's 1-based form ``"x1 y1 x2 y2"``."""
        parts = text.split()
        if len(parts) != 4 or not all(_NUMBER.fullmatch(p.encode()) and len(p) < 10 for p in parts):
            raise InvalidGridError(f"a query is four positive integers 'x1 y1 x2 y2', not {text!r}")
        x1, y1, x2, y2 = map(int, parts)
        if min(x1, y1, x2, y2) < 1:
            raise InvalidGridError(f"query {text!r}: rows and columns count from 1")
        return cls((x1 - 1, y1 - 1), (x2 - 1, y2 - 1))


def _cell(value: object) -> tuple[int, int]:
    """A cell given as any pair, as a tuple (checked by Query)."""
    if isinstance(value, str | bytes):
        raise InvalidGridError(f"a cell is a (row, column) pair of integers, not {value!r}")
    try:
        cell = tuple(cast(Iterable[int], value))
    except TypeError:
        raise InvalidGridError(
            f"a cell is a (row, column) pair of integers, not {value!r}"
        ) from None
    return cast(tuple[int, int], cell)


class Case:
    """One board (0 = empty, a positive number a tile type) and its queries.

    The board is ``board``, a read-only int64 array, or ``rows``, a tuple of rows; a case
    read from a small input holds rows and makes the array only when it is asked for.
    """

    __slots__ = ("_array", "_rows", "queries")

    _array: np.ndarray | None
    _rows: Rows | None
    queries: tuple[Query, ...]

    def __init__(self, board: np.ndarray | Rows, queries: tuple[Query, ...] = ()) -> None:
        array, rows = (None, board) if isinstance(board, tuple) else (as_board(board), None)
        object.__setattr__(self, "_array", array)
        object.__setattr__(self, "_rows", rows)
        object.__setattr__(self, "queries", queries)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Case is read-only; {name} cannot be set")

    @property
    def board(self) -> np.ndarray:
        """The board as a read-only int64 array."""
        if self._array is None:
            object.__setattr__(self, "_array", as_board(self._rows))
        assert self._array is not None
        return self._array

    @property
    def rows(self) -> Rows:
        """The board as a tuple of rows of ints."""
        if self._rows is None:
            assert self._array is not None
            object.__setattr__(self, "_rows", tuple(map(tuple, self._array.tolist())))
        assert self._rows is not None
        return self._rows

    @property
    def shape(self) -> tuple[int, int]:
        if self._rows is None:
            n, m = self.board.shape
            return n, m
        return len(self._rows), len(self._rows[0])

    def to_text(self) -> str:
        rows = "\n".join(" ".join(map(str, row)) for row in self.rows)
        queries = "".join(query.to_text() + "\n" for query in self.queries)
        n, m = self.shape
        return f"{n} {m}\n{rows}\n{len(self.queries)}\n{queries}"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Case):
            return NotImplemented
        return self.rows == other.rows and self.queries == other.queries

    def __repr__(self) -> str:
        return f"Case(rows={self.rows!r}, queries={self.queries!r})"

    __hash__ = None  # type: ignore[assignment]  # compare, don't hash (as an array)


def as_board(board: object) -> np.ndarray:
    """A board as the array engines take it: a read-only 2-D int64 array of non-negative
    types.

    ``board`` is any array-like of rows (lists, tuples, a numpy array); a ragged, empty,
    non-integer or negative board raises InvalidGridError.
    """
    import numpy as np

    if isinstance(board, np.ndarray) and board.dtype == np.int64 and not board.flags.writeable:
        array = board
    else:
        try:
            array = np.array(board)
        except ValueError:
            raise InvalidGridError("the board is ragged: its rows differ in length") from None
        if array.dtype == object:
            raise InvalidGridError("the board is ragged or holds values that are not integers")
        if array.size and not np.issubdtype(array.dtype, np.integer):
            raise InvalidGridError(f"tile types are integers, not values of type {array.dtype}")
        if array.size and array.dtype.kind == "u" and array.max() > np.iinfo(np.int64).max:
            raise InvalidGridError(f"tile type {array.max()} is too large")
        array = array.astype(np.int64)
        array.flags.writeable = False
    if array.ndim != 2 or array.shape[0] < 1 or array.shape[1] < 1:
        raise InvalidGridError(
            f"a board is a non-empty 2-D grid of rows, not of shape {array.shape}"
        )
    if array.min() < 0:
        r, c = np.argwhere(array < 0)[0]
        raise InvalidGridError(f"tile types are non-negative; cell ({r}, {c}) holds {array[r, c]}")
    return array


def as_rows(board: object) -> Rows:
    """A board as a tuple of rows of ints, checked as ``as_board`` checks it (and with the
    same errors), without numpy when the board is already rows of plain ints."""
    if isinstance(board, Case):
        return board.rows
    if isinstance(board, list | tuple) and board:
        rows = tuple(tuple(row) if isinstance(row, list | tuple) else None for row in board)
        width = len(rows[0]) if rows[0] is not None else 0
        if width and all(
            row is not None
            and len(row) == width
            and all(type(v) is int and 0 <= v <= _INT64_MAX for v in row)
            for row in rows
        ):
            return cast(Rows, rows)
    return tuple(map(tuple, as_board(board).tolist()))


def parse_cases(data: bytes | str, *, boards_only: bool = False) -> list[Case]:
    """Every case of the input, in order; raises InvalidGridError naming what is wrong.

    ``boards_only`` (for the whole-board game): the input may end right after the last
    board's rows, without its ``q``, and queries are skipped (each case's are empty).
    """
    check_text("the input", data, InvalidGridError)
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogateescape")
    numbers, bad = _numbers(data)
    if bad is None:
        return _parse(data, numbers, boards_only)[0]
    # Name the case the bad token falls in: read the numbers before it.
    _, line, raw, reason = bad
    try:
        cases, ended = _parse(data, numbers, boards_only)
    except InvalidGridError as exc:
        case = exc.case
    else:
        if ended:  # the bad token comes after 0 0, where the input has already ended
            return cases
        case = len(cases) + 1
    raise InvalidGridError(f"case {case}, line {line}, token {describe_token(raw)}: {reason}", case)


def _parse(
    data: bytes, numbers: Sequence[int] | np.ndarray, boards_only: bool = False
) -> tuple[list[Case], bool]:
    """The cases, and whether a ``0 0`` line ended them."""
    cases: list[Case] = []
    pos = 0
    total = len(numbers)
    previous: tuple[int, int] | None = None  # where the last case's queries start, and q
    while pos < total:
        case_no = len(cases) + 1
        where = _Locator(data, numbers, case_no, previous)
        if pos + 1 >= total:
            raise where.error(pos, "input ends after n; expected m")
        n, m = int(numbers[pos]), int(numbers[pos + 1])
        if n == 0 and m == 0:
            return cases, True
        if n < 1 or m < 1:
            bad = pos if n < 1 else pos + 1
            raise where.error(bad, "the board size n m must be positive (0 0 ends the input)")
        pos += 2
        where.board_at(pos, n, m)
        cells = n * m
        if pos + cells > total:
            raise where.error(
                total,
                f"input ends inside the board of {size(n, m)} ({total - pos} of {cells} "
                "numbers given)",
            )
        board = _board(numbers, pos, n, m)
        pos += cells
        if pos >= total:
            if boards_only:
                cases.append(Case(board, ()))
                return cases, False
            raise where.error(total, "input ends where the number of queries q was expected")
        q = int(numbers[pos])
        pos += 1
        where.queries_at(pos, q)
        if pos + 4 * q > total:
            raise where.error(
                total, f"input ends inside the queries ({(total - pos) // 4} of {q} given)"
            )
        if boards_only:  # the whole-board game ignores the queries
            pos += 4 * q
            cases.append(Case(board, ()))
            previous = (pos - 4 * q, q)
            continue
        coords = _ints(numbers, pos, 4 * q)
        limits = (n, m)
        off = next((i for i, v in enumerate(coords) if not 1 <= v <= limits[i & 1]), None)
        if off is not None:
            row, col = divmod(off, 4)
            axis = "row" if col % 2 == 0 else "column"
            top = n if col % 2 == 0 else m
            raise where.error(
                pos + off,
                f"query {row + 1}: {axis} {coords[off]} is off the board of {size(n, m)} "
                f"({axis}s 1..{top})",
            )
        pos += 4 * q
        queries = tuple(
            Query((coords[i] - 1, coords[i + 1] - 1), (coords[i + 2] - 1, coords[i + 3] - 1))
            for i in range(0, 4 * q, 4)
        )
        cases.append(Case(board, queries))
        previous = (pos - 4 * q, q)
    return cases, False


def _ints(numbers: Sequence[int] | np.ndarray, start: int, count: int) -> list[int]:
    """``count`` numbers from ``start`` as a list of ints."""
    chunk = numbers[start : start + count]
    return chunk.tolist() if not isinstance(chunk, list) else chunk  # type: ignore[union-attr]


def _board(numbers: Sequence[int] | np.ndarray, start: int, n: int, m: int) -> np.ndarray | Rows:
    """The n x m board from ``start``: rows when the numbers are a list, else a read-only
    view of the array."""
    if isinstance(numbers, list):
        return tuple(tuple(numbers[i : i + m]) for i in range(start, start + n * m, m))
    board = cast("np.ndarray", numbers)[start : start + n * m].reshape(n, m)
    board.flags.writeable = False
    return board


def _numbers(
    data: bytes,
) -> tuple[Sequence[int] | np.ndarray, tuple[int, int, bytes, str] | None]:
    """All tokens as int64 (a list for a small input); or, when one is not a valid number,
    those before it and the bad token as (offset, line, text, reason)."""
    if len(data) <= _PYTHON_BYTES:
        tokens = data.split()
        # plain digits below 10**18: what the conversion below takes, read the same way
        if all(token.isdigit() and len(token) <= 18 for token in tokens):
            return [int(token) for token in tokens], None
    numbers = _convert(data)
    if numbers is not None:
        return numbers, None
    for match in _TOKEN.finditer(data):
        raw = match.group()
        reason = _token_problem(raw)
        if reason:
            line = data.count(b"\n", 0, match.start()) + 1
            before = _convert(data[: match.start()])
            assert before is not None
            return before, (match.start(), line, raw, reason)
    raise AssertionError("numpy rejected the input but every token is a number")


def _token_problem(raw: bytes) -> str:
    """Why numpy's conversion refuses a token ('' when it takes it: an optional sign, then
    digits, a value from 0 below 10**18; ``-0`` and ``+7`` are numbers too)."""
    if _SIGNED.fullmatch(raw) is None:
        return "numbers must be non-negative integers"
    digits = raw.lstrip(b"+-").lstrip(b"0")
    if len(digits) > 18 or (digits and int(digits) >= _TOO_LARGE):
        return "the number is too large"
    if raw.startswith(b"-") and digits:
        return "numbers must be non-negative integers"
    return ""


def _convert(data: bytes) -> np.ndarray | None:
    """numpy's conversion of the whole text, or None when a token is not a valid number."""
    import numpy as np

    if not data.strip():
        return np.zeros(0, dtype=np.int64)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            numbers = np.fromstring(data, dtype=np.int64, sep=" ")
        except (ValueError, DeprecationWarning):
            return None
    if numbers.size and (numbers.min() < 0 or numbers.max() >= _TOO_LARGE):
        return None
    return numbers


_TOKEN = re.compile(rb"\S+")
_NUMBER = re.compile(rb"[0-9]+")
_SIGNED = re.compile(rb"[+-]?[0-9]+")


class _Locator:
    """Builds error messages that name the case, and the line and token of a token index."""

    def __init__(
        self,
        data: bytes,
        numbers: Sequence[int] | np.ndarray,
        case_no: int,
        previous_queries: tuple[int, int] | None = None,
    ) -> None:
        self.data = data
        self.numbers = numbers
        self.case_no = case_no
        self.board: tuple[int, int, int] | None = None
        self.previous_queries = previous_queries
        self.queries: tuple[int, int] | None = None

    def board_at(self, index: int, n: int, m: int) -> None:
        """Note where the case's board starts, to point at a short or long row on error."""
        self.board = (index, n, m)

    def queries_at(self, index: int, q: int) -> None:
        """Note where the case's queries start, to point at a short or long query on error."""
        self.queries = (index, q)

    def error(self, index: int, message: str) -> InvalidGridError:
        ragged = self._ragged_row()
        if ragged is None and self.queries is not None:
            ragged = self._ragged_query(*self.queries, self.case_no)
        if ragged is None and self.previous_queries is not None:
            ragged = self._ragged_query(*self.previous_queries, self.case_no - 1)
        if ragged is not None:
            return ragged
        line, raw = self._find(index)
        where = f"case {self.case_no}, line {line}"
        if raw is not None:
            where += f", token {describe_token(raw)}"
        return InvalidGridError(f"{where}: {message}", self.case_no)

    def _ragged_row(self) -> InvalidGridError | None:
        """The first row of the wrong length, when the board stands one row per line.

        Line breaks carry no meaning, so this is only a hint: it is given when the board's
        first row fills its own line exactly, as in every judge file.
        """
        if self.board is None:
            return None
        index, n, m = self.board
        line, _ = self._find(index)
        lines = self.data.split(b"\n")[line - 1 : line - 1 + n]
        if len(lines[0].split()) != m or len(lines) < n or not lines[-1].strip():
            return None  # not one row a line, or the board is cut short
        for r, text in enumerate(lines):
            count = len(text.split())
            if count != m and not (r == n - 1 and count > m):  # q may follow the last row
                return InvalidGridError(
                    f"case {self.case_no}, line {line + r}: row {r + 1} of the board has "
                    f"{plural(count, 'number')}, expected {m}",
                    self.case_no,
                )
        return None

    def _ragged_query(self, index: int, q: int, case_no: int) -> InvalidGridError | None:
        """The first query line without four numbers, when the queries stand one a line.

        A hint like ``_ragged_row``: given only when the first query starts its line.
        """
        if q < 1:
            return None
        line, raw = self._find(index)
        lines = self.data.split(b"\n")[line - 1 : line - 1 + q]
        if raw is None or not lines[0].split() or lines[0].split()[0] != raw:
            return None
        if len(lines) < q or not lines[-1].strip():
            return None  # the queries are cut short, not misshapen
        for i, text in enumerate(lines):
            count = len(text.split())
            if count != 4:
                return InvalidGridError(
                    f"case {case_no}, line {line + i}: query {i + 1} has "
                    f"{plural(count, 'number')}, "
                    "expected 4 (x1 y1 x2 y2)",
                    case_no,
                )
        return None

    def _find(self, index: int) -> tuple[int, bytes | None]:
        """The line of token ``index`` and its text (the last line and None past the end)."""
        start = 0
        for i, match in enumerate(_TOKEN.finditer(self.data)):
            start = match.start()
            if i == index:
                return self.data.count(b"\n", 0, start) + 1, match.group()
        return self.data.count(b"\n", 0, len(self.data.rstrip())) + 1, None
