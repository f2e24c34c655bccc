"""Pages that play an answer step by step and explain each step (``--format html``).

One template (``templates/watch.html``: HTML, CSS and plain JavaScript, kept as package
data) and the answer embedded in it as JSON.  Every board the page shows, every tile's
slide and every removal was computed here by the library's rules (``llk.game.replay`` and
``settle_slides``, ``mayan.rules.apply_move_traced``): the page only plays them back, it
carries no copy of the rules.  No request leaves the page (its content security policy
forbids any), so it works opened straight from disk.

A case is a dict: ``kind`` ("clear", "mayan" or "llk"), ``rows``, ``cols``, ``ring``
(whether paths may leave the board), ``title``, ``rules`` (the rules in words),
``verdict`` (a word: ``YES``, ``NO``, ``-1``, ...), ``reason`` (why a ``NO`` or ``-1``),
``summary``, ``listTitle``, ``start`` (the board at step 0, row-major, 0 for empty) with
``startMarks``, ``startPath`` and ``startNote``, ``end`` (a word for the last step), and
``steps``.  A step has its ``label`` (its line in the move list; ``spoken``, when there is
one, is what follows "move k: " in its button's accessible name), ``note``, ``after`` (the
settled board after it), ``frames`` (what the animation shows, in order) and ``rest``
(on a query page, ``answer``, ``summary`` and ``reason`` are the query's, shown in the
verdict while it is the step on screen) and ``rest`` (the marks the step leaves on the
resting board: ``ghosts`` ``[r, c, type]``, ``path``,
``marks`` and ``from``, each ``[r, c, r0, c0]``: the tile now at (r, c) stood on
(r0, c0) before the step).  A frame is ``{"kind": "mark", "marks", "path"}`` (cells
outlined, a path drawn), ``{"kind": "cross", "cells"}`` (blocks about to vanish),
``{"kind": "vanish", "cells", "board"}`` (tiles gone, the board after) or ``{"kind":
"slide", "moved", "board"}`` (tiles sliding from where they stood to the board after).
Cells are 0-based ``[row, column]`` of the drawing, top row first; the ring is row or
column -1 and n.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

    from graphsearch.llk.grid import Case
    from graphsearch.llk.link import Link
    from graphsearch.llk.rules import ClearRules
    from graphsearch.mayan.board import Board, Move, Puzzle
    from graphsearch.mayan.result import MayanResult

__all__ = [
    "FACE_COLORS",
    "FACE_SHAPES",
    "clear_case",
    "face",
    "llk_case",
    "mayan_case",
    "mayan_step",
    "page",
]

# Twelve fills far apart in hue and lightness and five shapes: sixty faces, each type also
# showing its number, so that types stay apart for colour-blind eyes.  The ink is the one
# that reads on the fill.
FACE_COLORS = (
    ("blue", "#0072b2", "#fff"), ("orange", "#e69f00", "#000"),
    ("green", "#009e73", "#fff"), ("yellow", "#f0e442", "#000"),
    ("pink", "#cc79a7", "#000"), ("sky", "#56b4e9", "#000"),
    ("vermilion", "#d55e00", "#fff"), ("grey", "#8a8a8a", "#000"),
    ("brown", "#8c510a", "#fff"), ("lime", "#b2df8a", "#000"),
    ("purple", "#6a3d9a", "#fff"), ("rose", "#fb9a99", "#000"),
)  # fmt: skip
FACE_SHAPES = ("square", "circle", "diamond", "hexagon", "shield")

Cell = tuple[int, int]
Json = dict[str, Any]


def face(kind: int) -> str:
    """The identifier of a tile type's face (``data-face``): a colour and a shape, the
    same for every type modulo 60, so no two of types 1 to 60 share one."""
    index = (kind - 1) % (len(FACE_COLORS) * len(FACE_SHAPES))
    shape, color = divmod(index, len(FACE_COLORS))
    return f"{FACE_COLORS[color][0]}-{FACE_SHAPES[shape]}"


def page(cases: Sequence[Json], title: str, *, play: Json | None = None) -> str:
    """The self-contained page playing ``cases`` (a case picker when there are several);
    with ``play`` (``serve.play_case``), the play page: the board dealt, played by
    clicking pairs, with the server's exact verdict after every move."""
    palette = {
        "colors": [fill for _, fill, _ in FACE_COLORS],
        "inks": [ink for _, _, ink in FACE_COLORS],
        "colorNames": [name for name, _, _ in FACE_COLORS],
        "shapes": list(FACE_SHAPES),
    }
    data = {"palette": palette, "cases": list(cases), "play": play}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    text = text.replace("<", "\\u003c")  # nothing in the data can close the script element
    template = resources.files("graphsearch").joinpath("templates/watch.html").read_text("utf-8")
    escaped = title.replace("&", "&amp;").replace("<", "&lt;")
    # no request leaves a watch page; the play page talks to the server it came from
    policy = (
        "default-src 'none'; style-src 'unsafe-inline'; "
        "script-src 'unsafe-inline' 'unsafe-eval'; img-src data:"
    )
    if play is not None:
        policy += "; connect-src 'self'"
    page = template.replace("__TITLE__", escaped).replace("__POLICY__", policy)
    return page.replace("__DATA__", text)


