"""SVG drawings of a Mayan solution: a strip of boards, one per move (drawsvg).

Each move's board is shown right after the drag: the dragged block outlined, an arrow from
where it was, and every block that the move makes vanish crossed out with the number of
the round it vanishes in.  The strip starts with the input board and ends with the board
after the last move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from graphsearch._palette import fill
from graphsearch._words import plural
from graphsearch.mayan.board import HEIGHT, WIDTH, Board, Move, Puzzle
from graphsearch.mayan.rules import MoveTrace, apply_move_traced

__all__ = ["solution_svg", "vanishing_cells"]

CELL = 30
PAD = 14
TITLE = 26


def vanishing_cells(trace: MoveTrace) -> dict[tuple[int, int], int]:
    """The cells of the dragged board whose blocks vanish, with the round they vanish in.

    Rounds report cells as they stand in that round; blocks only fall in their column and
    keep their order, so each column's survivors are followed back to where they started.
    """
    origin = {x: list(range(len(trace.dragged.columns[x]))) for x in range(WIDTH)}
    cells: dict[tuple[int, int], int] = {}
    for number, removed in enumerate(trace.rounds, 1):
        for x in range(WIDTH):
            gone = {y for cx, y in removed if cx == x}
            for y in gone:
                cells[x, origin[x][y]] = number
            origin[x] = [row for i, row in enumerate(origin[x]) if i not in gone]
    return cells


def _landing(board: Board, move: Move) -> tuple[int, int]:
    """Where the dragged block stands right after the drag."""
    x = move.x + move.g
    return (x, move.y) if board[x, move.y] else (x, len(board.columns[x]))


Cell = tuple[int, int]


def _text(text: str, size: float, x: float, y: float, **style: Any) -> Any:
    import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

    return dw.Text(text, size, x, y, text_anchor="middle", font_family="sans-serif", **style)


@dataclass
class _Panel:
    """One board of the strip, drawn from the left edge ``ox``."""

    draw: Any  # a drawsvg.Drawing
    ox: float
    top: float = PAD + TITLE

    def corner(self, x: int, y: int) -> tuple[float, float]:
        """The upper left corner of cell (x, y)."""
        return self.ox + x * CELL, self.top + (HEIGHT - 1 - y) * CELL

    def frame(self, title: str) -> None:
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        self.draw.append(_text(title, 13, self.ox + WIDTH * CELL / 2, PAD + 4))
        self.draw.append(
            dw.Rectangle(
                self.ox,
                self.top,
                WIDTH * CELL,
                HEIGHT * CELL,
                fill="#fafafa",
                stroke="#888",
                stroke_width=1,
            )
        )

    def block(self, x: int, y: int, color: int, outlined: bool) -> None:
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        left, upper = self.corner(x, y)
        self.draw.append(
            dw.Rectangle(
                left + 1,
                upper + 1,
                CELL - 2,
                CELL - 2,
                rx=4,
                fill=fill(color),
                stroke="#333",
                stroke_width=3 if outlined else 1,
            )
        )
        self.draw.append(_text(str(color), 12, left + CELL / 2, upper + CELL / 2 + 4))

    def cross(self, x: int, y: int, round_number: int) -> None:
        """Cross out a vanishing block and tag it with its round."""
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        left, upper = self.corner(x, y)
        for x1, y1, x2, y2 in ((4, 4, CELL - 4, CELL - 4), (CELL - 4, 4, 4, CELL - 4)):
            self.draw.append(
                dw.Line(
                    left + x1,
                    upper + y1,
                    left + x2,
                    upper + y2,
                    stroke="black",
                    stroke_width=1.5,
                    stroke_opacity=0.55,
                )
            )
        self.draw.append(
            dw.Circle(left + CELL - 5, upper + 5, 5, fill="white", stroke="black", stroke_width=0.8)
        )
        self.draw.append(_text(str(round_number), 8, left + CELL - 5, upper + 8))

    def arrow(self, start: Cell, end: Cell) -> None:
        """An arrow from the cell the block was dragged from to where it stands."""
        import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

        marker = dw.Marker(-0.1, -0.5, 0.9, 0.5, scale=6, orient="auto")
        marker.append(dw.Lines(-0.1, -0.5, -0.1, 0.5, 0.9, 0, fill="black", close=True))
        (x1, y1), (x2, y2) = (self.centre(cell) for cell in (start, end))
        y1, y2 = y1 + CELL * 0.3, y2 + CELL * 0.3  # below the numbers
        shrink = 0.3
        self.draw.append(
            dw.Line(
                x1 + (x2 - x1) * shrink,
                y1 + (y2 - y1) * shrink,
                x2 - (x2 - x1) * shrink,
                y2 - (y2 - y1) * shrink,
                stroke="black",
                stroke_width=2,
                marker_end=marker,
            )
        )

    def centre(self, cell: Cell) -> tuple[float, float]:
        return self.ox + (cell[0] + 0.5) * CELL, self.top + (HEIGHT - 0.5 - cell[1]) * CELL

    def axis(self) -> None:
        for x in range(WIDTH):
            self.draw.append(
                _text(
                    str(x),
                    10,
                    self.ox + (x + 0.5) * CELL,
                    self.top + HEIGHT * CELL + 12,
                    fill="#666",
                )
            )


def _panel(
    draw: Any,
    ox: float,
    board: Board,
    title: str,
    *,
    moved: Cell | None = None,
    arrow_from: Cell | None = None,
    crossed: dict[Cell, int] | None = None,
) -> None:
    """One board: its blocks, the dragged one outlined, vanishing ones crossed out."""
    panel = _Panel(draw, ox)
    crossed = crossed or {}
    panel.frame(title)
    for x in range(WIDTH):
        for y in range(HEIGHT):
            color = board[x, y]
            if not color:
                continue
            panel.block(x, y, color, (x, y) == moved)
            if (x, y) in crossed:
                panel.cross(x, y, crossed[x, y])
    if moved is not None and arrow_from is not None:
        panel.arrow(arrow_from, moved)
    panel.axis()


def solution_svg(puzzle: Puzzle, moves: Sequence[Move] | None) -> str:
    """The strip for ``moves`` (None: the input board alone, marked as having no solution)."""
    import drawsvg as dw  # type: ignore[import-untyped,unused-ignore]

    panels = 1 if moves is None else len(moves) + 2
    width = panels * (WIDTH * CELL + PAD) + PAD
    height = PAD + TITLE + HEIGHT * CELL + 20
    draw = dw.Drawing(width, height)
    draw.append(dw.Rectangle(0, 0, width, height, fill="white"))
    board = puzzle.board
    if moves is None:
        _panel(draw, PAD, board, f"no solution in {plural(puzzle.n, 'move')}")
        return str(draw.as_svg())
    _panel(draw, PAD, board, f"start, n = {puzzle.n}")
    for i, move in enumerate(moves, 1):
        trace = apply_move_traced(board, move)
        _panel(
            draw,
            PAD + i * (WIDTH * CELL + PAD),
            trace.dragged,
            f"{i}: {move.to_text()}",
            moved=_landing(board, move),
            arrow_from=(move.x, move.y),
            crossed=vanishing_cells(trace),
        )
        board = trace.after
    _panel(
        draw,
        PAD + (len(moves) + 1) * (WIDTH * CELL + PAD),
        board,
        "cleared" if board.is_empty() else "end",
    )
    return str(draw.as_svg())
