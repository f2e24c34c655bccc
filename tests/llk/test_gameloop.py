"""The game loop (``llk.Game``) and shuffles (``llk.shuffle``) against the reference DFS and
brute force, in every gravity mode, and the stories a player lives through."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest

from graphsearch import Budget, llk
from graphsearch.choices import GRAVITIES
from graphsearch.llk import clearing_dfs
from graphsearch.llk.game import clears, play, replay, settle
from graphsearch.llk.gameloop import CLEARABLE, DEAD, UNDECIDED, Game, Shuffled
from graphsearch.llk.generate import deal, generate_boards
from graphsearch.llk.shuffle import shuffle


def reference(board: np.ndarray, rules: llk.ClearRules) -> bool:
    return clearing_dfs.solve(board, rules).clearable


def small_game(seed: int, gravity: str) -> tuple[np.ndarray, llk.ClearRules]:
    rng = random.Random(seed)
    rows, cols = rng.choice([(3, 4), (4, 4), (3, 5), (4, 3)])
    types = rng.choice([2, 3, 4, 5, 6])
    copies = 2 if types > 3 else 4
    board = deal(rows, cols, min(types, rows * cols // copies), copies, rng)
    rules = llk.ClearRules(
        outside=rng.random() < 0.5, max_turns=rng.choice([1, 2, 2]), gravity=gravity
    )
    return board, rules


@pytest.mark.parametrize("gravity", GRAVITIES)
def test_verdicts_after_every_move_and_the_first_dead_move(gravity):
    """Random games: after every move the verdict agrees with the reference DFS on the
    board at that point, a clearing replays from it, and a dead board names the first
    move after which no clearing existed, found by scanning every prefix."""
    met = Counter()
    for seed in range(70):
        board, rules = small_game(seed, gravity)
        game = Game(board, rules)
        rng = random.Random(seed)
        boards = [game.board]
        for _ in range(8):
            verdict = game.verdict()
            truth = reference(game.board, rules)
            assert verdict.state == (CLEARABLE if truth else DEAD), (seed, game.history)
            met[verdict.state] += 1
            if truth:
                assert clears(game.board, verdict.moves, rules)
            else:
                first = next(k for k, b in enumerate(boards) if not reference(b, rules))
                assert verdict.dead_since == first, (seed, game.history)
                assert verdict.reason
            legal = game.moves()
            if not legal:
                break
            move = rng.choice(legal)
            game.play(move.a, move.b)
            boards.append(game.board)
    assert met[CLEARABLE] > 50 and met[DEAD] > 20, met


def test_the_first_dead_move_of_a_game_asked_only_at_its_end():
    """Moves made without asking, then one verdict: the first dead move is found by
    bisection over the boards played, and agrees with a scan of every prefix."""
    bisected = 0
    for seed in range(13 * 60):
        board, rules = small_game(1000 + seed, GRAVITIES[seed % 13])
        game = Game(board, rules)
        rng = random.Random(seed)
        boards = [game.board]
        for _ in range(rng.randrange(2, 9)):
            legal = game.moves()
            if not legal:
                break
            move = rng.choice(legal)
            game.play(move.a, move.b)
            boards.append(game.board)
        verdict = game.verdict()
        alive = [reference(b, rules) for b in boards]
        if alive[-1]:
            assert verdict.state == CLEARABLE
            continue
        first = alive.index(False)
        assert verdict.state == DEAD and verdict.dead_since == first, (seed, alive)
        bisected += 0 < first < len(boards) - 1
    assert bisected >= 10


def test_hints_lead_to_clearable_boards_and_following_them_searches_nothing():
    for seed in range(60):
        gravity = GRAVITIES[seed % len(GRAVITIES)]
        board, rules = small_game(seed, gravity)
        game = Game(board, rules)
        hint = game.hint()
        if hint.verdict.state == DEAD:
            assert hint.move is None
            continue
        while game.board.any():
            hint = game.hint()
            assert hint.verified and hint.move is not None
            game.play(hint.move.a, hint.move.b)
            assert reference(game.board, rules)
            assert game.verdict().searched == 0  # the clearing in hand goes on
        assert game.verdict().state == CLEARABLE and game.verdict().moves == ()


def test_bad_moves_are_refused_saying_why():
    game = Game(np.array([[1, 2, 0, 1], [2, 3, 3, 0]]))
    cases = [
        (((0, 0), (0, 1)), "not of one type"),
        (((0, 0), (0, 2)), "empty"),
        (((0, 0), (5, 0)), "off the board"),
        (((0, 0), (0, 0)), "two cells"),
        (((1, 0), (0, 1)), "no path"),
    ]
    game = Game(np.array([[1, 2, 0, 1], [2, 3, 3, 1], [1, 1, 0, 0]]), max_turns=0)
    for (a, b), words in cases:
        with pytest.raises(llk.IllegalClearMoveError, match=words):
            game.play(a, b)
    assert game.history == ()
    with pytest.raises(llk.InvalidGridError, match="nothing to undo"):
        game.undo()


def fatal_move(game: Game):
    """A legal move after which the board no longer clears, or None."""
    for move in game.moves():
        if not reference(play(game.board, move, game.rules).after, game.rules):
            return move
    return None


def test_a_game_story_a_fatal_move_undone_then_shuffled_and_cleared():
    for seed in range(40):
        game = Game(deal(4, 6, 6, 4, random.Random(seed)), gravity="down")
        if game.verdict().state != CLEARABLE:
            continue
        fatal = fatal_move(game)
        while fatal is None and game.board.any():  # follow the hints to a move that kills
            hint = game.hint().move
            game.play(hint.a, hint.b)
            fatal = fatal_move(game)
        if fatal is not None:
            break
    assert fatal is not None
    game.play(fatal.a, fatal.b)
    dead = game.verdict()
    assert dead.state == DEAD and dead.dead_since == game.moves_made
    assert game.hint().move is None
    game.undo()
    assert game.verdict().state == CLEARABLE
    game.play(fatal.a, fatal.b)  # stuck again: a shuffle of what is left clears
    dealt = game.shuffle(seed=7)
    assert dealt.board is not None and isinstance(game.history[-1], Shuffled)
    assert game.verdict().state == CLEARABLE and game.verdict().searched == 0
    while game.board.any():
        move = game.hint().move
        game.play(move.a, move.b)
    assert not game.board.any()
    assert game.moves_made == 12


def test_a_game_played_to_the_end_by_its_hints_on_a_larger_board():
    made = next(
        iter(
            generate_boards(
                8, 14, types=28, seed=1, outside=True, gravity="left", method="sampling"
            )
        )
    )
    game = Game(made.board, outside=True, gravity="向左")
    while game.board.any():
        hint = game.hint()
        assert hint.verified
        game.play(hint.move.a, hint.move.b)
    assert game.moves_made == 56


def test_an_undecided_verdict_within_a_budget():
    board = deal(11, 19, 50, 4, llk.generate.board_rng("llk", 0, 91))  # hard with down
    game = Game(board, outside=True, gravity="down")
    verdict = game.verdict(Budget(nodes=2000))
    assert verdict.state == UNDECIDED
    hint = game.hint(Budget(nodes=2000))
    assert not hint.verified and hint.move in game.moves()


# --- shuffles -------------------------------------------------------------------------------


@pytest.mark.parametrize("gravity", GRAVITIES)
def test_shuffles_keep_the_tiles_and_cells_settle_and_replay(gravity):
    for seed in range(12):
        rng = random.Random(seed)
        board = deal(6, 8, 12, 4, rng)
        rules = llk.ClearRules(outside=seed % 2 == 0, gravity=gravity)
        game = Game(board, rules)
        for _ in range(rng.randrange(0, 10)):  # half played, perhaps
            legal = game.moves()
            if not legal:
                break
            move = rng.choice(legal)
            game.play(move.a, move.b)
        before = game.board
        dealt = shuffle(before, rules, seed=seed)
        assert dealt.board is not None, dealt.reason
        assert Counter(dealt.board.ravel().tolist()) == Counter(before.ravel().tolist())
        assert ((dealt.board != 0) == (before != 0)).all()
        assert (settle(dealt.board, gravity) == dealt.board).all()
        assert clears(dealt.board, dealt.moves, rules)
        again = shuffle(before, rules, seed=seed)
        assert (again.board == dealt.board).all() and again.moves == dealt.moves


def test_no_arrangement_is_said_exactly_as_brute_force_finds():
    """On tiny boards: the shuffle finds a deal exactly when one of all the arrangements of
    the tiles over the cells clears (the reference DFS on each)."""
    said = Counter()
    for seed in range(400):
        rng = random.Random(seed)
        rows, cols = rng.choice([(3, 3), (3, 4), (2, 4), (4, 4)])
        cells = rng.sample(range(rows * cols), rng.choice([4, 6]))
        tiles = [1, 1, 2, 2, 3, 3][: len(cells)]
        board = np.zeros((rows, cols), dtype=np.int64)
        for cell, kind in zip(cells, tiles, strict=True):
            board[divmod(cell, cols)] = kind
        rules = llk.ClearRules(
            outside=rng.random() < 0.2, max_turns=rng.choice([0, 0, 1, 2]),
            gravity=rng.choice(GRAVITIES),
        )  # fmt: skip
        start = settle(board, rules.gravity)
        places = list(zip(*start.nonzero(), strict=True))
        kinds = [int(start[p]) for p in places]
        exists = False
        for order in set(itertools.permutations(kinds)):
            trial = start.copy()
            for place, kind in zip(places, order, strict=True):
                trial[place] = kind
            if reference(trial, rules):
                exists = True
                break
        dealt = shuffle(start, rules, seed=seed)
        assert (dealt.board is not None) == exists, (seed, board.tolist(), rules)
        if not exists:
            assert dealt.reason
        said[exists] += 1
    assert said[False] >= 10 and said[True] >= 50, said


def test_an_odd_type_cannot_be_shuffled_clear():
    dealt = shuffle(np.array([[1, 2, 1, 2, 2]]), outside=True)
    assert (
        dealt.board is None and "odd count" in dealt.reason and "type 2 (3 tiles)" in dealt.reason
    )


def test_the_shuffle_proof_replays_the_same_moves_the_rules_allow():
    board = deal(9, 16, 36, 4, random.Random(4))
    dealt = shuffle(board, outside=True, gravity="inward", seed=1)
    steps = replay(dealt.board, dealt.moves, outside=True, gravity="inward")
    assert not steps[-1].after.any()
