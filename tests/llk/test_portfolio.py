"""``workers``: several move searches of one board at once (``clearing.Portfolio``), each
in its own order, the first to decide deciding.  Their verdicts against the reference
DFS in every family of modes (with the portfolio made to start at once, and asserted to
have run and to have met boards that cannot be cleared), their clearings replayed through
the rules, a stop from another thread, node limits and bad values."""

from __future__ import annotations

import random
import threading
import time
from array import array

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphsearch import Budget, SearchTimeout, llk
from graphsearch.errors import InvalidInputError
from graphsearch.llk import clearing, clearing_dfs
from graphsearch.llk.game import clears
from graphsearch.llk.generate import board_rng, deal
from graphsearch.llk.position import Position
from tests.budget import examples
from tests.llk.strategies import boards_of

MODES = ["down", "left", "left-right-apart", "up-left-down-right"]  # fixed lines of each kind


@pytest.fixture
def portfolio_at_once(monkeypatch):
    """The portfolio starts after the first position (slices of one position); the
    searches of each board it ran on."""
    monkeypatch.setattr(clearing, "PORTFOLIO_AFTER", 1)
    start = clearing.Restarts.__init__

    def one_at_a_time(self, *args, **kw):
        start(self, *args, **kw)
        self.slice = 1

    monkeypatch.setattr(clearing.Restarts, "__init__", one_at_a_time)
    ran: list[int] = []
    decide = clearing.Portfolio.decide

    def counted(self):
        ran.append(len(self.runs))
        return decide(self)

    monkeypatch.setattr(clearing.Portfolio, "decide", counted)
    return ran


@pytest.mark.skipif(not clearing.core.COMPILED, reason="the portfolio runs the compiled core")
def test_the_portfolio_agrees_with_the_reference_dfs(portfolio_at_once):
    """Small full boards of pairs without the ring (many cannot be cleared) in a mode of
    each kind: the verdict of the reference DFS, and clearings that replay."""
    seen = {"yes": 0, "no": 0}

    @settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(boards_of(8, 5, 6), st.sampled_from(MODES), st.integers(2, 3))
    def check(board, gravity, workers):
        expected = clearing_dfs.solve(board, gravity=gravity).moves is not None
        found = llk.clear(board, gravity=gravity, workers=workers)
        assert (found.moves is not None) == expected, (board.tolist(), gravity)
        if found.moves is not None:
            assert clears(board, found.moves, gravity=gravity)
        seen["yes" if expected else "no"] += 1

    check()
    assert len(portfolio_at_once) >= int(0.3 * examples()), "the portfolio seldom ran"
    assert set(portfolio_at_once) == {2, 3}
    assert seen["yes"] >= int(0.08 * examples()) and seen["no"] >= int(0.08 * examples()), seen


HARD = deal(11, 19, 50, 4, board_rng("llk", 0, 91)).tolist()  # some 15 million positions


@pytest.mark.skipif(not clearing.core.COMPILED, reason="the portfolio runs the compiled core")
def test_a_stop_ends_every_search_of_the_portfolio():
    """Stopped from another thread once the portfolio runs: SearchTimeout soon after
    (the bar is 50 ms; 250 ms here for a loaded machine), every search's thread ended."""
    budget = Budget()
    stopped_at: list[float] = []

    def stop() -> None:
        stopped_at.append(time.perf_counter())
        budget.stop()

    timer = threading.Timer(1.0, stop)
    timer.start()
    try:
        with pytest.raises(SearchTimeout, match="stopped") as stopped:
            llk.clear(HARD, outside=True, gravity="down", workers=2, budget=budget)
        late = time.perf_counter() - stopped_at[0]
    finally:
        timer.cancel()
    assert late < 0.25
    assert stopped.value.stats.nodes > clearing.PORTFOLIO_AFTER  # the portfolio ran
    assert not [t for t in threading.enumerate() if t.name.startswith("clearing search")]


@pytest.mark.skipif(not clearing.core.COMPILED, reason="the portfolio runs the compiled core")
def test_a_node_limit_holds_for_each_search():
    limit = clearing.PORTFOLIO_AFTER + 20_000
    with pytest.raises(SearchTimeout, match="each search") as out:
        llk.clear(HARD, outside=True, gravity="down", workers=2, budget=Budget(nodes=limit))
    assert limit < out.value.stats.nodes <= 2 * (limit + clearing.COMPILED_SLICE)


