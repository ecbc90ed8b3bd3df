"""Count-based guards: a bound on the work a call does, in function calls, whatever the machine's load."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType
from typing import TypeVar

T = TypeVar("T")


class TooManyCalls(BaseException):
    """Raised inside the guarded code once it makes more calls than allowed: a hang ends here.

    A BaseException, so that code catching Exception (every `roll: error:` path) lets it through.
    """


def within_calls(limit: int, fn: Callable[[], T]) -> T:
    """fn(), failing once it makes more than `limit` function calls (Python and built-in)."""
    made = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal made
        if event in ("call", "c_call"):
            made += 1
            if made > limit:
                raise TooManyCalls(f"more than {limit:,} function calls")

    sys.setprofile(count)
    try:
        result = fn()
    finally:
        sys.setprofile(None)
    if made > limit:  # the code under test caught the exception: fail all the same
        raise TooManyCalls(f"more than {limit:,} function calls")
    return result
