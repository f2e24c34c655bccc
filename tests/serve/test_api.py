"""``solve serve`` as a server: a live process on a loopback port, real sockets, answers
against the command line's, every error status, a client that goes away, a full queue,
and SIGTERM during a search."""

from __future__ import annotations

import contextlib
import json
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette")
pytest.importorskip("uvicorn")
httpx = pytest.importorskip("httpx")

from graphsearch.llk.generate import board_rng, deal  # noqa: E402

HARD = deal(11, 19, 50, 4, board_rng("llk", 0, 91)).tolist()  # about 9 s with down, ring
# undecided after 1,500 s with down, ring (the census's QQ board 71): a search of it runs to
# its time limit unless it is stopped
ENDLESS = deal(11, 19, 50, 4, board_rng("llk", 1, 71)).tolist()


class Server:
    def __init__(self, *args: str) -> None:
        command = [sys.executable, "-m", "graphsearch.cli.main", "serve", "--port", "0", *args]
        self.process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
        assert self.process.stderr is not None
        line = self.process.stderr.readline()
        assert line.startswith("listening on http://127.0.0.1:"), line
        self.url = line.split()[-1]
        self.log: list[str] = []  # the rest of stderr, read so that the pipe never fills
        threading.Thread(target=self.log.extend, args=(self.process.stderr,), daemon=True).start()

    def post(self, path: str, body: object, **kw: object) -> httpx.Response:
        return httpx.post(self.url + path, json=body, timeout=kw.pop("timeout", 30), **kw)

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            self.process.wait(timeout=5)


@pytest.fixture(scope="module")
def server() -> Iterator[Server]:
    live = Server("--time-limit", "20")
    yield live
    live.close()


