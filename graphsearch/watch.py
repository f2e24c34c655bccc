"""Pages that play an answer step by step (``--format html``, SPEC section 6).

One template (``templates/watch.html``: HTML, CSS and plain JavaScript, kept as package
data) and the answer embedded in it as JSON.  Every board the page shows was computed here
by the library's rules (``llk.game.replay``, ``mayan.rules.apply_move_traced``): the page
only plays them back, it carries no copy of the rules.  No request leaves the page (its
content security policy forbids any), so it works opened straight from disk.

A case is a dict: ``kind`` ("clear", "mayan" or "llk"), ``rows``, ``cols``, ``title``,
``verdict``, ``why`` (lines that explain a NO or -1), ``start`` (the board at step 0,
row-major, 0 for empty) with ``startMarks`` and ``startNote``, and ``steps``: each with its
``label``, ``note``, ``after`` (the settled board after it) and ``frames`` (what the
animation draws before ``after``: ``cells`` (None: the board before the step), ``marks``,
``crosses`` and a ``path`` of cells, the ring as row or column -1 and n).
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
    from graphsearch.mayan.board import Board, Puzzle
    from graphsearch.mayan.result import MayanResult

__all__ = ["clear_case", "llk_case", "mayan_case", "page"]

# Twelve fills far apart in hue and lightness; each type also shows its number, so types
# stay apart for colour-blind eyes and past twelve.  The ink is the one that reads on it.
COLORS = (
    "#0072b2", "#e69f00", "#009e73", "#f0e442", "#cc79a7", "#56b4e9",
    "#d55e00", "#999999", "#8c510a", "#b2df8a", "#6a3d9a", "#fb9a99",
)  # fmt: skip
INKS = tuple("#000" if _light else "#fff" for _light in (0, 1, 0, 1, 1, 1, 0, 1, 0, 1, 0, 1))

Cell = tuple[int, int]
Json = dict[str, Any]


def page(cases: Sequence[Json], title: str) -> str:
    """The self-contained page playing ``cases`` (a case picker when there are several)."""
    data = {"palette": {"colors": COLORS, "inks": INKS}, "cases": list(cases)}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    text = text.replace("<", "\\u003c")  # nothing in the data can close the script element
    template = resources.files("graphsearch").joinpath("templates/watch.html").read_text("utf-8")
    escaped = title.replace("&", "&amp;").replace("<", "&lt;")
    return template.replace("__TITLE__", escaped).replace("__DATA__", text)


def _flat(board: np.ndarray) -> list[int]:
    return [int(v) for v in board.ravel()]


def _cell(cell: Cell) -> list[int]:
    return [int(cell[0]), int(cell[1])]


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
) -> Json:
    """A clearing (or its first move, ``hint``), replayed through the rules (``rules``
    with any of the keywords in place of its own); a NO with what is known of why
    (``nodes``: the positions the search looked at)."""
    from graphsearch.llk.game import replay, settle
    from graphsearch.llk.rules import ClearRules

    rules = ClearRules.of(rules, outside=outside, max_turns=max_turns, gravity=gravity)
    outside, max_turns, gravity = rules.outside, rules.max_turns, rules.gravity
    start = settle(board, gravity)
    rows, cols = start.shape
    case: Json = {
        "kind": "clear",
        "rows": rows,
        "cols": cols,
        "title": title,
        "start": _flat(start),
        "startMarks": [],
        "startNote": "",
        "why": [],
        "steps": [],
    }
    if moves is None:
        case["verdict"] = "NO: no order of moves clears it"
        case["why"] = _why_not_clear(start, outside, max_turns, nodes)
        return case
    steps = replay(start, moves, rules)
    before = start
    for step in steps:
        a, b = step.move.a, step.move.b
        frames: list[Json] = [
            {"cells": None, "marks": [_cell(a), _cell(b)], "crosses": [], "path": _path(step.link)}
        ]
        if gravity != "none":  # the two tiles gone, before the others slide
            gone = before.copy()
            gone[a] = gone[b] = 0
            frames.append({"cells": _flat(gone), "marks": [], "crosses": [], "path": None})
        turns = step.link.turns
        case["steps"].append(
            {
                "label": step.move.to_text(),
                "note": f"move {step.move.to_text()}: linked with {turns} turn"
                + ("" if turns == 1 else "s"),
                "frames": frames,
                "after": _flat(step.after),
            }
        )
        before = step.after
    if hint:
        first = case["steps"][0] if case["steps"] else None
        case["verdict"] = "YES: a hint"
        if first is not None:
            case["startMarks"] = first["frames"][0]["marks"]
            case["startNote"] = f"hint: {first['label']} leads to a clearing"
        else:
            case["startNote"] = "the board is empty"
    else:
        case["verdict"] = f"YES in {len(steps)} moves"
    return case


def _path(link: Link) -> list[list[int]] | None:
    return [_cell(c) for c in link.path] if link.path else None


def _why_not_clear(
    board: np.ndarray, outside: bool, max_turns: int, nodes: int | None
) -> list[str]:
    """What is known of why a board cannot be cleared."""
    from collections import Counter

    from graphsearch.llk.game import linkable_pairs

    counts = Counter(int(v) for v in board.ravel() if v)
    odd = sorted(kind for kind, count in counts.items() if count % 2)
    if odd:
        named = ", ".join(f"type {kind} ({counts[kind]} tiles)" for kind in odd[:10])
        more = f" and {len(odd) - 10} more" if len(odd) > 10 else ""
        return [f"a type with an odd count never goes: {named}{more}"]
    if not linkable_pairs(board, outside=outside, max_turns=max_turns):
        return [f"no two tiles of one type link (with at most {max_turns} turns)"]
    why = "every order of moves ends with tiles left"
    if nodes is not None:
        why += f": the search looked at {nodes} positions"
    return [why]


# --- 连连看: link queries --------------------------------------------------------------------


def llk_case(case: Case, links: Sequence[Link], *, title: str) -> Json:
    """A case's queries, one step each: the two tiles marked and the path drawn."""
    cells = _flat(case.board)
    rows, cols = case.board.shape
    steps = []
    for query, link in zip(case.queries, links, strict=True):
        label = query.to_text() if hasattr(query, "to_text") else _query_text(query)
        if link.linked:
            note = f"{label}: YES, {link.turns} turn" + ("" if link.turns == 1 else "s")
        else:
            note = f"{label}: NO" + (f" ({link.reason})" if link.reason else "")
        steps.append(
            {
                "label": f"{label} {'YES' if link.linked else 'NO'}",
                "note": note,
                "frames": [
                    {
                        "cells": None,
                        "marks": [_cell(query.a), _cell(query.b)],
                        "crosses": [],
                        "path": _path(link),
                    }
                ],
                "after": cells,
            }
        )
    yes = sum(link.linked for link in links)
    return {
        "kind": "llk",
        "rows": rows,
        "cols": cols,
        "title": title,
        "verdict": f"{yes} of {len(links)} queries link",
        "why": [],
        "start": cells,
        "startMarks": [],
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


def _mayan_cell(x: int, y: int) -> list[int]:
    return [6 - y, x]


def mayan_case(puzzle: Puzzle, result: MayanResult, *, title: str) -> Json:
    """The answer's moves, each as its drag, every removal round of its chain and the fall,
    from the rule simulator; a -1 with what is known of why."""
    from graphsearch.mayan.bounds import moves_needed
    from graphsearch.mayan.rules import apply_move_traced

    board = puzzle.board
    case: Json = {
        "kind": "mayan",
        "rows": 7,
        "cols": 5,
        "title": title,
        "start": _mayan_cells(board),
        "startMarks": [],
        "startNote": "",
        "why": [],
        "steps": [],
    }
    if result.moves is None:
        case["verdict"] = f"-1: no {puzzle.n} moves clear it"
        need = moves_needed(board.grid())
        if need > puzzle.n:
            case["why"] = [
                f"the blocks need at least {'more than 10' if need == 255 else need} moves "
                "to come together in runs (the column-histogram bound)"
            ]
        else:
            why = f"every sequence of {puzzle.n} moves leaves blocks"
            if result.stats.nodes:
                why += f": the search expanded {result.stats.nodes} states"
            case["why"] = [why]
        return case
    for move in result.moves:
        trace = apply_move_traced(board, move)
        before = _mayan_cells(board)
        dragged = _mayan_cells(trace.dragged)
        frames: list[Json] = [
            {
                "cells": None,
                "marks": [_mayan_cell(move.x, move.y), _mayan_cell(move.x + move.g, move.y)],
                "crosses": [],
                "path": None,
            },
            {
                "cells": dragged,
                "marks": [[i // 5, i % 5] for i in range(35) if dragged[i] != before[i]],
                "crosses": [],
                "path": None,
            },
        ]
        shown = dragged
        for removed, fallen in zip(trace.rounds, trace.fallen, strict=True):
            crosses = sorted(_mayan_cell(x, y) for x, y in removed)
            frames.append({"cells": shown, "marks": [], "crosses": crosses, "path": None})
            shown = _mayan_cells(fallen)
            frames.append({"cells": shown, "marks": [], "crosses": [], "path": None})
        chain = len(trace.rounds)
        note = f"move {move.x} {move.y} {move.g:+d}".replace("+", "")
        if chain:
            note += f": {sum(len(r) for r in trace.rounds)} blocks vanish in {chain} round" + (
                "" if chain == 1 else "s"
            )
        case["steps"].append(
            {
                "label": f"{move.x} {move.y} {move.g}",
                "note": note,
                "frames": frames,
                "after": _mayan_cells(trace.after),
            }
        )
        board = trace.after
    case["verdict"] = f"solved in {len(result.moves)} moves"
    return case
