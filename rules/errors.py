"""The one error family of `rules`: every refusal carries a message and an exit status."""

from __future__ import annotations


class RollError(Exception):
    """Base of every error `rules` raises on purpose; `exit_status` is what `roll` exits with."""

    exit_status = 2

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NotationError(RollError):
    """A LINE that does not parse: `column` is 1-based, `expected` names what would have fit."""

    def __init__(self, message: str, text: str, column: int, expected: str = "") -> None:
        super().__init__(message)
        self.text = text
        self.column = column
        self.expected = expected


class LimitError(RollError):
    """A LINE that would throw too many dice, explode too long or nest too deep."""


class EvaluationError(RollError):
    """A LINE that parses but has no value: 1d0, division by zero, exploding a d1 …"""


class ScriptError(RollError):
    """`--rolled` faces that ran out, were left over, or do not fit the die that was needed."""


class SheetError(RollError):
    """A character sheet that does not fit its system; nothing is stored."""


class UsageError(RollError):
    """A command given the wrong words: unknown stat, missing target, OPEN value not given."""


class RuleError(RollError):
    """A rule refused the action (no Luck to spend, a spend that cannot be paid); nothing changed."""

    exit_status = 1
