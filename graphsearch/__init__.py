"""Exact solvers for grid tile puzzles: the Mayan puzzle and 连连看 (Shisen-Sho).

The puzzles are subpackages, imported on first use:

>>> import graphsearch
>>> graphsearch.mayan.solve("1  0 0 1 1 0 1 0 0").moves
(Move(x=2, y=0, g=-1),)
>>> graphsearch.llk.link([[1, 0, 1]], (0, 0), (0, 2)).turns
0
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from graphsearch.budget import Budget
from graphsearch.errors import InvalidInputError, SearchTimeout
from graphsearch.status import Status

if TYPE_CHECKING:
    from graphsearch import llk, mayan

__all__ = [
    "Budget",
    "InvalidInputError",
    "SearchTimeout",
    "Status",
    "__version__",
    "llk",
    "mayan",
]

__version__ = "0.3.0"

_SUBPACKAGES = ("llk", "mayan")


def __getattr__(name: str) -> object:
    """``graphsearch.mayan`` and ``graphsearch.llk``, imported when first asked for."""
    if name in _SUBPACKAGES:
        return import_module(f"graphsearch.{name}")
    raise AttributeError(f"module 'graphsearch' has no attribute {name!r}")
