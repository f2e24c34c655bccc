"""Every runnable example in examples/ runs as a user would run it, and ends cleanly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).resolve().parents[1] / "examples").glob("*.py"))


def test_there_are_examples():
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs(script):
    if "dask" in script.name:
        pytest.importorskip("distributed")
    run = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip()


def readme_sessions() -> list[tuple[str, str]]:
    """The README's shell sessions: each ``$ command`` line and the output shown under it
    (up to the next ``$`` line or the end of its code block)."""
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    sessions = []
    for block in text.split("```")[1::2]:
        command, output = None, []
        for line in block.splitlines():
            if line.startswith("$ "):
                if command is not None:
                    sessions.append((command, "\n".join(output)))
                command, output = line[2:], []
            elif command is not None:
                output.append(line)
        if command is not None:
            sessions.append((command, "\n".join(output)))
    return sessions


def test_the_readme_shows_sessions():
    assert len(readme_sessions()) >= 2


@pytest.mark.parametrize("command, shown", readme_sessions(), ids=lambda v: v[:40])
def test_each_readme_session_prints_what_it_shows(command, shown):
    """Each command the README shows with its output, run from the checkout with the
    installed ``solve`` first on the PATH, prints exactly that."""
    import os

    root = Path(__file__).resolve().parents[1]
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    run = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, cwd=root, env=env, timeout=60
    )
    assert run.stdout.rstrip("\n") == shown.rstrip("\n"), run.stderr
