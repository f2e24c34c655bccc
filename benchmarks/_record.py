"""What every benchmark writes with ``--json FILE``: its figures and a stamp saying where
they come from (the commit, the date, the machine and the command), so that
``benchmarks/report.py`` can build ``docs/benchmarks.md`` from them."""

from __future__ import annotations

import contextlib
import datetime
import io
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

__all__ = ["Transcript", "stamp", "write"]

HERE = Path(__file__).resolve().parent.parent


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def _commit() -> str:
    try:
        out = subprocess.run(
            ["git", "-C", str(HERE), "describe", "--always", "--dirty", "--tags"],
            capture_output=True,
            text=True,
            check=True,
        )
        return out.stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def stamp() -> dict[str, Any]:
    """Where the figures come from."""
    return {
        "commit": _commit(),
        "date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": f"{os.cpu_count()} cores, {_cpu_model()}",
        "python": platform.python_version(),
        "command": " ".join(["python", *sys.argv]),
    }


def write(path: str | None, benchmark: str, figures: dict[str, Any]) -> None:
    """Write the figures of one run, stamped, to ``path`` (nothing when it is None)."""
    if path is None:
        return
    record = {"benchmark": benchmark, "stamp": stamp(), **figures}
    Path(path).write_text(json.dumps(record, indent=1, ensure_ascii=False) + "\n")


class Transcript(contextlib.AbstractContextManager["Transcript"]):
    """Keeps what a benchmark prints (its table) while printing it, for a script whose
    figures are that table: ``write(path, name, {"text": transcript.lines})``."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self._buffer = io.StringIO()
        self._stdout = sys.stdout

    def __enter__(self) -> Transcript:
        outer = self

        class Tee(io.TextIOBase):
            def write(self, text: str) -> int:
                outer._stdout.write(text)
                return outer._buffer.write(text)

        sys.stdout = Tee()
        return self

    def __exit__(self, *exc: object) -> None:
        sys.stdout = self._stdout
        self.lines = self._buffer.getvalue().splitlines()
