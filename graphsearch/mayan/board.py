"""The Mayan board, moves and puzzles: small frozen types, judge-format parsing and printing.

Coordinates follow the statement: column ``x = 0..4`` from the left, row ``y = 0..6`` from
the bottom.  A board is five stacks of colors, bottom first; blocks never float.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering

from graphsearch._tokens import TokenReader

__all__ = [
    "HEIGHT",
    "MAX_COLOR",
    "WIDTH",
    "Board",
    "InvalidBoardError",
    "Move",
    "Puzzle",
    "format_moves",
    "parse_puzzle",
]

WIDTH = 5
HEIGHT = 7
MAX_COLOR = 10


class InvalidBoardError(ValueError):
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
        if self.g not in (1, -1):
            raise ValueError(f"direction g must be 1 or -1, not {self.g!r}")

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
        x, y, g = (int(token) for token in text.split())
        return cls(x, y, g)


@dataclass(frozen=True, slots=True)
class Board:
    """Five columns of colors (1..10), each listed bottom to top."""

    columns: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        if len(self.columns) != WIDTH:
            raise InvalidBoardError(f"a board has {WIDTH} columns, not {len(self.columns)}")
        for x, column in enumerate(self.columns):
            if len(column) > HEIGHT:
                raise InvalidBoardError(f"column {x} holds {len(column)} blocks; at most {HEIGHT}")
            for color in column:
                if not 1 <= color <= MAX_COLOR:
                    raise InvalidBoardError(f"column {x}: color {color} is outside 1..{MAX_COLOR}")

    @classmethod
    def from_columns(cls, columns) -> Board:
        """A board from any five iterables of colors, bottom first."""
        return cls(tuple(tuple(int(c) for c in column) for column in columns))

    @classmethod
    def empty(cls) -> Board:
        return cls(((),) * WIDTH)

    @classmethod
    def from_grid(cls, grid) -> Board:
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
        reader = TokenReader(text, InvalidBoardError)
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

    def render(self, style=None, marked=frozenset()) -> str:
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
    """A board to clear in exactly ``n`` moves."""

    n: int
    board: Board

    def to_text(self) -> str:
        return f"{self.n}\n{self.board.to_text()}"


def parse_puzzle(text: str | bytes) -> Puzzle:
    """Judge input: ``n``, then five columns bottom to top, each ending in ``0``.

    Raises InvalidBoardError (naming the line and the token) for anything the judge would not
    give: n < 1, a color outside 1..10, a column of more than 7 blocks, a missing 0, trailing
    tokens, or a board that already holds a run of three.
    """
    reader = TokenReader(text, InvalidBoardError)
    if reader.at_end():
        raise InvalidBoardError("line 1: the input is empty; expected n and five columns")
    n = reader.next_int("the number of moves n")
    if n < 1:
        raise reader.fail("the number of moves n must be at least 1")
    board = _read_board(reader)
    _expect_end(reader)
    _check_stable(board, reader.line)
    return Puzzle(n, board)


def _read_board(reader: TokenReader) -> Board:
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
            column.append(color)
        columns.append(tuple(column))
    return Board(tuple(columns))


def _check_stable(board: Board, line: int) -> None:
    from graphsearch.mayan.rules import find_runs  # rules imports this module

    runs = find_runs(board)
    if runs:
        x, y = min(runs)
        raise InvalidBoardError(
            f"line {line}: the board already holds a run of three or more "
            f"(color {board[x, y]} at x={x}, y={y})"
        )


def _expect_end(reader: TokenReader) -> None:
    if not reader.at_end():
        reader.take("nothing")
        raise reader.fail("unexpected token after the fifth column")


def format_moves(moves) -> str:
    """The judge's output: one ``x y g`` line per move, or ``-1`` when there is none."""
    if moves is None:
        return "-1\n"
    return "".join(move.to_text() + "\n" for move in moves)
