"""Run the ``solve`` command as a user would: in-process through ``main`` (most tests), or
as the installed console script in a fresh process (the smoke tests)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli.main import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


@dataclass
class Run:
    status: int
    out: str
    err: str


Solve = Callable[..., Run]


@pytest.fixture
def solve() -> Solve:
    """``main([...])`` in this process, with standard input, output and error captured."""

    def run(*args: object, stdin: bytes = b"") -> Run:
        with CliRunner().isolation(input=stdin) as (out, err, _):
            status = main([str(arg) for arg in args])
            sys.stdout.flush()
            sys.stderr.flush()
            return Run(status, out.getvalue().decode(), err.getvalue().decode())

    return run


def installed_solve() -> str:
    """The installed console script (beside this interpreter, or on PATH)."""
    beside = Path(sys.executable).with_name("solve")
    found = str(beside) if beside.exists() else shutil.which("solve")
    if found is None:
        pytest.skip("the solve console script is not installed")
    return found


@pytest.fixture
def solve_process() -> Solve:
    """The installed ``solve`` script in a fresh process."""
    script = installed_solve()

    def run(*args: object, stdin: bytes = b"", timeout: float = 120) -> Run:
        proc = subprocess.run(
            [script, *map(str, args)], input=stdin, capture_output=True, cwd=ROOT, timeout=timeout
        )
        return Run(proc.returncode, proc.stdout.decode(), proc.stderr.decode())

    return run
