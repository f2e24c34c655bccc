"""The HTTP JSON API (``solve serve``): the library's answers for clients in any language.

A Starlette application (``create_app``) run by uvicorn (``serve``).  Starlette because
the API is five JSON routes with hand-checked bodies and a hand-written OpenAPI document:
it needs routing, requests and responses and nothing of FastAPI's model layer, and it adds
two small packages to the ``serve`` extra instead of four.

Searches never run on the event loop: each goes to a bounded pool of worker threads
(``Workers``).  Threads, not processes: a search is stopped through its ``Budget`` (a
client that goes away, a server that shuts down), which another thread can do at once;
the compiled 连连看 move search runs without the GIL, so its searches run side by side,
and the other searches give the GIL back between slices of a few milliseconds, so the
event loop stays responsive.  Past ``workers + queue`` requests in flight the answer is
503 with ``Retry-After``.  Every request's time is capped by the server's
``time_limit``; a search that runs out answers ``UNDECIDED`` (status 200).

Safe by default: loopback only unless told otherwise, bodies of at most 1 MiB, boards of
at most ``MAX_CELLS`` cells, no file read from a request, and no stack trace in an answer
(an unexpected error is a 500 with one line).
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from graphsearch import __version__
from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError, SearchTimeout

__all__ = ["MAX_BODY", "MAX_CELLS", "ApiError", "Workers", "create_app", "openapi", "serve"]

MAX_BODY = 1 << 20  # bytes of a request body
MAX_CELLS = 40_000  # cells of a board (200 x 200)
MAX_QUERIES = 100_000


class ApiError(Exception):
    """A request the API refuses: its status and the one line it answers with."""

    def __init__(self, status: int, message: str, headers: dict[str, str] | None = None):
        super().__init__(message)
        self.status = status
        self.headers = headers or {}


class Workers:
    """A bounded pool of search threads and the budgets of the searches in flight: at most
    ``workers`` run and ``queue`` wait; ``stop_all`` stops every one (shutdown)."""

    def __init__(self, workers: int, queue: int, cluster: Any = None) -> None:
        self.limit = workers + queue
        self.pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="search")
        self.lock = threading.Lock()
        self.in_flight: set[Budget] = set()
        self.cluster = cluster  # a dask.distributed client: searches run there

    def searcher(
        self, work: Callable[[dict[str, Any], Budget], Any], fields: dict[str, Any], budget: Budget
    ) -> Callable[[], Any]:
        """What a worker thread runs: the search here, or, with a cluster, the search sent
        there (with the request's seconds) and waited on, cancelled when ``budget`` is
        stopped (a task already running there ends at its own time limit)."""
        if self.cluster is None:
            return lambda: work(fields, budget)
        cluster = self.cluster

        def remote() -> Any:
            future = cluster.submit(run_remote, work, fields, budget.left(), pure=False)
            # wait for the task here and fetch its result only once it is done: a result()
            # with a timeout can be cut off while it fetches, and Dask then raises an
            # unrelated error (UnboundLocalError in distributed 2026.8) instead of waiting on
            done = threading.Event()
            future.add_done_callback(lambda _: done.set())
            while not done.wait(0.05):
                if budget.stopped:
                    future.cancel()
                    raise budget.timeout(None, "the search was sent away")
            return future.result()

        return remote

    def admit(self, budget: Budget) -> None:
        with self.lock:
            if len(self.in_flight) >= self.limit:
                raise ApiError(503, "the server is busy: try again", {"Retry-After": "1"})
            self.in_flight.add(budget)

    def release(self, budget: Budget) -> None:
        with self.lock:
            self.in_flight.discard(budget)

    def stop_all(self) -> None:
        with self.lock:
            for budget in self.in_flight:
                budget.stop()

    async def run(
        self, budget: Budget, work: Callable[[], Any], disconnected: Callable[[], Any]
    ) -> Any:
        """``work()`` in a worker thread; a client that goes away (``disconnected``) or a
        cancelled request stops it through ``budget``."""
        self.admit(budget)
        try:
            task = asyncio.ensure_future(asyncio.wrap_future(self.pool.submit(work)))
            while True:
                done, _ = await asyncio.wait({task}, timeout=0.05)
                if done:
                    return task.result()
                if await disconnected():
                    budget.stop()
        finally:
            budget.stop()  # a cancelled request (shutdown, disconnect) ends its search
            self.release(budget)


# --- reading requests ----------------------------------------------------------------------


def _field(body: dict[str, Any], name: str, kind: type | tuple[type, ...], default: Any) -> Any:
    """Field ``name`` of the body (``default`` when it is left out or null), of ``kind``."""
    value = body.get(name)
    if value is None:
        return default
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if (isinstance(value, bool) and bool not in kinds) or not isinstance(value, kinds):
        raise ApiError(422, f"field {name!r}: expected {_kind(kind)}, not {json.dumps(value)[:40]}")
    return value


def _kind(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    names = {
        bool: "a boolean",
        int: "an integer",
        float: "a number",
        str: "a string",
        list: "a list",
    }
    return " or ".join(names.get(k, k.__name__) for k in kinds)


def _board(body: dict[str, Any]) -> list[list[int]]:
    board = body.get("board")
    if not isinstance(board, list) or not board or not all(isinstance(r, list) for r in board):
        raise ApiError(422, "field 'board': expected a non-empty list of rows of tile types")
    width = len(board[0])
    if width == 0 or any(len(row) != width for row in board):
        raise ApiError(422, "field 'board': every row must have the same number of cells (> 0)")
    if len(board) * width > MAX_CELLS:
        raise ApiError(422, f"field 'board': at most {MAX_CELLS} cells")
    for row in board:
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << 31:
                raise ApiError(
                    422, f"field 'board': a cell is 0 (empty) or a tile type, not {value!r}"
                )
    return board


def _rules(body: dict[str, Any]) -> Any:
    from graphsearch.llk.rules import ClearRules

    try:
        return ClearRules(
            _field(body, "outside", bool, False),
            _field(body, "max_turns", int, 2),
            _field(body, "gravity", str, "none"),
        )
    except InvalidInputError as exc:
        raise ApiError(422, str(exc)) from None


def _seconds(body: dict[str, Any], cap: float) -> float:
    value = _field(body, "time_limit", (int, float), None)
    if value is None:
        return cap
    if not value > 0:
        raise ApiError(422, "field 'time_limit': expected a positive number of seconds")
    return min(float(value), cap)


# --- the answers --------------------------------------------------------------------------


def _clear(body: dict[str, Any], budget: Budget) -> dict[str, Any]:
    from graphsearch.llk import clear
    from graphsearch.llk.game import settle, why_not_clearable
    from graphsearch.llk.report import case_json

    board, rules = body["board"], body["rules"]
    settled = settle(board, rules.gravity)
    try:
        result = clear(board, rules, budget=budget)
    except SearchTimeout as exc:
        nodes = getattr(exc.stats, "nodes", 0) or 0
        why = "stopped" if budget.stopped else "the time limit ran out"
        return case_json(
            settled, None, rules, verdict="UNDECIDED", reason=f"undecided: {why}",
            stats={"nodes": nodes, "seconds": round(budget.elapsed(), 6)},
        )  # fmt: skip
    moves = result.moves
    if moves is not None and body["hint"]:
        moves = moves[:1]
    reason = (
        None if moves is not None else why_not_clearable(settled, rules, nodes=result.stats.nodes)
    )
    return case_json(settled, moves, rules, reason=reason, stats=result.stats.as_dict())


def _shuffle(body: dict[str, Any], budget: Budget) -> dict[str, Any]:
    from graphsearch.llk.shuffle import shuffle

    try:
        dealt = shuffle(body["board"], body["rules"], seed=body["seed"], budget=budget)
    except SearchTimeout:
        return {"verdict": "UNDECIDED", "board": None, "moves": None, "reason": "undecided"}
    return dealt.as_json()


def _link(body: dict[str, Any], budget: Budget) -> dict[str, Any]:
    import numpy as np

    from graphsearch.llk import Case, Query
    from graphsearch.llk.engines import get_engine
    from graphsearch.llk.report import link_json

    board = np.array(body["board"], dtype=np.int64)
    queries = tuple(Query((a - 1, b - 1), (c - 1, d - 1)) for a, b, c, d in body["queries"])
    links = get_engine("scan")(
        Case(board, queries), outside=body["outside"], max_turns=body["max_turns"]
    )
    return {
        "outside": body["outside"],
        "max_turns": body["max_turns"],
        "rows": int(board.shape[0]),
        "cols": int(board.shape[1]),
        "queries": [link_json(q, link) for q, link in zip(queries, links, strict=True)],
    }


def _mayan(body: dict[str, Any], budget: Budget) -> dict[str, Any]:
    from graphsearch.mayan import solve
    from graphsearch.mayan.result import result_json

    puzzle, swaps = body["puzzle"], body["same_color_swaps"]
    try:
        result = solve(puzzle, same_color_swaps=swaps, budget=budget)
    except SearchTimeout:
        return {"n": puzzle.n, "solvable": None, "moves": None, "reason": "undecided"}
    answer = result_json(puzzle, result, swaps)
    if body["hint"] and answer["moves"]:
        answer["moves"] = answer["moves"][:1]  # type: ignore[index]
    return answer


def _read_clear(body: dict[str, Any]) -> dict[str, Any]:
    return {"board": _board(body), "rules": _rules(body), "hint": _field(body, "hint", bool, False)}


def _read_shuffle(body: dict[str, Any]) -> dict[str, Any]:
    seed = _field(body, "seed", int, 0)
    return {"board": _board(body), "rules": _rules(body), "seed": seed}


def _read_link(body: dict[str, Any]) -> dict[str, Any]:
    board = _board(body)
    queries = body.get("queries")
    if not isinstance(queries, list) or len(queries) > MAX_QUERIES:
        raise ApiError(422, f"field 'queries': expected a list of at most {MAX_QUERIES} queries")
    rows, cols = len(board), len(board[0])
    for query in queries:
        if (
            not isinstance(query, list)
            or len(query) != 4
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in query)
        ):
            raise ApiError(422, "field 'queries': each query is [x1, y1, x2, y2] (1-based)")
        x1, y1, x2, y2 = query
        if not (1 <= x1 <= rows and 1 <= x2 <= rows and 1 <= y1 <= cols and 1 <= y2 <= cols):
            raise ApiError(422, f"field 'queries': {query} is off the board of {rows} x {cols}")
    return {
        "board": board,
        "queries": queries,
        "outside": _field(body, "outside", bool, False),
        "max_turns": _rules(body).max_turns,
    }


def _read_mayan(body: dict[str, Any]) -> dict[str, Any]:
    from graphsearch.mayan import parse_puzzle

    text = _field(body, "puzzle", str, None)
    if text is None:
        raise ApiError(422, "field 'puzzle': expected the puzzle's judge text")
    try:
        puzzle = parse_puzzle(text)
    except InvalidInputError as exc:
        raise ApiError(422, f"field 'puzzle': {exc}") from None
    return {
        "puzzle": puzzle,
        "same_color_swaps": _field(body, "same_color_swaps", bool, True),
        "hint": _field(body, "hint", bool, False),
    }


# --- playing (the play page's requests): a game is its board dealt, its rules and its
# history (moves "x1 y1 x2 y2" as lists, and shuffles as {"shuffle": seed}), replayed by
# ``llk.Game`` on every request, so that the server keeps no state between requests


def _read_game(body: dict[str, Any]) -> dict[str, Any]:
    history = body.get("history", [])
    if not isinstance(history, list) or len(history) > MAX_CELLS:
        raise ApiError(422, "field 'history': expected a list of moves and shuffles")
    for entry in history:
        shuffle = isinstance(entry, dict) and isinstance(entry.get("shuffle"), int)
        if not shuffle and not _cells(entry):
            raise ApiError(
                422, "field 'history': each entry is [x1, y1, x2, y2] or {\"shuffle\": seed}"
            )
    fields: dict[str, Any] = {"board": _board(body), "rules": _rules(body), "history": history}
    move = body.get("move")
    if move is not None:
        if not _cells(move):
            raise ApiError(422, "field 'move': expected [x1, y1, x2, y2] (1-based)")
        fields["move"] = move
    fields["seed"] = _field(body, "seed", int, 0)
    return fields


def _cells(value: Any) -> bool:
    """Whether ``value`` is a move as the page sends it: four whole numbers."""
    return (
        isinstance(value, list)
        and len(value) == 4
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    )


def _replayed(fields: dict[str, Any], budget: Budget) -> Any:
    """The game of ``fields`` with its history replayed (422 for a move the rules refuse)."""
    from graphsearch.llk.gameloop import Game

    game = Game(fields["board"], fields["rules"])
    for number, entry in enumerate(fields["history"], 1):
        if isinstance(entry, dict):
            if game.shuffle(seed=entry["shuffle"], budget=budget.child()).board is None:
                raise ApiError(422, f"history entry {number}: no deal of these tiles clears")
            continue
        x1, y1, x2, y2 = entry
        try:
            game.play((x1 - 1, y1 - 1), (x2 - 1, y2 - 1))
        except InvalidInputError as exc:
            raise ApiError(422, f"history move {number}: {exc}") from None
    return game


def _play_step(fields: dict[str, Any], budget: Budget) -> dict[str, Any]:
    """A move on the game as it stands: the step as the watch page plays it, or, for a
    move the rules refuse, ``refused`` and why (an answer, as a ``NO`` is: status 200)."""
    from graphsearch.watch import clear_case

    game = _replayed(fields, budget)
    x1, y1, x2, y2 = fields["move"]
    before = game.board
    try:
        game.play((x1 - 1, y1 - 1), (x2 - 1, y2 - 1))
    except InvalidInputError as exc:
        return {"refused": str(exc), "moves_played": game.moves_made}
    played = [game.history[-1]]
    step = clear_case(before, played, title="", rules=game.rules, first=game.moves_made)["steps"][0]
    return {"step": step, "moves_played": game.moves_made}


def _play_verdict(fields: dict[str, Any], budget: Budget) -> dict[str, Any]:
    """The exact verdict of the game as it stands, and a hinted move (1-based)."""
    game = _replayed(fields, budget)
    verdict = game.verdict(budget)
    hint = None
    if verdict.moves:
        move = verdict.moves[0]
        hint = [move.a[0] + 1, move.a[1] + 1, move.b[0] + 1, move.b[1] + 1]
    return {
        "verdict": verdict.state,
        "dead_since": verdict.dead_since,
        "reason": verdict.reason,
        "hint": hint,
        "moves_played": game.moves_made,
    }


def _play_shuffle(fields: dict[str, Any], budget: Budget) -> dict[str, Any]:
    from graphsearch.llk.shuffle import shuffle

    game = _replayed(fields, budget)
    dealt = shuffle(game.board, game.rules, seed=fields["seed"], budget=budget)
    cells = None if dealt.board is None else [int(v) for v in dealt.board.ravel()]
    return {"board": cells, "reason": dealt.reason}


def _read_new(body: dict[str, Any]) -> dict[str, Any]:
    rows = _field(body, "rows", int, 8)
    cols = _field(body, "cols", int, 14)
    types = _field(body, "types", int, 28)
    if not (1 <= rows <= 30 and 1 <= cols <= 30 and types >= 1 and 4 * types <= rows * cols):
        raise ApiError(422, "fields 'rows', 'cols', 'types': at most 30 x 30 cells, 4 tiles a type")
    return {
        "rows": rows,
        "cols": cols,
        "types": types,
        "rules": _rules(body),
        "seed": _field(body, "seed", int, 0),
    }


def _play_new(fields: dict[str, Any], budget: Budget) -> dict[str, Any]:
    """A new board that clears under the rules (the generator), as the page's case."""
    from graphsearch.llk.generate import auto_method, generate_boards

    rules = fields["rules"]
    boards = generate_boards(
        fields["rows"],
        fields["cols"],
        types=fields["types"],
        seed=fields["seed"],
        rules=rules,
        method=auto_method(rules),
        budget=budget,
    )
    made = next(iter(boards))
    return play_case(made.board, rules)


def made_play(rules: Any = None, *, seed: int = 1) -> dict[str, Any]:
    """The play page's data for a board made to clear under ``rules`` (default: the ring
    and gravity down): 14 columns x 8 rows, 28 types."""
    from graphsearch.llk.rules import ClearRules

    rules = rules if rules is not None else ClearRules(outside=True, gravity="down")
    fields = {"rows": 8, "cols": 14, "types": 28, "rules": rules, "seed": seed}
    return _play_new(fields, Budget(30.0))


def play_case(board: Any, rules: Any) -> dict[str, Any]:
    """The play page's data for a board dealt: the watch page's case (no steps) and the
    rules."""
    from graphsearch._words import size
    from graphsearch.watch import clear_case

    rows, cols = len(board), len(board[0])
    case = clear_case(board, [], title=f"Play: {size(rows, cols)}", rules=rules)
    case["verdict"], case["summary"], case["end"] = "pending", "", ""
    from graphsearch.choices import GRAVITIES

    return {
        "case": case,
        "rules": rules.as_dict(),
        "board": [list(map(int, row)) for row in board],
        "modes": list(GRAVITIES),
    }


def _read_mayan_game(body: dict[str, Any]) -> dict[str, Any]:
    fields = _read_mayan(body)
    history = body.get("history", [])
    if not isinstance(history, list) or len(history) > 10_000:
        raise ApiError(422, "field 'history': expected a list of moves [x, y, g]")
    for entry in [*history, *([body["move"]] if body.get("move") is not None else [])]:
        if not (
            isinstance(entry, list)
            and len(entry) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in entry)
        ):
            raise ApiError(422, "a Mayan move is [x, y, g] (g = 1 right, -1 left)")
    fields["history"] = history
    fields["move"] = body.get("move")
    return fields


