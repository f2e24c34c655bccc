"""A Mayan puzzle on the play page: select a block, Left or Right, the chain, and whether
the board can still be emptied in the moves left; played to the end by its hints."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")

from tests.serve.test_play_browser import Played, cells

pytestmark = pytest.mark.browser


def test_a_mayan_puzzle_played_to_the_end_by_its_hints(browser, tmp_path):
    puzzle = tmp_path / "m.txt"
    puzzle.write_text("3\n1 0\n2 1 0\n2 3 4 0\n3 1 0\n2 4 3 4 0\n")  # the statement's sample
    game = Played(browser, "--mayan", str(puzzle))
    try:
        page = game.page
        game.verdict("clearable")
        assert "3 moves left" in page.locator("#verdict").inner_text()
        # a move that loses: the block at x 0, y 0 to the right
        page.locator('#board [data-cell="0 0"][data-type]').click()
        page.get_by_role("button", name="Right", exact=True).click()
        page.wait_for_selector('#board[data-step="1"][data-phase=rest]')
        game.verdict("dead")
        page.get_by_role("button", name="Undo", exact=True).click()
        game.verdict("clearable")
        for moves in (1, 2, 3):
            page.wait_for_selector("#board[data-phase=rest]")
            page.get_by_role("button", name="Hint", exact=True).click()
            page.wait_for_selector("#board [data-hint]")
            x, y = page.locator("#board [data-hint]").get_attribute("data-cell").split()
            note = page.locator("#note").inner_text()
            page.locator(f'#board [data-cell="{x} {y}"][data-type]').click()
            page.keyboard.press("ArrowRight" if "right" in note else "ArrowLeft")
            page.wait_for_selector(f'#board[data-step="{moves}"][data-phase=rest]')
        game.verdict("clearable")
        assert not any(cells(page))
        assert "solved" in page.locator("#verdict").inner_text()
    finally:
        game.close()
