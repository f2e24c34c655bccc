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


def test_the_readme_sessions_run_in_order_in_a_fresh_folder(tmp_path):
    """Every command the README shows after ``$``, run in turn as a new user would (in a
    folder holding a copy of examples/, with the installed ``solve`` first on the PATH),
    ends with status 0 and prints exactly the output shown under it; the files a session
    makes (a board, a page) are there for the next."""
    import os
    import shutil

    root = Path(__file__).resolve().parents[1]
    shutil.copytree(root / "examples", tmp_path / "examples")
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    sessions = readme_sessions()
    for command, shown in sessions:
        run = subprocess.run(
            ["bash", "-o", "pipefail", "-c", command],
            capture_output=True,
            text=True,
            cwd=tmp_path,
            env=env,
            timeout=120,
        )
        ok = run.returncode == 0 or "| head" in command  # head closes the pipe early
        assert ok, (command, run.stderr)
        assert run.stdout.rstrip("\n") == shown.rstrip("\n"), (command, run.stderr)
    page = (tmp_path / "clearing.html").read_text(encoding="utf-8")
    assert '<div id="board"' in page and "向下" in page