def _flat(board: np.ndarray) -> list[int]:
    return [int(v) for v in board.ravel()]


def _cell(cell: Cell) -> list[int]:
    return [int(cell[0]), int(cell[1])]


def _name(cell: Cell) -> str:
    """A 连连看 cell as the judge writes it: 1-based row and column."""
    return f"({cell[0] + 1}, {cell[1] + 1})"


def _moved(origin: dict[Cell, Cell]) -> list[list[int]]:
    return [[*to, *origin[to]] for to in sorted(origin) if origin[to] != to]


def _follow(origin: dict[Cell, Cell], moved: Sequence[tuple[Cell, Cell]]) -> dict[Cell, Cell]:
    """Where the tiles stood before the step, after one more pass moved ``(to, from)``."""
    out = dict(origin)
    for _, frm in moved:
        out.pop(frm, None)
    for to, frm in moved:
        out[to] = origin.get(frm, frm)
    return out


# --- 连连看: a whole clearing ----------------------------------------------------------------


def clear_case(
    board: np.ndarray,
    moves: Sequence[Any] | None,
    *,
    title: str,
    rules: ClearRules | None = None,
    outside: bool | None = None,
    max_turns: int | None = None,
    gravity: str | None = None,
    nodes: int | None = None,
    hint: bool = False,
    reason: str | None = None,
    first: int = 1,
) -> Json:
    """A clearing (or its first move, ``hint``), replayed through the rules (``rules``
    with any of the keywords in place of its own); a NO with what is known of why
    (``nodes``: the positions the search looked at), or with ``reason`` when given;
    ``first``: the number of the first move (a game's move played on its own)."""
    from graphsearch._words import plural
    from graphsearch.llk.game import replay, settle, settle_slides, why_not_clearable
    from graphsearch.llk.rules import ClearRules

    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    start = settle(board, rules.gravity)
    rows, cols = start.shape
    tiles = int((start != 0).sum())
    case: Json = {
        "kind": "clear",
        "rows": rows,
        "cols": cols,
        "ring": rules.outside,
        "title": title,
        "rules": rules.in_words(),
        "listTitle": "Moves: tile type, then row and column of both tiles (from 1)",
        "start": _flat(start),
        "startMarks": [],
        "startPath": None,
        "startNote": f"The board as dealt{'' if rules.gravity == 'none' else ', settled'}: "
        f"{plural(tiles, 'tile')}.",
        "reason": "",
        "end": "",
        "steps": [],
    }
    if moves is None:
        case["verdict"] = "NO"
        case["reason"] = reason or why_not_clearable(start, rules, nodes=nodes)
        case["summary"] = "no order of moves clears this board"
        return case
    steps = replay(start, moves, rules)
    before = start
    for number, step in enumerate(steps, first):
        a, b = step.move.a, step.move.b
        kind = int(before[a])
        path = _path(step.link)
        gone = before.copy()
        gone[a] = gone[b] = 0
        frames: list[Json] = [
            {"kind": "mark", "marks": [_cell(a), _cell(b)], "path": path},
            {"kind": "vanish", "cells": [_cell(a), _cell(b)], "board": _flat(gone)},
        ]
        origin: dict[Cell, Cell] = {}
        for slide in settle_slides(gone, rules.gravity):
            moved = [[*to, *frm] for to, frm in slide.moved]
            frames.append({"kind": "slide", "moved": moved, "board": _flat(slide.after)})
            origin = _follow(origin, slide.moved)
        slid = _moved(origin)
        turns = step.link.turns or 0
        note = (
            f"Move {number}: the two tiles of type {kind} at {_name(a)} and {_name(b)} "
            f"go, joined by a path of {plural(turns, 'turn')}"
        )
        if slid:
            note += f"; {plural(len(slid), 'tile')} slid ({rules.gravity})"
        case["steps"].append(
            {
                "label": f"type {kind}: {step.move.to_text()}",
                "spoken": f"{step.move.to_text()}, type {kind}",
                "note": note + ".",
                "frames": frames,
                "rest": {
                    "ghosts": [[*a, kind], [*b, kind]],
                    "path": path,
                    "marks": [],
                    "from": slid,
                },
                "after": _flat(step.after),
            }
        )
        before = step.after
    if hint:
        case["verdict"] = "YES"
        case["summary"] = "a hint: a move that keeps the board clearable"
        if case["steps"]:
            hinted = case["steps"][0]
            case["startMarks"] = hinted["frames"][0]["marks"]
            case["startPath"] = hinted["frames"][0]["path"]
            case["startNote"] = f"Hint: {hinted['label']} leads to a clearing."
        else:
            case["startNote"] = "The board is empty: nothing to do."
    else:
        case["verdict"] = "YES"
        case["summary"] = f"cleared in {plural(len(steps), 'move')}"
        case["end"] = "Cleared: the board is empty." if steps else ""
        if not steps:
            case["startNote"] = "The board is empty: cleared with no move."
    return case


