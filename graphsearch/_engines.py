"""Engines looked up by name in a registry of module paths, imported only when asked for."""

from __future__ import annotations

from importlib import import_module

from graphsearch.errors import InvalidInputError

__all__ = ["load"]


def load(registry: dict[str, str], name: str, attribute: str) -> object:
    """``attribute`` of the module registered under ``name``; InvalidInputError for unknown
    names (the caller casts the result to its engine Protocol)."""
    try:
        module = registry[name]
    except (KeyError, TypeError):
        raise InvalidInputError(
            f"unknown engine {name!r}; choose from {', '.join(registry)}"
        ) from None
    return getattr(import_module(module), attribute)
