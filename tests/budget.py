"""How much the property tests run: Hypothesis settings profiles, chosen by the environment.

``HYPOTHESIS_PROFILE=ci`` (what ``.ci/run`` sets) runs each property on 300 examples;
``dev`` (the default) on 30, the same ones every run, for a quick run while working.  Tests
do not set their own example counts: a property that needs more or fewer than the rest
says so by a weight
(``examples``), and the counts of hard cases a test asserts it saw (unsolvable boards,
boards that cannot be cleared) are shares of the examples run, so both profiles check them.
"""

from __future__ import annotations

import os

from hypothesis import settings

__all__ = ["PROFILE", "examples"]

settings.register_profile("ci", max_examples=300, deadline=None)
settings.register_profile("dev", max_examples=30, deadline=None, derandomize=True)
PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "dev")
settings.load_profile(PROFILE)


def examples(weight: float = 1.0) -> int:
    """The examples a property runs: ``weight`` times the profile's count."""
    return max(1, round(settings.default.max_examples * weight))
