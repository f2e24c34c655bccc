"""``solve shuffle`` and ``solve clear --history``: a shuffle's output is a valid input
whose queries clear it, and a played game's verdict says since which move it is dead."""

from __future__ import annotations

import json

from graphsearch.llk import parse_cases
from graphsearch.llk.game import ClearMove, clears

BOARD = b"3 4\n1 2 2 1\n3 4 4 3\n5 5 6 6\n"


def test_a_shuffle_is_an_input_whose_queries_clear_it(solve):
    run = solve("shuffle", "--outside", "--gravity", "向下", "--seed", "3", "-", stdin=BOARD)
    assert run.status == 0, run.err
    (case,) = parse_cases(run.out.encode())
    moves = [ClearMove.of(q.a, q.b) for q in case.queries]
    assert clears(case.board, moves, outside=True, gravity="down")
    assert sorted(case.board.ravel().tolist()) == sorted([1, 2, 2, 1, 3, 4, 4, 3, 5, 5, 6, 6])
    again = solve("shuffle", "--outside", "--gravity", "down", "--seed", "3", "-", stdin=BOARD)
    assert again.out == run.out
    cleared = solve("clear", "--outside", "--gravity", "down", "-", stdin=run.out.encode())
    assert cleared.out.startswith("YES")


def test_a_shuffle_that_cannot_clear_says_why(solve):
    run = solve("shuffle", "--format", "json", "-", stdin=b"1 3\n1 2 1\n")
    data = json.loads(run.out)
    (case,) = data["cases"]
    assert case["verdict"] == "NO" and "odd count" in case["reason"] and case["board"] is None
    run = solve("shuffle", "--max-turns", "0", "-", stdin=b"2 2\n1 0\n0 1\n")
    assert run.out.startswith("NO\nno two of these cells can be joined")


def test_a_played_game_says_since_which_move_it_is_dead(solve, tmp_path):
    board = tmp_path / "b.txt"
    board.write_bytes(b"2 4\n2 1 1 1\n1 3 2 3\n")
    good = tmp_path / "good.txt"
    good.write_text("1 2 1 3\n")
    run = solve("clear", "--history", str(good), str(board))
    assert run.status == 0 and run.out.splitlines()[0] == "YES"
    fatal = tmp_path / "fatal.txt"
    fatal.write_text("1 3 1 4\n")  # this move kills it
    dead = solve("clear", "--history", str(fatal), str(board))
    assert dead.out == "NO\ndead since move 1\n", dead.err
    data = json.loads(solve("clear", "--history", str(fatal), "--format", "json", str(board)).out)
    assert data["verdict"] == "NO" and data["dead_since"] == 1 and data["moves_played"] == 1
    assert data["reason"]
    bad = tmp_path / "bad.txt"
    bad.write_text("1 2 1 3\n1 1 2 1\n")
    refused = solve("clear", "--history", str(bad), str(board))
    assert (
        refused.status == 2
        and "move 2 (1 1 2 1)" in refused.err
        and "not of one type" in refused.err
    )