def _path(link: Link) -> list[list[int]] | None:
    return [_cell(c) for c in link.path] if link.path else None


# --- 连连看: link queries --------------------------------------------------------------------


def llk_case(
    case: Case, links: Sequence[Link], *, title: str, outside: bool = False, max_turns: int = 2
) -> Json:
    """A case's queries, one step each: the two tiles marked and the path drawn."""
    from graphsearch._words import plural

    cells = _flat(case.board)
    rows, cols = case.board.shape
    steps = []
    for number, (query, link) in enumerate(zip(case.queries, links, strict=True), 1):
        label = _query_text(query)
        if link.linked:
            note = f"Query {number}, {label}: YES, a path of {plural(link.turns or 0, 'turn')}."
        else:
            note = f"Query {number}, {label}: NO" + (f", {link.reason}." if link.reason else ".")
        marks = [_cell(query.a), _cell(query.b)]
        path = _path(link)
        steps.append(
            {
                "label": f"{label} {'YES' if link.linked else 'NO'}",
                "note": note,
                "answer": "YES" if link.linked else "NO",
                "summary": f"query {number}, {label}"
                + (f": a path of {plural(link.turns or 0, 'turn')}" if link.linked else ""),
                "reason": "" if link.linked else (link.reason or ""),
                "frames": [{"kind": "mark", "marks": marks, "path": path}],
                "rest": {"ghosts": [], "path": path, "marks": marks, "from": []},
                "after": cells,
            }
        )
    yes = sum(link.linked for link in links)
    ring = (
        "Paths may run through the ring of empty cells around the board."
        if outside
        else "Paths stay on the board (no ring)."
    )
    return {
        "kind": "llk",
        "rows": rows,
        "cols": cols,
        "ring": outside,
        "title": title,
        "rules": f"Two tiles of one type link when a path of at most "
        f"{plural(max_turns, 'turn')} joins them through empty cells.  {ring}  "
        "Queries are independent: nothing is removed.",
        "listTitle": "Queries: row and column of both tiles (from 1)",
        "verdict": f"{yes} of {plural(len(links), 'query')} link",
        "reason": "",
        "summary": "",
        "end": "",
        "start": cells,
        "startMarks": [],
        "startPath": None,
        "startNote": "",
        "steps": steps,
    }