def _mayan_replayed(fields: dict[str, Any]) -> Any:
    from graphsearch.mayan.gameloop import Game

    game = Game(fields["puzzle"], same_color_swaps=fields["same_color_swaps"])
    for number, move in enumerate(fields["history"], 1):
        try:
            game.play(tuple(move))
        except InvalidInputError as exc:
            raise ApiError(422, f"history move {number}: {exc}") from None
    return game


def _play_mayan_step(fields: dict[str, Any], budget: Budget) -> dict[str, Any]:
    """A Mayan move on the game as it stands: the step as the watch page plays it (the
    drag, each round of its chain, the fall), or ``refused`` and why."""
    from graphsearch.mayan.board import Move
    from graphsearch.watch import mayan_step

    game = _mayan_replayed(fields)
    if fields["move"] is None:
        raise ApiError(422, "field 'move': expected [x, y, g]")
    before = game.board
    try:
        move = Move.of(tuple(fields["move"]))
        game.play(move)
    except InvalidInputError as exc:
        return {"refused": str(exc), "moves_left": game.moves_left}
    return {"step": mayan_step(before, move, len(game.history)), "moves_left": game.moves_left}


def _play_mayan_verdict(fields: dict[str, Any], budget: Budget) -> dict[str, Any]:
    """Whether the board can still be emptied in exactly the moves left, and the smallest
    move that keeps it so."""
    from graphsearch.mayan.gameloop import SOLVABLE, UNSOLVABLE

    game = _mayan_replayed(fields)
    verdict = game.verdict(budget)
    words = {SOLVABLE: "clearable", UNSOLVABLE: "dead"}
    first = verdict.solution[0] if verdict.solution else None
    hint = None if first is None else [first.x, first.y, first.g]
    return {
        "verdict": words.get(verdict.state, "undecided"),
        "moves_left": game.moves_left,
        "reason": verdict.reason,
        "hint": hint,
    }


