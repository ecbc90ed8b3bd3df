"""Which input line of a batch is being answered, so that its errors can say so (SPEC §3)."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

_BATCH_LINE: ContextVar[tuple[int, str] | None] = ContextVar("batch_line", default=None)


def batch_line() -> int | None:
    """The 1-based number of the batch input line being answered, or None outside a batch."""
    at = _BATCH_LINE.get()
    return at[0] if at is not None else None


def batch_text() -> str | None:
    """The batch input line being answered (as typed, trimmed), or None outside a batch."""
    at = _BATCH_LINE.get()
    return at[1] if at is not None else None


class answering:  # noqa: N801  (used as `with answering() as at:`, as a function would be)
    """While a batch answers its input lines: `at(number, text)` says which one it answers now
    (set once per line, undone once per batch)."""

    __slots__ = ("token",)

    def __enter__(self) -> Callable[[int, str], None]:
        self.token = _BATCH_LINE.set(None)
        return answering_line

    def __exit__(self, *_: object) -> None:
        _BATCH_LINE.reset(self.token)


def answering_line(number: int, text: str) -> None:
    """The batch now answers its input line `number`, which reads `text`."""
    _BATCH_LINE.set((number, text))
