"""Test-wide settings: the Hypothesis profile (``tests/budget.py``; ``dev`` unless
HYPOTHESIS_PROFILE says ``ci``), always without Hypothesis's per-example deadline.

A deadline is a timed assertion: on a loaded machine a correct example can take longer
than 200 ms.  Speed is measured by the scripts in benchmarks/, never by the tests.
"""

from tests import budget  # noqa: F401  (loads the profile)
