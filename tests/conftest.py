"""Test-wide settings: Hypothesis without its per-example deadline.

A deadline is a timed assertion: on a loaded machine a correct example can take longer
than 200 ms (the first call into a compiled core even compiles it).  Speed is measured by
the scripts in benchmarks/, never by the tests.
"""

from hypothesis import settings

settings.register_profile("graphsearch", deadline=None)
settings.load_profile("graphsearch")
