"""The thirteen gravity modes (SPEC section 4): settling by hand, the search against the
reference in every mode, names in English and Chinese."""

from __future__ import annotations

import random

import numpy as np
import pytest

from graphsearch import llk
from graphsearch.choices import GRAVITIES, MODES
from graphsearch.llk.game import clears, settle
from graphsearch.llk.gravity import passes


def test_the_spec_example():
    board = np.zeros((5, 5), dtype=np.int64)
    board[:, 0] = [1, 0, 8, 0, 12]
    assert settle(board, "up-down-center")[:, 0].tolist() == [0, 1, 8, 12, 0]


@pytest.mark.parametrize(
    "mode, after",
    [
        ("down", [[0, 0, 0], [1, 3, 2]]),
        ("up", [[1, 3, 2], [0, 0, 0]]),
        ("left", [[1, 2, 0], [3, 0, 0]]),
        ("right", [[0, 1, 2], [0, 0, 3]]),
        # two rows: each half is one row, and nothing moves up or down
        ("up-down-apart", [[1, 0, 2], [0, 3, 0]]),
        ("left-right-apart", [[1, 0, 2], [0, 0, 3]]),
        ("up-down-center", [[1, 0, 2], [0, 3, 0]]),
        ("left-right-center", [[1, 2, 0], [0, 3, 0]]),
        ("up-left-down-right", [[1, 2, 0], [0, 0, 3]]),
        ("left-down-right-up", [[0, 3, 2], [1, 0, 0]]),
        ("outward", [[1, 0, 2], [0, 0, 3]]),
        ("inward", [[1, 2, 0], [0, 3, 0]]),
    ],
)
def test_each_mode_by_hand(mode, after):
    assert settle([[1, 0, 2], [0, 3, 0]], mode).tolist() == after


def test_halves_of_odd_and_even_sizes():
    column = np.array([[5], [0], [6], [0], [7], [0], [8]])  # seven rows: top half rows 0-2
    assert settle(column, "up-down-apart").ravel().tolist() == [5, 6, 0, 0, 0, 7, 8]
    assert settle(column, "up-down-center").ravel().tolist() == [0, 5, 6, 7, 8, 0, 0]
    row = np.array([[5, 0, 6, 0, 7, 0]])  # six columns: left half columns 0-2
    assert settle(row, "left-right-apart").ravel().tolist() == [5, 6, 0, 0, 0, 7]
    assert settle(row, "left-right-center").ravel().tolist() == [0, 5, 6, 7, 0, 0]
    single = np.array([[4]])  # one cell: the first half of each line is empty
    for mode in GRAVITIES:
        assert settle(single, mode).tolist() == [[4]]


def _one_pass(board: np.ndarray, lines) -> np.ndarray:
    out = board.copy()
    for line in lines:
        rows, cols = np.array(line).T
        values = out[rows, cols]
        kept = values[values != 0]
        packed = np.zeros_like(values)
        packed[: kept.size] = kept
        out[rows, cols] = packed
    return out


def _boards(count: int, seed: int):
    rng = random.Random(seed)
    for _ in range(count):
        n, m = rng.randint(1, 7), rng.randint(1, 7)
        yield np.array([[rng.choice([0, 0, 1, 2, 3]) for _ in range(m)] for _ in range(n)])


@pytest.mark.parametrize("mode", GRAVITIES)
def test_a_settled_board_is_settled_and_keeps_its_tiles(mode):
    for board in _boards(200, 1):
        settled = settle(board, mode)
        assert sorted(settled.ravel()) == sorted(board.ravel())
        assert np.array_equal(settle(settled, mode), settled)
        for lines in passes(mode, *board.shape):
            assert np.array_equal(_one_pass(settled, lines), settled)


@pytest.mark.parametrize("mode", ["outward", "inward"])
def test_composite_modes_repeat_until_settled_and_one_round_does(mode):
    """The modes repeat their two passes until no tile moves; one round always does it:
    after the first pass each quadrant's lines are packed toward its corner, so the rows
    the second pass packs hold fewer tiles the farther they are from the middle (or the
    edge), which leaves every column packed too."""
    moved_by_both = 0
    for board in _boards(300, 2):
        first, second = passes(mode, *board.shape)
        after_first = _one_pass(board, first)
        once = _one_pass(after_first, second)
        assert np.array_equal(once, settle(board, mode))
        moved_by_both += not np.array_equal(after_first, board) and not np.array_equal(
            once, after_first
        )
    assert moved_by_both >= 100


def test_chinese_names_are_the_same_modes():
    board = [[1, 2, 0, 2], [0, 1, 3, 3]]
    for english, chinese in MODES.items():
        assert np.array_equal(settle(board, chinese), settle(board, english))
        assert llk.clear(board, gravity=chinese, outside=True) == llk.clear(
            board, gravity=english, outside=True
        )
    with pytest.raises(llk.InvalidInputError, match="向内集中"):
        settle(board, "sideways")


