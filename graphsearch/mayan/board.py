"""The Mayan board, moves and puzzles: small frozen types, judge-format parsing and printing.

Coordinates follow the statement: column ``x = 0..4`` from the left, row ``y = 0..6`` from
the bottom.  A board is five stacks of colors, bottom first; blocks never float.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import total_ordering
from numbers import Integral
from typing import cast

from graphsearch._checks import check_text, is_integer
from graphsearch._tokens import TokenReader
from graphsearch.errors import InvalidInputError
from graphsearch.mayan.lines import HEIGHT, WIDTH, run_cells

__all__ = [
    "HEIGHT",
    "MAX_COLOR",
    "MAX_INPUT_BYTES",
    "MAX_N",
    "WIDTH",
    "Board",
    "InvalidBoardError",
    "Move",
    "Puzzle",
    "find_runs",
    "format_moves",
    "parse_puzzle",
]

MAX_COLOR = 10
# The most moves a puzzle may ask for: an answer is one line a move, and the search goes one
# level deeper a move.  The judge's n is at most 5.
MAX_N = 10_000
# The longest input text taken: n, 35 colors and five 0s need a few hundred bytes.
MAX_INPUT_BYTES = 1 << 20


class InvalidBoardError(InvalidInputError):
    """The text is not a valid Mayan board or puzzle; the message names line and token."""


@total_ordering
@dataclass(frozen=True, slots=True)
class Move:
    """Drag the block at ``(x, y)`` one column right (``g = 1``) or left (``g = -1``).

    Moves order as the answer is ranked: by x, then y, then right before left.
    """

    x: int
    y: int
    g: int

    def __post_init__(self) -> None:
        for name in ("x", "y", "g"):
            value = getattr(self, name)
            if not is_integer(value):
                raise InvalidBoardError(f"a move's {name} is an integer, not {value!r}")
            object.__setattr__(self, name, int(value))
        if self.g not in (1, -1):
            raise InvalidBoardError(f"direction g must be 1 or -1, not {self.g!r}")

    @classmethod
    def of(cls, move: object) -> Move:
        """A Move, or an ``(x, y, g)`` triple as a Move."""
        if isinstance(move, Move):
            return move
        if isinstance(move, tuple | list) and len(move) == 3:
            return cls(*move)
        raise InvalidBoardError(f"a move is a Move or an (x, y, g) triple, not {move!r}")

    @property
    def sort_key(self) -> tuple[int, int, int]:
        return (self.x, self.y, -self.g)

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return self.sort_key < other.sort_key

    def to_text(self) -> str:
        """The judge's form, ``"x y g"``."""
        return f"{self.x} {self.y} {self.g}"

    @classmethod
    def from_text(cls, text: str) -> Move:
        """A move from its judge form ``"x y g"``."""
        parts = text.split()
        if len(parts) != 3 or not all(_is_int(part) for part in parts):
            raise InvalidBoardError(f"a move is three integers 'x y g', not {text!r}")
        x, y, g = map(int, parts)
        return cls(x, y, g)