def mayan_play(puzzle: Any, same_color_swaps: bool = True) -> dict[str, Any]:
    """The play page's data for a Mayan puzzle."""
    from graphsearch._words import plural
    from graphsearch.mayan.result import MayanResult
    from graphsearch.watch import mayan_case

    title = f"Play: Mayan puzzle, n = {puzzle.n}, {plural(puzzle.board.blocks, 'block')}"
    case = mayan_case(puzzle, MayanResult(puzzle.n, (), "play"), title=title,
                      same_color_swaps=same_color_swaps)  # fmt: skip
    case["verdict"], case["summary"], case["end"] = "pending", "", ""
    return {
        "kind": "mayan",
        "case": case,
        "puzzle": puzzle.to_text(),
        "same_color_swaps": same_color_swaps,
        "rules": {},
    }


ROUTES: dict[str, tuple[Callable[[dict[str, Any]], dict[str, Any]], Callable[..., Any]]] = {
    "/v1/play/mayan/step": (_read_mayan_game, _play_mayan_step),
    "/v1/play/mayan/verdict": (_read_mayan_game, _play_mayan_verdict),
    "/v1/play/step": (_read_game, _play_step),
    "/v1/play/verdict": (_read_game, _play_verdict),
    "/v1/play/shuffle": (_read_game, _play_shuffle),
    "/v1/play/new": (_read_new, _play_new),
    "/v1/clear": (_read_clear, _clear),
    "/v1/shuffle": (_read_shuffle, _shuffle),
    "/v1/link": (_read_link, _link),
    "/v1/mayan": (_read_mayan, _mayan),
}


