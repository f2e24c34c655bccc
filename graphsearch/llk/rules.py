"""The rule a whole board is played under, as one value: ``ClearRules``.

Every whole-board function (the engines, ``game.replay``, the makers, the surveys, the
command line) takes one; the keyword arguments ``outside``, ``max_turns`` and ``gravity``
that the front doors also take are folded into one by ``ClearRules.of``.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import cast

from graphsearch._checks import check_flag, is_integer
from graphsearch.choices import MAX_TURNS, MODES
from graphsearch.llk.gravity import NO_LINES, Mode, canonical, mode
from graphsearch.llk.grid import InvalidGridError

__all__ = ["ClearRules", "check_gravity", "check_turns"]


def check_gravity(gravity: object) -> str:
    """The English name of a gravity mode given as a Mode or by its English or Chinese
    name."""
    name = canonical(gravity)
    if name is None:
        modes = ", ".join(f"{english} ({chinese})" for english, chinese in MODES.items())
        raise InvalidGridError(f"gravity is one of {modes}, not {gravity!r}")
    return name


def check_turns(max_turns: object) -> int:
    """``max_turns`` when it is a number of turns the link rule takes."""
    if not is_integer(max_turns) or not 0 <= max_turns <= MAX_TURNS:  # type: ignore[operator]
        raise InvalidGridError(
            f"max_turns is a number of turns, 0 to {MAX_TURNS}, not {max_turns!r}"
        )
    return int(cast(int, max_turns))


@dataclass(frozen=True, slots=True)
class ClearRules:
    """How a whole board is played: whether paths may use the ring of empty cells around
    it (``outside``), the most turns a path may make, and the gravity mode (given as a
    ``Mode`` or by its English or Chinese name; kept as its English name).  Frozen and
    hashable, so it can key a cache or travel to another process."""

    outside: bool = False
    max_turns: int = 2
    gravity: str = "none"

    def __post_init__(self) -> None:
        check_flag("outside", self.outside, InvalidGridError)
        object.__setattr__(self, "outside", bool(self.outside))
        object.__setattr__(self, "max_turns", check_turns(self.max_turns))
        object.__setattr__(self, "gravity", check_gravity(self.gravity))

    @classmethod
    def of(
        cls,
        rules: ClearRules | None = None,
        *,
        outside: bool | None = None,
        max_turns: int | None = None,
        gravity: str | Mode | None = None,
    ) -> ClearRules:
        """``rules`` (default: the plain game) with the keyword arguments given in place
        of its own."""
        if rules is None:
            rules = cls()
        elif not isinstance(rules, ClearRules):
            raise InvalidGridError(f"rules is a ClearRules, not {rules!r}")
        changes: dict[str, object] = {}
        if outside is not None:
            changes["outside"] = outside
        if max_turns is not None:
            changes["max_turns"] = max_turns
        if gravity is not None:
            changes["gravity"] = gravity
        return replace(rules, **changes) if changes else rules  # type: ignore[arg-type]

    @property
    def mode(self) -> Mode:
        """The gravity mode as a value."""
        return mode(self.gravity)

    def in_words(self) -> str:
        """The rules as a sentence or three (the pages and ``--format pretty`` say them)."""
        from graphsearch.choices import MODE_WORDS

        gravity = self.mode
        if gravity.family == NO_LINES:
            settle = f"No gravity (none, {gravity.chinese}): tiles stay where they are."
        else:
            settle = (
                f"Gravity {gravity.name} ({gravity.chinese}): {MODE_WORDS[gravity.name]}, "
                "before the first move and after every move."
            )
        ring = (
            "Paths may run through the ring of empty cells around the board."
            if self.outside
            else "Paths stay on the board (no ring)."
        )
        turns = "turn" if self.max_turns == 1 else "turns"
        return (
            f"Two tiles of one type go together when a path of at most {self.max_turns} "
            f"{turns} joins them through empty cells.  {ring}  {settle}"
        )

    def as_dict(self) -> dict[str, object]:
        """The three settings by name (for JSON, and for functions that take them apart)."""
        return {"outside": self.outside, "max_turns": self.max_turns, "gravity": self.gravity}
