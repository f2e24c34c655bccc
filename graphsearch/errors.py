"""The package's exceptions: every input the library refuses raises an ``InvalidInputError``."""

from __future__ import annotations

__all__ = ["InvalidInputError", "SearchTimeout"]


class InvalidInputError(ValueError):
    """An input the library cannot take (a malformed text, a board or cell that does not
    fit, an out-of-range option); the message names the problem and, for texts, its place."""


class SearchTimeout(Exception):
    """The time limit ran out before the engine could answer.

    ``stats`` holds what the engine had done by then (its own statistics type).
    """

    def __init__(self, message: str, stats: object = None) -> None:
        super().__init__(message)
        self.stats = stats
