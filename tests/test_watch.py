"""The data of the answer pages (``--format html``): every board comes from the rules."""

from __future__ import annotations

import json
import random
import re

import numpy as np
import pytest

from graphsearch import llk, watch
from graphsearch.llk.game import replay, settle
from graphsearch.llk.generate import deal
from graphsearch.mayan import parse_puzzle
from graphsearch.mayan.rules import apply_move
from graphsearch.mayan.search import solve as solve_mayan


def embedded(html: str) -> dict:
    found = re.search(r'<script type="application/json" id="data">(.*?)</script>', html, re.S)
    assert found is not None
    return json.loads(found.group(1))


@pytest.mark.parametrize("gravity", ["none", "down", "left", "inward", "up-down-apart"])
def test_a_clearing_page_holds_the_rules_boards(gravity):
    board = deal(6, 8, 12, 4, random.Random(4))
    result = llk.clear(board, outside=True, gravity=gravity)
    assert result.moves is not None
    case = watch.clear_case(
        board, result.moves, title="t", outside=True, max_turns=2, gravity=gravity
    )
    start = settle(board, gravity)
    assert case["start"] == start.ravel().tolist()
    steps = replay(start, result.moves, outside=True, gravity=gravity)
    assert [s["after"] for s in case["steps"]] == [s.after.ravel().tolist() for s in steps]
    assert case["steps"][-1]["after"] == [0] * board.size
    for s, step in zip(case["steps"], steps, strict=True):
        assert s["frames"][0]["marks"] == [list(step.move.a), list(step.move.b)]
        assert s["frames"][0]["path"][0] == list(step.move.a)


def test_a_path_through_the_ring_leaves_the_board():
    board = np.array([[1, 2, 1], [2, 3, 3]])
    result = llk.clear(board, outside=True)
    case = watch.clear_case(
        board, result.moves, title="t", outside=True, max_turns=2, gravity="none"
    )
    paths = [p for s in case["steps"] for p in s["frames"][0]["path"]]
    assert any(r < 0 or c < 0 or r >= 2 or c >= 3 for r, c in paths)


def test_no_pages_say_why():
    odd = watch.clear_case(
        np.array([[1, 2, 1]]), None, title="t", outside=False, max_turns=2, gravity="none"
    )
    assert "odd count" in odd["reason"] and odd["steps"] == [] and odd["verdict"] == "NO"
    stuck = watch.clear_case(
        np.array([[1, 2], [2, 1]]), None, title="t", outside=False, max_turns=2, gravity="none"
    )
    assert "no two tiles of one type link" in stuck["reason"]
    board = np.array([[1, 1, 2, 3, 2, 3]])  # the 1s link, then the 2s and 3s block each other
    assert not llk.clear(board).clearable
    searched = watch.clear_case(
        board, None, title="t", outside=False, max_turns=2, gravity="none", nodes=7
    )
    assert "7 positions" in searched["reason"]


def test_a_hint_page_marks_the_pair():
    board = deal(4, 4, 4, 4, random.Random(2))
    result = llk.clear(board, outside=True)
    assert result.moves
    case = watch.clear_case(
        board, result.moves[:1], title="t", outside=True, max_turns=2, gravity="none", hint=True
    )
    move = result.moves[0]
    assert case["startMarks"] == [list(move.a), list(move.b)]
    assert "hint" in case["startNote"].lower()


def test_a_mayan_page_plays_drag_rounds_and_fall():
    with open("tests/data/mayan_chain.txt") as f:
        puzzle = parse_puzzle(f.read())
    result = solve_mayan(puzzle)
    assert result.moves is not None
    case = watch.mayan_case(puzzle, result, title="t")
    board = puzzle.board
    rounds = 0
    for s, move in zip(case["steps"], result.moves, strict=True):
        board = apply_move(board, move)
        grid = board.grid()
        assert s["after"] == [grid[x * 7 + 6 - r] for r in range(7) for x in range(5)]
        rounds = max(rounds, sum(1 for f in s["frames"] if f["kind"] == "cross"))
    assert rounds >= 2  # a chain: two removal rounds in one move
    assert case["steps"][-1]["after"] == [0] * 35


def test_a_mayan_page_without_answer_says_why():
    puzzle = parse_puzzle("1\n1 0\n1 0\n2 0\n0\n0\n")
    case = watch.mayan_case(puzzle, solve_mayan(puzzle), title="t")
    assert case["verdict"] == "-1" and case["reason"]


def test_the_page_is_self_contained_and_small():
    board = deal(9, 16, 36, 4, random.Random(1))
    result = llk.clear(board, outside=True, gravity="down")
    assert result.moves is not None
    html = watch.page(
        [
            watch.clear_case(
                board, result.moves, title="16 x 9", outside=True, max_turns=2, gravity="down"
            )
        ],
        "t",
    )
    assert len(html.encode()) < 300_000
    assert not re.search(r"""(src|href)\s*=\s*["']?(https?:|//)""", html)
    assert "</script><" not in embedded(html)["cases"][0]["title"]


def test_a_title_cannot_break_out_of_the_data():
    html = watch.page([{"title": "</script><script>alert(1)</script>"}], "<b>")
    assert embedded(html)["cases"][0]["title"].startswith("</script>")
    assert "<title>&lt;b></title>" in html
