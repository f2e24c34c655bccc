"""The answer pages in a real browser: Debian's Chromium driven by Playwright, each page
made by the installed ``solve`` and opened from disk.  After every step ``#board`` must
carry the board that the library's replay gives."""

from __future__ import annotations

import os
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

CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"no {CHROMIUM} (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def open_page(browser):
    """Open a file in a fresh page that fails any request not to ``file:`` or ``data:``
    and records console errors; the test ends by checking there were none."""
    pages = []

    def opener(path: Path):
        page = browser.new_page(viewport={"width": 1200, "height": 800})
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
