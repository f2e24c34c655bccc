"""Run the ``solve`` command as a user would: a fresh process, arguments, standard input."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@dataclass
class Run:
    status: int
    out: str
    err: str


@pytest.fixture
def solve():
    def run(*args: str, stdin: bytes = b"") -> Run:
        proc = subprocess.run(
            [sys.executable, "-m", "cli.main", *map(str, args)],
            input=stdin,
            capture_output=True,
            cwd=ROOT,
            timeout=120,
        )
        return Run(proc.returncode, proc.stdout.decode(), proc.stderr.decode())

    return run
