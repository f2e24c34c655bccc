"""What the command-line tests check of a failed run."""

from __future__ import annotations

__all__ = ["one_line_error"]


def one_line_error(run, status=2):
    """The run failed with ``status`` and said why in one line, with no traceback."""
    assert run.status == status, run
    assert run.err.count("\n") == 1 and "Traceback" not in run.err, run.err