def cli_json(*args: str, stdin: str) -> dict:
    command = [sys.executable, "-m", "graphsearch.cli.main", *args, "--format", "json", "-"]
    run = subprocess.run(command, input=stdin, capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def case_text(board: list[list[int]]) -> str:
    return (
        f"{len(board)} {len(board[0])}\n" + "\n".join(" ".join(map(str, r)) for r in board) + "\n"
    )


def without_seconds(answer: dict) -> dict:
    return {k: v for k, v in answer.items() if k not in ("stats", "case")}


@pytest.mark.parametrize("gravity", ["none", "down", "向内集中", "left"])
def test_clear_answers_as_the_command_line(server, gravity):
    board = deal(6, 8, 12, 4, board_rng("serve", 1, hash(gravity) % 100)).tolist()
    body = {"board": board, "gravity": gravity, "outside": True}
    answer = server.post("/v1/clear", body)
    assert answer.status_code == 200
    (case,) = cli_json("clear", "--outside", "--gravity", gravity, stdin=case_text(board))["cases"]
    assert without_seconds(answer.json()) == without_seconds(case)
    hint = server.post("/v1/clear", {**body, "hint": True}).json()
    assert hint["moves"] is None or len(hint["moves"]) == 1


def test_link_mayan_shuffle_health_and_openapi(server):
    board = [[1, 2, 1], [0, 0, 0]]
    answer = server.post("/v1/link", {"board": board, "queries": [[1, 1, 1, 3], [1, 1, 1, 2]]})
    text = case_text(board) + "2\n1 1 1 3\n1 1 1 2\n"
    assert answer.json()["queries"] == cli_json("llk", stdin=text)["cases"][0]["queries"]
    puzzle = "3  1 0  2 1 0  2 3 4 0  3 1 0  2 4 3 4 0"
    mayan = server.post("/v1/mayan", {"puzzle": puzzle}).json()
    assert (
        mayan["moves"]
        == cli_json("mayan", stdin=puzzle)["moves"]
        == [[2, 1, 1], [3, 1, 1], [3, 0, 1]]
    )
    none = server.post("/v1/mayan", {"puzzle": "2  0  0  0  1 1 0  1 0", "same_color_swaps": False})
    assert none.json()["solvable"] is False and none.json()["reason"]
    shuffled = server.post("/v1/shuffle", {"board": [[1, 2, 2, 1]], "seed": 3}).json()
    assert shuffled["verdict"] == "YES" and sorted(shuffled["board"][0]) == [1, 1, 2, 2]
    assert httpx.get(server.url + "/health").json()["status"] == "ok"
    spec = httpx.get(server.url + "/openapi.json").json()
    assert spec["openapi"].startswith("3.") and "/v1/clear" in spec["paths"]


@pytest.mark.parametrize(
    "path, body, status, words",
    [
        ("/v1/clear", b"{not json", 400, "not JSON"),
        ("/v1/clear", b"[1, 2]", 422, "object"),
        ("/v1/clear", b'{"board": "1 2"}', 422, "board"),
        ("/v1/clear", b'{"board": [[1, 2], [1]]}', 422, "same number"),
        ("/v1/clear", b'{"board": [[1, -2]]}', 422, "tile type"),
        ("/v1/clear", b'{"board": [[1, 1]], "gravity": "sideways"}', 422, "gravity"),
        ("/v1/clear", b'{"board": [[1, 1]], "outside": "yes"}', 422, "outside"),
        ("/v1/clear", b'{"board": [[1, 1]], "max_turns": -1}', 422, "max_turns"),
        ("/v1/clear", b'{"board": [[1, 1]], "time_limit": 0}', 422, "time_limit"),
        ("/v1/link", b'{"board": [[1, 1]], "queries": [[1, 1, 1, 9]]}', 422, "off the board"),
        ("/v1/mayan", b'{"puzzle": "3 1 0"}', 422, "puzzle"),
        ("/v1/mayan", b'{"puzzle": 3}', 422, "puzzle"),
        ("/v1/clear", b'{"board": [[' + b"[" * 5000 + b"]" * 5000 + b"]]}", 400, "not JSON"),
        ("/v1/clear", b'{"board": [[1]], "x": "' + b"a" * (1 << 20) + b'"}', 413, "over"),
        ("/v1/nothing", b"{}", 404, "no such route"),
    ],
)
def test_bad_requests_are_refused_with_a_line_and_no_trace(server, path, body, status, words):
    answer = httpx.post(server.url + path, content=body, timeout=30)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"] and "Traceback" not in answer.text


def test_a_kept_alive_connection_is_answered_without_waiting_on_delayed_acks(server):
    """A bot asks many small questions on one connection.  Without TCP_NODELAY on the
    server's sockets each answer (written in two parts) waits for the client's delayed ACK,
    40 ms or more on Linux; with it, a trivial answer takes about a millisecond."""
    with httpx.Client(timeout=30) as client:
        client.get(server.url + "/health")  # the connection is open from here on
        took = []
        for _ in range(30):
            start = time.perf_counter()
            answer = client.post(server.url + "/v1/link", json={"board": [[1, 1]], "queries": []})
            took.append(time.perf_counter() - start)
            assert answer.status_code == 200
    assert sorted(took)[len(took) // 2] < 0.02, "answers wait on the client's delayed ACK"


def test_a_search_that_runs_out_of_time_is_undecided(server):
    answer = server.post(
        "/v1/clear", {"board": HARD, "gravity": "down", "outside": True, "time_limit": 0.3}
    )
    assert answer.status_code == 200 and answer.json()["verdict"] == "UNDECIDED"


class LongRequest(threading.Thread):
    """A client that asks for a search that runs to the server's time limit and goes away
    after ``seconds``; ``answered``: whether it got an answer before it went."""

    def __init__(self, url: str, seconds: float) -> None:
        super().__init__(daemon=True)
        self.url, self.seconds, self.answered = url, seconds, False
        self.start()

    def run(self) -> None:
        with contextlib.suppress(httpx.HTTPError):
            httpx.post(
                self.url + "/v1/clear",
                json={"board": ENDLESS, "gravity": "down", "outside": True},
                timeout=self.seconds,
            )
            self.answered = True


def test_a_client_that_goes_away_stops_its_search_and_a_full_queue_is_503():
    live = Server("--workers", "1", "--queue", "0", "--time-limit", "30")
    try:
        client = LongRequest(live.url, 3)
        time.sleep(0.5)
        busy = live.post("/v1/clear", {"board": [[1, 1]]})
        assert busy.status_code == 503 and busy.headers["retry-after"]
        client.join()
        assert not client.answered  # it went away after 3 s, mid-search
        gone = time.perf_counter()
        # left alone, the search would hold the one worker for 27 s more; stopped, it frees
        # it at once (under a second here; the bound leaves room for a loaded machine)
        with httpx.Client(timeout=30) as poll:
            while poll.post(live.url + "/v1/clear", json={"board": [[1, 1]]}).status_code != 200:
                assert time.perf_counter() - gone < 3.0, "the search went on after its client left"
                time.sleep(0.02)
    finally:
        live.close()


def test_sigterm_during_a_search_ends_the_server_within_a_second():
    live = Server("--time-limit", "30")
    LongRequest(live.url, 30)
    time.sleep(0.5)
    start = time.perf_counter()
    live.process.send_signal(signal.SIGTERM)
    live.process.wait(timeout=5)
    assert time.perf_counter() - start < 1.0


def test_the_play_page_and_its_requests(server):
    page = httpx.get(server.url + "/play", timeout=30)
    assert page.status_code == 200 and 'id="board"' in page.text
    policy = page.headers["content-security-policy"]
    assert "default-src 'none'" in policy and "connect-src 'self'" in policy
    game = {"board": [[2, 1, 1, 1], [1, 3, 2, 3]], "history": []}
    step = server.post("/v1/play/step", {**game, "move": [1, 3, 1, 4]}).json()
    assert step["moves_played"] == 1 and step["step"]["rest"]["ghosts"]
    refused = server.post("/v1/play/step", {**game, "move": [1, 1, 1, 2]}).json()
    assert "not of one type" in refused["refused"]
    dead = server.post("/v1/play/verdict", {**game, "history": [[1, 3, 1, 4]]}).json()
    assert dead["verdict"] == "dead" and dead["dead_since"] == 1 and dead["hint"] is None
    alive = server.post("/v1/play/verdict", game).json()
    assert alive["verdict"] == "clearable" and len(alive["hint"]) == 4
    dealt = server.post("/v1/play/shuffle", {**game, "history": [[1, 3, 1, 4]], "seed": 2}).json()
    assert sorted(dealt["board"]) == [0, 0, 1, 1, 2, 2, 3, 3]
    again = server.post("/v1/play/verdict", {**game, "history": [[1, 3, 1, 4], {"shuffle": 2}]})
    assert again.json()["verdict"] == "clearable"
    made = server.post("/v1/play/new", {"rows": 4, "cols": 6, "types": 6, "gravity": "left"}).json()
    assert made["rules"]["gravity"] == "left" and len(made["board"]) == 4
    bad = server.post("/v1/play/verdict", {**game, "history": [[1, 1, 1, 2]]})
    assert bad.status_code == 422 and "history move 1" in bad.json()["error"]


def test_a_mayan_game_through_the_play_requests(server):
    puzzle = "3  1 0  2 1 0  2 3 4 0  3 1 0  2 4 3 4 0"
    verdict = server.post("/v1/play/mayan/verdict", {"puzzle": puzzle}).json()
    assert verdict == {"verdict": "clearable", "moves_left": 3, "reason": None, "hint": [2, 1, 1]}
    step = server.post("/v1/play/mayan/step", {"puzzle": puzzle, "move": [2, 1, 1]}).json()
    assert step["moves_left"] == 2 and step["step"]["frames"]
    lost = server.post("/v1/play/mayan/verdict", {"puzzle": puzzle, "history": [[0, 0, 1]]}).json()
    assert lost["verdict"] == "dead" and lost["hint"] is None and lost["reason"]
    refused = server.post("/v1/play/mayan/step", {"puzzle": puzzle, "move": [0, 5, 1]}).json()
    assert refused["refused"]


def test_searches_sent_to_a_dask_cluster_answer_the_same():
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None
    ) as cluster:
        live = Server("--scheduler", cluster.scheduler_address, "--time-limit", "20")
        try:
            board = deal(6, 8, 12, 4, board_rng("serve", 2, 0)).tolist()
            body = {"board": board, "gravity": "inward", "outside": True}
            answer = live.post("/v1/clear", body)
            (case,) = cli_json("clear", "--outside", "--gravity", "inward", stdin=case_text(board))[
                "cases"
            ]
            assert without_seconds(answer.json()) == without_seconds(case), "".join(live.log)
            puzzle = "3  1 0  2 1 0  2 3 4 0  3 1 0  2 4 3 4 0"
            assert live.post("/v1/mayan", {"puzzle": puzzle}).json()["moves"][0] == [2, 1, 1]
        finally:
            live.close()


def test_an_unreachable_scheduler_is_refused_in_one_line():
    command = [sys.executable, "-m", "graphsearch.cli.main", "serve", "--port", "0"]
    run = subprocess.run(
        [*command, "--scheduler", "tcp://127.0.0.1:1"], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 2 and "cannot use the Dask scheduler" in run.stderr
