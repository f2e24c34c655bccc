"""The ``solve`` command line (installed as ``graphsearch.cli``)."""

import time

__all__: list[str] = []

# When the command line started loading: a --time-limit counts from here, so that the
# seconds spent importing are part of it.
STARTED = time.perf_counter()