# the play page's content security policy: nothing but its own inline code and styles,
# and requests to the server it came from
PAGE_POLICY = (
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; "
    "connect-src 'self'; img-src data:; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'"
)


def run_remote(work: Callable[[dict[str, Any], Budget], Any], fields: Any, seconds: Any) -> Any:
    """A search on a Dask worker, under a budget of the request's seconds."""
    return work(fields, Budget(seconds))


def create_app(
    *,
    time_limit: float = 10.0,
    workers: int = 2,
    queue: int = 8,
    play: dict[str, Any] | None = None,
    cluster: Any = None,
) -> Any:
    """The ASGI application: ``time_limit`` caps every request's seconds; ``workers``
    searches run at once and ``queue`` more wait; ``play``: the board the play page
    starts with (``play_case``; a made one when None); ``cluster``: a dask.distributed
    client whose workers run the searches (``serve``'s ``scheduler``)."""
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse
    from starlette.routing import Route

    pool = Workers(workers, queue, cluster)

    async def health(request: Request) -> JSONResponse:
        return JSONResponse({"status": "ok", "version": __version__})

    async def spec(request: Request) -> JSONResponse:
        return JSONResponse(openapi())

    async def play_page(request: Request) -> HTMLResponse:
        from graphsearch.watch import page

        start = play if play is not None else made_play()
        html = page([start["case"]], "graphsearch: play", play=start)
        headers = {"Content-Security-Policy": PAGE_POLICY, "Cache-Control": "no-store"}
        return HTMLResponse(html, headers=headers)

    async def answer(request: Request) -> JSONResponse:
        read, work = ROUTES[request.url.path]
        try:
            body = await _body(request)
            fields = read(body)
            budget = Budget(_seconds(body, time_limit))
            search = pool.searcher(work, fields, budget)
            result = await pool.run(budget, search, request.is_disconnected)
            return JSONResponse(result)
        except ApiError as exc:
            return JSONResponse({"error": str(exc)}, exc.status, headers=exc.headers)
        except InvalidInputError as exc:
            return JSONResponse({"error": str(exc)}, 422)
        except SearchTimeout as exc:  # a search that is not an answer ran out, or was stopped
            return JSONResponse({"error": f"no answer: {exc}"}, 503, {"Retry-After": "1"})

    async def on_error(request: Request, exc: Exception) -> JSONResponse:
        # a fault of the server's own: the client is told no more, the log is told all
        logging.getLogger("graphsearch.serve").error(
            "%s %s failed", request.method, request.url.path, exc_info=exc
        )
        return JSONResponse({"error": "the server could not answer this request"}, 500)

    async def not_found(request: Request, exc: Exception) -> JSONResponse:
        status = getattr(exc, "status_code", 404)
        words = {404: "no such route", 405: "method not allowed on this route"}
        return JSONResponse({"error": words.get(status, "bad request")}, status)

    routes = [Route("/health", health), Route("/openapi.json", spec), Route("/play", play_page)]
    routes += [Route(path, answer, methods=["POST"]) for path in ROUTES]
    app = Starlette(
        routes=routes,
        exception_handlers={404: not_found, 405: not_found, Exception: on_error},
    )
    app.state.workers = pool
    return app


