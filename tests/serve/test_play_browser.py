"""The play page (``solve play``) in Chromium: a game played to the end by its hints, a
move that kills a board named by the verdict, undone, a shuffle that clears, no request
to another host and no console error."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")

pytestmark = pytest.mark.browser


class Played:
    """``solve play --no-browser`` on a board, and a page open on it."""

    def __init__(self, browser, *args: str) -> None:
        command = [sys.executable, "-m", "graphsearch.cli.main", "play", "--no-browser", *args]
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        assert self.process.stderr is not None
        self.process.stderr.readline()  # listening on ...
        address = self.process.stderr.readline().split()[-1]  # play at ...
        self.page = browser.new_page(viewport={"width": 1280, "height": 800})
        self.errors: list[str] = []
        self.elsewhere: list[str] = []
        origin = address.rsplit("/", 1)[0]

        def route(r):
            if r.request.url.startswith(origin):
                r.continue_()
            else:
                self.elsewhere.append(r.request.url)
                r.abort()

        self.page.route("**/*", route)
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.goto(address)
        self.page.locator("#speed").fill("9")

    def verdict(self, state: str) -> None:
        self.page.wait_for_selector(f'#verdict[data-verdict="{state}"]', timeout=30_000)

    def click_pair(self, a: str, b: str, moves: int) -> None:
        self.page.wait_for_selector("#board[data-phase=rest]")
        self.page.locator(f'#board [data-cell="{a}"][data-type]').click()
        self.page.locator(f'#board [data-cell="{b}"][data-type]').click()
        self.page.wait_for_selector(f'#board[data-step="{moves}"][data-phase=rest]')

    def follow_hint(self, moves: int) -> None:
        self.verdict("clearable")
        self.page.wait_for_selector("#board[data-phase=rest]")
        self.page.get_by_role("button", name="Hint", exact=True).click()
        self.page.wait_for_selector("#board [data-hint]")
        a, b = (n.get_attribute("data-cell") for n in self.page.locator("#board [data-hint]").all())
        self.click_pair(a, b, moves)

    def close(self) -> None:
        assert self.errors == [] and self.elsewhere == [], (self.errors, self.elsewhere)
        self.page.close()
        self.process.terminate()
        self.process.wait(timeout=5)


def cells(page) -> list[int]:
    return [int(v) for v in page.locator("#board").get_attribute("data-cells").split()]


def test_a_14_by_8_board_played_to_the_end_by_its_hints(browser):
    game = Played(browser, "--outside", "--gravity", "down")  # the board made for it
    try:
        tiles = sum(1 for v in cells(game.page) if v)
        assert tiles == 112
        for move in range(1, tiles // 2 + 1):
            game.follow_hint(move)
        game.verdict("clearable")
        assert not any(cells(game.page))
        assert "cleared" in game.page.locator("#verdict").inner_text()
    finally:
        game.close()


def test_a_move_that_kills_the_board_is_named_undone_and_shuffled_away(browser, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("2 4\n2 1 1 1\n1 3 2 3\n")  # clears, but not after the 1s at 1 3 and 1 4
    game = Played(browser, str(board))
    try:
        game.verdict("clearable")
        game.click_pair("1 3", "1 4", 1)
        game.verdict("dead")
        verdict = game.page.locator("#verdict")
        assert verdict.get_attribute("data-dead-since") == "1"
        game.page.get_by_role("button", name="Undo", exact=True).click()
        game.verdict("clearable")
        assert game.page.locator("#board").get_attribute("data-step") == "0"
        assert verdict.get_attribute("data-dead-since") is None
        game.click_pair("1 3", "1 4", 1)
        game.verdict("dead")
        game.page.get_by_role("button", name="Shuffle", exact=True).click()
        game.verdict("clearable")
        moves = 1
        while any(cells(game.page)):
            moves += 1
            game.follow_hint(moves)
        game.verdict("clearable")
    finally:
        game.close()


def test_a_bad_click_says_why(browser, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("2 4\n2 1 1 1\n1 3 2 3\n")
    game = Played(browser, str(board))
    try:
        game.verdict("clearable")
        game.page.locator('#board [data-cell="1 1"][data-type]').click()
        game.page.locator('#board [data-cell="1 2"][data-type]').click()
        game.page.wait_for_selector("#note:has-text('not of one type')")
        assert game.page.locator("#board").get_attribute("data-step") == "0"
    finally:
        game.close()


def test_a_pair_picked_with_the_keyboard(browser, tmp_path):
    board = tmp_path / "b.txt"
    board.write_text("1 4\n1 2 2 1\n")
    game = Played(browser, str(board))
    try:
        game.verdict("clearable")
        page = game.page
        page.locator('#board [data-cell="1 2"][data-type]').focus()
        page.keyboard.press("Enter")
        page.keyboard.press("Tab")  # to the next tile: 1 3
        page.keyboard.press("Enter")
        page.wait_for_selector('#board[data-step="1"][data-phase=rest]')
        assert cells(page) == [1, 0, 0, 1]
    finally:
        game.close()
