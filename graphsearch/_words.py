"""How the toolkit writes counts and board sizes, the same in every output and page."""

from __future__ import annotations

__all__ = ["plural", "size"]


def plural(count: int, word: str) -> str:
    """``count`` and the word, in the plural unless the count is one (``1 tile``,
    ``2 tiles``, ``3 queries``)."""
    if count == 1:
        return f"{count} {word}"
    if word.endswith("y") and word[-2:-1] not in "aeiou":
        return f"{count} {word[:-1]}ies"
    return f"{count} {word}s"


def size(rows: int, cols: int) -> str:
    """A board's size as every output writes it: width first, as the games name their
    boards, with the axes named (``16 columns x 9 rows``)."""
    return f"{plural(cols, 'column')} x {plural(rows, 'row')}"