def test_workers_is_a_positive_number_for_the_search_engine():
    board = [[1, 1]]
    for bad in (0, -1, 1.5, True, "2"):
        with pytest.raises(InvalidInputError, match="workers"):
            llk.clear(board, workers=bad)
    with pytest.raises(InvalidInputError, match="search engine"):
        llk.clear(board, engine="dfs", workers=2)
    assert llk.clear(board, workers=4).moves is not None


@pytest.mark.parametrize("gravity", ["down", "left-right-center"])
def test_positions_proven_dead_by_one_search_spare_another(gravity):
    """A search of a board that cannot be cleared, handed every position another search
    of it proved dead (``proven_dead``, ``received``), decides at once; what a search
    proves after ``share`` comes out of ``sent`` once."""
    for i in range(40):
        board = deal(6, 8, 12, 4, board_rng("portfolio", 2, i)).tolist()
        pos = Position(board, outside=False, gravity=gravity)
        first = clearing.core_search(pos)
        first.share(1 << 16)
        if first.step(1 << 30, None) == clearing.core.EXHAUSTED:
            break
    else:
        pytest.fail("no board that cannot be cleared among the 40")
    nodes = first.counters()[0]
    sent = first.sent()
    known = first.proven_dead()
    assert len(sent) == len(known) > 0 and not len(first.sent())
    second = clearing.core_search(pos)
    assert second.received(known) > 0 and second.received(known) == 0  # the second: none new
    assert second.step(1 << 30, None) == clearing.core.EXHAUSTED
    assert second.counters()[0] <= 1 < nodes


@pytest.mark.parametrize("gravity", ["outward", "inward"])
def test_outward_and_inward_keys_are_not_shared(gravity):
    """Their keys name each part's states by the search's own numbers, so another search
    could not read them: a core refuses to share them."""
    board = deal(6, 8, 12, 4, board_rng("portfolio", 2, 0)).tolist()
    search = clearing.core_search(Position(board, outside=True, gravity=gravity))
    with pytest.raises(ValueError, match="not shared"):
        search.share(16)
    with pytest.raises(ValueError, match="not shared"):
        search.received(array("Q"))


def test_outward_and_inward_run_one_search(portfolio_at_once):
    """In the modes of repeated passes the portfolio decided hard boards slower than one
    search, so one search decides them, whatever ``workers`` says."""
    for i in range(6):
        board = deal(6, 8, 12, 4, board_rng("portfolio", 3, i)).tolist()
        for gravity in ("outward", "inward"):
            one = llk.clear(board, outside=True, gravity=gravity)
            four = llk.clear(board, outside=True, gravity=gravity, workers=4)
            assert (one.moves, one.stats.nodes) == (four.moves, four.stats.nodes)
    assert not portfolio_at_once


def test_a_table_told_to_stop_while_it_grows_stays_as_it_was():
    """A stop seen while the table of dead positions doubles (``grow``) or grows for what
    another search sent (``receive``) leaves the table as it was, every position in it
    still found; unstopped, the table doubles with the same positions."""
    words = 2
    table = clearing.core.DeadPositions(array("Q", [0] * words), words, 1 << 20, False, 1 << 26)
    rng = random.Random(5)

    def entries(n: int) -> array:  # type: ignore[type-arg]
        got = array("Q")
        for _ in range(n):  # a key of two words, never 0 (keyed: a slot's worth)
            got.extend([rng.getrandbits(64) | 1, rng.getrandbits(64)])
        return got

    def held() -> set[tuple[int, ...]]:
        flat = table.every()
        return {tuple(flat[i : i + words]) for i in range(0, len(flat), words)}

    go, stop = array("q", [0, -1]), array("q", [1, -1])
    first = entries(20_000)
    assert table.receive(first, go) == 20_000
    kept = held()
    assert len(kept) == 20_000
    assert table.receive(entries(200_000), stop) == 0  # it would have to grow: left out
    assert not table.grow(stop)
    assert held() == kept
    assert table.receive(first, go) == 0  # every one still found where it is
    assert table.grow(go)
    assert held() == kept
    assert table.receive(first, go) == 0
