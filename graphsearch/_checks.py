"""Checks of the arguments public functions take, shared by both puzzles: a wrong type is
an ``InvalidInputError`` that says what was expected, never a bare TypeError later on."""

from __future__ import annotations

from numbers import Integral

from graphsearch.errors import InvalidInputError

__all__ = ["check_flag", "check_text", "is_integer"]


def is_integer(value: object) -> bool:
    """An integer (numpy's too), not a bool and not a float that happens to be whole."""
    return isinstance(value, Integral) and not isinstance(value, bool)


def check_flag(
    name: str, value: object, error: type[InvalidInputError] = InvalidInputError
) -> bool:
    """``value`` when it is True or False (numpy's bools too): a string such as "no" is
    refused rather than taken as true."""
    if isinstance(value, bool) or type(value).__name__ == "bool_":
        return bool(value)
    raise error(f"{name} is True or False, not {value!r}")


def check_text(
    what: str, text: object, error: type[InvalidInputError] = InvalidInputError
) -> str | bytes:
    """``text`` when it is a str or bytes."""
    if isinstance(text, str | bytes):
        return text
    raise error(f"{what} is a str or bytes, not {type(text).__name__}")
