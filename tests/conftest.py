"""Test-wide settings: the Hypothesis profile (``tests/budget.py``; ``dev`` unless
HYPOTHESIS_PROFILE says ``ci``), always without Hypothesis's per-example deadline.

A deadline is a timed assertion: on a loaded machine a correct example can take longer
than 200 ms.  Speed is measured by the scripts in benchmarks/, never by the tests.
"""

import os
from pathlib import Path

import pytest

from tests import budget  # noqa: F401  (loads the profile)

# the browser tests (marked browser): Debian's Chromium driven by Playwright
CHROMIUM = "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(f"no {CHROMIUM} (apt-get install -y chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield browser
        browser.close()
