"""Whitespace-separated integer tokens that remember where they came from.

Both puzzles read judge input in which line breaks carry no meaning, yet a user who
mistyped a number wants to be told the line.  ``TokenReader`` hands out integers one at a
time and builds error messages that name the line and the token.
"""

from __future__ import annotations

import re

__all__ = ["TokenReader", "describe_token"]

_TOKEN = re.compile(rb"\S+")
_INTEGER = re.compile(rb"[+-]?[0-9]+")


def describe_token(raw: bytes) -> str:
    """A short printable form of a token for an error message."""
    text = raw[:40].decode("utf-8", errors="replace")
    if len(text) > 20 or len(raw) > 40:
        text = text[:17] + "..."
    return ascii(text)


class TokenReader:
    """Integer tokens of a text, in order, with their line numbers.

    ``error`` is the exception type raised (the caller's package exception, a ValueError).
    """

    def __init__(self, data: bytes | str, error: type[ValueError]) -> None:
        if isinstance(data, str):
            data = data.encode("utf-8", errors="surrogateescape")
        self._data = data
        self._matches = _TOKEN.finditer(data)
        self._peeked: re.Match[bytes] | None = None
        self._error = error
        self._line = 1
        self._counted_to = 0  # offset up to which newlines have been counted
        self.line = 1  # line of the last token read
        self.raw = b""  # the last token read

    def _advance(self) -> re.Match[bytes] | None:
        if self._peeked is not None:
            match, self._peeked = self._peeked, None
            return match
        return next(self._matches, None)

    def at_end(self) -> bool:
        """True when no token is left."""
        if self._peeked is None:
            self._peeked = next(self._matches, None)
        return self._peeked is None

    def take(self, what: str) -> bytes:
        """The next raw token; ``what`` names it in the error message at the end of input."""
        match = self._advance()
        if match is None:
            raise self._error(f"line {self.line}: input ends where {what} was expected")
        start = match.start()
        self._line += self._data.count(b"\n", self._counted_to, start)
        self._counted_to = start
        self.line = self._line
        self.raw = match.group()
        return self.raw

    def next_int(self, what: str) -> int:
        """The next token as an integer; ``what`` names it in the error message.

        Integers of more than 18 digits are refused as too large: no count or color of a
        puzzle needs them, and Python refuses to convert very long ones.
        """
        self.take(what)
        if _INTEGER.fullmatch(self.raw) is None:
            raise self.fail(f"{what} must be an integer")
        if len(self.raw.lstrip(b"+-").lstrip(b"0")) > 18:
            raise self.fail(f"{what} is too large")
        return int(self.raw)

    def fail(self, message: str) -> ValueError:
        """An exception about the last token read, naming its line and text."""
        return self._error(f"line {self.line}, token {describe_token(self.raw)}: {message}")
