"""How a request's search waits on a Dask cluster, with a stand-in for the client: the
result is fetched only once the task is done (a fetch cut off by a timeout makes Dask
raise an unrelated error), and a stopped request cancels its task."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from graphsearch.budget import Budget
from graphsearch.errors import SearchTimeout
from graphsearch.serve import Workers


class SlowTask:
    """A Dask future as the server sees it: done after ``after`` seconds; a result asked
    for before then, or with a timeout, is the failure the server must never meet."""

    def __init__(self, value: Any, after: float) -> None:
        self.value = value
        self.finished = threading.Event()
        self.cancelled = False
        self.callbacks: list[Any] = []
        if after:
            timer = threading.Timer(after, self.finish)
            timer.daemon = True
            timer.start()
        else:
            self.finish()

    def finish(self) -> None:
        self.finished.set()
        for callback in self.callbacks:
            callback(self)

    def add_done_callback(self, callback: Any) -> None:
        self.callbacks.append(callback)
        if self.finished.is_set():
            callback(self)

    def result(self, timeout: float | None = None) -> Any:
        if timeout is not None or not self.finished.is_set():
            raise UnboundLocalError("a fetch cut off part way")
        return self.value

    def cancel(self) -> None:
        self.cancelled = True


class Cluster:
    def __init__(self, after: float) -> None:
        self.after = after
        self.tasks: list[SlowTask] = []

    def submit(self, function: Any, work: Any, fields: Any, seconds: float, pure: bool) -> Any:
        assert not pure and seconds > 0
        self.tasks.append(SlowTask(("answer", fields), self.after))
        return self.tasks[-1]


@pytest.mark.parametrize("after", [0.0, 0.01, 0.12])
def test_a_task_sent_away_is_fetched_once_done(after):
    cluster = Cluster(after)
    search = Workers(1, 0, cluster).searcher(lambda fields, budget: None, {"n": 1}, Budget(5))
    assert search() == ("answer", {"n": 1})


def test_a_stopped_request_cancels_its_task():
    cluster = Cluster(after=30)
    budget = Budget(5)
    search = Workers(1, 0, cluster).searcher(lambda fields, budget: None, {}, budget)
    threading.Timer(0.1, budget.stop).start()
    with pytest.raises(SearchTimeout):
        search()
    assert cluster.tasks[0].cancelled
