"""Which input line of a batch is being answered, so that its errors can say so (SPEC §3)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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


@contextmanager
def answering(number: int, text: str) -> Iterator[None]:
    """While a batch answers its input line `number`, which reads `text`."""
    token = _BATCH_LINE.set((number, text))
    try:
        yield
    finally:
        _BATCH_LINE.reset(token)
