"""The census script (``benchmarks/census.py``) and the table it puts in the README
(``benchmarks/report.py``): a cell made, resumed at no cost, and tabulated."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture(scope="module")
def report() -> ModuleType:
    sys.path.insert(0, str(BENCHMARKS))  # report.py imports census.py beside it
    try:
        return importlib.import_module("report")
    finally:
        sys.path.remove(str(BENCHMARKS))


def _census(folder: Path, *more: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "census.py"), "--sizes", "12x7", "--modes", "down",
         "--boards", "3", "--time-limit", "20", "--workers", "1", "--dir", str(folder), *more],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return done.stdout


def test_a_cell_is_made_resumed_and_tabulated(tmp_path: Path) -> None:
    out = _census(tmp_path)
    lines = (tmp_path / "12x7_down.jsonl").read_text().splitlines()
    assert len(lines) == 4  # the settings, then the three boards
    summary = json.loads((tmp_path / "12x7_down.json").read_text())
    assert summary["boards"] == 3 and summary["undecided"] == 0
    row = next(line for line in out.splitlines() if line.startswith("| down"))
    assert "of 3 |" in row and "undecided" not in row
    assert "| left (向左) |  |" in out  # a cell not made is empty
    _census(tmp_path)  # complete: nothing run again
    assert (tmp_path / "12x7_down.jsonl").read_text().splitlines() == lines


def test_the_readme_table_goes_between_its_markers(tmp_path: Path, report: ModuleType) -> None:
    folder = tmp_path / "census"
    folder.mkdir()
    cell = {"boards": 200, "clearable": 77, "not_clearable": 100, "undecided": 23,
            "share_95": [0.366, 0.509]}  # fmt: skip
    (folder / "16x9_left.json").write_text(json.dumps(cell))
    readme = tmp_path / "README.md"
    readme.write_text(f"intro\n{report.README_START}\nold\n{report.README_END}\nrest\n")
    assert report.readme_census(readme, folder)
    text = readme.read_text()
    assert "old" not in text and text.startswith("intro\n") and text.endswith("rest\n")
    assert "| left (向左) | 43.5% (36.6 to 50.9), 23 undecided |" in text
    assert text.count(report.README_START) == 1
    readme.write_text("no markers\n")
    assert not report.readme_census(readme, folder)
    assert readme.read_text() == "no markers\n"


def test_the_tail_is_the_time_that_leaves_the_given_share_undecided(
    tmp_path: Path, report: ModuleType
) -> None:
    census = sys.modules["census"]  # imported by report.py
    results = tmp_path / "16x9_left.jsonl"
    outcomes = [(b, "no", float(b)) for b in range(1, 10)] + [(10, "undecided", 10.0)]
    outcomes += [(10, "yes", 50.0)]  # the retry decides board 10: its last outcome counts
    results.write_text(
        json.dumps({"settings": {}})
        + "".join(f'\n{{"board": {b}, "verdict": "{v}", "seconds": {s}}}' for b, v, s in outcomes)
        + "\n"
    )
    assert census.tail(results, 10) == 9.0  # board 10 may take as long as it likes
    assert census.tail(results, 0) == 50.0
    assert census.tail(results, 20) == 8.0
    assert census.tail(results, 100) == 0.0
    results.write_text(
        results.read_text() + '{"board": 11, "verdict": "undecided", "seconds": 60}\n'
    )
    assert census.tail(results, 0) is None  # board 11 was never decided
    assert census.tail(results, 10) == 50.0  # one of 11 may stay undecided