def _query_text(query: Any) -> str:
    (r1, c1), (r2, c2) = query.a, query.b
    return f"{r1 + 1} {c1 + 1} {r2 + 1} {c2 + 1}"


# --- Mayan --------------------------------------------------------------------------------


def _mayan_cells(board: Board) -> list[int]:
    """Seven rows top to bottom, five columns."""
    grid = board.grid()
    return [grid[x * 7 + (6 - r)] for r in range(7) for x in range(5)]


def _drawn(x: int, y: int) -> Cell:
    """A Mayan cell (column x, row y from the bottom) as drawn: row from the top, column."""
    return (6 - y, x)


def _drawn_moves(moved: Sequence[tuple[Cell, Cell]]) -> list[list[int]]:
    """``(to, from)`` pairs of Mayan cells as the frames' ``[r, c, r0, c0]``."""
    return [[*_drawn(*to), *_drawn(*frm)] for to, frm in moved if to != frm]


def _drag_moves(board: Board, move: Move) -> list[tuple[Cell, Cell]]:
    """Where the drag puts each block that it moves, ``(to, from)`` as ``(x, y)``: a swap
    exchanges two blocks; a drag into an empty cell drops the block on the other
    column's stack and the blocks above it fall one cell (checked against the rule
    simulator's board by the caller)."""
    x, y, g = move.x, move.y, move.g
    if board[x + g, y]:
        return [((x + g, y), (x, y)), ((x, y), (x + g, y))]
    height = len(board.columns[x + g])
    above = [((x, yy - 1), (x, yy)) for yy in range(y + 1, len(board.columns[x]))]
    return [((x + g, height), (x, y)), *above]


def _fall_moves(board: Board, removed: frozenset[tuple[int, int]]) -> list[tuple[Cell, Cell]]:
    """Where the blocks left after a removal round fall, ``(to, from)``: each column keeps
    its blocks' order (checked against the simulator's board by the caller)."""
    moved = []
    for x, column in enumerate(board.columns):
        kept = [y for y in range(len(column)) if (x, y) not in removed]
        moved += [((x, new), (x, old)) for new, old in enumerate(kept) if new != old]
    return moved


def _settled(board: Board, moved: Sequence[tuple[Cell, Cell]], gone: frozenset[Cell]) -> list[int]:
    """The board drawn with ``gone`` removed and ``moved`` applied (to check against the
    rules' board)."""
    cells = [0] * 35
    stays = {(x, y) for x, col in enumerate(board.columns) for y in range(len(col))}
    stays -= {frm for _, frm in moved} | gone
    for x, y in stays:
        cells[(6 - y) * 5 + x] = board[x, y]
    for (x, y), (fx, fy) in moved:
        cells[(6 - y) * 5 + x] = board[fx, fy]
    return cells


def mayan_case(
    puzzle: Puzzle, result: MayanResult, *, title: str, same_color_swaps: bool = True
) -> Json:
    """The answer's moves, each as its drag, every removal round of its chain and the fall,
    from the rule simulator; a -1 with what is known of why."""
    from graphsearch._words import plural
    from graphsearch.mayan.bounds import why_unsolvable

    board = puzzle.board
    swaps = (
        "Same-color swaps are allowed, as the statement says: swapping two blocks of the "
        "same color is a move that changes nothing but spends one."
        if same_color_swaps
        else "Same-color swaps are never made (--no-same-color-swaps): no move swaps two "
        "blocks of the same color."
    )
    case: Json = {
        "kind": "mayan",
        "rows": 7,
        "cols": 5,
        "ring": False,
        "title": title,
        "rules": f"Exactly {plural(puzzle.n, 'move')} must empty the board.  A move drags a "
        "block one column left or right: onto a block it swaps with it, into an empty cell "
        f"it falls.  Runs of three or more of one color vanish, then blocks fall.  {swaps}",
        "listTitle": "Moves: x y g (column x from the left, row y from the bottom, from 0; "
        "g = 1 right, -1 left)",
        "start": _mayan_cells(board),
        "startMarks": [],
        "startPath": None,
        "startNote": f"The puzzle: {plural(board.blocks, 'block')}, {plural(puzzle.n, 'move')}.",
        "reason": "",
        "end": "",
        "steps": [],
    }
    if result.moves is None:
        case["verdict"] = "-1"
        case["reason"] = why_unsolvable(
            board.grid(), puzzle.n, nodes=result.stats.nodes, prefilter=result.stats.prefilter
        )
        case["summary"] = f"no sequence of exactly {plural(puzzle.n, 'move')} empties this board"
        return case
    for number, move in enumerate(result.moves, 1):
        case["steps"].append(mayan_step(board, move, number))
        board = _after(board, move)
    case["verdict"] = "YES"
    case["summary"] = f"solved in {plural(len(result.moves), 'move')}"
    case["end"] = "Solved: the board is empty."
    return case