async def _body(request: Any) -> dict[str, Any]:
    """The request's JSON object: 413 past ``MAX_BODY``, 400 for what is not JSON, 422
    for JSON that is not an object."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError(413, f"the body is over {MAX_BODY} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, f"the body is over {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        body = json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise ApiError(400, "the body is not JSON") from None
    if not isinstance(body, dict):
        raise ApiError(422, "the body is a JSON object of named fields")
    return body


def openapi() -> dict[str, Any]:
    """The API's OpenAPI 3.1 description."""
    board = {
        "type": "array",
        "items": {"type": "array", "items": {"type": "integer", "minimum": 0}},
        "description": "rows of tile types, 0 for an empty cell",
    }
    rules = {
        "gravity": {
            "type": "string",
            "default": "none",
            "description": "one of the 13 modes, English or Chinese name",
        },
        "outside": {"type": "boolean", "default": False},
        "max_turns": {"type": "integer", "minimum": 0, "default": 2},
    }
    limit = {"time_limit": {"type": "number", "exclusiveMinimum": 0}}
    move = {"type": "array", "items": {"type": "integer"}, "minItems": 3, "maxItems": 4}
    history = {"type": "array", "items": {}, "description": "moves, and {shuffle: seed}"}
    error = {
        "description": "refused",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }

    def post(summary: str, props: dict[str, Any], required: list[str]) -> dict[str, Any]:
        return {
            "post": {
                "summary": summary,
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"type": "object", "properties": props, "required": required}
                        }
                    },
                },
                "responses": {
                    "200": {
                        "description": "the answer",
                        "content": {"application/json": {"schema": {"type": "object"}}},
                    },
                    "400": error,
                    "413": error,
                    "422": error,
                    "503": error,
                },
            }
        }

    return {
        "openapi": "3.1.0",
        "info": {"title": "graphsearch", "version": __version__},
        "paths": {
            "/health": {
                "get": {
                    "summary": "the server's state",
                    "responses": {"200": {"description": "ok"}},
                }
            },
            "/v1/clear": post(
                "Can the board be cleared, and how (solve clear --format json, one case)",
                {"board": board, **rules, "hint": {"type": "boolean"}, **limit},
                ["board"],
            ),
            "/v1/shuffle": post(
                "The tiles dealt again so that the board clears",
                {"board": board, **rules, "seed": {"type": "integer"}, **limit},
                ["board"],
            ),
            "/v1/link": post(
                "Link queries (solve llk --format json)",
                {
                    "board": board,
                    "queries": {
                        "type": "array",
                        "items": {
                            "type": "array",
                            "items": {"type": "integer"},
                            "minItems": 4,
                            "maxItems": 4,
                        },
                    },
                    "outside": rules["outside"],
                    "max_turns": rules["max_turns"],
                },
                ["board", "queries"],
            ),
            "/v1/mayan": post(
                "A Mayan puzzle (solve mayan --format json)",
                {
                    "puzzle": {"type": "string"},
                    "same_color_swaps": {"type": "boolean", "default": True},
                    "hint": {"type": "boolean"},
                    **limit,
                },
                ["puzzle"],
            ),
            "/v1/play/step": post(
                "A move on a game (the board dealt and its history): the step as the page "
                "plays it, or refused and why",
                {"board": board, **rules, "history": history, "move": move},
                ["board", "move"],
            ),
            "/v1/play/verdict": post(
                "A game's exact verdict (clearable, dead since a move, undecided) and a hint",
                {"board": board, **rules, "history": history, **limit},
                ["board"],
            ),
            "/v1/play/shuffle": post(
                "The tiles left in a game dealt again so that they clear",
                {"board": board, **rules, "history": history, "seed": {"type": "integer"}},
                ["board"],
            ),
            "/v1/play/new": post(
                "A board made to clear under the rules, as the play page's data",
                {
                    "rows": {"type": "integer"},
                    "cols": {"type": "integer"},
                    "types": {"type": "integer"},
                    "seed": {"type": "integer"},
                    **rules,
                },
                [],
            ),
            "/v1/play/mayan/step": post(
                "A move on a Mayan game: the step as the page plays it, or refused and why",
                {"puzzle": {"type": "string"}, "history": history, "move": move},
                ["puzzle", "move"],
            ),
            "/v1/play/mayan/verdict": post(
                "Whether a Mayan game can still be emptied in the moves left, and a hint",
                {"puzzle": {"type": "string"}, "history": history, **limit},
                ["puzzle"],
            ),
            "/play": {
                "get": {
                    "summary": "the play page",
                    "responses": {"200": {"description": "an HTML page"}},
                }
            },
        },
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "properties": {"error": {"type": "string"}},
                    "required": ["error"],
                }
            }
        },
    }


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    *,
    time_limit: float = 10.0,
    workers: int = 2,
    queue: int = 8,
    ready: Callable[[str], None] | None = None,
    play: dict[str, Any] | None = None,
    scheduler: str | None = None,
) -> None:
    """Run the API until SIGTERM or Ctrl-C, which stop the searches in flight and end the
    server within a second.  ``port`` 0 takes a free port; ``ready(address)`` is called
    with ``http://HOST:PORT`` once the socket listens; ``play``: the board the play page
    starts with; ``scheduler``: the address of a Dask scheduler to send the searches to
    (``SchedulerError`` when it cannot be reached)."""
    import socket

    import uvicorn

    cluster = None
    if scheduler is not None:
        from distributed import Client

        from graphsearch.survey import CONNECT_TIMEOUT, connect

        cluster = connect(Client, scheduler, CONNECT_TIMEOUT)
    app = create_app(
        time_limit=time_limit, workers=workers, queue=queue, play=play, cluster=cluster
    )
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that name TCP, and without
    # it a response written in two parts waits on the client's delayed ACK (some 40 ms)
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(128)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if family == socket.AF_INET6 else host
    config = uvicorn.Config(
        app, log_level="warning", timeout_graceful_shutdown=1, lifespan="off", access_log=False
    )
    server = uvicorn.Server(config)
    exit_handler = server.handle_exit

    def stop(sig: int, frame: Any) -> None:
        app.state.workers.stop_all()  # the searches in flight end at their next look
        exit_handler(sig, frame)

    server.handle_exit = stop  # type: ignore[method-assign]
    if ready is not None:
        ready(f"http://{shown}:{bound}")
    try:
        server.run(sockets=[sock])
    finally:
        app.state.workers.stop_all()
        app.state.workers.pool.shutdown(wait=False, cancel_futures=True)
        if cluster is not None:
            cluster.close()
