"""Engines looked up by name in a registry of module paths, imported only when asked for."""

from __future__ import annotations

from importlib import import_module


def load(registry: dict[str, str], name: str, attribute: str):
    """``attribute`` of the module registered under ``name``; ValueError for unknown names."""
    try:
        module = registry[name]
    except KeyError:
        raise ValueError(f"unknown engine {name!r}; choose from {', '.join(registry)}") from None
    return getattr(import_module(module), attribute)