@dataclass(frozen=True, slots=True)
class Board:
    """Five columns of colors (1..10), each listed bottom to top."""

    columns: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if not isinstance(self.columns, tuple) or not all(
            isinstance(column, tuple) for column in self.columns
        ):
            raise InvalidBoardError(
                f"a Board's columns are a tuple of tuples (Board.from_columns takes any "
                f"iterables), not {self.columns!r}"
            )
        if len(self.columns) != WIDTH:
            raise InvalidBoardError(f"a board has {WIDTH} columns, not {len(self.columns)}")
        for x, column in enumerate(self.columns):
            if len(column) > HEIGHT:
                raise InvalidBoardError(f"column {x} holds {len(column)} blocks; at most {HEIGHT}")
            for color in column:
                if not is_integer(color) or not 1 <= color <= MAX_COLOR:
                    raise InvalidBoardError(f"column {x}: color {color} is outside 1..{MAX_COLOR}")

    @classmethod
    def from_columns(cls, columns: Iterable[Iterable[int | str]]) -> Board:
        """A board from any five iterables of colors (integers, or their digits as
        strings), bottom first."""
        text = f"a board is five columns of colors, not text (Board.parse reads text): {columns!r}"
        if isinstance(columns, str | bytes):
            raise InvalidBoardError(text)
        listed = list(columns)
        if any(isinstance(column, str | bytes) for column in listed):
            raise InvalidBoardError(text)
        try:
            return cls(tuple(tuple(_color(c) for c in column) for column in listed))
        except (TypeError, ValueError) as exc:
            if isinstance(exc, InvalidBoardError):
                raise
            raise InvalidBoardError(
                f"a board is five columns of colors 1..{MAX_COLOR}: {exc}"
            ) from None

    @classmethod
    def empty(cls) -> Board:
        return cls(((),) * WIDTH)

    @classmethod
    def from_grid(cls, grid: Sequence[int]) -> Board:
        """A board from the flat cell list used by the rules (index ``x * 7 + y``)."""
        return cls(
            tuple(tuple(c for c in grid[x * HEIGHT : (x + 1) * HEIGHT] if c) for x in range(WIDTH))
        )

    def grid(self) -> list[int]:
        """The flat cell list, index ``x * 7 + y``, 0 for empty."""
        cells = [0] * (WIDTH * HEIGHT)
        for x, column in enumerate(self.columns):
            cells[x * HEIGHT : x * HEIGHT + len(column)] = column
        return cells

    def __getitem__(self, xy: tuple[int, int]) -> int:
        """The color at ``(x, y)``, 0 for an empty cell."""
        x, y = xy
        column = self.columns[x]
        return column[y] if 0 <= y < len(column) else 0

    @property
    def blocks(self) -> int:
        return sum(len(column) for column in self.columns)

    def is_empty(self) -> bool:
        return not any(self.columns)

    @classmethod
    def parse(cls, text: str | bytes) -> Board:
        """Five judge-format columns, each ending in 0 (line breaks do not matter)."""
        reader = TokenReader(check_text("a board", text, InvalidBoardError), InvalidBoardError)
        board = _read_board(reader)
        _expect_end(reader)
        return board

    from_text = parse

    def to_text(self) -> str:
        """Five lines in judge format, e.g. ``"2 1 0"``."""
        return "\n".join(" ".join(map(str, (*column, 0))) for column in self.columns) + "\n"

    def to_compact(self) -> str:
        """One line, columns separated by ``|``: ``"1|2 1|2 3 4|3 1|2 4 3 4"``."""
        return "|".join(" ".join(map(str, column)) for column in self.columns)

    @classmethod
    def from_compact(cls, text: str) -> Board:
        parts = text.split("|")
        if len(parts) != WIDTH:
            raise InvalidBoardError(f"a board has {WIDTH} columns separated by '|'")
        return cls.from_columns(part.split() for part in parts)

    def render(
        self,
        style: Callable[[int, str, bool], str] | None = None,
        marked: frozenset[tuple[int, int]] = frozenset(),
    ) -> str:
        """A drawing, top row first, ``.`` for an empty cell.

        ``style(color, text, is_marked)`` may decorate each cell's text (the CLI colors it);
        ``marked`` holds the cells ``(x, y)`` to draw as marked (``*`` in plain text).
        """
        lines = []
        for y in reversed(range(HEIGHT)):
            cells = []
            for x in range(WIDTH):
                color = self[x, y]
                is_marked = (x, y) in marked
                text = f"{color:>2}" if color else " ."
                if style is not None:
                    cells.append(style(color, text, is_marked) + " ")
                else:
                    cells.append(text + ("*" if is_marked else " "))
            lines.append(f"{y} |" + "".join(cells).rstrip())
        lines.append("  +" + "---" * WIDTH)
        lines.append("   " + "".join(f"{x:>2} " for x in range(WIDTH)).rstrip())
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Board.from_compact({self.to_compact()!r})"


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A board to clear in exactly ``n`` moves (1 <= n <= MAX_N; the board holds no run)."""

    n: int
    board: Board

    def __post_init__(self) -> None:
        if not isinstance(self.board, Board):
            raise InvalidBoardError(f"a puzzle's board must be a Board, not {self.board!r}")
        if not isinstance(self.n, int) or isinstance(self.n, bool):
            raise InvalidBoardError(f"the number of moves n must be an integer, not {self.n!r}")
        if not 1 <= self.n <= MAX_N:
            raise InvalidBoardError(f"the number of moves n must be 1..{MAX_N}, not {self.n}")
        runs = find_runs(self.board)
        if runs:
            raise InvalidBoardError(_run_message(self.board, min(runs)))

    @classmethod
    def parse(cls, text: str | bytes) -> Puzzle:
        """The judge's input format (see ``parse_puzzle``)."""
        return parse_puzzle(text)

    from_text = parse

    def to_text(self) -> str:
        return f"{self.n}\n{self.board.to_text()}"