def _after(board: Board, move: Move) -> Board:
    from graphsearch.mayan.rules import apply_move

    return apply_move(board, move)


def mayan_step(board: Board, move: Move, number: int) -> Json:
    """One move: the two cells marked, the drag, then each round's blocks crossed, gone,
    and the fall; ``rest`` says where each block came from and where blocks vanished."""
    from graphsearch._words import plural
    from graphsearch.mayan.rules import apply_move_traced

    trace = apply_move_traced(board, move)
    x, y, g = move.x, move.y, move.g
    target = (x + g, y)
    frames: list[Json] = [
        {"kind": "mark", "marks": [_cell(_drawn(x, y)), _cell(_drawn(*target))], "path": None}
    ]
    drag = _drag_moves(board, move)
    if _settled(board, drag, frozenset()) != _mayan_cells(trace.dragged):
        raise RuntimeError("the drawn drag differs from the rules' board")  # never
    origin: dict[Cell, Cell] = {to: frm for to, frm in drag}
    frames.append(
        {"kind": "slide", "moved": _drawn_moves(drag), "board": _mayan_cells(trace.dragged)}
    )
    shown, ghosts = trace.dragged, {}
    for removed, fallen in zip(trace.rounds, trace.fallen, strict=True):
        cells = sorted(_cell(_drawn(*c)) for c in removed)
        for cx, cy in removed:
            ghosts[_drawn(cx, cy)] = shown[cx, cy]
        left = _mayan_cells(shown)
        for r, c in cells:
            left[r * 5 + c] = 0
        frames.append({"kind": "cross", "cells": cells})
        frames.append({"kind": "vanish", "cells": cells, "board": left})
        fall = _fall_moves(shown, removed)
        if _settled(shown, fall, removed) != _mayan_cells(fallen):
            raise RuntimeError("the drawn fall differs from the rules' board")  # never
        if fall:
            frames.append(
                {"kind": "slide", "moved": _drawn_moves(fall), "board": _mayan_cells(fallen)}
            )
        for cell in removed:
            origin.pop(cell, None)
        origin = _follow(origin, fall)
        shown = fallen
    same = bool(board[target]) and board[target] == board[x, y]
    side = "right" if g == 1 else "left"
    note = f"Move {number}: the block at x {x}, y {y} goes {side}"
    if same:
        note += (
            ": it swaps with a block of the same color, so the board does not change "
            "(the move is spent)"
        )
    elif board[target]:
        note += ", swapping with its neighbour"
    if trace.rounds:
        vanished = sum(len(r) for r in trace.rounds)
        note += f"; {plural(vanished, 'block')} vanish in {plural(len(trace.rounds), 'round')}"
    rest_from = [[*_drawn(*to), *_drawn(*frm)] for to, frm in sorted(origin.items()) if to != frm]
    return {
        "label": f"{x} {y} {g}",
        "note": note + ".",
        "same": same,
        "frames": frames,
        "rest": {
            "ghosts": [[r, c, kind] for (r, c), kind in sorted(ghosts.items())],
            "path": None,
            "marks": [_cell(_drawn(x, y)), _cell(_drawn(*target))] if same else [],
            "from": rest_from,
        },
        "after": _mayan_cells(trace.after),
    }
