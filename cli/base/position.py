"""Whether a batch is reading standard input, so that a command on one of its lines does not
read it too (`sheet import -`: cli/base/input_files.py). Where a batch's errors are is passed
to them (the line's number, as an argument), never read from here."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_READING: ContextVar[bool] = ContextVar("batch_reading_stdin", default=False)


def stdin_is_the_batchs() -> bool:
    """Whether a batch reads its LINEs from standard input now."""
    return _READING.get()


@contextmanager
def reading_stdin() -> Iterator[None]:
    """While a batch reads its LINEs from standard input."""
    token = _READING.set(True)
    try:
        yield
    finally:
        _READING.reset(token)
