"""The answer pages in a real browser: Debian's Chromium driven by Playwright, each page
made by the installed ``solve`` and opened from disk.  After every step ``#board`` must
carry the board that the library's replay gives."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from graphsearch import llk
from graphsearch.llk.game import replay, settle
from graphsearch.llk.generate import deal
from graphsearch.mayan import parse_puzzle
from graphsearch.mayan.rules import apply_move
from graphsearch.mayan.search import solve as solve_mayan

pytestmark = pytest.mark.browser


@pytest.fixture
def open_page(browser):
    """Open a file in a fresh page that fails any request not to ``file:`` or ``data:``
    and records console errors; the test ends by checking there were none."""
    pages = []

    def opener(path: Path, width: int = 1200, height: int = 800):
        page = browser.new_page(viewport={"width": width, "height": height})
        errors: list[str] = []
        outside: list[str] = []

        def route(r):
            if r.request.url.startswith(("file:", "data:")):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        page.route("**/*", route)
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(path.as_uri())
        pages.append((page, errors, outside))
        return page

    yield opener
    for page, errors, outside in pages:
        assert errors == [], errors
        assert outside == [], outside
        page.close()


def run_solve(*args: str, stdin: str | None = None) -> None:
    command = [sys.executable, "-m", "graphsearch.cli.main", *args]
    subprocess.run(command, input=stdin, text=True, check=True, capture_output=True)


def board_text(board: np.ndarray) -> str:
    rows = [" ".join(str(int(v)) for v in row) for row in board]
    return f"{board.shape[0]} {board.shape[1]}\n" + "\n".join(rows) + "\n0\n"


def shown(page) -> tuple[int, list[int]]:
    board = page.locator("#board")
    return int(board.get_attribute("data-step")), [
        int(v) for v in board.get_attribute("data-cells").split()
    ]


def click(page, name: str) -> None:
    page.get_by_role("button", name=name, exact=True).click()


@pytest.mark.parametrize("gravity", ["down", "left", "inward", "向外扩散", "none"])
def test_clicking_through_a_whole_clearing(tmp_path, open_page, gravity):
    board = deal(5, 6, 6, 4, random.Random(11))
    (tmp_path / "b.txt").write_text(board_text(board))
    run_solve(
        "clear",
        "--outside",
        "--gravity",
        gravity,
        "--format",
        "html",
        "-o",
        str(tmp_path / "p.html"),
        str(tmp_path / "b.txt"),
    )
    mode = llk.game.check_gravity(gravity)
    result = llk.clear(board, outside=True, gravity=mode)
    assert result.moves is not None
    start = settle(board, mode)
    boards = [start] + [s.after for s in replay(start, result.moves, outside=True, gravity=mode)]
    page = open_page(tmp_path / "p.html")
    assert shown(page) == (0, start.ravel().tolist())
    for k in range(1, len(boards)):
        click(page, "Next")
        assert shown(page) == (k, boards[k].ravel().tolist())
    click(page, "Next")  # past the end: stays
    assert shown(page)[0] == len(boards) - 1
    click(page, "Previous")
    assert shown(page) == (len(boards) - 2, boards[-2].ravel().tolist())
    click(page, "First")
    assert shown(page)[0] == 0
    click(page, "Last")
    assert shown(page) == (len(boards) - 1, [0] * board.size)
    # a move in the list jumps there
    page.get_by_role("button", name=f"move 3: {result.moves[2].to_text()}").click()
    assert shown(page) == (3, boards[3].ravel().tolist())


def test_the_keys_and_play(tmp_path, open_page):
    board = deal(4, 4, 4, 4, random.Random(5))
    (tmp_path / "b.txt").write_text(board_text(board))
    run_solve(
        "clear",
        "--outside",
        "--gravity",
        "down",
        "--format",
        "html",
        "-o",
        str(tmp_path / "p.html"),
        str(tmp_path / "b.txt"),
    )
    moves = llk.clear(board, outside=True, gravity="down").moves
    assert moves is not None
    page = open_page(tmp_path / "p.html")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert shown(page)[0] == 2
    page.keyboard.press("ArrowLeft")
    assert shown(page)[0] == 1
    page.keyboard.press("End")
    assert shown(page)[0] == len(moves)
    page.keyboard.press("Home")
    assert shown(page)[0] == 0
    click(page, "Next")  # space on a focused button plays, it does not click it again
    page.locator("#speed").fill("10")
    page.keyboard.press(" ")
    play = page.get_by_role("button", name="Play", exact=True)
    assert play.get_attribute("aria-pressed") == "true"
    page.keyboard.press(" ")
    assert play.get_attribute("aria-pressed") == "false"
    step = shown(page)[0]
    assert 1 <= step <= 2
    page.get_by_role("button", name="Next", exact=True).focus()
    page.keyboard.press(" ")
    assert play.get_attribute("aria-pressed") == "true"
    page.wait_for_function(
        f"document.getElementById('board').dataset.step === '{len(moves)}'", timeout=20_000
    )
    page.wait_for_function(
        "document.getElementById('play').getAttribute('aria-pressed') === 'false'",
        timeout=5_000,
    )
    assert shown(page) == (len(moves), [0] * board.size)


def test_a_mayan_answer_with_a_chain(tmp_path, open_page):
    source = Path(__file__).parent / "data" / "mayan_chain.txt"
    run_solve("mayan", "--format", "html", "-o", str(tmp_path / "m.html"), str(source))
    puzzle = parse_puzzle(source.read_text())
    result = solve_mayan(puzzle)
    assert result.moves is not None
    page = open_page(tmp_path / "m.html")
    board = puzzle.board

    def cells(b):
        grid = b.grid()
        return [grid[x * 7 + 6 - r] for r in range(7) for x in range(5)]

    assert shown(page) == (0, cells(board))
    for k, move in enumerate(result.moves, 1):
        board = apply_move(board, move)
        click(page, "Next")
        assert shown(page) == (k, cells(board))
        page.wait_for_timeout(50)  # mid-animation the state is already the settled board
        assert shown(page) == (k, cells(board))
    assert cells(board) == [0] * 35


def test_the_case_picker(tmp_path, open_page):
    boards = [deal(4, 4, 4, 4, random.Random(s)) for s in (1, 2)]
    (tmp_path / "b.txt").write_text("".join(board_text(b) for b in boards))
    run_solve(
        "clear",
        "--outside",
        "--format",
        "html",
        "-o",
        str(tmp_path / "p.html"),
        str(tmp_path / "b.txt"),
    )
    page = open_page(tmp_path / "p.html")
    assert shown(page) == (0, boards[0].ravel().tolist())
    page.select_option("#case", index=1)
    assert shown(page) == (0, boards[1].ravel().tolist())
    click(page, "Next")
    assert shown(page)[0] == 1


def test_a_no_page_and_a_query_page(tmp_path, open_page):
    (tmp_path / "no.txt").write_text("1 3\n1 2 1\n0\n")
    run_solve(
        "clear", "--format", "html", "-o", str(tmp_path / "no.html"), str(tmp_path / "no.txt")
    )
    page = open_page(tmp_path / "no.html")
    assert "odd count" in page.locator("#why").inner_text()
    assert shown(page) == (0, [1, 2, 1])
    queries = "3 4\n1 2 3 4\n0 0 0 0\n4 3 2 1\n2\n1 1 3 4\n1 1 1 2\n0 0\n"
    (tmp_path / "q.txt").write_text(queries)
    run_solve("llk", "--format", "html", "-o", str(tmp_path / "q.html"), str(tmp_path / "q.txt"))
    page = open_page(tmp_path / "q.html")
    click(page, "Next")
    assert shown(page) == (1, [1, 2, 3, 4, 0, 0, 0, 0, 4, 3, 2, 1])
    assert page.locator("#verdict").inner_text().startswith("YES")  # query 1's answer
    click(page, "Next")
    assert page.locator("#verdict").inner_text().startswith("NO")
    click(page, "Previous")
    # the path is drawn by the step's animation, in a timer after the click: wait for it
    page.wait_for_selector("#board polyline", timeout=5000)


def test_a_30_by_16_board_is_drawn(tmp_path, open_page):
    board = deal(16, 30, 60, 8, random.Random(3))
    board[0, 0] = 61  # a type of one tile: NO at once, the whole board on the page
    (tmp_path / "b.txt").write_text(board_text(board))
    run_solve(
        "clear",
        "--outside",
        "--format",
        "html",
        "-o",
        str(tmp_path / "p.html"),
        str(tmp_path / "b.txt"),
    )
    page = open_page(tmp_path / "p.html")
    assert page.locator("#board g.tile").count() == int((board != 0).sum())
    shot = page.screenshot()
    (tmp_path / "empty.html").write_text("<!DOCTYPE html><title>empty</title>")
    empty = open_page(tmp_path / "empty.html").screenshot()
    assert len(shot) > 10 * len(empty)  # PNG: a blank screen compresses to almost nothing


# --- what the page explains (SPEC section 6, since 0.4) ------------------------------------


def tiles(page) -> dict[str, tuple[int, str | None]]:
    """The tiles on screen: ``"r c"`` -> (type, data-from)."""
    out = {}
    for node in page.locator("#board [data-type]").all():
        cell = node.get_attribute("data-cell")
        assert cell not in out
        out[cell] = (int(node.get_attribute("data-type")), node.get_attribute("data-from"))
    return out


def ghosts(page) -> list[str]:
    return sorted(n.get_attribute("data-cell") for n in page.locator("#board [data-ghost]").all())


def expected_slides(before: np.ndarray, move, gravity: str) -> dict[str, str]:
    """Where each tile the settle moved stood before the move, found by settling a board
    of distinct numbers (one a tile) by the rules: the number at a cell afterwards names
    the cell it came from."""
    ids = np.zeros_like(before)
    origin = {}
    for k, (r, c) in enumerate(zip(*np.nonzero(before), strict=True), 1):
        if (r, c) not in (move.a, move.b):
            ids[r, c] = k
            origin[k] = (int(r), int(c))
    after = settle(ids, gravity)
    out = {}
    for r, c in zip(*np.nonzero(after), strict=True):
        was = origin[int(after[r, c])]
        if was != (r, c):
            out[f"{r + 1} {c + 1}"] = f"{was[0] + 1} {was[1] + 1}"
    return out


@pytest.mark.parametrize("gravity", ["down", "left", "inward"])
def test_each_step_rests_with_its_ghosts_and_slides(tmp_path, open_page, gravity):
    board = deal(5, 6, 6, 4, random.Random(7))
    (tmp_path / "b.txt").write_text(board_text(board))
    page_file = tmp_path / "p.html"
    run_solve(
        "clear", "--outside", "--gravity", gravity, "--format", "html", "-o", str(page_file),
        str(tmp_path / "b.txt"),
    )  # fmt: skip
    result = llk.clear(board, outside=True, gravity=gravity)
    assert result.moves is not None
    start = settle(board, gravity)
    steps = replay(start, result.moves, outside=True, gravity=gravity)
    befores = [start] + [s.after for s in steps]
    page = open_page(page_file)
    page.locator("#speed").fill("9")
    assert ghosts(page) == [] and all(f is None for _, f in tiles(page).values())
    slid = 0

    def check(k: int) -> None:
        nonlocal slid
        move = result.moves[k - 1]
        assert shown(page) == (k, befores[k].ravel().tolist())
        assert ghosts(page) == sorted(f"{r + 1} {c + 1}" for r, c in (move.a, move.b))
        on_screen = tiles(page)
        after = befores[k]
        assert {cell: kind for cell, (kind, _) in on_screen.items()} == {
            f"{r + 1} {c + 1}": int(after[r, c]) for r, c in zip(*np.nonzero(after), strict=True)
        }
        froms = {cell: frm for cell, (_, frm) in on_screen.items() if frm is not None}
        assert froms == expected_slides(befores[k - 1], move, gravity)
        slid += len(froms)

    for k in range(1, len(befores)):
        click(page, "Next")
        page.wait_for_function(
            "document.querySelectorAll('#board [data-ghost]').length === 2", timeout=15_000
        )
        check(k)
    assert slid > 0  # the settles moved tiles, and the page said where from
    for k in range(len(befores) - 2, 0, -1):  # Back shows the same, at once
        click(page, "Previous")
        check(k)
    click(page, "Previous")
    assert shown(page)[0] == 0 and ghosts(page) == []


def test_sixty_types_have_sixty_faces(tmp_path, open_page):
    kinds = [k for k in range(1, 61) for _ in range(2)]
    random.Random(1).shuffle(kinds)
    board = np.array([*kinds, 61]).reshape(11, 11)  # type 61 has one tile: NO at once
    (tmp_path / "b.txt").write_text(board_text(board))
    run_solve("clear", "--format", "html", "-o", str(tmp_path / "p.html"), str(tmp_path / "b.txt"))
    page = open_page(tmp_path / "p.html")
    faces: dict[str, set[str]] = {}
    for node in page.locator("#board [data-type]").all():
        faces.setdefault(node.get_attribute("data-face"), set()).add(
            node.get_attribute("data-type")
        )
    by_type = [kinds for face, kinds in faces.items() if not {"1", "61"} <= kinds]
    assert all(len(kinds) == 1 for kinds in by_type), faces  # type 61 is type 1's face again
    assert len(faces) == 60


def test_the_rules_and_the_verdict_are_said(tmp_path, open_page):
    board = deal(4, 6, 6, 4, random.Random(3))
    (tmp_path / "b.txt").write_text(board_text(board))
    run_solve(
        "clear", "--outside", "--gravity", "向内集中", "--format", "html", "-o",
        str(tmp_path / "p.html"), str(tmp_path / "b.txt"),
    )  # fmt: skip
    page = open_page(tmp_path / "p.html")
    rules = page.locator("#rules").inner_text()
    assert "inward" in rules and "向内集中" in rules and "ring" in rules and "2 turns" in rules
    assert page.locator("#verdict").inner_text().startswith("YES")
    (tmp_path / "plain.txt").write_text("1 4\n1 2 2 1\n")
    run_solve(
        "clear", "--max-turns", "1", "--format", "html", "-o", str(tmp_path / "plain.html"),
        str(tmp_path / "plain.txt"),
    )  # fmt: skip
    rules = open_page(tmp_path / "plain.html").locator("#rules").inner_text()
    assert "none" in rules and "不变化" in rules and "no ring" in rules and "1 turn " in rules
    (tmp_path / "no.txt").write_text("2 2\n1 2\n2 1\n")
    run_solve(
        "clear", "--format", "html", "-o", str(tmp_path / "no.html"), str(tmp_path / "no.txt")
    )
    page = open_page(tmp_path / "no.html")
    verdict = page.locator("#verdict").inner_text()
    assert verdict.startswith("NO") and "no two tiles of one type link" in verdict
    assert not page.get_by_role("button", name="Next", exact=True).is_visible()
    (tmp_path / "m.txt").write_text("1\n1 0\n1 0\n2 0\n0\n0\n")
    run_solve("mayan", "--format", "html", "-o", str(tmp_path / "m.html"), str(tmp_path / "m.txt"))
    page = open_page(tmp_path / "m.html")
    verdict = page.locator("#verdict").inner_text()
    assert verdict.startswith("-1") and "never" in verdict
    assert "same color" in page.locator("#rules").inner_text().lower()


def in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= 390 + 0.5
        and (box["y"] + box["height"] <= 844 + 0.5)
    )


def test_on_a_phone_the_board_and_controls_stay_in_view(tmp_path, open_page):
    board = deal(11, 19, 50, 4, random.Random(0))  # a QQ board
    assert llk.clear(board, outside=True).clearable
    (tmp_path / "b.txt").write_text(board_text(board))
    run_solve(
        "clear", "--outside", "--format", "html", "-o", str(tmp_path / "p.html"),
        str(tmp_path / "b.txt"),
    )  # fmt: skip
    page = open_page(tmp_path / "p.html", 390, 844)
    shown_ok = ["#board", "#first", "#prev", "#play", "#next", "#last"]
    click(page, "Last")
    assert all(in_view(page, s) for s in shown_ok)
    assert page.evaluate("window.scrollY") == 0
    width = page.evaluate("document.querySelector('#board svg').getBoundingClientRect().width")
    cells = 19 + 2  # the board and its ring, at least 28 px a cell
    assert width >= 28 * cells
    click(page, "First")
    page.locator("#speed").fill("9")
    where = page.locator("#next").bounding_box()
    click(page, "Play")
    assert page.locator("#play").get_attribute("aria-pressed") == "true"
    assert page.locator("#next").bounding_box() == where  # Pause takes Play's room
    for _ in range(6):
        page.wait_for_timeout(400)
        assert all(in_view(page, s) for s in shown_ok)
        assert page.evaluate("window.scrollY") == 0
    assert int(page.locator("#board").get_attribute("data-step")) >= 2
