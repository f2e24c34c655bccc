"""SVG drawings of a Mayan solution: a strip of boards, one per move (drawsvg).

Each move's board is shown right after the drag: the dragged block outlined, an arrow from
where it was, and every block that the move makes vanish crossed out with the number of
the round it vanishes in.  The strip starts with the input board and ends with the board
after the last move.
"""

from __future__ import annotations

from graphsearch._palette import fill
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
    cells = {}
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


def _panel(
    draw, ox: float, board: Board, title: str, *, moved=None, arrow_from=None, crossed=None
) -> None:
    import drawsvg as dw

    crossed = crossed or {}
    draw.append(
        dw.Text(
            title,
            13,
            ox + WIDTH * CELL / 2,
            PAD + 4,
            text_anchor="middle",
            font_family="sans-serif",
        )
    )
    top = PAD + TITLE
    draw.append(
        dw.Rectangle(
            ox, top, WIDTH * CELL, HEIGHT * CELL, fill="#fafafa", stroke="#888", stroke_width=1
        )
    )
    for x in range(WIDTH):
        for y in range(HEIGHT):
            color = board[x, y]
            left, upper = ox + x * CELL, top + (HEIGHT - 1 - y) * CELL
            if not color:
                continue
            draw.append(
                dw.Rectangle(
                    left + 1,
                    upper + 1,
                    CELL - 2,
                    CELL - 2,
                    rx=4,
                    fill=fill(color),
                    stroke="#333",
                    stroke_width=3 if (x, y) == moved else 1,
                )
            )
            draw.append(
                dw.Text(
                    str(color),
                    12,
                    left + CELL / 2,
                    upper + CELL / 2 + 4,
                    text_anchor="middle",
                    font_family="sans-serif",
                )
            )
            if (x, y) in crossed:
                for x1, y1, x2, y2 in ((4, 4, CELL - 4, CELL - 4), (CELL - 4, 4, 4, CELL - 4)):
                    draw.append(
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
                draw.append(
                    dw.Circle(
                        left + CELL - 5,
                        upper + 5,
                        5,
                        fill="white",
                        stroke="black",
                        stroke_width=0.8,
                    )
                )
                draw.append(
                    dw.Text(
                        str(crossed[x, y]),
                        8,
                        left + CELL - 5,
                        upper + 8,
                        text_anchor="middle",
                        font_family="sans-serif",
                    )
                )
    if moved is not None and arrow_from is not None:
        marker = dw.Marker(-0.1, -0.5, 0.9, 0.5, scale=6, orient="auto")
        marker.append(dw.Lines(-0.1, -0.5, -0.1, 0.5, 0.9, 0, fill="black", close=True))

        def centre(cell):
            return ox + (cell[0] + 0.5) * CELL, top + (HEIGHT - 0.5 - cell[1]) * CELL

        (x1, y1), (x2, y2) = centre(arrow_from), centre(moved)
        y1, y2 = y1 + CELL * 0.3, y2 + CELL * 0.3  # below the numbers
        shrink = 0.3
        draw.append(
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
    for x in range(WIDTH):
        draw.append(
            dw.Text(
                str(x),
                10,
                ox + (x + 0.5) * CELL,
                top + HEIGHT * CELL + 12,
                text_anchor="middle",
                font_family="sans-serif",
                fill="#666",
            )
        )


def solution_svg(puzzle: Puzzle, moves) -> str:
    """The strip for ``moves`` (None: the input board alone, marked as having no solution)."""
    import drawsvg as dw

    panels = 1 if moves is None else len(moves) + 2
    width = panels * (WIDTH * CELL + PAD) + PAD
    height = PAD + TITLE + HEIGHT * CELL + 20
    draw = dw.Drawing(width, height)
    draw.append(dw.Rectangle(0, 0, width, height, fill="white"))
    board = puzzle.board
    if moves is None:
        _panel(draw, PAD, board, f"no solution in {puzzle.n} moves")
        return draw.as_svg()
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
    return draw.as_svg()
