"""A bounded load run of ``solve serve`` on loopback: 32 concurrent clients send 2,000 mixed
requests (link queries, 12 x 7 to 19 x 11 boards in several modes, shuffles, Mayan
puzzles) to a server started here, and the run reports throughput, p50 and p99 latency,
the answers by status (503 only when the queue is full), and the server's memory before
(after a warm-up of 100 requests) and after; then one client asks 200 small link
questions on one kept-alive connection, and the run reports their p50 (what a bot that
asks one thing at a time waits).  It sends traffic to 127.0.0.1 only, and
stops by itself.

    python benchmarks/serve_bench.py --json benchmarks/results/10-serve.json
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx
from _record import write

from graphsearch.llk.generate import board_rng, deal

MODES = ["none", "down", "left", "inward", "up-down-apart", "outward"]
SIZES = [(7, 12, 21), (8, 14, 28), (9, 16, 36), (11, 19, 50)]


def requests(count: int) -> list[tuple[str, dict[str, Any]]]:
    """The mixed requests, the same every run."""
    rng = random.Random(2026)
    out: list[tuple[str, dict[str, Any]]] = []
    for i in range(count):
        kind = rng.choice(["link", "clear", "clear", "shuffle", "mayan"])
        rows, cols, types = rng.choice(SIZES)
        board = deal(rows, cols, types, 4, board_rng("serve bench", 0, i)).tolist()
        if kind == "link":
            queries = [
                [
                    rng.randint(1, rows),
                    rng.randint(1, cols),
                    rng.randint(1, rows),
                    rng.randint(1, cols),
                ]
                for _ in range(20)
            ]
            out.append(("/v1/link", {"board": board, "queries": queries, "outside": True}))
        elif kind == "clear":
            body = {"board": board, "outside": True, "gravity": rng.choice(MODES), "time_limit": 2}
            out.append(("/v1/clear", body))
        elif kind == "shuffle":
            out.append(
                ("/v1/shuffle", {"board": board, "outside": True, "gravity": rng.choice(MODES)})
            )
        else:
            puzzle = "3  1 0  2 1 0  2 3 4 0  3 1 0  2 4 3 4 0"
            out.append(("/v1/mayan", {"puzzle": puzzle}))
    return out


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def load(
    url: str, work: list[tuple[str, dict[str, Any]]], clients: int
) -> tuple[list[float], Counter[int]]:
    queue: asyncio.Queue[tuple[str, dict[str, Any]]] = asyncio.Queue()
    for item in work:
        queue.put_nowait(item)
    latencies: list[float] = []
    statuses: Counter[int] = Counter()

    async def client() -> None:
        async with httpx.AsyncClient(base_url=url, timeout=30) as session:
            while not queue.empty():
                path, body = queue.get_nowait()
                start = time.perf_counter()
                answer = await session.post(path, json=body)
                latencies.append(time.perf_counter() - start)
                statuses[answer.status_code] += 1

    await asyncio.gather(*(client() for _ in range(clients)))
    return latencies, statuses


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--queue", type=int, default=64)
    parser.add_argument("--json", help="also write the figures to this file")
    args = parser.parse_args()
    command = [sys.executable, "-m", "graphsearch.cli.main", "serve", "--port", "0"]
    command += ["--workers", str(args.workers), "--queue", str(args.queue), "--time-limit", "5"]
    server = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stderr is not None
        url = server.stderr.readline().split()[-1]
        work = requests(args.requests)
        # warm up: every kind of request once (imports, the worker threads, the caches)
        asyncio.run(load(url, requests(100)[:100], 4))
        before = rss_mb(server.pid)
        start = time.perf_counter()
        latencies, statuses = asyncio.run(load(url, work, args.clients))
        seconds = time.perf_counter() - start
        after = rss_mb(server.pid)
        small = [("/v1/link", {"board": [[1, 2, 1, 2]], "queries": [[1, 1, 1, 3]]})] * 200
        one, _ = asyncio.run(load(url, small, 1))
    finally:
        server.terminate()
        server.wait(timeout=10)
    latencies.sort()
    row = {
        "requests": len(latencies),
        "clients": args.clients,
        "workers": args.workers,
        "queue": args.queue,
        "seconds": seconds,
        "requests a second": len(latencies) / seconds,
        "p50 s": statistics.median(latencies),
        "p99 s": latencies[int(0.99 * (len(latencies) - 1))],
        "200": statuses[200],
        "503": statuses[503],
        "other": sum(v for k, v in statuses.items() if k not in (200, 503)),
        "MB before": before,
        "MB after": after,
        "one client p50 ms": 1000 * statistics.median(one),
    }
    print(row)
    write(args.json, "serve_bench", {"rows": [row]})
    return 0 if row["other"] == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
