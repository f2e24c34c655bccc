"""Running CP-SAT so that an interrupt is an interrupt.

CP-SAT catches Ctrl-C itself and stops as if its time ran out, so a caller would take an
interrupted proof for "undecided" and carry on.  Here the solver runs in a worker thread
(it releases the GIL), the main thread keeps Python's own handlers, and an interrupt stops
the search and is raised again once the solver has returned.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

__all__ = ["run_solver"]


def run_solver(
    solver: cp_model.CpSolver,
    model: cp_model.CpModel,
    stopped: Callable[[], bool] | None = None,
) -> cp_model.CpSolverStatus:
    """``solver.solve(model)``; KeyboardInterrupt (or any exception in the waiting thread)
    stops the search first, and so does ``stopped()`` turning true (looked at every 20
    ms; the solver then returns as if its time ran out)."""
    solver.parameters.catch_sigint_signal = False
    outcome: list[cp_model.CpSolverStatus] = []
    worker = threading.Thread(target=lambda: outcome.append(solver.solve(model)), daemon=True)
    worker.start()
    try:
        while worker.is_alive():
            worker.join(0.02)
            if stopped is not None and stopped():
                solver.stop_search()
    except BaseException:
        solver.stop_search()
        worker.join()
        raise
    if not outcome:
        raise RuntimeError("the CP-SAT solver stopped without a status")
    return outcome[0]