def parse_puzzle(text: str | bytes) -> Puzzle:
    """Judge input: ``n``, then five columns bottom to top, each ending in ``0``.

    Raises InvalidBoardError (naming the line and the token) for anything the judge would not
    give: n < 1, a color outside 1..10, a column of more than 7 blocks, a missing 0, trailing
    tokens, or a board that already holds a run of three.
    """
    check_text("a puzzle", text, InvalidBoardError)
    if len(text) > MAX_INPUT_BYTES:
        raise InvalidBoardError(
            f"the input is over {MAX_INPUT_BYTES} bytes; a puzzle is a few lines"
        )
    reader = TokenReader(text, InvalidBoardError)
    if reader.at_end():
        raise InvalidBoardError("line 1: the input is empty; expected n and five columns")
    n = reader.next_int("the number of moves n")
    if not 1 <= n <= MAX_N:
        raise reader.fail(f"the number of moves n must be 1..{MAX_N}")
    lines: dict[tuple[int, int], int] = {}
    board = _read_board(reader, lines)
    _expect_end(reader)
    runs = find_runs(board)
    if runs:
        cell = min(runs)
        raise InvalidBoardError(f"line {lines[cell]}: {_run_message(board, cell)}")
    return Puzzle(n, board)


def find_runs(board: Board) -> set[tuple[int, int]]:
    """Every cell ``(x, y)`` that lies in a horizontal or vertical run of three or more."""
    if not isinstance(board, Board):
        raise InvalidBoardError(f"expected a Board, not {type(board).__name__}")
    return {divmod(cell, HEIGHT) for cell in run_cells(board.grid())}


def _run_message(board: Board, cell: tuple[int, int]) -> str:
    x, y = cell
    return f"the board already holds a run of three or more (color {board[x, y]} at x={x}, y={y})"


def _color(value: object) -> int:
    """A color given to ``from_columns``: an integer, or a string of digits."""
    if is_integer(value):
        return int(cast(Integral, value))
    if isinstance(value, str) and _is_int(value):
        return int(value)
    raise InvalidBoardError(f"a board is five columns of colors 1..{MAX_COLOR}: not {value!r}")


def _is_int(token: str) -> bool:
    return token.lstrip("+-").isascii() and token.lstrip("+-").isdigit() and len(token) < 20


def _read_board(reader: TokenReader, lines: dict[tuple[int, int], int] | None = None) -> Board:
    """Five columns; ``lines`` (when given) gets the line of each block."""
    columns = []
    for x in range(WIDTH):
        column: list[int] = []
        while True:
            color = reader.next_int(f"a color of column {x} (or its closing 0)")
            if color == 0:
                break
            if not 1 <= color <= MAX_COLOR:
                raise reader.fail(f"column {x}: a color must be 1..{MAX_COLOR} (0 ends it)")
            if len(column) == HEIGHT:
                raise reader.fail(
                    f"column {x} has more than {HEIGHT} blocks (is its closing 0 missing?)"
                )
            if lines is not None:
                lines[x, len(column)] = reader.line
            column.append(color)
        columns.append(tuple(column))
    return Board(tuple(columns))


def _expect_end(reader: TokenReader) -> None:
    if not reader.at_end():
        reader.take("nothing")
        raise reader.fail("unexpected token after the fifth column")


def format_moves(moves: Iterable[Move] | None) -> str:
    """The judge's output: one ``x y g`` line per move, or ``-1`` when there is none."""
    if moves is None:
        return "-1\n"
    return "".join(move.to_text() + "\n" for move in moves)