def _dense_boards(count: int, seed: int):
    """Boards of two-tile types, nearly full: about a quarter of them cannot be cleared."""
    rng = random.Random(seed)
    for _ in range(count):
        n, m = rng.choice([(3, 4), (4, 4), (4, 5), (5, 4), (4, 6)])
        cells = n * m - rng.choice([0, 2, 4])
        types = rng.randint(cells // 4, cells // 2)
        tiles = [1 + (i // 2) % types for i in range(cells)] + [0] * (n * m - cells)
        rng.shuffle(tiles)
        yield [tiles[r * m : (r + 1) * m] for r in range(n)], rng.random() < 0.3


@pytest.mark.parametrize("mode", GRAVITIES)
def test_the_search_agrees_with_the_reference_in_every_mode(mode):
    verdicts = {True: 0, False: 0}
    for seen, (board, outside) in enumerate(_dense_boards(400, GRAVITIES.index(mode))):
        if seen >= 80 and verdicts[False] >= 3:
            break  # enough of both (NO is rare in outward, which packs tiles at the edges)
        found = llk.clear(board, gravity=mode, outside=outside)
        reference = llk.clear(board, gravity=mode, outside=outside, engine="dfs")
        assert found.clearable == reference.clearable, (board, outside)
        if found.moves is not None:
            assert clears(board, found.moves, outside=outside, gravity=mode)
        verdicts[found.clearable] += 1
    assert verdicts[False] >= 3 and verdicts[True] >= 20, verdicts


@pytest.mark.parametrize("mode", ["up-down-apart", "left-down-right-up", "inward"])
def test_generated_boards_clear_in_their_mode(mode):
    from graphsearch.llk.generate import generate_boards

    made = list(generate_boards(4, 4, types=4, seed=3, count=2, gravity=mode, method="sampling"))
    assert len(made) == 2
    for item in made:
        assert clears(item.board, item.clearing, gravity=mode)


def test_the_command_line_takes_both_names(tmp_path):
    import subprocess

    from tests.cli.conftest import installed_solve

    text = "2 4\n1 2 0 2\n0 1 3 3\n"
    runs = [
        subprocess.run(
            [installed_solve(), "clear", "--gravity", name, "-"],
            input=text,
            capture_output=True,
            text=True,
        )
        for name in ("inward", "向内集中")
    ]
    assert runs[0].returncode == 0 and runs[0].stdout == runs[1].stdout


# --- a mode that is not one of the thirteen: the family is decided by its passes alone ---


@pytest.fixture
def made_up_mode(monkeypatch):
    """A fourteenth mode for the length of a test: columns down, then rows left, again and
    again (repeated passes, as outward and inward), under two names."""
    from graphsearch.llk import gravity

    monkeypatch.setitem(MODES, "down-then-left", "下左")
    monkeypatch.setitem(gravity.PASSES, "down-then-left", ("columns down", "rows left"))
    return "down-then-left"


def test_a_new_mode_is_routed_by_its_passes(made_up_mode):
    from graphsearch.llk import gravity
    from graphsearch.llk.clearing import compiled_fits, core_search
    from graphsearch.llk.position import Position

    assert gravity.family(made_up_mode) == gravity.REPEATED_PASSES
    assert llk.mode("下左").family == gravity.REPEATED_PASSES
    assert llk.ClearRules(gravity="下左").gravity == made_up_mode
    board = deal_board(5, 6, 6, 4, 3)
    pos = Position(settle(board, made_up_mode).tolist(), outside=True, gravity=made_up_mode)
    assert compiled_fits(pos, 2)  # the compiled core takes it, as outward and inward
    assert core_search(pos, 2).step(10**6, None) != 0  # and decides it


def deal_board(rows: int, cols: int, types: int, copies: int, seed: int) -> np.ndarray:
    from graphsearch.llk.generate import deal

    return deal(rows, cols, types, copies, random.Random(seed))


def index(pos, cell: tuple[int, int]) -> int:
    """A 0-based cell of the board as its index on the search's padded grid."""
    return (cell[0] + pos.pad) * pos.W + cell[1] + pos.pad


def test_a_new_mode_settles_and_plays_alike_in_the_rules_and_the_core(made_up_mode):
    from graphsearch.llk.clearing import board_core
    from graphsearch.llk.game import linkable_pairs, play
    from graphsearch.llk.position import Position

    played = 0
    for seed in range(30):
        board = settle(deal_board(5, 6, 6, 4, seed), made_up_mode)
        assert (settle(board, made_up_mode) == board).all()
        rules = llk.ClearRules(outside=True, gravity=made_up_mode)
        pos = Position(board.tolist(), outside=True, gravity=made_up_mode)
        core = board_core(pos, 2)
        assert core is not None
        for _ in range(8):
            moves = linkable_pairs(board, rules)
            if not moves:
                break
            move = moves[seed % len(moves)]
            board = play(board, move, rules).after
            core.play(index(pos, move.a), index(pos, move.b))
            grid = core.board()
            inner = [grid[index(pos, (r, c))] for r in range(5) for c in range(6)]
            assert [pos.types[v] if v > 0 else 0 for v in inner] == board.ravel().tolist()
            played += 1
    assert played > 100


def test_a_new_mode_is_searched_as_the_reference_searches_it(made_up_mode):
    from graphsearch.llk import clearing_dfs

    verdicts = {True: 0, False: 0}
    for seed in range(40):
        board = deal_board(4, 5, 10, 2, seed)
        result = llk.clear(board, outside=seed % 2 == 0, gravity="下左")
        reference = clearing_dfs.solve(board, outside=seed % 2 == 0, gravity=made_up_mode)
        assert result.clearable == reference.clearable, seed
        assert result.engine == "search"
        if result.moves is not None:
            assert clears(board, result.moves, outside=seed % 2 == 0, gravity=made_up_mode)
        verdicts[result.clearable] += 1
    assert verdicts[True] >= 5 and verdicts[False] >= 5
